"""`ecs-vanguard show` (issue 12): any game of a simulate run, or a reproduction, printed move by
move; decks that changed or a seed that is not the game's are refused as bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cli import main as cli
from ecs_vanguard.replay import Reproduction, game_digest

A, B = "blazing_dragons", "radiant_knights"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    """A real run of 4 games whose deck B is a file of the run's own (to change later)."""
    folder = tmp_path_factory.mktemp("show")
    deck = folder / "knights.toml"
    deck.write_text(Path(vg.Deck.builtin(B).source).read_text())
    out = folder / "run"
    vg.simulate(A, str(deck), 4, seed=2, backend="serial", out=out)
    return out


def _record(out: Path, i: int) -> dict:
    return next(r for r in map(json.loads, (out / "games.jsonl").read_text().splitlines())
                if r["i"] == i)


def test_show_prints_a_game_of_a_run_move_by_move(capsys, recorded):
    code, text, err = run(capsys, "show", str(recorded), "--game", "2")
    record = _record(recorded, 2)
    lines = text.splitlines()
    assert code == 0 and not err
    assert lines[0].startswith(f"game 2 of {recorded}: P1 Blazing Dragons (heuristic) vs P2 "
                               "Radiant Knights (heuristic), standard, seed ")
    assert lines[1] == "== Set-up =="
    assert len(re.findall(r"^== Turn \d+: ", text, re.MULTILINE)) == record["turns"]
    winner = {"a": "P1", "b": "P2"}[record["winner"]]
    assert lines[-1].startswith(f"== {winner} wins on turn {record['turns']}")
    assert text.count(" rides ") >= record["mechanics"]["rides"]


def test_show_json_gives_the_same_as_records(capsys, recorded):
    code, text, _ = run(capsys, "show", str(recorded), "--game", "1", "--json")
    rows = [json.loads(line) for line in text.splitlines()]
    _, plain, _ = run(capsys, "show", str(recorded), "--game", "1")
    assert code == 0 and rows[0]["kind"] == "game" and rows[0]["seed"] == _record(recorded, 1)[
        "seed"]
    assert [r["text"] for r in rows[1:]] == [line.strip() for line in plain.splitlines()[1:]]
    rides = [r for r in rows if r["kind"] == "ride"]
    assert rides and all(r["card"]["name"] and r["player"] in ("P1", "P2") for r in rides)


def test_show_refuses_a_deck_whose_cards_changed_since_the_run(capsys, recorded):
    deck = recorded.parent / "knights.toml"
    original = deck.read_text()
    try:
        deck.write_text(re.sub(r"= 4$", "= 3", original, count=1, flags=re.MULTILINE))
        code, _, err = run(capsys, "show", str(recorded), "--game", "0")
    finally:
        deck.write_text(original)
    assert code == 2 and "knights.toml: this deck's cards changed since the run" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("change, needle", [
    ({"digest": "0123456789abcdef"}, "other decks, format or turn limit"),
    ({"seed": 7}, "not this run's seed"),
    ({"actions": "!!"}, "not an encoded list"),
])
def test_show_refuses_a_record_that_is_not_this_runs_game(capsys, recorded, tmp_path, change,
                                                          needle):
    out = tmp_path / "run"
    out.mkdir()
    (out / "run.json").write_text((recorded / "run.json").read_text())
    record = {**_record(recorded, 3), **change}
    (out / "games.jsonl").write_text(json.dumps(record) + "\n")
    code, _, err = run(capsys, "show", str(out), "--game", "3")
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv, needle", [
    (["--game", "99"], "no game 99 in this run"),
    ([], "choose a game with --game N"),
])
def test_show_bad_game_choices_are_one_line(capsys, recorded, argv, needle):
    code, _, err = run(capsys, "show", str(recorded), *argv)
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1


