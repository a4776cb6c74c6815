"""Study of a whole booster (issue 39 item 7): D-BT03, every numbered card 001-120
(tests/cards/corpus/b_dbt03.toml, ids B3-NNN; the overDress study's PR-008..012 reused). The
rows are docs/boosters/d-bt03.md's; this file proves the file and the table agree, plays whole
random games with a deck of each nation's booster cards, and plays the cards' abilities in
positions built for them (and a position where a condition or a cost fails)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.formats import Skill
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    abilities_played,
    attack,
    booster_table,
    call_from_hand,
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

DOC = Path(__file__).parents[2] / "docs" / "boosters" / "d-bt03.md"
CORPUS = Path(__file__).with_name("corpus") / "b_dbt03.toml"
VERDICTS = ("full", "partial", "not expressible")


def _rows() -> list[tuple[str, str, str, str]]:
    """(no., our name, verdict's first words, how) of every row of the doc's table."""
    return [(no, ours, next(v for v in VERDICTS if verdict.startswith(v)), how)
            for no, ours, _, verdict, how, _ in booster_table(DOC)]


def _card_of(ldb: vg.CardDB, number: str, how: str) -> vg.CardDef:
    """The card a row names: its reused id ("(studied in ...)" with PR-NNN) or B3-<no.>."""
    reused = re.search(r"\b(PR-\d{3})\b", how) if "studied in" in how else None
    return ldb[reused[1] if reused else f"B3-{number}"]


def test_every_card_of_the_booster_has_one_row_and_the_file_matches_it(ldb):
    """120 rows, 001-120 once each; every row's card loads with the row's name; every B3- card
    of the file has its row; a not-expressible card has no ability written, a full one does."""
    rows = _rows()
    assert [r[0] for r in rows] == [f"{n:03d}" for n in range(1, 121)]
    for number, name, verdict, how in rows:
        card = _card_of(ldb, number, how)
        assert card.names == (name,), (number, card.names, name)
        if verdict == "not expressible":
            assert card.abilities == (), number
        if verdict == "full" and card.id.startswith("B3-"):
            assert card.abilities, number
    written = {c.id for c in vg.CardDB.load(CORPUS, base=ldb) if c.id.startswith("B3-")}
    assert written == {f"B3-{r[0]}" for r in rows if "studied in" not in r[3]}


# -- whole random games, one deck per nation ---------------------------------------------------

TRIGGERS = {"dragon_empire": "PD-0", "dark_states": "PE-0", "brandt_gate": "PH-0",
            "keter_sanctuary": "PV-0", "stoicheia": "PF-0"}
RIDES = {  # grade 0 to 3; the Dragon Empire and Keter starters are their start decks' (none here)
    "dragon_empire": ("PD-004", "B3-028", "B3-029", "B3-002"),
    "dark_states": ("B3-080", "B3-078", "B3-034", "B3-003"),
    "brandt_gate": ("B3-092", "B3-090", "B3-038", "B3-005"),
    "keter_sanctuary": ("PV-004", "B3-022", "B3-021", "B3-007"),
    "stoicheia": ("B3-118", "B3-113", "B3-050", "B3-009"),
}
REUSED = ("PR-008", "PR-009", "PR-010", "PR-011", "PR-012")


def _deck(ldb: vg.CardDB, nation: str) -> vg.Deck:
    """50 cards: the ride deck, 16 triggers of the nation's start deck (4 of each type), and the
    nation's booster cards, one of each first, then second copies, to 50."""
    ride = RIDES[nation]
    prefix = TRIGGERS[nation]
    triggers = [f"{prefix}{n}" for n in (11, 12, 13, 14) for _ in range(4)]
    own = sorted(c.id for c in ldb if c.nation == nation and
                 (c.id.startswith("B3-") or c.id in REUSED) and c.id not in ride)
    main = fill_deck(list(ride) + triggers, own, 4)
    return vg.Deck(name=f"D-BT03 {nation}", main=tuple(main), starter=ride[0], ride_deck=ride)


PAIRS = [("dragon_empire", "dark_states"), ("brandt_gate", "keter_sanctuary"),
         ("stoicheia", "dragon_empire"), ("dark_states", "brandt_gate"),
         ("keter_sanctuary", "stoicheia"), ("dragon_empire", "brandt_gate"),
         ("stoicheia", "dark_states"), ("keter_sanctuary", "dragon_empire")]


def test_each_nation_s_booster_deck_plays_whole_random_games(ldb):
    """Eight seeded games between the nations' decks (each a legal standard deck) end with a
    winner, the invariants holding after every step; the booster's cards' abilities are played:
    at least MIN_PLAYED different cards (measured: see the doc)."""
    played: set[str] = set()
    for seed, (one, two) in enumerate(PAIRS):
        decks = _deck(ldb, one), _deck(ldb, two)
        for deck in decks:
            deck.validate("standard", ldb)
        game = vg.Game(*decks, seed=seed, db=ldb)
        rng = np.random.default_rng(seed)
        play_busy(game, rng, 4000, check_each_step=True)
        assert game.over, f"seed {seed}: no end within 4000 decisions"
        played |= abilities_played(game, orders=False)
    booster = {c for c in played if c.startswith("B3-") or c in REUSED}
    assert len(booster) >= MIN_PLAYED, sorted(booster)


MIN_PLAYED = 30          # measured 2026-12-06: 37 different cards of the booster played


# -- helpers of the scenarios ------------------------------------------------------------------

def _answer_all(game: vg.Game, first: bool = True) -> None:
    """Say yes to every optional question and pick the first offered card or circle of every
    choice (the costs and the effect's choices), until the main phase or a battle's step asks
    again."""
    for _ in range(40):
        kind = game.decision.kind
        if kind is DecisionKind.MAIN_PHASE or game.over:
            return
        actions = game.legal_actions()
        kinds = {a.kind for a in actions}
        if ActionKind.YES in kinds:
            game.step(pick(game, ActionKind.YES))
        elif ActionKind.PICK in kinds:
            picks = [a for a in actions if a.kind is ActionKind.PICK]
            open_circles = [a for a in picks if a.circle is not None and
                            not game.state.board.circles[game.decision.player][a.circle]]
            picks = open_circles or picks          # a call goes to an open circle if it can
            game.step(picks[0] if first else picks[-1])
        else:
            return


def _placed(ldb, card_id: str, circle: Circle = Circle.FRONT_LEFT, **me) -> tuple[vg.Game, int]:
    """Player 0 calls `card_id` from hand to `circle` (main phase) and answers everything."""
    side = {"vanguard": V3, "damage": [G2] * 3, "soul": [G2] * 4}
    side.update(me)
    side["hand"] = [card_id] + list(side.get("hand", []))
    game = scene(ldb, side)
    unit = call_from_hand(game, 0, card_id, circle)
    _answer_all(game)
    return game, unit


def _attacks(ldb, me: dict, them: dict | None = None, attacker: Circle = Circle.FRONT_LEFT,
             target: Circle = Circle.VC) -> vg.Game:
    """Player 0's unit on `attacker` attacks player 1's unit on `target` (battle phase)."""
    side = {"vanguard": V3, "damage": [G2] * 3, "soul": [G2] * 4}
    side.update(me)
    game = scene(ldb, side, them or {"vanguard": V3}, phase="battle")
    attack(game, unit_at(game, 0, attacker), unit_at(game, 1, target))
    return game


# -- the constructs of the study ----------------------------------------------------------------

def test_B3_001_plus_the_total_original_power_of_its_dress_sources(ldb):
    """A quantity's `total = "original_power"`: in overDress with «Vermilia» and «Trickglow»
    under it, +the sum of their printed powers; without dress sources, its printed 13000."""
    sources = ["PD-006", "PD-009"]
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-001"},
                       "dress": {"front_left": sources}})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, unit) == 13000 + sum(ldb[c].power for c in sources)
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-001"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 13000


def test_B3_001_attacking_a_grade_3_vanguard_cb1_plus_15000_and_critical(ldb):
    """As PR-007: CB1, +15000 and critical 2 for the battle, on top of the dress total."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "rear": {"front_left": "B3-001"},
                       "dress": {"front_left": ["PD-009"]}}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    assert power_of(game, unit) == 13000 + ldb["PD-009"].power + 15000
    assert critical_of(game, unit) == 2


def test_a_quantity_total_names_a_known_field_and_not_with_distinct(tmp_path, ldb):
    """`total` takes one of the numeric fields, and not beside `distinct`: refused in one line
    naming the field."""
    from tests.cards.conftest import refused_file
    card = """
