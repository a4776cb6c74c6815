"""Rule modifiers (issue 19): effects that change a rule, asked by the rule's own code — a Stride
cost waived or reduced (STR-03, STR-07), a card counted as another grade for a Stride cost, locked
cards kept locked through an end phase (ACT-24), units that do not stand (CORE-04), guard grade
limits from above and below (CORE-10). Corpus cards LX-M01..M08 (corpus/rule_modifiers.toml)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import ecs_vanguard as vg
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived import rule_modifiers as rm
from ecs_vanguard.state import ContinuousEffect
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.formats import Duration, Phase, Stat
from ecs_vanguard.vocab.rule_changes import RuleHook
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import scene
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    is_rested,
    pick,
    play_quietly_until,
    unit_at,
)

G1 = "PX-002"          # a vanilla grade 1
G0 = "PX-001"          # a vanilla grade 0 (no trigger)
G2 = "PX-005"          # a vanilla grade 2
G_UNIT = "PG-001"      # Stride cost: discard cards whose grades total 3


def _stride_step_of(player: int, turn: int) -> Callable[[vg.Game], bool]:
    return lambda g: (g.turn == turn and g.decision is not None
                      and g.decision.kind is DecisionKind.STRIDE and g.decision.player == player)


def _stride(game: vg.Game) -> None:
    """Stride the first face-down G unit offered."""
    game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.STRIDE))


def _act(game: vg.Game, card: int) -> None:
    game.step(pick(game, ActionKind.ACT, card=card))
    play_quietly_until(game, lambda g: g.decision is not None and g.decision.kind is DecisionKind.MAIN_PHASE)


def _mask_agrees(game: vg.Game, kind: ActionKind, **fields: object) -> bool:
    """True if the action mask and the legal actions agree on whether this action is legal."""
    legal = has_action(game, kind, **fields)
    mask = game.action_mask()
    encoded = [game.encode_action(a) for a in game.legal_actions()
               if a.kind is kind and all(getattr(a, k) == v for k, v in fields.items())]
    return legal == bool(encoded) and all(mask[i] for i in encoded) \
        and int(mask.sum()) == len(game.legal_actions())


def _waiver_game(ldb: vg.CardDB, hand: list[str] | None = None) -> vg.Game:
    """Player 0 (LX-M01 on VC, two G units) uses the waiver in turn 3's main phase."""
    game = scene(ldb, {"vanguard": "LX-M01", "g_zone": [G_UNIT, G_UNIT], "damage": [G2, G2],
                       "hand": hand or []},
                 {"vanguard": "PX-008", "g_zone": [G_UNIT]}, fmt="premium")
    _act(game, q.vanguard(game.state, 0))
    return game


# -- stride_cost: waive ------------------------------------------------------------------------


def test_STR_03_a_waived_stride_cost_makes_a_stride_legal_with_too_few_grades_once(ldb):
    """STR-03: "the next time you stride, no Stride cost": turn 5's stride is legal with one grade 2
    in hand (grades total 2 < 3) and takes nothing from the hand; the waiver is spent, so turn
    7's stride pays the cost in full."""
    game = _waiver_game(ldb)
    assert len(game.state.rule_modifiers) == 1
    for viewer in (0, 1):                              # public: both players see it
        assert game.view(viewer)["players"][0]["rule_modifiers"] == [
            {"rule": "stride_cost", "change": "waive", "amount": 0, "until": "until_used",
             "uses": 1, "scope": "all", "by": 0}]
        assert game.view(viewer)["players"][1]["rule_modifiers"] == []
    play_quietly_until(game, _stride_step_of(0, 5))
    hand = cards_in(game, 0, Zone.HAND)
    assert sum(game.state.card(c).grade for c in hand) < 3
    assert has_action(game, ActionKind.STRIDE) and _mask_agrees(game, ActionKind.STRIDE)
    _stride(game)
    play_quietly_until(game, lambda g: g.phase is Phase.MAIN)
    assert cards_in(game, 0, Zone.HAND) == hand                  # no cost was paid
    assert q.is_g_unit(game.state, q.vanguard(game.state, 0))
    assert game.state.rule_modifiers == ()                       # its one use is spent
    play_quietly_until(game, _stride_step_of(0, 7))
    hand = cards_in(game, 0, Zone.HAND)
    assert sum(game.state.card(c).grade for c in hand) >= 3      # two grade 2s: payable
    _stride(game)
    play_quietly_until(game, lambda g: g.phase is Phase.MAIN)
    assert len(cards_in(game, 0, Zone.HAND)) < len(hand)         # this one paid its cost


