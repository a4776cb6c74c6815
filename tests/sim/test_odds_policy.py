"""Mulligan policies and card filters of the deck odds (issue 13): the official procedure's
choices, the exact twin of the choice, and the one-line errors of a bad policy."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.sim.odds import exact
from ecs_vanguard.sim.odds.filters import parse_filter
from ecs_vanguard.sim.odds.policy import POLICIES, RETURN_ALL, resolve_policy
from ecs_vanguard.vocab.errors import OddsError

DB = vg.CardDB.builtin()
# one card of each kind, from Blazing Dragons: grades 1-3, a sentinel, a critical and a heal
G1, G2, G3, SENTINEL, CRIT, HEAL = (DB[c] for c in ("DX-002", "DX-003", "DX-004", "DX-009",
                                                     "DX-011", "DX-014"))
POOL = (G1, G2, G3, SENTINEL, CRIT, HEAL)


def back(policy: str, *hand) -> list[bool]:
    """Return which of one hand's cards (in drawn order) the policy returns."""
    cards = np.array([[POOL.index(c)] for c in hand])                  # (5, 1)
    return resolve_policy(policy).returned(cards, POOL, np.random.default_rng(0))[:, 0].tolist()


def test_CORE_03_grades_returns_all_but_the_first_copy_of_each_grade():
    assert back("grades", G1, G1, G3, CRIT, G2) == [False, True, False, True, False]
    assert back("grades", SENTINEL, CRIT, HEAL, CRIT, HEAL) == [False, True, True, True, True]


def test_CORE_03_grade1_keeps_a_hand_with_a_grade_1_else_returns_all():
    assert back("grade1", G3, CRIT, G1, HEAL, G2) == [False] * 5
    assert back("grade1", G3, CRIT, G2, HEAL, G2) == [True] * 5


def test_CORE_03_none_all_and_no_grade0():
    hand = (G1, CRIT, G2, HEAL, G3)
    assert back("none", *hand) == [False] * 5
    assert back("all", *hand) == [True] * 5
    assert back("no-grade0", *hand) == [False, True, False, True, False]


def test_CORE_03_return_exactly_m_takes_spares_then_the_last_rule_and_honours_keep_if():
    """`keep-if F; keep A, B; return m`: nothing if F is held; else m cards, spares first."""
    policy = "keep-if grade 3; keep grade 1, grade 2; return 4"
    assert back(policy, G1, CRIT, G3, HEAL, G2) == [False] * 5
    assert back(policy, G1, CRIT, G2, HEAL, CRIT) == [False, True, True, True, True]
    assert back("keep grade 1, grade 2; return 2", G1, CRIT, G2, HEAL, CRIT).count(True) == 2


def test_exact_returns_is_the_distribution_of_the_sampled_choice():
    """Ties among equal cards are a uniform pick; the exact twin gives the same frequencies."""
    policy = resolve_policy("keep grade 1; return 3")
    hand = [G1, G1, CRIT, HEAL, G2]           # keep one G1; return 3 of the 4 others at random
    rng = np.random.default_rng(1)
    n = 20_000
    cards = np.array([[POOL.index(c) for c in rng.permutation(hand)] for _ in range(n)]).T
    returned = policy.returned(cards, POOL, rng)
    seen = Counter(tuple(sorted(POOL.index(POOL[c]) for c in cards[returned[:, k], k]))
                   for k in range(n))
    atoms = exact.atoms(POOL, policy, lambda c: c.id)
    counts = tuple(sum(c.id == a.features for c in hand) for a in atoms)
    dist = exact.returns(policy, counts, atoms)
    assert sum(p for _, p in dist) == 1
    for comp, p in dist:
        ids = tuple(sorted(POOL.index(DB[a.features]) for a, k in zip(atoms, comp)
                           for _ in range(k)))
        assert abs(seen[ids] / n - float(p)) <= 4 * (float(p * (1 - p)) / n) ** 0.5, ids
    assert {len(ids) for ids in seen} == {3}
    assert [p for _, p in dist] == [Fraction(1, 4)] * 4     # 3 of the 4 spares, alike


