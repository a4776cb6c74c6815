"""ACT-09..28: reveal, search, shuffle, stand/rest, face, checks, costs, bind, battles,
abilities, lock, declare, negative values, guard restrictions, for-each."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    AttackTargetChanged,
    CardBound,
    CardsRevealed,
    CardsSearched,
    CardTurned,
    DamageChecked,
    DamageDealt,
    DriveChecked,
    NameDeclared,
    UnitPlaced,
    UnitStood,
    UnitUnlocked,
)
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    damage_count,
    events_of,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    object_id,
    pick,
    power_of,
    start_game,
    unit_at,
    zone_of,
)


def _game(db, side0: dict, side1: dict | None = None, phase: str = "main",
          fmt: str = "standard", turn_player: int = 0) -> vg.Game:
    return start_game(db, side0, side1 or {"vanguard": "DX-101"},
                      decks=(["DX-006"] * 6, ["DX-106"] * 6), fmt=fmt, phase=phase,
                      turn_player=turn_player)


def test_ACT_09_a_cost_reveal_lasts_while_the_cost_is_paid(db):
    """ACT-09: a card revealed for a cost is public only while the cost is paid, and does not
    change zones."""
    game = _game(db, {"vanguard": "AS-004", "rear": {"front_left": "AS-006"},
                      "hand": ["AS-005", "DX-006"]})
    shown = card_named(game, 0, Zone.HAND, "AS-005")
    game.step(pick(game, ActionKind.ACT))
    assert events_of(game, CardsRevealed) == [CardsRevealed(0, (shown,), True)]
    assert zone_of(game, shown) is Zone.HAND and shown not in game.state.revealed
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    assert game.view(1)["players"][0]["revealed"] == []


def test_ACT_09_an_effect_reveal_lasts_until_the_effect_ends(db):
    """ACT-09: a card revealed by an effect is public until that part of the effect ends."""
    game = _game(db, {"vanguard": "AS-004", "hand": ["AS-019"], "damage": ["DX-006"],
                      "deck": ["DX-006", "AS-005", "DX-007"]})
    game.step(pick(game, ActionKind.PLAY_ORDER))
    found = card_named(game, 0, Zone.DECK, "AS-005")
    game.step(pick(game, ActionKind.PICK, card=found))
    assert CardsRevealed(0, (found,), False) in game.events
    assert zone_of(game, found) is Zone.HAND and not game.state.revealed


def test_ACT_10_a_hidden_zone_search_may_fail_a_public_one_may_not(db, tdb):
    """ACT-10: searching the deck may find nothing though the card is there; searching the drop
    must find it."""
    game = _game(db, {"vanguard": "AS-004", "hand": ["AS-019"], "damage": ["DX-006"],
                      "deck": ["DX-006", "AS-005", "DX-007"]})
    game.step(pick(game, ActionKind.PLAY_ORDER))
    assert has_action(game, ActionKind.DONE)                  # may claim not to find it
    game.step(pick(game, ActionKind.DONE))
    assert events_of(game, CardsSearched) == [CardsSearched(0, Zone.DECK, ())]
    assert "AS-005" in ids_in(game, 0, Zone.DECK)
    game = _game(tdb, {"vanguard": "T-SEARCH-DROP", "drop": ["DX-004", "DX-005", "DX-006"]})
    game.step(pick(game, ActionKind.ACT))
    assert game.decision.kind is DecisionKind.CHOOSE_CARD
    assert not has_action(game, ActionKind.DONE)              # public: must find one
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DROP, "DX-005")))
    assert ids_in(game, 0, Zone.HAND) == ["DX-005"]


def test_ACT_11_after_a_search_the_found_card_is_not_shuffled_in(db):
    """ACT-11: the shuffle after a search randomizes the rest of the deck, not the found card."""
    deck = ["DX-006", "AS-005", "DX-007", "DX-011", "DX-012", "DX-013", "DX-014"]
    orders = set()
    for seed in range(6):
        game = (vg.Scenario(db, seed=seed)
                .player(0, vanguard="AS-004", hand=["AS-019"], damage=["DX-006"], deck=deck)
                .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="main"))
        game.step(pick(game, ActionKind.PLAY_ORDER))
        found = card_named(game, 0, Zone.DECK, "AS-005")
        game.step(pick(game, ActionKind.PICK, card=found))
        assert zone_of(game, found) is Zone.HAND and "AS-005" not in ids_in(game, 0, Zone.DECK)
        orders.add(tuple(ids_in(game, 0, Zone.DECK)))
    assert len(orders) > 1                                    # the generator really shuffled


def test_ACT_12_standing_a_standing_unit_does_nothing_and_triggers_nothing(db):
    """ACT-12: a standing unit is not stood: no 'when this unit stands' auto."""
    game = (vg.Scenario(db)
            .player(0, vanguard="AS-004", rear={"front_left": "AS-007", "front_right": "AS-007"},
                    rested=["front_right"], deck=["DX-006"] * 4)
            .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="stand"))
    standing, rested = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    assert [e.card for e in events_of(game, UnitStood)] == [rested]
    assert game.decision.kind is DecisionKind.YES_NO and game.decision.source == rested
    assert standing != rested


def test_ACT_13_a_face_up_card_is_not_turned_face_up(tdb):
    """ACT-13: turning a face-up card face up does nothing (no event)."""
    game = _game(tdb, {"vanguard": "T-FACE-UP-VG"})
    game.step(pick(game, ActionKind.ACT))
    assert not events_of(game, CardTurned) and is_face_up(game, unit_at(game, 0, Circle.VC))


def test_ACT_13_a_face_down_damage_card_is_turned_face_up(db):
    """ACT-13: face down to face up happens once."""
    game = _game(db, {"vanguard": "AS-004", "hand": ["AS-012"], "damage": ["DX-006", "DX-007"],
                      "damage_face_down": 1})
    game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
    first = cards_in(game, 0, Zone.DAMAGE)[0]
    assert events_of(game, CardTurned) == [CardTurned(first, True)]


def test_ACT_14_the_drive_check_is_the_trigger_check_of_the_drive_step(db):
    """ACT-14: a vanguard's drive step checks the deck's top card once per drive."""
    game = _game(db, {"vanguard": "DX-005", "deck": ["DX-006", "DX-007", "DX-006"]},
                 phase="battle")
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.DONE))
    assert [e.player for e in events_of(game, DriveChecked)] == [0, 0]


def test_ACT_15_skill_damage_is_damage_checked_and_its_trigger_applies(db):
    """ACT-15 / TERM-03: skill damage damage-checks like battle damage; its source is the
    card."""
    game = _game(db, {"vanguard": "AS-005", "damage": ["DX-006"] * 3},
                 {"vanguard": "DX-101", "damage": ["DX-106"] * 3,
                  "deck": ["DX-114", "DX-106", "DX-106"]})
    source = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, index=0))
    assert events_of(game, DamageDealt) == [DamageDealt(1, 1, source, False)]
    assert len(events_of(game, DamageChecked)) == 1
    assert game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.player == 1
    game.step(game.legal_actions()[0])                           # heal trigger: heal 1
    assert damage_count(game, 1) == 3 and "DX-114" in ids_in(game, 1, Zone.DAMAGE)


def test_ACT_16_counter_blast_is_all_or_nothing_and_obeys_its_condition(db):
    """ACT-16: CB 3 with 2 face-up damage turns nothing (not playable); "CB1 - grade 2 or less"
    cannot use a grade 3 damage card."""
    game = _game(db, {"vanguard": "AS-005", "damage": ["DX-006"] * 2,
                      "rear": {"front_left": "AS-008"}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))
    assert has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))
    game = _game(db, {"vanguard": "AS-005", "damage": ["DX-004", "DX-004"],
                      "rear": {"front_left": "AS-008"}})
    assert not has_action(game, ActionKind.ACT)
    assert all(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))


def test_ACT_17_counter_charge_turns_as_many_as_possible(db):
    """ACT-17: counter charge X turns up to X face-down cards face up, as many as possible."""
    game = (vg.Scenario(db).player(0, vanguard="DX-005", rear={"front_right": "DX-006"},
                                   damage=["DX-007"], deck=["DX-010"] + ["DX-006"] * 5)
            .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="battle"))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.VC)))
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])   # nothing was face down: fine
    assert game.decision.kind is DecisionKind.ATTACK


def test_ACT_18_soul_blast_with_a_condition_is_all_or_nothing(db):
    """ACT-18: "SB1 - grade 0" with no grade 0 in the soul cannot be paid: not played."""
    game = _game(db, {"vanguard": "DX-005", "rear": {"front_left": "AS-011"},
                      "soul": ["DX-006"]}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert game.decision.kind is DecisionKind.GUARD
    game = _game(db, {"vanguard": "DX-005", "rear": {"front_left": "AS-011"},
                      "soul": ["DX-006", "DX-001"]},
                 {"vanguard": "DX-101", "drop": ["DX-111"]}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 0, Zone.SOUL) == ["DX-006"] and ids_in(game, 0, Zone.DROP) == ["DX-001"]


def test_ACT_19_soul_charge_puts_as_many_as_possible(tdb):
    """ACT-19: soul charge 2 with one card in deck puts that one card."""
    game = _game(tdb, {"vanguard": "T-SC2", "deck": ["DX-011"]})
    game.step(pick(game, ActionKind.ACT))
    assert ids_in(game, 0, Zone.SOUL) == ["DX-011"] and not cards_in(game, 0, Zone.DECK)


def test_ACT_20_bind_puts_a_card_into_its_owners_bind_zone(db):
    """ACT-20: bind: a card to its owner's bind zone (from any zone)."""
    game = _game(db, {"vanguard": "DX-005", "rear": {"front_left": "AS-011"}, "soul": ["DX-001"],
                      "deck": ["DX-007", "DX-006", "DX-006"]},
                 {"vanguard": "DX-101", "drop": ["DX-111"]}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 1, Zone.BIND) == ["DX-111"] and ids_in(game, 0, Zone.BIND) == ["DX-007"]
    assert len(events_of(game, CardBound)) == 2


