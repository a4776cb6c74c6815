"""Invariants of the board and the game's course: cards conserved and in one place, sizes,
turn, battle, every mechanic's links, pending work, game over iff lost."""

from __future__ import annotations

from typing import cast

import esper

from components import (
    DressSource,
    GiftMarker,
    HeartLink,
    Imprisoned,
    LegionLink,
    Locked,
    Position,
    Token,
)
from ecs_vanguard.cards.timing_steps import Delay
from ecs_vanguard.derived import query as q
from ecs_vanguard.effects.gifts import PROTECT_CARD
from ecs_vanguard.effects.runtime import steps_of
from ecs_vanguard.ops.units import EXTRA_TURN
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.events import GameEnded, PlayerStateEntered
from ecs_vanguard.vocab.formats import BattleStep, Phase, UnitType
from ecs_vanguard.vocab.limits import LIMIT_END_CODES
from ecs_vanguard.vocab.zones import (
    ACCEL_CIRCLES,
    FRONT_ROW,
    REAR_CIRCLES,
    Circle,
    Zone,
)

_Place = tuple[int, object, object]  # (owner, zone, circle) of one card
_BASE_CIRCLES = frozenset({Circle.VC, *REAR_CIRCLES})
_MARKER_ZONES = frozenset({Zone.HAND, Zone.GC, Zone.REMOVED})
_REAR = frozenset(REAR_CIRCLES)
_LOSS_CODES = frozenset({"damage", "deck_out", "damage_and_deck_out"})
_FRONT_RC = FRONT_ROW - {Circle.VC}
_TOKEN_ZONES = frozenset({Zone.VC, Zone.RC, Zone.GC, Zone.REMOVED})
_REAR_AND_ACCEL = frozenset({*REAR_CIRCLES, *ACCEL_CIRCLES})
_ACCEL = frozenset(ACCEL_CIRCLES)
# Board.empty's circles in their order: a board whose circle keys are exactly these (a tuple
# compare, in C) has no extra circle, and needs no set built to say so.
_BASE_ORDER = (Circle.VC, *REAR_CIRCLES)



def _exists(state: State, card: int) -> bool:
    return 0 < card < len(state.defs) and state.defs[card] is not None


def _board_places(state: State) -> tuple[dict[int, _Place], int]:
    """Return where the Board lists each card, and how many listings there are in all."""
    places: dict[int, _Place] = {}
    listed = 0
    for p in (0, 1):
        for zone, cards in state.board.zones[p].items():
            if cards:  # most zones are empty: skipping them halves the cost
                listed += len(cards)
                place: _Place = (p, zone, None)
                for c in cards:
                    places[c] = place
                if zone is Zone.DRESS:  # sources keep their unit's circle (check_dress_sources)
                    places.update((c, (p, zone, q.position(c).circle)) for c in cards)
        for circle, units in state.board.circles[p].items():
            if units:
                listed += len(units)
                place = (p, Zone.VC if circle is Circle.VC else Zone.RC, circle)
                for c in units:
                    places[c] = place
    return places, listed


def check_cards_conserved(state: State) -> None:
    """Each player owns as many cards as their deck list gave them, gift markers and tokens
    aside (CORE-02, CORE-15, TOK-01)."""
    if state.decks[0] is None:
        return  # a Scenario position: no deck list to compare with
    owners = [p.owner for _, p in esper.get_component(Position)]
    markers, tokens = esper.get_component(GiftMarker), esper.get_component(Token)
    extra: list[int] = []
    if markers or tokens:  # most games make neither
        made = {e for e, _ in markers} | {e for e, _ in tokens}
        extra = [q.position(e).owner for e in made]  # markers and tokens are made, not dealt
    for p, deck in enumerate(cast("tuple[Deck, Deck]", state.decks)):
        owned = owners.count(p) - extra.count(p)
        expected = len(deck.main) + len(deck.g_deck)
        assert owned == expected, f"player {p} owns {owned} cards, not {expected}"


def check_one_zone_per_card(state: State) -> None:
    """Every card is listed exactly once, in the zone and circle its Position names, on its
    owner's side (an imprisoned card on its jailer's, PRI-01) (CORE-01)."""
    if not _listed_where_positioned(state):
        _name_the_misplaced_card(state)


