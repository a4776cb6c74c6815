"""STR-01..16, HRT-*, GG-*: G units, Stride, hearts and G guardians (premium)."""

from __future__ import annotations

import esper

import ecs_vanguard as vg
from components import HeartLink
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.events import (
    CardMoved,
    GuardianCalled,
    PutIntoGZone,
    UnitCalled,
    UnitPlaced,
    UnitRode,
    UnitStrode,
)
from ecs_vanguard.vocab.formats import Duration, Stat
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    is_face_up,
    is_rested,
    object_id,
    pick,
    power_of,
    start_game,
    unit_at,
    zone_of,
)

PLAIN = ["PX-005"] * 8


def _premium(db, side0: dict, side1: dict | None = None, phase: str = "ride",
             turn_player: int = 0) -> vg.Game:
    return start_game(db, side0, side1 or {"vanguard": "PX-008"}, decks=(PLAIN, PLAIN),
                      fmt="premium", phase=phase, turn_player=turn_player)


def _strode(db, **side0) -> vg.Game:
    """Player 0 strides PG-001 over PX-008 paying with a grade 3 from hand; main phase next."""
    side0.setdefault("vanguard", "PX-008")
    side0.setdefault("g_zone", ["PG-001"])
    side0.setdefault("hand", ["PX-007"])
    game = _premium(db, side0)
    if game.decision.kind is DecisionKind.RIDE:
        game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    return game


def test_STR_01_the_g_deck_goes_face_down_into_the_g_zone(db):
    """STR-01: G units (grade 4) live in the G deck, put face down into the G zone at set-up."""
    deck = vg.Deck.builtin("force_vanguards")
    game = vg.Game(deck, deck, seed=1, format="premium")
    g_zone = cards_in(game, 0, Zone.G_ZONE)
    assert len(g_zone) == len(deck.g_deck) == 13
    assert all(not is_face_up(game, c) and game.state.card(c).grade == 4 for c in g_zone)


def test_STR_02_a_g_unit_has_stride_or_g_guardian(tmp_path):
    """STR-02: power and Stride, or shield and G guardian; a G unit with neither is refused."""
    path = tmp_path / "g.toml"
    path.write_text('[[card]]\nid = "G-X"\nnames = ["X"]\ngrade = 4\npower = 15000\n'
                    'unit_type = "g_unit"\n')
    try:
        vg.CardDB.load(path)
    except CardDataError as exc:
        assert "STR-02" in str(exc)
    else:
        raise AssertionError("a G unit without Stride or G guardian was accepted")
    db = vg.CardDB.builtin()
    assert db["PG-001"].stride_cost and not db["PG-001"].shield
    assert db["PG-003"].g_guardian_cost and db["PG-003"].shield == 15000 and not db["PG-003"].power


def test_STR_03_stride_in_the_stride_step_paying_the_stride_cost(db):
    """STR-03: in the stride step a face-down G unit strides, paying its cost (grades 3+)."""
    game = _premium(db, {"vanguard": "PX-008", "g_zone": ["PG-001"],
                         "hand": ["PX-002", "PX-009", "PX-007"]})
    game.step(pick(game, ActionKind.DONE))                       # no ride
    assert game.decision.kind is DecisionKind.STRIDE
    g_unit = cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.STRIDE, card=g_unit))
    assert game.decision.label == "stride cost"
    first = card_named(game, 0, Zone.HAND, "PX-002")
    game.step(pick(game, ActionKind.PICK, card=first))          # grade 1: not enough yet
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "PX-009")))
    # 1 + 1 < 3 and one card is left: it is taken without a question (no question with one answer)
    assert unit_at(game, 0, Circle.VC) == g_unit and is_face_up(game, g_unit)
    assert len(cards_in(game, 0, Zone.DROP)) == 3 and game.phase is vg.Phase.MAIN