def test_STR_03_without_the_waiver_the_same_hand_cannot_stride(ldb):
    """The failing case: the same position without the waiver offers no stride in turn 5."""
    game = scene(ldb, {"vanguard": "LX-M01", "g_zone": [G_UNIT, G_UNIT], "damage": [G2, G2]},
                 {"vanguard": "PX-008", "g_zone": [G_UNIT]}, fmt="premium")
    play_quietly_until(game, lambda g: g.turn == 5 and g.phase is Phase.MAIN
             or (g.decision is not None and g.decision.kind is DecisionKind.STRIDE
                 and g.turn == 5))
    assert not has_action(game, ActionKind.STRIDE)
    assert _mask_agrees(game, ActionKind.STRIDE)


def test_STR_03_the_opponents_waiver_does_not_change_your_stride_cost(ldb):
    """A waiver player 0 made is player 0's: in player 1's turn 4 stride step, one grade 2 in
    hand still cannot pay player 1's Stride cost, and the waiver is still unspent."""
    game = _waiver_game(ldb)
    play_quietly_until(game, lambda g: g.turn == 4 and g.phase is Phase.MAIN
             or _stride_step_of(1, 4)(g))
    assert not has_action(game, ActionKind.STRIDE)
    assert len(game.state.rule_modifiers) == 1 and game.state.rule_modifiers[0].uses == 1


def test_STR_07_a_waiver_does_not_waive_the_ultimate_stride_cost(ldb):
    """STR-07: the Ultimate Stride cost is not a Stride cost: the waiver changes the normal G
    unit's cost and not the Ultimate Stride G unit's."""
    ultimate = next(d.id for d in ldb if d.ultimate_stride)
    game = scene(ldb, {"vanguard": "LX-M01", "g_zone": [G_UNIT, ultimate], "damage": [G2, G2]},
                 {"vanguard": "PX-008"}, fmt="premium")
    _act(game, q.vanguard(game.state, 0))
    normal = card_named(game, 0, Zone.G_ZONE, G_UNIT)
    ultimate_unit = card_named(game, 0, Zone.G_ZONE, ultimate)
    assert rm.stride_cost_change(game.state, 0, normal) == (True, 0)
    assert rm.stride_cost_change(game.state, 0, ultimate_unit) == (False, 0)
    assert rm.stride_cost_change(game.state, 1, normal) == (False, 0)     # not player 1's


# -- stride_cost: reduce -----------------------------------------------------------------------


def test_STR_03_a_reduced_stride_cost_is_paid_by_a_single_grade_1(ldb):
    """Reduce by 2: the Stride cost (grades total 3) needs 1, paid by one grade 1 from hand;
    the reduction is spent by that stride."""
    game = scene(ldb, {"vanguard": "LX-M07", "g_zone": [G_UNIT], "hand": [G1]},
                 {"vanguard": "PX-008"}, fmt="premium")
    _act(game, q.vanguard(game.state, 0))
    # Before turn 5's draw the hand is the grade 1 alone; the draw adds a grade 2 (quiet deck):
    # 1 + 2 = 3 would pay the full cost too, so discard-count tells the two apart.
    play_quietly_until(game, _stride_step_of(0, 5))
    grade1 = card_named(game, 0, Zone.HAND, G1)
    _stride(game)
    play_quietly_until(game, lambda g: g.phase is Phase.MAIN or (
        g.decision is not None and g.decision.kind is DecisionKind.CHOOSE_CARD))
    if game.phase is not Phase.MAIN:
        game.step(pick(game, ActionKind.PICK, card=grade1))
        play_quietly_until(game, lambda g: g.phase is Phase.MAIN)
    assert cards_in(game, 0, Zone.DROP) == [grade1]        # one card paid a total of 1
    assert game.state.rule_modifiers == ()


