"""Corpus part 1 (issue 9 §1): conditions as expressions — all / any / not, count(selector,
filter) <op> N over every zone, comparisons between players, and the shorthands (Generation
Break, Limit Break, "your vanguard is", "in your soul"). Each card is played, and its condition
is shown failing too."""

from __future__ import annotations

from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    has_action,
    is_face_up,
    pick,
    power_of,
    unit_at,
)


def _call(game, card_id: str, circle: Circle = Circle.FRONT_LEFT) -> int:
    card = card_named(game, 0, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.CALL, card=card, circle=circle))
    return card


def test_LX_C01_in_soul_shorthand(ldb):
    """A crossride's "if «X» is in your soul, +2000": with it 13000, without it 11000."""
    game = scene(ldb, {"vanguard": "LX-C01", "soul": ["LX-C01B"]})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000
    game = scene(ldb, {"vanguard": "LX-C01", "soul": [G2]})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 11000


def test_LX_C02_limit_break_4(ldb):
    """Limit Break 4: offered with four damage, paid and +10000; not offered with three."""
    game = scene(ldb, {"vanguard": "LX-C02", "damage": [G2] * 4})
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DAMAGE)[0]))
    assert power_of(game, vanguard) == 21000
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    game = scene(ldb, {"vanguard": "LX-C02", "damage": [G2] * 3})
    assert not has_action(game, ActionKind.ACT)


def test_LX_C03_generation_break_2(ldb):
    """Generation Break 2 counts face-up G units in the G zone (and on VC): two allow the
    draw, one does not."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C03"},
                       "g_zone_face_up": ["PG-001", "PG-002"]}, fmt="premium")
    hand = len(cards_in(game, 0, Zone.HAND))
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 1
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C03"},
                       "g_zone_face_up": ["PG-001"], "g_zone": ["PG-002"]}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def test_LX_C03_generation_break_counts_the_g_unit_on_vc(ldb):
    """A G unit on VC counts toward Generation Break with one face-up in the G zone."""
    game = scene(ldb, {"vanguard": V3, "stride": "PG-004", "rear": {"front_left": "LX-C03"},
                       "g_zone_face_up": ["PG-001"]}, fmt="premium")
    assert has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))


def test_LX_C04_your_vanguard_is(ldb):
    """"If your vanguard is «Emberheart Sovereign»": placed under it, draw; under another, no."""
    game = scene(ldb, {"vanguard": "LX-C01B", "hand": ["LX-C04"]})
    _call(game, "LX-C04")
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-C04"]})
    _call(game, "LX-C04")
    assert cards_in(game, 0, Zone.HAND) == []


def test_LX_C05_another_unit_with_text_in_its_name(ldb):
    """Two Seraphs each see the other (+3000); a lone one does not count itself."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C05", "back_left": "LX-C05"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 12000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C05", "back_left": G2}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 9000


def test_LX_C06_all_any_not(ldb):
    """(damage >= 4 or soul >= 5) and not hand >= 6: each part decides."""
    def drawn(**me: object) -> int:
        side = {"vanguard": V3, **me}
        side["hand"] = ["LX-C06", *side.get("hand", [])]  # type: ignore[misc]
        game = scene(ldb, side)
        before = len(cards_in(game, 0, Zone.HAND))
        _call(game, "LX-C06")
        return len(cards_in(game, 0, Zone.HAND)) - before + 1

    assert drawn(damage=[G2] * 4) == 1                       # any: the damage
    assert drawn(soul=[G2] * 5) == 1                         # any: the soul
    assert drawn() == 0                                      # neither
    assert drawn(damage=[G2] * 4, hand=[G2] * 6) == 0        # not: six cards in hand


def test_LX_C07_more_damage_than_the_opponent(ldb):
    """A comparison between players: 3 damage against 2 gives +5000; 2 against 2 does not."""
    game = scene(ldb, {"vanguard": "LX-C07", "damage": [G2] * 3},
                 {"vanguard": V3, "damage": [G2] * 2})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    game = scene(ldb, {"vanguard": "LX-C07", "damage": [G2] * 2},
                 {"vanguard": V3, "damage": [G2] * 2})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000


def test_LX_C08_opponent_hand_larger_than_yours(ldb):
    """Hand sizes compared with `than = { from = ... }`: +1 critical only while the opponent
    holds more cards."""
    def critical(mine: int, theirs: int) -> int:
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C08"}, "hand": [G2] * mine},
                     {"vanguard": V3, "hand": [G2] * theirs}, phase="battle")
        attacker = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
        return critical_of(game, attacker)

    assert critical(1, 3) == 2
    assert critical(3, 3) == 1


