"""The `ecs-vanguard` command line: errors, results, resume, matchups (issue 4; play: issue 2).

Most tests swap the engine for a fake game function by patching `runner.simulate` (the CLI calls
it through the module). The tests named `test_engine_*` (last section) run the real engine, a
handful of games each (the kill-and-resume one: 200 games, about 2 s).
"""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fault_games import fake_game

from ecs_vanguard.cli import main as cli
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.sim import runner
from ecs_vanguard.sim.play import GameSpec

A, B = "blazing_dragons", "radiant_knights"
REPO = Path(__file__).resolve().parents[2]


def failing_game(spec: GameSpec) -> dict:
    """Fail like an engine bug on every odd seed."""
    if spec.seed % 2:
        raise RuntimeError("boom")
    return fake_game(spec)


@pytest.fixture
def fake_engine(monkeypatch):
    """Make the CLI play fake games (through the real runner, backends and files)."""
    monkeypatch.setattr(runner, "simulate", functools.partial(runner.simulate,
                                                              game_fn=fake_game))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the CLI in this process; return exit code, stdout and stderr."""
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def error_lines(err: str) -> list[str]:
    """Return stderr without progress-bar output."""
    return [line for line in err.splitlines() if line.startswith("ecs-vanguard")]


def assert_one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("ecs-vanguard: error: ")
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err


def bad_deck_file(tmp_path: Path) -> Path:
    """Write a deck of 51 cards (CORE-02)."""
    source = Path(Deck.builtin(A).source).read_text()
    bad = tmp_path / "fat.toml"
    bad.write_text(source.replace("DX-016 = 1", "DX-016 = 2"))
    return bad


# ---- mistakes: one line on stderr, exit code 2 ------------------------------------------

@pytest.mark.parametrize("command", ["simulate", "play"])
def test_bad_deck_path_is_a_one_line_error_with_exit_code_2(capsys, tmp_path, command):
    """A deck path that does not exist: one line naming it, exit 2."""
    code, _, err = run(capsys, command, "--deck-a", str(tmp_path / "nope.toml"))
    assert_one_line_error(code, err, "nope.toml", "no such deck file")


def test_invalid_deck_is_a_one_line_error_with_exit_code_2(capsys, tmp_path):
    """A deck breaking a construction rule: one line naming the rule, exit 2."""
    code, _, err = run(capsys, "simulate", "--deck-b", str(bad_deck_file(tmp_path)))
    assert_one_line_error(code, err, "fat.toml", "CORE-02")
    code, _, err = run(capsys, "play", "--deck-a", "accel_strikers", "--format", "standard")
    assert_one_line_error(code, err, "CORE-14")


def test_malformed_deck_toml_is_a_one_line_error(capsys, tmp_path):
    """A deck file that is not TOML: one line, exit 2."""
    broken = tmp_path / "broken.toml"
    broken.write_text("name = [unclosed\n")
    code, _, err = run(capsys, "simulate", "--deck-a", str(broken))
    assert_one_line_error(code, err, "malformed TOML")


@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "0"],
    ["simulate", "--games", "many"],
    ["simulate", "--workers", "0"],
    ["simulate", "--agent-a", "genius"],
    ["simulate", "--format", "v-premium"],
    ["simulate", "--backend", "cluster"],
    ["simulate", "--resume"],
    ["simulate", "--no-out", "--out", "x"],
    ["simulate", "--address", "auto"],
    ["simulate", "--gauntlet", "no/such/folder"],
    ["play", "--seed", "-3"],
    ["play", "--deck-b", "a", "--deck-b", "b", "--turn-limit", "0"],
    ["fight"],
])
def test_bad_options_are_one_line_errors_with_exit_code_2(capsys, argv):
    """Unknown agents, formats, backends, bad numbers and impossible combinations: exit 2."""
    code, _, err = run(capsys, *argv)
    assert_one_line_error(code, err)


def test_out_dir_of_another_run_is_a_one_line_error_and_kept(capsys, tmp_path, fake_engine):
    """An out dir holding another run is refused, its games untouched."""
    out = tmp_path / "run"
    assert run(capsys, "simulate", "--games", "5", "--seed", "1", "--out", str(out))[0] == 0
    before = (out / "games.jsonl").read_bytes()
    code, _, err = run(capsys, "simulate", "--games", "5", "--seed", "2", "--out", str(out),
                       "--resume")
    assert code == 2 and error_lines(err) == [line for line in err.splitlines() if line]
    assert "different run" in err and "seed 1 != 2" in err
    assert (out / "games.jsonl").read_bytes() == before


def test_subprocess_bad_deck_path_exits_2_without_traceback(tmp_path):
    """The real command in a fresh interpreter: one line on stderr, exit code 2."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO),
                                                        os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "ecs_vanguard.cli.main", "simulate", "--deck-a",
                           "missing_deck.toml"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("ecs-vanguard: error: missing_deck.toml")
    assert not (tmp_path / "runs").exists()


