"""Termination: no game loops forever; a turn limit and a per-turn decision limit end it as a
draw with a reason (CORE-16, issue 5)."""

from __future__ import annotations

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.game import facade as game_module
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.events import GameEnded
from tests.helpers import pick


def test_CORE_16_reaching_the_turn_limit_is_a_draw_with_a_reason():
    """CORE-16: reaching the turn limit ends the game as a draw."""
    game = vg.Game(
        vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=6, turn_limit=2
    )
    rng = np.random.default_rng(6)
    while not game.over:
        game.step(game.legal_actions()[int(rng.integers(len(game.legal_actions())))])
        game.check_invariants()
    assert (game.winner, game.end_code, game.turn) == (None, "turn_limit", 2)
    assert game.end_reason == "turn limit of 2 turns reached"
    assert game.events[-1] == GameEnded(None, game.end_reason)


def test_CORE_16_the_default_turn_limit_ends_turn_100(db):
    """CORE-16: the format's turn limit (100) is a draw when turn 100 ends."""
    game = (
        vg.Scenario(db, format="premium", seed=3)
        .player(0, vanguard="DX-004")
        .player(1, vanguard="DX-104")
        .start(turn=100, turn_player=0, phase="main")
    )
    game.step(pick(game, ActionKind.DONE))  # to the battle phase
    game.step(pick(game, ActionKind.DONE))  # no attack: end phase, then turn 101
    assert game.over and game.winner is None and game.end_code == "turn_limit"
    assert "turn limit of 100" in game.end_reason
    game.check_invariants()


def test_the_decision_limit_ends_a_turn_that_never_ends_as_a_draw(db, monkeypatch):
    """A player who keeps moving a rear-guard back and forth is stopped by the per-turn limit."""
    monkeypatch.setattr(game_module, "DECISIONS_PER_TURN_LIMIT", 30)
    game = (
        vg.Scenario(db, format="standard", seed=2)
        .player(0, vanguard="DX-004", rear={"front_left": "DX-003"})
        .player(1, vanguard="DX-104")
        .start(turn=3, turn_player=0, phase="main")
    )
    moves = 0
    while not game.over:
        game.step(pick(game, ActionKind.MOVE))  # never ends the main phase
        game.check_invariants()
        moves += 1
        assert moves <= 30, "the decision limit did not stop the game"
    assert moves == 30 and game.turn == 3
    assert (game.winner, game.end_code) == (None, "decision_limit")
    assert game.end_reason == "decision limit of 30 in one turn"
    assert game.events[-1] == GameEnded(None, game.end_reason)


def test_the_decision_count_starts_again_each_turn(db, monkeypatch):
    """Many decisions spread over turns never reach the per-turn limit."""
    monkeypatch.setattr(game_module, "DECISIONS_PER_TURN_LIMIT", 60)
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    while not game.over:
        game.step(game.legal_actions()[int(rng.integers(len(game.legal_actions())))])
        steps += 1
    assert steps > 60 and game.end_code != "decision_limit"
