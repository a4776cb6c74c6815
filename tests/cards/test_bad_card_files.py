"""Strict, typed card files (issue 9 "Strict, typed card files"): every class of mistake is
refused when the file loads, with one line naming the file, the card and the field; and every
corpus card, once loaded, plays in random games without raising."""

from __future__ import annotations

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.state import hashing
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.events import AbilityActivated, AutoPlayed
from ecs_vanguard.vocab.zones import Circle
from tests.cards.conftest import CORPUS

CARD = '[[card]]\nid = "BAD-1"\nnames = ["Bad Card"]\ngrade = 2\npower = 10000\n'


def _ability(body: str) -> str:
    return CARD + "[[card.ability]]\n" + body


ACT = 'kind = "act"\nzones = ["rc"]\n'
AUTO = 'kind = "auto"\nzones = ["rc"]\n'

# (what is wrong, the file's text, the field named, words of the reason)
BAD_FILES = [
    ("unknown card key", CARD + 'colour = "red"\n', "colour", "unknown key"),
    ("unknown ability key", _ability(ACT + 'effect = []\nlimt = "once_per_turn"\n'),
     "ability[0].limt", "unknown key"),
    ("unknown step key", _ability(ACT + 'effect = [{ op = "draw", n = 1, upto = true }]\n'),
     "ability[0].effect[0].upto", "unknown key for op 'draw'"),
    ("misspelt check argument",
     _ability(ACT + 'condition = [{ check = "damage_min", minimum = 4 }]\neffect = []\n'),
     "ability[0].condition[0].minimum", "unknown argument"),
    ("missing check argument", _ability(ACT + 'condition = [{ check = "soul_min" }]\n'),
     "ability[0].condition[0].min", "missing"),
    ("unknown check", _ability(ACT + 'condition = [{ check = "moon_is_full" }]\n'),
     "ability[0].condition[0].check", "unknown check"),
    ("mistyped check argument",
     _ability(ACT + 'condition = [{ check = "count", from = "your_soul", n = "two" }]\n'),
     "ability[0].condition[0].n", "whole number"),
    ("bad comparison",
     _ability(ACT + 'condition = [{ check = "count", from = "your_soul", op = "=>" }]\n'),
     "ability[0].condition[0].op", "not one of"),
    ("shorthand with a wrong argument",
     _ability(ACT + 'condition = [{ check = "limit_break", min = 4 }]\n'),
     "ability[0].condition[0].min", "it takes: n"),
    ("shorthand with a wrong type",
     _ability(ACT + 'condition = [{ check = "generation_break", n = "2" }]\n'),
     "ability[0].condition[0].n", "whole number"),
    ("nested check unknown",
     _ability(ACT + 'condition = [{ check = "any", of = [{ check = "nope" }] }]\n'),
     "ability[0].condition[0].of[0].check", "unknown check"),
    ("wrong step type", _ability(ACT + 'effect = [{ op = "draw", n = "two" }]\n'),
     "ability[0].effect[0].n", "whole number"),
    ("negative count", _ability(ACT + 'cost = [{ op = "counter_blast", n = -1 }]\n'),
     "ability[0].cost[0].n", "negative"),
    ("negative printed power", CARD.replace("10000", "-5"), "power", "negative"),
    ("wrong amount", _ability(ACT + 'effect = [{ op = "add_power", amount = "lots" }]\n'),
     "ability[0].effect[0].amount", "whole number"),
    ("wrong flag type", _ability(ACT + 'optional = "yes"\neffect = []\n'),
     "ability[0].optional", "bool"),
    ("wrong zones type", _ability('kind = "act"\nzones = "rc"\neffect = []\n'),
     "ability[0].zones", "list"),
    ("bad duration",
     _ability(ACT + 'effect = [{ op = "add_power", amount = 1, until = "forever" }]\n'),
     "ability[0].effect[0].until", "not one of"),
    ("missing step field", _ability(ACT + 'effect = [{ op = "retire" }]\n'),
     "ability[0].effect[0].target", "missing"),
    ("unknown op", _ability(ACT + 'effect = [{ op = "explode" }]\n'),
     "ability[0].effect[0].op", "unknown op"),
    ("op that cannot be a cost", _ability(ACT + 'cost = [{ op = "search" }]\n'),
     "ability[0].cost[0].op", "cannot be a cost"),
    ("pay with a non-cost op",
     _ability(ACT + 'effect = [{ op = "pay", cost = [{ op = "search" }] }]\n'),
     "ability[0].effect[0].cost[0].op", "cannot be a cost"),
    ("cont with an effect op", _ability('kind = "cont"\nzones = ["vc"]\n'
                                        'effect = [{ op = "draw" }]\n'),
     "ability[0].effect[0]", "a cont ability may only use"),
    ("unknown filter",
     _ability(ACT + 'effect = [{ op = "choose", from = "your_drop", where = { colour = "red" } }]\n'),
     "ability[0].effect[0].where.colour", "unknown filter"),
    ("mistyped filter value",
     _ability(ACT + 'effect = [{ op = "choose", from = "your_drop", where = { grade_min = "3" } }]\n'),
     "ability[0].effect[0].where.grade_min", "whole number"),
    ("unknown keyword",
     _ability(ACT + 'effect = [{ op = "choose", from = "your_drop", where = { keyword = "overdres" } }]\n'),
     "ability[0].effect[0].where.keyword", "not one of"),
    ("unknown selector", _ability(ACT + 'effect = [{ op = "retire", target = "everyone" }]\n'),
     "ability[0].effect[0].target", "unknown selector or unbound name"),
    ("unknown selector in a count",
     _ability(ACT + 'condition = [{ check = "count", from = "your_attic" }]\n'),
     "ability[0].condition[0].from", "unknown selector"),
    ("unknown selector in a per",
     _ability(ACT + 'effect = [{ op = "add_power", amount = 1, per = "your_attic" }]\n'),
     "ability[0].effect[0].per.from", "unknown selector"),
    ("bad per shape",
     _ability(ACT + 'effect = [{ op = "add_power", amount = 1, per = { from = "your_soul", whre = {} } }]\n'),
     "ability[0].effect[0].per.whre", "unknown key"),
    ("a name shadowing a selector",
     _ability(ACT + 'effect = [{ op = "choose", from = "your_drop", as = "your_soul" }]\n'),
     "ability[0].effect[0].as", "shadows a selector"),
    ("a step that cannot repeat inside for_each",
     _ability(ACT + 'effect = [{ op = "for_each", count = "your_rear_guards", do = ['
              '{ op = "look_top", n = 2 }] }]\n'),
     "ability[0].effect[0].do[0]", "cannot repeat inside for_each"),
    ("times outside for_each",
     _ability(ACT + 'effect = [{ op = "choose", from = "your_drop", count = "times" }]\n'),
     "ability[0].effect[0].count", "only inside for_each"),
    ("unknown event", _ability(AUTO + 'when = { event = "moon_rose" }\n'), "ability[0].when.event",
     "unknown event"),
    ("unknown event field", _ability(AUTO + 'when = { event = "unit_called", colour = "red" }\n'),
     "ability[0].when.colour", "has no field"),
    ("mistyped event field",
     _ability(AUTO + 'when = { event = "card_discarded", by_cost = "yes" }\n'),
     "ability[0].when.by_cost", "bool"),
    ("bad zone in an event field",
     _ability(AUTO + 'when = { event = "unit_placed", from_zone = "handd" }\n'),
     "ability[0].when.from_zone", "not one of"),
    ("bad card filter in an event",
     _ability(AUTO + 'when = { event = "unit_placed", card = { colour = "red" } }\n'),
     "ability[0].when.card.colour", "unknown filter"),
    ("by on an event without a source",
     _ability(AUTO + 'when = { event = "unit_placed", by = "you" }\n'),
     "ability[0].when.by", "has no field"),
    ("act in the damage zone", _ability('kind = "act"\nzones = ["damage"]\n'),
     "ability[0].zones", "never offers an act ability in damage"),
    ("act on the guardian circle", _ability('kind = "act"\nzones = ["gc"]\n'),
     "ability[0].zones", "never offers an act ability in gc"),
    ("unknown token card",
     _ability(ACT + 'effect = [{ op = "make_tokens", card = "NO-SUCH" }]\n'),
     "ability[0].effect", "not a token card"),
    ("a normal card as a token",
     _ability(ACT + 'effect = [{ op = "make_tokens", card = "DX-006" }]\n'),
     "ability[0].effect", "not a token card"),
    ("unknown given ability",
     _ability(ACT + 'effect = [{ op = "if", condition = [], then = [{ op = "give_ability", '
                    'target = "self", card = "DX-006", index = 3 }] }]\n'),
     "ability[0].effect", "no ability 3 on card 'DX-006'"),
    ("becomes in a cont", _ability('kind = "cont"\nzones = ["rc"]\n'
                                   'effect = [{ op = "add_power", becomes = 1 }]\n'),
     "ability[0].effect[0].becomes", "`becomes` is for an effect"),
    ("both amount and becomes",
     _ability(ACT + 'effect = [{ op = "add_power", amount = 1, becomes = 1 }]\n'),
     "ability[0].effect[0].becomes", "not both"),
    ("unknown selector in a list",
     _ability(ACT + 'effect = [{ op = "choose", from = ["your_hand", "your_attic"] }]\n'),
     "ability[0].effect[0].from", "'your_attic'"),
    ("mistyped given", _ability(ACT + 'given = "yes"\n'), "ability[0].given", "bool"),
    ("unknown declared name",
     _ability(ACT + 'effect = [{ op = "choose", from = "your_drop", where = { declared = "said" } }]\n'),
     "ability[0].effect[0].where.declared", "not bound"),
    ("a call to the vanguard circle by name",
     _ability(ACT + 'effect = [{ op = "superior_call", from = "your_soul", to = { circle = "vc" } }]\n'),
     "ability[0].effect[0].to.circle", "never VC"),
    ("a call to a circle that does not exist",
     _ability(ACT + 'effect = [{ op = "superior_call", from = "your_soul", to = { circle = "middle" } }]\n'),
     "ability[0].effect[0].to.circle", "back_center"),
    ("a named circle with another key",
     _ability(ACT + 'effect = [{ op = "superior_call", from = "your_soul", to = { circle = "back_center", open = true } }]\n'),
     "ability[0].effect[0].to", "circle"),
]