def test_LX_C09_grade_3_cards_in_the_drop(ldb):
    """count(your_drop, grade_min = 3) >= 3: three give +5000, two do not."""
    game = scene(ldb, {"vanguard": "LX-C09", "drop": [V3] * 3 + [G2]})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 16000
    game = scene(ldb, {"vanguard": "LX-C09", "drop": [V3] * 2 + [G2] * 3})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 11000


def test_LX_C10_lord_by_clan(ldb):
    """Lord: with only Ember Legion units it attacks; a unit of another clan stops it."""
    game = scene(ldb, {"vanguard": "LX-C10", "rear": {"front_left": "LX-C01B"}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    assert has_action(game, ActionKind.ATTACK, card=vanguard)
    game = scene(ldb, {"vanguard": "LX-C10", "rear": {"front_left": G2}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    assert not has_action(game, ActionKind.ATTACK, card=vanguard)
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT))


def test_LX_C11_heal_triggers_in_the_drop(ldb):
    """A trigger-type filter: two heal triggers in the drop give +4000, one does not."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C11"},
                       "drop": ["DX-014", "DX-014", "DX-011"]})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 13000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C11"},
                       "drop": ["DX-014", "DX-011", "DX-011"]})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 9000


def test_LX_C12_face_down_damage(ldb):
    """Two face-down damage: Counter Charge 1 turns one face up; one face-down: nothing."""
    game = _with_face_down(ldb, 2)
    _call(game, "LX-C12")
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DAMAGE)[0]))
    assert sum(not is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 1
    game = _with_face_down(ldb, 1)
    _call(game, "LX-C12")
    assert sum(not is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 1


def _with_face_down(ldb, face_down: int):
    import ecs_vanguard as vg

    return (vg.Scenario(ldb).player(0, vanguard=V3, hand=["LX-C12"], damage=[G2] * 3,
                                    damage_face_down=face_down, deck=[G2] * 10)
            .player(1, vanguard=V3, deck=[G2] * 10).start(turn=3, phase="main"))


def test_LX_C13_all_rear_guards_rested(ldb):
    """count(standing rear-guards) == 0 with rear-guards: all rested gives +10000."""
    game = scene(ldb, {"vanguard": "LX-C13", "rear": {"front_left": G2, "back_left": G2},
                       "rested": ["front_left", "back_left"]})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 21000
    game = scene(ldb, {"vanguard": "LX-C13", "rear": {"front_left": G2, "back_left": G2},
                       "rested": ["front_left"]})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 11000


def test_LX_C14_two_worlds_in_the_order_zone(ldb):
    """The order zone counted with a subtype filter: two Worlds +5000, one World nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C14"},
                       "order_zone": ["BG-008", "BG-009"]})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C14"},
                       "order_zone": ["BG-008"]})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_LX_C15_four_cards_in_the_bind_zone(ldb):
    """The bind zone counted: four bound cards let it act; three do not."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C15"}, "bind": [G2] * 4})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    assert power_of(game, unit) == 15000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C15"}, "bind": [G2] * 3})
    assert not has_action(game, ActionKind.ACT)


def test_LX_C16_units_with_the_overdress_keyword(ldb):
    """A keyword filter: the vanguard and the unit with overDress get +10000, another does
    not; refusing the cost gives nothing."""
    def play(pay: bool):
        game = scene(ldb, {"vanguard": "LX-C16", "damage": [G2],
                           "rear": {"front_left": "OV-005", "back_left": G2}}, phase="battle")
        vanguard = unit_at(game, 0, Circle.VC)
        game.step(pick(game, ActionKind.ATTACK, card=vanguard, target=unit_at(game, 1, Circle.VC)))
        game.step(pick(game, ActionKind.YES if pay else ActionKind.NO))
        return game, vanguard

    game, vanguard = play(True)
    assert power_of(game, vanguard) == 23000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 10000
    game, vanguard = play(False)
    assert power_of(game, vanguard) == 13000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_LX_C17_two_or_fewer_cards_in_hand(ldb):
    """count(your_hand) <= 2: +5000 with two cards, nothing with three."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C17"}, "hand": [G2] * 2})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-C17"}, "hand": [G2] * 3})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_LX_C18_if_you_went_second(ldb):
    """went_second: on turn 4 player 0 went second and soul charges; on turn 3 they went
    first and do not."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-C18"]}, turn=4)
    _call(game, "LX-C18")
    assert len(cards_in(game, 0, Zone.SOUL)) == 1
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-C18"]}, turn=3)
    _call(game, "LX-C18")
    assert cards_in(game, 0, Zone.SOUL) == []
