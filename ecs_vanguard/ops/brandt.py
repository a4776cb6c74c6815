"""Brandt Gate actions: imprison, release from prison, make tokens, World contents
(PRI-01..05, TOK-01..08, WLD-01, WLD-02). What is imprisoned and what a World's content is are
facts (`query.imprisoned_in`, `query.world_content`)."""

from __future__ import annotations

from collections.abc import Sequence

from components import Imprisoned, Token
from ecs_vanguard.derived import query as q
from ecs_vanguard.ops.emit import batch, emit
from ecs_vanguard.ops.units import add_modifier
from ecs_vanguard.ops.zones import create_card, move_card
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.events import CardImprisoned, UnitCalled, UnitPlaced, WorldChanged
from ecs_vanguard.vocab.formats import Duration, Stat
from ecs_vanguard.vocab.zones import Circle, Zone


def imprison(state: State, jailer: int, card: int) -> bool:
    """PRI-01: with a Prison in the jailer's order zone, put the opponent's card there as
    imprisoned (an overDress unit takes its dress sources along, OD-06); with no Prison,
    nothing can be imprisoned. Return whether it happened."""
    if not q.prisons(state, jailer) or q.position(card).owner == jailer:
        return False
    with batch(state):
        move_card(state, card, Zone.ORDER, imprisoned_by=jailer)
        emit(state, CardImprisoned(card, q.position(card).owner, jailer))
    return True


def has_unjailed(state: State) -> bool:
    """True if an order zone with no Prison holds imprisoned cards (PRI-04 applies)."""
    if not world.present(Imprisoned):
        return False                        # nothing is imprisoned: the usual case, kept cheap
    return any(q.imprisoned_in(state, p) and not q.prisons(state, p) for p in (0, 1))


def release_unjailed(state: State) -> bool:
    """PRI-04 (a rule action): an order zone with no Prison sends its imprisoned cards to their
    owners' drops. Return True if any moved."""
    if not world.present(Imprisoned):
        return False                        # nothing is imprisoned: the usual case, kept cheap
    moved = False
    for player in (0, 1):
        held = q.imprisoned_in(state, player)
        if held and not q.prisons(state, player):
            for card in held:
                move_card(state, card, Zone.DROP)
            moved = True
    return moved


def make_tokens(state: State, player: int, card_id: str, circles: Sequence[Circle]) -> list[int]:
    """TOK-06, TOK-08: make one token on each chosen RC, all at once (one batch, seed 004 §7
    ②); each is a superior call and an appearance (a unit already there is retired by rule
    action, CORE-17)."""
    made = []
    with batch(state):
        for circle in circles:
            token = create_card(state, player, card_id, Zone.RC, circle=circle,
                                statuses=(Token(),))
            emit(state, UnitCalled(token, player, circle, Zone.RC, Zone.REMOVED, True,
                                   state.source))
            emit(state, UnitPlaced(token, player, Zone.RC, circle, Zone.REMOVED))
            made.append(token)
    return made


def set_world_content(state: State, player: int, content: str, until: Duration) -> None:
    """Change the content of the player's Worlds for a period; the change replaces the old
    content (WLD-01)."""
    for card in q.worlds(state, player):
        add_modifier(state, card, Stat.WORLD_CONTENT, 0, until, content)
        emit(state, WorldChanged(card, player, content))
