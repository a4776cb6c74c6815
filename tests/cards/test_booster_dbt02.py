"""The whole booster D-BT02 (issue 39 item 7): every numbered card 001-120 has a row in
docs/boosters/d-bt02.md and, when written, a card B2-NNN in tests/cards/corpus/b_dbt02.toml
(002, 031 and 068 are the overDress study's PR- cards, reused by id); random games of decks
built from its cards per nation play to the end; judge-style scenarios of its cards."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, refused_file, scene
from tests.cards.study_helpers import (
    abilities_played,
    attack,
    no_guard,
    pay_first_cards,
    play_busy,
    ride_from_hand,
    say_yes,
)
from tests.helpers import cards_in, has_action, is_face_up, pick, power_of, unit_at, zone_of

DOC = Path(__file__).parents[2] / "docs" / "boosters" / "d-bt02.md"
REUSED = {"002": "PR-004", "031": "PR-005", "068": "PR-006"}


def _rows() -> dict[str, tuple[str, str]]:
    """The doc table: number -> (verdict, test column)."""
    rows = {}
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and re.fullmatch(r"\d{3}", cells[0]):
            rows[cells[0]] = (cells[3].split()[0], cells[5])
    return rows


def test_every_card_of_the_booster_has_a_row_and_loads(ldb):
    """120 rows, one per number; every written card loads with the id of its number, the
    reused ones are the PR- cards named; the heading's count is the table's."""
    rows = _rows()
    assert sorted(rows) == [f"{n:03d}" for n in range(1, 121)]
    written = {c.id for c in ldb if c.id.startswith("B2-")}
    assert written == {f"B2-{n}" for n in rows if n not in REUSED}
    assert all(ldb[card] for card in REUSED.values())
    full = sum(verdict == "full" for verdict, _ in rows.values())
    assert f"— whole booster, {full} of 120 full" in DOC.read_text()


# The decks of the random games: a nation's cards of the booster (four of each unit, orders
# twice) over the first vanguard of its start deck, with that deck's four triggers.
NATIONS = {
    "dragon_empire": ("B2-066", ["PD-011", "PD-012", "PD-013", "PD-014"]),
    "dark_states": ("PE-004", ["PE-011", "PE-012", "PE-013", "PE-014"]),
    "brandt_gate": ("PH-004", ["PH-011", "PH-012", "PH-013", "PH-014"]),
    "keter_sanctuary": ("B2-106", ["PF-011", "PF-012", "PF-013", "PF-014"]),
    "stoicheia": ("PF-004", ["PF-011", "PF-012", "PF-013", "PF-014"]),
}


def _deck(ldb: vg.CardDB, nation: str) -> vg.Deck:
    starter, triggers = NATIONS[nation]
    cards = [c for c in ldb if c.id.startswith("B2-") and c.nation == nation
             and c.id != starter and c.grade > 0]
    main: list[str] = [t for t in triggers for _ in range(4)]
    for card in cards * 4:
        if len(main) < 49:
            main.append(card.id)
    return vg.Deck(name=nation, main=tuple([starter] + main), starter=starter)


@pytest.mark.parametrize("nation", sorted(NATIONS))
def test_random_games_of_each_nation_play_to_the_end(ldb, nation):
    """Four seeded games of the nation's deck against itself, random legal actions, play to a
    result with no engine error; the booster's abilities played are counted (floors measured:
    see PLAYED_FLOOR)."""
    deck = _deck(ldb, nation)
    played: set[str] = set()
    for seed in (1, 2, 3, 4):
        game = vg.Game(deck, deck, seed=seed, db=ldb, validate=False, turn_limit=14)
        rng = np.random.default_rng(seed)
        play_busy(game, rng, 3000)
        assert game.over and game.end_code in ("damage", "deck_out", "turn_limit")
        played |= abilities_played(game, orders=False)
    PLAYED[nation] = {c for c in played if c.startswith("B2-")}
    assert len(PLAYED[nation]) >= PLAYED_FLOOR[nation], sorted(PLAYED[nation])


PLAYED: dict[str, set[str]] = {}
# Measured (seeds 1-4): Dragon Empire 4 (003, 029, 064, 066), Dark States 2 (069, 075), Brandt
# Gate 4 (039, 041, 089, 094), Keter Sanctuary 8 (008, 021, 046, 097, 101, 102, 105, 106),
# Stoicheia 1 (118): random decks rarely reach the conditions (a named vanguard, Final Rush, a
# World, ten souls), which the scenarios below set up instead.
PLAYED_FLOOR = {"dragon_empire": 4, "dark_states": 2, "brandt_gate": 4,
                "keter_sanctuary": 8, "stoicheia": 1}


# Scenarios (judge-style): each construct of the pattern, where it works and where it fails.

@pytest.mark.parametrize("card_id", ["B2-030", "B2-035", "B2-042", "B2-048", "B2-054"])
@pytest.mark.parametrize(("attacker_vanguard", "shield"), [(V3, 10000), (G2, 5000)])
def test_B2_030_035_042_048_054_guardian_shield_against_a_grade_3(ldb, card_id,
                                                                    attacker_vanguard, shield):
    """[CONT](GC): shield +5000 only while the opponent's vanguard is grade 3 or greater."""
    game = scene(ldb, {"vanguard": V3, "hand": [card_id]}, {"vanguard": attacker_vanguard},
                 phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guardian = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    game.switch()
    assert zone_of(game, guardian) is Zone.GC and q.shield(game.state, guardian) == shield


@pytest.mark.parametrize(("damage_face_down", "power"), [(1, 15000), (0, 10000)])
def test_B2_021_attacks_stronger_with_no_face_up_damage(ldb, damage_face_down, power):
    """When it attacks, +5000 for the battle only if no damage card is face up."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-021"}, "damage": [G2],
                       "damage_face_down": damage_face_down}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    assert power_of(game, unit) == power


@pytest.mark.parametrize(("their_rear", "power"), [({}, 15000), ({"front_right": G2}, 10000),
                                                   ({"back_left": G2}, 15000)])
def test_B2_056_attacks_stronger_against_an_empty_front_row(ldb, their_rear, power):
    """+5000 when the opponent has no front-row rear-guard; a back-row one does not count."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-056"}},
                 {"vanguard": V3, "rear": their_rear}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    assert power_of(game, unit) == power


