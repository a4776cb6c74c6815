"""Issue 19, part "values": distinct counts over a selection (TERM-06 generalised) in costs,
amounts, conditions, choices and for_each; named unit states (by a period and by a cont
ability); open RCs; original against current information (TERM-01, TERM-05); values relative to
another card and calls onto the circle it was on (Time Leap, ACT-07, CORE-20). Each card is
played, and shown failing too."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard import ops
from ecs_vanguard.derived.distinct import extendable, most_distinct
from ecs_vanguard.derived.values import in_unit_state
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.formats import Duration
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    cards_in,
    critical_of,
    has_action,
    ids_in,
    is_rested,
    pick,
    power_of,
    unit_at,
)

G0, G1, G2V, G3 = "LX-V90", "LX-V91", "LX-V92", "LX-V93"


def _act(game: vg.Game, card: int) -> None:
    game.step(pick(game, ActionKind.ACT, card=card))


def _offered(game: vg.Game) -> set[int]:
    return {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK}


def _grades(game: vg.Game, cards: list[int]) -> list[int]:
    return sorted(game.state.card(c).grade for c in cards)


# -- distinct counts in costs ------------------------------------------------------------------


def test_ACT_18_soul_blast_of_different_grades_is_paid_with_four_grades(ldb):
    """Soul Blast 4 of different grades: four grades in a soul of five; after a grade 1 is
    picked, the other grade 1 is no longer offered; four cards of four grades go to the drop."""
    game = scene(ldb, {"vanguard": "LX-V01", "soul": [G0, G1, G1, G2V, G3]})
    vanguard = unit_at(game, 0, Circle.VC)
    assert has_action(game, ActionKind.ACT, card=vanguard)
    _act(game, vanguard)
    soul = cards_in(game, 0, Zone.SOUL)
    ones = [c for c in soul if game.state.card(c).grade == 1]
    game.step(pick(game, ActionKind.PICK, card=ones[0]))
    assert ones[1] not in _offered(game)
    while game.decision.label == "soul blast":
        game.step(pick(game, ActionKind.PICK, card=min(_offered(game))))
    assert _grades(game, cards_in(game, 0, Zone.DROP)) == [0, 1, 2, 3]
    assert cards_in(game, 0, Zone.SOUL) == [ones[1]]
    assert len(cards_in(game, 0, Zone.HAND)) == 2


def test_ACT_18_soul_blast_of_different_grades_unpayable_with_two_grades(ldb):
    """Four cards in the soul but only two grades among them: the ability is not offered
    (CORE-19: a cost that cannot be paid in full is not played)."""
    game = scene(ldb, {"vanguard": "LX-V01", "soul": [G1, G1, G2V, G2V]})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))
    game = scene(ldb, {"vanguard": "LX-V01", "soul": [G0, G1, G2V]})       # three grades
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))


def test_CORE_19_two_soul_costs_are_decided_jointly_with_different_grades(ldb):
    """SB1 of a grade 3 and SB2 of different grades from one soul [3, 3]: three cards but the
    second step would need two grades once a 3 is taken, so it is unpayable; with [3, 3, 1]
    it is payable, and the grade 3 picked first leaves the other 3 and the 1 for the second."""
    game = scene(ldb, {"vanguard": "LX-V02", "soul": [G3, G3, G3]})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))
    game = scene(ldb, {"vanguard": "LX-V02", "soul": [G3, G3, G1]})
    vanguard = unit_at(game, 0, Circle.VC)
    _act(game, vanguard)
    threes = [c for c in cards_in(game, 0, Zone.SOUL) if game.state.card(c).grade == 3]
    one = next(c for c in cards_in(game, 0, Zone.SOUL) if game.state.card(c).grade == 1)
    assert one not in _offered(game)                # the first step needs a grade 3
    game.step(pick(game, ActionKind.PICK, card=threes[0]))
    assert cards_in(game, 0, Zone.SOUL) == []       # the rest had only one way: paid at once
    assert power_of(game, vanguard) == 23000


# -- distinct counts as amounts, conditions, for_each -----------------------------------------


def test_TERM_06_power_for_each_different_grade_in_the_soul(ldb):
    """+3000 for each different grade: [1, 1, 2] counts two grades; an empty soul none."""
    game = scene(ldb, {"vanguard": "LX-V03", "soul": [G1, G1, G2V]})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000 + 6000
    game = scene(ldb, {"vanguard": "LX-V03", "soul": [G3, G3, G3]})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000 + 3000


def test_TERM_06_condition_revealed_cards_have_different_grades(ldb):
    """'If they have different grades': a 1 and a 2 on top draw one card; two 2s do not."""
    game = scene(ldb, {"vanguard": "LX-V04", "deck": [G1, G2V, G3, G3]})
    _act(game, unit_at(game, 0, Circle.VC))
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    game = scene(ldb, {"vanguard": "LX-V04", "deck": [G2V, G2V, G3, G3]})
    _act(game, unit_at(game, 0, Circle.VC))
    assert cards_in(game, 0, Zone.HAND) == []


def test_ACT_28_for_each_different_grade_among_rear_guards(ldb):
    """For each different grade among three rear-guards of grades 2, 2, 1: two draws."""
    game = scene(ldb, {"vanguard": "LX-V06", "rear": {"front_left": G2V, "front_right": G2V,
                                                      "back_center": G1}})
    _act(game, unit_at(game, 0, Circle.VC))
    assert len(cards_in(game, 0, Zone.HAND)) == 2


def test_ACT_07_call_two_cards_with_different_names(ldb):
    """Two copies of one name and one other in the drop: all three are offered first; after a
    copy is picked the other copy is not, so the other name is taken without a question; two
    cards of two names are called. With only copies, one card is called (a call chooses as
    many as the conditions allow)."""
    game = scene(ldb, {"vanguard": "LX-V05", "drop": [G1, G1, G2V]})
    _act(game, unit_at(game, 0, Circle.VC))
    assert _offered(game) == set(cards_in(game, 0, Zone.DROP))
    copies = [c for c in cards_in(game, 0, Zone.DROP) if game.state.card(c).id == G1]
    game.step(pick(game, ActionKind.PICK, card=copies[0]))
    assert game.decision.label == "call to"          # the second card had one choice left
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert ids_in(game, 0, Zone.DROP) == [G1]
    game = scene(ldb, {"vanguard": "LX-V05", "drop": [G1, G1]})
    _act(game, unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DROP)[1]))
    assert game.decision.label == "call to"          # one copy only: the call is complete
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert ids_in(game, 0, Zone.DROP) == [G1]


def test_distinct_bad_field_is_refused_naming_the_field(db):
    """A misspelt field in `distinct` is a card-file error naming the field."""
    text = """
