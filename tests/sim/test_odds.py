"""Vectorized deck odds (issue 4 item 6): Monte Carlo figures against their closed forms."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards.db import CardDB
from ecs_vanguard.cards.deck import Deck
from ecs_vanguard.errors import DeckError
from ecs_vanguard.sim.odds import (
    DRIVES,
    MAX_CHECKS,
    TURNS,
    OddsReport,
    exact_at_least_one,
    exact_critical_in_checks,
    exact_expected_triggers,
    exact_grade_in_hand,
    exact_hypergeom_pmf,
    exact_trigger_pmf,
    odds,
)

SAMPLES = 200_000
STANDARD = ("blazing_dragons", "radiant_knights")
PREMIUM = ("accel_strikers", "force_vanguards")


@pytest.fixture(scope="module")
def db() -> CardDB:
    return CardDB.builtin()


@pytest.fixture(scope="module")
def reports(db: CardDB) -> dict[str, OddsReport]:
    """One 200 000-sample report per built-in deck (about 20 ms each)."""
    return {name: odds(Deck.builtin(name, db), db, samples=SAMPLES, seed=7)
            for name in Deck.builtin_names()}


def assert_within_4_se(estimate: np.ndarray, exact: np.ndarray | float, what: str) -> None:
    """Fail unless each estimated chance is within 4 standard errors of the exact one."""
    exact = np.asarray(exact, dtype=float)
    se = np.sqrt(exact * (1 - exact) / SAMPLES)
    off = np.abs(np.asarray(estimate) - exact)
    assert np.all(off <= 4 * se), f"{what}: estimate {estimate} vs exact {exact} (se {se})"


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_grade_in_hand_matches_hypergeometric(reports, db, name):
    """P(grade t in hand at own turn t) agrees with 1 - C(N-K, 5+t) / C(N, 5+t)."""
    exact = [exact_grade_in_hand(name, db, turn=t) for t in TURNS]
    for row in reports[name].grade_in_hand.value:
        assert_within_4_se(row, exact, f"{name} grade in hand")


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_drive_trigger_counts_match_hypergeometric(reports, db, name):
    """The number of triggers in a twin and a triple drive follows the hypergeometric pmf."""
    report = reports[name]
    for drive in DRIVES:
        exact = exact_trigger_pmf(name, db, cards=drive)
        assert_within_4_se(report.drive_triggers[drive].value, exact, f"{name} drive {drive}")


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_drive_triggers_per_type_match_hypergeometric(reports, db, name):
    """Each trigger type's count in a twin and a triple drive follows its hypergeometric pmf."""
    report = reports[name]
    types = {db[c].trigger.value for c in Deck.builtin(name, db).main if db[c].trigger}
    for drive in DRIVES:
        assert set(report.drive_by_type[drive]) == types
        for trigger, estimate in report.drive_by_type[drive].items():
            exact = exact_trigger_pmf(name, db, cards=drive, trigger=trigger)
            assert_within_4_se(estimate.value, exact, f"{name} drive {drive} {trigger}")


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_expected_drive_triggers_match_closed_form(reports, db, name):
    """The mean number of triggers in d drive checks is d * 16 / cards shuffled (CORE-02)."""
    report = reports[name]
    population, share = report.pool_size, 16 / report.pool_size
    for drive in DRIVES:
        exact = exact_expected_triggers(name, db, drive=drive)
        assert exact == pytest.approx(drive * share)
        variance = drive * share * (1 - share) * (population - drive) / (population - 1)
        off = abs(float(report.drive_mean[drive].value) - exact)
        assert off <= 4 * math.sqrt(variance / SAMPLES)


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_heals_in_damage_checks_match_hypergeometric(reports, db, name):
    """Heals among the first N damage checks (N = 1..6) follow the hypergeometric pmf."""
    heal_checks = reports[name].heal_checks.value
    assert heal_checks.shape == (MAX_CHECKS, MAX_CHECKS + 1)
    for n in range(1, MAX_CHECKS + 1):
        exact = np.zeros(MAX_CHECKS + 1)
        exact[:n + 1] = exact_trigger_pmf(name, db, cards=n, trigger="heal")
        assert_within_4_se(heal_checks[n - 1], exact, f"{name} heals in {n} checks")


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_critical_in_damage_checks_matches_hypergeometric(reports, db, name):
    """P(at least one critical in the first N damage checks) agrees with the closed form."""
    exact = [exact_critical_in_checks(name, db, checks=n) for n in range(1, MAX_CHECKS + 1)]
    assert_within_4_se(reports[name].critical_checks.value, exact, f"{name} criticals")


@pytest.mark.parametrize("name", STANDARD)
def test_odds_ride_deck_makes_riding_certain(reports, name):
    """With a ride deck (CORE-05) every grade can be ridden, though not always from hand."""
    report = reports[name]
    assert np.all(report.can_ride.value == 1.0)
    assert np.all(report.grade_in_hand.value < 1.0)


@pytest.mark.parametrize("name", PREMIUM)
def test_odds_without_ride_deck_riding_needs_the_grade_in_hand(reports, name):
    """Without a ride deck the chance to ride grade t is the chance to hold a grade-t card."""
    report = reports[name]
    assert np.array_equal(report.can_ride.value, report.grade_in_hand.value)


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_first_and_second_player_have_equal_hand_counts(reports, name):
    """CORE-04: both players draw every turn, so own turn t's hand is 5 + t cards either way."""
    report = reports[name]
    assert report.hand_size.tolist() == [[6, 7, 8], [6, 7, 8]]
    assert report.global_turn.tolist() == [[1, 3, 5], [2, 4, 6]]
    for figure in (report.grade_in_hand, report.can_ride, report.curve_in_hand):
        assert np.array_equal(figure.value[0], figure.value[1])


