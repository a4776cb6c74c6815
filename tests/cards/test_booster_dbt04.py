"""Study of one whole main booster (issue 39 item 7): D-BT04, its 120 numbered cards
(tests/cards/corpus/b_dbt04.toml, ids B4-NNN; the overDress cards of p_d_overdress.toml, PR-013..
016, reused; graded in docs/boosters/d-bt04.md). (a) the file and the doc's table agree card by
card; (b) random games between the five nations' decks end with no engine error and play the
booster's abilities; (c) judge-style scenarios of the constructs built for it (a history window
of the battle, an intercept from the back row, a stand that names its source, a set order put
into the order zone) and of the cards' effects, each with a position where a condition or cost
fails."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import OrderPlayed
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    abilities_played,
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
    has_action,
    ids_in,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

DOC = Path(__file__).parents[2] / "docs" / "boosters" / "d-bt04.md"
REUSED = re.compile(r"^(PR-\d{3})\b")


def _rows() -> list[tuple[str, str, str, str]]:
    """(no., our name, verdict, test) of the doc's table."""
    return [(no, ours, verdict, test) for no, ours, _, verdict, _, test in booster_table(DOC)]


def test_every_card_of_the_booster_has_one_row_and_the_file_matches_it(ldb):
    """120 rows, 001-120 once each; a row naming PR- reuses that card (it exists); every other
    written row is the card B4-NNN of that name, and the corpus file has no card without a row;
    a card not written has no card in the file; a row's test names a test of this file."""
    rows = _rows()
    assert [r[0] for r in rows] == [f"{n:03d}" for n in range(1, 121)]
    written = {c.id for c in ldb if c.id.startswith("B4-")}
    expected = set()
    here = Path(__file__).read_text(encoding="utf-8")
    for number, name, verdict, test in rows:
        for named in re.findall(r"`(test_(?:B4|CORE|TERM)[A-Za-z0-9_]*)\*?`", test):
            assert f"def {named}" in here, named
        reused = REUSED.match(name)
        if reused:
            assert ldb.get(reused.group(1)) is not None, number
            continue
        if name.startswith("not written"):
            assert f"B4-{number}" not in written
            continue
        assert verdict.split()[0] in ("full", "partial", "not"), number
        expected.add(f"B4-{number}")
        assert ldb[f"B4-{number}"].names[0] == name, number
    assert written == expected


# -- (b) random games ---------------------------------------------------------------------------

# Each nation's deck: the D start deck's first vanguard, grade 1 and 2 of its ride line (the
# booster has no first vanguard nor ride-line grade 1 of its own), the booster's grade 3, the
# start deck's triggers, over trigger and sentinel, then the booster's cards of the nation.
RIDE_LINES = {
    "dragon_empire": ("PD-004", "PD-003", "PD-002", "PR-014"),
    "dark_states": ("PE-004", "PE-003", "PE-002", "B4-004"),
    "brandt_gate": ("PH-004", "PH-003", "PH-002", "B4-007"),
    "keter_sanctuary": ("PV-004", "PV-003", "PV-002", "B4-010"),
    "stoicheia": ("PF-004", "PF-003", "PF-002", "B4-013"),
}
START_DECK = {"dragon_empire": "PD", "dark_states": "PE", "brandt_gate": "PH",
              "keter_sanctuary": "PV", "stoicheia": "PF"}
REUSED_IN_DECKS = {"dragon_empire": ("PR-013", "PR-015", "PR-016")}


def _deck(db: vg.CardDB, nation: str) -> vg.Deck:
    """A legal standard deck: the ride line, the over trigger, the start deck's critical x4,
    draw x4, front x3, heal x4 and sentinel x4, then the nation's booster cards, one copy each
    in id order, then second copies, to 50."""
    line = RIDE_LINES[nation]
    sd = START_DECK[nation]
    main = list(line) + ["PD-010"] + [f"{sd}-011"] * 4 + [f"{sd}-012"] * 4
    main += [f"{sd}-013"] * 3 + [f"{sd}-014"] * 4 + [f"{sd}-009"] * 4
    mine = sorted(c.id for c in db if c.id.startswith("B4-") and c.nation == nation
                  and c.id not in line)
    mine += REUSED_IN_DECKS.get(nation, ())
    fill_deck(main, mine, 2)
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


