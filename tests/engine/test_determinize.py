"""Determinization (issue 11): a copy with what one player cannot see sampled again, consistent
with what they can see; the observation never leaks what determinization resamples."""

from __future__ import annotations

import esper
import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard import ops
from ecs_vanguard.events import CardMoved
from ecs_vanguard.knowledge import Knowledge, knowledge
from ecs_vanguard.zones import Circle, Zone
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
