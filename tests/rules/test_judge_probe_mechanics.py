"""Judge probes on the less common mechanics: overDress, tokens, imaginary gifts, G guardians,
stride with hearts and legion, prisons, worlds and Alchemagic, each at a cross-rule position
where engines go wrong.

The invented cards live in judge_probe_mechanics_cards.toml next to this file."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardMoved, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    cards_in,
    events_of,
    has_action,
    ids_in,
    is_face_up,
    pick,
    plays_of,
    power_of,
    unit_at,
    zone_of,
)

CARDS = Path(__file__).with_name("judge_probe_mechanics_cards.toml")
V3 = "PX-008"                        # a vanilla grade 3 (13000), force_nation
G2 = "DX-006"                        # a vanilla grade 2 (10000, intercept)
G1 = "PX-009"                        # a vanilla grade 1 with boost (8000)
HEAL = "PX-013"                      # a heal trigger (the G guardian's cost)
DECK = [G2] * 10


@pytest.fixture(scope="module")
def mdb(tdb: vg.CardDB) -> vg.CardDB:
    """The test pool with the mechanics-probe cards."""
    return vg.CardDB.load(CARDS, base=tdb)


def _game(db: vg.CardDB, me: dict, them: dict | None = None, *, fmt: str = "premium",
          phase: str = "main", turn_player: int = 0, **start: object) -> vg.Game:
    them = dict(them or {"vanguard": V3})
    me = dict(me)
    for side in (me, them):
        side.setdefault("deck", list(DECK))
    return (vg.Scenario(db, format=fmt).player(0, **me).player(1, **them)
            .start(turn=3, turn_player=turn_player, phase=phase, **start))  # type: ignore[arg-type]


def _drain(game: vg.Game) -> None:
    """Play every pending auto in the order offered."""
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PLAY_AUTO))


def _act(game: vg.Game, card: int, index: int, target: int) -> None:
    game.step(pick(game, ActionKind.ACT, card=card, index=index))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=target))
    _drain(game)


# --- overDress -----------------------------------------------------------------------------

def _dressed(db: vg.CardDB, **them: object) -> tuple[vg.Game, int, int]:
    side1 = {"vanguard": V3, "rear": {"front_left": "OV-005", "back_center": "TJ-GRAVE-WATCH"},
             "dress": {"front_left": ["JM-HEIR"]}, **them}
    game = _game(db, {"vanguard": "JM-EXILER"}, side1, fmt="standard")
    unit = unit_at(game, 1, Circle.FRONT_LEFT)
    source = next(c for c in game.state.board.zones[1][Zone.DRESS])
    return game, unit, source


def test_OD_05_a_retired_overdress_unit_takes_its_source_along_unretired(mdb):
    """OD-05, OD-04, ACT-04: retiring a unit in overDress puts its dress source into the drop
    at the same time, but the source is not retired: its own "when this unit is retired" does
    not trigger and a "when a unit is retired" watcher triggers once. The rear-guard choice
    never offered the source (it is not a rear-guard)."""
    game, unit, source = _dressed(mdb)
    watcher = unit_at(game, 1, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=0))
    offered = {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK}
    assert source not in offered and unit in offered
    game.step(pick(game, ActionKind.PICK, card=unit))
    _drain(game)
    assert zone_of(game, unit) is Zone.DROP and zone_of(game, source) is Zone.DROP
    assert [e.card for e in events_of(game, UnitRetired)] == [unit]
    assert plays_of(game, source) == 0 and len(cards_in(game, 1, Zone.HAND)) == 0
    assert plays_of(game, watcher) == 1


def test_OD_05_a_returned_overdress_unit_takes_its_source_into_the_hand(mdb):
    """OD-05, OD-09: returned to the hand by an effect, the unit takes its source along into
    the hand; both are ordinary hand cards afterwards (no link, no dress state)."""
    game, unit, source = _dressed(mdb)
    _act(game, unit_at(game, 0, Circle.VC), 1, unit)
    assert set(cards_in(game, 1, Zone.HAND)) == {unit, source}
    assert not game.state.board.zones[1][Zone.DRESS]


def test_OD_05_a_bound_overdress_unit_takes_its_source_face_up_without_a_bind_event(mdb):
    """OD-05: bound by an effect, the source goes to the bind zone with it, face up, and only
    the unit is "bound by that effect" (the watcher's card_bound auto triggers once)."""
    game, unit, source = _dressed(mdb)
    watcher = unit_at(game, 1, Circle.BACK_CENTER)
    _act(game, unit_at(game, 0, Circle.VC), 2, unit)
    assert set(cards_in(game, 1, Zone.BIND)) == {unit, source}
    assert is_face_up(game, source)
    assert plays_of(game, watcher) == 1


def test_CORE_17_OD_04_a_call_onto_an_overdress_unit_retires_it_and_drops_its_source(mdb):
    """CORE-17, OD-05: a superior call onto the circle of a unit in overDress retires that
    unit by rule; its dress source goes to the drop with it and is not retired."""
    game = _game(mdb, {"vanguard": "JM-RECALLER", "rear": {"front_left": "OV-005"},
                       "dress": {"front_left": ["JM-HEIR"]}, "drop": [G2]}, fmt="standard")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    source = game.state.board.zones[0][Zone.DRESS][0]
    called = cards_in(game, 0, Zone.DROP)[0]
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    while game.decision.kind in (DecisionKind.CHOOSE_CARD, DecisionKind.CHOOSE_CIRCLE):
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=called))
        else:
            game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    _drain(game)
    assert unit_at(game, 0, Circle.FRONT_LEFT) == called
    assert zone_of(game, unit) is Zone.DROP and zone_of(game, source) is Zone.DROP
    assert [e.card for e in events_of(game, UnitRetired)] == [unit]
    assert plays_of(game, source) == 0


