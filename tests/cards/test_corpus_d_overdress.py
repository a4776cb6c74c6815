"""Study "overDress and a V booster" (2026-12), product 1: Dragon Empire's overDress cards of
D-BT01..D-BT04 (tests/cards/corpus/p_d_overdress.toml, ids PR-001..016). Each test plays the
card's effect in a position built for it and a position where its condition or cost fails.
«Trickglow» is the D-SD01 study's PD-009 (the real «Trickstar»), «Samsara» its PD-001. A unit in
overDress has at least one dress source (OD-03); its dress sources are its originalDress."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.scopes import keywords
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import UnitCalled, UnitPlaced
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import attack, call_from_hand, no_guard, pay_first_cards, say_yes
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    events_of,
    has_action,
    ids_in,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)

VALOROSA, ARCUS, TIDEBREAKER, ERGO, HORN, PRAYER = (
    "PR-001", "PR-002", "PR-003", "PR-004", "PR-005", "PR-006")
EXPECTANS, HIMARI, TESSALY, FLARESCORN, TENZAN, ECHO = (
    "PR-007", "PR-008", "PR-009", "PR-010", "PR-011", "PR-012")
ESPERANZA, MAHA, RETSUZAN, WISH = "PR-013", "PR-014", "PR-015", "PR-016"
TRICK, VERMILIA, SAMSARA = "PD-009", "PD-006", "PD-001"
G1 = "PX-002"


def _overdress(game: vg.Game, card_id: str, circle: Circle = Circle.FRONT_LEFT) -> int:
    """OD-01: overDress `card_id` from hand onto the rear-guard on `circle`."""
    card = card_named(game, 0, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.OVERDRESS, card=card, target=unit_at(game, 0, circle)))
    return card


def test_OD_01_a_card_designating_only_a_rear_guard_in_overdress_is_offered_onto_one(ldb):
    """OD-01 with the designation "a rear-guard in overDress" and no name (D-BT03/001): onto a
    rear-guard in overDress it is offered, onto one that is not it is not; the card counts as a
    card with overDress (`keyword = "overdress"`)."""
    game = scene(ldb, {"vanguard": V3, "hand": [EXPECTANS],
                       "rear": {"front_left": VERMILIA, "front_right": TRICK},
                       "dress": {"front_left": [TRICK]}})
    card = card_named(game, 0, Zone.HAND, EXPECTANS)
    assert has_action(game, ActionKind.OVERDRESS, card=card,
                      target=unit_at(game, 0, Circle.FRONT_LEFT))
    assert not has_action(game, ActionKind.OVERDRESS, card=card,
                          target=unit_at(game, 0, Circle.FRONT_RIGHT))
    assert "overdress" in keywords(ldb[EXPECTANS])


def test_OD_01_superior_overdress_puts_the_card_onto_that_rear_guard_not_a_call(ldb):
    """OD-01 (PR-004's step): at the end of the battle its «Trickglow» attacked a vanguard, SB2:
    the card from hand goes onto that RC, the «Trickglow» becomes its dress source; it is placed
    (OD-12), not called (OD-02), and CC1 turns one of the two face-down damage face up."""
    game = _ergo_battle(ldb, vanguard=SAMSARA)
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    no_guard(game)
    say_yes(game)
    pay_first_cards(game)
    ergo = unit_at(game, 0, Circle.FRONT_LEFT)
    assert game.state.card(ergo).id == ERGO and q.dress_sources(game.state, ergo) == [trick]
    assert not [e for e in events_of(game, UnitCalled) if e.card == ergo]
    assert [e for e in events_of(game, UnitPlaced) if e.card == ergo]
    assert sum(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 1
    assert power_of(game, ergo) == 23000


def test_OD_01_a_superior_overdress_is_a_placing_on_rc(ldb):
    """OD-12 with OD-01: the unit overDressed by an effect is placed on RC, so Flarescorn's
    "your unit in overDress is placed" gives it +5000 (13000 + 10000 + 5000); the dress source
    keeps no power of its own on the field (OD-04)."""
    game = _ergo_battle(ldb, vanguard=SAMSARA, back={"back_right": FLARESCORN})
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    no_guard(game)
    say_yes(game)
    pay_first_cards(game)
    ergo = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, ergo) == 28000
    assert trick not in q.rear_guards(game.state, 0) and zone_of(game, trick) is Zone.DRESS


def _ergo_battle(ldb, vanguard: str, target: Circle = Circle.VC,
                 back: dict | None = None) -> vg.Game:
    game = scene(ldb, {"vanguard": vanguard, "hand": [ERGO], "soul": [G2, G2],
                       "damage": [G2, G2], "damage_face_down": 2,
                       "rear": {"front_left": TRICK, **(back or {})}},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, target))
    return game


def test_PR_004_not_without_samsara_nor_after_an_attack_on_a_rear_guard(ldb):
    """With a vanilla vanguard, or after the «Trickglow» attacked a rear-guard, Ergo stays in
    hand and nothing is asked."""
    for vanguard, target in ((V3, Circle.VC), (SAMSARA, Circle.FRONT_LEFT)):
        game = _ergo_battle(ldb, vanguard, target)
        no_guard(game)
        assert not has_action(game, ActionKind.YES)
        assert ids_in(game, 0, Zone.HAND) == [ERGO]


def test_PR_004_in_overdress_plus_10000_power_and_shield(ldb):
    """Cont on RC in overDress: +10000 power and +10000 shield; without a dress source the
    printed 13000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": ERGO, "front_right": ERGO},
                       "dress": {"front_left": [TRICK]}})
    dressed, bare = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    assert (power_of(game, dressed), q.shield(game.state, dressed)) == (23000, 10000)
    assert power_of(game, bare) == 13000


