"""Corpus part 8 (issue 19): phases, steps and what happened. The beginning of a battle step as
a timing (CORE-09..13) and of a phase for either player (CORE-04); phases and steps as
conditions; a name following the cards an earlier step moved (CORE-20); delayed effects
(CORE-18) that fire once at their moment and follow only what the rules moved at that moment;
the record of what an ability did this turn, cleared with the turn, cloned, hashed and saved."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import StepStarted
from ecs_vanguard.vocab.formats import BattleStep
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    ids_in,
    pick,
    plays_of,
    power_of,
    unit_at,
    zone_of,
)


def _attack(game: vg.Game, attacker: int, target: int, guard: bool = False) -> None:
    """Declare an attack; no boost is possible in these positions; the defender does not
    guard unless told to stop at the guard step."""
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))
    if not guard:
        game.step(pick(game, ActionKind.DONE))


# -- a step as a timing ------------------------------------------------------------------------


def test_CORE_13_the_close_step_auto_fires_once_per_battle_inside_the_close_step(ldb):
    """At the beginning of your close step: one draw per battle, two battles two draws; it
    resolves inside the close step (its condition reads the step: a draw proves it), after
    the battle's guardians are gone and before the next attack step begins."""
    game = scene(
        ldb, {"vanguard": V3, "rear": {"front_left": "LX-T01", "front_right": G2}}, phase="battle"
    )
    bell = unit_at(game, 0, Circle.FRONT_LEFT)
    hand = len(cards_in(game, 0, Zone.HAND))
    _attack(game, unit_at(game, 0, Circle.FRONT_RIGHT), unit_at(game, 1, Circle.VC))
    assert plays_of(game, bell) == 1 and len(cards_in(game, 0, Zone.HAND)) == hand + 1
    assert game.decision.kind is DecisionKind.ATTACK and game.battle_step is BattleStep.ATTACK
    steps = [e.step for e in game.events if isinstance(e, StepStarted)]
    assert steps == ["boost", "guard", "drive", "damage", "close", "attack"]  # began at attack
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    assert plays_of(game, bell) == 2 and len(cards_in(game, 0, Zone.HAND)) == hand + 2 + 2


def test_CORE_13_the_close_step_auto_waits_for_its_owners_close_step_only(ldb):
    """`player = "you"`: the opponent's battles end without it."""
    game = scene(
        ldb,
        {"vanguard": V3, "rear": {"front_left": "LX-T01"}},
        {"vanguard": V3, "rear": {"front_right": G2}},
        phase="battle",
        turn_player=1,
    )
    bell = unit_at(game, 0, Circle.FRONT_LEFT)
    _attack(game, unit_at(game, 1, Circle.FRONT_RIGHT), unit_at(game, 0, Circle.VC))
    assert game.decision.kind is DecisionKind.ATTACK and game.turn_player == 1
    assert plays_of(game, bell) == 0


def test_CORE_04_the_beginning_of_the_opponents_end_phase(ldb):
    """`phase_started` with `player = "opponent"`: the opponent's end phase draws; your own
    end phase does not."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-T07"}}, turn_player=1)
    sentinel = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.DONE))  # main phase over
    game.step(pick(game, ActionKind.DONE))  # no attack: the end phase
    assert plays_of(game, sentinel) == 1 and game.turn_player == 0
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-T07"}})
    sentinel = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.DONE))
    assert game.turn_player == 1 and plays_of(game, sentinel) == 0


# -- phases and steps as conditions ------------------------------------------------------------


def test_CORE_04_during_your_opponents_battle_phase(ldb):
    """+5000 during the opponent's battle phase only: not in their main phase, not in yours."""
    bulwark = {"vanguard": V3, "rear": {"front_left": "LX-T02"}}
    game = scene(ldb, bulwark, phase="battle", turn_player=1)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    game = scene(ldb, bulwark, turn_player=1)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000
    game = scene(ldb, bulwark, phase="battle")
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_CORE_10_during_your_opponents_guard_step(ldb):
    """+5000 in the opponent's guard step: not in their attack step before it, not in the
    guard step of your own battle."""
    game = scene(
        ldb, {"vanguard": V3, "rear": {"front_left": "LX-T02B"}}, phase="battle", turn_player=1
    )
    adjutant = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, adjutant) == 10000
    _attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC), guard=True)
    assert game.decision.kind is DecisionKind.GUARD and power_of(game, adjutant) == 15000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-T02B"}}, phase="battle")
    adjutant = unit_at(game, 0, Circle.FRONT_LEFT)
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC), guard=True)
    assert game.decision.kind is DecisionKind.GUARD and power_of(game, adjutant) == 10000


