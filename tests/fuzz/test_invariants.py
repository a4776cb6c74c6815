"""Each invariant catches the corruption it names: a check that cannot fail proves nothing."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import esper
import numpy as np
import pytest

import ecs_vanguard as vg
from components import (
    DressSource,
    GiftMarker,
    HeartLink,
    Imprisoned,
    LegionLink,
    Locked,
    Orientation,
    Position,
    Token,
)
from ecs_vanguard.game import invariants as inv
from ecs_vanguard.game.invariants import decisions as inv_decisions
from ecs_vanguard.state import Battle, PendingAuto, State
from ecs_vanguard.vocab.decisions import Action, ActionKind, DecisionKind
from ecs_vanguard.vocab.events import GameEnded
from ecs_vanguard.vocab.formats import Phase
from ecs_vanguard.vocab.zones import Circle, Zone


def _deck_game() -> vg.Game:
    """A standard game between the built-in decks, a few random steps in, at a main phase."""
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=3)
    rng = np.random.default_rng(3)
    while game.decision.kind is not DecisionKind.MAIN_PHASE or game.turn < 3:
        game.step(game.legal_actions()[int(rng.integers(len(game.legal_actions())))])
    game.check_invariants()
    return game


def _hand(state: State, p: int = 0) -> tuple[int, ...]:
    return state.board.zones[p][Zone.HAND]


def _pop_hand(s: State) -> int:
    """Take the last hand card out of the board's list (not out of the card's Position)."""
    card = _hand(s)[-1]
    s.board.zones[0][Zone.HAND] = _hand(s)[:-1]
    return card


def _move_in_board_only(s: State) -> None:
    s.board.zones[0][Zone.DROP] += (_pop_hand(s),)


def _share_an_object_id(s: State) -> None:
    a, b = _hand(s)[:2]
    esper.component_for_entity(a, Position).obj = esper.component_for_entity(b, Position).obj


def _lose_a_card(s: State) -> None:
    esper.delete_entity(_pop_hand(s), immediate=True)


def _empty_the_vc(s: State) -> None:
    s.board.circles[1][Circle.VC] = ()


def _wrong_turn_player(s: State) -> None:
    s.turn.player = 1 - s.turn.player


def _battle_in_the_first_turn(s: State) -> None:
    s.turn.turn, s.turn.player, s.turn.phase = 1, s.turn.first_player, Phase.BATTLE


def _battle_in_main_phase(s: State) -> None:
    s.battle = Battle(s.board.circles[0][Circle.VC][0], s.board.circles[1][Circle.VC][0], 0)


def _call_a_missing_card(s: State) -> None:
    d = s.decision
    s.decision = dataclasses.replace(
        d, actions=(*d.actions, Action(ActionKind.CALL, card=9999, circle=Circle.FRONT_LEFT))
    )


def _main_phase_for_the_opponent(s: State) -> None:
    s.decision = dataclasses.replace(s.decision, player=1 - s.decision.player)


def _over_without_game_ended(s: State) -> None:
    s.over, s.decision = True, None


def _force_in_standard(s: State) -> None:
    s.force[0] = {Circle.VC: 1}


def _delete_a_hand_card(s: State) -> None:
    s.deleted.add(_hand(s)[0])


def _auto_of_a_missing_card(s: State) -> None:
    s.pending_autos.append(PendingAuto(9999, 1, "DX-001", 0, 0))


def _order_waiting_in_the_order_area(s: State) -> None:
    s.board.zones[0][Zone.ORDER_AREA] += (_pop_hand(s),)


def _lock_a_hand_card(s: State) -> None:
    esper.add_component(_hand(s)[0], Locked())


def _link_a_hand_card_as_dress_source(s: State) -> None:
    esper.add_component(_hand(s)[0], DressSource(s.board.circles[0][Circle.VC][0]))


def _make_a_hand_card_a_token(s: State) -> None:
    esper.add_component(_hand(s)[0], Token())


def _imprison_a_hand_card(s: State) -> None:
    esper.add_component(_hand(s)[0], Imprisoned(1))


def _make_a_hand_card_a_heart(s: State) -> None:
    esper.add_component(_hand(s)[0], HeartLink(s.board.circles[0][Circle.VC][0]))


def _list_a_card_twice(s: State) -> None:
    s.board.zones[0][Zone.HAND] += (_hand(s)[0],)


def _list_a_card_on_the_other_side(s: State) -> None:
    s.board.zones[1][Zone.HAND] += (_pop_hand(s),)


def _list_a_card_nowhere(s: State) -> None:
    _pop_hand(s)


def _list_an_entity_that_is_no_card(s: State) -> None:
    s.board.zones[0][Zone.DROP] += (esper.create_entity(),)


def _give_a_hand_card_a_circle(s: State) -> None:
    esper.component_for_entity(_hand(s)[0], Position).circle = Circle.FRONT_LEFT


def _list_a_rear_guard_on_the_next_circle(s: State) -> None:
    circles = s.board.circles[0]
    at = next(c for c, units in circles.items() if units and c is not Circle.VC)
    free = next(c for c, units in circles.items() if not units and c is not Circle.VC)
    circles[free], circles[at] = circles[at], ()


def _imprison_a_card_left_on_its_owners_side(s: State) -> None:
    """PRI-01: an imprisoned card belongs in its jailer's order zone, not its owner's."""
    card = _pop_hand(s)
    esper.component_for_entity(card, Position).zone = Zone.ORDER
    s.board.zones[0][Zone.ORDER] += (card,)
    esper.add_component(card, Imprisoned(1))


def _imprison_a_card(s: State) -> int:
    """Move a hand card of player 0 into player 1's order zone as player 1's prisoner."""
    card = _pop_hand(s)
    esper.component_for_entity(card, Position).zone = Zone.ORDER
    s.board.zones[1][Zone.ORDER] += (card,)
    esper.add_component(card, Imprisoned(1))
    return card


def _free_a_prisoner_in_the_jailers_order_zone(s: State) -> None:
    esper.remove_component(_imprison_a_card(s), Imprisoned)


def _list_a_prisoner_on_its_owners_side_too(s: State) -> None:
    card = _imprison_a_card(s)
    s.board.zones[0][Zone.ORDER] += (card,)


# Each way a card can be listed elsewhere than its Position says, for check_one_zone_per_card
# (which takes a fast path and names the card on the slow one).
MISPLACED: list[tuple[Callable[[State], None], str]] = [
    (_move_in_board_only, "but listed at"),
    (_list_a_card_twice, "listed more than once"),
    (_list_a_card_on_the_other_side, "but listed at"),
    (_list_a_card_nowhere, "but listed at None"),
    (_list_an_entity_that_is_no_card, "is at None but listed at"),
    (_give_a_hand_card_a_circle, "but listed at"),
    (_list_a_rear_guard_on_the_next_circle, "but listed at"),
    (_imprison_a_card_left_on_its_owners_side, "but listed at"),
    (_free_a_prisoner_in_the_jailers_order_zone, "but listed at"),
    (_list_a_prisoner_on_its_owners_side_too, "listed more than once"),
]


@pytest.mark.parametrize("corrupt, message", MISPLACED,
                         ids=[c[0].__name__.strip("_") for c in MISPLACED])
def test_CORE_01_a_card_listed_anywhere_but_where_its_position_says_is_named(corrupt, message):
    game = _deck_game()
    game.switch()
    inv.check_one_zone_per_card(game.state)
    corrupt(game.state)
    with pytest.raises(AssertionError, match=message):
        inv.check_one_zone_per_card(game.state)


def test_PRI_01_a_prisoner_is_listed_in_its_jailers_order_zone():
    """The other side of the fault above: there, with its owner's Position, it is in place."""
    game = _deck_game()
    game.switch()
    _imprison_a_card(game.state)
    inv.check_one_zone_per_card(game.state)