# --- tokens --------------------------------------------------------------------------------

def test_TOK_01_a_token_returned_to_the_hand_vanishes(mdb):
    """TOK-01, TOK-03: a token returned to the hand arrives there and is removed from the game
    at once: the hand holds no token afterwards."""
    game = _game(mdb, {"vanguard": "JM-EXILER"},
                 {"vanguard": V3, "tokens": {"front_left": "TOKEN-NIGHTSHADE"}}, fmt="standard")
    token = unit_at(game, 1, Circle.FRONT_LEFT)
    _act(game, unit_at(game, 0, Circle.VC), 1, token)
    assert zone_of(game, token) is Zone.REMOVED and not cards_in(game, 1, Zone.HAND)
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == token]
    assert moves == [(Zone.RC, Zone.HAND), (Zone.HAND, Zone.REMOVED)]



def _call_the_jailer_on(game: vg.Game, card: int) -> None:
    """Call the jailer from hand to the back left RC and imprison `card` with its auto."""
    game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=card))
    _drain(game)

def test_TOK_01_PRI_01_an_imprisoned_token_vanishes_from_the_order_zone(mdb):
    """TOK-01, PRI-01: the order zone is not a circle, so a token imprisoned there is removed
    from the game at once and no imprisoned card stays."""
    game = _game(mdb, {"vanguard": "BG-004", "hand": ["BG-003"], "soul": ["BG-010"],
                       "order_zone": ["BG-007"]},
                 {"vanguard": "DX-104", "tokens": {"front_left": "TOKEN-NIGHTSHADE"}},
                 fmt="standard")
    token = unit_at(game, 1, Circle.FRONT_LEFT)
    _call_the_jailer_on(game, token)
    assert zone_of(game, token) is Zone.REMOVED
    assert ids_in(game, 0, Zone.ORDER) == ["BG-007"]


def test_TOK_03_a_token_hit_by_an_attack_is_retired_and_never_rests_in_the_drop(mdb):
    """TOK-03, CORE-12: a token rear-guard that is hit is retired (the retire is seen) and is
    removed from the game, not left in the drop."""
    game = _game(mdb, {"vanguard": V3, "rear": {"front_left": G2}},
                 {"vanguard": V3, "tokens": {"front_left": "TJ-TOKEN-EMBER"}},
                 fmt="standard", phase="battle")
    token = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT),
                   target=token))
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(pick(game, ActionKind.DONE) if has_action(game, ActionKind.DONE)
                  else game.legal_actions()[0])
    assert zone_of(game, token) is Zone.REMOVED and not cards_in(game, 1, Zone.DROP)
    assert [e.card for e in events_of(game, UnitRetired)] == [token]


