"""Check the arguments of `Scenario.player` before anything is placed: types, counts within
`limits.MAX_ZONE_CARDS`, known player states and chosen hearts (issue 20). What the position
itself must satisfy (a legion's names, a free circle, premium-only mechanics) stays with the
builder, which knows the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ecs_vanguard.cards.flow import all_steps
from ecs_vanguard.cards.steps import EnterState
from ecs_vanguard.ops.units import EXTRA_TURN
from ecs_vanguard.perspective.observation import PLAYER_STATES
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.vocab import checks, limits
from ecs_vanguard.vocab.errors import ScenarioError
from ecs_vanguard.vocab.formats import UnitType
from ecs_vanguard.vocab.zones import ACCEL_CIRCLES

# Fields of `player` by the kind of value they take.
_ID_FIELDS = ("mate", "stride", "world")                         # a str or None
_MAP_FIELDS = ("rear", "tokens", "locked")                       # {circle: card id}
_COUNTS = {"damage_face_down": limits.MAX_ZONE_CARDS, "accel": len(ACCEL_CIRCLES),
           "protect": limits.MAX_ZONE_CARDS}
HEARTS = ("leader", "mate")                                      # STR-08 (5)


def check_player(db: CardDB, player: Any, vanguard: Any, fields: Mapping[str, Any]) -> None:
    """Raise ScenarioError naming the player and the argument that is of the wrong kind, too
    large, or names a state no card knows (the player index itself: checks.player, first)."""
    who = f"player {player}"
    _card_id(who, "vanguard", vanguard)
    if vanguard in db and db[vanguard].unit_type is UnitType.G_UNIT:
        raise ScenarioError(f"{who}: vanguard {vanguard!r} is a G unit; a G unit reaches VC "
                            "only by Stride (use stride=..., STR-08)")
    for name, value in fields.items():
        _FIELD_CHECKS.get(name, _any)(who, name, value)
    if fields.get("chosen_heart", "leader") == "mate" and fields.get("mate") is None:
        raise ScenarioError(f"{who}: chosen_heart 'mate' needs a mate (LEG-08, STR-08)")
    states = fields.get("states") or {}
    unknown = sorted(set(states) - state_names(db))
    if unknown:
        raise ScenarioError(f"{who}: unknown player state(s) {limits.few(unknown)}; the cards "
                            f"know {limits.few(state_names(db))} (IKK-01)")


def state_names(db: CardDB) -> set[str]:
    """Return the player states the cards of `db` enter or ask about, and the engine's own."""
    names = {EXTRA_TURN, *PLAYER_STATES}
    for card in db:
        for ability in card.abilities:
            names |= {s.name for s in all_steps((*ability.cost, *ability.effect))
                      if isinstance(s, EnterState)}
            names |= {str(c.arg("name")) for c in ability.condition if c.check == "in_state"}
    return names


def _card_id(who: str, name: str, value: Any) -> None:
    if not isinstance(value, str) or not value:
        raise ScenarioError(f"{who}: {name} must be a card id (str), got {value!r:.60}")


def _optional_id(who: str, name: str, value: Any) -> None:
    if value is not None:
        _card_id(who, name, value)


def _card_list(who: str, name: str, value: Any) -> None:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise ScenarioError(f"{who}: {name} must be a list of card ids, got {value!r:.60}")
    if len(value) > limits.MAX_ZONE_CARDS:
        raise ScenarioError(f"{who}: {name} must hold at most {limits.MAX_ZONE_CARDS} cards, "
                            f"got {len(value):,}")
    for card_id in value:
        _card_id(who, f"{name} entry", card_id)


def _mapping(who: str, name: str, value: Any, kind: type | tuple[type, ...], what: str) -> None:
    if not isinstance(value, Mapping) or len(value) > limits.MAX_ZONE_CARDS:
        raise ScenarioError(f"{who}: {name} must be a dict of {what}, got {value!r:.60}")
    for key, item in value.items():
        if not isinstance(key, str) or not isinstance(item, kind) or isinstance(item, bool):
            raise ScenarioError(f"{who}: {name} must be a dict of {what}, got {key!r:.30}: "
                                f"{item!r:.30}")


def _count(who: str, name: str, value: Any) -> None:
    checks.integer(value, f"{who}: {name}", low=0, high=_COUNTS[name], error=ScenarioError)


def _heart(who: str, name: str, value: Any) -> None:
    checks.one_of(value, f"{who}: chosen_heart", HEARTS, error=ScenarioError)


def _states(who: str, name: str, value: Any) -> None:
    _mapping(who, name, value, str, "state names and durations")


def _dress(who: str, name: str, value: Any) -> None:
    _mapping(who, name, value, (list, tuple), "circles and lists of card ids")
    for ids in value.values():
        _card_list(who, f"{name} sources", ids)


def _force(who: str, name: str, value: Any) -> None:
    _mapping(who, name, value, int, "circles and marker counts")
    for count in value.values():
        checks.integer(count, f"{who}: force markers", low=0, high=limits.MAX_CARD_COUNT,
                       error=ScenarioError)


def _circle_list(who: str, name: str, value: Any) -> None:
    if isinstance(value, str) or not isinstance(value, list | tuple) or \
            not all(isinstance(c, str) for c in value) or len(value) > 16:
        raise ScenarioError(f"{who}: {name} must be a list of circle names, got {value!r:.60}")


def _any(who: str, name: str, value: Any) -> None:
    """A zone list or another field: zone lists are lists of card ids."""
    _card_list(who, name, value)


_FIELD_CHECKS = {
    **{name: _optional_id for name in _ID_FIELDS},
    **{name: (lambda who, name, value: _mapping(who, name, value, str, "circles and card ids"))
       for name in _MAP_FIELDS},
    **{name: _count for name in _COUNTS},
    "chosen_heart": _heart, "states": _states, "dress": _dress, "force": _force,
    "rested": lambda who, name, value: _circle_list(who, name, value),
    "g_zone_face_up": _card_list, "imprisoned": _card_list,
}
