"""Same seed and actions give the same game; clones evolve independently (docs/design.md "The model")."""

from __future__ import annotations

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import Action, ActionKind
from tests.helpers import pick


def _decks():
    return vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights")


def _random_actions(game: vg.Game, seed: int, limit: int = 10_000) -> list[int]:
    rng = np.random.default_rng(seed)
    chosen = []
    while not game.over and len(chosen) < limit:
        actions = game.legal_actions()
        index = int(rng.integers(len(actions)))
        chosen.append(index)
        game.step(actions[index])
    return chosen


def test_same_seed_and_actions_give_the_same_hash_after_every_step():
    a, b = _decks()
    for seed in range(5):
        first = vg.Game(a, b, seed=seed, format="premium")
        second = vg.Game(a, b, seed=seed, format="premium")
        rng = np.random.default_rng(seed)
        while not first.over:
            assert first.state_hash() == second.state_hash()
            actions = first.legal_actions()
            assert actions == second.legal_actions()
            index = int(rng.integers(len(actions)))
            first.step(actions[index])
            second.step(second.legal_actions()[index])
        assert first.state_hash() == second.state_hash()
        assert first.events == second.events


def test_different_seeds_give_different_games():
    a, b = _decks()
    hashes = {vg.Game(a, b, seed=s).state_hash() for s in range(5)}
    assert len(hashes) == 5


def test_a_clone_stepped_like_its_original_stays_equal_and_never_changes_it():
    a, b = _decks()
    game = vg.Game(a, b, seed=3)
    _random_actions(game, 7, limit=60)
    clone = game.clone()
    assert clone.state_hash() == game.state_hash()
    before = game.state_hash()
    rng = np.random.default_rng(9)
    for _ in range(80):
        if clone.over:
            break
        clone.step(clone.legal_actions()[int(rng.integers(len(clone.legal_actions())))])
    assert game.state_hash() == before                     # the original did not move
    other = game.clone()
    rng = np.random.default_rng(9)
    for _ in range(80):
        if game.over:
            break
        index = int(rng.integers(len(game.legal_actions())))
        game.step(game.legal_actions()[index])
        other.step(other.legal_actions()[index])
        assert game.state_hash() == other.state_hash()


def test_clone_copies_the_generator_so_shuffles_match():
    a, b = _decks()
    game = vg.Game(a, b, seed=4)
    clone = game.clone()
    for g in (game, clone):
        g.step(pick(g, ActionKind.PICK, card=g.legal_actions()[0].card))
        g.step(pick(g, ActionKind.DONE))                    # mulligan: draw and shuffle
    assert game.state_hash() == clone.state_hash()


def test_an_illegal_action_raises_and_changes_nothing():
    a, b = _decks()
    game = vg.Game(a, b, seed=1)
    _random_actions(game, 2, limit=40)
    before = game.state_hash()
    events = len(game.events)
    for bad in (Action(ActionKind.ATTACK, card=999, target=998), Action(ActionKind.YES), "done"):
        try:
            game.step(bad)  # type: ignore[arg-type]
        except vg.IllegalActionError as exc:
            assert "not legal" in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")
    assert game.state_hash() == before and len(game.events) == events


def test_a_finished_game_accepts_no_action():
    a, b = _decks()
    game = vg.Game(a, b, seed=1)
    _random_actions(game, 2)
    assert game.over and game.legal_actions() == []
    try:
        game.step(Action(ActionKind.DONE))
    except vg.IllegalActionError as exc:
        assert "over" in str(exc)
    else:
        raise AssertionError("a finished game accepted an action")