@pytest.mark.parametrize(("problem", "text", "field", "reason"), BAD_FILES,
                         ids=[b[0] for b in BAD_FILES])
def test_a_bad_card_file_is_refused_naming_file_card_and_field(tmp_path, db, problem, text,
                                                              field, reason):
    """Each class of mistake: one line, naming the file, the card and the field."""
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(CardDataError) as error:
        vg.CardDB.load(path, base=db)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: card BAD-1: field '{field}'"), message
    assert reason in message, message


def test_the_corpus_loads_and_every_card_names_the_era_it_mirrors(ldb):
    """At least 60 invented cards, each preceded by a comment naming what it mirrors."""
    mirrors = sum(f.read_text().count("# mirrors: ") for f in CORPUS.glob("*.toml"))
    corpus = [c for c in ldb if c.id.startswith("LX-")]
    assert mirrors >= 60 and len(corpus) >= 60


def _position(ldb: vg.CardDB, card_id: str, seed: int) -> vg.Game:
    """A premium position with the card everywhere it may act: on VC (grade 3) or an RC, in
    the hand, soul, drop and bind zone (or the G zone for a G unit), with resources to pay."""
    card = ldb[card_id]
    g2, v3 = "DX-006", "PX-008"
    me: dict = {"vanguard": v3, "rear": {"front_left": g2, "back_left": "DX-008"},
                "hand": [g2, v3, "DX-008"], "soul": [g2] * 3, "drop": [g2, v3], "bind": [g2],
                "damage": [g2] * 3, "g_zone": ["PG-001"], "g_zone_face_up": ["PG-002"],
                "order_zone": ["BG-007"], "deck": [g2, "DX-008", v3, "DX-011"] * 4}
    if card.unit_type.value == "g_unit":
        me["g_zone"] = [card_id, card_id]
    elif card.trigger is not None:
        me["deck"] = [card_id] + me["deck"]
    else:
        for zone in ("hand", "soul", "drop", "bind"):
            me[zone] = [card_id, *me[zone]]
        if card.grade == 3:
            me["vanguard"] = card_id
        else:
            me["rear"]["front_right"] = card_id
    them = {"vanguard": v3, "rear": {"front_left": g2, "front_right": "DX-008", "back_left": g2},
            "hand": [g2, "DX-011", "DX-008"], "soul": [g2], "damage": [g2] * 2,
            "deck": [g2] * 12}
    return (vg.Scenario(ldb, format="premium", seed=seed).player(0, **me).player(1, **them)
            .start(turn=3, phase="main"))


