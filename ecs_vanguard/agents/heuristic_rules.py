"""The decision rules of HeuristicAgent (agents/heuristic.py), compiled by mypyc (issue 18).

Interpreted, these rules were about a sixth of a heuristic game on the compiled build; here they
call the compiled floors below (derived, state) natively. `choose` takes only what the engine
made (the State and its pending Decision, plain ints inside), never a user's value: the agent
class, interpreted, keeps the seed and the generator and is the only caller.

The rules per decision kind, each the first of `actions` that fits, else a fallback:
mulligan: return grade 3 cards beyond the first; ride: the highest grade, from hand before the
ride deck; main phase: activate, then call to an empty circle, then play an order, then end;
attack: the strongest unit at the vanguard; guard: when the damage is high and the attack would
hit; choose card: power to the attacker or the vanguard, else a card at random.
"""

from __future__ import annotations

from typing import Final

from ecs_vanguard.derived.facts import damage_count, position, vanguard
from ecs_vanguard.derived.values import battle_totals, guard_at_once, power, shield
from ecs_vanguard.state.core import State
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind
from ecs_vanguard.vocab.zones import BACK_ROW, Circle, Zone

GUARD_FROM_DAMAGE: Final = 3       # below this much damage, take hits to keep cards

# The enum members the rules test, as module finals: compiled, a final is a C static, where
# `ActionKind.DONE` is two lookups (the class in the module, the member in the class) per use.
_PICK: Final = ActionKind.PICK
_DONE: Final = ActionKind.DONE
_RIDE: Final = ActionKind.RIDE
_CALL: Final = ActionKind.CALL
_ACT: Final = ActionKind.ACT
_PLAY_ORDER: Final = ActionKind.PLAY_ORDER
_ATTACK: Final = ActionKind.ATTACK
_BOOST: Final = ActionKind.BOOST
_GUARD: Final = ActionKind.GUARD
_INTERCEPT: Final = ActionKind.INTERCEPT
_OVERDRESS: Final = ActionKind.OVERDRESS
_STRIDE: Final = ActionKind.STRIDE
_SEEK_MATE: Final = ActionKind.SEEK_MATE
_YES: Final = ActionKind.YES
_NO: Final = ActionKind.NO
_HAND: Final = Zone.HAND
_VC_ZONE: Final = Zone.VC
_VC: Final = Circle.VC
_BACK_ROW: Final = BACK_ROW


def choose(state: State, decision: Decision) -> Action | None:
    """Return the preferred legal action of `decision`, or None when it is a card choice the
    rules leave to chance (the agent then draws one at random from its own generator).

    A decision with one action takes it: every rule returns one of the actions or None, and the
    agent's draw from one action takes nothing from its generator, so no rule need run.
    """
    actions = decision.actions
    if len(actions) == 1:
        return actions[0]
    kind = decision.kind
    player = decision.player
    choice: Action | None = None
    if kind is DecisionKind.MAIN_PHASE:
        choice = _main(state, player, actions)
    elif kind is DecisionKind.GUARD:
        choice = _guard(state, player, actions)
    elif kind is DecisionKind.ATTACK:
        choice = _attack(state, actions)
    elif kind is DecisionKind.CHOOSE_CARD:
        return _choose_card(state, player, actions)      # None: a card at random
    elif kind is DecisionKind.BOOST:
        choice = _first(actions, _BOOST)
    elif kind is DecisionKind.YES_NO:
        choice = _first(actions, _YES)
    elif kind is DecisionKind.RIDE:
        choice = _ride(state, actions)
    elif kind is DecisionKind.MULLIGAN:
        choice = _mulligan(state, player, actions)
    elif kind is DecisionKind.STRIDE:
        choice = _first(actions, _STRIDE)
    return choice if choice is not None else actions[0]


def _first(actions: tuple[Action, ...], kind: ActionKind) -> Action | None:
    for a in actions:
        if a.kind is kind:
            return a
    return None


def _mulligan(state: State, player: int, actions: tuple[Action, ...]) -> Action | None:
    """Return grade 3 cards beyond the first, keep the rest."""
    threes = [c for c in state.board.zones[player][_HAND] if state.card(c).grade == 3]
    beyond_first = threes[1:]
    for a in actions:
        if a.kind is _PICK and a.card in beyond_first:
            return a
    return _first(actions, _DONE)


def _ride(state: State, actions: tuple[Action, ...]) -> Action | None:
    """Ride the highest grade, from hand before the ride deck (which costs a discard): the first
    of the best, as max() over (grade, from hand) keeps."""
    best: Action | None = None
    best_grade = 0
    best_from_hand = False
    for a in actions:
        if a.kind is not _RIDE:
            continue
        grade = state.card(a.card).grade
        from_hand = position(a.card).zone is _HAND
        if best is None or grade > best_grade or (
                grade == best_grade and from_hand and not best_from_hand):
            best, best_grade, best_from_hand = a, grade, from_hand
    return best if best is not None else _first(actions, _DONE)


