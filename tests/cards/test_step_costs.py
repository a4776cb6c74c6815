"""Any step as a cost (issue 39 §3): the steps from the top of the deck, counter_charge and
stand are costs paid all or nothing (CORE-19), jointly with the other steps of the cost.
Corpus LX-CS01..CS03 (tests/cards/corpus/step_costs.toml)."""

from __future__ import annotations

import pytest

from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, refused_file, scene
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
)


def test_LX_CS01_the_deck_top_goes_to_damage_face_down_as_the_cost(ldb):
    game = scene(ldb, {"vanguard": "LX-CS01", "deck": [V3, G2, G2]})
    top = cards_in(game, 0, Zone.DECK)[0]
    hand = len(cards_in(game, 0, Zone.HAND))
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert cards_in(game, 0, Zone.DAMAGE) == [top] and not is_face_up(game, top)
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 1
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000


def test_LX_CS01_an_empty_deck_cannot_pay(ldb):
    """Nothing to put into the damage zone: the act is not offered (no partial payment)."""
    game = scene(ldb, {"vanguard": "LX-CS01", "deck": []})
    assert not has_action(game, ActionKind.ACT)


@pytest.mark.parametrize("deck,paid", [(3, True), (2, True), (1, False)])
def test_LX_CS02_soul_charge_two_is_paid_in_full_or_not_at_all(ldb, deck, paid):
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-CS02"], "deck": [G2] * deck})
    novice = card_named(game, 0, Zone.HAND, "LX-CS02")
    game.step(pick(game, ActionKind.CALL, card=novice, circle=Circle.BACK_LEFT))
    if paid:
        game.step(pick(game, ActionKind.YES))
    assert not has_action(game, ActionKind.YES)
    assert len(cards_in(game, 0, Zone.SOUL)) == (2 if paid else 0)
    assert len(cards_in(game, 0, Zone.DECK)) == deck - (2 if paid else 0)
    assert power_of(game, novice) == (13000 if paid else 8000)


@pytest.mark.parametrize("rested,face_down,offered", [
    (True, 1, True), (False, 1, False), (True, 0, False)])
def test_LX_CS03_counter_charge_and_stand_together(ldb, rested, face_down, offered):
    """Both steps must be payable: a face-down damage card and this unit at rest."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-CS03"}, "damage": [G2, G2],
                       "damage_face_down": face_down,
                       "rested": ["front_left"] if rested else []})
    sentinel = unit_at(game, 0, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.ACT, card=sentinel) is offered
    if not offered:
        return
    game.step(pick(game, ActionKind.ACT, card=sentinel))
    assert all(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))
    assert not is_rested(game, sentinel) and power_of(game, sentinel) == 13000


CARD = '[[card]]\nid = "SC-1"\nnames = ["Cost Card"]\ngrade = 1\npower = 8000\n'
ACT = '[[card.ability]]\nkind = "act"\nzones = ["rc"]\neffect = []\ncost = [{cost}]\n'
BAD = [
    ("up to in a cost", '{ op = "soul_charge", n = 2, up_to = true }', "cost[0].up_to",
     "paid in full"),
    ("naming a cost's cards", '{ op = "mill", n = 1, as = "milled" }', "cost[0].as",
     "cannot be named"),
    ("a zone the deck top cannot go to", '{ op = "put_top_into", zone = "deck" }',
     "cost[0].zone", "not one of: damage, soul, drop, bind, hand"),
    ("a step that is no cost", '{ op = "search", zone = "deck" }', "cost[0].op",
     "cannot be a cost"),
]


@pytest.mark.parametrize("what,cost,field,reason", BAD, ids=[b[0] for b in BAD])
def test_a_wrong_step_cost_is_one_line(tmp_path, ldb, what, cost, field, reason):
    refused_file(tmp_path, CARD + ACT.format(cost=cost), ldb, field, reason)


@pytest.mark.parametrize("deck", [3, 1])
def test_LX_CS04_put_top_into_as_an_effect_puts_as_many_as_there_are(ldb, deck):
    """As an effect the step does what it can (ACT-01): one card of a one-card deck; `as`
    names what it moved, so "if two were put" reads it."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-CS04"], "deck": [G2] * deck})
    hand = len(cards_in(game, 0, Zone.HAND))
    imp = card_named(game, 0, Zone.HAND, "LX-CS04")
    game.step(pick(game, ActionKind.CALL, card=imp, circle=Circle.BACK_LEFT))
    bound = cards_in(game, 0, Zone.BIND)
    assert len(bound) == min(deck, 2) and not any(is_face_up(game, c) for c in bound)
    assert len(cards_in(game, 0, Zone.HAND)) == hand - 1 + (1 if deck >= 3 else 0)
