"""Study of one whole main booster (issue 39 item 7): D-BT05 "Triumphant Return of the Brave
Heroes", its 90 numbered cards (tests/cards/corpus/b_dbt05.toml, ids B5-NNN; graded in
docs/boosters/d-bt05.md). (a) the file and the doc's table agree card by card; (b) random games
between the nations' decks end with no engine error and play the booster's abilities; (c)
judge-style scenarios of the cards' effects and of positions where a condition or cost fails,
and of the constructs built for the booster (`any_of` filters, a derived `look_top` size)."""

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
from tests.cards.conftest import G2, V3, refused_file, scene
from tests.cards.study_helpers import (
    abilities_played,
    attack,
    booster_table,
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
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

DOC = Path(__file__).parents[2] / "docs" / "boosters" / "d-bt05.md"
G1 = "B5-049"                                   # a vanilla grade 1 of the booster (8000)


def _rows() -> list[tuple[str, str, str]]:
    """(no., our name, verdict) of the doc's table."""
    return [(no, ours, verdict) for no, ours, _, verdict, _, _ in booster_table(DOC)]


def test_every_card_of_the_booster_has_one_row_and_the_file_matches_it(ldb):
    """90 rows, 001-090 once each, each `full` or `partial`; every row is the card B5-NNN of
    that name, and the file has no numbered card without a row (its stand-ins B5-X.. and tokens
    B5-T.. are not rows)."""
    rows = _rows()
    assert [r[0] for r in rows] == [f"{n:03d}" for n in range(1, 91)]
    for number, name, verdict in rows:
        assert verdict.split()[0] in ("full", "partial"), number
        assert ldb[f"B5-{number}"].names[0] == name, number
    numbered = {c.id for c in ldb if re.fullmatch(r"B5-\d{3}", c.id)}
    assert numbered == {f"B5-{r[0]}" for r in rows}


# -- (b) random games ---------------------------------------------------------------------------

RIDE_LINES = {   # G0, G1, G2, G3 of each deck's ride deck
    "dragon_empire": ("B5-061", "B5-059", "B5-039", "B5-007"),
    "dark_states": ("B5-066", "B5-065", "B5-041", "B5-008"),
    "brandt_gate": ("B5-072", "B5-070", "B5-044", "B5-009"),
    "keter_tegris": ("B5-084", "B5-081", "B5-047", "B5-010"),
    "keter_lumen": ("B5-083", "B5-051", "B5-005", "B5-004"),
    "stoicheia": ("B5-090", "B5-088", "B5-053", "B5-012"),
}
# Keter Sanctuary has 30 cards: its two decks split them by line.
LUMEN = {"B5-003", "B5-006", "B5-011", "B5-032", "B5-048", "B5-052", "B5-074", "B5-079",
         "B5-082", "B5-X02", "B5-X03"}


def _deck(db: vg.CardDB, name: str) -> vg.Deck:
    """A 50-card deck of one nation's D-BT05 cards (and the stand-ins its abilities name):
    the ride line, then the others, four copies each in id order, at most 50. The booster has no
    trigger units, so the decks are not standard-legal (16 triggers): played unvalidated."""
    line = RIDE_LINES[name]
    nation = "keter_sanctuary" if name.startswith("keter") else name
    mine = sorted(c.id for c in db if re.fullmatch(r"B5-[0X]\d\d", c.id)
                  and c.nation == nation and c.id not in line)
    if nation == "keter_sanctuary":
        mine = [c for c in mine if (c in LUMEN) == (name == "keter_lumen")]
    main = fill_deck(list(line), mine, 4)
    return vg.Deck(name=name, main=tuple(main), starter=line[0], ride_deck=line)


def test_random_games_between_the_decks_play_the_booster(ldb):
    """Thirty seeded games between the six decks (each against another, both sides first): a
    random agent (busy actions preferred) plays each to its end, the invariants holding at the
    end; at least 62 of the booster's 79 cards with an act, auto or order play get one played
    (measured: 67 over these 30 games)."""
    decks = [_deck(ldb, name) for name in RIDE_LINES]
    played: set[str] = set()
    for seed in range(30):
        first, second = decks[seed % 6], decks[(seed + 1 + seed // 6) % 6]
        game = vg.Game(first, second, seed=seed, db=ldb, validate=False)
        rng = np.random.default_rng(seed)
        play_busy(game, rng, 3000)
        assert game.over, f"seed {seed}: no end within 3000 decisions"
        game.check_invariants()
        played |= abilities_played(game)
    assert len({c for c in played if re.fullmatch(r"B5-\d{3}", c)}) >= 62


# -- (c) scenarios: the patterns many cards share -------------------------------------------------

def _drain(game: vg.Game, until: DecisionKind = DecisionKind.MAIN_PHASE) -> None:
    """Answer every pending question with its first action (optional abilities and costs
    accepted first) until the decision `until`."""
    for _ in range(60):
        if game.decision.kind is until:
            return
        actions = game.legal_actions()
        game.step(next((a for a in actions if a.kind is ActionKind.YES), actions[0]))
    raise AssertionError(f"no {until} within 60 answers: {game.decision}")


FIRST_VANGUARDS = {"B5-061": "B5-059", "B5-066": "B5-065", "B5-072": "B5-070",
                   "B5-083": "B5-051", "B5-084": "B5-081", "B5-090": "B5-088"}


@pytest.mark.parametrize("card_id", sorted(FIRST_VANGUARDS))
@pytest.mark.parametrize(("turn", "drawn"), [(4, 1), (3, 0)])
def test_B5_first_vanguards_draw_when_ridden_going_second(ldb, card_id, turn, drawn):
    """The six grade 0s: ridden on turn 4 (you went second) draw a card; on turn 3 (first),
    none (the rider's own ride autos find nothing in the quiet deck)."""
    rider = FIRST_VANGUARDS[card_id]
    game = scene(ldb, {"vanguard": card_id, "hand": [rider]}, phase="ride", turn=turn)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, rider)))
    _drain(game)
    assert len(cards_in(game, 0, Zone.HAND)) == drawn


VANILLAS = ["B5-023", "B5-029", "B5-042", "B5-049", "B5-064"]


@pytest.mark.parametrize("card_id", VANILLAS)
def test_B5_cards_without_a_script_are_vanilla_units(ldb, card_id):
    """The five numbers with no script: vanilla units of the D norms, no ability."""
    card = ldb[card_id]
    assert card.abilities == ()
    assert (card.grade, card.power, card.shield) in ((1, 8000, 5000), (2, 10000, 5000))


QUICK_GUARDS = ["B5-022", "B5-025", "B5-027", "B5-034", "B5-037"]


def _guard_after(ldb, guard: str, attacks: int) -> tuple[vg.Game, int]:
    """Player 1 attacks player 0's vanguard `attacks` times this turn (the earlier attacks by
    rear-guards, unguarded); in the last one player 0 calls `guard` to GC. Return the game and
    the guardian."""
    rears = {"front_left": G2, "front_right": G2}
    game = scene(ldb, {"vanguard": V3, "hand": [guard]}, {"vanguard": V3, "rear": rears},
                 phase="battle", turn_player=1)
    for circle in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT)[:attacks - 1]:
        attack(game, unit_at(game, 1, circle), unit_at(game, 0, Circle.VC))
        no_guard(game)
        _drain(game, DecisionKind.ATTACK)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guardian = card_named(game, 0, Zone.HAND, guard)
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    return game, guardian


@pytest.mark.parametrize("card_id", QUICK_GUARDS)
@pytest.mark.parametrize(("attacks", "shield"), [(2, 20000), (1, 5000)])
def test_B5_quick_guards_shield_15000_from_the_second_attack(ldb, card_id, attacks, shield):
    """Placed on GC in the opponent's second (or later) attack of the turn: Shield+15000 that
    battle; in the first attack, the printed 5000."""
    game, guardian = _guard_after(ldb, card_id, attacks)
    assert zone_of(game, guardian) is Zone.GC and q.shield(game.state, guardian) == shield


INTERCEPT_SHIELDS = {  # card: (its condition met, its condition failing)
    "B5-058": ({}, {"them_vanguard": G2}),
    "B5-068": ({"order_zone": ["B5-028", "B5-028"]}, {"order_zone": ["B5-028"]}),
    "B5-078": ({"damage": [G2] * 3}, {"damage": [G2] * 2}),
}


