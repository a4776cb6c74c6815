"""world.switch_to, the compiled esper.switch_world every game entry point uses (issue 34): games
played in turns, their clones, esper's own switch in between and dropped games leave each game
exactly where it would be alone."""

from __future__ import annotations

import esper
import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.state import world


def _decks():
    return vg.Deck.builtin("iron_gate"), vg.Deck.builtin("radiant_knights")


def _trace(game: vg.Game, rng: np.random.Generator, steps: int) -> list[str]:
    hashes = []
    for _ in range(steps):
        if game.over:
            break
        actions = game.legal_actions()
        game.step(actions[int(rng.integers(len(actions)))])
        hashes.append(game.state_hash())
    return hashes


def test_games_in_turns_with_clones_and_drops_play_as_each_would_alone():
    alone = [_trace(vg.Game(*_decks(), seed=s), np.random.default_rng(s), 120) for s in (1, 2)]
    games = [vg.Game(*_decks(), seed=s) for s in (1, 2)]
    rngs = [np.random.default_rng(s) for s in (1, 2)]
    together: list[list[str]] = [[], []]
    for turn in range(120):
        for k in (0, 1):
            doomed = games[k].clone()                  # made, stepped, dropped: the others go on
            _trace(doomed, np.random.default_rng(turn), 3)
            del doomed
            if turn % 7 == 0:
                esper.switch_world("default")          # esper's own switch in between
            together[k] += _trace(games[k], rngs[k], 1)
    assert together == alone


def test_a_clone_numbers_its_new_entities_like_its_original():
    """clone_world gives both worlds a counter from the same next id; leaving a world through
    switch_to keeps its counter, so each makes the same ids after a switch."""
    game = vg.Game(*_decks(), seed=5)
    other = game.clone()
    world.switch_to(game._world)
    first = next(esper._entity_count)
    world.switch_to(other._world)
    second = next(esper._entity_count)
    world.switch_to(game._world)
    assert first == second and next(esper._entity_count) == first + 1


def test_switching_to_a_new_name_makes_an_empty_world_and_dropping_forgets_it():
    """Dropping the current world leaves none current; the next switch saves nothing of it."""
    world.switch_to("ecs_vanguard-test-new")
    assert esper.current_world == "ecs_vanguard-test-new" and esper._entities == {}
    world.drop_world("ecs_vanguard-test-new")
    assert "ecs_vanguard-test-new" not in esper._context_map
    assert esper.current_world is None          # none is current until the next switch
    world.switch_to("default")                  # which keeps nothing of the world dropped
    assert "ecs_vanguard-test-new" not in esper._context_map
    assert esper.current_world == "default"


def test_what_esper_rebinds_in_a_world_is_kept_when_switch_to_leaves_it():
    """switch_to keeps the tuple esper stored on entering a world unless one of the globals
    esper's own functions rebind changed: the counter (clear_database), the cache flag
    (clear_cache) and the component index (a game's first status after a clone). Each is
    found again after a switch away and back, and the other world's are untouched."""
    world.switch_to("ecs_vanguard-test-a")
    esper.create_entity(object())
    world.switch_to("ecs_vanguard-test-b")
    esper.create_entity(object())
    esper.create_entity(object())
    try:
        world.switch_to("ecs_vanguard-test-a")
        esper.clear_database()                       # a new counter: the next entity is 1
        esper.clear_cache()                          # the cache flag rebound to True
        esper._components = index = {int: {1}}      # what _own_index does to the index
        world.switch_to("ecs_vanguard-test-b")
        assert next(esper._entity_count) == 3 and esper._components is not index
        world.switch_to("ecs_vanguard-test-a")
        assert next(esper._entity_count) == 1
        assert esper._cache_dirty is True and esper._components is index
        assert world._NOW.components is index and world._NOW.entities is esper._entities
    finally:
        world.switch_to("default")
        for name in ("ecs_vanguard-test-a", "ecs_vanguard-test-b"):
            world.drop_world(name)
