"""Actions on cards outside battle: from the deck top, look/reveal, search, bind, put into a
zone, face up/down, declare (ACT-01, ACT-02, ACT-09, ACT-10, ACT-13, ACT-20, ACT-25)."""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard.derived import query as q
from ecs_vanguard.ops.emit import batch, emit
from ecs_vanguard.ops.zones import move_card
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.events import (
    CardBound,
    CardsLookedAt,
    CardsRevealed,
    CardsSearched,
    CardTurned,
    NameDeclared,
    PlayCancelled,
)
from ecs_vanguard.vocab.formats import OrderType
from ecs_vanguard.vocab.zones import Zone


def mill(state: State, player: int, n: int = 1) -> int:
    """Put the top n cards of the deck into the drop, as many as there are (ACT-01)."""
    count = min(n, len(state.board.zones[player][Zone.DECK]))
    for _ in range(count):
        move_card(state, state.board.zones[player][Zone.DECK][0], Zone.DROP)
    return count


def bind(state: State, card: int, *, face_up: bool = True) -> bool:
    """Put a card into its owner's bind zone (ACT-20); a move the rules redirect (a G unit on
    VC goes to the G zone, STR-12) is no bind and logs none. Return whether it was bound."""
    with batch(state):                  # the move and its "bound" fact are one batch
        if move_card(state, card, Zone.BIND, face_up=face_up) is not Zone.BIND:
            return False
        emit(state, CardBound(card, q.position(card).owner))
    return True


def bind_top(state: State, player: int, n: int = 1) -> int:
    """Bind the top n cards of the deck, as many as there are (ACT-01, ACT-20)."""
    count = min(n, len(state.board.zones[player][Zone.DECK]))
    for _ in range(count):
        bind(state, state.board.zones[player][Zone.DECK][0])
    return count


def look_top(state: State, player: int, n: int, *, reveal: bool = False) -> tuple[int, ...]:
    """Look at (or reveal) the top n cards: they stay in the deck, same objects (ACT-02)."""
    cards = tuple(state.board.zones[player][Zone.DECK][:max(0, n)])
    if cards:
        emit(state, CardsRevealed(player, cards) if reveal else CardsLookedAt(player, cards))
        if reveal:
            state.revealed.update(cards)
    return cards


def reveal(state: State, player: int, cards: Sequence[int], *, for_cost: bool) -> None:
    """Show cards to both players without changing zones (ACT-09); the caller ends it."""
    if cards:
        state.revealed.update(cards)
        emit(state, CardsRevealed(player, tuple(cards), for_cost))


def end_reveal(state: State, cards: Sequence[int]) -> None:
    """Hide again cards shown by a reveal (ACT-09: when its cost or effect part ends)."""
    if state.revealed and cards:               # (nothing shown: the usual case, no method call)
        state.revealed.difference_update(cards)


def searched(state: State, player: int, zone: Zone, found: Sequence[int]) -> None:
    """Record a search of a zone and what it found (ACT-10)."""
    emit(state, CardsSearched(player, zone, tuple(found)))


def put_into(state: State, card: int, zone: Zone, *, top: bool = False) -> bool:
    """Put a card into one of its owner's zones (the plain move effects use: 'put into hand');
    return whether it arrived there (STR-12 and CORE-15 redirect some moves)."""
    return move_card(state, card, zone, top=top) is zone


def turn_face(state: State, card: int, face_up: bool) -> bool:
    """Turn a card face up or down; one already so is not turned and nothing triggers (ACT-13).
    A legion turns together (LEG-21)."""
    group = q.legion_group(card)
    if any(q.orientation(c).face_up == face_up for c in group):
        return False
    for member in group:
        world.writable_orientation(state, member).face_up = face_up
        emit(state, CardTurned(member, face_up))
    return True


def declare_name(state: State, player: int, name: str) -> str:
    """Declare a card name; it must exist in the card database, exactly (ACT-25).

    Raises:
        ValueError: the name is not a card name of the database.
    """
    if not state.db.ids_named(name):
        raise ValueError(f"ACT-25: {name!r} is not the name of any card in the database")
    emit(state, NameDeclared(player, name))
    return name


def undo_order(state: State, player: int, order: int, bound_b: int = -1) -> None:
    """Cancel an order whose cost could not be paid: it goes back from the order area to the
    hand, an Alchemagic's order B back from the bind zone to the drop, and it does not count
    as the turn's order (CORE-08, CORE-19, ALC-01 ④)."""
    move_card(state, order, Zone.HAND, quietly=True)
    if bound_b >= 0:
        move_card(state, bound_b, Zone.DROP, quietly=True)
    state.turn.orders_played[player] -= 1
    emit(state, PlayCancelled(order, player))


def finish_order(state: State, player: int, order: int) -> None:
    """Put a resolved order where it belongs: set orders to the order zone, others to the drop
    (CORE-08, ALC-01 (6)); a cancelled one already went back to the hand."""
    if order not in state.board.zones[player][Zone.ORDER_AREA]:
        return
    is_set = state.card(order).order_type is OrderType.SET
    move_card(state, order, Zone.ORDER if is_set else Zone.DROP)
