"""The observation vector of one player: a fixed-size float32 vector of what they may see, in
named parts with one name per feature (`OBSERVATION.names`, e.g. "units.opp.vc.power").

Every part holds the observing player's side first ("me"), then the opponent's ("opp"). Hidden
cards are never encoded: the opponent's hand, both decks and ride decks, face-down G units
count only by number, and a locked unit shows nothing but that it is locked (ACT-23). Powers
and shields are in units of 10000, zone sizes in units of 10, and every value beyond +-SOFT_CAP
is compressed logarithmically (soft_cap): an over trigger's +100,000,000 power reads 16.9, not
10,000, so no feature reaches the raw magnitudes that derail a network's training.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import esper
import numpy as np

from components import GiftMarker, HeartLink, LegionLink, Token
from ecs_vanguard.derived import facts
from ecs_vanguard.derived import query as q
from ecs_vanguard.state import State
from ecs_vanguard.vocab.decisions import DecisionKind
from ecs_vanguard.vocab.formats import BattleStep, Phase, UnitType
from ecs_vanguard.vocab.zones import Circle, Zone

CIRCLES = list(Circle)
SIDES = ("me", "opp")
UNIT_FEATURES = ("present", "grade", "power", "critical", "drive", "rested", "face_up", "locked",
                 "token", "g_unit", "deleted", "dress_sources", "force_markers")
VANGUARD_FEATURES = ("legion", "mate_grade", "mate_power", "hearts", "chosen_heart_grade")
ZONES = (Zone.DECK, Zone.HAND, Zone.DAMAGE, Zone.SOUL, Zone.DROP, Zone.BIND, Zone.GC,
         Zone.ORDER, Zone.G_ZONE, Zone.RIDE_DECK, Zone.REMOVED)
MARKERS = ("g_zone_face_up", "g_zone_face_down", "face_up_damage", "accel_circles",
           "protect_markers_in_hand", "tokens_on_field")
BRANDT = ("prisons", "imprisoned_here", "worlds", "world_blank", "world_dark_night",
          "world_abyssal_dark_night")
PLAYER_STATES = ("final_rush",)          # IKK-01; any other state counts in "other"
BATTLE = ("active", "mine", "booster", "co_attacker", "attack_power", "defence_power",
          "guardians", "drives_left", "damage_left")
HAND = ("grade_0", "grade_1", "grade_2", "grade_3", "grade_4", "triggers", "non_triggers",
        "sentinels", "shield")
_PHASES, _STEPS, _KINDS = list(Phase), list(BattleStep), list(DecisionKind)
# Values up to 10 (power up to 100,000, every count) are kept as they are; beyond, compressed.
SOFT_CAP = 10.0


def soft_cap(vector: np.ndarray) -> np.ndarray:
    """Compress, in place, every value of a float32 array beyond +-SOFT_CAP to
    sign(x) * (SOFT_CAP + ln(|x| / SOFT_CAP)): continuous, increasing, the identity up to
    SOFT_CAP, and below 100 for any float32 (10 + ln(3.4e38 / 10) = 96.4). Return it."""
    big = np.abs(vector) > SOFT_CAP
    if big.any():
        values = vector[big]
        vector[big] = np.sign(values) * (SOFT_CAP + np.log(np.abs(values) / SOFT_CAP))
    return vector


def _per_side(*rest: list[str]) -> list[str]:
    names = [""]
    for level in rest:
        names = [f"{n}.{x}" if n else x for n in names for x in level]
    return [f"{s}.{n}" for s in SIDES for n in names]


@dataclass(frozen=True)
class ObservationSpec:
    """Where each named part lives in the flat vector, and the name of every feature."""

    views: dict[str, tuple[int, tuple[int, ...]]]
    size: int
    names: tuple[str, ...]
    stops: dict[str, int]

    def part(self, vector: np.ndarray, name: str) -> np.ndarray:
        """Return the named part of an observation vector (a view, shaped); a batch of
        vectors (n, size) gives (n, *shape)."""
        start, shape = self.views[name]
        return vector[..., start:self.stops[name]].reshape(*vector.shape[:-1], *shape)


def _spec() -> ObservationSpec:
    circles = [c.value for c in CIRCLES]
    parts: dict[str, tuple[tuple[int, ...], list[str]]] = {
        "units": ((2, len(CIRCLES), len(UNIT_FEATURES)), _per_side(circles, list(UNIT_FEATURES))),
        "vanguard": ((2, len(VANGUARD_FEATURES)), _per_side(list(VANGUARD_FEATURES))),
        "zone_sizes": ((2, len(ZONES)), _per_side([z.value for z in ZONES])),
        "markers": ((2, len(MARKERS)), _per_side(list(MARKERS))),
        "brandt": ((2, len(BRANDT)), _per_side(list(BRANDT))),
        "player_states": ((2, len(PLAYER_STATES) + 1), _per_side([*PLAYER_STATES, "other"])),
        "hand": ((len(HAND),), list(HAND)),                              # my hand only
        "battle": ((len(BATTLE),), list(BATTLE)),
        "battle_attacker": ((2, len(CIRCLES)), _per_side(circles)),
        "battle_target": ((2, len(CIRCLES)), _per_side(circles)),
        "phase": ((len(_PHASES),), [p.value for p in _PHASES]),
        "battle_step": ((len(_STEPS),), [s.value for s in _STEPS]),
        "decision": ((len(_KINDS),), [k.value for k in _KINDS]),
        "turn": ((3,), ["turn_over_100", "my_turn", "i_went_first"]),
    }
    views, stops, names, start = {}, {}, [], 0
    for name, (shape, labels) in parts.items():
        assert len(labels) == int(np.prod(shape)), name
        views[name] = (start, shape)
        start += int(np.prod(shape))
        stops[name] = start
        names += [f"{name}.{label}" for label in labels]
    return ObservationSpec(views, start, tuple(names), stops)


OBSERVATION = _spec()


def observation(state: State, player: int) -> np.ndarray:
    """Return the float32 observation vector of `player` (the world must be current)."""
    out = np.zeros(OBSERVATION.size, dtype=np.float32)
    view = {name: out[start:OBSERVATION.stops[name]].reshape(shape)
            for name, (start, shape) in OBSERVATION.views.items()}
    for side, p in enumerate((player, 1 - player)):
        for c, circle in enumerate(CIRCLES):
            units = state.board.circles[p].get(circle)
            if units:
                view["units"][side, c] = _unit(state, units[-1])
        view["vanguard"][side] = _vanguard(state, p)
        zones = state.board.zones[p]
        view["zone_sizes"][side] = [len(zones[z]) / 10 for z in ZONES]
        view["markers"][side] = _markers(state, p)
        view["brandt"][side] = _brandt(state, p)
        names = [n for n, _, _ in state.player_states[p]]
        view["player_states"][side] = [*(float(s in names) for s in PLAYER_STATES),
                                       sum(n not in PLAYER_STATES for n in names)]
    view["hand"][:] = _hand(state, player)
    if state.battle is not None:
        _battle(state, player, view)
    view["phase"][_PHASES.index(state.turn.phase)] = 1
    if state.turn.step is not None and state.turn.phase is Phase.BATTLE:
        view["battle_step"][_STEPS.index(state.turn.step)] = 1
    if state.decision is not None:
        view["decision"][_KINDS.index(state.decision.kind)] = 1
    view["turn"][:] = (state.turn.turn / 100, state.turn.player == player,
                       state.turn.first_player == player)
    return soft_cap(out)


def _unit(state: State, unit: int) -> list[float]:
    """UNIT_FEATURES of the unit on a circle; a face-down or locked one shows no information."""
    locked = q.is_locked(unit)
    orient = q.orientation(unit)
    known = orient.face_up and not locked
    pos = q.position(unit)
    force = state.force[pos.owner].get(pos.circle, 0) if pos.circle else 0  # type: ignore[call-overload]
    if not known:
        return [1.0, 0, 0, 0, 0, float(orient.rested), float(orient.face_up), float(locked),
                0, 0, 0, 0, force]
    d = state.card(unit)
    return [1.0, q.grade(state, unit), q.power(state, unit) / 10000, q.critical(state, unit),
            q.drive(state, unit), float(orient.rested), 1.0, 0.0,
            float(esper.has_component(unit, Token)), float(d.unit_type is UnitType.G_UNIT),
            float(unit in state.deleted), len(q.dress_sources(state, unit)), force]


def _vanguard(state: State, player: int) -> list[float]:
    """Legion mate (LEG-08) and hearts (HRT-01) of the player's VC."""
    vc = state.board.circles[player][Circle.VC]
    legion = [c for c in vc if esper.has_component(c, LegionLink)]
    mate = next((c for c in legion if c != vc[-1]), None)      # vc[-1] is the vanguard (units)
    hearts = [c for c in vc if esper.has_component(c, HeartLink)]
    chosen = next((c for c in hearts if esper.component_for_entity(c, HeartLink).chosen), None)
    return [float(bool(legion)),
            q.grade(state, mate) if mate is not None else 0,
            q.power(state, mate) / 10000 if mate is not None else 0, len(hearts),
            q.grade(state, chosen) if chosen is not None else 0]