def _two_units_on_a_circle(s: State) -> None:
    card = _pop_hand(s)
    s.board.circles[0][Circle.FRONT_LEFT] += (card, card)


def _link_a_hand_card_in_legion(s: State) -> None:
    esper.add_component(_hand(s)[0], LegionLink(s.board.circles[0][Circle.VC][0], leader=False))


CORRUPTIONS: list[tuple[Callable[[State], None], Callable[[State], None], str]] = [
    (_link_a_hand_card_in_legion, inv.check_legion_links, "one-sided"),
    (_move_in_board_only, inv.check_one_zone_per_card, "but listed at"),
    (_share_an_object_id, inv.check_unique_objects, "duplicate object ids"),
    (_lose_a_card, inv.check_cards_conserved, "player 0 owns"),
    (_empty_the_vc, inv.check_zone_sizes, "not one vanguard"),
    (_wrong_turn_player, inv.check_turn_order, "belongs to player"),
    (_battle_in_the_first_turn, inv.check_turn_order, "a battle phase in the first turn"),
    (_battle_in_main_phase, inv.check_battle, "in phase main"),
    (_call_a_missing_card, inv.check_decision_actions, "card not in hand"),
    (_main_phase_for_the_opponent, inv.check_decision_fits_the_moment, "asked of player"),
    (_over_without_game_ended, inv.check_game_over_iff_lost, "last event"),
    (_force_in_standard, inv.check_gifts, "force markers"),
    (_delete_a_hand_card, inv.check_deleted_vanguards, "is not a vanguard"),
    (_auto_of_a_missing_card, inv.check_pending_work, "auto PendingAuto(source=9999"),
    (_order_waiting_in_the_order_area, inv.check_order_area, "waits with nothing to resolve"),
    (_lock_a_hand_card, inv.check_locked_cards, "locked card"),
    (_link_a_hand_card_as_dress_source, inv.check_dress_sources, "outside the dress zone"),
    (_make_a_hand_card_a_token, inv.check_tokens, "in Zone.HAND"),
    (_imprison_a_hand_card, inv.check_imprisoned, "imprisoned"),
    (_make_a_hand_card_a_heart, inv.check_hearts, "not under"),
    (_two_units_on_a_circle, inv.check_circles_after_rule_actions, "units on front_left"),
]


