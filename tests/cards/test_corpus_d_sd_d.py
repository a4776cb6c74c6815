"""Study of six products (issue 19), D-SD04 (Stoicheia, back-row attacks): every card of the
start deck in tests/cards/corpus/p_d_sd_d.toml (its over trigger is D-SD01's PD-010) played in
a position built for it, and in one where its condition or cost fails. Rules cited: CORE-05
(persona ride), CORE-08 (blitz orders), CORE-09 (who attacks, who boosts), CORE-10, CORE-14,
ACT-02 (reveal the top card), ACT-07 (superior call)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import AttackDeclared
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    assert_sentinel_guards,
    assert_trigger_effect,
    assert_vanilla_grade_2_intercepts,
    attack,
    no_guard,
    ride_from_hand,
)
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    ids_in,
    pick,
    plays_of,
    power_of,
    unit_at,
    zone_of,
)

MAGNARA, LATTVAR, CARITH, ROTTA, STAG, DUGARRON, STOMIRA, CYREL = (
    "PF-001",
    "PF-002",
    "PF-003",
    "PF-004",
    "PF-005",
    "PF-006",
    "PF-007",
    "PF-008",
)
ALESSA, ORDER = "PF-009", "PF-015"
BACK = (Circle.BACK_LEFT, Circle.BACK_CENTER, Circle.BACK_RIGHT)


@pytest.fixture(scope="module")
def sdb(ldb: vg.CardDB) -> vg.CardDB:
    return ldb


def _magnara_battle_ends(
    sdb, *, persona: bool, damage_face_down: int = 0, rear: dict | None = None
) -> vg.Game:
    """Magnara rides (onto itself: a persona ride, or onto a grade 2), the vanguard attacks
    unguarded with no trigger in the drive checks; the game stops at the end of that battle."""
    rear = rear or {"back_left": LATTVAR, "back_center": CARITH, "back_right": G2}
    game = scene(
        sdb,
        {
            "vanguard": MAGNARA if persona else LATTVAR,
            "hand": [MAGNARA],
            "damage": [G2],
            "damage_face_down": damage_face_down,
            "soul": [G2, G2],
            "rear": rear,
        },
        phase="ride",
    )
    ride_from_hand(game, 0, MAGNARA)
    if not persona and game.decision.kind is DecisionKind.YES_NO:
        game.step(pick(game, ActionKind.NO))  # Lattvar's ride skill: not used
    game.step(pick(game, ActionKind.DONE))  # to the battle phase
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))  # Carith behind it does not boost
    no_guard(game)
    return game


def _choose_all_three(game: vg.Game) -> None:
    """Choose the three back-row rear-guards (the engine takes them at once when exactly
    three are there)."""
    for circle in BACK:
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, circle)))


def test_PF_001_without_the_auto_the_back_row_cannot_attack(sdb):
    """CORE-09: a back-row rear-guard is offered no attack of its own."""
    game = scene(sdb, {"vanguard": MAGNARA, "rear": {"back_left": G2}}, phase="battle")
    assert not has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.BACK_LEFT))


def test_PF_001_end_of_battle_one_rear_guard_attacks_from_the_back_row(sdb):
    """No persona ride: COST [CB1], one chosen rear-guard +5000 and free to attack from the
    back row; the two others stay behind."""
    game = _magnara_battle_ends(sdb, persona=False)
    game.step(pick(game, ActionKind.YES))
    stag = unit_at(game, 0, Circle.BACK_RIGHT)
    game.step(pick(game, ActionKind.PICK, card=stag))
    assert game.decision.kind is DecisionKind.ATTACK
    assert power_of(game, stag) == 15000
    assert has_action(game, ActionKind.ATTACK, card=stag)
    for circle in (Circle.BACK_LEFT, Circle.BACK_CENTER):
        assert not has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, circle))
    attack(game, stag, unit_at(game, 1, Circle.VC))  # nothing in front boosts a back-row unit
    assert game.decision.kind is DecisionKind.GUARD and game.state.battle.booster == -1


def test_PF_001_after_a_persona_ride_three_rear_guards_attack_from_the_back_row(sdb):
    """Persona rode this turn: three rear-guards are chosen; each gets +5000 and may attack."""
    game = _magnara_battle_ends(sdb, persona=True)
    game.step(pick(game, ActionKind.YES))
    _choose_all_three(game)
    for circle in BACK:
        assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, circle))
    assert power_of(game, unit_at(game, 0, Circle.BACK_RIGHT)) == 15000


def test_PF_001_no_face_up_damage_no_counter_blast_no_back_row_attack(sdb):
    """With its only damage face down the cost cannot be paid: nothing is asked and the back
    row cannot attack."""
    game = _magnara_battle_ends(sdb, persona=True, damage_face_down=1)
    assert game.decision.player == 1  # nobody could attack: the turn ended
    assert len(events_of(game, AttackDeclared)) == 1  # the vanguard's attack only
    assert power_of(game, unit_at(game, 0, Circle.BACK_RIGHT)) == 10000


def test_PF_002_003_attacking_from_the_back_row(sdb):
    """Lattvar from the back row attacks a vanguard: COST [SB1], +10000 for the battle; Carith
    from the back row: +5000 while it attacks."""
    game = _magnara_battle_ends(sdb, persona=True)
    game.step(pick(game, ActionKind.YES))
    _choose_all_three(game)
    lattvar, carith = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.BACK_CENTER)
    attack(game, lattvar, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.YES))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.SOUL)[0]))
    assert power_of(game, lattvar) == 10000 + 5000 + 10000
    no_guard(game)
    assert power_of(game, carith) == 8000 + 5000
    attack(game, carith, unit_at(game, 1, Circle.VC))
    assert power_of(game, carith) == 8000 + 5000 + 5000


def test_PF_002_003_in_the_front_row_neither_grows(sdb):
    """In the front row Lattvar's auto is not asked and Carith gets no +5000 (back row only)."""
    game = scene(
        sdb,
        {"vanguard": V3, "soul": [G2], "rear": {"front_left": LATTVAR, "front_right": CARITH}},
        phase="battle",
    )
    lattvar, carith = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    attack(game, lattvar, unit_at(game, 1, Circle.VC))
    assert game.decision.kind is DecisionKind.GUARD and power_of(game, lattvar) == 10000
    no_guard(game)
    attack(game, carith, unit_at(game, 1, Circle.VC))
    assert power_of(game, carith) == 8000


