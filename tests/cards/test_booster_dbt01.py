"""Study of one whole main booster (issue 39 item 7): D-BT01 "Genesis of the Five Greats", its 120
numbered cards (tests/cards/corpus/b_dbt01.toml, ids B1-NNN; the Brandt Gate set-order units of
p_d_orders.toml, PO-, and the overDress cards of p_d_overdress.toml, PR-, reused; graded in
docs/boosters/d-bt01.md). (a) the file and the doc's table agree card by card; (b) random games
between the five nations' decks end with no engine error and play the booster's abilities; (c)
judge-style scenarios of the cards' effects and of positions where a condition or cost fails."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    abilities_played,
    assert_sentinel_guards,
    assert_trigger_effect,
    attack,
    booster_table,
    drive_into,
    fill_deck,
    no_guard,
    pay_first_cards,
    play_busy,
    say_yes,
)
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

DOC = Path(__file__).parents[2] / "docs" / "boosters" / "d-bt01.md"
REUSED = re.compile(r"^(P[OR]-\d{3})\b")


def _rows() -> list[tuple[str, str, str, str]]:
    """(no., our name, verdict, test) of the doc's table."""
    return [(no, ours, verdict, test) for no, ours, _, verdict, _, test in booster_table(DOC)]


def test_every_card_of_the_booster_has_one_row_and_the_file_matches_it(ldb):
    """120 rows, 001-120 once each; a row naming PO-/PR- reuses that card (it exists); every
    other written row is the card B1-NNN of that name, and the corpus file has no card
    without a row; a card not written has no card in the file."""
    rows = _rows()
    assert [r[0] for r in rows] == [f"{n:03d}" for n in range(1, 121)]
    written = {c.id for c in ldb if c.id.startswith("B1-")}
    expected = set()
    for number, name, verdict, _ in rows:
        reused = REUSED.match(name)
        if reused:
            assert ldb.get(reused.group(1)) is not None, number
            continue
        if name.startswith("not written"):
            assert f"B1-{number}" not in written
            continue
        assert verdict.split()[0] in ("full", "partial"), number
        expected.add(f"B1-{number}")
        assert ldb[f"B1-{number}"].names[0] == name, number
    assert written == expected


# -- (b) random games ---------------------------------------------------------------------------

RIDE_LINES = {   # G0, G1, G2, G3 of each nation's ride deck
    "dragon_empire": ("B1-062", "B1-060", "B1-027", "B1-002"),
    "dark_states": ("B1-076", "B1-075", "B1-033", "B1-003"),
    "brandt_gate": ("PO-012", "PO-010", "PO-006", "PO-001"),
    "keter_sanctuary": ("B1-101", "B1-099", "B1-046", "B1-008"),
    "stoicheia": ("B1-113", "B1-111", "B1-050", "B1-009"),
}
REUSED_IN_DECKS = {"dragon_empire": ("PR-001", "PR-002", "PR-003"),
                   "brandt_gate": tuple(f"PO-{n:03d}" for n in (2, 3, 4, 5, 7, 8, 9, 11, 13))}


def _deck(db: vg.CardDB, nation: str) -> vg.Deck:
    """A legal standard deck of one nation's D-BT01 cards: the ride line, its over trigger,
    4 critical / 4 draw / 3 front / 4 heal, four sentinels, then the nation's other cards up
    to three copies each, in id order, to 50."""
    line = RIDE_LINES[nation]
    mine = [c for c in db if c.id.startswith("B1-") and c.nation == nation]
    mine += [db[c] for c in REUSED_IN_DECKS.get(nation, ())]
    trig = {t: [c.id for c in mine if c.trigger is not None and c.trigger.value == t]
            for t in ("over", "critical", "draw", "front", "heal")}
    main = list(line) + trig["over"] + trig["critical"] * 4 + trig["draw"] * 4
    main += trig["front"] * 3 + trig["heal"] * 4 + [c.id for c in mine if c.sentinel] * 4
    rest = sorted(c.id for c in mine if c.trigger is None and not c.sentinel)
    fill_deck(main, rest, 3)
    return vg.Deck(name=nation, main=tuple(main), starter=line[0], ride_deck=line)


@pytest.fixture(scope="module")
def decks(ldb) -> dict[str, vg.Deck]:
    return {nation: _deck(ldb, nation) for nation in RIDE_LINES}


def test_the_five_nation_decks_are_legal_standard_decks(ldb, decks):
    """CORE-02: 50 cards with the ride deck, 16 triggers (one over), four sentinels."""
    for deck in decks.values():
        deck.validate("standard", ldb)
        assert len(deck.main) == 50
        assert sum(ldb[c].trigger is not None for c in deck.main) == 16
        assert sum(ldb[c].sentinel for c in deck.main) == 4


def test_random_games_between_the_nations_play_the_booster(ldb, decks):
    """Twenty-five seeded games, each nation against each other one (both sides first): a
    random agent (busy actions preferred) plays each game to its end, the invariants holding at
    the end; at least 60 of the booster's 74 cards with an act, auto or order play get one
    played (measured: 61 over these 25 games, 62 over 40)."""
    nations = list(decks)
    played: set[str] = set()
    for seed in range(25):
        first = decks[nations[seed % 5]]
        second = decks[nations[(seed + 1 + seed // 5) % 5]]
        game = vg.Game(first, second, seed=seed, db=ldb)
        rng = np.random.default_rng(seed)
        play_busy(game, rng, 3000)
        assert game.over, f"seed {seed}: no end within 3000 decisions"
        game.check_invariants()
        played |= abilities_played(game)
    assert len({c for c in played if c.startswith("B1-")}) >= 60


# -- (c) scenarios: the patterns many cards share -------------------------------------------------

TRIGGERS = [f"B1-{n:03d}" for start in (63, 77, 88, 102, 114) for n in range(start, start + 4)]


@pytest.mark.parametrize("card_id", TRIGGERS)
def test_B1_triggers_do_their_types_effect(ldb, card_id):
    """CORE-14: each nation's critical, draw, front and heal trigger (+10000), revealed by a
    drive check, does its type's effect and only it; shields 15000 (draw 5000)."""
    assert_trigger_effect(ldb, card_id)
    card = ldb[card_id]
    assert card.shield == (5000 if card.trigger.value == "draw" else 15000)


@pytest.mark.parametrize("card_id", ["B1-031", "B1-036", "B1-042", "B1-049", "B1-052"])
def test_B1_sentinels_guard_the_vanguard_for_a_discard(ldb, card_id):
    """CORE-10: the five sentinels: with a card to discard the vanguard is not hit; with none
    the cost cannot be paid and the hit lands."""
    assert_sentinel_guards(ldb, card_id)


FIRST_VANGUARDS = {"B1-062": "B1-060", "B1-076": "B1-075", "B1-101": "B1-099",
                   "B1-113": "B1-111"}


@pytest.mark.parametrize("card_id", sorted(FIRST_VANGUARDS))
@pytest.mark.parametrize(("turn", "drawn"), [(4, 1), (3, 0)])
def test_B1_first_vanguards_draw_when_ridden_going_second(ldb, card_id, turn, drawn):
    """Ridden on turn 4 (you went second): draw a card; on turn 3 (you went first): none."""
    rider = FIRST_VANGUARDS[card_id]
    game = scene(ldb, {"vanguard": card_id, "hand": [rider]}, phase="ride", turn=turn)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, rider)))
    _drain(game)
    assert len(cards_in(game, 0, Zone.HAND)) == drawn


def _drain(game: vg.Game) -> None:
    """Answer every pending question with its first action until the main phase's open
    timing (autos resolved, optional ones accepted first)."""
    for _ in range(50):
        if game.decision.kind is DecisionKind.MAIN_PHASE:
            return
        game.step(game.legal_actions()[0])