[[card]]
id = "ZB3-1"
names = ["Sum Probe"]
grade = 1
power = 8000
[[card.ability]]
kind = "cont"
zones = ["rc"]
effect = [{ op = "add_power", target = "self", amount = 1, per = %s }]
text = "x"
"""
    refused_file(tmp_path, card % '{ from = "your_soul", total = "nation" }', ldb,
                 "per.total", "original_power")
    refused_file(tmp_path, card % '{ from = "your_soul", total = "power", distinct = "name" }',
                 ldb, "per.total", "not both")


def test_a_total_of_printed_grades_counts_every_card_of_the_soul(ldb, tmp_path):
    """`total = "original_grade"` over the soul: +1 per grade point (0 + 1 + 3 = 4)."""
    path = tmp_path / "sum.toml"
    path.write_text("""
[[card]]
id = "ZB3-2"
names = ["Grade Sum Probe"]
grade = 1
power = 8000
[[card.ability]]
kind = "cont"
zones = ["rc"]
effect = [{ op = "add_power", target = "self", amount = 1000, per = { from = "your_soul", total = "original_grade" } }]
text = "x"
""")
    db = vg.CardDB.load(path, base=ldb)
    game = scene(db, {"vanguard": V3, "rear": {"front_left": "ZB3-2"},
                      "soul": ["B3-080", "B3-078", "B3-003"]})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 8000 + 4000


@pytest.mark.parametrize(("drop", "order_zone", "power"), [
    (["B3-043"] * 3, ["PH-015", "B3-093"], 13000), (["B3-043"] * 2, ["PH-015", "B3-093"], 8000),
    (["B3-043"] * 5, [], 13000), ([G2] * 6, ["B3-093"], 8000)])
def test_B3_018_five_set_orders_in_drop_and_order_zone_together(ldb, drop, order_zone, power):
    """A count check whose `from` is a list (the drop and the order zone together): five set
    orders between them give +5000 power and shield; four, or other cards, do not."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-018"}, "drop": drop,
                       "order_zone": order_zone})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, unit) == power
    assert q.shield(game.state, unit) == power - 3000


def test_a_count_check_from_a_list_names_an_unknown_selector_in_one_line(tmp_path, ldb):
    """A count check's `from` list with an unknown selector is refused naming it (it raised a
    TypeError before lists were read)."""
    from tests.cards.conftest import refused_file
    refused_file(tmp_path, """
[[card]]
id = "ZB3-3"
names = ["List Probe"]
grade = 1
power = 8000
[[card.ability]]
kind = "cont"
zones = ["rc"]
condition = [{ check = "count", from = ["your_drop", "your_sould"], n = 1 }]
effect = [{ op = "add_power", target = "self", amount = 1000 }]
text = "x"
""", ldb, "condition[0].from", "your_sould")


def _drain(game: vg.Game) -> None:
    """Answer every pending question with its first action until the main phase's open timing
    (autos resolved, optional ones accepted first)."""
    for _ in range(50):
        if game.decision.kind is DecisionKind.MAIN_PHASE:
            return
        game.step(game.legal_actions()[0])


# -- shared patterns ------------------------------------------------------------------------------

STARTERS = {"B3-080": "B3-078", "B3-092": "B3-090", "B3-118": "B3-113"}


@pytest.mark.parametrize("card_id", sorted(STARTERS))
@pytest.mark.parametrize(("turn", "drawn"), [(4, 1), (3, 0)])
def test_B3_starters_draw_when_ridden_going_second(ldb, card_id, turn, drawn):
    """Ridden on turn 4 (you went second): draw a card; on turn 3 (you went first): none."""
    rider = STARTERS[card_id]
    game = scene(ldb, {"vanguard": card_id, "hand": [rider]}, phase="ride", turn=turn)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, rider)))
    _drain(game)
    assert len(cards_in(game, 0, Zone.HAND)) == drawn


@pytest.mark.parametrize("card_id", ["B3-030", "B3-036", "B3-042", "B3-047", "B3-054"])
def test_B3_booster_pattern_into_the_soul_after_boosting_a_unit_2000(ldb, card_id):
    """At the end of the battle it boosted: yes, it goes into the soul, and the chosen unit (the
    vanguard) gets +2000 until end of turn; a unit that did not boost is not asked."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": card_id, "back_left": card_id,
                                                "front_left": G2}}, phase="battle")
    booster, idle = unit_at(game, 0, Circle.BACK_CENTER), unit_at(game, 0, Circle.BACK_LEFT)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    no_guard(game)
    _answer_until(game, lambda g: zone_of(g, booster) is Zone.SOUL and
                  g.decision.kind is DecisionKind.CHOOSE_CARD)
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 13000 + 2000
    assert zone_of(game, idle) is Zone.RC


def _guard_until_asked_again(game: vg.Game, card_id: str) -> int:
    """Player 0 guards with the card of this id from hand; its abilities' questions are
    answered (yes, else the first action) until it is on GC and the guard step asks again.
    Return the guardian."""
    guard = card_named(game, 0, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.GUARD, card=guard))
    _answer_until(game, lambda g: zone_of(g, guard) is Zone.GC and
                  g.decision.kind is DecisionKind.GUARD)
    return guard


def _answer_until(game: vg.Game, done, limit: int = 40) -> None:
    """Answer questions (yes, else the first action) until `done(game)` holds."""
    for _ in range(limit):
        if done(game):
            return
        actions = game.legal_actions()
        yes = [a for a in actions if a.kind is ActionKind.YES]
        game.step(yes[0] if yes else actions[0])
    raise AssertionError(f"not reached; decision {game.decision.kind} {game.decision.label}")


# -- continuous abilities -----------------------------------------------------------------------

@pytest.mark.parametrize(("drop", "power", "shield"), [(3, 8000, 5000), (4, 10000, 10000),
                                                       (8, 10000, 15000)])
def test_B3_011_opponent_drop_four_and_eight(ldb, drop, power, shield):
    """Four cards in the opponent's drop: +2000 / shield +5000; eight: shield +5000 more."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-011"}},
                 {"vanguard": V3, "drop": [G2] * drop})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert (power_of(game, unit), q.shield(game.state, unit)) == (power, shield)


@pytest.mark.parametrize(("hit", "power"), [(True, 20000), (False, 10000)])
def test_B3_062_after_your_vanguard_hit_this_turn(ldb, hit, power):
    """+10000 once your vanguard's attack has hit this turn; not when it was guarded."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-062"}},
                 {"vanguard": V3, "hand": ["PH-014"] * 2}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    if not hit:
        for card in cards_in(game, 1, Zone.HAND):
            game.step(pick(game, ActionKind.GUARD, card=card))
    no_guard(game)
    _answer_until(game, lambda g: has_action(g, ActionKind.ATTACK))
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("theirs", "turn_player", "power"), [(2, 0, 15000), (3, 0, 10000),
                                                              (2, 1, 10000)])
def test_B3_065_your_turn_two_or_fewer_opposing_rear_guards(ldb, theirs, turn_player, power):
    """+5000 in your turn while your opponent has two or fewer rear-guards."""
    rear = dict(zip(("front_left", "front_right", "back_left"), [G2] * theirs))
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-065"}},
                 {"vanguard": V3, "rear": rear}, turn_player=turn_player)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("bind", "power"), [([], 10000), (["B3-031", "B3-037", G2], 20000)])
def test_B3_109_plus_5000_for_each_order_in_the_bind_zone(ldb, bind, power):
    """+5000 for each order in the bind zone (a unit there counts nothing)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-109"}, "bind": bind})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_B3_111_back_row_gives_the_back_row_2000(ldb):
    """In the back row: every back-row rear-guard +2000 (itself too); in the front row nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B3-111", "back_right": G2,
                                                "front_left": G2}})
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 10000
    assert power_of(game, unit_at(game, 0, Circle.BACK_RIGHT)) == 12000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-111", "back_right": G2}})
    assert power_of(game, unit_at(game, 0, Circle.BACK_RIGHT)) == 10000


def test_B3_112_cannot_attack_from_the_front_row(ldb):
    """In the front row it is offered no attack; on the back row with attack permission none is
    needed: the front-row G2 beside it may attack."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-112", "front_right": G2}},
                 phase="battle")
    assert not has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT))
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_RIGHT))


@pytest.mark.parametrize(("vanguard", "power", "intercepts"), [
    ("B3-009", 10000, True), ("B3-050", 10000, True), (V3, 8000, False)])
def test_B3_113_intercept_and_2000_under_flagmoor_or_ascension(ldb, vanguard, power, intercepts):
    """With «Flagship Drake, Flagmoor» or «Ascension Raider» on VC: [Intercept] and +2000."""
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": "B3-113"}})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, unit) == power
    assert q.has_skill(game.state, unit, Skill.INTERCEPT) is intercepts


@pytest.mark.parametrize(("order", "grade_rear", "boosts"), [
    ("B3-093", "B3-029", True), ("B3-049", "B3-002", True), ("B3-093", "B3-002", False)])
