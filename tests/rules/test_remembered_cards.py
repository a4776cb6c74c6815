"""CORE-20: a card named by an earlier step (looked at, revealed, chosen, called) is the object
it was then; once it changes zone it is a new object, and a later step of the same effect that
names it finds it no more. Each test moves a named card by another step (or a cost) and checks
that the later step leaves it where it went."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import cards_in, has_action, pick, unit_at, zone_of

CARDS = Path(__file__).parent / "remembered_cards.toml"
LOOK_TWO, REVEAL_THEN_DISCARD, CHOSEN_THEN_RETIRED, CALLED_THEN_RETURNED, OWN_MOVE, PAIR = range(6)


@pytest.fixture(scope="module")
def rdb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the cards of remembered_cards.toml."""
    return vg.CardDB.load(CARDS, base=db)


def _act(game: vg.Game, index: int) -> None:
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=index))


def _yes(game: vg.Game) -> None:
    assert game.decision.kind is DecisionKind.YES_NO, game.decision
    game.step(pick(game, ActionKind.YES))


def test_CORE_20_look_at_two_one_to_hand_the_other_to_the_deck_bottom(rdb):
    """CORE-20, ACT-02: "look at two, put one into your hand and the other on the bottom of
    your deck": the card put into the hand stays there; only the other goes to the bottom."""
    for keep in (0, 1):
        game = scene(rdb, {"vanguard": V3, "rear": {"front_left": "RM-ARCHIVIST"}})
        top = cards_in(game, 0, Zone.DECK)[:2]
        rest = cards_in(game, 0, Zone.DECK)[2:]
        _act(game, LOOK_TWO)
        assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == set(top)
        game.step(pick(game, ActionKind.PICK, card=top[keep]))
        other = top[1 - keep]
        assert zone_of(game, top[keep]) is Zone.HAND
        assert cards_in(game, 0, Zone.HAND) == [top[keep]]
        assert cards_in(game, 0, Zone.DECK) == [*rest, other]          # the other at the bottom
        assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_CORE_20_ACT_09_a_revealed_card_discarded_by_a_cost_is_not_found_again(rdb):
    """CORE-20, ACT-09: a card revealed from the hand, then discarded by the effect's cost, is a
    new object in the drop: "put the revealed card into your soul" leaves it there. With
    another card discarded, the revealed one still goes."""
    game = scene(rdb, {"vanguard": V3, "rear": {"front_left": "RM-ARCHIVIST"}, "hand": [G2]})
    shown = cards_in(game, 0, Zone.HAND)[0]
    _act(game, REVEAL_THEN_DISCARD)                   # one card: revealed without a question
    _yes(game)                                        # pay: the only card is the revealed one
    assert zone_of(game, shown) is Zone.DROP
    assert not cards_in(game, 0, Zone.SOUL)
    game = scene(rdb, {"vanguard": V3, "rear": {"front_left": "RM-ARCHIVIST"},
                       "hand": [G2, G2]})
    shown, other = cards_in(game, 0, Zone.HAND)
    _act(game, REVEAL_THEN_DISCARD)
    game.step(pick(game, ActionKind.PICK, card=shown))
    _yes(game)
    game.step(pick(game, ActionKind.PICK, card=other))
    assert zone_of(game, other) is Zone.DROP and cards_in(game, 0, Zone.SOUL) == [shown]


def test_CORE_20_CORE_19_a_chosen_unit_retired_by_a_cost_is_not_returned(rdb):
    """CORE-20, CORE-19: a rear-guard chosen by the effect, then retired to pay its cost, is a new
    object in the drop: "return the chosen rear-guard to your hand" finds nothing. Retiring
    another one returns the chosen one."""
    for retire_it in (True, False):
        game = scene(rdb, {"vanguard": V3, "rear": {"front_left": "RM-ARCHIVIST",
                                                    "front_right": G2, "back_right": G2}})
        marked, spare = unit_at(game, 0, Circle.FRONT_RIGHT), unit_at(game, 0, Circle.BACK_RIGHT)
        _act(game, CHOSEN_THEN_RETIRED)
        game.step(pick(game, ActionKind.PICK, card=marked))
        _yes(game)
        fodder = marked if retire_it else spare
        game.step(pick(game, ActionKind.PICK, card=fodder))
        assert zone_of(game, fodder) is Zone.DROP
        if retire_it:
            assert zone_of(game, marked) is Zone.DROP and not cards_in(game, 0, Zone.HAND)
        else:
            assert cards_in(game, 0, Zone.HAND) == [marked]


def test_CORE_20_ACT_07_a_called_unit_returned_to_hand_stays_there(rdb):
    """CORE-20, ACT-07: a unit called by the effect, then returned to the hand by another of its
    steps, is a new object in the hand: "put the called unit into your soul" leaves it there.
    Returning another unit, the called one goes to the soul."""
    for return_it in (True, False):
        game = scene(rdb, {"vanguard": V3, "rear": {"front_left": "RM-ARCHIVIST",
                                                    "front_right": G2}, "hand": [G2]})
        called, other = cards_in(game, 0, Zone.HAND)[0], unit_at(game, 0, Circle.FRONT_RIGHT)
        _act(game, CALLED_THEN_RETURNED)
        game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_RIGHT))
        assert zone_of(game, called) is Zone.RC
        back = called if return_it else other
        game.step(pick(game, ActionKind.PICK, card=back))
        assert zone_of(game, back) is Zone.HAND
        assert zone_of(game, called) is (Zone.HAND if return_it else Zone.SOUL)


def test_CORE_20_a_step_that_moved_a_named_card_leaves_it_where_it_went(rdb):
    """CORE-20 (reading): the name of a looked-at card names the card on the deck; the step that
    put it into the hand made it a new object, so "put that card into your soul" finds it no
    more (following a moved card to where it went would be a reference of its own)."""
    game = scene(rdb, {"vanguard": V3, "rear": {"front_left": "RM-ARCHIVIST"}})
    top = cards_in(game, 0, Zone.DECK)[0]
    _act(game, OWN_MOVE)
    assert zone_of(game, top) is Zone.HAND and not cards_in(game, 0, Zone.SOUL)


def test_CORE_20_OD_07_a_step_paused_between_its_moves_finds_the_same_cards(rdb):
    """CORE-20, OD-07: two overDress units put on the deck bottom, each asking the order of it
    and its source: the question after the first move finds the second unit still named (the
    step's own references follow what it moved while it runs); all four cards go."""
    game = scene(rdb, {"vanguard": V3,
                       "rear": {"front_left": "RM-ARCHIVIST", "front_right": "OV-005",
                                "back_right": "OV-005"},
                       "dress": {"front_right": ["OV-006"], "back_right": ["OV-006"]}})
    units = [unit_at(game, 0, Circle.FRONT_RIGHT), unit_at(game, 0, Circle.BACK_RIGHT)]
    sources = [c for u in units for c in q.dress_sources(game.state, u)]
    _act(game, PAIR)                                  # two units, both chosen at once
    questions = 0
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        assert game.decision.label == "order at the deck bottom"
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
        questions += 1
    assert questions == 2
    assert set(cards_in(game, 0, Zone.DECK)[-4:]) == {*units, *sources}
    assert not q.rear_guards(game.state, 0)[1:]                 # only the Archivist is left
    assert has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))