def test_ACT_21_battles_changes_the_attacked_unit_and_the_last_change_wins(db, tdb):
    """ACT-21: 'this unit battles' makes it the attacked unit; with two changes the last one
    counts and replaces every attacked unit."""
    game = _game(tdb, {"vanguard": "PX-008", "deck": ["PX-005"] * 5},
                 {"vanguard": "CL-008", "rear": {"front_left": "T-DECOY",
                                                 "front_right": "T-DECOY"},
                  "hand": ["DX-111"], "deck": ["CL-006"] * 5},
                 phase="battle", fmt="premium")
    vg1 = unit_at(game, 1, Circle.VC)
    left, right = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ATTACK, target=vg1))
    assert game.decision.kind is DecisionKind.ORDER_AUTOS and game.decision.player == 1
    game.step(pick(game, ActionKind.PLAY_AUTO, card=left))
    assert game.state.battle.target == right                 # the other one resolved last
    assert events_of(game, AttackTargetChanged) == [AttackTargetChanged(vg1, left),
                                                     AttackTargetChanged(left, right)]
    game.step(pick(game, ActionKind.GUARD))
    assert list(game.state.battle.guardians.values()) == [right]


def test_ACT_21_a_conditional_redirect_checks_its_condition_again(db):
    """ACT-21 with a condition: once the attack was redirected, a second 'if your vanguard is
    attacked' redirect no longer applies."""
    game = _game(db, {"vanguard": "PX-008", "deck": ["PX-005"] * 5},
                 {"vanguard": "CL-008", "rear": {"front_left": "CL-005", "front_right": "CL-005"},
                  "damage": ["CL-006", "CL-006"], "deck": ["CL-006"] * 5},
                 phase="battle", fmt="premium")
    left = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.PLAY_AUTO, card=left))
    game.step(pick(game, ActionKind.YES))
    game.step(game.legal_actions()[0])                       # which damage pays CB1
    assert game.state.battle.target == left
    assert game.decision.kind is DecisionKind.GUARD          # the other redirect did nothing


