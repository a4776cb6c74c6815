"""Moves from the top of the deck: draw, soul charge, trigger checks (ACT-01, ACT-14, ACT-15, ACT-19)."""

from __future__ import annotations

from ecs_vanguard.ops.emit import emit
from ecs_vanguard.ops.zones import move_card
from ecs_vanguard.state import State
from ecs_vanguard.vocab.events import (
    CardDrawn,
    DamageChecked,
    DriveChecked,
    SoulCharged,
    TriggerRevealed,
)
from ecs_vanguard.vocab.zones import Zone


def draw(state: State, player: int, n: int = 1) -> int:
    """Draw n cards, one at a time, as many as the deck has; return how many (ACT-01)."""
    zones = state.board.zones[player]
    drawn = 0
    for _ in range(n):
        if not zones[Zone.DECK]:
            break                       # CORE-16: the empty deck is a rule action, not an error
        card = zones[Zone.DECK][0]
        move_card(state, card, Zone.HAND)
        emit(state, CardDrawn(card, player))
        drawn += 1
    return drawn


def soul_charge(state: State, player: int, n: int = 1) -> int:
    """Put the top n cards of the deck into the soul, as many as possible (ACT-19)."""
    zones = state.board.zones[player]
    count = min(n, len(zones[Zone.DECK]))
    for _ in range(count):
        move_card(state, zones[Zone.DECK][0], Zone.SOUL)
    if count:
        emit(state, SoulCharged(player, count))
    return count


def trigger_check(state: State, player: int, *, drive: bool) -> int | None:
    """Reveal the top card into the trigger zone for a drive or damage check (ACT-14, ACT-15).

    Returns the card, or None with an empty deck (the loss follows by rule action, CORE-16).
    """
    deck = state.board.zones[player][Zone.DECK]
    if not deck:
        return None
    card = deck[0]
    move_card(state, card, Zone.TRIGGER, face_up=True)
    trig = state.card(card).trigger
    name = trig._value_ if trig is not None else None      # _value_: see facts.event_field_matches
    emit(state, DriveChecked(card, player, name) if drive else DamageChecked(card, player, name))
    if name is not None:
        emit(state, TriggerRevealed(card, player, name, "drive" if drive else "damage"))
    return card