def test_random_games_between_the_nations_play_the_booster(ldb, decks):
    """Twenty seeded games, each nation against each other one: a random agent (busy actions
    preferred) plays each game to its end, the invariants holding at the end; at least
    FLOOR (38; measured 41) of the booster's cards with an act, auto or order play get one played."""
    nations = list(decks)
    played: set[str] = set()
    for seed in range(20):
        first = decks[nations[seed % 5]]
        second = decks[nations[(seed + 1 + seed // 5) % 5]]
        game = vg.Game(first, second, seed=seed, db=ldb)
        rng = np.random.default_rng(seed)
        play_busy(game, rng, 3000)
        assert game.over, f"seed {seed}: no end within 3000 decisions"
        game.check_invariants()
        played |= abilities_played(game)
    print(sorted(c for c in played if c.startswith("B4-")))
    assert len({c for c in played if c.startswith("B4-")}) >= FLOOR


FLOOR = 38     # measured: 41 of the booster's cards with an act, auto or order play


def _drain(game: vg.Game, until: DecisionKind = DecisionKind.MAIN_PHASE) -> None:
    """Answer every pending question with its first action (optional ones: yes) until the
    decision `until`."""
    for _ in range(60):
        if game.decision.kind is until:
            return
        actions = game.legal_actions()
        yes = [a for a in actions if a.kind is ActionKind.YES]
        game.step(yes[0] if yes else actions[0])


def _auto_question(game: vg.Game) -> bool:
    """True if the game asks an optional ability's question (YES offered)."""
    return has_action(game, ActionKind.YES)


# -- (c) the constructs built for the booster -----------------------------------------------------

TRACE_JUNE, KARJAMID, MAGNARA_ELDER = "B4-088", "B4-022", "B4-013"


@pytest.mark.parametrize(("held", "offered"), [([G2], True), ([], False)])
def test_CORE_10_intercept_from_the_back_row_while_an_effect_lets_it(ldb, held, offered):
    """B4-088 (grade 2, [Intercept]) in the back row: with a card in your Prison it may
    intercept from there and goes to GC; with none only the front row intercepts (CORE-10)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": TRACE_JUNE},
                       "imprisoned": held, "order_zone": ["PH-015"]},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    june = unit_at(game, 0, Circle.BACK_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    assert has_action(game, ActionKind.INTERCEPT, card=june) is offered
    if offered:
        game.step(pick(game, ActionKind.INTERCEPT, card=june))
        assert zone_of(game, june) is Zone.GC
        game.check_invariants()


@pytest.mark.parametrize(("world", "offered"), [("abyssal_dark_night", True),
                                                ("dark_night", True), (None, False)])
def test_CORE_10_B4_022_intercepts_from_the_back_row_in_dark_night(ldb, world, offered):
    """B4-022: in (Abyssal) Dark Night it has [Boost] and intercepts from the back row; with no
    World neither."""
    worlds = {"abyssal_dark_night": ["PO-009", "PO-009"], "dark_night": ["PO-009"], None: []}
    me: dict = {"vanguard": V3, "rear": {"back_left": KARJAMID}, "order_zone": worlds[world]}
    game = scene(ldb, me, {"vanguard": V3}, phase="battle", turn_player=1)
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    assert has_action(game, ActionKind.INTERCEPT, card=unit) is offered


@pytest.mark.parametrize(("soul", "granted"), [(["B4-013"], True), ([G2], False)])
def test_CORE_09_CORE_10_B4_013_rear_guards_attack_and_intercept_from_the_back(
        ldb, soul, granted):
    """B4-013 on VC with a «Magnara» card in the soul: a back-row rear-guard may attack and
    gets +5000; without one, no back-row attack and the printed power."""
    game = scene(ldb, {"vanguard": MAGNARA_ELDER, "soul": soul, "rear": {"back_left": G2}},
                 phase="battle")
    back = unit_at(game, 0, Circle.BACK_LEFT)
    assert has_action(game, ActionKind.ATTACK, card=back) is granted
    assert power_of(game, back) == 10000 + (5000 if granted else 0)


GETUZE, LALARITA, BROGAN, SALINE = "B4-097", "B4-012", "B4-004", "B4-103"


def test_TERM_02_a_stand_by_the_vanguards_ability_names_it(ldb):
    """B4-004's battle-end ability (Final Rush, CB1 & SB5) stands the front row; the stand of
    B4-097 names the vanguard as its source, so B4-097's auto gives another rear-guard +5000."""
    game = scene(ldb, {"vanguard": BROGAN, "rear": {"front_left": GETUZE, "back_right": G2},
                       "rested": ["front_left"], "soul": [G2] * 5, "damage": [G2],
                       "states": ["final_rush"]}, phase="battle")
    getuze, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_RIGHT)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    stood = [e for e in game.events if type(e).__name__ == "UnitStood" and e.card == getuze]
    assert stood and stood[-1].source == vanguard
    assert not is_rested(game, getuze) and power_of(game, other) == 15000


def test_TERM_02_a_stand_by_a_rear_guards_ability_is_not_the_vanguards(ldb):
    """B4-025 (a rear-guard's ability: a front trigger was revealed in the battle) stands B4-097:
    the stand names B4-025 as its source, so B4-097's "stood by your vanguard's ability" does
    not trigger: the other front-row rear-guard has the front trigger's +10000 only."""
    game, _ = drive_into(ldb, "PD-013", rear={"front_left": G2, "back_left": TOTONE,
                                              "front_right": GETUZE},
                         rested=["front_right"], damage=[G2])
    getuze, totone = unit_at(game, 0, Circle.FRONT_RIGHT), unit_at(game, 0, Circle.BACK_LEFT)
    _drain_to_question(game)
    say_yes(game)
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=getuze))
    _drain(game, DecisionKind.ATTACK)
    stood = [e for e in game.events if type(e).__name__ == "UnitStood" and e.card == getuze]
    assert stood and stood[-1].source == totone and not is_rested(game, getuze)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000    # the front trigger's