def test_a_misspelt_phase_or_moment_is_refused_naming_the_field(ldb, tmp_path):
    """The kinds of the new arguments are checked when the card loads."""
    path = tmp_path / "bad.toml"
    path.write_text(
        '[[card]]\nid = "BAD-1"\nnames = ["Bad"]\ngrade = 1\n[[card.ability]]\n'
        'kind = "cont"\nzones = ["rc"]\n'
        'condition = [{ check = "phase", phase = "lunch" }]\n'
        'effect = [{ op = "add_power", target = "self", amount = 1 }]\n'
    )
    try:
        vg.CardDB.load(path, base=ldb)
    except vg.CardDataError as exc:
        assert "lunch" in str(exc) and "condition[0].phase" in str(exc)
    else:
        raise AssertionError("a phase named 'lunch' was accepted")
    path.write_text(
        '[[card]]\nid = "BAD-2"\nnames = ["Bad"]\ngrade = 1\n[[card.ability]]\n'
        'kind = "act"\nzones = ["vc"]\n'
        'effect = [{ op = "delay", at = "teatime", do = [{ op = "draw" }] }]\n'
    )
    try:
        vg.CardDB.load(path, base=ldb)
    except vg.CardDataError as exc:
        assert "teatime" in str(exc) and "effect[0].at" in str(exc)
    else:
        raise AssertionError("a moment named 'teatime' was accepted")
    path.write_text(
        '[[card]]\nid = "BAD-3"\nnames = ["Bad"]\ngrade = 1\n[[card.ability]]\n'
        'kind = "auto"\nzones = ["rc"]\n'
        'when = { event = "step_started", step = "closing" }\n'
        'effect = [{ op = "draw" }]\n'
    )
    try:
        vg.CardDB.load(path, base=ldb)
    except vg.CardDataError as exc:
        assert "closing" in str(exc) and "when.step" in str(exc)
    else:
        raise AssertionError("a step named 'closing' was accepted")


# -- a name following what an earlier step moved -----------------------------------------------


def test_CORE_20_bind_the_card_retired_this_way(ldb):
    """`retire ... as = "retired"` names the retired card in the drop: it is bound. The chosen
    name itself no longer finds it (a new object): that card stays in the drop."""
    for card, where in (("LX-T03", Zone.BIND), ("LX-T03B", Zone.DROP)):
        game = scene(ldb, {"vanguard": card}, {"vanguard": V3, "rear": {"front_left": G2}})
        victim = unit_at(game, 1, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
        assert zone_of(game, victim) is where, card
        assert ids_in(game, 1, Zone.DROP if where is Zone.BIND else Zone.BIND) == []


# -- delayed effects ---------------------------------------------------------------------------


def _rampart(ldb) -> tuple[vg.Game, list[int]]:
    """The opponent's vanguard attacks mine; I play the blitz order and call the two top cards
    of my deck to GC; then I stop guarding."""
    game = scene(
        ldb,
        {"vanguard": V3, "hand": ["LX-T04"], "deck": [G2] * 6},
        {"vanguard": V3, "rear": {"front_left": G2}},
        phase="battle",
        turn_player=1,
    )
    _attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC), guard=True)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "LX-T04")))
    called = cards_in(game, 0, Zone.DECK)[:2]
    for card in called:
        game.step(pick(game, ActionKind.PICK, card=card))
    assert [zone_of(game, c) for c in called] == [Zone.GC, Zone.GC]
    assert len(game.state.delayed) == 1
    return game, called


