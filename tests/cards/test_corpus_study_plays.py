"""Issue 19 study cards (PC-, PL-, PG-1xx, PW-; D-SD04 and D-SD05: PF-, PH-) in random play:
each card, placed where it may act with resources to pay (the position of test_bad_card_files),
plays through random turns without an engine error, the invariants holding after every step,
and a clone made before a step never sees it (copy-on-write)."""

from __future__ import annotations

import numpy as np

from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.events import AbilityActivated, AutoPlayed
from tests.cards.test_bad_card_files import _position

PREFIXES = ("PC-", "PL-", "PG-1", "PW-", "PF-", "PH-")


def test_every_study_card_plays_in_random_turns(ldb):
    """Random turns from a position built for each study card; at least a third of the cards
    with act or auto abilities get one played (the classic autos wait for rides, calls and
    drive checks of their own clan, so most of the count comes from the later eras)."""
    cards = sorted(c.id for c in ldb if c.id.startswith(PREFIXES))
    played = _random_turns(ldb, cards)
    active = {c for c in cards if any(a.kind.value != "cont" for a in ldb[c].abilities)}
    assert len(played & active) >= len(active) // 3


def test_the_overdress_line_and_td03_play_in_random_turns(ldb):
    """The 2026-12 study's PR- (overDress by effects, dress sources from the drop) and PK-
    (TD03) cards, each from its position, through random turns: no engine error, the
    invariants after every step, clones untouched; most of their autos wait for hits and
    overDress placings random play rarely makes, so no share of plays is asked."""
    cards = sorted(c.id for c in ldb if c.id.startswith(("PR-", "PK-")))
    assert len(cards) == 31
    _random_turns(ldb, cards)


def _random_turns(ldb, cards: list[str]) -> set[str]:
    """Play 60 random steps from each card's position; return the ids whose act or auto
    abilities were played."""
    played: set[str] = set()
    for seed, card_id in enumerate(cards):
        game = _position(ldb, card_id, seed)
        rng = np.random.default_rng(seed)
        for _ in range(60):
            if game.over:
                break
            actions = game.legal_actions()
            busy = [a for a in actions if a.kind not in (ActionKind.DONE, ActionKind.NO)]
            pool = busy if busy and rng.random() < 0.85 else actions
            before = game.clone()
            board_before = repr(before.state.board.zones)
            game.step(pool[int(rng.integers(len(pool)))])
            game.check_invariants()
            before.switch()
            assert repr(before.state.board.zones) == board_before
            game.switch()
        played |= {
            game.state.card(e.card).id
            for e in game.events
            if isinstance(e, AutoPlayed | AbilityActivated)
        }
    return played