def test_STR_03_a_cont_reduction_holds_while_its_condition_does_and_is_never_spent(ldb):
    """LX-M10 with two damage: one grade 2 (total 2) pays a Stride cost of 3 - 1; with one
    damage the condition fails and the same hand cannot stride."""
    game = scene(ldb, {"vanguard": "LX-M10", "g_zone": [G_UNIT, G_UNIT], "hand": [G2],
                       "damage": [G2, G2]},
                 {"vanguard": "PX-008"}, fmt="premium", phase="ride", rode=True)
    assert has_action(game, ActionKind.STRIDE) and _mask_agrees(game, ActionKind.STRIDE)
    _stride(game)
    play_quietly_until(game, lambda g: g.phase is Phase.MAIN)
    assert card_named(game, 0, Zone.DROP, G2) and cards_in(game, 0, Zone.HAND) == []
    game = scene(ldb, {"vanguard": "LX-M10", "g_zone": [G_UNIT], "hand": [G2], "damage": [G2]},
                 {"vanguard": "PX-008"}, fmt="premium", phase="ride", rode=True)
    assert not has_action(game, ActionKind.STRIDE) and _mask_agrees(game, ActionKind.STRIDE)


# -- stride_cost_grade: count_as ---------------------------------------------------------------


def test_a_card_counted_as_grade_3_pays_a_stride_cost_alone(ldb):
    """LX-M02 (grade 1) counts as grade 3 for a Stride cost: alone in hand it makes a stride
    legal and pays it."""
    game = scene(ldb, {"vanguard": "PX-008", "g_zone": [G_UNIT], "hand": ["LX-M02"]},
                 {"vanguard": "PX-008"}, fmt="premium", phase="ride", rode=True)
    assert has_action(game, ActionKind.STRIDE) and _mask_agrees(game, ActionKind.STRIDE)
    page = card_named(game, 0, Zone.HAND, "LX-M02")
    _stride(game)
    play_quietly_until(game, lambda g: g.phase is Phase.MAIN)
    assert page in cards_in(game, 0, Zone.DROP)
    assert q.is_g_unit(game.state, q.vanguard(game.state, 0))


def test_a_plain_grade_1_does_not_count_as_grade_3(ldb):
    """The failing case: a vanilla grade 1 alone cannot pay the Stride cost."""
    game = scene(ldb, {"vanguard": "PX-008", "g_zone": [G_UNIT], "hand": [G1]},
                 {"vanguard": "PX-008"}, fmt="premium", phase="ride", rode=True)
    assert not has_action(game, ActionKind.STRIDE) and _mask_agrees(game, ActionKind.STRIDE)


def test_counted_as_grade_3_only_for_a_stride_cost_not_another_grade_total(ldb):
    """stride_cost_grade covers Stride costs only: LX-M08's own grade-total cost (3) is not
    payable with LX-M02 alone in hand; with a grade 3 it is."""
    game = scene(ldb, {"vanguard": "LX-M08", "hand": ["LX-M02"]}, {"vanguard": "PX-008"},
                 fmt="premium")
    vanguard = q.vanguard(game.state, 0)
    assert not has_action(game, ActionKind.ACT, card=vanguard)
    game = scene(ldb, {"vanguard": "LX-M08", "hand": ["PX-008"]}, {"vanguard": "PX-008"},
                 fmt="premium")
    assert has_action(game, ActionKind.ACT, card=q.vanguard(game.state, 0))


# -- unlock_at_end: skip -----------------------------------------------------------------------