def test_PR_001_overdress_onto_trickglow_or_a_dressed_unit_plus_5000_per_source(ldb):
    """onto «Trickglow»: one source, 18000; onto a «Vermilia» in overDress: it and its
    «Trickglow» are both sources (OD-01), 23000; not onto a vanilla rear-guard."""
    game = scene(ldb, {"vanguard": V3, "hand": [VALOROSA, VALOROSA],
                       "rear": {"front_left": TRICK, "front_right": VERMILIA, "back_left": G2},
                       "dress": {"front_right": [TRICK]}})
    card = card_named(game, 0, Zone.HAND, VALOROSA)
    assert not has_action(game, ActionKind.OVERDRESS, card=card,
                          target=unit_at(game, 0, Circle.BACK_LEFT))
    one = _overdress(game, VALOROSA, Circle.FRONT_LEFT)
    two = _overdress(game, VALOROSA, Circle.FRONT_RIGHT)
    assert power_of(game, one) == 18000
    assert len(q.dress_sources(game.state, two)) == 2 and power_of(game, two) == 23000


def test_PR_001_not_in_overdress_the_printed_power(ldb):
    """Called normally (no dress source) it is not in overDress: 13000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": VALOROSA}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 13000


def _valorosa_hits(ldb, dressed: bool = True) -> tuple[vg.Game, int]:
    me = {"vanguard": V3, "hand": [G2], "damage": [G2], "rear": {"front_left": VALOROSA}}
    if dressed:
        me["dress"] = {"front_left": [TRICK]}
    game = scene(ldb, me, phase="battle")
    valorosa = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, valorosa, unit_at(game, 1, Circle.VC))
    no_guard(game)
    return game, valorosa


def test_PR_001_hit_in_overdress_cb1_and_discard_stand_once_a_turn(ldb):
    """Its hit in overDress, CB1 & discard: it stands; the next hit asks nothing (1/Turn)."""
    game, valorosa = _valorosa_hits(ldb)
    say_yes(game)
    pay_first_cards(game)
    assert q.is_standing(valorosa) and ids_in(game, 0, Zone.HAND) == []
    attack(game, valorosa, unit_at(game, 1, Circle.VC))
    no_guard(game)
    assert not has_action(game, ActionKind.YES)


def test_PR_001_hit_out_of_overdress_asks_nothing(ldb):
    """Not in overDress, its hit asks nothing and it stays rested."""
    game, valorosa = _valorosa_hits(ldb, dressed=False)
    assert not has_action(game, ActionKind.YES) and not q.is_standing(valorosa)


def test_PR_002_placed_in_overdress_cb1_draw_two_plus_5000(ldb):
    """overDressed onto «Trickglow» (an appearance on RC, OD-12), CB1: two cards drawn and
    13000 + 5000."""
    game = scene(ldb, {"vanguard": V3, "hand": [ARCUS], "damage": [G2],
                       "rear": {"front_left": TRICK}})
    arcus = _overdress(game, ARCUS)
    say_yes(game)
    pay_first_cards(game)
    assert len(cards_in(game, 0, Zone.HAND)) == 2 and power_of(game, arcus) == 18000


def test_PR_002_called_normally_asks_nothing(ldb):
    """A normal call is not in overDress: no question, nothing drawn."""
    game = scene(ldb, {"vanguard": V3, "hand": [ARCUS], "damage": [G2]})
    call_from_hand(game, 0, ARCUS, Circle.FRONT_LEFT)
    assert not has_action(game, ActionKind.YES) and cards_in(game, 0, Zone.HAND) == []


def test_PR_003_placed_with_a_unit_in_overdress_cb1_retires(ldb):
    """With a «Vermilia» in overDress, called: CB1, an opponent's rear-guard retired; with no
    unit in overDress nothing is asked."""
    for dressed in (True, False):
        me = {"vanguard": V3, "hand": [TIDEBREAKER], "damage": [G2],
              "rear": {"front_left": VERMILIA}}
        if dressed:
            me["dress"] = {"front_left": [TRICK]}
        game = scene(ldb, me, {"vanguard": V3, "rear": {"front_left": G2}})
        victim = unit_at(game, 1, Circle.FRONT_LEFT)
        call_from_hand(game, 0, TIDEBREAKER, Circle.FRONT_RIGHT)
        assert has_action(game, ActionKind.YES) is dressed
        if dressed:
            say_yes(game)
            pay_first_cards(game)
            assert zone_of(game, victim) is Zone.DROP


def test_PR_005_discard_an_overdress_card_draw_two(ldb):
    """Normal order: discard a card with overDress, draw two; with only a vanilla card in hand
    it cannot be played."""
    game = scene(ldb, {"vanguard": V3, "hand": [HORN, VERMILIA]})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, HORN)))
    pay_first_cards(game)
    assert ids_in(game, 0, Zone.DROP).count(VERMILIA) == 1
    assert len(cards_in(game, 0, Zone.HAND)) == 2
    game = scene(ldb, {"vanguard": V3, "hand": [HORN, G2]})
    assert not has_action(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, HORN))


def _prayer(ldb, dressed: bool, soul: int = 1) -> vg.Game:
    """The opponent's vanguard attacks player 0's; player 0 plays the blitz order in the guard
    step and picks the vanguard if asked."""
    me = {"vanguard": V3, "hand": [PRAYER], "soul": [G2] * soul, "rear": {"front_left": ARCUS}}
    if dressed:
        me["dress"] = {"front_left": [TRICK]}
    game = scene(ldb, me, {"vanguard": V3}, phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    return game


def test_PR_006_blitz_sb1_with_a_rear_guard_in_overdress_plus_15000_for_the_battle(ldb):
    """SB1 in the guard step, a rear-guard in overDress: the chosen vanguard +15000 until the
    battle ends; without one the soul is spent and nothing else happens."""
    for dressed, power in ((True, 28000), (False, 13000)):
        game = _prayer(ldb, dressed)
        vanguard = unit_at(game, 0, Circle.VC)
        game.step(pick(game, ActionKind.PLAY_ORDER,
                       card=card_named(game, 0, Zone.HAND, PRAYER)))
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=vanguard))
        assert power_of(game, vanguard) == power and cards_in(game, 0, Zone.SOUL) == []
        if dressed:
            game.step(pick(game, ActionKind.DONE))
            assert power_of(game, vanguard) == 13000
    game = _prayer(ldb, True, soul=0)
    assert not has_action(game, ActionKind.PLAY_ORDER,
                          card=card_named(game, 0, Zone.HAND, PRAYER))


def test_PR_007_attacking_a_grade_3_vanguard_cb1_plus_15000_crit_then_sources_to_drop(ldb):
    """In overDress against a grade 3 vanguard, CB1: +15000 and critical 2 for the battle; at
    its end the originalDress goes to the drop and the unit is no longer in overDress."""
    game = _expectans_attacks(ldb, dressed=True)
    expectans = unit_at(game, 0, Circle.FRONT_LEFT)
    say_yes(game)
    pay_first_cards(game)
    assert (power_of(game, expectans), critical_of(game, expectans)) == (28000, 2)
    no_guard(game)
    assert q.dress_sources(game.state, expectans) == []
    assert sorted(ids_in(game, 0, Zone.DROP)) == sorted([TRICK, VERMILIA])
    assert (power_of(game, expectans), critical_of(game, expectans)) == (13000, 1)
    assert damage_count(game, 1) == 2


def _expectans_attacks(ldb, dressed: bool, them: str = V3) -> vg.Game:
    me = {"vanguard": V3, "damage": [G2], "rear": {"front_left": EXPECTANS}}
    if dressed:
        me["dress"] = {"front_left": [VERMILIA, TRICK]}
    game = scene(ldb, me, {"vanguard": them}, phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    return game


def test_PR_007_not_against_a_grade_2_vanguard_nor_out_of_overdress(ldb):
    """Against a grade 2 vanguard, or not in overDress, nothing is asked."""
    for dressed, them in ((True, G2), (False, V3)):
        game = _expectans_attacks(ldb, dressed, them)
        assert not has_action(game, ActionKind.YES)


def test_PR_008_placed_cb1_an_overdress_card_of_the_top_seven_to_hand(ldb):
    """CB1: of the top seven, the «Vermilia» (sixth) is revealed into the hand and the deck
    shuffled; without a face-up damage nothing is asked."""
    deck = [G2] * 5 + [VERMILIA] + [G2] * 4
    game = scene(ldb, {"vanguard": V3, "hand": [HIMARI], "damage": [G2], "deck": deck})
    call_from_hand(game, 0, HIMARI, Circle.BACK_LEFT)
    say_yes(game)
    pay_first_cards(game)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, VERMILIA)))
    assert ids_in(game, 0, Zone.HAND) == [VERMILIA] and VERMILIA not in ids_in(game, 0, Zone.DECK)
    game = scene(ldb, {"vanguard": V3, "hand": [HIMARI], "damage": [G2], "damage_face_down": 1,
                       "deck": deck})
    call_from_hand(game, 0, HIMARI, Circle.BACK_LEFT)
    assert not has_action(game, ActionKind.YES)


def test_PR_008_an_overdress_card_eighth_from_the_top_is_not_found(ldb):
    """Seven cards only: a «Vermilia» eighth stays in the deck."""
    deck = [G2] * 7 + [VERMILIA] + [G2] * 2
    game = scene(ldb, {"vanguard": V3, "hand": [HIMARI], "damage": [G2], "deck": deck})
    call_from_hand(game, 0, HIMARI, Circle.BACK_LEFT)
    say_yes(game)
    pay_first_cards(game)
    assert cards_in(game, 0, Zone.HAND) == [] and VERMILIA in ids_in(game, 0, Zone.DECK)


def test_PR_009_hit_cb1_an_overdress_card_from_the_drop_to_hand(ldb):
    """Its hit, CB1: the «Vermilia» of the drop to hand (not the «Trickglow»); a miss asks
    nothing."""
    for hits in (True, False):
        them = {"vanguard": G2 if hits else V3}
        game = scene(ldb, {"vanguard": V3, "damage": [G2], "drop": [TRICK, VERMILIA],
                           "rear": {"front_left": TESSALY}}, them, phase="battle")
        attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
        no_guard(game)
        assert has_action(game, ActionKind.YES) is hits
        if hits:
            say_yes(game)
            pay_first_cards(game)
            assert ids_in(game, 0, Zone.HAND) == [VERMILIA]


def test_PR_010_011_an_overdress_placing_powers_it_and_may_draw_then_discard(ldb):
    """A «Vermilia» overDressed: Flarescorn gives it +5000 (15000); Tenzan may draw one and then
    discard one. A normal call of a «Vermilia» (not in overDress) triggers neither."""
    game = scene(ldb, {"vanguard": V3, "hand": [VERMILIA, G2],
                       "rear": {"front_left": TRICK, "back_left": FLARESCORN,
                                "back_right": TENZAN}})
    vermilia = _overdress(game, VERMILIA)
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(game.legal_actions()[0])
    say_yes(game)
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, G2)))
    assert power_of(game, vermilia) == 15000
    assert ids_in(game, 0, Zone.DROP) == [G2] and len(cards_in(game, 0, Zone.HAND)) == 1
    game = scene(ldb, {"vanguard": V3, "hand": [VERMILIA],
                       "rear": {"back_left": FLARESCORN, "back_right": TENZAN}})
    call_from_hand(game, 0, VERMILIA, Circle.FRONT_LEFT)
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_PR_012_the_vanguard_gains_draw_and_plus_5000_on_each_overdress_placing(ldb):
    """CB1: the vanguard gets the auto for the turn; a «Vermilia» overDressed then draws one and
    gives the vanguard +5000; a normal call of a «Vermilia» does neither."""
    game = scene(ldb, {"vanguard": V3, "hand": [ECHO, VERMILIA, VERMILIA], "damage": [G2],
                       "rear": {"front_left": TRICK}})
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, ECHO)))
    pay_first_cards(game)
    call_from_hand(game, 0, VERMILIA, Circle.FRONT_RIGHT)
    assert power_of(game, vanguard) == 13000 and len(cards_in(game, 0, Zone.HAND)) == 1
    _overdress(game, VERMILIA)
    assert power_of(game, vanguard) == 18000 and len(cards_in(game, 0, Zone.HAND)) == 1


def test_PR_012_without_the_order_the_vanguard_has_no_such_auto(ldb):
    """Not played (no face-up damage: it cannot be), an overDress placing draws nothing."""
    game = scene(ldb, {"vanguard": V3, "hand": [ECHO, VERMILIA], "damage": [G2],
                       "damage_face_down": 1, "rear": {"front_left": TRICK}})
    assert not has_action(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, ECHO))
    _overdress(game, VERMILIA)
    assert ids_in(game, 0, Zone.HAND) == [ECHO]
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000


def test_OD_03_esperanza_puts_trickglows_and_overdress_cards_of_the_drop_under_it(ldb):
    """OD-03 (PR-013): overDressed, it takes the chosen «Trickglow» and «Vermilia» of the drop
    as dress sources (face up, not units), not the vanilla card; with its first «Trickglow»
    that is three sources, and they follow it to the drop when it is retired (OD-05)."""
    game = scene(ldb, {"vanguard": V3, "hand": [ESPERANZA], "drop": [TRICK, VERMILIA, G2],
                       "rear": {"front_left": TRICK}})
    esperanza = _overdress(game, ESPERANZA)
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        picks = [a for a in game.legal_actions() if a.kind is ActionKind.PICK]
        game.step(picks[0] if picks else pick(game, ActionKind.DONE))
    sources = q.dress_sources(game.state, esperanza)
    assert sorted(game.state.card(c).id for c in sources) == sorted([TRICK, TRICK, VERMILIA])
    assert ids_in(game, 0, Zone.DROP) == [G2]
    assert all(zone_of(game, c) is Zone.DRESS and is_face_up(game, c) for c in sources)
    assert esperanza not in sources and len(q.rear_guards(game.state, 0)) == 1
    ops.retire(game.state, esperanza)
    assert sorted(ids_in(game, 0, Zone.DROP)) == sorted([G2, ESPERANZA, TRICK, TRICK, VERMILIA])


def test_PR_013_called_normally_takes_nothing_from_the_drop(ldb):
    """A normal call is not in overDress: nothing is asked, the drop stays."""
    game = scene(ldb, {"vanguard": V3, "hand": [ESPERANZA], "drop": [TRICK, VERMILIA]})
    call_from_hand(game, 0, ESPERANZA, Circle.FRONT_LEFT)
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert sorted(ids_in(game, 0, Zone.DROP)) == sorted([TRICK, VERMILIA])


def test_PR_013_your_vanguard_attacks_sb1_stand_plus_5000_per_source_once_a_turn(ldb):
    """The vanguard attacks, SB1: the rested Esperanza stands with +5000 for each of its two
    sources (23000); with no soul nothing is asked."""
    for soul in (1, 0):
        game = scene(ldb, {"vanguard": V3, "soul": [G2] * soul,
                           "rear": {"front_left": ESPERANZA}, "rested": ["front_left"],
                           "dress": {"front_left": [TRICK, VERMILIA]}}, phase="battle")
        esperanza = unit_at(game, 0, Circle.FRONT_LEFT)
        attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
        assert has_action(game, ActionKind.YES) is bool(soul)
        if soul:
            say_yes(game)
            assert q.is_standing(esperanza) and power_of(game, esperanza) == 23000


def test_PR_014_front_row_plus_10000_on_your_turn_with_a_unit_in_overdress(ldb):
    """Your turn and a «Vermilia» in overDress: the front row (vanguard, both front RCs) gets
    +10000, the back row nothing; with no unit in overDress, or in the opponent's turn, none."""
    rear = {"front_left": VERMILIA, "front_right": G2, "back_left": G2}
    for dressed, turn_player, bonus in ((True, 0, 10000), (False, 0, 0), (True, 1, 0)):
        me = {"vanguard": MAHA, "rear": rear}
        if dressed:
            me["dress"] = {"front_left": [TRICK]}
        game = scene(ldb, me, turn_player=turn_player)
        assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000 + bonus
        assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 10000 + bonus
        assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 10000