def _markers(state: State, player: int) -> list[float]:
    """G zone faces (STR-01), face-up damage, gifts (CORE-15) and tokens (TOK-01)."""
    g_zone = state.board.zones[player][Zone.G_ZONE]
    face_up = sum(q.orientation(c).face_up for c in g_zone)
    accel = sum(1 for c in state.board.circles[player] if c.value.startswith("accel"))
    protect = sum(esper.has_component(c, GiftMarker) for c in state.board.zones[player][Zone.HAND])
    tokens = sum(esper.has_component(u, Token) for units in state.board.circles[player].values()
                 for u in units)
    return [face_up / 16, (len(g_zone) - face_up) / 16,
            len(q.face_up_damage(state, player)) / 6, accel / 6, protect, tokens]


def _brandt(state: State, player: int) -> list[float]:
    """Prisons and the cards they hold (PRI-01), Worlds and their content (WLD-01)."""
    worlds = facts.worlds(state, player)
    content = facts.world_content(state, worlds[-1]) if worlds else ""
    return [len(facts.prisons(state, player)), len(facts.imprisoned_in(state, player)),
            len(worlds), float(content == facts.BLANK), float(content == facts.DARK_NIGHT),
            float(content == facts.ABYSSAL_DARK_NIGHT)]


def _hand(state: State, player: int) -> list[float]:
    """The observing player's own hand: grades, triggers, sentinels, total shield."""
    grades = [0.0] * 5
    triggers = sentinels = shield = 0.0
    for card in state.board.zones[player][Zone.HAND]:
        d = state.card(card)
        grades[min(max(d.grade, 0), 4)] += 1
        triggers += d.trigger is not None
        sentinels += bool(d.sentinel)
        shield += max(q.shield(state, card), 0)
    cards = len(state.board.zones[player][Zone.HAND])
    return [*grades, triggers, cards - triggers, sentinels, shield / 10000]


def _battle(state: State, player: int, view: dict[str, np.ndarray]) -> None:
    """The battle in progress (CORE-09..13): who attacks what, with what, and the totals."""
    battle = state.battle
    assert battle is not None
    attack, defence = q.battle_totals(state)
    view["battle"][:] = [1.0, float(battle.player == player), float(battle.booster >= 0),
                         float(battle.co_attacker >= 0), attack / 10000, defence / 10000,
                         len(battle.guardians), battle.drives_left, battle.damage_left]
    for part, card in (("battle_attacker", battle.attacker), ("battle_target", battle.target)):
        pos = q.position(card)
        if pos.circle is not None:
            view[part][int(pos.owner != player), CIRCLES.index(cast(Circle, pos.circle))] = 1