def test_STR_04_stride_needs_grade_3_vanguards_or_grade_3_at_turn_start(db):
    """STR-04: both vanguards grade 3+, or the turn player's vanguard grade 3+ at the start of
    the turn."""
    side = {"vanguard": "PX-008", "g_zone": ["PG-001"], "hand": ["PX-007"]}
    game = (vg.Scenario(db, format="premium").player(0, **side, deck=PLAIN)
            .player(1, vanguard="PX-005", deck=PLAIN)
            .start(turn=3, phase="ride", grade3_at_start=False))   # it became grade 3 today
    game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind is DecisionKind.MAIN_PHASE        # opponent grade 2: no stride
    game = _premium(db, dict(side), {"vanguard": "PX-005"}, phase="stand")
    game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind is DecisionKind.STRIDE            # grade 3 at the stand phase
    # A position started at the ride phase behaves as if the turn had started normally: the
    # grade 3 vanguard on VC was there at the stand phase.
    game = _premium(db, dict(side), {"vanguard": "PX-005"}, phase="ride")
    game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind is DecisionKind.STRIDE


def test_STR_05_a_stride_by_an_effect_has_no_requirement_and_no_cost(tdb):
    """STR-05: an effect's stride checks no requirement and pays no Stride cost."""
    game = _premium(tdb, {"vanguard": "T-STRIDER", "g_zone": ["PG-001"]},
                    {"vanguard": "PX-001"}, phase="main")
    g_unit = cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.ACT, index=0))
    assert unit_at(game, 0, Circle.VC) == g_unit and not cards_in(game, 0, Zone.DROP)
    assert events_of(game, UnitStrode) == [UnitStrode(g_unit, 0, True)]


def _ultimate_game(db, tdb_card: str = "PG-004", face_up=3, vanguard="PX-008", **extra):
    g_zone = ["PG-001"] * face_up + [tdb_card]
    game = (vg.Scenario(db, format="premium")
            .player(0, vanguard=vanguard, g_zone=g_zone, hand=["PX-008", "PX-002"],
                    deck=PLAIN, **extra)
            .player(1, vanguard="PX-005", deck=PLAIN)
            .start(turn=3, turn_player=0, phase="ride"))
    game.switch()
    for card in cards_in(game, 0, Zone.G_ZONE)[:face_up]:
        ops.turn_face(game.state, card, True)      # as if strode before (face-up G zone)
    return game


def test_STR_06_ultimate_stride_needs_3_face_up_and_the_nation_and_discards_the_name(tdb):
    """STR-06: Ultimate Stride: discard a card with the vanguard's name; 3+ face-up G zone cards
    and the same nation; the vanguard's grade is not checked."""
    game = _ultimate_game(tdb)
    game.step(pick(game, ActionKind.DONE))                       # no ride
    ultimate = card_named(game, 0, Zone.G_ZONE, "PG-004")
    game.step(pick(game, ActionKind.STRIDE, card=ultimate))
    assert unit_at(game, 0, Circle.VC) == ultimate
    assert [game.state.card(c).id for c in cards_in(game, 0, Zone.DROP)] == ["PX-008"]
    game = _ultimate_game(tdb, face_up=2)
    game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind is DecisionKind.MAIN_PHASE         # only 2 face up
    game = _ultimate_game(tdb, vanguard="PX-110")
    game.step(pick(game, ActionKind.DONE))
    assert not has_action(game, ActionKind.STRIDE)               # another nation, no same name


def test_STR_07_ultimate_stride_triggers_when_strides_autos(tdb):
    """STR-07: the Ultimate Stride cost is not a Stride cost, yet 'when strides' autos trigger."""
    game = _ultimate_game(tdb, tdb_card="T-ULTIMATE")
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    assert events_of(game, UnitStrode) and len(cards_in(game, 0, Zone.HAND)) == 2   # drew 1


