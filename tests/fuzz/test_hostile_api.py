"""Hostile arguments to the Python API (issue 20): every public entry point checks what it is
given and raises the project's own error (one base class, VanguardError), in one line naming
the argument and what it must be; never a TypeError, AttributeError, numpy's or Gymnasium's
error. Upper bounds where a typo would cost hours or all the memory are refused.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents.spec import AgentSpec
from ecs_vanguard.game.determinizer import Determinizer
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.formats import UnitType

A, B = "blazing_dragons", "radiant_knights"


def refused(call, error: type[vg.VanguardError], *needles: str) -> str:
    """Call and check it raised `error` (a VanguardError) in one line holding every needle."""
    with pytest.raises(vg.VanguardError) as info:
        call()
    message = str(info.value)
    assert isinstance(info.value, error), f"{type(info.value).__name__}: {message}"
    assert "\n" not in message and len(message) < 400, message
    for needle in needles:
        assert needle in message, message
    return message


@pytest.fixture(scope="module")
def decks():
    return vg.Deck.builtin(A), vg.Deck.builtin(B)


@pytest.fixture
def game(decks):                        # per test: the autouse fixture drops esper's worlds
    return vg.Game(*decks, seed=1)


# -- decks and card pools ------------------------------------------------------------------------


@pytest.mark.parametrize("call, error, needles", [
    (lambda: vg.Deck.load(None), vg.DeckError, ("path", "NoneType")),
    (lambda: vg.Deck.load(""), vg.DeckError, ("path", "non-empty")),
    (lambda: vg.Deck.load("a\0b"), vg.DeckError, ("NUL",)),
    (lambda: vg.Deck.load(5), vg.DeckError, ("path",)),
    (lambda: vg.Deck.builtin(None), vg.DeckError, ("no built-in deck",)),
    (lambda: vg.Deck.resolve(3.5), vg.DeckError, ("deck",)),
    (lambda: vg.CardDB.load(5), vg.CardDataError, ("card file path", "5")),
    (lambda: vg.CardDB.load(None), vg.CardDataError, ("card file path",)),
    (lambda: vg.CardDB.load("x.toml", base="builtin"), vg.CardDataError, ("base", "CardDB")),
    (lambda: vg.Deck(main=None), vg.DeckError, ("starter",)),
    (lambda: vg.Deck("x", None, "DX-001"), vg.DeckError, ("main", "tuple of card ids")),
    (lambda: vg.Deck("x", ("DX-001",), None), vg.DeckError, ("starter", "a str")),
    (lambda: vg.Deck("x", (1, 2), "DX-001"), vg.DeckError, ("main",)),
    (lambda: vg.Deck("x", ("DX-001",) * 10**6, "DX-001"), vg.DeckError, ("at most 200",)),
    (lambda: vg.Deck(3, ("DX-001",), "DX-001"), vg.DeckError, ("name",)),
])
def test_decks_and_pools_refuse_bad_arguments(call, error, needles):
    refused(call, error, *needles)


def test_a_deck_built_from_lists_is_the_same_deck(decks):
    deck = decks[0]
    again = vg.Deck(deck.name, list(deck.main), deck.starter, list(deck.ride_deck))
    assert again.main == deck.main and again.digest() == deck.digest()


# -- games, determinization ----------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, needles", [
    ({"db": "x"}, ("db", "CardDB")),
    ({"db": 5}, ("db",)),
    ({"seed": -1}, ("seed",)),
    ({"seed": "1"}, ("seed",)),
    ({"turn_limit": 0}, ("turn_limit",)),
])
def test_game_refuses_bad_arguments(decks, kwargs, needles):
    refused(lambda: vg.Game(*decks, **kwargs), vg.ArgumentError, *needles)


@pytest.mark.parametrize("call, needles", [
    (lambda g: g.determinize(0, rng="x"), ("rng",)),
    (lambda g: g.determinize(0, rng=-3), ("rng", "at least 0")),
    (lambda g: g.determinize(0, rng=1.5), ("rng",)),
    (lambda g: g.determinize(2), ("player",)),
    (lambda g: Determinizer(0, 0), ("game", "a Game")),
    (lambda g: Determinizer("game", 0), ("game",)),
    (lambda g: Determinizer(g, 2), ("player must be 0 or 1",)),
    (lambda g: Determinizer(g, 0).sample("x"), ("rng", "a numpy Generator, a seed or None")),
    (lambda g: Determinizer(g, 0).sample(-1), ("rng", "at least 0")),
])
def test_determinize_refuses_bad_arguments(game, call, needles):
    before = game.state_hash()
    refused(lambda: call(game), vg.ArgumentError, *needles)
    assert game.state_hash() == before


def test_determinize_still_takes_a_seed_a_generator_or_none(game):
    for rng in (0, 7, np.random.default_rng(3), None):
        assert game.determinize(0, rng=rng).state_hash() is not None


def test_a_determinizer_samples_from_a_seed_as_from_its_generator(game):
    """Determinizer.sample takes what Game.determinize takes: a seed deals as the Generator it
    seeds, and as Game.determinize with that seed."""
    sampler = Determinizer(game, np.int64(1))
    from_seed = sampler.sample(np.int64(11)).state_hash()
    assert from_seed == sampler.sample(np.random.default_rng(11)).state_hash()
    assert from_seed == game.determinize(1, rng=11).state_hash()


# -- agents --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, needles", [
    ({"rollout": "zz"}, ("unknown rollout", "heuristic, random")),
    ({"widening": math.nan}, ("widening", "finite")),
    ({"exploration": math.inf}, ("exploration", "finite")),
    ({"exploration": -1.0}, ("exploration", "at least 0")),
    ({"iterations": 10**12}, ("iterations", f"at most {limits.MAX_MCTS_ITERATIONS:,}")),
    ({"iterations": 0}, ("iterations", "at least 1")),
    ({"iterations": 2.0}, ("iterations", "whole number")),
    ({"settle": -1}, ("settle",)),
    ({"seed": -1}, ("seed",)),
])
def test_mcts_refuses_bad_arguments(kwargs, needles):
    refused(lambda: vg.MCTSAgent(**kwargs), vg.ArgumentError, *needles)


@pytest.mark.parametrize("spec, needle", [
    ("mcts:widening=nan", "widening"), ("mcts:exploration=inf", "exploration"),
    ("mcts:iterations=1_0", "iterations"), ("mcts:iterations=٣", "iterations"),
    ("mcts:iterations= 3 ", "iterations"), ("mcts:iterations=" + "9" * 5000, "iterations"),
    ("mcts:exploration=1e999", "exploration"), ("zz", "unknown agent"),
])
def test_agent_specs_refuse_bad_text(spec, needle):
    refused(lambda: AgentSpec.parse(spec), vg.ArgumentError, needle)


# -- odds, simulate ------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, needles", [
    ({"samples": 0}, ("samples", "at least 1")),
    ({"samples": 10**12}, ("samples", f"at most {limits.MAX_ODDS_SAMPLES:,}")),
    ({"samples": "100"}, ("samples",)),
    ({"seed": -1}, ("seed",)),
    ({"db": "x"}, ("db",)),
    ({"mulligan": ""}, ("empty policy",)),
    ({"mulligan": "keep-if ٣x grade 1"}, ("mulligan",)),
])
def test_odds_refuses_bad_arguments(kwargs, needles):
    refused(lambda: vg.odds(A, **kwargs), vg.OddsError, *needles)


def test_odds_refuses_a_deck_that_is_not_one():
    refused(lambda: vg.odds(5), vg.OddsError, "deck")


@pytest.mark.parametrize("kwargs, needles", [
    ({"games": -1}, ("games",)), ({"games": 2.5}, ("games",)), ({"seed": -1}, ("seed",)),
    ({"backend": "zz"}, ("backend",)), ({"agent_a": "mcts:widening=nan"}, ("widening",)),
    ({"workers": 0}, ("workers",)),
])
def test_simulate_refuses_bad_arguments(tmp_path, kwargs, needles):
    out = tmp_path / "run"
    refused(lambda: vg.simulate(A, B, **{"games": 2, "out": out, **kwargs}),
            vg.SimulationError, *needles)
    assert not out.exists()


# -- environments --------------------------------------------------------------------------------


def test_environments_refuse_bad_arguments():
    from ecs_vanguard.env.gym_env import VanguardEnv
    from ecs_vanguard.env.vector import VectorEnv

    refused(lambda: VanguardEnv(opponent="zz"), vg.ArgumentError, "opponent", "unknown agent")
    refused(lambda: VanguardEnv(seat=2), vg.ArgumentError, "seat")
    refused(lambda: VanguardEnv(illegal_action="ignore"), vg.ArgumentError, "illegal_action")
    env = VanguardEnv()
    refused(lambda: env.reset(seed=-1), vg.ArgumentError, "seed")
    refused(lambda: env.reset(seed="1"), vg.ArgumentError, "seed")
    refused(lambda: VectorEnv(10**9), vg.ArgumentError, "n",
            f"at most {limits.MAX_VECTOR_ENVS:,}")
    venv = VectorEnv(3)
    venv.reset(seed=0)
    refused(lambda: venv.step([0]), vg.ArgumentError, "expected 3 actions")
    refused(lambda: venv.step([[0], [1, 2], 3]), vg.ArgumentError, "expected 3 actions")
    refused(lambda: venv.reset(seed=-1), vg.ArgumentError, "seed")


# -- Scenario ------------------------------------------------------------------------------------


def _scenario(fmt: str = "standard", **side: object):
    return vg.Scenario(format=fmt, seed=1).player(0, vanguard="DX-004", **side)


@pytest.mark.parametrize("build, needles", [
    (lambda: vg.Scenario(seed=-1), ("seed", "at least 0")),
    (lambda: vg.Scenario(seed="x"), ("seed",)),
    (lambda: vg.Scenario(db="x"), ("db",)),
    (lambda: _scenario(accel=-1), ("accel", "at least 0")),
    (lambda: _scenario(accel=99), ("accel", "at most")),
    (lambda: _scenario(protect=-3), ("protect", "at least 0")),
    (lambda: _scenario(protect=10**6), ("protect", "at most")),
    (lambda: _scenario(damage_face_down=-1), ("damage_face_down",)),
    (lambda: _scenario(states=["nonexistent_state"]), ("unknown player state",)),
    (lambda: _scenario(states={"final_rush": 5}), ("states",)),
    (lambda: _scenario(chosen_heart="left"), ("chosen_heart", "leader, mate")),
    (lambda: _scenario(chosen_heart="mate"), ("chosen_heart 'mate' needs a mate",)),
    (lambda: _scenario(hand=["DX-001"] * 10**6), ("hand", "at most 200")),
    (lambda: _scenario(hand="DX-001"), ("hand", "list of card ids")),
    (lambda: _scenario(hand=[5]), ("hand",)),
    (lambda: _scenario(rear={"front_left": 5}), ("rear",)),
    (lambda: _scenario(rested="vc"), ("rested",)),
    (lambda: vg.Scenario().player(0, vanguard=["DX-004"]), ("vanguard", "card id")),
    (lambda: vg.Scenario().player(True, vanguard="DX-004"), ("player must be 0 or 1",)),
])
def test_scenario_refuses_bad_arguments(build, needles):
    refused(build, vg.ScenarioError, *needles)


def _two_sides() -> vg.Scenario:
    return vg.Scenario().player(0, vanguard="DX-004").player(1, vanguard="DX-104")


@pytest.mark.parametrize("kwargs, needles", [
    ({"turn": "3"}, ("turn must be a whole number", "'3'")),
    ({"turn": 0}, ("turn must be at least 1",)),
    ({"turn": 2.0}, ("turn must be a whole number",)),
    ({"turn_player": 2}, ("player must be 0 or 1",)),
    ({"turn_player": True}, ("player must be 0 or 1",)),
    ({"orders_played": -1}, ("orders_played must be at least 0",)),
    ({"orders_played": "1"}, ("orders_played must be a whole number",)),
    ({"phase": ["main"]}, ("unknown phase",)),
])
def test_scenario_start_refuses_bad_arguments(kwargs, needles):
    """A wrong type is the user's mistake: a ScenarioError naming it, never a TypeError."""
    refused(lambda: _two_sides().start(**kwargs), vg.ScenarioError, *needles)