@pytest.mark.parametrize(
    "corrupt, check, message", CORRUPTIONS, ids=[c[0].__name__.strip("_") for c in CORRUPTIONS]
)
def test_each_check_catches_the_corruption_it_names(corrupt, check, message):
    game = _deck_game()
    game.switch()
    check(game.state)  # holds before
    corrupt(game.state)
    with pytest.raises(AssertionError, match=message.replace("(", r"\(")):
        check(game.state)
    with pytest.raises(AssertionError):
        game.check_invariants()


def test_every_check_is_run_and_named_as_a_property():
    checks = [c for c in vars(inv).values() if callable(c) and c.__name__.startswith("check_")]
    assert set(inv.CHECKS) == set(checks) - {inv.check_all}
    assert {check.__name__ for _, check, _ in CORRUPTIONS} == {c.__name__ for c in inv.CHECKS}


# -- every fault each quickened check names (a faster check must still catch each one) ---------


def _object_id_above_next_obj(s: State) -> None:
    esper.component_for_entity(_hand(s)[0], Position).obj = s.next_obj + 1


def _an_unknown_circle(s: State) -> None:
    s.board.circles[0]["moon"] = ()  # type: ignore[index]


def _swap_a_circle_for_an_unknown_one(s: State) -> None:
    """As many circles as the base board, one of them unknown: the count alone proves nothing."""
    circles = s.board.circles[0]
    units = circles.pop(Circle.BACK_RIGHT)
    circles["moon"] = units  # type: ignore[index]


def _an_accel_circle_in_standard(s: State) -> None:
    s.board.circles[0][Circle.ACCEL_1] = ()


def _two_cards_in_the_trigger_zone(s: State) -> None:
    s.board.zones[0][Zone.TRIGGER] += (_pop_hand(s), _pop_hand(s))


def _two_orders_in_the_order_area(s: State) -> None:
    s.board.zones[0][Zone.ORDER_AREA] += (_pop_hand(s), _pop_hand(s))


def _a_guardian_outside_a_battle(s: State) -> None:
    s.board.zones[0][Zone.GC] += (_pop_hand(s),)


def _a_checked_card_left_over(s: State) -> None:
    s.board.zones[0][Zone.TRIGGER] += (_pop_hand(s),)


def _a_g_zone_card_in_standard(s: State) -> None:
    s.board.zones[0][Zone.G_ZONE] += (_pop_hand(s),)


def _give_a_card_to_the_opponent(s: State) -> None:
    esper.component_for_entity(_hand(s)[0], Position).owner = 1


def _two_units_on_a_back_circle(s: State) -> None:
    s.board.circles[1][Circle.BACK_CENTER] += (_pop_hand(s), _pop_hand(s))


