"""The simulation runner: per-game seeds, backends, results on disk, resume, summary (issue 4)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.sim import rundir, runner
from ecs_vanguard.sim.play import GameSpec
from ecs_vanguard.sim.results import Results
from ecs_vanguard.sim.runner import game_seed, load_results, simulate
from ecs_vanguard.sim.summary import wilson
from ecs_vanguard.vocab.errors import DeckError

A, B = "blazing_dragons", "radiant_knights"


def fake_game(spec: GameSpec) -> dict:
    """Play no game: derive a plausible record from the seed alone (picklable, deterministic)."""
    rng = np.random.default_rng(spec.seed)
    roll = rng.random()
    return {
        "seed": spec.seed, "agent_a": spec.agent_a, "agent_b": spec.agent_b,
        "format": spec.format, "winner": "a" if roll < 0.5 else "b" if roll < 0.9 else None,
        "reason": "damage" if roll < 0.9 else "turn_limit", "turns": int(rng.integers(4, 16)),
        "first": "a" if rng.random() < 0.5 else "b", "damage_a": int(rng.integers(0, 7)),
        "damage_b": int(rng.integers(0, 7)), "decisions": int(rng.integers(60, 300)),
        "triggers": {"critical": int(rng.integers(0, 4)), "heal": int(rng.integers(0, 2))},
        "mechanics": {"rides": 6, "attacks": int(rng.integers(5, 20))}, "error": None,
    }


def flaky_game(spec: GameSpec) -> dict:
    """Fail on every seed divisible by 5, like an engine bug would."""
    if spec.seed % 5 == 0:
        raise RuntimeError("engine bug")
    return fake_game(spec)


def lines_of(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]


def test_game_seed_depends_only_on_the_run_seed_and_the_index():
    """Game i's seed is a function of (run seed, i) alone, distinct across games and runs."""
    seeds = [game_seed(7, i) for i in range(1000)]
    assert seeds == [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert game_seed(8, 0) != game_seed(7, 0)
    assert all(0 <= s < 2**63 for s in seeds)


def test_records_carry_index_and_derived_seed():
    """Every record has its index i and the seed derived for it."""
    results = simulate(A, B, 20, seed=3, backend="serial", game_fn=fake_game)
    assert [r["i"] for r in results.records] == list(range(20))
    assert [r["seed"] for r in results.records] == [game_seed(3, i) for i in range(20)]


def test_serial_and_process_backends_give_identical_records():
    """The process pool returns exactly the serial backend's records, whatever the order."""
    serial = simulate(A, B, 150, seed=11, backend="serial", game_fn=fake_game)
    pooled = simulate(A, B, 150, seed=11, backend="process", workers=2, game_fn=fake_game)
    assert pooled.records == serial.records
    assert np.array_equal(pooled.winner, serial.winner)


def test_deck_objects_names_and_paths_play_the_same_games():
    """A deck given by name, as a Deck or as a TOML path is the same deck."""
    path = Path(Deck.builtin(A).source)
    by_name = simulate(A, B, 10, backend="serial", game_fn=fake_game)
    by_object = simulate(Deck.builtin(A), Deck.builtin(B), 10, backend="serial",
                         game_fn=fake_game)
    by_path = simulate(path, B, 10, backend="serial", game_fn=fake_game)
    assert by_name.records == by_object.records == by_path.records


def test_a_failing_game_is_recorded_with_its_seed_and_the_run_goes_on():
    """An exception in one game becomes an error record; the other games are played."""
    results = simulate(A, B, 60, backend="process", workers=2, game_fn=flaky_game)
    failed = [r for r in results.records if r["error"]]
    assert failed and len(results) == 60
    assert all(r["seed"] % 5 == 0 and "RuntimeError: engine bug" in r["error"] for r in failed)
    summary = results.summary()
    assert summary["errors"] == len(failed)
    assert summary["completed"] == 60 - len(failed)
    assert summary["wins_a"] + summary["wins_b"] + summary["draws"] == summary["completed"]
    assert summary["error_samples"][0]["seed"] == failed[0]["seed"]


def test_out_writes_every_game_once_the_header_summary_and_plot(tmp_path):
    """With out=DIR: run.json, one JSON line per game (with i), summary.json and summary.png."""
    out = tmp_path / "run"
    results = simulate(A, B, 40, seed=5, backend="process", workers=2, out=out,
                       game_fn=fake_game)
    lines = lines_of(out)
    assert sorted(r["i"] for r in lines) == list(range(40))
    assert sorted(lines, key=lambda r: r["i"]) == list(results.records)
    header = json.loads((out / "run.json").read_text())
    assert header["seed"] == 5 and header["deck_a"]["name"] == "Blazing Dragons"
    assert json.loads((out / "summary.json").read_text())["games"] == 40
    assert (out / "summary.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_resume_after_a_cut_plays_only_the_missing_games(tmp_path):
    """A games.jsonl cut mid-line resumes to the full run: each game once, none replayed."""
    out = tmp_path / "run"
    played: list[int] = []

    def counting_game(spec: GameSpec) -> dict:
        played.append(spec.seed)
        return fake_game(spec)

    full = simulate(A, B, 30, seed=2, backend="serial", out=out, game_fn=counting_game)
    kept = (out / "games.jsonl").read_text().splitlines(keepends=True)[:12]
    (out / "games.jsonl").write_text("".join(kept) + '{"i": 12, "seed": 4')   # torn by a kill
    played.clear()
    resumed = simulate(A, B, 30, seed=2, backend="serial", out=out, resume=True,
                       game_fn=counting_game)
    assert played == [game_seed(2, i) for i in range(12, 30)]
    assert resumed.records == full.records
    assert sorted(r["i"] for r in lines_of(out)) == list(range(30))


def test_resume_can_extend_a_run_to_more_games(tmp_path):
    """Resuming with a larger game count adds the new games to the same run."""
    out = tmp_path / "run"
    simulate(A, B, 10, seed=4, backend="serial", out=out, game_fn=fake_game)
    more = simulate(A, B, 25, seed=4, backend="process", workers=2, out=out, resume=True,
                    game_fn=fake_game)
    assert more.records == simulate(A, B, 25, seed=4, backend="serial", game_fn=fake_game).records
    assert len(lines_of(out)) == 25


def test_interrupted_run_keeps_finished_games_and_resumes(tmp_path):
    """Ctrl-C during a run keeps every finished game on disk; resume completes the run."""
    out = tmp_path / "run"
    stop_at = game_seed(0, 7)

    stop = [True]

    def interrupted_game(spec: GameSpec) -> dict:
        if spec.seed == stop_at and stop.pop():
            raise KeyboardInterrupt
        return fake_game(spec)

    with pytest.raises(KeyboardInterrupt):
        simulate(A, B, 20, backend="serial", out=out, game_fn=interrupted_game)
    assert [r["i"] for r in lines_of(out)] == list(range(7))
    resumed = simulate(A, B, 20, backend="serial", out=out, resume=True,
                       game_fn=interrupted_game)
    assert [r["i"] for r in resumed.records] == list(range(20))


def test_out_dir_of_a_different_run_is_refused_and_left_untouched(tmp_path):
    """Another seed, deck or format in the same out dir is an error, with or without resume."""
    out = tmp_path / "run"
    simulate(A, B, 5, seed=1, backend="serial", out=out, game_fn=fake_game)
    before = (out / "games.jsonl").read_bytes()
    for change in ({"seed": 2}, {"deck_b": "accel_strikers", "format": "premium"}):
        args = {"seed": 1, "deck_b": B, "format": "standard"} | change
        for resume in (False, True):
            with pytest.raises(ValueError, match="different run"):
                simulate(A, args["deck_b"], 5, seed=args["seed"], format=args["format"],
                         backend="serial", out=out, resume=resume, game_fn=fake_game)
    assert (out / "games.jsonl").read_bytes() == before


def test_out_dir_of_the_same_run_needs_resume(tmp_path):
    """Running the same run again into its out dir without resume is refused, not overwritten."""
    out = tmp_path / "run"
    simulate(A, B, 5, backend="serial", out=out, game_fn=fake_game)
    with pytest.raises(ValueError, match="--resume"):
        simulate(A, B, 5, backend="serial", out=out, game_fn=fake_game)
    assert len(lines_of(out)) == 5


def test_games_without_a_run_header_are_refused(tmp_path):
    """A games.jsonl without run.json belongs to no known run: refused."""
    (tmp_path / "games.jsonl").write_text('{"i": 0}\n')
    with pytest.raises(ValueError, match="run.json"):
        simulate(A, B, 5, backend="serial", out=tmp_path, resume=True, game_fn=fake_game)


def test_a_damaged_line_inside_games_jsonl_is_refused(tmp_path):
    """A complete line that is not a record is reported with its line number."""
    out = tmp_path / "run"
    simulate(A, B, 5, backend="serial", out=out, game_fn=fake_game)
    lines = (out / "games.jsonl").read_text().splitlines(keepends=True)
    (out / "games.jsonl").write_text("".join(lines[:2]) + "garbage\n" + "".join(lines[2:]))
    with pytest.raises(ValueError, match=r"games.jsonl:3"):
        simulate(A, B, 5, backend="serial", out=out, resume=True, game_fn=fake_game)


def test_load_results_reads_back_a_run(tmp_path):
    """load_results(DIR) returns the same records and summary as the run itself."""
    out = tmp_path / "run"
    results = simulate(A, B, 15, backend="serial", out=out, game_fn=fake_game)
    loaded = load_results(out)
    assert loaded.records == results.records
    assert loaded.summary()["win_rate_a"] == results.summary()["win_rate_a"]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"games": 0}, "games must be at least 1"),
    ({"seed": -1}, "seed must be at least 0"),
    ({"workers": 0}, "workers must be at least 1"),
    ({"backend": "cluster"}, "unknown backend"),
    ({"agent_b": "genius"}, "unknown agent"),
    ({"format": "v-premium"}, "unknown format"),
    ({"resume": True}, "resume needs"),
])
def test_bad_arguments_raise_value_error(kwargs, message):
    """A bad count, seed, backend, agent or format is a ValueError naming it."""
    args = {"backend": "serial", "game_fn": fake_game} | kwargs
    with pytest.raises(ValueError, match=message):
        simulate(A, B, **args)