def _maha_act(ldb, opponent_damage: int, hand: list | None = None) -> vg.Game:
    game = scene(ldb, {"vanguard": MAHA, "damage": [G2], "hand": hand or [SAMSARA],
                       "drop": [TRICK]}, {"vanguard": V3, "damage": [G2] * opponent_damage})
    return game


def test_PR_014_act_cb1_and_a_samsara_calls_a_grade_0_and_deals_one_damage(ldb):
    """CB1 & a «Samsara» card from hand to drop: the «Trickglow» of the drop is called, and the
    opponent at four damage takes one; at five it takes none. Once a turn."""
    for before, after in ((4, 5), (5, 5)):
        game = _maha_act(ldb, before)
        maha = unit_at(game, 0, Circle.VC)
        game.step(pick(game, ActionKind.ACT, card=maha))
        pay_first_cards(game)
        while game.decision.kind is not DecisionKind.MAIN_PHASE:
            game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
        assert [game.state.card(u).id for u in q.rear_guards(game.state, 0)] == [TRICK]
        assert ids_in(game, 0, Zone.DROP) == [SAMSARA]
        assert damage_count(game, 1) == after
        assert not has_action(game, ActionKind.ACT, card=maha)


def test_PR_014_act_needs_a_samsara_card_in_hand_or_soul(ldb):
    """With a vanilla card only in hand and soul the ACT is not offered; a «Samsara» in the
    soul pays it."""
    game = _maha_act(ldb, 0, hand=[G2])
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))
    game = scene(ldb, {"vanguard": MAHA, "damage": [G2], "soul": [SAMSARA]})
    assert has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))