@pytest.mark.parametrize("card_id", sorted(INTERCEPT_SHIELDS))
@pytest.mark.parametrize("met", [True, False])
def test_B5_interceptors_shield_10000_when_their_condition_holds(ldb, card_id, met):
    """Put on GC from RC (an intercept): Shield+10000 that battle if the condition holds (058:
    the opponent's vanguard grade 3 or greater; 068: two cards in the order zone; 078: three
    damage), otherwise the printed 5000."""
    side = dict(INTERCEPT_SHIELDS[card_id][0 if met else 1])
    them_vanguard = side.pop("them_vanguard", V3)
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": card_id}, **side},
                 {"vanguard": them_vanguard}, phase="battle", turn_player=1)
    interceptor = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.INTERCEPT, card=interceptor))
    assert q.shield(game.state, interceptor) == (15000 if met else 5000)


# -- (c) the constructs built for the booster ---------------------------------------------------

def _offered(game: vg.Game) -> set[str]:
    """The card ids a CHOOSE_CARD decision offers."""
    assert game.decision.kind is DecisionKind.CHOOSE_CARD, game.decision
    return {game.state.card(a.card).id for a in game.legal_actions() if a.kind is ActionKind.PICK}


def test_any_of_filter_offers_the_cards_of_either_table(ldb):
    """`where = { trigger = "none", unit = true, any_of = [...] }` (B5-020): among the seven
    looked at, a «Stealth» unit, a glitter card and a card with a glitter ability are offered,
    a plain unit is not; choosing one puts it into the soul."""
    deck = ["B5-049", "B5-022", "B5-059", "B5-014", G2, G2, G2, G2]
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-020"], "deck": deck})
    placed = card_named(game, 0, Zone.HAND, "B5-020")
    game.step(pick(game, ActionKind.CALL, card=placed, circle=Circle.FRONT_LEFT))
    say_yes(game)
    assert _offered(game) == {"B5-022", "B5-059", "B5-014"}
    game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK
                   and game.state.card(a.card).id == "B5-022"))
    _drain(game)
    assert "B5-022" in ids_in(game, 0, Zone.SOUL)


def test_any_of_filter_with_no_card_of_either_table_offers_nothing(ldb):
    """B5-038 from a drop of plain units: no card passes either table, so nothing moves."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-038"], "soul": [G2], "drop": [G1, G2]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-038"),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    assert sorted(ids_in(game, 0, Zone.DROP)) == sorted([G1, G2, G2])


@pytest.mark.parametrize(("value", "needle"), [
    ("[]", "non-empty list"), ('{ name = "X" }', "non-empty list"),
    ('[{ bogus = 1 }]', "any_of[0].bogus"), ('[{ mark = "no_such_mark" }]', "no_such_mark")])
def test_any_of_filter_refuses_a_wrong_value_in_one_line(tmp_path, ldb, value, needle):
    """A wrong `any_of` (empty, not a list, an unknown filter in a table, a mark no card has)
    is refused at load in one line naming the field."""
    text = f'''[[card]]
id = "ZZ-B5"
names = ["Refused Any"]
grade = 1
power = 8000
nation = "stoicheia"
[[card.ability]]
kind = "auto"
zones = ["rc"]
when = {{ event = "unit_placed", card = "self" }}
effect = [{{ op = "choose", from = "your_drop", where = {{ any_of = {value} }} }}]
text = "x"
'''
    refused_file(tmp_path, text, ldb, "any_of", needle)


@pytest.mark.parametrize("research", [0, 2, 3])
def test_look_top_as_many_as_a_count_B5_009(ldb, research):
    """`look_top` with `n = { from = ..., where = ... }` (B5-009's ACT): it looks at as many
    cards as there are Research orders in the order zone (a set order of another kind does not
    count), offers up to one of them, puts the rest on the bottom, and +5000 either way."""
    orders = ["B5-028"] * research + ["PH-015"]
    deck = ["B5-049", "B5-023", "B5-029", G2, G2, G2]
    game = scene(ldb, {"vanguard": "B5-009", "damage": [G2], "deck": deck,
                       "order_zone": orders})
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    pay_first_cards(game)
    if research:
        assert _offered(game) == set(deck[:research])
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK
                       and game.state.card(a.card).id == "B5-049"))
    _drain(game)
    assert ids_in(game, 0, Zone.HAND) == (["B5-049"] if research else [])
    assert ids_in(game, 0, Zone.DECK)[:len(deck) - research] == deck[research:]
    assert power_of(game, vanguard) == 18000


# -- (c) the cards, one by one ----------------------------------------------------------------

def _pick_id(game: vg.Game, card_id: str, player: int | None = None) -> None:
    """Pick the first offered card with this id (of `player` when given)."""
    game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK
                   and game.state.card(a.card).id == card_id
                   and (player is None or game.state.card(a.card).owner == player)))


@pytest.mark.parametrize(("soul", "power"), [(["B5-X01"], 18000), ([G2], 13000)])
def test_B5_001_plus_5000_with_the_overlord_in_the_soul(ldb, soul, power):
    """VC on your turn with «Searing Overlord» in the soul: +5000; without it 13000."""
    game = scene(ldb, {"vanguard": "B5-001", "soul": soul})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == power


@pytest.mark.parametrize("damage", [1, 0])
def test_B5_001_restands_for_cb1_and_two_discards(ldb, damage):
    """At the end of its battle, CB1 & discard two (the two drive checks filled the hand):
    it stands with drive -1; with no damage to blast the cost cannot be paid and it stays
    rested."""
    game = scene(ldb, {"vanguard": "B5-001", "damage": [G2] * damage,
                       "rear": {"front_left": G2}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    assert is_rested(game, vanguard) is (damage == 0)
    assert len(cards_in(game, 0, Zone.HAND)) == (0 if damage else 2)
    assert q.drive(game.state, vanguard) == (1 if damage else 2)


def test_B5_002_finds_an_overlord_or_counter_charges(ldb):
    """Placed on RC, CB1: an «Overlord» among the top seven goes to hand; with none, CC1."""
    for deck, found in ((["B5-001"] + [G2] * 7, True), ([G2] * 8, False)):
        game = scene(ldb, {"vanguard": V3, "hand": ["B5-002"], "damage": [G2], "deck": deck})
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-002"),
                       circle=Circle.FRONT_LEFT))
        _drain(game)
        assert ("B5-001" in ids_in(game, 0, Zone.HAND)) is found
        assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0]) is (not found)


@pytest.mark.parametrize(("vanguard", "power"), [("B5-001", 15000), (V3, 10000)])
def test_B5_002_gets_5000_when_an_overlord_vanguard_attacks(ldb, vanguard, power):
    """When your «Overlord» vanguard attacks, this rear-guard gets +5000; another vanguard's
    attack gives nothing."""
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": "B5-002"}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("them", "bonus"), [(V3, 10000), (G2, 0)])
def test_B5_003_retires_two_to_call_the_shade(ldb, them, bonus):
    """Attacking, retire two rear-guards: «Lumen Shade» from the drop to RC; against a grade
    3 vanguard both get +10000, against a grade 2 none; the soul's «Phantom Lumen Dragon»
    gives critical +1."""
    game = scene(ldb, {"vanguard": "B5-003", "soul": ["B5-X02"], "drop": ["B5-X03"],
                       "rear": {"front_left": G2, "back_left": G2}},
                 {"vanguard": them}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    assert critical_of(game, vanguard) == 2
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    shade = next(u for u in q.rear_guards(game.state, 0) if game.state.card(u).id == "B5-X03")
    assert ids_in(game, 0, Zone.DROP).count(G2) == 2
    assert power_of(game, vanguard) == 13000 + bonus
    assert power_of(game, shade) == 10000 + bonus


def test_B5_004_two_optional_costs_retire_and_drive(ldb):
    """Attacking a vanguard: a «Lumen Edge» rear-guard into the soul retires an opponent's
    rear-guard, a «Lumen Shade» one gives drive +1; with both in the soul the cont gives
    +2000 and critical +1."""
    game = scene(ldb, {"vanguard": "B5-004", "soul": ["B5-005", "B5-X03"],
                       "rear": {"front_left": "B5-005", "back_left": "B5-X03"}},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    assert (power_of(game, vanguard), critical_of(game, vanguard)) == (15000, 2)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert q.rear_guards(game.state, 1) == [] and q.rear_guards(game.state, 0) == []
    assert q.drive(game.state, vanguard) == 3


def test_B5_004_without_the_units_nothing_is_asked(ldb):
    """With neither named rear-guard the costs cannot be paid: no retire, drive 2."""
    game = scene(ldb, {"vanguard": "B5-004", "rear": {"front_left": G2}},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert len(q.rear_guards(game.state, 1)) == 1 and q.drive(game.state, vanguard) == 2


@pytest.mark.parametrize(("them_rear", "hand"), [({"front_left": G2}, 0), ({}, 1)])
def test_B5_005_on_vc_retires_or_draws(ldb, them_rear, hand):
    """Ridden (placed on VC), CB1: retire an opponent's rear-guard; with none to retire, draw
    a card instead."""
    game = scene(ldb, {"vanguard": "B5-051", "hand": ["B5-005"], "damage": [G2]},
                 {"vanguard": V3, "rear": them_rear}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-005")))
    _drain(game)
    assert q.rear_guards(game.state, 1) == []
    assert len(cards_in(game, 0, Zone.HAND)) == hand


@pytest.mark.parametrize(("grade_id", "retired"), [(G2, True), (G1, False)])
def test_B5_005_on_rc_retires_only_grade_2_or_greater(ldb, grade_id, retired):
    """Called to RC, CB1: an opponent's grade 2 or greater rear-guard is retired; a grade 1
    is not offered."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-005"], "damage": [G2]},
                 {"vanguard": V3, "rear": {"front_left": grade_id}})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-005"),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    assert (q.rear_guards(game.state, 1) == []) is retired


