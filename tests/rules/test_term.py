"""TERM-01..06: information and state, sources, damage kinds, randomness, names, kinds."""

from __future__ import annotations

from collections import Counter

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardDiscarded, DamageDealt, PowerChanged, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import card_named, events_of, pick, power_of, unit_at


def test_TERM_01_a_duplicate_gained_name_is_ignored_an_ability_gained_twice_works_twice(tdb):
    """TERM-01: gaining a name it already has changes nothing; an ability gained twice is kept
    twice and each works; stand/rest is state, not information."""
    game = (vg.Scenario(tdb).player(0, vanguard="T-TWICE", rear={"back_center": "DX-008"},
                                    deck=["DX-006"] * 5)
            .player(1, vanguard="DX-101", deck=["DX-106"] * 5)
            .start(turn=3, turn_player=0, phase="main"))
    booster = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ACT))
    game.switch()
    assert q.names(game.state, booster) == ("Ember Squire",)
    assert len(q.abilities(game.state, booster)) == 3          # printed + twice gained
    game.step(pick(game, ActionKind.DONE))
    vg0 = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=vg0))
    game.step(pick(game, ActionKind.BOOST))
    assert power_of(game, vg0) == 6000 + 8000 + 2000 + 2000
    assert game.decision.kind is DecisionKind.GUARD
    assert game.state.card(booster).names == ("Ember Squire",)   # original information


def test_TERM_02_an_effect_has_its_card_as_source_a_rule_action_has_none(db):
    """TERM-02: the source of an effect is the card whose ability made it; rule actions have no
    source."""
    game = (vg.Scenario(db).player(0, vanguard="DX-004", hand=["DX-006"],
                                   rear={"front_left": "DX-007"}, soul=["DX-001"])
            .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="main"))
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    assert events_of(game, PowerChanged) == [PowerChanged(unit, 5000, "power", unit)]
    game.step(pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT))
    assert events_of(game, UnitRetired) == [UnitRetired(unit, True, -1)]


def test_TERM_03_battle_damage_comes_from_the_attacker_skill_damage_from_the_card(db):
    """TERM-03: battle damage is the damage step's; skill damage's source is the effect's card."""
    game = (vg.Scenario(db).player(0, vanguard="AS-005", damage=["DX-006"] * 3,
                                   deck=["DX-006"] * 5)
            .player(1, vanguard="DX-101", deck=["DX-106"] * 5)
            .start(turn=3, turn_player=0, phase="main"))
    vg0 = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, index=0))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.DONE))                    # no guard
    assert events_of(game, DamageDealt) == [DamageDealt(1, 1, vg0, False),
                                            DamageDealt(1, 1, vg0, True)]


def test_TERM_04_random_choices_come_from_the_games_generator(db):
    """TERM-04: every candidate equally likely, drawn from the seeded generator: reproducible."""
    def discarded(seed: int) -> str:
        game = (vg.Scenario(db, seed=seed).player(0, vanguard="AS-003", deck=["DX-006"] * 4)
                .player(1, vanguard="DX-101", hand=["DX-111", "DX-112", "DX-113"])
                .start(turn=3, turn_player=0, phase="battle"))
        game.step(pick(game, ActionKind.ATTACK))
        game.step(pick(game, ActionKind.DONE))
        return game.state.card(events_of(game, CardDiscarded)[0].card).id

    picks = [discarded(seed) for seed in range(90)]
    counts = Counter(picks)
    assert set(counts) == {"DX-111", "DX-112", "DX-113"}
    assert all(15 <= n <= 45 for n in counts.values())        # about 30 each
    assert picks[:10] == [discarded(seed) for seed in range(10)]


def test_TERM_05_also_has_the_name_adds_becomes_the_name_replaces(db):
    """TERM-05: 'also has the name X' adds X; 'becomes the name X' replaces every name."""
    game = (vg.Scenario(db).player(0, vanguard="AS-004", hand=["AS-012"],
                                   rear={"front_left": "AS-013", "front_right": "DX-106"},
                                   soul=["DX-001", "DX-002"], damage=["DX-006"])
            .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="main"))
    game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
    mimic = unit_at(game, 0, Circle.BACK_LEFT)
    game.switch()
    assert q.names(game.state, mimic) == ("Mirror Mimic", "Archmage of Tomes, Seraphine")
    assert q.same_name(game.state, mimic, unit_at(game, 0, Circle.VC))
    pupil = unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    game.step(pick(game, ActionKind.PICK, card=pupil))
    game.switch()
    assert q.names(game.state, pupil) == ("Blaze Lancer",)


def test_TERM_06_kinds_count_distinct_names_with_several_names_matched(db, tdb):
    """TERM-06: a group has N kinds when N of its cards can be picked with pairwise different
    names; a card with two names counts once."""
    def librarian_power(drop: list[str]) -> int:
        game = (vg.Scenario(tdb).player(0, vanguard="DX-004", rear={"front_left": "AS-013"},
                                        drop=drop)
                .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="main"))
        return power_of(game, unit_at(game, 0, Circle.FRONT_LEFT))

    assert librarian_power(["T-ALPHA-BETA", "T-ALPHA", "DX-006", "DX-007"]) == 18000   # 4 kinds
    assert librarian_power(["T-ALPHA-BETA", "T-ALPHA", "T-ALPHA", "DX-006"]) == 13000   # 3 kinds
    assert librarian_power(["DX-006", "DX-006", "DX-006", "DX-006"]) == 13000          # 1 kind
    game = (vg.Scenario(tdb).player(0, vanguard="DX-004", drop=["T-ALPHA-BETA", "T-BETA"])
            .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="main"))
    game.switch()
    drop = game.state.board.zones[0][Zone.DROP]
    assert q.count_kinds(game.state, list(drop)) == 2
    assert card_named(game, 0, Zone.DROP, "T-BETA") in drop
