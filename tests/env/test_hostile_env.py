"""Hostile input, round 4 (issue 36) on the environments: seeds of every numpy integer type are
read as Python ints (np.uint8(254) + 2 wrapped to 0) or refused with ArgumentError (a
SeedSequence, np.int8 overflowing, Gymnasium refusing np.uint64); `observe('player_9')` is one
ArgumentError; and a move the environment's own mask leaves out (a move back to a field already
decided on this turn) is an illegal action in every mode, never played as a legal one."""

from __future__ import annotations

import numpy as np
import pytest

from ecs_vanguard.env import VanguardAECEnv, VanguardEnv, VectorEnv
from ecs_vanguard.env.gym_vector import GymVectorEnv
from ecs_vanguard.env.parallel_env import VanguardParallelEnv
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError

INTEGERS = [np.uint8(254), np.int8(127), np.int16(300), np.uint16(65535), np.int32(7),
            np.uint32(2**32 - 1), np.int64(2**40), np.uint64(2**64 - 1)]
REFUSED = [np.random.SeedSequence(1), -1, np.int8(-3), 1.0, np.float64(2.0), True,
           np.bool_(True), "3", None]


@pytest.mark.parametrize("seed", INTEGERS, ids=lambda s: f"{type(s).__name__}({s})")
def test_a_numpy_integer_seed_is_its_value_for_vector_env(seed):
    """Game i of VectorEnv(3).reset(seed=s) is seeded with s + i as a Python int: the same
    games as the int seed, none wrapped."""
    venv = VectorEnv(3, opponent="random")
    from_numpy = [info["seed"] for info in venv.reset(seed=seed).info]
    from_int = [info["seed"] for info in venv.reset(seed=int(seed)).info]
    assert from_numpy == from_int and len(set(from_numpy)) == 3
    listed = [info["seed"] for info in venv.reset(seed=[seed, seed, seed]).info]
    assert listed == [info["seed"] for info in venv.reset(seed=[int(seed)] * 3).info]


def test_np_uint8_254_no_longer_wraps_game_2_to_seed_0():
    venv = VectorEnv(3, opponent="random")
    seeds = [info["seed"] for info in venv.reset(seed=np.uint8(254)).info]
    assert seeds[2] != next(info["seed"] for info in venv.reset(seed=0).info)
    assert seeds == [info["seed"] for info in venv.reset(seed=254).info]


@pytest.mark.parametrize("seed", INTEGERS[:2] + INTEGERS[-1:],
                         ids=lambda s: f"{type(s).__name__}({s})")
def test_numpy_integer_seeds_reach_gymnasium_as_ints(seed):
    env = VanguardEnv(opponent="random")
    _, info = env.reset(seed=seed)
    assert info["seed"] == env.reset(seed=int(seed))[1]["seed"]
    GymVectorEnv(2, opponent="random").reset(seed=seed)
    GymVectorEnv(2, opponent="random").reset(seed=[seed, seed])
    aec = VanguardAECEnv()
    aec.reset(seed=seed)
    parallel = VanguardParallelEnv()
    parallel.reset(seed=seed)
    assert type(aec._seed) is int and type(parallel._seed) is int


@pytest.mark.parametrize("seed", [s for s in REFUSED if s is not None],
                         ids=lambda s: type(s).__name__ + str(s)[:6])
def test_a_seed_that_is_not_a_non_negative_integer_is_an_argument_error(seed):
    for reset in (VanguardEnv(opponent="random").reset, VanguardAECEnv().reset,
                  VanguardParallelEnv().reset):
        with pytest.raises(ArgumentError, match="seed must be a non-negative integer") as caught:
            reset(seed=seed)
        assert "\n" not in str(caught.value)
    if not isinstance(seed, np.random.SeedSequence):          # VectorEnv spawns from one
        with pytest.raises(ArgumentError):
            VectorEnv(2, opponent="random").reset(seed=seed)
        with pytest.raises(ArgumentError):
            GymVectorEnv(2, opponent="random").reset(seed=seed)


def test_a_seed_sequence_seeds_a_vector_env_and_its_gymnasium_wrapper():
    venv = VectorEnv(2, opponent="random")
    a = [i["seed"] for i in venv.reset(seed=np.random.SeedSequence(5)).info]
    b = [i["seed"] for i in venv.reset(seed=np.random.SeedSequence(5)).info]
    assert a == b
    GymVectorEnv(2, opponent="random").reset(seed=np.random.SeedSequence(5))