def test_TOK_08_CORE_17_a_token_made_on_an_occupied_circle_retires_the_unit_there(mdb):
    """TOK-08, CORE-17, ACT-07: making a token is a superior call; with every RC occupied the
    token goes onto one of them and the unit there is retired by rule."""
    rear = {c: G2 for c in ("front_left", "back_left", "back_center", "front_right",
                            "back_right")}
    game = _game(mdb, {"vanguard": "T-SACRIFICE", "rear": rear}, fmt="standard")
    old = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=1))
    if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
        game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    _drain(game)
    token = unit_at(game, 0, Circle.FRONT_LEFT)
    assert game.state.card(token).id == "TOKEN-NIGHTSHADE"
    assert zone_of(game, old) is Zone.DROP
    assert [e.card for e in events_of(game, UnitRetired)] == [old]


# --- imaginary gifts -----------------------------------------------------------------------

def test_CORE_15_CORE_07_a_force_marker_stays_on_its_circle_when_units_swap(mdb):
    """CORE-15: a Force marker is on a circle, not on a unit: after a swap (CORE-07) the unit
    that left the circle loses the +10000 and the one that arrived gets it."""
    game = _game(mdb, {"vanguard": V3, "rear": {"front_left": G2, "back_left": G1},
                       "force": {"front_left": 1}})
    front, back = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    assert (power_of(game, front), power_of(game, back)) == (20000, 8000)
    game.step(pick(game, ActionKind.MOVE, card=front, circle=Circle.BACK_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == back
    assert (power_of(game, front), power_of(game, back)) == (10000, 18000)


def test_CORE_15_STR_08_a_force_marker_on_vc_powers_the_g_unit_not_its_hearts(mdb):
    """CORE-15, HRT-01: a Force marker on VC gives +10000 to the unit there; over a stride the
    unit is the G unit (15000 + the heart's 13000 + 10000); the heart is not a unit."""
    game = _game(mdb, {"vanguard": V3, "stride": "PG-001", "force": {"vc": 1}})
    g_unit = unit_at(game, 0, Circle.VC)
    assert game.state.card(g_unit).id == "PG-001"
    assert power_of(game, g_unit) == 15000 + 13000 + 10000


def test_CORE_15_the_force_and_accel_bonuses_are_off_in_the_opponents_turn(mdb):
    """CORE-15: Force and Accel give +10000 during your turn only: in the opponent's turn
    the units there have their plain power."""
    side = {"vanguard": V3, "rear": {"front_left": G2, "accel_1": G2}, "accel": 1,
            "force": {"front_left": 1}}
    mine = _game(mdb, side)
    theirs = _game(mdb, side, turn_player=1)
    for game, bonus in ((mine, 10000), (theirs, 0)):
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000 + bonus
        assert power_of(game, unit_at(game, 0, Circle.ACCEL_1)) == 10000 + bonus


def test_CORE_15_CORE_07_a_unit_on_an_accel_circle_has_no_column_to_move_in(mdb):
    """CORE-07, CORE-15: moving is between the front and back circle of a column; an accel
    circle is an extra front-row circle with no back circle, so its unit cannot move and no
    back-row unit can move onto it."""
    game = _game(mdb, {"vanguard": V3, "rear": {"accel_1": G2, "back_left": G1}, "accel": 1})
    assert not has_action(game, ActionKind.MOVE, card=unit_at(game, 0, Circle.ACCEL_1))
    assert not has_action(game, ActionKind.MOVE, card=unit_at(game, 0, Circle.BACK_LEFT),
                          circle=Circle.ACCEL_1)


# --- G guardians ---------------------------------------------------------------------------

def _gg_offered(game: vg.Game) -> bool:
    return any(a.kind is ActionKind.GUARD and zone_of(game, a.card) is Zone.G_ZONE
               for a in game.legal_actions())


def _guarding(db: vg.CardDB, me: dict, g_face_up: list[str], hand: list[str]) -> vg.Game:
    game = _game(db, me, {"vanguard": V3, "g_zone": ["PG-003"], "g_zone_face_up": g_face_up,
                          "hand": hand}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    if game.decision.kind is DecisionKind.BOOST:
        game.step(pick(game, ActionKind.DONE))
    _drain(game)
    assert game.decision.kind is DecisionKind.GUARD
    return game


def test_GG_01_face_up_stride_units_do_not_count_toward_the_g_guardian_limit(mdb):
    """GG-01, GG-02: the limit counts face-up G guardians only: three of them plus four
    face-up stride G units still allow a G guardian; four G guardians do not."""
    game = _guarding(mdb, {"vanguard": V3}, ["PG-003"] * 3 + ["PG-001"] * 4, [HEAL])
    assert _gg_offered(game)
    game = _guarding(mdb, {"vanguard": V3}, ["PG-003"] * 4, [HEAL])
    assert not _gg_offered(game)


def test_GG_03_GG_01_a_g_guardian_back_face_up_counts_for_the_next_battle(mdb):
    """GG-03, GG-01: a G guardian used in one battle is face up in the G zone after the close
    step and counts toward the limit: with three face up before, the fourth one made the
    second attack of the turn unguardable by G guardians."""
    game = _game(mdb, {"vanguard": V3, "rear": {"front_left": G2}},
                 {"vanguard": V3, "g_zone": ["PG-003", "PG-003"], "g_zone_face_up":
                  ["PG-003"] * 3, "hand": [HEAL, HEAL]}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    if game.decision.kind is DecisionKind.BOOST:
        game.step(pick(game, ActionKind.DONE))
    guardian = next(a.card for a in game.legal_actions() if a.kind is ActionKind.GUARD
                    and zone_of(game, a.card) is Zone.G_ZONE)
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(game.legal_actions()[0])
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(pick(game, ActionKind.DONE) if has_action(game, ActionKind.DONE)
                  else game.legal_actions()[0])
    assert zone_of(game, guardian) is Zone.G_ZONE and is_face_up(game, guardian)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT),
                   target=unit_at(game, 1, Circle.VC)))
    if game.decision.kind is DecisionKind.BOOST:
        game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind is DecisionKind.GUARD
    assert not _gg_offered(game)


def test_GG_01_a_g_guardian_on_gc_does_not_count_so_a_second_one_may_follow(mdb):
    """GG-01, GG-02 (2): the limit counts face-up G guardians in the G zone, not those on GC:
    with three face up, a first G guardian called this guard step does not stop a second."""
    game = _game(mdb, {"vanguard": V3},
                  {"vanguard": V3, "g_zone": ["PG-003", "PG-003"],
                   "g_zone_face_up": ["PG-003"] * 3, "hand": [HEAL, HEAL]}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                    target=unit_at(game, 1, Circle.VC)))
    first = next(a.card for a in game.legal_actions() if a.kind is ActionKind.GUARD
                 and zone_of(game, a.card) is Zone.G_ZONE)
    game.step(pick(game, ActionKind.GUARD, card=first))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(game.legal_actions()[0])
    assert zone_of(game, first) is Zone.GC
    assert _gg_offered(game)


