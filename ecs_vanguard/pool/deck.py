"""Deck lists: loading from TOML, the card files a deck names, and the construction rules of each
format (CORE-02)."""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ecs_vanguard.cards.files import card_paths
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.vocab import checks, limits
from ecs_vanguard.vocab.errors import DeckError
from ecs_vanguard.vocab.formats import Format, FormatRules, Trigger, UnitType, format_rules

_DECK_KEYS = {"name", "format", "starter", "ride_deck", "main", "g_deck", "description", "cards"}
_MAX_CARD_FILES = 64             # card files one deck may name


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck list: the 50-card main deck (ride deck included), ride deck, starter and G deck."""

    # Every field has a default so that a deck built by hand with a field missing is a
    # DeckError from __post_init__ naming it, not Python's TypeError.
    name: str = ""
    main: tuple[str, ...] = ()
    starter: str = ""
    ride_deck: tuple[str, ...] = ()
    g_deck: tuple[str, ...] = ()
    format: str = "standard"
    source: str = ""
    cards: tuple[str, ...] = ()      # the card files the deck names (absolute), loaded with it

    def __post_init__(self) -> None:
        """Check the fields of a deck built in Python (lists become tuples); raise DeckError
        naming the field."""
        for field in ("name", "starter", "format", "source"):
            checks.instance(getattr(self, field), field, str, "a str", error=DeckError)
        if not self.starter:
            raise DeckError("starter must be the id of the deck's grade 0 starter, got ''")
        for field in ("main", "ride_deck", "g_deck", "cards"):
            value = getattr(self, field)
            if isinstance(value, list):
                object.__setattr__(self, field, value := tuple(value))
            if not isinstance(value, tuple) or not all(isinstance(c, str) for c in value):
                raise DeckError(f"{field} must be a tuple of card ids (str), got "
                                f"{type(value).__name__} {value!r:.60}")
            if len(value) > limits.MAX_DECK_LIST:
                raise DeckError(f"{field} must hold at most {limits.MAX_DECK_LIST} cards, got "
                                f"{len(value):,}")

    @staticmethod
    def builtin_names() -> list[str]:
        """Return the names of the built-in sample decks."""
        folder = resources.files("ecs_vanguard.pool") / "decks"
        return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".toml"))

    @staticmethod
    def builtin(name: str, db: CardDB | None = None) -> Deck:
        """Load a built-in deck by name; raise DeckError listing the names if unknown."""
        if not isinstance(name, str) or name not in Deck.builtin_names():
            raise DeckError(f"no built-in deck {name!r}; built-in decks: "
                            f"{', '.join(Deck.builtin_names())}")
        f = resources.files("ecs_vanguard.pool") / "decks" / f"{name}.toml"
        with resources.as_file(f) as path:
            return Deck.load(path, db)

    @staticmethod
    def resolve(name_or_path: str, db: CardDB | None = None) -> Deck:
        """Return a built-in deck by name, or load a deck TOML file by path (`Deck.load`)."""
        if not isinstance(name_or_path, str | os.PathLike):
            raise DeckError(f"expected a built-in deck name or a deck file path, got "
                            f"{type(name_or_path).__name__} {name_or_path!r:.60}")
        if name_or_path in Deck.builtin_names():
            return Deck.builtin(name_or_path, db)
        return Deck.load(name_or_path, db)

    @staticmethod
    def load(path: str | Path, db: CardDB | None = None) -> Deck:
        """Read a deck TOML file; raise DeckError naming the file and the bad field or card.

        The card files the deck names (`cards = ["my_cards.toml"]`, relative to the deck file)
        are loaded on top of `db` (default: the built-in pool) before its cards are looked up.

        Raises:
            DeckError: the file is missing or malformed, or names an unknown card.
            CardDataError: a card file it names is malformed.
        """
        path = Path(checks.path(path, "path", error=DeckError))
        checks.instance(db, "db", (CardDB, type(None)), "a CardDB or None", error=DeckError)
        data = limits.read_toml(path, limit=limits.DECK_FILE_BYTES, nesting=limits.DECK_NESTING,
                                error=DeckError, what="deck file",
                                missing="(and no built-in deck of that name: "
                                        f"{', '.join(Deck.builtin_names())})")
        return Deck.from_dict(data, db or CardDB.builtin(), source=str(path))

    @staticmethod
    def from_dict(data: dict[str, Any], db: CardDB, source: str = "<deck>") -> Deck:
        """Build a deck from its TOML table read from `source`; every card id must exist in `db`
        or in the card files the table names (relative to `source`'s folder)."""
        unknown = set(data) - _DECK_KEYS
        if unknown:
            raise DeckError(f"{source}: unknown key(s): {limits.few(unknown)}")
        cards = _card_files(data.get("cards", []), Path(source))
        db = card_pool(db, cards)
        main = _expand(data.get("main"), "main", db, source)
        ride = _ids(data.get("ride_deck", []), "ride_deck", db, source)
        g_deck = _expand(data.get("g_deck", {}), "g_deck", db, source)
        _text(data, "description", "", source)
        starter = data.get("starter")
        if starter is None:
            zeros = [c for c in ride if db[c].grade == 0]
            if not zeros:
                raise DeckError(f"{source}: field 'starter': missing (and no grade 0 in ride_deck)")
            starter = zeros[0]
        _ids([starter], "starter", db, source)
        return Deck(name=_text(data, "name", Path(source).stem, source), main=main,
                    starter=starter, ride_deck=ride, g_deck=g_deck, format=_format(data, source),
                    source=source, cards=cards)

    def validate(self, fmt: str | FormatRules, db: CardDB | None = None) -> None:
        """Check the construction rules of a format (CORE-02) with the cards of `db` (default:
        the built-in pool) and of the card files the deck names; raise DeckError naming the
        rule."""
        validate_deck(self, deck_pool((self,), db), format_rules(fmt))

    def digest(self) -> str:
        """Return a short hash of the lists that decide this deck's games (not its name)."""
        lists = [self.starter, list(self.main), list(self.ride_deck), list(self.g_deck)]
        return hashlib.sha256(json.dumps(lists).encode()).hexdigest()[:16]


def deck_pool(decks: Iterable[object], db: CardDB | None = None) -> CardDB:
    """Return `db` (default: the built-in pool) with the card files the decks name loaded on top,
    each once; `db` itself when it holds them all already.

    Raises:
        ArgumentError: `db` is not a CardDB or None.
        CardDataError: a card file is malformed or changed since, or two files define one id.
    """
    checks.instance(db, "db", (CardDB, type(None)), "a CardDB (vg.CardDB.builtin(), "
                    "vg.CardDB.load(path)) or None")
    files = tuple(dict.fromkeys(f for d in decks if isinstance(d, Deck) for f in d.cards))
    return card_pool(db or CardDB.builtin(), files)


def card_pool(db: CardDB, files: tuple[str, ...]) -> CardDB:
    """Return `db` with the card files `files` (absolute paths) loaded on top; `db` itself when
    it was loaded from all of them. Pools are kept while their files stay unchanged (a new Game
    per game reads no file)."""
    if not files:                         # the usual game: built-in cards only
        return db
    known = {f.path for f in db.origin.files} if db.origin else set()
    missing = tuple(f for f in files if f not in known)
    if not missing:
        return db
    return _grown(db, tuple((f, *_stamp(f)) for f in missing))


def _stamp(path: str) -> tuple[int, int]:
    """Return what tells a changed file cheaply: its modification time and size (0, 0 if
    missing: loading it then names the problem)."""
    try:
        st = os.stat(path)
    except OSError:
        return 0, 0
    return st.st_mtime_ns, st.st_size


@lru_cache(maxsize=32)
def _grown(db: CardDB, files: tuple[tuple[str, int, int], ...]) -> CardDB:
    return CardDB.load(*(f for f, _, _ in files), base=db)


def _card_files(raw: Any, deck_path: Path) -> tuple[str, ...]:
    """Return the card files a deck names, as absolute paths (relative ones from its folder; a
    folder gives its *.toml files).

    Raises:
        DeckError: `cards` is not a list of paths, names a file that does not exist, or
            names a file twice.
    """
    where = f"{deck_path}: field 'cards'"
    if not isinstance(raw, list) or not all(isinstance(c, str) and c for c in raw):
        raise DeckError(f"{where}: expected a list of card file paths, got {raw!r:.60}")
    if len(raw) > _MAX_CARD_FILES:
        raise DeckError(f"{where}: more than {_MAX_CARD_FILES} card files")
    files: list[str] = []
    for name in raw:
        path = (deck_path.parent / name).resolve()
        if not path.exists():
            raise DeckError(f"{where}: no such card file {name!r} (looked for {path})")
        files += [str(p.resolve()) for p in card_paths((path,))]
    twice = [(f, n) for f, n in Counter(files).items() if n > 1]
    if twice:                       # issue 36: the same file named 64 times was accepted
        raise DeckError(f"{where}: the card file {twice[0][0]} is named {twice[0][1]} times "
                        "(itself or in a folder named); name each card file once")
    return tuple(files)


def check_known_cards(deck: object, db: CardDB) -> None:
    """Raise DeckError unless `deck` is a Deck whose every card id is in `db`.

    A deck built by hand (`Deck(name, main, starter)`) reaches the engine without the loader's
    checks, so the engine checks it before using any id.
    """
    if not isinstance(deck, Deck):
        raise DeckError(f"expected a Deck (vg.Deck.builtin(name) or vg.Deck.load(path, db)), "
                        f"got {type(deck).__name__} {deck!r:.60}")
    ids = (*deck.main, *deck.ride_deck, *deck.g_deck, deck.starter)
    unknown = sorted({str(c) for c in ids if not isinstance(c, str) or c not in db})
    if unknown:
        raise DeckError(f"{deck.source or deck.name}: unknown card id(s): {', '.join(unknown)}")


def _ids(raw: Any, field: str, db: CardDB, source: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise DeckError(f"{source}: field '{field}': expected a list of card ids")
    if len(raw) > limits.MAX_DECK_LIST:
        raise DeckError(f"{source}: field '{field}': more than {limits.MAX_DECK_LIST} cards")
    for card in raw:
        if card not in db:
            raise DeckError(f"{source}: field '{field}': unknown card {card!r}")
    return tuple(raw)


def _expand(raw: Any, field: str, db: CardDB, source: str) -> tuple[str, ...]:
    """Expand `card id = count` into a list of ids, checking every count before building it."""
    if not isinstance(raw, dict):
        raise DeckError(f"{source}: field '{field}': expected a table of card id = count")
    total = 0
    for card, count in raw.items():
        if card not in db:
            raise DeckError(f"{source}: field '{field}': unknown card {card!r}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise DeckError(f"{source}: field '{field}.{card}': count must be a positive integer")
        total += count
        if total > limits.MAX_DECK_LIST:            # before any list is built (issue 12)
            raise DeckError(f"{source}: field '{field}': more than {limits.MAX_DECK_LIST} cards "
                            f"(at {card} = {count}); a deck holds 50")
    return tuple(card for card, count in raw.items() for _ in range(count))


def _text(data: dict[str, Any], key: str, default: str, source: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise DeckError(f"{source}: field '{key}': expected a string, got {value!r:.60}")
    return value


def _format(data: dict[str, Any], source: str) -> str:
    """Return the deck's `format` field, which must name a known format (CORE-02)."""
    value = data.get("format", Format.STANDARD.value)
    known = [f.value for f in Format]
    if value not in known:
        raise DeckError(f"{source}: field 'format': {value!r:.60} is not a format; choose one of: "
                        f"{', '.join(known)}")
    return str(value)


def validate_deck(deck: Deck, db: CardDB, rules: FormatRules) -> None:
    """Raise DeckError with the rule and the cards if the deck breaks CORE-02 in this format."""
    check_known_cards(deck, db)
    where = f"{deck.source or deck.name}"
    cards = [db[c] for c in deck.main]

    def fail(rule: str, message: str, ids: list[str] | None = None) -> DeckError:
        named = f": {', '.join(sorted(set(ids)))}" if ids else ""
        return DeckError(f"{where}: {rule}: {message}{named}")

    if len(cards) != rules.deck_size:
        raise fail("CORE-02", f"main deck has {len(cards)} cards, needs exactly {rules.deck_size}")
    g_units = [c.id for c in cards if c.unit_type is UnitType.G_UNIT]
    if g_units:
        raise fail("CORE-02", "G units can never be in the main deck", g_units)
    tokens = [c.id for c in cards if c.unit_type is UnitType.TOKEN]
    if tokens:
        raise fail("TOK-01", "tokens are made by effects, never put in a deck", tokens)
    _check_copies(deck.main, db, rules.max_copies, lambda m, ids: fail("CORE-02", m, ids))
    triggers = [c for c in cards if c.trigger is not None]
    if len(triggers) != rules.trigger_count:
        raise fail("CORE-02", f"{len(triggers)} trigger units, needs exactly {rules.trigger_count}")
    for trig, cap in ((Trigger.HEAL, rules.max_heal), (Trigger.OVER, rules.max_over)):
        these = [c.id for c in triggers if c.trigger is trig]
        if len(these) > cap:
            raise fail("CORE-02", f"{len(these)} {trig.value} triggers, at most {cap}", these)
    banned = [c.id for c in triggers if c.trigger not in rules.allowed_triggers]
    if banned:
        raise fail("CORE-14", f"trigger type not allowed in {rules.format.value}", banned)
    sentinels = [c.id for c in cards if c.sentinel]
    if len(sentinels) > rules.max_sentinel:
        raise fail("CORE-02", f"{len(sentinels)} sentinels, at most {rules.max_sentinel}",
                   sentinels)
    _validate_side_decks(deck, db, rules, fail)
    if rules.card_pool_standard_only:
        old = [c for c in (*deck.main, *deck.g_deck) if not db[c].standard]
        if old:
            raise fail("CORE-02", "cards not legal in standard", old)


def _check_copies(ids: tuple[str, ...], db: CardDB, cap: int, fail: Any) -> None:
    """CORE-02: at most `cap` cards of one name; a card printed with a lower limit (its
    `deck_limit` mark) lowers it for its names."""
    by_name: Counter[str] = Counter()
    caps: dict[str, int] = {}
    for card in ids:
        limit = db[card].mark("deck_limit")
        for name in set(db[card].names):
            by_name[name] += 1
            if isinstance(limit, int) and not isinstance(limit, bool):
                caps[name] = min(caps.get(name, cap), limit)
    over = [n for n, k in by_name.items() if k > caps.get(n, cap)]
    if over:
        limit = caps.get(over[0], cap)
        raise fail(f"more than {limit} cards named {over[0]!r}",
                   [c for c in ids if db[c].has_name(over[0])])


def _validate_side_decks(deck: Deck, db: CardDB, rules: FormatRules, fail: Any) -> None:
    missing = Counter(deck.ride_deck) - Counter(deck.main)
    if missing:
        raise fail("CORE-02", "ride deck cards must be part of the 50", list(missing))
    if deck.starter not in deck.main or db[deck.starter].grade != 0:
        raise fail("CORE-03", "the starting vanguard must be a grade 0 of the deck", [deck.starter])
    if deck.g_deck and not rules.g_deck_allowed:
        raise fail("STR-01", f"no G deck in {rules.format.value}", list(deck.g_deck))
    if len(deck.g_deck) > rules.max_g_deck:
        raise fail("CORE-02", f"G deck has {len(deck.g_deck)} cards, at most {rules.max_g_deck}")
    not_g = [c for c in deck.g_deck if db[c].unit_type is not UnitType.G_UNIT]
    if not_g:
        raise fail("CORE-02", "only G units go in the G deck", not_g)
    _check_copies(deck.g_deck, db, rules.max_copies, lambda m, ids: fail("CORE-02", m, ids))
