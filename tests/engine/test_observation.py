"""The observation vector (issue 11): named features, both sides seen alike, and every
mechanic carried (legion, hearts and G zone, dress sources, prison, world, tokens, gifts,
player states, the battle in progress)."""

from __future__ import annotations

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.perspective.encoding import OBSERVATION

NAMES = np.array(OBSERVATION.names)
# Parts that describe one side each, me first: player 0's "me" is player 1's "opp".
SIDED = ("units", "vanguard", "zone_sizes", "markers", "brandt", "player_states")
MECHANICS = {
    ("legion_blades", "force_vanguards", "premium"): [
        "vanguard.legion", "vanguard.mate_power", "vanguard.hearts", "units.g_unit",
        "markers.g_zone_face_up", "markers.g_zone_face_down", "units.force_markers",
        "battle.co_attacker"],
    ("accel_strikers", "chain_lockers", "premium"): [
        "markers.accel_circles", "markers.protect_markers_in_hand"],
    ("iron_gate", "dress_dancers", "standard"): [
        "brandt.prisons", "brandt.imprisoned_here", "brandt.worlds", "brandt.world_dark_night",
        "markers.tokens_on_field", "units.token", "units.dress_sources"],
    ("final_rush", "arcane_scholars", "standard"): ["player_states.final_rush"],
}


def _feature(name: str) -> np.ndarray:
    """Mask of the features whose name is `<part>.<...>.<last>` for name `<part>.<last>`."""
    part, last = name.split(".")
    return np.array([n.startswith(part + ".") and n.endswith("." + last) for n in NAMES])


def test_every_feature_has_one_unique_name_in_its_part():
    assert len(NAMES) == OBSERVATION.size == len(set(NAMES))
    start, shape = OBSERVATION.views["units"]
    assert NAMES[start] == "units.me.vc.present"
    vector = np.arange(OBSERVATION.size, dtype=np.float32)
    battle = OBSERVATION.part(vector, "battle")
    assert NAMES[int(battle[0])] == "battle.active"
    assert OBSERVATION.part(vector[None], "units").shape == (1, *shape)


def test_each_mechanic_shows_in_the_observation_and_both_sides_see_it_alike():
    for (a, b, fmt), features in MECHANICS.items():
        seen = np.zeros(OBSERVATION.size, dtype=bool)
        wanted = [_feature(name) for name in features]
        for seed in range(12):          # heuristic games until each mechanic has shown
            if all(seen[mask].any() for mask in wanted):
                break
            game = vg.Game(vg.Deck.builtin(a), vg.Deck.builtin(b), seed=seed, format=fmt)
            agents = [vg.HeuristicAgent(seed), vg.HeuristicAgent(seed + 1)]
            while not game.over:
                mine, theirs = game.observation(0), game.observation(1)
                seen |= mine != 0
                for part in SIDED:
                    me, opp = OBSERVATION.part(mine, part), OBSERVATION.part(theirs, part)
                    assert np.array_equal(me[0], opp[1]) and np.array_equal(me[1], opp[0]), part
                game.step(agents[game.decision.player].act(game))
        for name in features:
            assert seen[_feature(name)].any(), f"{name} never shows in {a} vs {b}"
        assert seen[_feature("battle.active")].any()