[[card]]
id = "BAD-1"
names = ["Bad"]
grade = 3
power = 13000
[[card.ability]]
kind = "act"
zones = ["vc"]
cost = [{ op = "soul_blast", n = 2, distinct = "grades" }]
effect = [{ op = "draw", n = 1 }]
"""
    with pytest.raises(CardDataError, match=r"distinct.*'grades' is not one of"):
        _load(db, text)


def _load(db: vg.CardDB, text: str) -> vg.CardDB:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bad.toml"
        path.write_text(text)
        return vg.CardDB.load(path, base=db)


# -- named unit states --------------------------------------------------------------------------


def test_named_state_from_a_cont_ability_holds_while_its_condition_does(ldb):
    """Harmony while another rear-guard is in the column: +5000 with a partner behind, none
    alone; the state is read again when the partner leaves."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-V07", "back_left": G2}})
    singer = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, singer) == 13000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-V07", "back_right": G2}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 8000


def test_named_state_for_a_period_ends_with_the_turn(ldb):
    """An effect puts a rear-guard in Harmony until end of turn: the vanguard counts it
    (+2000); at the end of the turn the state ends, and the count with it."""
    game = scene(ldb, {"vanguard": "LX-V08", "rear": {"front_left": G2}})
    vanguard = unit_at(game, 0, Circle.VC)
    assert power_of(game, vanguard) == 13000
    _act(game, vanguard)                          # one rear-guard: chosen without a question
    assert power_of(game, vanguard) == 15000
    game.step(pick(game, ActionKind.DONE))        # main -> battle
    game.step(pick(game, ActionKind.DONE))        # no attack -> end phase -> opponent's turn
    assert game.state.turn.player == 1
    assert power_of(game, vanguard) == 13000


