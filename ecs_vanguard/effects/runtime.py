"""Run abilities as resumable frames: conditions, optional costs, cost payment, effect steps
(CORE-18, CORE-19, STYLE §5). Handlers are registered by step type and are re-entrant: a step
that asks returns a Decision, the frame keeps its pc, and the answer is found on re-entry."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ecs_vanguard import ops
from ecs_vanguard import query as q
from ecs_vanguard.cards.schema import AbilityDef, Limit
from ecs_vanguard.decisions import Action, ActionKind, Decision, DecisionKind
from ecs_vanguard.effects import builtin, conditions
from ecs_vanguard.effects import steps as s
from ecs_vanguard.effects.gifts import gain_gift
from ecs_vanguard.effects.selectors import select
from ecs_vanguard.events import Mulliganed
from ecs_vanguard.rules import Stat
from ecs_vanguard.state import Frame, State
from ecs_vanguard.zones import FIELD_ZONES, Zone

Handler = Callable[[State, Frame, object], Decision | None]
_DONE = Action(ActionKind.DONE)


def steps_of(state: State, frame: Frame) -> tuple[tuple[object, ...], int]:
    """Return (cost + effect steps, number of cost steps) of the frame's ability."""
    card = state.db[frame.card_id]
    if frame.index < 0:
        return builtin.builtin_steps(card, frame.index)
    ability = card.abilities[frame.index]
    return ability.cost + ability.effect, len(ability.cost)


def ability_of(state: State, frame: Frame) -> AbilityDef | None:
    """Return the card ability a frame runs, or None for the rules' built-in frames."""
    return state.db[frame.card_id].abilities[frame.index] if frame.index >= 0 else None


def resume(state: State, frame: Frame) -> Decision | None:
    """Run the frame from where it stopped; return a Decision, or None when it has ended."""
    steps, n_cost = steps_of(state, frame)
    if frame.stage == 0:
        question = _start(state, frame, steps[:n_cost])
        if question is not None or frame.stage == 0:
            return question
    while frame.pc < len(steps):
        step = steps[frame.pc]
        question = HANDLERS[type(step)](state, frame, step)
        if question is not None:
            return question
        frame.pc += 1
        if state.over:
            return None
    return None


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
            answer = _take_answer(state)
            if answer is None:
                return Decision(frame.master, DecisionKind.YES_NO,
                                (Action(ActionKind.YES), Action(ActionKind.NO)),
                                label="use ability", source=frame.source)
            if answer.kind is ActionKind.NO:
                return None
        if ability.limit is Limit.ONCE_PER_TURN:
            state.once_used.add((q.position(frame.source).obj, frame.index))
    frame.stage = 1
    return None


def can_pay(state: State, frame: Frame, costs: Sequence[object]) -> bool:
    """True if every cost step can be paid in full right now (CORE-19, ACT-16, ACT-18)."""
    p = frame.master
    zones = state.board.zones[p]
    for cost in costs:
        if isinstance(cost, s.CounterBlast) and len(q.face_up_damage(state, p)) < cost.n:
            return False
        if isinstance(cost, s.SoulBlast) and len(zones[Zone.SOUL]) < cost.n:
            return False
        if isinstance(cost, s.Discard) and len(zones[Zone.HAND]) < cost.n:
            return False
        if isinstance(cost, s.Rest) and not any(q.is_standing(u)
                                                for u in select(state, frame, cost.target)):
            return False
        if isinstance(cost, (s.Retire, s.Choose)) and not select(
            state, frame, getattr(cost, "target", None) or cost.source,  # type: ignore[attr-defined]
            getattr(cost, "where", ()),
        ):
            return False
    return True


def _take_answer(state: State) -> Action | None:
    answer, state.answer = state.answer, None
    return answer


def pick_cards(state: State, frame: Frame, candidates: list[int], count: int,
               minimum: int | None, label: str,
               kind: DecisionKind = DecisionKind.CHOOSE_CARD) -> tuple[int, ...] | Decision:
    """Choose up to `count` cards one at a time (at least `minimum`; None: exactly, or all if
    fewer). Never asks when only one outcome is left (STYLE §5)."""
    answer = _take_answer(state)
    finished = False
    if answer is not None:
        if answer.kind is ActionKind.PICK:
            frame.picks.append(answer.card)
        else:
            finished = True
    remaining = [c for c in candidates if c not in frame.picks]
    needed = count - len(frame.picks)
    if minimum is None and 0 < len(remaining) <= needed:
        frame.picks.extend(remaining)
        remaining, needed = [], 0
    if finished or needed <= 0 or not remaining:
        chosen, frame.picks = tuple(frame.picks), []
        return chosen
    actions = [Action(ActionKind.PICK, card=c) for c in remaining]
    if minimum is not None and len(frame.picks) >= minimum:
        actions.append(_DONE)
    return Decision(frame.master, kind, tuple(actions), label=label, source=frame.source)


def _amount(state: State, frame: Frame, amount: int | str) -> int:
    if amount == "trigger_power":
        return state.db[frame.card_id].trigger_power
    if amount == "over_power":
        return state.rules.over_trigger_power
    return int(amount)


def _on_field(cards: list[int]) -> list[int]:
    return [c for c in cards if q.position(c).zone in FIELD_ZONES]


