"""Things that happen at once are seen at once (seed 004 §7 ②; ACT-03, ACT-04, ACT-07, ACT-27,
CORE-17, CORE-18, LEG-20, PRI-01, TOK-06, TOK-08): every watcher sees every card of a batch,
its condition is read after the whole batch, and check timing comes only after it.

Each batch is shown with watchers whose counts differ from one-event-at-a-time handling: a
card placed in the same batch sees the others, and a condition such as "three or more
rear-guards" holds for every card of a call that brings the count to three.
"""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    AutoPlayed,
    CardDrawn,
    CardMoved,
    GuardianCalled,
    UnitCalled,
    UnitPlaced,
    UnitRetired,
)
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import cards_in, events_of, pick, plays_of, start_game, unit_at, zone_of

PLAIN = ["DX-006"] * 10       # a vanilla grade 2: draws and soul charges reveal nothing


def _standard(db, side0: dict, side1: dict | None = None, phase: str = "main") -> vg.Game:
    return start_game(db, side0, side1 or {"vanguard": "DX-104"}, decks=(PLAIN, PLAIN),
                      phase=phase)


def play_autos(game: vg.Game, order: list[int]) -> None:
    """Answer every 'play next auto' question by the first card of `order` still offered."""
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        offered = [a.card for a in game.legal_actions()]
        game.step(pick(game, ActionKind.PLAY_AUTO, card=next(c for c in order if c in offered)))


def last_index(game: vg.Game, kind: type, **fields: object) -> int:
    """Index in the log of the last event of `kind` with these fields."""
    return max(i for i, e in enumerate(game.events) if isinstance(e, kind)
               and all(getattr(e, k) == v for k, v in fields.items()))


def first_play(game: vg.Game, *cards: int) -> int:
    """Index in the log of the first auto played by one of `cards`."""
    return min(i for i, e in enumerate(game.events) if isinstance(e, AutoPlayed)
               and e.card in cards)


def test_ACT_07_CORE_18_two_units_called_together_each_see_both(tdb):
    """ACT-07, CORE-18: two units superior-called together are placed at once; each one's
    'when a unit is placed on your RC' triggers once per placed card, twice each."""
    game = _standard(tdb, {"vanguard": "TJ-CALLER", "hand": ["TJ-GREETER", "TJ-GREETER"]})
    first, second = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.ACT, index=0))             # both are taken: no question
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert not events_of(game, UnitPlaced)                      # circles first, then placing
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    assert game.decision.kind is DecisionKind.ORDER_AUTOS
    assert {a.card for a in game.legal_actions()} == {first, second}
    play_autos(game, [first, second])
    assert plays_of(game, first) == 2 and plays_of(game, second) == 2
    assert len(cards_in(game, 0, Zone.SOUL)) == 4
    # check timing came only after the whole batch: both placements precede every auto played
    assert last_index(game, UnitPlaced) < first_play(game, first, second)


def test_ACT_07_CORE_18_three_called_together_read_their_condition_after_the_batch(tdb):
    """ACT-07, CORE-18: three units called at once; a 'when placed, if you have three or more
    rear-guards' auto sees the count after the whole call (both such cards draw), and a unit
    already on the field sees three placements."""
    game = _standard(tdb, {"vanguard": "TJ-CALLER", "rear": {"back_center": "TJ-GREETER"},
                           "hand": ["TJ-CROWD", "TJ-CROWD", "TJ-SQUIRE-A"]})
    greeter = unit_at(game, 0, Circle.BACK_CENTER)
    crowd_a, crowd_b, squire = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.ACT, index=1))
    for circle in (Circle.FRONT_LEFT, Circle.BACK_LEFT, Circle.FRONT_RIGHT):
        game.step(pick(game, ActionKind.PICK, circle=circle))
    called = [e.card for e in events_of(game, UnitCalled)]
    assert called == [crowd_a, crowd_b, squire]                 # the crowds were placed first
    assert {a.card for a in game.legal_actions()} == {greeter, crowd_a, crowd_b}
    play_autos(game, [crowd_a, crowd_b, greeter])
    assert plays_of(game, greeter) == 3
    assert plays_of(game, crowd_a) == plays_of(game, crowd_b) == 1
    assert plays_of(game, squire) == 0
    assert [e.card for e in events_of(game, CardDrawn)] == cards_in(game, 0, Zone.HAND)
    assert len(cards_in(game, 0, Zone.HAND)) == 2               # one each: three rear-guards+
    assert len(cards_in(game, 0, Zone.SOUL)) == 3
    assert last_index(game, UnitPlaced) < first_play(game, greeter, crowd_a, crowd_b)


