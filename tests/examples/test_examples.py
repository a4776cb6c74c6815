"""The examples run as the README shows them (STYLE §9), on a tiny budget."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_linear_policy_example_trains_and_plots(tmp_path):
    example = _load("train_linear_policy")
    history, mean = example.train(generations=1, population=3, games=1, held_out=2, seed=0)
    assert mean.shape == (example.SIZE,)
    assert len(history) == 2 and all(n == 2 and 0 <= k <= 2 for k, n in history)
    example.plot(history, tmp_path / "curve.png", "test")
    assert (tmp_path / "curve.png").stat().st_size > 5_000
    import ecs_vanguard as vg

    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=1)
    phi = example.features(game, game.legal_actions()[0])
    assert phi.shape == (example.SIZE,) and np.count_nonzero(phi) >= 1