@pytest.mark.parametrize("bound", [[G2, G2, V3], []])
def test_B2_053_empties_the_bind_zone_for_power(ldb, bound):
    """Placed with cards in the bind zone: all of them go to the drop, +5000 for each; with an
    empty bind zone the auto does not trigger."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-053"], "bind": bound})
    card = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.CALL, card=card, circle=Circle.FRONT_LEFT))
    if bound:
        say_yes(game)
    assert cards_in(game, 0, Zone.BIND) == [] and len(cards_in(game, 0, Zone.DROP)) == len(bound)
    assert power_of(game, card) == 10000 + 5000 * len(bound)


@pytest.mark.parametrize(("drop", "power", "critical"), [(14, 8000 + 10000, 1),
                                                         (15, 8000 + 15000, 2), (4, 8000, 1)])
def test_B2_055_power_for_every_five_in_the_drop(ldb, drop, power, critical):
    """+5000 for every five cards of the drop (four give nothing), +1 critical with fifteen."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-055"], "rear": {"front_left": "B2-029"},
                       "drop": [G2] * drop})
    order = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.PLAY_ORDER, card=order))
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    if game.decision.kind.value == "choose_card":
        game.step(pick(game, ActionKind.PICK, card=unit))
    game.switch()
    assert (power_of(game, unit), q.critical(game.state, unit)) == (power, critical)


@pytest.mark.parametrize("world_on_top", [True, False])
def test_B2_039_takes_a_world_and_sinks_the_rest(ldb, world_on_top):
    """Placed: of the top three, up to one World to hand, the others to the bottom of the deck;
    with no World among them all three go to the bottom."""
    top = (["PO-009"] if world_on_top else [G2]) + [V3, V3]
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-039"], "deck": top + [G2] * 7})
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_LEFT))
    if world_on_top:
        game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DECK)[0]))
    while game.decision.kind.value == "choose_card":
        game.step(pick(game, ActionKind.DONE))
    deck = [game.state.card(c).id for c in cards_in(game, 0, Zone.DECK)]
    hand = [game.state.card(c).id for c in cards_in(game, 0, Zone.HAND)]
    assert hand == (["PO-009"] if world_on_top else [])
    assert deck[:7] == [G2] * 7 and len(deck) == (9 if world_on_top else 10)


@pytest.mark.parametrize(("rear", "shield"), [({}, 5000), ({"back_center": G2}, 10000)])
def test_B2_099_guardian_counts_units_and_guardians(ldb, rear, shield):
    """[CONT](GC): shield +5000 with three or more of your units and guardians (the vanguard,
    a rear-guard and this guardian: three; without the rear-guard: two)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-099"], "rear": rear}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    guardian = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    game.switch()
    assert q.shield(game.state, guardian) == shield


@pytest.mark.parametrize(("rear", "power"), [({"front_left": V3, "back_left": V3}, 33000),
                                             ({"front_left": V3}, 13000)])
def test_B2_107_blitz_with_three_grade_3_units(ldb, rear, power):
    """Blitz order in the guard step: with three grade 3 units (the vanguard and two
    rear-guards) the vanguard gets +20000 for the battle; with two, nothing; the bonus ends
    with the battle."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-107"], "rear": rear}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 1, Circle.VC), vanguard)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=cards_in(game, 0, Zone.HAND)[0]))
    assert power_of(game, vanguard) == power
    game.step(pick(game, ActionKind.DONE))
    assert power_of(game, vanguard) == 13000


