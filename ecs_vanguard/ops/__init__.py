"""One function per rule action, used by the engine, by card abilities and by tests alike.

Ops write state and emit events (`emit`, in `batch`es of simultaneous events); what they read
comes from `ecs_vanguard.query` (facts and derived values).
"""

from ecs_vanguard.ops.brandt import (
    has_unjailed,
    imprison,
    make_tokens,
    release_unjailed,
    set_world_content,
)
from ecs_vanguard.ops.cards import (
    bind,
    bind_top,
    declare_name,
    end_reveal,
    finish_order,
    look_top,
    mill,
    put_into,
    reveal,
    searched,
    turn_face,
    undo_order,
)
from ecs_vanguard.ops.costs import counter_blast, counter_charge, discard, heal, soul_blast
from ecs_vanguard.ops.deck import draw, soul_charge, trigger_check
from ecs_vanguard.ops.events import batch, emit, limit_reached, record_use, watch
from ecs_vanguard.ops.legion import form_legion, link_legion, put_as_heart
from ecs_vanguard.ops.stride import choose_heart, make_hearts, return_g_units, stride
from ecs_vanguard.ops.units import (
    add_continuous,
    add_modifier,
    battles,
    become_name,
    call,
    deal_damage_start,
    delete,
    end_continuous,
    enter_player_state,
    extra_turn_due,
    gain_name,
    give_ability,
    is_persona_ride,
    link_dress_source,
    lock,
    lose_abilities,
    overdress,
    place_on_rc,
    rest,
    retire,
    ride,
    stand,
    take_extra_turn,
    undelete,
    unlock,
)
from ecs_vanguard.ops.zones import (
    add_accel_circle,
    create_card,
    end_legion,
    move_between_circles,
    move_card,
    move_group_to_deck_bottom,
    put_into_g_zone,
    shuffle,
)

__all__ = [
    "add_accel_circle", "add_continuous", "add_modifier", "batch", "battles", "become_name", "bind", "bind_top",
    "call", "choose_heart", "counter_blast", "counter_charge", "create_card", "deal_damage_start",
    "declare_name", "delete", "discard", "draw", "emit", "end_continuous", "end_legion",
    "end_reveal", "enter_player_state", "extra_turn_due", "finish_order", "form_legion", "gain_name", "give_ability", "has_unjailed", "heal",
    "imprison", "is_persona_ride", "limit_reached", "link_dress_source", "link_legion", "lock", "look_top",
    "lose_abilities", "make_hearts", "make_tokens", "mill", "move_between_circles", "move_card",
    "move_group_to_deck_bottom", "overdress", "place_on_rc", "put_as_heart", "put_into",
    "put_into_g_zone", "record_use", "release_unjailed", "rest", "retire", "return_g_units",
    "reveal", "ride", "searched", "set_world_content", "shuffle", "soul_blast", "soul_charge",
    "stand", "stride", "take_extra_turn", "trigger_check", "turn_face", "undelete", "undo_order", "unlock", "watch",
]