def test_odds_shuffles_only_the_cards_left_after_set_up(reports):
    """CORE-03: the starter is on VC and the ride deck apart; the rest (46 or 49) is shuffled."""
    for name, report in reports.items():
        deck = vg.Deck.builtin(name)
        assert report.pool_size == (46 if deck.ride_deck else 49), name


@pytest.mark.parametrize("name", [*STANDARD, *PREMIUM])
def test_odds_on_curve_is_at_most_each_turns_chance(reports, name):
    """Holding grades 1..t on each turn is no likelier than holding grade t on turn t."""
    report = reports[name]
    curve, in_hand = report.curve_in_hand.value[0], report.grade_in_hand.value[0]
    assert curve[0] == in_hand[0]
    assert np.all(curve <= in_hand) and np.all(np.diff(curve) <= 0)


def test_odds_distributions_sum_to_one_and_intervals_contain_estimates(reports):
    """Every pmf sums to 1; every interval holds its estimate and lies in [0, 1]."""
    for report in reports.values():
        pmfs = [*report.drive_triggers.values(), report.heal_checks,
                *(e for by in report.drive_by_type.values() for e in by.values())]
        for pmf in pmfs:
            assert np.allclose(pmf.value.sum(axis=-1), 1.0)
        for e in (*pmfs, report.grade_in_hand, report.can_ride, report.critical_checks):
            assert np.all((0 <= e.low) & (e.low <= e.value) & (e.value <= e.high) & (e.high <= 1))


def test_odds_same_seed_gives_identical_report(db):
    """Seeded: the same seed gives the same report, another seed a different one."""
    deck = Deck.builtin("blazing_dragons", db)
    first = odds(deck, db, samples=70_000, seed=3).to_dict()
    assert odds(deck, db, samples=70_000, seed=3).to_dict() == first
    assert odds(deck, db, samples=70_000, seed=4).to_dict() != first


def test_odds_accepts_a_deck_name(db):
    """A built-in deck name gives the same report as the Deck itself."""
    by_name = odds("radiant_knights", samples=1_000, seed=1)
    by_deck = odds(Deck.builtin("radiant_knights", db), db, samples=1_000, seed=1)
    assert by_name.to_dict() == by_deck.to_dict()


def test_odds_works_for_a_single_sample(db):
    """One sample gives chances of exactly 0 or 1."""
    report = odds("force_vanguards", db, samples=1)
    assert set(np.unique(report.grade_in_hand.value)) <= {0.0, 1.0}
    assert report.samples == 1


@pytest.mark.parametrize("samples", [0, -5, 1.5, True, "100"])
def test_odds_rejects_bad_sample_counts(samples):
    """samples must be a positive integer."""
    with pytest.raises(ValueError, match="samples must be a positive integer"):
        odds("blazing_dragons", samples=samples)


def test_odds_rejects_a_ride_deck_outside_the_main_deck(db):
    """CORE-02: ride deck cards are part of the 50."""
    good = Deck.builtin("blazing_dragons", db)
    bad = Deck(name="bad", main=good.main, starter=good.starter,
               ride_deck=(*good.ride_deck, "DX-002", "DX-002", "DX-002", "DX-002"))
    with pytest.raises(DeckError, match="CORE-02.*DX-002"):
        odds(bad, db, samples=10)


def test_odds_report_is_read_only_and_json_serialisable(reports):
    """The report's arrays cannot be written; to_dict() survives a JSON round trip."""
    report = reports["blazing_dragons"]
    with pytest.raises(ValueError):
        report.grade_in_hand.value[0, 0] = 0.5
    data = json.loads(json.dumps(report.to_dict()))
    assert data["samples"] == SAMPLES and data["pool_size"] == 46
    assert data["grade_in_hand"]["value"] == report.grade_in_hand.value.tolist()
    assert set(data["drive_triggers"]) == {"2", "3"}


def test_odds_text_table_shows_every_row(reports):
    """to_text() has a row per ride step, drive trigger count and damage check count."""
    text = reports["blazing_dragons"].to_text()
    assert "Blazing Dragons" in text and "no mulligan" in text
    for label in ("first, grade 3", "second, grade 1", "P(over>=1)", "mean"):
        assert label in text
    damage = text.split("damage checks")[1].splitlines()[1:]
    assert [line.split()[0] for line in damage] == [str(n) for n in range(1, MAX_CHECKS + 1)]


def test_exact_hypergeom_pmf_is_a_distribution_and_rejects_bad_counts():
    """The pmf sums to 1 and matches a hand count; impossible counts raise ValueError."""
    pmf = exact_hypergeom_pmf(46, 4, 6)
    assert pmf.sum() == pytest.approx(1.0)
    assert pmf[0] == pytest.approx(math.comb(42, 6) / math.comb(46, 6))
    assert exact_at_least_one(10, 10, 1) == 1.0 and exact_at_least_one(10, 0, 5) == 0.0
    for bad in ((10, 11, 1), (10, 1, 11), (10, -1, 1)):
        with pytest.raises(ValueError):
            exact_hypergeom_pmf(*bad)
    with pytest.raises(ValueError, match="turn"):
        exact_grade_in_hand("blazing_dragons", turn=4)
