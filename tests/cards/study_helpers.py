"""Helpers of the product study (issue 19): the moves a card's scenario test makes again and
again (an attack left unguarded, a guard, a ride from hand, a trigger revealed by a drive
check), spoken in the domain."""

from __future__ import annotations

import collections
import re
from pathlib import Path

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import AbilityActivated, AutoPlayed, OrderPlayed
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    pick,
    power_of,
    unit_at,
    zone_of,
)


def attack(game: vg.Game, attacker: int, target: int) -> None:
    """Declare an attack (no boost is offered when no unit stands behind)."""
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))


def no_guard(game: vg.Game) -> None:
    """The defender calls no guardian."""
    game.step(pick(game, ActionKind.DONE))


def ride_from_hand(game: vg.Game, player: int, card_id: str) -> int:
    """Ride a card of the hand (a normal ride in the ride phase)."""
    card = card_named(game, player, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.RIDE, card=card))
    return card


def call_from_hand(
    game: vg.Game, player: int, card_id: str, circle: Circle = Circle.FRONT_LEFT
) -> int:
    """A normal call from hand to a rear-guard circle."""
    card = card_named(game, player, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.CALL, card=card, circle=circle))
    return card


def say_yes(game: vg.Game) -> None:
    """Answer an optional ability's or cost's question yes."""
    game.step(pick(game, ActionKind.YES))


def pay_first_cards(game: vg.Game) -> None:
    """Pay a cost that asks which cards (counter blast, soul blast, discard, counter charge)
    with the first ones offered, as long as one is asked."""
    while game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.label in (
            "counter blast", "soul blast", "discard", "counter charge"):
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))


def drive_into(db: vg.CardDB, trigger_id: str, **me: object) -> tuple[vg.Game, int]:
    """Player 0's vanguard (a vanilla grade 3, twin drive) attacks unguarded with `trigger_id`
    on top of the deck: the first drive check reveals it. A standing rear-guard keeps the turn
    going."""
    side: dict = {"vanguard": V3, "rear": {"front_left": G2}, "deck": [trigger_id] + [G2] * 9}
    side.update(me)
    game = scene(db, side, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    return game, vanguard


def assert_sentinel_guards(db: vg.CardDB, sentinel: str) -> None:
    """CORE-10: the sentinel, called to GC with a card to discard for its cost, keeps the
    attacked vanguard from being hit; with no other card in hand it cannot pay and the hit
    lands."""
    for hand, damage in (([G2], 0), ([], 1)):
        game = scene(
            db,
            {"vanguard": V3, "hand": [sentinel] + hand},
            {"vanguard": V3, "rear": {"front_left": G2}},
            phase="battle",
            turn_player=1,
        )
        attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
        game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, sentinel)))
        game.step(pick(game, ActionKind.DONE))
        assert damage_count(game, 0) == damage


def assert_trigger_effect(db: vg.CardDB, card_id: str, power: int = 10000) -> None:
    """CORE-14: the trigger revealed by a drive check does its type's effect, and only it:
    critical +1 critical, draw a card, front +10000 to the front row, heal a damage (damage 1
    against 0); every type's `power` (the D-era +10000 unless told: classic triggers give
    +5000) goes to the vanguard (front: to each front-row unit)."""
    game, vanguard = drive_into(db, card_id, damage=[G2])
    trigger = db[card_id].trigger
    assert trigger is not None, f"{card_id} is not a trigger unit"
    kind = trigger.value
    if kind != "front":
        game.step(pick(game, ActionKind.PICK, card=vanguard))
    if kind == "critical":
        game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == db[V3].power + power
    assert critical_of(game, vanguard) == (2 if kind == "critical" else 1)
    assert (len(cards_in(game, 0, Zone.HAND)) == 3) is (kind == "draw")
    front_left = power_of(game, unit_at(game, 0, Circle.FRONT_LEFT))
    assert (front_left == db[G2].power + power) is (kind == "front")
    assert (damage_count(game, 0) == 0) is (kind == "heal")


def assert_vanilla_grade_2_intercepts(db: vg.CardDB, card_id: str) -> None:
    """A vanilla grade 2 (10000, shield 5000, intercept, no ability): from the front row it
    intercepts, its 5000 shield stops a 13000 attack on a 13000 vanguard, and it is retired as
    a guardian (CORE-10)."""
    card = db[card_id]
    assert (card.grade, card.power, card.shield, card.abilities) == (2, 10000, 5000, ())
    game = scene(
        db,
        {"vanguard": V3, "rear": {"front_left": card_id}},
        {"vanguard": V3, "rear": {"front_left": G2}},
        phase="battle",
        turn_player=1,
    )
    interceptor = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.INTERCEPT, card=interceptor))
    no_guard(game)
    assert damage_count(game, 0) == 0 and zone_of(game, interceptor) is Zone.DROP


BOOSTER_ROW = re.compile(r"^\| (\d{3}) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$")


def fill_deck(main: list[str], cards: list[str], copies: int, size: int = 50) -> list[str]:
    """Append `cards` to `main` in rounds (each once, in the order given, then again) while it
    has fewer than `size`, no card beyond `copies` copies in all (those already in `main`
    count); return `main`. How the booster studies fill their nation decks."""
    counts = collections.Counter(main)
    for card in cards * copies:
        if len(main) == size:
            break
        if counts[card] < copies:
            main.append(card)
            counts[card] += 1
    return main


def booster_table(doc: Path) -> list[tuple[str, str, str, str, str, str]]:
    """The rows of a whole booster's table (docs/boosters/d-bt0N.md), each its six cells
    stripped: no., our name, real name, verdict, how / what is missing, test."""
    rows = []
    for line in doc.read_text(encoding="utf-8").splitlines():
        match = BOOSTER_ROW.match(line)
        if match:
            no, ours, real, verdict, how, test = (cell.strip() for cell in match.groups())
            rows.append((no, ours, real, verdict, how, test))
    return rows


def play_busy(game: vg.Game, rng: np.random.Generator, limit: int,
              check_each_step: bool = False) -> None:
    """Play a game with random legal actions until it ends or `limit` decisions were made; four
    times in five an action other than done/no is preferred when there is one, so that the
    booster studies' random games use the cards (checking the invariants after every step when
    asked)."""
    for _ in range(limit):
        if game.over:
            break
        actions = game.legal_actions()
        busy = [a for a in actions if a.kind not in (ActionKind.DONE, ActionKind.NO)]
        pool = busy if busy and rng.random() < 0.8 else actions
        game.step(pool[int(rng.integers(len(pool)))])
        if check_each_step:
            game.check_invariants()


def abilities_played(game: vg.Game, orders: bool = True) -> set[str]:
    """The ids of the cards whose auto or act abilities (and, with `orders`, order plays) the
    game's log shows played."""
    kinds: tuple[type, ...] = (AutoPlayed, AbilityActivated, OrderPlayed) if orders \
        else (AutoPlayed, AbilityActivated)
    return {game.state.card(e.card).id for e in game.events if isinstance(e, kinds)}
