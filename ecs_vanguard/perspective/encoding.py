"""Fixed-size encodings for learning agents: action index table, legal-action mask, and the
observation vector (docs/design.md "The public face": encode_action, action_mask, observation; the
observation's parts and feature names live in ecs_vanguard.perspective.observation).

Actions are encoded by kind into disjoint blocks of one table; card fields use the card's entity
id (stable for the whole game, below MAX_CARDS), circles their position in the Circle enum.
"""

from __future__ import annotations

import esper

from components import LegionLink
from ecs_vanguard.derived import query as q
from ecs_vanguard.perspective import observation as observation_module
from ecs_vanguard.state import State
from ecs_vanguard.vocab.decisions import Action, ActionKind
from ecs_vanguard.vocab.errors import IllegalActionError
from ecs_vanguard.vocab.zones import Circle, Zone

MAX_CARDS = 256          # entity ids of one game: two 50-card decks, G decks, gift markers
MAX_SLOTS = 8            # abilities of one card (printed and gained)
MAX_INDEX = 256          # declared names, and similar index choices
MAX_BOUND_ORDERS = 16    # ALC-01: order B of an Alchemagic play, by rank among the drop's orders
CIRCLES = list(Circle)
AUTO_INDEX_OFFSET = 9    # pending autos may have negative (built-in) indexes down to -9 (DELAYED_INDEX)


def _layout() -> dict[ActionKind | tuple[ActionKind, str], tuple[int, int]]:
    """Return (start, size) of each action block in the table."""
    sizes: list[tuple[ActionKind | tuple[ActionKind, str], int]] = [
        ((ActionKind.PICK, "card"), MAX_CARDS), ((ActionKind.PICK, "circle"), len(CIRCLES)),
        ((ActionKind.PICK, "index"), MAX_INDEX), (ActionKind.DONE, 1), (ActionKind.YES, 1),
        (ActionKind.NO, 1), (ActionKind.RIDE, MAX_CARDS),
        (ActionKind.CALL, MAX_CARDS * len(CIRCLES)), (ActionKind.MOVE, MAX_CARDS),
        (ActionKind.ACT, MAX_CARDS * MAX_SLOTS), (ActionKind.PLAY_ORDER, MAX_CARDS),
        (ActionKind.ATTACK, len(CIRCLES) * len(CIRCLES)), (ActionKind.BOOST, 2),
        (ActionKind.GUARD, MAX_CARDS), (ActionKind.INTERCEPT, MAX_CARDS),
        (ActionKind.PLAY_AUTO, MAX_CARDS * (MAX_SLOTS + AUTO_INDEX_OFFSET)),
        (ActionKind.OVERDRESS, MAX_CARDS * len(CIRCLES)),
        (ActionKind.STRIDE, MAX_CARDS), (ActionKind.SEEK_MATE, MAX_CARDS),
        ((ActionKind.PLAY_ORDER, "alchemagic"), MAX_CARDS * MAX_BOUND_ORDERS),
    ]
    out, start = {}, 0
    for key, size in sizes:
        out[key] = (start, size)
        start += size
    return out


LAYOUT = _layout()
ACTION_COUNT = sum(size for _, size in LAYOUT.values())


def encode_action(state: State, action: Action) -> int:
    """Return the index of an action in the fixed table (ACTION_COUNT entries)."""
    kind = action.kind
    if kind is ActionKind.PICK:
        field = "card" if action.card >= 0 else ("circle" if action.circle else "index")
        start, _ = LAYOUT[(kind, field)]
        value = {"card": action.card, "index": action.index,
                 "circle": CIRCLES.index(action.circle) if action.circle else 0}[field]
        return start + value
    start, _ = LAYOUT[kind]
    if kind is ActionKind.CALL:
        return start + action.card * len(CIRCLES) + CIRCLES.index(action.circle)  # type: ignore
    if kind is ActionKind.PLAY_ORDER and action.target >= 0:
        start, _ = LAYOUT[(kind, "alchemagic")]
        player = q.position(action.card).owner
        orders = sorted(c for c in state.board.zones[player][Zone.DROP]
                        if state.card(c).order_type is not None)
        return start + action.card * MAX_BOUND_ORDERS + orders.index(action.target)
    if kind is ActionKind.OVERDRESS:
        circle = q.position(action.target).circle
        return start + action.card * len(CIRCLES) + CIRCLES.index(circle)  # type: ignore[arg-type]
    if kind is ActionKind.ACT:
        return start + action.card * MAX_SLOTS + action.index
    if kind is ActionKind.PLAY_AUTO:
        return start + action.card * (MAX_SLOTS + AUTO_INDEX_OFFSET) + action.index + \
            AUTO_INDEX_OFFSET
    if kind is ActionKind.ATTACK:
        attacker = CIRCLES.index(q.position(action.card).circle)  # type: ignore[arg-type]
        target = CIRCLES.index(q.position(action.target).circle)  # type: ignore[arg-type]
        return start + attacker * len(CIRCLES) + target
    if kind is ActionKind.BOOST:           # LEG-13: boosting the mate of a legion is the 2nd
        mate = action.target >= 0 and esper.has_component(action.target, LegionLink) and \
            not esper.component_for_entity(action.target, LegionLink).leader
        return start + int(mate)
    if kind in (ActionKind.DONE, ActionKind.YES, ActionKind.NO):
        return start
    return start + action.card


def encode_checked(state: State, action: object) -> int:
    """Return the table index of an action a user gives (Game.encode_action).

    Raises:
        IllegalActionError: not an Action, or one naming cards or circles not in play (its
            index would be past the table or another action's).
    """
    if not isinstance(action, Action):
        raise IllegalActionError(f"cannot encode {action!r:.80}: not an Action")
    defs = state.defs
    cards_exist = all(c == -1 or (type(c) is int and 0 < c < len(defs) and defs[c])
                      for c in (action.card, action.target))
    try:
        index = encode_action(state, action) if cards_exist else -1
    except (KeyError, ValueError, IndexError, TypeError):
        index = -1
    if not 0 <= index < ACTION_COUNT:
        raise IllegalActionError(f"cannot encode {action}: it names cards or circles that are "
                                 "not in play")
    return index


# -- observations: ecs_vanguard.perspective.observation (named parts, one name per feature) ---------------

OBSERVATION = observation_module.OBSERVATION
ObservationSpec = observation_module.ObservationSpec
observation = observation_module.observation
