"""Hostile input on the command line (issue 20): links planted in a results folder, paths too
long, a full disk, a cluster that is not there, counts in other scripts' digits, a missing
file, a human's absurd answer. Each ends in exit 2 and one line naming what was wrong, and
nothing outside the run folder changes.

The games are fake (a record from the seed alone, through the real runner, backends and files),
so the module runs in a few seconds.
"""

from __future__ import annotations

import errno
import functools
import io
import json
import os
from pathlib import Path

import numpy as np
import pytest

from ecs_vanguard.cli import human
from ecs_vanguard.cli import main as cli
from ecs_vanguard.sim import runner
from ecs_vanguard.sim.play import GameSpec

A, B = "blazing_dragons", "radiant_knights"
SECRET = "the user's own file, outside every run\n"


def fake_game(spec: GameSpec) -> dict:
    """Return a record derived from the seed alone (no game is played)."""
    rng = np.random.default_rng(spec.seed)
    return {"seed": spec.seed, "winner": "a" if rng.random() < 0.5 else "b", "first": "a",
            "turns": int(rng.integers(4, 16)), "damage_a": 3, "damage_b": 6, "decisions": 90,
            "reason": "damage", "triggers": {"critical": 1}, "mechanics": {"rides": 5},
            "error": None}


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch):
    monkeypatch.setattr(runner, "simulate", functools.partial(runner.simulate,
                                                              game_fn=fake_game))


@pytest.fixture
def outside(tmp_path) -> Path:
    """A file of the user's outside the run folder, that no run may touch."""
    path = tmp_path / "elsewhere" / "precious.txt"
    path.parent.mkdir()
    path.write_text(SECRET)
    return path


def run(capsys, *argv: str) -> tuple[int, str]:
    """Run the command line in this process; return its exit code and its error lines."""
    code = cli.main(list(argv))
    err = capsys.readouterr().err
    return code, "\n".join(line for line in err.splitlines() if line.startswith("ecs-vanguard"))


