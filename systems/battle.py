"""BattleSystem: attack, boost, guard, drive, damage and close steps (CORE-09..14)."""

from __future__ import annotations

from collections.abc import Callable

import esper

from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.effects.builtin import push_trigger
from ecs_vanguard.effects.picking import DONE, offer_or_pass, take_answer
from ecs_vanguard.effects.playable import attack_actions, boost_actions, guard_actions
from ecs_vanguard.ops.timing import follow_moved, step_began
from ecs_vanguard.state import G_GUARDIAN_INDEX, Battle, ContinuousEffect, Frame, State
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind
from ecs_vanguard.vocab.events import (
    AttackDeclared,
    AttackHit,
    AttackMissed,
    BattleEnded,
    DamageDealt,
    Intercepted,
    UnitBoosted,
)
from ecs_vanguard.vocab.formats import BattleStep, Duration, Phase, Stat
from ecs_vanguard.vocab.rule_changes import RuleDuration
from ecs_vanguard.vocab.zones import FIELD_ZONES, Zone
from systems.base import quiet
from systems.turn import enter_phase, enter_step, play_order


class BattleSystem(esper.Processor):
    """Run the battle phase one step at a time, asking at each choice."""

    def process(self, state: State) -> None:
        tick(state)


def tick(state: State) -> None:
    """What BattleSystem does at a tick (its process(); order.tick_until_asked calls this
    directly while the class's process() is this one)."""
    if state.turn.phase is not Phase.BATTLE or not quiet(state):
        return
    # The step's work by native calls (through a dict of functions each was a Python call).
    current: BattleStep | None = state.turn.step
    if current is BattleStep.ATTACK:
        _attack_step(state)
    elif current is BattleStep.BOOST:
        _boost_step(state)
    elif current is BattleStep.GUARD:
        _guard_step(state)
    elif current is BattleStep.DRIVE:
        _drive_step(state)
    elif current is BattleStep.DAMAGE:
        _damage_step(state)
    elif current is BattleStep.CLOSE:
        _close_step(state)
    else:
        raise AssertionError(f"the battle phase has no step {current!r}")


def _attack_step(state: State) -> None:
    """CORE-09: choose an attacker and a target, or end the battle phase."""
    p = state.turn.player
    answer = take_answer(state)
    if answer is None and offer_or_pass(state, p, DecisionKind.ATTACK, attack_actions(state, p),
                                        "attack"):
        return
    if answer is None or answer.kind is ActionKind.DONE:
        enter_phase(state, Phase.END)
        return
    ops.rest(state, answer.card)                       # LEG-11: a legion rests together
    state.battle = Battle(answer.card, answer.target, p)
    mate = q.partner(answer.card)
    if mate is not None and not q.is_heart(answer.card):
        state.battle.co_attacker = mate                # LEG-11: both are attacking units
        # LEG-14: until the end of the battle the mate's power adds to the leader's, read on
        # every read like a boost (seed 000 §1.3.2).
        _add_power_of(state, p, answer.card, mate)
    enter_step(state, BattleStep.BOOST)


def _add_power_of(state: State, player: int, unit: int, giver: int) -> None:
    """Until the end of the battle, `unit` gets `giver`'s current power while both stay the
    objects they are now (CORE-09 boost, LEG-14 legion mate; seed 000 §1.3.2 "常时加算")."""
    ops.add_continuous(state, ContinuousEffect(
        player, "unit", Stat.POWER, until=Duration.END_OF_BATTLE, turn=state.turn.turn,
        unit=unit, unit_obj=q.position(unit).obj,
        amount_of=giver, amount_obj=q.position(giver).obj))