@pytest.mark.parametrize(("names", "boosted"), [(8, 1), (13, 2), (7, 0)])
def test_B5_008_many_names_in_the_soul_power_the_rear_guards(ldb, names, boosted):
    """Attacking a vanguard: with eight differently named cards in the soul one chosen
    rear-guard gets +10000, with thirteen all of them; with seven, none."""
    pool = sorted(c.id for c in ldb if re.fullmatch(r"B5-0\d\d", c.id))[:names]
    game = scene(ldb, {"vanguard": "B5-008", "soul": pool,
                       "rear": {"front_left": G2, "front_right": G2}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    powers = [power_of(game, unit_at(game, 0, c)) for c in (Circle.FRONT_LEFT,
                                                            Circle.FRONT_RIGHT)]
    assert powers.count(20000) == boosted


def test_B5_008_act_splits_the_top_three(ldb):
    """ACT, CB1 & discard: of the top three one goes to hand, a unit to RC, the third into
    the soul; once a turn."""
    game = scene(ldb, {"vanguard": "B5-008", "damage": [G2], "hand": [G2],
                       "deck": ["B5-049", "B5-023", "B5-029", G2, G2]})
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    pay_first_cards(game)
    _pick_id(game, "B5-049")
    _pick_id(game, "B5-023")
    _drain(game)
    assert ids_in(game, 0, Zone.HAND) == ["B5-049"]
    assert [game.state.card(u).id for u in q.rear_guards(game.state, 0)] == ["B5-023"]
    assert ids_in(game, 0, Zone.SOUL) == ["B5-029"]
    assert not has_action(game, ActionKind.ACT, card=vanguard)


def test_B5_012_tokens_then_retired_for_power_when_attacked(ldb):
    """ACT, SB1: one to three «Sproutling» tokens (the player stops after two); attacked,
    retire the two tokens: +10000 this battle, and they vanish (TOK-03)."""
    game = scene(ldb, {"vanguard": "B5-012", "soul": [G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    game.step(pick(game, ActionKind.DONE))
    tokens = q.rear_guards(game.state, 0)
    assert [game.state.card(t).id for t in tokens] == ["B5-T02", "B5-T02"]
    game = scene(ldb, {"vanguard": "B5-012", "tokens": {"front_left": "B5-T02",
                                                         "front_right": "B5-T02"}},
                 {"vanguard": V3}, phase="battle", turn_player=1)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 1, Circle.VC), vanguard)
    say_yes(game)
    for _ in range(2):
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.DONE))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, vanguard) == 23000 and q.rear_guards(game.state, 0) == []


def test_B5_012_without_a_token_the_attacked_cost_cannot_be_paid(ldb):
    """Attacked with no token (a normal rear-guard only): nothing is asked, 13000."""
    game = scene(ldb, {"vanguard": "B5-012", "rear": {"front_left": G2}},
                 {"vanguard": V3}, phase="battle", turn_player=1)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 1, Circle.VC), vanguard)
    assert game.decision.kind is DecisionKind.GUARD and power_of(game, vanguard) == 13000


def test_B5_013_calls_one_mokko_and_the_token_acts(ldb):
    """B5-013's ACT, CB1: a «Mokko» token, not offered again while it is there; the token's
    ACT retires two other rear-guards for +10000 until end of turn."""
    game = scene(ldb, {"vanguard": "B5-012", "damage": [G2, G2],
                       "rear": {"front_left": "B5-013", "back_left": G2, "back_right": G2}})
    radiel = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=radiel))
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    _drain(game)
    mokko = unit_at(game, 0, Circle.FRONT_RIGHT)
    assert game.state.card(mokko).id == "B5-T01"
    assert not has_action(game, ActionKind.ACT, card=radiel)
    game.step(pick(game, ActionKind.ACT, card=mokko))
    for circle in (Circle.BACK_LEFT, Circle.BACK_RIGHT):
        game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, circle)))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.DONE))
    _drain(game)
    assert power_of(game, mokko) == 20000 and len(q.rear_guards(game.state, 0)) == 2


@pytest.mark.parametrize("glitter", [True, False])
def test_B5_T01_attacks_from_the_back_row_beside_radiel(ldb, glitter):
    """The «Mokko» token behind a «Radiel», with a glitter «Rolan» vanguard, may attack from
    the back row; with a «Rolan» without the glitter mark (B5-090) it may not."""
    vanguard = "B5-012" if glitter else "B5-090"
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": "B5-013"},
                       "tokens": {"back_left": "B5-T01"}}, phase="battle")
    mokko = unit_at(game, 0, Circle.BACK_LEFT)
    assert has_action(game, ActionKind.ATTACK, card=mokko) is glitter


@pytest.mark.parametrize(("card_id", "partner", "effect"), [
    ("B5-014", "B5-015", "soul"), ("B5-015", "B5-014", "draw")])
@pytest.mark.parametrize("with_partner", [True, False])
def test_B5_014_015_twins_act_beside_each_other(ldb, card_id, partner, effect, with_partner):
    """Placed with the other twin on RC, SB2: 014 puts an opponent's rear-guard into their
    soul, 015 draws; without the other twin nothing is asked."""
    rear = {"back_left": partner} if with_partner else {}
    game = scene(ldb, {"vanguard": V3, "hand": [card_id], "soul": [G2, G2], "rear": rear},
                 {"vanguard": V3, "rear": {"front_left": G2}})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, card_id),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    if effect == "soul":
        assert (ids_in(game, 1, Zone.SOUL) == [G2]) is with_partner
    else:
        assert (len(cards_in(game, 0, Zone.HAND)) == 1) is with_partner
    assert len(cards_in(game, 0, Zone.SOUL)) == (0 if with_partner else 2)


@pytest.mark.parametrize(("vanguard", "kept"), [("B5-007", True), ("B5-061", False)])
def test_B5_014_glitter_returns_from_gc_to_the_soul(ldb, vanguard, kept):
    """Glitter: a twin put into the drop from GC at the battle's close goes into the soul if
    the vanguard is a glitter «Yuzuha» (B5-007); with the grade 0 «Yuzuha» (no mark) it
    stays in the drop."""
    game = scene(ldb, {"vanguard": vanguard, "hand": ["B5-014"]}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guardian = card_named(game, 0, Zone.HAND, "B5-014")
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    _drain(game)                                 # the close step, then player 0's turn
    assert ("B5-014" in ids_in(game, 0, Zone.SOUL)) is kept


@pytest.mark.parametrize("taken", [False, True])
def test_TOK_06_make_tokens_to_one_named_circle_B5_088(ldb, taken):
    """TOK-06 with `to = { circle = "back_center" }` (B5-088 placed by riding on B5-090): the
    token can be called only to the back center RC; a unit there is retired by the call
    (CORE-06), the other RCs are not offered."""
    rear = {"back_center": G1} if taken else {}
    game = scene(ldb, {"vanguard": "B5-090", "hand": ["B5-088"], "rear": rear}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-088")))
    say_yes(game)
    if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
        assert [a.circle for a in game.legal_actions() if a.kind is ActionKind.PICK] \
            == [Circle.BACK_CENTER]
        game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_CENTER))
    _drain(game)
    assert [game.state.card(u).id for u in q.rear_guards(game.state, 0)] == ["B5-T02"]
    assert q.position(unit_at(game, 0, Circle.BACK_CENTER)).circle is Circle.BACK_CENTER
    assert (G1 in ids_in(game, 0, Zone.DROP)) is taken


