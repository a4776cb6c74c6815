"""vg.Scenario places every mechanic directly (issue 8 §5), and each placed position plays as if
it had been reached by playing; bad descriptions are ScenarioErrors; game.view(p) shows what
player p may see, in a player's terms."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import ScenarioError
from ecs_vanguard.vocab.events import AttackMissed, CardMoved, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    cards_in,
    events_of,
    has_action,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

RULE_CARDS = Path(__file__).resolve().parents[1] / "rules"
PX = ["PX-005"] * 10
DX = ["DX-006"] * 10


@pytest.fixture(scope="module")
def tdb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the rule tests' own cards."""
    return vg.CardDB.load(RULE_CARDS / "act_cards.toml", RULE_CARDS / "timing_cards.toml",
                          base=db)


def _game(db, side0: dict, side1: dict, fmt: str = "premium", **start) -> vg.Game:
    deck = PX if fmt == "premium" else DX
    side0.setdefault("deck", deck)
    side1.setdefault("deck", deck)
    start.setdefault("phase", "main")
    return (vg.Scenario(db, format=fmt, seed=1).player(0, **side0).player(1, **side1)
            .start(turn=3, **start))


# -- placed positions play as if they had been played -------------------------------------------


def test_LEG_11_a_placed_legion_attacks_as_one(db):
    """LEG-08, LEG-11, LEG-14: a placed legion (leader and mate) attacks as one: only the
    leader is offered, both rest, and the mate's power adds to the leader's."""
    game = _game(db, {"vanguard": "LG-007", "mate": "LG-005"}, {"vanguard": "LG-008"},
                 phase="battle")
    leader = unit_at(game, 0, Circle.VC)
    mate = q.partner(leader)
    assert mate is not None and q.vanguards(game.state, 0) == [leader, mate]
    attackers = {a.card for a in game.legal_actions() if a.kind is ActionKind.ATTACK}
    assert leader in attackers and mate not in attackers
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    assert is_rested(game, leader) and is_rested(game, mate)
    assert game.state.battle.co_attacker == mate
    assert game.view(0)["battle"]["attack"] == 11000 + 9000 + 3000   # Lucius' own +3000


def test_LEG_19_LEG_29_a_placed_legion_defends_with_the_leader_alone(db):
    """LEG-19, LEG-29: the mate of a placed legion can't be attacked; the legion defends with
    the leader's power alone."""
    game = _game(db, {"vanguard": "LG-008"}, {"vanguard": "LG-007", "mate": "LG-005"},
                 phase="battle")
    leader = unit_at(game, 1, Circle.VC)
    targets = {a.target for a in game.legal_actions() if a.kind is ActionKind.ATTACK}
    assert targets == {leader}
    game.step(pick(game, ActionKind.ATTACK, target=leader))
    assert game.view(1)["battle"]["defence"] == 11000


def test_STR_08_HRT_06_placed_hearts_give_the_chosen_hearts_name_and_power(db):
    """STR-08 (5), HRT-06: a placed G unit has its chosen heart's original name and power; with
    a legion under it, the chosen one (the mate here) alone; HRT-05: in the end phase it goes
    back (STR-11) and the hearts are a legion again."""
    game = _game(db, {"vanguard": "PX-008", "stride": "PG-001"}, {"vanguard": "PX-008"})
    g_unit = unit_at(game, 0, Circle.VC)
    assert power_of(game, g_unit) == 15000 + 13000
    assert "Banneret of the Sun" in q.names(game.state, g_unit)
    game = _game(db, {"vanguard": "LG-007", "mate": "LG-005", "stride": "PG-001",
                      "chosen_heart": "mate"}, {"vanguard": "PX-008"})
    g_unit = unit_at(game, 0, Circle.VC)
    leader, mate = game.state.board.circles[0][Circle.VC][1], game.state.board.circles[0][
        Circle.VC][0]
    assert power_of(game, g_unit) == 15000 + 9000
    names = q.names(game.state, g_unit)
    assert "Blademate, Lucius" in names and "Blade Lord, Castor" not in names
    assert q.is_heart(leader) and q.is_heart(mate) and not q.in_legion(game.state, 0)
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)
    assert q.partner(leader) == mate and q.in_legion(game.state, 0)