def test_B3_093_049_set_orders_give_boost_to_a_grade(ldb, order, grade_rear, boosts):
    """In the order zone: grade 2 (093) or grade 3 (049) rear-guards get [Boost]."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": grade_rear}, "order_zone": [order]})
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    assert q.has_skill(game.state, unit, Skill.BOOST) is boosts


@pytest.mark.parametrize(("world", "power"), [([], 13000), (["PO-009"], 15000),
                                              (["PO-009", "PO-009"], 18000)])
def test_B3_006_dark_night_2000_abyssal_5000(ldb, world, power):
    """Dark Night (one World): +2000; Abyssal Dark Night (two): +5000, not both."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-006"}, "order_zone": world})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("world", "attacks"), [(["PO-009", "PO-009"], True), (["PO-009"], False)])
def test_B3_085_attacks_from_the_back_row_in_abyssal_dark_night(ldb, world, attacks):
    """From the back row, an attack is offered only in Abyssal Dark Night."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B3-085"}, "order_zone": world},
                 phase="battle")
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.BACK_LEFT)) is attacks


# -- placed on RC ---------------------------------------------------------------------------------

def test_B3_015_final_rush_two_into_the_soul_call_one_both_10000(ldb):
    """In Final Rush: two other rear-guards into the soul, a card of the soul called, it and this
    unit +10000; once a turn; without Final Rush not offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-015", "back_left": G2,
                                                "back_right": G2}, "soul": ["B3-036"],
                       "states": ["final_rush"]})
    regine = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=regine))
    _answer_all(game)
    assert power_of(game, regine) == 20000
    risen = [u for u in q.rear_guards(game.state, 0) if u != regine]
    assert len(risen) == 1 and len(cards_in(game, 0, Zone.SOUL)) == 2
    assert power_of(game, risen[0]) == ldb[game.state.card(risen[0]).id].power + 10000
    assert not has_action(game, ActionKind.ACT, card=regine)
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-015", "back_left": G2,
                                                "back_right": G2}, "soul": ["B3-036"]})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))


@pytest.mark.parametrize(("hand", "asked"), [(4, True), (5, False)])
def test_B3_021_four_or_fewer_in_hand_calls_one_of_five(ldb, hand, asked):
    """Four or fewer cards in hand after the call (three others): CB1, one of the top five
    called; with five it is not asked."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "hand": ["B3-021"] + [G2] * hand,
                       "deck": ["B3-029"] * 10})
    call_from_hand(game, 0, "B3-021", Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.YES) is asked
    if asked:
        _answer_all(game)
        assert len(q.rear_guards(game.state, 0)) == 2
        assert len(cards_in(game, 0, Zone.DECK)) == 9


@pytest.mark.parametrize(("vanguard", "found"), [(V3, 1), (G2, 0)])
def test_B3_022_grade_3_vanguard_searches_the_seeress(ldb, vanguard, found):
    """With a grade 3 vanguard, CB1: a «Sixfold Orb Seeress» from the deck to hand (B1-008 when
    the D-BT01 study's file is there; a card of that name either way)."""
    seeress = next((c.id for c in ldb if c.names == ("Sixfold Orb Seeress",)), None)
    if seeress is None:
        pytest.fail("no card named «Sixfold Orb Seeress» in the corpus")
    game = scene(ldb, {"vanguard": vanguard, "damage": [G2], "hand": ["B3-022"],
                       "deck": [G2] * 5 + [seeress] + [G2] * 4})
    call_from_hand(game, 0, "B3-022", Circle.BACK_LEFT)
    _answer_all(game)
    assert ids_in(game, 0, Zone.HAND).count(seeress) == found


@pytest.mark.parametrize(("soul", "power"), [(["B3-036", "B3-078", "PE-011"], 20000),
                                             ([], 10000)])
def test_B3_033_normal_units_of_the_soul_back_to_the_deck_5000_each(ldb, soul, power):
    """Under «Graviton Overlord, Barovane», CB1: every chosen normal unit of the soul (not the
    trigger) +5000 each and back into the deck; an empty soul gives nothing."""
    barovane = next((c.id for c in ldb if c.names == ("Graviton Overlord, Barovane",)), None)
    if barovane is None:
        pytest.fail("no card named «Graviton Overlord, Barovane» in the corpus")
    game = scene(ldb, {"vanguard": barovane, "damage": [G2], "hand": ["B3-033"], "soul": soul})
    unit = call_from_hand(game, 0, "B3-033", Circle.FRONT_LEFT)
    for _ in range(6):
        if game.decision.kind is DecisionKind.MAIN_PHASE:
            break
        actions = game.legal_actions()
        kinds = {a.kind for a in actions}
        if ActionKind.YES in kinds:
            game.step(pick(game, ActionKind.YES))
        elif ActionKind.PICK in kinds:
            game.step(next(a for a in actions if a.kind is ActionKind.PICK))
        else:
            game.step(pick(game, ActionKind.DONE))
    assert power_of(game, unit) == power
    assert ids_in(game, 0, Zone.SOUL) == (["PE-011"] if soul else [])


@pytest.mark.parametrize(("soul", "charged"), [(0, 2), (1, 0)])
def test_B3_051_empty_soul_charges_two(ldb, soul, charged):
    """With no card in the soul: soul charge two; with one, nothing."""
    game, _ = _placed(ldb, "B3-051", soul=[G2] * soul)
    assert len(cards_in(game, 0, Zone.SOUL)) == soul + charged


def test_B3_097_same_grade_vanguards_5000_to_two(ldb):
    """Your vanguard and the opponent's both grade 3, CB1: another rear-guard and this unit
    +5000; against a grade 2 vanguard, not asked."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "hand": ["B3-097"],
                       "rear": {"front_right": G2}})
    unit = call_from_hand(game, 0, "B3-097", Circle.FRONT_LEFT)
    _answer_all(game)
    assert power_of(game, unit) == 13000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 15000
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "hand": ["B3-097"],
                       "rear": {"front_right": G2}}, {"vanguard": G2})
    call_from_hand(game, 0, "B3-097", Circle.FRONT_LEFT)
    assert not has_action(game, ActionKind.YES)


def test_B3_101_hand_card_to_soul_vanguard_and_self_5000(ldb):
    """A hand card into the soul: the vanguard and this unit +5000; with no other card in hand
    the cost cannot be paid and nothing happens."""
    game, unit = _placed(ldb, "B3-101", hand=[G2], soul=[])
    assert power_of(game, unit) == 13000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    assert ids_in(game, 0, Zone.SOUL) == [G2]
    game, unit = _placed(ldb, "B3-101", soul=[])
    assert power_of(game, unit) == 8000


def test_B3_103_three_grade_3s_revealed_a_grade_3_of_the_drop_on_top(ldb):
    """SB1 & reveal three grade 3s: a grade 3 of the drop goes on top of the deck; with two
    grade 3s in hand it is not paid."""
    game, _ = _placed(ldb, "B3-103", hand=[V3] * 3, drop=["B3-002", G2])
    assert ids_in(game, 0, Zone.DECK)[0] == "B3-002"
    game, _ = _placed(ldb, "B3-103", hand=[V3] * 2, drop=["B3-002", G2])
    assert "B3-002" in ids_in(game, 0, Zone.DROP)


def test_B3_105_choose_one_counter_charge_or_soul_charge_two(ldb):
    """Discard a sentinel: yes is Counter Charge (1), no is Soul Charge (2)."""
    for answer, (face_down, soul) in ((ActionKind.YES, (0, 0)), (ActionKind.NO, (1, 2))):
        game = scene(ldb, {"vanguard": V3, "damage": [G2], "damage_face_down": 1,
                           "hand": ["B3-105", "DX-009"]})
        call_from_hand(game, 0, "B3-105", Circle.BACK_LEFT)
        say_yes(game)                                   # use the ability: discard the sentinel
        pay_first_cards(game)
        game.step(pick(game, answer))
        _answer_all(game)
        down = sum(not is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))
        assert (down, len(cards_in(game, 0, Zone.SOUL))) == (face_down, soul)


# -- attacks and battles ---------------------------------------------------------------------------

def test_B3_017_cb1_sb3_imprisons_up_to_three_then_10000(ldb):
    """With a Prison and two prisoners already, CB1 & SB3: the opponent's rear-guards are
    imprisoned (five in all: +10000 and critical +1 for the battle); without a Prison nobody is
    imprisoned and nothing is added."""
    them = {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2, "back_left": G2}}
    me = {"rear": {"front_left": "B3-017"}, "order_zone": ["PH-015"], "imprisoned": [G2, G2]}
    game = _attacks(ldb, me, them)
    _answer_all(game)
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert q.rear_guards(game.state, 1) == []
    assert (power_of(game, unit), critical_of(game, unit)) == (20000, 2)
    game = _attacks(ldb, {"rear": {"front_left": "B3-017"}}, them)
    _answer_all(game)
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert len(q.rear_guards(game.state, 1)) == 3 and power_of(game, unit) == 10000


def test_B3_058_boosted_retires_a_grade_2_or_less_and_2000(ldb):
    """Attacking boosted, CB1: an opponent's grade 2 or less rear-guard retired, +2000 for the
    battle (a grade 3 rear-guard may not be chosen); attacking alone, nothing is asked."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "rear": {"front_left": "B3-058",
                                                                "back_left": "B3-036"}},
                 {"vanguard": V3, "rear": {"front_left": V3, "front_right": G2}}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_LEFT)))
    _answer_all(game)
    assert [game.state.card(u).id for u in q.rear_guards(game.state, 1)] == [V3]
    assert power_of(game, unit) == 10000 + 8000 + 2000
    game = _attacks(ldb, {"rear": {"front_left": "B3-058"}})
    assert not has_action(game, ActionKind.YES)