def test_TOK_01_make_tokens_to_gc_is_refused_in_one_line(tmp_path, ldb):
    """A token is called to RC: `make_tokens` with `to = "gc"` is refused at load, naming the
    field."""
    text = '''[[card]]
id = "ZZ-B5T"
names = ["Refused Token Maker"]
grade = 1
power = 8000
nation = "stoicheia"
[[card.ability]]
kind = "act"
zones = ["rc"]
effect = [{ op = "make_tokens", card = "B5-T02", to = "gc" }]
text = "x"
'''
    refused_file(tmp_path, text, ldb, "effect[0].to", "not to GC")


@pytest.mark.parametrize(("soul", "left"), [(["B5-010"], [Circle.FRONT_RIGHT]),
                                            ([G2], [Circle.BACK_LEFT, Circle.FRONT_RIGHT])])
def test_B5_011_retires_the_chosen_column_with_its_twin_in_the_soul(ldb, soul, left):
    """ACT, retire two grade 2 or less rear-guards: choose an opponent's rear-guard; with
    «Tegris, Walker of the Path of Light» in the soul every rear-guard of its column is retired
    (the `column_of` filter), otherwise only the chosen one."""
    game = scene(ldb, {"vanguard": "B5-011", "soul": soul,
                       "rear": {"front_left": G2, "back_left": G1}},
                 {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2,
                                           "front_right": G2}})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    for circle in (Circle.FRONT_LEFT, Circle.BACK_LEFT):
        if game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.label == "offered":
            game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, circle)))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    _drain(game)
    assert q.rear_guards(game.state, 0) == []
    assert sorted(q.position(u).circle.value for u in q.rear_guards(game.state, 1)) \
        == sorted(c.value for c in left)


def test_B5_011_cost_needs_two_grade_2_or_less_rear_guards(ldb):
    """With one rear-guard of grade 2 or less (the other a grade 3) the ACT is not offered."""
    game = scene(ldb, {"vanguard": "B5-011", "rear": {"front_left": G2, "back_left": V3}},
                 {"vanguard": V3, "rear": {"front_left": G2}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))


@pytest.mark.parametrize(("vanguard", "token", "power"), [
    ("B5-012", "back_left", 20000), ("B5-012", "back_right", 10000),
    ("B5-090", "back_left", 10000)])
def test_B5_013_glitter_adds_the_power_of_the_token_behind(ldb, vanguard, token, power):
    """Glitter, attacking with a glitter «Rolan» vanguard, SB1: + the power of a token in this
    unit's column (a quantity's `total` of the chosen token's power, «Mokko» 10000; the token
    rests, so it does not boost); a token in another column, or a «Rolan» without the glitter
    mark, gives nothing."""
    game = scene(ldb, {"vanguard": vanguard, "soul": [G2], "rear": {"front_left": "B5-013"},
                       "tokens": {token: "B5-T01"}, "rested": [token]}, phase="battle")
    radiel = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, radiel, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, radiel) == power


@pytest.mark.parametrize(("old", "persona"), [("B5-011", True), ("B5-047", True),
                                              ("B5-X01", False)])
def test_CORE_05_persona_ride_on_a_name_part_B5_010(ldb, old, persona):
    """CORE-05 with the mark `persona_ride_on = "Tegris"` (B5-010): riding it on a vanguard
    with «Tegris» in a name (the other grade 3, or the grade 2 of its line) is a persona ride:
    draw a card and the front row +10000 this turn; on a vanguard of another name it is a
    normal ride."""
    game = scene(ldb, {"vanguard": old, "hand": ["B5-010"], "rear": {"front_left": G2}},
                 phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-010")))
    _drain(game)
    assert len(cards_in(game, 0, Zone.HAND)) == (1 if persona else 0)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == (20000 if persona else 10000)
    assert [e.persona for e in game.events if type(e).__name__ == "UnitRode"] == [persona]


@pytest.mark.parametrize(("value", "needle"), [("true", "a text"), ('""', "a text")])
def test_CORE_05_persona_ride_on_takes_a_name_part(tmp_path, ldb, value, needle):
    """The mark `persona_ride_on` is a non-empty text: `true` or "" is refused at load in one
    line naming the mark."""
    text = f'''[[card]]
id = "ZZ-B5P"
names = ["Refused Persona"]
grade = 3
power = 13000
nation = "keter_sanctuary"
marks = {{ persona_ride_on = {value} }}
'''
    refused_file(tmp_path, text, ldb, "marks.persona_ride_on", needle)


def test_TERM_02_unit_called_by_your_vanguards_ability_B5_057(ldb):
    """TERM-02: `unit_called` names its source: B5-057 called from the soul by the glitter
    «Yuzuha» vanguard's attack ability (CB1) gets +10000; called from the soul by a
    rear-guard's ability (B5-024's, ten names in the soul: a grade 4 or less card) or from hand
    by the rules, it does not."""
    game = scene(ldb, {"vanguard": "B5-007", "soul": ["B5-057"], "damage": [G2]},
                 phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    called = next(u for u in q.rear_guards(game.state, 0)
                  if game.state.card(u).id == "B5-057")
    assert power_of(game, called) == 20000
    names = ["B5-057"] + [f"B5-0{n}" for n in (23, 29, 42, 49, 64, 62, 66, 61, 72)]
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-024", "B5-057"], "soul": names,
                       "damage": [G2]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-024"),
                   circle=Circle.FRONT_LEFT))
    say_yes(game)
    pay_first_cards(game)
    _pick_id(game, "B5-057")
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    _drain(game)
    from_soul = next(u for u in q.rear_guards(game.state, 0)
                     if game.state.card(u).id == "B5-057")
    assert power_of(game, from_soul) == 10000
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-057"),
                   circle=Circle.BACK_LEFT))
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 10000


