"""Study of six products (issue 19), product 2: Legion-era main units of one clan, the Royal
Paladin Seekers (tests/cards/corpus/p_legion_bt.toml, ids PL-001..013). Each test plays the
card's effect in a position built for it (premium format; a legion is set up with the
scenario's `mate`) and a position where its condition or cost fails."""

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
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

G1 = "PC-008"                                     # a vanilla grade 1
PF = ["PL-006", "PL-007"]                         # two «Pathfinder» cards for named blasts


def _s(ldb, me: dict, them: dict | None = None, **kw):
    return scene(ldb, me, them or {"vanguard": V3}, fmt="premium", **kw)


def _attack(game, circle: Circle = Circle.VC, target: Circle = Circle.VC):
    attacker = unit_at(game, 0, circle)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, target)))
    return attacker


REARS = (Circle.FRONT_LEFT, Circle.FRONT_RIGHT, Circle.BACK_LEFT, Circle.BACK_CENTER,
         Circle.BACK_RIGHT)


def _rc_ids(game) -> list[str]:
    """The ids of player 0's rear-guards."""
    game.switch()
    units = (q.try_unit_at(game.state, 0, c) for c in REARS)
    return sorted(game.state.card(u).id for u in units if u is not None)


def _resolve(game, *wanted: str, circles: tuple[Circle, ...] = REARS) -> None:
    """Answer player 0's questions until the next open decision of the turn: pick the wanted
    cards (by id) when offered, free circles in order, decline every other optional ability."""
    open_kinds = (DecisionKind.MAIN_PHASE, DecisionKind.ATTACK, DecisionKind.GUARD)
    while game.decision is not None and game.decision.kind not in open_kinds:
        actions = game.legal_actions()
        ids = {a: game.state.card(a.card).id for a in actions if a.card >= 0}
        choice = next((a for a in actions if ids.get(a) in wanted), None)
        choice = choice or next((a for c in circles for a in actions if a.circle is c), None)
        choice = choice or next((a for a in actions if a.kind is ActionKind.NO), actions[0])
        game.step(choice)


def _faced_up(game) -> int:
    return sum(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))


def test_PL_001_in_legion_call_a_pathfinder_then_counter_charge(ldb):
    """In legion, CB2 of «Pathfinder» cards: a «Pathfinder» is called from the deck, and with
    more units than the opponent one damage turns face up again; out of legion, or with other
    damage cards, the act is not offered."""
    game = _s(ldb, {"vanguard": "PL-001", "mate": "PL-002", "damage": PF,
                    "deck": [G2, "PL-013", "PL-009", G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    _resolve(game, "PL-009")
    assert _rc_ids(game) == ["PL-009"] and _faced_up(game) == 1
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))  # 1/Turn
    game = _s(ldb, {"vanguard": "PL-001", "damage": PF})
    assert not has_action(game, ActionKind.ACT)
    game = _s(ldb, {"vanguard": "PL-001", "mate": "PL-002", "damage": [G2, G2]})
    assert not has_action(game, ActionKind.ACT)


def test_PL_001_another_unit_in_its_column(ldb):
    """Attacking a vanguard with a unit behind it (not boosting): +3000; alone: nothing."""
    for rear, total in (({"back_center": G1}, 14000), ({"back_left": G1}, 11000)):
        game = _s(ldb, {"vanguard": "PL-001", "rear": rear}, {"vanguard": V3, "hand": [G2]},
                  phase="battle")
        attacker = _attack(game)
        if game.decision.kind is DecisionKind.BOOST:
            game.step(pick(game, ActionKind.DONE))             # no boost
        assert power_of(game, attacker) == total


def test_PL_002_called_beside_a_legion(ldb):
    """Called with a vanguard in legion, CB1: another unit and itself +4000; without a legion
    the auto does not trigger."""
    game = _s(ldb, {"vanguard": "PL-001", "mate": "PL-002", "hand": ["PL-002"], "damage": [G2]})
    cheren = card_named(game, 0, Zone.HAND, "PL-002")
    game.step(pick(game, ActionKind.CALL, card=cheren, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.YES))
    leader = unit_at(game, 0, Circle.VC)
    before = power_of(game, leader)
    game.step(pick(game, ActionKind.PICK, card=leader))
    assert power_of(game, cheren) == 13000 and power_of(game, leader) == before + 4000
    game = _s(ldb, {"vanguard": "PL-001", "hand": ["PL-002"], "damage": [G2]})
    cheren = card_named(game, 0, Zone.HAND, "PL-002")
    game.step(pick(game, ActionKind.CALL, card=cheren, circle=Circle.FRONT_LEFT))
    assert not has_action(game, ActionKind.YES) and power_of(game, cheren) == 9000


def test_PL_003_a_hit_under_a_pathfinder_vanguard(ldb):
    """Its hit on the vanguard under a «Pathfinder» vanguard: another unit +5000; under a
    vanguard of another name: nothing."""
    for vanguard, bonus in (("PL-004", 5000), (V3, 0)):
        game = _s(ldb, {"vanguard": vanguard, "rear": {"front_left": "PL-003",
                                                       "front_right": G2}},
                  {"vanguard": G1}, phase="battle")
        _attack(game, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.DONE))                  # no guard: it hits
        ally = unit_at(game, 0, Circle.FRONT_RIGHT)
        if has_action(game, ActionKind.PICK, card=ally):
            game.step(pick(game, ActionKind.PICK, card=ally))
        assert power_of(game, ally) == 10000 + bonus