def test_CORE_20_named_state_does_not_follow_a_new_object(ldb):
    """A unit in Harmony that leaves the field and comes back is a new object, not in it."""
    game = scene(ldb, {"vanguard": "LX-V08", "rear": {"front_left": G2}})
    vanguard, unit = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    _act(game, vanguard)
    assert power_of(game, vanguard) == 15000
    game.switch()
    ops.move_card(game.state, unit, Zone.DROP)
    ops.move_card(game.state, unit, Zone.RC, circle=Circle.FRONT_LEFT)
    assert power_of(game, vanguard) == 13000


# -- open RCs ------------------------------------------------------------------------------------


def test_open_rc_condition_and_call_target(ldb):
    """'An open RC': with five RCs but one empty, the call offers only that one and retires
    nobody; with every RC filled the ability is not offered."""
    full = {c: G2 for c in ("front_left", "front_right", "back_left", "back_center",
                            "back_right")}
    almost = dict(full)
    del almost["back_center"]
    game = scene(ldb, {"vanguard": "LX-V09", "rear": almost, "drop": [G1]})
    before = {c: unit_at(game, 0, Circle(c)) for c in almost}
    _act(game, unit_at(game, 0, Circle.VC))
    assert ids_in(game, 0, Zone.DROP) == []       # one card, one open RC: no question
    assert game.state.card(unit_at(game, 0, Circle.BACK_CENTER)).id == G1
    assert all(unit_at(game, 0, Circle(c)) == u for c, u in before.items())
    game = scene(ldb, {"vanguard": "LX-V09", "rear": full, "drop": [G1]})
    assert not has_action(game, ActionKind.ACT)


# -- original against current -----------------------------------------------------------------


def test_TERM_05_original_name_still_matches_after_become_name(ldb):
    """After «Birch Warden» becomes «Oak Marshal», a filter by its original name still finds
    it (+1000) while a filter by its current name no longer does (critical back to 1)."""
    game = scene(ldb, {"vanguard": "LX-V10", "rear": {"front_left": G2V}})
    vanguard = unit_at(game, 0, Circle.VC)
    assert power_of(game, vanguard) == 14000 and critical_of(game, vanguard) == 2
    _act(game, vanguard)
    assert power_of(game, vanguard) == 14000
    assert critical_of(game, vanguard) == 1


def test_TERM_01_original_name_is_the_printed_one_not_a_gained_one(ldb):
    """A card that only gained the name «Birch Warden» does not have it as original name."""
    game = scene(ldb, {"vanguard": "LX-V10", "rear": {"front_left": G1}})
    vanguard = unit_at(game, 0, Circle.VC)
    game.switch()
    ops.gain_name(game.state, unit_at(game, 0, Circle.FRONT_LEFT), "Birch Warden",
                  Duration.END_OF_TURN)
    assert critical_of(game, vanguard) == 2       # it has the name now
    assert power_of(game, vanguard) == 13000      # but not as its original name


# -- relative values: Time Leap -----------------------------------------------------------------


def test_time_leap_calls_grade_plus_one_to_the_circle_the_bound_unit_was_on(ldb):
    """Bind a grade 1 rear-guard on back left: the search offers only grade 2s; the found card
    goes to back left (not elsewhere, no circle question), the grade 1 is bound."""
    game = scene(ldb, {"vanguard": "LX-V12", "rear": {"back_left": G1, "front_right": G2},
                       "deck": [G3, G2V, G1, G0, G2V]})
    leaper = unit_at(game, 0, Circle.BACK_LEFT)
    other = unit_at(game, 0, Circle.FRONT_RIGHT)
    _act(game, unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.PICK, card=leaper))
    offered = _offered(game)
    assert offered and all(game.state.card(c).grade == 2 for c in offered)
    found = min(offered)
    game.step(pick(game, ActionKind.PICK, card=found))
    assert unit_at(game, 0, Circle.BACK_LEFT) == found
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == other
    assert cards_in(game, 0, Zone.BIND) == [leaper]


