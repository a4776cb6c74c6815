"""The card database: every printed card once, immutable, looked up by id (DESIGN.md)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ecs_vanguard import checks
from ecs_vanguard.cards.bounds import check_counts, check_printed
from ecs_vanguard.cards.files import CardFile, CardOrigin, card_paths, read_card_file
from ecs_vanguard.cards.loader import OFF_FIELD_ACT_ZONES, load_file
from ecs_vanguard.cards.schema import AbilityKind, CardDef
from ecs_vanguard.cards.steps import GiveAbility, MakeTokens
from ecs_vanguard.cards.validate import all_steps, validate_card
from ecs_vanguard.errors import CardDataError
from ecs_vanguard.rules import UnitType
from ecs_vanguard.zones import Zone


class CardDB:
    """An immutable set of CardDefs keyed by id, each validated against the engine's vocabulary
    (`cards.validate`). `origin` says how it was made (the built-in pool, then card files) when
    it was made by `builtin` and `load`, so a run can record it and make it again; None for a
    pool made from CardDefs in Python."""

    def __init__(self, cards: Iterable[CardDef], *, origin: CardOrigin | None = None):
        self.origin = origin
        self._cards: dict[str, CardDef] = {}
        for card in cards:
            checks.instance(card, "each card", CardDef, "a CardDef", error=CardDataError)
            if card.id in self._cards:
                raise CardDataError(
                    f"{card.source}: card {card.id}: field 'id': duplicate id "
                    f"(also in {self._cards[card.id].source})"
                )
            self._cards[card.id] = card
        self._by_name: dict[str, list[str]] = {}
        for card in self._cards.values():
            for name in card.names:
                self._by_name.setdefault(name, []).append(card.id)
        for card in self._cards.values():
            check_printed(card)
            validate_card(card)
            check_counts(card)
            self._check_references(card)
        # Cards with an act ability valid in a hand, drop, soul, G zone or bind zone, and the
        # zones: the engine offers those there (playable.act_actions), and looks only if any.
        self.acts_off_field: dict[str, frozenset[Zone]] = {
            card.id: zones for card in self._cards.values()
            if (zones := frozenset(z for _, a in card.own_abilities if a.kind is AbilityKind.ACT
                                   for z in a.zones) & OFF_FIELD_ACT_ZONES)}

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
            other = self._cards.get(step.card)
            if other is None or not 0 <= step.index < len(other.abilities):
                return f"give_ability: no ability {step.index} on card {step.card!r}"
        if isinstance(step, MakeTokens):
            token = self._cards.get(step.card)
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
            CardDataError: a file is missing, malformed or invalid, an id is defined twice, or
                a file `base` was loaded from changed since.
        """
        for path in paths:
            checks.path(path, "a card file path", error=CardDataError)
        checks.instance(base, "base", (CardDB, type(None)), "a CardDB or None",
                        error=CardDataError)
        cards = list(base) if base is not None else []
        origin = base.origin if base is not None else CardOrigin(builtin=False)
        loaded: dict[str, CardFile] = {f.path: f for f in origin.files} if origin else {}
        added: list[CardFile] = []
        for path in card_paths(paths):
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

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def all_names(self) -> list[str]:
        """Return every card name of the database, sorted (the values ACT-25 may declare)."""
        return sorted(self._by_name)

    def ids_named(self, name: str) -> list[str]:
        """Return the ids of every card that has `name` among its names (TERM-05)."""
        return list(self._by_name.get(name, []))


@lru_cache(maxsize=1)
def _builtin_db() -> CardDB:
    folder = resources.files("ecs_vanguard.cards") / "builtin"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    cards: list[CardDef] = []
    for f in files:
        with resources.as_file(f) as path:
            cards.extend(load_file(path))
    return CardDB(cards, origin=CardOrigin(builtin=True))
