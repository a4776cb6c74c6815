"""Brandt Gate actions: imprison, release from prison, make tokens, World contents
(PRI-01..05, TOK-01..08, WLD-01, WLD-02)."""

from __future__ import annotations

from collections.abc import Sequence

import esper

from components import Imprisoned, Modifiers
from ecs_vanguard import query as q
from ecs_vanguard.events import CardImprisoned, UnitCalled, UnitPlaced, WorldChanged
from ecs_vanguard.ops.units import add_modifier
from ecs_vanguard.ops.zones import create_card, move_card
from ecs_vanguard.rules import Duration, Stat
from ecs_vanguard.state import State
from ecs_vanguard.zones import Circle, Zone

BLANK, DARK_NIGHT, ABYSSAL_DARK_NIGHT = "blank", "dark_night", "abyssal_dark_night"
WORLD_CONTENTS = (BLANK, DARK_NIGHT, ABYSSAL_DARK_NIGHT)


def is_imprisoned(card: int) -> bool:
    """True for a card held imprisoned in an order zone (PRI-01)."""
    return esper.has_component(card, Imprisoned)


def prisons(state: State, player: int) -> list[int]:
    """Return the Prison set orders in a player's order zone (not the imprisoned cards)."""
    return [c for c in state.board.zones[player][Zone.ORDER]
            if "prison" in state.card(c).subtypes and not is_imprisoned(c)]


def imprisoned_in(state: State, player: int) -> list[int]:
    """Return the cards imprisoned in a player's order zone (PRI-02: linked to no Prison)."""
    return [c for c in state.board.zones[player][Zone.ORDER] if is_imprisoned(c)]


def imprison(state: State, jailer: int, card: int) -> bool:
    """PRI-01: with a Prison in the jailer's order zone, put the opponent's card there as
    imprisoned (an overDress unit takes its dress sources along, OD-06); with no Prison,
    nothing can be imprisoned. Return whether it happened."""
    if not prisons(state, jailer) or q.position(card).owner == jailer:
        return False
    move_card(state, card, Zone.ORDER, imprisoned_by=jailer)
    state.log(CardImprisoned(card, q.position(card).owner, jailer))
    return True


def release_unjailed(state: State) -> bool:
    """PRI-04 (a rule action): an order zone with no Prison sends its imprisoned cards to their
    owners' drops. Return True if any moved."""
    if not esper.get_component(Imprisoned):
        return False                        # nothing is imprisoned: the usual case, kept cheap
    moved = False
    for player in (0, 1):
        held = imprisoned_in(state, player)
        if held and not prisons(state, player):
            for card in held:
                move_card(state, card, Zone.DROP)
            moved = True
    return moved


def make_tokens(state: State, player: int, card_id: str, circles: Sequence[Circle]) -> list[int]:
    """TOK-06, TOK-08: make one token on each chosen RC; each is a superior call and an
    appearance (a unit already there is retired by rule action, CORE-17)."""
    made = []
    for circle in circles:
        token = create_card(state, player, card_id, Zone.RC, circle=circle, token=True)
        state.log(UnitCalled(token, player, circle, Zone.RC, Zone.REMOVED, True))
        state.log(UnitPlaced(token, player, Zone.RC, circle))
        made.append(token)
    return made


def worlds(state: State, player: int) -> list[int]:
    """Return the World set orders in a player's order zone."""
    return [c for c in state.board.zones[player][Zone.ORDER]
            if "world" in state.card(c).subtypes and not is_imprisoned(c)]


def world_content(state: State, card: int) -> str:
    """WLD-01: a World's content: blank unless stated; the last change replaces the earlier; a
    World with the Brandt rule is Dark Night alone in an only-Worlds order zone, Abyssal Dark
    Night with two or more."""
    changes = [m.value for m in esper.component_for_entity(card, Modifiers).items
               if m.stat is Stat.WORLD_CONTENT]
    if changes:
        return str(changes[-1])
    if not state.card(card).world_rule:
        return BLANK
    owner = q.position(card).owner
    zone, found = state.board.zones[owner][Zone.ORDER], worlds(state, owner)
    if len(found) != len(zone):
        return BLANK
    return DARK_NIGHT if len(found) == 1 else ABYSSAL_DARK_NIGHT


def set_world_content(state: State, player: int, content: str, until: Duration) -> None:
    """Change the content of the player's Worlds for a period; the change replaces the old
    content (WLD-01)."""
    for card in worlds(state, player):
        add_modifier(state, card, Stat.WORLD_CONTENT, 0, until, content)
        state.log(WorldChanged(card, player, content))
