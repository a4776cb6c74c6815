"""`ecs-vanguard show`: print a recorded game move by move, as a Vanguard player reads it.

    ecs-vanguard show runs/X --game 17            a game of a simulate run
    ecs-vanguard show fuzz-failures/F.json        a fuzzer reproduction
    ecs-vanguard show saved.json                  a game saved with Game.to_json()
    ... --json                                    one JSON record per line instead of text
    ... --board                                   the board at each turn's first decision
    ... --html FILE                               one HTML page: the board at every decision

The game is replayed from its seed, decks and action indices, with the card files its run
recorded (`--cards` for a saved game or a reproduction). Decks or card files whose cards changed
since the game was played, or a seed that is not the recorded game's, are refused (exit 2)
before anything is replayed; a replay that no longer matches the record is reported (exit 1).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ecs_vanguard.game import Game
from ecs_vanguard.perspective.board import board_text
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.gamelog.texts import player_label
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.replay import Reproduction, decode_actions, game_digest, play_index
from ecs_vanguard.sim.cardpool import add_cards_option, load_cards, pool_from_identity
from ecs_vanguard.sim.records import check_record
from ecs_vanguard.sim.rundir import RunDir, read_header
from ecs_vanguard.sim.runner import MAX_GAMES, record_check
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import IllegalActionError, ReproductionError
from ecs_vanguard.vocab.text import printable
from ecs_vanguard.web.page import board_page, write_page
from ecs_vanguard.web.replay import game_data, replay_data


@dataclass(frozen=True, slots=True)
class Recorded:
    """A game to replay: decks, seed, rules, action indices and what was recorded of it."""

    title: str
    decks: tuple[Deck, Deck]
    agents: tuple[str, str]
    seed: int
    format: str
    turn_limit: int | None
    actions: tuple[int, ...]
    record: dict[str, Any]          # the result as recorded (winner, turns, ..., error)
    db: CardDB | None = None        # the card pool (None: the built-in one)


def add_options(p: argparse.ArgumentParser) -> None:
    """Add the description and options of the `show` subcommand to its parser (its help line
    is the command line's, cli/main.py)."""
    p.description = ("Replay a game of a simulate run (or a fuzzer reproduction) and print it "
                     "move by move: turns, phases, rides, calls, attacks with their power, "
                     "guards, drive and damage checks, the end and why.")
    p.add_argument("source", metavar="RUN_OR_FILE",
                   help="a results directory of `simulate`, a reproduction JSON file of the "
                   "fuzzer, or a game saved with Game.to_json()")
    p.add_argument("--game", type=int, metavar="N",
                   help="the index of the game in the run (the record's \"i\"; needed for a run)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON record per line (the game, then each entry)")
    p.add_argument("--board", action="store_true",
                   help="print the board, every public zone's cards and both hands, at the "
                   "first decision of every turn and at the end")
    p.add_argument("--html", metavar="FILE",
                   help="write the game as one self-contained HTML page (no network needed): "
                   "the board at every decision for both players, the move made and its log "
                   "lines, with controls to step, jump to a turn and play")
    add_cards_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, argv: list[str]) -> int:
    """Print the game; return 0, or 1 if its replay no longer matches what was recorded."""
    source = Path(args.source)
    if args.html and (args.json or args.board):
        raise ReproductionError("--html writes the board at every decision into a page; drop "
                                f"{'--json' if args.json else '--board'}")
    if source.is_dir():
        if args.game is None:
            raise ReproductionError(f"{source} is a run: choose a game with --game N")
        if args.cards:
            raise ReproductionError(f"{source} is a run: it records its own card files; drop "
                                    "--cards")
        recorded = from_run(source, args.game)
    else:
        if args.game is not None:
            raise ReproductionError(f"{source} is one game, not a run: drop --game")
        text = limits.read_checked(source, limit=limits.SNAPSHOT_BYTES,
                                   nesting=limits.JSON_NESTING, toml=False,
                                   error=ReproductionError, what="game file")
        db = load_cards(args.cards)
        if _is_snapshot(text):
            if args.html:
                game = Game.from_json(text, db)
                return _write_html(args.html, game_data(game, title=f"{source} (a saved game)"))
            return _show_snapshot(source, text, as_json=args.json, db=db, board=args.board)
        recorded = from_reproduction(source, db)
    if args.html:
        return _write_html(args.html, html_data(recorded))
    lines, mismatch = replay_lines(recorded, as_json=args.json, board=args.board)
    for line in lines:
        print(printable(line))          # text of a saved file: an ESC in a name shows as \x1b
    if mismatch:
        print(printable(f"ecs-vanguard: {mismatch}"), file=sys.stderr)
        return 1
    return 0