def test_B3_059_hit_retire_this_unit_draw_and_retire_one(ldb):
    """Its hit: it retires itself, you draw, an opponent's rear-guard is retired."""
    game = _attacks(ldb, {"rear": {"front_left": "B3-059"}},
                    {"vanguard": V3, "rear": {"front_right": G2, "back_left": G2}},
                    target=Circle.FRONT_RIGHT)
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    no_guard(game)
    _answer_all(game)
    assert zone_of(game, unit) is Zone.DROP
    assert q.rear_guards(game.state, 1) == [] and len(cards_in(game, 0, Zone.HAND)) == 1


def test_B3_060_a_grade_0_rear_guard_attacks_cb1_retire_self_10000(ldb):
    """A grade 0 rear-guard of yours attacks: CB1 & retire this unit, the attacker +10000 for the
    battle; a grade 1 attacker asks nothing."""
    game = _attacks(ldb, {"rear": {"front_left": "B3-080", "back_right": "B3-060"}})
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 16000
    assert ids_in(game, 0, Zone.DROP) == ["B3-060"]
    game = _attacks(ldb, {"rear": {"front_left": "B3-078", "back_right": "B3-060"}})
    assert not has_action(game, ActionKind.YES)


@pytest.mark.parametrize(("damage", "standing", "power"), [(3, 2, 14000), (5, 2, 20000),
                                                           (3, 0, 10000)])
def test_B3_070_per_standing_rear_guard_2000_or_5000(ldb, damage, standing, power):
    """Attacking: +2000 for each standing rear-guard of yours, +5000 each with five damage; with
    none standing nothing."""
    rear = {"front_left": "B3-070"}
    rear.update(dict(zip(("back_left", "back_right"), [G2] * standing)))
    game = _attacks(ldb, {"rear": rear, "damage": [G2] * damage})
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("rush", "vanguard"), [(True, 23000), (False, 13000)])
def test_B3_071_2000_and_in_final_rush_sb1_vanguard_10000(ldb, rush, vanguard):
    """Attacking: +2000; in Final Rush you may SB1 for the vanguard +10000."""
    me = {"rear": {"front_left": "B3-071"}}
    if rush:
        me["states"] = ["final_rush"]
    game = _attacks(ldb, me)
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 12000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == vanguard


@pytest.mark.parametrize(("meteorites", "waits"), [(3, True), (2, False)])
def test_B3_086_three_meteorites_guard_two_at_once(ldb, meteorites, waits):
    """ACT-27: attacking with three Meteorites in the order zone, one guardian chosen waits in
    the hand for a second; with two Meteorites it is placed at once."""
    game = _attacks(ldb, {"rear": {"front_left": "B3-086"}, "order_zone": ["B3-094"] * meteorites},
                    {"vanguard": V3, "hand": [G2, G2]})
    first = cards_in(game, 1, Zone.HAND)[0]
    game.step(pick(game, ActionKind.GUARD, card=first))
    if game.decision.kind is DecisionKind.YES_NO:
        game.step(pick(game, ActionKind.YES))
    assert (zone_of(game, first) is Zone.HAND) is waits


@pytest.mark.parametrize(("world", "power"), [([], 23000), (["PO-009"], 18000)])
def test_B3_088_vanguard_attacked_retire_self_10000_or_5000_in_dark_night(ldb, world, power):
    """Your vanguard attacked: retire this unit, the vanguard +10000 for the battle (+5000 in
    Dark Night)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B3-088"}, "order_zone": world},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    _answer_until(game, lambda g: g.decision.player == 0 and has_action(g, ActionKind.YES))
    say_yes(game)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == power
    assert ids_in(game, 0, Zone.DROP) == ["B3-088"]


def test_B3_110_attacks_only_after_a_rear_guard_stood_by_an_effect(ldb):
    """No rear-guard of yours stood by an effect this turn: it can't attack (the stand phase's
    standing does not count); after B3-102 stands a rested back-row rear-guard, it can."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-110"}}, phase="battle")
    assert not has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT))
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-110"},
                       "rested": ["front_left"]}, phase="stand")
    _answer_until(game, lambda g: g.decision.kind is DecisionKind.MAIN_PHASE)
    game.step(pick(game, ActionKind.DONE))
    assert not has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT))
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B3-110", "back_left": G2},
                       "rested": ["back_left"], "hand": ["B3-102"]})
    call_from_hand(game, 0, "B3-102", Circle.BACK_RIGHT)
    _answer_all(game)
    game.step(pick(game, ActionKind.DONE))
    raider = unit_at(game, 0, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.ATTACK, card=raider)
    attack(game, raider, unit_at(game, 1, Circle.VC))
    assert power_of(game, raider) == 20000


def test_B3_114_back_row_attacker_rest_this_unit_10000(ldb):
    """Another back-row rear-guard attacks (in Abyssal Dark Night, B3-085): rest this unit, the
    attacker +10000 for the battle."""
    game = _attacks(ldb, {"rear": {"back_left": "B3-085", "back_right": "B3-114"},
                          "order_zone": ["PO-009", "PO-009"]}, attacker=Circle.BACK_LEFT)
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 18000
    assert is_rested(game, unit_at(game, 0, Circle.BACK_RIGHT))


def test_B3_120_blitz_against_a_rear_guard_20000_for_four_bound_orders(ldb):
    """Played while an opponent's rear-guard attacks your vanguard: CB1 & four orders of the bind
    zone into the drop, your vanguard +20000 for the battle."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "hand": ["B3-120"],
                       "bind": ["B3-031"] * 4},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 0, Circle.VC))
    blitz = [a for a in game.legal_actions() if a.kind is ActionKind.PLAY_ORDER]
    assert blitz, game.legal_actions()
    game.step(blitz[0])
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 33000
    assert ids_in(game, 0, Zone.DROP).count("B3-031") == 4


# -- more placed, act and order abilities ----------------------------------------------------------

def test_B3_008_under_the_seeress_orders_the_top_two(ldb):
    """Under «Fivefold Orb Seeress» (or the Sixfold), SB1: the top two are looked at and the
    chosen one is put on top (here the second card goes first); under another vanguard the
    ability is not asked, and the cont gives +2000 / shield +5000 only under the Sixfold."""
    five = next(c.id for c in ldb if c.names == ("Fivefold Orb Seeress",))
    six = next(c.id for c in ldb if c.names == ("Sixfold Orb Seeress",))
    game = scene(ldb, {"vanguard": five, "soul": [G2], "hand": ["B3-008"],
                       "deck": ["B3-080", "B3-092"] + [G2] * 8})
    call_from_hand(game, 0, "B3-008", Circle.BACK_LEFT)
    say_yes(game)
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "B3-092")))
    _answer_all(game)
    assert ids_in(game, 0, Zone.DECK)[:2] == ["B3-092", "B3-080"]
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    assert (power_of(game, unit), q.shield(game.state, unit)) == (8000, 5000)
    game = scene(ldb, {"vanguard": six, "rear": {"back_left": "B3-008"}})
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    assert (power_of(game, unit), q.shield(game.state, unit)) == (10000, 10000)
    game = scene(ldb, {"vanguard": V3, "soul": [G2], "hand": ["B3-008"]})
    call_from_hand(game, 0, "B3-008", Circle.BACK_LEFT)
    assert not has_action(game, ActionKind.YES)


@pytest.mark.parametrize(("top", "called"), [("B3-029", True), ("B3-031", False)])
def test_B3_020_a_unit_on_top_called_to_this_column(ldb, top, called):
    """SB1: the top card, a unit, is called to this unit's column (its other circle, the front
    one); an order on top stays in the deck."""
    game, _ = _placed(ldb, "B3-020", Circle.BACK_LEFT, deck=[top] + [G2] * 9)
    front = game.state.board.circles[0][Circle.FRONT_LEFT]
    assert bool(front) is called
    if called:
        assert game.state.card(front[0]).id == top


@pytest.mark.parametrize(("meteorite", "asked"), [(True, True), (False, False)])
def test_B3_038_with_a_meteorite_sb3_draw_and_5000(ldb, meteorite, asked):
    """With a Meteorite in the order zone, SB3: draw and +5000; without one, not asked."""
    game = scene(ldb, {"vanguard": V3, "soul": [G2] * 3, "hand": ["B3-038"],
                       "order_zone": ["B3-094"] if meteorite else []})
    unit = call_from_hand(game, 0, "B3-038", Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.YES) is asked
    _answer_all(game)
    if asked:
        assert power_of(game, unit) == 15000 and len(cards_in(game, 0, Zone.HAND)) == 1


def test_B3_040_a_world_of_the_top_three_and_a_token_under_ordeveil(ldb):
    """Placed: of the top three, the World to hand, the other two to the bottom; under
    «Vesper Hierarch, Ordeveil», SB1 & retire it: a «Nightshade» token."""
    game = scene(ldb, {"vanguard": "PO-001", "soul": [G2], "hand": ["B3-040"],
                       "deck": [G2, "PO-009", "B3-080"] + ["B3-092"] * 7})
    unit = call_from_hand(game, 0, "B3-040", Circle.FRONT_LEFT)
    _answer_all(game)
    assert ids_in(game, 0, Zone.HAND) == ["PO-009"]
    assert ids_in(game, 0, Zone.DECK)[0] == "B3-092" and len(cards_in(game, 0, Zone.DECK)) == 9
    game.step(pick(game, ActionKind.ACT, card=unit))
    _answer_all(game)
    assert [game.state.card(u).id for u in q.rear_guards(game.state, 0)] == ["TOKEN-NIGHTSHADE"]


def test_B3_089_imprison_and_soul_charge_its_grade(ldb):
    """With a Prison, CB1: the opponent's grade 2 rear-guard imprisoned, Soul Charge (2)."""
    game, _ = _placed(ldb, "B3-089", soul=[], order_zone=["PH-015"])
    assert len(cards_in(game, 0, Zone.SOUL)) == 0
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "hand": ["B3-089"],
                       "order_zone": ["PH-015"]}, {"vanguard": V3, "rear": {"front_left": G2}})
    call_from_hand(game, 0, "B3-089", Circle.FRONT_LEFT)
    _answer_all(game)
    assert q.rear_guards(game.state, 1) == [] and len(cards_in(game, 0, Zone.SOUL)) == 2


