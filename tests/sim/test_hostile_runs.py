"""Hostile input, round 4 (issue 36) on runs: a FIFO or a device where a run's file should be
never hangs a reader, a Parquet copy older than the records is never read, a damaged Parquet
file or a path that is not a path is one SimulationError, and a tournament never writes into a
folder holding a simulate run."""

from __future__ import annotations

import functools
import os
import threading

import pytest
from test_runner import fake_game

import ecs_vanguard as vg
from ecs_vanguard.cli import main as cli
from ecs_vanguard.sim import columnar, tournament
from ecs_vanguard.sim.runner import load_results, simulate
from ecs_vanguard.vocab.errors import ReproductionError, SimulationError

pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

A, B = "blazing_dragons", "radiant_knights"


def dying_game(spec, budget: list[int] | None = None) -> dict:
    """fake_game, but a KeyboardInterrupt (a kill) once `budget` games are played."""
    if budget is not None:
        if budget[0] <= 0:
            raise KeyboardInterrupt
        budget[0] -= 1
    return fake_game(spec)


def _run(out, games: int, *, resume: bool = False, budget: list[int] | None = None) -> None:
    simulate(A, B, games, seed=4, out=out, resume=resume, backend="serial",
             game_fn=functools.partial(dying_game, budget=budget))


def _never_hangs(call, *args) -> BaseException | None:
    """Run `call(*args)` in a thread; fail if it is still running after 20 s (a FIFO's open)."""
    caught: list[BaseException | None] = [None]

    def target() -> None:
        try:
            call(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            caught[0] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), f"{call.__name__} blocked on a special file"
    return caught[0]


def test_a_killed_resume_never_leaves_the_old_parquet_copy_to_be_read(tmp_path):
    """10 games with their Parquet copy, then a resume to 31 killed after 15 more: load_run
    gives the 25 games kept, not the 10 rows of the old copy."""
    out = tmp_path / "run"
    _run(out, 10)
    assert len(vg.load_run(out)) == 10 and (out / "games.parquet").is_file()
    with pytest.raises(KeyboardInterrupt):
        _run(out, 31, resume=True, budget=[15])
    frame = vg.load_run(out)
    assert len(frame) == 25 and list(frame["i"]) == list(range(25))
    _run(out, 31, resume=True)
    assert len(vg.load_run(out)) == 31 and (out / "games.parquet").is_file()


def test_a_parquet_copy_older_than_the_records_is_never_read(tmp_path):
    """A copy left older than games.jsonl (a version that kept it on resume, a copy put back):
    the records decide."""
    out = tmp_path / "run"
    _run(out, 12)
    parquet, records = out / "games.parquet", out / "games.jsonl"
    stale = parquet.read_bytes()
    _run(out, 20, resume=True)
    parquet.write_bytes(stale)
    later = records.stat().st_mtime_ns
    os.utime(parquet, ns=(later - 10**9, later - 10**9))
    assert len(vg.load_run(out)) == 20
    os.utime(parquet, ns=(later + 10**9, later + 10**9))
    assert len(vg.load_run(out)) == 12                 # as new as the records: it is read


@pytest.mark.parametrize("content", [b"", b"PAR1", b"PAR1" + b"\0" * 64 + b"PAR1",
                                     b"garbage, not parquet\n"],
                         ids=["empty", "magic", "truncated", "garbage"])
def test_a_damaged_parquet_file_is_one_simulation_error(tmp_path, content):
    path = tmp_path / "games.parquet"
    path.write_bytes(content)
    with pytest.raises(SimulationError, match="not a readable Parquet file") as caught:
        vg.load_run(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)