def _listed_where_positioned(state: State) -> bool:
    """The check itself, without building a map of either side (it runs after every step of
    the fuzzer): every listing's card has a Position naming that list's side (its jailer's, if
    imprisoned), zone and circle, and there are as many listings as distinct listed cards and as
    cards with a Position, so each card is listed once, where its Position says."""
    jailers = {e: jail.by for e, jail in esper.get_component(Imprisoned)}
    jailed = bool(jailers)  # most games imprison nobody: then no per-card look at `jailers`
    # Each card's component dict read inline: a call of q.position per card was most of the cost.
    entities, position = esper._entities, Position
    listed: list[int] = []
    try:
        for p in (0, 1):
            for zone, cards in state.board.zones[p].items():
                if cards:  # most zones are empty
                    listed += cards
                    for c in cards:
                        pos = entities[c][position]
                        # dress sources keep their unit's circle (check_dress_sources)
                        if pos.zone is not zone or (pos.circle is not None
                                                    and zone is not Zone.DRESS):
                            return False
                        # PRI-01: an imprisoned card is on its jailer's side. The usual card, its
                        # owner's and free, costs no call of jailers.get
                        if ((pos.owner != p or jailed and c in jailers)
                                and jailers.get(c, pos.owner) != p):
                            return False
            for circle, units in state.board.circles[p].items():
                if units:
                    listed += units
                    zone = Zone.VC if circle is Circle.VC else Zone.RC
                    for c in units:
                        pos = entities[c][position]
                        if pos.circle is not circle or pos.zone is not zone:
                            return False
                        if ((pos.owner != p or jailed and c in jailers)
                                and jailers.get(c, pos.owner) != p):
                            return False
    except KeyError:  # a listed entity that is not a card, or has no Position
        return False
    return len(listed) == len(set(listed)) == len(esper.get_component(Position))


def _name_the_misplaced_card(state: State) -> None:
    """Raise AssertionError naming a card listed elsewhere than its Position says, or how many
    are listed twice."""
    places, listed = _board_places(state)
    actual = {e: (p.owner, p.zone, p.circle) for e, p in esper.get_component(Position)}
    for e, jail in esper.get_component(Imprisoned):
        actual[e] = (jail.by, *actual[e][1:])  # PRI-01: listed in the jailer's order zone
    for e in sorted(set(places) | set(actual)):
        assert places.get(e) == actual.get(e), (
            f"card {e} is at {actual.get(e)} but listed at {places.get(e)}"
        )
    assert listed == len(places), f"{listed - len(places)} card(s) are listed more than once"
    raise AssertionError("the board's lists and the cards' Positions disagree")  # never silent


def check_unique_objects(state: State) -> None:
    """No two cards share an object id, and every id was handed out (CORE-20)."""
    positions = esper.get_component(Position)
    objs = {p.obj for _, p in positions}
    if len(objs) != len(positions):
        all_objs = [p.obj for _, p in positions]
        dup = sorted({o for o in all_objs if all_objs.count(o) > 1})
        raise AssertionError(f"duplicate object ids {dup}")
    assert max(objs, default=0) <= state.next_obj, "an object id above next_obj"


def check_circles_after_rule_actions(state: State) -> None:
    """With a decision pending and no ability resolving, no RC holds two units (CORE-17)."""
    if state.decision is None or state.stack:
        return
    for p in (0, 1):
        circles = state.board.circles[p]
        if max(map(len, circles.values()), default=0) <= 1:
            continue  # the usual board, no circle holding two: nothing to name, in C
        for circle, units in circles.items():
            if circle is not Circle.VC:  # VC: check_zone_sizes
                assert len(units) <= 1, f"player {p}: {len(units)} units on {circle.value}"


