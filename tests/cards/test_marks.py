"""Printed marks as data (issue 39 §1): any mark printed on a card is declared in its `marks`
table and read the same way by every filter (`mark`, `mark_min`, `mark_max`, and `not` to negate
any filter); the rules' own marks (gift, trigger, order, sentinel, prison, world, alchemagic,
skill icons) may be written either as their older fields or in `marks`, and give the same card.
Corpus cards LX-MK01..MK10 (tests/cards/corpus/marks.toml)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards.loader import load_text
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.formats import Gift, OrderType, Skill, Trigger, UnitType
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, refused_file, scene
from tests.helpers import card_named, cards_in, has_action, ids_in, pick, power_of, unit_at

CARD = '[[card]]\nid = "MK-1"\nnames = ["Marked Card"]\ngrade = 1\npower = 8000\n'


def _one(text: str) -> CardDef:
    return load_text(text, "m.toml")[0]


def test_marks_and_the_older_fields_give_the_same_card():
    """`marks = { gift = "accel" }` is `gift = "accel"`, and so for the order subtype, the
    sentinel mark, a set order's subtype, the trigger icon, Alchemagic and skill icons."""
    pairs = [
        ('gift = "accel"\n', 'marks = { gift = "accel" }\n'),
        ('sentinel = true\n', 'marks = { sentinel = true }\n'),
        ('skills = ["boost", "intercept"]\n', 'marks = { boost = true, intercept = true }\n'),
        ('alchemagic = "same"\n', 'marks = { alchemagic = "same" }\n'),
    ]
    for old, new in pairs:
        assert _one(CARD + old) == _one(CARD + new), new
    order = '[[card]]\nid = "MK-2"\nnames = ["O"]\ngrade = 1\n'
    a, b = _one(order + 'order_type = "set"\nsubtypes = ["prison"]\n'), \
        _one(order + 'marks = { order = "set", prison = true }\n')
    assert a == b and b.unit_type is UnitType.ORDER and b.order_type is OrderType.SET
    assert b.subtypes == frozenset({"prison"})
    trig = '[[card]]\nid = "MK-3"\nnames = ["T"]\ngrade = 0\npower = 5000\n'
    assert _one(trig + 'trigger = "heal"\n') == _one(trig + 'marks = { trigger = "heal" }\n')
    card = _one(CARD + 'marks = { gift = "force", boost = true, chrono = true, clans = 2 }\n')
    assert card.gift is Gift.FORCE and Skill.BOOST in card.skills
    assert card.marks == (("chrono", True), ("clans", 2))          # the rules' marks go to fields
    assert card.all_marks == {"gift": "force", "boost": True, "chrono": True, "clans": 2}
    assert card.mark("ritual") is None and card.mark("clans") == 2


def test_a_card_made_in_python_has_the_marks_of_its_fields():
    card = CardDef(id="PY-1", names=("P",), grade=0, trigger=Trigger.CRITICAL,
                      marks=(("ritual", True),))
    assert card.all_marks == {"trigger": "critical", "ritual": True}


def test_every_corpus_mark_card_loads_with_its_marks(ldb):
    assert ldb["LX-MK07"].order_type is OrderType.BLITZ
    warden = ldb["LX-MK10"]
    assert warden.sentinel and warden.trigger is Trigger.DRAW and warden.mark("chrono") is True


BAD = [
    ("not a table", 'marks = ["chrono"]\n', "marks", "expected a table of marks"),
    ("a name not snake_case", 'marks = { Chrono = true }\n', "marks.Chrono", "snake_case"),
    ("a negative number", 'marks = { clans = -1 }\n', "marks.clans", "negative"),
    ("a table value", 'marks = { clans = { n = 2 } }\n', "marks.clans", "not a mark value"),
    ("a list of numbers", 'marks = { tags = [1, 2] }\n', "marks.tags", "texts only"),
    ("an unknown gift", 'marks = { gift = "forse" }\n', "marks.gift",
     "not one of: force, accel, protect"),
    ("a flag mark given text", 'marks = { sentinel = "yes" }\n', "marks.sentinel",
     "true or false"),
    ("a mark disagreeing with its field", 'gift = "force"\nmarks = { gift = "accel" }\n',
     "marks.gift", "disagrees with gift = 'force'"),
    ("an unknown order subtype", 'marks = { order = "quick" }\n', "marks.order",
     "normal, set, blitz"),
]


@pytest.mark.parametrize("what,text,field,reason", BAD, ids=[b[0] for b in BAD])
def test_a_wrong_mark_is_one_line_naming_the_field(what, text, field, reason):
    with pytest.raises(CardDataError) as caught:
        _one(CARD + text)
    message = str(caught.value)
    assert "\n" not in message and f"field '{field}'" in message and reason in message, message


ABILITY = ('[[card.ability]]\nkind = "cont"\nzones = ["rc"]\n'
           'condition = [{{ check = "count", from = "your_drop", where = {where} }}]\n'
           'effect = [{{ op = "add_power", target = "self", amount = 1000 }}]\n')
BAD_FILTERS = [
    ("a mark no card has", '{ mark = "crono" }', "no card of this pool has the mark 'crono'"),
    ("a mark value no card can have", '{ mark = { gift = "forse" } }',
     "not one of: force, accel, protect"),
    ("a number filter given text", '{ mark_min = { clans = "two" } }', "whole number"),
    ("a number filter given a name", '{ mark_min = "clans" }', "{ clans = 2 }"),
    ("not given a name", '{ not = "Banner" }', "expected a table of filters"),
    ("an unknown filter under not", '{ not = { nmae = "X" } }', "unknown filter"),
]