TOTONE = "B4-025"


def test_B4_025_a_critical_revealed_in_this_battle_sends_a_rear_guard_to_the_deck(ldb):
    """`happened` with window this_battle: the battle's drive check revealed a critical, so at its
    end B4-025 (CB1) puts the opponent's rear-guard on the bottom of their deck."""
    game, _ = drive_into(ldb, "PD-011", rear={"front_left": G2, "back_left": TOTONE},
                         damage=[G2])
    _drain_to_question(game)
    assert _auto_question(game)
    say_yes(game)
    _drain(game, DecisionKind.ATTACK)
    assert ids_in(game, 1, Zone.DECK)[-1] == G2 and not q.rear_guards(game.state, 1)


def _drain_to_question(game: vg.Game) -> None:
    """Answer the battle's questions with their first action until an optional ability asks
    (YES offered) or the battle phase's open timing comes."""
    for _ in range(60):
        if _auto_question(game) or game.decision.kind is DecisionKind.ATTACK:
            return
        game.step(game.legal_actions()[0])


def test_B4_025_a_trigger_of_an_earlier_battle_is_not_this_battles(ldb):
    """The window is the battle, not the turn: a critical revealed in the vanguard's battle does
    not make B4-025 ask at the end of the next battle (a rear-guard's, with no drive check); and
    a battle with no trigger revealed never asks."""
    game, _ = drive_into(ldb, "PD-011", rear={"front_left": G2, "back_left": TOTONE},
                         damage=[G2, G2])
    _drain_to_question(game)
    game.step(pick(game, ActionKind.NO))
    _drain(game, DecisionKind.ATTACK)
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain_to_question(game)
    assert not _auto_question(game)
    quiet, _ = drive_into(ldb, G2, rear={"front_left": G2, "back_left": TOTONE}, damage=[G2])
    _drain_to_question(quiet)
    assert not _auto_question(quiet)


BAKUBRIT, HAZARD, RULUIK = "B4-009", "B4-048", "B4-090"


@pytest.mark.parametrize(("soul", "moved"), [([G2], True), ([], False)])
def test_CORE_08_a_meteorite_put_into_the_order_zone_by_an_effect(ldb, soul, moved):
    """B4-009 placed on RC, SB1: a Meteorite set order from the drop goes into the order zone
    (put there, not played: no order is counted as played this turn); with no soul to blast,
    nothing is asked and it stays in the drop."""
    game = scene(ldb, {"vanguard": V3, "hand": [BAKUBRIT], "soul": soul, "drop": [HAZARD, G2]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, BAKUBRIT),
                   circle=Circle.FRONT_LEFT))
    if moved:
        say_yes(game)
        pay_first_cards(game)
        _drain(game)
    assert ("B4-048" in ids_in(game, 0, Zone.ORDER)) is moved
    assert ("B4-048" in ids_in(game, 0, Zone.DROP)) is not moved
    assert not [e for e in game.events if isinstance(e, OrderPlayed)]


def test_CORE_08_B4_090_hit_puts_a_meteorite_into_the_order_zone(ldb):
    """B4-090's hit puts a Meteorite (a set order) from the drop into the order zone."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": RULUIK}, "drop": [HAZARD]},
                 {"vanguard": V3, "rear": {"front_right": G2}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    assert ids_in(game, 0, Zone.ORDER) == [HAZARD]


# -- (c) the cards' patterns ------------------------------------------------------------------------

G1 = "PX-102"                                # a vanilla grade 1 (8000)
GUARD_SHIELDS = [   # (card, whose vanguard matters, its grade for the bonus, a grade without, bonus)
    ("B4-034", "opponent", V3, G2, 5000), ("B4-041", "opponent", V3, G2, 5000),
    ("B4-046", "opponent", V3, G2, 5000), ("B4-054", "opponent", V3, G2, 5000),
    ("B4-059", "opponent", V3, G2, 5000), ("B4-116", "opponent", G2, G1, 5000),
    ("B4-111", "you", V3, G2, 10000),
]


@pytest.mark.parametrize(("card_id", "whose", "with_bonus", "without", "bonus"), GUARD_SHIELDS)
def test_B4_guard_shield_by_the_opponents_vanguard_grade(ldb, card_id, whose, with_bonus,
                                                         without, bonus):
    """CORE-10: called to GC, the card's shield is its printed 5000 plus the bonus while the
    named vanguard (the attacker's, or 111: your own) is of the grade; else 5000."""
    for vanguard, shield in ((with_bonus, 5000 + bonus), (without, 5000)):
        mine, theirs = (V3, vanguard) if whose == "opponent" else (vanguard, V3)
        game = scene(ldb, {"vanguard": mine, "hand": [card_id]}, {"vanguard": theirs},
                     phase="battle", turn_player=1)
        attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
        guard = card_named(game, 0, Zone.HAND, card_id)
        game.step(pick(game, ActionKind.GUARD, card=guard))
        assert zone_of(game, guard) is Zone.GC and q.shield(game.state, guard) == shield


GIRAFFINA = "B4-055"


@pytest.mark.parametrize("accept", [True, False])
def test_CORE_07_B4_055_placed_on_the_back_row_it_may_take_10000_and_stay(ldb, accept):
    """B4-055 called to the back row: yes gives +10000 and it cannot move this turn (nor can the
    front unit swap with it, CORE-07); no: printed power, and the move is offered."""
    game = scene(ldb, {"vanguard": V3, "hand": [GIRAFFINA], "rear": {"front_left": G2}})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, GIRAFFINA),
                   circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES if accept else ActionKind.NO))
    giraffina, front = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, giraffina) == 10000 + (10000 if accept else 0)
    assert has_action(game, ActionKind.MOVE, card=giraffina) is not accept
    assert has_action(game, ActionKind.MOVE, card=front) is not accept