@pytest.mark.parametrize("card_id", ["B1-059", "B1-085", "B1-100", "B1-110"])
def test_B1_boosters_get_2000_when_they_boost(ldb, card_id):
    """When it boosts: +2000 until end of turn (the boosted vanguard gets its power: 13000 +
    10000); a unit it does not boost keeps 8000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": card_id, "back_left": card_id}},
                 phase="battle")
    booster, idle = unit_at(game, 0, Circle.BACK_CENTER), unit_at(game, 0, Circle.BACK_LEFT)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    assert power_of(game, booster) == 10000 and power_of(game, idle) == 8000
    assert power_of(game, vanguard) == 13000 + 10000


def test_B1_071_gets_2000_only_boosting_a_vanguard(ldb):
    """Boosting a rear-guard: nothing (8000); boosting the vanguard: +2000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B1-071", "front_left": G2}},
                 phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    left = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.BOOST, card=left))
    assert power_of(game, left) == 8000
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": "B1-071"}}, phase="battle")
    center = unit_at(game, 0, Circle.BACK_CENTER)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=center))
    assert power_of(game, center) == 10000


def _picks(game: vg.Game, *cards: int) -> None:
    """Pick these cards in turn, each where it is offered."""
    for card in cards:
        game.step(pick(game, ActionKind.PICK, card=card))


# -- (c) scenarios: Keter Sanctuary ---------------------------------------------------------------

def test_B1_046_ridden_puts_the_top_three_back_in_the_chosen_order(ldb):
    """Ridden by «Sixfold Orb Seeress»: the top three go back on top in the order the player
    picks (picked last is on top: a reversal here); the cards below are untouched."""
    deck = ["B1-063", "B1-064", "B1-065"] + [G2] * 7
    game = scene(ldb, {"vanguard": "B1-046", "hand": ["B1-008"], "deck": deck}, phase="ride")
    top = cards_in(game, 0, Zone.DECK)[:3]
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B1-008")))
    assert game.decision.label == "third"
    _picks(game, top[0], top[1])
    _drain(game)
    assert ids_in(game, 0, Zone.DECK)[:4] == ["B1-065", "B1-064", "B1-063", G2]


@pytest.mark.parametrize("sink", [True, False])
def test_B1_046_placed_may_sink_the_top_card_for_2000(ldb, sink):
    """Placed on RC: the top card may go to the bottom, and then +2000; kept on top, 10000."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-046"], "deck": ["B1-063"] + [G2] * 9})
    top = cards_in(game, 0, Zone.DECK)[0]
    unit = card_named(game, 0, Zone.HAND, "B1-046")
    game.step(pick(game, ActionKind.CALL, card=unit, circle=Circle.FRONT_LEFT))
    if sink:
        game.step(pick(game, ActionKind.PICK, card=top))
    else:
        game.step(pick(game, ActionKind.DONE))
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, unit) == (12000 if sink else 10000)
    assert (ids_in(game, 0, Zone.DECK)[-1] == "B1-063") is sink
    assert (ids_in(game, 0, Zone.DECK)[0] == "B1-063") is not sink


def test_B1_047_sinks_one_of_the_top_two(ldb):
    """Placed, SB1 & rest it: the chosen one of the top two goes to the bottom, the other stays
    on top; with an empty soul it is not asked."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-047"], "soul": [G2],
                       "deck": ["B1-063", "B1-064"] + [G2] * 8})
    first = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B1-047"),
                   circle=Circle.FRONT_LEFT))
    say_yes(game)
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=first))
    _drain(game)
    deck = ids_in(game, 0, Zone.DECK)
    assert deck[0] == "B1-064" and deck[-1] == "B1-063" and len(deck) == 10
    assert is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-047"]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B1-047"),
                   circle=Circle.FRONT_LEFT))
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert not is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))


# -- (c) scenarios: Stoicheia (Alchemagic, orders) ------------------------------------------------

LOOK4 = ["B1-108", "B1-109", "B1-110", "B1-063"] + [G2] * 6


def _called_ids(game: vg.Game) -> list[str]:
    circles = (Circle.FRONT_LEFT, Circle.FRONT_RIGHT, Circle.BACK_LEFT, Circle.BACK_CENTER,
               Circle.BACK_RIGHT)
    return sorted(game.state.card(u).id for c in circles
                  for u in game.state.board.circles[0].get(c, ()))


@pytest.mark.parametrize("alchemagic", [True, False])
def test_B1_053_calls_two_by_alchemagic_one_otherwise(ldb, alchemagic):
    """ALC-01 with «Zorvane» (Alchemagic with another name) on VC: 053 played with 054 bound
    from the drop (both costs, SB2 & CB1) calls up to two of the top four (each +5000, the rest
    to the drop), and 054 then gives three units +10000; played alone, one card at most."""
    game = scene(ldb, {"vanguard": "B1-009", "hand": ["B1-053"], "drop": ["B1-054"],
                       "soul": [G2] * 2, "damage": [G2], "deck": list(LOOK4)})
    orders = [a for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER]
    game.step(next(a for a in orders if (a.target >= 0) is alchemagic))
    looked = cards_in(game, 0, Zone.DECK)[:2]
    game.step(pick(game, ActionKind.PICK, card=looked[0]))
    assert has_action(game, ActionKind.PICK, card=looked[1]) is alchemagic
    if alchemagic:
        game.step(pick(game, ActionKind.PICK, card=looked[1]))
    _drain(game)
    called = _called_ids(game)
    assert called == (["B1-108", "B1-109"] if alchemagic else ["B1-108"])
    assert {"B1-110", "B1-063"} <= set(ids_in(game, 0, Zone.DROP))
    vanguard = unit_at(game, 0, Circle.VC)
    assert power_of(game, vanguard) == (23000 if alchemagic else 13000)
    assert ids_in(game, 0, Zone.BIND) == (["B1-054"] if alchemagic else [])


def test_B1_009_alchemagic_needs_another_name_and_calls_from_the_drop(ldb):
    """«Zorvane» allows Alchemagic only with an order of another name (ALC-01): a copy of 053 in
    the drop is no partner; its ACT (CB1) calls a unit card of the drop, not an order."""
    game = scene(ldb, {"vanguard": "B1-009", "hand": ["B1-053"], "drop": ["B1-053", G2],
                       "soul": [G2] * 4, "damage": [G2]})
    assert not any(a.kind is ActionKind.PLAY_ORDER and a.target >= 0
                   for a in game.legal_actions())
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    pay_first_cards(game)
    _drain(game)
    assert _called_ids(game) == [G2] and ids_in(game, 0, Zone.DROP) == ["B1-053"]