def one_line(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("ecs-vanguard: error: "), err
    for needle in needles:
        assert needle in err, err


def simulate(capsys, out: Path, *more: str) -> tuple[int, str]:
    return run(capsys, "simulate", "--games", "3", "--backend", "serial", "--progress", "off",
               "--out", str(out), *more)


# -- links planted in the results folder ---------------------------------------------------------


@pytest.mark.parametrize("name", [".lock", "games.jsonl"])
def test_a_file_a_run_keeps_open_is_never_opened_through_a_symlink(capsys, tmp_path, outside,
                                                                  name):
    out = tmp_path / "run"
    out.mkdir()
    (out / name).symlink_to(outside)
    code, err = simulate(capsys, out)
    if name == "games.jsonl":                 # a non-empty games.jsonl without a run.json
        one_line(code, err, "run.json")
    else:
        one_line(code, err, ".lock", "symbolic link")
    assert outside.read_text() == SECRET
    assert sorted(p.name for p in out.iterdir()) == [name]       # nothing else left behind


def test_an_empty_games_file_linked_outside_is_refused_and_the_link_kept(capsys, tmp_path):
    target = tmp_path / "elsewhere.jsonl"
    target.write_text("")
    out = tmp_path / "run"
    out.mkdir()
    (out / "games.jsonl").symlink_to(target)
    code, err = simulate(capsys, out)
    one_line(code, err, "games.jsonl", "symbolic link")
    assert target.read_text() == "" and (out / "games.jsonl").is_symlink()
    assert not (out / "run.json").exists()


def test_a_hard_linked_lock_is_refused(capsys, tmp_path, outside):
    out = tmp_path / "run"
    out.mkdir()
    os.link(outside, out / ".lock")
    code, err = simulate(capsys, out)
    one_line(code, err, ".lock", "hard link")
    assert outside.read_text() == SECRET


@pytest.mark.parametrize("name", ["run.json", "summary.json", "summary.json.tmp", "summary.png",
                                  "run.json.tmp"])
def test_files_a_run_rewrites_replace_a_planted_symlink_never_its_target(capsys, tmp_path,
                                                                         outside, name):
    out = tmp_path / "run"
    out.mkdir()
    (out / name).symlink_to(outside)
    code, _ = simulate(capsys, out)
    assert code == 0
    assert outside.read_text() == SECRET
    if not name.endswith(".tmp"):             # the run wrote its own file in the link's place
        assert not (out / name).is_symlink() and (out / name).stat().st_size > 0
    assert len((out / "games.jsonl").read_text().splitlines()) == 3


def test_the_odds_plot_replaces_a_symlink_at_its_path_not_the_target(capsys, tmp_path, outside):
    plot = tmp_path / "odds.png"
    plot.symlink_to(outside)
    code, _ = run(capsys, "odds", A, "--samples", "50", "--no-exact", "--plot", str(plot))
    assert code == 0 and outside.read_text() == SECRET
    assert not plot.is_symlink() and plot.read_bytes().startswith(b"\x89PNG")


# -- paths, disks and clusters -------------------------------------------------------------------


def test_a_5000_character_out_is_one_line(capsys, tmp_path):
    code, err = simulate(capsys, tmp_path / ("x" * 5000))
    one_line(code, err, "File name too long", "5")
    assert len(err) < 400
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_before_run_json_is_one_line_and_leaves_nothing(capsys, tmp_path,
                                                                    monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    out = tmp_path / "run"
    code, err = simulate(capsys, out)
    one_line(code, err, "run.json", "No space left on device")
    assert not out.exists()


def test_an_unreachable_ray_cluster_is_one_line_and_leaves_no_run_behind(capsys, tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "run"
    code, err = run(capsys, "simulate", "--games", "2", "--backend", "ray", "--address",
                    "127.0.0.1:1", "--out", str(out), "--progress", "off")
    one_line(code, err, "--address 127.0.0.1:1", "cannot reach a Ray cluster")
    assert not out.exists()


def test_show_of_a_missing_file_is_one_line(capsys, tmp_path):
    code, err = run(capsys, "show", str(tmp_path / "missing.json"))
    one_line(code, err, "missing.json")


def test_odds_plot_into_a_missing_folder_is_one_line(capsys, tmp_path):
    code, err = run(capsys, "odds", A, "--samples", "50", "--plot",
                    str(tmp_path / "nowhere" / "x.png"))
    one_line(code, err, "nowhere")
    assert list(tmp_path.iterdir()) == []


def test_odds_plot_onto_a_folder_is_one_line(capsys, tmp_path):
    folder = tmp_path / "a.png"
    folder.mkdir()
    code, err = run(capsys, "odds", A, "--samples", "50", "--no-exact", "--plot", str(folder))
    one_line(code, err, "a.png", "Is a directory")
    assert list(folder.iterdir()) == []


# -- numbers and words ---------------------------------------------------------------------------


@pytest.mark.parametrize("games", [" 3 ", "1_0", "٣", "+3", "3.0", "9" * 5000, "-1", "0"])
def test_a_count_is_ascii_digits_in_range(capsys, tmp_path, games):
    code, err = run(capsys, "simulate", "--games", games, "--backend", "serial",
                    "--out", str(tmp_path / "run"))
    one_line(code, err, "--games")
    assert len(err) < 300 and not (tmp_path / "run").exists()


@pytest.mark.parametrize("spec, needle", [
    ("mcts:iterations=1000000000000", "at most 1,000,000"),
    ("mcts:widening=nan", "widening"),
    ("mcts:exploration=inf", "exploration"),
    ("mcts:iterations= 3 ", "iterations"),
    ("mcts:rollout=zz", "unknown rollout"),
])
def test_an_agent_option_out_of_range_is_one_line(capsys, tmp_path, spec, needle):
    code, err = simulate(capsys, tmp_path / "run", "--agent-a", spec)
    one_line(code, err, needle)
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("argv, needle", [
    (["--mulligan", ""], "empty policy"),
    (["--samples", "1000000000000"], "at most 100,000,000"),
    (["--samples", "0"], "--samples"),
    (["--target", "٣x grade 3"], "target"),
])
def test_odds_refuses_bad_options_in_one_line(capsys, argv, needle):
    code, err = run(capsys, "odds", A, "--no-plot", *argv)
    one_line(code, err, needle)


def test_resume_refuses_a_record_with_bad_actions_or_no_reason(capsys, tmp_path):
    out = tmp_path / "run"
    assert simulate(capsys, out)[0] == 0
    lines = (out / "games.jsonl").read_text().splitlines()
    for change, needle in (({"actions": "!!not base64"}, "not an encoded list"),
                           ({"reason": None}, "'reason'")):
        record = {**json.loads(lines[1]), **change}
        if change.get("reason", 1) is None:
            del record["reason"]
        (out / "games.jsonl").write_text("\n".join([lines[0], json.dumps(record)]) + "\n")
        code, err = run(capsys, "simulate", "--games", "5", "--backend", "serial",
                        "--progress", "off", "--out", str(out), "--resume")
        one_line(code, err, "games.jsonl:2", needle)


# -- play --human --------------------------------------------------------------------------------


def test_human_a_line_of_10000_digits_asks_again(db):
    """An answer of 10,000 digits is not a choice: the game asks again, and goes on."""
    deck_a, deck_b = (runner.resolve_deck(d, db) for d in (A, B))
    answers = io.StringIO("9" * 10_000 + "\n" + "٣\n" + "1\n" + "q\n")
    shown = io.StringIO()
    code = human.play_human((deck_a, deck_b), you=0, agent="random", seed=3, format="standard",
                            turn_limit=None, read=answers, write=shown, db=db)
    text = shown.getvalue()
    assert code == 0
    assert text.count("is not a choice") == 2 and "You left the game" in text
    assert max(len(line) for line in text.splitlines()) < 400


def test_a_planted_parquet_link_is_never_followed(tmp_path):
    """The columnar copy of a run is written through a temporary file of the run's own: links
    planted at games.parquet or its old temporary name leave their targets untouched."""
    from ecs_vanguard.sim import columnar
    from ecs_vanguard.sim.runner import load_results, simulate

    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    run = tmp_path / "run"
    simulate("blazing_dragons", "radiant_knights", 2, seed=1, backend="serial", out=run)
    for name in ("games.parquet", "games.parquet.tmp"):
        (run / name).unlink(missing_ok=True)
        (run / name).symlink_to(outside)
    columnar.write_run(load_results(run), run)
    assert outside.read_text() == "keep me"
    assert not (run / "games.parquet").is_symlink()
