"""benchmarks/bench_versions.py: versions side by side, interleaved, with the games compared."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_versions", ROOT / "benchmarks" / "bench_versions.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def _copy_engine(target: Path) -> Path:
    for package in ("ecs_vanguard", "systems", "components"):
        shutil.copytree(ROOT / package, target / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return target


def _figures(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_two_copies_of_one_engine_play_the_same_games_and_a_changed_one_does_not(tmp_path, capsys):
    """Two rounds of each version, alternating; a copy whose shuffle deals another order shows
    same_work false, so a speed change that changed games could not pass unseen."""
    bench = _bench()
    same, changed = _copy_engine(tmp_path / "same"), _copy_engine(tmp_path / "changed")
    zones = changed / "ecs_vanguard" / "ops" / "zones.py"
    text = zones.read_text(encoding="utf-8")
    shuffled = "tuple(cards[i] for i in order)"
    assert text.count(shuffled) == 1
    zones.write_text(text.replace(shuffled, "tuple(cards[i] for i in order[::-1])"),
                     encoding="utf-8")
    assert bench.main([str(ROOT), str(same), str(changed), "--rounds", "2", "--games", "1",
                       "--workload", "new"]) == 0
    figures = _figures(capsys)
    rounds = [f for f in figures if "round" in f]
    assert [(f["round"], f["version"]) for f in rounds] == [
        (0, str(ROOT)), (0, str(same)), (0, str(changed)),
        (1, str(changed)), (1, str(same)), (1, str(ROOT))]
    assert all(f["per_cpu_s"] > 0 and f["count"] > 0 for f in rounds)
    summary = {f["version"]: f for f in figures if "median_ratio" in f}
    assert summary[str(same)]["same_work"] is True
    assert summary[str(changed)]["same_work"] is False
    assert all(len(f["rounds"]) == 2 and f["median_ratio"] > 0 for f in summary.values())


def test_a_version_that_is_neither_a_folder_nor_a_revision_is_refused_in_words(tmp_path):
    with pytest.raises(SystemExit, match="neither an engine source folder nor a git revision"):
        _bench().main([str(ROOT), "no-such-revision-xyz", "--rounds", "1", "--games", "1"])
