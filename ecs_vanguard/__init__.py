"""ecs_vanguard: an entity-component-system rules engine for Cardfight!! Vanguard."""

from ecs_vanguard.cards.db import CardDB
from ecs_vanguard.cards.deck import Deck
from ecs_vanguard.errors import (
    CardDataError,
    DeckError,
    IllegalActionError,
    ScenarioError,
    VanguardError,
)

__all__ = [
    "CardDB",
    "CardDataError",
    "Deck",
    "DeckError",
    "IllegalActionError",
    "ScenarioError",
    "VanguardError",
]