@pytest.mark.parametrize(("card_id", "offered"), [("B2-112", True), (G2, False)])
def test_B2_112_intercepts_from_the_back_row(ldb, card_id, offered):
    """CORE-10: a back-row rear-guard may not intercept, unless it has the permission."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": card_id}}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    unit = unit_at(game, 0, Circle.BACK_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    assert has_action(game, ActionKind.INTERCEPT, card=unit) is offered
    if offered:
        game.step(pick(game, ActionKind.INTERCEPT, card=unit))
        assert zone_of(game, unit) is Zone.GC


PRISON = "PH-015"                                 # the D-SD05 study's Prison set order


@pytest.mark.parametrize(("first", "counter", "soul"), [(True, 1, 0), (False, 0, 3)])
def test_choose_one_B2_091_the_player_picks_one_mode(ldb, first, counter, soul):
    """choose_one: placed with five cards in the Prison, the player chooses Counter Charge (1)
    (the first mode, yes) or Soul Charge (3) (no); only the chosen mode happens."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-091"], "order_zone": [PRISON],
                       "imprisoned": [G2] * 5, "damage": [G2], "damage_face_down": 1})
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_LEFT))
    assert game.decision.kind is DecisionKind.YES_NO and "choose one" in game.decision.label
    game.step(pick(game, ActionKind.YES if first else ActionKind.NO))
    game.switch()
    face_up = [c for c in cards_in(game, 0, Zone.DAMAGE) if is_face_up(game, c)]
    assert (len(face_up), len(cards_in(game, 0, Zone.SOUL))) == (counter, soul)