def _boost_step(state: State) -> None:
    """CORE-09, LEG-13: the standing back-row unit behind the attacker may rest to boost an
    attacking unit that can be boosted (a legion's leader or mate, as the turn player picks)."""
    battle = state.battle
    assert battle is not None
    answer = take_answer(state)
    if answer is None:
        boosts = boost_actions(state)
        if boosts:
            state.decision = Decision(battle.player, DecisionKind.BOOST, (*boosts, DONE),
                                      label="boost")
            return
    attacker_is_vg = q.position(battle.attacker).zone is Zone.VC
    ops.emit(state, AttackDeclared(battle.attacker, battle.target, battle.player, attacker_is_vg,
                             battle.co_attacker))
    if answer is not None and answer.kind is ActionKind.BOOST:
        booster = answer.card
        ops.rest(state, booster)
        battle.booster = booster
        boosted = answer.target if answer.target >= 0 else battle.attacker
        # CORE-09, LEG-13: the booster's power is added to the boosted unit continuously
        # until the end of the battle: a change to it counts, a booster that leaves stops.
        _add_power_of(state, battle.player, boosted, booster)
        ops.emit(state, UnitBoosted(booster, boosted, battle.player))
    enter_step(state, BattleStep.GUARD)


def _guard_step(state: State) -> None:
    """CORE-10: the attacked player guards from hand, intercepts or plays blitz orders."""
    battle = state.battle
    assert battle is not None
    defender = 1 - battle.player
    if not _battle_goes_on(state):
        state.turn.step = BattleStep.CLOSE
        return
    answer = take_answer(state)
    if answer is None:
        done = () if battle.guard_group else (DONE,)
        state.decision = Decision(defender, DecisionKind.GUARD,
                                  (*guard_actions(state, defender), *done), label="guard")
        return
    GUARD_ANSWERS.get(answer.kind, _end_guarding)(state, battle, defender, answer)


def _guard(state: State, battle: Battle, defender: int, answer: Action) -> None:
    """Call a guardian from hand to GC, or reveal a G guardian (CORE-10, GG-02)."""
    if q.position(answer.card).zone is Zone.G_ZONE:
        # GG-02: reveal it, pay its cost, then it is called to GC at rest (a frame).
        state.stack.append(Frame(answer.card, state.card(answer.card).id, G_GUARDIAN_INDEX,
                                 defender))
    elif q.guard_at_once(state, battle.attacker) > 1:
        battle.guard_group.append(answer.card)          # ACT-27: placed together on YES
    else:
        ops.call(state, defender, answer.card, None, to_gc=True, guarding=battle.target)


def _place_guard_group(state: State, battle: Battle, defender: int, answer: Action) -> None:
    """ACT-27: the cards chosen to guard together are placed simultaneously."""
    group, battle.guard_group = battle.guard_group, []
    with ops.batch(state):
        for card in group:
            ops.call(state, defender, card, None, to_gc=True, guarding=battle.target)


def _drop_guard_group(state: State, battle: Battle, defender: int, answer: Action) -> None:
    """ACT-27: the group is not placed; the defender chooses again."""
    battle.guard_group = []


def _intercept(state: State, battle: Battle, defender: int, answer: Action) -> None:
    """CORE-10: a front-row rear-guard moves to GC; CORE-20: between circles, not a zone
    change, so it stays the same object."""
    ops.move_card(state, answer.card, Zone.GC, keep_object=True)
    battle.guardians[answer.card] = battle.target
    ops.emit(state, Intercepted(answer.card, defender, battle.target))


def _blitz_order(state: State, battle: Battle, defender: int, answer: Action) -> None:
    """CORE-10: a blitz order played in the guard step."""
    play_order(state, defender, answer)


def _end_guarding(state: State, battle: Battle, defender: int, answer: Action) -> None:
    """Done guarding: on to the drive step, with the attacker's drive if it is a vanguard."""
    attacker_is_vg = q.position(battle.attacker).zone is Zone.VC
    battle.drives_left = q.drive(state, battle.attacker) if attacker_is_vg else 0
    enter_step(state, BattleStep.DRIVE)


# The defender's answers in the guard step; any other (DONE) ends guarding.
GUARD_ANSWERS: dict[ActionKind, Callable[[State, Battle, int, Action], None]] = {
    ActionKind.GUARD: _guard,
    ActionKind.YES: _place_guard_group,
    ActionKind.NO: _drop_guard_group,
    ActionKind.INTERCEPT: _intercept,
    ActionKind.PLAY_ORDER: _blitz_order,
}


def _battle_goes_on(state: State) -> bool:
    """A battle whose attacker or attacked unit left the field goes straight to its close step."""
    battle = state.battle
    assert battle is not None
    return (q.position(battle.attacker).zone in FIELD_ZONES
            and q.position(battle.target).zone in FIELD_ZONES)


