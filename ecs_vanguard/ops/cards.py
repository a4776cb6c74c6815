"""Actions on cards outside battle: from the deck top, look/reveal, search, bind, put into a
zone, face up/down, declare (ACT-01, ACT-02, ACT-09, ACT-10, ACT-13, ACT-20, ACT-25)."""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard import query as q
from ecs_vanguard.events import (
    CardBound,
    CardsLookedAt,
    CardsRevealed,
    CardsSearched,
    CardTurned,
    NameDeclared,
)
from ecs_vanguard.ops.zones import move_card
from ecs_vanguard.state import State
from ecs_vanguard.zones import Zone


def mill(state: State, player: int, n: int = 1) -> int:
    """Put the top n cards of the deck into the drop, as many as there are (ACT-01)."""
    deck = state.board.zones[player][Zone.DECK]
    count = min(n, len(deck))
    for _ in range(count):
        move_card(state, deck[0], Zone.DROP)
    return count


def bind(state: State, card: int, *, face_up: bool = True) -> None:
    """Put a card into its owner's bind zone (ACT-20)."""
    move_card(state, card, Zone.BIND, face_up=face_up)
    state.log(CardBound(card, q.position(card).owner))


def bind_top(state: State, player: int, n: int = 1) -> int:
    """Bind the top n cards of the deck, as many as there are (ACT-01, ACT-20)."""
    deck = state.board.zones[player][Zone.DECK]
    count = min(n, len(deck))
    for _ in range(count):
        bind(state, deck[0])
    return count


def look_top(state: State, player: int, n: int, *, reveal: bool = False) -> tuple[int, ...]:
    """Look at (or reveal) the top n cards: they stay in the deck, same objects (ACT-02)."""
    cards = tuple(state.board.zones[player][Zone.DECK][:max(0, n)])
    if cards:
        state.log(CardsRevealed(player, cards) if reveal else CardsLookedAt(player, cards))
        if reveal:
            state.revealed.update(cards)
    return cards


def reveal(state: State, player: int, cards: Sequence[int], *, for_cost: bool) -> None:
    """Show cards to both players without changing zones (ACT-09); the caller ends it."""
    if cards:
        state.revealed.update(cards)
        state.log(CardsRevealed(player, tuple(cards), for_cost))


def end_reveal(state: State, cards: Sequence[int]) -> None:
    """Hide again cards shown by a reveal (ACT-09: when its cost or effect part ends)."""
    state.revealed.difference_update(cards)


def searched(state: State, player: int, zone: Zone, found: Sequence[int]) -> None:
    """Record a search of a zone and what it found (ACT-10)."""
    state.log(CardsSearched(player, zone, tuple(found)))


def put_into(state: State, card: int, zone: Zone, *, top: bool = False) -> None:
    """Put a card into one of its owner's zones (the plain move effects use: 'put into hand')."""
    move_card(state, card, zone, top=top)


def turn_face(state: State, card: int, face_up: bool) -> bool:
    """Turn a card face up or down; one already so is not turned and nothing triggers (ACT-13)."""
    orient = q.orientation(card)
    if orient.face_up == face_up:
        return False
    orient.face_up = face_up
    state.log(CardTurned(card, face_up))
    return True


def declare_name(state: State, player: int, name: str) -> str:
    """Declare a card name; it must exist in the card database, exactly (ACT-25).

    Raises:
        ValueError: the name is not a card name of the database.
    """
    if not state.db.ids_named(name):
        raise ValueError(f"ACT-25: {name!r} is not the name of any card in the database")
    state.log(NameDeclared(player, name))
    return name