def test_choose_one_B2_091_not_asked_below_five_in_the_prison(ldb):
    """With four cards in the Prison the auto's condition fails: no question, nothing changes."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-091"], "order_zone": [PRISON],
                       "imprisoned": [G2] * 4})
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_LEFT))
    assert game.decision.kind is not DecisionKind.YES_NO and cards_in(game, 0, Zone.SOUL) == []



THREE_MODES = '''
[[card]]
id = "T-CHOOSE3"
names = ["Threefold Test Sprite"]
grade = 1
power = 8000
shield = 5000
nation = "stoicheia"
skills = ["boost"]
[[card.ability]]
kind = "act"
zones = ["rc"]
effect = [{ op = "choose_one", then = [{ op = "draw", n = 1 }], else = [
  { op = "choose_one", then = [{ op = "soul_charge", n = 1 }], else = [{ op = "mill", n = 2 }] },
] }]
text = "[ACT](RC): Choose one of: draw a card; Soul Charge (1); or put the top two cards of your deck into your drop."
'''


@pytest.mark.parametrize(("answers", "hand", "soul", "drop"),
                         [(["yes"], 1, 0, 0), (["no", "yes"], 0, 1, 0), (["no", "no"], 0, 0, 2)])
def test_choose_one_nested_gives_three_modes(ldb, tmp_path, answers, hand, soul, drop):
    """A choose_one in `else` is a third mode: each answer path does one mode and only it."""
    path = tmp_path / "three.toml"
    path.write_text(THREE_MODES)
    db = vg.CardDB.load(path, base=ldb)
    game = scene(db, {"vanguard": V3, "rear": {"front_left": "T-CHOOSE3"}})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=0))
    for answer in answers:
        game.step(pick(game, ActionKind.YES if answer == "yes" else ActionKind.NO))
    assert [len(cards_in(game, 0, z)) for z in (Zone.HAND, Zone.SOUL, Zone.DROP)] == [
        hand, soul, drop]


@pytest.mark.parametrize(("effect", "needles"), [
    ('[{ op = "choose_one", then = [{ op = "draw" }], as = "x" }]', ("as", "holds other steps")),
    ('[{ op = "for_each", count = "your_hand", do = [{ op = "choose_one", then = [{ op = "draw" }] }] }]',
     ("do[0]",)),
    ('[{ op = "choose_one", then = [{ op = "draw" }], modes = [] }]', ("modes", "unknown key")),
])
def test_choose_one_refusals_name_the_field(ldb, tmp_path, effect, needles):
    """`as` on a choose_one (it holds other steps), a choose_one repeated by for_each (ACT-28: a
    step that jumps) and an unknown key are refused at load in one line naming the field."""
    text = THREE_MODES.replace("T-CHOOSE3", "T-BAD").replace(
        THREE_MODES[THREE_MODES.index("effect = "):THREE_MODES.index("text = ")],
        f"effect = {effect}\n")
    refused_file(tmp_path, text, ldb, *needles)


@pytest.mark.parametrize(("target", "guard_offered"), [("rear", False), ("vanguard", True)])
def test_B2_001_no_guard_from_hand_against_its_attack_on_a_rear_guard(ldb, target,
                                                                       guard_offered):
    """[CONT]: during the battle it attacks a rear-guard the opponent calls nothing from hand
    to GC; attacking the vanguard, guarding is as usual."""
    game = scene(ldb, {"vanguard": "B2-001"},
                 {"vanguard": V3, "rear": {"front_left": G2}, "hand": [G2]}, phase="battle")
    them = unit_at(game, 1, Circle.FRONT_LEFT if target == "rear" else Circle.VC)
    attack(game, unit_at(game, 0, Circle.VC), them)
    assert has_action(game, ActionKind.GUARD) is guard_offered


@pytest.mark.parametrize(("called_from_soul", "can_attack"), [(True, True), (False, False)])
def test_B2_108_110_attacks_only_after_a_call_from_elsewhere_than_the_hand(ldb, called_from_soul,
                                                                       can_attack):
    """B2-108 [CONT]: it cannot attack unless a card was called this turn from somewhere other
    than the hand; here B2-110 calls itself from the drop by its ACT (SB1 & bind an order of
    the drop, B2-024), which also shows B2-110 working; without that call no attack."""
    side = {"vanguard": V3, "rear": {"front_left": "B2-108"}, "soul": [G2],
            "drop": ["B2-110", "B2-024"]}
    game = scene(ldb, side)
    if called_from_soul:
        shooter = cards_in(game, 0, Zone.DROP)[0]
        game.step(pick(game, ActionKind.ACT, card=shooter))
        while game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
        if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
            game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
        assert zone_of(game, shooter) is Zone.RC
    game.step(pick(game, ActionKind.DONE))                        # to the battle phase
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.ATTACK, card=unit) is can_attack


@pytest.mark.parametrize(("held", "power"), [(2, 3000), (0, 13000)])
def test_B2_093_blitz_weakens_the_attacker_per_card_in_your_prison(ldb, held, power):
    """Blitz order, SB1: the opponent's attacking unit gets -5000 for each card in your
    Prison (two: 13000 - 10000); with an empty Prison it is played for nothing."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-093"], "soul": [G2], "order_zone": [PRISON],
                       "imprisoned": [G2] * held}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    attacker = unit_at(game, 1, Circle.VC)
    attack(game, attacker, unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.PLAY_ORDER, card=cards_in(game, 0, Zone.HAND)[0]))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    assert power_of(game, attacker) == power and cards_in(game, 0, Zone.SOUL) == []


@pytest.mark.parametrize("held", [0, 2])
def test_B2_041_imprisons_a_unit_card_from_the_opponents_drop(ldb, held):
    """ACT, rest this unit: a unit card of the opponent's drop is imprisoned (PRI-01); with
    two cards already in the Prison the ACT is not offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-041"},
                       "order_zone": [PRISON], "imprisoned": [G2] * held},
                 {"vanguard": V3, "drop": [G2]})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.ACT, card=unit) is (held < 2)
    if held < 2:
        game.step(pick(game, ActionKind.ACT, card=unit))
        while game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
        game.switch()
        assert cards_in(game, 1, Zone.DROP) == [] and len(q.imprisoned_in(game.state, 0)) == 1


@pytest.mark.parametrize(("their_rear", "moved"), [({"back_left": G2}, True),
                                                   ({"back_left": G2, "front_left": G2,
                                                     "front_right": G2}, False)])
def test_CORE_07_B2_057_moves_an_opponents_rear_guard_to_an_open_front_circle(ldb, their_rear,
                                                                             moved):
    """`move` (CORE-07): the chosen rear-guard goes to an open front-row RC of its owner's
    side, the same object (CORE-20); with the front row full it
    stays where it is."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-057"]}, {"vanguard": V3, "rear": their_rear})
    victim = unit_at(game, 1, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_LEFT))
    say_yes(game)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=victim))
    if moved:
        assert game.decision.kind is DecisionKind.CHOOSE_CIRCLE
        circles = {a.circle for a in game.legal_actions() if a.kind is ActionKind.PICK}
        assert circles == {Circle.FRONT_LEFT, Circle.FRONT_RIGHT}
        game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    game.switch()
    where = q.position(victim)
    assert (where.zone, where.circle) == (
        (Zone.RC, Circle.FRONT_RIGHT) if moved else (Zone.RC, Circle.BACK_LEFT))
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_move_refuses_an_unbound_circle_name(ldb, tmp_path):
    """`to = { circle_of = ... }` on a move names a card bound before, as on a call."""
    text = THREE_MODES.replace("T-CHOOSE3", "T-BADMOVE").replace(
        THREE_MODES[THREE_MODES.index("effect = "):THREE_MODES.index("text = ")],
        'effect = [{ op = "move", target = "self", to = { circle_of = "nowhere" } }]\n')
    refused_file(tmp_path, text, ldb, "to.circle_of", "nowhere")