def test_STR_08_stride_procedure_stand_rest_hearts_name_and_power(db):
    """STR-08: the G unit goes face up on VC with the vanguard's stand/rest; the vanguard becomes
    its heart; the G unit has the chosen heart's original name and adds its original power."""
    game = _premium(db, {"vanguard": "PX-008", "g_zone": ["PG-001"], "hand": ["PX-007"],
                         "rested": ["vc"]})
    heart = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    g_unit = unit_at(game, 0, Circle.VC)
    assert is_rested(game, g_unit)
    game.switch()
    assert esper.component_for_entity(heart, HeartLink) == HeartLink(g_unit, True)
    assert "Banneret of the Sun" in q.names(game.state, g_unit)
    assert power_of(game, g_unit) == 15000 + 13000


def test_STR_09_striding_is_not_riding(db):
    """STR-09: a stride is no ride: no ride event, no 'when rides' autos."""
    game = _strode(db)
    assert not events_of(game, UnitRode) and events_of(game, UnitStrode)


def test_STR_10_a_g_unit_put_on_rc_by_an_effect_has_not_strode(tdb):
    """STR-10: a G unit with power put on RC by an effect has not strode; its power is the
    printed number."""
    game = _premium(tdb, {"vanguard": "T-STRIDER", "g_zone": ["PG-001"]}, phase="main")
    g_unit = cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.ACT, index=1))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == g_unit and power_of(game, g_unit) == 15000
    assert not events_of(game, UnitStrode)


def test_STR_11_the_end_phase_returns_g_units_and_hearts_are_vanguards_again(db):
    """STR-11: in the end phase the turn player's G units on circles go face up to the G zone
    (and STR-14 (3): the hearts are vanguards again)."""
    game = _strode(db)
    g_unit, heart = unit_at(game, 0, Circle.VC), game.state.board.circles[0][Circle.VC][0]
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)
    assert unit_at(game, 0, Circle.VC) == heart
    assert not esper.has_component(heart, HeartLink)
    assert PutIntoGZone(g_unit, 0) in game.events


def test_STR_12_a_g_unit_leaving_an_rc_arrives_then_goes_to_the_g_zone(tdb):
    """STR-12: a G unit moved from RC to another zone goes there first (autos trigger), then face
    up to the G zone."""
    game = _premium(tdb, {"vanguard": "T-STRIDER", "g_zone": ["PG-001"], "hand": ["PX-005"]},
                    phase="main")
    g_unit = cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.ACT, index=1))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT))   # retires the G unit
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == g_unit]
    assert moves[-2:] == [(Zone.RC, Zone.DROP), (Zone.DROP, Zone.G_ZONE)]
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)


def test_STR_13_a_locked_g_unit_on_rc_goes_face_up_to_the_g_zone(tdb):
    """STR-13: a G unit on RC that is locked is turned face down, then put face up into the G
    zone."""
    game = _premium(tdb, {"vanguard": "T-STRIDER", "g_zone": ["PG-001"]}, phase="main")
    g_unit = cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.ACT, index=1))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.switch()
    assert ops.lock(game.state, g_unit)                  # as the opponent's lock effect would
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)


def test_STR_14_an_ultimate_stride_unit_removes_its_g_zone_from_the_game(tdb):
    """STR-14: putting an Ultimate Stride G unit into the G zone removes every card of that G
    zone from the game, itself included."""
    game = _ultimate_game(tdb)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE, card=card_named(game, 0, Zone.G_ZONE, "PG-004")))
    g_zone = cards_in(game, 0, Zone.G_ZONE)
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert not cards_in(game, 0, Zone.G_ZONE)
    assert all(zone_of(game, c) is Zone.REMOVED for c in g_zone)


