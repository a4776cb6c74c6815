"""Study of six products (issue 19), the V-era trial deck V-TD01: the cards of it whose V text
was found (tests/cards/corpus/p_v_td.toml), each played in a position built for it and in one
where its condition or cost fails. Rules cited: ACT-07 (superior call), ACT-04 (retire),
ACT-16/18 (counter and soul blast), TERM-05 (a card's names), CORE-15 (imaginary gift)."""

from __future__ import annotations

from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import call_from_hand, ride_from_hand
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    has_action,
    ids_in,
    is_face_up,
    pick,
    plays_of,
    power_of,
    unit_at,
    zone_of,
)

EARLY, BLADE, ALWEN = "PW-001", "PW-002", "PW-003"
CLASSIC_BLADE = "PC-005"  # the classic card of the same name
G1 = "PX-009"  # a vanilla grade 1


def _ride_early(ldb, **me):
    """Player 0 rides «Aldric Dawnrise» from hand onto a «Lumen Blade» vanguard (the grade 2
    goes to the soul)."""
    side = {"vanguard": BLADE, "hand": [EARLY], "damage": [G2], **me}
    game = scene(ldb, side, phase="ride")
    early = ride_from_hand(game, 0, EARLY)
    return game, early


def test_PW_001_CB1_calls_the_blade_from_the_soul_powers_it_and_draws(ldb):
    """ACT-07, ACT-16: placed on VC, COST [CB1]: the «Lumen Blade» that was the vanguard is
    called from the soul to RC, gets +10000 until end of turn, and a card is drawn."""
    game, early = _ride_early(ldb)
    assert game.decision.kind is DecisionKind.YES_NO
    game.step(pick(game, ActionKind.YES))
    blade = cards_in(game, 0, Zone.SOUL)[0]
    game.step(pick(game, ActionKind.PICK, card=blade))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == blade
    assert power_of(game, blade) == 20000
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])  # the counter blast
    assert ids_in(game, 0, Zone.HAND) == [G2]  # the draw (the deck holds vanilla grade 2s)
    assert plays_of(game, early) == 1


def test_PW_001_calls_from_the_hand_too_and_a_classic_namesake_counts(ldb):
    """TERM-05: the call looks in hand and soul for the name; the classic card of that name
    (PC-005) is a «Lumen Blade» as well and may be the one called from hand."""
    game, _ = _ride_early(ldb, hand=[EARLY, CLASSIC_BLADE, G1])
    game.step(pick(game, ActionKind.YES))
    offered = {
        game.state.card(a.card).id for a in game.legal_actions() if a.kind is ActionKind.PICK
    }
    assert offered == {BLADE, CLASSIC_BLADE}  # not the grade 1 of the hand
    classic = card_named(game, 0, Zone.HAND, CLASSIC_BLADE)
    game.step(pick(game, ActionKind.PICK, card=classic))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == classic
    assert power_of(game, classic) == ldb[CLASSIC_BLADE].power + 10000


def test_PW_001_calling_nothing_draws_nothing(ldb):
    """ "If you called": choosing no card (up to one) pays the cost but draws no card."""
    game, _ = _ride_early(ldb)
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.DONE))
    assert ids_in(game, 0, Zone.HAND) == []
    assert ids_in(game, 0, Zone.SOUL) == [BLADE]


def test_PW_001_without_a_face_up_damage_the_auto_cannot_be_paid(ldb):
    """ACT-16: a counter blast needs a face-up damage card: with none, nothing is asked, the
    soul keeps its «Lumen Blade» and no card is drawn."""
    game, _ = _ride_early(ldb, damage=[])
    assert game.decision.kind is not DecisionKind.YES_NO
    assert ids_in(game, 0, Zone.SOUL) == [BLADE] and ids_in(game, 0, Zone.HAND) == []


def test_PW_001_carries_the_force_gift(ldb):
    """CORE-15: the V-era grade 3 shows the Force icon; twin drive like every grade 3."""
    card = ldb[EARLY]
    assert card.gift is not None and card.gift.value == "force"


def _blade_scene(ldb, rear: dict, them_rear: dict, *, soul=(G2,), damage=(G2,)):
    me = {"vanguard": V3, "hand": [BLADE], "soul": list(soul), "damage": list(damage), "rear": rear}
    them = {"vanguard": V3, "rear": them_rear}
    return scene(ldb, me, them)