def test_TOK_01_a_placed_token_vanishes_when_it_leaves(db):
    """TOK-01, TOK-03: a placed token is a real token: called over, it is retired by the rule
    action and removed from the game at once."""
    game = _game(db, {"vanguard": "DX-004", "tokens": {"front_left": "TOKEN-NIGHTSHADE"},
                      "hand": ["DX-006"]}, {"vanguard": "DX-104"}, fmt="standard")
    token = unit_at(game, 0, Circle.FRONT_LEFT)
    assert q.names(game.state, token) == ("Nightshade",) and power_of(game, token) == 15000
    game.step(pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT))
    assert UnitRetired(token, True, -1) in game.events
    assert zone_of(game, token) is Zone.REMOVED and not cards_in(game, 0, Zone.DROP)


def test_PRI_04_placed_imprisoned_cards_go_to_the_drop_when_the_prison_leaves(tdb):
    """PRI-01, PRI-04: the opponent's cards placed imprisoned lie in the jailer's order zone;
    when the Prison leaves, the rule action puts them into their owner's drop."""
    game = _game(tdb, {"vanguard": "T-ORDER-BINDER", "order_zone": ["BG-007"],
                       "imprisoned": ["DX-106", "DX-102"]}, {"vanguard": "DX-104"},
                 fmt="standard")
    held = cards_in(game, 0, Zone.ORDER)[1:]
    assert [q.position(c).owner for c in held] == [1, 1]
    assert q.imprisoned_in(game.state, 0) == held
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert cards_in(game, 1, Zone.DROP) == held and not cards_in(game, 0, Zone.ORDER)
    assert all(zone_of(game, c) is Zone.DROP for c in held)


def test_STR_04_a_ride_phase_start_with_a_grade_3_vanguard_may_stride(db):
    """STR-04: a position started at the ride phase with a grade 3 vanguard had it at the start
    of the turn (the opponent's grade 2 does not matter), also after its ride (`rode=True`);
    `grade3_at_start=False` says it did not; a grade 2 that rides to grade 3 now did not
    either."""
    side0 = {"vanguard": "PX-008", "g_zone": ["PG-001"], "hand": ["PX-007"]}
    game = _game(db, dict(side0), {"vanguard": "PX-005"}, phase="ride")
    game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind is DecisionKind.STRIDE
    game = _game(db, dict(side0), {"vanguard": "PX-005"}, phase="ride", rode=True)
    assert game.decision.kind is DecisionKind.STRIDE              # its ride step is over
    game = _game(db, dict(side0), {"vanguard": "PX-005"}, phase="ride", grade3_at_start=False)
    game.step(pick(game, ActionKind.DONE))
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    game = _game(db, {"vanguard": "PX-005", "g_zone": ["PG-001"], "hand": ["PX-008", "PX-007"]},
                 {"vanguard": "PX-005"}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=cards_in(game, 0, Zone.HAND)[0]))
    game.step(pick(game, ActionKind.PICK, circle=Circle.VC))   # its Force gift (CORE-15)
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_CORE_05_a_ride_phase_start_after_the_ride_offers_no_second_ride(db):
    """CORE-05: one normal ride per turn: a position started at the ride phase with `rode=True`
    is past its ride step; by default the ride step is still to come."""
    side0 = {"vanguard": "DX-003", "hand": ["DX-004"]}
    game = _game(db, dict(side0), {"vanguard": "DX-104"}, fmt="standard", phase="ride")
    assert game.decision.kind is DecisionKind.RIDE
    game = _game(db, dict(side0), {"vanguard": "DX-104"}, fmt="standard", phase="ride",
                 rode=True)
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert not has_action(game, ActionKind.RIDE)


