"""Determinization (issue 11): a copy with what one player cannot see sampled again, consistent
with what they can see; the observation never leaks what determinization resamples."""

from __future__ import annotations

import esper
import numpy as np
import pytest

import ecs_vanguard as vg
from components import Card, Orientation, Position
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.perspective.knowledge import Knowledge, knowledge
from ecs_vanguard.state import world
from ecs_vanguard.vocab.events import CardMoved
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import ids_in

MATCHES = [("blazing_dragons", "radiant_knights", "standard"),
           ("iron_gate", "dress_dancers", "standard"),
           ("legion_blades", "force_vanguards", "premium"),
           ("accel_strikers", "chain_lockers", "premium")]


def _mid_game(a: str, b: str, fmt: str, seed: int, turn: int) -> vg.Game:
    """Return a heuristic game at the first decision of `turn`."""
    game = vg.Game(vg.Deck.builtin(a), vg.Deck.builtin(b), seed=seed, format=fmt)
    agents = [vg.HeuristicAgent(1), vg.HeuristicAgent(2)]
    while game.turn < turn:
        game.step(agents[game.decision.player].act(game))
    assert not game.over
    return game


def _ids(game: vg.Game, player: int, zone: Zone) -> list[str]:
    return ids_in(game, player, zone)


@pytest.mark.parametrize(("a", "b", "fmt"), MATCHES)
def test_determinize_keeps_every_public_fact_and_the_players_own_cards(a, b, fmt):
    """What the player sees (their view, observation, legal actions) is the same in every
    determinization; the copy is a sound game that plays on to its end."""
    for seed, turn in ((3, 3), (4, 6)):
        game = _mid_game(a, b, fmt, seed, turn)
        for player in (0, 1):
            for k in range(3):
                copy = game.determinize(player, np.random.default_rng(k))
                assert copy.view(player) == game.view(player)
                assert np.array_equal(copy.observation(player), game.observation(player))
                assert _ids(copy, player, Zone.HAND) == _ids(game, player, Zone.HAND)
                assert sorted(_ids(copy, player, Zone.DECK)) == sorted(_ids(game, player, Zone.DECK))
                assert copy.legal_actions() == game.legal_actions()   # either player's
                copy.check_invariants()
        copy = game.determinize(0, 1)
        agents = [vg.RandomAgent(5), vg.RandomAgent(6)]
        while not copy.over:
            copy.step(agents[copy.decision.player].act(copy))
            copy.check_invariants()


def test_determinize_changes_the_hidden_cards_across_seeds():
    """The opponent's hand and the player's own deck order differ between samples; the real
    game is untouched."""
    game = _mid_game("blazing_dragons", "radiant_knights", "standard", 5, 4)
    before = game.state_hash()
    hands = {tuple(_ids(game.determinize(0, k), 1, Zone.HAND)) for k in range(6)}
    decks = {tuple(_ids(game.determinize(0, k), 0, Zone.DECK)) for k in range(6)}
    assert len(hands) > 1 and len(decks) > 1
    assert game.state_hash() == before
    assert game.determinize(0, 7).state_hash() == game.determinize(0, 7).state_hash()
    assert game.determinize(0, 7).state_hash() != game.determinize(0, 8).state_hash()


def test_a_card_seen_going_into_a_hand_stays_there():
    """A drive-checked card that went from the trigger zone to its owner's hand is known to
    both players: it keeps its identity in the opponent's determinizations (ACT-09)."""
    game = _mid_game("blazing_dragons", "radiant_knights", "standard", 8, 6)
    game.switch()
    seen = [e.card for e in game.events if isinstance(e, CardMoved)
            and e.from_zone is Zone.TRIGGER and e.to_zone is Zone.HAND]
    in_hand = {p: [c for c in seen if c in game.state.board.zones[p][Zone.HAND]] for p in (0, 1)}
    owner = 0 if in_hand[0] else 1
    assert in_hand[owner], "the game should have a drive-checked card in a hand"
    card = in_hand[owner][0]
    real = game.state.card(card).id
    for k in range(5):
        copy = game.determinize(1 - owner, k)
        assert copy.state.card(card).id == real
    assert knowledge(game.state, 1 - owner)[card] is Knowledge.KNOWN


