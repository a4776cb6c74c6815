"""G units: stride, choosing the heart, returning G units (STR-08, STR-11, STR-16, HRT-05..12).

The G zone procedure itself (STR-12, STR-14) is `zones.put_into_g_zone`: every move off a
circle may need it.
"""

from __future__ import annotations

from components import HeartLink
from ecs_vanguard.derived import query as q
from ecs_vanguard.ops.emit import batch, emit
from ecs_vanguard.ops.zones import move_card, put_into_g_zone
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.events import UnitPlaced, UnitStrode
from ecs_vanguard.vocab.zones import Circle, Zone


def stride(state: State, player: int, g_unit: int, *, superior: bool = False) -> None:
    """STR-08 (4), (5): put the G unit face up on VC with the vanguard's stand/rest; the
    vanguard(s) there become its hearts (HRT-12), a deleted one turned face up (HRT-07); the
    single non-G heart is chosen at once. A stride is an appearance, not a ride (STR-09, STR-16).

    Seed 000 §2.3 ④: "when strides" autos trigger the instant the G unit is placed, so the
    vanguard strode over still sees it as a vanguard (its own "when your G unit strides"
    triggers); a deleted vanguard's abilities are void then, so its autos do not (§2.4).
    """
    below = [c for c in state.board.circles[player][Circle.VC]
             if not world.has(c, HeartLink)]
    rested = q.orientation(below[-1]).rested if below else False
    with batch(state):
        move_card(state, g_unit, Zone.VC, rested=rested, face_up=True)
        emit(state, UnitStrode(g_unit, player, superior))
        emit(state, UnitPlaced(g_unit, player, Zone.VC, Circle.VC, Zone.G_ZONE))
    make_hearts(state, g_unit, below)


def make_hearts(state: State, g_unit: int, below: list[int], chosen: int | None = None) -> None:
    """The cards under a G unit on VC become its hearts: not a zone change (HRT-04), a deleted
    one turned face up and no longer deleted (HRT-07); `chosen` gives the G unit its original
    name and power (STR-08 (5)); by default the single non-G heart, else the player chooses
    later (StrideSystem asks)."""
    candidates = [c for c in below if not q.is_g_unit(state, c)]
    if chosen is None and len(candidates) == 1:
        chosen = candidates[0]
    for card in below:
        state.deleted.discard(card)
        world.writable_orientation(state, card).face_up = True                    # HRT-07
        world.attach(state, card, HeartLink(g_unit, chosen=card == chosen))


def return_g_units(state: State, player: int) -> None:
    """STR-11: in the end phase the turn player puts all their G units on circles into the G
    zone."""
    on_circles = [u for units in state.board.circles[player].values() for u in units
                  if q.is_g_unit(state, u)]
    on_circles += [u for u in state.board.zones[player][Zone.GC] if q.is_g_unit(state, u)]
    if on_circles:
        put_into_g_zone(state, on_circles)


def choose_heart(state: State, heart: int) -> None:
    """Make `heart` the chosen heart of its G unit (STR-08 (5), HRT-06, HRT-09)."""
    link = world.component(heart, HeartLink)
    for other in q.heart_candidates(state, link.g_unit):
        world.attach(state, other, HeartLink(link.g_unit, chosen=other == heart))


def sync_hearts(state: State) -> None:
    """HRT-03: a heart always has its G unit's stand/rest."""
    for player in (0, 1):
        vc = state.board.circles[player][Circle.VC]
        if len(vc) > 1:
            rested = q.orientation(vc[-1]).rested
            for card in vc[:-1]:
                if world.has(card, HeartLink):
                    world.writable_orientation(state, card).rested = rested
