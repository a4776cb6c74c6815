"""Read-only questions about a game: where a card is, which units a player has, current values.

Values are computed, never stored: printed data + modifiers + continuous effects (TERM-01, ACT-26).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import cast

import esper

from components import HeartLink, Imprisoned, Locked, Modifiers, Orientation, Position
from ecs_vanguard.cards.schema import AbilityDef
from ecs_vanguard.rules import Phase, Stat
from ecs_vanguard.state import State
from ecs_vanguard.zones import ACCEL_CIRCLES, BACK_ROW, FRONT_ROW, Circle, Zone

_ce = esper.component_for_entity


@lru_cache(maxsize=1)
def _continuous_bonus() -> Callable[[State, int, Stat], int]:
    """Return effects.continuous.bonus, looked up once (the effect layer sits above query)."""
    from ecs_vanguard.effects import continuous

    return continuous.bonus


def position(entity: int) -> Position:
    """Return the Position component of a card."""
    return _ce(entity, Position)


def orientation(entity: int) -> Orientation:
    """Return the Orientation component of a card."""
    return _ce(entity, Orientation)


def modifiers(entity: int) -> list:
    """Return the live modifiers of a card (do not mutate)."""
    return _ce(entity, Modifiers).items


def try_unit_at(state: State, player: int, circle: Circle) -> int | None:
    """Return the newest unit on a circle, or None."""
    units = state.board.circles[player].get(circle)
    return units[-1] if units else None


def vanguard(state: State, player: int) -> int:
    """Return the player's vanguard (the card on VC)."""
    return state.board.circles[player][Circle.VC][-1]


def rear_circles(state: State, player: int) -> list[Circle]:
    """Return the player's RCs (the five plus accel circles) in a fixed order."""
    return [c for c in state.board.circles[player] if c is not Circle.VC]


def is_locked(entity: int) -> bool:
    """True for a locked card: on a circle, but not a unit (ACT-23)."""
    return esper.has_component(entity, Locked)


def rear_guards(state: State, player: int) -> list[int]:
    """Return the player's rear-guards, in circle order (locked cards are not units, ACT-23)."""
    circles = state.board.circles[player]
    return [u for c, units in circles.items() if c is not Circle.VC for u in units
            if not is_locked(u)]


def is_heart(entity: int) -> bool:
    """True for a heart: on VC under a G unit, not a unit (HRT-01)."""
    return esper.has_component(entity, HeartLink)


def units(state: State, player: int) -> list[int]:
    """Return the vanguard then the rear-guards of a player (hearts are not units, HRT-01)."""
    circles = state.board.circles[player]
    return [u for units_ in circles.values() for u in units_
            if not is_locked(u) and not is_heart(u)]


def front_row(state: State, player: int) -> list[int]:
    """Return the player's front-row units (VC, front RCs, accel circles; CORE-09)."""
    circles = state.board.circles[player]
    return [u for c, units_ in circles.items() if c in FRONT_ROW for u in units_
            if not is_locked(u) and not is_heart(u)]


def names(state: State, entity: int) -> tuple[str, ...]:
    """Return a card's names now: printed, replaced by "becomes" and extended by "also has";
    a duplicate gained name is ignored (TERM-01, TERM-05)."""
    result = state.card(entity).names
    heart = _chosen_heart_of(state, entity)
    if heart is not None:                           # STR-08 (5): also the heart's original name
        result = (*result, *(n for n in state.card(heart).names if n not in result))
    for mod in _ce(entity, Modifiers).items:
        if mod.stat is Stat.NAME_SET:
            result = (str(mod.value),)
        elif mod.stat is Stat.NAME_ADD and mod.value not in result:
            result = (*result, str(mod.value))
    return result


def same_name(state: State, a: int, b: int) -> bool:
    """True if two cards share any name (TERM-05)."""
    theirs = names(state, b)
    return any(n in theirs for n in names(state, a))


def abilities(state: State, entity: int) -> list[tuple[str, int, AbilityDef]]:
    """Return the abilities a card has now as (card id, index, AbilityDef): printed then gained;
    none while deleted, locked, or after losing them (CORE-21, ACT-22, ACT-23).
    An ability gained twice is listed twice (TERM-01)."""
    if (entity in state.deleted or is_locked(entity) or esper.has_component(entity, Imprisoned)
            or is_heart(entity)):
        return []      # CORE-21, ACT-23, PRI-03, HRT-02: deleted, locked, imprisoned, heart
    card = state.card(entity)
    mods = _ce(entity, Modifiers).items
    if any(m.stat is Stat.LOSE_ABILITIES for m in mods):
        return []
    out: list[tuple[str, int, AbilityDef]] = [(card.id, i, a)
                                              for i, a in enumerate(card.abilities)]
    for mod in mods:
        if mod.stat is Stat.GRANT:
            card_id, index = cast("tuple[str, int]", mod.value)
            out.append((card_id, index, state.db[card_id].abilities[index]))
    return out


def is_back_row(circle: Circle | None) -> bool:
    """True for the back-row circles."""
    return circle in BACK_ROW


