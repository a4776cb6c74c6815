"""Study of six products (issue 19): D-SD04 and D-SD05 as whole decks. Their copy counts were
not read (docs/card-language-coverage.md, "D-SD04 and D-SD05"), so each deck follows the D
start-deck skeleton of /work/shared/CARDS.md §3 A: it must be a legal standard deck (CORE-02:
50 cards, 16 triggers, one over trigger, four sentinels, a four-card ride deck) and the two must
play whole random games against each other, the invariants holding after every step."""

from __future__ import annotations

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.events import AbilityActivated, AutoPlayed, CardImprisoned


def _deck(prefix: str, vanilla: str) -> vg.Deck:
    """The skeleton A counts over the slots 001-015 of a start deck whose ids are prefix-NNN:
    four of each but the starter (one), the vanilla grade 2 and the front trigger 013 (three)
    and the order 015 (two); the over trigger is PD-010."""
    counts = {f"{n:03d}": 4 for n in (1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 14)}
    counts.update({"004": 1, "013": 3, "015": 2, vanilla: 3})
    return vg.Deck(
        name=f"{prefix} start deck",
        main=tuple(f"{prefix}{n}" for n, k in counts.items() for _ in range(k)) + ("PD-010",),
        starter=f"{prefix}004",
        ride_deck=tuple(f"{prefix}{n}" for n in ("004", "003", "002", "001")),
    )


@pytest.fixture(scope="module")
def decks(ldb: vg.CardDB) -> tuple[vg.Deck, vg.Deck]:
    return _deck("PF-", "005"), _deck("PH-", "007")


def test_both_start_decks_are_legal_standard_decks(ldb, decks):
    """CORE-02: 50 cards, 16 triggers (one over), four sentinels, a four-card ride deck."""
    for deck in decks:
        assert len(deck.main) == 50
        deck.validate("standard", ldb)
        assert sum(ldb[c].trigger is not None for c in deck.main) == 16
        assert sum(ldb[c].sentinel for c in deck.main) == 4


def test_D_SD04_against_D_SD05_plays_whole_random_games(ldb, decks):
    """Six seeded random games (each side first in turn) end with a winner or at the turn
    limit, the invariants holding after every step; the decks' own abilities are played and the
    Prison takes prisoners."""
    played: set[str] = set()
    imprisoned = 0
    for seed in range(6):
        first, second = decks if seed % 2 == 0 else decks[::-1]
        game = vg.Game(first, second, seed=seed, db=ldb)
        rng = np.random.default_rng(seed)
        for _ in range(3000):
            if game.over:
                break
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            game.check_invariants()
        assert game.over, f"seed {seed}: no end within 3000 decisions"
        played |= {
            game.state.card(e.card).id
            for e in game.events
            if isinstance(e, AutoPlayed | AbilityActivated)
        }
        imprisoned += len([e for e in game.events if isinstance(e, CardImprisoned)])
    assert len({c for c in played if c.startswith("PF-")}) >= 3
    assert len({c for c in played if c.startswith("PH-")}) >= 3
    assert imprisoned >= 1  # the Prison took prisoners (PRI-01)