def test_B1_118_retires_two_draws_goes_to_the_soul_and_counter_charges(ldb):
    """COST [retire two rear-guards]: draw, the order itself into the soul (not the drop), CC1;
    with one rear-guard it cannot be played."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-118"], "damage": [G2], "damage_face_down": 1,
                       "rear": {"front_left": G2, "front_right": G2}})
    game.step(pick(game, ActionKind.PLAY_ORDER))
    _drain(game)
    assert ids_in(game, 0, Zone.SOUL) == ["B1-118"] and ids_in(game, 0, Zone.DROP) == [G2, G2]
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-118"], "rear": {"front_left": G2}})
    assert not has_action(game, ActionKind.PLAY_ORDER)


@pytest.mark.parametrize(("vanguard", "pumped"), [("B1-009", True), (V3, False)])
def test_B1_054_three_units_10000_only_under_zorvane(ldb, vanguard, pumped):
    """CB1: with «Zorvane» on VC three chosen units +10000; with another vanguard the cost is
    paid and nothing happens."""
    game = scene(ldb, {"vanguard": vanguard, "hand": ["B1-054"], "damage": [G2],
                       "rear": {"front_left": G2, "front_right": G2}})
    game.step(pick(game, ActionKind.PLAY_ORDER, index=0))
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == (20000 if pumped else 10000)
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


@pytest.mark.parametrize(("vanguard", "called"), [(V3, ["B1-024"]), ("B1-111", [])])
def test_B1_055_calls_up_to_the_vanguards_grade(ldb, vanguard, called):
    """SB1: a unit card of the drop with grade up to the vanguard's, +5000; under a grade 1
    vanguard the grade 2 is no choice."""
    game = scene(ldb, {"vanguard": vanguard, "hand": ["B1-055"], "drop": ["B1-024"],
                       "soul": [G2]})
    game.step(pick(game, ActionKind.PLAY_ORDER, index=0))
    _drain(game)
    assert _called_ids(game) == called
    if called:
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000


# -- (c) the constructs built for the booster -----------------------------------------------------

@pytest.mark.parametrize(("aim", "gone"), [
    (Circle.FRONT_LEFT, {Circle.FRONT_LEFT, Circle.BACK_LEFT}),
    (Circle.BACK_LEFT, {Circle.FRONT_LEFT, Circle.BACK_LEFT}),
    (Circle.FRONT_RIGHT, {Circle.FRONT_RIGHT})])
def test_CORE_07_column_of_finds_the_rear_guards_of_a_chosen_units_column(ldb, aim, gone):
    """`column_of` (CORE-07's column: a front circle and the one behind it, on one side): 106
    puts the chosen opponent's rear-guard and the other one of its column on the bottom of
    their deck; the other column's and the player's own rear-guards stay."""
    them = {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2, "front_right": G2}}
    me = {"vanguard": V3, "hand": ["B1-106"], "soul": ["B1-002"],
          "rear": {"front_left": G2, "back_left": G2}}
    game = scene(ldb, me, them)
    units = {c: unit_at(game, 1, c) for c in (Circle.FRONT_LEFT, Circle.BACK_LEFT,
                                               Circle.FRONT_RIGHT)}
    game.step(pick(game, ActionKind.PLAY_ORDER, index=0))
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=units[aim]))
    _drain(game)
    for circle, unit in units.items():
        assert (zone_of(game, unit) is Zone.DECK) is (circle in gone), circle
    assert ids_in(game, 1, Zone.DECK)[-len(gone):] == [G2] * len(gone)
    assert unit_at(game, 0, Circle.FRONT_LEFT) >= 0 and unit_at(game, 0, Circle.BACK_LEFT) >= 0


def test_CORE_07_106_needs_a_grade_3_in_the_soul(ldb):
    """Its cost is Soul Blast (1) of a grade 3: with only a grade 2 in the soul it cannot be
    played."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-106"], "soul": [G2]},
                 {"vanguard": V3, "rear": {"front_left": G2}})
    assert not has_action(game, ActionKind.PLAY_ORDER)


def test_CORE_09_attacked_is_the_attacked_unit_of_the_battle_now(ldb):
    """`attacked = false` ("not being attacked"): 119, played in the guard step while the
    opponent attacks a rear-guard, gives +5000 and offers every rear-guard but the attacked one
    to return to hand."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-119"],
                       "rear": {"front_left": G2, "front_right": G2, "back_left": G2}},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    target, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    back = unit_at(game, 0, Circle.BACK_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), target)
    game.step(pick(game, ActionKind.PLAY_ORDER, index=0))
    game.step(pick(game, ActionKind.PICK, card=target))          # the unit +5000
    assert power_of(game, target) == 15000
    assert not has_action(game, ActionKind.PICK, card=target)
    assert has_action(game, ActionKind.PICK, card=back)
    game.step(pick(game, ActionKind.PICK, card=other))
    assert zone_of(game, other) is Zone.HAND and zone_of(game, target) is Zone.RC


BASTIAN = """
[[card]]
id = "TEST-BASTIAN"
names = ["Summit Ruler, Bastian"]
grade = 3
power = 13000
nation = "keter_sanctuary"
skills = ["twin_drive"]
"""


@pytest.mark.parametrize(("vanguard", "rear_3s", "guardian_3", "shield"), [
    ("TEST-BASTIAN", 0, False, 5000), ("TEST-BASTIAN", 0, True, 10000),
    ("TEST-BASTIAN", 3, False, 15000), (V3, 3, True, 5000)])
def test_CORE_10_circle_cards_count_units_and_guardians(ldb, tmp_path, vanguard, rear_3s,
                                                        guardian_3, shield):
    """`your_circle_cards` (units and guardians, CORE-10): Kokariel on GC, under «Bastian»,
    gets Shield+5000 for every two grade 3 cards among the vanguard, the rear-guards and the
    guardians (one grade 3: none; the vanguard and a grade 3 guardian called beside it: +5000;
    the vanguard and three rear-guards: +10000); under another vanguard, none."""
    path = tmp_path / "bastian.toml"
    path.write_text(BASTIAN)
    db = vg.CardDB.load(path, base=ldb)
    rear = {c: V3 for c in ("front_left", "front_right", "back_left")[:rear_3s]}
    hand = ["B1-095"] + ([V3] if guardian_3 else [])
    game = scene(db, {"vanguard": vanguard, "hand": hand, "rear": rear},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    analyst = card_named(game, 0, Zone.HAND, "B1-095")
    game.step(pick(game, ActionKind.GUARD, card=analyst))
    if guardian_3:
        game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, V3)))
    assert q.shield(game.state, analyst) == shield


# -- (c) the over triggers' extra effects (CORE-14) -----------------------------------------------

def test_B1_019_doubles_the_front_rows_power_and_critical(ldb):
    """CORE-14: revealed by a drive check, the rules' +100,000,000 goes to a rear-guard, then
    each front-row unit gets its own power and critical again (a quantity's total, once per
    unit): the vanguard 13000 -> 26000 and critical 2, the rear-guard (100,010,000) doubled."""
    game, vanguard = drive_into(ldb, "B1-019")
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.PICK, card=rear))
    _drain_battle(game)
    assert power_of(game, vanguard) == 26000 and critical_of(game, vanguard) == 2
    assert power_of(game, rear) == 2 * (10000 + 100_000_000) and critical_of(game, rear) == 2


def _drain_battle(game: vg.Game, limit: int = 12) -> None:
    """Answer the questions pending in this battle with their first action, while the same
    player is asked to choose cards (the trigger's and its extra effect's choices)."""
    for _ in range(limit):
        if game.decision.kind is not DecisionKind.CHOOSE_CARD:
            return
        game.step(game.legal_actions()[0])


def test_B1_013_stands_a_resting_vanguard(ldb):
    """CORE-14: the extra effect stands your resting vanguard (the attacking one, rested by
    its attack); the trigger's +100,000,000 on it too."""
    game, vanguard = drive_into(ldb, "B1-013")
    assert is_rested(game, vanguard)
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    _drain_battle(game)
    assert not is_rested(game, vanguard)
    assert power_of(game, vanguard) == 13000 + 100_000_000


def test_B1_025_draws_gives_critical_front_row_power_and_heals(ldb):
    """CORE-14: the extra effect: draw a card (with the rule's draw and the second drive
    check's card, three in hand), a unit critical +1, the front row +10000, heal one damage."""
    game, vanguard = drive_into(ldb, "B1-025")
    game.step(pick(game, ActionKind.PICK, card=vanguard))   # the rule's +100,000,000
    game.step(pick(game, ActionKind.PICK, card=vanguard))   # the extra critical
    _drain_battle(game)
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    assert critical_of(game, vanguard) == 2 and power_of(game, rear) == 20000
    assert power_of(game, vanguard) == 13000 + 100_000_000 + 10000
    assert len(cards_in(game, 0, Zone.HAND)) == 3   # the rule's draw, the extra, drive 2
    assert damage_count(game, 0) == 0


def test_B1_022_is_an_over_trigger_with_the_rules_effect(ldb):
    """The over trigger whose extra effect is not written (022) still does the rules' over
    trigger (CORE-14): removed from the game, a draw, +100,000,000."""
    game, vanguard = drive_into(ldb, "B1-022")
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 13000 + 100_000_000
    assert "B1-022" not in ids_in(game, 0, Zone.DROP) + ids_in(game, 0, Zone.HAND)