def _choose(game: vg.Game, victim: int) -> None:
    """Answer the act's choices (its counter blast, then the victim) back to the main phase."""
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        picks = [a for a in game.legal_actions() if a.kind is ActionKind.PICK]
        game.step(next((a for a in picks if a.card == victim), picks[0]))
    play_quietly_until(game, lambda g: g.decision is not None
             and g.decision.kind is DecisionKind.MAIN_PHASE)


def _locked_game(ldb: vg.CardDB) -> tuple[vg.Game, int]:
    game = scene(ldb, {"vanguard": "LX-M03", "damage": [G2, G2]},
                 {"vanguard": "PX-008", "rear": {"front_left": G2}})
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=q.vanguard(game.state, 0)))
    _choose(game, victim)
    assert q.is_locked(victim)
    return game, victim


def test_ACT_24_locked_cards_are_not_unlocked_at_the_opponents_next_end_phase(ldb):
    """ACT-24 changed: the card locked in turn 3 stays locked through its owner's end phase of
    turn 4 (the modifier then ends), and unlocks at the end of turn 6."""
    game, victim = _locked_game(ldb)
    play_quietly_until(game, lambda g: g.turn == 5)
    assert q.is_locked(victim)
    assert game.state.rule_modifiers == ()                # it lasted through that end phase
    play_quietly_until(game, lambda g: g.turn == 7)
    assert not q.is_locked(victim)


def test_ACT_24_without_the_modifier_the_lock_ends_at_its_owners_end_phase(ldb):
    """The failing case: a lock by the rules alone ends at the end of its owner's turn 4."""
    game, victim = _locked_game(ldb)
    game.state.rule_modifiers = ()
    play_quietly_until(game, lambda g: g.turn == 5)
    assert not q.is_locked(victim)


def test_a_skip_for_the_opponents_locked_cards_does_not_keep_your_own_locked(ldb):
    """The modifier covers player 1's locked cards only: player 0's own rear-guard, locked
    until its owner's end phase, unlocks at the end of turn 3 as usual."""
    game = scene(ldb, {"vanguard": "LX-M03", "damage": [G2, G2], "rear": {"back_left": G2}},
                 {"vanguard": "PX-008", "rear": {"front_left": G2}})
    own = unit_at(game, 0, Circle.BACK_LEFT)
    game.switch()
    assert ops.lock(game.state, own, until_owner_end=True)
    game.step(pick(game, ActionKind.ACT, card=q.vanguard(game.state, 0)))
    _choose(game, unit_at(game, 1, Circle.FRONT_LEFT))
    assert [m.player for m in game.state.rule_modifiers] == [1]
    assert q.is_locked(own)
    play_quietly_until(game, lambda g: g.turn == 4)
    assert not q.is_locked(own)


# -- stand_step: skip --------------------------------------------------------------------------


def test_CORE_04_rear_guards_do_not_stand_in_their_next_stand_phase_once(ldb):
    """CORE-04 changed: player 1's rested rear-guard stays at rest in turn 4's stand phase while
    their vanguard stands; the one use is spent there."""
    game = scene(ldb, {"vanguard": "LX-M05", "damage": [G2, G2]},
                 {"vanguard": "PX-008", "rear": {"front_left": G2}, "rested": ["vc", "front_left"]})
    rear, vanguard = unit_at(game, 1, Circle.FRONT_LEFT), q.vanguard(game.state, 1)
    _act(game, q.vanguard(game.state, 0))
    play_quietly_until(game, lambda g: g.turn == 4 and g.phase is not Phase.STAND)
    assert is_rested(game, rear) and not is_rested(game, vanguard)
    assert game.state.rule_modifiers == ()


def test_CORE_04_a_skip_made_for_the_opponent_does_not_stop_your_units_standing(ldb):
    """The failing case: player 0's own rested rear-guard stands in turn 5 as usual."""
    game = scene(ldb, {"vanguard": "LX-M05", "damage": [G2, G2], "rear": {"front_left": G2},
                       "rested": ["front_left"]},
                 {"vanguard": "PX-008"})
    mine = unit_at(game, 0, Circle.FRONT_LEFT)
    _act(game, q.vanguard(game.state, 0))
    assert game.state.rule_modifiers[0].player == 1
    play_quietly_until(game, lambda g: g.turn == 5 and g.phase is not Phase.STAND)
    assert not is_rested(game, mine)


