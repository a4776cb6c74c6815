"""Costs paid all or nothing (CORE-19; seed 004 §9: costs are decided, then all paid at once).

Each cost step states a *demand*: n distinct cards out of a candidate set (face-up damage for a
counter blast, soul cards, hand cards, standing units ...). A cost is payable when the demands
can be met at once by different cards: two Counter Blast 1 steps need two face-up damage cards,
and Alchemagic's merged cost (ALC-01) is checked as one. Paying runs in two parts:

1. decide: each step in turn chooses its cards, offered only cards that leave the rest of the
   cost payable (so a choice can never strand a later step);
2. pay: the choices are checked once more and paid together in one batch of events. If the
   check fails, nothing is paid and the play is cancelled (ALC-01 ④: an order goes back).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from itertools import product

from components.frozen import Frozen
from ecs_vanguard import ops
from ecs_vanguard.cards import steps as s
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived import rule_modifiers as rm
from ecs_vanguard.derived.distinct import Matching, max_flow, most_distinct
from ecs_vanguard.derived.facts import remember
from ecs_vanguard.derived.sizes import size_of
from ecs_vanguard.derived.values import choosable, distinct_values, narrow, select
from ecs_vanguard.effects import rule_steps as rs
from ecs_vanguard.effects.picking import pick_cards, pick_order, player_of, take_answer
from ecs_vanguard.state import STRIDE_INDEX, Frame, State
from ecs_vanguard.vocab.decisions import ActionKind, Decision, DecisionKind, action
from ecs_vanguard.vocab.fields import field_or
from ecs_vanguard.vocab.zones import Zone


@dataclass(frozen=True, slots=True)
class Demand(Frozen):
    """What one cost step needs: `n` distinct cards of `cards`; `grade_total` > 0 asks instead
    for cards of `cards` whose grades add up to it (the usual Stride cost); `consumes` False for
    a reveal, which shows cards without using them up."""

    cards: tuple[int, ...]
    n: int = 0
    grade_total: int = 0
    consumes: bool = True
    grades: tuple[int, ...] = ()     # the grade each card counts as, if a rule modifier changes one
    # "of different <field>": each card's values of the field, in the order of `cards`; the n
    # cards must be given pairwise different values, none of `excluded` (taken by cards
    # already picked for this demand).
    values: tuple[tuple[object, ...], ...] | None = None
    excluded: frozenset[object] = frozenset()

    # Written out (compiled; dataclasses' own __init__ is interpreted code), as the events of
    # vocab.common_events (issue 18); pickled through it (Frozen).
    def __init__(self, cards: tuple[int, ...], n: int = 0, grade_total: int = 0,
                 consumes: bool = True, grades: tuple[int, ...] = (),
                 values: tuple[tuple[object, ...], ...] | None = None,
                 excluded: frozenset[object] = frozenset()) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "grade_total", grade_total)
        object.__setattr__(self, "consumes", consumes)
        object.__setattr__(self, "grades", grades)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "excluded", excluded)

    def grade(self, state: State, card: int) -> int:
        """The grade `card` counts as in this demand's total (printed, unless a rule modifier
        makes it count as more)."""
        return self.grades[self.cards.index(card)] if self.grades else state.card(card).grade


def _hand(state: State, frame: Frame, who: str = "you") -> list[int]:
    return list(state.board.zones[player_of(frame, who)][Zone.HAND])


# Cost steps acting on every card their target names (CORE-19): each card must be usable now.
_TARGETED: dict[type, Callable[[State, object, int], bool]] = {
    s.Rest: lambda st, c, card: q.is_standing(card),                            # ACT-12
    s.Retire: lambda st, c, card: q.is_on_circle(card),
    s.Bind: lambda st, c, card: q.position(card).zone is not Zone.BIND,         # ACT-20
    s.PutInto: lambda st, c, card: q.position(card).zone is not Zone(c.zone),  # type: ignore
    s.TurnFaceUp: lambda st, c, card: not q.orientation(card).face_up,         # ACT-13
    s.TurnFaceDown: lambda st, c, card: q.orientation(card).face_up,           # ACT-13
    s.Stand: lambda st, c, card: q.is_on_field(card) and not q.is_standing(card),  # ACT-12
    s.Lock: lambda st, c, card: (q.position(card).zone is Zone.RC              # ACT-23
                                 and not q.is_locked(card)),
}


_MOVES_OFF = frozenset({s.Retire, s.Bind, s.PutInto})


def _all_usable(state: State, step: object, cards: Sequence[int]) -> bool:
    """True if a targeted cost step can act on every one of its cards now; a step moving them
    cannot take a lone vanguard off VC, nor both legion vanguards at once (LEG-31)."""
    usable = _TARGETED[type(step)]
    if not cards or not all(usable(state, step, c) for c in cards):
        return False
    return type(step) not in _MOVES_OFF or not any(q.holds_the_vc(state, c, cards)
                                                   for c in cards)


def _targets_of(state: State, frame: Frame, step: object) -> list[int]:
    return select(state, frame, step.target, getattr(step, "where", ()))  # type: ignore


def _all_targets(state: State, frame: Frame, step: object) -> Demand:
    """A step acting on every card its target names: all of them must be usable."""
    cards = _targets_of(state, frame, step)
    if not _all_usable(state, step, cards):
        return Demand((), 1)                         # nothing to act on: not payable
    return Demand(tuple(cards), len(cards))


def _choose_demand(state: State, frame: Frame, step: s.Choose) -> Demand:
    """A Choose in a cost needs `count` cards (or `min`) its master may choose."""
    cards = choosable(state, frame, select(state, frame, step.source, step.where))
    return Demand(tuple(cards), step.min if step.min is not None else int(step.count))


def _deck_top(state: State, frame: Frame, step: object) -> Demand:
    """A step from the top of the deck (soul charge, mill, put into the damage zone, ...) as a
    cost: n cards of the deck, all of them (ACT-01 "as many as possible" is no payment)."""
    return Demand(tuple(state.board.zones[frame.master][Zone.DECK]),
                  size_of(state, frame, step.n))  # type: ignore[attr-defined]


def _face_down_damage(state: State, frame: Frame, step: s.CounterCharge) -> Demand:
    """Counter Charge as a cost: n face-down damage cards to turn face up (ACT-17)."""
    cards = tuple(c for c in state.board.zones[frame.master][Zone.DAMAGE]
                  if not q.orientation(c).face_up)
    return Demand(cards, size_of(state, frame, step.n))


Demander = Callable[[State, Frame, object], Demand]

DEMANDS: dict[type, Demander] = {
    s.CounterBlast: lambda st, fr, c: Demand(tuple(narrow(st, fr, q.face_up_damage(
        st, player_of(fr, c.player)), c.where)), size_of(st, fr, c.n)),  # type: ignore
    s.SoulBlast: lambda st, fr, c: Demand(tuple(narrow(st, fr, list(st.board.zones[player_of(
        fr, c.player)][Zone.SOUL]), c.where)), size_of(st, fr, c.n)),  # type: ignore
    s.Discard: lambda st, fr, c: Demand(tuple(narrow(st, fr, _hand(
        st, fr, c.player), c.where)), size_of(st, fr, c.n)),  # type: ignore
    s.Reveal: lambda st, fr, c: Demand(
        tuple(select(st, fr, c.source, c.where)),  # type: ignore[attr-defined]
        c.count, consumes=False),  # type: ignore[attr-defined]
    **{step_type: _all_targets for step_type in _TARGETED},
    s.Choose: lambda st, fr, c: _choose_demand(st, fr, c),  # type: ignore[arg-type]
    **{step_type: _deck_top for step_type in s.TOP_TYPES},
    s.CounterCharge: lambda st, fr, c: _face_down_damage(st, fr, c),  # type: ignore[arg-type]
    s.DiscardGrades: lambda st, fr, c: _grades_demand(st, fr, c),  # type: ignore[arg-type]
    rs.DropToDeckTop: lambda st, fr, c: Demand(tuple(st.board.zones[fr.master][Zone.DROP]),
                                               c.n),  # type: ignore[attr-defined]
    # STR-06 with LEG-08: a legion's leader and mate are both "your vanguard".
    rs.DiscardSameNameAsVanguard: lambda st, fr, c: Demand(tuple(
        h for h in _hand(st, fr) if q.names_a_vanguard(st, h, fr.master)), 1),
}


def _grades_demand(state: State, frame: Frame, step: s.DiscardGrades) -> Demand:
    """Hand cards whose grades total `step.total`; a rule modifier may make a card count as a
    greater grade (in a Stride cost, or in any such cost)."""
    hand = tuple(_hand(state, frame))
    if not rm.any_rule_modifiers(state):
        return Demand(hand, grade_total=step.total)
    stride = frame.index == STRIDE_INDEX
    grades = tuple(rm.cost_grade(state, c, frame.master, stride=stride) for c in hand)
    return Demand(hand, grade_total=step.total, grades=grades)
def demand_of(state: State, frame: Frame, step: object) -> Demand:
    """Return what one cost step needs; a step with `distinct` needs cards of pairwise
    different values of that field ("soul blast 4 cards of different grades")."""
    demand = DEMANDS[type(step)](state, frame, step)
    field = str(field_or(step, "distinct", ""))
    if not field:
        return demand
    return replace(demand, values=tuple(distinct_values(state, c, field) for c in demand.cards))


def _demand(state: State, frame: Frame, step: object, costs: Sequence[object]) -> Demand:
    """Return one cost step's demand; a Choose offers only the cards the steps of the cost that
    act on its name can act on ("retire one of your vanguards": not a lone vanguard, LEG-31;
    "rest a unit": a standing one, ACT-12)."""
    demand = demand_of(state, frame, step)
    if not isinstance(step, s.Choose):
        return demand
    acting = [c for c in costs if type(c) in _TARGETED and getattr(c, "target", None) == step.bind]
    if not acting:
        return demand
    keep = [i for i, card in enumerate(demand.cards)
            if all(_all_usable(state, c, (card,)) for c in acting)]
    values = None if demand.values is None else tuple(demand.values[i] for i in keep)
    grades = tuple(demand.grades[i] for i in keep) if demand.grades else ()
    return replace(demand, cards=tuple(demand.cards[i] for i in keep), values=values,
                   grades=grades)


def _demands(state: State, frame: Frame, costs: Sequence[object],
             earlier: Sequence[object] = ()) -> list[Demand]:
    """Return the demands of the cost steps; a step acting on cards an earlier Choose of the
    same cost picks ("choose a standing unit, rest it") is covered by that Choose (`earlier`:
    the cost steps before these)."""
    chosen_names = {c.bind for c in earlier if isinstance(c, s.Choose)}
    out = []
    for cost in costs:
        if getattr(cost, "target", None) in chosen_names:
            continue
        if isinstance(cost, s.Reveal) and cost.target:
            continue                                   # reveals cards already chosen
        out.append(_demand(state, frame, cost, costs))
        if isinstance(cost, s.Choose):
            chosen_names.add(cost.bind)
    return out


def feasible(state: State, demands: Sequence[Demand], reserved: frozenset[int] = frozenset()
             ) -> bool:
    """True if the demands can be met at once by different cards, none of them `reserved`.

    Counted demands are matched to cards (augmenting paths over n slots each; candidates are
    tried lowest grade first, which leaves the high grades for a grade-total demand); a
    grade-total demand then takes what is left.
    """
    counted = [d for d in demands if d.consumes and not d.grade_total]
    for d in demands:
        if not d.consumes and len([c for c in d.cards if c not in reserved]) < d.n:
            return False
    if any(d.values is not None for d in counted):
        return _feasible_distinct(state, demands, counted, reserved)
    if len(counted) == len(demands) and _disjoint(counted):
        # The usual cost: demands on different pools (damage, soul, hand): counting is enough.
        return all(sum(c not in reserved for c in d.cards) >= d.n for d in counted)
    slots = [i for i, d in enumerate(counted) for _ in range(d.n)]
    matching = Matching([sorted((c for c in counted[i].cards if c not in reserved),
                                key=lambda c: (state.card(c).grade, c)) for i in slots])
    if not all(matching.place(slot) for slot in range(len(slots))):
        return False
    used = set(matching.owner) | reserved
    return all(sum(d.grade(state, c) for c in d.cards if c not in used) >= d.grade_total
               for d in demands if d.grade_total)


def _feasible_distinct(state: State, demands: Sequence[Demand], counted: Sequence[Demand],
                       reserved: frozenset[int]) -> bool:
    """`feasible` when some demand asks for different values: a flow from each demand (n
    units) through its values (one card each) to the cards (one demand each); a grade-total
    demand then takes what is left."""
    capacity: dict[tuple[Hashable, Hashable], int] = {}
    for i, d in enumerate(counted):
        capacity[("src", ("demand", i))] = d.n
        for j, card in enumerate(d.cards):
            if card in reserved:
                continue
            capacity[(("card", card), "sink")] = 1
            if d.values is None:
                capacity[(("demand", i), ("card", card))] = 1
                continue
            for value in d.values[j]:
                if value not in d.excluded:
                    capacity[(("demand", i), ("value", i, value))] = 1
                    capacity[(("value", i, value), ("card", card))] = 1
    flow, on = max_flow(capacity, "src", "sink")
    if flow < sum(d.n for d in counted):
        return False
    used: set[int] = set(reserved)
    for (node, to), amount in on.items():
        if to == "sink" and amount:
            used.add(node[1])  # type: ignore[index]   # ("card", card)
    return all(sum(state.card(c).grade for c in d.cards if c not in used) >= d.grade_total
               for d in demands if d.grade_total)


def _disjoint(demands: Sequence[Demand]) -> bool:
    seen: set[int] = set()
    for d in demands:
        if not seen.isdisjoint(d.cards):
            return False
        seen.update(d.cards)
    return True


def can_pay(state: State, frame: Frame, costs: Sequence[object]) -> bool:
    """True if the whole cost can be paid at once right now (CORE-19, ACT-16, ACT-18)."""
    if not costs:
        return True
    if len(costs) == 1 and not isinstance(costs[0], s.DiscardGrades):
        demand = demand_of(state, frame, costs[0])                  # the usual single cost
        if demand.values is not None:
            return most_distinct(demand.values) >= demand.n
        return len(demand.cards) >= demand.n
    return feasible(state, _demands(state, frame, costs))


# -- deciding -----------------------------------------------------------------------------------


def decide(state: State, frame: Frame, costs: Sequence[object], at: int | None = None
           ) -> Decision | None:
    """Choose the cards of cost step `at` (default `frame.pc`), keeping the rest payable; the
    choice is stored in `frame.cost_choices` (a Choose also binds its name for later steps)."""
    at = frame.pc if at is None else at
    step = costs[at]
    reserved = frozenset(c for chosen in frame.cost_choices for c in chosen)
    if field_or(step, "target", None) in frame.bound or (isinstance(step, s.Reveal)
                                                         and step.target):
        target = step.target  # type: ignore[attr-defined]
        named = q.recall(frame, target) if target in frame.bound else []    # CORE-20
        frame.cost_choices.append(tuple(named))
        return None
    if type(step) in _TARGETED:
        frame.cost_choices.append(tuple(_targets_of(state, frame, step)))
        return None
    if type(step) in s.TOP_TYPES:          # ACT-01: the top cards, in order: nothing to choose
        deck = state.board.zones[frame.master][Zone.DECK]
        frame.cost_choices.append(tuple([c for c in deck if c not in reserved][
            :size_of(state, frame, step.n)]))  # type: ignore[attr-defined]
        return None
    demand = _demand(state, frame, step, costs)
    later = _demands(state, frame, costs[at + 1:], costs[:at + 1])
    if isinstance(step, s.DiscardGrades):
        return _decide_grades(state, frame, demand, later, reserved)
    if isinstance(step, s.Discard) and step.chooser == "random":
        _decide_random(state, frame, demand, later, reserved)
        return None
    got = _decide_count(state, frame, step, demand, later, reserved)
    if isinstance(got, Decision):
        return got
    frame.cost_choices.append(got)
    if isinstance(step, s.Choose):
        remember(frame, step.bind, got)
    return None


def _keeps_payable(state: State, demand: Demand, later: list[Demand], reserved: frozenset[int],
                   picked: list[int], card: int) -> bool:
    """True if taking `card` for this demand leaves the rest of the cost payable; for a demand
    of different values, some values of the picked cards, all different, leave enough other
    values for the rest (each way to give the picked cards their values is tried)."""
    if demand.values is None:
        left = Demand(demand.cards, demand.n - len(picked) - 1, consumes=demand.consumes)
        taken = reserved | {card, *picked} if demand.consumes else reserved
        return feasible(state, [left, *later], taken)
    index = {c: i for i, c in enumerate(demand.cards)}
    chosen = [*picked, card]
    for given in product(*(demand.values[index[c]] for c in chosen)):
        if len(set(given)) < len(given):
            continue
        left = replace(demand, n=demand.n - len(chosen), excluded=frozenset(given))
        if feasible(state, [left, *later], reserved | set(chosen)):
            return True
    return False


def _decide_count(state: State, frame: Frame, step: object, demand: Demand, later: list[Demand],
                  reserved: frozenset[int]) -> tuple[int, ...] | Decision:
    player = player_of(frame, getattr(step, "player", "you"))
    if isinstance(step, s.Discard) and step.chooser == "opponent":
        player = 1 - player
    picked = list(frame.picks)
    answer = state.answer
    if answer is not None and answer.kind is ActionKind.PICK:
        picked.append(answer.card)
    if later or demand.values is not None:
        cands = [c for c in demand.cards if c not in reserved and c not in picked
                 and _keeps_payable(state, demand, later, reserved, picked, c)]
    else:                        # the last step: any card left keeps it payable (can_pay held)
        cands = [c for c in demand.cards if c not in reserved and c not in picked]
    if isinstance(step, rs.DropToDeckTop):          # LEG-01: the player's order, top first
        avail = [c for c in demand.cards if c not in reserved]
        return pick_order(state, frame, avail, "to deck top") if len(avail) <= demand.n \
            else pick_cards(state, frame, [c for c in avail if c in picked or c in cands],
                            demand.n, demand.n, "to deck top")
    label = step.bind if isinstance(step, s.Choose) else _LABELS.get(type(step), "cost")
    offered = [c for c in demand.cards if c not in reserved and (c in picked or c in cands)]
    if isinstance(step, s.Choose) and step.min is not None and step.count != "times":
        # "one or more" / "any number": `min` keeps the cost payable, the player may take up
        # to `count` (each pick still leaves the rest of the cost payable)
        return pick_cards(state, frame, offered, max(int(step.count), demand.n), demand.n,
                          label, player=player)
    return pick_cards(state, frame, offered, demand.n, None, label, player=player)


_LABELS = {s.CounterBlast: "counter blast", s.SoulBlast: "soul blast", s.Discard: "discard",
           s.CounterCharge: "counter charge",
           s.Reveal: "reveal", rs.DiscardSameNameAsVanguard: "ultimate stride cost"}


def _decide_random(state: State, frame: Frame, demand: Demand, later: list[Demand],
                   reserved: frozenset[int]) -> None:
    """ACT-03, TERM-04: a random discard as a cost picks with the game's generator among the
    cards that keep the rest payable."""
    picked: list[int] = []
    for _ in range(demand.n):
        cands = [c for c in demand.cards if c not in reserved and c not in picked
                 and _keeps_payable(state, demand, later, reserved, picked, c)]
        picked.append(cands[int(state.rng.integers(len(cands)))])
    frame.cost_choices.append(tuple(picked))


def _decide_grades(state: State, frame: Frame, demand: Demand, later: list[Demand],
                   reserved: frozenset[int]) -> Decision | None:
    got = pick_grades(state, frame, demand, later, reserved)
    if isinstance(got, Decision):
        return got
    frame.cost_choices.append(got)
    return None


def pick_grades(state: State, frame: Frame, demand: Demand, later: Sequence[Demand] = (),
                reserved: frozenset[int] = frozenset()) -> tuple[int, ...] | Decision:
    """Pick cards one at a time until their grades total `demand.grade_total` (the usual
    Stride cost), offering only cards that keep the total and the `later` demands reachable."""
    answer = take_answer(state)
    if answer is not None:
        frame.picks.append(answer.card)
    total = sum(demand.grade(state, c) for c in frame.picks)
    while total < demand.grade_total:
        need = demand.grade_total - total
        taken = reserved | set(frame.picks)
        left = [c for c in demand.cards if c not in taken and feasible(
            state, [Demand(demand.cards, grade_total=need - demand.grade(state, c),
                           grades=demand.grades), *later], taken | {c})]
        if len(left) > 1:
            actions = tuple(action(ActionKind.PICK, card=c) for c in left)
            return Decision(frame.master, DecisionKind.CHOOSE_CARD, actions,
                            label="stride cost", source=frame.source)
        if not left:
            break                             # can_pay checked the total: this does not happen
        frame.picks.append(left[0])           # one card left: nothing to choose
        total += demand.grade(state, left[0])
    chosen, frame.picks = tuple(frame.picks), []
    return chosen


# -- paying -------------------------------------------------------------------------------------

Payer = Callable[[State, Frame, object, tuple[int, ...]], object]


def _discard_all(st: State, fr: Frame, c: object, cards: tuple[int, ...]) -> None:
    owner = player_of(fr, getattr(c, "player", "you"))
    for card in cards:
        ops.discard(st, owner, card, by_cost=True)


def _discard_grades(st: State, fr: Frame, c: object, cards: tuple[int, ...]) -> None:
    """Discard a grade-total cost's cards; the rule modifiers that made one of them count as a
    greater grade spend a use (read before the cards leave the hand)."""
    used = [m for card in cards for m in rm.counted_as(st, card, fr.master,
                                                      stride=fr.index == STRIDE_INDEX)] \
        if rm.any_rule_modifiers(st) else []
    _discard_all(st, fr, c, cards)
    ops.spend_rule_modifiers(st, used)


def _reveal(st: State, fr: Frame, c: object, cards: tuple[int, ...]) -> None:
    ops.reveal(st, fr.master, cards, for_cost=True)
    fr.revealed.extend(cards)
    remember(fr, c.bind, cards)  # type: ignore[attr-defined]


def _to_deck_top(st: State, fr: Frame, c: object, cards: tuple[int, ...]) -> None:
    for card in reversed(cards):                     # the first chosen ends on top (LEG-01)
        ops.move_card(st, card, Zone.DECK, top=True)


def _top_cards(st: State, fr: Frame, c: object, cards: tuple[int, ...]) -> None:
    """Pay a step from the top of the deck with the cards decided, in order (ACT-01)."""
    if isinstance(c, s.SoulCharge):
        ops.soul_charge(st, fr.master, len(cards))
    elif isinstance(c, s.Draw):
        ops.draw(st, fr.master, len(cards))
    elif isinstance(c, s.Mill):
        ops.mill(st, fr.master, len(cards))
    elif isinstance(c, s.BindTop):
        ops.bind_top(st, fr.master, len(cards))
    elif isinstance(c, s.PutTopInto):
        for card in cards:
            ops.move_card(st, card, Zone(c.zone), face_up=c.face_up)


def _each(op: Callable[[State, int], object]) -> Payer:
    def pay_each(st: State, fr: Frame, c: object, cards: tuple[int, ...]) -> None:
        for card in cards:
            op(st, card)
    return pay_each


PAYERS: dict[type, Payer] = {
    s.CounterBlast: lambda st, fr, c, cards: ops.counter_blast(
        st, player_of(fr, c.player), cards, len(cards)),  # type: ignore[attr-defined]
    s.SoulBlast: lambda st, fr, c, cards: ops.soul_blast(
        st, player_of(fr, c.player), cards, len(cards)),  # type: ignore[attr-defined]
    s.Discard: _discard_all,
    s.DiscardGrades: lambda st, fr, c, cards: _discard_grades(st, fr, c, cards),
    rs.DiscardSameNameAsVanguard: _discard_all,
    s.Reveal: _reveal,
    s.Rest: _each(ops.rest),
    s.Retire: _each(lambda st, card: ops.retire(st, card, by_cost=True)),
    s.Bind: _each(ops.bind),
    s.PutInto: lambda st, fr, c, cards: [ops.put_into(st, card, Zone(c.zone),  # type: ignore
                                                      top=c.top) for card in cards],  # type: ignore
    s.TurnFaceUp: _each(lambda st, card: ops.turn_face(st, card, True)),
    s.TurnFaceDown: _each(lambda st, card: ops.turn_face(st, card, False)),
    s.Lock: lambda st, fr, c, cards: [ops.lock(st, card, until_owner_end=c.until_owner_end)  # type: ignore
                                      for card in cards],
    s.Choose: lambda st, fr, c, cards: None,
    rs.DropToDeckTop: _to_deck_top,
    s.Stand: _each(ops.stand),
    s.CounterCharge: lambda st, fr, c, cards: ops.counter_charge(st, fr.master, cards),
    **{step_type: _top_cards for step_type in s.TOP_TYPES},
}


def still_payable(state: State, frame: Frame, costs: Sequence[object]) -> bool:
    """True if every decided choice can still be paid as decided (nothing changed since)."""
    for step, chosen in zip(costs, frame.cost_choices, strict=True):
        if isinstance(step, (s.Choose, s.Reveal)) or field_or(step, "target", None) in frame.bound:
            continue
        if type(step) in _TARGETED:
            if not _all_usable(state, step, chosen):
                return False
            continue
        demand = demand_of(state, frame, step)
        if not set(chosen) <= set(demand.cards):
            return False
        if demand.values is not None and most_distinct(
                [distinct_values(state, c, step.distinct) for c in chosen]  # type: ignore
        ) < len(chosen):
            return False
        if sum(demand.grade(state, c) for c in chosen) < demand.grade_total or \
                len(chosen) < demand.n:
            return False
    return True


def pay(state: State, frame: Frame, costs: Sequence[object]) -> bool:
    """Pay every decided cost at once, in one batch of events (CORE-19); False if a choice
    cannot be paid any more (nothing is paid then)."""
    if not still_payable(state, frame, costs):
        return False
    with ops.batch(state):
        for step, chosen in zip(costs, frame.cost_choices, strict=True):
            PAYERS[type(step)](state, frame, step, chosen)
    return True