def test_missing_or_illegal_decks_raise_deck_error(tmp_path):
    """A missing deck file or a deck breaking CORE-02 raises DeckError before any game."""
    with pytest.raises(DeckError, match="no such deck file"):
        simulate(tmp_path / "nope.toml", B, backend="serial", game_fn=fake_game)
    source = Path(Deck.builtin(A).source).read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(source.replace("DX-016 = 1", "DX-016 = 2"))
    with pytest.raises(DeckError, match="CORE-02"):
        simulate(bad, B, backend="serial", game_fn=fake_game)


def test_wilson_interval_matches_known_values():
    """Wilson 95% interval of 50/100 is [0.4038, 0.5962]; of 0/10 it is [0, 0.2775]."""
    half = wilson(50, 100)
    assert half["rate"] == 0.5
    assert half["low"] == pytest.approx(0.40383, abs=1e-4)
    assert half["high"] == pytest.approx(0.59617, abs=1e-4)
    none = wilson(0, 10)
    assert none["low"] == 0.0 and none["high"] == pytest.approx(0.27754, abs=1e-4)
    for n in range(1, 60):                           # the interval always holds the rate
        for k in range(n + 1):
            w = wilson(k, n)
            assert 0.0 <= w["low"] <= w["rate"] <= w["high"] <= 1.0