def test_B3_102_placed_stands_a_rested_back_row_rear_guard(ldb):
    """Placed: a rested back-row rear-guard stands; with none rested nothing is asked."""
    game, _ = _placed(ldb, "B3-102", Circle.FRONT_LEFT, rear={"back_left": G2},
                      rested=["back_left"])
    assert not is_rested(game, unit_at(game, 0, Circle.BACK_LEFT))


@pytest.mark.parametrize("vanguard_is_six", [True, False])
def test_B3_104_discard_the_seeress_for_her_10000(ldb, vanguard_is_six):
    """Discard a «Sixfold Orb Seeress»: the vanguard of that name +10000; another vanguard gets
    nothing (the cost may still be paid)."""
    six = next(c.id for c in ldb if c.names == ("Sixfold Orb Seeress",))
    vanguard = six if vanguard_is_six else V3
    game = scene(ldb, {"vanguard": vanguard, "hand": ["B3-104", six]})
    call_from_hand(game, 0, "B3-104", Circle.BACK_LEFT)
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == ldb[vanguard].power + (
        10000 if vanguard_is_six else 0)
    assert ids_in(game, 0, Zone.DROP) == [six]


def test_B3_032_sb2_front_row_5000_and_critical_in_final_rush(ldb):
    """SB2: the front row +5000; in Final Rush the vanguard critical +1 too; once a turn."""
    for rush, crit in ((True, 2), (False, 1)):
        side = {"vanguard": V3, "soul": [G2] * 2, "rear": {"front_left": "B3-032"}}
        if rush:
            side["states"] = ["final_rush"]
        game = scene(ldb, side)
        unit = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ACT, card=unit))
        _answer_all(game)
        assert power_of(game, unit) == 15000 and power_of(game, unit_at(game, 0, Circle.VC)) == 18000
        assert critical_of(game, unit_at(game, 0, Circle.VC)) == crit
        assert not has_action(game, ActionKind.ACT, card=unit)


def test_B3_079_from_the_soul_to_the_drop_for_greedor_5000(ldb):
    """In the soul under «Avarice Fiend Dragon, Greedor»: into the drop, the vanguard +5000;
    under another vanguard it is not offered."""
    game = scene(ldb, {"vanguard": "B3-003", "soul": ["B3-079"]})
    yarva = cards_in(game, 0, Zone.SOUL)[0]
    game.step(pick(game, ActionKind.ACT, card=yarva))
    _answer_all(game)
    assert zone_of(game, yarva) is Zone.DROP
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    game = scene(ldb, {"vanguard": V3, "soul": ["B3-079"]})
    assert not has_action(game, ActionKind.ACT)