def _board_items(state) -> list[list[tuple[object, tuple[int, ...]]]]:
    """Every zone and circle list of both players, in the board's order."""
    board = state.board
    return [list(lists.items()) for lists in (*board.zones, *board.circles)]


def test_a_card_that_loads_never_raises_inside_a_game(ldb):
    """Every corpus card, placed where it may act with resources to pay, plays through random
    turns (any action but "done" most of the time) without an engine error, the invariants
    holding after every step; a good part of their act and auto abilities get played. Every
    op they use writes copy-on-write: a clone made before a step never sees it, and the
    incremental state hash equals one computed from scratch."""
    played: set[str] = set()
    corpus = sorted(c.id for c in ldb if c.id.startswith("LX-"))
    for seed, card_id in enumerate(corpus):
        game = _position(ldb, card_id, seed)
        rng = np.random.default_rng(seed)
        game.switch()
        cards = hashing.full_cards_part()  # from scratch; after a step, the one computed then
        for _ in range(80):
            if game.over:
                break
            actions = game.legal_actions()
            busy = [a for a in actions if a.kind not in (ActionKind.DONE, ActionKind.NO)]
            pool = busy if busy and rng.random() < 0.85 else actions
            game.switch()
            # The clone must keep the cards as the last step left them (legal_actions and the
            # clone itself change nothing), and the board's every list in order: items in a
            # list, not repr(), whose Enum reprs were an eighth of this test's cost.
            before, cards_before = game.clone(), cards
            board_before = _board_items(game.state)
            game.step(pool[int(rng.integers(len(pool)))])
            game.check_invariants()
            before.switch()
            assert hashing.full_cards_part() == cards_before
            assert _board_items(before.state) == board_before
            game.switch()
            game.state_hash()
            cards = hashing.full_cards_part()
            assert hashing.cards_part(game.state) == cards
        played |= {game.state.card(e.card).id for e in game.events
                   if isinstance(e, AutoPlayed | AbilityActivated)}
    active = {c for c in corpus if any(a.kind.value != "cont" for a in ldb[c].abilities)}
    assert len(played & active) >= len(active) // 3


