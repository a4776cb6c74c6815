"""Deck odds (issue 13): exact figures against closed forms derived here, Monte Carlo against
exact, the seats, the turn structure, and the report."""

from __future__ import annotations

import dataclasses
import itertools
import json
from fractions import Fraction
from math import comb, prod

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.sim.odds import Figure, OddsReport, odds
from ecs_vanguard.vocab.errors import DeckError, OddsError

SAMPLES = 200_000

# The classic deck: a starter on VC and 49 shuffled, 14 grade 1 / 11 grade 2 / 8 grade 3 (twin
# drive) / 16 triggers that draw nothing (12 critical, 4 heal), no ride deck, no G deck.
CLASSIC_CARDS = "\n".join(
    f'[[card]]\nid = "{cid}"\nnames = ["{cid} unit"]\ngrade = {g}\npower = 8000\n'
    f"shield = {s}\n{extra}\n"
    for cid, g, s, extra in [
        ("CL-000", 0, 10000, ""),
        *((f"CL-1{i}", 1, 5000, "") for i in range(4)),
        *((f"CL-2{i}", 2, 5000, "") for i in range(3)),
        *((f"CL-3{i}", 3, 0, 'skills = ["twin_drive"]') for i in range(2)),
        *((f"CL-4{i}", 0, 10000, 'trigger = "critical"') for i in range(3)),
        ("CL-50", 0, 10000, 'trigger = "heal"'),
    ])
CLASSIC_DECK = {"name": "Classic", "format": "premium", "starter": "CL-000", "main": {
    "CL-000": 1, "CL-10": 4, "CL-11": 4, "CL-12": 4, "CL-13": 2, "CL-20": 4, "CL-21": 4,
    "CL-22": 3, "CL-30": 4, "CL-31": 4, "CL-40": 4, "CL-41": 4, "CL-42": 4, "CL-50": 4}}
SIZE, GRADE_COUNTS, OTHERS = 49, {1: 14, 2: 11, 3: 8}, 16


@pytest.fixture(scope="module")
def classic(tmp_path_factory) -> tuple[vg.CardDB, vg.Deck]:
    path = tmp_path_factory.mktemp("cards") / "classic.toml"
    path.write_text(CLASSIC_CARDS, encoding="utf-8")
    db = vg.CardDB.load(path, base=vg.CardDB.builtin())
    return db, vg.Deck.from_dict(CLASSIC_DECK, db)


# --- closed forms, derived without the package's code -------------------------------------------

def cards_seen(seat: int, turn: int) -> int:
    """Cards that reached the hand by the ride step of own turn 1-4 (classic deck, no draws from
    triggers): 5 + a draw a turn + one drive check per attack before it. A grade 3 on turn 3
    would twin-drive, but then the vanguard is grade 3 already and turn 4's count is moot."""
    attacks = turn - 1 if seat == 1 else max(turn - 2, 0)
    return 5 + turn + attacks


def survival(deck: int, counts: dict[int, int], beyond: dict[int, int]) -> Fraction:
    """P(no grade-g card among the first beyond[g] cards of a shuffled deck, for every g).

    Walk the thresholds upwards: the cards between two thresholds avoid every grade whose
    threshold is still ahead; the chain rule makes each stretch a hypergeometric term."""
    p, taken = Fraction(1), 0
    for x in sorted(set(beyond.values())):
        avoid = sum(counts[g] for g, b in beyond.items() if b >= x)
        p *= Fraction(comb(deck - taken - avoid, x - taken), comb(deck - taken, x - taken))
        taken = x
    return p


def ride_odds(deck: int, counts: dict[int, int], present: set[int],
              thresholds: list[int]) -> dict[tuple[int, int], Fraction]:
    """Return P(vanguard grade >= g after the ride of turn t), t = 1..4, by inclusion-exclusion
    over the turn each grade first reaches the hand (5 = not by turn 4)."""
    free = [g for g in (1, 2, 3) if g not in present]
    bounds = [0, *thresholds]                      # cards from this deck by each turn
    out = {(t, g): Fraction(0) for t in range(1, 5) for g in (1, 2, 3)}
    for arrival in itertools.product(range(1, 6), repeat=len(free)):
        chance = Fraction(0)
        for ends in itertools.product((0, 1), repeat=len(free)):  # inclusion-exclusion
            beyond, sign = {}, 1
            for g, turn, end in zip(free, arrival, ends):
                if end and turn == 5:
                    break                                         # P(F_g > whole deck) = 0
                beyond[g] = bounds[turn - 1 + end] if turn < 5 else bounds[4]
                sign *= -1 if end else 1
            else:
                chance += sign * survival(deck, counts, beyond)
        first = {**dict(zip(free, arrival)), **{g: 1 for g in present}}
        grade = 0
        for turn in range(1, 5):
            if grade < 3 and first[grade + 1] <= turn:             # greedy: ride when you can
                grade += 1
            for g in range(1, grade + 1):
                out[(turn, g)] += chance
    return out


