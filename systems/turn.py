"""TurnSystem: set-up, then stand/draw, ride, main and end phases, and their open timings
(CORE-03..08, CORE-16, CORE-21). The battle phase is BattleSystem's."""

from __future__ import annotations

import esper

from components import Locked
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived import rule_modifiers as rm
from ecs_vanguard.effects.picking import DONE, offer_or_pass, take_answer
from ecs_vanguard.effects.playable import (
    act_actions,
    call_actions,
    move_actions,
    order_actions,
    overdress_actions,
    ride_actions,
    seek_mate_actions,
)
from ecs_vanguard.effects.runtime import CB_LESS, NO_SOUL_BLAST
from ecs_vanguard.ops.timing import end_turn, phase_began, step_began
from ecs_vanguard.state import (
    ALCHEMAGIC_INDEX,
    MULLIGAN_INDEX,
    RIDE_DECK_INDEX,
    SEEK_MATE_INDEX,
    Frame,
    State,
    world,
)
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind
from ecs_vanguard.vocab.events import (
    AbilityActivated,
    GameStarted,
    OrderPlayed,
    TurnStarted,
)
from ecs_vanguard.vocab.formats import BattleStep, Duration, OrderType, Phase
from ecs_vanguard.vocab.rule_changes import RuleDuration, RuleHook
from ecs_vanguard.vocab.zones import Zone
from systems.base import quiet
from systems.rule_process import end_game

_MAIN_ORDERS = frozenset({OrderType.NORMAL, OrderType.SET})


class TurnSystem(esper.Processor):
    """Advance the turn outside the battle phase, asking at each open timing."""

    def process(self, state: State) -> None:
        tick(state)


def tick(state: State) -> None:
    """What TurnSystem does at a tick (its process(); order.tick_until_asked calls this
    directly while the class's process() is this one)."""
    if state.turn.phase is Phase.BATTLE or not quiet(state):
        return
    # The phase's work by native calls (through a dict of functions each was a Python call).
    phase = state.turn.phase
    if phase is Phase.MAIN:
        _main(state)
    elif phase is Phase.RIDE:
        _ride(state)
    elif phase is Phase.STAND:
        _stand(state)
    elif phase is Phase.DRAW:
        _draw(state)
    elif phase is Phase.END:
        _end(state)
    else:
        _setup(state)


def enter_phase(state: State, phase: Phase) -> None:
    """Start a phase of the current turn: its beginning is a moment autos and delayed effects
    wait for (CORE-04, ops.timing)."""
    state.turn.phase, state.turn.stage = phase, 0
    phase_began(state, phase)


def enter_step(state: State, step: BattleStep) -> None:
    """Start a step of the battle phase (CORE-09..13), a moment as a phase's beginning is."""
    state.turn.step = step
    step_began(state, step)


def _setup(state: State) -> None:
    """CORE-03: mulligans in seat order, then the generator picks the first player, then both
    vanguards turn face up (not a ride)."""
    stage = state.turn.stage
    if stage < 2:
        state.turn.stage += 1
        vg = q.vanguard(state, stage)
        state.stack.append(Frame(vg, state.card(vg).id, MULLIGAN_INDEX, stage))
        return
    first = int(state.rng.integers(2))
    state.turn.first_player = first
    ops.turn_starting_vanguards_face_up(state)
    ops.emit(state, GameStarted(first))
    start_turn(state, turn=1, player=first)


def start_turn(state: State, turn: int, player: int) -> None:
    """Begin a turn at its stand phase; reaching the turn limit is a draw (CORE-16)."""
    t = state.turn
    if turn > state.rules.turn_limit:
        end_game(state, None, f"turn limit of {state.rules.turn_limit} turns reached",
                 "turn_limit")
        return
    t.turn, t.player, t.rode, t.step = turn, player, False, None
    t.orders_played = [0, 0]
    t.decisions_this_turn = 0
    ops.emit(state, TurnStarted(turn, player))
    enter_phase(state, Phase.STAND)


