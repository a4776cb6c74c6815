"""The card database: a card table (cards.table) whose cards are validated against the engine's
registries, made from the built-in pool and card files (docs/design.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ecs_vanguard.cards.bounds import check_counts, check_printed, check_values
from ecs_vanguard.cards.files import CardFile, CardOrigin, card_paths, read_card_file
from ecs_vanguard.cards.flow import all_steps
from ecs_vanguard.cards.loader import load_file
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.cards.steps import GiveAbility, MakeTokens
from ecs_vanguard.cards.table import CardTable
from ecs_vanguard.effects.validate import validate_card
from ecs_vanguard.pool.extensions import load_installed
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.formats import UnitType


class CardDB(CardTable):
    """A card table whose every card is validated against the engine's vocabulary
    (`effects.validate`). `origin` says how it was made (the built-in pool, then card files) when
    it was made by `builtin` and `load`, so a run can record it and make it again; None for a
    pool made from CardDefs in Python.

    Raises:
        CardDataError: two cards share an id, or a card says what the engine cannot do.
    """

    def __init__(self, cards: Iterable[CardDef], *, origin: CardOrigin | None = None):
        load_installed()                   # installed extensions' words (issue 39 §6), once
        super().__init__(cards)
        self.origin = origin
        marks = frozenset(name for card in self for name in card.all_marks)
        for card in self:
            check_printed(card)
            check_values(card)
            validate_card(card, marks)
            check_counts(card)
            self._check_references(card)

    def _check_references(self, card: CardDef) -> None:
        """Refuse an ability that gives an ability no card of this database has (ACT-22), or
        makes tokens of a card that is not a token of this database (TOK-04)."""
        lists = [(f"ability[{i}].{part}", getattr(a, part))
                 for i, a in enumerate(card.abilities) for part in ("cost", "effect")]
        lists.append(("trigger_extra", card.trigger_extra))
        for field, steps in lists:
            for step in all_steps(steps):
                problem = self._reference_problem(step)
                if problem:
                    raise CardDataError(f"{card.source}: card {card.id}: field '{field}': "
                                        f"{problem}")

    def _reference_problem(self, step: object) -> str:
        if isinstance(step, GiveAbility):
            other = self.get(step.card)
            if other is None or not 0 <= step.index < len(other.abilities):
                return f"give_ability: no ability {step.index} on card {step.card!r}"
        if isinstance(step, MakeTokens):
            token = self.get(step.card)
            if token is None or token.unit_type is not UnitType.TOKEN:
                return f"make_tokens: {step.card!r} is not a token card of this database"
        return ""

    @staticmethod
    def builtin() -> CardDB:
        """Return the built-in card pool (shared: it is immutable)."""
        return _builtin_db()

    @staticmethod
    def load(*paths: str | Path, base: CardDB | None = None) -> CardDB:
        """Load TOML files or folders of them, on top of `base` (e.g. the built-in pool).

        A file `base` was already loaded from (the same path and text) is not loaded twice.

        Raises:
            CardDataError: a file is missing, malformed or invalid, an id is defined twice, a
                file is named twice (by itself or in a folder named), or a file `base` was
                loaded from changed since.
        """
        load_installed()                   # before any card file is read
        for path in paths:
            checks.path(path, "a card file path", error=CardDataError)
        checks.instance(base, "base", (CardDB, type(None)), "a CardDB or None",
                        error=CardDataError)
        cards = list(base) if base is not None else []
        origin = base.origin if base is not None else CardOrigin(builtin=False)
        loaded: dict[str, CardFile] = {f.path: f for f in origin.files} if origin else {}
        added: list[CardFile] = []
        files = card_paths(paths)
        _check_named_once(files)
        for path in files:
            file, defs = read_card_file(path)
            if file.path in loaded:
                if loaded[file.path] != file:
                    raise CardDataError(f"{path}: this card file changed since it was loaded "
                                        "into the pool it is added to")
                continue
            loaded[file.path] = file
            added.append(file)
            cards.extend(defs)
        grown = None if origin is None else CardOrigin(origin.builtin, origin.files + tuple(added))
        return CardDB(cards, origin=grown)


def _check_named_once(files: list[Path]) -> None:
    """Refuse a card file `paths` name more than once (issue 36: the same file named 64 times
    was read 64 times and accepted): a mistake in the list, said in one line."""
    twice = [(path, n) for path, n in Counter(p.resolve() for p in files).items() if n > 1]
    if twice:
        path, n = twice[0]
        raise CardDataError(f"{path}: this card file is named {n} times (itself or in a folder "
                            "named); name each card file once")


@lru_cache(maxsize=1)
def _builtin_db() -> CardDB:
    load_installed()
    folder = resources.files("ecs_vanguard.pool") / "builtin"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    cards: list[CardDef] = []
    for f in files:
        with resources.as_file(f) as path:
            cards.extend(load_file(path))
    return CardDB(cards, origin=CardOrigin(builtin=True))