def test_help_exits_0(capsys):
    """--help prints the usage and exits 0."""
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0 and "--deck-a" in out and "--backend" in out


# ---- runs with a fake engine -------------------------------------------------------------

def test_simulate_writes_results_and_resumes_a_cut_run(capsys, tmp_path, fake_engine):
    """--out keeps every game; after a cut, --resume completes it with each game once."""
    out = tmp_path / "run"
    code, text, _ = run(capsys, "simulate", "--games", "30", "--workers", "2", "--out", str(out))
    assert code == 0 and "win rate A (95% CI)" in text and f"results: {out}" in text
    assert {p.name for p in out.iterdir()} == {"run.json", "games.jsonl", "summary.json",
                                               "summary.png", "games.parquet"}
    lines = (out / "games.jsonl").read_text().splitlines(keepends=True)
    (out / "games.jsonl").write_text("".join(lines[:9]) + lines[9][:20])
    code, _, err = run(capsys, "simulate", "--games", "30", "--out", str(out))
    assert code == 2 and "--resume" in err
    code, text, _ = run(capsys, "simulate", "--games", "30", "--out", str(out), "--resume")
    indices = [json.loads(line)["i"] for line in (out / "games.jsonl").read_text().splitlines()]
    assert code == 0 and sorted(indices) == list(range(30))
    assert json.loads((out / "summary.json").read_text())["games"] == 30


def test_no_arguments_plays_the_default_matchup_into_a_new_runs_dir(capsys, tmp_path,
                                                                     monkeypatch, fake_engine):
    """`ecs-vanguard` alone: 1000 games of the default matchup, summary, a runs/ directory."""
    monkeypatch.chdir(tmp_path)
    code, text, _ = run(capsys)
    assert code == 0
    assert "Blazing Dragons (heuristic) vs Radiant Knights (heuristic), standard, seed 0" in text
    assert "games                   1000" in text
    (out,) = (tmp_path / "runs").iterdir()
    assert out.name.endswith("blazing_dragons-vs-radiant_knights")
    assert len((out / "games.jsonl").read_text().splitlines()) == 1000