def test_CORE_18_TOK_06_two_tokens_made_together_each_see_both(tdb):
    """TOK-06, TOK-08, CORE-18: two tokens made by one effect appear at once; each token's
    'when a unit is placed on your RC' triggers for both tokens."""
    game = _standard(tdb, {"vanguard": "TJ-WISP-MAKER"})
    game.step(pick(game, ActionKind.ACT, index=0))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    left, right = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    assert [e.card for e in events_of(game, UnitPlaced)] == [left, right]
    play_autos(game, [right, left])
    assert plays_of(game, left) == plays_of(game, right) == 2
    assert len(cards_in(game, 0, Zone.SOUL)) == 4
    assert last_index(game, UnitPlaced) < first_play(game, left, right)


def test_CORE_18_TOK_08_three_tokens_made_together_are_three_calls_seen_at_once(tdb):
    """TOK-08, CORE-18: three tokens made together are three superior calls of one batch; a
    'when a unit is called to your RC, if you have four or more rear-guards' watcher triggers
    for each of the three, reading the count after all three."""
    game = _standard(tdb, {"vanguard": "TJ-WISP-MAKER", "rear": {"back_center": "TJ-RALLY"}})
    watcher = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ACT, index=1))
    for circle in (Circle.FRONT_LEFT, Circle.BACK_LEFT, Circle.FRONT_RIGHT):
        game.step(pick(game, ActionKind.PICK, circle=circle))
    calls = events_of(game, UnitCalled)
    assert len(calls) == 3 and all(c.superior and c.to_zone is Zone.RC for c in calls)
    assert plays_of(game, watcher) == 3 and len(cards_in(game, 0, Zone.HAND)) == 3
    assert last_index(game, UnitCalled) < first_play(game, watcher)


def test_ACT_27_CORE_18_guardians_called_at_once_each_see_both(tdb):
    """ACT-27, CORE-18: under 'two or more at once' the guardians of one group are placed
    together; each one's 'when a guardian is placed on your GC' triggers for both."""
    game = _standard(tdb, {"vanguard": "TJ-PINCER"},
                     {"vanguard": "DX-104", "hand": ["TJ-TWIN-WARD", "TJ-TWIN-WARD"]},
                     phase="battle")
    ward_a, ward_b = cards_in(game, 1, Zone.HAND)
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    assert game.decision.kind is DecisionKind.GUARD           # the pincer's auto has resolved
    game.step(pick(game, ActionKind.GUARD, card=ward_a))
    assert not pick_exists(game, ActionKind.YES)                # one card alone cannot guard
    game.step(pick(game, ActionKind.GUARD, card=ward_b))
    assert not events_of(game, GuardianCalled)                  # picked, not yet placed
    game.step(pick(game, ActionKind.YES))
    assert [e.card for e in events_of(game, GuardianCalled)] == [ward_a, ward_b]
    assert game.decision.player == 1 and game.decision.kind is DecisionKind.ORDER_AUTOS
    play_autos(game, [ward_b, ward_a])
    assert plays_of(game, ward_a) == plays_of(game, ward_b) == 2
    assert len(cards_in(game, 1, Zone.SOUL)) == 4
    assert last_index(game, GuardianCalled) < first_play(game, ward_a, ward_b)


def pick_exists(game: vg.Game, kind: ActionKind) -> bool:
    return any(a.kind is kind for a in game.legal_actions())


def test_ACT_04_CORE_18_two_units_retired_by_one_effect_are_seen_after_both(tdb):
    """ACT-04, CORE-18: two rear-guards retired by one effect go at once; a 'when a unit is
    retired, if your drop has two or more kinds' watcher triggers for each and both draw."""
    game = _standard(tdb, {"vanguard": "TJ-PURGE", "rear": {
        "front_left": "TJ-SQUIRE-A", "back_left": "TJ-SQUIRE-B", "back_center": "TJ-MOURNER"}})
    a, b = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    mourner = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ACT, index=0))
    game.step(pick(game, ActionKind.PICK, card=a))
    game.step(pick(game, ActionKind.PICK, card=b))
    retired = events_of(game, UnitRetired)
    assert retired == [UnitRetired(a, False, unit_at(game, 0, Circle.VC)),
                       UnitRetired(b, False, unit_at(game, 0, Circle.VC))]
    assert plays_of(game, mourner) == 2 and len(cards_in(game, 0, Zone.HAND)) == 2
    assert last_index(game, UnitRetired) < first_play(game, mourner)
    assert zone_of(game, mourner) is Zone.RC


