"""What one player knows about each card: read from the board and the event log (information
sets for search, `Game.determinize`; the visibility rules of CORE-01, ACT-02, ACT-09, ACT-10).

A card's identity is KNOWN to a player when it is in a public zone, in their own hand, ride deck
or face-down G zone, or was shown to them (revealed, looked at, searched, seen leaving a public
zone) and has not been shuffled since; IN_ZONE when they saw it go into a deck that was shuffled
afterwards (they know it is somewhere in that deck); UNKNOWN otherwise.

The state holds the pending decision and paused abilities, which name cards; those cards count
as known so that a determinized copy stays a sound game. At the player's own decisions (where
search asks) that shows them nothing they do not see; at the other player's decision, the cards
that decision offers (their options from hand, say) show through. `seen_only=True` leaves
those out: what the player has seen themselves (the information state of `ecs_vanguard.openspiel`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any, cast

import esper

from components import GiftMarker, Position, Token
from ecs_vanguard.derived import query as q
from ecs_vanguard.state import State
from ecs_vanguard.vocab import events as ev
from ecs_vanguard.vocab.zones import Zone

# Zones whose cards their owner sees but the opponent does not (CORE-01); a face-down card of the
# G zone is hidden the same way (STR-01: the G deck goes face down into the G zone).
PRIVATE_ZONES = frozenset({Zone.HAND, Zone.RIDE_DECK, Zone.G_ZONE})
HIDDEN_ZONES = frozenset({Zone.DECK}) | PRIVATE_ZONES


class Knowledge(Enum):
    """How much a player knows about one card's identity."""

    KNOWN = "known"          # which card it is and where
    IN_ZONE = "in_zone"      # which card it is, somewhere in the zone it is in (after a shuffle)
    UNKNOWN = "unknown"


def knowledge(state: State, player: int, *, seen_only: bool = False) -> dict[int, Knowledge]:
    """Return what `player` knows about every card entity (the world must be current);
    `seen_only`: without the cards only the other player's pending decision, paused abilities
    and waiting autos name (module doc)."""
    zones = {e: (pos.owner, cast(Zone, pos.zone)) for e, pos in esper.get_component(Position)}
    seen = _seen_in_log(state, player, zones)
    shown = _shown_now(state, player, seen_only)
    out = {}
    for e, (owner, zone) in zones.items():
        if e in shown or _visible_where_it_is(e, owner, zone, player):
            out[e] = Knowledge.KNOWN
        else:
            out[e] = seen.get(e, Knowledge.UNKNOWN)
    return out


def _visible_where_it_is(card: int, owner: int, zone: Zone, player: int) -> bool:
    """True for a card in a public zone, a face-up one of the G zone, or the player's own
    private card (CORE-01)."""
    if zone not in HIDDEN_ZONES:
        return True
    if zone is Zone.G_ZONE and q.orientation(card).face_up:
        return True
    return owner == player and zone in PRIVATE_ZONES


def _shown_now(state: State, player: int, seen_only: bool = False) -> set[int]:
    """Cards `player` is shown right now (revealed ones, ACT-09; the options of their pending
    decision), gift markers and tokens, and the cards a pending decision, a resolving ability
    or a waiting auto names (`seen_only`: only those of the player's own)."""
    shown = set(state.revealed)
    shown.update(e for e, _ in esper.get_component(GiftMarker))   # CORE-15: imaginary, public
    shown.update(e for e, _ in esper.get_component(Token))        # TOK-01
    decision = state.decision
    if decision is not None and not (seen_only and decision.player != player):
        for action in decision.actions:   # the player's options; the other player's are part
            shown.update(c for c in (action.card, action.target) if c >= 0)   # of the state
    for frame in state.stack:   # kept as they are so a paused ability resumes consistently;
        if seen_only and frame.master != player:    # an opponent's hidden pick there shows
            continue            # through (rare: only while a question interrupts their ability)
        shown.add(frame.source)
        shown.update(frame.revealed)
        shown.update(frame.picks)
        shown.update(c for cards in frame.bound.values() for c in cards)
    shown.update(auto.source for auto in state.pending_autos
                 if not seen_only or auto.player == player)
    if state.battle is not None:
        shown.update(state.battle.guard_group)
    return shown


def _seen_in_log(state: State, player: int,
                 zones: dict[int, tuple[int, Zone]]) -> dict[int, Knowledge]:
    """Replay the event log as `player` saw it; return the cards of hidden zones they know."""
    log = _Log(player, _zones_at_start(state.events, zones), {})
    for event in state.events:
        handler = _SEEING.get(type(event))
        if handler is not None:
            handler(log, event)
    return log.seen


@dataclass(slots=True)
class _Log:
    """The replay's state: whose eyes, where each card is, what they know of each."""

    player: int
    where: dict[int, tuple[int, Zone]]
    seen: dict[int, Knowledge]

    def show(self, cards: tuple[int, ...], to: int | None = None) -> None:
        """Cards shown to `to` (None: to both players)."""
        if to is None or to == self.player:
            self.seen.update(dict.fromkeys(cards, Knowledge.KNOWN))


def _moved(log: _Log, event: ev.CardMoved) -> None:
    """A move into or out of a public zone is seen by both players (CORE-01); a card known only
    to be somewhere in a deck is lost from sight when an unseen card leaves that deck."""
    card = event.card
    log.where[card] = (log.where[card][0], event.to_zone)
    if event.from_zone not in HIDDEN_ZONES or event.to_zone not in HIDDEN_ZONES:
        log.seen[card] = Knowledge.KNOWN
    elif log.seen.get(card) is Knowledge.IN_ZONE:
        del log.seen[card]


def _shuffled(log: _Log, event: ev.Shuffled) -> None:
    """ACT-11: a card known to be in the shuffled deck is now somewhere in it."""
    for card, (owner, zone) in log.where.items():
        if owner == event.player and zone is Zone.DECK and card in log.seen:
            log.seen[card] = Knowledge.IN_ZONE


_SEEING: dict[type, Callable[[_Log, Any], None]] = {
    ev.CardMoved: _moved,
    ev.Shuffled: _shuffled,
    ev.CardsRevealed: lambda log, e: log.show(e.cards),                   # ACT-02, ACT-09
    ev.CardsLookedAt: lambda log, e: log.show(e.cards, e.player),         # ACT-02
    ev.CardsSearched: lambda log, e: log.show(e.found, e.player),         # ACT-10
    ev.CardDrawn: lambda log, e: log.show((e.card,), e.player),
}


def _zones_at_start(log: Iterable[object], now: dict[int, tuple[int, Zone]],
                    ) -> dict[int, tuple[int, Zone]]:
    """Return (owner, zone) of every card before the first event: the zone its first move left,
    or where it is now if it never moved (every zone change logs CardMoved, ops.zones)."""
    start = dict(now)
    moved: set[int] = set()
    for event in log:
        if type(event) is ev.CardMoved and event.card not in moved:
            moved.add(event.card)
            start[event.card] = (now[event.card][0], event.from_zone)
    return start