def check_zone_sizes(state: State) -> None:
    """VC holds one card, trigger zone and order area at most one, GC only in a battle, accel
    circles and G zone only where the format has them (CORE-01, CORE-08, CORE-10, CORE-15)."""
    for p in (0, 1):
        zones, circles = state.board.zones[p], state.board.circles[p]
        vc = circles[Circle.VC]
        if len(vc) != 1:  # hearts are on VC too but not units (HRT-01); a legion is two (LEG-08)
            units = set(q.units(state, p))
            on_vc = [u for u in vc if u in units]
            legion = len(on_vc) == 2 and all(esper.has_component(u, LegionLink) for u in on_vc)
            assert len(on_vc) == 1 or legion, f"player {p}: not one vanguard in {vc}"
        trigger = zones[Zone.TRIGGER]
        assert len(trigger) <= 1, f"player {p}: {len(trigger)} in trigger"
        assert len(zones[Zone.ORDER_AREA]) <= 1, f"player {p}: two orders played at once"
        if state.battle is None:
            assert not zones[Zone.GC], f"player {p}: guardians outside a battle"
            # skill damage checks outside a battle hold the card only while their trigger resolves
            assert not trigger or state.stack, f"player {p}: a checked card left over"
        if tuple(circles) != _BASE_ORDER:  # else no extra circle
            extra = set(circles) - _BASE_CIRCLES
            assert extra <= _ACCEL, f"player {p}: unknown circles {extra}"
            assert not extra or state.rules.imaginary_gifts, (
                f"player {p}: accel circles in standard")
        assert state.rules.g_deck_allowed or not zones[Zone.G_ZONE], f"player {p}: a G zone card"


def check_turn_order(state: State) -> None:
    """Turns alternate from the first player, within the turn limit, one order a turn, no battle
    in the first turn (CORE-04, CORE-08, CORE-16)."""
    t = state.turn
    assert t.player in (0, 1) and t.first_player in (0, 1), f"bad players in {t}"
    if t.phase is Phase.SETUP:
        assert t.turn == 0, f"turn {t.turn} during set-up"
        return
    assert 1 <= t.turn <= state.rules.turn_limit, f"turn {t.turn} of {state.rules.turn_limit}"
    expected = t.first_player if t.turn % 2 == 1 else 1 - t.first_player
    if t.player != expected:
        expected = _owner_after_extra_turns(state)
    assert t.player == expected, f"turn {t.turn} belongs to player {expected}, not {t.player}"
    assert max(t.orders_played) <= 1, f"orders played this turn: {t.orders_played}"
    assert t.turn > 1 or t.phase is not Phase.BATTLE, "a battle phase in the first turn"


def _owner_after_extra_turns(state: State) -> int:
    """The turn's player when extra turns were taken: each one granted (logged when granted)
    and no longer pending has been taken, and shifts the alternation by one. Read only when
    the plain alternation fails, so the usual check costs nothing."""
    t = state.turn
    granted = sum(isinstance(e, PlayerStateEntered) and e.name == EXTRA_TURN
                  for e in state.events)
    pending = sum(name == EXTRA_TURN for states in state.player_states for name, _, _ in states)
    taken = granted - pending
    return t.first_player if (t.turn - taken) % 2 == 1 else 1 - t.first_player


def check_battle(state: State) -> None:
    """A battle exists exactly between the attack and close steps (the close step's autos
    resolve after it ended: stage 1), between units of the two players, its guardians on the
    defender's GC (CORE-09..13)."""
    t, b = state.turn, state.battle
    closed = t.step is BattleStep.CLOSE and t.stage == 1
    between = t.phase is Phase.BATTLE and t.step is not BattleStep.ATTACK and not closed
    assert (b is not None) == between, f"battle {b} in phase {t.phase.value}, step {t.step}"
    if b is None:
        return
    assert b.player == t.player, f"player {b.player} attacks in player {t.player}'s turn"
    assert q.position(b.attacker).owner == b.player, f"attacker {b.attacker} is not theirs"
    assert q.position(b.target).owner == 1 - b.player, f"target {b.target} is not the opponent's"
    gc = state.board.zones[1 - b.player][Zone.GC]
    assert set(b.guardians) <= set(gc), f"guardians {sorted(b.guardians)} not on GC {gc}"


