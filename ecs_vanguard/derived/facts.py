"""Raw facts of a game: where a card is, what it is, which links it has (CORE-01, TERM-01).

Nothing here is a derived value: power, critical, shield, drive, grade and restrictions are
computed by the continuous layer (`ecs_vanguard.derived.values`), which reads these facts.
Everything is read-only; `ecs_vanguard.derived.query` re-exports this module beside the derived values.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import Enum
from typing import cast

from components import (
    DressSource,
    HeartLink,
    Imprisoned,
    LegionLink,
    Locked,
    Modifiers,
    Orientation,
    Position,
)
from ecs_vanguard.cards.schema import AbilityDef
from ecs_vanguard.derived.distinct import most_distinct
from ecs_vanguard.state import Frame, State, world
from ecs_vanguard.vocab.formats import Phase, Stat, UnitType
from ecs_vanguard.vocab.zones import BACK_ROW, FRONT_ROW, Circle, Zone


# The three accessors of the components every card has; the rest of this module reads them
# through these, and the rarer components through state.world's readers.
def position(entity: int) -> Position:
    """Return the Position component of a card."""
    return world.component(entity, Position)


def orientation(entity: int) -> Orientation:
    """Return the Orientation component of a card."""
    return world.component(entity, Orientation)


def modifiers(entity: int) -> list:
    """Return the live modifiers of a card (do not mutate)."""
    return world.component(entity, Modifiers).items


def try_unit_at(state: State, player: int, circle: Circle) -> int | None:
    """Return the newest unit on a circle, or None."""
    units = state.board.circles[player].get(circle)
    return units[-1] if units else None


def vanguard(state: State, player: int) -> int:
    """Return the player's leading vanguard: the top card of VC (a legion's leader, LEG-08; a G
    unit over its hearts). Only for what names the leader alone (the drive check LEG-16, damage
    LEG-17, the attacked unit LEG-19, a normal ride's grade LEG-20); "your vanguard is / has"
    reads every vanguard through `vanguards` (LEG-30)."""
    return state.board.circles[player][Circle.VC][-1]


def rear_circles(state: State, player: int) -> list[Circle]:
    """Return the player's RCs (the five plus accel circles) in a fixed order."""
    return [c for c in state.board.circles[player] if c is not Circle.VC]


def is_locked(entity: int) -> bool:
    """True for a locked card: on a circle, but not a unit (ACT-23)."""
    return world.has(entity, Locked)


def is_heart(entity: int) -> bool:
    """True for a heart: on VC under a G unit, not a unit (HRT-01)."""
    return world.has(entity, HeartLink)


def any_hearts() -> bool:
    """True if some card of the game is a heart now (the usual answer: no)."""
    return world.present(HeartLink)


def rear_guards(state: State, player: int) -> list[int]:
    """Return the player's rear-guards, in circle order (locked cards are not units, ACT-23)."""
    circles = state.board.circles[player]
    if not world.present(Locked):                  # nothing locked anywhere: the usual case
        return [u for c, units in circles.items() if c is not Circle.VC for u in units]
    return [u for c, units in circles.items() if c is not Circle.VC for u in units
            if not is_locked(u)]


def units(state: State, player: int) -> list[int]:
    """Return the vanguard then the rear-guards of a player (hearts are not units, HRT-01)."""
    circles = state.board.circles[player]
    if not (world.present(Locked) or world.present(HeartLink)):    # the usual case
        return [u for units_ in circles.values() for u in units_]
    return [u for units_ in circles.values() for u in units_
            if not is_locked(u) and not is_heart(u)]


def front_row(state: State, player: int) -> list[int]:
    """Return the player's front-row units (VC, front RCs, accel circles; CORE-09)."""
    circles = state.board.circles[player]
    if not (world.present(Locked) or world.present(HeartLink)):    # the usual case
        return [u for c, units_ in circles.items() if c in FRONT_ROW for u in units_]
    return [u for c, units_ in circles.items() if c in FRONT_ROW for u in units_
            if not is_locked(u) and not is_heart(u)]


def holds_the_vc(state: State, card: int, together: Collection[int] = ()) -> bool:
    """True for a card no effect may take off a VC (LEG-31): a lone vanguard. Only a ride
    replaces a lone vanguard (engine decision: an effect that would empty a VC does not move
    the card); either vanguard of a legion may leave, the other then staying alone (LEG-09,
    LEG-31); a G unit may leave (its hearts become vanguards, STR-14); a heart may leave while
    another heart stays (HRT-09: the G unit's name and power then follow the heart chosen anew).

    Args:
        together: the cards the same effect moves at once; when they are every vanguard of
            that VC, the leader stays (engine decision: it would leave VC empty) and the mate
            goes.
    """
    pos = position(card)
    if pos.zone is not Zone.VC:
        return False
    if is_g_unit(state, card):
        return False
    if is_heart(card):
        # HRT-09: a heart may leave while another non-G heart stays; the last one stays (engine
        # decision, as for a lone vanguard: the G unit goes back to the G zone in the end
        # phase, STR-11, and this heart is then the vanguard). Of several moved at once, the
        # chosen one (else the first) stays.
        hearts_ = [c for c in state.board.circles[pos.owner][Circle.VC]
                   if is_heart(c) and not is_g_unit(state, c)]
        if any(c != card and c not in together for c in hearts_):
            return False
        return card == next((c for c in hearts_ if world.component(c, HeartLink).chosen),
                            hearts_[0])
    theirs = vanguards(state, pos.owner)
    staying = [v for v in theirs if v != card and v not in together]
    return not staying and card == theirs[0]


def is_back_row(circle: Circle | None) -> bool:
    """True for the back-row circles."""
    return circle in BACK_ROW


def is_standing(entity: int) -> bool:
    """True if the card is standing."""
    return not orientation(entity).rested


def is_on_field(entity: int) -> bool:
    """True for a card on the field: on VC, an RC or the GC (a unit, a heart, a locked card),
    or a dress source, a card on the field while its unit is (OD-04). An imprisoned card is in
    an order zone, not on the field (PRI-01)."""
    return position(entity).zone in _FIELD_ZONES


def is_on_circle(entity: int) -> bool:
    """True for a card on VC, an RC or the GC (not a dress source: OD-11 lets an effect choose
    one as "a card on a circle" only where the format says so)."""
    return position(entity).zone in _CIRCLE_ZONES


_CIRCLE_ZONES = frozenset({Zone.VC, Zone.RC, Zone.GC})
_FIELD_ZONES = frozenset({Zone.VC, Zone.RC, Zone.GC, Zone.DRESS})


def has_modifier(entity: int, stat: Stat) -> bool:
    """True if the card object carries a live modifier of this kind (a status made by an
    effect for a period); restrictions from every source are read through the continuous
    layer (`values.is_restricted`)."""
    return any(m.stat is stat for m in modifiers(entity))


def modifier_sum(entity: int, stat: Stat) -> int:
    """Return the total amount of a card object's live modifiers of one kind (ACT-26)."""
    total = 0
    for mod in modifiers(entity):
        if mod.stat is stat:
            total += mod.amount
    return total


# -- cards named by earlier steps (CORE-20) ---------------------------------------------------


def remember(frame: Frame, name: str, cards: Sequence[int]) -> None:
    """Bind `name` to the cards as the objects they are now (CORE-20): a card that changes
    zone (or is locked or unlocked) since is another object, which the name no longer finds."""
    frame.bound[name] = tuple(cards)
    frame.bound_obj[name] = tuple(position(c).obj for c in cards)


def still_named(frame: Frame, name: str) -> tuple[bool, ...]:
    """For each card bound to `name`: True while it is still the object it was when named."""
    objs = frame.bound_obj.get(name)
    cards = frame.bound[name]
    if objs is None:                      # not cards (a declared name's index, ACT-25)
        return (True,) * len(cards)
    return tuple(position(c).obj == o for c, o in zip(cards, objs, strict=True))


def recall(frame: Frame, name: str) -> list[int]:
    """Return the cards bound to `name` that are still the objects it named (CORE-20: "put
    one into your hand and the other on the bottom of your deck" finds the other only)."""
    return [c for c, kept in zip(frame.bound[name], still_named(frame, name), strict=True)
            if kept]


# -- names and abilities (TERM-01, TERM-05, ACT-22) --------------------------------------------


def names(state: State, entity: int) -> tuple[str, ...]:
    """Return a card's names now: printed, replaced by "becomes" and extended by "also has";
    a duplicate gained name is ignored (TERM-01, TERM-05)."""
    result = state.card(entity).names
    heart = chosen_heart_of(state, entity)
    if heart is not None:                           # STR-08 (5): also the heart's original name
        result = (*result, *(n for n in state.card(heart).names if n not in result))
    for mod in modifiers(entity):
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
    none while deleted, locked, imprisoned, a heart, or after losing them (CORE-21, ACT-22,
    ACT-23, PRI-03, HRT-02). An ability gained twice is listed twice (TERM-01)."""
    if (entity in state.deleted or is_locked(entity) or world.has(entity, Imprisoned)
            or is_heart(entity)):
        return []
    card = state.card(entity)
    mods = modifiers(entity)
    if any(m.stat is Stat.LOSE_ABILITIES for m in mods):
        return []
    out: list[tuple[str, int, AbilityDef]] = [(card.id, i, a) for i, a in card.own_abilities]
    for mod in mods:
        if mod.stat is Stat.GRANT:
            card_id, index = cast("tuple[str, int]", mod.value)
            out.append((card_id, index, state.db[card_id].abilities[index]))
    return out


def abilities_inactive(entity: int) -> bool:
    """True for a card whose abilities do not work now though it has some: locked (ACT-23),
    imprisoned (PRI-03), a heart (HRT-02), or one that lost them (ACT-22)."""
    return (world.has(entity, Locked) or world.has(entity, Imprisoned)
            or world.has(entity, HeartLink)
            or any(m.stat is Stat.LOSE_ABILITIES for m in modifiers(entity)))


def count_kinds(state: State, cards: list[int]) -> int:
    """Return the number of kinds: the most cards that can be picked with pairwise different
    names (TERM-06; engine decision for cards with several names: a bipartite matching)."""
    return most_distinct([names(state, card) for card in cards])


# -- zones and turn -----------------------------------------------------------------------------


def damage_count(state: State, player: int) -> int:
    """Return the number of cards in a player's damage zone."""
    return len(state.board.zones[player][Zone.DAMAGE])


def face_up_damage(state: State, player: int) -> list[int]:
    """Return the face-up cards of a damage zone, oldest first."""
    return [c for c in state.board.zones[player][Zone.DAMAGE] if orientation(c).face_up]


def face_down_damage(state: State, player: int) -> list[int]:
    """Return the face-down cards of a damage zone, oldest first."""
    return [c for c in state.board.zones[player][Zone.DAMAGE] if not orientation(c).face_up]


def is_turn_player(state: State, player: int) -> bool:
    """True if it is `player`'s turn."""
    return state.turn.player == player and state.turn.phase is not Phase.SETUP


def in_player_state(state: State, player: int, name: str) -> bool:
    """True while the player has the named state (IKK-01)."""
    return any(n == name for n, _, _ in state.player_states[player])


# -- overDress (OD-03) ---------------------------------------------------------------------------


def dress_sources(state: State, unit: int) -> list[int]:
    """Return the dress sources linked to a unit, oldest first (OD-03)."""
    area = state.board.zones[position(unit).owner][Zone.DRESS]
    if not area:
        return []
    links = [(c, world.maybe(c, DressSource)) for c in area]
    return [c for c, link in links if link is not None and link.unit == unit]


# -- legion (LEG-08, LEG-21, LEG-25) ----------------------------------------------------------


def partner(card: int) -> int | None:
    """Return the other vanguard of a card's legion, or None (LEG-08)."""
    link = world.maybe(card, LegionLink)
    return link.partner if link is not None else None


def legion_group(card: int) -> list[int]:
    """Return the card and its legion partner, leader first (LEG-21 acts on both)."""
    other = partner(card)
    if other is None:
        return [card]
    return [card, other] if world.component(card, LegionLink).leader else [other, card]


def attacking_units(state: State) -> list[int]:
    """Return the attacking units of the battle now: the attacker, and a legion's mate with it
    (LEG-11, seed 000 §1.3.2: both are "正在攻击的单位"); none outside a battle. Every question
    about "the attacking unit" (a restriction it carries, a selector, dealing damage) asks each
    of them."""
    battle = state.battle
    if battle is None:
        return []
    if battle.co_attacker < 0:
        return [battle.attacker]
    return [battle.attacker, battle.co_attacker]


def vanguards(state: State, player: int) -> list[int]:
    """Return the player's vanguards: the leader (or single vanguard, or G unit) first, then the
    mate; hearts are not (HRT-01). Both legion units are vanguards (LEG-08, LEG-30): every
    check of "your vanguard is grade N or greater", "your vanguard's nation / name" reads this
    list and holds when either does."""
    vc = state.board.circles[player][Circle.VC]
    if not world.present(HeartLink):               # no hearts anywhere: the usual case
        if len(vc) == 1:                           # (`reversed` is a builtin look-up and a call)
            return [vc[0]]
        return [vc[i] for i in range(len(vc) - 1, -1, -1)]
    return list(reversed([c for c in vc if not is_heart(c)]))


def is_vanguard(state: State, card: int) -> bool:
    """True for one of its owner's vanguards (a legion's leader or mate; not a heart, LEG-30)."""
    return card in vanguards(state, position(card).owner)


def a_vanguard_can_legion_with(state: State, card: int, player: int) -> bool:
    """LEG-25 with LEG-30: the card can legion with one of the player's vanguards."""
    return any(can_legion(state, card, v) for v in vanguards(state, player))


def names_a_vanguard(state: State, card: int, player: int) -> bool:
    """True if the card shares a name with one of the player's vanguards: "the same name as
    your vanguard" reads the leader and the mate alike (LEG-08, LEG-27)."""
    return any(same_name(state, card, v) for v in vanguards(state, player))


def in_legion(state: State, player: int) -> bool:
    """True if the player has a vanguard in legion; not while they are hearts (HRT-05)."""
    return any(world.has(c, LegionLink) for c in vanguards(state, player))


def can_legion(state: State, a: int, b: int) -> bool:
    """LEG-25: two cards can legion when one's Seek Mate names the other."""
    return (any(n in state.card(a).seek_mate for n in names(state, b))
            or any(n in state.card(b).seek_mate for n in names(state, a)))


# -- G units and hearts (STR-08, HRT-01..12) ------------------------------------------------


def is_g_unit(state: State, card: int) -> bool:
    """True for a G unit (grade 4, from the G deck; STR-01)."""
    return state.card(card).unit_type is UnitType.G_UNIT


def hearts(state: State, player: int) -> list[int]:
    """Return the hearts on the player's VC (HRT-01)."""
    return [c for c in state.board.circles[player][Circle.VC] if is_heart(c)]


def chosen_heart(state: State, g_unit: int) -> int | None:
    """Return the heart whose original name and power the G unit has (STR-08 (5), HRT-06)."""
    owner = position(g_unit).owner
    for heart in hearts(state, owner):
        link = world.component(heart, HeartLink)
        if link.g_unit == g_unit and link.chosen:
            return heart
    return None


def chosen_heart_of(state: State, entity: int) -> int | None:
    """Return the chosen heart of a G unit on VC (STR-08 (5)), else None; cheap for the rest."""
    pos = position(entity)
    if pos.zone is not Zone.VC or len(state.board.circles[pos.owner][Circle.VC]) < 2:
        return None
    return chosen_heart(state, entity)


def heart_candidates(state: State, g_unit: int) -> list[int]:
    """Return the non-G hearts of a G unit: the ones its name and power may come from."""
    owner = position(g_unit).owner
    return [h for h in hearts(state, owner)
            if world.component(h, HeartLink).g_unit == g_unit and not is_g_unit(state, h)]


# -- Brandt Gate: prison and worlds (PRI-01..05, WLD-01) --------------------------------------

BLANK, DARK_NIGHT, ABYSSAL_DARK_NIGHT = "blank", "dark_night", "abyssal_dark_night"
WORLD_CONTENTS = (BLANK, DARK_NIGHT, ABYSSAL_DARK_NIGHT)


def is_imprisoned(card: int) -> bool:
    """True for a card held imprisoned in an order zone (PRI-01)."""
    return world.has(card, Imprisoned)


def prisons(state: State, player: int) -> list[int]:
    """Return the Prison set orders in a player's order zone (not the imprisoned cards)."""
    return [c for c in state.board.zones[player][Zone.ORDER]
            if "prison" in state.card(c).subtypes and not is_imprisoned(c)]


def imprisoned_in(state: State, player: int) -> list[int]:
    """Return the cards imprisoned in a player's order zone (PRI-02: linked to no Prison)."""
    return [c for c in state.board.zones[player][Zone.ORDER] if is_imprisoned(c)]


def worlds(state: State, player: int) -> list[int]:
    """Return the World set orders in a player's order zone."""
    return [c for c in state.board.zones[player][Zone.ORDER]
            if "world" in state.card(c).subtypes and not is_imprisoned(c)]


def world_content(state: State, card: int) -> str:
    """WLD-01: a World's content: blank unless stated; the last change replaces the earlier; a
    World with the Brandt rule is Dark Night alone in an only-Worlds order zone, Abyssal Dark
    Night with two or more."""
    changes = [m.value for m in modifiers(card) if m.stat is Stat.WORLD_CONTENT]
    if changes:
        return str(changes[-1])
    if not state.card(card).world_rule:
        return BLANK
    owner = position(card).owner
    zone, found = state.board.zones[owner][Zone.ORDER], worlds(state, owner)
    if len(found) != len(zone):
        return BLANK
    return DARK_NIGHT if len(found) == 1 else ABYSSAL_DARK_NIGHT


# -- an event against the plain filters of an auto's `when` (ops.emit) or of a history check
# (derived.history): one reading for both.


def event_field_matches(value: object, wanted: object, source: int, owner: int) -> bool:
    """Compare an event field with a filter: "self" is the card, "you"/"opponent" a player."""
    if wanted == "self":
        return value == source
    if wanted == "you":
        return value == owner
    if wanted == "opponent":
        return value == 1 - owner
    if isinstance(value, Enum):
        # `_value_`, the member's own attribute: Enum's `value` is a Python-level property, a
        # frame per read from compiled code (the same value)
        return value._value_ == wanted
    return value == wanted


def effect_by(event: object, owner: int) -> str:
    """TERM-02: whose effect an event with a source was: "you", "opponent" or "rules"."""
    source: int = getattr(event, "source", -1)
    if source < 0:
        return "rules"
    return "you" if position(source).owner == owner else "opponent"
