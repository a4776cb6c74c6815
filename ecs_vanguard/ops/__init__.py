"""One function per rule action, used by the engine, by card abilities and by tests alike."""

from ecs_vanguard.ops.brandt import (
    imprison,
    imprisoned_in,
    make_tokens,
    prisons,
    release_unjailed,
    set_world_content,
    world_content,
    worlds,
)
from ecs_vanguard.ops.cards import (
    bind,
    bind_top,
    declare_name,
    end_reveal,
    look_top,
    mill,
    put_into,
    reveal,
    searched,
    turn_face,
)
from ecs_vanguard.ops.costs import counter_blast, counter_charge, discard, heal, soul_blast
from ecs_vanguard.ops.deck import draw, soul_charge, trigger_check
from ecs_vanguard.ops.legion import (
    can_legion,
    end_legion,
    form_legion,
    in_legion,
    legion_group,
    partner,
    put_as_heart,
    vanguards,
)
from ecs_vanguard.ops.stride import (
    choose_heart,
    chosen_heart,
    heart_candidates,
    hearts,
    is_g_unit,
    put_into_g_zone,
    return_g_units,
    stride,
)
from ecs_vanguard.ops.units import (
    add_modifier,
    battles,
    become_name,
    call,
    deal_damage_start,
    delete,
    enter_player_state,
    gain_name,
    give_ability,
    in_player_state,
    is_persona_ride,
    lock,
    lose_abilities,
    overdress,
    place_on_rc,
    rest,
    retire,
    ride,
    stand,
    undelete,
    unlock,
)
from ecs_vanguard.ops.zones import (
    dress_sources,
    move_between_circles,
    move_card,
    move_group_to_deck_bottom,
    shuffle,
)

__all__ = [
    "add_modifier", "battles", "become_name", "bind", "bind_top", "call", "can_legion",
    "choose_heart", "chosen_heart", "counter_blast", "counter_charge", "deal_damage_start",
    "declare_name", "delete", "discard", "draw", "dress_sources", "end_legion", "end_reveal",
    "enter_player_state", "form_legion", "gain_name", "give_ability", "heal",
    "heart_candidates", "hearts", "imprison", "imprisoned_in", "in_legion", "in_player_state",
    "is_g_unit", "is_persona_ride", "legion_group", "lock", "look_top", "lose_abilities",
    "make_tokens", "mill", "move_between_circles", "move_card", "move_group_to_deck_bottom",
    "overdress", "partner", "place_on_rc", "prisons", "put_as_heart", "put_into",
    "put_into_g_zone", "release_unjailed", "rest", "retire", "return_g_units", "reveal", "ride",
    "searched", "set_world_content", "shuffle", "soul_blast", "soul_charge", "stand", "stride",
    "trigger_check", "turn_face", "undelete", "unlock", "vanguards", "world_content", "worlds",
]