def html_data(recorded: Recorded) -> dict[str, Any]:
    """The data of the HTML page of a recorded game (web.replay), its digest checked."""
    digest = game_digest(*recorded.decks, seed=recorded.seed, format=recorded.format,
                         turn_limit=recorded.turn_limit)
    if recorded.record.get("digest", digest) != digest:
        raise ReproductionError(f"{recorded.title}: the decks or the seed are not those of the "
                                "recorded game")
    data = replay_data(recorded.decks, seed=recorded.seed, actions=recorded.actions,
                       format=recorded.format, turn_limit=recorded.turn_limit, db=recorded.db,
                       title=recorded.title, agents=recorded.agents)
    if recorded.record.get("error"):
        data["result"] += f"; the engine failed after this: {recorded.record['error']}"
    return data


def _write_html(path: str, data: dict[str, Any]) -> int:
    """Write the page; say where it went and how big it is."""
    text = board_page(data)
    write_page(path, text)
    frames = len(data["frames"]) - 1
    print(printable(f"wrote {path}: {frames} decisions, {data['result']} "
                    f"({len(text.encode()) // 1024} KB, opens in any browser without a network)"))
    if data["error"]:
        print(printable(f"ecs-vanguard: {data['error']}"), file=sys.stderr)
        return 1
    return 0


