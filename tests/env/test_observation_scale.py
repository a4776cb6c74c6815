"""Observations a network can take (issue 37): no feature carries a raw magnitude. An over
trigger's +100,000,000 power (CORE-14) read 10,000 in the observation (power / 10000) and a
DQN's loss reached 1.25e4; values beyond 10 are now compressed (observation.soft_cap), the
ordinary ones are unchanged."""

from __future__ import annotations

import math

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.env.common import Interface
from ecs_vanguard.perspective.observation import OBSERVATION, SOFT_CAP, soft_cap
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle
from tests.helpers import pick, start_game, unit_at

PLAIN = ["DX-006"] * 8


def _over_trigger_on_the_vanguard(db) -> vg.Game:
    """CORE-14: the vanguard's drive check reveals an over trigger; its power goes to the VC."""
    game = start_game(db, {"vanguard": "DX-005", "rear": {"front_right": "DX-006"},
                           "deck": ["DX-010", "DX-006", "DX-006", "DX-006"],
                           "damage": ["DX-007"], "damage_face_down": 1},
                      {"vanguard": "DX-101"}, decks=(PLAIN, PLAIN), phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                       # no guard: the drive check
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.VC)))
    return game


def test_an_over_trigger_power_reads_a_bounded_value(db):
    game = _over_trigger_on_the_vanguard(db)
    vc = unit_at(game, 0, Circle.VC)
    raw = q.power(game.state, vc) / 10000
    assert raw > 10_000                                          # what the vector held before
    for player, side in ((0, "me"), (1, "opp")):
        vector = game.observation(player)
        value = float(vector[OBSERVATION.names.index(f"units.{side}.vc.power")])
        assert math.isclose(value, SOFT_CAP + math.log(raw / SOFT_CAP), rel_tol=1e-5)
        assert np.abs(vector).max() < 100
    # the battle's attack total and the options of the next decision are bounded too
    options = Interface("compact").options(game, game.decision.player)
    assert np.abs(options).max() < 100
    env_obs = Interface("compact").observe(game, 0, True)
    assert np.abs(env_obs["observation"]).max() < 100


def test_soft_cap_keeps_ordinary_values_and_compresses_the_rest_monotonically():
    values = np.array([-1e8, -11.0, -10.0, -0.5, 0.0, 0.25, 1.3, 5.0, 10.0, 10.5, 1e4, 1e8,
                       3.4e38], np.float32)
    capped = soft_cap(values.copy())
    keep = np.abs(values) <= SOFT_CAP
    assert np.array_equal(capped[keep], values[keep])
    assert np.all(np.diff(capped[values >= 0]) > 0) and np.all(np.abs(capped) < 100)
    assert math.isclose(float(capped[values == 1e4][0]), 10 + math.log(1e3), rel_tol=1e-5)
    assert capped[0] == -capped[-2]                              # odd: -x reads -f(x)


def test_random_games_observations_and_options_stay_within_the_spaces(db):
    """The environments' Box bounds (-100, 100) hold through random play, over triggers included
    wherever the deals give one."""
    space, _ = Interface("compact").spaces()
    for seed in range(3):
        game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"),
                       seed=seed)
        agent = vg.RandomAgent(seed)
        while not game.over:
            player = game.decision.player
            obs = Interface("compact").observe(game, player, True)
            assert space.contains(obs)
            game.step(agent.act(game))