def test_PL_004_in_legion_up_to_three_units_plus_5000(ldb):
    """In legion, CB2 of «Pathfinder» cards: the chosen units +5000; out of legion no act."""
    game = _s(ldb, {"vanguard": "PL-004", "mate": "PL-003", "damage": PF,
                    "rear": {"front_left": G2, "front_right": G2}})
    left, right = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=left))
    game.step(pick(game, ActionKind.PICK, card=right))
    game.step(pick(game, ActionKind.DONE))
    assert power_of(game, left) == power_of(game, right) == 15000
    game = _s(ldb, {"vanguard": "PL-004", "damage": PF})
    assert not has_action(game, ActionKind.ACT)


def test_PL_004_its_hit_calls_a_pathfinder(ldb):
    """Its hit on the vanguard, discarding a card: a «Pathfinder» called from the deck; an
    attack that does not hit (11000 against 13000) asks nothing."""
    for them, hits in ((G1, True), (V3, False)):
        game = _s(ldb, {"vanguard": "PL-004", "hand": [G2], "rear": {"front_left": G2},
                        "deck": [G2, G2, "PL-013", "PL-009", G2]}, {"vanguard": them},
                  phase="battle")
        _attack(game)
        game.step(pick(game, ActionKind.DONE))                  # no guard
        if not hits:
            assert not has_action(game, ActionKind.YES) and _rc_ids(game) == [G2]
            continue
        game.step(pick(game, ActionKind.YES))
        _resolve(game, "PL-009", G2, circles=(Circle.BACK_LEFT,))
        assert _rc_ids(game) == sorted([G2, "PL-009"])


def test_PL_005_in_legion_plus_1000_per_pathfinder_and_a_critical(ldb):
    """In legion during its turn: +1000 for each other «Pathfinder» unit (its mate included),
    and with five rear-guards +1 critical; out of legion, or in the opponent's turn, nothing."""
    rear = {"front_left": "PL-007", "front_right": "PL-013", "back_left": G1,
            "back_center": G1, "back_right": G1}
    game = _s(ldb, {"vanguard": "PL-005", "mate": "PL-006", "rear": rear})
    leader = unit_at(game, 0, Circle.VC)
    assert power_of(game, leader) == 11000 + 2000 and critical_of(game, leader) == 2
    game = _s(ldb, {"vanguard": "PL-005", "rear": rear})
    leader = unit_at(game, 0, Circle.VC)
    assert power_of(game, leader) == 11000 and critical_of(game, leader) == 1
    game = _s(ldb, {"vanguard": "PL-005", "mate": "PL-006", "rear": rear}, turn_player=1)
    leader = unit_at(game, 0, Circle.VC)
    assert power_of(game, leader) == 11000 and critical_of(game, leader) == 1


