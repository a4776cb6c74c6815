"""Test helpers that speak the domain: pick an action, find a unit, read a zone or a value."""

from __future__ import annotations

from collections.abc import Callable

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import Action, ActionKind
from ecs_vanguard.vocab.events import AutoPlayed
from ecs_vanguard.vocab.zones import Circle, Zone


def pick(game: vg.Game, kind: ActionKind, **fields: object) -> Action:
    """Return the one legal action of `kind` whose fields match; fail listing the legal ones."""
    matches = [a for a in game.legal_actions()
               if a.kind is kind and all(getattr(a, k) == v for k, v in fields.items())]
    if len(matches) != 1:
        legal = "\n  ".join(str(a) for a in game.legal_actions())
        raise AssertionError(f"{len(matches)} legal actions match {kind.value} {fields}; "
                             f"decision {game.decision}; legal:\n  {legal}")
    return matches[0]


def has_action(game: vg.Game, kind: ActionKind, **fields: object) -> bool:
    """True if some legal action of `kind` has these fields."""
    return any(a.kind is kind and all(getattr(a, k) == v for k, v in fields.items())
               for a in game.legal_actions())


def unit_at(game: vg.Game, player: int, circle: Circle) -> int:
    """Return the unit on a circle (fails if empty)."""
    game.switch()
    unit = q.try_unit_at(game.state, player, circle)
    assert unit is not None, f"no unit on {circle} of player {player}"
    return unit


def zone_of(game: vg.Game, card: int) -> Zone:
    """Return the zone a card is in."""
    game.switch()
    return q.position(card).zone  # type: ignore[return-value]


def cards_in(game: vg.Game, player: int, zone: Zone) -> list[int]:
    """Return the cards of a list zone, in order."""
    return list(game.state.board.zones[player][zone])


def ids_in(game: vg.Game, player: int, zone: Zone) -> list[str]:
    """Return the card ids of a list zone, in order."""
    return [game.state.card(c).id for c in game.state.board.zones[player][zone]]


def power_of(game: vg.Game, card: int) -> int:
    """Return a unit's current power."""
    game.switch()
    return q.power(game.state, card)


def critical_of(game: vg.Game, card: int) -> int:
    """Return a unit's current critical."""
    game.switch()
    return q.critical(game.state, card)


def is_rested(game: vg.Game, card: int) -> bool:
    game.switch()
    return q.orientation(card).rested


def is_face_up(game: vg.Game, card: int) -> bool:
    game.switch()
    return q.orientation(card).face_up


def object_id(game: vg.Game, card: int) -> int:
    game.switch()
    return q.position(card).obj


def events_of(game: vg.Game, kind: type) -> list:
    """Return the logged events of one type."""
    return [e for e in game.events if isinstance(e, kind)]


def plays_of(game: vg.Game, card: int) -> int:
    """How many times an auto ability of `card` was played (its AutoPlayed events)."""
    return sum(1 for e in game.events if isinstance(e, AutoPlayed) and e.card == card)


def damage_count(game: vg.Game, player: int) -> int:
    return len(game.state.board.zones[player][Zone.DAMAGE])


def card_named(game: vg.Game, player: int, zone: Zone, card_id: str) -> int:
    """Return the first card of a zone with this id."""
    for c in game.state.board.zones[player][zone]:
        if game.state.card(c).id == card_id:
            return c
    raise AssertionError(f"no {card_id} in {zone} of player {player}")


def start_game(db: vg.CardDB, side0: dict, side1: dict, *, decks: tuple = (None, None),
               fmt: str = "standard", phase: str = "main", turn_player: int = 0) -> vg.Game:
    """Start a turn-3 Scenario from two players' sides; a side without a deck gets the matching
    entry of `decks` (None: the Scenario's own default)."""
    for side, deck in zip((side0, side1), decks, strict=True):
        if deck is not None:
            side.setdefault("deck", deck)
    return (vg.Scenario(db, format=fmt).player(0, **side0).player(1, **side1)
            .start(turn=3, turn_player=turn_player, phase=phase))


def play_quietly_until(game: vg.Game, until: Callable[[vg.Game], bool], limit: int = 400) -> None:
    """Play the quietest legal actions (done, no, then the first) until `until` holds."""
    for _ in range(limit):
        if until(game):
            return
        assert not game.over, game.end_reason
        actions = game.legal_actions()
        chosen = next((a for a in actions if a.kind is ActionKind.DONE),
                      next((a for a in actions if a.kind is ActionKind.NO), actions[0]))
        game.step(chosen)
    raise AssertionError("the position never came")


def record_deck_checks(monkeypatch) -> list[tuple[vg.Deck, str]]:
    """Forget the decks Game found legal, and return the list of (deck, format) it checks
    against the construction rules from now on (CORE-02), each as it is checked."""
    from ecs_vanguard.game import facade

    checked: list[tuple[vg.Deck, str]] = []
    check = facade.validate_deck
    monkeypatch.setattr(facade, "validate_deck", lambda deck, db, rules: (
        checked.append((deck, rules.format.value)), check(deck, db, rules)))
    monkeypatch.setattr(facade, "_LEGAL_DECKS", {})
    return checked