def _no_actions(s: State) -> None:
    s.decision = dataclasses.replace(s.decision, actions=())


def _repeat_an_action(s: State) -> None:
    d = s.decision
    s.decision = dataclasses.replace(d, actions=(*d.actions, dataclasses.replace(d.actions[0])))


def _call_a_card_from_the_drop(s: State) -> None:
    card = _pop_hand(s)
    s.board.zones[0][Zone.DROP] += (card,)
    esper.component_for_entity(card, Position).zone = Zone.DROP
    d = s.decision
    s.decision = dataclasses.replace(
        d, actions=(*d.actions, Action(ActionKind.CALL, card=card, circle=Circle.BACK_LEFT)))


def _six_damage_at_a_quiet_decision(s: State) -> None:
    deck = s.board.zones[0][Zone.DECK]
    s.board.zones[0][Zone.DAMAGE] += deck[:6 - len(s.board.zones[0][Zone.DAMAGE])]


def _no_deck_at_a_quiet_decision(s: State) -> None:
    s.board.zones[1][Zone.DECK] = ()


def _end_the_game(s: State, code: str, winner: int | None) -> None:
    s.over, s.decision, s.end_code, s.end_reason, s.winner = True, None, code, code, winner
    s.events.append(GameEnded(winner, code))


def _over_by_damage_without_damage(s: State) -> None:
    _end_the_game(s, "damage", 1)


def _the_loser_wins(s: State) -> None:
    s.board.zones[1][Zone.DECK] = ()
    _end_the_game(s, "deck_out", 1)


FAULTS: list[tuple[Callable[[State], None], Callable[[State], None], str]] = [
    (_over_by_damage_without_damage, inv.check_game_over_iff_lost, "over without a loss"),
    (_the_loser_wins, inv.check_game_over_iff_lost, "winner 1, but player(s) [1] lost"),
    (_six_damage_at_a_quiet_decision, inv.check_game_over_iff_lost,
     "player(s) [0] lost at a quiet decision"),
    (_no_deck_at_a_quiet_decision, inv.check_game_over_iff_lost,
     "player(s) [1] lost at a quiet decision"),
    (_object_id_above_next_obj, inv.check_unique_objects, "an object id above next_obj"),
    (_an_unknown_circle, inv.check_zone_sizes, "unknown circles {'moon'}"),
    (_swap_a_circle_for_an_unknown_one, inv.check_zone_sizes, "unknown circles {'moon'}"),
    (_an_accel_circle_in_standard, inv.check_zone_sizes, "accel circles in standard"),
    (_two_cards_in_the_trigger_zone, inv.check_zone_sizes, "2 in trigger"),
    (_two_orders_in_the_order_area, inv.check_zone_sizes, "two orders played at once"),
    (_a_guardian_outside_a_battle, inv.check_zone_sizes, "guardians outside a battle"),
    (_a_checked_card_left_over, inv.check_zone_sizes, "a checked card left over"),
    (_a_g_zone_card_in_standard, inv.check_zone_sizes, "a G zone card"),
    (_give_a_card_to_the_opponent, inv.check_cards_conserved, "player 0 owns 49 cards, not 50"),
    (_two_units_on_a_back_circle, inv.check_circles_after_rule_actions,
     "player 1: 2 units on back_center"),
    (_no_actions, inv.check_decision_actions, "has no legal actions"),
    (_repeat_an_action, inv.check_decision_actions, "repeats actions"),
    (_call_a_card_from_the_drop, inv.check_decision_actions, "card not in hand"),
]


@pytest.mark.parametrize("corrupt, check, message", FAULTS,
                         ids=[c[0].__name__.strip("_") for c in FAULTS])
def test_each_fault_of_a_check_is_caught(corrupt, check, message):
    game = _deck_game()
    game.switch()
    check(game.state)
    corrupt(game.state)
    with pytest.raises(AssertionError, match=re.escape(message)):
        check(game.state)


def test_CORE_01_the_circles_in_another_order_are_no_fault():
    """The base circles listed in another order than a new board's are the same circles."""
    game = _deck_game()
    game.switch()
    for p in (0, 1):
        circles = game.state.board.circles[p]
        game.state.board.circles[p] = dict(reversed(circles.items()))
    inv.check_zone_sizes(game.state)
    inv.check_circles_after_rule_actions(game.state)
    inv.check_one_zone_per_card(game.state)


