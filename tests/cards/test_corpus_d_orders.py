"""Study of Link Joker and D orders (2026-12), product 2: the Brandt Gate main units of D-BT01
that use set orders (tests/cards/corpus/p_d_orders.toml, ids PO-001..013): the World line and the
Prison units (D-BT01/082, a column attack, is not expressible). Each test plays the card's
effect in a position built for it and a position where its condition or cost fails. A World's
content is WLD-01 (one World alone in an only-Worlds order zone: Dark Night; two or more:
Abyssal Dark Night); imprisoning needs a Prison (PRI-01)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import attack, call_from_hand, no_guard, pay_first_cards, say_yes
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    ids_in,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)

ORDEVEIL, AGRETTE, CHEVRANT, BOMBIX, FAIRLYNX = "PO-001", "PO-002", "PO-003", "PO-004", "PO-005"
CUBITH, DRUMMOR, GOLDDAGGER, VIGIL, ROUTHE = "PO-006", "PO-007", "PO-008", "PO-009", "PO-010"
RELOADER, PHOBEL, MIDNIGHT = "PO-011", "PO-012", "PO-013"
TIMING_CARDS = Path(__file__).parents[1] / "rules" / "timing_cards.toml"
PRISON = "PH-015"                       # the D-SD05 study's Prison set order
NIGHTS = {"blank": [], "dark_night": [VIGIL], "abyssal_dark_night": [VIGIL, VIGIL],
          "not_only_worlds": [VIGIL, PRISON]}


def _content(game: vg.Game, player: int = 0) -> str:
    worlds = q.worlds(game.state, player)
    return q.world_content(game.state, worlds[0]) if worlds else "blank"


def test_the_world_positions_of_the_study(ldb):
    """WLD-01 as the tests below use it: one Vigil alone is Dark Night, two Abyssal Dark Night,
    a Vigil beside a Prison blank (not only Worlds)."""
    for night in ("dark_night", "abyssal_dark_night"):
        assert _content(scene(ldb, {"vanguard": V3, "order_zone": NIGHTS[night]})) == night
    assert _content(scene(ldb, {"vanguard": V3, "order_zone": NIGHTS["not_only_worlds"]})) \
        == "blank"


@pytest.mark.parametrize(("night", "turn_player", "power"), [
    ("dark_night", 0, 18000), ("abyssal_dark_night", 0, 18000), ("blank", 0, 13000),
    ("not_only_worlds", 0, 13000), ("abyssal_dark_night", 1, 13000)])
def test_PO_001_plus_5000_in_dark_night_on_your_turn(ldb, night, turn_player, power):
    """VC and RC: +5000 on your turn in Dark Night or Abyssal Dark Night; with no World, a World
    beside a Prison, or in the opponent's turn, the printed 13000."""
    game = scene(ldb, {"vanguard": ORDEVEIL, "rear": {"front_left": ORDEVEIL},
                       "order_zone": NIGHTS[night]}, turn_player=turn_player)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == power
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_PO_001_act_calls_three_shadow_army_tokens_in_abyssal_dark_night(ldb):
    """Abyssal Dark Night, CB2: three tokens (grade 1, 15000) on three chosen RCs, once a turn;
    in Dark Night, or without two face-up damage, it is not offered."""
    game = scene(ldb, {"vanguard": ORDEVEIL, "damage": [G2] * 3,
                       "order_zone": NIGHTS["abyssal_dark_night"]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    pay_first_cards(game)
    for circle in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT, Circle.BACK_LEFT):
        game.step(pick(game, ActionKind.PICK, circle=circle))
    if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
        game.step(pick(game, ActionKind.DONE))
    tokens = [unit_at(game, 0, c) for c in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT,
                                            Circle.BACK_LEFT)]
    assert [game.state.card(t).id for t in tokens] == ["TOKEN-NIGHTSHADE"] * 3
    assert power_of(game, tokens[0]) == 15000
    assert sum(not is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 2
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))
    for side in ({"damage": [G2] * 3, "order_zone": NIGHTS["dark_night"]},
                 {"damage": [G2] * 3, "damage_face_down": 2,
                  "order_zone": NIGHTS["abyssal_dark_night"]}):
        game = scene(ldb, {"vanguard": ORDEVEIL, **side})
        assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))


