"""MCTSAgent's position value (agents.value, issue 22): fitted weights shipped with the package,
a chance of winning that follows the board, and a clear error for a bad value file."""

from __future__ import annotations

import json

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents.value import BUILTIN, FEATURES, PositionValue, features, fit
from ecs_vanguard.vocab.errors import ArgumentError


def _position(db, damage: tuple[int, int], hand: tuple[int, int] = (3, 3), turn_player: int = 0):
    return (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", hand=["DX-008"] * hand[0], damage=["DX-007"] * damage[0])
            .player(1, vanguard="DX-104", hand=["DX-108"] * hand[1],
                    damage=["DX-107"] * damage[1])
            .start(turn=5, turn_player=turn_player, phase="main"))


def test_the_value_follows_damage_and_hand_and_sums_to_one_over_the_players(db):
    value = PositionValue.builtin()
    even = value(_position(db, (3, 3)), 0)
    behind = value(_position(db, (5, 2)), 0)
    ahead = value(_position(db, (2, 5)), 0)
    assert behind < even < ahead and behind < 0.35 and ahead > 0.65
    assert value(_position(db, (3, 3), hand=(6, 1)), 0) > even
    for damage in ((5, 2), (2, 5), (3, 3)):
        game = _position(db, damage)
        assert value(game, 0) + value(game, 1) == pytest.approx(1.0, abs=0.02)


def test_a_finished_game_is_worth_its_result(db):
    game = _position(db, (0, 5))
    players = [vg.HeuristicAgent(0), vg.HeuristicAgent(1)]
    while not game.over:
        game.step(players[game.decision.player].act(game))
    value = PositionValue.builtin()
    assert {value(game, 0), value(game, 1)} == {0.0, 1.0}
    assert value(game, game.winner) == 1.0


def test_the_shipped_file_names_its_features_and_a_bad_file_is_refused(tmp_path):
    data = json.loads(BUILTIN.read_text())
    assert data["features"] == list(FEATURES) and len(data["weights"]) == len(FEATURES)
    assert data["held_out_accuracy"] > 0.55
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"features": ["bias", "hand"], "weights": [0.0, 1.0]}))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    for path, words in ((wrong, "weights of"), (broken, "cannot read"),
                        (tmp_path / "none.json", "cannot read")):
        with pytest.raises(ArgumentError, match=words):
            PositionValue.load(path)


def test_the_fit_recovers_a_logistic_model():
    rng = np.random.default_rng(0)
    x = np.column_stack([np.ones(4000), rng.normal(size=(4000, 2))])
    true = np.array([0.3, 1.5, -0.8])
    won = (rng.random(4000) < 1 / (1 + np.exp(-(x @ true)))).astype(float)
    assert np.allclose(fit(x, won, l2=0.0), true, atol=0.15)


def test_features_read_the_board_from_the_players_side(db):
    game = _position(db, (4, 1), hand=(2, 5), turn_player=1)
    game.switch()
    mine = dict(zip(FEATURES, features(game.state, 0), strict=True))
    theirs = dict(zip(FEATURES, features(game.state, 1), strict=True))
    assert (mine["my_damage"], mine["their_damage"], mine["my_hand"]) == (4, 1, 2)
    assert (theirs["my_damage"], theirs["their_hand"], theirs["my_turn"]) == (1, 2, 1.0)
    assert mine["my_turn"] == 0.0 and mine["my_vanguard_grade"] == 3