def test_STR_15_riding_onto_a_g_unit_sends_it_to_the_g_zone_and_the_hearts_to_the_soul(tdb):
    """STR-15: riding onto a G unit vanguard: the G unit goes face up to the G zone, the hearts
    straight to the soul."""
    game = _premium(tdb, {"vanguard": "PX-008", "g_zone": ["PG-001"], "hand": ["PX-007", "PX-008"],
                          "rear": {"front_left": "T-STRIDER"}})
    heart = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "PX-007")))
    g_unit = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=2))
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)
    assert zone_of(game, heart) is Zone.SOUL and not esper.has_component(heart, HeartLink)
    assert game.state.card(unit_at(game, 0, Circle.VC)).id == "PX-008"


def test_STR_16_a_stride_is_an_appearance_on_vc(db):
    """STR-16: 'when placed on VC' autos trigger with the 'when strides' ones."""
    game = _strode(db, g_zone=["PG-002"], rear={"front_left": "PX-005"})
    g_unit = unit_at(game, 0, Circle.VC)
    assert UnitPlaced(g_unit, 0, Zone.VC, Circle.VC) in game.events
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000     # its placed auto


def test_HRT_01_a_heart_is_on_vc_but_not_a_unit(db):
    """HRT-01: with one vanguard strode over, VC holds two cards but one unit."""
    game = _strode(db)
    game.switch()
    assert len(game.state.board.circles[0][Circle.VC]) == 2
    assert q.units(game.state, 0) == [unit_at(game, 0, Circle.VC)]


def test_HRT_02_a_heart_keeps_only_its_name_and_original_power(db):
    """HRT-02: a heart's abilities are inactive; its other information can still be read."""
    game = _strode(db, vanguard="PX-007", hand=["PX-008"])
    heart = game.state.board.circles[0][Circle.VC][0]
    game.switch()
    assert q.abilities(game.state, heart) == [] and game.state.card(heart).race == "knight"


def test_HRT_03_a_heart_has_its_g_units_stand_and_rest(db):
    """HRT-03: the heart rests and stands with its G unit."""
    game = _strode(db)
    heart = game.state.board.circles[0][Circle.VC][0]
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC)))
    assert is_rested(game, heart)


def test_HRT_04_becoming_a_heart_is_not_a_zone_change(db):
    """HRT-04: the heart keeps its object and the modifiers it had on VC."""
    game = _premium(db, {"vanguard": "DX-004", "g_zone": ["PG-001"], "hand": ["DX-004", "PX-007"]})
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DX-004")))
    vanguard = unit_at(game, 0, Circle.VC)
    obj = object_id(game, vanguard)
    ops.add_modifier(game.state, vanguard, Stat.POWER, 3000, Duration.END_OF_TURN)  # an effect's
    game.step(pick(game, ActionKind.STRIDE))
    assert object_id(game, vanguard) == obj
    assert [m.amount for m in q.modifiers(vanguard)] == [3000]   # the +3000 stays on the heart


def test_HRT_07_a_deleted_vanguard_made_a_heart_turns_face_up(db):
    """HRT-07: a deleted vanguard made a heart is face up and no longer deleted."""
    game = _premium(db, {"vanguard": "PX-008", "g_zone": ["PG-001"], "hand": ["PX-007"]})
    vanguard = unit_at(game, 0, Circle.VC)
    game.switch()
    ops.delete(game.state, vanguard)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    assert is_face_up(game, vanguard) and vanguard not in game.state.deleted


def test_HRT_09_a_heart_leaving_vc_is_no_longer_a_heart(tdb):
    """HRT-09: a heart leaving VC stops being a heart; its name and power no longer count."""
    game = _premium(tdb, {"vanguard": "T-STRIDER", "g_zone": ["PG-001"], "hand": ["PX-008"]},
                    phase="main")
    heart = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, index=0))
    g_unit = unit_at(game, 0, Circle.VC)
    assert power_of(game, g_unit) == 28000
    game.switch()
    ops.move_card(game.state, heart, Zone.SOUL)           # as a 'put a heart into soul' effect
    assert not esper.has_component(heart, HeartLink) and power_of(game, g_unit) == 15000


