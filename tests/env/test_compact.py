"""The compact action interface (K option slots with features) and `action_masks()` (the
sb3-contrib MaskablePPO convention) on VanguardEnv, VectorEnv and GymVectorEnv (issue 22).

The real MaskablePPO runs in examples/train_maskable_ppo.py (the `sb3` extra); here a
MaskablePPO-shaped loop with a tiny numpy policy drives the same conventions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.perspective import compact
from ecs_vanguard.perspective.encoding import ACTION_COUNT
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError

pytest.importorskip("gymnasium")

from ecs_vanguard.env import COMPACT_ENV_ID, ENV_ID, VanguardEnv, VectorEnv

K = compact.MAX_OPTIONS


def _game(seed: int = 1, moves: int = 0) -> vg.Game:
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"),
                   seed=seed)
    agent = vg.HeuristicAgent(seed)
    for _ in range(moves):
        game.step(agent.act(game))
    return game


def _options(game: vg.Game) -> np.ndarray:
    game.switch()
    return compact.options(game.state, game.decision.player, game.legal_actions())


def _row(game: vg.Game, kind: ActionKind, moves_limit: int = 400) -> tuple:
    """Play heuristic moves until an action of `kind` is legal; return (game, its slot)."""
    agent = vg.HeuristicAgent(3)
    for _ in range(moves_limit):
        actions = game.legal_actions()
        slots = [i for i, a in enumerate(actions) if a.kind is kind]
        if slots:
            return game, slots[0]
        game.step(agent.act(game))
    raise AssertionError(f"no {kind} offered")


# -- action_masks(): MaskablePPO's convention -------------------------------------------------

@pytest.mark.parametrize("interface, size", [("flat", ACTION_COUNT), ("compact", K)])
def test_action_masks_is_a_bool_array_of_the_action_space_size(interface, size):
    env = VanguardEnv(opponent="heuristic", interface=interface)
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(40):
        masks = env.action_masks()
        assert masks.dtype == bool and masks.shape == (env.action_space.n,) == (size,)
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        actions = env.game.legal_actions()
        # Every legal action is offered but a move back to a field already decided on this
        # turn (agents.repeats).
        legal = min(len(actions), size)
        moves = sum(a.kind is ActionKind.MOVE for a in actions)
        assert legal - moves <= masks.sum() <= legal
        obs, _, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(masks))))
        if done or truncated:
            # Once it ended, action 0 alone: the placeholder a next-step autoreset ignores.
            assert np.flatnonzero(env.action_masks()).tolist() == [0]
            obs, _ = env.reset()


@pytest.mark.parametrize("interface, size", [("flat", ACTION_COUNT), ("compact", K)])
def test_vector_env_action_masks_are_n_rows_of_the_last_batch(interface, size):
    venv = VectorEnv(3, opponent="random", interface=interface)
    batch = venv.reset(seed=2)
    rng = np.random.default_rng(1)
    for _ in range(30):
        masks = venv.action_masks()
        assert masks.dtype == bool and masks.shape == (3, size)
        assert np.array_equal(masks, batch.mask)
        masks[:] = False                                      # a copy: the env keeps its own
        assert venv.action_masks().any(axis=1).all()
        batch = venv.step([rng.choice(np.flatnonzero(m)) for m in batch.mask])
        assert not any(info["illegal_action"] for info in batch.info)


def test_the_gymnasium_vector_env_offers_action_masks_and_options():
    import gymnasium

    envs = gymnasium.make_vec(COMPACT_ENV_ID, num_envs=2)
    obs, _ = envs.reset(seed=0)
    assert obs["options"].shape == (2, K, compact.OPTION.size)
    assert envs.unwrapped.action_masks().shape == (2, K)
    assert np.array_equal(envs.unwrapped.action_masks(), obs["action_mask"].astype(bool))
    actions = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
    obs, *_ = envs.step(actions)
    assert obs["action_mask"].shape == (2, K) and envs.single_action_space.n == K


# -- the compact interface ---------------------------------------------------------------------

def test_the_compact_env_passes_the_gymnasium_checker_and_is_registered():
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(COMPACT_ENV_ID, opponent="heuristic")
    assert env.unwrapped.interface.name == "compact" and env.action_space.n == K
    assert env.observation_space["options"].shape == (K, compact.OPTION.size)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    assert gymnasium.make(ENV_ID).action_space.n == ACTION_COUNT    # the flat table stays


def test_slot_i_plays_the_ith_legal_action_the_same_game_as_the_flat_table():
    """Two envs of the same seed, one compact and one flat, played with the same choices (slot
    i and the table index of legal action i) see the same games, step for step."""
    flat = VanguardEnv(opponent="heuristic", interface="flat")
    small = VanguardEnv(opponent="heuristic", interface="compact")
    f_obs, _ = flat.reset(seed=9)
    c_obs, _ = small.reset(seed=9)
    rng = np.random.default_rng(5)
    for _ in range(150):
        assert np.array_equal(f_obs["observation"], c_obs["observation"])
        actions = small.game.legal_actions()
        slot = int(rng.integers(min(len(actions), K)))
        index = flat.game.encode_action(flat.game.legal_actions()[slot])
        assert small.game.legal_actions()[slot] == actions[slot]
        f_obs, f_r, f_done, f_trunc, _ = flat.step(index)
        c_obs, c_r, c_done, c_trunc, _ = small.step(slot)
        assert (f_r, f_done, f_trunc) == (c_r, c_done, c_trunc)
        assert flat.game.state_hash() == small.game.state_hash()
        if f_done or f_trunc:
            f_obs, _ = flat.reset()
            c_obs, _ = small.reset()


def test_a_slot_past_the_legal_actions_is_illegal_and_changes_nothing():
    env = VanguardEnv(interface="compact", illegal_action="raise")
    obs, _ = env.reset(seed=3)
    legal = int(obs["action_mask"].sum())
    before = env.game.state_hash()
    for slot in (legal, K - 1, -1):
        with pytest.raises(IllegalActionError, match="option slot"):
            env.step(slot)
    assert env.game.state_hash() == before
    losing = VanguardEnv(interface="compact")
    losing.reset(seed=3)
    _, reward, done, _, info = losing.step(legal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)


def test_more_legal_actions_than_slots_shows_the_first_k():
    env = VanguardEnv(interface="compact", max_options=2, opponent="heuristic")
    obs, _ = env.reset(seed=1)
    while len(env.game.legal_actions()) <= 2:
        obs, *_ = env.step(0)
    assert obs["action_mask"].tolist() == [1, 1] and obs["options"].shape == (2, OPTION_SIZE)
    first_two = env.game.legal_actions()[:2]
    game = env.game
    game.switch()
    assert np.array_equal(obs["options"], compact.options(game.state, 0, first_two, 2))
    strict = VanguardEnv(interface="compact", max_options=2, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError, match="option slot 2 is not legal"):
        strict.step(2)


OPTION_SIZE = compact.OPTION.size


@pytest.mark.parametrize("bad", [{"interface": "pointer"}, {"interface": "compact",
                                                            "max_options": 0},
                                 {"interface": "compact", "max_options": 2.5}])
def test_a_bad_interface_is_an_argument_error(bad):
    with pytest.raises(ArgumentError):
        VanguardEnv(**bad)
    with pytest.raises(ArgumentError):
        VectorEnv(1, **bad)


def test_the_option_layout_names_every_feature_once_in_named_parts():
    names = compact.OPTION.names
    assert len(names) == len(set(names)) == compact.OPTION.size
    assert [n.split(".")[0] for n in names[:3]] == ["kind"] * 3
    assert set(compact.OPTION.views) == {"kind", "alchemagic", "card", "target", "circle",
                                         "index"}
    for part in ("kind.call", "card.power", "target.zone.vc", "circle.front_left",
                 "card.trigger.heal", "index.value"):
        assert part in names


def test_a_call_option_shows_its_kind_circle_and_the_card_in_hand():
    game, slot = _row(_game(2), ActionKind.CALL)
    action = game.legal_actions()[slot]
    row = _options(game)[slot]
    feature = dict(zip(compact.OPTION.names, row, strict=True))
    assert feature["kind.call"] == 1 and sum(compact.OPTION.part(row, "kind")) == 1
    assert feature[f"circle.{action.circle.value}"] == 1
    assert sum(compact.OPTION.part(row, "circle")) == 1
    assert feature["card.zone.hand"] == 1 and feature["card.mine"] == 1
    game.switch()
    assert feature["card.grade"] == game.state.card(action.card).grade
    assert not compact.OPTION.part(row, "target").any()        # a call names no target


def test_an_attack_option_shows_the_target_units_power_and_circle():
    game, slot = _row(_game(2), ActionKind.ATTACK)
    action = game.legal_actions()[slot]
    row = _options(game)[slot]
    feature = dict(zip(compact.OPTION.names, row, strict=True))
    game.switch()
    from ecs_vanguard.derived import query as q

    target = q.position(action.target)
    assert feature["target.mine"] == 0 and feature["target.seen"] == 1
    assert feature[f"target.circle.{target.circle.value}"] == 1
    assert feature["target.power"] == pytest.approx(q.power(game.state, action.target) / 10000)
    assert feature["card.rested"] == 0


def test_slots_after_the_legal_actions_are_zero_and_masked():
    game = _game(1, moves=12)
    actions = game.legal_actions()
    opts = _options(game)
    mask = compact.option_mask(actions)
    assert mask.sum() == len(actions) and mask[:len(actions)].all()
    assert not opts[len(actions):].any() and opts[:len(actions)].any(axis=1).all()


def test_the_options_hide_what_the_player_cannot_see():
    """A determinization deals the player's unseen cards again: their option features, like
    their observation, stay the same (nothing hidden is encoded)."""
    for seed, moves in ((1, 10), (2, 40), (5, 70), (7, 120)):
        game = _game(seed, moves)
        if game.over:
            continue
        player = game.decision.player
        for k in range(3):
            copy = game.determinize(player, np.random.default_rng(k))
            assert copy.legal_actions() == game.legal_actions()
            assert np.array_equal(_options(copy), _options(game)), (seed, moves, k)


# -- a MaskablePPO-shaped loop with a tiny numpy policy ---------------------------------------

def _rollout(seed: int, steps: int = 64) -> tuple[list[int], float, np.ndarray]:
    """Collect a rollout as MaskablePPO does (masks from action_masks(), masked softmax over
    per-slot logits, sampled actions, log-probabilities), then take one policy-gradient step
    on a linear scorer of the option features; return the actions, the rewards and theta."""
    rng = np.random.default_rng(seed)
    theta = np.zeros(compact.OPTION.size)
    venv = VectorEnv(4, opponent="random", interface="compact")
    batch = venv.reset(seed=seed)
    taken, rewards, grads = [], 0.0, np.zeros_like(theta)
    for _ in range(steps):
        masks = venv.action_masks()
        logits = np.where(masks, batch.options @ theta, -np.inf)    # (n, K)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        actions = np.array([rng.choice(K, p=p) for p in probs])
        assert masks[np.arange(4), actions].all()                  # never a masked slot
        chosen = batch.options[np.arange(4), actions]              # grad of log pi(a)
        expected = np.einsum("nk,nkf->nf", probs, batch.options)
        grads += (chosen - expected).sum(axis=0)
        batch = venv.step(actions)
        assert not any(info["illegal_action"] for info in batch.info)
        taken += actions.tolist()
        rewards += float(batch.reward.sum())
    return taken, rewards, theta + 0.01 * rewards * grads


def test_a_maskable_ppo_shaped_loop_never_plays_a_masked_slot_and_is_seeded():
    first, second = _rollout(seed=11), _rollout(seed=11)
    assert first[0] == second[0] and first[1] == second[1]
    assert np.array_equal(first[2], second[2])
    assert _rollout(seed=12)[0] != first[0]