def test_builtin_policies_and_words_and_tables_read_the_same(tmp_path):
    assert set(POLICIES) == {"none", "all", "grades", "grade1", "no-grade0"}
    words = resolve_policy("keep grade 1, 2x grade 3; keep-if name Blaze Lancer; return 2")
    assert [(r.filter.conditions, r.count) for r in words.keep] == [
        ((("grade", 1),), 1), ((("grade", 3),), 2)]
    assert words.keep_if.filter.conditions == (("name", "Blaze Lancer"),)
    assert words.returns == 2
    assert resolve_policy("keep-if grade 1").returns == RETURN_ALL
    path = tmp_path / "hunt.toml"
    path.write_text('name = "hunt"\nkeep_if = { name = "Blaze Lancer" }\n'
                    'keep = [{ grade = 1 }, { grade = 3, max = 2 }]\nreturn = 2\n')
    table = resolve_policy(str(path))
    assert table.name == "hunt"
    assert (table.keep, table.keep_if.filter.conditions, table.returns) == (
        words.keep, words.keep_if.filter.conditions, 2)


@pytest.mark.parametrize("text, message", [
    ('keep = "grade 1"\n', "field 'keep': expected a list of filter tables"),
    ("retrun = 2\n", "unknown key(s) retrun"),
    ("return = 6\n", "field 'return': must be \"rest\", \"all\" or a number"),
    ('return = "some"\n', "field 'return'"),
    ("keep = [{ grade = 1, max = 0 }]\n", "field 'keep[0]'.max: must be a whole number"),
    ('keep = [{ grad = 1 }]\n', "unknown filter key 'grad'"),
    ('keep = [{ trigger = "mega" }]\n', "unknown trigger 'mega'"),
    ('keep = [{ grade = "one" }]\n', "filter key 'grade' needs a int"),
    ("keep_if = 3\n", "field 'keep_if': expected a filter table"),
    ("keep = [\n", "malformed TOML"),
])
def test_a_wrong_policy_file_is_a_one_line_error_naming_file_and_field(tmp_path, text, message):
    path = tmp_path / "policy.toml"
    path.write_text(text)
    with pytest.raises(OddsError) as err:
        resolve_policy(str(path))
    assert str(err.value).startswith(str(path)) and message in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("words, message", [
    ("gradez", "not a built-in policy"),
    ("keep grade one", "needs a int"),
    ("keep 9x grade 1", "a count must be from 1 to 5"),
    ("return lots", "must be \"rest\", \"all\""),
    ("missing.toml", "no such policy file"),
])
def test_a_wrong_policy_in_words_is_a_one_line_error(words, message):
    with pytest.raises(OddsError, match=message.replace("(", r"\(")):
        resolve_policy(words)


def test_filters_read_words_and_tables_and_match_printed_information():
    assert parse_filter("grade 1 and sentinel", "f").matches(SENTINEL)
    assert not parse_filter("grade 1 and sentinel false", "f").matches(SENTINEL)
    assert parse_filter("DX-004", "f").matches(G3) and not parse_filter("DX-004", "f").matches(G2)
    assert parse_filter("trigger", "f").matches(CRIT) and not parse_filter("trigger", "f").matches(G1)
    assert parse_filter("trigger none", "f").matches(G1)
    assert parse_filter({"grade_min": 2, "grade_max": 3}, "f").matches(G2)
    assert parse_filter('name "Inferno Monarch, Kaelrath"', "f").matches(G3)
    with pytest.raises(OddsError, match="at least one condition"):
        parse_filter({}, "f")


def test_CORE_03_returned_cards_are_never_drawn_back():
    """The official procedure: return, draw as many, then shuffle: with `all` the new hand is
    five other cards than the opening five (the same random stream deals the same opening),
    and the returned cards are in the deck after the mulligan, at uniform places."""
    from ecs_vanguard.sim.odds.model import build_model
    from ecs_vanguard.sim.odds.shuffle import shuffle_and_mulligan

    model = build_model(vg.Deck.builtin("force_vanguards"), DB)
    n = 20_000
    opening, _ = shuffle_and_mulligan(np.random.default_rng(5), model, resolve_policy("none"), n)
    fresh, top = shuffle_and_mulligan(np.random.default_rng(5), model, resolve_policy("all"), n)
    assert not (opening[:, None, :] == fresh[None, :, :]).any(axis=(0, 1)).any()
    first_is_returned = (top[0][None, :] == opening).any(axis=0)
    share = first_is_returned.mean()                 # 5 of the 44 cards left in the deck
    assert abs(share - 5 / 44) <= 4 * np.sqrt(5 / 44 * 39 / 44 / n)
