"""What one player may see: their hand, every public zone, the sizes of hidden ones."""

from __future__ import annotations

from ecs_vanguard import query as q
from ecs_vanguard.state import State
from ecs_vanguard.zones import Zone

_HIDDEN = (Zone.DECK, Zone.RIDE_DECK)


def _card(state: State, card: int) -> dict:
    orient = q.orientation(card)
    if not orient.face_up and q.position(card).zone is not Zone.HAND:
        return {"card": card, "face_up": False}
    return {"card": card, "id": state.card(card).id, "face_up": orient.face_up,
            "rested": orient.rested}


def _unit(state: State, card: int) -> dict:
    info = _card(state, card)
    if info["face_up"]:
        info.update(power=q.power(state, card), critical=q.critical(state, card))
    return info


def player_view(state: State, player: int) -> dict:
    """Return a JSON-ready dict of what `player` may see (the opponent's hand and every deck's
    order are hidden)."""
    sides = []
    for p in (0, 1):
        zones = state.board.zones[p]
        side: dict = {"player": p, "deck_size": len(zones[Zone.DECK]),
                      "ride_deck_size": len(zones[Zone.RIDE_DECK]),
                      "hand_size": len(zones[Zone.HAND])}
        if p == player:
            side["hand"] = [_card(state, c) for c in zones[Zone.HAND]]
            side["ride_deck"] = [_card(state, c) for c in zones[Zone.RIDE_DECK]]
        # ACT-02, ACT-09: revealed cards of hidden zones are shown to both players meanwhile.
        side["revealed"] = [_card(state, c) | {"id": state.card(c).id}
                            for z in (Zone.HAND, Zone.DECK, Zone.RIDE_DECK) for c in zones[z]
                            if c in state.revealed]
        for zone in (Zone.DAMAGE, Zone.SOUL, Zone.DROP, Zone.BIND, Zone.ORDER, Zone.G_ZONE,
                     Zone.GC, Zone.TRIGGER, Zone.REMOVED):
            side[zone.value] = [_card(state, c) for c in zones[zone]]
        side["circles"] = {c.value: [_unit(state, u) for u in units]
                           for c, units in state.board.circles[p].items()}
        sides.append(side)
    t = state.turn
    return {"you": player, "turn": t.turn, "turn_player": t.player, "phase": t.phase.value,
            "over": state.over, "winner": state.winner, "players": sides}
