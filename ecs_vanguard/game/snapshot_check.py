"""Checks of a snapshot before and after it is built, so a damaged or hostile `to_json` text is
one SnapshotError, never a crash later, a hang or gigabytes of memory (issue 12).

Before anything is decoded: the text's size and nesting, the number and range of entity ids.
Before any entity is made: every card's components (owner, zone, circle, orientation), the
board listing each card exactly once where its Position says, players and the winner. After
the game is built: every invariant of `ecs_vanguard.game.invariants`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from components import Card, Imprisoned, Modifier, Modifiers, Orientation, Position
from ecs_vanguard.derived.scopes import SELECTORS
from ecs_vanguard.derived.values import FILTERS
from ecs_vanguard.game.invariants import check_all
from ecs_vanguard.state import Board, RuleModifier, State, TurnState
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.decisions import Decision
from ecs_vanguard.vocab.errors import SnapshotError
from ecs_vanguard.vocab.rule_changes import HOOK_CHANGES, RuleChange, RuleDuration, RuleHook
from ecs_vanguard.vocab.zones import LIST_ZONES, Circle, Zone

_PLAYERS = (0, 1)
_REQUIRED = (Card, Position, Orientation, Modifiers)


def _fail(message: str) -> SnapshotError:
    return SnapshotError(f"malformed snapshot: {message}")


def check_text(text: object) -> None:
    """Refuse a snapshot text that is too large or nested too deeply to parse safely."""
    if not isinstance(text, str | bytes | bytearray):
        raise _fail(f"expected JSON text, got {type(text).__name__}")
    if len(text) > limits.SNAPSHOT_BYTES:
        raise SnapshotError(f"snapshot larger than {limits.size_text(limits.SNAPSHOT_BYTES)}, "
                            "the most a snapshot may hold")
    as_text = text if isinstance(text, str) else bytes(text).decode("utf-8", "replace")
    limits.check_nesting(as_text, limit=limits.JSON_NESTING, toml=False, error=SnapshotError,
                         where="snapshot")


def check_rng(rng: object) -> None:
    """Refuse a generator state that is not numpy's PCG64 state of plain integers in range
    (its 128-bit state and increment, its 0/1 flag and 32-bit buffer): numpy would raise an
    OverflowError on a huge integer, or take a float."""
    fields = {"state": 128, "inc": 128}
    ok = (type(rng) is dict and set(rng) == {"bit_generator", "state", "has_uint32", "uinteger"}
          and rng["bit_generator"] == "PCG64" and type(rng["state"]) is dict
          and set(rng["state"]) == set(fields)
          and all(type(rng["state"][k]) is int and 0 <= rng["state"][k] < 2**bits
                  for k, bits in fields.items())
          and rng["has_uint32"] in (0, 1) and type(rng["has_uint32"]) is int
          and type(rng["uinteger"]) is int and 0 <= rng["uinteger"] < 2**32)
    if not ok:
        raise _fail("the generator state must be numpy's PCG64 state: bit_generator 'PCG64', "
                    "state and inc integers of 0 to 2**128-1, has_uint32 0 or 1, uinteger of "
                    "0 to 2**32-1")


def check_entity_ids(entities: list[Any]) -> None:
    """Refuse entity entries that are not [id, [components]] with ids 1..MAX_ENTITIES, once each
    (one entity id of 10,000,000 would make ten million entities)."""
    if len(entities) > limits.MAX_ENTITIES:
        raise _fail(f"{len(entities)} entities, more than the {limits.MAX_ENTITIES} a game has")
    seen: set[int] = set()
    for entry in entities:
        if type(entry) is not list or len(entry) != 2 or type(entry[1]) is not list:
            raise _fail("each entity must be [id, [components]]")
        e = entry[0]
        if type(e) is not int or not 1 <= e <= limits.MAX_ENTITIES:
            raise _fail(f"entity id {e!r:.40} is not in 1..{limits.MAX_ENTITIES}")
        if e in seen:
            raise _fail(f"entity id {e} appears twice")
        seen.add(e)


def check_entities(entities: list[tuple[int, list[object]]]) -> dict[int, tuple[object, ...]]:
    """Check every entity's components; return where the board must list each entity: (the
    player whose zone holds it, zone, circle). An imprisoned card is its owner's but lies in its
    jailer's order zone (PRI-01)."""
    places: dict[int, tuple[object, ...]] = {}
    for e, comps in entities:
        kinds = [type(c) for c in comps]
        if len(set(kinds)) != len(kinds) or any(k not in kinds for k in _REQUIRED):
            raise _fail(f"entity {e} must hold one each of Card, Position, Orientation and "
                        "Modifiers, and no component twice")
        for c in comps:
            _COMPONENT_CHECKS.get(type(c), _no_check)(e, c)
        pos = next(c for c in comps if isinstance(c, Position))
        jail = next((c for c in comps if isinstance(c, Imprisoned)), None)
        places[e] = _place(pos, pos.owner if jail is None else jail.by)
    return places


def _no_check(e: int, c: object) -> None:
    """Components without a check of their own (rare statuses: invariants check them)."""


def _card(e: int, c: Card) -> None:
    if not isinstance(c.card_id, str):
        raise _fail(f"entity {e}: card id {c.card_id!r:.40}")


def _position(e: int, c: Position) -> None:
    if c.owner not in _PLAYERS or type(c.owner) is not int:
        raise _fail(f"entity {e}: owner {c.owner!r:.40} is not 0 or 1")
    if not isinstance(c.zone, Zone):
        raise _fail(f"entity {e}: zone {c.zone!r:.40} is not a Zone")
    if c.circle is not None and not isinstance(c.circle, Circle):
        raise _fail(f"entity {e}: circle {c.circle!r:.40} is not a Circle")
    if type(c.obj) is not int:
        raise _fail(f"entity {e}: object id {c.obj!r:.40}")