SUPREMA = "B4-092"


@pytest.mark.parametrize(("worlds", "callable_"), [([], False), (["PO-009"], False),
                                                   (["PO-009", "PO-009"], True)])
def test_CORE_06_B4_092_is_normal_called_only_in_abyssal_dark_night(ldb, worlds, callable_):
    """B4-092's cont in the hand: with no World or in Dark Night it cannot be normal called (no
    call is offered); in Abyssal Dark Night (two Worlds, WLD-01) it can."""
    game = scene(ldb, {"vanguard": V3, "hand": [SUPREMA], "order_zone": worlds})
    card = card_named(game, 0, Zone.HAND, SUPREMA)
    assert has_action(game, ActionKind.CALL, card=card) is callable_


NEGRIT, MASURYA, GRACE = "B4-087", "B4-008", "B4-108"
TOKEN = "TOKEN-NIGHTSHADE"


def test_ACT_04_B4_087_tokens_are_not_retired_by_effects_but_pay_costs(ldb):
    """B4-087 on RC: a Shadow Army token retired for B4-008's cost (a cost is not an effect)
    goes, and B4-008 gets +10000; then B4-108's effect (a blitz order under a «Lumen»
    vanguard) retires the other token chosen for it: it stays, so the second +15000 is not
    given."""
    game = scene(ldb, {"vanguard": "PC-005", "rear": {"front_left": MASURYA,
                                                       "back_left": NEGRIT},
                       "tokens": {"front_right": TOKEN, "back_right": TOKEN},
                       "hand": [GRACE]})
    masurya = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=masurya))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.FRONT_RIGHT)))
    _drain(game)
    assert power_of(game, masurya) == 20000
    assert not game.state.board.circles[0][Circle.FRONT_RIGHT]
    game = scene(ldb, {"vanguard": "PC-005", "rear": {"back_left": NEGRIT},
                       "tokens": {"back_right": TOKEN}, "hand": [GRACE]},
                 {"vanguard": V3}, phase="battle", turn_player=1)
    kept = unit_at(game, 0, Circle.BACK_RIGHT)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 1, Circle.VC), vanguard)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, GRACE)))
    game.step(pick(game, ActionKind.PICK, card=kept))
    assert zone_of(game, kept) is Zone.RC
    assert power_of(game, vanguard) == ldb["PC-005"].power + 15000


LUMEN_PROBE = '''
[[card]]
id = "ZZ-LUMEN"
names = ["Lumen Probe Knight"]
grade = 2
power = 10000
shield = 5000
nation = "keter_sanctuary"
[[card.ability]]
kind = "act"
zones = ["rc"]
cost = [{ op = "choose", from = "your_rear_guards", where = { not_self = true }, count = 1, as = "paid" },
        { op = "retire", target = "paid" }]
effect = [{ op = "retire", target = "self" }]
text = "[ACT](RC): COST [retire another of your rear-guards], retire this unit."
'''


def test_B4_102_counts_retires_paid_as_costs_only(ldb, tmp_path):
    """B4-102: a «Lumen» card's ability (a test card) retires one rear-guard for its cost and
    itself by its effect: one retire paid as a cost, so no +10000; a second activation pays a
    second cost: +10000 (`unit_retired` with `by_cost = true`)."""
    path = tmp_path / "probe.toml"
    path.write_text(LUMEN_PROBE)
    db = vg.CardDB.load(path, base=ldb)
    game = scene(db, {"vanguard": V3, "rear": {"front_left": "B4-102", "back_left": G2,
                                               "front_right": "ZZ-LUMEN", "back_right": G2,
                                               "back_center": "ZZ-LUMEN"}})
    delvice = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_RIGHT)))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.BACK_LEFT)))
    _drain(game)
    assert power_of(game, delvice) == 10000
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_CENTER)))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.BACK_RIGHT)))
    _drain(game)
    assert power_of(game, delvice) == 20000