def test_CORE_13_at_the_end_of_that_battle_the_guardians_go_to_the_deck_bottom(ldb):
    """Quintet Wall: the guardians go to the drop at the close step and the delayed effect,
    fired at that moment, follows them there and puts them on the bottom of the deck, once."""
    game, called = _rampart(ldb)
    game.step(pick(game, ActionKind.DONE))  # guarding over: drive, damage, close
    deck = cards_in(game, 0, Zone.DECK)
    assert deck[-2:] == called or deck[-2:] == called[::-1]
    assert not set(called) & set(cards_in(game, 0, Zone.DROP))
    assert ids_in(game, 0, Zone.DROP).count("LX-T04") == 1 and game.state.delayed == ()


def test_a_pending_delayed_effect_survives_a_clone_and_a_snapshot(ldb):
    """The record is plain data: a clone keeps it and plays it as the original does; a
    snapshot saved with it pending loads with it and plays it the same (same hash)."""
    game, called = _rampart(ldb)
    copy = game.clone()
    saved = vg.Game.from_json(game.to_json(), ldb)
    assert saved.state.delayed == game.state.delayed
    assert saved.state_hash() == game.state_hash()
    bare = game.clone()
    bare.state.delayed = ()
    assert bare.state_hash() != game.state_hash()  # the hash reads it
    for g in (game, copy, saved):
        g.step(pick(g, ActionKind.DONE))
        assert set(cards_in(g, 0, Zone.DECK)[-2:]) == set(called)
    assert game.state_hash() == copy.state_hash() == saved.state_hash()


def _tidecaller(ldb) -> tuple[vg.Game, int]:
    game = scene(ldb, {"vanguard": "LX-T05", "rear": {"front_left": G2}, "hand": [G2]})
    ally = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert power_of(game, ally) == 15000 and len(game.state.delayed) == 1
    return game, ally


def _end_turn(game: vg.Game) -> None:
    game.step(pick(game, ActionKind.DONE))  # main phase over
    game.step(pick(game, ActionKind.DONE))  # no attack: the end phase


def test_at_the_end_of_the_turn_that_unit_returns_to_hand(ldb):
    """The delayed effect fires at the end phase and returns the unit, once: by the opponent's
    turn nothing waits any more."""
    game, ally = _tidecaller(ldb)
    hand = len(cards_in(game, 0, Zone.HAND))
    _end_turn(game)
    assert zone_of(game, ally) is Zone.HAND and game.turn_player == 1
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 2  # it came back, so it draws
    assert game.state.delayed == ()


def test_a_delayed_effect_on_a_card_that_left_its_zone_does_nothing(ldb):
    """The unit was retired (a new unit called onto its circle) before the end of the turn: in
    the drop it is another object, which the delayed effect does not find."""
    game, ally = _tidecaller(ldb)
    newcomer = card_named(game, 0, Zone.HAND, G2)
    game.step(pick(game, ActionKind.CALL, card=newcomer, circle=Circle.FRONT_LEFT))
    assert zone_of(game, ally) is Zone.DROP
    hand = len(cards_in(game, 0, Zone.HAND))
    _end_turn(game)
    assert zone_of(game, ally) is Zone.DROP and zone_of(game, newcomer) is Zone.RC
    assert len(cards_in(game, 0, Zone.HAND)) == hand  # nothing returned: no draw either
    assert game.state.delayed == ()


# -- what an ability did this turn --------------------------------------------------------------


