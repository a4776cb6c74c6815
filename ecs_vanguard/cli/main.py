"""The `ecs-vanguard` command: simulate, play, tournament, odds, show, card and vocabulary.

Every mistake in the input (a bad deck path, an illegal deck, an unknown agent or format, a bad
number, an out directory holding another run or in use), every error of the operating system (a
missing file, a full disk, a name too long) and a Ray cluster that cannot be reached print one
line `ecs-vanguard: error: ...` on stderr and exit with 2. Ctrl-C and SIGTERM keep the games
already written and print how to resume (130, 143). Games the engine failed on are counted and reported (exit code 1).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from components._compiled import build_mode
from ecs_vanguard._version import __version__
from ecs_vanguard.vocab.errors import VanguardError
from ecs_vanguard.vocab.text import printable

# The engine is imported once the arguments are read: `ecs-vanguard --help` and `--version`
# import none of it, and a subcommand's options (which name agents, backends, formats) are added
# when that subcommand is used (_Parser.later; issue 18). The names below are for typing only.
if TYPE_CHECKING:
    from ecs_vanguard.pool.deck import Deck
    from ecs_vanguard.sim import runner
    from ecs_vanguard.sim.results import Results

PROG = "ecs-vanguard"
DEFAULT_DECK_A, DEFAULT_DECK_B = "blazing_dragons", "radiant_knights"
MAX_OPTION = (1 << 63) - 1       # a count option's ceiling; each API call has its own below
RUNS_DIR = Path("runs")          # default parent of the out directories of `simulate`


EXIT_CODES = """exit codes:
  0    done
  1    games failed in the engine (counted and named), or a shown game no longer replays
  2    bad input: options, deck or card files, results directories, records, snapshots;
       a file that cannot be read or written (a full disk); an unreachable Ray cluster
  130  interrupted by Ctrl-C (finished games are kept; the resume command is printed)
  143  stopped by SIGTERM (as Ctrl-C)"""


class UsageError(Exception):
    """A command line that argparse refused; its message is one line."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop like Ctrl-C, keeping what was written (exit code 143)."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated


