"""Handlers of the steps that steer an effect: skill damage waiting for its checks (ACT-15,
TERM-03), and the compiled `if`, `pay` and `choose_one` (a branch on a condition; a cost paid
all or nothing in the middle of an effect, CORE-19; the player's choice of a mode). "For each A, do B" (ACT-28) runs other handlers, so it sits
with the registry in `effects.runtime`."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import ops
from ecs_vanguard.cards import flow as fl
from ecs_vanguard.cards import steps as s
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.values import holds, select
from ecs_vanguard.effects import costs
from ecs_vanguard.effects.builtin import push_trigger
from ecs_vanguard.effects.picking import YIELD, ask_yes_no, player_of
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.decisions import Decision
from ecs_vanguard.vocab.zones import Zone

Handler = Callable[..., object]   # (state, frame, step) -> Decision | YIELD | None


def _deal_damage(state: State, frame: Frame, step: s.DealDamage) -> object:
    """ACT-15: each point of skill damage is a damage check; a revealed trigger resolves before
    the next check (the step yields to the trigger's frame and is re-entered after it)."""
    p = player_of(frame, step.player)
    if not frame.loop:
        hit = select(state, frame, step.target) if step.target else q.vanguards(state, p)
        total = step.n * len(hit)                              # LEG-28: each vanguard takes n
        ops.deal_damage_start(state, p, total)
        frame.loop = [total]
    while True:
        checked = state.board.zones[p][Zone.TRIGGER]
        if checked:
            ops.move_card(state, checked[0], Zone.DAMAGE)
        if frame.loop[0] <= 0 or state.over:
            frame.loop = []
            return None
        frame.loop[0] -= 1
        card = ops.trigger_check(state, p, drive=False)
        if card is not None and step.trigger_effects and push_trigger(state, card, p,
                                                                      drive=False):
            return YIELD


def _branch(state: State, frame: Frame, step: fl.Branch) -> None:
    """`if`: go on into `then` when the condition holds now, else skip to what follows it."""
    if not holds(state, frame, step.condition):
        frame.pc += step.skip


def _skip(state: State, frame: Frame, step: fl.Skip) -> None:
    frame.pc += step.n


def _pay_or_skip(state: State, frame: Frame, step: fl.PayOrSkip) -> Decision | None:
    """`pay`: CORE-19 in the middle of an effect: offered only when the whole cost can be paid
    at once, asked of its payer when optional ("you may pay"; "your opponent may pay"), its
    cards decided one step at a time keeping the rest payable, then paid in one batch. When it
    is not paid the `then` steps are skipped (and the `else` steps run: "if they do not")."""
    if not frame.loop:
        paid = costs.can_pay(state, frame, step.cost)
        if paid and step.optional:
            answer = ask_yes_no(state, frame, "pay the cost",
                                player=player_of(frame, step.player))
            if isinstance(answer, Decision):
                return answer
            paid = answer
        if not paid:
            frame.pc += step.skip
            return None
        frame.loop, frame.cost_choices = [0], []
    while frame.loop[0] < len(step.cost):
        question = costs.decide(state, frame, step.cost, at=frame.loop[0])
        if question is not None:
            return question
        frame.loop[0] += 1
    paid = costs.pay(state, frame, step.cost)
    frame.loop, frame.cost_choices = [], []
    if not paid:
        frame.pc += step.skip
    return None


def _ask_or_skip(state: State, frame: Frame, step: fl.AskOrSkip) -> Decision | None:
    """`choose_one`: the master chooses the first mode (yes) or the other (no, its steps are
    skipped to the other mode's)."""
    answer = ask_yes_no(state, frame, "choose one: the first mode (yes) or the other (no)")
    if isinstance(answer, Decision):
        return answer
    if not answer:
        frame.pc += step.skip
    return None


def _extra_turn(state: State, frame: Frame, step: s.ExtraTurn) -> None:
    ops.take_extra_turn(state, player_of(frame, step.player))


HANDLERS: dict[type, Handler] = {
    s.DealDamage: _deal_damage,
    fl.Branch: _branch,
    fl.Skip: _skip,
    fl.PayOrSkip: _pay_or_skip,
    fl.AskOrSkip: _ask_or_skip,
    s.ExtraTurn: _extra_turn,
}
