"""Tournaments (issue 11): round robin in both seats on the simulation runner, win-rate matrix,
Bradley-Terry ratings with intervals, heatmap, resume, the command line."""

from __future__ import annotations

import functools
import json

import numpy as np
import pytest

from ecs_vanguard.cli import main as cli
from ecs_vanguard.sim import ratings, tournament, tournament_plot
from ecs_vanguard.sim.play import GameSpec
from ecs_vanguard.sim.tournament import pairings
from ecs_vanguard.vocab.errors import SimulationError

A, B = "blazing_dragons", "radiant_knights"


def strength_game(spec: GameSpec) -> dict:
    """A fake game: the agent named later in STRONG wins more often (seed decides)."""
    strong = {"random": 0.0, "heuristic": 1.0, "mcts:iterations=5": 2.0}
    edge = strong[spec.agent_a] - strong[spec.agent_b]
    p_a = 1.0 / (1.0 + 10 ** (-edge / 2))
    roll = np.random.default_rng(spec.seed).random()
    return {"seed": spec.seed, "winner": "a" if roll < p_a else "b", "first": "a",
            "turns": 8, "damage_a": 3, "damage_b": 6, "decisions": 100, "reason": "damage",
            "triggers": {}, "mechanics": {}, "error": None}


def test_pairings_play_every_pair_of_agents_on_every_pair_of_decks_in_both_seats():
    runs = pairings(["x", "y", "z"], ["d1", "d2"])
    assert len(runs) == 3 * 2
    assert {(r.agent_a, r.agent_b) for r in runs} == {("x", "y"), ("y", "x"), ("x", "z"),
                                                       ("z", "x"), ("y", "z"), ("z", "y")}
    assert {(r.deck_a, r.deck_b) for r in runs} == {("d1", "d2")}
    mirror = pairings(["x", "y"], ["d1"])
    assert [(r.agent_a, r.deck_a, r.deck_b) for r in mirror] == [("x", "d1", "d1"),
                                                                 ("y", "d1", "d1")]
    assert len({r.label for r in pairings(["a", "b"], ["d1", "d2", "d3"])}) == 6


def test_a_real_tournament_of_two_agents_end_to_end(tmp_path):
    """Random against heuristic on the engine: every game counted once, the heuristic ahead,
    files written, the same deals in both seats, resume plays nothing new."""
    out = tmp_path / "t"
    res = tournament.tournament(["random", "heuristic"], [A, B], 3, seed=4, backend="serial",
                                out=out)
    assert res.games[0, 1] == res.games[1, 0] == 6
    assert res.wins[1, 0] >= 5 and res.errors == 0
    summary = json.loads((out / "summary.json").read_text())
    fit = summary["ratings"]
    assert fit["heuristic"]["rating"] > fit["random"]["rating"]
    assert fit["heuristic"]["low"] <= fit["heuristic"]["rating"] <= fit["heuristic"]["high"]
    assert (out / "tournament.png").stat().st_size > 10_000
    title = tournament_plot.title(summary)          # the decks' own formats: none named
    assert title == "tournament: 6 games, Blazing Dragons, Radiant Knights", title
    runs = sorted(p.name for p in out.iterdir() if p.is_dir())
    seeds = [[json.loads(line)["seed"] for line in (out / r / "games.jsonl").read_text()
              .splitlines()] for r in runs]
    assert len(runs) == 2 and sorted(seeds[0]) == sorted(seeds[1])      # duplicate deals
    again = tournament.tournament(["random", "heuristic"], [A, B], 3, seed=4,
                                  backend="serial", out=out, resume=True)
    assert np.array_equal(again.wins, res.wins)
    with pytest.raises(SimulationError, match="resume"):
        tournament.tournament(["random", "heuristic"], [A, B], 3, seed=4, backend="serial",
                              out=out)
    with pytest.raises(SimulationError, match="another tournament"):
        tournament.tournament(["random", "heuristic"], [A, B], 3, seed=5, backend="serial",
                              out=out, resume=True)


def test_process_backend_gives_the_serial_results():
    play = functools.partial(tournament.tournament, ["random", "heuristic", "mcts:iterations=5"],
                             [A], 20, seed=1, game_fn=strength_game)
    serial, pooled = play(backend="serial"), play(backend="process", workers=2)
    assert np.array_equal(serial.wins, pooled.wins)
    fit = serial.ratings(samples=200)
    assert list(np.argsort(fit.rating)) == [0, 1, 2]
    assert np.all(fit.low <= fit.rating) and np.all(fit.rating <= fit.high)


def test_a_tournament_needs_two_different_agents_and_a_deck():
    for agents, decks in ((["random"], [A]), (["random", "random"], [A]),
                          (["random", "heuristic"], [])):
        with pytest.raises(SimulationError):
            tournament.tournament(agents, decks, 2, backend="serial")
    with pytest.raises(SimulationError, match="unknown agent"):
        tournament.tournament(["random", "chess"], [A], 2, backend="serial")


def test_bradley_terry_recovers_known_strengths_and_keeps_perfect_records_finite():
    truth = np.array([0.0, 100.0, 300.0])
    games = 20000
    rng = np.random.default_rng(0)
    wins = np.zeros((3, 3), dtype=np.int64)
    for i in range(3):
        for j in range(i + 1, 3):
            wins[i, j] = rng.binomial(games, ratings.expected_score(truth[i], truth[j]))
            wins[j, i] = games - wins[i, j]
    fit = ratings.bradley_terry(wins, np.zeros((3, 3), dtype=np.int64))
    assert np.allclose(fit - fit[0], truth, atol=15)
    assert fit.mean() == pytest.approx(ratings.MEAN_RATING)
    perfect = ratings.bootstrap_ratings(np.array([[0, 10], [0, 0]]), np.zeros((2, 2)),
                                        samples=200)
    assert np.isfinite(perfect.rating).all() and perfect.rating[0] > perfect.rating[1]
    assert perfect.low[0] < perfect.high[0]


def test_the_tournament_command_prints_the_matrix_and_keeps_the_results(tmp_path, capsys,
                                                                        monkeypatch):
    monkeypatch.setattr(tournament, "tournament",
                        functools.partial(tournament.tournament, game_fn=strength_game))
    out = tmp_path / "t"
    code = cli.main(["tournament", "--agents", "random,mcts:iterations=5,heuristic", "--decks",
                     A, "--games", "4", "--backend", "serial", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "row beats column" in text and "mcts:iterations=5" in text and "Elo" in text
    assert (out / "tournament.png").exists() and (out / "tournament.json").exists()
    code = cli.main(["tournament", "--agents", "random,heuristic", "--decks", A, "--games", "4",
                     "--backend", "serial", "--out", str(out)])
    assert code == 2


@pytest.mark.parametrize(("args", "words"), [
    (["--agents", "random"], "two or more"),
    (["--agents", "random,chess"], "unknown agent"),
    (["--agents", "random,mcts:iterations=0"], "at least 1"),
    (["--decks", "no_such_deck"], "no such deck"),
    (["--mcts-iterations", "0"], "at least 1"),
])
def test_the_tournament_command_refuses_bad_input_in_one_line(capsys, args, words):
    code = cli.main(["tournament", "--no-out", "--backend", "serial", *args])
    err = capsys.readouterr().err
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1