def test_PL_005_seek_mate_finds_either_name(ldb):
    """Seek Mate offers either listed name (LEG-02): the classic «Lumen Blade» is found."""
    game = _s(ldb, {"vanguard": "PL-005", "drop": [G2] * 4, "deck": ["PC-005", G2, G2]})
    game.step(pick(game, ActionKind.SEEK_MATE))
    while game.decision.label == "to deck top":
        game.step(game.legal_actions()[0])
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PC-005")))
    mate = q.partner(unit_at(game, 0, Circle.VC))
    assert mate is not None and game.state.card(mate).id == "PC-005"


def test_PL_006_called_under_a_pathfinder_vanguard(ldb):
    """CB1 under a «Pathfinder» vanguard: a grade 2 or greater rear-guard retired; under a
    vanguard of another name the auto does not trigger."""
    for vanguard, retired in (("PL-004", True), (V3, False)):
        game = _s(ldb, {"vanguard": vanguard, "hand": ["PL-006"], "damage": [G2]},
                  {"vanguard": V3, "rear": {"front_left": G2, "front_right": G1}})
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PL-006"),
                       circle=Circle.FRONT_LEFT))
        big, small = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)
        if retired:
            game.step(pick(game, ActionKind.YES))
            if has_action(game, ActionKind.PICK):
                game.step(pick(game, ActionKind.PICK, card=big))
        else:
            assert not has_action(game, ActionKind.YES)
        assert (zone_of(game, big) is Zone.DROP) is retired and zone_of(game, small) is Zone.RC


def test_PL_007_a_hit_on_the_vanguard_finds_a_grade_3(ldb):
    """Its hit on the vanguard, CB1: a grade 3 from the top five to hand; its hit on a
    rear-guard: no trigger."""
    game = _s(ldb, {"vanguard": V3, "rear": {"front_left": "PL-007"}, "damage": [G2],
                    "deck": [G2, "PL-004", G2, G2, G2, G2]}, {"vanguard": G1}, phase="battle")
    _attack(game, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.YES))
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PL-004")))
    assert ids_in(game, 0, Zone.HAND) == ["PL-004"]
    game = _s(ldb, {"vanguard": V3, "rear": {"front_left": "PL-007"}, "damage": [G2]},
              {"vanguard": V3, "rear": {"front_left": G1}}, phase="battle")
    _attack(game, Circle.FRONT_LEFT, target=Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.DONE))
    assert not has_action(game, ActionKind.YES)


def test_PL_008_plus_1000_per_pathfinder_under_the_named_vanguard(ldb):
    """Under «Lumen Blade Pathfinder», CB1: +1000 for each other «Pathfinder» unit (the vanguard
    and one rear-guard: +2000); under another vanguard no question."""
    game = _s(ldb, {"vanguard": "PL-006", "rear": {"front_left": "PL-008", "back_right": "PL-009"},
                    "damage": [G2]}, {"vanguard": V3, "hand": [G2]}, phase="battle")
    madoc = _attack(game, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, madoc) == 11000
    game = _s(ldb, {"vanguard": V3, "rear": {"front_left": "PL-008", "back_right": "PL-013"},
                    "damage": [G2]}, {"vanguard": V3, "hand": [G2]}, phase="battle")
    madoc = _attack(game, Circle.FRONT_LEFT)
    assert not has_action(game, ActionKind.YES) and power_of(game, madoc) == 9000


def test_PL_009_called_under_the_named_vanguard(ldb):
    """Under «Lumen Blade Pathfinder», SB2: +1000 per other «Pathfinder» unit; with one soul
    card the cost cannot be paid."""
    for soul, total in (([G1, G1], 9000), ([G1], 7000)):
        game = _s(ldb, {"vanguard": "PL-006", "rear": {"front_left": "PL-007"}, "soul": soul,
                        "hand": ["PL-009"]})
        aramil = card_named(game, 0, Zone.HAND, "PL-009")
        game.step(pick(game, ActionKind.CALL, card=aramil, circle=Circle.BACK_LEFT))
        if len(soul) == 2:
            game.step(pick(game, ActionKind.YES))
        else:
            assert not has_action(game, ActionKind.YES)
        assert power_of(game, aramil) == total