@pytest.mark.parametrize("made", [0, 1, 2])
def test_TOK_06_up_to_three_tokens_may_stop_before_three(ldb, made):
    """TOK-06 with "up to three" (`min = 0`): the RCs are chosen first, and the player may stop
    after any number of them (even none); a token is made on each chosen RC only, and a unit on
    an RC not chosen stays."""
    game = scene(ldb, {"vanguard": ORDEVEIL, "damage": [G2] * 2, "rear": {"back_left": G2},
                       "order_zone": NIGHTS["abyssal_dark_night"]})
    keeper = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    circles = (Circle.FRONT_LEFT, Circle.FRONT_RIGHT)[:made]
    for circle in circles:
        game.step(pick(game, ActionKind.PICK, circle=circle))
    game.step(pick(game, ActionKind.DONE))
    tokens = [u for u in q.rear_guards(game.state, 0)
              if game.state.card(u).id == "TOKEN-NIGHTSHADE"]
    assert sorted(q.position(t).circle.value for t in tokens) == sorted(c.value for c in circles)
    assert unit_at(game, 0, Circle.BACK_LEFT) == keeper
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_TOK_06_without_min_every_free_rc_up_to_count_is_chosen(ldb):
    """TOK-06 without `min` ("call three tokens", a test card of tests/rules/timing_cards.toml):
    no stop is offered; three RCs are chosen and get a token."""
    db = vg.CardDB.load(TIMING_CARDS, base=ldb)
    game = scene(db, {"vanguard": "TJ-WISP-MAKER"})
    three = [a for a in game.legal_actions() if a.kind is ActionKind.ACT][1]
    game.step(three)
    for circle in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT, Circle.BACK_LEFT):
        assert not has_action(game, ActionKind.DONE)
        game.step(pick(game, ActionKind.PICK, circle=circle))
    assert len(q.rear_guards(game.state, 0)) == 3


def test_TOK_06_builtin_bg005_up_to_three_may_stop_after_one(ldb):
    """The built-in BG-005 says "up to three" (`min = 0`): after one chosen RC the player may
    stop, and only that RC gets a token."""
    game = scene(ldb, {"vanguard": "BG-005", "damage": [G2] * 2,
                       "order_zone": NIGHTS["abyssal_dark_night"]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.DONE))
    assert [q.position(u).circle for u in q.rear_guards(game.state, 0)] == [Circle.FRONT_LEFT]
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def _jail(held: int) -> dict:
    """Player 0 with a Prison holding `held` of the opponent's cards."""
    return {"order_zone": [PRISON], "imprisoned": [G2] * held}


@pytest.mark.parametrize(("held", "power", "shield"), [(2, 15000, 15000), (1, 10000, 5000)])
def test_PO_002_two_in_prison_power_and_shield(ldb, held, power, shield):
    """Two cards in the Prison: +5000 on RC and shield +10000 as a guardian (RC/GC); one card:
    the printed 10000 / 5000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": AGRETTE}, **_jail(held)})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power
    game = scene(ldb, {"vanguard": V3, "hand": [AGRETTE], **_jail(held)},
                 {"vanguard": V3}, phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guard = card_named(game, 0, Zone.HAND, AGRETTE)
    game.step(pick(game, ActionKind.GUARD, card=guard))
    assert zone_of(game, guard) is Zone.GC and q.shield(game.state, guard) == shield


@pytest.mark.parametrize("prison", [True, False])
def test_PO_002_placed_on_rc_imprisons_a_front_row_rear_guard(ldb, prison):
    """Called with a Prison, SB1: a chosen front-row rear-guard is imprisoned (the back row is
    no choice); without a Prison no question, nothing imprisoned."""
    me = {"vanguard": V3, "hand": [AGRETTE], "soul": [G2]} | (_jail(0) if prison else {})
    game = scene(ldb, me, {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2}})
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    call_from_hand(game, 0, AGRETTE, Circle.FRONT_RIGHT)
    assert has_action(game, ActionKind.YES) is prison
    if prison:
        say_yes(game)
        assert not has_action(game, ActionKind.PICK, card=unit_at(game, 1, Circle.BACK_LEFT))
        if has_action(game, ActionKind.PICK):
            game.step(pick(game, ActionKind.PICK, card=victim))
    assert q.is_imprisoned(victim) is prison
    assert len(cards_in(game, 0, Zone.SOUL)) == (0 if prison else 1)


@pytest.mark.parametrize(("held", "drawn"), [(2, 1), (0, 0)])
def test_PO_003_act_imprisons_then_draws_with_three_in_prison(ldb, held, drawn):
    """CB1 & SB1 with a Prison: a rear-guard is imprisoned; the third card in the Prison draws a
    card, the first does not."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": CHEVRANT}, "damage": [G2],
                       "soul": [G2], **_jail(held)}, {"vanguard": V3, "rear": {"back_left": G2}})
    victim = unit_at(game, 1, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    pay_first_cards(game)
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=victim))
    assert q.is_imprisoned(victim) and len(q.imprisoned_in(game.state, 0)) == held + 1
    assert len(cards_in(game, 0, Zone.HAND)) == drawn
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))


