"""LEG-01..29 and the hearts of a legion (HRT-05, HRT-06): Legion (premium)."""

from __future__ import annotations

import esper

import ecs_vanguard as vg
from components import HeartLink, LegionLink
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    AttackDeclared,
    DamageChecked,
    DriveChecked,
    GiftGained,
    LegionFormed,
    SoulCharged,
    UnitBoosted,
    UnitPlaced,
    UnitRode,
    UnitStood,
)
from ecs_vanguard.vocab.formats import Duration, Stat
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    events_of,
    has_action,
    is_face_up,
    is_rested,
    pick,
    power_of,
    start_game,
    unit_at,
)

DROP = ["LG-006"] * 4
DECK = ["LG-005", "LG-006", "LG-006", "LG-006", "LG-006", "LG-006", "LG-006", "LG-006"]


def _main(db, side0: dict, side1: dict | None = None, phase: str = "main") -> vg.Game:
    side0.setdefault("drop", DROP)
    return start_game(db, side0, side1 or {"vanguard": "LG-008"}, decks=(DECK, ["LG-010"] * 8),
                      fmt="premium", phase=phase)


def _seek(game: vg.Game, mate_id: str = "LG-005", find: bool = True) -> None:
    """Use Seek Mate: the drop's 4 cards in their order, then find (or not) the mate."""
    game.step(pick(game, ActionKind.SEEK_MATE))
    while game.decision.label == "to deck top":
        game.step(game.legal_actions()[0])
    if find:
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, mate_id)))
    elif game.decision.label.startswith("search"):
        game.step(pick(game, ActionKind.DONE))            # a hidden zone: may find nothing


def _opponent_forms_a_legion(game: vg.Game) -> None:
    """Pass player 0's turn; player 1 (LG-007 on VC) uses Seek Mate and finds Lucius."""
    game.step(pick(game, ActionKind.DONE))
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.MAIN_PHASE:
        game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.SEEK_MATE))
    while game.decision.label == "to deck top":
        game.step(game.legal_actions()[0])
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 1, Zone.DECK, "LG-005")))


def _legion(db, **side0) -> tuple[vg.Game, int, int]:
    side0.setdefault("vanguard", "LG-007")
    game = _main(db, side0)
    leader = unit_at(game, 0, Circle.VC)
    _seek(game)
    mate = q.partner(leader)
    assert mate is not None
    return game, leader, mate


def test_LEG_01_seek_mate_puts_four_drop_cards_on_top_searches_and_legions(db):
    """LEG-01: at open timing, the opponent's vanguard grade 3+, cost 4 drop cards to deck top:
    search up to 1 named card, put it on VC in legion, shuffle; not again this game."""
    game = _main(db, {"vanguard": "LG-007"})
    leader = unit_at(game, 0, Circle.VC)
    assert has_action(game, ActionKind.SEEK_MATE, card=leader)
    _seek(game)
    mate = q.partner(leader)
    assert game.state.card(mate).id == "LG-005" and q.position(mate).zone is Zone.VC
    assert not cards_in(game, 0, Zone.DROP) and len(cards_in(game, 0, Zone.DECK)) == 11
    assert LegionFormed(leader, mate, 0) in game.events
    assert not has_action(game, ActionKind.SEEK_MATE)
    game = _main(db, {"vanguard": "LG-007"}, {"vanguard": "LG-006"})
    assert not has_action(game, ActionKind.SEEK_MATE)            # opponent grade 2


def test_LEG_02_several_names_find_one_card_of_any(tdb):
    """LEG-02: with several names, up to one card matching any of them is found."""
    game = _main(tdb, {"vanguard": "T-SEEKER", "deck": ["T-ALPHA", "T-BETA", "LG-006"]})
    game.step(pick(game, ActionKind.SEEK_MATE))
    while game.decision.label == "to deck top":
        game.step(game.legal_actions()[0])
    found = {game.state.card(a.card).id for a in game.legal_actions() if a.kind is ActionKind.PICK}
    assert found == {"T-ALPHA", "T-BETA"}


def test_LEG_03_the_legion_number_has_no_effect(db):
    """LEG-03: the attacking power is the leader's plus the mate's current powers, whatever the
    icon says."""
    game, leader, _ = _legion(db)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    game.switch()
    assert q.battle_totals(game.state)[0] == 11000 + 9000 + 3000 != 20000


