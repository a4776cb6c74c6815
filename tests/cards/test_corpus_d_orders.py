"""Study of Link Joker and D orders (2026-12), product 2: the Brandt Gate main units of D-BT01
that use set orders (tests/cards/corpus/p_d_orders.toml, ids PO-001..012): the World line and the
Prison units. Each test plays the card's effect in a position built for it and a position where
its condition or cost fails. A World's content is WLD-01 (one World alone in an only-Worlds
order zone: Dark Night; two or more: Abyssal Dark Night); imprisoning needs a Prison (PRI-01)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import attack, no_guard
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    ids_in,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)

ORDEVEIL, AGRETTE, CHEVRANT, BOMBIX, FAIRLYNX = "PO-001", "PO-002", "PO-003", "PO-004", "PO-005"
CUBITH, DRUMMOR, GOLDDAGGER, VIGIL, ROUTHE = "PO-006", "PO-007", "PO-008", "PO-009", "PO-010"
RELOADER, PHOBEL = "PO-011", "PO-012"
PRISON = "PH-015"                       # the D-SD05 study's Prison set order
NIGHTS = {"blank": [], "dark_night": [VIGIL], "abyssal_dark_night": [VIGIL, VIGIL],
          "not_only_worlds": [VIGIL, PRISON]}


def _content(game: vg.Game, player: int = 0) -> str:
    worlds = q.worlds(game.state, player)
    return q.world_content(game.state, worlds[0]) if worlds else "blank"


def _yes(game: vg.Game) -> None:
    """Answer an optional cost's question yes."""
    game.step(pick(game, ActionKind.YES))


def _pay(game: vg.Game) -> None:
    """Pay a counter or soul blast that asks which cards: the first ones offered."""
    while game.decision.label in ("counter blast", "soul blast"):
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))


def test_the_world_positions_of_the_study(ldb):
    """WLD-01 as the tests below use it: one Vigil alone is Dark Night, two Abyssal Dark Night,
    a Vigil beside a Prison blank (not only Worlds)."""
    for night in ("dark_night", "abyssal_dark_night"):
        assert _content(scene(ldb, {"vanguard": V3, "order_zone": NIGHTS[night]})) == night
    assert _content(scene(ldb, {"vanguard": V3, "order_zone": NIGHTS["not_only_worlds"]})) \
        == "blank"


@pytest.mark.parametrize(("night", "turn_player", "power"), [
    ("dark_night", 0, 18000), ("abyssal_dark_night", 0, 18000), ("blank", 0, 13000),
    ("not_only_worlds", 0, 13000), ("abyssal_dark_night", 1, 13000)])
def test_PO_001_plus_5000_in_dark_night_on_your_turn(ldb, night, turn_player, power):
    """VC and RC: +5000 on your turn in Dark Night or Abyssal Dark Night; with no World, a World
    beside a Prison, or in the opponent's turn, the printed 13000."""
    game = scene(ldb, {"vanguard": ORDEVEIL, "rear": {"front_left": ORDEVEIL},
                       "order_zone": NIGHTS[night]}, turn_player=turn_player)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == power
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_PO_001_act_calls_three_shadow_army_tokens_in_abyssal_dark_night(ldb):
    """Abyssal Dark Night, CB2: three tokens (grade 1, 15000) on three chosen RCs, once a turn;
    in Dark Night, or without two face-up damage, it is not offered."""
    game = scene(ldb, {"vanguard": ORDEVEIL, "damage": [G2] * 3,
                       "order_zone": NIGHTS["abyssal_dark_night"]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    _pay(game)
    for circle in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT, Circle.BACK_LEFT):
        game.step(pick(game, ActionKind.PICK, circle=circle))
    if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
        game.step(pick(game, ActionKind.DONE))
    tokens = [unit_at(game, 0, c) for c in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT,
                                            Circle.BACK_LEFT)]
    assert [game.state.card(t).id for t in tokens] == ["TOKEN-NIGHTSHADE"] * 3
    assert power_of(game, tokens[0]) == 15000
    assert sum(not is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 2
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))
    for side in ({"damage": [G2] * 3, "order_zone": NIGHTS["dark_night"]},
                 {"damage": [G2] * 3, "damage_face_down": 2,
                  "order_zone": NIGHTS["abyssal_dark_night"]}):
        game = scene(ldb, {"vanguard": ORDEVEIL, **side})
        assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))
