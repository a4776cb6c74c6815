"""The examples run as the README shows them, on a tiny budget."""

from __future__ import annotations

import importlib.util
import itertools
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


def test_the_maskable_ppo_example_evaluates_exported_policies_and_plots_without_torch(tmp_path):
    """The example's numpy side (held-out evaluation of an exported policy, the plot) runs
    without the sb3 extra; MaskablePPO itself runs in the example only (README figures)."""
    from ecs_vanguard.agents import MLPPolicy
    from ecs_vanguard.perspective import compact
    from ecs_vanguard.perspective.observation import OBSERVATION

    example = _load("train_maskable_ppo")
    rng = np.random.default_rng(0)
    k, width = compact.MAX_OPTIONS, example.OPTION_WIDTH
    sizes = [k + OBSERVATION.size + k * width, 64, 64, k]
    layers = [(rng.normal(0, 0.1, (o, i)), np.zeros(o)) for i, o in itertools.pairwise(sizes)]
    policy = MLPPolicy(layers, ("action_mask", "observation", "options"), "tanh",
                       (rng.normal(0, 0.1, (width, compact.OPTION.size)), np.zeros(width)))
    wins = example.evaluate(policy, "random", games=2)
    assert wins == example.evaluate(policy, "random", games=2) and 0 <= wins <= 2
    history = {"random": [(0, wins, 2), (512, 1, 2)], "heuristic": [(0, 0, 2), (512, 0, 2)]}
    example.plot(history, tmp_path / "ppo.png", "test")
    assert (tmp_path / "ppo.png").stat().st_size > 5_000