def test_a_card_put_into_a_shuffled_deck_stays_in_that_deck(db):
    """The opponent's rear-guard returned to their deck, then shuffled: its identity is
    somewhere in that deck, never in their hand (ACT-11), and not always at the same place."""
    game = (vg.Scenario(db, seed=1)
            .player(0, vanguard="DX-004", hand=["DX-008"])
            .player(1, vanguard="DX-104", rear={"front_left": "DX-106"},
                    hand=["DX-108"] * 3, deck=["DX-107"] * 10)
            .start(turn=3, turn_player=0, phase="main"))
    game.switch()
    unit = game.state.board.circles[1][Circle.FRONT_LEFT][-1]
    ops.zones.move_card(game.state, unit, Zone.DECK, top=True)
    ops.shuffle(game.state, 1)
    assert knowledge(game.state, 0)[unit] is Knowledge.IN_ZONE
    places = set()
    for k in range(12):
        copy = game.determinize(0, k)
        deck, hand = _ids(copy, 1, Zone.DECK), _ids(copy, 1, Zone.HAND)
        assert deck.count("DX-106") == 1 and "DX-106" not in hand
        assert sorted(deck + hand) == sorted(["DX-106"] + ["DX-107"] * 10 + ["DX-108"] * 3)
        places.add(deck.index("DX-106"))
    assert len(places) > 1
    # The owner knows their own card is in the deck too; their hand stays theirs.
    assert _ids(game.determinize(1, 0), 1, Zone.HAND) == ["DX-108"] * 3


def test_observations_differing_only_in_the_opponents_hand_are_equal(db):
    """No leak: two positions that differ only in the opponent's hand look the same to player
    0, while player 1 sees the difference."""
    seen = []
    for hand in (["DX-111", "DX-114", "DX-106"], ["DX-104", "DX-109", "DX-116"]):
        game = (vg.Scenario(db, seed=2)
                .player(0, vanguard="DX-004", rear={"front_left": "DX-006"}, hand=["DX-009"])
                .player(1, vanguard="DX-104", hand=hand, damage=["DX-107"] * 2)
                .start(turn=3, turn_player=0, phase="main"))
        seen.append((game.observation(0), game.observation(1)))
    assert np.array_equal(seen[0][0], seen[1][0])
    assert not np.array_equal(seen[0][1], seen[1][1])


def test_gift_markers_in_a_hand_stay_markers():
    """Protect markers are imaginary cards everyone knows of (CORE-15): a hand holding one
    keeps it in every determinization, and the copy stays sound."""
    from components import GiftMarker

    game = vg.Game(vg.Deck.builtin("force_vanguards"), vg.Deck.builtin("accel_strikers"),
                   seed=4, format="premium")
    agents = [vg.RandomAgent(4), vg.HeuristicAgent(4)]
    game.switch()
    while not any(game.state.board.zones[p][Zone.HAND] and any(
            esper.has_component(c, GiftMarker) for c in game.state.board.zones[p][Zone.HAND])
            for p in (0, 1)):
        game.step(agents[game.decision.player].act(game))
        game.switch()
    owner = next(p for p in (0, 1) if any(esper.has_component(c, GiftMarker)
                                          for c in game.state.board.zones[p][Zone.HAND]))
    markers = sorted(c for c in game.state.board.zones[owner][Zone.HAND]
                     if esper.has_component(c, GiftMarker))
    for k in range(4):
        copy = game.determinize(1 - owner, k)
        assert [copy.state.card(c).id for c in markers] == [game.state.card(c).id
                                                             for c in markers]
        copy.check_invariants()


def test_determinize_refuses_a_player_that_is_not_0_or_1():
    game = _mid_game("blazing_dragons", "radiant_knights", "standard", 1, 1)
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        game.determinize(2, 0)