def _modify(stat: Stat) -> Handler:
    def handler(state: State, frame: Frame, step: object) -> None:
        amount = _amount(state, frame, getattr(step, "amount", 0))
        for unit in _on_field(select(state, frame, step.target)):  # type: ignore[attr-defined]
            ops.add_modifier(state, unit, stat, amount, step.until)  # type: ignore[attr-defined]
    return handler


def _choose(state: State, frame: Frame, step: s.Choose) -> Decision | None:
    cands = select(state, frame, step.source, step.where)
    result = pick_cards(state, frame, cands, step.count, step.min, label=step.bind)
    if isinstance(result, Decision):
        return result
    frame.bound[step.bind] = result
    return None


def _choose_then(zone_cards: Callable[[State, int], list[int]], label: str,
                 act: Callable[[State, Frame, tuple[int, ...], object], None],
                 exact: bool = True) -> Handler:
    """Build a handler that picks n cards of the master's from a zone, then acts on them."""
    def handler(state: State, frame: Frame, step: object) -> Decision | None:
        n = step.n  # type: ignore[attr-defined]
        result = pick_cards(state, frame, zone_cards(state, frame.master), n,
                            None if exact else 0, label)
        if isinstance(result, Decision):
            return result
        act(state, frame, result, step)
        return None
    return handler


def _is_cost(state: State, frame: Frame) -> bool:
    return frame.pc < steps_of(state, frame)[1]


def _for_each_target(act: Callable[[State, int], object], field_only: bool = True) -> Handler:
    """Build a handler that applies an op to every card its `target` selects."""
    def handler(state: State, frame: Frame, step: object) -> None:
        cards = select(state, frame, step.target)  # type: ignore[attr-defined]
        for card in _on_field(cards) if field_only else cards:
            act(state, card)
    return handler


def _draw(state: State, frame: Frame, step: s.Draw) -> None:
    ops.draw(state, frame.master, step.n)


def _soul_charge(state: State, frame: Frame, step: s.SoulCharge) -> None:
    ops.soul_charge(state, frame.master, step.n)


def _discard_all(state: State, frame: Frame, cards: tuple[int, ...], step: object) -> None:
    by_cost = _is_cost(state, frame)
    for card in cards:
        ops.discard(state, frame.master, card, by_cost=by_cost)


def _heal_all(state: State, frame: Frame, cards: tuple[int, ...], step: object) -> None:
    for card in cards:
        ops.heal(state, frame.master, card)


def _heal_if_not_ahead(state: State, frame: Frame, step: object) -> Decision | None:
    """CORE-14: heal 1 only if your damage is at least your opponent's."""
    p = frame.master
    mine = q.damage_count(state, p)
    if mine == 0 or mine < q.damage_count(state, 1 - p):
        return None
    return HANDLERS[s.Heal](state, frame, s.Heal(1))


def _ride_self(state: State, frame: Frame, step: object) -> None:
    ops.ride(state, frame.master, frame.source)


def _gain_gift(state: State, frame: Frame, step: s.GainGift) -> Decision | None:
    return gain_gift(state, frame, step.gift)


def _mulligan(state: State, frame: Frame, step: object) -> Decision | None:
    """CORE-03: return any number of cards, draw as many, shuffle."""
    p = frame.master
    hand = list(state.board.zones[p][Zone.HAND])
    result = pick_cards(state, frame, hand, len(hand), 0, "mulligan", DecisionKind.MULLIGAN)
    if isinstance(result, Decision):
        return result
    for card in result:
        ops.move_card(state, card, Zone.DECK)
    ops.draw(state, p, len(result))
    ops.shuffle(state, p)
    state.log(Mulliganed(p, len(result)))
    return None


def _remove(state: State, card: int) -> None:
    ops.move_card(state, card, Zone.REMOVED)


HANDLERS: dict[type, Handler] = {  # type: ignore[dict-item]
    s.Choose: _choose,
    s.AddPower: _modify(Stat.POWER),
    s.AddCritical: _modify(Stat.CRITICAL),
    s.AddShield: _modify(Stat.SHIELD),
    s.CantBeHit: _modify(Stat.CANT_BE_HIT),
    s.Draw: _draw,
    s.SoulCharge: _soul_charge,
    s.CounterBlast: _choose_then(
        q.face_up_damage, "counter blast",
        lambda st, f, cards, step: ops.counter_blast(st, f.master, cards, step.n)),  # type: ignore
    s.CounterCharge: _choose_then(
        q.face_down_damage, "counter charge",
        lambda st, f, cards, step: ops.counter_charge(st, f.master, cards), exact=True),
    s.SoulBlast: _choose_then(
        lambda st, p: list(st.board.zones[p][Zone.SOUL]), "soul blast",
        lambda st, f, cards, step: ops.soul_blast(st, f.master, cards, step.n)),  # type: ignore
    s.Discard: _choose_then(lambda st, p: list(st.board.zones[p][Zone.HAND]), "discard",
                            _discard_all),
    s.Heal: _choose_then(lambda st, p: list(st.board.zones[p][Zone.DAMAGE]), "heal", _heal_all),
    s.Retire: _for_each_target(ops.retire),
    s.Stand: _for_each_target(ops.stand),
    s.Rest: _for_each_target(ops.rest),
    s.Delete: _for_each_target(ops.delete),
    s.RemoveFromGame: _for_each_target(_remove, field_only=False),
    s.RideSelf: _ride_self,
    s.GainGift: _gain_gift,
    s.HealIfNotAhead: _heal_if_not_ahead,
    s.Mulligan: _mulligan,
}