def _main(state: State, player: int, actions: tuple[Action, ...]) -> Action | None:
    """Activate abilities, then call the strongest card to an empty circle, then end."""
    for a in actions:
        kind = a.kind
        if kind is _SEEK_MATE or kind is _ACT or kind is _OVERDRESS:
            return a
    empty = {c for c, units in state.board.circles[player].items() if c is not _VC and not units}
    defs = state.defs
    first_call: Action | None = None
    for a in actions:
        if a.kind is not _CALL or a.circle not in empty:
            continue
        d = defs[a.card]
        assert d is not None
        if d.sentinel or d.trigger is not None:
            continue
        # Attackers to the front, boosters (grade 1 or less) to the back row; the first call
        # that does so, else the first call (what max() over that test keeps).
        if (d.grade >= 2) == (a.circle not in _BACK_ROW):
            return a
        if first_call is None:
            first_call = a
    if first_call is not None:
        return first_call
    orders = _first(actions, _PLAY_ORDER)
    return orders if orders is not None else _first(actions, _DONE)


def _attack(state: State, actions: tuple[Action, ...]) -> Action | None:
    """Attack the opponent's vanguard with the strongest standing unit: the first of the
    strongest, as max() keeps; an attacker's power is read once for all its targets."""
    attacks = [a for a in actions if a.kind is _ATTACK and position(a.target).zone is _VC_ZONE]
    if len(attacks) <= 1:
        return attacks[0] if attacks else _first(actions, _DONE)
    powers: dict[int, int] = {}
    best = attacks[0]
    best_power = powers[best.card] = power(state, best.card)
    for a in attacks:
        card = a.card
        if card in powers:
            attacker_power = powers[card]
        else:
            attacker_power = powers[card] = power(state, card)
        if attacker_power > best_power:
            best, best_power = a, attacker_power
    return best


def _guard(state: State, player: int, actions: tuple[Action, ...]) -> Action | None:
    """Guard a vanguard attack that would hit once the damage is high: intercept first, then the
    smallest shield that is enough, then a sentinel."""
    battle = state.battle
    assert battle is not None
    if battle.guard_group:                     # ACT-27: finish the group it started
        choice = _first(actions, _YES)
        if choice is None:
            choice = _first(actions, _GUARD)
        return choice if choice is not None else _first(actions, _NO)
    # The cheap tests first: the battle's totals only for a vanguard attack at high damage.
    if (position(battle.target).zone is not _VC_ZONE
            or damage_count(state, player) < GUARD_FROM_DAMAGE):
        return _first(actions, _DONE)
    attack, defence = battle_totals(state)
    if attack < defence:
        return _first(actions, _DONE)
    intercept = _first(actions, _INTERCEPT)
    if intercept is not None:
        return intercept
    guards = [a for a in actions if a.kind is _GUARD]
    in_hand = [position(a.card).zone is _HAND for a in guards]
    if guard_at_once(state, battle.attacker) > sum(in_hand):
        # ACT-27: too few in hand to call together; only the guards from elsewhere
        guards = [a for a, from_hand in zip(guards, in_hand) if not from_hand]
    needed = attack - defence + 1
    defs = state.defs
    # (shield, action) of the guards that are not sentinels with a positive shield, smallest
    # first and in the order of `actions` among equals (a stable sort, as before).
    shields: list[tuple[int, Action]] = []
    sentinel: Action | None = None
    for a in guards:
        d = defs[a.card]
        assert d is not None
        if d.sentinel:
            if sentinel is None:
                sentinel = a
            continue
        value = shield(state, a.card)
        if value > 0:
            shields.append((value, a))
    shields.sort(key=_shield_value)
    for value, a in shields:
        if value >= needed:
            return a
    if sentinel is not None and len(state.board.zones[player][_HAND]) >= 2:
        return sentinel
    return shields[-1][1] if shields else _first(actions, _DONE)


def _shield_value(valued: tuple[int, Action]) -> int:
    return valued[0]


def _choose_card(state: State, player: int, actions: tuple[Action, ...]) -> Action | None:
    """Trigger power to the attacking unit or the vanguard; otherwise None (a card at random)."""
    picks = [a for a in actions if a.kind is _PICK]
    if not picks:
        return _first(actions, _DONE)
    battle = state.battle
    leader = vanguard(state, player)
    if battle is not None:
        for a in picks:
            if a.card == battle.attacker:
                return a
    for a in picks:
        if a.card == leader:
            return a
    return None