# --- stride, hearts and legion -------------------------------------------------------------

def test_HRT_09_LEG_09_the_chosen_mate_heart_leaving_passes_to_the_leader_and_ends_the_legion(
        mdb):
    """HRT-09, LEG-09: over a legion the mate was the chosen heart (G unit 15000 + 9000, with
    the mate's name). The mate leaves VC: the G unit takes the leader as its heart at once
    (15000 + 11000, the leader's name), and the legion is over for good: when the G unit goes
    back in the end phase the leader is a vanguard alone, not in legion."""
    game = _game(mdb, {"vanguard": "LG-007", "mate": "LG-005", "stride": "PG-001",
                       "chosen_heart": "mate"})
    g_unit = unit_at(game, 0, Circle.VC)
    leader, mate = (c for c in game.state.board.circles[0][Circle.VC] if c != g_unit)
    if game.state.card(leader).id != "LG-007":
        leader, mate = mate, leader
    assert power_of(game, g_unit) == 15000 + 9000
    assert "Blademate, Lucius" in q.names(game.state, g_unit)
    game.switch()
    ops.move_card(game.state, mate, Zone.SOUL)          # as a 'put a heart into soul' effect
    assert power_of(game, g_unit) == 15000 + 11000
    names = q.names(game.state, g_unit)
    assert "Blade Lord, Castor" in names and "Blademate, Lucius" not in names
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert unit_at(game, 0, Circle.VC) == leader and zone_of(game, mate) is Zone.SOUL
    assert not q.in_legion(game.state, 0)


def test_STR_11_a_g_unit_on_an_rc_goes_back_face_up_in_the_end_phase_unretired(mdb):
    """STR-11, STR-12: in the end phase a G unit on an RC (put there by an effect) also goes
    face up into the G zone, straight, with no retire and no drop."""
    game = _game(mdb, {"vanguard": V3, "rear": {"front_left": "PG-002"}}, phase="battle")
    g_unit = unit_at(game, 0, Circle.FRONT_LEFT)
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)
    assert not events_of(game, UnitRetired) and not cards_in(game, 0, Zone.DROP)


