"""Damage-zone and soul actions and discards: counter blast/charge, soul blast, heal, discard
(ACT-03, ACT-08, ACT-16..18)."""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard.derived import query as q
from ecs_vanguard.ops.emit import batch, emit
from ecs_vanguard.ops.zones import move_card
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.events import (
    CardDiscarded,
    CardHealed,
    CounterBlasted,
    CounterCharged,
    SoulBlasted,
)
from ecs_vanguard.vocab.zones import Zone


def counter_blast(state: State, player: int, cards: Sequence[int], n: int) -> bool:
    """Turn n chosen face-up damage cards face down; all or nothing (ACT-16). Return success."""
    chosen = [c for c in cards if c in state.board.zones[player][Zone.DAMAGE]
              and q.orientation(c).face_up]
    if n <= 0 or len(chosen) < n:
        return False                    # ACT-16: fewer than n can be turned: nothing turns
    for card in chosen[:n]:
        world.writable_orientation(state, card).face_up = False
    emit(state, CounterBlasted(player, n))
    return True


def counter_charge(state: State, player: int, cards: Sequence[int]) -> int:
    """Turn chosen face-down damage cards face up, as many as given (ACT-17); return the count."""
    turned = 0
    for card in cards:
        orient = world.writable_orientation(state, card)
        if card in state.board.zones[player][Zone.DAMAGE] and not orient.face_up:
            orient.face_up = True
            turned += 1
    if turned:
        emit(state, CounterCharged(player, turned))
    return turned


def soul_blast(state: State, player: int, cards: Sequence[int], n: int) -> bool:
    """Put n chosen soul cards into the drop; all or nothing (ACT-18). Return success."""
    chosen = [c for c in cards if c in state.board.zones[player][Zone.SOUL]]
    if n <= 0 or len(chosen) < n:
        return False
    with batch(state):                  # the n cards go to the drop at once
        for card in chosen[:n]:
            move_card(state, card, Zone.DROP)
        emit(state, SoulBlasted(player, n))
    return True


def heal(state: State, player: int, card: int) -> bool:
    """Put a damage card into the drop (ACT-08); return whether it arrived there."""
    if move_card(state, card, Zone.DROP) is not Zone.DROP:
        return False
    emit(state, CardHealed(card, player))
    return True


def discard(state: State, player: int, card: int, *, by_cost: bool) -> bool:
    """Put a card from hand into the drop, by cost or by effect (ACT-03); return whether it
    arrived there (a Protect marker leaves the game instead, CORE-15)."""
    if move_card(state, card, Zone.DROP) is not Zone.DROP:
        return False
    emit(state, CardDiscarded(card, player, by_cost))
    return True
