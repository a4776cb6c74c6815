"""OpenSpiel's algorithms on python_vanguard (issue 37): the C++ tree-search bots refuse a Python
game instead of crashing (a pyspiel limit, shown on a minimal game of our own), evaluate_bots
plays IS-MCTS, generate_playthrough runs with the public and private observations it asks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import open_spiel.python.games  # noqa: F401  (OpenSpiel's own Python games)
from open_spiel.python.algorithms import evaluate_bots, generate_playthrough, mcts

import ecs_vanguard.openspiel  # registers the game, guards the C++ bots
from ecs_vanguard.openspiel.bots import CppBotError, ISMCTSBot
from ecs_vanguard.perspective.observation import OBSERVATION
from ecs_vanguard.vocab.errors import ArgumentError

LIMITS = Path(__file__).resolve().parents[2] / "examples" / "pyspiel_limits.py"


def _dealt(name: str, **params) -> object:
    state = pyspiel.load_game(name, params).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("name", ["python_vanguard", "python_tic_tac_toe"])
def test_the_cpp_bots_refuse_a_python_game_in_one_line(name):
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    state = _dealt(name)
    with pytest.raises(CppBotError, match=r"^pyspiel's C\+\+ MCTSBot would crash"):
        pyspiel.MCTSBot(state.get_game(), evaluator, 2.0, 5, 100, False, 0, False)
    bot = pyspiel.ISMCTSBot(0, evaluator, 2.0, 5)
    with pytest.raises(CppBotError, match=r"^pyspiel's C\+\+ ISMCTSBot would crash"):
        bot.step(state)
    assert isinstance(CppBotError("x"), ValueError)


def test_the_guarded_cpp_bots_still_play_cpp_games():
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    ttt = pyspiel.load_game("tic_tac_toe")
    state = ttt.new_initial_state()
    assert pyspiel.MCTSBot(ttt, evaluator, 2.0, 20, 100, False, 0, False).step(state) in \
        state.legal_actions()
    kuhn = _dealt("kuhn_poker")
    assert pyspiel.ISMCTSBot(0, evaluator, 2.0, 20).step(kuhn) in kuhn.legal_actions()


@pytest.mark.parametrize("what", ["mcts", "ismcts"])
def test_pyspiel_itself_crashes_its_cpp_bots_on_a_minimal_python_game(what):
    """The limit is pyspiel's: on a 3-move Python game of our own, unguarded, the process dies
    with a segmentation fault inside the bot's step."""
    done = subprocess.run([sys.executable, str(LIMITS), what], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == -11, done.stderr[-500:]
    assert done.stdout.strip() == f"{what}: stepping pyspiel's C++ bot on a Python game..."


def test_pyspiel_cannot_serialize_a_sampled_stochastic_python_game():
    """random_sim_test(serialize=True) asks the game for GetRNGState, which pyspiel does not
    forward to a Python game: refused on the minimal game, as on python_vanguard."""
    done = subprocess.run([sys.executable, str(LIMITS), "serialize"], capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout.splitlines() == [
        "random_sim_test(serialize=False): passed",
        "random_sim_test(serialize=True): GetRNGState unimplemented."]


def test_evaluate_bots_plays_is_mcts_on_the_game():
    game = pyspiel.load_game("python_vanguard", {"turn_limit": 3, "rng_seed": 2})
    bots = [ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)), 2.0, 2,
                      random_state=np.random.RandomState(i)) for i in range(2)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    assert state.is_terminal() and returns == state.returns()
    assert sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}


def test_generate_playthrough_runs_with_factored_observations():
    text = generate_playthrough.playthrough("python_vanguard(turn_limit=2)", action_sequence=None,
                                            alsologtostdout=False, seed=1)
    lines = text.splitlines()
    assert lines[0] == "game: python_vanguard(turn_limit=2)"
    assert any(line.startswith("PublicObservationString() = ") for line in lines)
    assert any(line.startswith("PrivateObservationString(1) = ") for line in lines)
    assert "Returns() = " in text


def _observers(game):
    def make(public, private, recall=False):
        return game.make_py_observer(pyspiel.IIGObservationType(
            public_info=public, perfect_recall=recall, private_info=private))
    return (make(True, pyspiel.PrivateInfoType.NONE),
            make(False, pyspiel.PrivateInfoType.SINGLE_PLAYER))


def test_public_observation_is_the_same_for_both_and_private_is_the_players_hand():
    """The public observation does not depend on who asks nor on anything hidden (a resample
    for either player keeps it); the private one is the player's own hand part, kept by a
    resample for that player and changed by nothing the other player holds."""
    state = _dealt("python_vanguard", rng_seed=3)
    public, private = _observers(state.get_game())
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(80):
        if state.is_terminal():
            break
        public.set_from(state, 0)
        tensor, text = public.tensor.copy(), public.string_from(state, 0)
        public.set_from(state, 1)
        assert np.array_equal(public.tensor, tensor) and public.string_from(state, 1) == text
        assert "hand" not in public.dict and '"hand":' not in text
        for player in (0, 1):
            private.set_from(state, player)
            hand = OBSERVATION.part(state.engine.observation(player), "hand")
            assert list(private.dict) == ["hand"] and np.array_equal(private.dict["hand"], hand)
            mine = private.string_from(state, player)
            assert json.loads(mine)["hand"] == state.engine.view(player)["players"][player]["hand"]
            sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(
                0.0, 1.0))
            public.set_from(sample, player)
            assert np.array_equal(public.tensor, tensor) and public.string_from(sample, 0) == text
            assert private.string_from(sample, player) == mine
            checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 40


def test_an_observation_type_the_game_does_not_provide_is_refused():
    game = pyspiel.load_game("python_vanguard")
    with pytest.raises(ArgumentError, match="observes as one player"):
        game.make_py_observer(pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_random_sim_test_with_serialize_passes_with_explicit_chance():
    """With deals=N the deal is an explicit chance node of N equally likely outcomes, so a
    state's history determines it and OpenSpiel's own serialization needs no generator state:
    random_sim_test(serialize=True) passes (with sampled chance pyspiel cannot, above)."""
    game = pyspiel.load_game("python_vanguard", {"turn_limit": 6, "deals": 16, "rng_seed": 1})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 16
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_with_explicit_chance_the_history_determines_the_state():
    game = pyspiel.load_game("python_vanguard", {"deals": 8, "rng_seed": 4})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 8) for i in range(8)]
    assert state.legal_actions() == list(range(8))
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "deal 3"
    texts = []
    for outcome in (3, 3, 5):
        state = game.new_initial_state()
        state.apply_action(outcome)
        for _ in range(6):
            state.apply_action(state.legal_actions()[-1])
        texts.append(str(state))
    assert texts[0] == texts[1] != texts[2]                  # same history, same state
    other = pyspiel.load_game("python_vanguard", {"deals": 8, "rng_seed": 5}).new_initial_state()
    other.apply_action(3)
    first = game.new_initial_state()
    first.apply_action(3)
    assert str(other) != str(first)                          # rng_seed picks the N deals
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == texts[2] and again.history() == state.history()


@pytest.mark.parametrize("deals", [-1, ecs_vanguard.openspiel.game.MAX_DEALS + 1, True, 2.0])
def test_a_bad_number_of_deals_is_refused(deals):
    with pytest.raises(ArgumentError, match="deals"):
        ecs_vanguard.openspiel.load_game(deals=deals)
