"""Scenario: build any legal position directly, for tests and analysis (DESIGN.md Public API).

Cards are placed through `create_card`, never by poking state; the position is validated first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ecs_vanguard import query as q
from ecs_vanguard.cards.db import CardDB
from ecs_vanguard.errors import ScenarioError
from ecs_vanguard.game import Game
from ecs_vanguard.ops.zones import create_card
from ecs_vanguard.rules import BattleStep, Phase, format_rules
from ecs_vanguard.state import State
from ecs_vanguard.zones import REAR_CIRCLES, Circle, Zone

_PHASES = {p.value: p for p in Phase if p is not Phase.SETUP}
_DEFAULT_DECK_SIZE = 10
_LIST_FIELDS = {
    "hand": Zone.HAND, "deck": Zone.DECK, "damage": Zone.DAMAGE, "soul": Zone.SOUL,
    "drop": Zone.DROP, "bind": Zone.BIND, "g_zone": Zone.G_ZONE, "order_zone": Zone.ORDER,
    "ride_deck": Zone.RIDE_DECK,
}


@dataclass
class _Side:
    vanguard: str
    rear: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(default_factory=dict)
    rested: tuple[str, ...] = ()
    damage_face_down: int = 0


class Scenario:
    """A builder for a game position: `.player(0, ...).player(1, ...).start(...)`."""

    def __init__(self, db: CardDB | None = None, *, format: str = "standard", seed: int = 0):
        self._db = db or CardDB.builtin()
        self._rules = format_rules(format)
        self._seed = seed
        self._sides: dict[int, _Side] = {}

    def player(self, player: int, *, vanguard: str, rear: dict[str, str] | None = None,
               rested: tuple[str, ...] | list[str] = (), damage_face_down: int = 0,
               **zones: list[str]) -> Scenario:
        """Describe one player's side: card ids by zone, deck top first, circles by name.

        Zones: hand, deck (default: ten vanilla grade 1 cards), damage, soul, drop, bind,
        g_zone, order_zone, ride_deck. `rested` names circles ("vc", "front_left", ...) whose
        units are at rest; the first `damage_face_down` damage cards are face down.
        """
        if player not in (0, 1):
            raise ScenarioError(f"player must be 0 or 1, not {player!r}")
        unknown = set(zones) - set(_LIST_FIELDS)
        if unknown:
            raise ScenarioError(f"unknown zone(s) {sorted(unknown)}; use {sorted(_LIST_FIELDS)}")
        self._sides[player] = _Side(vanguard, dict(rear or {}), {k: list(v) for k, v in
                                                                 zones.items()},
                                    tuple(rested), damage_face_down)
        return self

    def start(self, *, turn: int = 3, turn_player: int = 0, phase: str = "main") -> Game:
        """Return a game at the start of `phase` of `turn`, `turn_player` to act.

        Raises:
            ScenarioError: a missing player, unknown card or circle, or an illegal position.
        """
        if set(self._sides) != {0, 1}:
            raise ScenarioError("describe both players with .player(0, ...) and .player(1, ...)")
        if phase not in _PHASES:
            raise ScenarioError(f"unknown phase {phase!r}; use one of {sorted(_PHASES)}")
        if turn < 1 or turn_player not in (0, 1):
            raise ScenarioError("turn must be 1 or more and turn_player 0 or 1")
        if turn > self._rules.turn_limit:
            raise ScenarioError(f"turn {turn} is past the turn limit of "
                                f"{self._rules.turn_limit} (CORE-16)")
        if turn == 1 and phase == "battle":
            raise ScenarioError("the first player's first turn has no battle phase (CORE-04)")
        game = Game._blank(self._db, self._rules, self._seed)
        state = game.state
        for p in (0, 1):
            self._place(state, p, self._sides[p])
        t = state.turn
        t.turn, t.player = turn, turn_player
        t.first_player = turn_player if turn % 2 == 1 else 1 - turn_player
        t.phase = _PHASES[phase]
        t.step = BattleStep.ATTACK if t.phase is Phase.BATTLE else None
        t.rode = t.phase in (Phase.MAIN, Phase.BATTLE, Phase.END)
        game._run()
        return game

    def _card(self, card_id: str) -> str:
        if card_id not in self._db:
            raise ScenarioError(f"unknown card id {card_id!r}")
        return card_id

    def _filler(self) -> str:
        for card in self._db:
            if card.grade == 1 and not card.abilities and card.trigger is None and card.power:
                return card.id
        raise ScenarioError("no vanilla grade 1 card in the database to fill a default deck")

    def _place(self, state: State, p: int, side: _Side) -> None:
        create_card(state, p, self._card(side.vanguard), Zone.VC)
        for name, card_id in side.rear.items():
            create_card(state, p, self._card(card_id), Zone.RC, circle=_rear_circle(name))
        lists = dict(side.lists)
        lists.setdefault("deck", [self._filler()] * _DEFAULT_DECK_SIZE)
        for key, ids in lists.items():
            for card_id in ids:
                create_card(state, p, self._card(card_id), _LIST_FIELDS[key])
        damage = state.board.zones[p][Zone.DAMAGE]
        if len(damage) >= state.rules.damage_to_lose:
            raise ScenarioError(f"player {p} has {len(damage)} damage: the game would be over")
        for card in damage[: side.damage_face_down]:
            q.orientation(card).face_up = False
        for name in side.rested:
            circle = Circle.VC if name == "vc" else _rear_circle(name)
            unit = q.try_unit_at(state, p, circle)
            if unit is None:
                raise ScenarioError(f"player {p}: no unit on {name} to rest")
            q.orientation(unit).rested = True


def _rear_circle(name: str) -> Circle:
    try:
        circle = Circle(name)
    except ValueError:
        raise ScenarioError(f"unknown circle {name!r}; use {[c.value for c in REAR_CIRCLES]}")
    if circle not in REAR_CIRCLES:
        raise ScenarioError(f"{name!r} is not a rear-guard circle")
    return circle