def test_PR_015_placed_cb1_an_overdress_card_back_and_cc1_only_with_a_grade_4_vanguard(ldb):
    """CB1 (of two face-up damage): the «Vermilia» of the drop to hand; the vanguard is grade 3,
    so no counter charge: one damage stays face down."""
    game = scene(ldb, {"vanguard": V3, "hand": [RETSUZAN], "damage": [G2, G2],
                       "drop": [VERMILIA]})
    call_from_hand(game, 0, RETSUZAN, Circle.FRONT_LEFT)
    say_yes(game)
    pay_first_cards(game)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DROP, VERMILIA)))
    assert ids_in(game, 0, Zone.HAND) == [VERMILIA]
    assert sum(not is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 1


def test_PR_015_with_a_grade_4_vanguard_the_cost_comes_back(ldb):
    """A grade 4 vanguard (a G unit of the premium format on VC) makes the CB1 come back: no
    face-down damage afterwards."""
    game = scene(ldb, {"vanguard": V3, "stride": "PG-001", "hand": [RETSUZAN],
                       "damage": [G2], "drop": [VERMILIA]}, fmt="premium")
    assert q.grade(game.state, unit_at(game, 0, Circle.VC)) == 4
    call_from_hand(game, 0, RETSUZAN, Circle.FRONT_LEFT)
    say_yes(game)
    pay_first_cards(game)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DROP, VERMILIA)))
    pay_first_cards(game)
    assert ids_in(game, 0, Zone.HAND) == [VERMILIA]
    assert all(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))