# Cont abilities read in a position: (card, circle it stands on, my side, the unit whose power
# is read, its power), one row where the condition holds and one where it fails.
CONTS = [
    ("B4-080", "front_left", {"soul": [G2] * 5}, "vc", 15000),
    ("B4-080", "front_left", {"soul": [G2] * 4}, "vc", 13000),
    ("B4-081", "back_left", {"states": ["final_rush"], "rear": {"front_left": G2}},
     "front_left", 15000),
    ("B4-081", "back_left", {"rear": {"front_left": G2}}, "front_left", 10000),
    ("B4-115", "front_left", {"drop": ["B4-107"] * 3, "bind": ["B4-030"] * 2}, "front_left",
     15000),
    ("B4-115", "front_left", {"drop": ["B4-107"] * 4}, "front_left", 10000),
    ("B4-007", "vc", {"imprisoned": [G2] * 4, "order_zone": ["PH-015"],
                      "rear": {"front_left": G2}}, "front_left", 20000),
    ("B4-007", "vc", {"imprisoned": [G2], "order_zone": ["PH-015"],
                      "rear": {"front_left": G2}}, "front_left", 10000),
    ("B4-024", "front_left", {"vanguard": "B4-007"}, "front_left", 13000),
    ("B4-024", "front_left", {}, "front_left", 8000),
    ("B4-026", "back_left", {"rear": {"front_left": G2}}, "front_left", 15000),
    ("B4-026", "front_right", {"rear": {"back_right": G2}}, "back_right", 10000),
    ("B4-050", "front_left", {"vanguard": "B4-010"}, "front_left", 17000),
    ("B4-050", "front_left", {}, "front_left", 10000),
]


@pytest.mark.parametrize(("card_id", "circle", "side", "read", "power"), CONTS)
def test_B4_conts_read_in_a_position(ldb, card_id, circle, side, read, power):
    """Your turn: B4-080 (five soul: the vanguard +2000), B4-081 (Final Rush: its column
    +5000), B4-115 (five orders in drop and bind: +5000), B4-007 (the front row +5000 for every
    two imprisoned), B4-024 (a «Seravine» vanguard: +5000), B4-026 (back row: the column's
    other units +5000; front row: nothing), B4-050 (Bastiel Prime vanguard: +5000, with its
    front-row +2000)."""
    me = {"vanguard": V3, **side}
    me["rear"] = dict(side.get("rear", {}))
    if circle == "vc":
        me["vanguard"] = card_id
    else:
        me["rear"][circle] = card_id
    game = scene(ldb, me)
    assert power_of(game, unit_at(game, 0, Circle(read))) == power


@pytest.mark.parametrize(("orders", "attacks"), [(["PH-015"], True), ([], False)])
def test_B4_085_cannot_attack_with_an_empty_order_zone(ldb, orders, attacks):
    """B4-085 on RC: with a card in your order zone it attacks; with none it cannot."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B4-085"}, "order_zone": orders},
                 phase="battle")
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT)) \
        is attacks


@pytest.mark.parametrize(("held", "charged"), [(3, 3), (0, 0)])
def test_B4_089_placed_soul_charges_as_many_as_imprisoned(ldb, held, charged):
    """B4-089 called: Soul Charge as many as the cards in your Prison; with none, nothing."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-089"], "imprisoned": [G2] * held,
                       "order_zone": ["PH-015"]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B4-089"),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    assert len(cards_in(game, 0, Zone.SOUL)) == charged


@pytest.mark.parametrize(("vanguard", "soul", "power"), [(V3, [G2], 20000),
                                                         (G2, [G2], 10000), (V3, [], 10000)])
def test_B4_063_placed_under_a_grade_3_soul_blast_for_10000(ldb, vanguard, soul, power):
    """B4-063 called under a grade 3 vanguard, SB1: +10000; under a grade 2, or with no soul,
    nothing is asked."""
    game = scene(ldb, {"vanguard": vanguard, "hand": ["B4-063"], "soul": soul})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B4-063"),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def _call(game: vg.Game, card_id: str, circle: Circle = Circle.FRONT_LEFT) -> int:
    """Normal-call a card of player 0's hand, answer its autos (yes first), return the unit."""
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, card_id),
                   circle=circle))
    _drain(game)
    return unit_at(game, 0, circle)


@pytest.mark.parametrize(("state", "power", "soul", "called"),
                         [(["final_rush"], 15000, 2, 1), ([], 15000, 1, 0)])
def test_B4_021_placed_cb1_5000_and_in_final_rush_a_call_from_the_soul(ldb, state, power,
                                                                     soul, called):
    """B4-021 called, CB1: +5000; in Final Rush also Soul Charge 2 and a card from the soul to
    an open RC (the soul: one card plus two, less the one called)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-021"], "damage": [G2], "soul": [G2],
                       "states": state})
    unit = _call(game, "B4-021")
    assert power_of(game, unit) == power
    assert len(cards_in(game, 0, Zone.SOUL)) == soul
    assert len(q.rear_guards(game.state, 0)) == 1 + called


@pytest.mark.parametrize(("soul", "power"), [(6, 18000), (5, 13000)])
def test_B4_040_placed_in_final_rush_5000_for_every_three_soul(ldb, soul, power):
    """B4-040 called in Final Rush: +5000 for every three soul cards (six: +10000; five:
    +5000)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-040"], "soul": [G2] * soul,
                       "states": ["final_rush"]})
    assert power_of(game, _call(game, "B4-040")) == power