def test_results_columns_and_summary_agree_with_the_records():
    """Winner codes, first player, turns and counts match the records they come from."""
    records = [
        {"i": 1, "winner": "b", "first": "a", "turns": 9, "damage_a": 6, "damage_b": 2,
         "triggers": {"heal": 1}, "mechanics": {"rides": 3}, "error": None, "reason": "damage"},
        {"i": 0, "winner": "a", "first": "a", "turns": 7, "damage_a": 1, "damage_b": 6,
         "triggers": {"critical": 2}, "mechanics": {"rides": 4}, "error": None, "reason": "damage"},
        {"i": 2, "winner": None, "first": "b", "turns": 20, "damage_a": 3, "damage_b": 3,
         "triggers": {}, "mechanics": {}, "error": None, "reason": "turn_limit"},
        {"i": 3, "winner": None, "turns": 0, "error": "RuntimeError: boom", "seed": 99},
    ]
    results = Results.from_records(records)
    assert results.index.tolist() == [0, 1, 2, 3]
    assert results.winner.tolist() == [0, 1, -1, -1]
    assert results.first.tolist() == [0, 0, 1, -1]
    assert results.errors.tolist() == [False, False, False, True]
    assert results.counts["triggers"]["critical"].tolist() == [2, 0, 0, 0]
    s = results.summary()
    assert (s["games"], s["completed"], s["wins_a"], s["wins_b"], s["draws"]) == (4, 3, 1, 1, 1)
    assert s["first_player_win_rate"]["rate"] == pytest.approx(1 / 3)
    assert s["win_rate_a_going_first"]["n"] == 2 and s["win_rate_a_going_second"]["n"] == 1
    assert s["turns"]["histogram"] == {"7": 1, "9": 1, "20": 1}
    assert s["mechanics"]["rides"] == {"total": 7, "per_game": pytest.approx(7 / 3)}
    assert s["reasons"] == {"damage": 2, "turn_limit": 1}
    assert s["error_samples"] == [{"i": 3, "seed": 99, "error": "RuntimeError: boom"}]
    json.dumps(s)                                    # JSON-ready


