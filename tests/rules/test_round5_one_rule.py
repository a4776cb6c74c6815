"""One rule, one implementation (issue 35, CORE-10, GG-05): whether a card may be called to GC
is decided in one place for every form of the guard grade limit, a rule change ("your opponent
cannot call grade 1 or greater from hand to GC") or a restriction on the attacking unit ("when
it attacks, grade 0 cannot be called"), and for every call to GC: from hand in the guard step,
a G guardian from the G zone, an effect's call. Each test has its control.

The invented cards live in round5_cards.toml next to this file."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import card_named, pick, unit_at, zone_of

CARDS = Path(__file__).with_name("round5_cards.toml")
RULE, RESTRICT = "R5-LIMIT-RULE", "R5-LIMIT-RESTRICT"
MAX_0, MIN_1 = 0, 1                 # R5-LIMIT-RULE's ACTs: guard maximum 0, guard minimum 1
G_GUARDIAN = "PG-003"               # G guardian, cost: discard a heal trigger
G0 = "PX-013"                       # a grade 0 heal trigger
G2 = "PX-005"                       # a grade 2
DECK = ["DX-006"] * 10


@pytest.fixture(scope="module")
def rdb(tdb: vg.CardDB) -> vg.CardDB:
    """The test pool with the round 5 cards."""
    return vg.CardDB.load(CARDS, base=tdb)


def _guard_step(db: vg.CardDB, vanguard: str, act: int | None, hand: list[str] | None = None
                ) -> vg.Game:
    """Player 0's vanguard uses its ACT `act` (None: not), then attacks player 1's vanguard;
    player 1 (a G guardian in the G zone) is to guard."""
    game = (vg.Scenario(db, format="premium")
            .player(0, vanguard=vanguard, deck=list(DECK))
            .player(1, vanguard="PX-008", g_zone=[G_GUARDIAN], hand=hand or [G0, G2],
                    deck=list(DECK))
            .start(turn=3, phase="main"))
    if act is not None:
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=act))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC)))
    assert game.decision.kind is DecisionKind.GUARD and game.decision.player == 1
    return game


def _guards(game: vg.Game) -> set[str]:
    """The ids of the cards offered to guard with (hand and G zone)."""
    return {game.state.card(a.card).id for a in game.legal_actions()
            if a.kind is ActionKind.GUARD}


def test_GG_05_CORE_10_control_the_g_guardian_and_both_grades_are_offered(rdb):
    """GG-01, CORE-10 (control): with no limit, the grade 0, the grade 2 and the G guardian."""
    assert _guards(_guard_step(rdb, RULE, None)) == {G0, G2, G_GUARDIAN}


def test_GG_05_CORE_10_a_rule_change_guard_maximum_spares_the_g_guardian(rdb):
    """CORE-10, GG-05: "cannot call grade 1 or greater from hand to GC" refuses the grade 2 in
    hand, not the G guardian called from the G zone."""
    assert _guards(_guard_step(rdb, RULE, MAX_0)) == {G0, G_GUARDIAN}


def test_GG_05_CORE_10_a_rule_change_guard_minimum_spares_the_g_guardian(rdb):
    """CORE-10, GG-05: "cannot call grade 0 from hand to GC" refuses the grade 0 only."""
    assert _guards(_guard_step(rdb, RULE, MIN_1)) == {G2, G_GUARDIAN}


def test_GG_05_CORE_10_a_restriction_guard_minimum_spares_the_g_guardian(rdb):
    """CORE-10, GG-05: the same limit as a restriction on the attacking unit refuses the grade
    0 only, like the rule change."""
    assert _guards(_guard_step(rdb, RESTRICT, 0)) == {G2, G_GUARDIAN}


def test_CORE_10_the_limit_as_a_rule_change_and_as_a_restriction_offer_the_same_actions(rdb):
    """CORE-10: one decision of a call to GC: the two forms of "no grade 0 to GC" leave exactly
    the same guard actions (by card id), G guardian included."""
    by_rule = _guard_step(rdb, RULE, MIN_1)
    by_restriction = _guard_step(rdb, RESTRICT, 0)
    assert _guards(by_rule) == _guards(by_restriction) != _guards(_guard_step(rdb, RULE, None))


def _blitz_call(game: vg.Game) -> None:
    """Player 1 plays R5-BLITZ-CALL (call a card from hand to GC) in the guard step."""
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 1, Zone.HAND,
                                                                "R5-BLITZ-CALL")))


def test_CORE_10_an_effects_call_to_gc_from_hand_obeys_the_rule_change(rdb):
    """CORE-10: a blitz order's "call a card from your hand to GC" under "cannot call grade 1
    or greater from hand to GC" can call the grade 0 only; the control offers both."""
    game = _guard_step(rdb, RULE, None, [G0, G2, "R5-BLITZ-CALL"])
    _blitz_call(game)
    offered = {game.state.card(a.card).id for a in game.legal_actions()
               if a.kind is ActionKind.PICK}
    assert offered == {G0, G2}
    game = _guard_step(rdb, RULE, MAX_0, [G0, G2, "R5-BLITZ-CALL"])
    grade_2 = card_named(game, 1, Zone.HAND, G2)
    _blitz_call(game)
    assert not any(a.card == grade_2 for a in game.legal_actions())
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 1, Zone.HAND, G0)))
    assert [game.state.card(c).id for c in game.state.board.zones[1][Zone.GC]] == [G0]
    assert zone_of(game, grade_2) is Zone.HAND


def test_CORE_10_an_effects_call_to_gc_from_hand_obeys_the_attackers_restriction(rdb):
    """CORE-10: the restriction on the attacking unit binds an effect's call from hand to GC as
    well: the grade 0 cannot be called by the blitz order, the grade 2 can."""
    game = _guard_step(rdb, RESTRICT, 0, [G0, G2, "R5-BLITZ-CALL"])
    grade_0 = card_named(game, 1, Zone.HAND, G0)
    _blitz_call(game)
    assert not any(a.card == grade_0 for a in game.legal_actions())
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 1, Zone.HAND, G2)))
    assert [game.state.card(c).id for c in game.state.board.zones[1][Zone.GC]] == [G2]