@pytest.mark.parametrize(("hand", "drawn"), [(["B4-018"], True), ([G2], False)])
def test_B4_062_placed_discard_an_arms_card_to_draw(ldb, hand, drawn):
    """B4-062 called: the cost is an Arms-marked card (B4-018) from hand: draw and +5000; with
    only a non-Arms card nothing is asked."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-062", *hand]})
    unit = _call(game, "B4-062")
    assert power_of(game, unit) == (15000 if drawn else 10000)
    assert ("B4-018" in ids_in(game, 0, Zone.DROP)) is drawn


def test_B4_091_placed_draws_then_discards(ldb):
    """B4-091 called: draw a card, then discard one: the hand is one card again, the drop one."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-091", G2]})
    _call(game, "B4-091")
    assert len(cards_in(game, 0, Zone.HAND)) == 1 and len(cards_in(game, 0, Zone.DROP)) == 1


@pytest.mark.parametrize(("hand", "paid"), [(["B4-107"], True), ([G2], False)])
def test_B4_114_placed_sb1_and_an_order_discarded_draw_and_5000(ldb, hand, paid):
    """B4-114 called, SB1 & discard an order: draw, +5000 power and shield; with no order in
    hand the cost cannot be paid."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-114", *hand], "soul": [G2]})
    unit = _call(game, "B4-114")
    assert power_of(game, unit) == (13000 if paid else 8000)
    assert q.shield(game.state, unit) == (10000 if paid else 5000)


@pytest.mark.parametrize(("vanguard", "offered"), [("B4-004", True), (V3, False)])
def test_B4_082_act_into_the_soul_vanguard_10000_under_brogan(ldb, vanguard, offered):
    """B4-082's ACT under a «Brogan» vanguard: itself into the soul, the vanguard +10000; under
    another vanguard it is not offered."""
    game = scene(ldb, {"vanguard": vanguard, "rear": {"back_left": "B4-082"}})
    wade = unit_at(game, 0, Circle.BACK_LEFT)
    assert has_action(game, ActionKind.ACT, card=wade) is offered
    if offered:
        game.step(pick(game, ActionKind.ACT, card=wade))
        _drain(game)
        assert zone_of(game, wade) is Zone.SOUL
        assert power_of(game, unit_at(game, 0, Circle.VC)) == 23000


@pytest.mark.parametrize(("soul", "offered"), [([V3, V3], True), ([V3, G2], False)])
def test_B4_075_act_with_two_grade_3s_in_the_soul_discard_for_15000(ldb, soul, offered):
    """B4-075: with two grade 3 cards in the soul, discard: +15000, once a turn; with one, not
    offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B4-075"}, "soul": soul,
                       "hand": [G2, G2]})
    isle = unit_at(game, 0, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.ACT, card=isle) is offered
    if offered:
        game.step(pick(game, ActionKind.ACT, card=isle))
        _drain(game)
        assert power_of(game, isle) == 25000
        assert not has_action(game, ActionKind.ACT, card=isle)


