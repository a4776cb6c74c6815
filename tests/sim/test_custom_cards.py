"""Custom cards everywhere (issue 9): `--cards` on simulate, play, odds and show, a deck file
naming its own card files, `vg.simulate(db=...)`, the run header recording the card files with
digests (show and resume load them again, refusing a changed file), the format inferred from the
decks, and a runaway ability recorded as an engine-limit draw. Real engine, a few games each.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cli import main as cli

CARDS = Path(__file__).resolve().parents[1] / "custom_cards"


@pytest.fixture
def custom(tmp_path) -> Path:
    """A copy of the custom card files and decks (a test may change them)."""
    folder = tmp_path / "my"
    shutil.copytree(CARDS, folder)
    return folder


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(code: int, err: str, needle: str) -> None:
    lines = [line for line in err.splitlines() if line.startswith("ecs-vanguard")]
    assert code == 2 and len(lines) == 1 and lines[0].startswith("ecs-vanguard: error: "), err
    assert needle in lines[0], lines[0]


def file_record(path: Path) -> dict[str, str]:
    digest = hashlib.sha256(path.read_text().encode()).hexdigest()[:16]
    return {"path": str(path.resolve()), "digest": digest}


def records(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]


def test_simulate_with_cards_plays_custom_cards_on_process_workers(capsys, custom, tmp_path):
    """`simulate --cards FILE` plays a deck of custom cards on the process backend; the run
    header records the card file with a digest of its text; without it the deck is refused."""
    deck, cards, out = custom / "deck_without_cards.toml", custom / "cards.toml", tmp_path / "r"
    code, _, err = run(capsys, "simulate", "--deck-a", str(deck), "--no-out")
    assert_one_line_error(code, err, "unknown card 'CU-001'")

    code, text, _ = run(capsys, "simulate", "--deck-a", str(deck), "--cards", str(cards),
                        "--games", "3", "--workers", "2", "--out", str(out))
    assert code == 0 and "Apprentice Dragons (heuristic) vs Radiant Knights" in text
    header = json.loads((out / "run.json").read_text())
    assert header["cards"] == {"builtin": True, "files": [file_record(cards)]}
    assert [r["error"] for r in records(out)] == [None] * 3
    code, shown, _ = run(capsys, "show", str(out), "--game", "0")
    assert code == 0 and "Emberwright Apprentice" in shown      # the custom card was played


def test_a_deck_names_its_card_files_relative_to_itself(capsys, custom, tmp_path, monkeypatch):
    """`cards = ["cards.toml"]` in a deck file is read beside the deck, whatever the working
    folder, by simulate (process workers), play and odds."""
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "r"
    code, _, _ = run(capsys, "simulate", "--deck-a", "my/deck.toml", "--games", "2",
                     "--workers", "2", "--out", str(out))
    assert code == 0
    header = json.loads((out / "run.json").read_text())
    assert header["cards"]["files"] == [file_record(custom / "cards.toml")]
    assert [r["error"] for r in records(out)] == [None, None]
    code, text, _ = run(capsys, "play", "--deck-a", "my/deck.toml", "--games", "2")
    assert code == 0 and "games                   2" in text
    code, text, _ = run(capsys, "odds", "my/deck.toml", "--samples", "2000", "--no-exact",
                        "--no-plot")
    assert code == 0 and "Deck odds: Emberwright Dragons" in text


def test_play_and_odds_take_cards_like_simulate(capsys, custom):
    """`play` and `odds` take `--cards` as `simulate` does (same option, same help)."""
    deck, cards = str(custom / "deck_without_cards.toml"), str(custom / "cards.toml")
    code, text, _ = run(capsys, "play", "--deck-a", deck, "--cards", cards, "--games", "1")
    assert code == 0 and "Apprentice Dragons" in text
    code, text, _ = run(capsys, "odds", deck, "--cards", cards, "--samples", "1000",
                        "--no-exact", "--no-plot")
    assert code == 0 and "Deck odds: Apprentice Dragons" in text
    helps = {c: cli.build_parser()._subparsers._group_actions[0].choices[c]  # type: ignore
             for c in ("simulate", "play", "odds", "show")}
    texts = {c: next(a.help for a in p._actions if a.dest == "cards") for c, p in helps.items()}
    assert len(set(texts.values())) == 1


def test_two_card_files_defining_one_id_are_refused_in_one_line(capsys, custom):
    """A `--cards` file and the deck's own card file both defining CU-001: one line."""
    twin = custom / "twin.toml"
    twin.write_text((custom / "cards.toml").read_text())
    code, _, err = run(capsys, "simulate", "--deck-a", str(custom / "deck.toml"), "--cards",
                       str(twin), "--no-out")
    assert_one_line_error(code, err, "card CU-001: field 'id': duplicate id")


def test_vg_simulate_takes_the_custom_card_pool(custom):
    """`vg.simulate(..., db=...)` sends the pool to process workers; a pool made in Python
    (no files) is recorded by a digest of its cards."""
    deck = str(custom / "deck_without_cards.toml")
    with pytest.raises(vg.DeckError, match="unknown card 'CU-001'"):
        vg.simulate(deck, "radiant_knights", games=1, backend="serial")
    db = vg.CardDB.load(custom / "cards.toml", base=vg.CardDB.builtin())
    results = vg.simulate(deck, "radiant_knights", games=2, db=db, backend="process", workers=2)
    assert results.run["cards"]["files"] == [file_record(custom / "cards.toml")]
    assert not results.summary()["errors"]
    in_memory = vg.CardDB(list(db))
    again = vg.simulate(deck, "radiant_knights", games=2, db=in_memory, backend="process",
                        workers=2)
    assert set(again.run["cards"]) == {"python"} and again.records == results.records