UNSEATING = CARD + '''[[card.ability]]
kind = "act"
zones = ["rc"]
effect = [
  { op = "superior_call", from = ["your_vanguard", "your_rear_guards"] },
  { op = "retire", target = "opponent_vanguard" },
  { op = "bind", target = "your_vanguard" },
  { op = "put_into", target = "opponent_vanguard", zone = "hand" },
  { op = "imprison", target = "opponent_vanguard" },
]
[[card]]
id = "BAD-2"
names = ["Self Bouncer"]
grade = 3
power = 13000
[[card.ability]]
kind = "act"
zones = ["vc"]
cost = [{ op = "put_into", target = "self", zone = "hand" }]
effect = [{ op = "draw" }]
'''


def test_no_effect_or_cost_takes_a_vanguard_off_its_circle(tmp_path, db):
    """Only a ride replaces a vanguard (engine decision): a cost that would move it cannot be
    paid, effects that would retire, bind, return or imprison it leave it, and a call takes no
    card already on a circle; both VCs keep their vanguard."""
    path = tmp_path / "unseat.toml"
    path.write_text(UNSEATING)
    udb = vg.CardDB.load(path, base=db)
    game = (vg.Scenario(udb, format="premium").player(0, vanguard="BAD-2", rear={"front_left": "BAD-1"},
                                                      order_zone=["BG-007"])
            .player(1, vanguard="PX-008").start(turn=3))
    vanguards = [game.state.board.circles[p][Circle.VC][-1] for p in (0, 1)]
    acts = [a for a in game.legal_actions() if a.kind is ActionKind.ACT]
    assert [a.card for a in acts] == [game.state.board.circles[0][Circle.FRONT_LEFT][-1]]
    game.step(acts[0])
    assert [game.state.board.circles[p][Circle.VC][-1] for p in (0, 1)] == vanguards
    assert game.decision.kind is DecisionKind.MAIN_PHASE
