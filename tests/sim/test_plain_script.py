"""A plain script works (issue 34): `vg.simulate` and `vg.tournament` with the process backend,
at a script's top level with no `if __name__ == "__main__":` guard, play their games. When the
workers truly need the script (it defines the game function), one clear error says so before
any game is played, and no game is counted. And a pure build is never silent: one line, once
a process, unless it was chosen (ECS_VANGUARD_PURE=1)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from components import _compiled

REPO = Path(__file__).resolve().parents[2]


def run_script(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "plain.py"
    script.write_text(textwrap.dedent(body))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop(_compiled.PURE_VARIABLE + "_NOTED", None)
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=300, check=False)


def test_an_unguarded_script_simulates_and_plays_a_tournament_on_worker_processes(tmp_path):
    done = run_script(tmp_path, """\
        import json
        import ecs_vanguard as vg

        run = vg.simulate("blazing_dragons", "radiant_knights", games=4, workers=2,
                          backend="process", out="sim")
        cup = vg.tournament(["heuristic", "random"], ["blazing_dragons"], games=2, workers=2)
        print(json.dumps({"games": len(run.winner), "errors": int(run.errors.sum()),
                          "cup_games": int(cup.wins.sum() + cup.draws.sum() // 2),
                          "cup_errors": cup.errors}))
        """)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "bootstrapping" not in done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {
        "games": 4, "errors": 0, "cup_games": 4, "cup_errors": 0}
    assert len((tmp_path / "sim" / "games.jsonl").read_text().splitlines()) == 4


def test_workers_that_need_an_unguarded_script_fail_to_start_in_one_clear_error(tmp_path):
    """The game function is the script's own: a worker must load the script, which would start
    games of its own. The run stops before a game is played: no game recorded, none counted
    as an engine error."""
    done = run_script(tmp_path, """\
        import ecs_vanguard as vg
        from ecs_vanguard.sim.play import play_game

        def my_game(spec):
            return play_game(spec)

        try:
            vg.simulate("blazing_dragons", "radiant_knights", games=4, workers=2,
                        game_fn=my_game, out="sim")
        except vg.SimulationError as exc:
            print("refused:", exc)
        """)
    assert done.returncode == 0, done.stderr
    said = done.stdout.strip().splitlines()[-1]
    assert said.startswith("refused: worker processes could not start")
    assert 'if __name__ == "__main__":' in said and 'backend="serial"' in said
    records = tmp_path / "sim" / "games.jsonl"
    assert not records.exists() or records.read_text() == ""


def test_a_guarded_script_may_hand_its_own_game_function_to_the_workers(tmp_path):
    done = run_script(tmp_path, """\
        import ecs_vanguard as vg
        from ecs_vanguard.sim.play import play_game

        def my_game(spec):
            record = play_game(spec)
            record["turns"] = 99
            return record

        if __name__ == "__main__":
            run = vg.simulate("blazing_dragons", "radiant_knights", games=2, workers=2,
                              game_fn=my_game)
            print(sorted(set(run.columns["turns"].tolist())))
        """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[99]"


@pytest.fixture
def unnoted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_compiled._NOTED_VARIABLE, raising=False)
    monkeypatch.delenv(_compiled.PURE_VARIABLE, raising=False)


def test_a_pure_build_says_so_in_one_line_once_with_the_command_that_fixes_it(
        unnoted, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_compiled, "_REASON", "")
    monkeypatch.setattr(_compiled, "build_mode", lambda: "pure (no compiled build: ...)")
    out = io.StringIO()
    assert _compiled.note_if_pure(out) is True
    assert _compiled.note_if_pure(out) is False            # once a process
    line, = out.getvalue().splitlines()
    assert "pure-Python build" in line and "pip install -e . -v" in line
    # the processes it starts afterwards inherit the note and stay quiet
    assert os.environ[_compiled._NOTED_VARIABLE] == "1"


def test_a_stale_build_names_the_rebuild(unnoted, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_compiled, "_REASON", "2 stale compiled modules: a, b")
    monkeypatch.setattr(_compiled, "build_mode", lambda: "pure (2 stale compiled modules: a, b)")
    out = io.StringIO()
    assert _compiled.note_if_pure(out) is True
    assert "2 stale compiled modules: a, b" in out.getvalue()
    assert _compiled.REBUILD in out.getvalue()


@pytest.mark.parametrize("mode", ["compiled", "pure (ECS_VANGUARD_PURE=1)"])
def test_a_compiled_build_or_a_pure_one_chosen_on_purpose_says_nothing(
        unnoted, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    if mode.startswith("pure"):
        monkeypatch.setenv(_compiled.PURE_VARIABLE, "1")
    monkeypatch.setattr(_compiled, "build_mode", lambda: mode)
    out = io.StringIO()
    assert _compiled.note_if_pure(out) is False
    assert out.getvalue() == ""
