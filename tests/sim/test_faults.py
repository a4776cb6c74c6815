"""Runs that survive faults and misuse (issue 12): checked resume, one run per out directory,
dying workers, SIGTERM, no worker left behind, bounded memory, progress lines, bad outs."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from fault_games import dying_once_game, fake_game, killing_game, slow_game

from ecs_vanguard.cli import main as cli
from ecs_vanguard.sim import backends, runner
from ecs_vanguard.sim.play import GameSpec
from ecs_vanguard.sim.progress import Lines
from ecs_vanguard.sim.rundir import RunDir
from ecs_vanguard.sim.runner import game_seed, plan_workers, simulate
from ecs_vanguard.vocab.errors import SimulationError

A, B = "blazing_dragons", "radiant_knights"
HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(REPO),
                                                    os.environ.get("PYTHONPATH", "")])}


def _lines(out: Path) -> list[str]:
    return (out / "games.jsonl").read_text().splitlines()


def _write(out: Path, lines: list[str]) -> None:
    (out / "games.jsonl").write_text("".join(line + "\n" for line in lines))


def _edit(line: str, **changes: object) -> str:
    return json.dumps({**json.loads(line), **changes})


# -- resume checks every record ----------------------------------------------------------------


@pytest.mark.parametrize("tamper, expected", [
    (lambda ls: ls[:3] + [ls[1]] + ls[4:], "game 1 is recorded twice (also on line 2)"),
    (lambda ls: ls[:3] + [_edit(ls[3], i=50)] + ls[4:], "game index 50 is outside 0..19"),
    (lambda ls: ls[:3] + [_edit(ls[3], seed=12345)] + ls[4:],
     "not this run's seed for it"),
    (lambda ls: ls[:3] + [_edit(ls[3], digest="0" * 16)] + ls[4:], "other decks"),
    (lambda ls: ls[:3] + [_edit(ls[3], winner="c")] + ls[4:], "field 'winner' has a bad value"),
    (lambda ls: ls[:3] + [_edit(ls[3], turns=-2)] + ls[4:], "field 'turns' has a bad value"),
    (lambda ls: ls[:3] + ['{"i": 3}'] + ls[4:], "no field 'seed'"),
    (lambda ls: ls[:3] + ["[1, 2]"] + ls[4:], "not a game record"),
])
def test_resume_names_the_bad_line_and_plays_nothing(tmp_path, tamper, expected):
    out = tmp_path / "run"
    simulate(A, B, 20, backend="serial", out=out, game_fn=fake_game)
    bad = tamper(_lines(out))
    _write(out, bad)
    with pytest.raises(SimulationError) as info:
        simulate(A, B, 20, backend="serial", out=out, resume=True, game_fn=fake_game)
    message = str(info.value)
    assert "games.jsonl:4: " in message and expected in message and "\n" not in message
    assert _lines(out) == bad                        # nothing played, nothing counted


def test_a_bad_record_is_one_line_and_exit_code_2_on_the_command_line(tmp_path, capsys,
                                                                      monkeypatch):
    monkeypatch.setattr(runner, "simulate", functools.partial(runner.simulate,
                                                              game_fn=fake_game))
    out = tmp_path / "run"
    assert cli.main(["simulate", "--games", "12", "--out", str(out), "--workers", "1"]) == 0
    lines = _lines(out)
    lines[10] = _edit(lines[10], seed=1)
    _write(out, lines)
    capsys.readouterr()
    code = cli.main(["simulate", "--games", "12", "--out", str(out), "--resume"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1
    assert err[0].startswith("ecs-vanguard: error: ") and "games.jsonl:11: " in err[0]


# -- one run per out directory -----------------------------------------------------------------


def test_a_second_run_on_the_same_out_is_refused_while_the_first_runs(tmp_path, capsys):
    out, pids = tmp_path / "run", tmp_path / "pids"
    pids.mkdir()
    script = ("import functools, sys; from fault_games import slow_game; "
              "from ecs_vanguard.sim.runner import simulate; "
              f"simulate({A!r}, {B!r}, 400, backend='serial', out=sys.argv[1], "
              "game_fn=functools.partial(slow_game, sys.argv[2]))")
    first = subprocess.Popen([sys.executable, "-c", script, str(out), str(pids)], env=ENV)
    try:
        _wait(lambda: (out / "games.jsonl").exists() and _lines(out))
        code = cli.main(["simulate", "--games", "400", "--out", str(out), "--resume"])
        err = capsys.readouterr().err
        assert code == 2 and f"in use by another run (pid {first.pid})" in err
    finally:
        first.kill()
        first.wait()
    assert not (out / "games.jsonl").read_text().count("\n\n")


def test_the_lock_is_released_at_the_end_of_a_run(tmp_path):
    out = tmp_path / "run"
    simulate(A, B, 5, backend="serial", out=out, game_fn=fake_game)
    assert not (out / ".lock").exists()
    simulate(A, B, 8, backend="serial", out=out, resume=True, game_fn=fake_game)
    assert len(_lines(out)) == 8


# -- dying workers -----------------------------------------------------------------------------


def test_a_worker_killed_on_every_attempt_loses_only_its_game(tmp_path):
    out = tmp_path / "run"
    doomed = game_seed(0, 13)
    results = simulate(A, B, 40, backend="process", workers=2, out=out,
                       game_fn=functools.partial(killing_game, doomed))
    records = {json.loads(line)["i"]: json.loads(line) for line in _lines(out)}
    assert sorted(records) == list(range(40))
    assert "WorkerLost" in records[13]["error"] and "signal 9" in records[13]["error"]
    assert all(r["error"] is None for i, r in records.items() if i != 13)
    assert results.summary()["errors"] == 1
    again = simulate(A, B, 40, backend="process", workers=2, out=out, resume=True,
                     game_fn=functools.partial(killing_game, doomed))   # never dies twice
    assert len(again) == 40 and len(_lines(out)) == 40


def test_a_worker_killed_once_is_replaced_and_its_game_played_again(tmp_path):
    marker = tmp_path / "died"
    doomed = game_seed(4, 21)
    pooled = simulate(A, B, 40, seed=4, backend="process", workers=2,
                      game_fn=functools.partial(dying_once_game, str(marker), doomed))
    assert marker.exists()
    assert pooled.records == simulate(A, B, 40, seed=4, backend="serial",
                                      game_fn=fake_game).records


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status                 # a zombie has ended


def _wait(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_no_worker_outlives_a_finished_run(tmp_path):
    simulate(A, B, 30, backend="process", workers=2,
             game_fn=functools.partial(slow_game, str(tmp_path)))
    pids = [int(p.name) for p in tmp_path.iterdir()]
    assert pids and os.getpid() not in pids
    _wait(lambda: not any(_alive(pid) for pid in pids), timeout=5)


def test_no_worker_outlives_a_run_killed_with_sigkill(tmp_path):
    pids = tmp_path / "pids"
    pids.mkdir()
    script = ("import functools, sys; from fault_games import slow_game; "
              "from ecs_vanguard.sim.runner import simulate; "
              f"simulate({A!r}, {B!r}, 2000, backend='process', workers=2, "
              "game_fn=functools.partial(slow_game, sys.argv[1]))")
    parent = subprocess.Popen([sys.executable, "-c", script, str(pids)], env=ENV)
    _wait(lambda: len(list(pids.iterdir())) >= 2)
    parent.kill()
    parent.wait()
    workers = [int(p.name) for p in pids.iterdir()]
    _wait(lambda: not any(_alive(pid) for pid in workers), timeout=10)


# -- SIGTERM -----------------------------------------------------------------------------------


def test_sigterm_keeps_the_games_and_prints_the_resume_command(tmp_path):
    out = tmp_path / "run"
    argv = ["simulate", "--games", "3000", "--backend", "serial", "--out", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "ecs_vanguard", *argv], cwd=tmp_path,
                            env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait(lambda: (out / "games.jsonl").exists() and len(_lines(out)) >= 2, timeout=60)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143
    assert "terminated (SIGTERM); finished games are kept in" in err
    assert f"resume with: ecs-vanguard simulate --games 3000 --backend serial --out {out} " \
           "--resume" in err
    assert "Traceback" not in err and len(_lines(out)) >= 2


# -- memory, workers, progress, out ------------------------------------------------------------


def test_a_trillion_games_cost_no_memory_up_front(tmp_path):
    played = []

    def stop_after_50(spec: GameSpec) -> dict:
        played.append(spec.seed)
        if len(played) > 50:
            raise KeyboardInterrupt
        return fake_game(spec)

    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            simulate(A, B, 10**12, backend="serial", out=tmp_path / "run",
                     game_fn=stop_after_50)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 30 * 2**20 and len(_lines(tmp_path / "run")) == 50
    assert played[:3] == [game_seed(0, i) for i in range(3)]


def test_workers_are_capped_at_the_cpus_and_the_games(capsys, monkeypatch):
    cpus = backends.cpu_count()
    assert plan_workers(cpus + 60, "process", 10**6) == cpus
    assert plan_workers(64, "ray", 10**6) == 64                 # a cluster has more CPUs
    assert plan_workers(8, "ray", 3) == 3 and plan_workers(None, "process", 1) == 1
    monkeypatch.setattr(runner, "simulate", functools.partial(runner.simulate,
                                                              game_fn=fake_game))
    code = cli.main(["simulate", "--games", "3", "--workers", str(cpus + 60), "--no-out"])
    err = capsys.readouterr().err
    assert code == 0
    assert f"note: --workers {cpus + 60} is more than the {cpus} CPUs of this machine" in err


def test_progress_is_plain_lines_when_not_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(runner, "simulate", functools.partial(runner.simulate,
                                                              game_fn=fake_game))
    assert cli.main(["simulate", "--games", "30", "--no-out", "--backend", "serial"]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err
    assert "Blazing Dragons vs Radiant Knights: 30/30 games (100.0%)" in err


def test_progress_lines_come_every_interval():
    class Sink:
        def __init__(self) -> None:
            self.text = ""

        def write(self, s: str) -> None:
            self.text += s

        def flush(self) -> None:
            pass

    sink = Sink()
    with Lines(100, 0, "run", every=0.0, stream=sink,  # type: ignore[arg-type]
               timer=False) as lines:
        for _ in range(3):
            lines.update(10)
    assert sink.text.count("\n") == 4 and "30/100 games (30.0%)" in sink.text


@pytest.mark.parametrize("out, needle", [
    ("/proc/no-such/run", "cannot create the results directory"),
    ("{file}/run", "cannot create the results directory"),
    ("{file}", "is not a directory"),
])
def test_an_out_that_cannot_be_written_is_one_line_and_exit_2(tmp_path, capsys, out, needle):
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    code = cli.main(["simulate", "--games", "2", "--out", out.format(file=a_file)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and needle in err[0]


def test_a_run_dir_refuses_a_header_it_cannot_write(tmp_path):
    with pytest.raises(SimulationError, match="cannot create the results directory"):
        RunDir(Path("/proc/self/run")).start({}, resume=False)


def test_an_out_holding_other_files_is_refused_and_left_alone(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SimulationError, match=r"holds other files \(notes.txt\)"):
        simulate(A, B, 3, backend="serial", out=tmp_path, game_fn=fake_game)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_games_file_that_cannot_be_read_is_one_line(tmp_path):
    out = tmp_path / "run"
    simulate(A, B, 3, backend="serial", out=out, game_fn=fake_game)
    (out / "games.jsonl").unlink()
    (out / "games.jsonl").mkdir()
    (out / "games.jsonl" / "x").write_text("x")
    with pytest.raises(SimulationError, match="games.jsonl: a folder, not a regular file"):
        simulate(A, B, 3, backend="serial", out=out, resume=True, game_fn=fake_game)


def test_an_out_without_permission_is_one_line(tmp_path, capsys, monkeypatch):
    def denied(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", denied)       # the tests run as root: pretend
    code = cli.main(["simulate", "--games", "2", "--out", str(tmp_path / "locked" / "run")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1
    assert "cannot create the results directory: Permission denied" in err[0]
