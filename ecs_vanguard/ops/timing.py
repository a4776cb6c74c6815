"""The moments of a turn and what waits for them (CORE-04, CORE-09..13, CORE-18, CORE-20):
the beginning of each phase and battle step as an event autos can wait for, delayed effects
made by cards firing at their moment, and the record of what each ability did this turn.

A delayed effect is a record in `State.delayed` (plain data: the cards it names as the objects
they were, its moment, where its steps are); at its moment it becomes a pending auto of its
maker's owner, played at the next check timing like any auto (CORE-18), once. A record of
what an ability did is kept only in games whose cards read one (`CardTable.reads_ability_
records`), so the other games neither pay for it nor hash it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ecs_vanguard.cards.timing_steps import moment_of
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.timing import ability_index
from ecs_vanguard.ops.emit import emit
from ecs_vanguard.state import DELAYED_INDEX, DelayedEffect, Frame, PendingAuto, State
from ecs_vanguard.vocab.events import (
    CardBound,
    CardDiscarded,
    CardDrawn,
    CardHealed,
    CardMoved,
    DamageDealt,
    PhaseStarted,
    StepStarted,
    UnitCalled,
    UnitPlaced,
    UnitRested,
    UnitRetired,
    UnitStood,
)
from ecs_vanguard.vocab.formats import BattleStep, Phase

# -- moments -----------------------------------------------------------------------------------


def phase_began(state: State, phase: Phase) -> None:
    """CORE-04: a phase of the turn player's turn began: log it ("at the beginning of your
    end phase") and fire the delayed effects waiting for it ("at the end of the turn")."""
    t = state.turn
    name = _NAMES[phase]
    emit(state, PhaseStarted(t.turn, t.player, name))
    _fire(state, name)


def step_began(state: State, step: BattleStep) -> None:
    """CORE-09..13: a step of the battle phase began ("at the beginning of the close step");
    the delayed effects waiting for it fire ("at the end of that battle": the close step)."""
    t = state.turn
    name = _NAMES[step]
    emit(state, StepStarted(t.turn, t.player, _BATTLE, name))
    _fire(state, name)


# The names of the phases and steps, read once: Enum's `value` is a Python-level property, and
# a turn begins a dozen phases and steps.
_NAMES: dict[Phase | BattleStep, str] = {m: m.value for m in (*Phase, *BattleStep)}
_BATTLE = Phase.BATTLE.value


# -- delayed effects ---------------------------------------------------------------------------


def add_delayed(state: State, frame: Frame, pc: int, at: str, whose: str) -> None:
    """Make a delayed effect of the frame's ability: the delay step at `pc` of its steps, due
    at the first beginning of moment `at` (of `whose` turn: either, you, opponent) from now,
    on the cards the frame has bound now, as the objects they are now (CORE-20), knowing the
    circles the frame remembered ("the circle this unit was on", `circle_of`)."""
    names = tuple(sorted(frame.bound))
    player = frame.master
    turn_player = {"either": -1, "you": player, "opponent": 1 - player}[whose]
    state.delayed = (
        *state.delayed,
        DelayedEffect(
            id=state.new_object_id(),
            player=player,
            source=frame.source,
            card_id=frame.card_id,
            ability=frame.index,
            pc=pc,
            at=moment_of(at),
            turn=state.turn.turn,
            names=names,
            cards=tuple(frame.bound[n] for n in names),
            objs=tuple(frame.bound_obj.get(n, ()) for n in names),
            turn_player=turn_player,
            context=frame.context,
            circles=tuple(sorted(frame.bound_circle.items())),
        ),
    )