def test_ACT_22_gained_abilities_work_and_lost_ones_do_not(db):
    """ACT-22: an ability given for a period works; a card that loses its abilities has none
    (its cont bonus ends)."""
    game = _game(db, {"vanguard": "AS-004", "rear": {"front_left": "AS-013",
                                                     "front_right": "AS-006"},
                      "soul": ["DX-001", "DX-002"], "damage": ["DX-006"]})
    pupil = unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=pupil, target=unit_at(game, 1, Circle.VC)))
    assert game.decision.kind is DecisionKind.YES_NO and game.decision.source == pupil
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, pupil) == 15000
    game = _game(db, {"vanguard": "CL-008", "rear": {"back_left": "CL-003"},
                      "damage": ["CL-006"]},
                 {"vanguard": "DX-104", "rear": {"front_left": "DX-107"}}, fmt="premium")
    target = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    assert game.decision.kind is DecisionKind.GUARD           # its auto did not trigger
    assert game.state.card(target).abilities                  # printed information is kept


def test_ACT_23_a_locked_card_is_face_down_has_no_stand_and_locks_its_circle(db):
    """ACT-23: a locked card is face down, a new object, not a unit, never stood, and no unit can
    be called to its circle."""
    game = _game(db, {"vanguard": "CL-007", "damage": ["CL-006", "CL-006"],
                      "deck": ["CL-006"] * 5},
                 {"vanguard": "DX-104", "rear": {"front_left": "DX-106"}, "hand": ["DX-107"]},
                 phase="battle", fmt="premium")
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    obj = object_id(game, victim)
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.YES))
    assert not is_face_up(game, victim) and object_id(game, victim) != obj
    assert zone_of(game, victim) is Zone.RC
    assert not has_action(game, ActionKind.INTERCEPT)         # not a unit any more
    game.step(pick(game, ActionKind.DONE))
    assert game.turn_player == 1
    assert not has_action(game, ActionKind.CALL, circle=Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.CALL, circle=Circle.BACK_LEFT)


