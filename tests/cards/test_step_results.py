"""What a step did (issue 39 §4): `as` on a step without a name of its own names the cards its
events named once it ran, followed as the objects they are then (CORE-20). Corpus LX-W01..W02
(tests/cards/corpus/step_results.toml)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, refused_file, scene
from tests.helpers import card_named, cards_in, ids_in, pick, power_of, unit_at


@pytest.mark.parametrize("locked", [0, 1, 2])
def test_LX_W01_draws_as_many_as_were_unlocked(ldb, locked):
    circles = ["back_left", "back_right"][:locked]
    game = scene(ldb, {"vanguard": "LX-W01", "damage": [G2], "deck": [G2] * 6,
                       "locked": {c: G2 for c in circles}})
    hand = len(cards_in(game, 0, Zone.HAND))
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert len(cards_in(game, 0, Zone.HAND)) == hand + locked
    assert not any(q.is_locked(card) for c in circles
                   for card in game.state.board.circles[0][Circle(c)])


def test_LX_W02_only_the_units_it_stood_get_power(ldb):
    """Two rear-guards at rest and one standing: the two stood get +2000, the standing one
    (not stood by it: ACT-12) and the Bugler itself (called standing) do not."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-W02"],
                       "rear": {"front_left": G2, "front_right": G2, "back_center": G2},
                       "rested": ["front_left", "front_right"]})
    bugler = card_named(game, 0, Zone.HAND, "LX-W02")
    game.step(pick(game, ActionKind.CALL, card=bugler, circle=Circle.BACK_LEFT))
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 12000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 12000
    assert power_of(game, unit_at(game, 0, Circle.BACK_CENTER)) == 10000
    assert power_of(game, bugler) == 7000


CARD = '[[card]]\nid = "WR-1"\nnames = ["Result Card"]\ngrade = 1\npower = 8000\n'
ACT = '[[card.ability]]\nkind = "act"\nzones = ["rc"]\n'
BAD = [
    ("as on a cost step", ACT + 'cost = [{ op = "rest", target = "self", as = "r" }]\n',
     "cost[0].as", "a cost's cards cannot be named"),
    ("as on if", ACT + 'effect = [{ op = "if", condition = [], then = [], as = "x" }]\n',
     "effect[0].as", "holds other steps"),
    ("as not a name", ACT + 'effect = [{ op = "stand", target = "self", as = "two words" }]\n',
     "effect[0].as", "a name"),
    ("as shadowing a selector",
     ACT + 'effect = [{ op = "stand", target = "self", as = "your_hand" }]\n',
     "effect[0].as", "shadows a selector"),
    ("recall over a bad window", ACT + 'effect = [{ op = "recall", when = { event = '
     '"card_discarded" }, window = "ever", as = "x" }]\n', "effect[0].window", "not one of"),
    ("recall of an unknown event", ACT + 'effect = [{ op = "recall", when = { event = '
     '"card_burned" }, as = "x" }]\n', "effect[0].when.event", "unknown event"),
    ("recall with a bad card filter", ACT + 'effect = [{ op = "recall", when = { event = '
     '"card_discarded", card = { grdae = 3 } }, as = "x" }]\n', "effect[0].when.card.grdae",
     "unknown filter"),
]


@pytest.mark.parametrize("what,body,field,reason", BAD, ids=[b[0] for b in BAD])
def test_a_wrong_as_is_one_line(tmp_path, ldb, what, body, field, reason):
    refused_file(tmp_path, CARD + body, ldb, field, reason)


def test_as_does_not_let_a_looping_step_into_for_each(tmp_path, ldb):
    """for_each refuses deal_damage (ACT-28) with or without `as` on it."""
    path = tmp_path / "bad.toml"
    path.write_text(CARD + ACT + 'effect = [{ op = "for_each", count = "your_soul", do = ['
                    '{ op = "deal_damage", n = 1, as = "dealt" }] }]\n')
    with pytest.raises(CardDataError, match="cannot repeat inside for_each"):
        vg.CardDB.load(path, base=ldb)


def _act(game: vg.Game, index: int) -> None:
    vanguard = unit_at(game, 0, Circle.VC)
    acts = [a for a in game.decision.actions if a.kind is ActionKind.ACT and a.card == vanguard]
    game.step(acts[index])


def test_LX_W03_recall_names_the_card_last_discarded_for_a_cost(ldb):
    """Two cards discarded for the cost (G2, then V3): the recall of the most recent finds V3 in
    the drop and puts it into the soul; G2 stays."""
    game = scene(ldb, {"vanguard": "LX-W03", "hand": [G2, V3], "deck": ["DX-007"] * 5})
    for card_id in (G2, V3):
        _act(game, 0)
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, card_id)))
    assert sorted(ids_in(game, 0, Zone.DROP)) == sorted([G2, V3])
    _act(game, 1)
    assert ids_in(game, 0, Zone.SOUL) == [V3] and ids_in(game, 0, Zone.DROP) == [G2]


def test_LX_W03_recall_finds_nothing_when_nothing_happened(ldb):
    game = scene(ldb, {"vanguard": "LX-W03", "hand": [G2]})
    _act(game, 1)
    assert cards_in(game, 0, Zone.SOUL) == [] and ids_in(game, 0, Zone.HAND) == [G2]