def test_B4_017_act_only_after_an_opponents_rear_guard_was_retired(ldb):
    """B4-017's ACT is offered once an opponent's rear-guard was retired this turn (B4-113's
    cost is not one: it retires your own), then CB1: Soul Charge 1, retire one, +10000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B4-017"}, "damage": [G2],
                       "hand": ["B4-118"]},
                 {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}})
    travers = unit_at(game, 0, Circle.FRONT_LEFT)
    assert not has_action(game, ActionKind.ACT, card=travers)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B4-118")))
    _drain(game)
    assert len(q.rear_guards(game.state, 1)) == 1
    game.step(pick(game, ActionKind.ACT, card=travers))
    _drain(game)
    assert not q.rear_guards(game.state, 1) and power_of(game, travers) == 20000
    assert len(cards_in(game, 0, Zone.SOUL)) == 1


LAKTAT = "B4-044"


@pytest.mark.parametrize("booster_of_a_token", [True, False])
def test_TOK_06_B4_044_a_token_onto_its_own_circle(ldb, booster_of_a_token):
    """B4-044 boosts a Shadow Army token: at the end of that battle a new token is called to the
    circle B4-044 is on (B4-044 goes to the drop, CORE-06); boosting another unit, nothing."""
    attacker = {"tokens": {"front_left": TOKEN}} if booster_of_a_token else \
        {"rear": {"front_left": G2, "back_left": LAKTAT}}
    me = {"vanguard": V3, "rear": {"back_left": LAKTAT}, **attacker}
    if booster_of_a_token:
        me["rear"] = {"back_left": LAKTAT}
    game = scene(ldb, me, phase="battle")
    laktat = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT),
                   target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.BOOST, card=laktat))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    back = game.state.card(unit_at(game, 0, Circle.BACK_LEFT)).id
    assert (back == TOKEN) is booster_of_a_token
    assert (zone_of(game, laktat) is Zone.DROP) is booster_of_a_token


STEPMEW = "B4-104"


def test_B4_104_after_a_trigger_battle_it_stands_and_moves_along_the_back_row(ldb):
    """B4-104 boosted the vanguard's battle whose drive check revealed a critical trigger: SB1,
    it stands and moves to the open back-row circle (the back centre: back right is taken)."""
    game, _ = drive_into(ldb, "PD-011", rear={"front_left": G2, "back_left": STEPMEW,
                                              "back_right": G2},
                         rested=["back_left"], soul=[G2])
    stepmew = unit_at(game, 0, Circle.BACK_LEFT)
    _drain_to_question(game)
    say_yes(game)
    _drain(game, DecisionKind.ATTACK)
    assert q.position(stepmew).circle is Circle.BACK_CENTER and not is_rested(game, stepmew)


WANDERER = "B4-015"


@pytest.mark.parametrize(("mode", "power", "critical"), [(0, 20000, 1), (1, 10000, 2)])
def test_B4_015_called_from_the_drop_by_a_normal_order_choose_one(ldb, mode, power,
                                                                   critical):
    """B4-015 in the drop: you play a normal order (not by Alchemagic): it may be called, and
    you choose one: +10000 or +1 critical."""
    game = scene(ldb, {"vanguard": V3, "drop": [WANDERER], "hand": ["B4-119"]})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B4-119")))
    for _ in range(20):
        if has_action(game, ActionKind.YES):
            break
        game.step(game.legal_actions()[0])
    say_yes(game)
    while game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
        game.step(game.legal_actions()[0])
    game.step(game.legal_actions()[mode])
    _drain(game)
    unit = next(u for u in q.rear_guards(game.state, 0) if game.state.card(u).id == WANDERER)
    assert power_of(game, unit) == power and critical_of(game, unit) == critical


PRIME, GRANDEAL = "B4-010", "B4-105"


@pytest.mark.parametrize(("top", "asked"), [(GRANDEAL, True), (V3, True), (G2, False)])
def test_B4_010_B4_105_a_grade_3_revealed_stands_the_grade_3_rear_guards(ldb, top, asked):
    """B4-010 attacks; its first drive check reveals the deck's top card. B4-105 (grade 1, +2 in
    the trigger zone under B4-010: a grade 3 there) or a grade 3: at the battle's end, a
    «Bastiel» card from hand to the drop stands the grade 3 rear-guards, +10000 each; a grade 2
    revealed: nothing is asked."""
    game = scene(ldb, {"vanguard": PRIME, "rear": {"front_left": V3}, "rested": ["front_left"],
                       "hand": [PRIME], "deck": [top] + [G2] * 9}, phase="battle")
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain_to_question(game)
    assert _auto_question(game) is asked
    if asked:
        say_yes(game)
        _drain(game, DecisionKind.ATTACK)
        assert not is_rested(game, rear) and power_of(game, rear) == 13000 + 2000 + 10000
        assert PRIME in ids_in(game, 0, Zone.DROP)


@pytest.mark.parametrize(("vanguard", "power"), [(V3, 13000), (G2, 8000)])
def test_B4_006_placed_soul_charges_and_each_soul_charge_powers_it(ldb, vanguard, power):
    """B4-006 called: Soul Charge 1; that soul charge, under a grade 3 vanguard, gives it +5000
    (under a grade 2 the soul charge only)."""
    game = scene(ldb, {"vanguard": vanguard, "hand": ["B4-006"]})
    unit = _call(game, "B4-006")
    assert power_of(game, unit) == power and len(cards_in(game, 0, Zone.SOUL)) == 1


@pytest.mark.parametrize(("soul", "front", "lifted"), [(13, 15000, True), (7, 10000, True),
                                                       (6, 10000, False)])
def test_B4_020_placed_with_seven_soul_pays_for_a_soul_card_thirteen_powers(ldb, soul, front,
                                                                           lifted):
    """B4-020 called with seven or more soul cards: CB1 & discard pays for a soul card to hand
    and Soul Charge 1; with thirteen the front row also gets +5000; with six nothing."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-020", G2], "soul": [V3] + [G2] * (soul - 1),
                       "damage": [G2], "rear": {"front_right": G2}})
    _call(game, "B4-020")
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == front
    assert (ids_in(game, 0, Zone.DROP) == [G2]) is lifted          # the discard paid
    assert len(cards_in(game, 0, Zone.SOUL)) == soul                 # one out, one charged