def test_HRT_05_LEG_14_a_g_unit_over_a_legion_attacks_alone(mdb):
    """HRT-05, LEG-14, STR-08: over a legion the hearts are not in legion and not units: the G
    unit attacks alone with 15000 + the chosen heart's (leader's) 11000 + its booster's 8000;
    the mate's power is not added and no leader-or-mate boost choice is asked."""
    game = _game(mdb, {"vanguard": "LG-007", "mate": "LG-005", "stride": "PG-001",
                       "rear": {"back_center": G1}}, phase="battle")
    g_unit, booster = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ATTACK, card=g_unit, target=unit_at(game, 1, Circle.VC)))
    assert {a.card for a in game.legal_actions() if a.kind is ActionKind.BOOST} == {booster}
    game.step(pick(game, ActionKind.BOOST, card=booster))
    assert game.decision.kind is DecisionKind.GUARD
    assert power_of(game, g_unit) == 15000 + 11000 + 8000


def test_HRT_02_a_hearts_acts_cannot_be_used_while_it_is_a_heart(mdb):
    """HRT-02: a heart keeps only its name and original power: the [ACT](VC) abilities of the
    vanguard strode over are not offered (and the G unit does not get them)."""
    game = _game(mdb, {"vanguard": "JM-EXILER", "stride": "PG-001"},
                 {"vanguard": V3, "rear": {"front_left": G2}})
    assert not has_action(game, ActionKind.ACT)
    plain = _game(mdb, {"vanguard": "JM-EXILER"}, {"vanguard": V3, "rear": {"front_left": G2}})
    assert has_action(plain, ActionKind.ACT)


def test_HRT_01_choosing_one_of_your_vanguards_never_offers_a_heart(mdb):
    """HRT-01: with a stride over a legion VC holds three cards but one unit: "choose one of
    your vanguards" has the G unit alone to choose (it gets the +5000), "choose one of your
    units" offers the G unit and the rear-guard, never a heart."""
    side = {"vanguard": "LG-007", "mate": "LG-005", "stride": "PG-001",
            "rear": {"front_left": "JM-RALLIER"}}
    game = _game(mdb, side)
    g_unit, rallier = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    before = power_of(game, g_unit)
    game.step(pick(game, ActionKind.ACT, card=rallier, index=0))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == {g_unit}
        game.step(pick(game, ActionKind.PICK, card=g_unit))
    assert power_of(game, g_unit) == before + 5000
    game = _game(mdb, side)
    game.step(pick(game, ActionKind.ACT, card=rallier, index=1))
    assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == {g_unit, rallier}


def test_STR_12_PRI_01_an_imprisoned_g_unit_goes_on_to_its_g_zone(mdb):
    """STR-12, PRI-01: a G unit rear-guard imprisoned goes into the jailer's order zone first,
    then face up into its owner's G zone; nothing stays imprisoned."""
    game = _game(mdb, {"vanguard": "BG-004", "hand": ["BG-003"], "soul": ["BG-010"],
                       "order_zone": ["BG-007"]},
                 {"vanguard": V3, "rear": {"front_left": "PG-002"}})
    g_unit = unit_at(game, 1, Circle.FRONT_LEFT)
    _call_the_jailer_on(game, g_unit)
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == g_unit]
    assert moves == [(Zone.RC, Zone.ORDER), (Zone.ORDER, Zone.G_ZONE)]
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)
    assert ids_in(game, 0, Zone.ORDER) == ["BG-007"]


def test_STR_06_LEG_08_the_ultimate_stride_cost_may_match_the_mates_name(mdb):
    """STR-06, LEG-08, LEG-27: "discard a card with the same name as your vanguard" - with a
    legion both leader and mate are your vanguards, so a card named like the mate pays the
    Ultimate Stride cost; a card named like neither does not."""
    side = {"vanguard": "LG-007", "mate": "LG-005", "g_zone": ["JM-ULTIMATE"],
            "g_zone_face_up": ["PG-001"] * 3}
    other = _game(mdb, {**side, "hand": ["LG-006"]}, phase="ride")
    if other.decision.kind is DecisionKind.RIDE:
        other.step(pick(other, ActionKind.DONE))
    assert not has_action(other, ActionKind.STRIDE)
    game = _game(mdb, {**side, "hand": ["LG-005"]}, phase="ride")
    if game.decision.kind is DecisionKind.RIDE:
        game.step(pick(game, ActionKind.DONE))
    namesake = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.STRIDE))
    while game.decision.kind is DecisionKind.CHOOSE_CARD and has_action(
            game, ActionKind.PICK, card=namesake):
        game.step(pick(game, ActionKind.PICK, card=namesake))
    assert zone_of(game, namesake) is Zone.DROP
    assert game.state.card(unit_at(game, 0, Circle.VC)).id == "JM-ULTIMATE"