def test_LEG_04_not_again_binds_the_card_object_only(tdb):
    """LEG-04: after Seek Mate, another vanguard object (a card ridden over it) may use it."""
    game = _main(tdb, {"vanguard": "LG-007", "hand": ["LG-007"], "drop": DROP * 2,
                       "deck": ["LG-006"] * 8, "rear": {"front_left": "T-STRIDER"}})
    first = unit_at(game, 0, Circle.VC)
    _seek(game, find=False)
    assert not has_action(game, ActionKind.SEEK_MATE)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=2))
    second = unit_at(game, 0, Circle.VC)
    assert second != first and has_action(game, ActionKind.SEEK_MATE, card=second)


def test_LEG_05_finding_nothing_still_uses_it_up(db):
    """LEG-05: no card found, the ability is still used for this game."""
    game = _main(db, {"vanguard": "LG-007", "deck": ["LG-006"] * 8})
    _seek(game, find=False)
    assert not events_of(game, LegionFormed) and not has_action(game, ActionKind.SEEK_MATE)


def test_LEG_06_the_mate_is_placed_not_ridden_and_gets_no_gift(tdb):
    """LEG-06: 'placed on VC' autos trigger, 'when rides' autos do not; no imaginary gift."""
    game = _main(tdb, {"vanguard": "T-SEEKER", "deck": ["T-MATE-PLACED", "PX-008", "LG-006"]})
    _seek(game, mate_id="T-MATE-PLACED")
    mate = q.partner(unit_at(game, 0, Circle.VC))
    assert UnitPlaced(mate, 0, Zone.VC, Circle.VC) in game.events
    assert not events_of(game, UnitRode) and not events_of(game, SoulCharged)
    assert len(cards_in(game, 0, Zone.HAND)) == 1                    # its 'placed' auto drew
    game = _main(tdb, {"vanguard": "T-SEEKER", "deck": ["PX-008", "LG-006"]})
    _seek(game, mate_id="PX-008")
    assert not events_of(game, GiftGained)


def test_LEG_07_a_legion_cannot_legion_again_and_two_without_seek_mate_never(db):
    """LEG-07: a vanguard in legion can neither legion again nor Seek Mate; two cards without
    Seek Mate never legion, not even by effect."""
    game, leader, _ = _legion(db, drop=DROP * 2)
    assert not has_action(game, ActionKind.SEEK_MATE)
    assert not ops.form_legion(game.state, leader, cards_in(game, 0, Zone.DECK)[0])
    game = _main(db, {"vanguard": "LG-008"})
    game.switch()
    assert not ops.form_legion(game.state, unit_at(game, 0, Circle.VC),
                               cards_in(game, 0, Zone.DECK)[1])


def test_LEG_08_leader_and_mate_are_both_vanguards_with_the_leaders_state(db):
    """LEG-08: the earlier vanguard leads, the searched one is the mate, placed with the leader's
    stand/rest and face; VC abilities work on both."""
    game = _main(db, {"vanguard": "LG-007", "rested": ["vc"]})
    leader = unit_at(game, 0, Circle.VC)
    _seek(game)
    mate = q.partner(leader)
    assert esper.component_for_entity(leader, LegionLink).leader
    assert not esper.component_for_entity(mate, LegionLink).leader
    assert is_rested(game, mate) and is_face_up(game, mate)
    assert q.vanguards(game.state, 0) == [leader, mate]


def test_LEG_09_either_leaving_vc_ends_the_legion_for_both(db):
    """LEG-09: when either leaves VC, the legion ends for both."""
    game, leader, mate = _legion(db)
    ops.move_card(game.state, mate, Zone.SOUL)
    assert not esper.has_component(leader, LegionLink)


def test_LEG_10_leader_and_mate_are_two_units_with_their_own_information(db):
    """LEG-10: two units, each with its own name, grade and power."""
    game, leader, mate = _legion(db)
    assert set(q.units(game.state, 0)) == {leader, mate}
    assert (q.grade(game.state, leader), q.grade(game.state, mate)) == (3, 2)
    assert power_of(game, mate) == 9000


def test_LEG_11_a_legion_attacks_as_one(db):
    """LEG-11: only the legion attacks (not the mate alone); both rest and both attack."""
    game, leader, mate = _legion(db)
    game.step(pick(game, ActionKind.DONE))
    attackers = {a.card for a in game.legal_actions() if a.kind is ActionKind.ATTACK}
    assert leader in attackers and mate not in attackers
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    assert is_rested(game, leader) and is_rested(game, mate)
    assert events_of(game, AttackDeclared)[-1].co_attacker == mate


