"""Gymnasium and PettingZoo environments: their own API checkers, masks, rewards, seeds, the
registration, the vector environments (issue 11)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.errors import ArgumentError

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from ecs_vanguard.env import ENV_ID, GymVectorEnv, VanguardAECEnv, VanguardEnv, VectorEnv


def _masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def test_gymnasium_env_passes_the_gymnasium_checker_by_default():
    """The checker samples unmasked actions: the default ends such an episode as a loss."""
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(VanguardEnv())
        check_env(gymnasium.make(ENV_ID, opponent="heuristic").unwrapped)


def test_the_environment_is_registered_with_its_metadata():
    import gymnasium

    env = gymnasium.make(ENV_ID, opponent="heuristic", seat=1)
    assert env.spec.id == ENV_ID and env.unwrapped.seat == 1
    assert env.metadata["render_modes"] == ["ansi"]
    obs, info = env.reset(seed=2)
    assert obs["action_mask"].any() and "seed" in info


def test_an_illegal_index_ends_the_episode_as_a_loss_by_default():
    env = VanguardEnv()
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] and info["end"] == "illegal_action"
    assert np.flatnonzero(obs["action_mask"]).tolist() == [0]     # the ended game's placeholder
    with pytest.raises(vg.IllegalActionError, match="reset"):
        env.step(illegal)


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


def test_an_illegal_index_raises_and_changes_nothing_when_asked():
    env = VanguardEnv(illegal_action="raise")
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


def test_pettingzoo_env_passes_the_pettingzoo_seed_test():
    from pettingzoo.test import seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(VanguardAECEnv, num_cycles=100)


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


def test_vector_env_equals_single_games_stepped_with_the_same_actions():
    """Game i of VectorEnv(n).reset(seed=s) is VanguardEnv().reset(seed=s + i) and its
    reset() calls: equal actions give equal observations, masks, rewards and ends."""
    n, steps = 3, 160
    venv = VectorEnv(n, opponent="heuristic", seat=1)
    singles = [VanguardEnv(opponent="heuristic", seat=1) for _ in range(n)]
    batch = venv.reset(seed=20)
    obs = [env.reset(seed=20 + i)[0] for i, env in enumerate(singles)]
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        for i in range(n):
            assert np.array_equal(batch.obs[i], obs[i]["observation"])
            assert np.array_equal(batch.mask[i], obs[i]["action_mask"].astype(bool))
        actions = [_masked_choice(rng, m) for m in batch.mask]
        batch = venv.step(actions)
        for i, env in enumerate(singles):
            obs[i], reward, terminated, truncated, _ = env.step(actions[i])
            assert (batch.reward[i], batch.terminated[i], batch.truncated[i]) == (
                reward, terminated, truncated)
            if terminated or truncated:
                assert np.array_equal(batch.final_obs[i], obs[i]["observation"])
                obs[i], _ = env.reset()
                ended += 1
    assert ended >= 3 and batch.obs.dtype == np.float32 and batch.mask.dtype == bool


def test_vector_env_refuses_a_wrong_number_of_actions():
    venv = VectorEnv(2)
    venv.reset(seed=0)
    with pytest.raises(ValueError, match="expected 2 actions"):
        venv.step([0])
    with pytest.raises(vg.IllegalActionError, match="index of the action table"):
        venv.step([0.5, 1.0])
    with pytest.raises(ValueError, match="at least 1"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="expected 2 seeds"):
        venv.reset(seed=[1, 2, 3])
    listed, counted = venv.reset(seed=[5, 6]), VectorEnv(2).reset(seed=5)
    assert np.array_equal(listed.obs, counted.obs)
    with pytest.raises(ValueError, match=r"got shape \(2, 1\)"):
        venv.step([[0], [1]])                       # one action per game, not a column
    for n in (2.5, True, "2"):
        with pytest.raises(ArgumentError, match="n must be a whole number"):
            VectorEnv(n)
    for seed in ("abc", -1, 1.5, [1, "x"]):
        with pytest.raises(ArgumentError, match="non-negative integer"):
            venv.reset(seed=seed)
    spawned = [venv.reset(seed=np.random.SeedSequence(9)).obs for _ in range(2)]
    assert np.array_equal(spawned[0], spawned[1])   # equal SeedSequences, equal games


def test_gymnasium_make_vec_builds_the_vector_env_with_same_step_autoreset():
    import gymnasium

    envs = gymnasium.make_vec(ENV_ID, num_envs=4, opponent="heuristic")
    assert isinstance(envs, GymVectorEnv) and envs.num_envs == 4
    obs, _ = envs.reset(seed=3)
    assert obs["observation"].shape == (4, envs.single_observation_space["observation"].shape[0])
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(1)
    finals = 0
    for _ in range(150):
        actions = np.array([_masked_choice(rng, m) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        done = terminated | truncated
        if done.any():
            assert infos["_final_obs"].tolist() == done.tolist()
            assert set(rewards[done]) <= {-1.0, 0.0, 1.0}
            assert obs["action_mask"][done].any(axis=1).all()     # already the next game
            finals += int(done.sum())
    assert finals >= 2


@pytest.mark.parametrize("mode", ["vector_entry_point", "sync", "async"])
def test_make_vec_in_every_mode_gives_a_usable_mask_at_and_after_each_end(mode):
    """Gymnasium's own vector envs (sync, async) reset on the step after a game ends and ignore
    that step's action: the final observation's mask offers the placeholder action 0 alone
    (never an empty mask), and the step after gives the new game's mask, which equals a fresh
    VanguardEnv's on that game's seed. The masks agree with action_masks() (call() in the
    sync and async modes, which have no such method)."""
    import gymnasium

    envs = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode=mode, opponent="random")
    try:
        obs, infos = envs.reset(seed=5)
        rng = np.random.default_rng(2)
        ends = resets = 0
        pending = np.zeros(2, bool)                    # next step is a next-step autoreset
        for _ in range(400):
            masks = obs["action_mask"].astype(bool)
            called = (envs.unwrapped.action_masks() if mode == "vector_entry_point"
                      else np.stack(envs.call("action_masks")))
            assert np.array_equal(called, masks)
            assert masks.any(axis=1).all()             # never an empty row
            obs, rewards, terminated, truncated, infos = envs.step(
                [_masked_choice(rng, m) for m in masks])
            done = terminated | truncated
            for i in np.flatnonzero(pending):          # the autoreset step: a new game
                resets += 1
                assert not done[i] and rewards[i] == 0
                fresh = VanguardEnv(opponent="random")
                fresh.reset(seed=0)
                fresh.core.reset(int(infos["seed"][i]))
                assert np.array_equal(obs["action_mask"][i], fresh.core.observe()["action_mask"])
            if mode == "vector_entry_point":           # same-step: the new game's mask now
                for i in np.flatnonzero(done):
                    final = infos["final_obs"][i]["action_mask"]
                    assert np.flatnonzero(final).tolist() == [0]
                    fresh = VanguardEnv(opponent="random")
                    fresh.reset(seed=0)
                    fresh.core.reset(int(infos["reset_seed"][i]))
                    assert np.array_equal(obs["action_mask"][i],
                                          fresh.core.observe()["action_mask"])
            else:
                for i in np.flatnonzero(done):         # the final observation: action 0 alone
                    assert np.flatnonzero(obs["action_mask"][i]).tolist() == [0]
            ends += int(done.sum())
            pending = done if mode != "vector_entry_point" else np.zeros(2, bool)
            if ends >= 2 and not pending.any():
                break
        assert ends >= 2 and (resets >= 1 or mode == "vector_entry_point")
    finally:
        envs.close()