def _stand(state: State) -> None:
    """CORE-04: stand all your units, then the draw phase; a unit a rule modifier keeps from
    standing does not stand, nor its legion partner (LEG-21: if one cannot, neither does)."""
    p = state.turn.player
    state.turn.grade3_at_start[p] = q.highest_vanguard_grade(state, p) >= 3   # STR-04, LEG-30
    units = q.units(state, p)
    skipped = [u for u in units if rm.skips(state, RuleHook.STAND_STEP, p, u)]
    with ops.batch(state):                       # all your units stand at once
        for unit in units:
            if unit in skipped or q.partner(unit) in skipped:
                continue                         # a rule modifier: this unit does not stand
            ops.stand(state, unit)
    if skipped:
        ops.spend_rule_modifiers(state, [m for u in skipped for m in rm.rule_modifiers(
            state, RuleHook.STAND_STEP, p, u)])
    enter_phase(state, Phase.DRAW)


def _draw(state: State) -> None:
    """CORE-04: draw 1 (both players, every turn), then the ride phase."""
    ops.draw(state, state.turn.player, 1)
    enter_phase(state, Phase.RIDE)


def _ride(state: State) -> None:
    """CORE-05: the ride step (one normal ride, from hand or ride deck), then the stride step
    (premium, StrideSystem), then the main phase."""
    p = state.turn.player
    if state.turn.stage == 0:
        answer = take_answer(state)
        if answer is None and offer_or_pass(state, p, DecisionKind.RIDE, ride_actions(state, p),
                                            "ride"):
            return
        state.turn.stage = 1
        if answer is not None and answer.kind is ActionKind.RIDE:
            state.turn.rode = True
            _normal_ride(state, p, answer.card)
            return
    if state.turn.stage == 1:
        if state.rules.has_stride_step:
            return                              # CORE-04: the stride step is StrideSystem's
        state.turn.stage = 2
    enter_phase(state, Phase.MAIN)


def _normal_ride(state: State, player: int, card: int) -> None:
    if q.position(card).zone is Zone.RIDE_DECK:
        # CORE-05: riding from the ride deck costs a discard, paid as the rules' own frame.
        state.stack.append(Frame(card, state.card(card).id, RIDE_DECK_INDEX, player))
    else:
        ops.ride(state, player, card)


def main_actions(state: State, player: int) -> tuple[Action, ...]:
    """Every open-timing choice of the main phase (CORE-06..08, CORE-19)."""
    vg_grade = q.highest_vanguard_grade(state, player)     # read by three lists; none writes
    return (*call_actions(state, player, vg_grade), *overdress_actions(state, player, vg_grade),
            *seek_mate_actions(state, player),
            *move_actions(state, player),
            *act_actions(state, player),
            *order_actions(state, player, _MAIN_ORDERS, vg_grade), DONE)


def _main(state: State) -> None:
    """CORE-06..08: call, move, activate and play orders until the player ends the phase."""
    p = state.turn.player
    answer = take_answer(state)
    if answer is None:
        state.decision = Decision(p, DecisionKind.MAIN_PHASE, main_actions(state, p),
                                  label="main phase")
        return
    kind = answer.kind                          # by native calls, the usual first
    if kind is ActionKind.CALL:
        _call(state, p, answer)
    elif kind is ActionKind.MOVE:
        _move(state, p, answer)
    elif kind is ActionKind.DONE:
        _end_main(state, p, answer)
    elif kind is ActionKind.ACT:
        _act(state, p, answer)
    elif kind is ActionKind.PLAY_ORDER:
        play_order(state, p, answer)
    elif kind is ActionKind.OVERDRESS:
        _overdress(state, p, answer)
    elif kind is ActionKind.SEEK_MATE:
        _seek_mate(state, p, answer)
    else:
        raise AssertionError(f"a main phase has no answer {kind!r}")


def _end_main(state: State, player: int, action: Action) -> None:
    # CORE-04: the first player's first turn has no battle phase.
    if state.turn.turn == 1:
        enter_phase(state, Phase.END)
    else:
        enter_phase(state, Phase.BATTLE)
        enter_step(state, BattleStep.ATTACK)


def _call(state: State, player: int, action: Action) -> None:
    ops.call(state, player, action.card, action.circle)


def _seek_mate(state: State, player: int, action: Action) -> None:
    """LEG-01, LEG-05: play Seek Mate; it is used up for this object even if nothing is found."""
    state.used_this_game.add(q.position(action.card).obj)
    ops.emit(state, AbilityActivated(action.card, player, SEEK_MATE_INDEX))
    state.stack.append(Frame(action.card, state.card(action.card).id, SEEK_MATE_INDEX, player))


