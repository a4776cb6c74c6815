"""A legion is two units (issue 35, LEG-11, LEG-13..17): every question asked of an attacking
legion is asked of the leader, the mate or both, as seed 000 §1.3.2 says: which unit can be
boosted, which restriction binds the attack, which units an effect on "the attacking unit"
reaches. Each test has its control position (the same board without the restriction).

The invented cards live in round5_cards.toml next to this file."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import IllegalActionError
from ecs_vanguard.vocab.events import AttackDeclared, AutoPlayed, UnitBoosted
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    damage_count,
    events_of,
    has_action,
    is_rested,
    pick,
    play_quietly_until,
    power_of,
    unit_at,
)

CARDS = Path(__file__).with_name("round5_cards.toml")
HEX = "R5-HEX"                  # boost 8000; ACT 0..3: a restriction on one of your vanguards
CANT_BE_BOOSTED, GUARD_MIN_GRADE, CANT_DEAL_DAMAGE, CANT_ATTACK = 0, 1, 2, 3
V3 = "PX-008"                   # a vanilla grade 3 (13000)
G0 = "PX-013"                   # a grade 0 heal trigger (shield 20000)
G2 = "PX-005"                   # a vanilla grade 2 (shield 5000)
DECK = ["DX-006"] * 10          # a vanilla grade 2: no trigger in the drive checks


@pytest.fixture(scope="module")
def rdb(tdb: vg.CardDB) -> vg.CardDB:
    """The test pool with the round 5 cards."""
    return vg.CardDB.load(CARDS, base=tdb)


def _game(db: vg.CardDB, them: dict | None = None, **me: object) -> vg.Game:
    """Player 0: the legion R5-LEAD + R5-MATE, HEX boosting from behind; main phase, turn 3."""
    side0 = {"vanguard": "R5-LEAD", "mate": "R5-MATE", "rear": {"back_center": HEX},
             "deck": list(DECK), **me}
    side1 = {"vanguard": V3, "hand": [G0, G2], "deck": list(DECK), **(them or {})}
    return (vg.Scenario(db, format="premium").player(0, **side0).player(1, **side1)
            .start(turn=3, phase="main"))


def _units(game: vg.Game) -> tuple[int, int, int]:
    """(leader, mate, booster)."""
    leader = unit_at(game, 0, Circle.VC)
    mate = q.partner(leader)
    assert mate is not None
    return leader, mate, unit_at(game, 0, Circle.BACK_CENTER)


def _hex(game: vg.Game, index: int, unit: int) -> None:
    """Use HEX's ACT `index` on one vanguard (the leader or the mate)."""
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_CENTER), index=index))
    game.step(pick(game, ActionKind.PICK, card=unit))


def _attack(game: vg.Game) -> None:
    """End the main phase and attack the opponent's vanguard with the legion."""
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC)))


def _boost_targets(game: vg.Game) -> set[int]:
    return {a.target for a in game.legal_actions() if a.kind is ActionKind.BOOST}


def _drain(game: vg.Game) -> None:
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PLAY_AUTO))


def test_LEG_13_control_the_leader_or_the_mate_may_be_boosted(rdb):
    """LEG-13 (control): with no restriction, the boost offers the leader and the mate."""
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _attack(game)
    assert game.decision.kind is DecisionKind.BOOST
    assert _boost_targets(game) == {leader, mate}


def test_LEG_13_cannot_be_boosted_on_the_leader_leaves_the_mate_boostable(rdb):
    """LEG-13: "cannot be boosted" on the leader binds the leader only: the mate is still
    offered, and boosting it adds the booster's power to the attack."""
    game = _game(rdb)
    leader, mate, booster = _units(game)
    _hex(game, CANT_BE_BOOSTED, leader)
    _attack(game)
    assert _boost_targets(game) == {mate}
    game.step(pick(game, ActionKind.BOOST, target=mate))
    _drain(game)
    assert UnitBoosted(booster, mate, 0) in game.events and is_rested(game, booster)
    assert q.battle_totals(game.state)[0] == 11000 + 9000 + 2000 + 8000


def test_LEG_13_cannot_be_boosted_on_the_mate_leaves_the_leader_boostable(rdb):
    """LEG-13: the same restriction on the mate is not ignored: only the leader is offered."""
    game = _game(rdb)
    leader, mate, booster = _units(game)
    _hex(game, CANT_BE_BOOSTED, mate)
    _attack(game)
    assert _boost_targets(game) == {leader}
    game.step(pick(game, ActionKind.BOOST, target=leader))
    assert UnitBoosted(booster, leader, 0) in game.events
    assert power_of(game, mate) == 9000                 # the mate got nothing from the booster
    assert q.battle_totals(game.state)[0] == 11000 + 9000 + 8000


