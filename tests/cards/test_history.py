"""History as a query (issue 39 §2): a `happened` check counts the events the game logs,
filtered as an auto's `when`, in a window of turns. Corpus LX-H01..H05
(tests/cards/corpus/history.toml)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards.check import Check
from ecs_vanguard.derived import values
from ecs_vanguard.derived.history import window_events
from ecs_vanguard.state import Frame
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardMoved, OrderPlayed, TurnStarted
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, refused_file, scene
from tests.helpers import pick, power_of, unit_at


def _call_from_soul(game: vg.Game, circles: list[Circle]) -> None:
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    for _ in circles:
        game.step(game.decision.actions[0])                       # a soul card
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.DONE))
    for circle in circles:
        game.step(pick(game, ActionKind.PICK, circle=circle))


@pytest.mark.parametrize("called,power", [(2, 15000), (1, 10000), (0, 10000)])
def test_LX_H01_two_calls_from_the_soul_this_turn(ldb, called, power):
    """Two units called from the soul this turn: +5000; one is not enough."""
    game = scene(ldb, {"vanguard": "LX-H02", "damage": [G2], "soul": [G2, G2],
                       "rear": {"front_left": "LX-H01"}})
    lancer = unit_at(game, 0, Circle.FRONT_LEFT)
    _call_from_soul(game, [Circle.BACK_LEFT, Circle.BACK_RIGHT][:called])
    assert power_of(game, lancer) == power


@pytest.mark.parametrize("called,power", [(2, 11000), (1, 9000), (0, 7000)])
def test_LX_H06_history_as_an_amount(ldb, called, power):
    """+2000 for each card called from the soul this turn, re-counted on every read."""
    game = scene(ldb, {"vanguard": "LX-H02", "damage": [G2], "soul": [G2, G2],
                       "rear": {"front_left": "LX-H06"}})
    chorister = unit_at(game, 0, Circle.FRONT_LEFT)
    _call_from_soul(game, [Circle.BACK_LEFT, Circle.BACK_RIGHT][:called])
    assert power_of(game, chorister) == power


def test_LX_H01_calls_from_the_hand_do_not_count(ldb):
    game = scene(ldb, {"vanguard": V3, "hand": [G2, G2], "rear": {"front_left": "LX-H01"}})
    lancer = unit_at(game, 0, Circle.FRONT_LEFT)
    for circle in (Circle.BACK_LEFT, Circle.BACK_RIGHT):
        hand = game.decision.actions
        card = next(a.card for a in hand if a.kind is ActionKind.CALL)
        game.step(pick(game, ActionKind.CALL, card=card, circle=circle))
    assert power_of(game, lancer) == 10000


def _pass_turn(game: vg.Game, attack: bool) -> None:
    """End the turn player's turn, attacking the other vanguard first if asked; the defender
    does not guard."""
    player = game.turn_player
    while game.decision.kind is not DecisionKind.MAIN_PHASE or game.decision.player != player:
        game.step(game.decision.actions[-1])
    game.step(pick(game, ActionKind.DONE))                          # to the battle phase
    if attack:
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, player, Circle.VC),
                       target=unit_at(game, 1 - player, Circle.VC)))
    while game.turn_player == player:                               # no guard, no more attacks
        game.step(_done_or_first(game))


def _done_or_first(game: vg.Game) -> vg.Action:
    actions = game.decision.actions
    return next((a for a in actions if a.kind is ActionKind.DONE), actions[0])


def _to_main(game: vg.Game) -> None:
    while game.decision.kind is not DecisionKind.MAIN_PHASE:
        game.step(_done_or_first(game))


@pytest.mark.parametrize("attacked,power", [(True, 15000), (False, 10000)])
def test_LX_H03_damage_during_the_opponents_previous_turn(ldb, attacked, power):
    """Hit during the opponent's turn: +5000 in your next turn, not during theirs; no damage in
    their turn (though some in yours before): nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-H03"}},
                 {"vanguard": V3, "deck": [G2] * 20})
    sentry = unit_at(game, 0, Circle.FRONT_LEFT)
    _pass_turn(game, attack=False)                                  # our turn 3
    assert game.turn_player == 1
    damage_before = len(game.state.board.zones[0][Zone.DAMAGE])
    _pass_turn(game, attack=attacked)                               # their turn 4
    assert (len(game.state.board.zones[0][Zone.DAMAGE]) > damage_before) == attacked
    _to_main(game)                                                  # our turn 5
    assert game.turn_player == 0 and power_of(game, sentry) == power
    _pass_turn(game, attack=False)
    _to_main(game)
    assert game.turn_player == 1 and power_of(game, sentry) == 10000   # not on their turn