def test_B3_098_persona_rode_cb2_retire_a_grade_3_drive_plus_1(ldb):
    """After a persona ride, CB2 & retire it: a grade 3 unit drive +1; without one, not offered."""
    game = scene(ldb, {"vanguard": "B3-009", "damage": [G2] * 2, "hand": ["B3-009"],
                       "rear": {"back_left": "B3-098"}}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B3-009")))
    _drain(game)
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    _answer_all(game)
    assert zone_of(game, unit) is Zone.DROP
    assert q.drive(game.state, unit_at(game, 0, Circle.VC)) == 3
    game = scene(ldb, {"vanguard": V3, "damage": [G2] * 2, "rear": {"back_left": "B3-098"}})
    assert not has_action(game, ActionKind.ACT)


def test_B3_099_into_the_soul_rest_another_grade_3s_of_the_top_three(ldb):
    """This unit into the soul & rest another: the grade 3s of the top three to hand, the rest
    into the drop."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B3-099", "front_left": G2},
                       "deck": [V3, G2, V3] + [G2] * 7})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    for _ in range(10):
        if game.decision.kind is DecisionKind.MAIN_PHASE:
            break
        acts = game.legal_actions()
        picks = [a for a in acts if a.kind is ActionKind.PICK]
        game.step(picks[0] if picks else pick(game, ActionKind.DONE))
    assert ids_in(game, 0, Zone.HAND) == [V3, V3] and ids_in(game, 0, Zone.DROP) == [G2]
    assert is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))


def test_B3_115_cb1_bind_itself_an_order_from_the_drop(ldb):
    """CB1 & bind this unit: an order of the drop to hand; with no face-up damage not offered."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "rear": {"back_left": "B3-115"},
                       "drop": ["B3-119", G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    _answer_all(game)
    assert ids_in(game, 0, Zone.HAND) == ["B3-119"] and ids_in(game, 0, Zone.BIND) == ["B3-115"]
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B3-115"}, "drop": ["B3-119"]})
    assert not has_action(game, ActionKind.ACT)


def test_B3_053_after_an_order_discard_an_order_draw(ldb):
    """After an order this turn, discard an order: draw; before any order, not offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B3-053"},
                       "hand": ["B3-119", "B3-031"]})
    crow = unit_at(game, 0, Circle.BACK_LEFT)
    assert not has_action(game, ActionKind.ACT, card=crow)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B3-119")))
    _answer_all(game)
    game.step(pick(game, ActionKind.ACT, card=crow))
    _answer_all(game)
    assert ids_in(game, 0, Zone.DROP).count("B3-031") == 1 and len(cards_in(game, 0, Zone.HAND)) == 1


def test_B3_037_soul_charge_four_and_final_rush_steps(ldb):
    """CB1: Soul Charge (4); in Final Rush with eight in the soul, draw and the front row +10000
    (twelve not reached: no critical); without Final Rush only the charge."""
    for rush in (True, False):
        side = {"vanguard": V3, "damage": [G2], "soul": [G2] * 4, "hand": ["B3-037"],
                "rear": {"front_left": G2}}
        if rush:
            side["states"] = ["final_rush"]
        game = scene(ldb, side)
        game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B3-037")))
        _answer_all(game)
        assert len(cards_in(game, 0, Zone.SOUL)) == 8
        assert len(cards_in(game, 0, Zone.HAND)) == (1 if rush else 0)
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == (20000 if rush else 10000)
        assert critical_of(game, unit_at(game, 0, Circle.VC)) == 1


def test_B3_119_the_chosen_unit_gains_5000_when_another_attacks(ldb):
    """The order gives the vanguard "when another of your units attacks, +5000": a rear-guard's
    attack raises it; the vanguard's own attack does not."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-119"], "rear": {"front_left": G2}})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B3-119")))
    _answer_all(game)
    game.step(pick(game, ActionKind.DONE))                       # to the battle phase
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    _answer_all(game)
    assert power_of(game, vanguard) == 18000


@pytest.mark.parametrize(("theirs", "power"), [(0, 23000), (2, 19000), (5, 13000)])
def test_B3_002_sb1_plus_2000_for_each_open_circle_of_the_opponent(ldb, theirs, power):
    """Attacking, SB1: +2000 for each of the opponent's open RCs (five RCs, none to all taken)."""
    circles = ("front_left", "front_right", "back_left", "back_center", "back_right")
    game = _attacks(ldb, {"rear": {"front_left": "B3-002"}},
                    {"vanguard": V3, "rear": dict(zip(circles, [G2] * theirs))})
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_B3_002_placed_under_eugrand_feeds_the_soul_draws_and_retires_a_grade_2(ldb):
    """Under «Dustgale Siege Gunner, Eugrand»: a hand card into the soul, draw, a grade 2+
    rear-guard retired (the grade 1 one stays); under another vanguard nothing is asked."""
    eugrand = next((c.id for c in ldb if c.names == ("Dustgale Siege Gunner, Eugrand",)), None)
    if eugrand is None:
        pytest.fail("no card named «Dustgale Siege Gunner, Eugrand» in the corpus")
    them = {"vanguard": V3, "rear": {"front_left": G2, "front_right": "B3-078"}}
    game = scene(ldb, {"vanguard": eugrand, "hand": ["B3-002", G2]}, them)
    call_from_hand(game, 0, "B3-002", Circle.BACK_LEFT)
    _answer_all(game)
    assert ids_in(game, 0, Zone.SOUL) == [G2] and len(cards_in(game, 0, Zone.HAND)) == 1
    assert [game.state.card(u).id for u in q.rear_guards(game.state, 1)] == ["B3-078"]
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-002", G2]}, them)
    call_from_hand(game, 0, "B3-002", Circle.BACK_LEFT)
    assert not has_action(game, ActionKind.YES)


def test_B3_057_retires_every_rear_guard_of_the_chosen_column(ldb):
    """CB2: the chosen front-left rear-guard and the back-left one behind it are retired; the
    right column's stays."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2] * 2, "hand": ["B3-057"]},
                 {"vanguard": V3, "rear": {"front_left": G2, "back_left": "B3-078",
                                           "front_right": G2}})
    call_from_hand(game, 0, "B3-057", Circle.FRONT_LEFT)
    say_yes(game)
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    _answer_all(game)
    assert [q.position(u).circle for u in q.rear_guards(game.state, 1)] == [Circle.FRONT_RIGHT]


def test_B3_005_placed_on_vc_two_meteorites_into_the_order_zone(ldb):
    """Ridden: up to two Meteorites of the deck into the order zone (a set order put there by an
    effect, not played), the deck shuffled."""
    game = scene(ldb, {"vanguard": "B3-038", "hand": ["B3-005"],
                       "deck": ["B3-094"] * 3 + [G2] * 7}, phase="ride", turn=4)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B3-005")))
    _answer_all(game)
    _drain(game)
    assert ids_in(game, 0, Zone.ORDER).count("B3-094") == 2
    assert ids_in(game, 0, Zone.DECK).count("B3-094") == 1


@pytest.mark.parametrize(("meteorites", "power", "crit"), [(3, 28000, 2), (1, 28000, 1)])
def test_B3_005_attack_meteorites_to_the_drop_15000_and_critical_at_three(ldb, meteorites,
                                                                          power, crit):
    """Attacking, CB1 & every Meteorite of the order zone to the drop: +15000; three or more
    put: critical +1 too."""
    game = scene(ldb, {"vanguard": "B3-005", "damage": [G2], "rear": {"front_left": G2},
                       "order_zone": ["B3-094"] * meteorites}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    for _ in range(meteorites):
        if not has_action(game, ActionKind.PICK):
            break
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    if has_action(game, ActionKind.DONE) and game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.DONE))
    assert (power_of(game, vanguard), critical_of(game, vanguard)) == (power, crit)
    assert ids_in(game, 0, Zone.ORDER) == []


@pytest.mark.parametrize(("deck", "placed"), [(["B3-094"] + [G2] * 9, 1), ([G2] * 10, 0)])
def test_B3_083_hit_a_meteorite_of_the_deck_into_the_order_zone(ldb, deck, placed):
    """Its hit: a Meteorite of the deck into the order zone; with none in the deck, nothing."""
    game = _attacks(ldb, {"rear": {"front_left": "B3-083"}, "deck": deck},
                    {"vanguard": V3, "rear": {"front_right": G2}}, target=Circle.FRONT_RIGHT)
    no_guard(game)
    _answer_all(game)
    assert ids_in(game, 0, Zone.ORDER).count("B3-094") == placed


def test_B3_090_act_under_nortling_two_meteorites_from_hand(ldb):
    """Under «Gravitas Nortling», SB1: two Meteorites of the hand into the order zone, +2000,
    once a turn; another card of the hand stays."""
    game = scene(ldb, {"vanguard": "B3-005", "soul": [G2], "rear": {"back_left": "B3-090"},
                       "hand": ["B3-094", "B3-094", "B3-093"]})
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    _answer_all(game)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.DONE))
    assert ids_in(game, 0, Zone.ORDER) == ["B3-094", "B3-094"]
    assert ids_in(game, 0, Zone.HAND) == ["B3-093"] and power_of(game, unit) == 10000
    assert not has_action(game, ActionKind.ACT, card=unit)


@pytest.mark.parametrize(("rest", "discarded"), [(0, 5), (2, 3), (4, 0)])
def test_B3_007_rest_any_number_as_a_cost_then_discard_by_how_many(ldb, rest, discarded):
    """A cost `choose` with `min` takes any number from `min` up to `count` (it took exactly
    `min` before): CB2 & rest 0, 2 or 4 standing rear-guards; +5000 for the battle; at its end
    three cards are discarded if three or fewer were rested, two more if one or none."""
    rear = {"front_left": "B3-007", "back_left": G2, "back_center": G2, "back_right": G2,
            "front_right": G2}
    game = scene(ldb, {"vanguard": V3, "damage": [G2] * 2, "rear": rear, "hand": [G2] * 6},
                 phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    for _ in range(rest):
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    if rest < 4:
        game.step(pick(game, ActionKind.DONE))
    assert power_of(game, unit) == 18000
    assert sum(is_rested(game, u) for u in q.rear_guards(game.state, 0)) == rest + 1
    no_guard(game)
    _answer_until(game, lambda g: has_action(g, ActionKind.ATTACK) or
                  g.decision.kind is DecisionKind.MAIN_PHASE)
    assert len(cards_in(game, 0, Zone.HAND)) == 6 - discarded


# -- more autos -------------------------------------------------------------------------------------

def test_B3_009_in_the_first_battle_nothing_is_gained(ldb):
    """The position where its condition fails: attacking in the first battle, CB1 is paid but
    no draw, no retire (the third to fifth battles are random play only)."""
    game = scene(ldb, {"vanguard": "B3-009", "damage": [G2], "rear": {"front_left": G2}},
                 {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}},
                 phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    assert len(cards_in(game, 0, Zone.HAND)) == 0 and len(q.rear_guards(game.state, 1)) == 2


def test_B3_023_stands_after_attacking_a_rear_guard_under_flagmoor(ldb):
    """At the end of its battle against a rear-guard, under «Flagship Drake, Flagmoor», SB1:
    it stands, once a turn; against the vanguard nothing is asked."""
    game = _attacks(ldb, {"vanguard": "B3-009", "rear": {"front_left": "B3-023"}},
                    {"vanguard": V3, "rear": {"front_right": G2}}, target=Circle.FRONT_RIGHT)
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    no_guard(game)
    _answer_all(game)
    assert not is_rested(game, unit)
    game = _attacks(ldb, {"vanguard": "B3-009", "rear": {"front_left": "B3-023"}})
    no_guard(game)
    _answer_all(game)
    assert is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))


def test_B3_028_vanguard_hit_retire_self_draw_and_counter_charge(ldb):
    """Your vanguard hits: retire this unit, draw, and a face-down damage turns face up."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "damage_face_down": 1,
                       "rear": {"back_left": "B3-028", "front_left": G2}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    no_guard(game)
    _answer_until(game, lambda g: has_action(g, ActionKind.ATTACK))
    assert ids_in(game, 0, Zone.DROP) == ["B3-028"]
    assert all(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))


def test_B3_029_called_from_the_soul_after_an_opponent_retire(ldb):
    """In the soul: not offered before an opponent's rear-guard is retired this turn; after
    B3-057 retired one, CB1 calls it to RC."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2] * 3, "soul": ["B3-029"],
                       "hand": ["B3-057"]}, {"vanguard": V3, "rear": {"front_left": G2}})
    orlan = card_named(game, 0, Zone.SOUL, "B3-029")
    assert not has_action(game, ActionKind.ACT, card=orlan)
    call_from_hand(game, 0, "B3-057", Circle.BACK_LEFT)
    _answer_all(game)
    assert q.rear_guards(game.state, 1) == []
    game.step(pick(game, ActionKind.ACT, card=orlan))
    _answer_all(game)
    assert len(q.rear_guards(game.state, 0)) == 2 and "B3-029" not in ids_in(game, 0, Zone.SOUL)


def test_B3_045_drive_trigger_feeds_the_soul_and_draws(ldb):
    """A trigger revealed by your drive check: a hand card into the soul, draw."""
    game = scene(ldb, {"vanguard": V3, "hand": [G2], "rear": {"back_left": "B3-045",
                                                             "front_left": G2},
                       "deck": ["PV-012"] + [G2] * 9}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    no_guard(game)
    _answer_until(game, lambda g: has_action(g, ActionKind.ATTACK))
    assert ids_in(game, 0, Zone.SOUL) == [G2]


def test_B3_064_not_boosted_shield_10000_boosted_nothing(ldb):
    """Guarding an unboosted attack: shield +10000 (15000); a boosted one: 5000."""
    for boosted, shield in ((False, 15000), (True, 5000)):
        rear = {"front_left": G2, "back_left": "B3-036"} if boosted else {"front_left": G2}
        game = scene(ldb, {"vanguard": V3, "hand": ["B3-064"]}, {"vanguard": V3, "rear": rear},
                     phase="battle", turn_player=1)
        attack(game, unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 0, Circle.VC))
        if boosted:
            game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 1, Circle.BACK_LEFT)))
        guard = _guard_until_asked_again(game, "B3-064")
        assert q.shield(game.state, guard) == shield


def test_B3_087_sb1_discard_a_set_order_shield_15000(ldb):
    """Placed on GC, SB1 & discard a set order: shield +15000; with no set order in hand the
    cost cannot be paid."""
    for hand, shield in ((["B3-093"], 20000), ([G2], 5000)):
        game = scene(ldb, {"vanguard": V3, "soul": [G2], "hand": ["B3-087"] + hand},
                     {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
        attack(game, unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 0, Circle.VC))
        guard = _guard_until_asked_again(game, "B3-087")
        assert q.shield(game.state, guard) == shield


def test_B3_106_on_gc_shield_5000(ldb):
    """A grade 3 guarding: shield +5000 (printed 0)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-106"]},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 0, Circle.VC))
    guard = card_named(game, 0, Zone.HAND, "B3-106")
    game.step(pick(game, ActionKind.GUARD, card=guard))
    _answer_until(game, lambda g: zone_of(g, guard) is Zone.GC)
    assert q.shield(game.state, guard) == 5000


def test_B3_107_blitz_cb2_for_40000_or_10000(ldb):
    """Played for your attacked «Sixfold Orb Seeress»: CB2 gives +40000, declined +10000."""
    six = next(c.id for c in ldb if c.names == ("Sixfold Orb Seeress",))
    for answer, bonus in ((ActionKind.YES, 40000), (ActionKind.NO, 10000)):
        game = scene(ldb, {"vanguard": six, "damage": [G2] * 2, "hand": ["B3-107"]},
                     {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle",
                     turn_player=1)
        attack(game, unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 0, Circle.VC))
        game.step(pick(game, ActionKind.PLAY_ORDER))
        _answer_until(game, lambda g: has_action(g, ActionKind.YES))
        game.step(pick(game, answer))
        _answer_all(game)
        assert power_of(game, unit_at(game, 0, Circle.VC)) == ldb[six].power + bonus


def test_B3_117_another_unit_placed_5000_once_a_turn(ldb):
    """Another unit placed on RC: +5000, once a turn (a second call adds nothing)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": "B3-117"}, "hand": [G2, G2]})
    call_from_hand(game, 0, G2, Circle.FRONT_LEFT)
    _answer_all(game)
    call_from_hand(game, 0, G2, Circle.FRONT_RIGHT)
    _answer_all(game)
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 13000


def test_B3_081_blitz_with_four_soul_charges_and_weakens_the_attacker(ldb):
    """Against an attacking vanguard, with four in the soul: Soul Charge (1) and the attacker
    -5000; with three in the soul nothing happens."""
    for soul, power in ((4, 8000), (3, 13000)):
        game = scene(ldb, {"vanguard": V3, "soul": [G2] * soul, "hand": ["B3-081"]},
                     {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
        attacker = unit_at(game, 1, Circle.VC)
        attack(game, attacker, unit_at(game, 0, Circle.VC))
        game.step(pick(game, ActionKind.PLAY_ORDER))
        _answer_all(game)
        assert power_of(game, attacker) == power


@pytest.mark.parametrize("mode", ["soul_blast", "reveal"])
def test_B3_050_ridden_upon_one_of_two_costs_calls_it_from_the_soul(ldb, mode):
    """Ridden upon by «Flagship Drake, Flagmoor»: the player chooses the cost, SB1 of another
    card or a revealed «Flagmoor» / «Inroad Gunner» of the hand, and it is called to RC; with
    neither payable (no other soul card, no such card in hand) it stays in the soul."""
    soul = [G2] if mode == "soul_blast" else []
    hand = ["B3-009"] + (["B3-113"] if mode == "reveal" else [])
    game = scene(ldb, {"vanguard": "B3-050", "soul": soul, "hand": hand}, phase="ride", turn=4)
    raider = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B3-009")))
    _answer_until(game, lambda g: g.decision.kind is DecisionKind.YES_NO and
                  g.decision.source == raider)
    game.step(pick(game, ActionKind.YES if mode == "soul_blast" else ActionKind.NO))
    _answer_all(game)
    assert zone_of(game, raider) is Zone.RC
    game = scene(ldb, {"vanguard": "B3-050", "hand": ["B3-009"]}, phase="ride", turn=4)
    raider = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B3-009")))
    _drain(game)
    assert zone_of(game, raider) is Zone.SOUL


def test_B3_084_the_opponent_imprisons_a_hand_card_of_their_choice_and_draws(ldb):
    """With a Prison: the opponent chooses one of their hand cards, it is imprisoned, and they
    draw a card (their hand keeps its size, their deck loses one); without a Prison nothing."""
    them = {"vanguard": V3, "hand": [G2, "B3-078"]}
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-084"], "order_zone": ["PH-015"]}, them)
    call_from_hand(game, 0, "B3-084", Circle.BACK_LEFT)
    assert game.decision.player == 1
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 1, Zone.HAND, "B3-078")))
    _answer_all(game)
    assert ids_in(game, 1, Zone.HAND).count("B3-078") == 0 and len(cards_in(game, 1, Zone.HAND)) == 2
    assert len(cards_in(game, 1, Zone.DECK)) == 9
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-084"]}, them)
    call_from_hand(game, 0, "B3-084", Circle.BACK_LEFT)
    assert len(cards_in(game, 1, Zone.HAND)) == 2 and len(cards_in(game, 1, Zone.DECK)) == 10


def test_an_opponent_s_draw_is_refused_in_a_cost_and_with_up_to(tmp_path, ldb):
    """`draw` with `player = "opponent"` is an effect of all n cards: in a cost, or with
    up_to, the loader refuses it in one line naming the field."""
    from tests.cards.conftest import refused_file
    card = """
[[card]]
id = "ZB3-4"
names = ["Gift Probe"]
grade = 1
power = 8000
[[card.ability]]
kind = "act"
zones = ["rc"]
%s
text = "x"
"""
    refused_file(tmp_path, card % 'cost = [{ op = "draw", n = 1, player = "opponent" }]\neffect = []',
                 ldb, "cost[0].player", "not in a cost")
    refused_file(tmp_path, card % 'effect = [{ op = "draw", n = 2, up_to = true, player = "opponent" }]',
                 ldb, "effect[0].player", "up_to")


# -- card_moved names its source (TERM-02) -------------------------------------------------------

def test_TERM_02_card_moved_into_the_soul_by_your_vanguard_s_cost_names_it(ldb):
    """«Greedor»'s cost puts four standing rear-guards into the soul: B3-072 among them was
    moved by the vanguard's ability (its cost is part of it), CB1: the vanguard +10000; B3-016
    too, CB2: +5000 and drive +1."""
    rear = {"front_left": "B3-072", "front_right": "B3-016", "back_left": G2, "back_right": G2}
    game = scene(ldb, {"vanguard": "B3-003", "damage": [G2] * 3, "soul": [G2] * 2, "rear": rear},
                 phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    _answer_until(game, lambda g: ids_in(g, 0, Zone.SOUL).count("B3-072") == 1 and
                  g.decision.kind is DecisionKind.MAIN_PHASE or has_action(g, ActionKind.ATTACK),
                  limit=80)
    assert power_of(game, vanguard) == 13000 + 10000 + 5000
    assert q.drive(game.state, vanguard) == 3
    assert not is_rested(game, vanguard)


def test_TERM_02_card_moved_by_a_rear_guard_s_ability_is_not_the_vanguard_s(ldb):
    """B3-075 puts itself into the soul by its own ability (a rear-guard's): B3-072 would not
    trigger; B3-072 put into the soul as B3-015's cost (a rear-guard's ACT) does not either."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2] * 2, "states": ["final_rush"],
                       "rear": {"front_left": "B3-015", "back_left": "B3-072",
                                "back_right": G2}, "soul": ["B3-036"]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    _answer_all(game)
    assert "B3-072" in ids_in(game, 0, Zone.SOUL)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000
    assert len([c for c in cards_in(game, 0, Zone.DAMAGE) if not is_face_up(game, c)]) == 0


def test_B3_094_put_into_the_order_zone_by_the_vanguard_may_draw(ldb):
    """«Gravitas Nortling» ridden puts two B3-094 into the order zone: each may soul charge and,
    put there by the vanguard's ability, draw; played from hand (by the rules) it soul charges
    only."""
    game = scene(ldb, {"vanguard": "B3-038", "hand": ["B3-005"],
                       "deck": ["B3-094"] * 2 + [G2] * 8}, phase="ride", turn=4)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B3-005")))
    _answer_all(game)
    _drain(game)
    assert ids_in(game, 0, Zone.ORDER) == ["B3-094", "B3-094"]
    assert len(cards_in(game, 0, Zone.SOUL)) == 1 + 2          # the ridden card and two charges
    assert len(cards_in(game, 0, Zone.HAND)) == 2              # two draws (not a persona ride)
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-094"]})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B3-094")))
    _answer_all(game)
    assert ids_in(game, 0, Zone.ORDER) == ["B3-094"]
    assert len(cards_in(game, 0, Zone.SOUL)) == 1 and cards_in(game, 0, Zone.HAND) == []


