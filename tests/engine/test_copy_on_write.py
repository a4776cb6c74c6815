"""Clones share the world and the state until they write (issue 10): every branch of a tree of
clones must be the game its own actions make, as if replayed from scratch, and writing one
branch must never show in another."""

from __future__ import annotations

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard import ops
from ecs_vanguard import query as q
from ecs_vanguard.zones import Circle

MATCHUPS = {"standard": ("blazing_dragons", "radiant_knights"),
            "premium": ("legion_blades", "force_vanguards")}


def _replayed(decks: tuple[vg.Deck, vg.Deck], fmt: str, seed: int, history: list[int]) -> vg.Game:
    game = vg.Game(*decks, seed=seed, format=fmt)
    for index in history:
        game.step(game.legal_actions()[index])
    return game


@pytest.mark.parametrize("fmt", sorted(MATCHUPS))
def test_a_tree_of_clones_plays_each_branch_as_its_own_game(fmt):
    """Branches cloned from branches at random points, each then stepped with its own random
    actions: each ends exactly as a fresh game replaying its actions (hash and events), and the
    invariants hold in every branch at every step."""
    decks = tuple(vg.Deck.builtin(n) for n in MATCHUPS[fmt])
    rng = np.random.default_rng(11)
    root = vg.Game(*decks, seed=5, format=fmt)
    branches: list[tuple[vg.Game, list[int]]] = [(root, [])]
    for _ in range(160):
        game, history = branches[int(rng.integers(len(branches)))]
        if game.over:
            continue
        if rng.random() < 0.15 and len(branches) < 12:
            branches.append((game.clone(), list(history)))
            continue
        index = int(rng.integers(len(game.legal_actions())))
        game.step(game.legal_actions()[index])
        history.append(index)
        game.check_invariants()
    assert len(branches) >= 6
    for game, history in branches:
        fresh = _replayed(decks, fmt, 5, history)
        assert game.state_hash() == fresh.state_hash()
        assert game.events == fresh.events


def test_writing_a_clone_leaves_the_original_and_keeps_the_legion_pair(db):
    """A clone rests its legion through the mate: in the clone both vanguards rest (one pair
    state, LEG-21), in the original neither does; a status given in the clone is not in the
    original."""
    game = (vg.Scenario(db, format="premium").player(0, vanguard="LG-007", mate="LG-005",
                                                      rear={"front_left": "PX-005"})
            .player(1, vanguard="PX-008").start(turn=3, phase="main"))
    before = game.state_hash()
    leader, mate = q.vanguards(game.state, 0)
    unit = q.try_unit_at(game.state, 0, Circle.FRONT_LEFT)
    copy = game.clone()
    copy.switch()
    assert ops.rest(copy.state, mate)
    ops.lock(copy.state, unit)
    assert q.orientation(leader).rested and q.orientation(mate).rested and q.is_locked(unit)
    game.switch()
    assert not q.orientation(leader).rested and not q.orientation(mate).rested
    assert not q.is_locked(unit) and game.state_hash() == before
    game.check_invariants()          # (the copy was changed outside a decision: not checked)
