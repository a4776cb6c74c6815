"""VanguardParallelEnv: PettingZoo's parallel API over the engine (issue 37): PettingZoo's own
parallel_api_test and seed test, one decision a step, the other agent's action ignored."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import ecs_vanguard as vg
from ecs_vanguard.env import VanguardParallelEnv
from ecs_vanguard.perspective import compact


def test_pettingzoo_parallel_api_test_passes():
    parallel_api_test(VanguardParallelEnv(turn_limit=8), num_cycles=400)
    parallel_api_test(VanguardParallelEnv(interface="compact", turn_limit=8), num_cycles=400)


def test_pettingzoo_parallel_seed_test_passes():
    parallel_seed_test(lambda: VanguardParallelEnv(turn_limit=4), num_cycles=60)


def test_one_decision_a_step_and_the_game_of_the_engine():
    """Each step applies the deciding agent's action only: the same actions played on a
    vg.Game of the same seed give the same game; the waiting agent's mask is the pass alone."""
    env = VanguardParallelEnv(interface="compact")
    obs, infos = env.reset(seed=3)
    twin = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=3)
    rng = np.random.default_rng(0)
    rewards = {}
    for _ in range(3000):
        acting = [a for a in env.agents if infos[a]["acting"]]
        assert len(acting) == 1
        waiting = next(a for a in env.agents if a not in acting)
        assert np.flatnonzero(obs[waiting]["action_mask"]).tolist() == [0]
        assert not obs[waiting]["options"].any()
        mask = obs[acting[0]]["action_mask"]
        assert np.array_equal(mask.astype(bool),
                              compact.option_mask(twin.legal_actions(), compact.MAX_OPTIONS))
        slot = int(rng.choice(np.flatnonzero(mask)))
        twin.step(twin.legal_actions()[slot])
        obs, rewards, _, _, infos = env.step({acting[0]: slot, waiting: 5})
        assert env.game.state_hash() == twin.state_hash()
        if not env.agents:
            break
    assert twin.over and not env.agents
    assert sum(rewards.values()) == 0 and set(rewards.values()) <= {-1.0, 0.0, 1.0}
    with pytest.raises(vg.IllegalActionError, match="reset"):
        env.step({"player_0": 0, "player_1": 0})


def test_an_illegal_index_loses_by_default_as_in_vanguard_env():
    env = VanguardParallelEnv()
    obs, infos = env.reset(seed=2)
    acting = next(a for a in env.agents if infos[a]["acting"])
    other = next(a for a in env.agents if a != acting)
    illegal = int(np.flatnonzero(obs[acting]["action_mask"] == 0)[0])
    obs, rewards, terms, _, infos = env.step({acting: illegal, other: 0})
    assert rewards == {acting: -1.0, other: 1.0} and all(terms.values())
    assert infos[acting]["illegal_action"] and not infos[other]["illegal_action"]
    assert env.agents == []


def test_a_missing_or_illegal_action_of_the_deciding_agent_is_refused():
    env = VanguardParallelEnv(illegal_action="raise")
    obs, infos = env.reset(seed=1)
    acting = next(a for a in env.agents if infos[a]["acting"])
    before = env.game.state_hash()
    for wrong in (None, [0, 0], 3):
        with pytest.raises(vg.IllegalActionError, match="must be a dict"):
            env.step(wrong)
    with pytest.raises(vg.IllegalActionError, match="missing"):
        env.step({a: 0 for a in env.agents if a != acting})
    illegal = int(np.flatnonzero(obs[acting]["action_mask"] == 0)[0])
    with pytest.raises(vg.IllegalActionError):
        env.step({acting: illegal})
    assert env.game.state_hash() == before
    with pytest.raises(vg.ArgumentError, match="render_mode"):
        VanguardParallelEnv(render_mode="human")
