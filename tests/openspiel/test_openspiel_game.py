"""`python_vanguard`, the game as OpenSpiel sees it (issue 22 part 3): OpenSpiel's own random
simulation test, its IS-MCTS bot, the information state that a resample keeps, the tensors,
the deal, serialization and the one-line errors."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import ecs_vanguard.openspiel as vos
from ecs_vanguard.game import DECISIONS_PER_TURN_LIMIT
from ecs_vanguard.openspiel.observer import CARD_FEATURES, known_cards, recall
from ecs_vanguard.perspective.encoding import ACTION_COUNT, OBSERVATION
from ecs_vanguard.perspective.knowledge import Knowledge, knowledge
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.errors import ArgumentError, DeckError, IllegalActionError
from ecs_vanguard.vocab.zones import Zone

PREMIUM = {"deck_a": "force_vanguards", "deck_b": "accel_strikers"}


def _dealt(params: dict | None = None) -> vos.VanguardState:
    state = pyspiel.load_game(vos.SHORT_NAME, params or {}).new_initial_state()
    state.apply_action(vos.game.DEAL)
    return state


def _random_steps(state: vos.VanguardState, rng: np.random.Generator, n: int) -> None:
    for _ in range(n):
        if state.is_terminal():
            return
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_game_is_registered_as_an_imperfect_information_sampled_chance_zero_sum_game():
    """The game loads by name with OpenSpiel's attributes for it and the engine's sizes."""
    assert vos.SHORT_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("python_vanguard")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2 and game.num_distinct_actions() == ACTION_COUNT
    assert game.max_chance_outcomes() == 1
    assert game.observation_tensor_size() == OBSERVATION.size
    recall = 2 * 2 * len(CARD_FEATURES) + 2 * len(CARD_FEATURES)
    assert game.information_state_tensor_size() == OBSERVATION.size + recall
    again = vos.load_game(deck_a="legion_blades", deck_b="chain_lockers", turn_limit=20)
    assert isinstance(again, vos.VanguardGame) and again.format == "premium"
    assert again.max_game_length() == 21 * DECISIONS_PER_TURN_LIMIT


@pytest.mark.parametrize("params", [{"turn_limit": 6}, {**PREMIUM, "turn_limit": 10, "rng_seed": 2}],
                         ids=["standard-6-turns", "premium-10-turns"])
def test_openspiel_random_simulation_test_passes(params):
    """OpenSpiel's own checks of a game (what its Python games' tests run): legal actions
    sorted and only for the player to move, unique action strings, clones equal after the same
    action, finite tensors of the declared sizes, returns zero-sum within bounds."""
    game = pyspiel.load_game("python_vanguard", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_deal_is_the_one_chance_node_and_the_game_seed_repeats_the_deals():
    """Each new state starts at the deal; successive deals differ, and a game of the same
    rng_seed deals the same games again."""
    def deals(seed: int) -> list[str]:
        game = pyspiel.load_game("python_vanguard", {"rng_seed": seed})
        out = []
        for _ in range(3):
            state = game.new_initial_state()
            assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
            state.apply_action(0)
            assert not state.is_chance_node() and state.current_player() == 0   # mulligan
            out.append(str(state))
        return out

    first = deals(7)
    assert len(set(first)) == 3
    assert deals(7) == first
    assert deals(8) != first


def test_resample_from_infostate_keeps_the_information_state_and_legal_actions():
    """A determinization of player p's information set looks the same to p (strings, tensors,
    and p's legal actions when p decides), through a whole game of a premium matchup; the
    other player's side of it is dealt anew (their view changes in some sample)."""
    state, rng = _dealt({**PREMIUM, "rng_seed": 3}), np.random.default_rng(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other_changed = 0
    while not state.is_terminal():
        for p in (0, 1):
            sample = state.resample_from_infostate(p, sampler)
            assert sample.information_state_string(p) == state.information_state_string(p)
            assert sample.information_state_tensor(p) == state.information_state_tensor(p)
            assert sample.observation_string(p) == state.observation_string(p)
            assert sample.observation_tensor(p) == state.observation_tensor(p)
            assert sample.current_player() == state.current_player()
            if p == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
            other_changed += sample.observation_string(1 - p) != state.observation_string(1 - p)
        _random_steps(state, rng, 3)
    assert other_changed > 0


def test_information_state_tensor_is_the_observation_then_what_the_player_knows():
    """The information-state tensor starts with Game.observation; its `unseen` part counts
    every card of the player's deck (unseen until drawn) and every hidden card of the opponent
    outside the G zone; `known_hidden` of the opponent's hand grows when the opponent's drive
    check, seen by both, goes into that hand, and never exceeds the hand."""
    state, rng = _dealt({"rng_seed": 4}), np.random.default_rng(1)
    observer = state.get_game().make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    saw_known_opponent_card = False
    while not state.is_terminal():
        engine = state.engine
        for p in (0, 1):
            observer.set_from(state, p)
            assert np.array_equal(observer.tensor[:OBSERVATION.size], engine.observation(p))
            grades = slice(0, 5)                         # one grade one-hot per card
            mine, theirs = engine.state.board.zones[p], engine.state.board.zones[1 - p]
            known_deck = observer.dict["known_hidden"][0, 1, grades].sum()
            assert observer.dict["unseen"][0, grades].sum() + known_deck == len(mine[Zone.DECK])
            hidden = sum(len(theirs[z]) for z in (Zone.DECK, Zone.HAND, Zone.RIDE_DECK))
            known = observer.dict["known_hidden"][1, :, grades].sum()
            assert observer.dict["unseen"][1, grades].sum() + known == hidden
            known_hand = observer.dict["known_hidden"][1, 0, grades].sum()
            assert known_hand <= len(theirs[Zone.HAND])
            saw_known_opponent_card |= known_hand > 0
        _random_steps(state, rng, 1)
    assert saw_known_opponent_card


def test_the_other_players_options_are_not_in_the_information_state():
    """At player 0's mulligan the decision offers the cards of 0's hand; player 1 has seen
    none of them, so 1's information state names none (the determinization alone keeps them,
    knowledge without seen_only), and only player 0's strings list the legal actions."""
    state = _dealt({"rng_seed": 11})
    engine = state.engine
    engine.switch()
    hand = set(engine.state.board.zones[0][Zone.HAND])
    assert state.current_player() == 0 and hand
    assert all(knowledge(engine.state, 1)[c] is Knowledge.KNOWN for c in hand)
    assert all(knowledge(engine.state, 1, seen_only=True)[c] is Knowledge.UNKNOWN for c in hand)
    assert known_cards(engine, 1) == []
    known, _ = recall(engine, 1)
    assert not known.any()
    other = json.loads(state.information_state_string(1))
    assert "actions" not in other["decision"] and "source" not in other["decision"]
    mine = json.loads(state.information_state_string(0))
    assert mine["decision"]["actions"] == state.legal_actions()


def test_action_strings_name_the_engine_action_and_are_unique_over_the_table():
    """Every table index has its own words; a legal action's words are the engine Action's
    (for the actions whose table entry names every field: a move names its card only)."""
    texts = {vos.action_text(i) for i in range(ACTION_COUNT)}
    assert len(texts) == ACTION_COUNT
    with pytest.raises(ValueError):
        vos.action_text(ACTION_COUNT)
    same_words = {ActionKind.PICK, ActionKind.DONE, ActionKind.YES, ActionKind.NO,
                  ActionKind.RIDE, ActionKind.CALL, ActionKind.ACT,
                  ActionKind.GUARD, ActionKind.INTERCEPT, ActionKind.STRIDE}
    state, rng, compared = _dealt({**PREMIUM, "rng_seed": 5}), np.random.default_rng(2), 0
    while not state.is_terminal():
        engine = state.engine
        for action, index in zip(engine.legal_actions(), engine.legal_action_indices()):
            if action.kind in same_words:
                assert state.action_to_string(int(index)) == str(action)
                compared += 1
        _random_steps(state, rng, 1)
    assert compared > 100


def test_ismcts_bot_plays_legal_moves_for_both_players():
    """OpenSpiel's IS-MCTS (python, resampling through resample_from_infostate) picks a legal
    action at the mulligans and on into the first turns, for both seats."""
    game = pyspiel.load_game("python_vanguard", {"rng_seed": 6})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=2,
                           random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    assert bot.step(state) == pyspiel.INVALID_ACTION         # the deal is chance's
    state.apply_action(0)
    movers = set()
    for _ in range(10):
        legal = state.legal_actions()
        movers.add(state.current_player())
        action = bot.step(state)
        assert action in legal
        state.apply_action(action)
    assert movers == {0, 1}


def test_serialize_and_pickle_continue_the_game_identically():
    """A serialized or pickled state restores with its history and goes on as the original
    does (its generator included); a pickled game deals what the original deals next."""
    game = pyspiel.load_game("python_vanguard", {"rng_seed": 9})
    state = game.new_initial_state()
    state.apply_action(0)
    _random_steps(state, np.random.default_rng(3), 40)
    copies = [game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))]
    rng = np.random.default_rng(4)
    for _ in range(30):
        action = int(rng.choice(state.legal_actions()))
        for s in (state, *copies):
            s.apply_action(action)
        assert all(str(c) == str(state) and c.history() == state.history() for c in copies)
    twin = pickle.loads(pickle.dumps(game))
    a, b = game.new_initial_state(), twin.new_initial_state()
    a.apply_action(0)
    b.apply_action(0)
    assert str(a) == str(b)