def test_PW_002_placed_on_RC_retires_a_front_row_rear_guard_only(ldb):
    """ACT-04, ACT-16, ACT-18: called to RC, COST [CB1 & SB1]: one of the opponent's front-row
    rear-guards is retired; a back-row one is not offered."""
    game = _blade_scene(ldb, {}, {"front_left": G2, "front_right": G2, "back_left": G1})
    front, back = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.BACK_LEFT)
    other = unit_at(game, 1, Circle.FRONT_RIGHT)
    call_from_hand(game, 0, BLADE, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.YES))
    offered = {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK}
    assert offered == {front, other}  # the front row only, not the back-row unit
    game.step(pick(game, ActionKind.PICK, card=front))
    assert zone_of(game, front) is Zone.DROP
    assert zone_of(game, back) is Zone.RC and zone_of(game, other) is Zone.RC
    assert ids_in(game, 0, Zone.SOUL) == [] and len(cards_in(game, 0, Zone.DROP)) == 1


def test_PW_002_with_an_empty_soul_the_cost_cannot_be_paid(ldb):
    """ACT-18: both blasts are one cost, all or nothing: with no soul nothing is asked and no
    damage card is turned."""
    game = _blade_scene(ldb, {}, {"front_left": G2}, soul=())
    call_from_hand(game, 0, BLADE, Circle.FRONT_RIGHT)
    assert game.decision.kind is not DecisionKind.YES_NO
    assert zone_of(game, unit_at(game, 1, Circle.FRONT_LEFT)) is Zone.RC
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


def test_PW_002_on_VC_gets_a_critical_with_four_rear_guards(ldb):
    """The cont on VC: +1 critical while four or more rear-guards stand behind it, none with
    three; on RC it gives nothing."""
    four = {"front_left": G2, "front_right": G2, "back_left": G1, "back_right": G1}
    game = scene(ldb, {"vanguard": BLADE, "rear": four})
    assert critical_of(game, unit_at(game, 0, Circle.VC)) == 2
    three = {"front_left": G2, "front_right": G2, "back_left": G1}
    game = scene(ldb, {"vanguard": BLADE, "rear": three})
    assert critical_of(game, unit_at(game, 0, Circle.VC)) == 1
    game = scene(ldb, {"vanguard": V3, "rear": {**four, "back_center": BLADE}})
    assert critical_of(game, unit_at(game, 0, Circle.BACK_CENTER)) == 1


def _alwen_scene(ldb, vanguard: str, hand: list[str], damage=(G2,)):
    return scene(ldb, {"vanguard": vanguard, "hand": [ALWEN, *hand], "damage": list(damage)})


def test_PW_003_calls_a_card_up_to_the_vanguard_grade_draws_and_gains_3000(ldb):
    """ACT-07: placed on RC, COST [CB1]: a card of the hand of grade at most the vanguard's is
    called (a grade 3 above a grade 2 vanguard is not offered); then a draw and +3000."""
    game = _alwen_scene(ldb, BLADE, [G2, V3])
    alwen = call_from_hand(game, 0, ALWEN, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.YES))
    offered = {
        game.state.card(a.card).id for a in game.legal_actions() if a.kind is ActionKind.PICK
    }
    assert offered == {G2}
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, G2)))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert ids_in(game, 0, Zone.HAND) == [V3, G2]  # the grade 3 kept, a card drawn
    assert power_of(game, alwen) == 8000 + 3000


def test_PW_003_calling_nothing_gives_neither_draw_nor_power(ldb):
    """ "If you called": the cost paid and no card called, no draw and no +3000; under a grade 1
    vanguard a grade 2 of the hand is not offered at all."""
    game = _alwen_scene(ldb, G1, [G2])
    alwen = call_from_hand(game, 0, ALWEN, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.YES))
    assert not has_action(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, G2))
    assert game.decision.kind is DecisionKind.MAIN_PHASE  # nothing could be called
    assert ids_in(game, 0, Zone.HAND) == [G2]
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])  # the cost was paid
    assert power_of(game, alwen) == 8000


def test_PW_003_without_a_face_up_damage_nothing_happens(ldb):
    """ACT-16: no face-up damage, no counter blast: the auto is not asked."""
    game = _alwen_scene(ldb, BLADE, [G2], damage=())
    alwen = call_from_hand(game, 0, ALWEN, Circle.BACK_LEFT)
    assert game.decision.kind is not DecisionKind.YES_NO
    assert ids_in(game, 0, Zone.HAND) == [G2] and power_of(game, alwen) == 8000
