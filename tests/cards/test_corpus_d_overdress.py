"""Study "overDress and a V booster" (2026-12), product 1: Dragon Empire's overDress cards of
D-BT01..D-BT04 (tests/cards/corpus/p_d_overdress.toml, ids PR-001..016). Each test plays the
card's effect in a position built for it and a position where its condition or cost fails.
«Trickglow» is the D-SD01 study's PD-009 (the real «Trickstar»), «Samsara» its PD-001. A unit in
overDress has at least one dress source (OD-03); its dress sources are its originalDress."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.scopes import keywords
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import UnitCalled, UnitPlaced
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import attack, no_guard
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    events_of,
    has_action,
    ids_in,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)

VALOROSA, ARCUS, TIDEBREAKER, ERGO, HORN, PRAYER = (
    "PR-001", "PR-002", "PR-003", "PR-004", "PR-005", "PR-006")
EXPECTANS, HIMARI, TESSALY, FLARESCORN, TENZAN, ECHO = (
    "PR-007", "PR-008", "PR-009", "PR-010", "PR-011", "PR-012")
ESPERANZA, MAHA, RETSUZAN, WISH = "PR-013", "PR-014", "PR-015", "PR-016"
TRICK, VERMILIA, SAMSARA = "PD-009", "PD-006", "PD-001"
G1 = "PX-002"


def _yes(game: vg.Game) -> None:
    """Answer an optional ability's question yes."""
    game.step(pick(game, ActionKind.YES))


def _pay(game: vg.Game) -> None:
    """Pay a blast or a discard, or counter charge, that asks which cards: the first ones."""
    while game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.label in (
            "counter blast", "soul blast", "discard", "counter charge"):
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))


def _overdress(game: vg.Game, card_id: str, circle: Circle = Circle.FRONT_LEFT) -> int:
    """OD-01: overDress `card_id` from hand onto the rear-guard on `circle`."""
    card = card_named(game, 0, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.OVERDRESS, card=card, target=unit_at(game, 0, circle)))
    return card


def test_OD_01_a_card_designating_only_a_rear_guard_in_overdress_is_offered_onto_one(ldb):
    """OD-01 with the designation "a rear-guard in overDress" and no name (D-BT03/001): onto a
    rear-guard in overDress it is offered, onto one that is not it is not; the card counts as a
    card with overDress (`keyword = "overdress"`)."""
    game = scene(ldb, {"vanguard": V3, "hand": [EXPECTANS],
                       "rear": {"front_left": VERMILIA, "front_right": TRICK},
                       "dress": {"front_left": [TRICK]}})
    card = card_named(game, 0, Zone.HAND, EXPECTANS)
    assert has_action(game, ActionKind.OVERDRESS, card=card,
                      target=unit_at(game, 0, Circle.FRONT_LEFT))
    assert not has_action(game, ActionKind.OVERDRESS, card=card,
                          target=unit_at(game, 0, Circle.FRONT_RIGHT))
    assert "overdress" in keywords(ldb[EXPECTANS])


def test_OD_13_superior_overdress_puts_the_card_onto_that_rear_guard_not_a_call(ldb):
    """OD-13 (PR-004's step): at the end of the battle its «Trickglow» attacked a vanguard, SB2:
    the card from hand goes onto that RC, the «Trickglow» becomes its dress source; it is placed
    (OD-12), not called (OD-02), and CC1 turns one of the two face-down damage face up."""
    game = _ergo_battle(ldb, vanguard=SAMSARA)
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    no_guard(game)
    _yes(game)
    _pay(game)
    ergo = unit_at(game, 0, Circle.FRONT_LEFT)
    assert game.state.card(ergo).id == ERGO and q.dress_sources(game.state, ergo) == [trick]
    assert not [e for e in events_of(game, UnitCalled) if e.card == ergo]
    assert [e for e in events_of(game, UnitPlaced) if e.card == ergo]
    assert sum(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE)) == 1
    assert power_of(game, ergo) == 23000


def _ergo_battle(ldb, vanguard: str, target: Circle = Circle.VC) -> vg.Game:
    game = scene(ldb, {"vanguard": vanguard, "hand": [ERGO], "soul": [G2, G2],
                       "damage": [G2, G2], "damage_face_down": 2,
                       "rear": {"front_left": TRICK}},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, target))
    return game


def test_PR_004_not_without_samsara_nor_after_an_attack_on_a_rear_guard(ldb):
    """With a vanilla vanguard, or after the «Trickglow» attacked a rear-guard, Ergo stays in
    hand and nothing is asked."""
    for vanguard, target in ((V3, Circle.VC), (SAMSARA, Circle.FRONT_LEFT)):
        game = _ergo_battle(ldb, vanguard, target)
        no_guard(game)
        assert not has_action(game, ActionKind.YES)
        assert ids_in(game, 0, Zone.HAND) == [ERGO]


def test_PR_004_in_overdress_plus_10000_power_and_shield(ldb):
    """Cont on RC in overDress: +10000 power and +10000 shield; without a dress source the
    printed 13000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": ERGO, "front_right": ERGO},
                       "dress": {"front_left": [TRICK]}})
    dressed, bare = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    assert (power_of(game, dressed), q.shield(game.state, dressed)) == (23000, 10000)
    assert power_of(game, bare) == 13000
