"""Run abilities as resumable frames: conditions, optional costs, cost payment, effect steps
(CORE-18, CORE-19, STYLE §5). Handlers are registered by step type and are re-entrant: a step
that asks returns a Decision, the frame keeps its pc, and the answer is found on re-entry; a
step that starts another frame (a trigger check) returns YIELD and is re-entered after it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ecs_vanguard import ops
from ecs_vanguard import query as q
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef, Limit
from ecs_vanguard.decisions import Decision
from ecs_vanguard.effects import builtin, card_steps, conditions, flow_steps, unit_steps
from ecs_vanguard.effects import rule_steps as rs
from ecs_vanguard.effects import steps as s
from ecs_vanguard.effects.picking import YIELD, ask_yes_no, player_of
from ecs_vanguard.effects.selectors import narrow, select
from ecs_vanguard.state import ALCHEMAGIC_INDEX, Frame, State
from ecs_vanguard.zones import Zone

Handler = Callable[..., object]   # (state, frame, step) -> Decision | YIELD | None

HANDLERS: dict[type, Handler] = {
    **card_steps.HANDLERS, **unit_steps.HANDLERS, **flow_steps.HANDLERS,
}


def steps_of(state: State, frame: Frame) -> tuple[tuple[object, ...], int]:
    """Return (cost + effect steps, number of cost steps) of the frame's ability."""
    card = state.db[frame.card_id]
    if frame.index == ALCHEMAGIC_INDEX:
        return alchemagic_steps(state, frame)
    if frame.index < 0:
        return builtin.builtin_steps(card, frame.index)
    ability = card.abilities[frame.index]
    return ability.cost + ability.effect, len(ability.cost)


def alchemagic_steps(state: State, frame: Frame) -> tuple[tuple[object, ...], int]:
    """ALC-01 (2, 4, 5): order A's cost plus the bound order B's cost, then A's effect, then
    B's; one order ability (ALC-03)."""
    a = state.db[frame.card_id]
    b = state.card(frame.ctx("alchemagic"))
    play_a = a.abilities[order_play_index(a)]
    play_b = b.abilities[order_play_index(b)]
    return (play_a.cost + play_b.cost + play_a.effect + play_b.effect,
            len(play_a.cost) + len(play_b.cost))


def order_play_index(card: CardDef) -> int:
    """Return the index of an order's play effect (its act ability in the order area), or -1."""
    for index, ability in enumerate(card.abilities):
        if ability.kind is AbilityKind.ACT and Zone.ORDER_AREA in ability.zones:
            return index
    return -1


def ability_of(state: State, frame: Frame) -> AbilityDef | None:
    """Return the card ability a frame runs, or None for the rules' built-in frames."""
    return state.db[frame.card_id].abilities[frame.index] if frame.index >= 0 else None


def resume(state: State, frame: Frame) -> object:
    """Run the frame from where it stopped; return a Decision, YIELD, or None when it ended.

    While it runs, `state.source` names the frame's card: what its ops do has that source
    (TERM-02); the rules' own actions run with source -1.
    """
    steps, n_cost = steps_of(state, frame)
    state.source = frame.source
    try:
        if frame.stage == 0:
            question = _start(state, frame, steps[:n_cost])
            if question is not None or frame.stage == 0:
                return question
        while frame.pc < len(steps):
            step = steps[frame.pc]
            result = HANDLERS[type(step)](state, frame, step)
            if result is not None:
                return result
            frame.pc += 1
            if frame.pc == n_cost and frame.revealed:
                ops.end_reveal(state, frame.revealed)     # ACT-09: a cost's reveal ends here
                frame.revealed.clear()
            if state.over:
                return None
        return None
    finally:
        state.source = -1


def _start(state: State, frame: Frame, costs: Sequence[object]) -> Decision | None:
    """Check condition and costs, ask an optional ability's yes/no, record 1/turn (CORE-19).

    Leaves frame.stage at 0 when the ability is not played (the frame then ends).
    """
    ability = ability_of(state, frame)
    if ability is not None:
        if not conditions.holds(state, frame, ability.condition):
            return None
        if not can_pay(state, frame, costs):
            return None           # CORE-19: costs are paid in full or the ability is not played
        if ability.optional:
            answer = ask_yes_no(state, frame, "use ability")
            if isinstance(answer, Decision):
                return answer
            if not answer:
                return None
        if ability.limit is Limit.ONCE_PER_TURN:
            state.once_used.add((q.position(frame.source).obj, frame.card_id, frame.index))
    frame.stage = 1
    return None


def _hand(state: State, frame: Frame, who: str = "you") -> list[int]:
    return list(state.board.zones[player_of(frame, who)][Zone.HAND])


_COST_CHECKS: dict[type, Callable[[State, Frame, object], bool]] = {
    s.CounterBlast: lambda st, f, c: len(narrow(st, f, q.face_up_damage(
        st, player_of(f, c.player)), c.where)) >= c.n,  # type: ignore[attr-defined]
    s.SoulBlast: lambda st, f, c: len(narrow(st, f, list(st.board.zones[player_of(
        f, c.player)][Zone.SOUL]), c.where)) >= c.n,  # type: ignore[attr-defined]
    s.Discard: lambda st, f, c: len(narrow(st, f, _hand(st, f, c.player),  # type: ignore
                                           c.where)) >= c.n,  # type: ignore[attr-defined]
    s.Reveal: lambda st, f, c: (bool(c.target) or len(select(  # type: ignore[attr-defined]
        st, f, c.source, c.where)) >= c.count),  # type: ignore[attr-defined]
    s.Rest: lambda st, f, c: any(q.is_standing(u) for u in select(
        st, f, c.target)),  # type: ignore[attr-defined]
    s.Retire: lambda st, f, c: bool(select(st, f, c.target)),  # type: ignore[attr-defined]
    s.Bind: lambda st, f, c: bool(select(st, f, c.target)),  # type: ignore[attr-defined]
    s.Choose: lambda st, f, c: bool(select(st, f, c.source, c.where)),  # type: ignore
    s.DiscardGrades: lambda st, f, c: sum(st.card(h).grade for h in _hand(st, f))
    >= c.total,  # type: ignore[attr-defined]
    rs.DropToDeckTop: lambda st, f, c: len(st.board.zones[f.master][Zone.DROP]) >= c.n,  # type: ignore
    rs.DiscardSameNameAsVanguard: lambda st, f, c: any(
        q.same_name(st, h, q.vanguard(st, f.master)) for h in _hand(st, f)),
}


def can_pay(state: State, frame: Frame, costs: Sequence[object]) -> bool:
    """True if every cost step can be paid in full right now (CORE-19, ACT-16, ACT-18).

    A step acting on cards an earlier cost step will choose ("choose a standing unit, rest it")
    is covered by that choice's own check.
    """
    later = set()
    for cost in costs:
        target = getattr(cost, "target", None)
        if target in later:
            continue
        if not _COST_CHECKS[type(cost)](state, frame, cost):
            return False
        if isinstance(cost, s.Choose):
            later.add(cost.bind)
    return True


__all__ = ["HANDLERS", "YIELD", "ability_of", "can_pay", "resume", "steps_of"]
