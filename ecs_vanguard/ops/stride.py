"""G units: stride, hearts, the G zone procedure (STR-08, STR-11..16, HRT-01..12, GG-03..05)."""

from __future__ import annotations

from collections.abc import Sequence

import esper

from components import HeartLink
from ecs_vanguard import query as q
from ecs_vanguard.events import PutIntoGZone, UnitPlaced, UnitStrode
from ecs_vanguard.ops.zones import move_card
from ecs_vanguard.rules import UnitType
from ecs_vanguard.state import State
from ecs_vanguard.zones import Circle, Zone


def is_g_unit(state: State, card: int) -> bool:
    """True for a G unit (grade 4, from the G deck; STR-01)."""
    return state.card(card).unit_type is UnitType.G_UNIT


def hearts(state: State, player: int) -> list[int]:
    """Return the hearts on the player's VC (HRT-01)."""
    return [c for c in state.board.circles[player][Circle.VC] if esper.has_component(c, HeartLink)]


def chosen_heart(state: State, g_unit: int) -> int | None:
    """Return the heart whose original name and power the G unit has (STR-08 (5), HRT-06)."""
    owner = q.position(g_unit).owner
    for heart in hearts(state, owner):
        link = esper.component_for_entity(heart, HeartLink)
        if link.g_unit == g_unit and link.chosen:
            return heart
    return None


def stride(state: State, player: int, g_unit: int, *, superior: bool = False) -> None:
    """STR-08 (4), (5): put the G unit face up on VC with the vanguard's stand/rest; the
    vanguard(s) there become its hearts (HRT-12), a deleted one turned face up (HRT-07); the
    single non-G heart is chosen at once. A stride is an appearance, not a ride (STR-09, STR-16)."""
    below = [c for c in state.board.circles[player][Circle.VC]
             if not esper.has_component(c, HeartLink)]
    rested = q.orientation(below[-1]).rested if below else False
    move_card(state, g_unit, Zone.VC, rested=rested, face_up=True)
    candidates = [c for c in below if not is_g_unit(state, c)]
    for card in below:
        state.deleted.discard(card)
        q.orientation(card).face_up = True                    # HRT-07
        esper.add_component(card, HeartLink(g_unit, chosen=len(candidates) == 1
                                            and card == candidates[0]))
    state.log(UnitStrode(g_unit, player, superior))
    state.log(UnitPlaced(g_unit, player, Zone.VC, Circle.VC))


def put_into_g_zone(state: State, cards: Sequence[int]) -> None:
    """STR-14: (1) face up into the owner's G zone; (2) an Ultimate Stride G unit removes every
    card of that G zone from the game, itself included; (3) with no G unit left on VC, every
    heart is a vanguard again (no 'when placed', HRT-11); (4) 'put into the G zone' autos."""
    owners = set()
    for card in cards:
        move_card(state, card, Zone.G_ZONE, face_up=True)
        owners.add(q.position(card).owner)
    for card in cards:
        if state.card(card).ultimate_stride and q.position(card).zone is Zone.G_ZONE:
            owner = q.position(card).owner
            for other in list(state.board.zones[owner][Zone.G_ZONE]):
                move_card(state, other, Zone.REMOVED)
    for owner in sorted(owners):
        vc = state.board.circles[owner][Circle.VC]
        if not any(is_g_unit(state, c) for c in vc):
            for heart in list(vc):
                if esper.has_component(heart, HeartLink):
                    esper.remove_component(heart, HeartLink)
    for card in cards:
        state.log(PutIntoGZone(card, q.position(card).owner))


def return_g_units(state: State, player: int) -> None:
    """STR-11: in the end phase the turn player puts all their G units on circles into the G
    zone."""
    on_circles = [u for units in state.board.circles[player].values() for u in units
                  if is_g_unit(state, u)]
    on_circles += [u for u in state.board.zones[player][Zone.GC] if is_g_unit(state, u)]
    if on_circles:
        put_into_g_zone(state, on_circles)


def heart_candidates(state: State, g_unit: int) -> list[int]:
    """Return the non-G hearts of a G unit: the ones its name and power may come from."""
    owner = q.position(g_unit).owner
    return [h for h in hearts(state, owner)
            if esper.component_for_entity(h, HeartLink).g_unit == g_unit and not is_g_unit(state, h)]


def choose_heart(state: State, heart: int) -> None:
    """Make `heart` the chosen heart of its G unit (STR-08 (5), HRT-06, HRT-09)."""
    link = esper.component_for_entity(heart, HeartLink)
    for other in heart_candidates(state, link.g_unit):
        esper.add_component(other, HeartLink(link.g_unit, chosen=other == heart))