def _magistrate(ldb, retire_first: bool, card: str = "LX-T06") -> tuple[vg.Game, int, int]:
    game = scene(
        ldb,
        {"vanguard": card, "rear": {"front_left": G2}},
        {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}},
    )
    judge = unit_at(game, 0, Circle.VC)
    if retire_first:
        game.step(pick(game, ActionKind.ACT, card=judge))
        game.step(pick(game, ActionKind.PICK, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    game.step(pick(game, ActionKind.DONE))  # to the battle phase
    hand = len(cards_in(game, 0, Zone.HAND))
    return game, judge, hand


def test_if_no_unit_was_retired_by_this_units_effect_this_turn(ldb):
    """Not used: at the end of its battle it draws. Used (it retired a unit): no draw; the
    record counts one retire for that ability of that object."""
    game, judge, hand = _magistrate(ldb, retire_first=False)
    _attack(game, judge, unit_at(game, 1, Circle.VC))
    assert plays_of(game, judge) == 1 and len(cards_in(game, 0, Zone.HAND)) == hand + 2 + 1
    game, judge, hand = _magistrate(ldb, retire_first=True)
    game.switch()
    obj = q.position(judge).obj
    assert game.state.ability_records == {(obj, "LX-T06", 0): (("moved", 1), ("retired", 1))}
    _attack(game, judge, unit_at(game, 1, Circle.VC))
    assert plays_of(game, judge) == 0 and len(cards_in(game, 0, Zone.HAND)) == hand + 2


def test_if_no_unit_was_retired_by_any_of_this_units_effects(ldb):
    """`ability = "any"` sums every ability of this card object: the retire of its act keeps
    its auto from drawing; unused, it draws."""
    for retire_first, plays in ((True, 0), (False, 1)):
        game, judge, _ = _magistrate(ldb, retire_first, card="LX-T06B")
        _attack(game, judge, unit_at(game, 1, Circle.VC))
        assert plays_of(game, judge) == plays


def test_the_record_ends_with_the_turn_and_is_cloned_hashed_and_saved(ldb):
    """A clone keeps the record (its condition still fails there); the hash reads it (the
    same position without it hashes differently); a snapshot keeps it; the end of the turn
    clears it."""
    game, judge, _ = _magistrate(ldb, retire_first=True)
    record = dict(game.state.ability_records)
    copy = game.clone()
    assert copy.state.ability_records == record
    saved = vg.Game.from_json(game.to_json(), ldb)
    assert saved.state.ability_records == record and saved.state_hash() == game.state_hash()
    bare = game.clone()
    bare.state.ability_records = {}
    assert bare.state_hash() != game.state_hash()
    _attack(copy, judge, unit_at(copy, 1, Circle.VC))
    assert plays_of(copy, judge) == 0
    game.step(pick(game, ActionKind.DONE))  # no attack: the end phase
    assert game.turn_player == 1 and game.state.ability_records == {}


def test_CORE_18_a_delayed_effect_is_ordered_with_the_autos_of_its_moment(ldb):
    """At the end phase a delayed effect and a printed auto wait together: the turn player
    chooses their order (CORE-18); the two choices encode to two different table entries."""
    game = scene(ldb, {"vanguard": "LX-T05", "rear": {"front_left": G2, "front_right": "LX-T08"}})
    ally = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=ally))
    hand = len(cards_in(game, 0, Zone.HAND))
    _end_turn(game)
    assert game.decision.kind is DecisionKind.ORDER_AUTOS
    codes = {game.encode_action(a) for a in game.legal_actions()}
    assert len(codes) == 2 and all(game.action_mask()[c] for c in codes)
    delayed = next(a for a in game.legal_actions() if a.index < 0)
    game.step(game.encode_action(delayed))
    assert zone_of(game, ally) is Zone.HAND and game.turn_player == 1
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 3  # the unit, its draw, the auto's


def test_CORE_20_for_each_card_retired_this_way(ldb):
    """`as` on a retire of a selector's units names every unit it retired (two front-row
    rear-guards: two draws); the back row stays and is not counted."""
    game = scene(
        ldb,
        {"vanguard": "LX-T03C"},
        {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2, "back_center": G2}},
    )
    hand = len(cards_in(game, 0, Zone.HAND))
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert ids_in(game, 1, Zone.DROP) == [G2, G2]
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 2


def test_a_delayed_effect_waits_for_its_players_moment(ldb):
    """`at = "stand", player = "you"`: the opponent's stand phase passes it by; at your next
    stand phase it draws, once."""
    game = scene(ldb, {"vanguard": "LX-T09"})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    _end_turn(game)
    assert game.turn_player == 1 and len(game.state.delayed) == 1
    hand = len(cards_in(game, 0, Zone.HAND))
    _end_turn(game)  # the opponent's turn: main over, no attack
    assert game.turn_player == 0 and game.state.delayed == ()
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 2  # the delayed draw and the draw phase
    assert game.decision.kind is DecisionKind.RIDE or game.decision.kind is DecisionKind.MAIN_PHASE