def test_CORE_13_end_of_game_outlasts_the_close_step_and_the_end_phase(ldb):
    """`until = "end_of_game"` (016's extra effect, "for the rest of the fight"): the vanguard
    +10000 and critical +1 hold after the battle's close step (CORE-13) and the turn's end
    phase, into the player's next turn (apply_continuous: whatever unit is the vanguard at
    each moment); the rules' +100,000,000 ends with the turn."""
    game, vanguard = drive_into(ldb, "B1-016")
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    _drain_battle(game)
    assert power_of(game, vanguard) == 13000 + 100_000_000 + 10000
    assert critical_of(game, vanguard) == 2
    for _ in range(400):                     # to player 0's next turn's main phase
        if game.state.turn.turn == 5 and game.decision.kind is DecisionKind.MAIN_PHASE:
            break
        done = [a for a in game.legal_actions() if a.kind in (ActionKind.DONE, ActionKind.NO)]
        game.step(done[0] if done else game.legal_actions()[0])
    assert game.state.turn.turn == 5
    vanguard = unit_at(game, 0, Circle.VC)
    assert power_of(game, vanguard) == game.state.card(vanguard).power + 10000
    assert critical_of(game, vanguard) == 2
    assert power_of(game, unit_at(game, 1, Circle.VC)) == 13000


# -- (c) scenarios: attacks ------------------------------------------------------------------------

def _attack_with(ldb, card_id: str, *, me: dict | None = None, them: dict | None = None,
                 circle: Circle = Circle.FRONT_LEFT, target: Circle = Circle.VC) -> tuple:
    """Player 0's `card_id` on `circle` attacks player 1's unit on `target`; return the game
    and the attacker."""
    side = {"vanguard": V3, "rear": {circle.value: card_id}}
    side.update(me or {})
    game = scene(ldb, side, them or {"vanguard": V3}, phase="battle")
    unit = unit_at(game, 0, circle)
    attack(game, unit, unit_at(game, 1, target))
    return game, unit


@pytest.mark.parametrize(("card_id", "me", "them", "power"), [
    ("B1-057", {}, {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}}, 15000),
    ("B1-057", {}, {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2,
                                             "back_left": G2}}, 10000),
    ("B1-109", {"bind": [G2]}, None, 15000),
    ("B1-109", {}, None, 10000),
])
def test_B1_057_109_free_attack_bonuses_and_their_conditions(ldb, card_id, me, them, power):
    """057: +5000 with the opponent at two or fewer rear-guards, none at three; 109: attacking
    a vanguard with a card in your bind zone +5000, none with an empty bind zone."""
    game, unit = _attack_with(ldb, card_id, me=me, them=them)
    assert power_of(game, unit) == power


@pytest.mark.parametrize(("card_id", "me", "power", "critical"), [
    ("B1-108", {"damage": [G2]}, 15000, 1),
    ("B1-097", {"damage": [G2, G2], "rear": {"front_left": "B1-097", "back_left": V3,
                                              "back_right": V3}}, 10000, 2),
    ("B1-007", {"rear": {"front_left": "B1-007", "back_left": V3}}, 18000, 1),
    ("B1-027", {"damage": [G2]}, 15000, 1),
])
def test_B1_attack_autos_pay_and_power_up(ldb, card_id, me, power, critical):
    """When it attacks: 108 CB1 +5000; 097 with three grade 3 units (the vanguard, two
    rear-guards) CB2 critical +1; 007 with three grade 3 units +5000 (no cost); 027 with the
    opponent at no rear-guards CB1, Soul Charge 1 and +5000."""
    game, unit = _attack_with(ldb, card_id, me=me)
    if has_action(game, ActionKind.YES):
        say_yes(game)
    pay_first_cards(game)
    assert power_of(game, unit) == power and critical_of(game, unit) == critical
    if card_id == "B1-027":
        assert len(cards_in(game, 0, Zone.SOUL)) == 1


@pytest.mark.parametrize("card_id", ["B1-097", "B1-007"])
def test_B1_097_007_need_three_grade_3_units(ldb, card_id):
    """With two grade 3 units (the vanguard and the attacker) neither asks nor powers up."""
    game, unit = _attack_with(ldb, card_id, me={"damage": [G2, G2]})
    assert not has_action(game, ActionKind.YES)
    assert power_of(game, unit) == ldb[card_id].power and critical_of(game, unit) == 1


@pytest.mark.parametrize(("rush", "stood", "critical"), [(True, True, 2), (True, False, 1),
                                                        (False, True, 1)])
def test_B1_004_critical_when_stood_by_an_effect_in_final_rush(ldb, rush, stood, critical):
    """In Final Rush: +5000 on RC, and critical +1 once an effect (the D-SD02 vanguard's SB5:
    stand the front-row rear-guards) stood it this turn; not in Final Rush, neither."""
    me = {"vanguard": "PE-001", "rear": {"front_left": "B1-004"}, "soul": [G2] * 5,
          "states": ["final_rush"] if rush else []}
    game = scene(ldb, me, {"vanguard": V3}, phase="battle")
    eden = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, eden) == (15000 if rush else 10000)
    attack(game, eden, unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain_battle(game)
    if game.decision.kind is DecisionKind.CHOOSE_CARD or has_action(game, ActionKind.NO):
        game.step(pick(game, ActionKind.NO) if has_action(game, ActionKind.NO)
                  else game.legal_actions()[0])
    vanguard = unit_at(game, 0, Circle.VC)
    if stood:
        attack(game, vanguard, unit_at(game, 1, Circle.VC))
        if rush:
            say_yes(game)
            pay_first_cards(game)
    assert critical_of(game, eden) == critical



def test_B1_010_lends_its_power_attacking_from_the_back_row(ldb):
    """Let attack from the back row by the D-SD04 vanguard (PF-001: +5000 and the permission),
    it attacks from there, CB1: another rear-guard gets Power+ its power now (18000); from the
    front row it asks nothing."""
    game = scene(ldb, {"vanguard": "PF-001", "damage": [G2, G2],
                       "rear": {"back_left": "B1-010", "front_right": G2}}, phase="battle")
    junoclaw, other = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    no_guard(game)
    say_yes(game)
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=junoclaw))
    _drain_battle(game)
    assert power_of(game, junoclaw) == 18000
    attack(game, junoclaw, unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    _drain_battle(game)
    assert power_of(game, other) == 10000 + 18000
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "rear": {"front_left": "B1-010",
                                                                 "front_right": G2}},
                 phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert not has_action(game, ActionKind.YES)


def test_B1_008_drive_trigger_powers_a_rear_guard_and_act_stacks_the_deck(ldb):
    """A trigger revealed by your drive check: a rear-guard +10000 (a grade 2 revealed: none).
    Its ACT after a persona ride this turn, CB1 & SB1: a critical or front trigger (not the draw
    trigger) from hand onto the deck's top, drive +1; not offered without a persona ride."""
    game, _ = drive_into(ldb, "B1-063", vanguard="B1-008")
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    _drain_battle(game)
    assert power_of(game, rear) == 20000
    me = {"vanguard": "B1-008", "hand": ["B1-008", "B1-064", "B1-065"], "damage": [G2],
          "soul": [G2]}
    game = scene(ldb, me, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B1-008")))
    _drain(game)
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    pay_first_cards(game)
    _drain(game)        # the front trigger is the only choice: the draw trigger is none
    assert ids_in(game, 0, Zone.DECK)[0] == "B1-065" and "B1-064" in ids_in(game, 0, Zone.HAND)
    assert q.drive(game.state, vanguard) == 3
    game = scene(ldb, me)
    assert not has_action(game, ActionKind.ACT)


def test_CORE_13_end_of_game_reaches_a_vanguard_ridden_later(ldb):
    """016 revealed by a damage check in the opponent's turn: the rules' over trigger, then the
    extra effect on whatever unit is the vanguard; in the player's next turn a grade 3 ridden
    onto it (a new object, CORE-20) has Power+10000 and Critical+1 too."""
    me = {"vanguard": G2, "hand": [V3], "deck": ["B1-016"] + [G2] * 9}
    game = scene(ldb, me, {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle",
                 turn_player=1, turn=4)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    no_guard(game)
    for _ in range(400):
        if game.state.turn.turn == 5 and game.decision.kind is DecisionKind.RIDE:
            break
        done = [a for a in game.legal_actions() if a.kind in (ActionKind.DONE, ActionKind.NO)]
        game.step(done[0] if done else game.legal_actions()[0])
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 10000 + 10000
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, V3)))
    vanguard = unit_at(game, 0, Circle.VC)
    assert game.state.card(vanguard).id == V3
    assert power_of(game, vanguard) == 13000 + 10000 and critical_of(game, vanguard) == 2