def test_LX_H04_max_zero_in_this_game_reads_every_turn(ldb):
    """+3000 while no grade 3 rear-guard of yours went to the drop this game; once one did it
    stays lost in later turns; a grade 2 retired does not count."""
    game = scene(ldb, {"vanguard": "LX-H05", "rear": {"front_left": "LX-H04",
                                                        "back_left": G2, "back_right": V3}},
                 {"vanguard": V3, "deck": [G2] * 20})
    marshal = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, marshal) == 13000
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.BACK_LEFT)))
    assert power_of(game, marshal) == 13000                          # a grade 2: still
    grade3 = unit_at(game, 0, Circle.BACK_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=grade3))
    assert power_of(game, marshal) == 10000
    _pass_turn(game, attack=False)
    _to_main(game)
    _pass_turn(game, attack=False)
    _to_main(game)
    assert game.turn_player == 0 and power_of(game, marshal) == 10000


def _happened(game: vg.Game, who: int, window: str, **when: object) -> bool:
    from ecs_vanguard.cards.fields import Where, parse_when
    parsed = parse_when(Where("t"), "when", dict(when))
    check = Check("happened", (("min", 1), ("when", parsed), ("window", window)))
    frame = Frame(unit_at(game, who, Circle.VC), "", 0, who)
    return values.CHECKS["happened"](game.state, frame, check)


def test_the_windows_split_the_log_at_each_turn_start(ldb):
    """The opponent's turn 4 put a card into our damage zone. In our turn 5, previous_turn and
    opponent_previous_turn see it; your_previous_turn (turn 3) and this_turn do not; this_game
    does."""
    game = scene(ldb, {"vanguard": V3}, {"vanguard": V3, "deck": [G2] * 20})
    _pass_turn(game, attack=False)
    _pass_turn(game, attack=True)
    _to_main(game)
    damaged = {"event": "card_moved", "player": "you", "to_zone": "damage"}
    seen = {w: _happened(game, 0, w, **damaged) for w in
            ("this_turn", "previous_turn", "your_previous_turn", "opponent_previous_turn",
             "this_game")}
    assert seen == {"this_turn": False, "previous_turn": True, "your_previous_turn": False,
                    "opponent_previous_turn": True, "this_game": True}
    # from the opponent's side the same damage was dealt to "opponent", in their previous turn
    assert _happened(game, 1, "your_previous_turn", event="card_moved", player="opponent",
                     to_zone="damage")
    turns = [e for e in window_events(game.state, 0, "this_game") if isinstance(e, TurnStarted)]
    assert [t.turn for t in turns][:2] == [5, 4]
    assert any(isinstance(e, CardMoved) and e.to_zone is Zone.DAMAGE
               for e in window_events(game.state, 0, "opponent_previous_turn"))


def _alchemagic_scene(db: vg.CardDB) -> vg.Game:
    return (vg.Scenario(db)
            .player(0, vanguard="AS-004", hand=["AS-022", "AS-022"], drop=["AS-019"],
                    soul=["DX-001"], damage=["DX-006"],
                    deck=["DX-006", "AS-005", "DX-007", "DX-006"])
            .player(1, vanguard="DX-104", rear={"front_left": "DX-102"}, deck=["DX-106"] * 6)
            .start(turn=3, turn_player=0, phase="main"))