_HIDDEN_FROM_OPPONENT = (Zone.HAND, Zone.DECK, Zone.RIDE_DECK)


@pytest.mark.parametrize(("a", "b", "fmt"), MATCHES)
def test_determinize_changes_every_kind_of_hidden_card_and_keeps_each_pool(a, b, fmt):
    """Across seeds, the opponent's hand, deck and ride deck and the player's own deck order
    are dealt differently wherever they hold two different cards; the player's own hand and
    ride deck never change, and each pool keeps its cards (no card moves: deck lists known)."""
    game = _mid_game(a, b, fmt, 6, 4)
    game.switch()
    named = {c for action in game.legal_actions() for c in (action.card, action.target)}
    hidden = {(1, zone): [c for c in game.state.board.zones[1][zone] if c not in named]
              for zone in _HIDDEN_FROM_OPPONENT}   # the pending decision's cards stay (module)
    hidden[(0, Zone.DECK)] = list(game.state.board.zones[0][Zone.DECK])
    hidden[(1, Zone.G_ZONE)] = [c for c in game.state.board.zones[1][Zone.G_ZONE]
                                if not q.orientation(c).face_up]
    samples = [game.determinize(0, np.random.default_rng(k)) for k in range(8)]
    tried = 0
    for where, cards in hidden.items():
        if len({game.state.card(c).id for c in cards}) < 2:
            continue
        tried += 1
        assert len({tuple(s.state.card(c).id for c in cards) for s in samples}) > 1, where
    assert tried >= 3
    for s in samples:
        for zone in (Zone.HAND, Zone.RIDE_DECK):
            assert _ids(s, 0, zone) == _ids(game, 0, zone)
        for owner in (0, 1):
            pool = sorted(_ids(s, owner, Zone.HAND) + _ids(s, owner, Zone.DECK))
            assert pool == sorted(_ids(game, owner, Zone.HAND) + _ids(game, owner, Zone.DECK))
            for zone in (Zone.RIDE_DECK, Zone.G_ZONE):
                assert sorted(_ids(s, owner, zone)) == sorted(_ids(game, owner, zone))
            for zone in set(game.state.board.zones[owner]) - {*_HIDDEN_FROM_OPPONENT,
                                                              Zone.G_ZONE}:
                assert _ids(s, owner, zone) == _ids(game, owner, zone), (owner, zone)
            for units in game.state.board.circles[owner].values():
                assert [s.state.card(u).id for u in units] == [game.state.card(u).id
                                                               for u in units]


def test_revealed_and_looked_at_cards_keep_their_identity_for_who_saw_them(db):
    """A card of the opponent's hand revealed to both players stays that card (ACT-09); the
    deck's top cards one player looked at stay where they are for that player only (ACT-02),
    and are somewhere in the deck for them once it is shuffled (ACT-11)."""
    game = (vg.Scenario(db, seed=3)
            .player(0, vanguard="DX-004", hand=["DX-006", "DX-008"])
            .player(1, vanguard="DX-104", hand=["DX-111", "DX-114", "DX-106"],
                    deck=["DX-109", "DX-116", "DX-104", "DX-105", "DX-107", "DX-108"])
            .start(turn=3, turn_player=0, phase="main"))
    game.switch()
    hand = list(game.state.board.zones[1][Zone.HAND])
    ops.reveal(game.state, 1, [hand[1]], for_cost=False)
    ops.end_reveal(game.state, [hand[1]])        # shown, then hidden again: still known
    top = ops.look_top(game.state, 1, 2)
    for k in range(10):
        copy = game.determinize(0, k)
        assert copy.state.card(hand[1]).id == "DX-114"
        mine = game.determinize(1, k)
        assert [mine.state.card(c).id for c in top] == ["DX-109", "DX-116"]
    seen_by_0 = {tuple(game.determinize(0, k).state.card(c).id for c in top) for k in range(10)}
    assert len(seen_by_0) > 1                     # player 0 did not look
    game.switch()                                # determinize made its copies' worlds current
    ops.shuffle(game.state, 1)
    assert {knowledge(game.state, 1)[c] for c in top} == {Knowledge.IN_ZONE}
    assert knowledge(game.state, 0)[hand[1]] is Knowledge.KNOWN