def test_B1_002_rests_two_to_retire_then_looks_at_the_opponents_open_circles(ldb):
    """ACT 1: rest two standing rear-guards, retire an opponent's rear-guard, +10000. ACT 2,
    offered only once an opponent's card was retired this turn, SB5: look at as many cards as
    the opponent has open RCs (four: five RCs, one rear-guard left; open_rc_min with player =
    "opponent"), call any of them (one here), the rest into the soul."""
    me = {"vanguard": "B1-002", "rear": {"back_left": G2, "back_right": G2},
          "soul": [G2] * 5, "deck": ["B1-057", G2, G2, G2] + [G2] * 6}
    game = scene(ldb, me, {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}})
    vanguard = unit_at(game, 0, Circle.VC)
    acts = [a for a in game.legal_actions() if a.kind is ActionKind.ACT]
    assert len(acts) == 1                    # the second ACT waits for a retire
    crew = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.BACK_RIGHT)
    game.step(acts[0])                       # the only two standing rear-guards: no choice
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    assert power_of(game, vanguard) == 23000 and all(is_rested(game, c) for c in crew)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    pay_first_cards(game)
    top = cards_in(game, 0, Zone.DECK)[0]
    assert game.decision.kind is DecisionKind.CHOOSE_CARD
    assert len([a for a in game.legal_actions() if a.kind is ActionKind.PICK]) == 4
    game.step(pick(game, ActionKind.PICK, card=top))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    _drain(game)
    assert game.state.card(unit_at(game, 0, Circle.FRONT_LEFT)).id == "B1-057"
    assert len(cards_in(game, 0, Zone.SOUL)) == 3
    assert not has_action(game, ActionKind.ACT, card=vanguard)     # both 1/Turn



# -- (c) scenarios: placed on RC ----------------------------------------------------------------

def _call(game: vg.Game, card_id: str, circle: Circle = Circle.FRONT_LEFT) -> int:
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, card_id),
                   circle=circle))
    return unit_at(game, 0, circle)


def test_B1_015_soul_charges_when_placed_and_draws_for_sb3(ldb):
    """Placed on RC: Soul Charge 1; ACT 1/Turn SB3: draw (with two in the soul: not offered)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-015"], "soul": [G2] * 2})
    unit = _call(game, "B1-015")
    assert len(cards_in(game, 0, Zone.SOUL)) == 3
    game.step(pick(game, ActionKind.ACT, card=unit))
    pay_first_cards(game)
    assert len(cards_in(game, 0, Zone.HAND)) == 1 and cards_in(game, 0, Zone.SOUL) == []
    assert not has_action(game, ActionKind.ACT, card=unit)


@pytest.mark.parametrize(("card_id", "me", "victim_grade"), [
    ("B1-028", {"damage": [G2, G2]}, 1), ("B1-030", {"damage": [G2], "soul": [G2]}, 2)])
def test_B1_028_030_placed_retire_an_opponents_rear_guard(ldb, card_id, me, victim_grade):
    """028: CB2, Soul Charge 1 and retire any rear-guard; 030: CB1 & SB1, only a grade 2 or
    greater (the grade 1 beside it is no choice)."""
    them = {"vanguard": V3, "rear": {"front_left": "B1-059", "front_right": G2}}
    game = scene(ldb, {"vanguard": V3, "hand": [card_id], **me}, them)
    small, big = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)
    _call(game, card_id)
    say_yes(game)
    pay_first_cards(game)
    if victim_grade == 1:
        game.step(pick(game, ActionKind.PICK, card=small))
        assert zone_of(game, small) is Zone.DROP and len(cards_in(game, 0, Zone.SOUL)) == 1
    else:
        assert zone_of(game, big) is Zone.DROP and zone_of(game, small) is Zone.RC


@pytest.mark.parametrize(("rush", "power"), [(False, 12000), (True, 15000)])
def test_B1_073_its_column_partner_gets_2000_or_5000_in_final_rush(ldb, rush, power):
    """Placed on RC: another unit of its column +2000 (in Final Rush +5000); the other column
    gets nothing."""
    me = {"vanguard": V3, "hand": ["B1-073"], "rear": {"back_left": G2, "back_right": G2},
          "states": ["final_rush"] if rush else []}
    game = scene(ldb, me)
    _call(game, "B1-073")
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == power
    assert power_of(game, unit_at(game, 0, Circle.BACK_RIGHT)) == 10000


def test_B1_112_another_rear_guard_5000_and_024_calls_from_the_drop(ldb):
    """112 placed: another rear-guard +5000. 024 placed from hand, CB1 & SB1: a grade 2 or
    less unit of the drop called, +5000 (the grade 3 in the drop is no choice)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-112"], "rear": {"back_left": G2}})
    _call(game, "B1-112")
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 15000
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-024"], "drop": [V3, "B1-059"],
                       "damage": [G2], "soul": [G2]})
    _call(game, "B1-024")
    say_yes(game)
    pay_first_cards(game)
    _drain(game)
    assert ids_in(game, 0, Zone.DROP).count(V3) == 1
    called = [c for c in _called_ids(game) if c == "B1-059"]
    assert called == ["B1-059"]


@pytest.mark.parametrize(("vanguard", "soul"), [("B1-003", 2), (V3, 0)])
def test_B1_032_soul_charges_two_under_barovane(ldb, vanguard, soul):
    """Placed on RC under «Barovane»: Soul Charge 2; under another vanguard, nothing."""
    game = scene(ldb, {"vanguard": vanguard, "hand": ["B1-032"]})
    _call(game, "B1-032")
    _drain(game)
    assert len(cards_in(game, 0, Zone.SOUL)) == soul


