"""Study of six products (issue 19), product 3: the G era's first Gear Chronicle release
(tests/cards/corpus/p_g_td.toml, ids PG-101..118). Each test plays the card's effect in a
position built for it (premium format: G zone, Stride, Legion) and a position where its
condition or cost fails. Rules cited: STR-* (Stride), CORE-10 (guard), CORE-13 (the close step
ends "until end of battle"), TERM-06 (different grades)."""

from __future__ import annotations

from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    has_action,
    ids_in,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)

G0 = "PC-013"                       # a grade 0 guardian (critical trigger, 10000 shield)
G1 = "PC-008"                       # a vanilla grade 1 (5000 shield)


def _attack(game, circle: Circle = Circle.VC, target: Circle = Circle.VC):
    attacker = unit_at(game, 0, circle)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, target)))
    return attacker


def test_PG_101_turn_a_copy_face_up_no_grade_0_guards(ldb):
    """CB1 and a face-down copy turned face up: the opponent may not guard with grade 0 from
    hand (grade 1 still allowed), and with two face-up G zone cards +1 critical; without a
    face-down copy no cost can be paid and grade 0 may guard."""
    def attack(g_zone: list[str]):
        game = scene(ldb, {"vanguard": V3, "stride": "PG-101", "damage": [G2], "g_zone": g_zone,
                           "g_zone_face_up": ["PG-001"]},
                     {"vanguard": V3, "hand": [G0, G1]}, phase="battle", fmt="premium")
        return game, _attack(game)

    game, g_unit = attack(["PG-101"])
    game.step(pick(game, ActionKind.YES))
    assert is_face_up(game, card_named(game, 0, Zone.G_ZONE, "PG-101"))
    assert critical_of(game, g_unit) == 2 and q.guard_min_grade(game.state, g_unit) == 1
    assert not has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G1))
    game, g_unit = attack([])
    assert not has_action(game, ActionKind.YES) and critical_of(game, g_unit) == 1
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))


def test_PG_101_one_face_up_card_is_not_enough_for_the_critical(ldb):
    """The copy turned face up is the only face-up G zone card: no critical."""
    game = scene(ldb, {"vanguard": V3, "stride": "PG-101", "damage": [G2], "g_zone": ["PG-101"]},
                 {"vanguard": V3, "hand": [G0]}, phase="battle", fmt="premium")
    g_unit = _attack(game)
    game.step(pick(game, ActionKind.YES))
    assert critical_of(game, g_unit) == 1 and q.guard_min_grade(game.state, g_unit) == 1


def _hit(ldb, stride: str, them: dict, **me: object):
    side = {"vanguard": V3, "stride": stride, **me}
    game = scene(ldb, side, them, phase="battle", fmt="premium")
    attacker = _attack(game)
    game.step(pick(game, ActionKind.DONE))                     # no guard
    return game, attacker


def test_PG_102_a_hit_on_the_vanguard_unwinds_a_rear_guard(ldb):
    """Its hit: the chosen opponent's rear-guard goes to the bottom of their deck; guarded (no
    hit), nothing moves."""
    game, _ = _hit(ldb, "PG-102", {"vanguard": V3, "rear": {"front_left": G2, "back_left": G1}})
    victim = unit_at(game, 1, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.PICK, card=victim))
    assert cards_in(game, 1, Zone.DECK)[-1] == victim
    game = scene(ldb, {"vanguard": V3, "stride": "PG-102"},
                 {"vanguard": V3, "rear": {"back_left": G1}, "hand": ["PG-108", G2]},
                 phase="battle", fmt="premium")
    _attack(game)
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "PG-108")))
    _answer_sentinel(game, 1)
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, unit_at(game, 1, Circle.BACK_LEFT)) is Zone.RC


def _answer_sentinel(game, player: int) -> None:
    """Pay the sentinel's cost (yes, then the first card to discard and unit to protect)."""
    while game.decision.player == player and game.decision.kind is not DecisionKind.GUARD:
        actions = game.legal_actions()
        game.step(next((a for a in actions if a.kind is ActionKind.YES), actions[0]))


def _seek(game) -> None:
    game.step(pick(game, ActionKind.SEEK_MATE))
    while game.decision.label == "to deck top":
        game.step(game.legal_actions()[0])
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PG-105")))