@pytest.mark.parametrize(("soul", "charged"), [([G2], False), ([G1], True)])
def test_TERM_05_same_name_as_a_revealed_card_B5_063(ldb, soul, charged):
    """TERM-05 against a bound card (`same_name_as = "shown"`, B5-063): the revealed top card
    is soul charged only if no card of the soul shares its name."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-063"], "soul": soul,
                       "deck": [G2] + [G1] * 5})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-063"),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    assert sorted(ids_in(game, 0, Zone.SOUL)) == sorted(soul + ([G2] if charged else []))


def test_TERM_05_same_name_as_names_a_bound_card_only(tmp_path, ldb):
    """`same_name_as` takes a name bound by an earlier step: an unbound one is refused at load
    in one line."""
    text = '''[[card]]
id = "ZZ-B5N"
names = ["Refused Namesake"]
grade = 1
power = 8000
nation = "dark_states"
[[card.ability]]
kind = "auto"
zones = ["rc"]
when = { event = "unit_placed", card = "self" }
effect = [{ op = "choose", from = "your_soul", where = { same_name_as = "nothing_bound" } }]
text = "x"
'''
    refused_file(tmp_path, text, ldb, "same_name_as", "nothing_bound")


@pytest.mark.parametrize("first_mode", [True, False])
def test_B5_007_choose_one_call_one_or_the_twins(ldb, first_mode):
    """Attacking, CB1, `choose_one`: the first mode calls one card of the soul, the other calls
    a «Pipira» and a «Popira» of the soul together."""
    game = scene(ldb, {"vanguard": "B5-007", "damage": [G2], "soul": ["B5-014", "B5-015"]},
                 phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    game.step(pick(game, ActionKind.YES if first_mode else ActionKind.NO))
    if first_mode:
        _pick_id(game, "B5-014")
    _drain(game, DecisionKind.GUARD)
    called = sorted(game.state.card(u).id for u in q.rear_guards(game.state, 0))
    assert called == (["B5-014"] if first_mode else ["B5-014", "B5-015"])


def test_B5_007_ride_phase_gives_the_front_row_5000(ldb):
    """At the beginning of your ride phase (VC): your front-row units +5000 until end of turn,
    a unit called there later too (`apply_continuous`)."""
    game = scene(ldb, {"vanguard": "B5-007", "hand": [G2], "rear": {"front_left": G2}},
                 phase="draw")
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, G2),
                   circle=Circle.FRONT_RIGHT))
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 15000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000


@pytest.mark.parametrize(("soul", "drive"), [(["B5-X01"], 2), ([G2], 1)])
def test_ACT_26_drive_cant_decrease_B5_001(ldb, soul, drive):
    """ACT-26 with the restriction `drive_cant_decrease` (B5-001's cont, «Searing Overlord» in
    the soul on your turn): the restand's drive -1 reads as 0, so the second attack drive
    checks twice; without the soul card it checks once."""
    game = scene(ldb, {"vanguard": "B5-001", "damage": [G2], "soul": soul,
                       "rear": {"front_left": G2}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    assert not is_rested(game, vanguard) and q.drive(game.state, vanguard) == drive
    hand = len(cards_in(game, 0, Zone.HAND))
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    assert len(cards_in(game, 0, Zone.HAND)) == hand + drive


def test_ACT_26_drive_cant_decrease_keeps_the_increases(ldb):
    """With the restriction, an increase still counts: drive +1 then -1 reads 3 (twin drive
    plus one, the decrease as 0)."""
    game = scene(ldb, {"vanguard": "B5-001", "soul": ["B5-X01"]})
    vanguard = unit_at(game, 0, Circle.VC)
    from ecs_vanguard import ops
    from ecs_vanguard.vocab.formats import Duration, Stat
    ops.add_modifier(game.state, vanguard, Stat.DRIVE, 1, Duration.END_OF_TURN)
    ops.add_modifier(game.state, vanguard, Stat.DRIVE, -1, Duration.END_OF_TURN)
    assert q.drive(game.state, vanguard) == 3


CONT_POWERS = {  # card: (side where its condition holds, power; side where it fails, power)
    "B5-006": ({"vanguard": "B5-004"}, 15000, {"vanguard": V3}, 10000),
    "B5-051": ({"vanguard": V3, "more": {"back_left": G2}}, 10000, {"vanguard": V3}, 8000),
    "B5-060": ({"vanguard": V3, "soul": [V3]}, 12000, {"vanguard": V3, "soul": [G2]}, 10000),
    "B5-071": ({"vanguard": V3, "order_zone": ["B5-028", "B5-028"]}, 14000,
               {"vanguard": V3}, 10000),
    "B5-082": ({"vanguard": V3, "soul": ["B5-005", "B5-X03"]}, 12000,
               {"vanguard": V3, "soul": ["B5-005", "B5-005"]}, 10000),
    "B5-085": ({"vanguard": V3, "bind": ["B5-028"]}, 15000, {"vanguard": V3, "bind": [G2]},
               10000),
}


@pytest.mark.parametrize("card_id", sorted(CONT_POWERS))
@pytest.mark.parametrize("met", [True, False])
def test_B5_cont_powers_hold_only_with_their_condition(ldb, card_id, met):
    """The cont power bonuses on RC, on your turn: 006 a «Lumen» vanguard; 051 three units;
    060 a grade 3 in the soul; 071 +2000 for each set order; 082 two differently named grade 2
    «Lumen» cards in the soul; 085 +5000 for each order in the bind zone. Without the
    condition, the printed power."""
    holds, power_met, fails, power_failed = CONT_POWERS[card_id]
    side = dict(holds if met else fails)
    rear = {"front_left": card_id, **side.pop("more", {})}
    game = scene(ldb, {**side, "rear": rear})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == \
        (power_met if met else power_failed)


@pytest.mark.parametrize(("card_id", "side", "them", "power"), [
    ("B5-074", {"vanguard": "B5-004"}, V3, 15000), ("B5-074", {"vanguard": V3}, V3, 10000),
    ("B5-086", {"vanguard": V3, "tokens": {"back_left": "B5-T02"}, "rested": ["back_left"]},
     V3, 15000),
    ("B5-086", {"vanguard": V3, "tokens": {"back_left": "B5-T02"}, "rested": ["back_left"]},
     G2, 10000),
    ("B5-017", {"vanguard": V3, "order_zone": ["B5-028"]}, V3, 18000),
    ("B5-017", {"vanguard": V3, "order_zone": ["B5-028"] * 3}, V3, 23000),
    ("B5-017", {"vanguard": V3}, V3, 13000),
])
def test_B5_attacks_power_up_under_their_condition(ldb, card_id, side, them, power):
    """When the rear-guard attacks: 074 +5000 with a «Lumen» vanguard; 086 +5000 for each
    token against a grade 3 or greater vanguard (a grade 2 vanguard: nothing); 017 +5000 with
    a set order, +10000 with three (none: nothing)."""
    game = scene(ldb, {**side, "rear": {"front_left": card_id}}, {"vanguard": them},
                 phase="battle")
    attacker = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, attacker, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, attacker) == power


def test_B5_017_glitter_shield_10000_under_a_glitter_evelle(ldb):
    """Glitter cont (RC/GC): with a glitter «Evelle» vanguard the grade 3 (printed shield 0)
    has [Intercept] and shield +10000: called from hand to GC it guards for 10000; under the
    grade 0 «Evelle» (no glitter mark) for 0. (CORE-10 lets only a grade 2 intercept, so the
    skill changes nothing for our grade 3 reading of the card.)"""
    for vanguard, shield in (("B5-009", 10000), ("B5-072", 0)):
        game = scene(ldb, {"vanguard": vanguard, "hand": ["B5-017"]}, {"vanguard": V3},
                     phase="battle", turn_player=1)
        attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
        guardian = card_named(game, 0, Zone.HAND, "B5-017")
        game.step(pick(game, ActionKind.GUARD, card=guardian))
        assert q.shield(game.state, guardian) == shield
        assert q.has_skill(game.state, guardian, Skill.INTERCEPT) is (shield > 0)


@pytest.mark.parametrize(("others", "power"), [(2, 12000), (0, 8000)])
def test_B5_050_plus_2000_for_each_other_unit(ldb, others, power):
    """Placed, SB1: +2000 for each of your other units (the vanguard counts): with one other
    rear-guard and the vanguard, +4000; with no soul to blast, nothing."""
    rear = {"back_left": G2} if others else {}
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-050"], "rear": rear,
                       "soul": [G2] if others else []})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-050"),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_B5_030_calls_kaelan_to_its_column(ldb):
    """Placed from hand with a grade 3 vanguard, CB1 & SB1: «Knight of Fellowship, Kaelan»
    from the deck to this unit's column (the back left behind it); in the battle it boosts
    «Bedwyn» it gets +5000 (B5-033's cont)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-030"], "damage": [G2], "soul": [G2],
                       "deck": ["B5-033"] + [G2] * 5})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-030"),
                   circle=Circle.FRONT_LEFT))
    say_yes(game)
    pay_first_cards(game)
    _pick_id(game, "B5-033")
    assert {a.circle for a in game.legal_actions() if a.kind is ActionKind.PICK} \
        == {Circle.FRONT_LEFT, Circle.BACK_LEFT}
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    _drain(game)
    kaelan = unit_at(game, 0, Circle.BACK_LEFT)
    assert game.state.card(kaelan).id == "B5-033"
    game.step(pick(game, ActionKind.DONE))                    # to the battle phase
    bedwyn = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=bedwyn, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.BOOST, card=kaelan))
    assert power_of(game, kaelan) == 13000 and power_of(game, bedwyn) == 23000


