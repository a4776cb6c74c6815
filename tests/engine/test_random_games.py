"""Seeded random-vs-random games: every step legal, invariants after every step (issue 2)."""

from __future__ import annotations

import numpy as np
import pytest

import ecs_vanguard as vg

GAMES_PER_FORMAT = 150     # the fuzz test plays 2,000 more such games; this one keeps the two ends
MATCHUPS = {
    "standard": [("blazing_dragons", "radiant_knights"), ("arcane_scholars", "blazing_dragons"),
                 ("radiant_knights", "arcane_scholars"), ("dress_dancers", "blazing_dragons"),
                 ("final_rush", "dress_dancers"), ("iron_gate", "arcane_scholars")],
    "premium": [("force_vanguards", "accel_strikers"), ("chain_lockers", "arcane_scholars"),
                ("accel_strikers", "chain_lockers"), ("dress_dancers", "chain_lockers"),
                ("legion_blades", "force_vanguards")],
}


def play_checked(deck_a: vg.Deck, deck_b: vg.Deck, seed: int, fmt: str) -> vg.Game:
    """Play one random game, checking invariants after every step; fail naming the seed."""
    game = vg.Game(deck_a, deck_b, seed=seed, format=fmt)
    rng = np.random.default_rng(seed + 1_000_000)
    steps = 0
    try:
        game.check_invariants()
        while not game.over:
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            game.check_invariants()
            steps += 1
    except AssertionError as exc:
        raise AssertionError(f"{fmt} seed {seed} after {steps} steps: {exc}") from exc
    return game


@pytest.mark.parametrize("fmt", ["standard", "premium"])
def test_random_games_finish_with_invariants_after_every_step(fmt):
    matchups = MATCHUPS[fmt]
    finished = {"damage": 0, "deck": 0}
    for seed in range(GAMES_PER_FORMAT):
        a, b = matchups[seed % len(matchups)]
        game = play_checked(vg.Deck.builtin(a), vg.Deck.builtin(b), seed, fmt)
        assert game.over and game.end_reason
        finished["damage" if "damage" in game.end_reason else "deck"] += 1
    assert finished["damage"] > 0 and finished["deck"] > 0     # both ways of losing happen