def test_PG_103_going_into_legion_unwinds_a_grade_2_or_less(ldb):
    """Seek Mate finds «Steam Squire, Pazuru»; going into legion, a grade 2 or less rear-guard
    (not the grade 3) goes to the bottom of the opponent's deck."""
    game = scene(ldb, {"vanguard": "PG-103", "drop": [G2] * 4,
                       "deck": ["PG-105", G2, G2, G2]},
                 {"vanguard": V3, "rear": {"front_left": V3, "front_right": G1}}, fmt="premium")
    big, small = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)
    _seek(game)
    leader = unit_at(game, 0, Circle.VC)
    assert q.partner(leader) is not None
    if has_action(game, ActionKind.PICK):
        assert not has_action(game, ActionKind.PICK, card=big)
        game.step(pick(game, ActionKind.PICK, card=small))
    assert cards_in(game, 1, Zone.DECK)[-1] == small and zone_of(game, big) is Zone.RC


def test_PG_103_attacking_a_vanguard_plus_2000(ldb):
    """Attacking the vanguard: +2000 that battle; attacking a rear-guard: nothing."""
    game = scene(ldb, {"vanguard": "PG-103"}, {"vanguard": V3, "rear": {"front_left": G2},
                                                 "hand": [G2]}, phase="battle", fmt="premium")
    attacker = _attack(game)
    assert power_of(game, attacker) == 13000
    game = scene(ldb, {"vanguard": "PG-103"}, {"vanguard": V3, "rear": {"front_left": G2},
                                                 "hand": [G2]}, phase="battle", fmt="premium")
    attacker = _attack(game, target=Circle.FRONT_LEFT)
    assert power_of(game, attacker) == 11000


def test_PG_104_generation_break_1_stops_grade_0_guards(ldb):
    """GB1 and CB1 when it attacks: no grade 0 guardian that battle; without a face-up G unit
    the auto does not trigger."""
    def attack(face_up: list[str]):
        game = scene(ldb, {"vanguard": "PG-104", "damage": [G2], "g_zone_face_up": face_up},
                     {"vanguard": V3, "hand": [G0]}, phase="battle", fmt="premium")
        return game, _attack(game)

    game, _ = attack(["PG-001"])
    game.step(pick(game, ActionKind.YES))
    assert not has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
    game, _ = attack([])
    assert not has_action(game, ActionKind.YES)
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))


def test_PG_104_placed_on_vc_unwinds_a_grade_1_or_less(ldb):
    """Ridden, CB1 + SB1: a grade 1 or less rear-guard to the deck bottom; with no face-up
    damage the joint cost cannot be paid."""
    def ride(soul: list[str]):
        game = scene(ldb, {"vanguard": G2, "hand": ["PG-104"], "damage": [G2], "soul": soul},
                     {"vanguard": V3, "rear": {"front_left": G1}}, phase="ride", fmt="premium")
        game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PG-104")))
        return game, unit_at(game, 1, Circle.FRONT_LEFT)

    game, victim = ride([G1])
    game.step(pick(game, ActionKind.YES))
    while game.decision.label == "soul blast":                # which soul card: either
        game.step(game.legal_actions()[0])
    if has_action(game, ActionKind.PICK, card=victim):
        game.step(pick(game, ActionKind.PICK, card=victim))
    assert cards_in(game, 1, Zone.DECK)[-1] == victim
    assert len(cards_in(game, 0, Zone.SOUL)) == 1 and not is_face_up(
        game, cards_in(game, 0, Zone.DAMAGE)[0])
    # no face-up damage: the joint cost cannot be paid, nothing is asked
    game = scene(ldb, {"vanguard": G2, "hand": ["PG-104"], "damage": [G2], "damage_face_down": 1},
                 {"vanguard": V3, "rear": {"front_left": G1}}, phase="ride", fmt="premium")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PG-104")))
    assert not has_action(game, ActionKind.YES)
    assert zone_of(game, unit_at(game, 1, Circle.FRONT_LEFT)) is Zone.RC