@pytest.mark.parametrize("side", [{}, {"damage_face_down": 1}])
def test_PO_003_not_offered_without_a_prison_or_the_cost(ldb, side):
    """No Prison (the order zone empty), or the counter blast cannot be paid: no ACT."""
    me = {"vanguard": V3, "rear": {"front_left": CHEVRANT}, "damage": [G2], "soul": [G2]}
    me |= _jail(0) | side if side else {}
    game = scene(ldb, me, {"vanguard": V3, "rear": {"back_left": G2}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))


@pytest.mark.parametrize(("order_zone", "asked"), [([VIGIL], True), ([PRISON], True),
                                                    ([], False)])
def test_PO_004_after_boosting_with_a_set_order_soul_itself_to_counter_charge(
        ldb, order_zone, asked):
    """At the end of the battle it boosted, with a set order (a World or a Prison): into the
    soul, one face-down damage turns face up; with no set order, no question."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": BOMBIX}, "damage": [G2],
                       "damage_face_down": 1, "order_zone": order_zone},
                 {"vanguard": V3, "hand": [G2]}, phase="battle")
    booster = unit_at(game, 0, Circle.BACK_CENTER)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    no_guard(game)
    while game.decision.kind is DecisionKind.CHOOSE_CARD and not has_action(game, ActionKind.YES):
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    assert has_action(game, ActionKind.YES) is asked
    if asked:
        say_yes(game)
    assert (zone_of(game, booster) is Zone.SOUL) is asked
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0]) is asked


@pytest.mark.parametrize("prison", [True, False])
def test_PO_005_act_power_and_imprisons_with_a_prison(ldb, prison):
    """SB1: +2000, and with a Prison a front-row rear-guard is imprisoned; without one only the
    power; with an empty soul it is not offered."""
    me = {"vanguard": V3, "rear": {"front_left": FAIRLYNX}, "soul": [G2]}
    me |= _jail(0) if prison else {}
    game = scene(ldb, me, {"vanguard": V3, "rear": {"front_left": G2}})
    unit, victim = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=victim))
    assert power_of(game, unit) == 12000 and q.is_imprisoned(victim) is prison
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": FAIRLYNX}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))


@pytest.mark.parametrize(("order", "bonus"), [(VIGIL, 5000), (PRISON, 0)])
def test_PO_006_a_world_put_into_the_order_zone_gives_5000(ldb, order, bonus):
    """On VC: playing a World (put into the order zone) gives a chosen unit +5000 (beside the
    World's own draw); playing a Prison does not."""
    game = scene(ldb, {"vanguard": CUBITH, "hand": [order], "soul": [G2],
                       "rear": {"front_left": G2}})
    target = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.PLAY_ORDER))
    for _ in range(4):
        if game.decision.kind is DecisionKind.MAIN_PHASE:
            break
        if has_action(game, ActionKind.PICK, card=target):
            game.step(pick(game, ActionKind.PICK, card=target))
        else:                                       # the order of the two autos
            game.step(game.legal_actions()[0])
    assert ids_in(game, 0, Zone.ORDER) == [order]
    assert power_of(game, target) == 10000 + bonus


@pytest.mark.parametrize(("night", "turn_player", "power"), [
    ("abyssal_dark_night", 0, 15000), ("dark_night", 0, 10000), ("abyssal_dark_night", 1, 10000)])
