"""A new game copies the dealt positions of its decks (facade._dealt_copy, issue 34) instead of
making its hundred cards again: the same game as one dealt from nothing, whatever the games
before it did, and whatever esper was told in between."""

from __future__ import annotations

import os
import subprocess
import sys

import esper
import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.game import facade
from ecs_vanguard.game.dealing import deal
from ecs_vanguard.vocab.formats import format_rules


def _decks(a: str = "blazing_dragons", b: str = "radiant_knights") -> tuple[vg.Deck, vg.Deck]:
    return vg.Deck.builtin(a), vg.Deck.builtin(b)


def _dealt_from_nothing(decks: tuple[vg.Deck, vg.Deck], seed: int) -> vg.Game:
    """A game set up the way every game was before the copies: cards made, shuffled, drawn."""
    game = vg.Game._blank(vg.CardDB.builtin(), format_rules("standard"), seed)
    deal(game.state, decks)
    game._origin = lambda: vg.Game(*decks, seed=seed)
    game._run()
    return game


def _playout(game: vg.Game, seed: int) -> list[str]:
    rng, hashes = np.random.default_rng(seed), [game.state_hash()]
    while not game.over:
        actions = game.legal_actions()
        game.step(actions[int(rng.integers(len(actions)))])
        hashes.append(game.state_hash())
    return hashes


def test_a_copied_deal_plays_the_game_a_deal_from_nothing_plays():
    for seed in (3, 11):
        assert _playout(vg.Game(*_decks(), seed=seed), seed) == \
            _playout(_dealt_from_nothing(_decks(), seed), seed)


def test_a_game_of_equal_decks_copies_the_kept_deal_and_keeps_the_callers_decks():
    first = vg.Game(*_decks(), seed=4)
    again = _decks()                                   # equal, other objects
    game = vg.Game(*again, seed=4)
    assert game.state.decks[0] is again[0] and game.state.decks[1] is again[1]
    assert game.state_hash() == first.state_hash()


def test_games_played_from_one_kept_deal_leave_it_as_it_was():
    """Each game writes only its own copies: the tenth game of a pair starts where the first
    did, and plays the same game again for the same seed."""
    first = _playout(vg.Game(*_decks(), seed=5), 5)
    for seed in range(6, 14):
        _playout(vg.Game(*_decks(), seed=seed), seed)
    assert _playout(vg.Game(*_decks(), seed=5), 5) == first


def test_a_deal_whose_world_esper_deleted_is_made_again():
    vg.Game(*_decks(), seed=1)
    esper.switch_world("default")
    for name in esper.list_worlds():
        if name != "default":
            esper.delete_world(name)                 # every world, the kept deal's too
    assert _playout(vg.Game(*_decks(), seed=2), 2) == _playout(_dealt_from_nothing(_decks(), 2), 2)


def test_the_kept_deals_are_bounded_and_the_latest_used_stay():
    names = ["blazing_dragons", "radiant_knights", "arcane_scholars", "dress_dancers",
             "final_rush", "iron_gate"]
    pairs = [(a, b) for a in names for b in names if a != b][:facade._DEALT_KEPT + 4]
    for a, b in pairs:
        vg.Game(*_decks(a, b), seed=0)
        vg.Game(*_decks(*pairs[0]), seed=0)          # used again each time: kept
    kept = {(key[2], key[3]) for key in facade._DEALT}
    assert len(facade._DEALT) == facade._DEALT_KEPT
    assert _decks(*pairs[0]) in kept and _decks(*pairs[1]) not in kept


def test_the_first_game_of_a_process_freezes_what_was_loaded():
    """gc.freeze at the first game: what was alive then is no longer scanned by each full
    collection (issue 34); a process that made no game froze nothing."""
    code = ("import gc, ecs_vanguard as vg; before = gc.get_freeze_count(); "
            "vg.Game(vg.Deck.builtin('blazing_dragons'), vg.Deck.builtin('iron_gate')); "
            "print(before, gc.get_freeze_count())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert int(out[0]) == 0 and int(out[1]) > 10_000
    env = {**os.environ, "ECS_VANGUARD_NO_GC_FREEZE": "1"}      # the opt-out freezes nothing
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout.split()
    assert out == ["0", "0"]