def test_CORE_17_CORE_18_a_rule_action_retires_every_extra_unit_at_once(tdb):
    """CORE-17, CORE-18: two tokens made onto two occupied circles; the rule action retires
    both older units at once (no source), and the retire watcher sees both after both."""
    game = _standard(tdb, {"vanguard": "TJ-WISP-MAKER", "rear": {
        "front_left": "TJ-SQUIRE-A", "back_left": "TJ-SQUIRE-B", "back_center": "TJ-MOURNER"}})
    a, b = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    mourner = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ACT, index=2))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    assert events_of(game, UnitRetired) == [UnitRetired(a, True, -1), UnitRetired(b, True, -1)]
    assert [zone_of(game, c) for c in (a, b)] == [Zone.DROP, Zone.DROP]
    assert game.state.card(unit_at(game, 0, Circle.FRONT_LEFT)).id == "TOKEN-NIGHTSHADE"
    assert plays_of(game, mourner) == 2 and len(cards_in(game, 0, Zone.HAND)) == 2
    assert last_index(game, UnitRetired) < first_play(game, mourner)


def test_LEG_20_CORE_18_riding_a_legion_puts_both_into_the_soul_at_once(tdb):
    """LEG-20, CORE-18: a ride onto a legion puts leader and mate into the soul together; a
    'when a card is put into your soul, if you have two or more soul' watcher triggers for
    each, reading the soul after both arrived, and both draw."""
    game = start_game(tdb, {"vanguard": "LG-007", "mate": "LG-005", "hand": ["LG-008"],
                            "rear": {"back_center": "TJ-SOUL-COUNTER"}},
                      {"vanguard": "PX-008"}, decks=(PLAIN, PLAIN), fmt="premium", phase="ride")
    leader = unit_at(game, 0, Circle.VC)
    mate = game.state.board.circles[0][Circle.VC][0]
    counter = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.RIDE))
    to_soul = [e.card for e in events_of(game, CardMoved) if e.to_zone is Zone.SOUL]
    assert set(to_soul) == {leader, mate}
    assert cards_in(game, 0, Zone.SOUL) == to_soul
    assert plays_of(game, counter) == 2
    assert len(events_of(game, CardDrawn)) == 2
    assert last_index(game, CardMoved, to_zone=Zone.SOUL) < first_play(game, counter)


def test_CORE_18_two_units_returned_to_hand_by_one_effect_are_seen_after_both(tdb):
    """CORE-18, seed 004 §7 ②: 'return all your rear-guards to hand' moves them at once; a
    'when a card leaves your RC, if you have three or more cards in hand' watcher reads the
    hand after both arrived, and triggers for each."""
    game = _standard(tdb, {"vanguard": "TJ-RECALL", "hand": ["DX-006"],
                           "rear": {"front_left": "TJ-SQUIRE-A", "back_left": "TJ-SQUIRE-B"}})
    recall = unit_at(game, 0, Circle.VC)
    a, b = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, index=0))
    assert cards_in(game, 0, Zone.HAND)[1:] == [a, b]
    assert plays_of(game, recall) == 2 and len(cards_in(game, 0, Zone.SOUL)) == 2
    assert last_index(game, CardMoved, from_zone=Zone.RC) < first_play(game, recall)


def test_ACT_03_CORE_18_two_cards_discarded_by_one_effect_are_seen_after_both(tdb):
    """ACT-03, CORE-18: 'discard two cards' discards the chosen cards at once; a 'when you
    discard, if your drop has two or more kinds' watcher triggers for each."""
    game = _standard(tdb, {"vanguard": "TJ-RECALL", "hand": ["TJ-SQUIRE-A", "TJ-SQUIRE-B",
                                                             "DX-006"]})
    recall = unit_at(game, 0, Circle.VC)
    a, b, _ = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.ACT, index=1))
    game.step(pick(game, ActionKind.PICK, card=a))
    game.step(pick(game, ActionKind.PICK, card=b))
    assert cards_in(game, 0, Zone.DROP) == [a, b]
    assert plays_of(game, recall) == 2 and len(cards_in(game, 0, Zone.SOUL)) == 2


def test_PRI_01_CORE_18_two_cards_imprisoned_by_one_effect_are_seen_after_both(tdb):
    """PRI-01, CORE-18: two cards imprisoned by one effect go to the Prison at once; a 'when a
    card is imprisoned, if you have two or more imprisoned' watcher triggers for each."""
    game = _standard(tdb, {"vanguard": "TJ-JAILER", "order_zone": ["BG-007"]},
                     {"vanguard": "DX-104", "rear": {"front_left": "DX-106",
                                                     "back_left": "DX-102"}})
    jailer = unit_at(game, 0, Circle.VC)
    a, b = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, index=0))             # both are chosen: no question
    assert cards_in(game, 0, Zone.ORDER)[1:] == [a, b]
    assert plays_of(game, jailer) == 2 and len(cards_in(game, 0, Zone.SOUL)) == 2
