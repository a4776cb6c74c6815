"""Legion: two vanguards on VC, leader and mate (LEG-07..09, LEG-21, LEG-22, HRT-05)."""

from __future__ import annotations

import esper

from components import HeartLink, LegionLink
from ecs_vanguard import query as q
from ecs_vanguard.events import LegionFormed, UnitPlaced
from ecs_vanguard.ops.zones import move_card
from ecs_vanguard.state import State
from ecs_vanguard.zones import Circle, Zone


def partner(card: int) -> int | None:
    """Return the other vanguard of a card's legion, or None (LEG-08)."""
    link = esper.try_component(card, LegionLink)
    return link.partner if link is not None else None


def legion_group(card: int) -> list[int]:
    """Return the card and its legion partner, leader first (LEG-21 acts on both)."""
    other = partner(card)
    if other is None:
        return [card]
    return [card, other] if esper.component_for_entity(card, LegionLink).leader else [other, card]


def vanguards(state: State, player: int) -> list[int]:
    """Return the player's vanguards: the leader (or single vanguard) first, then the mate."""
    units = [c for c in state.board.circles[player][Circle.VC]
             if not esper.has_component(c, HeartLink)]
    return list(reversed(units))


def in_legion(state: State, player: int) -> bool:
    """True if the player has a vanguard in legion; not while they are hearts (HRT-05)."""
    return any(esper.has_component(c, LegionLink) for c in vanguards(state, player))


def form_legion(state: State, leader: int, mate: int) -> bool:
    """LEG-07, LEG-08: put `mate` on VC in legion with `leader`, with the leader's stand/rest and
    face; a vanguard in legion cannot legion again, and two cards neither of which has Seek Mate
    never legion. Placing is not a ride and gives no gift (LEG-06). Return whether it formed."""
    if esper.has_component(leader, LegionLink) or q.position(leader).zone is not Zone.VC:
        return False
    if not state.card(leader).seek_mate and not state.card(mate).seek_mate:
        return False
    player = q.position(leader).owner
    orient = q.orientation(leader)
    move_card(state, mate, Zone.VC, top=True, rested=orient.rested, face_up=orient.face_up)
    esper.add_component(leader, LegionLink(mate, leader=True))
    esper.add_component(mate, LegionLink(leader, leader=False))
    state.log(UnitPlaced(mate, player, Zone.VC, Circle.VC))
    state.log(LegionFormed(leader, mate, player))                  # LEG-22
    return True


def end_legion(card: int) -> None:
    """LEG-09: when either leaves VC, the legion ends for both."""
    other = partner(card)
    esper.remove_component(card, LegionLink)
    if other is not None and esper.has_component(other, LegionLink):
        esper.remove_component(other, LegionLink)


def can_legion(state: State, a: int, b: int) -> bool:
    """LEG-25: two cards can legion when one's Seek Mate names the other."""
    return (any(n in state.card(a).seek_mate for n in q.names(state, b))
            or any(n in state.card(b).seek_mate for n in q.names(state, a)))


def put_as_heart(state: State, player: int, card: int) -> bool:
    """HRT-10: put a card onto VC as a heart of the G unit there; if it can legion with a heart,
    they form a legion whose leader is the one with Seek Mate; with a legion heart already there
    no new legion heart can be added (the card is not put). Return whether it was put."""
    vc = state.board.circles[player][Circle.VC]
    if not vc or state.card(vc[-1]).unit_type.value != "g_unit":
        return False
    g_unit = vc[-1]
    hearts = [c for c in vc if esper.has_component(c, HeartLink)]
    partner_heart = next((h for h in hearts if can_legion(state, h, card)), None)
    if partner_heart is not None and any(esper.has_component(h, LegionLink) for h in hearts):
        return False
    move_card(state, card, Zone.VC, top=True, rested=q.orientation(g_unit).rested,
              face_up=True)
    esper.add_component(card, HeartLink(g_unit, chosen=False))
    if partner_heart is not None:
        card_leads = bool(state.card(card).seek_mate)
        esper.add_component(card, LegionLink(partner_heart, leader=card_leads))
        esper.add_component(partner_heart, LegionLink(card, leader=not card_leads))
    return True
