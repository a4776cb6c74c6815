"""MCTSAgent (issue 11): seeded, budgeted, blind to hidden cards, and stronger than random (a
short version of the evaluation in the README; the full one is 200 games per opponent)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents import AgentSpec, MCTSAgent, make_agent
from ecs_vanguard.sim.runner import game_seed
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle


def q_vanguard(game: vg.Game, player: int) -> int:
    return game.state.board.circles[player][Circle.VC][0]


def _play(agents: list, seed: int, decks=("blazing_dragons", "radiant_knights")) -> vg.Game:
    game = vg.Game(vg.Deck.builtin(decks[0]), vg.Deck.builtin(decks[1]), seed=seed)
    while not game.over:
        game.step(agents[game.decision.player].act(game))
    return game


def test_mcts_beats_the_random_agent_in_both_seats():
    """Short evaluation: 4 seeded games, MCTS in each seat half the time, all won."""
    wins = 0
    for i in range(4):
        seed = game_seed(0, i)
        mcts = MCTSAgent(seed=seed, iterations=8)
        side = i % 2
        agents = [mcts, vg.RandomAgent(seed)] if side == 0 else [vg.RandomAgent(seed), mcts]
        wins += _play(agents, seed).winner == side
        assert mcts.searched > 0
    assert wins == 4


def _attack_step(db) -> vg.Game:
    """Player 1 at 5 damage with an empty hand and one rear-guard that can intercept; player 0
    attacks with a vanguard of 13000 and a rear-guard of 10000."""
    game = (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", rear={"front_left": "DX-006"}, hand=["DX-008"])
            .player(1, vanguard="DX-104", rear={"front_right": "DX-106"}, damage=["DX-107"] * 5)
            .start(turn=3, turn_player=0, phase="main"))
    game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.DONE))
    assert game.decision.kind is DecisionKind.ATTACK
    return game


def test_the_search_finds_the_win_the_heuristic_misses(db):
    """The heuristic attacks the vanguard with its strongest unit, and the rear-guard
    intercepts it (CORE-10); the search first attacks the interceptor with the rear-guard
    (10000 against 10000: it hits and retires), after which the vanguard's attack cannot be
    stopped and deals the sixth damage. It finds this with a few simulations, every one won."""
    game = _attack_step(db)
    vanguard, interceptor = game.state.board.circles[1][Circle.VC][0], \
        game.state.board.circles[1][Circle.FRONT_RIGHT][0]
    naive = vg.HeuristicAgent(0).act(game)
    assert naive.target == vanguard
    for seed in range(3):
        agent = MCTSAgent(seed=seed, iterations=8)
        action = agent.act(game)
        assert action.target == interceptor and action.card != q_vanguard(game, 0)
        visits, mean = agent.statistics()[action]
        assert visits > 0 and mean == 1.0
        assert agent.statistics()[naive][1] < 1.0
    played = game.clone()
    players = [MCTSAgent(seed=0, iterations=8), vg.HeuristicAgent(1)]
    while not played.over and played.turn == game.turn:
        played.step(players[played.decision.player].act(played))
    assert played.over and played.winner == 0 and played.end_code == "damage"


def test_a_horizon_judges_simulations_by_the_position_value(db):
    """horizon=0 plays every simulation to the end (results 0, 0.5 or 1, so whole means over
    paired samples); horizon 1 stops at the next turn and scores the position (agents.value),
    so means fall between; a bad horizon is one clear error."""
    game = (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", hand=["DX-006", "DX-008", "DX-002"])
            .player(1, vanguard="DX-104", hand=["DX-111"])
            .start(turn=3, turn_player=0, phase="main"))
    means = {}
    for horizon in (0, 1):
        agent = MCTSAgent(seed=0, iterations=12, horizon=horizon)
        assert agent.act(game) in game.legal_actions()
        means[horizon] = [node.reward for node in agent.last_search.values()]
    assert all(float(r).is_integer() or (2 * r).is_integer() for r in means[0])
    assert any(not (2 * r).is_integer() for r in means[1])
    for bad, words in (("mcts:horizon=-1", "at least 0"), ("mcts:horizon=x", "whole number")):
        with pytest.raises(ValueError, match=words):
            AgentSpec.parse(bad)


def test_the_same_seed_plays_the_same_game():
    """Seeded: equal seeds give equal searches, so equal games, event for event."""
    hashes = []
    for _ in range(2):
        agents = [MCTSAgent(seed=3, iterations=4, rollout="random"), vg.HeuristicAgent(4)]
        game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"),
                       seed=11)
        for _ in range(40):
            game.step(agents[game.decision.player].act(game))
        hashes.append(game.state_hash())
    assert hashes[0] == hashes[1]


def test_the_search_never_sees_the_opponents_hidden_cards(db):
    """Information sets: two positions that differ only in the opponent's hand get the same
    choice from the same seeded search."""
    chosen = []
    for hand in (["DX-111", "DX-114", "DX-109"], ["DX-104", "DX-105", "DX-116"]):
        game = (vg.Scenario(db, seed=2)
                .player(0, vanguard="DX-004", hand=["DX-006", "DX-008", "DX-002"])
                .player(1, vanguard="DX-104", hand=hand, damage=["DX-107"] * 3)
                .start(turn=3, turn_player=0, phase="main"))
        chosen.append(MCTSAgent(seed=1, iterations=16).act(game))
    assert chosen[0] == chosen[1]


def test_a_decision_with_one_distinct_choice_is_not_searched(db):
    """Choosing between two copies of one card in the same zone is one choice: no search."""
    from ecs_vanguard.agents.mcts import _distinct

    game = (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", hand=["DX-008", "DX-008"])
            .player(1, vanguard="DX-104")
            .start(turn=3, turn_player=0, phase="main"))
    assert len(_distinct(game)) < len(game.legal_actions())
    found = 0
    for seed in range(6):
        game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"),
                       seed=seed)
        agents = [vg.HeuristicAgent(1), vg.HeuristicAgent(2)]
        while not game.over:
            if len(game.legal_actions()) > 1 and len(_distinct(game)) == 1:
                agent = MCTSAgent(seed=0, iterations=50)
                assert agent.act(game) in game.legal_actions() and agent.searched == 0
                found += 1
            game.step(agents[game.decision.player].act(game))
    assert found > 0


def test_agent_specs_name_the_options_and_refuse_bad_ones():
    """`mcts:iterations=50,rollout=random` makes that agent; defaults are left out of the
    text; a bad option is one clear error."""
    spec = AgentSpec.parse("mcts:iterations=50,rollout=random")
    agent = spec.make(seed=1)
    assert (agent.iterations, agent.rollout) == (50, "random")
    assert str(spec) == "mcts:iterations=50,rollout=random"
    assert str(AgentSpec.parse("mcts:iterations=200")) == "mcts"
    assert str(AgentSpec.parse("mcts").with_defaults({"iterations": 30})) == "mcts:iterations=30"
    assert isinstance(make_agent("heuristic"), vg.HeuristicAgent)
    for bad, words in (("mcts:iterations=0", "at least 1"), ("mcts:depth=3", "no option"),
                       ("mcts:rollout=smart", "unknown rollout"), ("alphazero", "unknown"),
                       ("mcts:iterations=many", "must be a whole number"),
                       ("mcts:exploration=high", "must be a number")):
        with pytest.raises(ValueError, match=words):
            AgentSpec.parse(bad)


def test_the_budget_bounds_the_simulations_of_a_decision(db):
    """A budget smaller than the choices compares the policy's choice with a few others: the
    simulations never exceed the budget by more than the last round's rounding."""
    game = (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", hand=["DX-006", "DX-008", "DX-002", "DX-003"])
            .player(1, vanguard="DX-104")
            .start(turn=3, turn_player=0, phase="main"))
    assert len(game.legal_actions()) > 10
    for rollout in ("random", "heuristic"):
        agent = MCTSAgent(seed=0, iterations=6, rollout=rollout)
        assert agent.act(game) in game.legal_actions()
        simulations = sum(visits for visits, _ in agent.statistics().values())
        assert 0 < simulations <= 8