def test_PG_105_soul_blast_2_stops_grade_0_guards(ldb):
    """On RC attacking the vanguard, SB2: no grade 0 guardian; with one soul card no cost."""
    def attack(soul: list[str]):
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "PG-105"}, "soul": soul},
                     {"vanguard": V3, "hand": [G0]}, phase="battle", fmt="premium")
        return game, _attack(game, Circle.FRONT_LEFT)

    game, _ = attack([G1, G1])
    game.step(pick(game, ActionKind.YES))
    assert cards_in(game, 0, Zone.SOUL) == []
    assert not has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
    game, _ = attack([G1])
    assert not has_action(game, ActionKind.YES)
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))


def test_PG_106_with_a_g_unit_on_vc_plus_5000(ldb):
    """A G unit on VC, SB1: +5000; with a grade 3 vanguard no question."""
    game = scene(ldb, {"vanguard": V3, "stride": "PG-001", "rear": {"front_left": "PG-106"},
                       "soul": [G1]}, {"vanguard": V3, "hand": [G2]}, phase="battle", fmt="premium")
    tiger = _attack(game, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, tiger) == 14000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "PG-106"}, "soul": [G1]},
                 {"vanguard": V3, "hand": [G2]}, phase="battle", fmt="premium")
    tiger = _attack(game, Circle.FRONT_LEFT)
    assert not has_action(game, ActionKind.YES) and power_of(game, tiger) == 9000


def test_PG_107_called_it_unwinds_a_grade_2_or_less(ldb):
    """Called with CB2: a grade 2 or less rear-guard to the deck bottom (a grade 3 may not be
    chosen); with one face-up damage nothing."""
    def call(face_down: int):
        game = scene(ldb, {"vanguard": V3, "hand": ["PG-107"], "damage": [G2, G2],
                           "damage_face_down": face_down},
                     {"vanguard": V3, "rear": {"front_left": V3, "front_right": G2}}, fmt="premium")
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-107"),
                       circle=Circle.FRONT_LEFT))
        return game, unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)

    game, big, small = call(0)
    game.step(pick(game, ActionKind.YES))
    if has_action(game, ActionKind.PICK):
        assert not has_action(game, ActionKind.PICK, card=big)
        game.step(pick(game, ActionKind.PICK, card=small))
    assert cards_in(game, 1, Zone.DECK)[-1] == small and zone_of(game, big) is Zone.RC
    game, big, small = call(1)
    assert not has_action(game, ActionKind.YES) and zone_of(game, small) is Zone.RC


def test_PG_108_the_sentinel_saves_the_attacked_vanguard(ldb):
    """Guarding with it and discarding a card: the vanguard is not hit even by a far stronger
    attack; with an empty hand after the call, nothing protects it."""
    def guard(hand: list[str]):
        game = scene(ldb, {"vanguard": V3, "hand": ["PG-108", *hand]},
                     {"vanguard": V3, "rear": {"back_center": G1}}, phase="battle",
                     turn_player=1, fmt="premium")
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC),
                       target=unit_at(game, 0, Circle.VC)))
        game.step(pick(game, ActionKind.BOOST))
        game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, "PG-108")))
        _answer_sentinel(game, 0)
        game.step(pick(game, ActionKind.DONE))
        return game

    game = guard([G2])
    assert ids_in(game, 0, Zone.DAMAGE) == []
    game = guard([])
    assert len(cards_in(game, 0, Zone.DAMAGE)) == 1


def _stride_offered(ldb, hand: list[str]) -> tuple[object, bool]:
    """Player 0 (a grade 3 vanguard, one G unit face down) skips the ride: is a stride legal?"""
    game = scene(ldb, {"vanguard": V3, "g_zone": ["PG-101"], "hand": hand}, phase="ride",
                 fmt="premium", rode=True)
    return game, has_action(game, ActionKind.STRIDE)


def test_PG_109_STR_03_counts_as_grade_3_for_a_stride_cost(ldb):
    """STR-03: discarding it alone (printed grade 1, +2) pays a Stride cost of 3, and it is the
    card discarded; a vanilla grade 1, or two of them (grade 2 in all), cannot pay."""
    game, offered = _stride_offered(ldb, ["PG-109"])
    assert offered
    jet = card_named(game, 0, Zone.HAND, "PG-109")
    game.step(pick(game, ActionKind.STRIDE))
    for _ in range(5):                                         # the cost's one pick, if asked
        if has_action(game, ActionKind.PICK, card=jet):
            game.step(pick(game, ActionKind.PICK, card=jet))
    assert zone_of(game, jet) is Zone.DROP
    assert q.is_g_unit(game.state, unit_at(game, 0, Circle.VC))
    for hand in ([G1], [G1, G1]):
        assert _stride_offered(ldb, hand)[1] is False


