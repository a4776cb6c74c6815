"""Gymnasium and PettingZoo environments: their own API checkers, masks, rewards, seeds."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ecs_vanguard as vg

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from ecs_vanguard.env import VanguardAECEnv, VanguardEnv


def _masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def test_gymnasium_env_passes_the_gymnasium_checker():
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(VanguardEnv(illegal_action="lose"), skip_render_check=True)


def test_a_masked_episode_ends_with_the_games_result_as_reward():
    env = VanguardEnv(opponent="heuristic", seat=1)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    total, done, steps = 0.0, False, 0
    while not done:
        assert obs["action_mask"].any()
        obs, reward, terminated, truncated, _ = env.step(_masked_choice(rng, obs["action_mask"]))
        total += reward
        done = terminated or truncated
        steps += 1
    game = env.game
    assert game is not None and game.over and steps > 10
    expected = 0.0 if game.winner is None else (1.0 if game.winner == 1 else -1.0)
    assert total == expected


def test_an_illegal_index_raises_and_changes_nothing():
    env = VanguardEnv()
    obs, _ = env.reset(seed=1)
    before = env.game.state_hash()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(vg.IllegalActionError):
        env.step(illegal)
    assert env.game.state_hash() == before


def test_same_seed_same_episode():
    def run(seed: int) -> list[int]:
        env = VanguardEnv()
        obs, _ = env.reset(seed=seed)
        rng, trace = np.random.default_rng(5), []
        for _ in range(60):
            action = _masked_choice(rng, obs["action_mask"])
            trace.append(action)
            obs, _, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                break
        return trace

    assert run(11) == run(11)


def test_pettingzoo_env_passes_the_pettingzoo_api_test():
    from pettingzoo.test import api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(VanguardAECEnv(format="premium", deck_a="legion_blades",
                                deck_b="force_vanguards"), num_cycles=400)


def test_aec_agents_act_as_the_decisions_ask_and_rewards_sum_to_zero():
    env = VanguardAECEnv()
    env.reset(seed=4)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert env.game.decision.player == env.possible_agents.index(agent)
        env.step(_masked_choice(rng, obs["action_mask"]))
    assert sum(totals.values()) == 0.0 and set(totals.values()) <= {-1.0, 0.0, 1.0}
