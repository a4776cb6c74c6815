"""Selectors (which cards a step or a continuous effect covers) and the filters that read only
facts; the filters that read derived values (grade, power) sit with `values.select`.

Each selector is a small function of (state, frame) returning entities in a stable order. Both
are registries: a new word is a new function, never a new `if`.
"""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import facts as f
from ecs_vanguard.state import Frame, State
from ecs_vanguard.zones import FRONT_ROW, Circle, Zone

Selector = Callable[[State, Frame], list[int]]
Filter = Callable[[State, Frame, int, object], bool]


def _attacked_units_of(state: State, player: int) -> list[int]:
    b = state.battle
    if b is None or b.target < 0 or f.position(b.target).owner != player:
        return []
    return [b.target]


def _locked(state: State, player: int) -> list[int]:
    return [u for units in state.board.circles[player].values() for u in units if f.is_locked(u)]


def _circle_cards(state: State, player: int) -> list[int]:
    cards = f.units(state, player)
    if state.rules.dress_sources_are_circle_cards:
        cards += state.board.zones[player][Zone.DRESS]
    return cards


def _zone(zone: Zone, opponent: bool = False) -> Selector:
    return lambda s, fr: list(s.board.zones[1 - fr.master if opponent else fr.master][zone])


SELECTORS: dict[str, Selector] = {
    "self": lambda s, fr: [fr.source],
    "your_vanguard": lambda s, fr: [f.vanguard(s, fr.master)],
    "your_units": lambda s, fr: f.units(s, fr.master),
    "your_front_row": lambda s, fr: f.front_row(s, fr.master),
    "your_rear_guards": lambda s, fr: f.rear_guards(s, fr.master),
    "your_front_row_rear_guards": lambda s, fr: [
        u for u in f.front_row(s, fr.master) if f.position(u).zone is Zone.RC
    ],
    "opponent_vanguard": lambda s, fr: [f.vanguard(s, 1 - fr.master)],
    "opponent_units": lambda s, fr: f.units(s, 1 - fr.master),
    "opponent_front_row": lambda s, fr: f.front_row(s, 1 - fr.master),
    "opponent_rear_guards": lambda s, fr: f.rear_guards(s, 1 - fr.master),
    "your_hand": _zone(Zone.HAND),
    "your_drop": _zone(Zone.DROP),
    "your_soul": _zone(Zone.SOUL),
    "your_damage": _zone(Zone.DAMAGE),
    "your_attacked_units": lambda s, fr: _attacked_units_of(s, fr.master),
    "guarded_unit": lambda s, fr: [fr.ctx("guarding")] if fr.ctx("guarding") >= 0 else [],
    "attacking_unit": lambda s, fr: [s.battle.attacker] if s.battle else [],
    "trigger_card": lambda s, fr: [fr.ctx("trigger_card")] if fr.ctx("trigger_card") >= 0 else [],
    "your_bind": _zone(Zone.BIND),
    "your_order_zone": _zone(Zone.ORDER),
    "your_deck_top": lambda s, fr: list(s.board.zones[fr.master][Zone.DECK][:1]),
    "opponent_hand": _zone(Zone.HAND, opponent=True),
    "opponent_drop": _zone(Zone.DROP, opponent=True),
    "your_locked_cards": lambda s, fr: _locked(s, fr.master),
    "your_ride_deck": _zone(Zone.RIDE_DECK),
    "your_g_zone": _zone(Zone.G_ZONE),
    "your_vanguards": lambda s, fr: f.vanguards(s, fr.master),          # LEG-28: leader, mate
    "opponent_vanguards": lambda s, fr: f.vanguards(s, 1 - fr.master),
    # PRI-05: your cards held in the opponent's prison; the ones you hold.
    "your_imprisoned": lambda s, fr: f.imprisoned_in(s, 1 - fr.master),
    "opponent_imprisoned": lambda s, fr: f.imprisoned_in(s, fr.master),
    # OD-11: "a card on a circle" includes dress sources where the format says so (premium).
    "opponent_circle_cards": lambda s, fr: _circle_cards(s, 1 - fr.master),
    "opponent_locked_cards": lambda s, fr: _locked(s, 1 - fr.master),
}


Member = Callable[[State, Frame, int], bool]


def _is_unit_of(player_of: Callable[[Frame], int], circles: frozenset[Circle] | None) -> Member:
    """Build a membership test equal to `card in SELECTORS[name](state, frame)` for the scopes
    of units, without building the list (a continuous scope is tested on every power read)."""
    def member(state: State, frame: Frame, card: int) -> bool:
        pos = f.position(card)
        if pos.owner != player_of(frame) or (pos.zone is not Zone.VC and pos.zone is not Zone.RC):
            return False
        if circles is not None and pos.circle not in circles:
            return False
        return not f.is_locked(card) and not f.is_heart(card)
    return member


def _yours(frame: Frame) -> int:
    return frame.master


def _theirs(frame: Frame) -> int:
    return 1 - frame.master


_REAR = frozenset(c for c in Circle if c is not Circle.VC)
# Fast membership tests for the scopes continuous effects use most; each equals the selector.
MEMBERS: dict[str, Member] = {
    "self": lambda s, fr, e: e == fr.source,
    "your_units": _is_unit_of(_yours, None),
    "your_front_row": _is_unit_of(_yours, FRONT_ROW),
    "your_rear_guards": _is_unit_of(_yours, _REAR),
    "opponent_units": _is_unit_of(_theirs, None),
    "opponent_front_row": _is_unit_of(_theirs, FRONT_ROW),
    "opponent_rear_guards": _is_unit_of(_theirs, _REAR),
}


FACT_FILTERS: dict[str, Filter] = {
    "name": lambda s, fr, e, v: str(v) in f.names(s, e),
    # ACT-25: cards with the name declared by an earlier declare_name step bound as `v`.
    "declared": lambda s, fr, e, v: (str(v) in fr.bound and s.db.all_names()[fr.bound[str(v)][0]]
                                     in f.names(s, e)),
    "sentinel": lambda s, fr, e, v: s.card(e).sentinel == v,
    "in_overdress": lambda s, fr, e, v: bool(f.dress_sources(s, e)) == v,       # OD-03
    "token": lambda s, fr, e, v: (s.card(e).unit_type.value == "token") == v,    # TOK-04
    "name_any": lambda s, fr, e, v: any(n in f.names(s, e) for n in v),  # type: ignore # LEG-02
    # LEG-25: named in your vanguard's Seek Mate, or its own Seek Mate names your vanguard.
    "can_legion_with_vanguard": lambda s, fr, e, v: (
        f.can_legion(s, e, f.vanguard(s, fr.master)) == v),
    "unit": lambda s, fr, e, v: s.card(e).is_unit == v,
    "order": lambda s, fr, e, v: (s.card(e).order_type is not None) == v,
    "trigger": lambda s, fr, e, v: (s.card(e).trigger is not None
                                    and s.card(e).trigger.value == v),  # type: ignore[union-attr]
    "standing": lambda s, fr, e, v: f.is_standing(e) == v,
    "face_up": lambda s, fr, e, v: f.orientation(e).face_up == v,
    "not_self": lambda s, fr, e, v: (e != fr.source) == v,
    "nation": lambda s, fr, e, v: s.card(e).nation == v,
    "rear_guard": lambda s, fr, e, v: (f.position(e).zone is Zone.RC) == v,
}