def test_a_game_of_a_deck_naming_card_files_needs_no_pool():
    """`vg.Game` loads the card files its decks name on top of the built-in pool."""
    deck = vg.Deck.load(CARDS / "deck.toml")
    game = vg.Game(deck, vg.Deck.builtin("radiant_knights"), seed=3)
    assert "CU-001" in game.db and deck.cards == (str((CARDS / "cards.toml").resolve()),)


def test_the_format_is_inferred_from_the_decks_and_mixed_formats_are_refused(capsys):
    """With no --format the decks' own format is played; decks of two formats are refused."""
    results = vg.simulate("force_vanguards", "accel_strikers", games=1, backend="serial")
    assert results.run["format"] == "premium" and not results.summary()["errors"]
    for command in ("simulate", "play"):
        code, _, err = run(capsys, command, "--deck-a", "force_vanguards", "--deck-b",
                           "radiant_knights", "--games", "1")
        assert_one_line_error(code, err, "decks of different formats (Force Vanguards is "
                              "premium, Radiant Knights is standard)")
    with pytest.raises(vg.SimulationError, match="decks of different formats"):
        vg.simulate("blazing_dragons", "legion_blades", games=1, backend="serial")


def test_show_and_resume_of_a_custom_card_run_refuse_a_changed_card_file(capsys, custom,
                                                                         tmp_path):
    """show and --resume load the run's card files again; once a file changes, both refuse
    in one line, and a gone file too."""
    out, deck = tmp_path / "r", str(custom / "deck.toml")
    argv = ("simulate", "--deck-a", deck, "--backend", "serial", "--out", str(out))
    assert run(capsys, *argv, "--games", "2")[0] == 0
    assert run(capsys, *argv, "--games", "3", "--resume")[0] == 0
    assert sorted(r["i"] for r in records(out)) == [0, 1, 2]
    code, text, _ = run(capsys, "show", str(out), "--game", "2")
    assert code == 0 and "Emberwright Dragons" in text

    cards = custom / "cards.toml"
    cards.write_text(cards.read_text().replace("amount = 2000", "amount = 3000"))
    code, _, err = run(capsys, "show", str(out), "--game", "2")
    assert_one_line_error(code, err, f"{cards.resolve()}: this card file changed since the run")
    code, _, err = run(capsys, *argv, "--games", "4", "--resume")
    assert_one_line_error(code, err, f"card file {cards.resolve()} changed since the run")
    cards.unlink()
    code, _, err = run(capsys, "show", str(out), "--game", "2")
    assert_one_line_error(code, err, "a card file of the run no longer loads")


def test_show_of_a_saved_custom_game_takes_cards(capsys, custom, tmp_path):
    """A game saved with to_json shows with the `--cards` it was played with."""
    db = vg.CardDB.load(custom / "cards.toml", base=vg.CardDB.builtin())
    game = vg.Game(vg.Deck.load(custom / "deck_without_cards.toml", db),
                   vg.Deck.builtin("radiant_knights"), db=db, seed=4)
    saved = tmp_path / "saved.json"
    saved.write_text(game.to_json())
    code, _, err = run(capsys, "show", str(saved))
    assert code == 2 and "CU-001" in err
    code, text, _ = run(capsys, "show", str(saved), "--cards", str(custom / "cards.toml"))
    assert code == 0 and "a saved game" in text


def test_a_runaway_ability_in_a_simulation_is_recorded_as_an_engine_limit_draw(capsys, custom,
                                                                               tmp_path):
    """A deck whose unit triggers itself forever: its games end as engine-limit draws, recorded
    with the reason in games.jsonl and summary.json, shown in the summary and noted (exit 0)."""
    out = tmp_path / "r"
    code, text, err = run(capsys, "simulate", "--deck-a", str(custom / "runaway_deck.toml"),
                          "--games", "3", "--workers", "2", "--out", str(out))
    assert code == 0
    limited = [r for r in records(out) if r["reason"] == "engine_limit"]
    assert limited and all(r["winner"] is None and r["error"] is None for r in limited)
    assert all("Ever-Rising Ember (RW-001)" in r["detail"] for r in limited)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["reasons"]["engine_limit"] == len(limited) == summary["draws"]
    assert summary["limit_samples"][0]["detail"] == limited[0]["detail"]
    assert f"stopped by a limit      {len(limited)}; first: game" in text
    assert f"note: {len(limited)} of 3 games were stopped by an engine limit" in err


def test_a_gauntlet_folder_may_keep_card_files_beside_its_decks(capsys, custom):
    """`--gauntlet DIR` plays every deck of DIR, skipping the card files its decks name."""
    code, text, _ = run(capsys, "simulate", "--gauntlet", str(custom), "--cards",
                        str(custom / "cards.toml"), "--games", "1", "--backend", "serial",
                        "--no-out")
    assert code == 0
    for deck in ("Emberwright Dragons", "Apprentice Dragons", "Runaway Dragons"):
        assert deck in text
    assert text.count("Blazing Dragons") == 3