def test_CORE_08_orders_played_forbids_another_order(db):
    """CORE-08: one order per turn: with `orders_played=1` no order can be played."""
    side0 = {"vanguard": "DX-004", "hand": ["DX-015"], "damage": ["DX-006"]}
    side1 = {"vanguard": "DX-104", "rear": {"front_left": "DX-102"}}
    game = _game(db, dict(side0), dict(side1), fmt="standard")
    assert has_action(game, ActionKind.PLAY_ORDER)
    game = _game(db, dict(side0), dict(side1), fmt="standard", orders_played=1)
    assert not has_action(game, ActionKind.PLAY_ORDER)


def test_CORE_05_persona_rode_gives_the_front_row_10000_for_the_turn(db):
    """CORE-05: `persona_rode=True`: the player's front row gets +10000 this turn, a unit called
    there later too; the back row does not."""
    game = _game(db, {"vanguard": "DX-004", "rear": {"front_left": "DX-006"},
                      "hand": ["DX-003", "DX-008"]}, {"vanguard": "DX-104"}, fmt="standard",
                 persona_rode=True)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 23000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000
    lancer, squire = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.CALL, card=lancer, circle=Circle.FRONT_RIGHT))
    game.step(pick(game, ActionKind.CALL, card=squire, circle=Circle.BACK_RIGHT))
    assert power_of(game, lancer) == 20000 and power_of(game, squire) == 8000


def test_STR_06_GG_01_face_up_g_zone_cards_placed_count(db):
    """STR-06: three face-up G units placed in the G zone unlock an Ultimate Stride (two do not);
    GG-01: four face-up G guardians forbid a G guardian."""
    for face_up, offered in ((3, True), (2, False)):
        game = _game(db, {"vanguard": "PX-008", "g_zone": ["PG-004"], "hand": ["PX-008"],
                          "g_zone_face_up": ["PG-001"] * face_up}, {"vanguard": "PX-008"},
                     phase="ride")
        game.step(pick(game, ActionKind.DONE))
        assert has_action(game, ActionKind.STRIDE) is offered
    for face_up, offered in ((3, True), (4, False)):
        game = _game(db, {"vanguard": "PX-008"},
                     {"vanguard": "PX-008", "g_zone": ["PG-003"], "hand": ["PX-013"],
                      "g_zone_face_up": ["PG-003"] * face_up}, phase="battle")
        game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
        guardian = cards_in(game, 1, Zone.G_ZONE)[0]
        assert has_action(game, ActionKind.GUARD, card=guardian) is offered


def test_OD_03_OD_05_placed_dress_sources_make_an_overdress_unit(db):
    """OD-03: a unit with placed dress sources is in overDress (its 'in overDress' abilities
    work); OD-05: retired, it takes its sources to the drop."""
    game = _game(db, {"vanguard": "OV-004", "rear": {"front_left": "OV-005"},
                      "dress": {"front_left": ["OV-006", "OV-001"]}},
                 {"vanguard": "DX-104", "hand": ["DX-106"]}, fmt="standard", phase="battle")
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    sources = q.dress_sources(game.state, dancer)
    assert [game.state.card(s).id for s in sources] == ["OV-006", "OV-001"]
    assert all(zone_of(game, s) is Zone.DRESS for s in sources)
    game.step(pick(game, ActionKind.ATTACK, card=dancer, target=unit_at(game, 1, Circle.VC)))
    assert power_of(game, dancer) == 20000                      # in overDress: +10000
    game = _game(db, {"vanguard": "OV-004", "rear": {"front_left": "OV-005"},
                      "dress": {"front_left": ["OV-006"]}, "hand": ["OV-003"]},
                 {"vanguard": "DX-104"}, fmt="standard")
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    source = q.dress_sources(game.state, dancer)[0]
    game.step(pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT))   # retires it by rule
    assert cards_in(game, 0, Zone.DROP) == [dancer, source]
    assert [e.card for e in events_of(game, CardMoved) if e.to_zone is Zone.DROP] == [
        dancer, source]