def test_PG_109_its_grade_is_counted_only_for_a_stride_cost(ldb):
    """The +2 is for a Stride cost only: in the hand it is still grade 1 (a grade 1 normal call
    under a grade 1 vanguard stays legal, a grade 3's would not)."""
    game = scene(ldb, {"vanguard": G1, "hand": ["PG-109", "PG-118"]})
    assert q.grade(game.state, card_named(game, 0, Zone.HAND, "PG-109")) == 1
    assert has_action(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-109"))
    assert not has_action(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-118"))


def test_PG_109_called_from_hand_fetches_the_named_grade_3(ldb):
    """Reveal a grade 3 from hand: search a grade 3 «Aeonjet» to hand, shuffle, discard one;
    with no grade 3 in hand the cost cannot be paid and nothing is asked."""
    game = scene(ldb, {"vanguard": V3, "hand": ["PG-109", "PG-104"],
                       "deck": [G1, "PG-118", G1]}, fmt="premium")
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-109"),
                   circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES))
    if has_action(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "PG-104")):
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "PG-104")))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PG-118")))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "PG-104")))
    assert ids_in(game, 0, Zone.HAND) == ["PG-118"]
    assert ids_in(game, 0, Zone.DROP) == ["PG-104"]
    game = scene(ldb, {"vanguard": V3, "hand": ["PG-109", G1], "deck": [G1, "PG-118", G1]},
                 fmt="premium")
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-109"),
                   circle=Circle.BACK_LEFT))
    assert not has_action(game, ActionKind.YES) and ids_in(game, 0, Zone.HAND) == [G1]


def test_PG_110_called_soul_blast_2_draws(ldb):
    """Called with two soul cards, SB2: a card drawn; with one soul card no question."""
    for soul, drawn in (([G1, G1], 1), ([G1], 0)):
        game = scene(ldb, {"vanguard": V3, "hand": ["PG-110"], "soul": soul}, fmt="premium")
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-110"),
                       circle=Circle.BACK_LEFT))
        if drawn:
            game.step(pick(game, ActionKind.YES))
        else:
            assert not has_action(game, ActionKind.YES)
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PG_111_an_opponents_rear_guard_put_into_the_deck(ldb):
    """GB1, your turn: the opponent's rear-guard sent to their deck gives +3000; without a
    face-up G unit nothing."""
    def unwind(face_up: list[str]):
        game = scene(ldb, {"vanguard": V3, "hand": ["PG-107"], "damage": [G2, G2],
                           "rear": {"back_left": "PG-111"}, "g_zone_face_up": face_up},
                     {"vanguard": V3, "rear": {"front_right": G2}}, fmt="premium")
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-107"),
                       circle=Circle.FRONT_LEFT))
        game.step(pick(game, ActionKind.YES))
        if has_action(game, ActionKind.PICK):
            game.step(pick(game, ActionKind.PICK, card=unit_at(game, 1, Circle.FRONT_RIGHT)))
        return game, unit_at(game, 0, Circle.BACK_LEFT)

    game, wolf = unwind(["PG-001"])
    assert power_of(game, wolf) == 10000
    game, wolf = unwind([])
    assert power_of(game, wolf) == 7000


def test_PG_111_retired_is_not_put_into_the_deck(ldb):
    """A retire (to the drop) is not "put into the deck": no power."""
    game = scene(ldb, {"vanguard": "PC-005", "rear": {"back_left": "PG-111"},
                       "g_zone_face_up": ["PG-001"]},
                 {"vanguard": V3, "rear": {"front_right": G2}}, phase="battle", fmt="premium")
    _attack(game, target=Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.DONE))                      # no guard: the rear-guard retires
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 7000