def is_standing(entity: int) -> bool:
    """True if the card is standing."""
    return not _ce(entity, Orientation).rested


def _modifier_sum(state: State, entity: int, stat: Stat) -> int:
    total = 0
    for mod in _ce(entity, Modifiers).items:
        if mod.stat is stat:
            total += mod.amount
    return total


def has_status(entity: int, stat: Stat) -> bool:
    """True if the card has a live status modifier (e.g. CANT_BE_HIT)."""
    return any(m.stat is stat for m in _ce(entity, Modifiers).items)


def base_power(state: State, entity: int) -> int:
    """Return the original power: printed, or 0 while deleted (CORE-21)."""
    return 0 if entity in state.deleted else state.card(entity).power


def power(state: State, entity: int) -> int:
    """Return current power: original + modifiers + gifts + continuous effects (ACT-26, CORE-15)."""
    total = base_power(state, entity) + _modifier_sum(state, entity, Stat.POWER)
    pos = _ce(entity, Position)
    heart = _chosen_heart_of(state, entity) if pos.zone is Zone.VC else None
    if heart is not None:                           # STR-08 (5): plus the heart's original power
        total += state.card(heart).power
    if pos.zone is Zone.VC or pos.zone is Zone.RC:
        total += _gift_power(state, pos)
        total += _continuous_bonus()(state, entity, Stat.POWER)
    return total


def _chosen_heart_of(state: State, entity: int) -> int | None:
    """Return the chosen heart of a G unit on VC (STR-08 (5)), else None."""
    pos = _ce(entity, Position)
    if pos.zone is not Zone.VC:
        return None
    for card in state.board.circles[pos.owner][Circle.VC]:
        link = esper.try_component(card, HeartLink)
        if link is not None and link.g_unit == entity and link.chosen:
            return card
    return None


def _gift_power(state: State, pos: Position) -> int:
    """CORE-15: Force markers and accel circles add power during their owner's turn."""
    if state.turn.player != pos.owner:
        return 0
    markers = state.force[pos.owner].get(cast(Circle, pos.circle), 0)
    accel = 1 if pos.circle in ACCEL_CIRCLES else 0
    return (markers + accel) * state.rules.gift_power


def critical(state: State, entity: int) -> int:
    """Return current critical (printed + modifiers + continuous effects)."""
    return (state.card(entity).critical + _modifier_sum(state, entity, Stat.CRITICAL)
            + _continuous_bonus()(state, entity, Stat.CRITICAL))


def shield(state: State, entity: int) -> int:
    """Return current shield (printed + modifiers); may be negative (ACT-26)."""
    return state.card(entity).shield + _modifier_sum(state, entity, Stat.SHIELD)


def drive(state: State, entity: int) -> int:
    """Return the number of drive checks this vanguard makes (CORE-11)."""
    return max(0, state.card(entity).drive + _modifier_sum(state, entity, Stat.DRIVE))


def grade(state: State, entity: int) -> int:
    """Return the grade (printed; deleted vanguards keep it, CORE-21)."""
    return state.card(entity).grade


def damage_count(state: State, player: int) -> int:
    """Return the number of cards in a player's damage zone."""
    return len(state.board.zones[player][Zone.DAMAGE])


def face_up_damage(state: State, player: int) -> list[int]:
    """Return the face-up cards of a damage zone, oldest first."""
    return [c for c in state.board.zones[player][Zone.DAMAGE] if _ce(c, Orientation).face_up]


def face_down_damage(state: State, player: int) -> list[int]:
    """Return the face-down cards of a damage zone, oldest first."""
    return [c for c in state.board.zones[player][Zone.DAMAGE] if not _ce(c, Orientation).face_up]


def is_turn_player(state: State, player: int) -> bool:
    """True if it is `player`'s turn."""
    return state.turn.player == player and state.turn.phase is not Phase.SETUP


def battle_totals(state: State) -> tuple[int, int]:
    """Return (attacking power, defending power + shield of its guardians) of the battle now
    (CORE-12; negative values count as they are, ACT-26)."""
    battle = state.battle
    assert battle is not None
    shield_total = sum(shield(state, g) for g, guarded in sorted(battle.guardians.items())
                       if guarded == battle.target)
    attack = power(state, battle.attacker)
    if battle.co_attacker >= 0 and _ce(battle.co_attacker, Position).zone is Zone.VC:
        attack += power(state, battle.co_attacker)     # LEG-14: the mate's power adds to it
    return attack, power(state, battle.target) + shield_total


def count_kinds(state: State, cards: list[int]) -> int:
    """Return the number of kinds: the most cards that can be picked with pairwise different
    names (TERM-06; engine decision for cards with several names: a bipartite matching)."""
    owner_of: dict[str, int] = {}

    def place(card: int, seen: set[str]) -> bool:
        for name in names(state, card):
            if name in seen:
                continue
            seen.add(name)
            if name not in owner_of or place(owner_of[name], seen):
                owner_of[name] = card
                return True
        return False

    return sum(place(card, set()) for card in cards)