def test_B2_098_discarded_sends_a_column_of_rear_guards_to_the_deck_bottom(ldb):
    """Discarded from hand (here by B2-102's draw-then-discard), CB2 & SB1: the opponent's
    rear-guards of the chosen column (front and back left) go to the bottom of their deck, the
    other column's stays."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-102", "B2-098"], "soul": [G2, G2],
                       "damage": [G2, G2]},
                 {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2, "front_right": G2}})
    left = [unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.BACK_LEFT)]
    right = unit_at(game, 1, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_LEFT))
    say_yes(game)                                         # B2-102: SB1, draw, discard
    while game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.label == "soul blast":
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    bestia = next(c for c in cards_in(game, 0, Zone.HAND) if game.state.card(c).id == "B2-098")
    game.step(pick(game, ActionKind.PICK, card=bestia))   # the discard
    say_yes(game)                                         # B2-098: CB2 & SB1
    pay_first_cards(game)
    game.step(pick(game, ActionKind.PICK, card=left[0]))  # the column of the front left
    game.switch()
    assert [zone_of(game, u) for u in left] == [Zone.DECK, Zone.DECK]
    assert zone_of(game, right) is Zone.RC
    assert [game.state.card(c).id for c in cards_in(game, 1, Zone.DECK)[-2:]] == [G2, G2]


@pytest.mark.parametrize("first_vanguard", ["B2-066", "B2-106"])
@pytest.mark.parametrize(("turn_player", "drawn"), [(1, 1), (0, 0)])
def test_B2_066_106_first_vanguards_draw_when_ridden_by_the_second_player(ldb, first_vanguard,
                                                                          turn_player, drawn):
    """Ridden upon: the player who went second draws a card; the first player does not (turn 2
    is player 1's, turn 3 player 0's: player 0 went first)."""
    side = {"vanguard": first_vanguard, "hand": ["B2-003"]}
    sides = ({"vanguard": V3}, side) if turn_player == 1 else (side, {"vanguard": V3})
    game = scene(ldb, sides[0], sides[1], phase="ride", turn_player=turn_player,
                 turn=2 if turn_player == 1 else 3)
    ride_from_hand(game, turn_player, "B2-003")
    assert len(cards_in(game, turn_player, Zone.HAND)) == drawn
    assert game.state.card(cards_in(game, turn_player, Zone.SOUL)[0]).id == first_vanguard


@pytest.mark.parametrize(("soul", "power"), [(5, 12000), (4, 10000)])
def test_B2_080_plus_2000_with_five_souls_on_your_turn(ldb, soul, power):
    """[CONT](RC): during your turn with five or more cards in the soul, +2000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-080"}, "soul": [G2] * soul})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("order_zone", "offered"), [([PRISON], True), ([], False)])
def test_B2_092_gets_intercept_with_a_card_in_the_order_zone(ldb, order_zone, offered):
    """[CONT](RC): a grade 2 without a printed [Intercept] intercepts while your order zone
    holds a card (CORE-10)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-092"},
                       "order_zone": order_zone}, {"vanguard": V3},
                 phase="battle", turn_player=1)
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    assert has_action(game, ActionKind.INTERCEPT, card=unit) is offered


@pytest.mark.parametrize(("partner", "power"), [("PD-002", 15000), ("PD-003", 15000),
                                                (G2, 10000)])
def test_B2_065_plus_5000_beside_a_named_maiden(ldb, partner, power):
    """[CONT](RC): during your turn with a unit named «Ember Shrine Maiden, Hinoe» or
    «... Hikari» (D-SD01's ride line, PD-002 and PD-003), +5000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-065", "back_left": partner}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("mine", "facing"), [(Circle.FRONT_LEFT, Circle.FRONT_RIGHT),
                                              (Circle.BACK_RIGHT, Circle.FRONT_LEFT)])