def test_CORE_15_accel_circles_are_no_fault_in_premium():
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=3,
                   format="premium")
    game.switch()
    game.state.board.circles[0][Circle.ACCEL_1] = ()
    inv.check_zone_sizes(game.state)


def test_TOK_01_made_tokens_and_markers_are_not_counted_as_dealt():
    """A token or gift marker is a made entity: one more of them leaves the count as it was, and
    one entity both at once is one made entity (CORE-15, TOK-01)."""
    game = _deck_game()
    game.switch()
    s = game.state

    def make(*components: object) -> int:
        return esper.create_entity(Position(0, Zone.HAND, obj=s.new_object_id()), *components)

    token = make(Token())  # a token alone, then a marker alone, then one entity both at once
    inv.check_cards_conserved(s)
    esper.delete_entity(token, immediate=True)
    marker = make(GiftMarker())
    inv.check_cards_conserved(s)
    make(Token(), GiftMarker())
    inv.check_cards_conserved(s)
    esper.remove_component(marker, GiftMarker)  # now a dealt card too many
    with pytest.raises(AssertionError, match="player 0 owns 51 cards, not 50"):
        inv.check_cards_conserved(s)


def test_CORE_05_actions_that_differ_in_any_one_field_are_no_repeat():
    """Two actions equal but in one field are two actions; the duplicate test keys on every
    field of Action (a field added to Action and missed there would fail here)."""
    game = _deck_game()
    game.switch()
    s = game.state
    base = Action(ActionKind.PICK, card=_hand(s)[0])
    other = {"kind": ActionKind.DONE, "card": _hand(s)[1], "target": 5, "circle": Circle.VC,
             "index": 2}
    names = [f.name for f in dataclasses.fields(Action)]
    assert set(names) == set(other)
    for name in names:
        twin = dataclasses.replace(base, **{name: other[name]})
        assert len(inv_decisions._distinct((base, twin))) == 2, name
        assert len(inv_decisions._distinct((base, dataclasses.replace(base)))) == 1


def _game_at(kind: DecisionKind, seed: int = 3) -> vg.Game:
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"),
                   seed=seed)
    rng = np.random.default_rng(seed)
    while game.decision.kind is not kind or len(game.legal_actions()) < 2:
        game.step(game.legal_actions()[int(rng.integers(len(game.legal_actions())))])
    game.switch()
    return game


def _attacks(s: State) -> list[Action]:
    return [a for a in s.decision.actions if a.kind is ActionKind.ATTACK]


def test_CORE_09_an_attack_by_a_back_row_or_rested_unit_or_on_a_back_row_unit_is_caught():
    game = _game_at(DecisionKind.ATTACK)
    s = game.state
    inv.check_decision_actions(s)
    attack = _attacks(s)[0]
    me = s.decision.player
    faults = {
        "not a standing front-row unit": dataclasses.replace(attack, card=_put_a_unit(s, me)),
        "target not in front row": dataclasses.replace(attack, target=_put_a_unit(s, 1 - me)),
    }
    for message, bad in faults.items():
        actions = s.decision.actions
        s.decision = dataclasses.replace(s.decision, actions=(*actions, bad))
        with pytest.raises(AssertionError, match=message):
            inv.check_decision_actions(s)
        s.decision = dataclasses.replace(s.decision, actions=actions)
        inv.check_decision_actions(s)
    esper.component_for_entity(attack.card, Orientation).rested = True
    with pytest.raises(AssertionError, match="not a standing front-row unit"):
        inv.check_decision_actions(s)


def _put_a_unit(s: State, player: int) -> int:
    """Put a hand card of `player` on a free back-row RC of theirs, Position and Board alike."""
    circles = s.board.circles[player]
    circle = next(c for c in (Circle.BACK_LEFT, Circle.BACK_CENTER, Circle.BACK_RIGHT)
                  if not circles[c])
    hand = s.board.zones[player][Zone.HAND]
    card, s.board.zones[player][Zone.HAND] = hand[-1], hand[:-1]
    circles[circle] = (card,)
    pos = esper.component_for_entity(card, Position)
    pos.zone, pos.circle = Zone.RC, circle
    return card
