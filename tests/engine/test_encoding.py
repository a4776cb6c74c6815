"""Fixed-size action table, legal-action mask and observation for learning agents."""

from __future__ import annotations

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.perspective import encoding


def _games():
    pairs = [("blazing_dragons", "arcane_scholars", "standard"),
             ("chain_lockers", "accel_strikers", "premium")]
    for a, b, fmt in pairs:
        yield vg.Game(vg.Deck.builtin(a), vg.Deck.builtin(b), seed=3, format=fmt)


def test_every_legal_action_has_its_own_index_and_the_mask_marks_exactly_them():
    for game in _games():
        rng = np.random.default_rng(0)
        while not game.over:
            actions = game.legal_actions()
            codes = [game.encode_action(a) for a in actions]
            assert len(set(codes)) == len(actions)
            assert all(0 <= c < encoding.ACTION_COUNT for c in codes)
            mask = game.action_mask()
            assert mask.sum() == len(actions) and mask[codes].all()
            chosen = codes[int(rng.integers(len(codes)))]
            game.step(game.decode_action(chosen))


def test_observation_has_a_fixed_shape_and_hides_the_opponents_hand():
    deck = vg.Deck.builtin("blazing_dragons")
    db = vg.CardDB.builtin()
    views = []
    for hand in (["DX-011", "DX-012"], ["DX-004", "DX-005"]):
        game = (vg.Scenario(db).player(0, vanguard="DX-004", hand=["DX-006"])
                .player(1, vanguard="DX-104", hand=hand)
                .start(turn=3, turn_player=0, phase="main"))
        views.append(game.observation(0))
        assert not np.array_equal(game.observation(1), game.observation(0))
    assert views[0].shape == (encoding.OBSERVATION.size,) and views[0].dtype == np.float32
    assert np.array_equal(views[0], views[1])          # opponent's hand contents are hidden
    game = vg.Game(deck, deck, seed=1)
    assert np.isfinite(game.observation(0)).all()


def test_a_bad_index_is_refused():
    game = next(_games())
    mask = game.action_mask()
    illegal = int(np.flatnonzero(~mask)[0])
    try:
        game.decode_action(illegal)
    except ValueError as exc:
        assert "not legal" in str(exc)
    else:
        raise AssertionError("an illegal index was decoded")