def test_facing_column_B2_061_retires_only_across_its_column(ldb, mine, facing):
    """facing_column (reading of CORE-07 across the board: a player's left column faces the
    other's right): the ACT offers only the opponent's rear-guards of the column across from
    it, front or back, and retires the chosen one."""
    other = Circle.FRONT_LEFT if facing is Circle.FRONT_RIGHT else Circle.FRONT_RIGHT
    partner = {Circle.FRONT_RIGHT: "back_right", Circle.FRONT_LEFT: "back_left"}[facing]
    game = scene(ldb, {"vanguard": V3, "rear": {mine.value: "B2-061"}, "soul": [G2],
                       "damage": [G2]},
                 {"vanguard": V3, "rear": {facing.value: G2, partner: G2, other.value: G2}})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, mine)))
    pay_first_cards(game)
    offered = {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK}
    across = {unit_at(game, 1, facing), unit_at(game, 1, Circle(partner))}
    assert offered == across
    victim = unit_at(game, 1, facing)
    game.step(pick(game, ActionKind.PICK, card=victim))
    assert zone_of(game, victim) is Zone.DROP and zone_of(game, unit_at(game, 1, other)) is Zone.RC


@pytest.mark.parametrize(("their_rear", "power"), [
    ({"front_right": G2, "back_right": G2}, 15000),   # two across its column: +5000
    ({"front_right": G2}, 10000),                      # one
    ({"front_left": G2, "back_left": G2}, 10000),      # two, but in the other column
])
def test_facing_column_B2_050_counts_the_units_in_front_of_it(ldb, their_rear, power):
    """When it attacks from the front left: +5000 with two or more units in front of it, the
    opponent's units of the column across (facing_column: their right column). The third
    unit (its own front-row unit, for an attack from the back row) needs a back-row attack,
    random play only."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-050"}},
                 {"vanguard": V3, "rear": their_rear}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    assert power_of(game, unit) == power and cards_in(game, 0, Zone.SOUL) == []


# Vanilla grade 3 vanguards named as the cards of other sets the booster names (not written by
# this study): loaded over the corpus in the tests that need them.
NAMED_VANGUARDS = "".join(f'''
[[card]]
id = "T-NAMED-{n}"
names = ["{name}"]
grade = 3
power = 13000
nation = "dark_states"
skills = ["twin_drive"]
''' for n, name in enumerate(["Gravemass Sovereign, Baromant", "Hexalume Sorceress",
                              "Duststorm Battery, Eugor"]))


@pytest.fixture
def named_db(ldb, tmp_path):
    path = tmp_path / "named.toml"
    path.write_text(NAMED_VANGUARDS)
    return vg.CardDB.load(path, base=ldb)


@pytest.mark.parametrize(("vanguard", "power"), [("T-NAMED-0", 15000), (V3, 10000)])
def test_B2_070_plus_5000_under_the_gravity_vanguard(named_db, vanguard, power):
    """[CONT](RC): +5000 while the vanguard is «Gravemass Sovereign, Baromant»."""
    game = scene(named_db, {"vanguard": vanguard, "rear": {"front_left": "B2-070"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize(("soul", "counter_charged"), [(10, 1), (9, 0)])
def test_B2_014_discard_for_power_and_a_counter_charge_with_ten_souls(named_db, soul,
                                                                     counter_charged):
    """Attacking under the gravity vanguard, discard a card: +5000 for the battle; with ten
    souls, Counter Charge (1) as well."""
    game = scene(named_db, {"vanguard": "T-NAMED-0", "rear": {"front_left": "B2-014"},
                            "hand": [G2], "soul": [G2] * soul, "damage": [G2],
                            "damage_face_down": 1}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    say_yes(game)
    pay_first_cards(game)
    face_up = [c for c in cards_in(game, 0, Zone.DAMAGE) if is_face_up(game, c)]
    assert power_of(game, unit) == 15000 and cards_in(game, 0, Zone.HAND) == []
    assert len(face_up) == counter_charged


@pytest.mark.parametrize(("their_rear", "power"), [({}, 20000), ({"front_right": G2,
                                                                  "back_right": G2}, 10000)])
def test_B2_085_more_rear_guards_than_the_opponent(ldb, their_rear, power):
    """Attacking with more rear-guards than the opponent, CB1: SC1 and +10000; with fewer, the
    auto does not trigger."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-085", "back_left": G2},
                       "damage": [G2]}, {"vanguard": V3, "rear": their_rear}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit, unit_at(game, 1, Circle.VC))
    if power > 10000:
        say_yes(game)
        pay_first_cards(game)
    assert power_of(game, unit) == power
    assert len(cards_in(game, 0, Zone.SOUL)) == (1 if power > 10000 else 0)


@pytest.mark.parametrize(("card_id", "each", "base"), [("B2-114", 5000, 10000),
                                                       ("B2-118", 2000, 8000)])
