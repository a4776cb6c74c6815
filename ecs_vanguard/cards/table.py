"""A table of printed cards looked up by id and by name: what the engine reads of a card pool
while it plays (`State.db`). Validating card files against the effect registries is the pool's
(`pool.db.CardDB`, a CardTable), a floor above the state that holds this table."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ecs_vanguard.cards.loader import OFF_FIELD_ACT_ZONES
from ecs_vanguard.cards.schema import AbilityKind, CardDef
from ecs_vanguard.cards.timing_steps import reads_ability_records
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.zones import Zone


class CardTable:
    """An immutable set of CardDefs keyed by id, each printed card once (docs/design.md).

    Raises:
        CardDataError: two cards share an id (naming both files).
    """

    def __init__(self, cards: Iterable[CardDef]) -> None:
        self._cards: dict[str, CardDef] = {}
        # The same map, read directly by the compiled floors (runtime, ops.zones): table[id]
        # from compiled code is an interpreted __getitem__ call, a Python frame (issue 18).
        self.by_id = self._cards
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
        # Cards with an act ability valid in a hand, drop, soul, G zone or bind zone, and the
        # zones: the engine offers those there (playable.act_actions), and looks only if any.
        self.acts_off_field: dict[str, frozenset[Zone]] = {
            card.id: zones for card in self._cards.values()
            if (zones := frozenset(z for _, a in card.own_abilities if a.kind is AbilityKind.ACT
                                   for z in a.zones) & OFF_FIELD_ACT_ZONES)}
        # A condition reads what an ability did this turn: only then are records kept.
        self.reads_ability_records = reads_ability_records(self._cards.values())

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def get(self, card_id: str) -> CardDef | None:
        """Return the card with this id, or None."""
        return self._cards.get(card_id)

    def all_names(self) -> list[str]:
        """Return every card name of the database, sorted (the values ACT-25 may declare)."""
        return sorted(self._by_name)

    def ids_named(self, name: str) -> list[str]:
        """Return the ids of every card that has `name` among its names (TERM-05)."""
        return list(self._by_name.get(name, []))