def test_ACT_23_a_placed_locked_card_is_no_unit_and_locks_its_circle(db):
    """ACT-23: a placed locked card is face down, not a unit: it cannot attack or be attacked,
    and nothing can be called to its circle."""
    game = _game(db, {"vanguard": "DX-004", "locked": {"front_left": "DX-006"},
                      "hand": ["DX-003"]}, {"vanguard": "DX-104",
                                            "locked": {"front_right": "DX-106"}},
                 fmt="standard")
    mine = game.state.board.circles[0][Circle.FRONT_LEFT][0]
    assert q.is_locked(mine) and not is_face_up(game, mine)
    assert mine not in q.units(game.state, 0)
    assert not has_action(game, ActionKind.CALL, circle=Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.CALL, circle=Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.DONE))
    theirs = game.state.board.circles[1][Circle.FRONT_RIGHT][0]
    actions = [a for a in game.legal_actions() if a.kind is ActionKind.ATTACK]
    assert actions and all(a.card != mine and a.target != theirs for a in actions)


def test_WLD_01_IKK_01_placed_world_content_and_player_states_are_read(db):
    """WLD-01, WLD-02: a placed World content is what abilities read ('if your World is
    Abyssal Dark Night'); IKK-01: a placed player state ('if you are in Final Rush') too."""
    for world, power in (("abyssal_dark_night", 13000), ("dark_night", 8000)):
        game = _game(db, {"vanguard": "BG-004", "order_zone": ["BG-008"], "world": world,
                          "hand": ["BG-002"]}, {"vanguard": "DX-104"}, fmt="standard")
        drone = cards_in(game, 0, Zone.HAND)[0]
        game.step(pick(game, ActionKind.CALL, card=drone, circle=Circle.FRONT_LEFT))
        assert power_of(game, drone) == power
        assert game.view(1)["players"][0]["worlds"] == [world]
    for states, power in ((["final_rush"], 15000), ([], 10000)):
        game = _game(db, {"vanguard": "DS-004", "rear": {"front_left": "DS-003"},
                          "states": states}, {"vanguard": "DX-104"}, fmt="standard",
                     phase="battle")
        enforcer = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ATTACK, card=enforcer,
                       target=unit_at(game, 1, Circle.VC)))
        assert power_of(game, enforcer) == power
        assert game.view(1)["players"][0]["states"] == states


def test_CORE_15_placed_force_accel_and_protect_gifts_work(db):
    """CORE-15: a placed Force marker gives +10000 to the unit on its circle during your turn;
    a placed accel circle is a front-row RC whose unit gets +10000 during your turn; a placed
    Protect gift card guards like a perfect guard."""
    side0 = {"vanguard": "PX-008", "rear": {"front_left": "PX-005", "accel_1": "PX-006"},
             "force": {"front_left": 1}, "accel": 1}
    game = _game(db, dict(side0), {"vanguard": "PX-007"})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000
    assert power_of(game, unit_at(game, 0, Circle.ACCEL_1)) == 20000
    game = _game(db, dict(side0), {"vanguard": "PX-007"}, turn_player=1)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000   # not their turn
    assert power_of(game, unit_at(game, 0, Circle.ACCEL_1)) == 10000
    game = _game(db, {"vanguard": "PX-008"}, {"vanguard": "PX-007", "protect": 1,
                                              "hand": ["PX-002"]}, phase="battle")
    protect = next(c for c in cards_in(game, 1, Zone.HAND)
                   if game.state.card(c).id == "GIFT-PROTECT")
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.GUARD, card=protect))      # its cost: the one other card
    assert cards_in(game, 1, Zone.DROP) and zone_of(game, protect) is Zone.GC
    game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.ATTACK:         # drives, damage, close step
        game.step(pick(game, ActionKind.DONE))
    assert events_of(game, AttackMissed) and not cards_in(game, 1, Zone.DAMAGE)
    assert zone_of(game, protect) is Zone.REMOVED                # a gift marker leaves the game