@pytest.mark.parametrize("others", [0, 2])
def test_B2_114_118_power_for_each_other_rear_guard(ldb, card_id, each, base, others):
    """Attacking, the soul blast paid: +N for each of your other rear-guards (none: +0; the
    grade 2s behind it do not boost)."""
    rear = {"front_left": card_id} | dict(zip(["back_left", "front_right"], [G2] * others))
    game = scene(ldb, {"vanguard": V3, "rear": rear, "soul": [G2, G2]}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=unit, target=unit_at(game, 1, Circle.VC)))
    say_yes(game)
    pay_first_cards(game)
    assert power_of(game, unit) == base + each * others


def test_B2_095_retired_for_a_cost_powers_the_gloomblades(ldb):
    """Retired for a cost (B2-046's 'retire another rear-guard'), CB1 & SB1: your «Gloomblade»
    units +5000 (B2-046 is «Gloomblade Knight»: 10000 + 5000 of its own cont in your turn after
    a retire + 5000)."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-046"], "rear": {"back_left": "B2-095"},
                       "soul": [G2], "damage": [G2, G2]},
                 {"vanguard": V3, "rear": {"front_left": G2}})
    fodder = unit_at(game, 0, Circle.BACK_LEFT)
    knight = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.CALL, card=knight, circle=Circle.FRONT_RIGHT))
    say_yes(game)
    pay_first_cards(game)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=fodder))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:      # the effect: retire theirs
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    assert zone_of(game, fodder) is Zone.DROP
    assert game.decision.kind is DecisionKind.YES_NO          # 095's auto: a cost retired it
    say_yes(game)
    pay_first_cards(game)
    assert power_of(game, knight) == 20000


def test_B2_095_not_for_a_retire_by_battle(ldb):
    """Retired by the opponent's hit (a rule action), not for a cost: no question."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-095"}, "soul": [G2],
                       "damage": [G2]}, {"vanguard": V3}, phase="battle", turn_player=1)
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit)
    no_guard(game)
    assert zone_of(game, unit) is Zone.DROP and game.decision.kind is not DecisionKind.YES_NO


@pytest.mark.parametrize("top", [[G2, V3, "PD-011"], ["PD-011", "PD-012", "PD-013"]])
def test_B2_117_calls_to_the_back_row_a_unit_that_cannot_move(ldb, top):
    """ACT, SB1 & retire this unit: of the top three, up to one unit to a back-row RC, which
    cannot move this turn (CORE-07, cant_move); the rest of the three to the drop."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-117"}, "soul": [G2],
                       "deck": top + [G2] * 7})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    pay_first_cards(game)
    recruit = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.PICK, card=recruit))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:            # the call's card, if asked
        game.step(pick(game, ActionKind.PICK, card=recruit))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_RIGHT))
    assert q.position(recruit).circle is Circle.BACK_RIGHT
    assert not has_action(game, ActionKind.MOVE, card=recruit)
    drop = [game.state.card(c).id for c in cards_in(game, 0, Zone.DROP)]
    assert sorted(drop) == sorted(["B2-117", G2, *top[1:]])      # G2: the soul blast
    assert len(cards_in(game, 0, Zone.DECK)) == 7


def test_B2_119_back_row_plus_5000_cannot_boost_or_move(ldb):
    """Normal order: the back-row rear-guards +5000, and neither boosts nor moves this turn."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-119"],
                       "rear": {"front_left": "B2-029", "back_left": "B2-030"}})
    back = unit_at(game, 0, Circle.BACK_LEFT)
    assert has_action(game, ActionKind.MOVE, card=back)
    game.step(pick(game, ActionKind.PLAY_ORDER, card=cards_in(game, 0, Zone.HAND)[0]))
    assert power_of(game, back) == 13000 and not has_action(game, ActionKind.MOVE, card=back)
    game.step(pick(game, ActionKind.DONE))                         # to the battle phase
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT),
                   target=unit_at(game, 1, Circle.VC)))
    assert not has_action(game, ActionKind.BOOST, card=back)


