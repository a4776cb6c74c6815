"""Replay a game from its seed, decks and action indices, event for event (issue 5).

`python -m ecs_vanguard.replay FILE` replays a reproduction the fuzzer wrote, checks the
invariants after every step and prints where it fails, or that it passes now.
"""

from __future__ import annotations

import argparse
import json
import numbers
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ecs_vanguard.game import Game
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.replay.record import decode_actions, encode_actions, game_digest
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import (
    ArgumentError,
    IllegalActionError,
    ReproductionError,
    VanguardError,
)


def replay(
    seed: int,
    decks: Sequence[Deck],
    actions: Iterable[int] | str,
    *,
    format: str = "standard",
    turn_limit: int | None = None,
    db: CardDB | None = None,
) -> Game:
    """Play a new game from `seed` with `actions`, indices into `legal_actions()` at each step
    (a list, or the compact string a `simulate` record keeps).

    Raises:
        ArgumentError: `decks` is not two decks, or `actions` is not a list of indices or a
            string.
        ReproductionError: `actions` is a string that is not an encoded list.
        IllegalActionError: an index is out of range or comes after the end; names the step.
        DeckError: a deck breaks the construction rules of the format.
    """
    if isinstance(decks, str | bytes) or not isinstance(decks, Sequence) or len(decks) != 2:
        raise ArgumentError(f"replay takes two decks (deck A, deck B), got {decks!r:.60}")
    if not isinstance(actions, str) and not isinstance(actions, Iterable):
        raise ArgumentError(f"replay takes the action indices as a list of ints or the "
                            f"encoded string of a record, got {type(actions).__name__}")
    deck_a, deck_b = decks
    game = Game(deck_a, deck_b, seed=seed, format=format, turn_limit=turn_limit, db=db)
    for step, index in enumerate(decode_actions(actions) if isinstance(actions, str) else actions,
                                 1):
        play_index(game, step, index)
    return game


def play_index(game: Game, step: int, index: int) -> None:
    """Step the legal action at `index`; `step` (1 is the first action) names it in errors.

    Raises:
        IllegalActionError: the game is over, or `index` is out of range.
    """
    legal = game.legal_actions()
    decision = game.decision
    if decision is None:
        raise IllegalActionError(
            f"step {step}: the game is over ({game.end_reason}); no action index is legal"
        )
    if isinstance(index, bool) or not isinstance(index, numbers.Integral):
        raise IllegalActionError(
            f"step {step}: action index {index!r:.40} is out of range: not an integer (the "
            f"{decision.kind.value} decision of player {decision.player} has {len(legal)} "
            "legal actions)"
        )
    index = int(index)                        # a numpy integer of an observation: its value
    if not 0 <= index < len(legal):
        raise IllegalActionError(
            f"step {step}: action index {index!r} is out of range: the {decision.kind.value} "
            f"decision of player {decision.player} has {len(legal)} legal actions"
        )
    game.step(legal[index])


@dataclass(frozen=True, slots=True)
class Failure:
    """Where a checked game failed: at step `len(actions)` (0: at set-up), and why."""

    actions: tuple[int, ...]
    error: str

    @property
    def step(self) -> int:
        """The number of actions played when it failed, the failing one included."""
        return len(self.actions)


def play_checked(
    make: Callable[[], Game],
    indices: Callable[[Game], Iterable[int]],
    check: Callable[[Game], None] = Game.check_invariants,
) -> tuple[int, Failure | None]:
    """Make a game, check it, then play `indices(game)` checking after every step.

    Returns (actions played, the first failure or None). Any exception is a failure: an engine
    bug ends this game only, so that a fuzz run goes on (issue 5).
    """
    played: list[int] = []
    try:
        game = make()
        check(game)
        for index in indices(game):
            played.append(index)
            play_index(game, len(played), index)
            check(game)
    except Exception as exc:  # noqa: BLE001 - recorded with its reproduction, never hidden
        return len(played), Failure(tuple(played), f"{type(exc).__name__}: {exc}")
    return len(played), None


