"""Zones and circles of a player's side of the field (CORE-01)."""

from __future__ import annotations

from enum import Enum


class Zone(Enum):
    """Every place a card can be (CORE-01). List zones keep their order in the Board."""

    # Identity hash in C: Enum's own __hash__ is Python code and was the top cost of a tick
    # (1.7 M calls in 150 games). Members are singletons, and no rule iterates a set of them.
    __hash__ = object.__hash__

    DECK = "deck"            # index 0 is the top, everywhere in the engine
    HAND = "hand"
    DROP = "drop"            # index -1 is the newest card
    DAMAGE = "damage"
    SOUL = "soul"
    BIND = "bind"
    TRIGGER = "trigger"
    ORDER = "order"          # the order zone (set orders)
    ORDER_AREA = "order_area"   # where an order waits while it is played (ALC-01)
    G_ZONE = "g_zone"
    RIDE_DECK = "ride_deck"
    DRESS = "dress"          # dress sources under their overDress unit (OD-04): on the field
    REMOVED = "removed"      # removed from the game
    VC = "vc"
    RC = "rc"
    GC = "gc"


LIST_ZONES: tuple[Zone, ...] = tuple(z for z in Zone if z not in (Zone.VC, Zone.RC))
FIELD_ZONES = frozenset({Zone.VC, Zone.RC, Zone.GC})
HIDDEN_ZONES = frozenset({Zone.DECK, Zone.HAND, Zone.RIDE_DECK})


class Circle(Enum):
    """Circles of one player's field: the vanguard circle, five RCs and accel circles (CORE-01)."""

    __hash__ = object.__hash__   # as Zone: identity hash in C

    VC = "vc"
    FRONT_LEFT = "front_left"
    BACK_LEFT = "back_left"
    BACK_CENTER = "back_center"
    FRONT_RIGHT = "front_right"
    BACK_RIGHT = "back_right"
    ACCEL_1 = "accel_1"      # accel circles (CORE-15): front row, no column behind them
    ACCEL_2 = "accel_2"
    ACCEL_3 = "accel_3"
    ACCEL_4 = "accel_4"
    ACCEL_5 = "accel_5"
    ACCEL_6 = "accel_6"


REAR_CIRCLES: tuple[Circle, ...] = (
    Circle.FRONT_LEFT, Circle.BACK_LEFT, Circle.BACK_CENTER, Circle.FRONT_RIGHT, Circle.BACK_RIGHT,
)
ACCEL_CIRCLES: tuple[Circle, ...] = tuple(c for c in Circle if c.value.startswith("accel"))
FRONT_ROW = frozenset({Circle.VC, Circle.FRONT_LEFT, Circle.FRONT_RIGHT, *ACCEL_CIRCLES})
BACK_ROW = frozenset({Circle.BACK_LEFT, Circle.BACK_CENTER, Circle.BACK_RIGHT})

# CORE-07, CORE-09: the two circles of a column; the vanguard's column has the back center.
COLUMN_PARTNER: dict[Circle, Circle] = {
    Circle.FRONT_LEFT: Circle.BACK_LEFT,
    Circle.BACK_LEFT: Circle.FRONT_LEFT,
    Circle.FRONT_RIGHT: Circle.BACK_RIGHT,
    Circle.BACK_RIGHT: Circle.FRONT_RIGHT,
    Circle.VC: Circle.BACK_CENTER,
    Circle.BACK_CENTER: Circle.VC,
}