@pytest.mark.parametrize(("returned", "drawn"), [("B5-007", 1), ("B5-049", 0)])
def test_B5_046_bottoms_a_card_and_draws_for_a_grade_3(ldb, returned, drawn):
    """Placed: a non-trigger card of the drop to the deck bottom; a grade 3 lets it pay SB3
    to draw (a grade 1 does not)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-046"], "drop": [returned],
                       "soul": [G2] * 3})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-046"),
                   circle=Circle.FRONT_LEFT))
    _drain(game)
    assert ids_in(game, 0, Zone.DECK)[-1] == returned
    assert len(cards_in(game, 0, Zone.HAND)) == drawn
    assert len(cards_in(game, 0, Zone.SOUL)) == (0 if drawn else 3)


@pytest.mark.parametrize(("top", "result"), [("DS-013", "draw"), ("B5-049", "call"),
                                             ("B5-040", "none")])
def test_B5_041_soul_charge_then_draw_or_call(ldb, top, result):
    """Ridden by «Kaidos, the Encroaching Fang»: soul charge 1; a trigger (the built-in
    DS-013, a draw trigger) draws, a normal unit calls a card from the soul, an order does
    neither."""
    game = scene(ldb, {"vanguard": "B5-041", "hand": ["B5-008"], "deck": [top] + [G2] * 5},
                 phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-008")))
    _drain(game)
    assert len(q.rear_guards(game.state, 0)) == (1 if result == "call" else 0)
    assert len(cards_in(game, 0, Zone.HAND)) == (1 if result == "draw" else 0)


RIDE_SEARCHES = {  # rider: (the vanguard it rides on, deck top, the card it takes to hand)
    "B5-059": ("B5-061", ["B5-049", "B5-040"], "B5-040"),          # a Fox Art order
    "B5-044": ("B5-070", ["B5-049", "B5-028"], "B5-028"),          # a Research order
    "B5-070": ("B5-072", ["B5-049", "B5-028"], "B5-028"),
}


@pytest.mark.parametrize("rider", sorted(RIDE_SEARCHES))
def test_B5_ride_line_searches_take_their_card(ldb, rider):
    """Placed on VC by riding on the named card of its line: 059 looks at seven for a
    «Pipira», «Popira» or Fox Art order (`any_of`), 044 and 070 search a Research order; the
    plain unit beside it is not offered."""
    ridden, deck, wanted = RIDE_SEARCHES[rider]
    game = scene(ldb, {"vanguard": ridden, "hand": [rider], "deck": deck + [G2] * 5},
                 phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, rider)))
    assert _offered(game) == {wanted}
    _pick_id(game, wanted)
    _drain(game)
    assert ids_in(game, 0, Zone.HAND) == [wanted]


@pytest.mark.parametrize(("ridden", "found"), [("B5-059", True), ("B5-061", False)])
def test_B5_039_takes_a_twin_from_the_drop_only_riding_on_059(ldb, ridden, found):
    """Placed on VC by riding on «Yuzuha, in the Gentle Sunlight» (B5-059): up to one «Pipira»
    or «Popira» of the drop to hand; riding on another card (a grade 1 is needed: 059 only),
    here a superior ride from the grade 0, nothing."""
    game = scene(ldb, {"vanguard": ridden, "hand": ["B5-039"], "drop": ["B5-015", G1]},
                 phase="ride")
    if ridden == "B5-059":
        game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-039")))
        _pick_id(game, "B5-015")
        _drain(game)
    assert ("B5-015" in ids_in(game, 0, Zone.HAND)) is found


def test_B5_047_takes_a_tegris_or_mapla_when_a_grade_3_tegris_rides(ldb):
    """Ridden by a grade 3 «Tegris»: of the top five, a «Tegris» or a «Mapla» card is offered
    (`any_of`), a plain unit is not."""
    game = scene(ldb, {"vanguard": "B5-047", "hand": ["B5-011"],
                       "deck": ["B5-049", "B5-018", "B5-084", G2, G2, G2]}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-011")))
    _drain_until_choice(game)
    assert _offered(game) == {"B5-018", "B5-084"}


def _drain_until_choice(game: vg.Game) -> None:
    """Answer yes/no questions and the order of autos until a card is to be chosen."""
    for _ in range(20):
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            return
        actions = game.legal_actions()
        game.step(next((a for a in actions if a.kind is ActionKind.YES), actions[0]))
    raise AssertionError(f"no card choice: {game.decision}")


def test_B5_018_mapla_returns_from_the_drop_when_a_grade_3_is_ridden(ldb):
    """In the drop: when a grade 3 is placed on your VC in your ride phase and you have no
    «Mapla», it may be called; with a «Mapla» already on RC it is not."""
    for rear, called in (({}, True), ({"back_left": "B5-018"}, False)):
        game = scene(ldb, {"vanguard": G2, "hand": [V3], "drop": ["B5-018"], "rear": rear},
                     phase="ride")
        game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, V3)))
        _drain(game)
        assert ("B5-018" in ids_in(game, 0, Zone.DROP)) is not called


@pytest.mark.parametrize(("blasted", "taken"), [("B5-049", "B5-042"), ("B5-023", "B5-029")])
def test_B5_018_soul_blast_one_and_take_a_card_of_its_grade(ldb, blasted, taken):
    """At the end of its battle, SB1: a soul card of the blasted card's grade to hand (the
    blasted card found by `recall` of the soul-to-drop move): grade 1 blasted, the grade 1
    taken; grade 2 blasted, the grade 2 taken."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B5-018"},
                       "soul": [blasted, "B5-042", "B5-029"]}, phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    no_guard(game)
    say_yes(game)
    _pick_id(game, blasted)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        assert _offered(game) == {taken}
    _drain(game, DecisionKind.ATTACK)
    assert ids_in(game, 0, Zone.HAND) == [taken]


@pytest.mark.parametrize("research", [3, 2])
def test_B5_028_set_order_draws_and_binds_with_three_research(ldb, research):
    """Played, put into the order zone: draw, discard; with three Research orders there, SB1
    binds an opponent's rear-guard; with two, nothing is bound."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-028", G2], "soul": [G2],
                       "order_zone": ["B5-028"] * (research - 1)},
                 {"vanguard": V3, "rear": {"front_left": G2}})
    game.step(pick(game, ActionKind.PLAY_ORDER,
                   card=card_named(game, 0, Zone.HAND, "B5-028")))
    _drain(game)
    assert len(cards_in(game, 0, Zone.DROP)) == 1 + (1 if research == 3 else 0)
    assert (ids_in(game, 1, Zone.BIND) == [G2]) is (research == 3)


@pytest.mark.parametrize(("vanguard", "retired"), [("B5-003", True), ("B5-011", False)])
def test_B5_032_retired_by_a_lumen_vanguard_retires_back(ldb, vanguard, retired):
    """Retired for the cost of «Phantom Lumen Overlord»'s attack (a «Lumen» vanguard's
    ability), SB2: an opponent's rear-guard is retired; retired for the cost of a «Tegris»
    vanguard's ACT, it does not trigger (no soul blast is paid)."""
    game = scene(ldb, {"vanguard": vanguard, "soul": [G2, G2, G2],
                       "rear": {"front_left": "B5-032", "back_left": G2}},
                 {"vanguard": V3, "rear": {"front_right": G2}}, phase="battle")
    if vanguard == "B5-003":
        attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    else:
        game = scene(ldb, {"vanguard": vanguard, "soul": [G2, G2, G2],
                           "rear": {"front_left": "B5-032", "back_left": G2}},
                     {"vanguard": V3, "rear": {"front_right": G2}})
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    _drain(game, DecisionKind.GUARD if vanguard == "B5-003" else DecisionKind.MAIN_PHASE)
    assert "B5-032" in ids_in(game, 0, Zone.DROP)
    assert len(cards_in(game, 0, Zone.SOUL)) == (1 if retired else 3)      # SB2 paid or not
    if vanguard == "B5-003":
        assert q.rear_guards(game.state, 1) == []


@pytest.mark.parametrize("paid", [True, False])
def test_B5_079_after_a_rear_guard_paid_your_vanguards_cost(ldb, paid):
    """Attacking, SB1, if a rear-guard of yours was retired this turn for the cost of your
    vanguard's ability (`unit_retired` with `by_cost`, the D-BT04 study's word): +10000 that
    battle. Here «Phantom Lumen Overlord» retires two back-row units for its attack's cost
    first; with the cost declined, nothing is retired and 079 gets nothing."""
    game = scene(ldb, {"vanguard": "B5-003", "soul": [G2],
                       "rear": {"front_left": "B5-079", "back_left": G2, "back_center": G2}},
                 {"vanguard": V3}, phase="battle")
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    if paid:
        say_yes(game)
        for circle in (Circle.BACK_LEFT, Circle.BACK_CENTER):
            game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, circle)))
    else:
        game.step(pick(game, ActionKind.NO))
    _drain(game, DecisionKind.GUARD)
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    camlen = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, camlen, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, camlen) == (20000 if paid else 10000)