def test_STR_06_LEG_08_the_ultimate_stride_nation_may_be_the_mates(mdb):
    """STR-06, LEG-08, LEG-27: "your vanguard's nation equal to the G unit's" - a leader of
    another nation in legion with a mate of the G unit's nation meets the requirement; the
    same leader alone does not."""
    side = {"vanguard": "JM-FOREIGN-LEADER", "g_zone": ["JM-ULTIMATE"],
            "g_zone_face_up": ["PG-001"] * 3, "hand": ["JM-FOREIGN-LEADER"]}
    for mate, offered in ((None, False), ("LG-005", True)):
        game = _game(mdb, {**side, "mate": mate} if mate else side, phase="ride")
        if game.decision.kind is DecisionKind.RIDE:
            game.step(pick(game, ActionKind.DONE))
        assert has_action(game, ActionKind.STRIDE) is offered


# --- worlds --------------------------------------------------------------------------------

def test_WLD_01_the_world_content_follows_the_number_of_worlds_left(mdb):
    """WLD-01 (the Brandt World rule: one World alone is Dark Night, two or more Abyssal Dark
    Night): with two Worlds a drone called gets its Abyssal +5000; once one World is bound
    the other is Dark Night and a drone called then gets nothing."""
    side = {"vanguard": "T-ORDER-BINDER", "order_zone": ["BG-008", "BG-008"],
            "hand": ["BG-002"]}
    both = _game(mdb, side, fmt="standard")
    both.step(pick(both, ActionKind.CALL, circle=Circle.FRONT_LEFT))
    _drain(both)
    one = _game(mdb, side, fmt="standard")
    binder = unit_at(one, 0, Circle.VC)
    _act(one, binder, 0, cards_in(one, 0, Zone.ORDER)[0])
    assert ids_in(one, 0, Zone.ORDER) == ["BG-008"] and ids_in(one, 0, Zone.BIND) == ["BG-008"]
    one.step(pick(one, ActionKind.CALL, circle=Circle.FRONT_LEFT))
    _drain(one)
    drone_both, drone_one = unit_at(both, 0, Circle.FRONT_LEFT), unit_at(one, 0, Circle.FRONT_LEFT)
    assert power_of(both, drone_both) == power_of(one, drone_one) + 5000


# --- Alchemagic ----------------------------------------------------------------------------

def test_ALC_01_LEG_08_the_order_grade_is_checked_against_the_highest_vanguard(mdb):
    """ALC-01 (1), LEG-08: order A's grade may be at most the player's highest vanguard grade.
    A grade 2 Alchemagic leader in legion with a grade 3 mate may play a grade 3 order, by
    Alchemagic (binding a differently named order from the drop) or plainly; alone, the grade
    2 vanguard may not."""
    side = {"vanguard": "JM-ALC-LEADER", "hand": ["JM-ORDER-3"], "drop": ["AS-019"],
            "damage": [G2]}
    alone = _game(mdb, side)
    assert not has_action(alone, ActionKind.PLAY_ORDER)
    paired = _game(mdb, {**side, "mate": "LG-008"})
    order, bound = cards_in(paired, 0, Zone.HAND)[0], cards_in(paired, 0, Zone.DROP)[0]
    assert has_action(paired, ActionKind.PLAY_ORDER, card=order, index=0)
    paired.step(pick(paired, ActionKind.PLAY_ORDER, card=order, target=bound))
    while paired.decision.kind is not DecisionKind.MAIN_PHASE:
        paired.step(pick(paired, ActionKind.DONE))                    # B's search: nothing
    assert zone_of(paired, order) is Zone.DROP and zone_of(paired, bound) is Zone.BIND
    assert len(cards_in(paired, 0, Zone.HAND)) == 1                   # A's draw