def test_PL_010_five_cards_from_the_deck_to_the_guardian_circle(ldb):
    """Guarding from hand with CB1: the top five cards of the deck join the guardians; without
    a face-up damage only the sentinel guards."""
    for face_down, guardians in ((0, 6), (1, 1)):
        game = _s(ldb, {"vanguard": V3, "hand": ["PL-010"], "damage": [G2],
                        "damage_face_down": face_down, "deck": [G1] * 8},
                  {"vanguard": V3}, phase="battle", turn_player=1)
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC),
                       target=unit_at(game, 0, Circle.VC)))
        game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, "PL-010")))
        if not face_down:
            game.step(pick(game, ActionKind.YES))
            while game.decision.kind is not DecisionKind.GUARD:
                game.step(game.legal_actions()[0])             # circles / order, any
        assert len(cards_in(game, 0, Zone.GC)) == guardians
        assert len(cards_in(game, 0, Zone.DECK)) == 8 - (guardians - 1)


def test_PL_011_in_legion_call_a_grade_0_1_and_2(ldb):
    """In legion, SB2 and a discarded copy of a name on VC: a grade 0, 1 and 2 called; without
    such a card in hand the act is not offered."""
    game = _s(ldb, {"vanguard": "PL-011", "mate": "PL-011B", "soul": [G1, G1],
                    "hand": ["PL-011B"], "deck": ["PL-012", "PL-013", "PL-007", G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    _resolve(game, "PL-011B", "PL-012", "PL-013", "PL-007")
    assert _rc_ids(game) == ["PL-007", "PL-012", "PL-013"]
    game = _s(ldb, {"vanguard": "PL-011", "mate": "PL-011B", "soul": [G1, G1], "hand": [G2]})
    assert not has_action(game, ActionKind.ACT)


def test_PL_011_in_legion_it_cannot_be_boosted(ldb):
    """In legion it cannot be boosted, but its mate can (LEG-13: the restriction binds only the
    unit that has it): the one boost offered boosts the mate; out of legion the boost is there."""
    game = _s(ldb, {"vanguard": "PL-011", "rear": {"back_center": G1}, "mate": "PL-011B"},
              {"vanguard": V3, "hand": [G2]}, phase="battle")
    _attack(game)
    leader = unit_at(game, 0, Circle.VC)
    boosts = [a for a in game.legal_actions() if a.kind is ActionKind.BOOST]
    assert [a.target for a in boosts] == [q.partner(leader)]
    game = _s(ldb, {"vanguard": "PL-011", "rear": {"back_center": G1}},
              {"vanguard": V3, "hand": [G2]}, phase="battle")
    _attack(game)
    assert has_action(game, ActionKind.BOOST)


def test_PL_012_forerunner_and_look_at_five(ldb):
    """Ridden by its clan it may be called; on RC, CB1 + itself into the soul: a grade 3 from
    the top five to hand; ridden by another clan it stays in the soul."""
    game = _s(ldb, {"vanguard": "PL-012", "hand": ["PL-013"]}, phase="ride")
    kid = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PL-013")))
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_CENTER))
    assert zone_of(game, kid) is Zone.RC
    game.step(pick(game, ActionKind.DONE))                       # to the main phase
    game = _s(ldb, {"vanguard": V3, "rear": {"back_left": "PL-012"}, "damage": [G2],
                    "deck": [G1, "PL-004", G1, G1, G1]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PL-004")))
    assert ids_in(game, 0, Zone.HAND) == ["PL-004"] and ids_in(game, 0, Zone.SOUL) == ["PL-012"]
    game = _s(ldb, {"vanguard": "PL-012", "hand": ["PG-110"]}, phase="ride")
    kid = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PG-110")))
    assert not has_action(game, ActionKind.YES) and zone_of(game, kid) is Zone.SOUL


def test_PL_013_called_soul_blast_2_draws(ldb):
    """SB2 when called: a card drawn; with one soul card no question."""
    for soul, drawn in (([G1, G1], 1), ([G1], 0)):
        game = _s(ldb, {"vanguard": V3, "hand": ["PL-013"], "soul": soul})
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PL-013"),
                       circle=Circle.BACK_LEFT))
        if drawn:
            game.step(pick(game, ActionKind.YES))
        else:
            assert not has_action(game, ActionKind.YES)
        assert len(cards_in(game, 0, Zone.HAND)) == drawn
        assert not is_rested(game, unit_at(game, 0, Circle.BACK_LEFT))