def test_numpy_integers_are_plain_integers_to_the_api(decks):
    """Where the API takes an integer (a player, a turn, a count), a numpy integer means the
    same: the same game, view and observation in the compiled build as in the pure one (a
    compiled function refuses a numpy integer where it declares an int)."""
    i = np.int64
    game = vg.Game(*decks, seed=1)
    assert game.view(i(1)) == game.view(1)
    assert np.array_equal(game.observation(i(0)), game.observation(0))
    assert game.determinize(i(1), rng=i(5)).state_hash() == game.determinize(1, rng=5).state_hash()
    built = [vg.Scenario(seed=seed).player(p0, vanguard="DX-004", damage_face_down=down)
             .player(1, vanguard="DX-104")
             .start(turn=turn, turn_player=tp, orders_played=orders).state_hash()
             for seed, p0, down, turn, tp, orders in ((2, 0, 1, 3, 0, 1),
                                                      (i(2), i(0), i(1), i(3), i(0), i(1)))]
    assert built[0] == built[1]


def test_scenario_refuses_a_g_unit_as_the_vanguard(db):
    g_unit = next(c.id for c in db if c.unit_type is UnitType.G_UNIT)
    for fmt in ("standard", "premium"):
        refused(lambda fmt=fmt: vg.Scenario(db, format=fmt).player(0, vanguard=g_unit),
                vg.ScenarioError, "G unit", "STR-08")


def test_a_known_state_and_a_legal_side_still_build(db):
    game = (vg.Scenario(db, seed=2).player(0, vanguard="DX-004", states=["final_rush"],
                                           hand=["DX-001"] * 3)
            .player(1, vanguard="DX-104").start(turn=3, phase="main"))
    assert game.state.player_states[0][0][0] == "final_rush"


def test_every_error_class_is_one_base_class_users_can_catch():
    for name in ("ArgumentError", "CardDataError", "DeckError", "ScenarioError",
                 "SimulationError", "SnapshotError", "ReproductionError", "OddsError",
                 "IllegalActionError"):
        assert issubclass(getattr(vg, name), vg.VanguardError)
