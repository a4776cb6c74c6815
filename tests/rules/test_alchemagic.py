"""ALC-01..03: Alchemagic: play order A binding order B from the drop, costs added, A then B."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardBound, CardsSearched, OrderPlayed, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    is_face_up,
    pick,
    zone_of,
)


def _alc(db, vanguard: str = "AS-004", drop=("AS-019",), damage=("DX-006",),
         soul=("DX-001",), **side0):
    return (vg.Scenario(db)
            .player(0, vanguard=vanguard, hand=["AS-022", "AS-022"], drop=list(drop),
                    soul=list(soul), damage=list(damage),
                    deck=["DX-006", "AS-005", "DX-007", "DX-006"], **side0)
            .player(1, vanguard="DX-104", rear={"front_left": "DX-102"}, deck=["DX-106"] * 6)
            .start(turn=3, turn_player=0, phase="main"))


def test_ALC_01_bind_b_add_its_cost_resolve_a_then_b(db):
    """ALC-01: choose A (grade at most the vanguard's), bind B of the stated type from the drop,
    pay both costs, resolve A's effect then B's; normal order A goes to the drop."""
    game = _alc(db)
    bolt = cards_in(game, 0, Zone.HAND)[0]
    index = card_named(game, 0, Zone.DROP, "AS-019")
    victim = game.state.board.circles[1][Circle.FRONT_LEFT][0]
    game.step(pick(game, ActionKind.PLAY_ORDER, card=bolt, target=index))
    assert CardBound(index, 0) in game.events and zone_of(game, index) is Zone.BIND
    assert zone_of(game, victim) is Zone.DROP                     # A's effect first
    assert game.decision.kind is DecisionKind.CHOOSE_CARD         # then B's search
    assert not cards_in(game, 0, Zone.SOUL)                       # A's cost: soul blast 1
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])  # B's cost: counter blast 1
    found = card_named(game, 0, Zone.DECK, "AS-005")
    game.step(pick(game, ActionKind.PICK, card=found))
    assert zone_of(game, found) is Zone.HAND and zone_of(game, bolt) is Zone.DROP
    assert events_of(game, CardsSearched)[-1].found == (found,)


def test_ALC_01_alchemagic_needs_the_vanguard_the_name_rule_and_the_combined_cost(db):
    """ALC-01: only with the vanguard's Alchemagic, B's name as it says, and both costs
    payable."""
    game = _alc(db, vanguard="AS-003")
    assert not any(a.target >= 0 for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER)
    game = _alc(db, drop=("AS-022",))                              # Seraphine: other names only
    assert not any(a.target >= 0 for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER)
    game = _alc(db, vanguard="AS-005", drop=("AS-022",),           # the Oracle: the same name
                soul=("DX-001", "DX-001"))
    assert any(a.target >= 0 for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER)
    # CORE-19: A's Soul Blast 1 and B's Soul Blast 1 need two soul cards; one pays only one.
    game = _alc(db, vanguard="AS-005", drop=("AS-022",))
    assert not any(a.target >= 0 for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER)
    game = _alc(db, damage=())                                     # B's CB1 cannot be paid
    assert not any(a.target >= 0 for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER)
    assert has_action(game, ActionKind.PLAY_ORDER, card=cards_in(game, 0, Zone.HAND)[0])


def test_ALC_02_an_alchemagic_play_is_the_order_of_the_turn(db):
    """ALC-02: after an Alchemagic play no other order can be played this turn."""
    game = _alc(db)
    bolt = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.PLAY_ORDER, card=bolt, target=card_named(
        game, 0, Zone.DROP, "AS-019")))
    game.step(pick(game, ActionKind.DONE))                          # search finds nothing
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert not has_action(game, ActionKind.PLAY_ORDER)
    assert len(events_of(game, OrderPlayed)) == 1


def test_ALC_03_both_effects_are_effects_of_the_order_ability(db):
    """ALC-03: A's and B's effects are both effects of the order ability played (its card is
    their source)."""
    game = _alc(db)
    bolt = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.PLAY_ORDER, card=bolt, target=card_named(
        game, 0, Zone.DROP, "AS-019")))
    retire = events_of(game, UnitRetired)[-1]
    assert retire.source == bolt
    assert game.state.stack and game.state.stack[-1].source == bolt and game.state.stack[-1].is_order