@pytest.mark.parametrize("by_alchemagic", [True, False])
def test_an_order_played_by_alchemagic_is_in_the_log(db, by_alchemagic):
    """ALC-01: OrderPlayed says whether the order was played by Alchemagic, the field a
    `happened` check filters ("you played an order by Alchemagic this turn"); a plain play of
    the same order is not one."""
    game = _alchemagic_scene(db)
    order = next(c for c in game.state.board.zones[0][Zone.HAND])
    bound = game.state.board.zones[0][Zone.DROP][0] if by_alchemagic else -1
    game.step(pick(game, ActionKind.PLAY_ORDER, card=order, target=bound))
    assert [e.alchemagic for e in game.events if isinstance(e, OrderPlayed)] == [by_alchemagic]
    assert _happened(game, 0, "this_turn", event="order_played", player="you",
                     alchemagic=True) is by_alchemagic
    assert _happened(game, 0, "this_turn", event="order_played", player="you")


HAPPENED = ('[[card.ability]]\nkind = "cont"\nzones = ["rc"]\n'
            'condition = [{{ check = "happened", {args} }}]\n'
            'effect = [{{ op = "add_power", target = "self", amount = 1000 }}]\n')
CARD = '[[card]]\nid = "HB-1"\nnames = ["History Card"]\ngrade = 1\npower = 8000\n'
BAD = [
    ("no when", 'min = 2', "ability[0].condition[0].when", "missing"),
    ("when not a table", 'when = "unit_called"', "ability[0].condition[0].when",
     "expected a table with an 'event' key"),
    ("unknown event", 'when = { event = "unit_summoned" }', "when.event", "unknown event"),
    ("a field the event lacks", 'when = { event = "unit_called", to = "rc" }', "when.to",
     "has no field 'to'"),
    ("a bad zone", 'when = { event = "card_moved", to_zone = "graveyard" }',
     "when.to_zone", "not one of"),
    ("a bad window", 'when = { event = "unit_called" }, window = "last_turn"',
     "condition[0].window", "not one of: this_turn"),
    ("a bad card filter", 'when = { event = "unit_called", card = { grdae = 3 } }',
     "when.card.grdae", "unknown filter"),
    ("a negative min", 'when = { event = "unit_called" }, min = -1', "condition[0].min",
     "negative"),
]
AMOUNT = ('[[card.ability]]\nkind = "cont"\nzones = ["rc"]\neffect = [{{ op = "add_power", '
          'target = "self", amount = 1000, per = {per} }}]\n')
BAD_AMOUNTS = [
    ("from beside happened", '{ happened = { event = "unit_called" }, from = "your_soul" }',
     "per.from", "a count of events has happened, window, every"),
    ("a bad window", '{ happened = { event = "unit_called" }, window = "ever" }',
     "per.window", "not one of"),
    ("an unknown event", '{ happened = { event = "unit_summoned" } }', "per.happened.event",
     "unknown event"),
    ("a bad card filter", '{ happened = { event = "unit_called", card = { grdae = 1 } } }',
     "per.happened.card.grdae", "unknown filter"),
]


@pytest.mark.parametrize("what,per,field,reason", BAD_AMOUNTS, ids=[b[0] for b in BAD_AMOUNTS])
def test_a_wrong_count_of_events_is_one_line(tmp_path, ldb, what, per, field, reason):
    refused_file(tmp_path, CARD + AMOUNT.format(per=per), ldb, field, reason)


@pytest.mark.parametrize("what,args,field,reason", BAD, ids=[b[0] for b in BAD])
def test_a_wrong_happened_check_is_one_line_naming_the_field(tmp_path, ldb, what, args, field,
                                                             reason):
    refused_file(tmp_path, CARD + HAPPENED.format(args=args), ldb, field, reason)