def test_B4_033_an_opponents_rear_guard_retired_stands_it_once(ldb):
    """B4-033 rested in the back row: your order retires an opponent's rear-guard: it stands,
    +2000 (1/Turn)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B4-033"}, "rested": ["back_left"],
                       "hand": ["B4-118"]},
                 {"vanguard": V3, "rear": {"front_left": G2}})
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B4-118")))
    _drain(game)
    assert not is_rested(game, unit) and power_of(game, unit) == 10000


@pytest.mark.parametrize(("card_id", "me", "gain"), [
    ("B4-047", {"tokens": {"front_left": TOKEN, "front_right": TOKEN}, "damage": [G2]}, 20000),
    ("B4-047", {"damage": [G2]}, 0),
    ("B4-084", {"damage": [G2] * 3, "soul": [G2] * 4}, 15000),
])
def test_B4_blitz_orders_power_the_attacked_vanguard(ldb, card_id, me, gain):
    """Blitz orders in the guard step, the vanguard chosen (it is attacked): B4-047, CB1, +10000
    per Shadow Army token (two: +20000; none: +0); B4-084, SB4, +5000 per damage (three)."""
    game = scene(ldb, {"vanguard": V3, "hand": [card_id], **me}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 1, Circle.VC), vanguard)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, card_id)))
    for _ in range(10):
        if has_action(game, ActionKind.PICK, card=vanguard):
            game.step(pick(game, ActionKind.PICK, card=vanguard))
        elif game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(game.legal_actions()[0])
        else:
            break
    assert power_of(game, vanguard) == 13000 + gain


@pytest.mark.parametrize(("prison", "held"), [(["PH-015"], 2), ([], 0)])
def test_B4_096_imprisons_the_back_row(ldb, prison, held):
    """B4-096, SB2: with a Prison both opponent back-row rear-guards are imprisoned (PRI-01),
    the front row stays; without one nothing is imprisoned."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-096"], "soul": [G2, G2],
                       "order_zone": prison},
                 {"vanguard": V3, "rear": {"back_left": G2, "back_right": G2, "front_left": G2}})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B4-096")))
    _drain(game)
    assert len(q.rear_guards(game.state, 1)) == 3 - held


@pytest.mark.parametrize("bottom", [True, False])
def test_B4_107_the_top_card_to_the_top_or_bottom_then_draw(ldb, bottom):
    """B4-107, CB1: look at the top card, put it on the bottom (or keep it on top), draw: the
    card drawn is the second (bottom) or that one (top)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-107"], "damage": [G2],
                       "deck": [V3, "B4-091"] + [G2] * 8})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B4-107")))
    pay_first_cards(game)
    top = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.PICK, card=top) if bottom else pick(game, ActionKind.DONE))
    _drain(game)
    assert ids_in(game, 0, Zone.HAND) == (["B4-091"] if bottom else [V3])


def test_B4_113_act_retire_it_another_rear_guard_10000(ldb):
    """B4-113's ACT: retire it, a rear-guard +10000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B4-113", "front_left": G2}})
    ryuka = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=ryuka))
    _drain(game)
    assert zone_of(game, ryuka) is Zone.DROP
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000


@pytest.mark.parametrize(("target", "power"), [(V3, 15000), ("PX-102", 10000)])
def test_B4_064_attacking_a_grade_3_gets_5000(ldb, target, power):
    """B4-064 attacks: against a grade 3 vanguard +5000; against a grade 1, none."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B4-064"}},
                 {"vanguard": target}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    assert power_of(game, unit) == power


@pytest.mark.parametrize(("drop", "shield"), [(["B4-048"] * 3, 20000), ([G2], 5000)])
def test_B4_094_shield_per_meteorite_in_the_drop(ldb, drop, shield):
    """B4-094 on GC: shield +5000 for each Meteorite in the drop (three: 20000)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B4-094"], "drop": drop}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guard = card_named(game, 0, Zone.HAND, "B4-094")
    game.step(pick(game, ActionKind.GUARD, card=guard))
    assert q.shield(game.state, guard) == shield


@pytest.mark.parametrize(("behind", "grade", "power"), [(V3, 3, 15000), (G2, 2, 10000)])
def test_B4_100_attacks_with_a_grade_3_in_its_column(ldb, behind, grade, power):
    """B4-100 attacks with a grade 3 behind it: grade +1 and +5000 (1/Turn); with a grade 2,
    nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B4-100", "back_left": behind}},
                 phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    _drain_to_question(game)
    assert q.grade(game.state, unit) == grade and power_of(game, unit) == power


def _guarded(ldb, card_id: str, me: dict) -> tuple[vg.Game, int]:
    """Player 1's vanguard attacks player 0's; player 0 calls `card_id` from hand to GC."""
    game = scene(ldb, {"vanguard": V3, "hand": [card_id], **me}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guard = card_named(game, 0, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.GUARD, card=guard))
    return game, guard


@pytest.mark.parametrize(("vanguard", "shield"), [(PRIME, 10000), (V3, 5000)])
def test_B4_101_placed_on_gc_under_bastiel_shield_5000(ldb, vanguard, shield):
    """B4-101 called to GC under a «Bastiel» vanguard: shield +5000 for the battle; under
    another vanguard, its printed 5000."""
    game, guard = _guarded(ldb, "B4-101", {"vanguard": vanguard})
    assert q.shield(game.state, guard) == shield


@pytest.mark.parametrize(("hand", "shield"), [(["LX-P07"], 15000), ([G2], 5000)])
def test_B4_070_placed_on_gc_reveal_a_grade_4_for_shield_10000(ldb, hand, shield):
    """B4-070 called to GC: revealing a grade 4 card from hand (a corpus grade 4) gives shield
    +10000 for the battle; with no grade 4 in hand nothing is asked: its printed 5000."""
    game, guard = _guarded(ldb, "B4-070", {"hand": ["B4-070", *hand]})
    _drain_to_question(game)
    if shield > 5000:
        say_yes(game)
        pay_first_cards(game)
    else:
        assert not _auto_question(game)
    assert q.shield(game.state, guard) == shield