# -- guard grade limits ------------------------------------------------------------------------


def _attack_vanguard(game: vg.Game) -> None:
    target = q.vanguard(game.state, 1)
    play_quietly_until(game, lambda g: has_action(g, ActionKind.ATTACK, target=target))
    game.step(pick(game, ActionKind.ATTACK, card=q.vanguard(game.state, 0), target=target))
    play_quietly_until(game, lambda g: g.decision is not None and g.decision.kind is DecisionKind.GUARD)


def test_CORE_10_a_guard_maximum_of_0_offers_only_grade_0_cards(ldb):
    """"Your opponent cannot call grade 1 or greater to GC": only the grade 0 is offered; the
    mask agrees."""
    game = scene(ldb, {"vanguard": "LX-M04"}, {"vanguard": "PX-008", "hand": [G0, G2]},
                 fmt="premium")
    _act(game, q.vanguard(game.state, 0))
    _attack_vanguard(game)
    g0, g2 = card_named(game, 1, Zone.HAND, G0), card_named(game, 1, Zone.HAND, G2)
    assert has_action(game, ActionKind.GUARD, card=g0)
    assert not has_action(game, ActionKind.GUARD, card=g2)
    assert _mask_agrees(game, ActionKind.GUARD, card=g2)


def test_CORE_10_a_guard_maximum_ends_with_the_turn_and_never_bound_its_maker(ldb):
    """The failing cases: without the act both are offered; the limit binds player 1, not
    player 0, and ends at the end of turn 3."""
    game = scene(ldb, {"vanguard": "LX-M04"}, {"vanguard": "PX-008", "hand": [G0, G2]},
                 fmt="premium")
    _attack_vanguard(game)
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G2))
    game = scene(ldb, {"vanguard": "LX-M04"}, {"vanguard": "PX-008"}, fmt="premium")
    _act(game, q.vanguard(game.state, 0))
    mod = game.state.rule_modifiers[0]
    assert mod.player == 1 and mod.hook is RuleHook.GUARD_MAX_GRADE
    play_quietly_until(game, lambda g: g.turn == 4)
    assert game.state.rule_modifiers == ()


def test_CORE_10_a_cont_guard_minimum_holds_only_while_its_condition_does(ldb):
    """LX-M06 with two rear-guards: player 1 may not guard with the grade 0; with one rear-guard
    the condition fails and the grade 0 is offered."""
    game = scene(ldb, {"vanguard": "LX-M06", "rear": {"front_left": G2, "back_left": G1}},
                 {"vanguard": "PX-008", "hand": [G0, G2]}, fmt="premium")
    _attack_vanguard(game)
    g0 = card_named(game, 1, Zone.HAND, G0)
    assert not has_action(game, ActionKind.GUARD, card=g0)
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G2))
    assert _mask_agrees(game, ActionKind.GUARD, card=g0)
    game = scene(ldb, {"vanguard": "LX-M06", "rear": {"front_left": G2}},
                 {"vanguard": "PX-008", "hand": [G0, G2]}, fmt="premium")
    _attack_vanguard(game)
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))


def test_CORE_10_GG_05_a_guard_maximum_with_no_scope_spares_g_guardians(ldb):
    """"Cannot call grade 1 or greater from hand to GC" limits calls from hand only: a G
    guardian (grade 4) called from the G zone is offered with the limit as without it (GG-05,
    the same as the limit written as a restriction: issue 35)."""
    def g_guardians(game: vg.Game) -> list[int]:
        return [a.card for a in game.legal_actions() if a.kind is ActionKind.GUARD
                and q.position(a.card).zone is Zone.G_ZONE]

    side1 = {"vanguard": "PX-008", "g_zone": ["PG-003"], "hand": ["PX-013"]}
    game = scene(ldb, {"vanguard": "LX-M04"}, dict(side1), fmt="premium")
    _attack_vanguard(game)
    assert g_guardians(game)
    game = scene(ldb, {"vanguard": "LX-M04"}, dict(side1), fmt="premium")
    _act(game, q.vanguard(game.state, 0))
    _attack_vanguard(game)
    assert len(game.state.rule_modifiers) == 1
    assert g_guardians(game)