def test_PG_112_forerunner_and_look_at_five(ldb):
    """Ridden by a card of its clan it may be called; on RC, CB1 + itself into the soul: a grade
    3 or greater from the top five to hand; a grade 3 sixth from the top is out of reach."""
    game = scene(ldb, {"vanguard": "PG-112", "hand": ["PG-108"]}, phase="ride", fmt="premium")
    dracokid = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PG-108")))
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_CENTER))
    assert zone_of(game, dracokid) is Zone.RC
    for deck, found in (([G1, G1, G1, G1, "PG-104", G1], True), ([G1] * 5 + ["PG-104"], False)):
        game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "PG-112"}, "damage": [G2],
                           "deck": deck}, fmt="premium")
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
        if has_action(game, ActionKind.PICK):
            game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PG-104")))
        assert (ids_in(game, 0, Zone.HAND) == ["PG-104"]) is found
        assert ids_in(game, 0, Zone.SOUL) == ["PG-112"]


def test_PG_112_ridden_by_another_clan_it_stays(ldb):
    """Ridden by a card of another clan: no forerunner call."""
    game = scene(ldb, {"vanguard": "PG-112", "hand": [G1]}, phase="ride", fmt="premium")
    dracokid = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, G1)))
    assert not has_action(game, ActionKind.YES) and zone_of(game, dracokid) is Zone.SOUL


def _boost_battle(ldb, booster: str, **me: object):
    side = {"vanguard": V3, "rear": {"front_left": G2, "back_left": booster}, **me}
    game = scene(ldb, side, {"vanguard": V3}, phase="battle", fmt="premium")
    _attack(game, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.BOOST))
    return game, unit_at(game, 0, Circle.BACK_LEFT)


def test_PG_113_after_its_boost_it_returns_to_the_deck(ldb):
    """GB1: at the end of the battle it boosted a face-up G zone card turns face down and it
    goes back into the deck; with no face-up G unit it stays."""
    game, worker = _boost_battle(ldb, "PG-113", g_zone_face_up=["PG-001"])
    game.step(pick(game, ActionKind.DONE))                      # no guard; the battle ends
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(game.legal_actions()[0])
    assert zone_of(game, worker) is Zone.DECK
    assert not is_face_up(game, card_named(game, 0, Zone.G_ZONE, "PG-001"))
    game, worker = _boost_battle(ldb, "PG-113")
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, worker) is Zone.RC


def test_PG_114_into_the_soul_for_3000(ldb):
    """Into the soul: a unit of its clan +3000; another clan's unit is no choice."""
    game = scene(ldb, {"vanguard": "PG-104", "rear": {"back_left": "PG-114", "front_left": G2}},
                 fmt="premium")
    kid = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=kid))
    assert not has_action(game, ActionKind.PICK, card=unit_at(game, 0, Circle.FRONT_LEFT))
    vanguard = unit_at(game, 0, Circle.VC)
    if has_action(game, ActionKind.PICK, card=vanguard):
        game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 14000 and zone_of(game, kid) is Zone.SOUL


def test_PG_115_generation_break_1_attacking_a_vanguard(ldb):
    """GB1, attacking the vanguard: +3000; without GB: nothing."""
    for face_up, total in ((["PG-001"], 12000), ([], 9000)):
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "PG-115"},
                           "g_zone_face_up": face_up}, {"vanguard": V3, "hand": [G2]},
                     phase="battle", fmt="premium")
        assert power_of(game, _attack(game, Circle.FRONT_LEFT)) == total


def _extra_turn(game) -> bool:
    """The attack was the turn's last (no rear-guard): the next turn, 4, is player 0's again
    if the extra turn was given, player 1's otherwise."""
    assert game.turn == 4
    return game.turn_player == 0


def _riddleflare_hits(ldb, top: list[str], damage: int = 4):
    """The G unit PG-116 hits the vanguard unguarded; its three drive checks take three
    vanilla grade 2s first, so `top` is the top of the deck when the hit resolves."""
    game = scene(ldb, {"vanguard": V3, "stride": "PG-116", "damage": [G2] * damage,
                       "deck": [G2] * 3 + top + [G2] * 4}, {"vanguard": V3},
                 phase="battle", fmt="premium")
    _attack(game)
    game.step(pick(game, ActionKind.DONE))                     # no guard
    return game


