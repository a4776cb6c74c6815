"""SB3VecEnv: the batched environment behind Stable-Baselines3's VecEnv contract (issue 37),
driven with numpy alone as MaskablePPO drives it: reset(), env_method("action_masks"),
step_async/step_wait, terminal observations and truncation flags in the infos, seed()."""

from __future__ import annotations

import numpy as np
import pytest

from ecs_vanguard.env import VectorEnv
from ecs_vanguard.env.sb3 import SB3VecEnv
from ecs_vanguard.vocab.errors import ArgumentError


def _masked(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@pytest.mark.parametrize("interface", ["flat", "compact"])
def test_it_plays_the_games_of_vector_env_with_sb3s_infos(interface):
    """Same seeds, same actions: the same observations, masks, rewards and ends as VectorEnv;
    an ended game's last observation is infos[i]["terminal_observation"], a dict of the single
    observation space, and the row already holds the next game (same-step reset)."""
    envs = SB3VecEnv(3, opponent="random", interface=interface, turn_limit=6)
    twin = VectorEnv(3, opponent="random", interface=interface, turn_limit=6)
    assert envs.num_envs == 3 and envs.action_space.n == twin.interface.size
    assert envs.seed(11) == [11, 12, 13]
    obs = envs.reset()
    batch = twin.reset(seed=[11, 12, 13])
    assert [info["seed"] for info in envs.reset_infos] == [info["seed"] for info in batch.info]
    rng = np.random.default_rng(0)
    ends = truncations = 0
    for _ in range(400):
        assert np.array_equal(obs["observation"], batch.obs)
        assert np.array_equal(obs["action_mask"], batch.mask.astype(np.int8))
        for i in range(3):
            assert envs.observation_space.contains({k: v[i] for k, v in obs.items()})
        masks = np.stack(envs.env_method("action_masks"))    # as sb3-contrib reads them
        assert masks.dtype == bool and np.array_equal(masks, obs["action_mask"].astype(bool))
        actions = _masked(rng, masks)
        obs, rewards, dones, infos = envs.step(actions)
        batch = twin.step(actions)
        assert rewards.dtype == np.float32 and dones.dtype == bool and len(infos) == 3
        assert np.array_equal(rewards, batch.reward) and np.array_equal(dones, batch.done)
        for i in range(3):
            final = infos[i].get("terminal_observation")
            assert (final is not None) == bool(dones[i])
            if final is None:
                assert "TimeLimit.truncated" not in infos[i]
                continue
            assert envs.observation_space.contains(final)
            assert np.array_equal(final["observation"], batch.final_obs[i])
            assert np.flatnonzero(final["action_mask"]).tolist() == [0]    # over_mask
            assert infos[i]["TimeLimit.truncated"] == bool(batch.truncated[i])
            assert obs["action_mask"][i].any()                 # already the next game
            ends += 1
            truncations += infos[i]["TimeLimit.truncated"]
        if ends >= 4 and truncations:
            break
    assert ends >= 4 and truncations >= 1                      # turn_limit=6 truncates some


def test_seeds_are_used_once_and_an_unseeded_reset_differs():
    envs = SB3VecEnv(2, opponent="random")
    envs.seed(3)
    first = envs.reset()["observation"]
    envs.seed(3)
    assert np.array_equal(envs.reset()["observation"], first)
    seeds = [info["seed"] for info in envs.reset_infos]
    envs.reset()                                               # seeds of seed() used up
    assert [info["seed"] for info in envs.reset_infos] != seeds


def test_attributes_and_methods_per_game_as_sb3_asks():
    envs = SB3VecEnv(3, opponent="heuristic", interface="compact")
    obs = envs.reset()
    assert envs.has_attr("action_masks") and not envs.has_attr("no_such_attribute")
    assert envs.get_attr("render_mode") == [None, None, None]
    assert envs.get_attr("seat", indices=[2]) == [0]
    assert envs.get_attr("opponent_name", indices=1) == ["heuristic"]
    rows = envs.env_method("action_masks", indices=[0, 2])
    assert np.array_equal(np.stack(rows), obs["action_mask"][[0, 2]].astype(bool))
    assert envs.env_is_wrapped(object) == [False, False, False]
    with pytest.raises(AttributeError):
        envs.get_attr("_views")
    envs.set_attr("illegal_action", "raise", indices=[1])
    assert envs.get_attr("illegal_action") == ["lose", "raise", "lose"]


def test_step_wait_without_step_async_and_wrong_actions_are_refused():
    envs = SB3VecEnv(2)
    envs.reset()
    with pytest.raises(ArgumentError, match="step_async"):
        envs.step_wait()
    with pytest.raises(ArgumentError, match="one per game"):
        envs.step(np.array([0, 0, 0]))
    with pytest.raises(ArgumentError, match="n must"):
        SB3VecEnv(0)