def _ride(sdb, ridden: str, rider: str, deck: list[str]) -> tuple[vg.Game, int]:
    game = scene(sdb, {"vanguard": ridden, "hand": [rider], "deck": deck}, phase="ride")
    vanguard = unit_at(game, 0, Circle.VC)
    ride_from_hand(game, 0, rider)
    return game, vanguard


def test_PF_002_ridden_by_magnara_calls_the_revealed_unit(sdb):
    """ACT-02, ACT-07: COST [SB1] (the ridden Lattvar itself pays), the top card is revealed and
    called; declined, it goes to the hand."""
    game, lattvar = _ride(sdb, LATTVAR, MAGNARA, [DUGARRON, G2])
    game.step(pick(game, ActionKind.YES))
    top = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.PICK, card=top))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == top and zone_of(game, lattvar) is Zone.DROP
    game, _ = _ride(sdb, LATTVAR, MAGNARA, [DUGARRON, G2])
    game.step(pick(game, ActionKind.YES))
    top = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, top) is Zone.HAND and ids_in(game, 0, Zone.DECK) == [G2]


def test_PF_002_an_order_on_top_goes_to_the_hand_and_another_rider_triggers_nothing(sdb):
    """A revealed order cannot be called: it goes to the hand; ridden by a grade 3 of another
    name the auto does not trigger."""
    game, _ = _ride(sdb, LATTVAR, MAGNARA, [ORDER, G2])
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 0, Zone.HAND) == [ORDER] and ids_in(game, 0, Zone.DECK) == [G2]
    game, lattvar = _ride(sdb, LATTVAR, DUGARRON, [ORDER, G2])
    assert plays_of(game, lattvar) == 0 and ids_in(game, 0, Zone.DECK) == [ORDER, G2]


def test_PF_003_ridden_by_lattvar_calls_a_grade_2_or_less(sdb):
    """A revealed grade 2 unit is called; a revealed grade 3 cannot be: it goes to the soul."""
    game, _ = _ride(sdb, CARITH, LATTVAR, [STAG, G2])
    game.step(pick(game, ActionKind.YES))
    top = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.PICK, card=top))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == top
    game, _ = _ride(sdb, CARITH, LATTVAR, [DUGARRON, G2])
    game.step(pick(game, ActionKind.YES))
    assert DUGARRON in ids_in(game, 0, Zone.SOUL) and ids_in(game, 0, Zone.DECK) == [G2]


def test_PF_004_ridden_draws_only_if_you_went_second(sdb):
    """Ridden on turn 4 (you went second): draw; on turn 3: no draw."""
    for turn, drawn in ((4, 1), (3, 0)):
        game = scene(sdb, {"vanguard": ROTTA, "hand": [CARITH]}, phase="ride", turn=turn)
        ride_from_hand(game, 0, CARITH)
        if game.decision.kind is DecisionKind.YES_NO:
            game.step(pick(game, ActionKind.NO))
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PF_005_a_vanilla_grade_2(sdb):
    """A vanilla grade 2: 10000, shield 5000, no ability; its intercept stops a hit."""
    assert_vanilla_grade_2_intercepts(sdb, STAG)


def test_PF_006_plus_5000_with_four_rear_guards(sdb):
    """Four rear-guards (itself counted): 18000; three: 13000."""
    four = {"front_left": DUGARRON, "front_right": G2, "back_left": G2, "back_right": G2}
    game = scene(sdb, {"vanguard": V3, "rear": four})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 18000
    del four["back_right"]
    game = scene(sdb, {"vanguard": V3, "rear": four})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 13000