def test_PG_116_TERM_06_four_different_grades_give_an_extra_turn(ldb):
    """Grades 0, 1, 2, 3 revealed and CB4 paid: one more turn, and the deck is shuffled."""
    game = _riddleflare_hits(ldb, [G0, G1, G2, V3])
    game.step(pick(game, ActionKind.YES))                      # reveal
    game.step(pick(game, ActionKind.YES))                      # pay CB4
    assert _extra_turn(game)


def test_PG_116_three_different_grades_or_too_little_damage_give_none(ldb):
    """0, 1, 2, 2 (three grades among four cards): no CB4 is offered; four grades with only
    three face-up damage: CB4 cannot be paid; neither gives a turn."""
    game = _riddleflare_hits(ldb, [G0, G1, G2, G2])
    game.step(pick(game, ActionKind.YES))
    assert not has_action(game, ActionKind.YES)
    assert not _extra_turn(game)
    game = _riddleflare_hits(ldb, [G0, G1, G2, V3], damage=3)
    game.step(pick(game, ActionKind.YES))
    assert not has_action(game, ActionKind.YES)
    assert not _extra_turn(game)


def test_PG_117_generation_break_1_search_a_grade_3(ldb):
    """GB1, CB1 + itself into the soul: a grade 3 searched to hand; without GB no act."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "PG-117"}, "damage": [G2],
                       "g_zone_face_up": ["PG-001"], "deck": [G1, "PG-104", G1]}, fmt="premium")
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PG-104")))
    assert ids_in(game, 0, Zone.HAND) == ["PG-104"]
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "PG-117"}, "damage": [G2]},
                 fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def _aeonjet_attacks(ldb, face_up: list[str]):
    game = scene(ldb, {"vanguard": "PG-118", "g_zone_face_up": face_up,
                       "rear": {"front_left": G2}},
                 {"vanguard": V3, "hand": [G0, G1, G1]}, phase="battle", fmt="premium")
    return game, _attack(game)


def test_PG_118_generation_break_2_only_grade_0_may_guard(ldb):
    """GB2, attacking a vanguard: +5000 and the opponent may guard from hand with grade 0
    only; with one face-up G unit neither happens."""
    for face_up, limited in ((["PG-001", "PG-002"], True), (["PG-001"], False)):
        game, attacker = _aeonjet_attacks(ldb, face_up)
        assert power_of(game, attacker) == (16000 if limited else 11000)
        assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
        assert has_action(game, ActionKind.GUARD,
                          card=card_named(game, 1, Zone.HAND, G1)) is not limited


def test_PG_118_CORE_13_the_guard_limit_ends_with_that_battle(ldb):
    """CORE-13: the limit lasts until the end of that battle: the next attack (a rear-guard's)
    may be guarded with a grade 1 again, and the vanguard is back to 11000."""
    game, attacker = _aeonjet_attacks(ldb, ["PG-001", "PG-002"])
    game.step(pick(game, ActionKind.DONE))                     # no guard; drives, damage, close
    while game.decision.player == 1 and has_action(game, ActionKind.PICK):
        game.step(game.legal_actions()[0])                     # a damage trigger's choices
    assert power_of(game, attacker) == 11000
    _attack(game, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G1))


def test_PG_118_your_stride_unwinds_a_rear_guard(ldb):
    """Your stride during your turn, CB1: an opponent's rear-guard to their deck bottom;
    with no face-up damage the cost cannot be paid and it stays."""
    for damage, unwound in (([G2], True), ([], False)):
        game = scene(ldb, {"vanguard": "PG-118", "g_zone": ["PG-101"], "hand": [V3],
                           "damage": damage},
                     {"vanguard": V3, "rear": {"front_left": G2}}, fmt="premium", phase="ride")
        victim = unit_at(game, 1, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.DONE))                 # no ride
        game.step(pick(game, ActionKind.STRIDE))
        if has_action(game, ActionKind.YES):
            game.step(pick(game, ActionKind.YES))
        if has_action(game, ActionKind.PICK, card=victim):
            game.step(pick(game, ActionKind.PICK, card=victim))
        assert (cards_in(game, 1, Zone.DECK)[-1] == victim) is unwound
        assert (zone_of(game, victim) is Zone.RC) is not unwound
