"""Property tests over random positions built by vg.Scenario, then random legal actions:
invariants after every step, clones equal to their originals, snapshots that round-trip
(issue 5)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import ecs_vanguard as vg
from ecs_vanguard.effects.gifts import PROTECT_CARD
from ecs_vanguard.vocab.formats import UnitType

STEPS = 40
# No "explain" phase: hypothesis 6.155's explainer crashed while shrinking an engine failure,
# hiding it; the shrunk example and its drawn actions are what a reader needs.
PROPERTY_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
_NOT_IN_DECKS = frozenset({UnitType.G_UNIT, UnitType.TOKEN})  # made by the rules, not dealt
REAR = ("front_left", "back_left", "back_center", "front_right", "back_right")


@dataclass(frozen=True)
class Position:
    """One drawn position: the format, both sides' zones, and whose turn and phase it is."""

    format: str
    sides: tuple[dict, dict]
    turn: int
    turn_player: int
    phase: str
    seed: int = 0


def _pool(fmt: str) -> tuple[list[str], list[str]]:
    """Return (every card a deck may hold, the units among them) of the built-in pool."""
    db = vg.CardDB.builtin()
    cards = [
        c
        for c in db
        if c.id != PROTECT_CARD
        and c.unit_type not in _NOT_IN_DECKS
        and (fmt == "premium" or c.standard)
    ]
    return sorted(c.id for c in cards), sorted(c.id for c in cards if c.is_unit)


@st.composite
def sides(draw, fmt: str) -> dict:
    """Draw one player's side: a vanguard, some rear-guards, hand, deck, damage, soul, drop."""
    cards, units = _pool(fmt)
    any_card, unit = st.sampled_from(cards), st.sampled_from(units)
    circles = draw(st.lists(st.sampled_from(REAR), unique=True, max_size=5))
    damage = draw(st.lists(any_card, max_size=4))
    return {
        "vanguard": draw(unit),
        "rear": {c: draw(unit) for c in circles},
        "hand": draw(st.lists(any_card, max_size=7)),
        "deck": draw(st.lists(any_card, min_size=8, max_size=20)),
        "damage": damage,
        "damage_face_down": draw(st.integers(0, len(damage))),
        "soul": draw(st.lists(any_card, max_size=4)),
        "drop": draw(st.lists(any_card, max_size=4)),
        "rested": tuple(draw(st.lists(st.sampled_from(("vc", *circles)), unique=True))),
    }


@st.composite
def positions(draw) -> Position:
    """Draw a whole position: format, both sides, turn, turn player, main or battle phase."""
    fmt = draw(st.sampled_from(("standard", "premium")))
    return Position(
        fmt,
        (draw(sides(fmt)), draw(sides(fmt))),
        draw(st.integers(2, 9)),
        draw(st.integers(0, 1)),
        draw(st.sampled_from(("main", "battle"))),
        draw(st.integers(0, 2**16)),
    )


def _build(position: Position) -> vg.Game:
    scenario = vg.Scenario(vg.CardDB.builtin(), format=position.format, seed=position.seed)
    for player, side in enumerate(position.sides):
        scenario.player(player, **side)
    return scenario.start(
        turn=position.turn, turn_player=position.turn_player, phase=position.phase
    )


def _step(game: vg.Game, data: st.DataObject) -> int:
    """Step a legal action drawn by hypothesis; return its index."""
    actions = game.legal_actions()
    index = data.draw(st.integers(0, len(actions) - 1), label="action")
    game.step(actions[index])
    return index


@PROPERTY_SETTINGS
@given(position=positions(), data=st.data())
def test_invariants_hold_after_every_step_from_any_position(position, data):
    game = _build(position)
    game.check_invariants()
    for _ in range(STEPS):
        if game.over:
            break
        _step(game, data)
        game.check_invariants()


@PROPERTY_SETTINGS
@given(position=positions(), data=st.data())
def test_a_clone_stepped_like_its_original_stays_equal_and_independent(position, data):
    game = _build(position)
    for _ in range(data.draw(st.integers(0, STEPS // 2), label="steps before the clone")):
        if game.over:
            break
        _step(game, data)
    clone = game.clone()
    assert clone.state_hash() == game.state_hash()
    for _ in range(STEPS // 2):
        if game.over:
            break
        before = game.state_hash()
        index = _step(clone, data)
        assert game.state_hash() == before  # stepping the clone left the original
        game.step(game.legal_actions()[index])
        assert clone.state_hash() == game.state_hash()
    assert clone.events == game.events


@PROPERTY_SETTINGS
@given(position=positions(), data=st.data())
def test_a_snapshot_round_trips_and_continues_identically_from_any_position(position, data):
    game = _build(position)
    for _ in range(data.draw(st.integers(0, STEPS), label="steps before saving")):
        if game.over:
            break
        _step(game, data)
    text = game.to_json()
    restored = vg.Game.from_json(text)
    assert restored.state_hash() == game.state_hash() and restored.events == game.events
    assert restored.to_json() == text
    for _ in range(STEPS // 2):
        if game.over:
            break
        index = _step(game, data)
        restored.step(restored.legal_actions()[index])
        assert restored.state_hash() == game.state_hash()
    assert restored.events == game.events


@pytest.mark.parametrize("phase", ["main", "battle"])
def test_the_position_strategy_builds_legal_games_in_both_phases(phase):
    """A fixed example of the strategy's shape builds and passes the invariants."""
    side = {
        "vanguard": "DX-004",
        "rear": {"front_left": "DX-003"},
        "hand": ["DX-002"],
        "deck": ["DX-011"] * 3,
        "damage": ["DX-012"],
        "damage_face_down": 1,
        "soul": [],
        "drop": [],
        "rested": ("front_left",),
    }
    game = _build(Position("standard", (side, dict(side, vanguard="DX-104")), 3, 0, phase))
    game.check_invariants()
    assert game.phase.value == phase