def _drive_step(state: State) -> None:
    """CORE-11: a vanguard attacker drive-checks once per drive, each card then to hand."""
    battle = state.battle
    assert battle is not None
    p = battle.player
    checked = state.board.zones[p][Zone.TRIGGER]
    if checked:
        ops.move_card(state, checked[0], Zone.HAND)
        return
    if battle.drives_left > 0 and _battle_goes_on(state):
        battle.drives_left -= 1
        card = ops.trigger_check(state, p, drive=True)
        if card is not None:
            push_trigger(state, card, p, drive=True)
        return
    enter_step(state, BattleStep.DAMAGE)


def is_hit(state: State, battle: Battle) -> bool:
    """CORE-12: hit when the attacker's power is at least the attacked unit's power plus the
    shield of its guardians (ACT-26: negative values count as they are)."""
    if q.is_restricted(state, battle.target, Stat.CANT_BE_HIT):
        return False
    attack, defence = q.battle_totals(state)
    return attack >= defence


def _damage_step(state: State) -> None:
    """CORE-12: a hit vanguard damage-checks once per critical; a hit rear-guard retires."""
    battle = state.battle
    assert battle is not None
    defender = 1 - battle.player
    if battle.hit is None:
        battle.hit = _battle_goes_on(state) and is_hit(state, battle)
        if battle.hit and q.position(battle.target).zone is not Zone.VC:
            ops.retire(state, battle.target)
        elif battle.hit and _deals_damage(state):
            battle.damage_left = q.critical(state, battle.attacker)
            ops.emit(state, DamageDealt(defender, battle.damage_left, battle.attacker, True))
    checked = state.board.zones[defender][Zone.TRIGGER]
    if checked:
        ops.move_card(state, checked[0], Zone.DAMAGE)
        return
    if battle.damage_left > 0:
        battle.damage_left -= 1
        card = ops.trigger_check(state, defender, drive=False)
        if card is not None:
            push_trigger(state, card, defender, drive=False)
        return
    _report_result(state, battle)
    state.turn.step = BattleStep.CLOSE


def _deals_damage(state: State) -> bool:
    """LEG-17: a hit deals damage unless an effect stops the attacker, or either legion
    vanguard, from dealing it (then neither deals damage)."""
    battle = state.battle
    assert battle is not None
    return not any(q.is_restricted(state, u, Stat.CANT_DEAL_DAMAGE)
                   for u in q.attacking_units(state))


def _report_result(state: State, battle: Battle) -> None:
    """Log the hit or miss after the damage checks, so "when hits" autos resolve after them."""
    if battle.hit:
        ops.emit(state, AttackHit(battle.attacker, battle.target, battle.player, battle.co_attacker))
    else:
        ops.emit(state, AttackMissed(battle.attacker, battle.target, battle.player, battle.co_attacker))


def _close_step(state: State) -> None:
    """CORE-13: the close step begins (its autos and delayed effects trigger: "at the end of
    that battle"), guardians are retired, 'until end of battle' ends; the autos it triggered
    resolve during the close step (stage 1), then back to the attack step."""
    if state.turn.stage == 1:
        state.turn.stage = 0
        enter_step(state, BattleStep.ATTACK)
        return
    battle = state.battle
    assert battle is not None
    guardians = list(state.board.zones[1 - battle.player][Zone.GC])
    before = {g: q.position(g).obj for g in guardians}
    with ops.batch(state):                              # all guardians retire at once
        step_began(state, BattleStep.CLOSE)
        ops.emit(state, BattleEnded(battle.attacker, battle.target, battle.player,
                                    bool(battle.hit),
                                    q.position(battle.target).zone is Zone.VC,
                                    battle.co_attacker, battle.booster))
        for guardian in guardians:
            ops.retire(state, guardian)
    follow_moved(state, before)          # the delayed effects fired now follow them
    ops.end_modifiers(state, Duration.END_OF_BATTLE)
    ops.end_rule_modifiers(state, RuleDuration.END_OF_BATTLE)
    state.battle = None
    state.engine.dirty = True                                  # CORE-17: guardians outside a battle
    state.engine.rule_check_due = True
    state.turn.stage = 1