def _overdress(state: State, player: int, action: Action) -> None:
    ops.overdress(state, player, action.card, action.target)


def _move(state: State, player: int, action: Action) -> None:
    """CORE-07: move to the other circle of the column; a unit there swaps with it."""
    origin = q.position(action.card).circle
    other = q.try_unit_at(state, player, action.circle)  # type: ignore[arg-type]
    with ops.batch(state):                       # a swap moves both units at once
        ops.move_between_circles(state, action.card, action.circle)  # type: ignore[arg-type]
        if other is not None:
            ops.move_between_circles(state, other, origin)  # type: ignore[arg-type]


def _act(state: State, player: int, action: Action) -> None:
    """Play an act ability: the action's index is its slot among the card's abilities now."""
    card_id, index, _ = q.abilities(state, action.card)[action.index]
    ops.emit(state, AbilityActivated(action.card, player, index))
    state.stack.append(Frame(action.card, card_id, index, player))


def play_order(state: State, player: int, action: Action) -> None:
    """Play an order: to the order area, count it, then resolve its effect (CORE-08, ALC-01)."""
    d = state.card(action.card)
    context: tuple[tuple[str, int], ...] = ()
    index = action.index
    if action.target >= 0:
        # ALC-01 (2), (3): bind order B from the drop, then A goes to the order area.
        ops.bind(state, action.target)
        # A rule modifier waiving the combined cost's Soul Blast spends its use on this play.
        waivers = rm.alchemagic_soul_blast_waivers(state, player, action.card)
        # ... and one reducing its Counter Blast (rule hook alchemagic_counter_blast) too
        reductions = rm.alchemagic_counter_blast_reductions(state, player, action.card)
        ops.spend_rule_modifiers(state, waivers + reductions)
        less = sum(m.amount for m in reductions)
        context = ((("alchemagic", action.target),) + (((NO_SOUL_BLAST, 1),) if waivers else ())
                   + (((CB_LESS, less),) if less else ()))
        index = ALCHEMAGIC_INDEX
    ops.move_card(state, action.card, Zone.ORDER_AREA)
    state.turn.orders_played[player] += 1                   # ALC-02: it is one order played
    ops.emit(state, OrderPlayed(action.card, player, d.order_type.value,  # type: ignore[union-attr]
                                action.target >= 0))
    if index == -1:
        ops.finish_order(state, player, action.card)      # an order with no effect just lands
        return
    state.stack.append(Frame(action.card, d.id, index, player, context=context, is_order=True))


def _end(state: State) -> None:
    """End phase: 'until end of turn' ends, deleted vanguards of the turn player turn face up
    (CORE-21), their cards locked until then unlock (ACT-24), then the next player's turn."""
    p = state.turn.player
    if state.rules.has_stride_step and state.turn.stage == 0:
        return                                  # STR-11: StrideSystem returns G units first
    ops.end_modifiers(state, Duration.END_OF_TURN)
    ops.end_rule_modifiers(state, RuleDuration.END_OF_TURN)
    for player in (0, 1):       # IKK-01: player states "until end of turn" end with the turn
        state.player_states[player] = [s for s in state.player_states[player]
                                       if s[1] is not Duration.END_OF_TURN]
    for card in sorted(state.deleted):
        if q.position(card).owner == p:
            ops.undelete(state, card)
    kept_locked = []
    # nothing locked anywhere (world.present): the usual end phase asks esper nothing
    locks = sorted(esper.get_component(Locked)) if world.present(Locked) else []
    for card, lock in locks:
        if lock.until_owner_end and q.position(card).owner == p:
            if rm.skips(state, RuleHook.UNLOCK_AT_END, p, card):
                kept_locked.append(card)     # a rule modifier: not unlocked at this end phase
                continue
            ops.unlock(state, card)          # ACT-24: the lock's period ends with its owner's turn
    if kept_locked:
        ops.spend_rule_modifiers(state, [m for c in kept_locked for m in rm.rule_modifiers(
            state, RuleHook.UNLOCK_AT_END, p, c)])
    ops.end_phase_over(state, p)             # "through the next end phase" ends here
    state.once_used.clear()     # CORE-19: "1/turn" uses are counted per turn
    end_turn(state)      # what abilities did "this turn"
    start_turn(state, state.turn.turn + 1, p if ops.extra_turn_due(state, p) else 1 - p)
