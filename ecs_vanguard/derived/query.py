"""Read-only questions about a game, for everything above the continuous layer: the facts of
`ecs_vanguard.derived.facts` and the derived values of `ecs_vanguard.derived.values`.

Power, critical, shield, drive, grade, restrictions and abilities are read only through the
continuous layer: printed data + modifiers + every continuous effect covering the card now.
Nothing stores a computed value (docs/design.md "The model").
"""

from __future__ import annotations

from ecs_vanguard.derived.facts import (
    WORLD_CONTENTS,
    can_legion,
    chosen_heart,
    count_kinds,
    damage_count,
    dress_sources,
    face_down_damage,
    face_up_damage,
    front_row,
    has_modifier,
    heart_candidates,
    hearts,
    holds_the_vc,
    imprisoned_in,
    in_legion,
    in_player_state,
    is_back_row,
    is_g_unit,
    is_heart,
    is_imprisoned,
    is_locked,
    is_on_field,
    is_standing,
    is_turn_player,
    is_vanguard,
    legion_group,
    modifiers,
    names,
    names_a_vanguard,
    orientation,
    partner,
    position,
    prisons,
    rear_circles,
    rear_guards,
    recall,
    same_name,
    try_unit_at,
    units,
    vanguard,
    vanguards,
    world_content,
    worlds,
)
from ecs_vanguard.derived.values import (
    abilities,
    base_power,
    battle_totals,
    critical,
    drive,
    grade,
    guard_at_once,
    guard_min_grade,
    hand_grade,
    has_skill,
    highest_vanguard_grade,
    is_restricted,
    may_change,
    power,
    shield,
)

__all__ = [
    "WORLD_CONTENTS",
    "abilities", "base_power", "battle_totals", "can_legion", "chosen_heart", "count_kinds",
    "critical", "damage_count", "dress_sources", "drive", "face_down_damage", "face_up_damage",
    "front_row", "grade", "guard_at_once", "guard_min_grade", "hand_grade", "has_modifier", "has_skill", "heart_candidates", "hearts",
    "highest_vanguard_grade", "holds_the_vc",
    "imprisoned_in", "in_legion", "in_player_state", "is_back_row", "is_g_unit", "is_heart",
    "is_imprisoned", "is_locked", "is_on_field", "is_restricted", "is_standing",
    "is_turn_player", "is_vanguard", "legion_group", "may_change", "modifiers", "names", "names_a_vanguard", "orientation",
    "partner", "position",
    "power", "prisons", "rear_circles", "rear_guards", "recall",
    "same_name", "shield", "try_unit_at",
    "units", "vanguard", "vanguards", "world_content", "worlds",
]