def test_B1_033_ridden_by_barovane_and_placed(ldb):
    """Ridden by «Barovane», a hand card into the soul: draw and Soul Charge 1; placed on RC,
    CB1: Soul Charge 2."""
    game = scene(ldb, {"vanguard": "B1-033", "hand": ["B1-003", G2]}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B1-003")))
    _drain(game)
    assert len(cards_in(game, 0, Zone.SOUL)) == 3        # 033, the hand card, the charge
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-033"], "damage": [G2]})
    _call(game, "B1-033")
    say_yes(game)
    pay_first_cards(game)
    assert len(cards_in(game, 0, Zone.SOUL)) == 2


def test_B1_075_050_placed_on_vc(ldb):
    """075 ridden onto VC: Soul Charge 1; 050 ridden: a normal order of the drop to hand (the
    blitz order is no choice)."""
    game = scene(ldb, {"vanguard": "B1-076", "hand": ["B1-075"]}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B1-075")))
    _drain(game)
    assert ids_in(game, 0, Zone.SOUL).count("B1-076") == 1
    assert len(cards_in(game, 0, Zone.SOUL)) == 2
    game = scene(ldb, {"vanguard": "B1-111", "hand": ["B1-050"], "drop": ["B1-054", "B1-120"]},
                 phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B1-050")))
    _drain(game)
    assert "B1-054" in ids_in(game, 0, Zone.HAND) and ids_in(game, 0, Zone.DROP) == ["B1-120"]


# -- (c) scenarios: a trigger revealed by your drive check (Keter rear-guards) ---------------------

@pytest.mark.parametrize(("card_id", "me", "check"), [
    ("B1-048", {"soul": [G2, G2], "damage": [G2], "damage_face_down": 1}, "counter_charged"),
    ("B1-098", {"soul": [G2]}, "power_5000"),
    ("B1-099", {"damage": [G2]}, "sent_to_bottom"),
])
def test_B1_drive_check_triggers_wake_the_sisters(ldb, card_id, me, check):
    """A trigger revealed by your drive check, the rear-guard's auto (1/Turn) with its cost:
    048 SB2 Counter Charge 1; 098 SB1 +5000; 099 CB1 the opponent's front-row rear-guard to
    the bottom of their deck. The critical trigger's own effect goes to the vanguard."""
    side = {"rear": {"front_left": G2, "back_left": card_id}, **me}
    them = {"vanguard": V3, "rear": {"front_right": G2}}
    game = scene(ldb, {"vanguard": V3, "deck": ["B1-063"] + [G2] * 9, **side}, them,
                 phase="battle")
    vanguard, sister = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_LEFT)
    victim = unit_at(game, 1, Circle.FRONT_RIGHT)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    for _ in range(8):
        if has_action(game, ActionKind.YES):
            say_yes(game)
        elif game.decision.label in ("soul blast", "counter blast"):
            pay_first_cards(game)
        elif game.decision.kind is DecisionKind.CHOOSE_CARD and has_action(
                game, ActionKind.PICK, card=vanguard):
            game.step(pick(game, ActionKind.PICK, card=vanguard))
        else:
            break
    if check == "counter_charged":
        assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    elif check == "power_5000":
        assert power_of(game, sister) == 13000
    else:
        assert zone_of(game, victim) is Zone.DECK and ids_in(game, 1, Zone.DECK)[-1] == G2


def test_B1_096_stands_itself_only_when_resting(ldb):
    """A trigger revealed by your drive check, CB2: a resting 096 (it boosted) stands and gets
    +5000; a standing one is not asked."""
    me = {"vanguard": V3, "deck": ["B1-063"] + [G2] * 9, "damage": [G2, G2],
          "rear": {"back_center": "B1-096", "back_left": "B1-096", "front_left": G2}}
    game = scene(ldb, me, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    booster, idle = unit_at(game, 0, Circle.BACK_CENTER), unit_at(game, 0, Circle.BACK_LEFT)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    no_guard(game)
    asked = 0
    for _ in range(8):
        if has_action(game, ActionKind.YES):
            asked += 1
            say_yes(game)
        elif game.decision.label == "counter blast":
            pay_first_cards(game)
        elif game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=vanguard))
        else:
            break
    assert asked == 1 and not is_rested(game, booster) and power_of(game, booster) == 13000
    assert power_of(game, idle) == 8000


# -- (c) scenarios: battles -----------------------------------------------------------------------

def test_B1_021_draws_for_its_retire_after_boosting(ldb):
    """At the end of the battle it boosted, SB1 & retire it: draw a card."""
    me = {"vanguard": V3, "rear": {"back_center": "B1-021"}, "soul": [G2]}
    game = scene(ldb, me, phase="battle")
    booster = unit_at(game, 0, Circle.BACK_CENTER)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    no_guard(game)
    hand = len(cards_in(game, 0, Zone.HAND))          # the drive check's card
    say_yes(game)
    pay_first_cards(game)
    assert zone_of(game, booster) is Zone.DROP and len(cards_in(game, 0, Zone.HAND)) == hand + 1


@pytest.mark.parametrize("soul", [10, 9])
def test_B1_069_soul_charges_on_hit_and_counter_charges_with_ten_souls(ldb, soul):
    """Its hit (on a 10000 vanguard): Soul Charge 1; at the end of its battle with ten or more
    in the soul (nine + the charge), into the soul: CC1; with eight + 1, not asked."""
    me = {"vanguard": V3, "rear": {"front_left": "B1-069"}, "soul": [G2] * (soul - 1),
          "damage": [G2], "damage_face_down": 1}
    game = scene(ldb, me, {"vanguard": G2}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    no_guard(game)
    assert len(cards_in(game, 0, Zone.SOUL)) == soul
    assert has_action(game, ActionKind.YES) is (soul >= 10)
    if soul >= 10:
        say_yes(game)
        assert zone_of(game, unit) is Zone.SOUL
        assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


def test_B1_020_resists_and_charges_on_hit(ldb):
    """Resist on RC (the opponent's 030 cannot choose it); its hit (on a 10000 vanguard): CC1
    and Soul Charge 1."""
    assert ldb["B1-020"].abilities[0].kind.value == "cont"
    me = {"vanguard": V3, "rear": {"front_left": "B1-020"}, "damage": [G2],
          "damage_face_down": 1}
    game = scene(ldb, me, {"vanguard": G2}, phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    no_guard(game)
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    assert len(cards_in(game, 0, Zone.SOUL)) == 1
    them = {"vanguard": V3, "rear": {"front_left": "B1-020"}}
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-030"], "damage": [G2], "soul": [G2]}, them)
    knight = unit_at(game, 1, Circle.FRONT_LEFT)
    _call(game, "B1-030")
    if has_action(game, ActionKind.YES):             # the cost may be paid for nothing
        say_yes(game)
        pay_first_cards(game)
    assert game.decision.kind is DecisionKind.MAIN_PHASE and zone_of(game, knight) is Zone.RC


def test_B1_012_searches_the_vanguards_name_when_its_boost_hits(ldb):
    """The attack it boosted hits, CB1 & retire it: a card with the vanguard's name from the
    deck to hand."""
    me = {"vanguard": "B1-002", "rear": {"back_center": "B1-012"}, "damage": [G2],
          "deck": [G2] * 8 + ["B1-002"]}
    game = scene(ldb, me, phase="battle")
    booster = unit_at(game, 0, Circle.BACK_CENTER)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    no_guard(game)
    for _ in range(6):
        if has_action(game, ActionKind.YES):
            say_yes(game)
        elif game.decision.label == "counter blast":
            pay_first_cards(game)
        elif game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(game.legal_actions()[0])
        else:
            break
    assert "B1-002" in ids_in(game, 0, Zone.HAND) and zone_of(game, booster) is Zone.DROP


def test_B1_074_the_opponent_guards_only_with_two_at_once(ldb):
    """Boosting with five in the soul, CB1: in that battle the opponent cannot call one card
    alone to GC (ACT-27)."""
    me = {"vanguard": V3, "rear": {"back_center": "B1-074"}, "soul": [G2] * 5, "damage": [G2]}
    game = scene(ldb, me, {"vanguard": V3, "hand": [G2, G2]}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_CENTER)))
    say_yes(game)
    pay_first_cards(game)
    assert game.decision.kind is DecisionKind.GUARD and game.decision.player == 1
    first, second = cards_in(game, 1, Zone.HAND)
    game.step(pick(game, ActionKind.GUARD, card=first))
    assert zone_of(game, first) is Zone.HAND                  # waiting for a second card
    assert not has_action(game, ActionKind.DONE)
    game.step(pick(game, ActionKind.GUARD, card=second))
    game.step(pick(game, ActionKind.YES))
    assert zone_of(game, first) is Zone.GC and zone_of(game, second) is Zone.GC


# -- (c) scenarios: orders --------------------------------------------------------------------------

def _play(game: vg.Game) -> None:
    game.step(pick(game, ActionKind.PLAY_ORDER, index=0))


@pytest.mark.parametrize(("soul", "power", "drawn"), [(3, 10000, 0), (4, 20000, 0),
                                                     (9, 30000, 1)])
def test_B1_037_10000_for_every_five_souls_and_a_draw_at_ten(ldb, soul, power, drawn):
    """CB1, Soul Charge 1, a unit +10000 for every five in the soul after it (4: none, 5:
    +10000, 10: +20000), a draw with ten or more."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-037"], "soul": [G2] * soul,
                       "damage": [G2], "rear": {"front_left": G2}})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    _play(game)
    game.step(pick(game, ActionKind.PICK, card=unit))
    _drain(game)
    assert power_of(game, unit) == power and len(cards_in(game, 0, Zone.HAND)) == drawn


@pytest.mark.parametrize("paid", [1, 3])
def test_B1_067_retires_as_many_as_it_counter_blasted(ldb, paid):
    """CB1 retires one; each further CB1 the player pays retires one more (three of three)."""
    them = {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2, "back_left": G2}}
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-067"], "damage": [G2] * 3}, them)
    _play(game)
    pay_first_cards(game)
    for n in range(paid):
        if n:
            say_yes(game)
            pay_first_cards(game)
        game.step(game.legal_actions()[0])           # an opponent's rear-guard
    if paid < 3:
        game.step(pick(game, ActionKind.NO))
    _drain(game)
    assert len(cards_in(game, 1, Zone.DROP)) == paid
    assert sum(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 3 - paid


@pytest.mark.parametrize(("card_id", "me", "power"), [
    ("B1-068", {"damage": [G2] * 3}, 25000), ("B1-068", {"damage": [G2] * 2}, 10000),
    ("B1-081", {"soul": [G2] * 5}, 25000), ("B1-081", {"soul": [G2] * 4}, 10000),
    ("B1-107", {"rear": {"back_left": G2, "back_right": G2}}, 25000),
    ("B1-107", {"rear": {"back_left": G2}}, 10000),
    ("B1-093", {"damage": [G2, G2]}, 40000),
])
def test_B1_blitz_orders_guard_the_vanguard_by_their_condition(ldb, card_id, me, power):
    """Played in the guard step on the attacked vanguard: 068 with three damage, 081 with
    five souls, 107 with three units: +15000 (the grade 2 vanguard 10000 -> 25000); one short
    of it, nothing; 093 CB2: +30000."""
    side = {"vanguard": G2, "hand": [card_id], **me}
    game = scene(ldb, side, {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle",
                 turn_player=1, turn=4)
    mine = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 1, Circle.VC), mine)
    _play(game)
    pay_first_cards(game)
    _drain_battle(game)
    assert power_of(game, mine) == power


# -- (c) scenarios: ACTs on RC and VC, conts ---------------------------------------------------------

def test_B1_044_gives_boost_to_the_grade_3s_with_three_of_them(ldb):
    """ACT, SB2, with three grade 3 units: every grade 3 unit gets [Boost] (the back-row
    grade 3 can boost, CORE-09); with two, not offered."""
    me = {"vanguard": V3, "soul": [G2, G2], "rear": {"back_center": "B1-044",
                                                     "front_left": V3}}
    game = scene(ldb, me)
    strain = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ACT, card=strain))
    pay_first_cards(game)
    game.step(pick(game, ActionKind.DONE))                       # to the battle phase
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    assert has_action(game, ActionKind.BOOST, card=strain)
    game = scene(ldb, {"vanguard": V3, "soul": [G2, G2], "rear": {"back_center": "B1-044"}})
    assert not has_action(game, ActionKind.ACT)


def test_B1_051_072_retire_or_soul_themselves_to_power_up(ldb):
    """051 retire it: two units +5000; 072 into the soul: a unit +2000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B1-051", "front_left": G2}})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B1-072"}})
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    _drain(game)
    assert zone_of(game, unit) is Zone.SOUL and power_of(game, unit_at(game, 0, Circle.VC)) == 15000