@pytest.mark.parametrize(("card_id", "paid", "tokens"), [
    ("B5-035", {"damage": [G2]}, 2), ("B5-035", {}, 0),
    ("B5-055", {}, 1), ("B5-053", {"rear": {"back_right": G2}}, 2),
    ("B5-053", {}, 0)])
def test_B5_token_callers_make_sproutlings(ldb, card_id, paid, tokens):
    """Token calls (TOK-06): 035 placed, CB1, up to two; 055 placed with a grade 3 vanguard,
    one; 053 placed on VC (ridden), retire a rear-guard, one or two. Without the cost (no
    damage, no rear-guard to retire), none."""
    side = {"vanguard": V3 if card_id != "B5-053" else "B5-088", "hand": [card_id], **paid}
    game = scene(ldb, side, phase="ride" if card_id == "B5-053" else "main")
    card = card_named(game, 0, Zone.HAND, card_id)
    if card_id == "B5-053":
        game.step(pick(game, ActionKind.RIDE, card=card))
    else:
        game.step(pick(game, ActionKind.CALL, card=card, circle=Circle.FRONT_LEFT))
    _drain(game)
    made = [u for u in q.rear_guards(game.state, 0) if game.state.card(u).id == "B5-T02"]
    assert len(made) == tokens


def test_B5_036_draws_for_two_retired_rear_guards(ldb):
    """ACT 1/Turn, CB1 & retire two other rear-guards: draw and +5000; with one other
    rear-guard it is not offered."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2],
                       "rear": {"front_left": "B5-036", "back_left": G2, "back_right": G2}})
    raphilo = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=raphilo))
    _drain(game)
    assert len(cards_in(game, 0, Zone.HAND)) == 1 and power_of(game, raphilo) == 15000
    assert not has_action(game, ActionKind.ACT, card=raphilo)
    game = scene(ldb, {"vanguard": V3, "damage": [G2],
                       "rear": {"front_left": "B5-036", "back_left": G2}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT))


@pytest.mark.parametrize("others", [2, 0])
def test_B5_021_plus_5000_for_each_low_grade_rear_guard(ldb, others):
    """Attacking, SB1: +5000 for each other grade 1 or less rear-guard that battle (two: +10000;
    none: +0)."""
    rear = {"front_left": "B5-021", **({"back_center": G1, "back_right": G1} if others else {})}
    game = scene(ldb, {"vanguard": V3, "soul": [G2], "rear": rear}, phase="battle")
    eolos = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, eolos, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, eolos) == 8000 + 5000 * others


@pytest.mark.parametrize("orders", [1, 0])
def test_B5_026_draws_discards_and_gains_with_an_order(ldb, orders):
    """ACT 1/Turn, SB1: draw, discard, and +5000 if the order zone holds a card."""
    game = scene(ldb, {"vanguard": V3, "soul": [G2], "rear": {"front_left": "B5-026"},
                       "order_zone": ["B5-028"] * orders})
    dragon = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=dragon))
    _drain(game)
    assert len(cards_in(game, 0, Zone.DROP)) == 2          # the soul-blasted and the discard
    assert power_of(game, dragon) == 10000 + 5000 * orders


def test_B5_043_binds_itself_from_the_soul_to_soul_charge_two(ldb):
    """ACT in the soul, bind this card: soul charge 2."""
    game = scene(ldb, {"vanguard": V3, "soul": ["B5-043"]})
    game.step(pick(game, ActionKind.ACT, card=card_named(game, 0, Zone.SOUL, "B5-043")))
    _drain(game)
    assert ids_in(game, 0, Zone.BIND) == ["B5-043"] and len(cards_in(game, 0, Zone.SOUL)) == 2


def test_B5_052_order_searches_a_grade_2_lumen(ldb):
    """Normal order, CB1: a grade 2 «Lumen» unit from the deck to hand (the grade 3 one is
    not offered)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B5-052"], "damage": [G2],
                       "deck": ["B5-004", "B5-005", G2, G2]})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B5-052")))
    _drain_until_choice(game)
    assert _offered(game) == {"B5-005"}


@pytest.mark.parametrize(("card_id", "check"), [("B5-062", "soul"), ("B5-087", "power")])
def test_B5_062_087_attack_abilities(ldb, card_id, check):
    """062 attacking: may soul charge 1. 087 attacking a grade 3 vanguard in the fourth
    battle of the turn: +10000 (its first battle: nothing)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": card_id}}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    if check == "soul":
        assert len(cards_in(game, 0, Zone.SOUL)) == 1
    else:
        assert power_of(game, unit) == 10000


def test_B5_067_gets_boost_with_an_order(ldb):
    """Cont RC: with a card in the order zone it has [Boost] (printed: a grade 2 without);
    without, it cannot boost."""
    for orders, boosts in (([], False), (["B5-028"], True)):
        game = scene(ldb, {"vanguard": V3, "order_zone": orders,
                           "rear": {"front_left": G2, "back_left": "B5-067"}}, phase="battle")
        attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
        assert has_action(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_LEFT)) \
            is boosts


@pytest.mark.parametrize(("orders", "power"), [(2, 18000), (1, 8000)])
def test_B5_069_boosting_with_two_orders_gains_10000(ldb, orders, power):
    """Boosting, two cards in the order zone, CB1: +10000 to itself that battle; with one
    order nothing is asked."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "order_zone": ["B5-028"] * orders,
                       "rear": {"front_left": G2, "back_left": "B5-069"}}, phase="battle")
    booster = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT),
                   target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, booster) == power


def test_B5_089_gives_5000_to_a_low_grade_rear_guard(ldb):
    """Placed with a grade 1 or less rear-guard: one of them (itself counts, as in the script)
    gets +5000, here the other one; beside a grade 2 rear-guard only itself could."""
    for other, power in ((G1, 13000), (G2, 10000)):
        game = scene(ldb, {"vanguard": V3, "hand": ["B5-089"], "rear": {"back_left": other}})
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-089"),
                       circle=Circle.FRONT_LEFT))
        if game.decision.kind is DecisionKind.CHOOSE_CARD:     # itself or the other one
            game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.BACK_LEFT)))
        _drain(game)
        assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == power


def test_B5_056_into_the_soul_for_another_rear_guard(ldb):
    """At the end of its battle, put it into the soul: another rear-guard +5000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B5-056", "back_right": G2}},
                 phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    assert ids_in(game, 0, Zone.SOUL) == ["B5-056"]
    assert power_of(game, unit_at(game, 0, Circle.BACK_RIGHT)) == 15000


def test_B5_040_blitz_order_lowers_the_opponents_front_row(ldb):
    """Blitz order in the opponent's battle with a «Yuzuha» vanguard, SB2: the opponent's
    front-row units -10000 until end of turn."""
    game = scene(ldb, {"vanguard": "B5-007", "hand": ["B5-040"], "soul": [G2, G2]},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    attacker = unit_at(game, 1, Circle.VC)
    attack(game, attacker, unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, "B5-040")))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, attacker) == 3000
    assert power_of(game, unit_at(game, 1, Circle.FRONT_LEFT)) == 0


@pytest.mark.parametrize(("glitter", "stood"), [(True, True), (False, False)])
def test_B5_016_glitter_stands_when_it_attacks(ldb, glitter, stood):
    """Glitter, 1/Turn: attacking with a glitter «Kaidos» vanguard and eight differently named
    cards in the soul, it stands again; under the grade 0 «Kaidos» (no mark) it stays rested."""
    soul = [f"B5-0{n}" for n in (23, 29, 42, 49, 64, 62, 61, 72)]
    game = scene(ldb, {"vanguard": "B5-008" if glitter else "B5-066", "soul": soul,
                       "rear": {"front_left": "B5-016"}}, phase="battle")
    mikane = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, mikane, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert is_rested(game, mikane) is not stood


def test_B5_016_placed_retires_an_opponents_rear_guard(ldb):
    """Placed, CB1 & SB1: an opponent's rear-guard is retired; with an empty soul nothing."""
    for soul, left in (([G2], 0), ([], 1)):
        game = scene(ldb, {"vanguard": V3, "hand": ["B5-016"], "damage": [G2], "soul": soul},
                     {"vanguard": V3, "rear": {"front_left": G2}})
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-016"),
                       circle=Circle.FRONT_LEFT))
        _drain(game)
        assert len(q.rear_guards(game.state, 1)) == left


