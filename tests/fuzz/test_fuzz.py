"""The fuzzer: random games over every built-in deck pair and both formats, invariants after
every step, and a reproduction that replay reproduces for each failure (issue 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.game import invariants
from ecs_vanguard.replay import Reproduction
from ecs_vanguard.sim import fuzz
from ecs_vanguard.vocab.formats import Phase

ROOT = Path(__file__).resolve().parents[2]
CI_GAMES = 2000
CI_SEED = 20261129


# The 2,000 games in ranges of 125, spread over the cores by xdist: ranges of about 10 s each
# keep both workers busy to the end of the run.
CHUNKS = 16


@pytest.mark.parametrize("part", range(CHUNKS))
def test_2000_fuzzed_games_across_all_decks_and_both_formats_break_no_invariant(tmp_path, part):
    """Games part*125 .. part*125+124 of the 2,000-game run: together the same games as one
    run of 2,000, every one checked after every step."""
    size = CI_GAMES // CHUNKS
    summary = fuzz.run(size, seed=CI_SEED, out=tmp_path, workers=1, first=part * size)
    assert summary.failures == [], [p.read_text() for p in summary.failures]
    assert summary.games == size and summary.steps > 100 * size
    assert summary.matchups == Counter(fuzz.plan(CI_SEED, i)[0]
                                       for i in range(part * size, (part + 1) * size))
    assert not any(tmp_path.iterdir())


def test_the_2000_fuzzed_games_cover_all_decks_and_both_formats():
    """The chunks above add up to 2,000 games that meet every matchup of both formats."""
    assert CI_GAMES % CHUNKS == 0
    matchups = {fuzz.plan(CI_SEED, i)[0] for i in range(CI_GAMES)}
    every = {m for pairs in fuzz.matchups().values() for m in pairs}
    assert matchups == every
    assert {m.format for m in matchups} == {"standard", "premium"}
    assert {d for m in matchups for d in (m.deck_a, m.deck_b)} == set(vg.Deck.builtin_names())


def test_a_range_of_a_run_plays_the_same_games_as_the_whole_run(tmp_path):
    whole = fuzz.run(6, seed=9, out=tmp_path)
    parts = [fuzz.run(3, seed=9, out=tmp_path, first=k) for k in (0, 3)]
    assert whole.matchups == parts[0].matchups + parts[1].matchups
    assert whole.steps == parts[0].steps + parts[1].steps


def test_standard_games_use_standard_decks_only_and_premium_any():
    pairs = fuzz.matchups()
    standard = {n for n in vg.Deck.builtin_names() if vg.Deck.builtin(n).format == "standard"}
    assert pairs["standard"] and all({m.deck_a, m.deck_b} <= standard for m in pairs["standard"])
    assert len(pairs["premium"]) == len(vg.Deck.builtin_names()) ** 2
    for fmt, matchups in pairs.items():
        for m in matchups:
            for name in (m.deck_a, m.deck_b):
                vg.Deck.builtin(name).validate(fmt)


def test_game_seeds_come_from_the_run_seed_and_the_game_index_only():
    assert fuzz.plan(3, 10) == fuzz.plan(3, 10)
    seeds = {fuzz.plan(3, i)[1] for i in range(200)}
    assert len(seeds) == 200
    assert fuzz.plan(3, 10)[1] != fuzz.plan(4, 10)[1]
    assert [fuzz.plan(3, i)[0].format for i in range(4)] == ["standard", "premium"] * 2


def test_the_same_run_gives_the_same_games_with_any_worker_count(tmp_path):
    one = fuzz.run(8, seed=5, out=tmp_path, workers=1)
    two = fuzz.run(8, seed=5, out=tmp_path, workers=2)
    assert (one.steps, one.matchups) == (two.steps, two.matchups)


def _plant_failure(monkeypatch) -> None:
    """Make an invariant fail from the third turn's battle phase on, a state-only condition."""

    def check_planted(state):
        if state.turn.turn >= 3 and state.turn.phase is Phase.BATTLE:
            raise AssertionError("planted failure")

    monkeypatch.setattr(invariants, "CHECKS", (*invariants.CHECKS, check_planted))


def test_a_broken_invariant_writes_reproductions_that_replay_reproduces(tmp_path, monkeypatch):
    _plant_failure(monkeypatch)
    summary = fuzz.run(4, seed=1, out=tmp_path, workers=1)
    assert summary.games == 4 and len(summary.failures) == 4  # the run went on
    for path in summary.failures:
        data = json.loads(path.read_text())
        assert set(data) >= {"seed", "format", "deck_a", "deck_b", "actions", "error"}
        assert data["error"] == "AssertionError: planted failure"
        repro = Reproduction.load(path)
        _, failure = repro.run()
        assert failure is not None and failure.error == repro.error
        assert failure.actions == repro.actions  # it fails at the very last step
        decks = repro.decks()
        before = vg.replay(repro.seed, decks, repro.actions[:-1], format=repro.format)
        before.check_invariants()  # ... and not one step earlier
        at = vg.replay(repro.seed, decks, repro.actions, format=repro.format)
        with pytest.raises(AssertionError, match="planted failure"):
            at.check_invariants()


def test_an_engine_exception_is_recorded_and_the_run_goes_on(tmp_path, monkeypatch):
    real_step = vg.Game.step

    def crashing_step(game, action):
        real_step(game, action)
        if game.turn == 2 and game.phase is Phase.MAIN:
            raise KeyError("planted crash")

    monkeypatch.setattr(vg.Game, "step", crashing_step)
    summary = fuzz.run(2, seed=3, out=tmp_path, workers=1)
    assert summary.games == 2 and len(summary.failures) == 2
    assert json.loads(summary.failures[0].read_text())["error"] == "KeyError: 'planted crash'"


def test_the_command_prints_a_summary_and_exits_1_on_failures(tmp_path, monkeypatch, capsys):
    assert fuzz.main(["--games", "4", "--seed", "2", "--out", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "fuzz: 4 games" in out and "0 failures" in out and "games/s" in out
    assert "fuzz: 4/4 games" in err
    _plant_failure(monkeypatch)
    assert fuzz.main(["--games", "2", "--seed", "2", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "2 failures" in out and "python -m ecs_vanguard.replay" in out


def test_the_module_runs_from_the_command_line(tmp_path):
    command = [
        sys.executable,
        "-m",
        "ecs_vanguard.sim.fuzz",
        "--games",
        "2",
        "--seed",
        "1",
        "--out",
        str(tmp_path),
        "--workers",
        "2",
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "fuzz: 2 games" in done.stdout


@pytest.mark.parametrize("args", [["--games", "-1"], ["--games", "2", "--workers", "0"], []])
def test_bad_arguments_exit_2(args, capsys):
    with pytest.raises(SystemExit) as info:
        fuzz.main(args)
    assert info.value.code == 2