def test_time_leap_as_a_cost_reads_this_units_grade_and_circle(ldb):
    """Time Leap on the unit itself, bound as the cost: a grade 2 goes to its circle."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_right": "LX-V11"},
                       "deck": [G3, G1, G2V]})
    squire = unit_at(game, 0, Circle.FRONT_RIGHT)
    _act(game, squire)
    offered = _offered(game)
    assert [game.state.card(c).id for c in offered] == [G2V]
    game.step(pick(game, ActionKind.PICK, card=next(iter(offered))))
    assert game.state.card(unit_at(game, 0, Circle.FRONT_RIGHT)).id == G2V
    assert cards_in(game, 0, Zone.BIND) == [squire]


def test_time_leap_finds_nothing_without_a_card_of_the_next_grade(ldb):
    """No grade 2 in the deck: nothing is offered but passing, nothing is called, the circle
    stays empty; the bound unit is in the bind zone all the same."""
    game = scene(ldb, {"vanguard": "LX-V12", "rear": {"back_left": G1},
                       "deck": [G3, G1, G0]})
    leaper = unit_at(game, 0, Circle.BACK_LEFT)
    _act(game, unit_at(game, 0, Circle.VC))
    assert not _offered(game)
    if game.decision is not None and has_action(game, ActionKind.DONE) \
            and game.decision.label.startswith("search"):
        game.step(pick(game, ActionKind.DONE))
    assert not game.state.board.circles[0][Circle.BACK_LEFT]
    assert cards_in(game, 0, Zone.BIND) == [leaper]


def test_relative_filter_naming_an_unbound_name_is_refused(db):
    """`relative_to` must name self, a bound name or a selector: a typo is refused on load."""
    text = """
[[card]]
id = "BAD-2"
names = ["Bad Leap"]
grade = 3
power = 13000
[[card.ability]]
kind = "act"
zones = ["vc"]
effect = [{ op = "search", zone = "deck", where = { grade = { relative_to = "leeper", plus = 1 } } }]
"""
    with pytest.raises(CardDataError, match="leeper"):
        _load(db, text)


# -- effects on vanguards ------------------------------------------------------------------------


def test_ACT_12_effects_reach_a_vanguard_chosen_among_units(ldb):
    """'One of your units' includes the vanguard: a rested vanguard is stood (ACT-12), gets
    Power+5000 and the named state; the opponent's standing vanguard is rested."""
    game = scene(ldb, {"vanguard": G3, "rear": {"front_left": "LX-V13"}, "rested": ["vc"]})
    vanguard = unit_at(game, 0, Circle.VC)
    foe = unit_at(game, 1, Circle.VC)
    assert is_rested(game, vanguard) and not is_rested(game, foe)
    _act(game, unit_at(game, 0, Circle.FRONT_LEFT))
    assert not is_rested(game, vanguard) and power_of(game, vanguard) == 18000
    game.switch()
    assert in_unit_state(game.state, vanguard, "rallied")
    assert is_rested(game, foe)


def test_ACT_12_a_standing_vanguard_is_not_chosen_by_rested(ldb):
    """Nothing rested but itself: no unit is chosen, nothing stands; the foe is still rested."""
    game = scene(ldb, {"vanguard": G3, "rear": {"front_left": "LX-V13"}})
    vanguard = unit_at(game, 0, Circle.VC)
    _act(game, unit_at(game, 0, Circle.FRONT_LEFT))
    assert power_of(game, vanguard) == 13000
    assert is_rested(game, unit_at(game, 1, Circle.VC))


def test_TERM_05_a_card_with_two_names_counts_as_one_of_them():
    """Different names over cards with several names is a matching (TERM-06's engine
    decision): [A/B, A, B] has two different names, not three; a forced pick of A and A
    together is impossible (-1)."""
    assert most_distinct([("A", "B"), ("A",), ("B",)]) == 2
    assert most_distinct([("A", "B"), ("A",)]) == 2
    assert most_distinct([("A",), ("A",)], forced=[0, 1]) == -1
    assert extendable([("A", "B"), ("A",), ("B",)], [1], 2) == [0, 2]