def closed_form_rides(seat: int, keep_first_copies: bool | None) -> dict:
    """Ride odds without a mulligan (None), with "grades" (True) or with "all" (False).

    The mulligan: the opening five by category (multivariate hypergeometric), the kept cards,
    the replacements from the 44 not opened, then the 44-card deck is shuffled again."""
    seen = [cards_seen(seat, t) for t in range(1, 5)]
    if keep_first_copies is None:
        return ride_odds(SIZE, GRADE_COUNTS, set(), seen)
    # P(each hand after the mulligan), summed over the openings and draws that give it: the
    # ride odds depend on the hand alone, so they are worked out once a hand, not once a path.
    hands: dict[tuple[int, ...], Fraction] = {}
    cats = [*GRADE_COUNTS.values(), OTHERS]
    for opening in itertools.product(*(range(min(k, 5) + 1) for k in cats)):
        if sum(opening) != 5:
            continue
        p_open = Fraction(prod(comb(k, o) for k, o in zip(cats, opening)), comb(SIZE, 5))
        kept = [min(o, 1) if keep_first_copies else 0 for o in opening[:3]] + [0]
        back = 5 - sum(kept)
        rest = [k - o for k, o in zip(cats, opening)]
        for fresh in itertools.product(*(range(min(r, back) + 1) for r in rest)):
            if sum(fresh) != back:
                continue
            p = p_open * Fraction(prod(comb(r, f) for r, f in zip(rest, fresh)),
                                  comb(SIZE - 5, back))
            hand = tuple(k + f for k, f in zip(kept, fresh))
            hands[hand] = hands.get(hand, Fraction(0)) + p
    total = {(t, g): Fraction(0) for t in range(1, 5) for g in (1, 2, 3)}
    for hand, p in hands.items():
        left = {g: GRADE_COUNTS[g] - hand[g - 1] for g in (1, 2, 3)}
        present = {g for g in (1, 2, 3) if hand[g - 1]}
        for key, q in ride_odds(SIZE - 5, left, present, [s - 5 for s in seen]).items():
            total[key] += p * q
    return total


def test_closed_form_survival_matches_a_direct_count():
    """The chain-rule survival agrees with brute force over a small deck (2 + 2 + 1 + 3)."""
    cards = [1, 1, 2, 2, 3, 0, 0, 0]
    orders = set(itertools.permutations(cards))
    brute = Fraction(sum(1 not in o[:2] and 2 not in o[:3] and 3 not in o[:5] for o in orders),
                     len(orders))
    assert survival(8, {1: 2, 2: 2, 3: 1}, {1: 2, 2: 3, 3: 5}) == brute


@pytest.mark.parametrize("mulligan, keep", [("none", None), ("grades", True), ("all", False)])
def test_CORE_03_CORE_05_exact_ride_odds_of_the_classic_deck_match_closed_forms(
        classic, mulligan, keep):
    """The ride odds of a 14/11/8 deck, both seats, turns 1-4, with and without a mulligan,
    equal the closed forms exactly (fractions)."""
    db, deck = classic
    table = odds(deck, db, mulligan=mulligan, samples=1000).table("ride")
    for seat, name in enumerate(("first", "second")):
        expected = closed_form_rides(seat, keep)
        for (turn, g), p in expected.items():
            cell = table.cell(f"turn {turn}", f"G{g} {name}")
            assert (cell.exact if cell is not None else Fraction(0)) == p, (name, turn, g)
    if keep is None:                           # the textbook anchor: a grade 1 among 6 of 49
        assert expected[(1, 1)] == 1 - Fraction(comb(35, 6), comb(49, 6))


# --- Monte Carlo against exact ------------------------------------------------------------------

KAELRATH = '2x name "Inferno Monarch, Kaelrath"'
CONFIGS = {
    "blazing grades": ("blazing_dragons", "grades", [KAELRATH, "trigger over"]),
    "force none": ("force_vanguards", "none", ["grade 3"]),
    "classic hunt": ("classic", "keep-if grade 1; keep grade 2, grade 3; return 2",
                     ["2x grade 3"]),
    "scholars no-grade0": ("arcane_scholars", "no-grade0", []),
    "knights grade1": ("radiant_knights", "grade1", ["trigger draw"]),
}


