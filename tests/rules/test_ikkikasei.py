"""IKK-01, IKK-02: Ikkikasei (Final Rush), a state of a player."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.derived.query import in_player_state
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import PlayerStateEntered
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import card_named, cards_in, events_of, pick, power_of, unit_at


def _rush_game(db, vanguard: str = "DS-004", **side0) -> vg.Game:
    side0.setdefault("deck", ["DS-009"] * 8)
    return (vg.Scenario(db).player(0, vanguard=vanguard, **side0)
            .player(1, vanguard="DX-104", deck=["DX-106"] * 8)
            .start(turn=3, turn_player=0, phase="stand"))


def test_IKK_01_final_rush_is_a_player_state_only_abilities_read(db):
    """IKK-01: the state is given to the player by an ability for a period; it changes no game
    action, abilities that refer to it change."""
    game = _rush_game(db, rear={"front_left": "DS-003"}, hand=["DS-004"])
    assert PlayerStateEntered(0, "final_rush") in game.events
    assert in_player_state(game.state, 0, "final_rush")
    assert game.decision.kind is DecisionKind.RIDE                 # the game goes on as usual
    plain = _rush_game(db, vanguard="DS-005", rear={"front_left": "DS-003"}, hand=["DS-004"])
    assert not in_player_state(plain.state, 0, "final_rush")
    for g in (game, plain):
        g.step(pick(g, ActionKind.DONE))                          # no ride
        g.step(pick(g, ActionKind.DONE))                          # end main phase
        attacker = unit_at(g, 0, Circle.FRONT_LEFT)
        g.step(pick(g, ActionKind.ATTACK, card=attacker, target=unit_at(g, 1, Circle.VC)))
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    assert power_of(plain, unit_at(plain, 0, Circle.FRONT_LEFT)) == 10000


def test_IKK_02_the_state_stays_when_its_source_leaves_until_its_period_ends(db):
    """IKK-02: riding over the vanguard that gave Final Rush keeps the state until end of turn."""
    game = _rush_game(db, hand=["DS-004"])
    giver = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DS-004")))
    assert cards_in(game, 0, Zone.SOUL) == [giver]
    assert in_player_state(game.state, 0, "final_rush")
    assert len(events_of(game, PlayerStateEntered)) == 1
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert not in_player_state(game.state, 0, "final_rush")     # its period (the turn) ended