# -- the restriction cant_intercept (CORE-10) ----------------------------------------------------

@pytest.mark.parametrize(("soul", "column_intercepts"), [(7, False), (6, True)])
def test_B3_074_076_soul_seven_the_column_can_t_intercept_nor_boost(ldb, soul, column_intercepts):
    """B3-074 on the front left with seven cards in the soul: the opponent's front-right
    rear-guard (its column across the board) is not offered an intercept, the front-left one
    is; with six both are."""
    game = scene(ldb, {"vanguard": V3, "soul": [G2] * soul,
                       "rear": {"front_left": "B3-074", "front_right": G2}},
                 {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}},
                 phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    left, right = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)
    assert has_action(game, ActionKind.INTERCEPT, card=right) is column_intercepts
    assert has_action(game, ActionKind.INTERCEPT, card=left)


def test_B3_074_076_boosting_a_grade_3_no_intercept_that_battle(ldb):
    """B3-076 boosts the grade 3 vanguard: no intercept is offered in that battle; boosting the
    grade 2 rear-guard's attack, the opponent may intercept."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": "B3-076", "front_left": G2,
                                                "back_left": "B3-076"}},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_CENTER)))
    _answer_until(game, lambda g: g.decision.kind is DecisionKind.GUARD)
    assert not has_action(game, ActionKind.INTERCEPT)
    no_guard(game)
    _answer_until(game, lambda g: has_action(g, ActionKind.ATTACK))
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_LEFT)))
    _answer_until(game, lambda g: g.decision.kind is DecisionKind.GUARD)
    assert has_action(game, ActionKind.INTERCEPT)


def test_B3_046_calls_a_card_of_the_name_put_into_the_soul(ldb):
    """A «Desire Fiend, Gorm» of the drop into the soul: of the top three, the Gorm is called,
    not the other unit; with no unit in the drop the cost cannot be paid."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-046"], "drop": ["B3-078"],
                       "deck": [G2, "B3-078", "B3-080"] + [G2] * 7})
    call_from_hand(game, 0, "B3-046", Circle.BACK_LEFT)
    _answer_all(game)
    called = [game.state.card(u).id for u in q.rear_guards(game.state, 0)]
    assert sorted(called) == ["B3-046", "B3-078"] and ids_in(game, 0, Zone.SOUL) == ["B3-078"]
    game = scene(ldb, {"vanguard": V3, "hand": ["B3-046"], "drop": ["B3-031"]})
    call_from_hand(game, 0, "B3-046", Circle.BACK_LEFT)
    assert not has_action(game, ActionKind.YES)