def test_PF_007_counter_and_soul_blast_give_it_boost_and_5000(sdb):
    """COST [CB1 & SB1]: +5000 and [Boost] until end of turn, once a turn; without the act a
    grade 2 behind the attacker does not boost."""
    side = {
        "vanguard": V3,
        "damage": [G2],
        "soul": [G2, G2],
        "rear": {"front_left": G2, "back_left": STOMIRA},
    }
    game = scene(sdb, side, phase="battle")
    stomira = unit_at(game, 0, Circle.BACK_LEFT)
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert not has_action(game, ActionKind.BOOST, card=stomira)
    game = scene(sdb, side)
    stomira = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=stomira))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.SOUL)[0]))
    assert power_of(game, stomira) == 15000
    assert not has_action(game, ActionKind.ACT, card=stomira)  # 1/Turn
    game.step(pick(game, ActionKind.DONE))
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert has_action(game, ActionKind.BOOST, card=stomira)


def test_PF_007_cannot_act_with_an_empty_soul(sdb):
    """The cost is both blasts: with no soul the act is not offered."""
    game = scene(sdb, {"vanguard": V3, "damage": [G2], "rear": {"back_left": STOMIRA}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT))


def test_PF_008_soul_blast_2_reveals_and_calls_or_takes_the_top_card(sdb):
    """COST [SB2]: a unit on top is called; an order on top goes to the hand; with one soul
    card the act is not offered."""
    game = scene(
        sdb, {"vanguard": V3, "soul": [G2, G2], "deck": [STAG, G2], "rear": {"back_left": CYREL}}
    )
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    top = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.PICK, card=top))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == top and cards_in(game, 0, Zone.SOUL) == []
    game = scene(
        sdb, {"vanguard": V3, "soul": [G2, G2], "deck": [ORDER, G2], "rear": {"back_left": CYREL}}
    )
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT)))
    assert ids_in(game, 0, Zone.HAND) == [ORDER]
    game = scene(sdb, {"vanguard": V3, "soul": [G2], "rear": {"back_left": CYREL}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT))


def test_PF_009_sentinel(sdb):
    """CORE-10: COST [discard 1], the vanguard cannot be hit; without a card to discard it is
    hit."""
    assert_sentinel_guards(sdb, ALESSA)


@pytest.mark.parametrize("card_id", ["PF-011", "PF-012", "PF-013", "PF-014"])
def test_PF_011_014_triggers(sdb, card_id):
    """CORE-14: critical +1 critical, draw a card, front +10000 to the front row, heal one."""
    assert_trigger_effect(sdb, card_id)


def _blitz(sdb, rear: dict) -> vg.Game:
    game = scene(
        sdb,
        {"vanguard": V3, "hand": [ORDER], "rear": rear},
        {"vanguard": V3},
        phase="battle",
        turn_player=1,
    )
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 0, Zone.HAND, ORDER)))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.VC)))
    return game


def test_PF_015_blitz_order_15000_with_three_back_row_rear_guards(sdb):
    """CORE-08: played in the guard step; three back-row rear-guards: the vanguard +15000 for
    the battle; two: +5000."""
    game = _blitz(sdb, {"back_left": G2, "back_center": G2, "back_right": G2})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 28000
    game = _blitz(sdb, {"back_left": G2, "back_center": G2, "front_left": G2})
    vanguard = unit_at(game, 0, Circle.VC)
    assert power_of(game, vanguard) == 18000
    game.step(pick(game, ActionKind.DONE))
    assert power_of(game, vanguard) == 13000  # until end of that battle


def test_PF_001_a_persona_ride_of_an_earlier_turn_does_not_count(sdb):
    """CORE-05: "if you persona rode this turn" reads this turn only: persona ride, pass both
    turns without acting, then attack: one rear-guard is chosen, not three."""
    rear = {"back_left": G2, "back_center": G2, "back_right": G2}
    game = scene(
        sdb,
        {"vanguard": MAGNARA, "hand": [MAGNARA], "damage": [G2], "rear": rear},
        phase="ride",
    )
    ride_from_hand(game, 0, MAGNARA)
    turn = game.state.turn.turn
    while not (game.state.turn.turn == turn + 2 and game.decision.kind is DecisionKind.ATTACK):
        passes = [a for a in game.legal_actions() if a.kind in (ActionKind.DONE, ActionKind.NO)]
        game.step(passes[0] if passes else game.legal_actions()[0])
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    if game.decision.kind is DecisionKind.BOOST:
        game.step(pick(game, ActionKind.DONE))
    no_guard(game)
    game.step(pick(game, ActionKind.YES))
    chosen = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.PICK, card=chosen))
    assert game.decision.kind is DecisionKind.ATTACK
    assert [has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, c)) for c in BACK] == [
        True,
        False,
        False,
    ]