@dataclass(frozen=True, slots=True)
class Reproduction:
    """What a fuzzer failure needs to be replayed: seed, format, decks, action indices, error."""

    seed: int
    format: str
    deck_a: str  # a built-in deck name or a deck file path
    deck_b: str
    actions: tuple[int, ...]
    error: str = ""
    turn_limit: int | None = None
    digest: str = ""  # game_digest of the decks, seed, format and turn limit ("": unchecked)

    def to_json(self) -> str:
        """Return the reproduction as a JSON document, one field a line."""
        data = {
            "seed": self.seed,
            "format": self.format,
            "deck_a": self.deck_a,
            "deck_b": self.deck_b,
            "turn_limit": self.turn_limit,
            "actions": list(self.actions),
            "error": self.error,
            "digest": self.digest,
        }
        lines = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
        return "{\n" + ",\n".join(lines) + "\n}"  # one field a line, actions on one

    @staticmethod
    def load(path: str | Path) -> Reproduction:
        """Read a reproduction file; raise ReproductionError naming the file and the field."""
        path = Path(path)
        try:
            data = json.loads(limits.read_checked(
                path, limit=limits.REPRODUCTION_BYTES, nesting=limits.JSON_NESTING, toml=False,
                error=ReproductionError, what="reproduction file"))
        except OSError as exc:
            raise ReproductionError(f"{path}: cannot read: {exc.strerror or exc}") from None
        except ValueError as exc:
            raise ReproductionError(f"{path}: not JSON: {exc}") from None
        return Reproduction.from_dict(data, str(path))

    @staticmethod
    def from_dict(data: object, source: str = "<reproduction>") -> Reproduction:
        """Build a reproduction from its JSON table, checking each field's type."""
        if not isinstance(data, dict):
            raise ReproductionError(f"{source}: expected a JSON object")
        for key, kind in _FIELDS.items():
            if key in _REQUIRED and key not in data:
                raise ReproductionError(f"{source}: field '{key}': missing")
            if key in data and not kind(data[key]):
                raise ReproductionError(f"{source}: field '{key}': bad value {data[key]!r}")
        return Reproduction(
            data["seed"],
            data["format"],
            data["deck_a"],
            data["deck_b"],
            tuple(data["actions"]),
            data.get("error") or "",
            data.get("turn_limit"),
            data.get("digest") or "",
        )

    def check_digest(self, deck_a: Deck, deck_b: Deck) -> None:
        """Raise ReproductionError if these decks and the seed are not the recorded game's."""
        now = game_digest(deck_a, deck_b, seed=self.seed, format=self.format,
                          turn_limit=self.turn_limit)
        if self.digest and now != self.digest:
            raise ReproductionError(
                f"the decks or the seed ({self.deck_a}, {self.deck_b}, seed {self.seed}) are not "
                f"those of the recorded game (digest {self.digest}, now {now}); a deck file "
                "changed since it was written")

    def decks(self, db: CardDB | None = None) -> tuple[Deck, Deck]:
        """Return the two decks, built-in by name or loaded from their paths."""
        return Deck.resolve(self.deck_a, db), Deck.resolve(self.deck_b, db)

    def run(self, db: CardDB | None = None) -> tuple[int, Failure | None]:
        """Replay with invariants after every step; return (actions played, first failure).

        Raises:
            DeckError: a deck cannot be loaded or is not legal in the format.
            ReproductionError: the decks or the seed are not those of the recorded game.
            ValueError: an unknown format.
        """
        decks = self.decks(db)
        for deck in decks:
            deck.validate(self.format, db)
        self.check_digest(*decks)
        return play_checked(
            lambda: Game(
                *decks, seed=self.seed, format=self.format, turn_limit=self.turn_limit, db=db
            ),
            lambda game: self.actions,
        )


__all__ = ["Failure", "Reproduction", "decode_actions", "encode_actions", "game_digest",
           "main", "play_checked", "play_index", "replay"]


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _at_least(low: int) -> Callable[[object], bool]:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= low


_FIELDS: dict[str, Callable[[object], bool]] = {
    "seed": _at_least(0),
    "format": lambda v: isinstance(v, str),
    "deck_a": lambda v: isinstance(v, str),
    "deck_b": lambda v: isinstance(v, str),
    "actions": lambda v: isinstance(v, list) and all(_is_int(i) for i in v),
    "error": lambda v: v is None or isinstance(v, str),
    "turn_limit": lambda v: v is None or _at_least(1)(v),
    "digest": lambda v: v is None or isinstance(v, str),
}
_REQUIRED = frozenset({"seed", "format", "deck_a", "deck_b", "actions"})


def main(argv: Sequence[str] | None = None) -> int:
    """Replay a reproduction file; exit 0 if it passes now, 1 if it fails, 2 on bad input."""
    parser = argparse.ArgumentParser(
        prog="python -m ecs_vanguard.replay",
        description="Replay a fuzzer reproduction with invariants after every step.",
    )
    parser.add_argument("file", help="a reproduction JSON file written by ecs_vanguard.sim.fuzz")
    args = parser.parse_args(argv)
    try:
        repro = Reproduction.load(args.file)
        played, failure = repro.run()
    except (VanguardError, ValueError) as exc:
        print(f"replay: error: {exc}", file=sys.stderr)
        return 2
    recorded = f" (recorded: {repro.error})" if repro.error else ""
    if failure is not None:
        where = "at set-up" if failure.step == 0 else f"at step {failure.step}"
        print(f"{args.file}: fails {where} of {len(repro.actions)}: {failure.error}{recorded}")
        return 1
    print(
        f"{args.file}: passes now: {played} steps replayed, invariants hold after every "
        f"step{recorded}"
    )
    return 0