def test_a_determinized_copy_never_changes_the_game_it_came_from():
    """Copy on write: determinizing and playing the copy to its end leaves the game as it was
    (hash, snapshot, card identities), and the game then plays on exactly as a clone made
    before did."""
    game = _mid_game("legion_blades", "force_vanguards", "premium", 2, 5)
    before, snapshot = game.state_hash(), game.to_json()
    identities = list(game.state.defs)
    twin = game.clone()
    copy = game.determinize(0, np.random.default_rng(3))
    assert any(x is not y for x, y in zip(copy.state.defs, identities, strict=True))
    agents = [vg.RandomAgent(8), vg.RandomAgent(9)]
    while not copy.over:
        copy.step(agents[copy.decision.player].act(copy))
    assert game.state_hash() == before and game.to_json() == snapshot
    assert game.state.defs == identities
    for g in (game, twin):
        agents = [vg.RandomAgent(1), vg.RandomAgent(2)]
        for _ in range(60):
            if g.over:
                break
            g.step(agents[g.decision.player].act(g))
    assert game.state_hash() == twin.state_hash()
    assert game.events == twin.events


def test_the_hash_of_a_determinized_copy_is_a_full_recomputation_and_covers_identities():
    """The incremental hash of a determinized copy equals one computed from every entity, at
    once and after each step; it differs from the game's where identities changed, and equal
    seeds give equal hashes."""
    from ecs_vanguard.state import hashing

    game = _mid_game("blazing_dragons", "radiant_knights", "standard", 9, 4)
    game.state_hash()                              # the game's key cache, shared by the copy
    copy = game.determinize(1, np.random.default_rng(4))
    changed = [e for e, (x, y) in enumerate(zip(copy.state.defs, game.state.defs, strict=True))
               if x is not y]
    assert changed
    copy.switch()
    copied = hashing.cards_part(copy.state)
    assert copied == hashing.full_cards_part()
    game.switch()
    assert hashing.cards_part(game.state) == hashing.full_cards_part()
    assert copied != hashing.cards_part(game.state)   # only identities differ in the cards
    assert copy.state_hash() != game.state_hash()
    assert game.determinize(1, 4).state_hash() == game.determinize(1, 4).state_hash()
    agents = [vg.HeuristicAgent(3), vg.RandomAgent(3)]
    for _ in range(40):
        if copy.over:
            break
        copy.step(agents[copy.decision.player].act(copy))
        copy.switch()
        copy.state_hash()
        assert hashing.cards_part(copy.state) == hashing.full_cards_part()


def test_a_redealt_card_gets_its_own_identity_and_shares_the_rest_until_a_write():
    """world.replace: a card whose identity is dealt again has its own Card in the copy, while
    its Position, Orientation and Modifiers stay the original's objects until the copy writes
    them (own); then the copy's write is its own and the game's card is as it was."""
    game = _mid_game("blazing_dragons", "radiant_knights", "standard", 9, 4)
    copy = game.determinize(1, np.random.default_rng(4))
    changed = [e for e, (x, y) in enumerate(zip(copy.state.defs, game.state.defs, strict=True))
               if x is not y]
    assert changed
    entity = changed[0]
    game.switch()
    theirs = dict(esper._entities[entity])
    copy.switch()
    mine = esper._entities[entity]
    assert mine[Card] != theirs[Card] and mine[Card].card_id == copy.state.defs[entity].id
    for kind in (Position, Orientation):
        assert mine[kind] is theirs[kind]
    world.writable_orientation(copy.state, entity).rested = not theirs[Orientation].rested
    game.switch()
    assert esper._entities[entity][Orientation] is theirs[Orientation]
    assert esper._entities[entity][Card] == theirs[Card]
    with pytest.raises(AssertionError):
        copy.switch()
        world.replace(copy.state, entity, Position(0, theirs[Position].zone, None, 0))