def test_numpy_values_and_enums_in_records_are_stored_as_plain_json():
    """An engine record holding numpy ints or enums is still written and read back."""
    from ecs_vanguard.vocab.formats import Trigger

    record = {"i": 0, "turns": np.int64(7), "winner": "a", "top": Trigger.HEAL,
              "damage_a": np.int8(3), "triggers": {"heal": np.int32(2)}}
    (back,) = Results.from_records([record]).records
    assert back == {"i": 0, "turns": 7, "winner": "a", "top": "heal", "damage_a": 3,
                    "triggers": {"heal": 2}}


def test_to_text_names_the_decks_and_the_figures():
    """The readable table names both decks and shows the win rate with its interval."""
    text = simulate(A, B, 50, backend="serial", game_fn=fake_game).to_text()
    assert "Blazing Dragons (heuristic) vs Radiant Knights (heuristic)" in text
    assert "win rate A (95% CI)" in text and "turns per game" in text
    assert "critical" in text and "rides" in text


def test_header_names_the_game_function():
    """Records of a fake game function are never mixed with the engine's (header differs)."""
    template = GameSpec(Deck.builtin(A), Deck.builtin(B))
    header = runner.run_header(template, 0, fake_game)
    assert header["game_fn"].endswith("test_runner.fake_game")
    assert rundir.header_differences(header, runner.run_header(template, 0, flaky_game))


def test_play_game_checks_a_matchups_decks_once_and_an_illegal_deck_every_time(monkeypatch):
    """The decks of a matchup are checked (CORE-02) before its first game in a process, not
    again before each; a deck that breaks the rules fails every game it is given to."""
    from dataclasses import replace

    from ecs_vanguard.sim import play
    from tests.helpers import record_deck_checks

    checked = record_deck_checks(monkeypatch)
    a, b = Deck.builtin(A), Deck.builtin(B)
    spec = GameSpec(a, b, agent_a="heuristic", agent_b="heuristic", turn_limit=2)
    records = [play.play_game(replace(spec, seed=s)) for s in range(3)]
    assert [deck for deck, _ in checked] == [a, b] and all(r["error"] is None for r in records)
    short = replace(a, main=a.main[:-1])
    for seed in (0, 1):
        with pytest.raises(DeckError, match="CORE-02"):
            play.play_game(replace(spec, deck_a=short, seed=seed))
    assert [deck for deck, _ in checked] == [a, b, short, short]
