"""Handlers of the steps that move or show cards outside battle (ACT-01..03, ACT-08..11,
ACT-13, ACT-16..20, ACT-25, CORE-03, CORE-14)."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import ops
from ecs_vanguard.cards import steps as s
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.facts import remember
from ecs_vanguard.derived.sizes import size_of
from ecs_vanguard.derived.values import narrow, select
from ecs_vanguard.effects import rule_steps as rs
from ecs_vanguard.effects.costs import Demand, pick_grades
from ecs_vanguard.effects.picking import (
    ask_yes_no,
    pick_cards,
    pick_index,
    pick_order,
    player_of,
)
from ecs_vanguard.effects.selection import all_or_nothing, distinct_candidates
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.decisions import ActionKind, Decision, DecisionKind
from ecs_vanguard.vocab.events import Mulliganed
from ecs_vanguard.vocab.formats import OrderType
from ecs_vanguard.vocab.zones import HIDDEN_ZONES, Zone

Handler = Callable[..., object]   # (state, frame, step) -> Decision | YIELD | None


def _from_top(one: Callable[[State, int], object], label: str) -> Handler:
    """ACT-01: do `one` n times from the top of the deck; "up to n" asks before each. With
    `as` (`bind`), the moved cards are bound as the objects they became."""
    def handler(state: State, frame: Frame, step: object) -> Decision | None:
        n, up_to = size_of(state, frame, step.n), step.up_to  # type: ignore[attr-defined]
        bind = getattr(step, "bind", "")
        if not up_to:
            if bind:
                remember(frame, bind, ())
            for _ in range(max(0, n)):
                _one_from_top(state, frame, one, bind)
            return None
        if not frame.loop:
            frame.loop = [0]
            if bind:
                remember(frame, bind, ())
        while frame.loop[0] < n and state.board.zones[frame.master][Zone.DECK]:
            go_on = ask_yes_no(state, frame, f"{label} another")
            if isinstance(go_on, Decision):
                return go_on
            if not go_on:
                break
            _one_from_top(state, frame, one, bind)
            frame.loop[0] += 1
        frame.loop = []
        return None
    return handler


def _one_from_top(state: State, frame: Frame, one: Callable[[State, int], object],
                  bind: str) -> None:
    deck = state.board.zones[frame.master][Zone.DECK]
    top = deck[0] if deck else None
    one(state, frame.master)
    if bind and top is not None and q.position(top).zone is not Zone.DECK:
        remember(frame, bind, (*q.recall(frame, bind), top))


def _put_top_into(state: State, frame: Frame, step: s.PutTopInto) -> Decision | None:
    """ACT-01: the top n cards of the deck into a zone, face up or face down, one at a time."""
    zone, face_up = Zone(step.zone), step.face_up

    def one(st: State, player: int) -> None:
        deck = st.board.zones[player][Zone.DECK]
        if deck:                                        # as many as there are (ACT-01)
            ops.move_card(st, deck[0], zone, face_up=face_up)
    return _from_top(one, "put")(state, frame, step)  # type: ignore[return-value]


def _look_top(state: State, frame: Frame, step: s.LookTop) -> Decision | None:
    """ACT-02: the looked-at cards stay in the deck as the same objects; "up to" stops early."""
    count = size_of(state, frame, step.n)
    if step.up_to:
        if not frame.loop:
            frame.loop = [0]
        deck_size = len(state.board.zones[frame.master][Zone.DECK])
        while frame.loop[0] < min(count, deck_size):
            go_on = ask_yes_no(state, frame, "look at another")
            if isinstance(go_on, Decision):
                return go_on
            if not go_on:
                break
            frame.loop[0] += 1
        count, frame.loop = frame.loop[0], []
    cards = ops.look_top(state, frame.master, count, reveal=step.reveal)
    if step.reveal:
        frame.revealed.extend(cards)
    remember(frame, step.bind, cards)
    return None


def _damage_cards(face_up: bool) -> Callable[[State, Frame, object], list[int]]:
    def cards(state: State, frame: Frame, step: object) -> list[int]:
        p = player_of(frame, step.player)  # type: ignore[attr-defined]
        pool = q.face_up_damage(state, p) if face_up else q.face_down_damage(state, p)
        return narrow(state, frame, pool, step.where)  # type: ignore[attr-defined]
    return cards


def _soul_cards(state: State, frame: Frame, step: object) -> list[int]:
    p = player_of(frame, step.player)  # type: ignore[attr-defined]
    return narrow(state, frame, list(state.board.zones[p][Zone.SOUL]), step.where)  # type: ignore


def _counter_blast(state: State, frame: Frame, step: s.CounterBlast) -> Decision | None:
    """ACT-16: all or nothing; only cards matching the condition; the named player does it."""
    p = player_of(frame, step.player)
    n = size_of(state, frame, step.n)
    cards = all_or_nothing(state, frame, _damage_cards(True)(state, frame, step), step.distinct, n)
    got = pick_cards(state, frame, cards, n, None, "counter blast", player=p)
    if isinstance(got, Decision):
        return got
    ops.counter_blast(state, p, got, n)
    return None


def _soul_blast(state: State, frame: Frame, step: s.SoulBlast) -> Decision | None:
    """ACT-18: all or nothing, like a counter blast (with `distinct`: n cards of different
    values, or none)."""
    p = player_of(frame, step.player)
    n = size_of(state, frame, step.n)
    cards = all_or_nothing(state, frame, _soul_cards(state, frame, step), step.distinct, n)
    got = pick_cards(state, frame, cards, n, None, "soul blast", player=p)
    if isinstance(got, Decision):
        return got
    ops.soul_blast(state, p, got, n)
    return None


def _counter_charge(state: State, frame: Frame, step: s.CounterCharge) -> Decision | None:
    """ACT-17: turn up to n face-down damage cards face up, as many as possible."""
    got = pick_cards(state, frame, q.face_down_damage(state, frame.master),
                     size_of(state, frame, step.n), None, "counter charge")
    if isinstance(got, Decision):
        return got
    ops.counter_charge(state, frame.master, got)
    return None


def _discard(state: State, frame: Frame, step: s.Discard) -> Decision | None:
    """ACT-03: from whose hand, by cost or by effect, chosen by the owner, the opponent or at
    random (TERM-04: the game's generator, every card equally likely)."""
    owner = player_of(frame, step.player)
    hand = narrow(state, frame, list(state.board.zones[owner][Zone.HAND]), step.where)
    n = size_of(state, frame, step.n)
    if step.chooser == "random" and not step.distinct:
        count = min(n, len(hand))
        chosen = tuple(hand[i] for i in sorted(state.rng.choice(len(hand), count, replace=False)))
    elif step.chooser == "random":            # TERM-04 one at a time among the cards allowed
        picked: list[int] = []
        while True:
            frame.picks = picked
            cands, goal = distinct_candidates(state, frame, hand, step.distinct, n, True)
            cands = [c for c in cands if c not in picked]
            if len(picked) >= goal or not cands:
                break
            picked.append(cands[int(state.rng.integers(len(cands)))])
        chosen, frame.picks = tuple(picked), []
    else:
        chooser = owner if step.chooser == "owner" else 1 - owner
        cands, goal = distinct_candidates(state, frame, hand, step.distinct, n, True)
        got = pick_cards(state, frame, cands, goal, 0 if step.up_to else None, "discard",
                         player=chooser)
        if isinstance(got, Decision):
            return got
        chosen = got
    with ops.batch(state):              # seed 004 §7 ②: the chosen cards go at once
        for card in chosen:             # costs are paid by effects.costs: this is an effect
            ops.discard(state, owner, card, by_cost=False)
    return None


def _discard_grades(state: State, frame: Frame, step: s.DiscardGrades) -> Decision | None:
    """Discard cards one at a time until their grades total `total` or more."""
    hand = tuple(state.board.zones[frame.master][Zone.HAND])
    got = pick_grades(state, frame, Demand(hand, grade_total=step.total))
    if isinstance(got, Decision):
        return got
    for card in got:
        ops.discard(state, frame.master, card, by_cost=False)
    return None


def _reveal(state: State, frame: Frame, step: s.Reveal) -> Decision | None:
    """ACT-09: for a cost, cards chosen from your hand while the cost is paid; for an effect,
    the bound cards until the effect ends."""
    if step.target:
        cards = tuple(select(state, frame, step.target))
    else:
        hand = narrow(state, frame, select(state, frame, step.source), step.where)
        got = pick_cards(state, frame, hand, step.count, None, "reveal")
        if isinstance(got, Decision):
            return got
        cards = got
    ops.reveal(state, frame.master, cards, for_cost=False)
    frame.revealed.extend(cards)
    remember(frame, step.bind, cards)
    return None


def _search(state: State, frame: Frame, step: s.Search) -> Decision | None:
    """ACT-10: a hidden zone may fail to find a card that is there; a public zone may not."""
    zone = Zone(step.zone)
    cards = narrow(state, frame, list(state.board.zones[frame.master][zone]), step.where)
    must = None if zone not in HIDDEN_ZONES and not step.distinct_names else 0
    if step.distinct_names:                  # TERM-05: no name shared with a card found
        answer = state.answer
        taken = frame.picks + ([answer.card] if answer is not None
                               and answer.kind is ActionKind.PICK else [])
        cards = [c for c in cards if c in taken
                 or not any(q.same_name(state, c, t) for t in taken)]
    cards, count = distinct_candidates(state, frame, cards, step.distinct, step.count,
                                       exact=must is None)
    got = pick_cards(state, frame, cards, count, must, f"search {zone.value}")
    if isinstance(got, Decision):
        return got
    remember(frame, step.bind, got)
    ops.searched(state, frame.master, zone, got)
    return None


def _put_into(state: State, frame: Frame, step: s.PutInto) -> Decision | None:
    """Put the targets into a zone, all at once (seed 004 §7 ②); an overDress unit going to the
    bottom of the deck goes with its dress sources in the order its controller picks (OD-07;
    that question ends the batch of the cards moved before it)."""
    zone = Zone(step.zone)
    named = narrow(state, frame, select(state, frame, step.target), step.where)
    targets = [c for c in named if not q.holds_the_vc(state, c, named)]    # LEG-31
    if zone is Zone.ORDER:         # only a set order is put into the order zone (CORE-08)
        targets = [c for c in targets if state.card(c).order_type is OrderType.SET]
    if not frame.loop:
        frame.loop = [0]
    with ops.batch(state):
        while frame.loop[0] < len(targets):
            card = targets[frame.loop[0]]
            sources = q.dress_sources(state, card) if zone is Zone.DECK and not step.top else []
            if sources:
                order = pick_order(state, frame, [card, *sources], "order at the deck bottom")
                if isinstance(order, Decision):
                    return order
                ops.move_group_to_deck_bottom(state, order)
            else:
                ops.put_into(state, card, zone, top=step.top)
            frame.loop[0] += 1
    frame.loop = []
    return None


def _shuffle(state: State, frame: Frame, step: s.Shuffle) -> None:
    ops.shuffle(state, player_of(frame, step.player))


def _heal(state: State, frame: Frame, step: s.Heal) -> Decision | None:
    """ACT-08: chosen damage cards to the drop."""
    got = pick_cards(state, frame, list(state.board.zones[frame.master][Zone.DAMAGE]), step.n,
                     None, "heal")
    if isinstance(got, Decision):
        return got
    for card in got:
        ops.heal(state, frame.master, card)
    return None


def _heal_if_not_ahead(state: State, frame: Frame, step: object) -> Decision | None:
    """CORE-14: heal 1 only if your damage is at least your opponent's."""
    mine = q.damage_count(state, frame.master)
    if mine == 0 or mine < q.damage_count(state, 1 - frame.master):
        return None
    return _heal(state, frame, s.Heal(1))


def _declare_name(state: State, frame: Frame, step: s.DeclareName) -> Decision | None:
    """ACT-25: only existing, unambiguous names can be declared: the choices are exactly the
    card names of the database."""
    names = state.db.all_names()
    got = pick_index(state, frame, len(names), "declare a card name")
    if isinstance(got, Decision):
        return got
    ops.declare_name(state, frame.master, names[got])
    frame.bound[step.bind] = (got,)
    return None


def _mulligan(state: State, frame: Frame, step: object) -> Decision | None:
    """CORE-03: return any number of cards, draw as many, shuffle."""
    p = frame.master
    hand = list(state.board.zones[p][Zone.HAND])
    got = pick_cards(state, frame, hand, len(hand), 0, "mulligan", DecisionKind.MULLIGAN)
    if isinstance(got, Decision):
        return got
    for card in got:
        ops.move_card(state, card, Zone.DECK)
    ops.draw(state, p, len(got))
    ops.shuffle(state, p)
    ops.emit(state, Mulliganed(p, len(got)))
    return None


def _each_card(act: Callable[[State, int], object], moves: bool = False) -> Handler:
    """Build a handler applying an op to every card the step's `target` selects; an op that
    `moves` cards leaves a vanguard where it is (only a ride replaces it)."""
    def handler(state: State, frame: Frame, step: object) -> None:
        cards = select(state, frame, step.target)  # type: ignore[attr-defined]
        held = [c for c in cards if q.holds_the_vc(state, c, cards)] if moves else []  # LEG-31
        with ops.batch(state):        # seed 004 §7 ②: the cards it names move at once
            for card in cards:
                if card not in held:
                    act(state, card)
    return handler


_DRAW = _from_top(lambda st, p: ops.draw(st, p, 1), "draw")


def _draw(state: State, frame: Frame, step: s.Draw) -> Decision | None:
    """ACT-01: draw n, or up to n; `player = "opponent"`: your opponent draws n (the loader
    refuses it in a cost and with up_to)."""
    if step.player == "you":
        got = _DRAW(state, frame, step)
        return got if isinstance(got, Decision) else None
    drawer = player_of(frame, step.player)
    for _ in range(max(0, size_of(state, frame, step.n))):
        ops.draw(state, drawer, 1)
    return None


HANDLERS: dict[type, Handler] = {
    s.Draw: _draw,
    s.Mill: _from_top(lambda st, p: ops.mill(st, p, 1), "mill"),
    s.BindTop: _from_top(lambda st, p: ops.bind_top(st, p, 1), "bind"),
    s.SoulCharge: _from_top(lambda st, p: ops.soul_charge(st, p, 1), "soul charge"),
    s.PutTopInto: _put_top_into,
    s.LookTop: _look_top,
    s.CounterBlast: _counter_blast,
    s.SoulBlast: _soul_blast,
    s.CounterCharge: _counter_charge,
    s.Discard: _discard,
    s.DiscardGrades: _discard_grades,
    s.Reveal: _reveal,
    s.Search: _search,
    s.PutInto: _put_into,
    s.Shuffle: _shuffle,
    s.Heal: _heal,
    rs.HealIfNotAhead: _heal_if_not_ahead,
    s.Bind: _each_card(ops.bind, moves=True),
    s.TurnFaceUp: _each_card(lambda st, c: ops.turn_face(st, c, True)),
    s.TurnFaceDown: _each_card(lambda st, c: ops.turn_face(st, c, False)),
    s.RemoveFromGame: _each_card(lambda st, c: ops.move_card(st, c, Zone.REMOVED), moves=True),
    s.DeclareName: _declare_name,
    rs.Mulligan: _mulligan,
}