def test_CORE_16_turn_limit_draw_returns_zero_to_both():
    """CORE-16: a game that reaches the turn limit is a draw: terminal, returns 0 and 0."""
    state = _dealt({"turn_limit": 2, "rng_seed": 1})
    _random_steps(state, np.random.default_rng(0), 10_000)
    assert state.is_terminal() and state.engine.end_code == "turn_limit"
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []


def test_a_win_returns_plus_one_and_minus_one():
    """A decided game: +1 to the engine's winner, -1 to the other."""
    state = _dealt({"rng_seed": 2})
    _random_steps(state, np.random.default_rng(5), 10_000)
    winner = state.engine.winner
    assert state.is_terminal() and winner in (0, 1)
    assert state.returns()[winner] == 1.0 and state.returns()[1 - winner] == -1.0


def test_mistakes_are_one_line_typed_errors():
    """Unknown decks, bad parameters and illegal actions are the project's typed errors."""
    with pytest.raises(DeckError):
        pyspiel.load_game("python_vanguard", {"deck_a": "no_such_deck"})
    with pytest.raises(ArgumentError):
        pyspiel.load_game("python_vanguard", {"turn_limit": 0})
    with pytest.raises(ArgumentError):
        vos.VanguardGame({"turnlimit": 3})
    with pytest.raises(ArgumentError):
        pyspiel.load_game("python_vanguard").make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=False,
                                       private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    state = _dealt()
    before = str(state)
    illegal = next(i for i in range(ACTION_COUNT) if i not in state.legal_actions())
    for apply in (state.apply_action, state.apply_action_with_legality_check):
        with pytest.raises(IllegalActionError):
            apply(illegal)
    assert str(state) == before
