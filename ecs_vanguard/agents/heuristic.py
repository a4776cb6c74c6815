"""HeuristicAgent: a simple, sensible player (rides up, fills the field, attacks the vanguard,
guards when the damage is high). A baseline for simulations, not a strong player."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ecs_vanguard.agents.base import agent_rng, pending
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.state import State
from ecs_vanguard.vocab.decisions import Action, ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import BACK_ROW, Circle, Zone

_GUARD_FROM_DAMAGE = 3       # below this much damage, take hits to keep cards
_ACTIVATE = frozenset({ActionKind.SEEK_MATE, ActionKind.ACT, ActionKind.OVERDRESS})


class HeuristicAgent:
    """Choose by simple rules per decision kind; ties broken by a seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = agent_rng(seed)

    def act(self, game: Game) -> Action:
        """Return the preferred legal action of the pending decision."""
        game.switch()
        decision = pending(game)
        actions = decision.actions
        if len(actions) == 1:
            # Every rule returns one of `actions` or None, and a draw below one (`_any`) takes
            # nothing from the generator: a forced decision needs no rule.
            return actions[0]
        rule = _RULES.get(decision.kind)
        choice = rule(game.state, decision.player, actions) if rule else None
        if choice is None:
            return actions[0] if decision.kind is not DecisionKind.CHOOSE_CARD else self._any(actions)
        return choice

    def _any(self, actions: Sequence[Action]) -> Action:
        return actions[int(self.rng.integers(len(actions)))]


def _first(actions: Sequence[Action], kind: ActionKind) -> Action | None:
    return next((a for a in actions if a.kind is kind), None)


def _done(actions: Sequence[Action]) -> Action | None:
    return _first(actions, ActionKind.DONE)


def _mulligan(state: State, player: int, actions: Sequence[Action]) -> Action | None:
    """Return grade 3 cards beyond the first, keep the rest."""
    hand = state.board.zones[player][Zone.HAND]
    threes = [c for c in hand if state.card(c).grade == 3]
    for a in actions:
        if a.kind is ActionKind.PICK and a.card in threes[1:]:
            return a
    return _done(actions)


def _ride(state: State, player: int, actions: Sequence[Action]) -> Action | None:
    """Ride the highest grade, from hand before the ride deck (which costs a discard)."""
    rides = [a for a in actions if a.kind is ActionKind.RIDE]
    if not rides:
        return _done(actions)
    return max(rides, key=lambda a: (state.card(a.card).grade,
                                     q.position(a.card).zone is Zone.HAND))


def _main(state: State, player: int, actions: Sequence[Action]) -> Action | None:
    """Activate abilities, then call the strongest card to an empty circle, then end."""
    act = next((a for a in actions if a.kind in _ACTIVATE), None)
    if act is not None:
        return act
    empty = {c for c, units in state.board.circles[player].items()
             if c is not Circle.VC and not units}
    defs = state.defs
    first_call = None
    for a in actions:
        if a.kind is not ActionKind.CALL or a.circle not in empty:
            continue
        d = defs[a.card]
        assert d is not None
        if d.sentinel or d.trigger is not None:
            continue
        # Attackers to the front, boosters (grade 1 or less) to the back row; the first call
        # that does so, else the first call (what max() over that test keeps).
        if (d.grade >= 2) == (a.circle not in BACK_ROW):
            return a
        if first_call is None:
            first_call = a
    if first_call is not None:
        return first_call
    orders = _first(actions, ActionKind.PLAY_ORDER)
    return orders or _done(actions)


def _attack(state: State, player: int, actions: Sequence[Action]) -> Action | None:
    """Attack the opponent's vanguard with the strongest standing unit."""
    attacks = [a for a in actions if a.kind is ActionKind.ATTACK
               and q.position(a.target).zone is Zone.VC]
    if len(attacks) <= 1:
        return attacks[0] if attacks else _done(actions)
    powers: dict[int, int] = {}              # an attacker's power, once for all its targets
    for a in attacks:
        if a.card not in powers:
            powers[a.card] = q.power(state, a.card)
    return max(attacks, key=lambda a: powers[a.card])


def _boost(state: State, player: int, actions: Sequence[Action]) -> Action | None:
    return _first(actions, ActionKind.BOOST)


def _guard(state: State, player: int, actions: Sequence[Action]) -> Action | None:
    """Guard a vanguard attack that would hit once the damage is high: intercept first, then the
    smallest shield that is enough, then a sentinel."""
    assert state.battle is not None
    if state.battle.guard_group:               # ACT-27: finish the group it started
        return (_first(actions, ActionKind.YES) or _first(actions, ActionKind.GUARD)
                or _first(actions, ActionKind.NO))
    # The cheap tests first: the battle's totals only for a vanguard attack at high damage.
    if (q.position(state.battle.target).zone is not Zone.VC
            or q.damage_count(state, player) < _GUARD_FROM_DAMAGE):
        return _done(actions)
    attack, defence = q.battle_totals(state)
    if attack < defence:
        return _done(actions)
    intercept = _first(actions, ActionKind.INTERCEPT)
    if intercept is not None:
        return intercept
    guards = [a for a in actions if a.kind is ActionKind.GUARD]
    in_hand = [q.position(a.card).zone is Zone.HAND for a in guards]
    if q.guard_at_once(state, state.battle.attacker) > sum(in_hand):
        guards = [a for a, h in zip(guards, in_hand, strict=True) if not h]  # ACT-27: too few
    needed = attack - defence + 1
    defs = state.defs
    valued = [(q.shield(state, a.card), a) for a in guards
              if not defs[a.card].sentinel]  # type: ignore[union-attr]
    shields = sorted((v for v in valued if v[0] > 0), key=lambda v: v[0])     # stable
    enough = next((a for value, a in shields if value >= needed), None)
    if enough is not None:
        return enough
    sentinel = next((a for a in guards if defs[a.card].sentinel), None)  # type: ignore[union-attr]
    if sentinel is not None and len(state.board.zones[player][Zone.HAND]) >= 2:
        return sentinel
    return shields[-1][1] if shields else _done(actions)


def _choose_card(state: State, player: int, actions: Sequence[Action]) -> Action | None:
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


_RULES: dict[DecisionKind, Callable[[State, int, Sequence[Action]], Action | None]] = {
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