def test_ACT_19_soul_charged_cards_with_different_grades(ldb):
    """'If the soul-charged cards have different grades': a 1 and a 2 charged give +5000; two
    2s do not; with one card left in the deck only one is charged and the "two cards" part
    fails. Cards already in the soul are not among the charged ones."""
    game = scene(ldb, {"vanguard": "LX-V14", "deck": [G1, G2V, G3], "soul": [G1]})
    _act(game, unit_at(game, 0, Circle.VC))
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    game = scene(ldb, {"vanguard": "LX-V14", "deck": [G2V, G2V, G3], "soul": [G1]})
    _act(game, unit_at(game, 0, Circle.VC))
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000
    game = scene(ldb, {"vanguard": "LX-V14", "deck": [G1]})
    _act(game, unit_at(game, 0, Circle.VC))
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000


def test_CORE_19_choose_and_discard_of_different_values_in_one_cost(ldb):
    """Two rear-guards of one name cannot pay 'two with different names'; a hand of two grade
    2s cannot pay 'two of different grades'; with both right the cost is paid at once: the two
    rear-guards retire, a 1 and a 2 are discarded (the second 2 is not offered once a 2 is
    picked), three cards are drawn."""
    rear = {"front_left": G2V, "front_right": G1}
    game = scene(ldb, {"vanguard": "LX-V15", "rear": {"front_left": G2V, "front_right": G2V},
                       "hand": [G1, G2V]})
    assert not has_action(game, ActionKind.ACT)
    game = scene(ldb, {"vanguard": "LX-V15", "rear": rear, "hand": [G2V, G2V]})
    assert not has_action(game, ActionKind.ACT)
    game = scene(ldb, {"vanguard": "LX-V15", "rear": rear, "hand": [G2V, G2V, G1]})
    _act(game, unit_at(game, 0, Circle.VC))          # the two rear-guards: no question
    hand = cards_in(game, 0, Zone.HAND)
    twos = [c for c in hand if game.state.card(c).grade == 2]
    assert set(_offered(game)) == set(hand)
    game.step(pick(game, ActionKind.PICK, card=twos[0]))
    assert twos[1] in cards_in(game, 0, Zone.HAND)   # the grade 1 was the one card left
    assert _grades(game, cards_in(game, 0, Zone.DROP)) == [1, 1, 2, 2]
    assert len(cards_in(game, 0, Zone.HAND)) == 1 + 3


def test_time_leap_paused_mid_effect_clones_with_its_remembered_circle(ldb):
    """The remembered circle is plain data of the paused frame: a clone taken at the search
    hashes as the original, and both finish on back left with the same hash."""
    game = scene(ldb, {"vanguard": "LX-V12", "rear": {"back_left": G1},
                       "deck": [G3, G2V, G0]})
    _act(game, unit_at(game, 0, Circle.VC))
    twin = game.clone()
    assert twin.state_hash() == game.state_hash()
    for one in (game, twin):
        found = next(iter(_offered(one)))
        one.step(pick(one, ActionKind.PICK, card=found))
        assert unit_at(one, 0, Circle.BACK_LEFT) == found
    assert twin.state_hash() == game.state_hash()


def test_ACT_10_search_up_to_two_cards_of_different_grades(ldb):
    """After a grade 2 is found, the other grade 2s are not offered (a grade 1 is, and so is
    stopping: a hidden zone may fail to find, ACT-10); the two found go to the hand."""
    game = scene(ldb, {"vanguard": "LX-V16", "deck": [G2V, G2V, G1, G3]})
    _act(game, unit_at(game, 0, Circle.VC))
    deck = cards_in(game, 0, Zone.DECK)
    twos = [c for c in deck if game.state.card(c).grade == 2]
    assert _offered(game) == set(deck)
    game.step(pick(game, ActionKind.PICK, card=twos[0]))
    assert _offered(game) == {c for c in deck if game.state.card(c).grade != 2}
    assert has_action(game, ActionKind.DONE)
    one = next(c for c in deck if game.state.card(c).grade == 1)
    game.step(pick(game, ActionKind.PICK, card=one))
    assert sorted(cards_in(game, 0, Zone.HAND)) == sorted([twos[0], one])