def check_order_area(state: State) -> None:
    """A card is in the order area exactly while its order resolves on the stack (CORE-08)."""
    playing = {(f.master, f.source) for f in state.stack if f.is_order}
    for p in (0, 1):
        for card in state.board.zones[p][Zone.ORDER_AREA]:
            assert (p, card) in playing, f"order {card} of player {p} waits with nothing to resolve"


def check_gifts(state: State) -> None:
    """Protect markers only in hand, GC or removed; Force on existing circles; gifts in premium
    only (CORE-15)."""
    for e, _ in esper.get_component(GiftMarker):
        assert state.card(e).id == PROTECT_CARD, f"marker {e} is {state.card(e).id}"
        assert q.position(e).zone in _MARKER_ZONES, f"marker {e} in {q.position(e).zone}"
        assert state.rules.imaginary_gifts, "a gift marker in a format without gifts"
    for p in (0, 1):
        force = state.force[p]
        assert not force or state.rules.imaginary_gifts, "force markers in a format without gifts"
        for circle, n in force.items():
            assert circle in state.board.circles[p] and n >= 1, f"player {p}: force {n} on {circle}"


def check_deleted_vanguards(state: State) -> None:
    """Only face-down vanguards are deleted (CORE-21)."""
    for card in state.deleted:
        assert q.position(card).zone is Zone.VC, f"deleted card {card} is not a vanguard"
        assert not q.orientation(card).face_up, f"deleted vanguard {card} is face up"


def check_locked_cards(state: State) -> None:
    """Locked cards are face down on an RC (ACT-23)."""
    for e, _ in esper.get_component(Locked):
        assert q.position(e).zone is Zone.RC, f"locked card {e} in {q.position(e).zone}"
        assert not q.orientation(e).face_up, f"locked card {e} is face up"


def check_dress_sources(state: State) -> None:
    """Dress sources are in the dress zone, each linked to a unit of its owner on the field, on
    that unit's RC (OD-03, OD-04, OD-12)."""
    links = dict(esper.get_component(DressSource))
    for p in (0, 1):
        for card in state.board.zones[p][Zone.DRESS]:
            link = links.pop(card, None)
            assert link is not None, f"dress source {card} of player {p} has no unit"
            unit = q.position(link.unit)
            assert unit.owner == p and unit.zone in (Zone.RC, Zone.GC), (
                f"dress source {card} of player {p} under card {link.unit} in {unit.zone}"
            )
            where = q.position(card).circle
            assert unit.zone is not Zone.RC or where is unit.circle, (
                f"dress source {card} on {where}, its unit {link.unit} on {unit.circle}"
            )
    assert not links, f"cards {sorted(links)} linked as dress sources outside the dress zone"


def check_hearts(state: State) -> None:
    """Hearts are on their owner's VC under a G unit there, at most one of them chosen (HRT-01,
    STR-08)."""
    chosen: dict[int, int] = {}
    for e, link in esper.get_component(HeartLink):
        pos = q.position(e)
        vc = state.board.circles[pos.owner][Circle.VC]
        assert pos.zone is Zone.VC and link.g_unit in vc, f"heart {e} not under {link.g_unit}"
        g_unit = state.card(link.g_unit)
        assert g_unit.unit_type is UnitType.G_UNIT, f"heart {e} under {g_unit.id}, no G unit"
        chosen[link.g_unit] = chosen.get(link.g_unit, 0) + link.chosen
    assert max(chosen.values(), default=0) <= 1, f"G units with two chosen hearts: {chosen}"


def check_tokens(state: State) -> None:
    """Tokens exist only on circles; anywhere else they are removed from the game (TOK-01,
    TOK-03)."""
    for e, _ in esper.get_component(Token):
        zone = q.position(e).zone
        assert zone in _TOKEN_ZONES, f"token {e} in {zone}"


def check_imprisoned(state: State) -> None:
    """Imprisoned cards are the opponent's, in the jailer's order zone; after rule actions that
    zone has a Prison (PRI-01, PRI-04)."""
    quiet = state.decision is not None and not state.stack
    for e, jail in esper.get_component(Imprisoned):
        pos = q.position(e)
        assert pos.zone is Zone.ORDER and pos.owner != jail.by, f"imprisoned {e} at {pos}"
        assert not quiet or q.prisons(state, jail.by), (
            f"card {e} imprisoned by player {jail.by}, who has no Prison"
        )