def test_B5_019_discarded_in_the_battle_phase_goes_to_the_soul(ldb):
    """Discarded for «Searing Overlord, the Terminus»'s restand cost in the battle phase: it
    goes into the soul and a unit gets +5000."""
    game = scene(ldb, {"vanguard": "B5-001", "damage": [G2], "hand": ["B5-019", G2],
                       "rear": {"front_left": G2}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    say_yes(game)
    pay_first_cards(game)
    while game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.label == "discard":
        _pick_id(game, "B5-019") if has_action(
            game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "B5-019")) \
            else game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    _drain(game, DecisionKind.ATTACK)
    assert "B5-019" in ids_in(game, 0, Zone.SOUL)


def test_B5_045_discarded_on_your_turn_finds_a_set_order(ldb):
    """Discarded on your turn (B5-026's draw-and-discard): look at five, a set order is offered
    (the Research order), a unit is not."""
    game = scene(ldb, {"vanguard": V3, "soul": [G2], "hand": ["B5-045"],
                       "rear": {"front_left": "B5-026"},
                       "deck": [G2, "B5-049", "B5-028", G2, G2, G2, G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    while game.decision.kind is not DecisionKind.CHOOSE_CARD or game.decision.label != "discard":
        actions = game.legal_actions()
        game.step(next((a for a in actions if a.kind is ActionKind.YES), actions[0]))
    _pick_id(game, "B5-045")
    _drain_until_choice(game)
    assert _offered(game) == {"B5-028"}


@pytest.mark.parametrize(("top", "called"), [("B5-049", True), ("B5-040", False)])
def test_B5_081_reveals_and_calls_a_low_grade_unit_at_rest(ldb, top, called):
    """Ridden by a «Tegris»: the top card revealed, called at rest if a grade 2 or less unit
    (an order is not)."""
    game = scene(ldb, {"vanguard": "B5-081", "hand": ["B5-047"], "deck": [top] + [G2] * 5},
                 phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-047")))
    _drain(game)
    units = q.rear_guards(game.state, 0)
    assert len(units) == (1 if called else 0)
    if called:
        assert is_rested(game, units[0])


@pytest.mark.parametrize("persona", [True, False])
def test_B5_080_calls_another_lion_at_rest_after_a_persona_ride(ldb, persona):
    """Placed, you persona rode this turn (V3 on V3), CB1: another «Augural Lion» from the
    deck at rest; after a ride of another name nothing is asked."""
    game = scene(ldb, {"vanguard": V3 if persona else G2, "hand": [V3, "B5-080"],
                       "damage": [G2], "deck": [G2, "B5-080"] + [G2] * 5}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, V3)))
    _drain(game)
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-080"),
                   circle=Circle.FRONT_LEFT))
    if persona:
        _drain_until_choice(game)
        _pick_id(game, "B5-080")
        game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    _drain(game)
    lions = [u for u in q.rear_guards(game.state, 0) if game.state.card(u).id == "B5-080"]
    assert len(lions) == (2 if persona else 1)
    assert sum(is_rested(game, u) for u in lions) == (1 if persona else 0)


def test_B5_077_plus_5000_after_riding_a_grade_3(ldb):
    """Cont RC: after you rode a grade 3 this turn, +5000; before, 10000."""
    game = scene(ldb, {"vanguard": G2, "hand": [V3], "rear": {"front_left": "B5-077"}},
                 phase="ride")
    redex = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, redex) == 10000
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, V3)))
    _drain(game)
    assert power_of(game, redex) == 15000


def test_B5_073_plus_5000_when_stood_B5_010(ldb):
    """Stood by «Tegris, Walker of the Path of Light»'s end-of-battle ability (it rode on
    «Tegris, Blooming in the Dark», a persona ride by its mark; discard 1): +5000 until end of
    turn."""
    game = scene(ldb, {"vanguard": "B5-011", "hand": ["B5-010", G2],
                       "rear": {"front_left": "B5-073"}, "rested": ["front_left"]},
                 phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-010")))
    _drain(game)
    game.step(pick(game, ActionKind.DONE))                    # to the battle phase
    dragon = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    assert not is_rested(game, dragon) and power_of(game, dragon) == 25000   # persona +10000


@pytest.mark.parametrize(("rested", "power"), [(["back_left", "back_right"], 14000), ([], 10000)])
def test_B5_054_plus_2000_for_each_other_rested_unit(ldb, rested, power):
    """Attacking a vanguard, SB1: +2000 for each of your other rested units (here two rested
    rear-guards; the vanguard stands) until end of turn; with none rested, +0."""
    game = scene(ldb, {"vanguard": V3, "soul": [G2], "rested": rested,
                       "rear": {"front_left": "B5-054", "back_left": G2, "back_right": G2}},
                 phase="battle")
    suzanne = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, suzanne, unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert power_of(game, suzanne) == power


def test_B5_075_looks_at_two_and_calls_a_unit(ldb):
    """ACT 1/Turn, CB2: of the top two, up to one unit is called (the order is not offered),
    the rest stays on top."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2, G2], "rear": {"front_left": "B5-075"},
                       "deck": ["B5-040", "B5-049", G2, G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    pay_first_cards(game)
    assert _offered(game) == {"B5-049"}
    _pick_id(game, "B5-049")
    _drain(game)
    assert ids_in(game, 0, Zone.DECK)[0] == "B5-040"
    assert "B5-049" in [game.state.card(u).id for u in q.rear_guards(game.state, 0)]


@pytest.mark.parametrize(("hand", "drawn"), [([G1], True), (["B5-040"], False)])
def test_B5_076_returns_a_normal_unit_to_draw(ldb, hand, drawn):
    """Attacking, SB1 & reveal a normal unit of the hand and put it on the deck bottom: draw;
    with only an order in hand the cost cannot be paid."""
    game = scene(ldb, {"vanguard": V3, "soul": [G2], "hand": hand,
                       "rear": {"front_left": "B5-076"}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    _drain(game, DecisionKind.GUARD)
    assert (ids_in(game, 0, Zone.DECK)[-1] == G1) is drawn
    assert ids_in(game, 0, Zone.HAND) == ([G2] if drawn else hand)


def test_B5_065_puts_the_revealed_units_into_the_soul(ldb):
    """Ridden by «Kaidos, Mire of Mercy»: of the two revealed, the normal unit goes into the
    soul, the order to the bottom."""
    game = scene(ldb, {"vanguard": "B5-065", "hand": ["B5-041"],
                       "deck": ["B5-049", "B5-040", G2, G2, G2]}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-041")))
    _drain(game)
    assert "B5-049" in ids_in(game, 0, Zone.SOUL)
    assert ids_in(game, 0, Zone.DECK)[-1] == "B5-040"


@pytest.mark.parametrize(("vanguard", "called"), [("B5-004", True), (V3, False)])
def test_B5_048_calls_a_lumen_from_the_top_five(ldb, vanguard, called):
    """Placed in your main phase with a «Lumen» vanguard, SB1: of the top five revealed, up to
    one grade 2 or less «Lumen» unit is called, then a discard; under another vanguard nothing
    is asked."""
    game = scene(ldb, {"vanguard": vanguard, "soul": [G2], "hand": ["B5-048", G1],
                       "deck": ["B5-005", G2, G2, G2, G2, G2]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "B5-048"),
                   circle=Circle.FRONT_LEFT))
    if called:
        _drain_until_choice(game)
        _pick_id(game, "B5-005")
        game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    _drain(game)
    ids = [game.state.card(u).id for u in q.rear_guards(game.state, 0)]
    assert ("B5-005" in ids) is called
    assert (G1 in ids_in(game, 0, Zone.DROP)) is called


def test_B5_031_returns_to_hand_when_its_column_stands(ldb):
    """Back-row RC: when the unit in front of it is stood (B5-010's end-of-battle stand), it
    may return to hand."""
    game = scene(ldb, {"vanguard": "B5-011", "hand": ["B5-010", G2],
                       "rear": {"front_left": G2, "back_left": "B5-031"},
                       "rested": ["front_left"]}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "B5-010")))
    _drain(game)
    game.step(pick(game, ActionKind.DONE))
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    no_guard(game)
    _drain(game, DecisionKind.ATTACK)
    assert "B5-031" in ids_in(game, 0, Zone.HAND)