def test_PO_006_on_rc_plus_5000_in_abyssal_dark_night(ldb, night, turn_player, power):
    """On RC, your turn, Abyssal Dark Night: +5000; in Dark Night or the opponent's turn none."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": CUBITH},
                       "order_zone": NIGHTS[night]}, turn_player=turn_player)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("night", "drawn"), [("abyssal_dark_night", 1), ("dark_night", 0)])
def test_PO_007_placed_on_rc_in_abyssal_dark_night_draws(ldb, night, drawn):
    """Called in Abyssal Dark Night, CB1 & SB1: draw; in Dark Night no question."""
    game = scene(ldb, {"vanguard": V3, "hand": [DRUMMOR], "damage": [G2], "soul": [G2],
                       "order_zone": NIGHTS[night]})
    call_from_hand(game, 0, DRUMMOR, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.YES) is bool(drawn)
    if drawn:
        say_yes(game)
        pay_first_cards(game)
    assert len(cards_in(game, 0, Zone.HAND)) == drawn
    assert len(cards_in(game, 0, Zone.SOUL)) == 1 - drawn


@pytest.mark.parametrize(("order_zone", "called"), [([PRISON], True), ([], False)])
def test_PO_008_discarded_in_your_turn_with_a_set_order_calls_itself(ldb, order_zone, called):
    """Discarded for a cost in your main phase with a set order, CB1: it comes from the drop to
    RC; with no set order no question, it stays in the drop."""
    game = scene(ldb, {"vanguard": "PD-001", "hand": [GOLDDAGGER], "damage": [G2],
                       "order_zone": order_zone})
    card = card_named(game, 0, Zone.HAND, GOLDDAGGER)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert zone_of(game, card) is Zone.DROP
    assert has_action(game, ActionKind.YES) is called
    if called:
        say_yes(game)
        if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
            game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert (zone_of(game, card) is Zone.RC) is called


def test_PO_008_discarded_in_the_opponents_turn_stays_in_the_drop(ldb):
    """Discarded for a sentinel's cost in the opponent's turn: no question."""
    game = scene(ldb, {"vanguard": V3, "hand": ["PD-008", GOLDDAGGER], "damage": [G2],
                       "order_zone": [PRISON]}, {"vanguard": V3}, phase="battle",
                 turn_player=1)
    card = card_named(game, 0, Zone.HAND, GOLDDAGGER)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, "PD-008")))
    if has_action(game, ActionKind.PICK, card=card):
        game.step(pick(game, ActionKind.PICK, card=card))
    assert zone_of(game, card) is Zone.DROP and not has_action(game, ActionKind.YES)


def test_PO_009_played_for_soul_blast_1_it_draws_and_makes_dark_night(ldb):
    """SB1 to play: set in the order zone, the card draws one, and alone it is Dark Night (a
    second one: Abyssal); with an empty soul it cannot be played."""
    game = scene(ldb, {"vanguard": V3, "hand": [VIGIL], "soul": [G2]})
    game.step(pick(game, ActionKind.PLAY_ORDER))
    assert ids_in(game, 0, Zone.ORDER) == [VIGIL] and len(cards_in(game, 0, Zone.HAND)) == 1
    assert _content(game) == "dark_night" and not cards_in(game, 0, Zone.SOUL)
    game = scene(ldb, {"vanguard": V3, "hand": [VIGIL], "soul": [G2], "order_zone": [VIGIL]})
    game.step(pick(game, ActionKind.PLAY_ORDER))
    assert _content(game) == "abyssal_dark_night"
    game = scene(ldb, {"vanguard": V3, "hand": [VIGIL]})
    assert not has_action(game, ActionKind.PLAY_ORDER)


@pytest.mark.parametrize(("deck", "found"), [([G2, VIGIL, G2], True), ([G2] * 3, False)])
def test_PO_010_placed_on_vc_searches_a_world(ldb, deck, found):
    """Ridden onto VC: a World of the deck goes to the hand; a deck without one gives nothing."""
    game = scene(ldb, {"vanguard": PHOBEL, "hand": [ROUTHE], "deck": deck}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, ROUTHE)))
    world = [c for c in cards_in(game, 0, Zone.DECK) if game.state.card(c).id == VIGIL]
    if world and has_action(game, ActionKind.PICK, card=world[0]):
        game.step(pick(game, ActionKind.PICK, card=world[0]))
    assert (VIGIL in ids_in(game, 0, Zone.HAND)) is found
    assert VIGIL not in ids_in(game, 0, Zone.DECK)


@pytest.mark.parametrize(("night", "bonus"), [("dark_night", 2000), ("blank", 0)])
def test_PO_010_on_rc_attacking_or_boosting_in_dark_night(ldb, night, bonus):
    """On RC in Dark Night +2000 in the battle it attacked and in the one it boosted; not
    before; with no World nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": ROUTHE, "back_center": ROUTHE},
                       "order_zone": NIGHTS[night]},
                 {"vanguard": V3, "hand": [G2]}, phase="battle")
    front, back = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_CENTER)
    assert power_of(game, front) == power_of(game, back) == 8000
    attack(game, front, unit_at(game, 1, Circle.VC))
    assert power_of(game, front) == 8000 + bonus and power_of(game, back) == 8000
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": ROUTHE},
                       "order_zone": NIGHTS[night]},
                 {"vanguard": V3, "hand": [G2]}, phase="battle")
    lead, back = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_CENTER)
    attack(game, lead, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=back))
    assert power_of(game, back) == 8000 + bonus
    assert power_of(game, lead) == 13000 + 8000 + bonus