def _orientation(e: int, c: Orientation) -> None:
    if type(c.rested) is not bool or type(c.face_up) is not bool:
        raise _fail(f"entity {e}: rested and face_up must be true or false")


def _modifiers(e: int, c: Modifiers) -> None:
    if type(c.items) is not list or not all(isinstance(m, Modifier) for m in c.items):
        raise _fail(f"entity {e}: modifiers must be a list of Modifier")


_COMPONENT_CHECKS: dict[type, Any] = {Card: _card, Position: _position,
                                      Orientation: _orientation, Modifiers: _modifiers}


def check_state(fields: Mapping[str, Any], places: dict[int, tuple[object, ...]]) -> None:
    """Check the players, the winner and that the board lists every card exactly once, where
    its components say (CORE-01, PRI-01: `places` of check_entities), before anything is
    built."""
    turn, winner, decision = fields["turn"], fields["winner"], fields["decision"]
    if not isinstance(turn, TurnState) or turn.player not in _PLAYERS \
            or turn.first_player not in _PLAYERS:
        raise _fail("the turn's player and first player must be 0 or 1")
    if winner is not None and (type(winner) is not int or winner not in _PLAYERS):
        raise _fail(f"winner {winner!r:.40} is not 0, 1 or null")
    if decision is not None and (not isinstance(decision, Decision)
                                 or decision.player not in _PLAYERS):
        raise _fail("the pending decision must be a Decision of player 0 or 1")
    _rule_modifiers(fields["rule_modifiers"])
    board = fields["board"]
    if not isinstance(board, Board):
        raise _fail("'board' must be a Board")
    listed = _board_places(board)
    for e, place in places.items():
        where = listed.pop(e, None)
        if where is None:
            raise _fail(f"entity {e} is on no zone or circle of the board")
        if where != place:
            raise _fail(f"entity {e} is listed in {where} but its components say {place}")
    if listed:
        raise _fail(f"the board lists entity {min(listed)}, which the snapshot does not hold")


def _rule_modifiers(mods: object) -> None:
    """Refuse rule modifiers that are not records of players 0 or 1 with a change their hook
    takes and no negative uses (derived.rule_modifiers reads them as such)."""
    if type(mods) is not tuple or not all(isinstance(m, RuleModifier) for m in mods):
        raise _fail("'rule_modifiers' must be a tuple of RuleModifier")
    for m in mods:
        if m.player not in _PLAYERS or m.master not in _PLAYERS or type(m.player) is not int \
                or type(m.master) is not int:
            raise _fail("a rule modifier's player and master must be 0 or 1")
        if not isinstance(m.hook, RuleHook) or not isinstance(m.change, RuleChange) \
                or not isinstance(m.until, RuleDuration) or m.change not in HOOK_CHANGES[m.hook]:
            raise _fail(f"a rule modifier's hook, change or duration is not valid: {m!r:.120}")
        if any(type(v) is not int for v in (m.amount, m.uses, m.turn, m.source, m.unit,
                                             m.unit_obj)) or m.uses < 0:
            raise _fail("a rule modifier's amount, uses, turn, source and unit must be whole "
                        "numbers (uses 0 or more)")
        if type(m.scope) is not str or type(m.where) is not tuple \
                or (m.scope not in ("", "unit") and m.scope not in SELECTORS) \
                or not all(type(w) is tuple and len(w) == 2 and w[0] in FILTERS
                           for w in m.where):
            raise _fail("a rule modifier's scope must be a selector (or none) and its where "
                        "known filters")


def _place(pos: Position, holder: int) -> tuple[object, ...]:
    circle = pos.circle if pos.zone in (Zone.VC, Zone.RC) else None
    return (holder, pos.zone, circle)


def _board_places(board: Board) -> dict[int, tuple[object, ...]]:
    """Return where the board lists each entity; refuse a malformed board or a card twice."""
    if (type(board.zones) is not list or type(board.circles) is not list
            or len(board.zones) != 2 or len(board.circles) != 2):
        raise _fail("the board must hold the zones and circles of 2 players")
    places: dict[int, tuple[object, ...]] = {}
    for p in _PLAYERS:
        zones, circles = board.zones[p], board.circles[p]
        if type(zones) is not dict or set(zones) != set(LIST_ZONES) or type(circles) is not dict \
                or not all(isinstance(c, Circle) for c in circles):
            raise _fail(f"the board of player {p} must list every zone and only circles")
        lists: list[tuple[tuple[object, ...], Any]] = [((p, z, None), cards)
                                                       for z, cards in zones.items()]
        lists += [((p, Zone.VC if c is Circle.VC else Zone.RC, c), units)
                  for c, units in circles.items()]
        for place, cards in lists:
            if type(cards) is not tuple:
                raise _fail(f"the board's {place[1]} of player {p} must be a tuple")
            for card in cards:
                if card in places or type(card) is not int:
                    raise _fail(f"the board lists {card!r:.40} twice or as a non-id")
                places[card] = place
    return places


def check_built(state: State) -> None:
    """Run every invariant on the built game; a broken one is a SnapshotError naming it."""
    try:
        check_all(state)
    except AssertionError as exc:
        raise _fail(f"the position breaks an invariant: {str(exc).splitlines()[0]:.200}") \
            from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise _fail(f"the position cannot be read: {type(exc).__name__}: {exc}") from None
