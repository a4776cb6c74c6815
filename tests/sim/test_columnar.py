"""The columnar copy of a run (games.parquet) and `vg.load_run` (issue 21): rows in game-index
order, flat counters, deck names and agents as columns, written at the end and on resume."""

from __future__ import annotations

import json
import sys

import pytest
from test_runner import fake_game, flaky_game

import ecs_vanguard as vg
from ecs_vanguard.sim import columnar
from ecs_vanguard.sim.runner import simulate
from ecs_vanguard.vocab.errors import SimulationError

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

A, B = "blazing_dragons", "radiant_knights"


def test_a_run_writes_a_parquet_table_in_game_index_order_with_flat_columns(tmp_path):
    out = tmp_path / "run"
    simulate(A, B, 40, seed=3, out=out, backend="process", workers=2, game_fn=fake_game)
    frame = vg.load_run(out)
    assert (out / "games.parquet").is_file()
    assert list(frame["i"]) == list(range(40))               # not the finishing order
    records = sorted((json.loads(line) for line in (out / "games.jsonl").read_text()
                      .splitlines()), key=lambda r: r["i"])
    assert list(frame["seed"]) == [r["seed"] for r in records]
    assert list(frame["winner"].astype(object).where(frame["winner"].notna(), None)) == \
        [r["winner"] for r in records]
    assert list(frame["trigger_critical"]) == [r["triggers"]["critical"] for r in records]
    assert list(frame["mechanic_attacks"]) == [r["mechanics"]["attacks"] for r in records]
    assert set(frame["deck_a"]) == {"Blazing Dragons"} and set(frame["deck_b"]) == {
        "Radiant Knights"}
    assert set(frame["agent_a"]) == {"heuristic"} and set(frame["format"]) == {"standard"}
    assert "actions" not in frame and "triggers" not in frame        # flat, and no replays


def test_a_counter_some_games_lack_is_zero_there_and_errors_are_rows(tmp_path):
    out = tmp_path / "run"
    simulate(A, B, 30, seed=1, out=out, backend="serial", game_fn=flaky_game)
    frame = vg.load_run(out / "games.parquet")                        # the file itself works
    failed = frame["error"].notna()
    assert 0 < failed.sum() < 30
    assert (frame.loc[failed, "trigger_critical"] == 0).all()
    assert (frame.loc[failed, "reason"] == "error").all()


def test_a_resumed_run_rewrites_the_table_with_every_game(tmp_path):
    out = tmp_path / "run"
    simulate(A, B, 10, seed=2, out=out, backend="serial", game_fn=fake_game)
    assert len(vg.load_run(out)) == 10
    simulate(A, B, 25, seed=2, out=out, resume=True, backend="serial", game_fn=fake_game)
    frame = vg.load_run(out)
    assert list(frame["i"]) == list(range(25))
    whole = simulate(A, B, 25, seed=2, backend="serial", game_fn=fake_game)
    assert list(frame["seed"]) == list(whole.seeds)


def test_without_the_table_load_run_reads_the_json_lines(tmp_path):
    out = tmp_path / "run"
    simulate(A, B, 12, seed=4, out=out, backend="serial", game_fn=fake_game)
    from_parquet = vg.load_run(out)
    (out / "games.parquet").unlink()
    from_lines = vg.load_run(out)
    assert list(from_lines.columns) == list(from_parquet.columns)
    assert from_lines["damage_a"].tolist() == from_parquet["damage_a"].tolist()


def test_load_run_of_no_run_or_without_pandas_is_one_typed_error(tmp_path, monkeypatch):
    with pytest.raises(SimulationError, match="not a results directory"):
        vg.load_run(tmp_path / "nothing.txt")
    with pytest.raises(SimulationError, match="not a results directory"):
        vg.load_run(tmp_path)
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(SimulationError, match=r"needs pandas and pyarrow: pip install"):
        vg.load_run(tmp_path)


def test_without_pyarrow_a_run_keeps_its_json_lines_and_writes_no_table(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    out = tmp_path / "run"
    simulate(A, B, 5, out=out, backend="serial", game_fn=fake_game)
    assert not (out / columnar.PARQUET_NAME).exists() and (out / "games.jsonl").exists()


def test_the_columns_are_the_arrays_pyarrow_makes_of_them():
    """Built from their buffers (no pandas import): numbers keep their dtype, texts are the
    dictionary encoding pa.array(...).dictionary_encode() gives, None as null."""
    import numpy as np
    import pyarrow as pa

    texts = ["a", None, "ünï", "", "a", None, "b"]
    for values in (np.arange(7, dtype=np.int64), np.array([3, -1, 0], dtype=np.int32),
                   np.linspace(0.0, 1.0, 5), np.arange(10, dtype=np.int64)[::3]):
        made = columnar._arrow(pa, values)
        assert made.type == pa.array(values).type and made.equals(pa.array(values))
    for values in (texts, [None, None], [], ["x"] * 4):
        made = columnar._arrow(pa, values)
        made.validate(full=True)
        expected = pa.array(values, type=pa.string()).dictionary_encode()
        assert made.type == expected.type and made.equals(expected)
        assert made.to_pylist() == values


def test_writing_the_table_imports_no_pandas(tmp_path):
    """pa.array would import pandas (about 0.4 CPU s of every run that never reads it back)."""
    import subprocess

    code = ("import sys\n"
            "from ecs_vanguard.sim.runner import simulate\n"
            f"simulate({A!r}, {B!r}, 2, backend='serial', out={str(tmp_path / 'run')!r})\n"
            "assert 'pyarrow' in sys.modules and 'pandas' not in sys.modules, 'pandas imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True)
    assert (tmp_path / "run" / columnar.PARQUET_NAME).is_file()