@pytest.mark.parametrize(("night", "shield"), [("abyssal_dark_night", 15000),
                                               ("dark_night", 10000), ("blank", 5000)])
def test_PO_011_placed_on_gc_cb1_shield_by_the_world(ldb, night, shield):
    """Called to GC, CB1: shield +10000 in Abyssal Dark Night, +5000 in Dark Night, nothing with
    no World (the cost is paid all the same)."""
    game = scene(ldb, {"vanguard": V3, "hand": [RELOADER], "damage": [G2],
                       "order_zone": NIGHTS[night]}, {"vanguard": V3}, phase="battle",
                 turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guard = card_named(game, 0, Zone.HAND, RELOADER)
    game.step(pick(game, ActionKind.GUARD, card=guard))
    say_yes(game)
    pay_first_cards(game)
    assert q.shield(game.state, guard) == shield
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


def test_PO_011_without_face_up_damage_no_question(ldb):
    game = scene(ldb, {"vanguard": V3, "hand": [RELOADER], "damage": [G2],
                       "damage_face_down": 1, "order_zone": NIGHTS["abyssal_dark_night"]},
                 {"vanguard": V3}, phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guard = card_named(game, 0, Zone.HAND, RELOADER)
    game.step(pick(game, ActionKind.GUARD, card=guard))
    assert not has_action(game, ActionKind.YES) and q.shield(game.state, guard) == 5000


@pytest.mark.parametrize(("turn", "drawn"), [(4, 1), (3, 0)])
def test_PO_012_ridden_draws_only_if_you_went_second(ldb, turn, drawn):
    """Ridden on turn 4 (you went second): draw; on turn 3 (you went first): no draw."""
    game = scene(ldb, {"vanguard": PHOBEL, "hand": [ROUTHE]}, phase="ride", turn=turn)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, ROUTHE)))
    while game.decision.kind is not DecisionKind.MAIN_PHASE:   # its and the rider's autos
        game.step(game.legal_actions()[0])
    assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PO_013_played_it_retires_a_front_row_rear_guard_and_is_a_world(ldb):
    """SB1: a chosen front-row rear-guard of the opponent is retired (the back row is no choice)
    and, beside a Vigil, the Worlds are Abyssal Dark Night; with an empty soul it cannot be
    played."""
    them = {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2}}
    game = scene(ldb, {"vanguard": V3, "hand": [MIDNIGHT], "soul": [G2], "order_zone": [VIGIL]},
                 them)
    victim, back = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.PLAY_ORDER))
    if has_action(game, ActionKind.PICK):
        assert not has_action(game, ActionKind.PICK, card=back)
        game.step(pick(game, ActionKind.PICK, card=victim))
    assert zone_of(game, victim) is Zone.DROP and zone_of(game, back) is Zone.RC
    assert sorted(ids_in(game, 0, Zone.ORDER)) == [VIGIL, MIDNIGHT]
    assert _content(game) == "abyssal_dark_night"
    game = scene(ldb, {"vanguard": V3, "hand": [MIDNIGHT]}, them)
    assert not has_action(game, ActionKind.PLAY_ORDER)


@pytest.mark.parametrize("card_id", [f"PO-0{n:02d}" for n in range(1, 14)])
def test_every_written_card_of_the_study_is_brandt_gate(ldb, card_id):
    """Thirteen cards written (D-BT01/082 is not expressible), all of the nation."""
    assert ldb.get(card_id).nation == "brandt_gate"
