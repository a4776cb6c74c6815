"""Set-up of a new game: cards into their zones, shuffle, opening hands (CORE-03)."""

from __future__ import annotations

from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.formats import Phase
from ecs_vanguard.vocab.zones import Zone


def deal(state: State, decks: tuple[Deck, Deck]) -> None:
    """CORE-03: the starting vanguard face down on VC (from the ride deck where there is one),
    the rest of the ride deck aside, G deck to the G zone, shuffle, draw the opening hand."""
    place_cards(state, decks)
    shuffle_and_draw(state)


def place_cards(state: State, decks: tuple[Deck, Deck]) -> None:
    """CORE-03, the part no random draw decides: every card made in its zone, the starting
    vanguard face down. The same for every game of these decks, which a new game copies
    (facade: the dealt positions) rather than makes again."""
    state.decks = decks
    places: list[tuple[int, Zone, list[str]]] = []
    for player, deck in enumerate(decks):
        rest = list(deck.main)
        rest.remove(deck.starter)
        ride = list(deck.ride_deck)
        if deck.starter in ride:
            ride.remove(deck.starter)
        for card_id in ride:
            rest.remove(card_id)
        places += ((player, Zone.VC, [deck.starter]), (player, Zone.RIDE_DECK, ride),
                   (player, Zone.DECK, rest), (player, Zone.G_ZONE, list(deck.g_deck)))
    ops.zones.create_cards(state, places)
    for player in (0, 1):
        world.writable_orientation(state, q.vanguard(state, player)).face_up = False


def shuffle_and_draw(state: State) -> None:
    """CORE-03, the rest: each deck shuffled by the game's generator, the opening hands drawn."""
    for player in (0, 1):
        ops.shuffle(state, player)
        ops.draw(state, player, state.rules.opening_hand)
    state.turn.phase = Phase.SETUP