def check_pending_work(state: State) -> None:
    """Frames and pending autos name existing cards and abilities in the CardDB; an auto waits
    for its card's owner (CORE-18; a granted ability runs under the granter's id, ACT-22)."""
    for f in state.stack:
        assert _exists(state, f.source) and f.card_id in state.db, f"frame {f}"
        assert f.master in (0, 1) and f.stage in (0, 1, 2), f"frame {f}"
    for a in state.pending_autos:
        assert _exists(state, a.source) and a.card_id in state.db, f"auto {a}"
        assert a.player == q.position(a.source).owner, f"auto {a} of another player's card"
    for d in state.delayed:                              # ops.timing: plain, whole records
        assert _exists(state, d.source) and d.card_id in state.db and d.player in (0, 1), \
            f"delayed effect {d}"
        assert len(d.names) == len(d.cards) == len(d.objs) and all(
            _exists(state, c) for cards in d.cards for c in cards), f"delayed effect {d}"
        assert all(isinstance(name, str) and type(where) is str and where[:2] in ("0:", "1:")
                   for name, where in d.circles), f"delayed effect {d.id}: circles {d.circles}"
        origin = Frame(d.source, d.card_id, d.ability, d.player, context=d.context)
        steps = steps_of(state, origin)[0]
        assert 0 <= d.pc < len(steps) and isinstance(steps[d.pc], Delay), (
            f"delayed effect {d.id}: step {d.pc} of {d.card_id}'s ability is no delay step")
    for key, counts in state.ability_records.items():
        assert len(key) == 3 and key[1] in state.db and all(
            isinstance(n, int) and n > 0 for _, n in counts), f"ability record {key}"


def check_game_over_iff_lost(state: State) -> None:
    """The game is over exactly when a loss condition held at a check timing or a limit was
    reached; the winner is the one who did not lose, GameEnded last in the log (CORE-16)."""
    last = state.events[-1] if state.events else None
    if not state.over:
        if not state.stack:  # while an ability resolves, a loss waits for the check timing
            losers = _losers(state)
            assert not losers, f"player(s) {losers} lost at a quiet decision"
        assert state.decision is not None, "the game is neither over nor waiting for a decision"
        assert not isinstance(last, GameEnded), "GameEnded logged but the game goes on"
        return
    assert state.decision is None, "a decision is pending in a finished game"
    assert last == GameEnded(state.winner, state.end_reason), f"last event {last}"
    losers = _losers(state)
    if state.end_code in LIMIT_END_CODES:
        assert state.winner is None, f"{state.end_code} ended the game, but {state.winner} won"
        return
    assert losers, f"over without a loss: {state.end_code} ({state.end_reason})"
    assert state.end_code in _LOSS_CODES, f"unknown end code {state.end_code!r}"
    winner = None if len(losers) == 2 else 1 - losers[0]
    assert state.winner == winner, f"winner {state.winner}, but player(s) {losers} lost"


def _losers(state: State) -> list[int]:
    """The players a loss condition holds for: enough damage, or no deck (CORE-16)."""
    return [
        p
        for p in (0, 1)
        if q.damage_count(state, p) >= state.rules.damage_to_lose
        or not state.board.zones[p][Zone.DECK]
    ]


def check_legion_links(state: State) -> None:
    """Legion partners link each other, both on the same VC, exactly one the leader (LEG-08,
    LEG-09)."""
    for card, link in sorted(esper.get_component(LegionLink)):
        other = esper.try_component(link.partner, LegionLink)
        assert other is not None and other.partner == card, f"legion link {card} is one-sided"
        assert other.leader != link.leader, f"legion {card}/{link.partner} has not one leader"
        pos, other_pos = q.position(card), q.position(link.partner)
        assert pos.zone is Zone.VC and other_pos.zone is Zone.VC and pos.owner == other_pos.owner, (
            f"legion {card}/{link.partner} not together on a VC")