def test_show_prints_a_fuzzer_reproduction_and_refuses_another_seed(capsys, tmp_path):
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=9)
    for _ in range(50):
        game.step(game.legal_actions()[-1])
    digest = game_digest(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=9, format="standard",
                         turn_limit=None)
    path = tmp_path / "repro.json"
    path.write_text(Reproduction(9, "standard", A, B, game.history, "X: y", digest=digest)
                    .to_json())
    code, text, _ = run(capsys, "show", str(path))
    assert code == 0 and text.splitlines()[-1] == "The engine failed after this: X: y"
    assert game.log_text() in text
    path.write_text(Reproduction(10, "standard", A, B, game.history, "", digest=digest)
                    .to_json())
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and "not those of the recorded game" in err


def test_show_prints_a_saved_game(capsys, tmp_path):
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=4)
    for _ in range(120):
        game.step(game.legal_actions()[-1])
    path = tmp_path / "saved.json"
    path.write_text(game.to_json())
    code, text, _ = run(capsys, "show", str(path))
    assert code == 0 and text.startswith(f"{path}: a saved game, turn {game.turn}")
    assert "== Set-up ==" in text and f"== Turn {game.turn}: " in text


def test_show_of_a_gauntlet_names_its_matchups(capsys, tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in (A, B):
        (folder / f"{name}.toml").write_text(Path(vg.Deck.builtin(name).source).read_text())
    out = tmp_path / "gauntlet"
    assert cli.main(["simulate", "--games", "2", "--gauntlet", str(folder), "--out", str(out),
                     "--backend", "serial"]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "show", str(out), "--game", "0")
    assert code == 2 and "holds several matchups" in err and "blazing_dragons-vs-" in err
    code, text, _ = run(capsys, "show", str(out / f"{A}-vs-{B}"), "--game", "1")
    assert code == 0 and "== Set-up ==" in text


def test_show_board_prints_every_zone_at_each_turns_first_decision_and_the_end(capsys, recorded):
    code, text, err = run(capsys, "show", str(recorded), "--game", "2", "--board")
    record = _record(recorded, 2)
    assert code == 0 and not err
    boards = re.findall(r"^-- Board: (.+) --$", text, re.MULTILINE)
    assert boards[0] == "set-up" and len(boards) == record["turns"] + 2
    for turn in range(1, record["turns"] + 1):       # after the turn's header, in its turn
        header = text.index(f"\n== Turn {turn}: ")
        board = text.index(f"\n-- Board: turn {turn}, ")
        assert header < board
    winner = {"a": "P1", "b": "P2"}[record["winner"]]
    assert boards[-1].endswith(f"over: {winner} won")
    assert text.count("    damage (") == 2 * len(boards)   # both sides' damage, every board
    assert "P1's hand (" in text and "P2's hand (" in text
    _, plain, _ = run(capsys, "show", str(recorded), "--game", "2")
    assert [line for line in text.splitlines() if line in set(plain.splitlines())] == \
        plain.splitlines()                            # the log itself is unchanged
    code, lines, _ = run(capsys, "show", str(recorded), "--game", "2", "--json", "--board")
    rows = [json.loads(line) for line in lines.splitlines()]
    shown = [r["text"] for r in rows if r["kind"] == "board"]
    assert code == 0 and len(shown) == len(boards)
    assert all(board in text for board in shown)      # the same board text as the plain one


def _readme_blocks(section: str) -> list[str]:
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```text\n(.*?)```", body, re.DOTALL)


def test_the_readmes_watching_examples_are_what_show_prints(capsys, tmp_path):
    """The README's log and board excerpts are game 1 of a run of seed 0, as printed now."""
    vg.simulate(A, B, 2, seed=0, backend="serial", out=tmp_path / "run")
    _, plain, _ = run(capsys, "show", str(tmp_path / "run"), "--game", "1")
    _, boards, _ = run(capsys, "show", str(tmp_path / "run"), "--game", "1", "--board")
    blocks = _readme_blocks("Watching a game")
    assert len(blocks) == 2
    for block, text in zip(blocks, (plain, boards), strict=True):   # each run of lines
        at = 0                                                     # between "..." in order
        at = 0
        for chunk in "\n".join(block.splitlines()).split("..."):
            found = text.find(chunk.strip("\n") + "\n", at)
            assert found >= 0, chunk
            at = found + len(chunk)