PROBES = """
[[card]]
id = "ZB3-5"
names = ["Probe Blaster"]
grade = 2
power = 10000
shield = 5000

[[card]]
id = "ZB3-6"
names = ["Probe Retirer"]
grade = 2
power = 10000
shield = 5000
[[card.ability]]
kind = "act"
zones = ["rc"]
cost = [{ op = "choose", from = "your_rear_guards", where = { not_self = true }, count = 1, as = "paid" }, { op = "retire", target = "paid" }]
effect = []
text = "[ACT](RC): COST [retire another of your rear-guards]."
[[card.ability]]
kind = "act"
zones = ["rc"]
effect = [{ op = "choose", from = "your_rear_guards", where = { not_self = true }, count = 1, as = "gone" }, { op = "retire", target = "gone" }]
text = "[ACT](RC): retire another of your rear-guards."
"""


@pytest.mark.parametrize(("index", "found"), [(0, True), (1, False)])
def test_B3_044_retired_for_a_cost_looks_for_a_blaster(ldb, tmp_path, index, found):
    """Retired to pay a cost: of the top three, the «Blaster» card to hand, the rest to the
    bottom; retired by an effect, nothing."""
    path = tmp_path / "probes.toml"
    path.write_text(PROBES)
    db = vg.CardDB.load(path, base=ldb)
    game = scene(db, {"vanguard": V3, "rear": {"back_left": "B3-044", "front_left": "ZB3-6"},
                      "deck": [G2, "ZB3-5", G2] + [G2] * 7})
    acts = [a for a in game.legal_actions() if a.kind is ActionKind.ACT]
    game.step(acts[index])
    _answer_all(game)
    assert "B3-044" in ids_in(game, 0, Zone.DROP)
    assert (ids_in(game, 0, Zone.HAND) == ["ZB3-5"]) is found


@pytest.mark.parametrize(("bind", "face_down"), [(0, 4), (3, 1), (6, 0)])
def test_B3_055_counter_blast_four_less_one_per_bound_card(ldb, bind, face_down):
    """A size less a count: Counter Blast (4) with an empty bind zone, (1) with three bound
    cards, none with six (never below 0); it draws two either way."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2] * 4, "bind": [G2] * bind,
                       "hand": ["B3-055"]})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B3-055")))
    pay_first_cards(game)
    _answer_all(game)
    assert sum(not is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == face_down
    assert len(cards_in(game, 0, Zone.HAND)) == 2


def test_B3_055_not_playable_without_enough_face_up_damage(ldb):
    """Four to pay and three face-up damage: the order is not offered (CORE-19)."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2] * 3, "hand": ["B3-055"]})
    assert not has_action(game, ActionKind.PLAY_ORDER)


def test_a_size_less_a_count_names_its_keys(tmp_path, ldb):
    """`{ start = 4 }` without `less`, or with an unknown key, is refused in one line."""
    from tests.cards.conftest import refused_file
    card = """
[[card]]
id = "ZB3-7"
names = ["Less Probe"]
grade = 1
power = 8000
[[card.ability]]
kind = "act"
zones = ["rc"]
cost = [{ op = "counter_blast", n = %s }]
effect = []
text = "x"
"""
    refused_file(tmp_path, card % "{ start = 4 }", ldb, "n.less", "missing")
    refused_file(tmp_path, card % '{ start = 4, less = { from = "your_bind" }, more = 1 }', ldb,
                 "n.more", "unknown key")


# -- the rule hook damage_to_lose (CORE-16) ------------------------------------------------------

@pytest.mark.parametrize(("soul", "over_at"), [(["B3-003"], 7), ([G2], 6)])
def test_CORE_16_greedor_with_its_name_in_the_soul_loses_at_seven(ldb, soul, over_at):
    """With «Avarice Fiend Dragon, Greedor» on VC and a card of its name in the soul, the sixth
    damage does not lose, the seventh does; without one in the soul the sixth loses (CORE-16).
    Five damage, then two unguarded attacks of the opponent's vanguard and rear-guard."""
    game = scene(ldb, {"vanguard": "B3-003", "soul": soul, "damage": [G2] * 5},
                 {"vanguard": V3, "rear": {"front_left": V3}}, phase="battle", turn_player=1)
    for attacker in (Circle.VC, Circle.FRONT_LEFT):
        if game.over:
            break
        attack(game, unit_at(game, 1, attacker), unit_at(game, 0, Circle.VC))
        no_guard(game)
        for _ in range(20):
            if game.over or has_action(game, ActionKind.ATTACK):
                break
            game.step(game.legal_actions()[0])
    assert game.over and damage_count(game, 0) == over_at


def test_CORE_16_damage_to_lose_needs_a_positive_limit(tmp_path, ldb):
    """`modify_rule` `damage_to_lose` takes `change = "limit"` and an amount of 1 or more."""
    from tests.cards.conftest import refused_file
    card = """
[[card]]
id = "ZB3-8"
names = ["Limit Probe"]
grade = 3
power = 13000
[[card.ability]]
kind = "cont"
zones = ["vc"]
effect = [{ op = "modify_rule", rule = "damage_to_lose", change = "%s", amount = %d }]
text = "x"
"""
    refused_file(tmp_path, card % ("limit", 0), ldb, "amount", "1 or more")
    refused_file(tmp_path, card % ("waive", 7), ldb, "change", "limit")
