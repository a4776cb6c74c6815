"""StrideSystem: the stride step, hearts following their G unit, G units back to the G zone
(STR-03..08, STR-11, HRT-03, HRT-09)."""

from __future__ import annotations

import esper

from components import HeartLink
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.effects.costs import can_pay
from ecs_vanguard.effects.picking import offer_or_pass, take_answer
from ecs_vanguard.effects.rule_change_steps import stride_frame
from ecs_vanguard.effects.runtime import steps_of
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind, action
from ecs_vanguard.vocab.formats import Phase
from ecs_vanguard.vocab.zones import Circle, Zone
from systems.base import quiet, waiting


class StrideSystem(esper.Processor):
    """Keep hearts in step with their G unit; run the stride step and the end-phase return."""

    def process(self, state: State) -> None:
        tick(state)


def tick(state: State) -> None:
    """What StrideSystem does at a tick (its process(); order.tick_until_asked calls this
    directly while the class's process() is this one)."""
    if not state.rules.has_stride_step or waiting(state):
        return                              # no G units outside premium (STR-01)
    has_hearts = world.present(HeartLink)
    if has_hearts:
        ops.sync_hearts(state)
    if not quiet(state) or (has_hearts and rechoose_heart(state)):
        return
    t = state.turn
    if t.phase is Phase.RIDE and t.stage == 1:
        _stride_step(state)
    elif t.phase is Phase.END and t.stage == 0:
        t.stage = 1
        ops.return_g_units(state, t.player)                 # STR-11


def rechoose_heart(state: State) -> bool:
    """HRT-09: when the chosen heart left VC and several non-G hearts remain, the controller
    chooses another at once: asked at the check timing after the move (RuleProcessSystem),
    before the game goes on, and answered here. Return True if a choice was asked or made."""
    for player in (0, 1):
        vc = state.board.circles[player][Circle.VC]
        if not vc or not q.is_g_unit(state, vc[-1]) or q.chosen_heart(state, vc[-1]):
            continue
        candidates = q.heart_candidates(state, vc[-1])
        if len(candidates) < 2:
            continue
        answer = take_answer(state)
        if answer is None:
            state.decision = Decision(player, DecisionKind.CHOOSE_CARD, tuple(
                action(ActionKind.PICK, card=c) for c in candidates), label="heart")
        else:
            ops.choose_heart(state, answer.card)
        return True
    return False


def stride_actions(state: State, player: int) -> list[Action]:
    """Face-down G units of the G zone whose Stride requirement holds and cost can be paid
    (STR-03, STR-04, STR-06)."""
    out = []
    for card in state.board.zones[player][Zone.G_ZONE]:
        d = state.card(card)
        if q.orientation(card).face_up or not (d.stride_cost or d.ultimate_stride):
            continue
        if not _requirement(state, player, card):
            continue
        frame = stride_frame(state, player, card)             # STR-03: rule modifiers
        steps, n_cost = steps_of(state, frame)
        if can_pay(state, frame, steps[:n_cost]):
            out.append(action(ActionKind.STRIDE, card=card))
    return out


def _requirement(state: State, player: int, card: int) -> bool:
    """STR-04: both players have a grade 3+ vanguard, or you had one at the start of this turn;
    STR-06: an Ultimate Stride needs 3+ face-up G zone cards and your vanguard's nation (a
    legion's leader or mate, LEG-08, LEG-30)."""
    if state.card(card).ultimate_stride:
        face_up = [c for c in state.board.zones[player][Zone.G_ZONE] if q.orientation(c).face_up]
        nation = state.card(card).nation
        return len(face_up) >= 3 and any(state.card(v).nation == nation
                                          for v in q.vanguards(state, player))
    both = all(q.highest_vanguard_grade(state, p) >= 3 for p in (0, 1))     # LEG-30
    return both or state.turn.grade3_at_start[player]


def _stride_step(state: State) -> None:
    """STR-03, STR-08: the turn player may stride once in the stride step."""
    p = state.turn.player
    answer = take_answer(state)
    if answer is None and offer_or_pass(state, p, DecisionKind.STRIDE, stride_actions(state, p),
                                        "stride"):
        return
    state.turn.stage = 2
    if answer is not None and answer.kind is ActionKind.STRIDE:
        state.stack.append(stride_frame(state, p, answer.card))