def _is_snapshot(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and "entities" in data and "state" in data


def _show_snapshot(path: Path, text: str, *, as_json: bool, db: CardDB, board: bool) -> int:
    """Print the game a `Game.to_json` snapshot holds, from its set-up to where it was saved
    (with `board`, the board where it was saved)."""
    game = Game.from_json(text, db)
    log = GameLog(game)
    if as_json:
        print(json.dumps({"kind": "game", "title": str(path), "turn": game.turn,
                          "over": game.over}))
        for entry in log.entries:
            print(json.dumps(entry.to_dict()))
        if board:
            print(json.dumps(_board_record(game)))
        return 0
    print(printable(f"{path}: a saved game, turn {game.turn}{', over' if game.over else ''} "
                    "(powers before the save are not known)"))
    print(printable(log.text()))
    if board:
        print(printable(board_text(game, None, zones=True)))
    return 0


def _board_record(game: Game) -> dict[str, Any]:
    return {"kind": "board", "turn": game.turn, "text": board_text(game, None, zones=True)}


def from_run(folder: Path, index: int) -> Recorded:
    """Return game `index` of a simulate run, its card files and decks checked against the
    run's digests."""
    store = RunDir(folder)
    if not store.header_path.exists() and (folder / "matchups.json").exists():
        runs = sorted(p.name for p in folder.iterdir() if (p / "run.json").exists())
        raise ReproductionError(f"{folder} holds several matchups; show a game of one of them: "
                                f"{', '.join(str(folder / r) for r in runs[:4])}"
                                f"{', ...' if len(runs) > 4 else ''}")
    header = read_header(store.header_path, "not a results directory of `simulate`")
    if not 0 <= index <= MAX_GAMES:
        raise ReproductionError(f"--game {index}: a game index is at least 0")
    record = _find(store.games_path, index)
    problem = check_record(record, record_check(header, MAX_GAMES))
    if problem:
        raise ReproductionError(f"{store.games_path}: game {index}: {problem}")
    if "actions" not in record:
        raise ReproductionError(f"game {index} of {folder} has no recorded actions (a run "
                                "written by an older version cannot be shown)")
    db = pool_from_identity(header.get("cards"), ReproductionError)
    decks = (_deck(header, "deck_a", db), _deck(header, "deck_b", db))
    return Recorded(title=f"game {index} of {folder}", decks=decks,
                    agents=(header["agent_a"], header["agent_b"]), seed=record["seed"],
                    format=header["format"], turn_limit=header["turn_limit"],
                    actions=tuple(decode_actions(record["actions"])), record=record, db=db)


def _find(path: Path, index: int) -> dict[str, Any]:
    """Return the record of game `index` in games.jsonl, reading one line at a time."""
    wanted = re.compile(rb'"i"\s*:\s*%d\s*[,}]' % index)
    try:
        with limits.open_regular(path, limit=None, error=ReproductionError,
                                 what="record file") as f:
            while line := f.readline(limits.RECORD_LINE_BYTES + 1):
                if wanted.search(line):
                    try:
                        record = json.loads(line)
                    except ValueError:
                        continue
                    if isinstance(record, dict) and record.get("i") == index:
                        return record
    except OSError as exc:
        raise ReproductionError(f"{path}: cannot read: {exc.strerror or exc}") from None
    raise ReproductionError(f"{path}: no game {index} in this run")


def _deck(header: dict[str, Any], key: str, db: CardDB) -> Deck:
    """Load a deck of a run header and check it still has the cards the run played with."""
    identity = header.get(key)
    if not isinstance(identity, dict) or not isinstance(identity.get("ref"), str):
        raise ReproductionError(f"run.json: {key} does not say where the deck is (a run written "
                                "by an older version)")
    deck = Deck.resolve(identity["ref"], db)
    if deck.digest() != identity.get("digest"):
        raise ReproductionError(f"{identity['ref']}: this deck's cards changed since the run; "
                                "its games cannot be replayed with it")
    return deck


def from_reproduction(path: Path, db: CardDB | None = None) -> Recorded:
    """Return the game of a fuzzer reproduction file, its decks and seed checked."""
    repro = Reproduction.load(path)
    decks = repro.decks(db)
    repro.check_digest(*decks)
    record = {"error": repro.error or None}
    return Recorded(title=str(path), decks=decks, agents=("random", "random"), seed=repro.seed,
                    format=repro.format, turn_limit=repro.turn_limit, actions=repro.actions,
                    record=record, db=db)


def replay_lines(recorded: Recorded, *, as_json: bool,
                 board: bool = False) -> tuple[list[str], str]:
    """Replay a recorded game; return its log lines and what no longer matches ("" if all).
    With `board`, the board (every side as its owner sees it, perspective.board) follows the
    lines of each turn's first decision, and the end."""
    digest = game_digest(*recorded.decks, seed=recorded.seed, format=recorded.format,
                         turn_limit=recorded.turn_limit)
    if recorded.record.get("digest", digest) != digest:
        raise ReproductionError(f"{recorded.title}: the decks or the seed are not those of the "
                                "recorded game")
    game = Game(*recorded.decks, seed=recorded.seed, format=recorded.format,
                turn_limit=recorded.turn_limit, db=recorded.db)
    log = GameLog(game)
    boards: list[tuple[int, Game]] = []       # (entries logged before it, the game then)
    mismatch = ""
    for step, index in enumerate(recorded.actions, 1):
        if board and (not boards or boards[-1][1].turn != game.turn):
            boards.append((len(log.entries), game.clone()))
        try:
            play_index(game, step, index)
        except IllegalActionError as exc:
            mismatch = f"the recorded actions no longer fit this engine: {exc}"
            break
        except Exception as exc:  # noqa: BLE001 - the engine failing is what a record may show
            mismatch = f"the engine fails at step {step}: {type(exc).__name__}: {exc}"
            break
        log.update(game)
    if board:
        boards.append((len(log.entries), game))
    mismatch = mismatch or _differences(game, recorded.record)
    meta = _meta(recorded, game)
    if as_json:
        lines = [json.dumps(meta)] + _interleave(
            [json.dumps(e.to_dict()) for e in log.entries],
            [(at, json.dumps(_board_record(g))) for at, g in boards])
    else:
        lines = [_title(meta), *_interleave(
            [e.text() for e in log.entries],
            [(at, board_text(g, None, zones=True)) for at, g in boards])]
        if recorded.record.get("error"):
            lines.append(f"The engine failed after this: {recorded.record['error']}")
    return lines, mismatch


def _interleave(lines: list[str], inserts: list[tuple[int, str]]) -> list[str]:
    """Return `lines` with each insert placed after the first `at` of them."""
    out: list[str] = []
    done = 0
    for at, text in inserts:
        out += lines[done:at]
        out.append(text)
        done = max(done, at)
    return out + lines[done:]


def _differences(game: Game, record: dict[str, Any]) -> str:
    """Return how the replayed game differs from the recorded result ("" if it does not)."""
    if record.get("error") or "winner" not in record:
        return ""
    side = {0: "a", 1: "b"}
    winner = side[game.winner] if game.over and game.winner is not None else None
    now = {"winner": winner, "turns": game.turn,
           "reason": game.end_code or "unfinished"}
    diffs = [f"{k} {record.get(k)!r} -> {v!r}" for k, v in now.items() if record.get(k) != v]
    return f"the replay differs from the record ({', '.join(diffs)})" if diffs else ""


def _meta(recorded: Recorded, game: Game) -> dict[str, Any]:
    players = [{"player": player_label(p), "deck": d.name, "agent": a}
               for p, (d, a) in enumerate(zip(recorded.decks, recorded.agents, strict=True))]
    return {"kind": "game", "title": recorded.title, "players": players, "seed": recorded.seed,
            "format": recorded.format, "turn_limit": game.state.rules.turn_limit,  # in force
            "winner": player_label(game.winner) if game.winner is not None else None,
            "end": game.end_code or None, "turns": game.turn, "error": recorded.record.get("error")}


def _title(meta: dict[str, Any]) -> str:
    a, b = meta["players"]
    return (f"{meta['title']}: P1 {a['deck']} ({a['agent']}) vs P2 {b['deck']} ({b['agent']}), "
            f"{meta['format']}, seed {meta['seed']}")