@pytest.fixture(scope="module")
def reports(classic) -> dict[str, OddsReport]:
    """One 200 000-deck report per configuration (about a second each). Every test that reads
    them is in the xdist group below, so one worker makes them, not each worker that runs one
    of these tests (under `--dist loadgroup` both did, about 12 s of CPU each)."""
    out = {}
    for key, (deck, policy, targets) in CONFIGS.items():
        db, d = classic if deck == "classic" else (vg.CardDB.builtin(), deck)
        out[key] = odds(d, db, mulligan=policy, targets=targets, samples=SAMPLES, seed=11)
    return out


_ONE_WORKER = pytest.mark.xdist_group("odds_reports")


@_ONE_WORKER
@pytest.mark.parametrize("key", CONFIGS)
def test_every_estimate_is_within_4_standard_errors_of_its_exact_twin(reports, key):
    """Every figure with a closed form: the Monte Carlo estimate is within 4 standard errors."""
    report = reports[key]
    checked = 0
    for table in report.tables:
        for f in table.figures():
            if f.exact is None:
                continue
            p = float(f.exact)
            se = np.sqrt(p * (1 - p) / report.samples) if table.percent else f.se
            assert abs(f.estimate - p) <= 4 * se + 1e-9, (table.key, f)
            checked += 1
    assert checked >= 60, checked


@_ONE_WORKER
def test_exact_figures_are_used_and_cover_the_six_turns_without_strides(reports):
    """Decks without a G deck get exact ride, hand and copy figures for all six turns; with a
    G deck the exact figures stop where a stride could first happen (STR-04)."""
    blazing, force = reports["blazing grades"], reports["force none"]
    for key in ("ride", "hold", "hand", "copies 1", "drive", "damage", "heal_late"):
        assert all(f.exact is not None for f in blazing.table(key).figures()), key
        assert all(f.value == float(f.exact) for f in blazing.table(key).figures())
    assert all(f.exact is None for f in blazing.table("shield").figures())
    ride = force.table("ride")
    assert ride.cell("turn 4", "G3 first").exact is not None       # strides from own turn 4
    assert ride.cell("turn 4", "G3 second").exact is None          # a stride on own turn 3
    assert ride.cell("turn 5", "G3 first").exact is None


# --- seats and the turn structure ---------------------------------------------------------------

@_ONE_WORKER
def test_CORE_04_CORE_11_first_and_second_differ_once_the_second_player_has_drive_checked(
        reports):
    """Both seats hold the same on own turn 1; from turn 2 the second player holds its turn-1
    drive check, so its chances are higher and its hand is a card larger."""
    report = reports["force none"]
    hold, hand = report.table("hold"), report.table("hand")
    for g in (1, 2, 3):
        for t in range(1, 7):
            first = hold.cell(f"turn {t}", f"G{g} first")
            second = hold.cell(f"turn {t}", f"G{g} second")
            if first is None:
                continue
            if t == 1:
                assert first.exact == second.exact
            else:
                assert second.value > first.value, (g, t)
    one = hand.cell("turn 1", "first").exact
    assert hand.cell("turn 1", "second").exact == one
    assert hand.cell("turn 2", "second").value > hand.cell("turn 2", "first").value + 0.9


@_ONE_WORKER
def test_CORE_05_riding_from_the_ride_deck_costs_a_card_from_hand(reports):
    """Standard: the ride deck rides grades 1-3 on curve for certain; each ride discards 1, so
    own turn 1 starts its main phase with 5 + 1 - 1 cards."""
    report = reports["blazing grades"]
    assert all(f.exact == 1 for f in report.table("ride").figures())
    hand = report.table("hand")
    for seat in ("first", "second"):
        cell = hand.cell("turn 1", seat)
        assert cell.exact == 5 and cell.estimate == 5 and cell.se == 0


def test_CORE_14_a_checked_over_trigger_never_reaches_the_hand():
    """The lone over trigger, at a uniform place U of the 46 shuffled: going second it reaches
    the hand by own turn 2 if drawn (U <= 6, U = 8, or U = 9 after a checked draw trigger), never
    when checked (U = 7); going first, by own turn 3, likewise around the turn-2 check (U = 8)."""
    report = odds("blazing_dragons", mulligan="none", targets=["trigger over"], samples=1000)
    pool = 46
    draws = 4                                  # draw triggers: a checked one draws the next card
    table = report.table("copies 1")
    assert table.cell("turn 2", ">=1 second").exact == (Fraction(7, pool)
                                                        + Fraction(draws, pool * (pool - 1)))
    assert table.cell("turn 3", ">=1 first").exact == (Fraction(8, pool)
                                                       + Fraction(draws, pool * (pool - 1)))
    assert table.cell("turn 2", ">=1 first").exact == Fraction(7, pool)


