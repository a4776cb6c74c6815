"""What one player may see, in a player's terms: card names and grades, current power, critical
and shield, the marks of the mechanics, and the battle in progress (docs/design.md "The public face": `game.view`).

Hidden: the opponent's hand and face-down G zone, every deck's order, face-down cards' names.
"""

from __future__ import annotations

import esper

from components import DressSource, HeartLink, Imprisoned, LegionLink, Locked, Token
from ecs_vanguard.derived import query as q
from ecs_vanguard.state import State
from ecs_vanguard.vocab.formats import Stat
from ecs_vanguard.vocab.zones import Zone

_PUBLIC_ZONES = (Zone.DAMAGE, Zone.SOUL, Zone.DROP, Zone.BIND, Zone.ORDER, Zone.GC,
                 Zone.TRIGGER, Zone.REMOVED)


def _marks(state: State, card: int) -> list[str]:
    """The mechanics' marks a player sees on a card (LEG-08, HRT-01, OD-03, PRI-01, TOK-01,
    ACT-23, CORE-21)."""
    marks = []
    legion = esper.try_component(card, LegionLink)
    if legion is not None:
        marks.append("leader" if legion.leader else "mate")
    heart = esper.try_component(card, HeartLink)
    if heart is not None:
        marks.append("chosen heart" if heart.chosen else "heart")
    for component, mark in ((DressSource, "dress source"), (Imprisoned, "imprisoned"),
                            (Token, "token"), (Locked, "locked")):
        if esper.has_component(card, component):
            marks.append(mark)
    if card in state.deleted:
        marks.append("deleted")
    if q.position(card).zone in (Zone.VC, Zone.RC) and q.dress_sources(state, card):
        marks.append("overDress")
    return marks


def _card(state: State, card: int, seen: bool, known: bool = True) -> dict:
    """A card as a player sees it: its name(s) and grade only when they may see it; `known`
    False hides even which card it is (entity ids follow deck lists, so an id could tell)."""
    orient = q.orientation(card)
    info: dict = {"card": card, "face_up": orient.face_up} if known or seen else {
        "face_up": orient.face_up}
    if seen:
        printed = state.card(card)
        names = q.names(state, card)
        info.update(id=printed.id, name=names[0], grade=q.grade(state, card))
        if len(names) > 1:
            info["names"] = list(names)             # TERM-05; a G unit's chosen heart's too
    marks = _marks(state, card)
    if marks:
        info["marks"] = marks
    return info


def _unit(state: State, card: int) -> dict:
    info = _card(state, card, q.orientation(card).face_up)
    info["rested"] = q.orientation(card).rested
    if "name" in info and not q.is_heart(card):
        info.update(power=q.power(state, card), critical=q.critical(state, card),
                    shield=q.shield(state, card))
    dress = q.dress_sources(state, card)
    if dress:
        info["dress"] = [_card(state, d, True) for d in dress]
    return info


def _battle(state: State) -> dict | None:
    """The battle in progress: attacker (and legion mate), booster, target, guardians, totals;
    `hits_now` False while the target cannot be hit (a sentinel's effect, CORE-12)."""
    battle = state.battle
    if battle is None:
        return None
    attack, defence = q.battle_totals(state)
    safe = battle.target >= 0 and q.is_restricted(state, battle.target, Stat.CANT_BE_HIT)

    def named(card: int) -> dict | None:
        return None if card < 0 else {"card": card, "name": q.names(state, card)[0]}

    guardians = [{**(named(g) or {}), "shield": q.shield(state, g), "guarding": guarded}
                 for g, guarded in sorted(battle.guardians.items())]
    return {"step": state.turn.step.value if state.turn.step else None,
            "player": battle.player, "attacker": named(battle.attacker),
            "co_attacker": named(battle.co_attacker), "booster": named(battle.booster),
            "target": named(battle.target), "guardians": guardians,
            "attack": attack, "defence": defence,
            "cant_be_hit": safe, "hits_now": attack >= defence and not safe}


def _picked(state: State, player: int) -> list[int]:
    """The cards `player` has chosen so far in the choice they are making one card at a time
    (the cards a mulligan returns, CORE-03), in the order chosen; only to that player."""
    decision = state.decision
    if decision is None or decision.player != player or not state.stack:
        return []
    if state.stack[-1].source != decision.source:      # asked by something else than the top
        return []
    return list(state.stack[-1].picks)


def player_view(state: State, player: int) -> dict:
    """Return a JSON-ready dict of what `player` may see (the opponent's hand and every deck's
    order are hidden; `picked`: the cards they chose so far in a choice being made)."""
    sides = []
    for p in (0, 1):
        zones = state.board.zones[p]
        mine = p == player
        side: dict = {"player": p, "deck_size": len(zones[Zone.DECK]),
                      "ride_deck_size": len(zones[Zone.RIDE_DECK]),
                      "hand_size": len(zones[Zone.HAND]), "damage_count": len(zones[Zone.DAMAGE])}
        if mine:
            side["hand"] = [_card(state, c, True) for c in zones[Zone.HAND]]
            side["ride_deck"] = [_card(state, c, True) for c in zones[Zone.RIDE_DECK]]
        # ACT-02, ACT-09: revealed cards of hidden zones are shown to both players meanwhile.
        side["revealed"] = [_card(state, c, True)
                            for z in (Zone.HAND, Zone.DECK, Zone.RIDE_DECK) for c in zones[z]
                            if c in state.revealed]
        for zone in _PUBLIC_ZONES:
            side[zone.value] = [_card(state, c, q.orientation(c).face_up) for c in zones[zone]]
        side[Zone.G_ZONE.value] = [_card(state, c, mine or q.orientation(c).face_up, mine)
                                   for c in zones[Zone.G_ZONE]]
        side["circles"] = {c.value: [_unit(state, u) for u in units]
                           for c, units in state.board.circles[p].items()}
        side["states"] = [name for name, _, _ in state.player_states[p]]
        side["force"] = {c.value: n for c, n in state.force[p].items()}
        side["worlds"] = [q.world_content(state, w) for w in q.worlds(state, p)]
        # The rule modifiers made for a period on this player's rules (public: both see them).
        side["rule_modifiers"] = [
            {"rule": m.hook.value, "change": m.change.value, "amount": m.amount,
             "until": m.until.value, "uses": m.uses, "scope": m.scope or "all", "by": m.master}
            for m in state.rule_modifiers if m.player == p]
        sides.append(side)
    t = state.turn
    return {"you": player, "turn": t.turn, "turn_player": t.player, "phase": t.phase.value,
            "over": state.over, "winner": state.winner, "battle": _battle(state),
            "picked": _picked(state, player), "players": sides}
