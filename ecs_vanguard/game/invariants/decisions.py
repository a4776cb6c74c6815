"""Invariants of the pending decision: asked at the right moment of the right player, every
action naming cards and circles its kind implies."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ecs_vanguard.cards.schema import AbilityDef, AbilityKind
from ecs_vanguard.derived import query as q
from ecs_vanguard.game.invariants.board import _FRONT_RC, _REAR, _REAR_AND_ACCEL, _exists
from ecs_vanguard.state import State
from ecs_vanguard.vocab.decisions import Action, ActionKind, DecisionKind
from ecs_vanguard.vocab.formats import BattleStep, Phase, Stat
from ecs_vanguard.vocab.zones import (
    BACK_ROW,
    COLUMN_PARTNER,
    FRONT_ROW,
    Circle,
    Zone,
)


def check_decision_fits_the_moment(state: State) -> None:
    """The pending decision is asked by the top frame, or by the rules at the right phase and
    step of the right player (CORE-03..10, CORE-18)."""
    d = state.decision
    if d is None:
        return
    assert d.player in (0, 1), f"decision for player {d.player}"
    if state.stack:
        top = state.stack[-1]
        assert d.source == top.source, f"{d.kind.value} not asked by the resolving {top}"
        return
    t = state.turn
    assert d.source == -1, f"{d.kind.value} names source {d.source} with no ability resolving"
    moment = _MOMENTS.get(d.kind)
    if moment is not None:
        phase, step, defender = moment
        assert t.phase is phase and (step is None or t.step is step), (
            f"{d.kind.value} asked in {t.phase.value} {t.step}"
        )
        assert d.player == (1 - t.player if defender else t.player), (
            f"{d.kind.value} asked of player {d.player} in player {t.player}'s turn"
        )


def check_decision_actions(state: State) -> None:
    """The pending decision has actions, none repeated, each naming cards and circles where its
    kind implies: CALL from hand to an RC, ATTACK by a standing front-row unit, ...
    (CORE-05..18)."""
    d = state.decision
    if d is None:
        return
    assert d.actions, f"decision {d.kind.value} has no legal actions"
    assert len(_distinct(d.actions)) == len(d.actions), f"decision {d.kind.value} repeats actions"
    for action in d.actions:
        problem = _ACTION_RULES.get(action.kind, _cards_exist)(state, d.player, action)
        assert problem is None, f"{d.kind.value} decision of player {d.player}: {action}: {problem}"


def _distinct(actions: tuple[Action, ...]) -> set[tuple[object, ...]]:
    """The distinct actions, as the tuples of Action's fields that its generated __eq__ and
    __hash__ compare and hash: as many as a set of the Actions holds, without a call of the
    Python __hash__ for each (the enums' hash is in C)."""
    return {(a.kind, a.card, a.target, a.circle, a.index) for a in actions}


# -- the decision's moment and its actions ----------------------------------------------------

# The rules' own decisions: (phase, battle step or None, asked of the defender).
_MOMENTS: dict[DecisionKind, tuple[Phase, BattleStep | None, bool]] = {
    DecisionKind.MULLIGAN: (Phase.SETUP, None, False),
    DecisionKind.RIDE: (Phase.RIDE, None, False),
    DecisionKind.MAIN_PHASE: (Phase.MAIN, None, False),
    DecisionKind.ATTACK: (Phase.BATTLE, BattleStep.ATTACK, False),
    DecisionKind.BOOST: (Phase.BATTLE, BattleStep.BOOST, False),
    DecisionKind.GUARD: (Phase.BATTLE, BattleStep.GUARD, True),
}


def _in(state: State, player: int, card: int, *zones: Zone) -> bool:
    if _exists(state, card):
        lists = state.board.zones[player]
        for z in zones:  # a loop, not any() of a generator: this runs for most actions
            if card in lists[z]:
                return True
    return False


def _unit_of(state: State, player: int, card: int, row: frozenset[Circle]) -> bool:
    """True if `card` is a unit of `player` on a circle of `row`."""
    if not _exists(state, card):
        return False
    pos = q.position(card)
    on_row = pos.owner == player and pos.zone in (Zone.VC, Zone.RC) and pos.circle in row
    return on_row and not q.is_locked(card)  # ACT-23: a locked card is not a unit


def _cards_exist(state: State, player: int, a: Action) -> str | None:
    """The least any action must do: name only cards that exist (kinds without a rule yet)."""
    for card in (a.card, a.target):
        if card >= 0 and not _exists(state, card):
            return f"names card {card}, which does not exist"
    return None


def _bare(state: State, player: int, a: Action) -> str | None:
    return None if (a.card, a.target, a.circle) == (-1, -1, None) else "names a card or circle"


def _pick(state: State, player: int, a: Action) -> str | None:
    """A pick names one card, one circle (either player's) or one declared index (ACT-25)."""
    if (a.card >= 0) + (a.circle is not None) + (a.index >= 0) != 1 or a.target != -1:
        return "names not exactly one card, circle or index"
    if a.circle is not None:
        mine = a.circle in state.board.circles[0] or a.circle in state.board.circles[1]
        return None if mine else "picks a circle nobody has"
    return None if a.card < 0 or _exists(state, a.card) else "picks no existing card"


def _ride(state: State, player: int, a: Action) -> str | None:
    ok = _in(state, player, a.card, Zone.HAND, Zone.RIDE_DECK)
    return None if ok else "not in hand or ride deck"


def _call(state: State, player: int, a: Action) -> str | None:
    if not _in(state, player, a.card, Zone.HAND):
        return "card not in hand"
    rc = a.circle is not Circle.VC and a.circle in state.board.circles[player]
    return None if rc else "not onto one of the player's RCs"


def _move(state: State, player: int, a: Action) -> str | None:
    if not _unit_of(state, player, a.card, _REAR):
        return "not a rear-guard of the player"
    partner = COLUMN_PARTNER[cast(Circle, q.position(a.card).circle)]
    if partner is not a.circle:
        return "not along a column"
    moving = [a.card, *state.board.circles[player][partner]]
    if any(q.is_restricted(state, u, Stat.CANT_MOVE) for u in moving):
        return "a unit that cannot move (CORE-07)"
    return None


def _act(state: State, player: int, a: Action) -> str | None:
    """An act ability the card has now, by its slot in `query.abilities`: of the player's own
    card, or of a card in the opponent's order zone that the opponent's player uses (CORE-19,
    ACT-22, PRI-05)."""
    if not _exists(state, a.card):
        return "no such card"
    abilities = q.abilities(state, a.card)
    if not 0 <= a.index < len(abilities):
        return "no such ability slot"
    ability = cast(AbilityDef, abilities[a.index][2])
    if ability.kind is not AbilityKind.ACT:
        return "not an act ability"
    theirs = a.card in state.board.zones[1 - player][Zone.ORDER]
    if ability.by_opponent != theirs or (not theirs and q.position(a.card).owner != player):
        return "not an ability this player may use"
    valid = q.position(a.card).zone in ability.zones
    return None if valid else "not valid in its zone"


def _play_order(state: State, player: int, a: Action) -> str | None:
    if not _in(state, player, a.card, Zone.HAND):
        return "card not in hand"
    return None if state.card(a.card).order_type is not None else "not an order"


def _attack(state: State, player: int, a: Action) -> str | None:
    # CORE-09: the front row attacks; a back-row rear-guard only while an effect lets it (asked
    # only of a unit not in the front row: the restriction's query is the costly part).
    attacker = _unit_of(state, player, a.card, FRONT_ROW) or (
        _unit_of(state, player, a.card, _REAR)
        and q.is_restricted(state, a.card, Stat.ATTACK_FROM_BACK_ROW))
    if not attacker or not q.is_standing(a.card):
        return "not a standing front-row unit of the player (nor one let attack from the back)"
    if _unit_of(state, 1 - player, a.target, FRONT_ROW) or (
            _unit_of(state, 1 - player, a.target, BACK_ROW)
            and q.is_restricted(state, a.card, Stat.ATTACK_BACK_ROW)):
        return None
    return "target not in front row (nor a back-row one its attacker may attack)"


def _boost(state: State, player: int, a: Action) -> str | None:
    ok = (
        state.battle is not None
        and _unit_of(state, player, a.card, BACK_ROW)
        and q.is_standing(a.card)
    )
    return None if ok else "not a standing back-row unit of the attacker"


def _guard(state: State, player: int, a: Action) -> str | None:
    """From hand, or a G guardian from the G zone (CORE-10, GG-03)."""
    if state.battle is None or state.battle.player == player:
        return "not the attacked player in a battle"
    ok = _in(state, player, a.card, Zone.HAND, Zone.G_ZONE)
    return None if ok else "card not in hand or G zone"


def _intercept(state: State, player: int, a: Action) -> str | None:
    if state.battle is None or state.battle.player == player:
        return "not the attacked player in a battle"
    if q.is_restricted(state, a.card, Stat.CANT_INTERCEPT):
        return "an effect says it can't intercept"
    # CORE-10: a front-row rear-guard; a back-row one only while an effect lets it
    if _unit_of(state, player, a.card, _FRONT_RC) or (
            _unit_of(state, player, a.card, _REAR)
            and q.is_restricted(state, a.card, Stat.INTERCEPT_FROM_BACK_ROW)):
        return None
    return "not a front RC (nor one let intercept from the back row)"


def _overdress(state: State, player: int, a: Action) -> str | None:
    """OD-01: a card from hand onto one of the player's rear-guards."""
    if not _in(state, player, a.card, Zone.HAND):
        return "card not in hand"
    return None if _unit_of(state, player, a.target, _REAR_AND_ACCEL) else "target not a rear-guard"


def _play_auto(state: State, player: int, a: Action) -> str | None:
    pending = any(
        (p.source, p.index, p.player) == (a.card, a.index, player) for p in state.pending_autos
    )
    return None if pending else "no such pending auto of the player"


_ACTION_RULES: dict[ActionKind, Callable[[State, int, Action], str | None]] = {
    ActionKind.PICK: _pick,
    ActionKind.DONE: _bare,
    ActionKind.YES: _bare,
    ActionKind.NO: _bare,
    ActionKind.RIDE: _ride,
    ActionKind.CALL: _call,
    ActionKind.MOVE: _move,
    ActionKind.ACT: _act,
    ActionKind.PLAY_ORDER: _play_order,
    ActionKind.ATTACK: _attack,
    ActionKind.BOOST: _boost,
    ActionKind.GUARD: _guard,
    ActionKind.INTERCEPT: _intercept,
    ActionKind.PLAY_AUTO: _play_auto,
    ActionKind.OVERDRESS: _overdress,
}
