"""Plain-data components a card entity can hold (docs/design.md "The model").

Every card has `Card`, `Position`, `Orientation` and `Modifiers`; the frequent changes of a game
are field changes on these. Rare statuses come as their own components with their mechanics.
"""

import components._compiled  # noqa: F401  (first: which build runs, before any compiled module)
from components.brandt import Imprisoned, Token
from components.card import Card
from components.dress import DressSource
from components.gift import GiftMarker
from components.heart import HeartLink
from components.legion import LegionLink
from components.locked import Locked
from components.modifiers import Modifier, Modifiers
from components.orientation import Orientation
from components.position import Position

__all__ = ["Card", "DressSource", "GiftMarker", "HeartLink", "Imprisoned", "LegionLink", "Locked", "Modifier", "Modifiers", "Orientation", "Position", "Token"]
