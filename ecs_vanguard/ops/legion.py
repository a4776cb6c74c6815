"""Legion: two vanguards on VC, leader and mate (LEG-01, LEG-07, LEG-08, LEG-22, HRT-05, HRT-10).

A legion is one pair state: leader and mate share one Orientation component, so the stand/rest
and face of both change together (LEG-21); the ops that can refuse a change check both
(`query.legion_group`), and the legion ends for both when either leaves VC (LEG-09,
zones.end_legion).
"""

from __future__ import annotations

from components import HeartLink, LegionLink
from ecs_vanguard.derived import query as q
from ecs_vanguard.ops.emit import batch, emit
from ecs_vanguard.ops.zones import move_card
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.events import LegionFormed, UnitPlaced
from ecs_vanguard.vocab.zones import Circle, Zone


def link_legion(state: State, leader: int, mate: int) -> None:
    """Link two vanguards on VC as leader and mate: one pair state, the leader's stand/rest and
    face (LEG-08, LEG-21: the mate holds the leader's very Orientation, so standing, resting or
    turning either turns both); both objects have now been in a legion and can never Seek Mate
    (LEG-01, LEG-07)."""
    world.attach(state, leader, LegionLink(mate, leader=True))
    world.attach(state, mate, LegionLink(leader, leader=False))
    world.attach(state, mate, world.writable_orientation(state, leader))
    state.legion_history.update((q.position(leader).obj, q.position(mate).obj))


def form_legion(state: State, leader: int, mate: int) -> bool:
    """LEG-07, LEG-08: put `mate` on VC in legion with `leader`, with the leader's stand/rest and
    face; a vanguard in legion cannot legion again, and two cards neither of which has Seek Mate
    never legion. Placing is not a ride and gives no gift (LEG-06). Return whether it formed."""
    if world.has(leader, LegionLink) or q.position(leader).zone is not Zone.VC:
        return False
    if not state.card(leader).seek_mate and not state.card(mate).seek_mate:
        return False
    player = q.position(leader).owner
    orient = q.orientation(leader)
    from_zone = q.position(mate).zone
    with batch(state):                                      # one placement, one legion
        move_card(state, mate, Zone.VC, top=True, rested=orient.rested, face_up=orient.face_up)
        link_legion(state, leader, mate)
        emit(state, UnitPlaced(mate, player, Zone.VC, Circle.VC, from_zone))  # type: ignore
        emit(state, LegionFormed(leader, mate, player))                   # LEG-22
    return True


def put_as_heart(state: State, player: int, card: int) -> bool:
    """HRT-10: put a card onto VC as a heart of the G unit there; if it can legion with a heart,
    they form a legion whose leader is the one with Seek Mate; with a legion heart already there
    no new legion heart can be added (the card is not put). Return whether it was put."""
    vc = state.board.circles[player][Circle.VC]
    if not vc or not q.is_g_unit(state, vc[-1]):
        return False
    g_unit = vc[-1]
    hearts = [c for c in vc if world.has(c, HeartLink)]
    partner_heart = next((h for h in hearts if q.can_legion(state, h, card)), None)
    if partner_heart is not None and any(world.has(h, LegionLink) for h in hearts):
        return False
    move_card(state, card, Zone.VC, top=True, rested=q.orientation(g_unit).rested,
              face_up=True)
    world.attach(state, card, HeartLink(g_unit, chosen=False))
    if partner_heart is not None:
        card_leads = bool(state.card(card).seek_mate)
        leader, mate = (card, partner_heart) if card_leads else (partner_heart, card)
        link_legion(state, leader, mate)
    return True