@pytest.mark.parametrize("agent", ["player_9", "player_", "", None, 0, "PLAYER_0"])
def test_observe_an_agent_that_is_not_in_the_game_is_an_argument_error(agent):
    env = VanguardAECEnv()
    env.reset(seed=1)
    for ask in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(ArgumentError, match="agent must be one of player_0, player_1"):
            ask(agent)
    assert env.observe("player_0")["observation"].shape == env.observation_space(
        "player_0").spaces["observation"].shape


def _masked_legal(game, mask: np.ndarray, interface: str) -> list[int]:
    """The indices the environment masks although the rules allow them."""
    actions = game.legal_actions()
    if interface == "flat":
        return [game.encode_action(a) for a in actions if not mask[game.encode_action(a)]]
    return [i for i in range(min(len(actions), mask.shape[0])) if not mask[i]]


def _index(game, action, interface: str) -> int:
    return game.encode_action(action) if interface == "flat" else \
        game.legal_actions().index(action)


def _reach_a_masked_move(step, masks, game_of, interface: str, seed: int) -> int:
    """Play (moving whenever a move is offered) until the mask leaves out a legal move;
    return that move's index."""
    rng = np.random.default_rng(seed)
    for _ in range(3000):
        game, mask = game_of(), masks()
        masked = _masked_legal(game, mask, interface)
        if masked:
            return masked[0]
        offered = [a for a in game.legal_actions() if mask[_index(game, a, interface)]]
        moves = [a for a in offered if a.kind is ActionKind.MOVE]
        choice = moves[0] if moves else offered[int(rng.integers(len(offered)))]
        if step(_index(game, choice, interface)):
            raise AssertionError("the game ended before a move was masked")
    raise AssertionError("no masked move within 3000 steps")


@pytest.mark.parametrize("interface", ["flat", "compact"])
def test_a_masked_repeat_move_is_an_illegal_action_in_lose_mode(interface):
    env = VanguardEnv(opponent="heuristic", interface=interface)
    env.reset(seed=3)

    def step(index: int) -> bool:
        _, _, done, truncated, info = env.step(index)
        assert info["illegal_action"] is False
        return done or truncated

    index = _reach_a_masked_move(step, env.action_masks, lambda: env.game, interface, 0)
    _, reward, terminated, truncated, info = env.step(index)
    assert info["illegal_action"] is True and info["end"] == "illegal_action"
    assert reward == -1.0 and terminated and not truncated


@pytest.mark.parametrize("interface", ["flat", "compact"])
def test_a_masked_repeat_move_raises_in_raise_mode_and_changes_nothing(interface):
    env = VanguardEnv(opponent="heuristic", interface=interface, illegal_action="raise")
    env.reset(seed=3)

    def step(index: int) -> bool:
        _, _, done, truncated, _ = env.step(index)
        return done or truncated

    index = _reach_a_masked_move(step, env.action_masks, lambda: env.game, interface, 0)
    before = env.game.state_hash()
    with pytest.raises(IllegalActionError, match="masked"):
        env.step(index)
    assert env.game.state_hash() == before and not env.core.done


def test_a_masked_repeat_move_is_illegal_in_a_vector_env():
    venv = VectorEnv(1, opponent="heuristic")
    venv.reset(seed=3)
    game_of = lambda: venv.seats[0].game

    def step(index: int) -> bool:
        batch = venv.step([index])
        assert batch.info[0]["illegal_action"] is False
        return bool(batch.done[0])

    index = _reach_a_masked_move(step, lambda: venv.action_masks()[0], game_of, "flat", 0)
    batch = venv.step([index])
    assert batch.info[0]["illegal_action"] is True and batch.reward[0] == -1.0
    assert batch.terminated[0]


def test_sb3_vec_env_seeds_are_python_ints():
    """SB3VecEnv keeps its behaviour without stable-baselines3 (numpy alone), as here in CI."""
    from ecs_vanguard.env.sb3 import SB3VecEnv
    venv = SB3VecEnv(3, opponent="random")
    assert venv.seed(np.uint8(254)) == [254, 255, 256]
    with pytest.raises(ArgumentError):
        venv.seed(np.random.SeedSequence(1))