def test_STR_03_STR_04_a_g_deck_strides_into_triple_drives(classic):
    """With a G deck the grade 3 vanguard strides and drive-checks 3 cards a turn: more
    triggers revealed than without it, and the Stride cost makes the hand smaller."""
    deck = vg.Deck.builtin("force_vanguards")
    plain = dataclasses.replace(deck, g_deck=())
    with_g = odds(deck, samples=40_000, seed=2, exact=False)
    without = odds(plain, samples=40_000, seed=2, exact=False)
    turn = "turn 6"
    for seat in ("first", "second"):
        assert (with_g.table("drive_triggers").cell(turn, seat).value
                > without.table("drive_triggers").cell(turn, seat).value + 0.4)
    assert "3 checks" in with_g.table("drive").columns
    assert "3 checks" not in without.table("drive").columns


def test_STR_04_the_second_player_can_stride_on_its_third_turn():
    """The opponent is taken to ride on curve: going second, a grade 3 ridden on own turn 3
    meets the opponent's grade 3 and strides at once (a triple drive on turn 3); going first
    the opponent is still grade 2, so the first stride comes on own turn 4."""
    deck = vg.Deck.builtin("force_vanguards")
    runs = {g: odds(dataclasses.replace(deck, g_deck=g), samples=60_000, seed=5, exact=False)
            for g in (deck.g_deck, ())}

    def gained(report: OddsReport, seat: str, turn: int) -> Figure:
        table = report.table("drive_triggers")
        now, before = table.cell(f"turn {turn}", seat), table.cell(f"turn {turn - 1}", seat)
        return Figure(now.value - before.value, np.hypot(now.se, before.se))

    for seat, first_stride in (("first", 4), ("second", 3)):
        for turn in range(2, 6):
            with_g, without = gained(runs[deck.g_deck], seat, turn), gained(runs[()], seat, turn)
            bound = 4 * np.hypot(with_g.se, without.se)
            if turn < first_stride:
                assert abs(with_g.value - without.value) <= bound, (seat, turn)
            else:
                assert with_g.value - without.value > bound, (seat, turn)


# --- the report -----------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_report_and_another_seed_another(classic):
    db, deck = classic
    first = odds(deck, db, samples=30_000, seed=3).to_dict()
    assert odds(deck, db, samples=30_000, seed=3).to_dict() == first
    assert odds(deck, db, samples=30_000, seed=4).to_dict() != first


@_ONE_WORKER
def test_report_text_has_a_table_per_question_with_first_and_second_columns(reports):
    """The text names the policy, marks exact figures with '=', shows ± for estimates."""
    text = reports["blazing grades"].to_text()
    assert "mulligan 'grades'" in text and "exact (marked =)" in text
    for title in ("Ride:", "On curve:", "In hand:", "Copies:", "Hand size", "Shield in hand",
                  "Drive checks:", "Damage checks:", "Heal triggers at 4-5 damage"):
        assert title in text
    ride = text.split("Ride:")[1].splitlines()
    assert "G1 first" in ride[2] and "G3 second" in ride[2]
    assert " =" in text and "±" in text


@_ONE_WORKER
def test_report_json_keeps_exact_fractions_and_estimates(reports):
    data = json.loads(json.dumps(reports["force none"].to_dict()))
    cell = data["tables"]["ride"]["rows"]["turn 3"]["G3 first"]
    assert Fraction(cell["exact"]) == reports["force none"].table("ride").cell(
        "turn 3", "G3 first").exact
    assert cell["value"] == float(Fraction(cell["exact"])) and cell["se"] > 0
    assert data["samples"] == SAMPLES and data["mulligan"] == "none"


def test_bad_arguments_are_typed_errors(classic):
    db, deck = classic
    for samples in (0, -5, 1.5, True, "100"):
        with pytest.raises(ValueError, match="samples must be (a whole number|at least 1)"):
            odds(deck, db, samples=samples)
    with pytest.raises(OddsError, match="did you mean 'Inferno Monarch, Kaelrath'"):
        odds("blazing_dragons", targets=["name Kaelrath"], samples=10)
    good = vg.Deck.builtin("blazing_dragons")
    bad = dataclasses.replace(good, ride_deck=(*good.ride_deck, *["DX-002"] * 4))
    with pytest.raises(DeckError, match="CORE-02.*DX-002"):
        odds(bad, samples=10)


def test_every_test_of_the_reports_is_in_their_xdist_group():
    """A test reading `reports` outside the group would make another worker build them all."""
    import inspect
    tests = [f for name, f in globals().items() if name.startswith("test_") and callable(f)]
    readers = [f for f in tests if "reports" in inspect.signature(f).parameters]
    assert len(readers) >= 6
    for f in readers:
        groups = [m.args for m in getattr(f, "pytestmark", []) if m.name == "xdist_group"]
        assert groups == [("odds_reports",)], f.__name__
