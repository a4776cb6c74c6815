"""The `learned` agent (agents.learned, issue 37): a spec wherever agents are taken, the shipped
weights load, every action is legal, a game is the same for the same seed, the features say what
their names say, and a bad weights file is refused in one line naming it."""

from __future__ import annotations

import json

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents import AgentSpec, LearnedAgent, make_agent
from ecs_vanguard.agents import learned as L
from ecs_vanguard.agents.mcts import _key
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import ArgumentError

DECKS = ("blazing_dragons", "radiant_knights")


def _game(seed: int) -> vg.Game:
    return vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=seed)


def _play(seed: int, other: str = "heuristic") -> tuple[list, int | None]:
    """Play learned (seat 0) against `other`; return every action of the learned seat (each
    checked legal) and the winner."""
    game = _game(seed)
    agents = [make_agent("learned", seed), make_agent(other, seed)]
    mine = []
    while not game.over:
        decision = game.decision
        action = agents[decision.player].act(game)
        assert action in decision.actions
        if decision.player == 0:
            mine.append(action)
        game.step(action)
    return mine, game.winner


def test_the_spec_parses_and_makes_the_agent():
    spec = AgentSpec.parse("learned")
    assert spec.name == "learned" and str(spec) == "learned"
    agent = spec.make(3)
    assert isinstance(agent, LearnedAgent)
    assert agent.model is L.builtin_model()
    with pytest.raises(ArgumentError, match="agent 'learned' has no option 'depth'"):
        AgentSpec.parse("learned:depth=2")
    with pytest.raises(ArgumentError):
        LearnedAgent(-1)


def test_the_shipped_weights_load_and_match_the_features():
    model = L.LearnedModel.load(L.BUILTIN)
    names = L.feature_names(model.card_ids)
    assert model.layers[0][0].shape[1] == len(names) == model.mean.shape[0]
    assert {"DX-001", "DX-101"} <= set(model.card_ids)     # the default matchup's cards
    assert L.BUILTIN.stat().st_size < 1_000_000           # a small file in the package


def test_every_action_is_legal_and_a_seed_replays_the_game():
    first, winner = _play(5)
    again, winner_again = _play(5)
    assert first == again and winner == winner_again
    assert len(first) > 20
    kinds = {a.kind for a in first}
    assert {ActionKind.CALL, ActionKind.ATTACK, ActionKind.RIDE} <= kinds
    assert ActionKind.MOVE not in kinds                    # moves are left out (module doc)


def test_it_beats_the_random_agent():
    # Deterministic games (seeded agents): not a flaky threshold. The benchmark measures more.
    wins = sum(_play(seed, "random")[1] == 0 for seed in range(6))
    assert wins >= 5


def test_simulate_takes_it_in_either_seat():
    results = vg.simulate(*DECKS, 2, agent_a="learned", agent_b="random", backend="serial")
    assert results.run["agent_a"] == "learned" and not results.columns["error"].any()
    results = vg.simulate(*DECKS, 2, agent_a="heuristic", agent_b="learned", backend="serial")
    assert results.run["agent_b"] == "learned" and not results.columns["error"].any()


def test_an_environment_takes_it_as_its_opponent():
    from ecs_vanguard.env import VanguardEnv

    env = VanguardEnv(opponent="learned")
    env.reset(seed=2)
    assert isinstance(env.core.opponent, LearnedAgent)
    rng = np.random.default_rng(0)
    for _ in range(200):                    # random moves against it to the game's end
        _, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(
            env.action_masks()))))
        if done or truncated:
            break
    assert done and reward == -1.0          # the random learner lost to it


def test_the_kinds_it_does_not_decide_are_the_heuristic_rules():
    """A model deciding no kind plays HeuristicAgent's game of the same seed, action for
    action; the shipped one departs from it somewhere."""
    model = L.builtin_model()
    assert model.decides and model.decides != set(DecisionKind)   # a hybrid (module doc)
    nothing = L.LearnedModel(model.card_ids, model.mean, model.scale, model.layers, ())
    for seed in (1, 2):
        games = []
        for agent in (L.LearnedAgent.with_model(nothing, seed), vg.HeuristicAgent(seed),
                      L.LearnedAgent(seed)):
            game, other, actions = _game(seed), vg.HeuristicAgent(seed + 9), []
            while not game.over:
                mover = agent if game.decision.player == 0 else other
                actions.append(mover.act(game))
                game.step(actions[-1])
            games.append(actions)
        assert games[0] == games[1]
        assert games[2] != games[1]