def test_a_damaged_parquet_copy_truncated_after_its_run_is_one_line(tmp_path):
    out = tmp_path / "run"
    _run(out, 5)
    parquet = out / "games.parquet"
    parquet.write_bytes(parquet.read_bytes()[: parquet.stat().st_size // 2])
    with pytest.raises(SimulationError, match="not a readable Parquet file"):
        vg.load_run(out)


@pytest.mark.parametrize("path", [None, 3, b"run", ["run"]], ids=repr)
def test_load_run_of_what_is_not_a_path_is_one_line(path):
    with pytest.raises(SimulationError, match="load_run takes the path"):
        vg.load_run(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_as_a_runs_file_never_blocks(tmp_path):
    """games.jsonl, games.parquet or run.json as a FIFO with no writer: load_run, show and
    --resume refuse it at once (the open used to block for ever)."""
    out = tmp_path / "run"
    _run(out, 4)
    (out / "games.jsonl").unlink()
    (out / "games.parquet").unlink()      # (a copy as new as the FIFO would be read instead)
    os.mkfifo(out / "games.jsonl")
    error = _never_hangs(load_results, out)
    assert isinstance(error, SimulationError) and "FIFO" in str(error)
    error = _never_hangs(vg.load_run, out)
    assert isinstance(error, SimulationError) and "FIFO" in str(error)
    error = _never_hangs(lambda: _run(out, 4, resume=True))
    assert isinstance(error, SimulationError) and "not a regular file" in str(error)
    fifo_parquet = tmp_path / "x.parquet"
    os.mkfifo(fifo_parquet)
    error = _never_hangs(vg.load_run, fifo_parquet)
    assert isinstance(error, SimulationError) and "FIFO" in str(error)
    header = tmp_path / "h"
    header.mkdir()
    os.mkfifo(header / "run.json")
    error = _never_hangs(load_results, header)
    assert isinstance(error, SimulationError)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_show_of_a_run_whose_records_are_a_fifo_is_one_line(tmp_path, capsys):
    out = tmp_path / "run"
    simulate(A, B, 2, seed=1, out=out, backend="serial")
    (out / "games.jsonl").unlink()
    os.mkfifo(out / "games.jsonl")
    code: list[int] = []
    error = _never_hangs(lambda: code.append(cli.main(["show", str(out), "--game", "0"])))
    assert error is None and code and code[0] != 0
    err = capsys.readouterr().err
    assert "FIFO" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_fifo_as_games_jsonl_of_a_new_run_is_refused_not_waited_on(tmp_path):
    """A fresh run whose folder holds a FIFO named games.jsonl: refused when it opens it."""
    out = tmp_path / "run"
    out.mkdir()
    os.mkfifo(out / "games.jsonl")
    error = _never_hangs(lambda: _run(out, 2))
    assert isinstance(error, SimulationError) and "not a regular file" in str(error)


def test_a_tournament_never_writes_into_a_simulate_run(tmp_path):
    """`tournament --out` on a folder holding a simulate run: refused, its summary kept."""
    out = tmp_path / "run"
    _run(out, 6)
    summary = (out / "summary.json").read_bytes()
    with pytest.raises(SimulationError, match="other than a tournament"):
        tournament.tournament(["random", "heuristic"], [A], 2, out=out, backend="serial",
                              game_fn=fake_game)
    assert (out / "summary.json").read_bytes() == summary
    assert not (out / "tournament.json").exists()
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "notes.txt").write_text("mine")
    with pytest.raises(SimulationError, match="notes.txt"):
        tournament.tournament(["random", "heuristic"], [A], 2, out=stray, backend="serial",
                              game_fn=fake_game)
    empty = tmp_path / "empty"
    empty.mkdir()
    done = tournament.tournament(["random", "heuristic"], [A], 2, out=empty, backend="serial",
                                 game_fn=fake_game)
    assert int(done.games.sum()) // 2 == 4 and (empty / "tournament.json").is_file()


def test_the_tournament_command_over_a_simulate_run_exits_1_in_one_line(tmp_path, capsys):
    out = tmp_path / "run"
    _run(out, 3)
    code = cli.main(["tournament", "--agents", "random,heuristic", "--decks", A, "--games", "2",
                     "--out", str(out), "--backend", "serial"])
    err = capsys.readouterr().err
    assert code != 0 and "other than a tournament" in err and "Traceback" not in err


def test_show_of_a_game_missing_from_a_run_is_a_reproduction_error(tmp_path):
    """(the record reader of show goes through the same bounded open)"""
    from ecs_vanguard.cli.show import from_run
    out = tmp_path / "run"
    simulate(A, B, 2, seed=1, out=out, backend="serial")
    with pytest.raises(ReproductionError, match="no game 7"):
        from_run(out, 7)


def test_a_parquet_file_unpacking_past_the_bound_is_refused_from_its_footer(tmp_path,
                                                                          monkeypatch):
    """A Parquet bomb (columns that encode to nothing) is refused by the rows and columns its
    footer declares, before a column is read (the bound lowered for the test)."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "bomb.parquet"
    pq.write_table(pa.table({"i": pa.array([0] * 2_000_000, pa.int64())}), path,
                   compression="zstd")
    assert path.stat().st_size < 200_000
    monkeypatch.setattr(columnar, "MAX_CELLS", 1 << 20)
    with pytest.raises(SimulationError, match="more than a run's table may hold"):
        vg.load_run(path)