def test_PR_016_sb1_the_unit_in_overdress_counter_charges_when_it_attacks_a_vanguard(ldb):
    """SB1: the «Vermilia» in overDress gets the auto; its attack on the vanguard turns a damage
    face up; the same attack by a unit that did not get it (the other «Vermilia») does not."""
    game = scene(ldb, {"vanguard": V3, "hand": [WISH], "soul": [G2], "damage": [G2],
                       "damage_face_down": 1,
                       "rear": {"front_left": VERMILIA, "front_right": VERMILIA},
                       "dress": {"front_left": [TRICK]}})
    blessed, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, WISH)))
    game.step(pick(game, ActionKind.DONE))
    attack(game, other, unit_at(game, 1, Circle.VC))
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    no_guard(game)
    attack(game, blessed, unit_at(game, 1, Circle.VC))
    while game.decision.kind is DecisionKind.ORDER_AUTOS:   # its own PD-006 auto as well
        game.step(game.legal_actions()[0])
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


def test_PR_016_needs_a_soul_and_gives_nothing_without_a_unit_in_overdress(ldb):
    """With no soul the order is not offered; played with no unit in overDress, the attack of
    the «Vermilia» counter charges nothing."""
    game = scene(ldb, {"vanguard": V3, "hand": [WISH], "rear": {"front_left": VERMILIA},
                       "dress": {"front_left": [TRICK]}})
    assert not has_action(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, WISH))
    game = scene(ldb, {"vanguard": V3, "hand": [WISH], "soul": [G2], "damage": [G2],
                       "damage_face_down": 1, "rear": {"front_left": VERMILIA}})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, WISH)))
    assert cards_in(game, 0, Zone.SOUL) == []
    game.step(pick(game, ActionKind.DONE))
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
