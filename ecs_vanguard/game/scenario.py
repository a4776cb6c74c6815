"""Scenario: build any legal position directly, for tests and analysis (docs/design.md "The public face").

Cards are placed through `ops.create_card` and linked through the ops that link them (legion,
hearts, dress sources), never moved by hand; the position is validated first. The per-turn
facts a position started mid-turn needs (a grade 3 vanguard at the start of the turn, orders
played, the ride, a persona ride) are set so it behaves as if the turn had started normally.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from components import GiftMarker, Imprisoned, Locked, Token
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.effects.gifts import PROTECT_CARD
from ecs_vanguard.game.facade import Game
from ecs_vanguard.game.scenario_args import check_player
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.state import ContinuousEffect, State, world
from ecs_vanguard.vocab import checks, limits
from ecs_vanguard.vocab.errors import ScenarioError
from ecs_vanguard.vocab.formats import BattleStep, Duration, Phase, Stat, UnitType, format_rules
from ecs_vanguard.vocab.zones import ACCEL_CIRCLES, REAR_CIRCLES, Circle, Zone

_PHASES = {p.value: p for p in Phase if p is not Phase.SETUP}
_DEFAULT_DECK_SIZE = 10
_LIST_FIELDS = {
    "hand": Zone.HAND, "deck": Zone.DECK, "damage": Zone.DAMAGE, "soul": Zone.SOUL,
    "drop": Zone.DROP, "bind": Zone.BIND, "g_zone": Zone.G_ZONE, "order_zone": Zone.ORDER,
    "ride_deck": Zone.RIDE_DECK,
}
_DURATIONS = {d.value: d for d in Duration}


@dataclass
class _Side:
    """One player's side as described: card ids by place, and the mechanics' states."""

    vanguard: str
    rear: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(default_factory=dict)
    rested: tuple[str, ...] = ()
    damage_face_down: int = 0
    mate: str | None = None                       # LEG-08: legion mate of the vanguard
    stride: str | None = None                     # STR-08: G unit on VC over the vanguard(s)
    chosen_heart: str = "leader"                  # STR-08 (5): "leader" or "mate"
    g_zone_face_up: list[str] = field(default_factory=list)
    dress: dict[str, list[str]] = field(default_factory=dict)     # OD-03: circle -> sources
    imprisoned: list[str] = field(default_factory=list)  # PRI-01: opponent's cards held here
    tokens: dict[str, str] = field(default_factory=dict)          # TOK-01: circle -> token
    locked: dict[str, str] = field(default_factory=dict)          # ACT-23: circle -> card
    world: str | None = None                      # WLD-01: content of this player's Worlds
    states: dict[str, str] = field(default_factory=dict)          # IKK-01: name -> duration
    force: dict[str, int] = field(default_factory=dict)           # CORE-15: circle -> markers
    accel: int = 0                                # CORE-15: accel circles this player has
    protect: int = 0                              # CORE-15: Protect gift cards in hand


class Scenario:
    """A builder for a game position: `.player(0, ...).player(1, ...).start(...)`."""

    def __init__(self, db: CardDB | None = None, *, format: str = "standard", seed: int = 0):
        checks.instance(db, "db", (CardDB, type(None)), "a CardDB or None", error=ScenarioError)
        self._db = db or CardDB.builtin()
        self._rules = format_rules(format)
        self._seed = checks.integer(seed, "seed", low=0, error=ScenarioError)
        self._sides: dict[int, _Side] = {}

    def player(self, player: int, *, vanguard: str, rear: dict[str, str] | None = None,
               rested: tuple[str, ...] | list[str] = (), damage_face_down: int = 0,
               **more: object) -> Scenario:
        """Describe one player's side: card ids by zone, deck top first, circles by name.

        Zones: hand, deck (default: ten vanilla grade 1 cards), damage, soul, drop, bind,
        g_zone, order_zone, ride_deck. `rested` names circles ("vc", "front_left", ...) whose
        units are at rest; the first `damage_face_down` damage cards are face down.

        Mechanics (premium ones need the premium format):
            mate: a legion mate on VC with the vanguard, its leader (LEG-08).
            stride: a G unit on VC; the vanguard (and mate) become its hearts (STR-08);
                chosen_heart ("leader" or "mate") gives it its name and power.
            g_zone_face_up: G units face up in the G zone (g_zone: face down).
            dress: {circle: [card ids]}: dress sources under the unit there (OD-03).
            imprisoned: the opponent's cards held in this player's order zone (PRI-01).
            tokens: {circle: token id}: real tokens (TOK-01). locked: {circle: card id}:
                locked cards (ACT-23).
            world: the content of this player's Worlds this turn (WLD-01).
            states: {name: duration} or [names]: player states such as "final_rush" (IKK-01).
            force: {circle: markers}; accel: accel circles ("accel_1", ... in `rear`);
                protect: Protect gift cards in hand (CORE-15).
        """
        player = checks.player(player, error=ScenarioError)
        lists = {k: v for k, v in more.items() if k in _LIST_FIELDS}
        extras = {k: v for k, v in more.items() if k not in _LIST_FIELDS}
        known = {f for f in _Side.__dataclass_fields__} - {"vanguard", "rear", "lists",
                                                           "rested", "damage_face_down"}
        unknown = set(extras) - known
        if unknown:
            raise ScenarioError(f"unknown field(s) {sorted(unknown)}; zones: "
                                f"{sorted(_LIST_FIELDS)}; mechanics: {sorted(known)}")
        if isinstance(extras.get("states"), (list, tuple)):
            extras["states"] = {name: "end_of_turn" for name in extras["states"]}  # type: ignore
        check_player(self._db, player, vanguard, {"rear": rear or {}, "rested": rested,
                                                  "damage_face_down": damage_face_down, **more,
                                                  **extras})
        side = _Side(vanguard, dict(rear or {}),
                     {k: list(v) for k, v in lists.items()},  # type: ignore[call-overload]
                     tuple(rested), damage_face_down, **extras)  # type: ignore[arg-type]
        self._sides[player] = side
        return self

    def start(self, *, turn: int = 3, turn_player: int = 0, phase: str = "main",
              grade3_at_start: bool | None = None, orders_played: int = 0,
              rode: bool | None = None, persona_rode: bool = False) -> Game:
        """Return a game at the start of `phase` of `turn`, `turn_player` to act.

        The turn's facts default to what a normal turn up to `phase` gives: the turn player's
        vanguard (the hearts' grade under a G unit) was what it is at the start of the turn
        (STR-04), a ride happened if the ride phase is over; `orders_played` orders were
        played (CORE-08); `persona_rode` gives the front row +10000 this turn (CORE-05).

        Raises:
            ScenarioError: a missing player, unknown card or circle, or an illegal position.
        """
        turn, turn_player, orders_played = self._check_start(turn, turn_player, phase,
                                                             orders_played)
        game = Game._blank(self._db, self._rules, self._seed)
        state = game.state
        t = state.turn
        t.turn, t.player = turn, turn_player
        for p in (0, 1):
            self._place(state, p, self._sides[p])
        for p in (0, 1):
            self._place_prisoners(state, p, self._sides[p].imprisoned)
        t.first_player = turn_player if turn % 2 == 1 else 1 - turn_player
        t.phase = _PHASES[phase]
        t.step = BattleStep.ATTACK if t.phase is Phase.BATTLE else None
        after_ride = t.phase in (Phase.MAIN, Phase.BATTLE, Phase.END)
        t.rode = after_ride if rode is None else rode
        if t.phase is Phase.RIDE and t.rode:
            t.stage = 1                       # CORE-05: the ride step is over (stride step next)
        t.orders_played[turn_player] = orders_played
        if grade3_at_start is None and t.phase is not Phase.STAND:
            grade3_at_start = _vanguard_grade_below_g(state, turn_player) >= 3
        t.grade3_at_start[turn_player] = bool(grade3_at_start)
        if persona_rode:
            ops.add_continuous(state, ContinuousEffect(
                turn_player, "your_front_row", Stat.POWER, state.rules.persona_ride_power,
                Duration.END_OF_TURN, turn))
        game._run()
        return game

    def _check_start(self, turn: int, turn_player: int, phase: str, orders_played: int
                     ) -> tuple[int, int, int]:
        """Refuse a start that cannot be; return turn, turn_player and orders_played as plain
        ints (numpy integers are welcome, and the compiled engine takes only ints)."""
        if set(self._sides) != {0, 1}:
            raise ScenarioError("describe both players with .player(0, ...) and .player(1, ...)")
        if not isinstance(phase, str) or phase not in _PHASES:
            raise ScenarioError(f"unknown phase {phase!r:.40}; use one of {sorted(_PHASES)}")
        turn = checks.integer(turn, "turn", low=1, error=ScenarioError)
        turn_player = checks.player(turn_player, error=ScenarioError)
        orders_played = checks.integer(orders_played, "orders_played", low=0,
                                       high=limits.MAX_ZONE_CARDS, error=ScenarioError)
        if turn > self._rules.turn_limit:
            raise ScenarioError(f"turn {turn} is past the turn limit of "
                                f"{self._rules.turn_limit} (CORE-16)")
        if turn == 1 and phase == "battle":
            raise ScenarioError("the first player's first turn has no battle phase (CORE-04)")
        return turn, turn_player, orders_played

    def _card(self, card_id: str, kind: UnitType | None = None, what: str = "card") -> str:
        if card_id not in self._db:
            raise ScenarioError(f"unknown card id {card_id!r}")
        if kind is not None and self._db[card_id].unit_type is not kind:
            raise ScenarioError(f"{card_id!r} is not a {what}")
        return card_id

    def _filler(self) -> str:
        for card in self._db:
            if card.grade == 1 and not card.abilities and card.trigger is None and card.power:
                return card.id
        raise ScenarioError("no vanilla grade 1 card in the database to fill a default deck")

    def _premium(self, player: int, what: str, rule: str) -> None:
        if not self._rules.g_deck_allowed:
            raise ScenarioError(f"player {player}: {what} is premium only ({rule}); "
                                "use Scenario(..., format=\"premium\")")

    def _place(self, state: State, p: int, side: _Side) -> None:
        self._place_vanguards(state, p, side)
        for n in range(side.accel):
            if n >= len(ACCEL_CIRCLES):
                raise ScenarioError(f"player {p}: at most {len(ACCEL_CIRCLES)} accel circles")
            self._premium(p, "an accel circle", "CORE-15")
            ops.add_accel_circle(state, p, ACCEL_CIRCLES[n])
        circles = [c.value for c in state.board.circles[p] if c is not Circle.VC]
        for name, card_id in side.rear.items():
            ops.create_card(state, p, self._card(card_id), Zone.RC,
                            circle=_rear_circle(name, circles))
        self._place_statuses(state, p, side, circles)
        lists = dict(side.lists)
        if lists.get("g_zone") or side.g_zone_face_up:
            self._premium(p, "a G zone card", "STR-01")
        lists.setdefault("deck", [self._filler()] * _DEFAULT_DECK_SIZE)
        for key, ids in lists.items():
            for card_id in ids:
                ops.create_card(state, p, self._card(card_id), _LIST_FIELDS[key])
        for card_id in side.g_zone_face_up:
            card = ops.create_card(state, p, self._card(card_id, UnitType.G_UNIT, "G unit"),
                                   Zone.G_ZONE)
            world.writable_orientation(state, card).face_up = True
        for _ in range(side.protect):
            self._premium(p, "a Protect gift", "CORE-15")
            ops.create_card(state, p, PROTECT_CARD, Zone.HAND, statuses=(GiftMarker(),))
        self._place_player_facts(state, p, side)
        damage = state.board.zones[p][Zone.DAMAGE]
        if len(damage) >= state.rules.damage_to_lose:
            raise ScenarioError(f"player {p} has {len(damage)} damage: the game would be over")
        for card in damage[: side.damage_face_down]:
            world.writable_orientation(state, card).face_up = False
        for name in side.rested:
            circle = Circle.VC if name == "vc" else _rear_circle(name, circles)
            unit = q.try_unit_at(state, p, circle)
            if unit is None:
                raise ScenarioError(f"player {p}: no unit on {name} to rest")
            world.writable_orientation(state, unit).rested = True             # a legion's mate shares it (LEG-21)

    def _place_vanguards(self, state: State, p: int, side: _Side) -> None:
        """The vanguard; a legion mate (LEG-08); a G unit over them with hearts (STR-08)."""
        mate = None
        if side.mate is not None:
            self._premium(p, "a legion", "LEG")
            mate = ops.create_card(state, p, self._card(side.mate), Zone.VC)  # left, below
        leader = ops.create_card(state, p, self._card(side.vanguard), Zone.VC)
        if mate is not None:
            seeks = state.card(leader).seek_mate
            if not any(n in seeks for n in q.names(state, mate)):
                raise ScenarioError(f"player {p}: {side.vanguard}'s Seek Mate does not name "
                                    f"{side.mate}: a legion's leader is the vanguard whose Seek "
                                    "Mate found its mate (LEG-01, LEG-08)")
            ops.link_legion(state, leader, mate)
        if side.stride is None:
            return
        self._premium(p, "a G unit on VC", "STR")
        g_unit = ops.create_card(state, p, self._card(side.stride, UnitType.G_UNIT, "G unit"),
                                 Zone.VC)
        if side.chosen_heart not in ("leader", "mate") or (side.chosen_heart == "mate"
                                                            and mate is None):
            raise ScenarioError(f"player {p}: chosen_heart must be 'leader' or, with a mate, "
                                f"'mate', not {side.chosen_heart!r}")
        below = [leader] if mate is None else [mate, leader]
        ops.make_hearts(state, g_unit, below, mate if side.chosen_heart == "mate" else leader)

    def _place_statuses(self, state: State, p: int, side: _Side, circles: list[str]) -> None:
        """Tokens, locked cards and dress sources on this player's circles."""
        for name, card_id in side.tokens.items():
            ops.create_card(state, p, self._card(card_id, UnitType.TOKEN, "token"), Zone.RC,
                            circle=_free_circle(state, p, name, circles), statuses=(Token(),))
        for name, card_id in side.locked.items():
            ops.create_card(state, p, self._card(card_id), Zone.RC,
                            circle=_free_circle(state, p, name, circles), statuses=(Locked(),))
        for name, ids in side.dress.items():
            circle = Circle.VC if name == "vc" else _rear_circle(name, circles)
            unit = q.try_unit_at(state, p, circle)
            if unit is None or circle is Circle.VC:
                raise ScenarioError(f"player {p}: no rear-guard on {name} to dress (OD-01)")
            for card_id in ids:
                source = ops.create_card(state, p, self._card(card_id), Zone.DRESS)
                ops.link_dress_source(state, source, unit)

    def _place_prisoners(self, state: State, jailer: int, ids: list[str]) -> None:
        """The other player's cards imprisoned in the jailer's order zone (PRI-01)."""
        if ids and not q.prisons(state, jailer):
            raise ScenarioError(f"player {jailer}: imprisoned cards need a Prison set order in "
                                "this player's order_zone (PRI-01)")
        for card_id in ids:
            ops.create_card(state, 1 - jailer, self._card(card_id), Zone.ORDER,
                            statuses=(Imprisoned(jailer),))

    def _place_player_facts(self, state: State, p: int, side: _Side) -> None:
        """Facts of a player, not of a card: states, Force markers, World content."""
        for name, until in side.states.items():
            if until not in _DURATIONS:
                raise ScenarioError(f"player {p}: state {name!r} lasts {until!r}; use one of "
                                    f"{sorted(_DURATIONS)}")
            state.player_states[p] = [*state.player_states[p],
                                      (name, _DURATIONS[until], state.turn.turn)]
        if side.force:
            self._premium(p, "a Force marker", "CORE-15")
            circles = [c.value for c in state.board.circles[p]]
            state.force[p] = {Circle.VC if n == "vc" else _rear_circle(n, circles): count
                              for n, count in side.force.items()}
        if side.world is not None:
            if side.world not in q.WORLD_CONTENTS:
                raise ScenarioError(f"player {p}: world content {side.world!r} is not one of "
                                    f"{list(q.WORLD_CONTENTS)}")
            worlds = q.worlds(state, p)
            if not worlds:
                raise ScenarioError(f"player {p}: no World in the order zone to give content")
            for card in worlds:
                ops.add_modifier(state, card, Stat.WORLD_CONTENT, 0, Duration.END_OF_TURN,
                                 side.world)


def _vanguard_grade_below_g(state: State, player: int) -> int:
    """The highest grade of the player's vanguards, or of the hearts under a G unit (they were
    the vanguards at the start of the turn): a legion's leader or mate (STR-04, LEG-30)."""
    vc = [c for c in state.board.circles[player][Circle.VC] if not q.is_g_unit(state, c)]
    return max((q.grade(state, c) for c in vc), default=0)


def _free_circle(state: State, player: int, name: str, circles: list[str]) -> Circle:
    """An RC for one more card: one card per circle (a rear-guard, a token or a locked card;
    CORE-17 would retire all but one, ACT-23: a locked card's circle holds nothing else)."""
    circle = _rear_circle(name, circles)
    if state.board.circles[player][circle]:
        raise ScenarioError(f"player {player}: {name} already holds a card; "
                            "rear, tokens and locked place one card per circle")
    return circle


def _rear_circle(name: str, circles: list[str] | None = None) -> Circle:
    allowed = circles or [c.value for c in REAR_CIRCLES]
    if name not in allowed:
        raise ScenarioError(f"unknown circle {name!r}; use one of {allowed}")
    return Circle(name)