def test_LEG_13_and_LEG_14_boost_the_leader_or_the_mate_the_powers_add_up(db):
    """LEG-13, LEG-14: the turn player boosts the leader or the mate, only that one; the
    attacking power is leader + mate + booster."""
    game, leader, mate = _legion(db, rear={"back_center": "LG-002"})
    booster = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    assert {a.target for a in game.legal_actions() if a.kind is ActionKind.BOOST} == {leader, mate}
    game.step(pick(game, ActionKind.BOOST, target=mate))
    assert UnitBoosted(booster, mate, 0) in game.events
    assert power_of(game, mate) == 9000 + 8000 + 3000
    # Seed 000 §1.3.2: the mate's power is added to the leader's constantly (the combined power).
    assert power_of(game, leader) == 11000 + power_of(game, mate)
    assert q.battle_totals(game.state)[0] == 11000 + 9000 + 8000 + 3000


def test_LEG_15_an_attack_auto_triggers_once_each_unit_its_own(db):
    """LEG-15: a rear-guard's 'when your vanguard attacks' triggers once; the mate's own 'when
    this unit attacks' triggers for it."""
    game, leader, mate = _legion(db, rear={"back_left": "LG-003"})
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    assert game.decision.kind is DecisionKind.ORDER_AUTOS
    assert {a.card for a in game.legal_actions()} == {unit_at(game, 0, Circle.BACK_LEFT), mate}
    game.step(pick(game, ActionKind.PLAY_AUTO, card=mate))
    assert len(events_of(game, SoulCharged)) == 1 and power_of(game, mate) == 12000


def test_LEG_16_and_LEG_17_only_the_leader_drives_damage_is_the_leaders_critical(db):
    """LEG-16, LEG-17: the leader drive-checks (twin drive) and the damage is its critical."""
    game, leader, mate = _legion(db)
    game.switch()
    ops.add_modifier(game.state, mate, Stat.CRITICAL, 1, Duration.END_OF_TURN)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    game.step(pick(game, ActionKind.DONE))                     # no guard
    assert len(events_of(game, DriveChecked)) == 2
    assert len(events_of(game, DamageChecked)) == critical_of(game, leader) == 1


def test_LEG_18_each_when_hits_auto_triggers_once(db):
    """LEG-18: the leader's 'when this unit's attack hits' triggers once."""
    game, leader, _ = _legion(db)
    game.step(pick(game, ActionKind.DONE))
    hand = len(cards_in(game, 0, Zone.HAND))
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    game.step(pick(game, ActionKind.DONE))
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 2 + 1     # two drives, one draw


def test_LEG_19_and_LEG_29_only_the_leader_is_attacked_with_its_power_alone(db):
    """LEG-19, LEG-29: the mate can never be the attacked unit; the legion defends with the
    leader's power alone."""
    game = _main(db, {"vanguard": "LG-008", "deck": ["LG-006"] * 8},
                 {"vanguard": "LG-007", "drop": DROP, "deck": DECK[1:] + DECK[:1]}, phase="main")
    _opponent_forms_a_legion(game)
    leader = unit_at(game, 1, Circle.VC)
    mate = q.partner(leader)
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(pick(game, ActionKind.DONE))
    targets = {a.target for a in game.legal_actions() if a.kind is ActionKind.ATTACK}
    assert leader in targets and mate not in targets
    game.step(pick(game, ActionKind.ATTACK, target=leader))
    assert q.battle_totals(game.state)[1] == 11000
    assert not ops.battles(game.state, mate)


def test_LEG_20_riding_onto_a_legion_puts_both_into_the_soul(db):
    """LEG-20: a card placed on a legion puts both into the soul; a normal ride needs the
    leader's grade or one higher."""
    game, leader, mate = _legion(db, hand=["LG-008"])
    ops.ride(game.state, 0, cards_in(game, 0, Zone.HAND)[0], superior=True)
    assert q.position(leader).zone is Zone.SOUL and q.position(mate).zone is Zone.SOUL


def test_LEG_21_stand_and_rest_act_on_both_or_neither(db):
    """LEG-21: stand and rest act on both; if one cannot be stood, neither is."""
    game, leader, mate = _legion(db)
    assert ops.rest(game.state, mate) and is_rested(game, leader)
    assert not ops.rest(game.state, leader)                     # both rest already: no change
    ops.add_modifier(game.state, mate, Stat.CANT_STAND, 0, Duration.END_OF_TURN)
    assert not ops.stand(game.state, leader)                    # the mate cannot: neither
    assert is_rested(game, leader) and is_rested(game, mate)
    assert not events_of(game, UnitStood)