def test_LEG_13_neither_unit_can_be_boosted_no_boost_is_offered(rdb):
    """LEG-13: with both restricted there is no boost: the attack goes on to the guard step and
    the booster stays standing."""
    game = _game(rdb)
    leader, mate, booster = _units(game)
    _hex(game, CANT_BE_BOOSTED, leader)
    _hex(game, CANT_BE_BOOSTED, mate)
    _attack(game)
    assert not has_action(game, ActionKind.BOOST)
    assert game.decision.kind is DecisionKind.GUARD and game.decision.player == 1
    assert not is_rested(game, booster) and not events_of(game, UnitBoosted)
    assert len(events_of(game, AttackDeclared)) == 1


def test_LEG_13_boosting_the_restricted_leader_is_refused(rdb):
    """LEG-13: an action boosting the unit that cannot be boosted is illegal; the state does
    not change."""
    game = _game(rdb)
    leader, _mate, booster = _units(game)
    _hex(game, CANT_BE_BOOSTED, leader)
    _attack(game)
    before = game.state_hash()
    forged = vg.Action(ActionKind.BOOST, card=booster, target=leader)
    with pytest.raises(IllegalActionError):
        game.step(forged)
    assert game.state_hash() == before


def test_LEG_15_only_the_boosted_mate_triggers_its_when_boosted_auto(rdb):
    """LEG-15: the mate's "when this unit is boosted" triggers when the mate is the boosted
    unit, and not when the leader is (control)."""
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _attack(game)
    game.step(pick(game, ActionKind.BOOST, target=leader))
    _drain(game)
    assert not any(isinstance(e, AutoPlayed) and e.card == mate for e in game.events)
    assert power_of(game, mate) == 9000
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _attack(game)
    game.step(pick(game, ActionKind.BOOST, target=mate))
    _drain(game)
    assert any(isinstance(e, AutoPlayed) and e.card == mate for e in game.events)
    assert power_of(game, mate) == 9000 + 8000 + 2000


def test_LEG_14_boosting_the_mate_the_leader_carries_the_mates_whole_power(rdb):
    """LEG-14: the booster's power goes to the boosted mate, and the mate's power (booster
    included) to the leader: the booster counts once in the attack."""
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _attack(game)
    game.step(pick(game, ActionKind.BOOST, target=mate))
    _drain(game)
    assert power_of(game, leader) == 11000 + power_of(game, mate)
    assert q.battle_totals(game.state)[0] == power_of(game, leader) == 11000 + 9000 + 8000 + 2000


def test_LEG_11_control_the_defender_may_guard_with_grade_0(rdb):
    """LEG-11 (control): with no restriction the grade 0 and the grade 2 may guard."""
    game = _game(rdb)
    _attack(game)
    game.step(pick(game, ActionKind.DONE))              # no boost
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G2))


def test_LEG_11_CORE_10_a_guard_grade_restriction_on_the_mate_binds_the_legion_attack(rdb):
    """LEG-11, CORE-10: the mate is an attacking unit too: "when it attacks, no grade 0 may be
    called to GC" on the mate binds the legion's attack."""
    game = _game(rdb)
    _, mate, _ = _units(game)
    _hex(game, GUARD_MIN_GRADE, mate)
    _attack(game)
    game.step(pick(game, ActionKind.DONE))
    assert not has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G2))


def test_LEG_11_CORE_10_a_guard_grade_restriction_on_the_leader_binds_the_legion_attack(rdb):
    """LEG-11, CORE-10: the same restriction on the leader binds the attack as well."""
    game = _game(rdb)
    leader, _, _ = _units(game)
    _hex(game, GUARD_MIN_GRADE, leader)
    _attack(game)
    game.step(pick(game, ActionKind.DONE))
    assert not has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G2))


def _hit_with_the_legion(game: vg.Game) -> None:
    """Attack with no boost and no guard, and play the battle out."""
    _attack(game)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.DONE))
    play_quietly_until(game, lambda g: g.state.battle is None)


def test_LEG_17_control_a_legion_hit_deals_the_leaders_critical(rdb):
    """LEG-17 (control): the hit vanguard takes the leader's critical, 1."""
    game = _game(rdb)
    _hit_with_the_legion(game)
    assert damage_count(game, 1) == 1