@pytest.mark.parametrize("what,where,reason", BAD_FILTERS, ids=[b[0] for b in BAD_FILTERS])
def test_a_wrong_mark_filter_is_refused_when_the_pool_is_made(tmp_path, ldb, what, where,
                                                              reason):
    text = CARD + 'marks = { clans = 2 }\n' + ABILITY.format(where=where)
    refused_file(tmp_path, text, ldb, "MK-1", reason)


def test_a_mark_declared_only_by_another_file_of_the_pool_is_known(tmp_path, ldb):
    """The filter's mark is checked against the whole pool: chrono is the corpus's."""
    path = tmp_path / "ok.toml"
    path.write_text(CARD + ABILITY.format(where='{ mark = "chrono" }'))
    assert vg.CardDB.load(path, base=ldb)["MK-1"].abilities


# -- behaviour ---------------------------------------------------------------------------------


def test_LX_MK02_counts_your_other_units_with_the_chrono_mark(ldb):
    """+2000 for each other unit of yours with Chrono: two (one a sentinel trigger declared in
    marks) give +4000; a unit without the mark and itself do not count."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-MK02",
                                                 "back_left": "LX-MK01", "back_right": G2}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 11000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-MK02", "back_left": "LX-MK01",
                                                 "back_center": "LX-MK10"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 13000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-MK02", "back_left": G2}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 9000


def test_LX_MK03_takes_only_a_card_with_ritual_from_the_drop(ldb):
    game = scene(ldb, {"vanguard": "LX-MK03", "damage": [G2], "drop": [G2, "LX-MK04", V3]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    acolyte = card_named(game, 0, Zone.DROP, "LX-MK04")
    assert not has_action(game, ActionKind.PICK, card=card_named(game, 0, Zone.DROP, G2))
    game.step(pick(game, ActionKind.PICK, card=acolyte))
    assert ids_in(game, 0, Zone.HAND).count("LX-MK04") == 1
    assert sorted(ids_in(game, 0, Zone.DROP)) == sorted([G2, V3])


def test_LX_MK05_reads_a_number_mark(ldb):
    """Two units with clans = 2: +5000; one alone (mark_min 2 of clans 2) is not enough; a unit
    without the mark reads as 0 clans."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-MK05", "back_left": "LX-MK05"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-MK05", "back_left": G2}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_LX_MK06_finds_a_gift_written_as_the_older_field(ldb):
    """PX-008 says `gift = "force"`; the search for the Force mark offers it and not G2."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-MK06"], "soul": [G2],
                       "deck": [G2, "PX-008", G2]})
    herald = card_named(game, 0, Zone.HAND, "LX-MK06")
    game.step(pick(game, ActionKind.CALL, card=herald, circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES))
    force = card_named(game, 0, Zone.DECK, "PX-008")
    assert not any(has_action(game, ActionKind.PICK, card=c)
                   for c in cards_in(game, 0, Zone.DECK) if c != force)
    game.step(pick(game, ActionKind.PICK, card=force))
    assert "PX-008" in ids_in(game, 0, Zone.HAND)


def test_LX_MK08_counts_blitz_orders_declared_in_marks(ldb):
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-MK08"},
                       "drop": ["LX-MK07", "LX-MK07"]})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 14000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-MK08"},
                       "drop": ["LX-MK07", G2]})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_LX_MK09_not_named_x_leaves_out_every_card_of_that_name(ldb):
    """Called beside another Banner: only the vanguard and the vanilla unit may be chosen."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-MK09"],
                       "rear": {"back_left": "LX-MK09", "front_right": G2}})
    banner = card_named(game, 0, Zone.HAND, "LX-MK09")
    game.step(pick(game, ActionKind.CALL, card=banner, circle=Circle.BACK_RIGHT))
    assert not has_action(game, ActionKind.PICK, card=banner)
    assert not has_action(game, ActionKind.PICK, card=unit_at(game, 0, Circle.BACK_LEFT))
    other = unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.PICK, card=other))
    assert power_of(game, other) == 13000


def test_keyword_and_subtype_filters_read_the_marks(ldb):
    """The older `keyword`, `subtype` and `sentinel` filters read the same marks."""
    from ecs_vanguard.derived.scopes import keywords
    assert {"sentinel", "chrono", "trigger"} <= keywords(ldb["LX-MK10"])
    assert "boost" in keywords(ldb["LX-MK01"]) and "sentinel" not in keywords(ldb["LX-MK01"])


def test_show_lists_a_cards_own_marks(ldb):
    """`ecs-vanguard show` (card_sheet) prints the marks a card file declared."""
    from ecs_vanguard.perspective.cardtext import card_sheet
    assert "marks: chrono" in card_sheet(ldb["LX-MK10"])
    assert "marks: clans 2" in card_sheet(ldb["LX-MK05"])
    assert "marks:" not in card_sheet(ldb["LX-MK06"])


def test_the_clan_filter_reads_a_clans_list_and_every_clan(ldb):
    """+1000 per Shadow Paladin rear-guard: a card listing it among its clans counts, a card of
    every clan counts, a Royal Paladin alone does not; distinct clans read the list too."""
    game = scene(ldb, {"vanguard": "LX-MK13", "rear": {
        "front_left": "LX-MK11", "back_left": "LX-MK12", "front_right": "PC-002"}})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 15000
    from ecs_vanguard.derived.values import distinct_values
    herald = unit_at(game, 0, Circle.FRONT_LEFT)
    assert distinct_values(game.state, herald, "clan") == ("royal_paladin", "shadow_paladin")
    assert ldb["LX-MK11"].mark("clans") == ("royal_paladin", "shadow_paladin")