def test_gauntlet_plays_deck_a_against_each_deck_with_one_table(capsys, tmp_path, fake_engine):
    """--gauntlet DIR: A against every deck file, one table, one results folder each."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in (A, B):
        (folder / f"{name}.toml").write_text(Path(Deck.builtin(name).source).read_text())
    out = tmp_path / "gauntlet"
    code, text, _ = run(capsys, "simulate", "--deck-a", A, "--gauntlet", str(folder),
                        "--games", "20", "--backend", "serial", "--out", str(out))
    assert code == 0
    rows = [line for line in text.splitlines() if line.startswith("Blazing Dragons")]
    assert len(rows) == 2 and "Radiant Knights" in rows[1]
    assert {p.name for p in out.iterdir()} == {"matchups.json", "blazing_dragons-vs-blazing_dragons",
                                               "blazing_dragons-vs-radiant_knights"}
    assert len(json.loads((out / "matchups.json").read_text())) == 2


def test_failed_games_are_reported_and_exit_code_1(capsys, monkeypatch):
    """Games the engine fails on are counted, the first is named, the exit code is 1."""
    monkeypatch.setattr(runner, "simulate", functools.partial(runner.simulate,
                                                              game_fn=failing_game))
    code, text, err = run(capsys, "play", "--games", "20")
    assert code == 1
    assert "errors" in text and "RuntimeError: boom" in text
    (line,) = error_lines(err)
    assert "games failed in the engine" in line and "seed" in line


def test_interrupt_keeps_games_and_prints_the_resume_command(capsys, tmp_path, monkeypatch):
    """Ctrl-C: exit code 130 and the exact command line that resumes the run."""
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "simulate", interrupted)
    out = tmp_path / "run"
    code, _, err = run(capsys, "simulate", "--games", "50", "--seed", "3", f"--out={out}")
    assert code == 130
    assert f"resume with: ecs-vanguard simulate --games 50 --seed 3 --out {out} --resume" in err


# ---- the real engine: a handful of games each ----------------------------------------------

def test_engine_simulate_with_out_writes_results_and_plot(capsys, tmp_path):
    """A small real run on 2 workers finishes cleanly and writes results and plot."""
    out = tmp_path / "run"
    code, text, _ = run(capsys, "simulate", "--games", "6", "--workers", "2", "--out", str(out),
                        "--check")
    assert code == 0 and "win rate A" in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 6 and summary["errors"] == 0
    assert (out / "summary.png").stat().st_size > 0


def test_engine_play_prints_the_summary(capsys):
    """`play` plays real games in this process and prints wins, draws, first player, turns."""
    code, text, _ = run(capsys, "play", "--games", "3", "--seed", "5")
    assert code == 0
    for needle in ("games                   3", "draws", "first player wins", "turns per game"):
        assert needle in text


def test_engine_serial_and_process_give_identical_records():
    """The real engine gives the same per-game records in-process and in a pool."""
    serial = runner.simulate(A, B, 4, seed=8, backend="serial")
    pooled = runner.simulate(A, B, 4, seed=8, backend="process", workers=2)
    assert serial.records == pooled.records
    assert not serial.summary()["errors"]


def test_engine_cli_killed_mid_run_resumes_with_each_game_once(capsys, tmp_path):
    """Kill -9 the real command mid-run; --resume completes it; each game is in the file once."""
    out = tmp_path / "run"
    games = tmp_path / "run" / "games.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO),
                                                        os.environ.get("PYTHONPATH", "")])}
    argv = ["simulate", "--games", "200", "--backend", "serial", "--out", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "ecs_vanguard.cli.main", *argv], cwd=tmp_path,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if games.exists() and games.read_bytes().count(b"\n") >= 3:
            break
        time.sleep(0.002)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    written = games.read_bytes().count(b"\n")
    assert 3 <= written < 200, "the run must be killed mid-run"
    code, _, _ = run(capsys, *argv[:3], "--workers", "2", "--out", str(out), "--resume")
    indices = [json.loads(line)["i"] for line in games.read_text().splitlines()]
    assert code == 0 and sorted(indices) == list(range(200))


def test_a_gauntlet_of_both_formats_plays_each_pairing_in_its_format(capsys, tmp_path,
                                                                    fake_engine):
    """--gauntlet over the built-in deck folder (standard and premium decks): every deck of
    deck A's format is played in that format, each other one is skipped with a note."""
    folder = Path(Deck.builtin(A).source).parent
    same = sorted(n for n in Deck.builtin_names() if Deck.builtin(n).format == "standard")
    other = sorted(set(Deck.builtin_names()) - set(same))
    assert same and other
    out = tmp_path / "g"
    code, _, err = run(capsys, "simulate", "--deck-a", A, "--gauntlet", str(folder),
                          "--games", "4", "--backend", "serial", "--out", str(out))
    assert code == 0, err
    assert {p.name for p in out.iterdir()} == {"matchups.json",
                                               *(f"{A}-vs-{n}" for n in same)}
    summaries = json.loads((out / "matchups.json").read_text())
    assert {s["run"]["format"] for s in summaries} == {"standard"}
    notes = [line for line in error_lines(err) if "skipping" in line]
    assert len(notes) == len(other)
    assert all("different formats" in line for line in notes)
    code, _, err = run(capsys, "simulate", "--deck-a", "force_vanguards", "--gauntlet",
                       str(folder), "--games", "2", "--backend", "serial", "--no-out")
    assert code == 0 and len([ln for ln in error_lines(err) if "skipping" in ln]) == len(same)


def test_a_gauntlet_with_no_deck_of_deck_as_format_is_one_line(capsys, tmp_path, fake_engine):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "fv.toml").write_text(Path(Deck.builtin("force_vanguards").source).read_text())
    code, _, err = run(capsys, "simulate", "--deck-a", A, "--gauntlet", str(folder), "--no-out")
    assert code == 2
    assert "no deck of the format of deck A" in error_lines(err)[-1]