def test_LEG_22_placed_in_legion_autos_trigger_only_on_forming(db):
    """LEG-22: 'when placed in legion' triggers on the change to legion (Castor: CB1 retire)."""
    game = _main(db, {"vanguard": "LG-007", "damage": ["LG-006"]},
                 {"vanguard": "LG-008", "rear": {"front_left": "LG-010"}})
    _seek(game)
    assert game.decision.kind is DecisionKind.YES_NO and len(events_of(game, LegionFormed)) == 1


def test_LEG_23_no_matching_artwork_is_needed(tdb):
    """LEG-23: any card with a named name legions (another nation, another race)."""
    game = _main(tdb, {"vanguard": "T-SEEKER", "deck": ["T-BETA", "LG-006"]})
    _seek(game, mate_id="T-BETA")
    assert q.in_legion(game.state, 0)


def test_LEG_24_a_force_marker_on_vc_powers_both(db):
    """LEG-24: each Force marker on VC gives +10000 to the leader and to the mate."""
    game, leader, mate = _legion(db)
    game.state.force[0] = {Circle.VC: 1}
    assert power_of(game, leader) == 21000 and power_of(game, mate) == 19000


def test_LEG_25_a_card_that_can_legion_with_your_vanguard(tdb):
    """LEG-25: named in your vanguard's Seek Mate, or naming it in its own."""
    game = _main(tdb, {"vanguard": "LG-007", "rear": {"front_left": "T-LEGION-TOOLS"},
                       "deck": ["LG-006", "LG-005", "T-ALPHA"]})
    game.step(pick(game, ActionKind.ACT, index=0))
    picks = {game.state.card(a.card).id for a in game.legal_actions() if a.kind is ActionKind.PICK}
    assert picks == {"LG-005"}


def test_LEG_26_a_deleted_legion_stays_in_legion(db):
    """LEG-26: deleting the legion leader does not end the legion."""
    game, leader, mate = _legion(db)
    assert ops.delete(game.state, leader) and q.partner(leader) == mate


def test_LEG_27_grade_references_count_both_vanguards(tdb):
    """LEG-27: 'for each grade of your vanguard' adds both grades; 'the same grade as your
    vanguard' matches the leader's or the mate's."""
    game = _main(tdb, {"vanguard": "LG-007", "rear": {"front_left": "T-LEGION-TOOLS"},
                       "hand": ["LG-006", "LG-002"]})
    tools = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, tools) == 11000                      # grade 3 alone: no bonus
    _seek(game)
    assert power_of(game, tools) == 16000                      # 3 + 2 >= 5
    game.step(pick(game, ActionKind.ACT, card=tools, index=2))
    assert "LG-006" not in [game.state.card(c).id for c in cards_in(game, 0, Zone.HAND)]


def test_LEG_28_damage_to_the_vanguard_hits_both_a_chosen_vanguard_once(tdb):
    """LEG-28: 'deal 1 damage to the vanguard': leader and mate each take 1; 'choose one of the
    vanguards': the acting player picks leader or mate, one damage."""
    game = _main(tdb, {"vanguard": "LG-008", "rear": {"front_left": "T-LEGION-TOOLS"},
                       "deck": ["LG-006"] * 8},
                 {"vanguard": "LG-007", "drop": DROP, "deck": DECK[1:] + DECK[:1]})
    _opponent_forms_a_legion(game)
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.MAIN_PHASE:
        game.step(pick(game, ActionKind.DONE))
    tools = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=tools, index=3))
    assert damage_count(game, 1) == 2
    game.step(pick(game, ActionKind.ACT, card=tools, index=4))
    assert {a.card for a in game.legal_actions()} == set(q.vanguards(game.state, 1))
    game.step(game.legal_actions()[1])
    assert damage_count(game, 1) == 3