def test_widening_grows_a_tree_below_the_root(db):
    """widening > 0 adds nodes for later choices; the default searches at the root only, and
    the statistics account for every simulation."""
    game = (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", hand=["DX-006", "DX-008"])
            .player(1, vanguard="DX-104", hand=["DX-108"])
            .start(turn=3, turn_player=0, phase="main"))
    sizes = {}
    for widening in (0.0, 2.0):
        agent = MCTSAgent(seed=0, iterations=24, widening=widening)
        agent.act(game)
        sizes[widening] = sum(len(n.children) for n in agent.last_search.values())
        runs = sum(visits for visits, _ in agent.statistics().values())
        assert 0 < runs <= 24 + len(agent.last_search)
    assert sizes[0.0] == 0 and sizes[2.0] > 0


def test_a_search_stops_once_the_actions_prove_equivalent(db, monkeypatch):
    """Equal results for every action in each of `settle` shared samples end the search early
    (the rest of the budget is saved); differing results use the whole budget."""
    game = (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", hand=["DX-006", "DX-008"])
            .player(1, vanguard="DX-104")
            .start(turn=3, turn_player=0, phase="main"))
    for differ, settle in ((False, 16), (True, 16), (False, 0)):
        agent = MCTSAgent(seed=0, iterations=200, settle=settle)
        rounds: list = []

        def fake_round(sampler, keys, choices, roots, rounds=rounds, differ=differ):
            rounds.append(len(keys))
            return {k: float(differ and i == 0) for i, k in enumerate(keys)}

        monkeypatch.setattr(agent, "_paired_round", fake_round)
        agent.act(game)
        if differ or settle == 0:
            assert sum(rounds) > 150
        else:
            assert len(rounds) == 16


def test_the_strength_benchmark_reports_wins_with_intervals_and_resumes(tmp_path, capsys):
    """The full evaluation (benchmarks/bench_mcts_strength.py, 200 games per opponent) in
    short: two games against random in both seats, both won, the figure's fields; a second
    run on the same directory plays nothing new and says so; --fresh plays both again."""
    import importlib.util
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_mcts_strength.py"
    spec = importlib.util.spec_from_file_location("bench_mcts_strength", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    argv = ["--games", "2", "--iterations", "4", "--opponents", "random", "--out",
            str(tmp_path)]
    assert bench.main(argv) == 0
    figure = json.loads(capsys.readouterr().out)
    assert (figure["opponent"], figure["games"], figure["wins"]) == ("random", 2, 2)
    assert figure["low"] < figure["rate"] == 1.0 == figure["high"]
    assert figure["wins_with_deck"] == {"blazing_dragons": 1, "radiant_knights": 1}
    assert 0 < figure["seconds_per_searched_decision"] < 5
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert bench.main(argv) == 0
    resumed = capsys.readouterr()
    assert json.loads(resumed.out) == figure
    assert f"resuming: 2 of 2 games taken from {tmp_path}" in resumed.err
    assert (tmp_path / "games.jsonl").read_text().splitlines() == lines
    (tmp_path / "games.jsonl").write_text(lines[0] + "\n")     # as if stopped after one game
    assert bench.main([*argv, "--fresh"]) == 0
    again = capsys.readouterr()
    assert "resuming" not in again.err and json.loads(again.out)["games"] == 2
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 2     # both played anew