@pytest.mark.parametrize("activated", [True, False])
def test_B2_033_the_opponent_cannot_intercept_this_turn(ldb, activated):
    """ACT, SB1: this turn the opponent's front-row grade 2 is not offered the intercept (the
    restriction cant_intercept over their rear-guards); without the ACT it is."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-033"}, "soul": [G2]},
                 {"vanguard": V3, "rear": {"front_right": G2}})
    if activated:
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
        pay_first_cards(game)
    game.step(pick(game, ActionKind.DONE))                        # to the battle phase
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    guard = unit_at(game, 1, Circle.FRONT_RIGHT)
    assert has_action(game, ActionKind.INTERCEPT, card=guard) is not activated


@pytest.mark.parametrize("played", [True, False])
def test_CORE_09_B2_067_the_vanguard_may_attack_the_back_row(ldb, played):
    """attack_back_row (CORE-09, a permission): after the order the vanguard may attack the
    opponent's back-row rear-guard, and its hit retires it; without it only the front row and
    the vanguard are targets, and a rear-guard of ours gets no such target."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-067"], "rear": {"front_left": G2}},
                 {"vanguard": V3, "rear": {"back_left": G2, "front_right": G2}})
    if played:
        game.step(pick(game, ActionKind.PLAY_ORDER, card=cards_in(game, 0, Zone.HAND)[0]))
    game.step(pick(game, ActionKind.DONE))                        # to the battle phase
    vanguard, rear = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    back = unit_at(game, 1, Circle.BACK_LEFT)
    assert has_action(game, ActionKind.ATTACK, card=vanguard, target=back) is played
    assert not has_action(game, ActionKind.ATTACK, card=rear, target=back)
    if played:
        attack(game, vanguard, back)
        no_guard(game)
        while game.decision.kind is not DecisionKind.ATTACK and not game.over:
            game.step(next(a for a in game.legal_actions()
                           if a.kind in (ActionKind.PICK, ActionKind.DONE, ActionKind.NO)))
        assert zone_of(game, back) is Zone.DROP


@pytest.mark.parametrize("placed", [True, False])
def test_ALC_01_B2_010_the_next_alchemagic_pays_counter_blast_1_less(ldb, placed):
    """ALC-01 (2), rule hook alchemagic_counter_blast: after B2-010 is placed, the Alchemagic of
    a Soul Blast (1) order with a Counter Blast (1) order of the drop costs Soul Blast (1) only,
    so it is offered with no face-up damage; without B2-010 it is not offered."""
    game = (vg.Scenario(ldb)
            .player(0, vanguard="AS-004", hand=["AS-022", "B2-010"], drop=["AS-019"],
                    soul=["DX-001"], damage=["DX-006"], damage_face_down=1,
                    deck=["DX-006", "AS-005", "DX-007", "DX-006"])
            .player(1, vanguard="DX-104", rear={"front_left": "DX-102"}, deck=["DX-106"] * 6)
            .start(turn=3, turn_player=0, phase="main"))
    order = next(c for c in cards_in(game, 0, Zone.HAND) if game.state.card(c).id == "AS-022")
    bound = cards_in(game, 0, Zone.DROP)[0]
    if placed:
        rogue = next(c for c in cards_in(game, 0, Zone.HAND) if game.state.card(c).id == "B2-010")
        game.step(pick(game, ActionKind.CALL, card=rogue, circle=Circle.BACK_LEFT))
    assert has_action(game, ActionKind.PLAY_ORDER, card=order, target=bound) is placed
    if placed:
        game.step(pick(game, ActionKind.PLAY_ORDER, card=order, target=bound))
        pay_first_cards(game)
        assert cards_in(game, 0, Zone.SOUL) == [] and zone_of(game, bound) is Zone.BIND


@pytest.mark.parametrize(("target_vanguard", "soul"), [(True, 1), (False, 0)])
def test_B2_003_soul_charge_attacking_a_vanguard_from_rc(ldb, target_vanguard, soul):
    """When it attacks a vanguard from RC: Soul Charge (1); attacking a rear-guard, nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "B2-003"}},
                 {"vanguard": V3, "rear": {"front_right": G2}}, phase="battle")
    target = unit_at(game, 1, Circle.VC if target_vanguard else Circle.FRONT_RIGHT)
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), target)
    assert len(cards_in(game, 0, Zone.SOUL)) == soul


def test_B2_003_act_from_the_soul(ldb):
    """[ACT](Soul): put this card from the soul into the drop & CB1: Soul Charge (1) and the
    vanguard +10000 until end of turn."""
    game = scene(ldb, {"vanguard": V3, "soul": ["B2-003"], "damage": [G2]})
    card = cards_in(game, 0, Zone.SOUL)[0]
    game.step(pick(game, ActionKind.ACT, card=card))
    pay_first_cards(game)
    assert zone_of(game, card) is Zone.DROP and len(cards_in(game, 0, Zone.SOUL)) == 1
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 23000


@pytest.mark.parametrize("drop", [["PD-011"], []])
def test_B2_029_placed_calls_a_grade_0_from_the_drop(ldb, drop):
    """Placed, CB1: a grade 0 card of the drop to RC; with none there the ability is still
    offered (it may be declined) and calls nothing."""
    game = scene(ldb, {"vanguard": V3, "hand": ["B2-029"], "drop": drop, "damage": [G2]})
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_LEFT))
    if drop:
        say_yes(game)
        pay_first_cards(game)
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DROP)[0]))
        game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    else:
        game.step(pick(game, ActionKind.NO))
    assert len(q.rear_guards(game.state, 0)) == 1 + len(drop)
    assert game.decision.kind is DecisionKind.MAIN_PHASE