def test_CORE_13_a_limit_until_end_of_battle_ends_at_the_close_step_and_spares_g_guardians(ldb):
    """LX-M11's limit (scope: the opponent's hand) holds in the battle it attacks in: the
    grade 2 in hand is not offered, the G guardian (not from hand) is; it ends at the close
    step (CORE-13)."""
    game = scene(ldb, {"vanguard": "LX-M11"},
                 {"vanguard": "PX-008", "hand": [G0, G2, "PX-013"], "g_zone": ["PG-003"]},
                 fmt="premium")
    _attack_vanguard(game)
    assert len(game.state.rule_modifiers) == 1
    assert not has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G2))
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.G_ZONE, "PG-003"))
    play_quietly_until(game, lambda g: g.state.battle is None)
    assert game.state.rule_modifiers == ()


# -- clone, hash, snapshot ---------------------------------------------------------------------


def test_a_clone_keeps_a_rule_modifier_and_spends_it_on_its_own(ldb):
    """The clone holds the waiver; spending it in the clone leaves the original's unspent."""
    game = _waiver_game(ldb)
    twin = game.clone()
    assert twin.state.rule_modifiers == game.state.rule_modifiers
    assert twin.state_hash() == game.state_hash()
    play_quietly_until(twin, _stride_step_of(0, 5))
    _stride(twin)
    assert twin.state.rule_modifiers == ()
    game.switch()
    assert len(game.state.rule_modifiers) == 1


def test_the_state_hash_sees_a_rule_modifier(ldb):
    """Two positions differing only by a rule modifier hash differently."""
    game = scene(ldb, {"vanguard": "LX-M04"}, {"vanguard": "PX-008"}, fmt="premium")
    before = game.state_hash()
    twin = game.clone()
    _act(twin, q.vanguard(twin.state, 0))
    after = twin.state_hash()
    twin.state.rule_modifiers = ()
    assert after != before
    game.switch()
    assert game.state_hash() == before


def test_a_snapshot_round_trips_a_rule_modifier(ldb):
    """to_json / from_json keep the modifier, its uses and its hash; the loaded game spends it."""
    game = _waiver_game(ldb)
    loaded = vg.Game.from_json(game.to_json(), ldb)
    assert loaded.state.rule_modifiers == game.state.rule_modifiers
    assert loaded.state_hash() == game.state_hash()
    play_quietly_until(loaded, _stride_step_of(0, 5))
    assert has_action(loaded, ActionKind.STRIDE)


def test_a_snapshot_with_a_broken_rule_modifier_is_refused(ldb):
    """A hand-edited snapshot whose modifier names a change its hook does not take is one
    SnapshotError."""
    game = _waiver_game(ldb)
    text = game.to_json().replace('"value":"waive"', '"value":"skip"')
    with pytest.raises(vg.SnapshotError, match="rule modifier"):
        vg.Game.from_json(text, ldb)


# -- card files --------------------------------------------------------------------------------


