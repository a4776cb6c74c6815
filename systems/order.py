"""The tick order: each system's esper priority (higher runs first). One place to read it.

A tick runs every system once; `Game` repeats ticks until a decision is pending or the game ends.
Each system acts only when its moment has come (docs/design.md "The model").
"""

from __future__ import annotations

from collections.abc import Callable

import esper

from ecs_vanguard.state import State
from ecs_vanguard.state.world import current_processors
from ecs_vanguard.vocab.decisions import Action
from ecs_vanguard.vocab.formats import FormatRules
from systems import battle, effect, legion, rule_process, stride, trigger, turn
from systems.battle import BattleSystem
from systems.effect import EffectSystem
from systems.legion import LegionSyncSystem
from systems.rule_process import RuleProcessSystem
from systems.stride import StrideSystem
from systems.trigger import TriggerSystem
from systems.turn import TurnSystem

PRIORITY: dict[str, int] = {
    "StrideSystem": 70,        # stride step, hearts, G units back to the G zone (premium)
    "LegionSyncSystem": 60,    # legion leader and mate share stand/rest and face (premium)
    "EffectSystem": 50,        # resume the ability frame on top of the stack
    "RuleProcessSystem": 40,   # rule actions at check timing (CORE-17)
    "TriggerSystem": 30,       # play pending autos at check timing (CORE-18)
    "BattleSystem": 20,        # battle steps (CORE-09..13)
    "TurnSystem": 10,          # phases and open timings (CORE-03..08)
}


# Systems whose moment never comes under some format rules, with the test of the rules they
# need: a tick of such a game leaves them out (each would return at once, every tick).
ACTS_UNDER: dict[str, Callable[[FormatRules], bool]] = {
    "StrideSystem": lambda rules: rules.has_stride_step,     # no stride step, no G units (STR-01)
}


def acting(processors: list[esper.Processor], rules: FormatRules) -> list[esper.Processor]:
    """Return the systems of a tick, in tick order, without those whose moment never comes
    under these rules (ACTS_UNDER)."""
    return [p for p in processors if ACTS_UNDER.get(type(p).__name__, _always)(rules)]


def _always(rules: FormatRules) -> bool:
    return True


def tick_until_asked(state: State, systems: list[esper.Processor], kinds: list[int],
                     ticks: int) -> bool:
    """Run up to `ticks` ticks of `systems` (each system's process() once a tick, in tick
    order); stop after the system that left a decision pending or ended the game (the
    systems after it would each return at once: every system waits then). Return False if
    the ticks ran out with neither (the engine limit: the caller ends the game).

    Compiled, where `Game._run` ran it interpreted (about 20 process() calls a decision).
    `kinds` (native_kinds, worked out with the game's tick record) says which systems run as
    a native call of their module's `tick` (a Python method call cost ~300 instructions, 17 a
    decision, issue 34); the others, whose class had its process() replaced when the record
    was made (a test's spy, a user's patch), are called as methods."""
    count = len(systems)
    for _ in range(ticks):
        for n in range(count):
            kind = kinds[n]
            if kind == 1:
                stride.tick(state)
            elif kind == 2:
                legion.tick(state)
            elif kind == 3:
                effect.tick(state)
            elif kind == 4:
                rule_process.tick(state)
            elif kind == 5:
                trigger.tick(state)
            elif kind == 6:
                battle.tick(state)
            elif kind == 7:
                turn.tick(state)
            else:
                systems[n].process(state)
            if state.decision is not None or state.over:
                return True
    return state.decision is not None or state.over


def native_kinds(systems: list[esper.Processor]) -> list[int]:
    """For each system, the number tick_until_asked calls its module's tick() by, or 0 when
    its class's process() is not its own (replaced): then it is called as a method."""
    return [_NATIVE_TICKS.get(type(system).process, 0) for system in systems]


# Each system's own process(), and the number tick_until_asked calls its module's tick() by.
_NATIVE_TICKS: dict[object, int] = {
    StrideSystem.process: 1, LegionSyncSystem.process: 2, EffectSystem.process: 3,
    RuleProcessSystem.process: 4, TriggerSystem.process: 5, BattleSystem.process: 6,
    TurnSystem.process: 7,
}


# What run_to_decision tells the game: a decision is pending or the game is over (REACHED), the
# ticks ran out (RUNAWAY), or the turn passed its decision limit (TOO_MANY_DECISIONS). The game
# ends the last two as draws (Game._run).
REACHED, RUNAWAY, TOO_MANY_DECISIONS = 0, 1, 2


def run_to_decision(state: State, systems: list[esper.Processor], kinds: list[int],
                    ticks: int, decisions_per_turn: int) -> int:
    """Tick `systems` until a decision is pending or the game is over (tick_until_asked), and
    count the decision against the turn's limit. Compiled: the decision loop's every step runs
    it, where the game's interpreted `_run` did the same reads and writes."""
    if not tick_until_asked(state, systems, kinds, ticks):
        return RUNAWAY
    if state.decision is not None:
        turn = state.turn
        turn.decisions_this_turn += 1
        if turn.decisions_this_turn > decisions_per_turn:
            return TOO_MANY_DECISIONS
    return REACHED


# answer_and_run's answer when the game's tick record is not this world's and rules' (a world
# given other processors, rules replaced): nothing was done, and the game works out its tick.
STALE_TICK = 3


def legal_index(state: State, action: object) -> int:
    """Where `action`, an Action, is among the pending decision's actions; -1 if it is not
    there, is no Action, or no decision is pending (Game.step then finds out which, and says
    so). Compiled: the reads interpreted code made of the game's state, each a generic
    attribute look-up of a compiled object, at every step (issue 34)."""
    decision = state.decision
    if decision is None or state.over or not isinstance(action, Action):
        return -1
    return answer_index(decision.actions, action)


def answer_and_run(state: State, index: int, tick: tuple[list, FormatRules, list, list[int]],
                   ticks: int, decisions_per_turn: int) -> tuple[int, int]:
    """Answer the pending decision with its action `index` and run to the next decision
    (run_to_decision); return what that returned, and the count of events logged before it
    (what a runaway's reason reads). `tick` is the game's record (Game._new_tick): the
    processors it was made from, the rules, the systems of a tick and their native_kinds; if
    the world or the
    rules are not those any more, return (STALE_TICK, 0) and do nothing."""
    if tick[1] is not state.rules or tick[0] != current_processors():
        return STALE_TICK, 0
    decision = state.decision
    assert decision is not None
    state.decision = None
    state.answer = decision.actions[index]
    since = len(state.events)
    return run_to_decision(state, tick[2], tick[3], ticks, decisions_per_turn), since


def answer_index(actions: tuple[Action, ...], action: Action) -> int:
    """Return where `action` is among a decision's `actions`, -1 if no action there equals it.
    An agent hands back one of the tuple's own objects, so an identity scan finds it without
    calling the dataclass __eq__ on every action before it (tuple.index does); a decision
    repeats no action (check_decision_actions), so the object found is also the first equal
    one. An equal action that is another object stays legal: the equality scan after."""
    for n, legal in enumerate(actions):
        if legal is action:
            return n
    for n, legal in enumerate(actions):
        if legal == action:
            return n
    return -1


def build_processors() -> list[tuple[object, int]]:
    """Return (processor, priority) pairs for a new world; processors hold no state."""
    classes = (StrideSystem, LegionSyncSystem, EffectSystem, RuleProcessSystem, TriggerSystem,
               BattleSystem, TurnSystem)
    return [(cls(), PRIORITY[cls.__name__]) for cls in classes]