# -- bad descriptions ---------------------------------------------------------------------------

BAD = {
    "legion_in_standard": ("standard", {"vanguard": "LG-007", "mate": "LG-005"}, "premium"),
    "stride_in_standard": ("standard", {"vanguard": "PX-008", "stride": "PG-001"}, "premium"),
    "g_zone_in_standard": ("standard", {"vanguard": "DX-004", "g_zone_face_up": ["PG-001"]},
                           "premium"),
    "force_in_standard": ("standard", {"vanguard": "DX-004", "force": {"vc": 1}}, "premium"),
    "accel_in_standard": ("standard", {"vanguard": "DX-004", "accel": 1}, "premium"),
    "protect_in_standard": ("standard", {"vanguard": "DX-004", "protect": 1}, "premium"),
    "cannot_legion": ("premium", {"vanguard": "LG-008", "mate": "LG-005"}, "LEG-01"),
    "mate_leads_no": ("premium", {"vanguard": "LG-005", "mate": "LG-007"}, "LEG-08"),
    "stride_not_a_g_unit": ("premium", {"vanguard": "PX-008", "stride": "PX-007"}, "G unit"),
    "chosen_mate_without_mate": ("premium", {"vanguard": "PX-008", "stride": "PG-001",
                                             "chosen_heart": "mate"}, "chosen_heart"),
    "token_not_a_token": ("standard", {"vanguard": "DX-004", "tokens": {"front_left": "DX-006"}},
                          "token"),
    "dress_with_no_unit": ("standard", {"vanguard": "DX-004", "dress": {"front_left": ["OV-006"]}},
                           "OD-01"),
    "world_without_a_world": ("standard", {"vanguard": "BG-004", "world": "dark_night"}, "World"),
    "unknown_world_content": ("standard", {"vanguard": "BG-004", "order_zone": ["BG-008"],
                                           "world": "twilight"}, "twilight"),
    "two_cards_on_one_circle": ("standard", {"vanguard": "DX-004", "rear": {"front_left": "DX-006"},
                                             "tokens": {"front_left": "TOKEN-NIGHTSHADE"}},
                                "front_left"),
    "locked_over_a_unit": ("standard", {"vanguard": "DX-004", "rear": {"front_left": "DX-006"},
                                        "locked": {"front_left": "DX-003"}}, "front_left"),
    "imprisoned_without_a_prison": ("standard", {"vanguard": "BG-004", "imprisoned": ["DX-106"]},
                                    "PRI-01"),
    "unknown_field": ("standard", {"vanguard": "DX-004", "mates": "LG-005"}, "mates"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_descriptions_are_scenario_errors(db, name):
    """An illegal or impossible position is refused with a one-line ScenarioError naming it."""
    fmt, side0, says = BAD[name]
    side1 = {"vanguard": "DX-104" if fmt == "standard" else "PX-008"}
    with pytest.raises(ScenarioError) as caught:
        vg.Scenario(db, format=fmt).player(0, **side0).player(1, **side1).start(turn=3)
    message = str(caught.value)
    assert says in message and "\n" not in message


# -- game.view ----------------------------------------------------------------------------------


def test_view_shows_names_grades_power_and_marks(db):
    """view(p): names, grades, current power, and the marks of every placed mechanic: leader,
    mate, heart / chosen heart, overDress and its dress sources, imprisoned, locked, token."""
    game = _game(db, {"vanguard": "LG-007", "mate": "LG-005", "stride": "PG-001",
                      "rear": {"front_left": "PX-005"}, "tokens": {"back_left": "TOKEN-NIGHTSHADE"},
                      "locked": {"front_right": "PX-006"}, "order_zone": ["BG-007"],
                      "imprisoned": ["PX-009"]},
                 {"vanguard": "PX-008", "rear": {"front_left": "OV-005"},
                  "dress": {"front_left": ["OV-006"]}})
    mine = game.view(0)["players"][0]
    vc = mine["circles"]["vc"]
    assert [(u["name"], u.get("marks")) for u in vc] == [
        ("Blademate, Lucius", ["mate", "heart"]), ("Blade Lord, Castor", ["leader", "chosen heart"]),
        ("Sovereign Stride, Aethon", None)]
    assert vc[2]["grade"] == 4 and vc[2]["power"] == 15000 + 11000
    assert "power" not in vc[0] and "power" not in vc[1]       # hearts are not units
    token = mine["circles"]["back_left"][0]
    assert (token["name"], token["grade"], token["power"], token["marks"]) == (
        "Nightshade", 1, 15000, ["token"])
    locked = mine["circles"]["front_right"][0]
    assert locked["marks"] == ["locked"] and "name" not in locked and not locked["face_up"]
    held = mine["order"][1]
    assert (held["name"], held["marks"]) == ("Drill Cadet", ["imprisoned"])
    dancer = game.view(0)["players"][1]["circles"]["front_left"][0]
    assert (dancer["name"], dancer["marks"]) == ("Blade Dancer, Aurelis", ["overDress"])
    assert [(d["name"], d["marks"]) for d in dancer["dress"]] == [
        ("Glimmer Trick", ["dress source"])]


def test_view_shows_the_battle_in_progress_with_its_totals(db):
    """view(p): the battle: attacker, booster, attacked unit, guardians with their shield, and
    the totals as they are now (they change with every guardian)."""
    game = _game(db, {"vanguard": "PX-008", "rear": {"back_center": "PX-002"}},
                 {"vanguard": "PX-007", "hand": ["PX-005"]}, phase="battle")
    attacker, booster = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_CENTER)
    target = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    battle = game.view(1)["battle"]
    assert battle["attacker"] == {"card": attacker, "name": "Banneret of the Sun"}
    assert battle["booster"] == {"card": booster, "name": "Vowed Squire"}
    assert battle["target"] == {"card": target, "name": "Aegis Overlord"}
    assert (battle["attack"], battle["defence"], battle["hits_now"]) == (21000, 13000, True)
    guard = cards_in(game, 1, Zone.HAND)[0]
    game.step(pick(game, ActionKind.GUARD, card=guard))
    battle = game.view(0)["battle"]
    assert battle["guardians"] == [{"card": guard, "name": "Crest Lancer", "shield": 5000,
                                    "guarding": target}]
    assert (battle["attack"], battle["defence"], battle["hits_now"]) == (21000, 18000, True)
    assert game.view(0)["players"][1]["gc"][0]["name"] == "Crest Lancer"


def test_view_hides_the_opponents_hand_and_face_down_g_zone(db):
    """view(p): the opponent's hand and face-down G zone cards show no name, id or entity
    (entity ids follow the deck lists, so they could tell which card it is; only how many),
    their face-up G zone cards do; your own hand and G zone are shown in full."""
    game = _game(db, {"vanguard": "PX-008", "hand": ["PX-007", "PX-013"], "g_zone": ["PG-001"],
                      "g_zone_face_up": ["PG-002"]}, {"vanguard": "PX-008"})
    theirs = game.view(1)["players"][0]
    assert "hand" not in theirs and theirs["hand_size"] == 2
    face_down, face_up = theirs["g_zone"]
    assert set(face_down) == {"face_up"} and not face_down["face_up"]
    assert face_up["name"] == "Bastion Stride, Korvald" and face_up["face_up"]
    mine = game.view(0)["players"][0]
    assert [c["name"] for c in mine["hand"]] == ["Aegis Overlord", "Field Surgeon"]
    assert [c["name"] for c in mine["g_zone"]] == ["Sovereign Stride, Aethon",
                                                   "Bastion Stride, Korvald"]
    assert "hand" not in game.view(0)["players"][1]