def _decision_of(kind: DecisionKind, seed: int = 1) -> vg.Game:
    """A heuristic game stopped at its first decision of `kind` with two or more candidates."""
    game = _game(seed)
    agent = vg.HeuristicAgent(seed)
    while not game.over:
        if game.decision.kind is kind and len(L.candidates(game)) > 1:
            return game
        game.step(agent.act(game))
    raise AssertionError(f"no {kind} decision in game {seed}")


def test_a_guards_features_say_what_their_names_say():
    game = _decision_of(DecisionKind.GUARD)
    actions = L.candidates(game)
    ids = L.builtin_model().card_ids
    x = L.features(game, actions, ids)
    names = L.feature_names(ids)
    assert x.shape == (len(actions), len(names))
    col = {name: i for i, name in enumerate(names)}
    state = game.state
    attack, defence = q.battle_totals(state)
    preferred = L.heuristic_key(game)
    for row, action in zip(x, actions, strict=True):
        assert row[col["heuristic_choice"]] == float(_key(game, action) == preferred)
        assert row[col["battle_margin"]] == pytest.approx((attack - defence) / 1e4)
        assert row[col["in_battle"]] == 1.0
        assert row[col[f"kind_guard_{action.kind.value}"]] == 1.0
        assert row[L.NUMERIC:].sum() == 1.0 + (action.card >= 0)   # kind and card
        if action.kind is ActionKind.GUARD:
            shield = q.shield(state, action.card) / 1e4
            assert row[col["card_shield"]] == pytest.approx(shield)
            assert row[col["card_in_hand"]] == 1.0
            assert row[col[f"card_id_{state.card(action.card).id}"]] == 1.0
            assert row[col["guard_enough"]] == float(shield >= (attack - defence + 1) / 1e4)
            assert row[col["has_index"]] == 0.0
    assert sum(x[:, col["heuristic_choice"]]) == 1.0


def _saved(tmp_path, change) -> str:
    doc = json.loads(L.BUILTIN.read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def _set(key, value):
    return lambda doc: doc.__setitem__(key, value)


def _layer(i, key, value):
    return lambda doc: doc["layers"][i].__setitem__(key, value)


@pytest.mark.parametrize(("change", "said"), [
    (_set("format", "other/1"), "not a weights file of format"),
    (lambda doc: doc.pop("scale"), "no field 'scale'"),
    (lambda doc: doc["features"].reverse(), "another feature list"),
    (_set("card_ids", [1, 2]), "lists of text"),
    (_layer(0, "b", [1.0, 2.0]), "layer 0 has weights"),
    (_layer(1, "w", [["a"]]), "arrays of numbers"),
    (_layer(0, "w", [[1.0], [1.0, 2.0]]), "arrays of numbers"),
    (lambda doc: doc["mean"].__setitem__(0, float("nan")), "finite"),
    (lambda doc: doc["scale"].__setitem__(0, 0.0), "scales positive"),
    (lambda doc: doc["layers"].pop(), "one score per action"),
    (_set("layers", {"w": 1}), "list of {w, b}"),
    (_set("decides", ["main_phase", "bogus"]), "decides must be a list of decision kinds"),
    (lambda doc: doc.pop("decides"), "no field 'decides'"),
])
def test_a_bad_weights_file_is_refused_in_one_line(tmp_path, change, said):
    path = _saved(tmp_path, change)
    with pytest.raises(ArgumentError) as caught:
        L.LearnedModel.load(path)
    message = str(caught.value)
    assert said in message and path in message and "\n" not in message


@pytest.mark.parametrize("content", [b"", b"{not json", b"\xff\xfe\x00", b"[1, 2]", b"null"])
def test_a_corrupt_file_is_refused_in_one_line(tmp_path, content):
    path = tmp_path / "weights.json"
    path.write_bytes(content)
    with pytest.raises(ArgumentError, match=r"learned agent weights .*weights\.json") as caught:
        L.LearnedModel.load(path)
    assert "\n" not in str(caught.value)
    with pytest.raises(ArgumentError, match="not a file"):
        L.LearnedModel.load(tmp_path)


def test_a_saved_model_plays_as_loaded(tmp_path):
    model = L.builtin_model()
    path = tmp_path / "copy.json"
    model.save(path)
    copy = L.LearnedModel.load(path)
    game = _decision_of(DecisionKind.MAIN_PHASE)
    x = L.features(game, L.candidates(game), model.card_ids)
    assert np.allclose(model.scores(x), copy.scores(x), atol=1e-4)