def test_ACT_24_unlock_turns_face_up_standing_as_a_new_object_without_appearing(db):
    """ACT-24: unlocked at the end of its owner's turn: face up, standing, a new object, and not
    an appearance."""
    game = _game(db, {"vanguard": "CL-007", "damage": ["CL-006", "CL-006"],
                      "deck": ["CL-006"] * 5},
                 {"vanguard": "DX-104", "rear": {"front_left": "DX-106"}},
                 phase="battle", fmt="premium")
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.DONE))
    locked_obj = object_id(game, victim)
    placed_before = len(events_of(game, UnitPlaced))
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))
    assert events_of(game, UnitUnlocked) == [UnitUnlocked(victim, 1)]
    assert is_face_up(game, victim) and not is_rested(game, victim)
    assert object_id(game, victim) != locked_obj
    assert len(events_of(game, UnitPlaced)) == placed_before


def test_ACT_25_only_existing_names_can_be_declared(db):
    """ACT-25: the declared value must exist: the choices are exactly the database's names, and
    anything else is refused."""
    game = _game(db, {"vanguard": "AS-005", "soul": ["DX-001"],
                      "deck": ["DX-006", "DX-007", "DX-006"]}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.YES))
    assert game.decision.kind is DecisionKind.DECLARE
    names = db.all_names()
    assert len(game.legal_actions()) == len(names)
    before = game.state_hash()
    with pytest.raises(vg.IllegalActionError):
        game.step(vg.Action(ActionKind.PICK, index=len(names)))
    assert game.state_hash() == before
    game.step(pick(game, ActionKind.PICK, index=names.index("Flame Halberdier")))
    assert NameDeclared(0, "Flame Halberdier") in game.events
    assert ids_in(game, 0, Zone.HAND) == ["DX-006"]          # the revealed top card matched


def test_ACT_26_power_can_go_negative_and_counts_as_negative(tdb):
    """ACT-26: power may be negative; the unit is not retired; sums use the negative value
    (-2000 vanguard guarded by 15000: 13000)."""
    game = _game(tdb, {"vanguard": "T-MINUS"},
                 {"vanguard": "DX-001", "hand": ["DX-111"]})
    target = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ACT))
    assert power_of(game, target) == -2000 and zone_of(game, target) is Zone.VC
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.GUARD))
    from ecs_vanguard.derived import query as q

    game.switch()
    assert q.battle_totals(game.state)[1] == 13000


def test_ACT_27_calls_to_gc_need_x_or_more_at_once_but_intercepts_are_free(db):
    """ACT-27: under "can't call to GC unless 2 or more at once", one card cannot be placed
    alone; two are placed together; intercepts are not restricted."""
    game = _game(db, {"vanguard": "CL-008", "damage": ["CL-006"], "deck": ["CL-006"] * 5},
                 {"vanguard": "DX-104", "hand": ["DX-111", "DX-112"],
                  "rear": {"front_left": "DX-106"}}, phase="battle", fmt="premium")
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.YES))
    first, second = cards_in(game, 1, Zone.HAND)
    assert has_action(game, ActionKind.INTERCEPT)
    game.step(pick(game, ActionKind.GUARD, card=first))
    assert zone_of(game, first) is Zone.HAND                  # waiting for a second card
    assert not has_action(game, ActionKind.YES) and not has_action(game, ActionKind.DONE)
    game.step(pick(game, ActionKind.GUARD, card=second))
    game.step(pick(game, ActionKind.YES))
    assert zone_of(game, first) is Zone.GC and zone_of(game, second) is Zone.GC
    game.step(pick(game, ActionKind.INTERCEPT))
    assert len(cards_in(game, 1, Zone.GC)) == 3


def test_ACT_28_for_each_counts_once_and_picks_different_targets(db):
    """ACT-28: for each grade 3 in the drop (2), choose a different unit each time."""
    game = _game(db, {"vanguard": "AS-004", "rear": {"front_left": "AS-010",
                                                     "front_right": "DX-006"},
                      "drop": ["DX-004", "DX-005"]}, phase="battle")
    attacker, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=other))
    assert not has_action(game, ActionKind.PICK, card=other)   # a different one this time
    game.step(pick(game, ActionKind.PICK, card=attacker))
    assert power_of(game, other) == 12000 and power_of(game, attacker) == 12000
    assert game.decision.kind is DecisionKind.GUARD
