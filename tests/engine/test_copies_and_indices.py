"""Issue 10 API for search code: steps by action-table index, the mask worked out once per
decision, and the standard library's copies (copy, deepcopy, pickle) each an independent game."""

from __future__ import annotations

import copy
import gc
import pickle

import numpy as np
import pytest

import ecs_vanguard as vg

DECKS = ("legion_blades", "force_vanguards")


def _midgame(decisions: int = 120, seed: int = 4) -> vg.Game:
    game = vg.Game(*(vg.Deck.builtin(n) for n in DECKS), seed=seed, format="premium")
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        actions = game.legal_actions()
        game.step(actions[int(rng.integers(len(actions)))])
    return game


def test_stepping_by_index_plays_the_same_game_as_stepping_by_action():
    by_action, by_index = _midgame(0), _midgame(0)
    rng = np.random.default_rng(2)
    while not by_action.over:
        actions, indices = by_action.legal_actions(), by_index.legal_action_indices()
        assert [by_action.encode_action(a) for a in actions] == indices.tolist()
        pick = int(rng.integers(len(actions)))
        by_action.step(actions[pick])
        by_index.step(indices[pick])                        # a numpy integer
        assert by_action.state_hash() == by_index.state_hash()
    assert by_index.over and by_index.history == by_action.history
    assert by_index.legal_action_indices().size == 0 and not by_index.action_mask().any()


def test_an_index_that_is_not_legal_is_refused_and_changes_nothing():
    game = _midgame(40)
    before, mask = game.state_hash(), game.action_mask()
    illegal = int(np.flatnonzero(~mask)[0])
    for bad in (illegal, -1, 10**9, True, 1.0, "3"):
        with pytest.raises(vg.IllegalActionError):
            game.step(bad)                                  # type: ignore[arg-type]
        with pytest.raises(vg.IllegalActionError):
            game.decode_action(bad)                         # type: ignore[arg-type]
    assert game.state_hash() == before and game.history == _midgame(40).history


def test_the_mask_is_a_copy_the_caller_may_change():
    game = _midgame(30)
    mask = game.action_mask()
    legal = int(np.flatnonzero(mask)[0])
    mask[:] = False
    assert game.action_mask()[legal] and game.action_mask().sum() == len(game.legal_actions())


def test_a_clone_steps_by_the_parents_indices_and_then_has_its_own():
    game = _midgame(60)
    indices = game.legal_action_indices()
    for pick in range(len(indices)):
        child = game.clone()
        child.step(int(indices[pick]))
        twin = game.clone()
        twin.step(game.legal_actions()[pick])
        assert child.state_hash() == twin.state_hash()
        if not child.over:
            assert child.action_mask().sum() == len(child.legal_actions())
    assert game.legal_action_indices().tolist() == indices.tolist()


@pytest.mark.parametrize("make_copy", [copy.copy, copy.deepcopy,
                                       lambda g: pickle.loads(pickle.dumps(g))],
                         ids=["copy", "deepcopy", "pickle"])
def test_standard_library_copies_are_independent_games(make_copy):
    """A copy plays on by itself; the original is untouched by it and keeps working after the
    copy is dropped (a deep copy once shared the esper world and deleted it when collected)."""
    game = _midgame(80)
    reference = _midgame(80)
    other = make_copy(game)
    assert other.state_hash() == game.state_hash() and other.history == game.history
    rng = np.random.default_rng(9)
    for _ in range(30):
        if other.over:
            break
        actions = other.legal_actions()
        other.step(actions[int(rng.integers(len(actions)))])
    assert game.state_hash() == reference.state_hash()
    del other
    gc.collect()
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(1)
    for _ in range(30):
        if game.over:
            break
        a, b = game.legal_actions(), reference.legal_actions()
        game.step(a[int(rng_a.integers(len(a)))])
        reference.step(b[int(rng_b.integers(len(b)))])
    assert game.state_hash() == reference.state_hash()


def test_a_pickled_game_keeps_its_history_and_the_same_future():
    game = _midgame(50)
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.history == game.history and loaded.log_text() == game.log_text()
    assert loaded.initial().state_hash() == game.initial().state_hash()
    for g in (game, loaded):
        rng = np.random.default_rng(5)
        while not g.over:
            actions = g.legal_actions()
            g.step(actions[int(rng.integers(len(actions)))])
    assert loaded.state_hash() == game.state_hash() and loaded.winner == game.winner


def test_a_pickled_scenario_keeps_its_starting_position():
    game = (vg.Scenario(vg.CardDB.builtin()).player(0, vanguard="DX-004", hand=["DX-006"])
            .player(1, vanguard="DX-104").start(turn=3, turn_player=0, phase="main"))
    start = game.state_hash()
    game.step(game.legal_actions()[0])
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.initial().state_hash() == start
    assert loaded.log_text() == game.log_text()


def test_an_action_built_with_numpy_integers_is_the_legal_action_it_names():
    """A researcher's Action may carry numpy integers (read off an observation or a mask): it
    equals, hashes as and steps as the legal action with those ints, compiled or not; a value
    that is no integer is refused in one line."""
    decisions = next(n for n in range(120, 200)
                     if any(a.card >= 0 for a in _midgame(n).legal_actions()))
    game = _midgame(decisions)
    legal = next(a for a in game.legal_actions() if a.card >= 0)
    built = vg.Action(legal.kind, card=np.int64(legal.card), target=np.int32(legal.target),
                      circle=legal.circle, index=np.int64(legal.index))
    assert built == legal and hash(built) == hash(legal) and type(built.card) is int
    twin = _midgame(decisions)
    game.step(built)
    twin.step(legal)
    assert game.state_hash() == twin.state_hash()
    with pytest.raises(TypeError, match="integer"):
        vg.Action(legal.kind, card=2.5)


def test_the_event_log_read_since_an_index_is_its_slice_before_and_after_a_fork():
    """EventLog.since(n), what a batch reads at its close, is log[n:] wherever n falls: in the
    tail, or in the chunks a fork froze (issue 34)."""
    from ecs_vanguard.state.core import EventLog

    log = EventLog(list(range(5)))
    assert log.since(2) == [2, 3, 4] and log.since(5) == []
    other = log.fork()
    log.append(5)
    other.append(50)
    for start in range(7):
        assert log.since(start) == list(log)[start:] == log[start:]
        assert other.since(start) == list(other)[start:]