@pytest.mark.parametrize("order_in_hand", [True, False])
def test_B1_111_draws_two_then_discards_an_order_or_two(ldb, order_in_hand):
    """ACT on VC, SB1: draw two, then discard an order card (if you do) or else two cards."""
    hand = ["B1-120"] if order_in_hand else [G2]
    game = scene(ldb, {"vanguard": "B1-111", "hand": hand, "soul": [G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    pay_first_cards(game)
    if has_action(game, ActionKind.YES):
        say_yes(game)
    _drain(game)
    assert len(cards_in(game, 0, Zone.HAND)) == (2 if order_in_hand else 1)
    assert ("B1-120" in ids_in(game, 0, Zone.DROP)) is order_in_hand


@pytest.mark.parametrize(("card_id", "me", "power"), [
    ("B1-070", {}, 8000), ("B1-075", {"soul": [G2] * 10}, 18000),
    ("B1-075", {"soul": [G2] * 9}, 8000), ("B1-083", {}, 10000)])
def test_B1_conts_on_rc(ldb, card_id, me, power):
    """070 +2000 only after a soul charge this turn (none here); 075 +10000 on your turn with
    ten souls; 083 +5000 only while it attacks with a prisoner (not now)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": card_id}, **me})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_B1_070_050_111_conts_read_the_turns_history(ldb):
    """070 +2000 once you soul charged this turn (015 placed: SC1); 050 +5000 and 111 +2000
    on RC once you played an order this turn (092)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-015"], "rear": {"back_left": "B1-070"}})
    tamer = unit_at(game, 0, Circle.BACK_LEFT)
    assert power_of(game, tamer) == 8000
    _call(game, "B1-015")
    assert power_of(game, tamer) == 10000
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-092"], "soul": [G2],
                       "rear": {"back_left": "B1-050", "back_right": "B1-111"}})
    husk, chain = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.BACK_RIGHT)
    assert (power_of(game, husk), power_of(game, chain)) == (10000, 8000)
    _play(game)
    _drain(game)
    assert (power_of(game, husk), power_of(game, chain)) == (15000, 10000)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 23000          # 092: +10000


@pytest.mark.parametrize(("held", "power"), [(1, 15000), (0, 10000)])
def test_B1_083_attacking_with_a_prisoner(ldb, held, power):
    """Attacking with a card in your Prison: +5000 during that battle; with an empty Prison,
    nothing; standing, nothing (10000 before the attack)."""
    me = {"vanguard": V3, "rear": {"front_left": "B1-083"}, "order_zone": ["PH-015"],
          "imprisoned": [G2] * held}
    game = scene(ldb, me, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, unit) == 10000
    attack(game, unit, unit_at(game, 1, Circle.VC))
    assert power_of(game, unit) == power


# -- (c) scenarios: the rest of the cards with a test --------------------------------------------

@pytest.mark.parametrize(("soul", "drawn", "power", "critical"), [
    (4, 0, 13000, 1), (5, 1, 13000, 1), (10, 1, 23000, 2)])
def test_B1_003_by_the_soul_draws_then_powers_up(ldb, soul, drawn, power, critical):
    """Attacking, CB1: with five or more in the soul a draw; with ten or more also +10000 and
    critical +1 for the battle; with four, only the cost."""
    me = {"vanguard": "B1-003", "soul": [G2] * soul, "damage": [G2],
          "rear": {"front_left": G2}}
    game = scene(ldb, me, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    assert len(cards_in(game, 0, Zone.HAND)) == drawn
    assert power_of(game, vanguard) == power and critical_of(game, vanguard) == critical


def test_B1_003_fifteen_souls_call_two_from_the_soul(ldb):
    """With fifteen in the soul: every rear-guard (both sides, as the script) into its owner's
    soul, then up to two of the soul called, +10000 each."""
    me = {"vanguard": "B1-003", "soul": ["B1-059"] * 15, "damage": [G2],
          "rear": {"back_left": G2}}
    them = {"vanguard": V3, "rear": {"front_left": G2}}
    game = scene(ldb, me, them, phase="battle")
    mine, theirs = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 1, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    picks = [a.card for a in game.legal_actions() if a.kind is ActionKind.PICK][:2]
    _picks(game, *picks)
    for circle in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT):
        if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
            game.step(pick(game, ActionKind.PICK, circle=circle))
    assert zone_of(game, mine) is Zone.SOUL and zone_of(game, theirs) is Zone.SOUL
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 18000


@pytest.mark.parametrize("rush", [True, False])
def test_B1_014_in_final_rush_souls_a_rear_guard_to_draw_and_power_up(ldb, rush):
    """Attacking in Final Rush, another rear-guard into the soul: draw, Soul Charge 1, +10000;
    out of Final Rush, not asked."""
    me = {"vanguard": V3, "rear": {"front_left": "B1-014", "back_right": G2},
          "states": ["final_rush"] if rush else []}
    game = scene(ldb, me, phase="battle")
    unit, fuel = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_RIGHT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    assert has_action(game, ActionKind.YES) is rush
    if rush:
        say_yes(game)
        assert zone_of(game, fuel) is Zone.SOUL and power_of(game, unit) == 20000
        assert len(cards_in(game, 0, Zone.HAND)) == 1 and len(cards_in(game, 0, Zone.SOUL)) == 2