def test_HRT_05_a_legion_strides_as_hearts_and_is_a_legion_again_afterwards(db):
    """HRT-05: the legion becomes hearts together, kept but not 'in legion' while hearts; as
    vanguards again it is a legion at once, with no 'placed in legion' trigger."""
    game, leader, mate = _legion(db, g_zone=["PG-001"], hand=["LG-008"])
    game.step(pick(game, ActionKind.DONE))
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind in (DecisionKind.RIDE, DecisionKind.STRIDE)
    if game.decision.kind is DecisionKind.RIDE:
        game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    while game.decision.label == "stride cost":
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "LG-008")))
    assert game.decision.label == "heart"                       # HRT-06: choose one of two
    game.step(pick(game, ActionKind.PICK, card=mate))
    assert esper.has_component(leader, HeartLink) and esper.has_component(mate, HeartLink)
    assert q.partner(leader) == mate and not q.in_legion(game.state, 0)
    g_unit = unit_at(game, 0, Circle.VC)
    assert power_of(game, g_unit) == 15000 + 9000               # the chosen heart: the mate
    formed = len(events_of(game, LegionFormed))
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert q.in_legion(game.state, 0) and len(events_of(game, LegionFormed)) == formed


def test_HRT_06_only_the_chosen_heart_gives_its_name_and_power(db):
    """HRT-06: with several hearts only the chosen one gives its name and power."""
    game, leader, _ = _legion(db, g_zone=["PG-001"], hand=["LG-008"])
    game.switch()
    ops.stride(game.state, 0, cards_in(game, 0, Zone.G_ZONE)[0], superior=True)
    ops.choose_heart(game.state, leader)
    g_unit = unit_at(game, 0, Circle.VC)
    assert power_of(game, g_unit) == 15000 + 11000
    assert "Blade Lord, Castor" in q.names(game.state, g_unit)
    assert "Blademate, Lucius" not in q.names(game.state, g_unit)


def test_LEG_12_a_target_restriction_on_either_binds_the_whole_legion(tdb):
    """LEG-12: 'may attack only vanguards' on the mate makes the legion attack only vanguards;
    'cannot attack' on either keeps the legion from attacking (engine decision)."""
    for index in (0, 1):
        game = _main(tdb, {"vanguard": "LG-007", "rear": {"back_left": "T-RESTRICTOR",
                                                          "front_right": "LG-006"}},
                     {"vanguard": "LG-008", "rear": {"front_left": "LG-010"}})
        leader = unit_at(game, 0, Circle.VC)
        _seek(game)
        mate = q.partner(leader)
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT),
                       index=index))
        game.step(pick(game, ActionKind.PICK, card=mate))
        game.step(pick(game, ActionKind.DONE))
        assert game.decision.kind is DecisionKind.ATTACK        # the rear-guard still may
        targets = {a.target for a in game.legal_actions()
                   if a.kind is ActionKind.ATTACK and a.card == leader}
        if index == 0:
            assert targets == {unit_at(game, 1, Circle.VC)}     # both attack the vanguard
        else:
            assert targets == set()                             # the legion cannot attack


def test_HRT_08_a_card_legioning_with_a_g_unit_is_not_linked_to_the_hearts(tdb):
    """HRT-08: the mate of a G unit's legion is not a heart."""
    game = _main(tdb, {"vanguard": "LG-008", "g_zone": ["T-G-SEEKER"], "hand": ["LG-008"]},
                 phase="ride")
    heart = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    g_unit = unit_at(game, 0, Circle.VC)
    assert esper.has_component(heart, HeartLink)
    _seek(game)
    mate = q.partner(g_unit)
    assert mate is not None and not esper.has_component(mate, HeartLink)
    assert set(q.vanguards(game.state, 0)) == {g_unit, mate}


def test_HRT_10_a_card_put_as_a_heart_legions_with_a_heart_seek_mate_leads(tdb):
    """HRT-10: cards put onto VC as hearts forming a legion with a heart: the one with Seek Mate
    leads; with a legion heart already there, no new legion heart can be added."""
    game = _main(tdb, {"vanguard": "LG-005", "g_zone": ["PG-001"],
                       "hand": ["LG-007", "LG-008", "LG-005"],
                       "rear": {"back_left": "T-HEART-PUTTER", "front_left": "T-STRIDER"}})
    mate = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=0))
    putter = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=putter))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "LG-007")))
    leader = q.partner(mate)
    assert leader is not None and game.state.card(leader).id == "LG-007"
    assert esper.component_for_entity(leader, LegionLink).leader           # Seek Mate leads
    assert esper.has_component(leader, HeartLink)
    game.switch()
    blocked = card_named(game, 0, Zone.HAND, "LG-005")
    assert not ops.put_as_heart(game.state, 0, blocked)          # a legion heart is there
    assert q.position(blocked).zone is Zone.HAND