def test_HRT_11_a_heart_becoming_a_vanguard_again_is_not_placed(db):
    """HRT-11: a heart turning back into a vanguard triggers no 'when placed' autos."""
    game = _strode(db)
    heart = game.state.board.circles[0][Circle.VC][0]
    placed = len(events_of(game, UnitPlaced))
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert unit_at(game, 0, Circle.VC) == heart
    assert not [e for e in events_of(game, UnitPlaced)[placed:] if e.card == heart]


def test_HRT_12_any_g_unit_put_on_vc_makes_the_vanguard_its_heart(tdb):
    """HRT-12: a G unit put on VC by an effect makes the vanguard there its heart."""
    game = _premium(tdb, {"vanguard": "T-STRIDER", "g_zone": ["PG-001"]}, phase="main")
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, index=0))
    assert esper.has_component(vanguard, HeartLink)


def _gg_game(db, heals=("PX-013",), face_up_gg=0, opponent="PX-008"):
    game = (vg.Scenario(db, format="premium")
            .player(0, vanguard="PX-008", deck=PLAIN)
            .player(1, vanguard=opponent, g_zone=["PG-003"] * (1 + face_up_gg),
                    hand=list(heals), deck=PLAIN)
            .start(turn=3, turn_player=0, phase="battle"))
    game.switch()
    for card in cards_in(game, 1, Zone.G_ZONE)[1:]:
        ops.turn_face(game.state, card, True)
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    return game


def test_GG_01_a_g_guardian_needs_grade_3_vanguards_and_3_or_fewer_face_up(db):
    """GG-01: usable if both vanguards are grade 3+ and 3 or fewer G guardians are face up."""
    gg = lambda g: [a for a in g.legal_actions() if a.kind is ActionKind.GUARD
                    and zone_of(g, a.card) is Zone.G_ZONE]
    assert gg(_gg_game(db))
    assert not gg(_gg_game(db, opponent="PX-005"))                # defender grade 2
    assert gg(_gg_game(db, face_up_gg=3))
    assert not gg(_gg_game(db, face_up_gg=4))
    assert not gg(_gg_game(db, heals=("PX-012",)))                # no heal trigger to discard


def test_GG_02_pay_the_cost_then_the_g_guardian_is_on_gc_at_rest_guarding(db):
    """GG-02: its cost paid, it is put on GC at rest guarding the attacked unit; 'placed on GC'
    autos trigger."""
    game = _gg_game(db)
    guardian = cards_in(game, 1, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    assert zone_of(game, guardian) is Zone.GC and is_rested(game, guardian)
    assert ids_in_drop(game) == ["PX-013"]
    assert GuardianCalled(guardian, 1, unit_at(game, 1, Circle.VC)) in game.events


def ids_in_drop(game: vg.Game) -> list[str]:
    return [game.state.card(c).id for c in cards_in(game, 1, Zone.DROP)]


def test_GG_03_and_GG_04_in_the_close_step_it_is_retired_then_goes_face_up_to_the_g_zone(db):
    """GG-03, GG-04: retired in the close step, it goes to the drop then face up to the G zone."""
    game = _gg_game(db)
    guardian = cards_in(game, 1, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    game.step(pick(game, ActionKind.DONE))
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == guardian]
    assert moves[-2:] == [(Zone.GC, Zone.DROP), (Zone.DROP, Zone.G_ZONE)]
    assert is_face_up(game, guardian)


def test_GG_05_a_g_guardian_is_a_superior_call_from_the_g_zone(db):
    """GG-05: a superior call from the G zone, an appearance on GC."""
    game = _gg_game(db)
    guardian = cards_in(game, 1, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    call = next(e for e in events_of(game, UnitCalled) if e.card == guardian)
    assert call.superior and call.from_zone is Zone.G_ZONE
    assert UnitPlaced(guardian, 1, Zone.GC, None) in game.events