@pytest.mark.parametrize(("them_rear", "asked"), [(2, True), (3, False)])
def test_B1_026_souls_itself_for_the_vanguards_critical(ldb, them_rear, asked):
    """Your vanguard attacks, the opponent at two or fewer rear-guards: 026 into the soul, the
    vanguard critical +1; at three, not asked."""
    circles = ("front_left", "front_right", "back_left")[:them_rear]
    them = {"vanguard": V3, "rear": {c: G2 for c in circles}}
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B1-026"}}, them, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    assert has_action(game, ActionKind.YES) is asked
    if asked:
        say_yes(game)
        assert critical_of(game, vanguard) == 2
        assert ids_in(game, 0, Zone.SOUL) == ["B1-026"]


def test_B1_029_discards_to_draw_on_hit(ldb):
    """Its hit (on a 10000 vanguard), discard a card: draw a card; with an empty hand it cannot
    pay."""
    for hand, drawn in (([G2], True), ([], False)):
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B1-029"}, "hand": hand},
                     {"vanguard": G2}, phase="battle")
        attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
        no_guard(game)
        assert has_action(game, ActionKind.YES) is drawn
        if drawn:
            say_yes(game)
            pay_first_cards(game)
            assert ids_in(game, 0, Zone.DROP) == [G2] and len(cards_in(game, 0, Zone.HAND)) == 1


def test_B1_034_resist_keeps_it_from_the_opponents_choices(ldb):
    """Resist on RC: the opponent's 028 (CB2: retire one of the opponent's rear-guards) can
    choose the grade 2 beside it only."""
    them = {"vanguard": V3, "rear": {"front_left": "B1-034", "front_right": G2}}
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-028"], "damage": [G2, G2]}, them)
    shade, other = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)
    _call(game, "B1-028")
    say_yes(game)
    pay_first_cards(game)
    _drain(game)
    assert zone_of(game, shade) is Zone.RC and zone_of(game, other) is Zone.DROP


def test_B1_035_boosting_in_final_rush_takes_a_soul_card(ldb):
    """Boosting in Final Rush, CB1 & another rear-guard into the soul: a card of the soul to
    hand."""
    me = {"vanguard": V3, "rear": {"back_center": "B1-035", "back_left": G2},
          "damage": [G2], "states": ["final_rush"]}
    game = scene(ldb, me, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_CENTER)))
    say_yes(game)
    pay_first_cards(game)
    _drain_battle(game)
    assert ids_in(game, 0, Zone.HAND) == [G2] and cards_in(game, 0, Zone.SOUL) == []


@pytest.mark.parametrize("your_turn", [True, False])
def test_B1_045_discarded_in_your_turn_draws(ldb, your_turn):
    """Discarded from hand during your turn (029's cost), CB1 & SB1: draw; in the opponent's
    turn (a sentinel's cost) not asked."""
    if your_turn:
        me = {"vanguard": V3, "rear": {"front_left": "B1-029"}, "hand": ["B1-045"],
              "damage": [G2], "soul": [G2]}
        game = scene(ldb, me, {"vanguard": G2}, phase="battle")
        attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
        no_guard(game)
        say_yes(game)                                 # 029: discard 045
        pay_first_cards(game)
        assert has_action(game, ActionKind.YES)
        say_yes(game)
        pay_first_cards(game)
        _drain_battle(game)
        assert len(cards_in(game, 0, Zone.HAND)) == 2    # 029's draw and 045's
    else:
        game = scene(ldb, {"vanguard": V3, "hand": ["B1-031", "B1-045"]},
                     {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle",
                     turn_player=1)
        attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
        game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, "B1-031")))
        pay_first_cards(game)
        _drain_battle(game)
        assert "B1-045" in ids_in(game, 0, Zone.DROP) and not has_action(game, ActionKind.YES)


def test_B1_058_intercepts_for_5000_more_shield(ldb):
    """Intercepting, SB1: shield +5000 (10000 in all: a 13000 attack on a 13000 vanguard
    boosted by 8000 misses); with an empty soul, not asked."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B1-058"}, "soul": [G2]},
                 {"vanguard": V3, "rear": {"back_center": "B1-012", "front_left": G2}},
                 phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 1, Circle.BACK_CENTER)))
    zafran = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.INTERCEPT, card=zafran))
    say_yes(game)
    pay_first_cards(game)
    assert q.shield(game.state, zafran) == 10000
    no_guard(game)
    _drain_battle(game)
    assert damage_count(game, 0) == 0


def test_B1_060_061_answer_an_opponents_retire_in_your_main_phase(ldb):
    """An opponent's rear-guard retired in your main phase (028's effect, after its Soul
    Charge 1): 060, CB1 & retire it, retires another; 061, retire it, looks at the top card
    and may call it, then Soul Charge 1."""
    them = {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}}
    me = {"vanguard": V3, "hand": ["B1-028"], "damage": [G2] * 3,
          "deck": [G2, "B1-059"] + [G2] * 8,                      # 028 soul charges the G2
          "rear": {"back_left": "B1-060", "back_right": "B1-061"}}
    game = scene(ldb, me, them)
    gun, fiend = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.BACK_RIGHT)
    _call(game, "B1-028")
    say_yes(game)
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    for _ in range(20):
        if game.decision.kind is DecisionKind.MAIN_PHASE:
            break
        if has_action(game, ActionKind.YES):
            say_yes(game)
        else:
            game.step(game.legal_actions()[0])
    assert zone_of(game, gun) is Zone.DROP and zone_of(game, fiend) is Zone.DROP
    assert cards_in(game, 1, Zone.DROP) and len(cards_in(game, 1, Zone.DROP)) == 2
    assert "B1-059" in _called_ids(game)


def test_B1_120_the_opponents_vanguard_loses_a_critical(ldb):
    """Blitz order, CB2: the attacking vanguard critical -1 for that battle (1 -> 0: no
    damage on a hit)."""
    game = scene(ldb, {"vanguard": G2, "hand": ["B1-120"], "damage": [G2, G2]},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1,
                 turn=4)
    theirs = unit_at(game, 1, Circle.VC)
    attack(game, theirs, unit_at(game, 0, Circle.VC))
    _play(game)
    pay_first_cards(game)
    assert critical_of(game, theirs) == 0


def test_B1_023_may_mill_three_when_placed(ldb):
    """Placed on RC, you may put the top three cards of your deck into the drop."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B1-023"]})
    _call(game, "B1-023")
    say_yes(game)
    assert len(cards_in(game, 0, Zone.DROP)) == 3 and len(cards_in(game, 0, Zone.DECK)) == 7


def test_ALC_01_the_next_alchemagic_pays_no_soul_blast(ldb):
    """ALC-01 (2) with the rule hook alchemagic_soul_blast: with an empty soul, 053 (SB2) by
    Alchemagic with 054 (CB1) under «Zorvane» is not payable; 023's ACT (retire it) waives the
    Soul Blast of the next Alchemagic this turn: the play is offered, only CB1 is paid, both
    orders resolve, and the modifier's one use is spent. 053 played alone still needs SB2."""
    me = {"vanguard": "B1-009", "hand": ["B1-053"], "drop": ["B1-054"], "damage": [G2],
          "rear": {"back_left": "B1-023", "front_left": G2, "front_right": G2},
          "deck": list(LOOK4)}
    game = scene(ldb, me)
    orders = [a for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER]
    assert orders == []
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    assert ids_in(game, 0, Zone.DROP).count("B1-023") == 1 and game.state.rule_modifiers
    orders = [a for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER]
    assert [a.target >= 0 for a in orders] == [True]          # by Alchemagic only
    game.step(orders[0])
    pay_first_cards(game)
    _drain(game)
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])          # CB1 paid
    assert ids_in(game, 0, Zone.BIND) == ["B1-054"]
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 23000              # 054 resolved
    assert not game.state.rule_modifiers                       # its one use spent