@pytest.mark.parametrize(("step", "field"), [
    ('{ op = "modify_rule", rule = "stride_cost", change = "skip" }', "change"),
    ('{ op = "modify_rule", rule = "no_such_rule" }', "rule"),
    ('{ op = "modify_rule", rule = "stride_cost", until = "until_used" }', "uses"),
    ('{ op = "modify_rule", rule = "guard_max_grade", change = "limit", uses = 1 }', "uses"),
    ('{ op = "modify_rule", rule = "stand_step", change = "skip", scope = "nobody" }', "scope"),
    ('{ op = "modify_rule", rule = "stride_cost", change = "reduce" }', "amount"),
    ('{ op = "modify_rule", rule = "stand_step", change = "skip", until = "end_of_turn" }',
     "no `until`"),
])
def test_a_bad_modify_rule_step_is_refused_naming_the_field(tmp_path, db, step, field):
    kind = "cont" if "until = \"end_of_turn\"" in step else "act"
    path = tmp_path / "bad.toml"
    path.write_text('[[card]]\nid = "BAD-1"\nnames = ["Bad"]\ngrade = 1\npower = 8000\n'
                    f'[[card.ability]]\nkind = "{kind}"\nzones = ["vc"]\n'
                    f'effect = [{step}]\n')
    with pytest.raises(CardDataError, match=field):
        vg.CardDB.load(path, base=db)


# -- sizes that are derived values (cards.sizes) -----------------------------------------------


def test_a_cost_as_many_as_this_units_drive_needs_that_many_cards(ldb):
    """LX-M09 (twin drive: drive 2): "discard as many as this unit's drive" is not payable with
    one card in hand; with two it discards both, and "draw one for each rear-guard" draws 2."""
    game = scene(ldb, {"vanguard": "LX-M09", "hand": [G2]}, {"vanguard": "PX-008"})
    assert not has_action(game, ActionKind.ACT, card=q.vanguard(game.state, 0))
    game = scene(ldb, {"vanguard": "LX-M09", "hand": [G2, G1],
                       "rear": {"front_left": G2, "back_left": G1}}, {"vanguard": "PX-008"})
    hand = cards_in(game, 0, Zone.HAND)
    _act(game, q.vanguard(game.state, 0))
    assert sorted(cards_in(game, 0, Zone.DROP)) == sorted(hand)
    assert len(cards_in(game, 0, Zone.HAND)) == 2 and not set(hand) & set(
        cards_in(game, 0, Zone.HAND))


def test_a_derived_size_is_read_now_drive_minus_1_needs_one_card(ldb):
    """The size follows the value when it is read: with drive -1 (drive 1) one card pays."""
    game = scene(ldb, {"vanguard": "LX-M09", "hand": [G2, G1]}, {"vanguard": "PX-008"})
    game.switch()
    ops.add_continuous(game.state, ContinuousEffect(0, "your_vanguard", Stat.DRIVE, -1,
                                                    Duration.END_OF_TURN, game.turn))
    assert q.drive(game.state, q.vanguard(game.state, 0)) == 1
    grade1 = card_named(game, 0, Zone.HAND, G1)             # a call: the next decision is new
    game.step(next(a for a in game.legal_actions()
                   if a.kind is ActionKind.CALL and a.card == grade1))
    assert has_action(game, ActionKind.ACT, card=q.vanguard(game.state, 0))
    _act(game, q.vanguard(game.state, 0))
    grade2 = card_named(game, 0, Zone.DROP, G2)           # one card paid a size of 1
    assert cards_in(game, 0, Zone.DROP) == [grade2]
    assert len(cards_in(game, 0, Zone.HAND)) == 1          # drew one: one rear-guard


@pytest.mark.parametrize(("size", "field"), [
    ('{ value = "height" }', "n.value"),
    ('{ value = "drive", of = "nobody" }', "n.of"),
    ('{ from = "nobody" }', "n"),
    ('-1', "n"),
])
def test_a_bad_size_is_refused_naming_the_field(tmp_path, db, size, field):
    path = tmp_path / "bad.toml"
    path.write_text('[[card]]\nid = "BAD-2"\nnames = ["Bad"]\ngrade = 1\npower = 8000\n'
                    '[[card.ability]]\nkind = "act"\nzones = ["vc"]\n'
                    f'cost = [{{ op = "discard", n = {size} }}]\neffect = []\n')
    with pytest.raises(CardDataError, match=field):
        vg.CardDB.load(path, base=db)