def _fire(state: State, moment: str) -> None:
    """Each delayed effect waiting for this moment triggers once (CORE-18): a pending auto of
    its card's owner; the record stays, marked fired, until the auto is played."""
    if not state.delayed:
        return
    fired = []
    for d in state.delayed:
        due = not d.fired and d.at == moment and d.turn_player in (-1, state.turn.player)
        if due:
            state.pending_autos.append(
                PendingAuto(
                    d.source,
                    q.position(d.source).obj,
                    d.card_id,
                    DELAYED_INDEX,
                    q.position(d.source).owner,
                    (("delayed", d.id), ("origin", d.ability), ("pc", d.pc), *d.context),
                )
            )
        fired.append(replace(d, fired=True) if due else d)
    state.delayed = tuple(fired)


def follow_moved(state: State, before: Mapping[int, int]) -> None:
    """The rules moved cards at the moment delayed effects fired (the close step's guardians
    to the drop, CORE-13): a fired effect naming one of them as the object it was (`before`:
    card -> object then) follows it to where it went (CORE-20: "put those cards on the bottom
    of your deck" finds them in the drop). A card moved at any other time is not followed."""
    if not state.delayed or not before:
        return
    out = []
    for d in state.delayed:
        if d.fired:
            objs = tuple(
                tuple(
                    q.position(c).obj if before.get(c) == o else o
                    for c, o in zip(cards, obj, strict=True)
                )
                if len(obj) == len(cards)
                else obj
                for cards, obj in zip(d.cards, d.objs, strict=True)
            )
            d = replace(d, objs=objs)
        out.append(d)
    state.delayed = tuple(out)


def open_delayed(state: State, frame: Frame) -> None:
    """Start a delayed effect's frame: its record is used up (it fires once) and its names
    are bound again to the cards and objects it remembered, and to their circles."""
    wanted = frame.ctx("delayed")
    record = next((d for d in state.delayed if d.id == wanted), None)
    if record is None:
        return
    state.delayed = tuple(d for d in state.delayed if d.id != wanted)
    for name, cards, objs in zip(record.names, record.cards, record.objs, strict=True):
        frame.bound[name] = cards
        if len(objs) == len(cards):
            frame.bound_obj[name] = objs
    frame.bound_circle.update(record.circles)


# -- what an ability did this turn -------------------------------------------------------------


def _one(event: object) -> int:
    return 1


# Event type -> (what the record counts, how much one such event adds).
RECORDED = {
    UnitRetired: ("retired", lambda e: 0 if e.by_rule_action else 1),
    UnitCalled: ("called", _one),
    UnitPlaced: ("placed", _one),
    DamageDealt: ("damage", lambda e: 0 if e.battle else e.amount),
    CardDrawn: ("drawn", _one),
    CardBound: ("bound", _one),
    CardDiscarded: ("discarded", lambda e: 0 if e.by_cost else 1),
    UnitStood: ("stood", _one),
    UnitRested: ("rested", _one),
    CardHealed: ("healed", _one),
    CardMoved: ("moved", _one),
}


def record_did(state: State, frame: Frame, obj: int, events: list[object]) -> None:
    """Add what the events of one run of an ability's effect did to its record (they are the
    events its steps logged: no other ability resolves inside a step)."""
    if not events:
        return
    counts: dict[str, int] = {}
    for event in events:
        entry = RECORDED.get(type(event))
        if entry is not None:
            n = entry[1](event)  # type: ignore[no-untyped-call]
            if n:
                counts[entry[0]] = counts.get(entry[0], 0) + n
    if not counts:
        return
    key = (obj, frame.card_id, ability_index(frame))
    old = dict(state.ability_records.get(key, ()))
    for what, n in counts.items():
        old[what] = old.get(what, 0) + n
    state.ability_records[key] = tuple(sorted(old.items()))


def end_turn(state: State) -> None:
    """The records of what abilities did are per turn: they end with it."""
    if state.ability_records:
        state.ability_records = {}


__all__ = [
    "RECORDED",
    "add_delayed",
    "end_turn",
    "follow_moved",
    "open_delayed",
    "phase_began",
    "record_did",
    "step_began",
]