@contextmanager
def _sigterm_stops() -> Iterator[None]:
    """Turn SIGTERM into Terminated while a command runs (main thread only)."""
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:                                # not the main thread: leave it alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and raise instead of exiting. A subcommand's
    parser may add its options only when it is used (`later`: parsed or its help shown), so
    that the top level's --help and --version import nothing of the engine (issue 18)."""

    def __init__(self, *args: Any, later: Callable[[argparse.ArgumentParser], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._later = later

    def complete(self) -> None:
        """Add the options left for later (once)."""
        later, self._later = self._later, None
        if later is not None:
            later(self)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        """Parse, with every option added."""
        self.complete()
        return super().parse_known_args(*args, **kwargs)

    def format_help(self) -> str:
        """Return the help, with every option added."""
        self.complete()
        return super().format_help()

    def format_usage(self) -> str:
        """Return the usage line, with every option added."""
        self.complete()
        return super().format_usage()

    def error(self, message: str) -> Any:
        """Raise UsageError instead of printing the usage and exiting."""
        raise UsageError(message)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 engine errors, 2 bad input, 130)."""
    _printable_streams()
    args_in = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser(lazy=True).parse_args(args_in or ["simulate"])
    except UsageError as exc:
        return _fail(str(exc))
    except SystemExit as exc:                         # --help
        return exc.code if isinstance(exc.code, int) else 0
    from ecs_vanguard.sim import backends

    try:
        with _sigterm_stops():
            return int(args.run(args, args_in or ["simulate"]))
    except (VanguardError, ValueError) as exc:
        return _fail(str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc))
    except backends.WorkerError as exc:
        print(printable(f"{PROG}: {exc}"), file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:
        print(f"{PROG}: {_stopped(exc)}", file=sys.stderr)
        return _stop_code(exc)
    except BrokenPipeError:                           # `... | head`: the reader left, fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:                            # a full disk, a missing or long path
        return _fail(os_error_text(exc))


def _printable_streams() -> None:
    """Let a terminal whose locale is not UTF-8 (LC_ALL=C) show what it cannot encode as
    escapes (a card's '\u00b7' as \\xb7) instead of failing on the first one."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        reconfigure = getattr(stream, "reconfigure", None)
        if encoding != "utf8" and callable(reconfigure) and getattr(stream, "errors", "") in (
                "strict", "surrogateescape"):            # what the C locale gives stdout
            reconfigure(errors="backslashreplace")


def os_error_text(exc: OSError) -> str:
    """Return an OSError as one line: the file (shortened if very long) and the reason."""
    from ecs_vanguard.sim import safe_write

    text = str(exc).strip()
    reason = exc.strerror or (text.splitlines()[0] if text else type(exc).__name__)
    name = exc.filename
    return f"{safe_write.shown(os.fsdecode(name))}: {reason}" if name is not None else reason


def _stopped(exc: BaseException) -> str:
    return "terminated (SIGTERM)" if isinstance(exc, Terminated) else "interrupted"


def _stop_code(exc: BaseException) -> int:
    return 143 if isinstance(exc, Terminated) else 130


def _fail(message: str) -> int:
    print(printable(f"{PROG}: error: {message}"), file=sys.stderr)   # a file's ESC as \x1b
    return 2


def build_parser(*, lazy: bool = False) -> argparse.ArgumentParser:
    """Return the parser of every subcommand; `lazy`: each subcommand adds its options (and
    imports what they name) only when it is used, as `main` does."""
    parser = _Parser(prog=PROG, description="Cardfight!! Vanguard rules engine: simulate decks, "
                     "play games, compute deck odds, show recorded games. With no arguments: "
                     f"simulate the default matchup ({DEFAULT_DECK_A} vs {DEFAULT_DECK_B}, 1000 "
                     "games).", epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version",
                        version=f"{PROG} {__version__} ({build_mode()})",
                        help="print the version and the build that runs (compiled or pure)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                help="what to do (COMMAND --help describes its options)")
    for name, (text, options) in _COMMANDS.items():
        command: _Parser = sub.add_parser(
            name, help=text, description=text[0].upper() + text[1:] + ".", epilog=EXIT_CODES,
            formatter_class=argparse.RawDescriptionHelpFormatter, later=options)
        if not lazy:
            command.complete()
    return parser


def _simulate_options(sim: argparse.ArgumentParser) -> None:
    """Add the options of `simulate`."""
    from ecs_vanguard.sim import backends
    from ecs_vanguard.sim.progress import LINE_INTERVAL_S

    _game_options(sim, games=1000, many=True)
    sim.add_argument("--gauntlet", metavar="DIR", help="play deck A against every deck TOML "
                     "file in DIR (adds to --deck-b)")
    sim.add_argument("--workers", type=_at_least(1), help="worker processes (default: all "
                     "CPUs; at most the CPUs of this machine with --backend process)")
    sim.add_argument("--backend", choices=backends.BACKENDS, default="process",
                     help="where games run: serial (this process), process (a local pool, "
                     "default) or ray (a Ray cluster, see --address)")
    sim.add_argument("--address", help="Ray cluster address (with --backend ray), e.g. auto")
    sim.add_argument("--out", metavar="DIR", help="results directory (default: a new "
                     f"{RUNS_DIR}/<time>-<decks> directory)")
    sim.add_argument("--no-out", action="store_true", help="write no results, print only")
    sim.add_argument("--resume", action="store_true", help="continue the run kept in --out")
    sim.add_argument("--progress", choices=("auto", "bar", "lines", "off"), default="auto",
                     help="progress: a bar on a terminal and a plain line every "
                     "--progress-every seconds otherwise (auto, default), or always one of them")
    sim.add_argument("--progress-every", type=_at_least(1), default=int(LINE_INTERVAL_S),
                     metavar="SECONDS", help="seconds between two progress lines (default "
                     f"{int(LINE_INTERVAL_S)})")
    sim.set_defaults(run=_simulate)


def _play_options(play: argparse.ArgumentParser) -> None:
    """Add the options of `play`."""
    _game_options(play, games=100, many=False)
    play.add_argument("--human", nargs="?", const="a", choices=("a", "b"), metavar="SIDE",
                      help="play deck A (a, the default) or B (b) yourself in the terminal "
                      "against the other side's agent; --seed defaults to a random one")
    play.add_argument("--web", nargs="?", const="a", choices=("a", "b"), metavar="SIDE",
                      help="play deck A (a, the default) or B (b) yourself in the browser: "
                      "serves the game on http://127.0.0.1:PORT/ (this machine only)")
    play.add_argument("--port", type=_at_least(0), default=8765,
                      help="the port of --web (default 8765; 0: any free port)")
    play.add_argument("--host", default="127.0.0.1",
                      help="the address --web listens on (default 127.0.0.1: this machine "
                      "only; another address lets other machines play)")
    play.set_defaults(run=_play, seed=None)


def _odds_options(p: argparse.ArgumentParser) -> None:
    """Add the options of `odds` (cli/odds.py)."""
    from ecs_vanguard.cli import odds as odds_command

    odds_command.add_options(p, _at_least)


def _show_options(p: argparse.ArgumentParser) -> None:
    """Add the options of `show` (cli/show.py)."""
    from ecs_vanguard.cli import show

    show.add_options(p)


def _card_options(p: argparse.ArgumentParser) -> None:
    """Add the options of `card` (cli/card.py)."""
    from ecs_vanguard.cli import card

    card.add_options(p)


def _vocabulary_options(p: argparse.ArgumentParser) -> None:
    p.set_defaults(run=_vocabulary)


def _tournament_options(tour: argparse.ArgumentParser) -> None:
    """Add the options of `tournament` (cli/tournament.py)."""
    from ecs_vanguard.cli import tournament as cli_tournament
    from ecs_vanguard.sim.cardpool import add_cards_option

    cli_tournament.add_options(tour, _at_least, RUNS_DIR)
    add_cards_option(tour)
    tour.set_defaults(run=_tournament)


# Every subcommand: its help line (shown by `ecs-vanguard --help`) and what adds its options.
_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "simulate": ("play many games of matchups; summary, results, plot", _simulate_options),
    "play": (("play games in this process and print a summary, or play one side yourself "
              "with --human"), _play_options),
    "odds": ("deck odds by turn for both seats: rides, hand, triggers (exact where possible)",
             _odds_options),
    "show": ("print a recorded game move by move", _show_options),
    "card": ("print a card's text: stats, marks, keywords, abilities", _card_options),
    "vocabulary": ("the ops, selectors, filters, checks and events card files can use",
                   _vocabulary_options),
    "tournament": (("round robin of agents on decks, both seats: win-rate matrix, ratings, "
                    "heatmap"), _tournament_options),
}


def _game_options(p: argparse.ArgumentParser, *, games: int, many: bool) -> None:
    """Add the options that decide the games: decks, count, agents, seed, format, checks."""
    from ecs_vanguard.cli import agents as cli_agents
    from ecs_vanguard.sim.cardpool import add_cards_option
    from ecs_vanguard.vocab.formats import Format

    action, note = ("append", " (repeatable)") if many else ("store", "")
    p.add_argument("--deck-a", action=action, metavar="DECK",
                   help=f"built-in deck name or TOML path (default {DEFAULT_DECK_A}){note}")
    p.add_argument("--deck-b", action=action, metavar="DECK",
                   help=f"built-in deck name or TOML path (default {DEFAULT_DECK_B}){note}")
    p.add_argument("--games", type=_at_least(1), default=games, help=f"games (default {games})")
    p.add_argument("--agent-a", type=cli_agents.agent_arg, default="heuristic",
                   help=f"{cli_agents.agent_help()} of deck A (default heuristic)")
    p.add_argument("--agent-b", type=cli_agents.agent_arg, default="heuristic",
                   help="agent of deck B (default heuristic)")
    cli_agents.add_search_options(p)
    p.add_argument("--seed", type=_at_least(0), default=0, help="run seed (default 0)")
    p.add_argument("--format", choices=[f.value for f in Format],
                   help="the format's rules and deck construction (default: the decks' own "
                   "format; decks of different formats need it)")
    add_cards_option(p)
    p.add_argument("--turn-limit", type=_at_least(1), help="turns after which a game is a draw")
    p.add_argument("--check", action="store_true", help="check invariants after every step")


def _at_least(lowest: int) -> Callable[[str], int]:
    """Return an argparse type: an integer no smaller than `lowest`."""

    def parse(text: str) -> int:
        from ecs_vanguard.vocab import checks
        from ecs_vanguard.vocab.errors import ArgumentError

        try:
            return checks.parse_int(text, "the value", low=lowest, high=MAX_OPTION)
        except ArgumentError as exc:                  # argparse names the option
            raise argparse.ArgumentTypeError(str(exc).removeprefix("the value ")) from None

    return parse


@dataclass(frozen=True, slots=True)
class Matchup:
    """One pairing of `simulate`: the decks ready to play and where its results go."""

    game: runner.Matchup
    out: Path | None


def _simulate(args: argparse.Namespace, argv: list[str]) -> int:
    """Play every matchup, print its summary (or the table of matchups), keep the results."""
    from ecs_vanguard.sim.summary import matchup_table

    if args.address and args.backend != "ray":
        raise ValueError("--address needs --backend ray")
    matchups = _matchups(args)
    summaries = []
    _note_workers(args, matchups)
    for m in matchups:
        try:
            results = _run(args, m, backend=args.backend)
        except KeyboardInterrupt as exc:
            print(_resume_hint(argv, m.out, len(matchups) > 1, _stopped(exc)), file=sys.stderr)
            return _stop_code(exc)
        summaries.append(results.summary())
        if len(matchups) == 1:
            print(printable(results.to_text()))
    root = _out_root(matchups)
    if len(matchups) > 1:
        print(printable(matchup_table(summaries)))
        if root is not None:
            from ecs_vanguard.sim import safe_write
            from ecs_vanguard.vocab.errors import SimulationError

            text = json.dumps(summaries, indent=2) + "\n"
            safe_write.replace_bytes(root / "matchups.json", text.encode("utf-8"),
                                     error=SimulationError)
    if root is not None:
        print(f"results: {root}")
    return _report_errors(summaries)


def _note_workers(args: argparse.Namespace, matchups: list[Matchup]) -> None:
    """Say when --workers asks for more than the machine has (the run uses fewer)."""
    from ecs_vanguard.sim import backends

    cpus = backends.cpu_count()
    if args.workers is not None and args.backend == "process" and args.workers > cpus:
        print(f"{PROG}: note: --workers {args.workers} is more than the {cpus} CPUs of this "
              f"machine; using {cpus}", file=sys.stderr)


def _play(args: argparse.Namespace, argv: list[str]) -> int:
    """Play games one after the other in this process and print the summary (or play one side
    yourself with --human in the terminal, --web in the browser)."""
    from ecs_vanguard.cli import agents as cli_agents
    from ecs_vanguard.cli import human
    from ecs_vanguard.sim import runner
    from ecs_vanguard.sim.cardpool import load_cards
    from ecs_vanguard.vocab.errors import ArgumentError

    m = runner.prepare(args.deck_a or DEFAULT_DECK_A, args.deck_b or DEFAULT_DECK_B, args.format,
                       load_cards(args.cards))
    if args.human and args.web:
        raise ArgumentError("--human plays in the terminal, --web in the browser: choose one")
    if args.web:
        from ecs_vanguard.web import server as web_server

        if args.port > 65535:
            raise ArgumentError(f"--port {args.port}: a port is at most 65535")
        you = 0 if args.web == "a" else 1
        agent = str(cli_agents.resolve(args.agent_b if you == 0 else args.agent_a, args))
        try:
            served = web_server.make_server((m.deck_a, m.deck_b), you=you, agent=agent,
                                            seed=args.seed, format=m.format,
                                            turn_limit=args.turn_limit, db=m.db,
                                            host=args.host, port=args.port)
        except OSError as exc:
            raise ArgumentError(f"--web cannot listen on {args.host}:{args.port}: "
                                f"{exc.strerror or exc}") from None
        return web_server.serve(served)
    if args.human:
        you = 0 if args.human == "a" else 1
        seed = args.seed if args.seed is not None else int(time.time_ns() % 1_000_000)
        return human.play_human((m.deck_a, m.deck_b), you=you,
                                agent=str(cli_agents.resolve(
                                    args.agent_b if you == 0 else args.agent_a, args)), seed=seed,
                                format=m.format, turn_limit=args.turn_limit, db=m.db)
    args.seed = args.seed or 0
    results = _run(args, Matchup(m, None), backend="serial")
    print(printable(results.to_text()))
    return _report_errors([results.summary()])


def _vocabulary(args: argparse.Namespace, argv: list[str]) -> int:
    """Print the vocabulary of card files."""
    from ecs_vanguard.pool.vocabulary import vocabulary_text

    print(vocabulary_text())
    return 0


def _run(args: argparse.Namespace, m: Matchup, *, backend: str) -> Results:
    """Simulate one matchup with the options of the command line."""
    from ecs_vanguard.cli import agents as cli_agents
    from ecs_vanguard.sim import runner
    from ecs_vanguard.sim.progress import LINE_INTERVAL_S

    return runner.simulate(
        m.game.deck_a, m.game.deck_b, args.games, agent_a=cli_agents.resolve(args.agent_a, args),
        agent_b=cli_agents.resolve(args.agent_b, args),
        seed=args.seed, format=m.game.format, db=m.game.db, turn_limit=args.turn_limit,
        check=args.check,
        workers=getattr(args, "workers", None), backend=backend,
        address=getattr(args, "address", None), out=m.out,
        resume=getattr(args, "resume", False), progress=getattr(args, "progress", "auto"),
        progress_every=getattr(args, "progress_every", LINE_INTERVAL_S))


def _matchups(args: argparse.Namespace) -> list[Matchup]:
    """Resolve and check every deck and its format first, then pair each deck A with each
    deck B."""
    from ecs_vanguard.sim import runner
    from ecs_vanguard.sim.cardpool import load_cards

    names_a = args.deck_a or [DEFAULT_DECK_A]
    names_b = list(args.deck_b or [])
    gauntlet = _gauntlet(Path(args.gauntlet)) if args.gauntlet else []
    names_b = [*names_b, *gauntlet] or [DEFAULT_DECK_B]
    db = load_cards(args.cards)
    decks = {name: runner.resolve_deck(name, db) for name in dict.fromkeys([*names_a, *names_b])}
    pairs = [(a, b) for a in names_a for b in names_b
             if b not in gauntlet or _same_format(decks[a], decks[b], args.format)]
    if not pairs:
        raise ValueError(f"--gauntlet {args.gauntlet}: no deck of the format of deck A; name "
                         "the format to play (--format)")
    games = [runner.prepare(decks[a], decks[b], args.format, db) for a, b in pairs]
    root = _out_dir(args, pairs)
    seen: set[str] = set()
    matchups = []
    for (a, b), game in zip(pairs, games, strict=True):
        out = None
        if root is not None:
            out = root if len(pairs) == 1 else root / _unique(
                f"{runner.deck_label(a)}-vs-{runner.deck_label(b)}", seen)
        matchups.append(Matchup(game, out))
    return matchups


def _same_format(a: Deck, b: Deck, given: str | None) -> bool:
    """True if a gauntlet pairing has a format to play (given, or both decks'); else say that it
    is skipped (a folder may hold decks of both formats: each pairing plays in its own)."""
    if given is not None or a.format == b.format:
        return True
    print(f"{PROG}: note: skipping {a.name} ({a.format}) vs {b.name} ({b.format}) of the "
          "gauntlet: decks of different formats (--format plays them in one)", file=sys.stderr)
    return False


def _gauntlet(folder: Path) -> list[str]:
    """Return the deck files of a folder: its *.toml files but the card files kept beside the
    decks that name them."""
    if not folder.is_dir():
        raise ValueError(f"--gauntlet {folder}: not a directory")
    files = sorted(str(p) for p in folder.glob("*.toml") if not _is_card_file(p))
    if not files:
        raise ValueError(f"--gauntlet {folder}: no deck .toml files in it")
    return files


def _is_card_file(path: Path) -> bool:
    """True for a TOML file of cards (`[[card]]` tables); a file that cannot be read is left to
    the deck loader, which names the problem."""
    from ecs_vanguard.vocab import limits

    try:
        data = limits.read_toml(path, limit=limits.CARD_FILE_BYTES, nesting=limits.CARD_NESTING,
                                error=VanguardError, what="card file", keys=limits.CARD_KEYS)
    except VanguardError:
        return False
    return "card" in data and "main" not in data


def _unique(name: str, seen: set[str]) -> str:
    candidate, k = name, 2
    while candidate in seen:
        candidate, k = f"{name}-{k}", k + 1
    seen.add(candidate)
    return candidate


def _out_dir(args: argparse.Namespace, pairs: list[tuple[str, str]]) -> Path | None:
    """Return the results directory of `simulate` (_out_path, named after the decks)."""
    from ecs_vanguard.sim.runner import deck_label

    a, b = deck_label(pairs[0][0]), deck_label(pairs[0][1])
    return _out_path(args, f"{a}-vs-{b}" if len(pairs) == 1 else f"{a}-gauntlet-{len(pairs)}")


def _out_path(args: argparse.Namespace, tail: str) -> Path | None:
    """Return the results directory: --out, none with --no-out, or a new runs/<time>-<tail>."""
    if args.no_out:
        if args.out or args.resume:
            raise ValueError("--no-out cannot be combined with --out or --resume")
        return None
    if args.out:
        return Path(args.out)
    if args.resume:
        raise ValueError("--resume needs the --out directory of the run to continue")
    base = RUNS_DIR / f"{time.strftime('%Y%m%d-%H%M%S')}-{tail}"
    out, k = base, 2
    while out.exists():
        out, k = Path(f"{base}-{k}"), k + 1
    return out


def _tournament(args: argparse.Namespace, argv: list[str]) -> int:
    """Play a tournament (cli_tournament), print its tables, keep its results; 1 if the engine
    failed on some games."""
    from ecs_vanguard.cli import tournament as cli_tournament
    from ecs_vanguard.sim.cardpool import load_cards

    if args.address and args.backend != "ray":
        raise ValueError("--address needs --backend ray")
    out = _out_path(args, "tournament")
    try:
        results = cli_tournament.play(args, out, load_cards(args.cards))
    except KeyboardInterrupt as exc:
        print(_resume_hint(argv, out, False, _stopped(exc)), file=sys.stderr)
        return _stop_code(exc)
    print(printable(results.to_text()))
    if out is not None:
        print(f"results: {out}  (heatmap: {out / 'tournament.png'})")
    if results.errors:
        print(f"{PROG}: {results.errors} games failed in the engine; see the runs' "
              "summary.json", file=sys.stderr)
        return 1
    return 0


def _out_root(matchups: list[Matchup]) -> Path | None:
    out = matchups[0].out
    return None if out is None else (out if len(matchups) == 1 else out.parent)


def _resume_hint(argv: list[str], out: Path | None, many: bool, why: str = "interrupted") -> str:
    """Say what was kept and the command line that continues the run."""
    if out is None:
        return f"{PROG}: {why}; nothing was kept (no out directory)"
    root = out.parent if many else out
    kept = [a for a in argv if a != "--resume"]
    for k in range(len(kept) - 1, -1, -1):           # drop --out X / --out=X / --no-out
        if kept[k] == "--out":
            del kept[k:k + 2]
        elif kept[k].startswith("--out="):
            del kept[k]
    return (f"{PROG}: {why}; finished games are kept in {root}\n"
            f"resume with: {PROG} {shlex.join([*kept, '--out', str(root), '--resume'])}")


def _report_errors(summaries: list[dict[str, Any]]) -> int:
    """Print a line about games an engine limit stopped (a runaway ability, exit code 0) and
    one about games the engine failed on; return 1 if there were any of those."""
    from ecs_vanguard.sim.summary import runaway_count

    limited = [e for s in summaries for e in s.get("limit_samples", ())]
    if limited:
        count = sum(runaway_count(s) for s in summaries)
        first = limited[0]
        print(f"{PROG}: note: {count} of {sum(s['games'] for s in summaries)} games were "
              f"stopped by an engine limit (draws); first: game {first['i']} (seed "
              f"{first['seed']}): {first['detail']}", file=sys.stderr)
    failed = sum(s["errors"] for s in summaries)
    if not failed:
        return 0
    first = next(e for s in summaries for e in s["error_samples"])
    print(f"{PROG}: {failed} of {sum(s['games'] for s in summaries)} games failed in the "
          f"engine; first: game {first['i']} (seed {first['seed']}): {first['error']}",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
