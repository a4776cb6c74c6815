"""HeuristicAgent: a simple, sensible player (rides up, fills the field, attacks the vanguard,
guards when the damage is high). A baseline for simulations, not a strong player."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard.agents.base import agent_rng, pending
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.state import State
from ecs_vanguard.vocab.decisions import Action, ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import BACK_ROW, Zone

_GUARD_FROM_DAMAGE = 3       # below this much damage, take hits to keep cards


class HeuristicAgent:
    """Choose by simple rules per decision kind; ties broken by a seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = agent_rng(seed)

    def act(self, game: Game) -> Action:
        """Return the preferred legal action of the pending decision."""
        game.switch()
        decision = pending(game)
        actions = game.legal_actions()
        rule = _RULES.get(decision.kind)
        choice = rule(game.state, decision.player, actions) if rule else None
        if choice is None:
            return actions[0] if decision.kind is not DecisionKind.CHOOSE_CARD else self._any(actions)
        return choice

    def _any(self, actions: list[Action]) -> Action:
        return actions[int(self.rng.integers(len(actions)))]


def _first(actions: list[Action], kind: ActionKind) -> Action | None:
    return next((a for a in actions if a.kind is kind), None)


def _done(actions: list[Action]) -> Action | None:
    return _first(actions, ActionKind.DONE)


def _mulligan(state: State, player: int, actions: list[Action]) -> Action | None:
    """Return grade 3 cards beyond the first, keep the rest."""
    hand = state.board.zones[player][Zone.HAND]
    threes = [c for c in hand if state.card(c).grade == 3]
    for a in actions:
        if a.kind is ActionKind.PICK and a.card in threes[1:]:
            return a
    return _done(actions)


def _ride(state: State, player: int, actions: list[Action]) -> Action | None:
    """Ride the highest grade, from hand before the ride deck (which costs a discard)."""
    rides = [a for a in actions if a.kind is ActionKind.RIDE]
    if not rides:
        return _done(actions)
    return max(rides, key=lambda a: (state.card(a.card).grade,
                                     q.position(a.card).zone is Zone.HAND))


def _main(state: State, player: int, actions: list[Action]) -> Action | None:
    """Activate abilities, then call the strongest card to an empty circle, then end."""
    acts = [a for a in actions
            if a.kind in (ActionKind.SEEK_MATE, ActionKind.ACT, ActionKind.OVERDRESS)]
    if acts:
        return acts[0]
    empty = {c for c in q.rear_circles(state, player) if q.try_unit_at(state, player, c) is None}
    calls = [a for a in actions if a.kind is ActionKind.CALL and a.circle in empty
             and not state.card(a.card).sentinel and state.card(a.card).trigger is None]
    if calls:
        # Attackers to the front, boosters (grade 1 or less) to the back row.
        return max(calls, key=lambda a: (state.card(a.card).grade >= 2) == (a.circle not in
                                                                            BACK_ROW))
    orders = _first(actions, ActionKind.PLAY_ORDER)
    return orders or _done(actions)


def _attack(state: State, player: int, actions: list[Action]) -> Action | None:
    """Attack the opponent's vanguard with the strongest standing unit."""
    attacks = [a for a in actions if a.kind is ActionKind.ATTACK
               and q.position(a.target).zone is Zone.VC]
    if not attacks:
        return _done(actions)
    return max(attacks, key=lambda a: q.power(state, a.card))


def _boost(state: State, player: int, actions: list[Action]) -> Action | None:
    return _first(actions, ActionKind.BOOST)


def _guard(state: State, player: int, actions: list[Action]) -> Action | None:
    """Guard a vanguard attack that would hit once the damage is high: intercept first, then the
    smallest shield that is enough, then a sentinel."""
    assert state.battle is not None
    if state.battle.guard_group:               # ACT-27: finish the group it started
        return (_first(actions, ActionKind.YES) or _first(actions, ActionKind.GUARD)
                or _first(actions, ActionKind.NO))
    attack, defence = q.battle_totals(state)
    is_vanguard = q.position(state.battle.target).zone is Zone.VC
    if not is_vanguard or attack < defence or q.damage_count(state, player) < _GUARD_FROM_DAMAGE:
        return _done(actions)
    intercept = _first(actions, ActionKind.INTERCEPT)
    if intercept is not None:
        return intercept
    guards = [a for a in actions if a.kind is ActionKind.GUARD]
    from_hand = [a for a in guards if q.position(a.card).zone is Zone.HAND]
    if q.guard_at_once(state, state.battle.attacker) > len(from_hand):
        guards = [a for a in guards if a not in from_hand]     # ACT-27: not enough cards
    needed = attack - defence + 1
    shields = sorted((a for a in guards
                      if not state.card(a.card).sentinel and q.shield(state, a.card) > 0),
                     key=lambda a: q.shield(state, a.card))
    enough = [a for a in shields if q.shield(state, a.card) >= needed]
    if enough:
        return enough[0]
    sentinel = next((a for a in guards if state.card(a.card).sentinel), None)
    if sentinel is not None and len(state.board.zones[player][Zone.HAND]) >= 2:
        return sentinel
    return shields[-1] if shields else _done(actions)


def _choose_card(state: State, player: int, actions: list[Action]) -> Action | None:
    """Trigger power to the attacking unit or the vanguard; otherwise the first card."""
    picks = [a for a in actions if a.kind is ActionKind.PICK]
    if not picks:
        return _done(actions)
    battle = state.battle
    for preferred in ((battle.attacker,) if battle else ()) + (q.vanguard(state, player),):
        for a in picks:
            if a.card == preferred:
                return a
    return None


_RULES: dict[DecisionKind, Callable[[State, int, list[Action]], Action | None]] = {
    DecisionKind.MULLIGAN: _mulligan,
    DecisionKind.RIDE: _ride,
    DecisionKind.MAIN_PHASE: _main,
    DecisionKind.ATTACK: _attack,
    DecisionKind.BOOST: _boost,
    DecisionKind.GUARD: _guard,
    DecisionKind.CHOOSE_CARD: _choose_card,
    DecisionKind.YES_NO: lambda s, p, a: _first(a, ActionKind.YES),
    DecisionKind.STRIDE: lambda s, p, a: _first(a, ActionKind.STRIDE),
}