def test_LEG_17_cant_deal_damage_on_the_mate_stops_the_legions_damage(rdb):
    """LEG-17: an effect that stops the mate from dealing damage stops both: no damage."""
    game = _game(rdb)
    _, mate, _ = _units(game)
    _hex(game, CANT_DEAL_DAMAGE, mate)
    _hit_with_the_legion(game)
    assert damage_count(game, 1) == 0


def test_LEG_11_cant_attack_on_the_mate_keeps_the_legion_from_attacking(rdb):
    """LEG-11: neither can attack alone: the mate that cannot attack keeps the leader from
    attacking; the control (no restriction) attacks."""
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _hex(game, CANT_ATTACK, mate)
    game.step(pick(game, ActionKind.DONE))
    assert not has_action(game, ActionKind.ATTACK, card=leader)
    game = _game(rdb)
    game.step(pick(game, ActionKind.DONE))
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC))


def test_LEG_11_an_effect_on_the_attacking_unit_reaches_the_leader_and_the_mate(rdb):
    """LEG-11 (seed 000 §1.3.2: both are attacking units): "the attacking unit gets -5000"
    played in the guard step lowers the leader and the mate, the attack by 10000 in all."""
    game = _game(rdb, {"hand": ["R5-BLITZ-DIM", G2]})
    leader, mate, _ = _units(game)
    _attack(game)
    game.step(pick(game, ActionKind.DONE))
    before = q.battle_totals(game.state)[0]
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 1, Zone.HAND,
                                                                "R5-BLITZ-DIM")))
    _drain(game)
    assert power_of(game, mate) == 9000 - 5000
    assert q.battle_totals(game.state)[0] == before - 10000
    assert power_of(game, leader) == 11000 - 5000 + power_of(game, mate)


def test_LEG_11_LEG_21_the_legion_rests_together_and_stays_a_legion_boosting_the_mate(rdb):
    """LEG-11, LEG-21: attacking rests the leader and the mate together; boosting the mate
    rests the booster; the legion holds through the battle (LEG-09: neither left VC)."""
    game = _game(rdb)
    leader, mate, booster = _units(game)
    assert not is_rested(game, leader) and not is_rested(game, mate)
    _attack(game)
    assert is_rested(game, leader) and is_rested(game, mate) and not is_rested(game, booster)
    game.step(pick(game, ActionKind.BOOST, target=mate))
    _drain(game)
    assert is_rested(game, booster)
    game.switch()
    assert q.partner(leader) == mate and q.partner(mate) == leader


def _next_own_main_phase(game: vg.Game) -> None:
    play_quietly_until(game, lambda g: g.turn_player == 1)
    play_quietly_until(game, lambda g: g.turn_player == 0
                       and g.decision.kind is DecisionKind.MAIN_PHASE)


def test_LEG_21_a_stand_phase_skip_on_the_mate_keeps_the_leader_rested_too(rdb):
    """LEG-21: "the mate does not stand in your next stand phase" keeps both rested, since if
    one cannot be stood neither is; the control (no skip) stands both."""
    game = _game(rdb)
    leader, mate, _ = _units(game)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_CENTER), index=4))
    _attack(game)
    _next_own_main_phase(game)
    assert is_rested(game, leader) and is_rested(game, mate)
    assert game.state.rule_modifiers == ()                 # the one use is spent
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _attack(game)
    _next_own_main_phase(game)
    assert not is_rested(game, leader) and not is_rested(game, mate)


def test_LEG_13_the_one_boost_left_encodes_and_decodes_as_the_mates(rdb):
    """LEG-13: with the leader unboostable, the only boost is the mate's; its table index is
    the mate's boost (not the leader's), the mask holds it, and decoding gives it back."""
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _attack(game)
    to_leader = pick(game, ActionKind.BOOST, target=leader)
    to_mate = pick(game, ActionKind.BOOST, target=mate)
    assert game.encode_action(to_leader) != game.encode_action(to_mate)     # control
    game = _game(rdb)
    leader, mate, _ = _units(game)
    _hex(game, CANT_BE_BOOSTED, leader)
    _attack(game)
    boost = pick(game, ActionKind.BOOST, target=mate)
    index = game.encode_action(boost)
    mask = game.action_mask()
    assert mask[index] and game.decode_action(index) == boost
    assert int(mask.sum()) == 2                                  # the mate's boost and DONE
