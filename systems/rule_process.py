"""RuleProcessSystem: rule actions at every check timing, all at once, until none applies
(CORE-16, CORE-17)."""

from __future__ import annotations

import esper

from components import HeartLink
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.rule_modifiers import damage_to_lose
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.events import GameEnded
from ecs_vanguard.vocab.zones import Circle, Zone
from systems.base import at_check_timing
from systems.stride import rechoose_heart


class RuleProcessSystem(esper.Processor):
    """Apply rule actions until none applies (CORE-17); they have no source (TERM-02)."""

    def process(self, state: State) -> None:
        tick(state)


def tick(state: State) -> None:
    """What RuleProcessSystem does at a tick (its process(); order.tick_until_asked calls this
    directly while the class's process() is this one)."""
    if not state.engine.dirty or not at_check_timing(state):
        return
    if state.engine.rule_check_due:        # else nothing that a rule action reads changed
        while not state.over and apply_rule_actions(state):
            pass
        state.engine.rule_check_due = False
    # HRT-09: the chosen heart left VC with several hearts left: its controller chooses
    # another at once, before anything else is offered (StrideSystem takes the answer).
    if world.present(HeartLink) and not state.over and rechoose_heart(state):
        return
    state.engine.dirty = False


def apply_rule_actions(state: State) -> bool:
    """Apply every rule action that applies now, at once; return True if any did (CORE-17)."""
    zones = state.board.zones
    if (len(zones[0][Zone.DAMAGE]) >= damage_to_lose(state, 0)
            or len(zones[1][Zone.DAMAGE]) >= damage_to_lose(state, 1)
            or not zones[0][Zone.DECK] or not zones[1][Zone.DECK]):
        return check_losses(state)
    doomed = _doomed(state)
    if not doomed and not ops.has_unjailed(state):
        return False
    with ops.batch(state):                      # CORE-17: all that apply, at once
        ops.release_unjailed(state)             # PRI-04
        for unit in doomed:
            ops.retire(state, unit, by_rule_action=True)
    return True


def _doomed(state: State) -> list[int]:
    """Rear-guards and guardians a rule action retires (CORE-17): all but the newest of two or
    more rear-guards on one RC; guardians outside a battle."""
    out: list[int] = []
    for player in (0, 1):
        for circle, units in state.board.circles[player].items():
            if len(units) > 1 and circle is not Circle.VC:
                out += units[:-1]
        guardians = state.board.zones[player][Zone.GC]
        if guardians and state.battle is None:
            out += guardians
    return out


def check_losses(state: State) -> bool:
    """End the game if a player has 6+ damage or an empty deck; both at once is a draw (CORE-16)."""
    losers = [p for p in (0, 1)
              if q.damage_count(state, p) >= damage_to_lose(state, p)
              or not state.board.zones[p][Zone.DECK]]
    if not losers:
        return False
    reasons, codes = [], set()
    for p in losers:
        limit = damage_to_lose(state, p)           # CORE-16, or a rule change's (7)
        damage = q.damage_count(state, p) >= limit
        what = f"took {limit} damage" if damage else "has no cards in deck"
        reasons.append(f"player {p} {what}")
        codes.add("damage" if damage else "deck_out")
    code = codes.pop() if len(codes) == 1 else "damage_and_deck_out"
    end_game(state, None if len(losers) == 2 else 1 - losers[0], "; ".join(reasons), code)
    return True


def end_game(state: State, winner: int | None, reason: str, code: str) -> None:
    """Record the end of the game (a draw when winner is None) with a reason for people and a
    short code for tables: damage, deck_out, damage_and_deck_out, turn_limit, decision_limit,
    engine_limit (limits.LIMIT_END_CODES are draws)."""
    state.over, state.winner, state.end_reason, state.end_code = True, winner, reason, code
    state.decision = None
    ops.emit(state, GameEnded(winner, reason))
