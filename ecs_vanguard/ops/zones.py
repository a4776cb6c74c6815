"""The one zone-move function, the moves the rules redirect, and the moves that are not zone
changes (CORE-01, CORE-07, CORE-20, STR-12, STR-14, LEG-09, OD-05..09, TOK-01, TOK-03).

`move_card` is the only code that writes `Position.zone`; a test greps the tree to keep it so.
It returns where the card really went, so an op logs its named event ("retired", "bound") only
for a move that happened as asked (a G unit on VC goes straight to the G zone instead).
"""

from __future__ import annotations

from collections.abc import Sequence

from components import (
    Card,
    DressSource,
    GiftMarker,
    HeartLink,
    Imprisoned,
    LegionLink,
    Locked,
    Modifiers,
    Orientation,
    Position,
    Token,
)
from ecs_vanguard.derived import query as q
from ecs_vanguard.ops.emit import batch, emit, watch
from ecs_vanguard.state import State, world
from ecs_vanguard.vocab.events import CardMoved, PutIntoGZone, Shuffled, UnitMoved
from ecs_vanguard.vocab.formats import UnitType
from ecs_vanguard.vocab.zones import Circle, Zone

_FACE_DOWN_ZONES = frozenset({Zone.DECK, Zone.HAND, Zone.RIDE_DECK, Zone.G_ZONE})
_MARKER_ZONES = frozenset({Zone.HAND, Zone.GC})
_CIRCLE_ZONES = frozenset({Zone.VC, Zone.RC, Zone.GC})
# OD-04: the field, the circles and the dress area (a dress source is a card on the field):
# a token's valid zones (TOK-01), and where a G unit leaving goes on to the G zone (STR-12).
_FIELD_ZONES = _CIRCLE_ZONES | {Zone.DRESS}
_PLAIN_COMPONENTS = 4     # Card, Position, Orientation, Modifiers: more means a rare status
# Where an arriving card can make a rule action apply: damage (CORE-16), guardians (CORE-17).
_RULE_ACTION_PLACES = frozenset({Zone.DAMAGE, Zone.GC})


def _place(state: State, card: int, pos: Position) -> tuple[dict, object]:
    """Return the board dict holding the card's zone or circle, and its key there."""
    if pos.zone is Zone.VC or pos.zone is Zone.RC:
        return state.board.circles[pos.owner], pos.circle
    # PRI-01: in the jailer's zone
    prison = world.maybe(card, Imprisoned)
    holder = prison.by if prison is not None else pos.owner  # type: ignore[attr-defined]
    return state.board.zones[holder], pos.zone


def _take_out(state: State, card: int, pos: Position) -> None:
    holder, key = _place(state, card, pos)
    cards: tuple[int, ...] = holder[key]
    at = 0
    for other in cards:        # a native scan: tuple.index was a Python method call
        if other == card:
            break
        at += 1
    else:
        raise ValueError(f"card {card} is not in its zone {key}")
    holder[key] = cards[:at] + cards[at + 1:]
    state.board.key = None
    if key is Zone.DECK and len(cards) == 1:
        state.engine.rule_check_due = True     # CORE-16: a deck emptied


def _put_in(state: State, card: int, pos: Position, top: bool = False) -> None:
    holder, key = _place(state, card, pos)
    cards = holder[key] = (card, *holder[key]) if top else (*holder[key], card)
    state.board.key = None
    if (key in _RULE_ACTION_PLACES or (len(cards) > 1 and pos.zone is Zone.RC)
            or world.present(Imprisoned)):       # PRI-04 reads the prisons, whatever moved
        state.engine.rule_check_due = True     # CORE-16, CORE-17: what a rule action reads


def move_card(state: State, card: int, to: Zone, *, circle: Circle | None = None,
              top: bool = False, rested: bool = False, face_up: bool | None = None,
              keep_object: bool = False, imprisoned_by: int | None = None,
              quietly: bool = False) -> Zone:
    """Move a card to a zone of its owner as a new object (CORE-20); the only writer of zones.

    Args:
        to: destination zone; VC and RC need `circle` (VC's circle is Circle.VC).
        top: for list zones, put it first (the top of a deck); otherwise last.
        rested: orientation on arrival (guardians arrive at rest, CORE-10).
        face_up: orientation on arrival; by default face down in deck, hand, ride deck, G zone.
        keep_object: a move between circles (intercept: RC to GC) is not a zone change
            (CORE-20): the card keeps its object, modifiers and orientation.
        imprisoned_by: put it into that player's order zone as imprisoned (PRI-01).
        quietly: an undone move (a cancelled play, CORE-19) puts the card back and logs no
            event: nothing happened.

    Returns:
        The zone the card arrived in: `to`, or where a rule sent it instead (STR-12: a G unit
        leaving VC for anywhere but a circle goes straight to the G zone; CORE-15: a Protect
        marker anywhere but hand or GC leaves the game).
    """
    # One look-up for the position, object, modifiers and face: the card's own dict stays the
    # same one while it is owned (statuses come and go in it).
    comps = world.own(state, card)
    pos: Position = comps[Position]  # type: ignore[assignment]
    from_zone = pos.zone
    g_unit = state.card(card).unit_type is UnitType.G_UNIT
    if g_unit and from_zone is Zone.VC and to not in _CIRCLE_ZONES and to is not Zone.G_ZONE:
        put_into_g_zone(state, [card])               # STR-12: from VC, straight there
        return Zone.G_ZONE
    _take_out(state, card, pos)
    rare = len(comps) > _PLAIN_COMPONENTS
    if rare or imprisoned_by is not None:
        to = _leave_statuses(state, card, to, imprisoned_by)
    if state.battle is not None:
        guardians = state.battle.guardians
        if card in guardians:                  # (dict.pop with a default is a method call)
            del guardians[card]
    state.engine.dirty = True                  # a zone change is what can make a rule action apply
    pos.zone = to
    pos.circle = Circle.VC if to is Zone.VC else (circle if to is Zone.RC else None)
    if not keep_object:
        _renew(state, card, comps)
        orient: Orientation = comps[Orientation]  # type: ignore[assignment]
        orient.rested = rested
        orient.face_up = (to not in _FACE_DOWN_ZONES) if face_up is None else face_up
    _put_in(state, card, pos, top)
    _track_ride_deck_origin(state, card, from_zone, to)
    if to is not Zone.DRESS and not quietly:   # OD-12: becoming a source is not leaving the field
        emit(state, CardMoved(card, pos.owner, from_zone, to,  # type: ignore[arg-type]
                              state.source))
    # What _after_leaving handles needs a status (a source, a token: rare), a G unit, or a unit
    # leaving a circle (its sources follow); a plain card moving between other zones has none.
    if rare or (to not in _CIRCLE_ZONES and (g_unit or from_zone in _CIRCLE_ZONES)):
        _after_leaving(state, card, from_zone, to, g_unit, imprisoned_by)
    return to


def _leave_statuses(state: State, card: int, to: Zone, imprisoned_by: int | None) -> Zone:
    """End the statuses a move ends (HRT-09, LEG-09, PRI-01, ACT-23) and return where the card
    really goes (a Protect marker anywhere but hand or GC leaves the game, CORE-15)."""
    if world.has(card, HeartLink) and to is not Zone.VC:
        _leave_heart(state, card)
    if world.has(card, LegionLink) and to is not Zone.VC:
        end_legion(state, card)
    if world.has(card, Imprisoned):
        world.detach(state, card, Imprisoned)
    if imprisoned_by is not None:
        world.attach(state, card, Imprisoned(imprisoned_by))
    if world.has(card, Locked):
        world.detach(state, card, Locked)          # a locked card leaving its circle
    if world.has(card, GiftMarker) and to not in _MARKER_ZONES:
        return Zone.REMOVED
    return to


def _after_leaving(state: State, card: int, from_zone: object, to: Zone, g_unit: bool,
                   imprisoned_by: int | None) -> None:
    """What follows a move off the circles: dress sources follow (OD-05) or unlink (OD-09), a
    G unit goes on to the G zone (STR-12, GG-03, GG-04), a token vanishes (TOK-01, TOK-03: right
    after the move, whose autos still trigger; not a rule action). A card becoming a dress
    source stays a card on the field (OD-04, seed 001 "舞装源仍然视为场上的卡"): a token does not
    vanish there, only when it goes on with its unit to another zone."""
    if world.has(card, DressSource):
        world.detach(state, card, DressSource)
    elif to not in _CIRCLE_ZONES and to is not Zone.DRESS and from_zone in _CIRCLE_ZONES:
        _follow_unit(state, card, to, imprisoned_by)
    if to in _FIELD_ZONES:
        return
    g_unit_on = g_unit and from_zone in _FIELD_ZONES and to not in (Zone.G_ZONE, Zone.REMOVED)
    token_on = not g_unit_on and to is not Zone.REMOVED and world.has(card, Token)
    if (g_unit_on or token_on) and state.engine.batch_depth:
        state.engine.passed[card] = to        # the autos of this move still see it there (TOK-03)
    if g_unit_on:
        put_into_g_zone(state, [card])
    elif token_on:
        move_card(state, card, Zone.REMOVED)


def end_legion(state: State, card: int) -> None:
    """LEG-09: when either leaves VC, the legion ends for both; each gets its own stand/rest
    and face again (they shared one while in legion, LEG-21)."""
    other = q.partner(card)
    for member in (card, other):
        if member is not None and world.has(member, LegionLink):
            world.detach(state, member, LegionLink)
            orient = q.orientation(member)
            world.attach(state, member, Orientation(orient.rested, orient.face_up))


def _leave_heart(state: State, heart: int) -> None:
    """HRT-09: a heart leaving VC stops being a heart; if it was the chosen one, a remaining
    single non-G heart becomes the chosen one (with several, StrideSystem asks)."""
    link = world.component(heart, HeartLink)
    world.detach(state, heart, HeartLink)
    if not link.chosen:
        return
    owner = q.position(heart).owner
    others = [c for c in state.board.circles[owner][Circle.VC]
              if world.has(c, HeartLink)
              and state.card(c).unit_type is not UnitType.G_UNIT]
    if len(others) == 1:
        world.attach(state, others[0], HeartLink(link.g_unit, chosen=True))


def put_into_g_zone(state: State, cards: Sequence[int]) -> None:
    """STR-14: (1) face up into the owner's G zone; (2) an Ultimate Stride G unit removes every
    card of that G zone from the game, itself included; (3) with no G unit left on VC, every
    heart is a vanguard again (no 'when placed', HRT-11); (4) 'put into the G zone' autos."""
    owners = set()
    with batch(state):
        for card in cards:
            move_card(state, card, Zone.G_ZONE, face_up=True)
            owners.add(q.position(card).owner)
        for card in cards:
            if state.card(card).ultimate_stride and q.position(card).zone is Zone.G_ZONE:
                owner = q.position(card).owner
                for other in list(state.board.zones[owner][Zone.G_ZONE]):
                    move_card(state, other, Zone.REMOVED)
        for owner in sorted(owners):
            vc = state.board.circles[owner][Circle.VC]
            if not any(q.is_g_unit(state, c) for c in vc):
                for heart in list(vc):
                    if world.has(heart, HeartLink):
                        world.detach(state, heart, HeartLink)
        for card in cards:
            emit(state, PutIntoGZone(card, q.position(card).owner))


def move_group_to_deck_bottom(state: State, cards: tuple[int, ...]) -> None:
    """Put an overDress unit and its sources at the bottom of the deck in the given order, top
    first (OD-07); a source from the ride deck goes face up to the ride deck instead (OD-08)."""
    back: set[int] = set()
    for card in cards:                     # unlink first, so the unit's move takes no source
        if world.has(card, DressSource):
            if world.component(card, DressSource).from_ride_deck:
                back.add(card)
            world.detach(state, card, DressSource)
    with batch(state):
        for card in cards:
            if card in back:
                move_card(state, card, Zone.RIDE_DECK, face_up=True)
            else:
                move_card(state, card, Zone.DECK)


def _follow_unit(state: State, unit: int, to: Zone, imprisoned_by: int | None = None) -> None:
    """OD-05, OD-08, OD-09: a unit leaving the field takes its dress sources to the same zone at
    the same time (not by that cost or effect, so in their default orientation); a source that
    came from the ride deck goes back there face up if the unit goes to the deck. The engine
    puts the unit first, then its sources, when the destination is ordered (OD-07 asks the
    controller in the rules, see move_group_to_deck_bottom). Imprisoned with it too (OD-06)."""
    for source in q.dress_sources(state, unit):
        back_to_ride_deck = to is Zone.DECK and world.component(source, DressSource).from_ride_deck
        move_card(state, source, Zone.RIDE_DECK if back_to_ride_deck else to,
                  face_up=True if back_to_ride_deck else None, imprisoned_by=imprisoned_by)


def _track_ride_deck_origin(state: State, card: int, from_zone: object, to: Zone) -> None:
    """Remember which cards on the field came from the ride deck (OD-08)."""
    if from_zone is Zone.RIDE_DECK and to in _CIRCLE_ZONES:
        state.from_ride_deck.add(card)
    elif to not in _CIRCLE_ZONES and to is not Zone.DRESS:
        state.from_ride_deck.discard(card)


def add_accel_circle(state: State, player: int, circle: Circle) -> None:
    """Give a player a new, empty front-row RC: an Accel circle (CORE-15)."""
    state.board.circles[player][circle] = ()
    state.board.key = None


def renew_object(state: State, card: int) -> None:
    """Make the card a new object: new id, no modifiers, no delete (CORE-20; also on lock and
    unlock, ACT-23, ACT-24)."""
    _renew(state, card, world.own(state, card))


def _renew(state: State, card: int, comps: dict[type, object]) -> None:
    """renew_object, on the card's own components (world.own)."""
    # Typed reads: the component dict's values are objects, and an attribute of an untyped
    # object is a Python look-up (issue 34).
    pos: Position = comps[Position]  # type: ignore[assignment]
    pos.obj = state.new_object_id()
    modifiers: Modifiers = comps[Modifiers]  # type: ignore[assignment]
    mods = modifiers.items
    if mods:
        mods.clear()
    state.deleted.discard(card)
    state.revealed.discard(card)


def move_between_circles(state: State, card: int, circle: Circle) -> None:
    """Move a rear-guard to another RC; not a zone change, so it stays the same object (CORE-07)."""
    pos = world.writable_position(state, card)
    from_circle = pos.circle
    _take_out(state, card, pos)
    pos.circle = circle
    _put_in(state, card, pos)
    state.engine.dirty = True                  # two units may now share a circle (CORE-17)
    for source in q.dress_sources(state, card):        # OD-12: a moving unit keeps its sources
        world.writable_position(state, source).circle = circle
    emit(state, UnitMoved(card, pos.owner, from_circle, circle))  # type: ignore[arg-type]


def shuffle(state: State, player: int, zone: Zone = Zone.DECK) -> None:
    """Randomize a hidden zone with the game's generator (ACT-11)."""
    cards = state.board.zones[player][zone]
    if len(cards) > 1:
        order = state.rng.permutation(len(cards))
        state.board.zones[player][zone] = tuple(cards[i] for i in order)
        state.board.key = None
    emit(state, Shuffled(player))


def create_card(state: State, owner: int, card_id: str, zone: Zone, *,
                circle: Circle | None = None, statuses: tuple[object, ...] = ()) -> int:
    """Make a card entity in a zone: at set-up, in a Scenario, for a gift marker (CORE-15) or a
    token (TOK-08). `statuses` are rare status components it starts with (GiftMarker, Token,
    Imprisoned, Locked, ...); an imprisoned card lies in its jailer's order zone (PRI-01), a
    locked card face down (ACT-23).

    The entity keeps its id for the whole game; `state.defs` is copied on write because clones
    share it.
    """
    state.defs = list(state.defs)
    comps = _components_of(state, owner, card_id, zone, circle, statuses)
    [entity] = world.create_many(state, [comps])
    _enter(state, [entity], [card_id])
    _put_in(state, entity, comps[Position])  # type: ignore[arg-type]
    watch(state, (entity,))
    return entity


def create_cards(state: State, places: Sequence[tuple[int, Zone, Sequence[str]]]) -> None:
    """Make the cards of a new game (set-up, CORE-03): for each (owner, zone, card ids), in that
    order, those cards in that zone in that order, as `create_card` would make them one by one
    (the same entity and object ids). The entities, `state.defs`, each zone's contents and the
    trigger index are made once for all of them, not once a card (world.create_many)."""
    state.defs = list(state.defs)
    made_all: list[int] = []
    for owner, zone, card_ids in places:
        if not card_ids:
            continue
        cards = [_components_of(state, owner, card_id, zone, None, ()) for card_id in card_ids]
        made = world.create_many(state, cards)
        _enter(state, made, card_ids)
        holder, key = _place(state, made[0], cards[0][Position])  # type: ignore[arg-type]
        holder[key] = (*holder[key], *made)
        state.board.key = None
        made_all += made
    watch(state, made_all)


def _components_of(state: State, owner: int, card_id: str, zone: Zone, circle: Circle | None,
                   statuses: tuple[object, ...]) -> dict[type, object]:
    """The components of a new card entity in a zone (a new object, CORE-20), with its rare
    statuses; a locked card lies face down (ACT-23)."""
    face_up = zone not in _FACE_DOWN_ZONES
    comps: dict[type, object] = {
        Card: Card(card_id),
        Position: Position(owner, zone, Circle.VC if zone is Zone.VC else circle,
                           state.new_object_id()),
        Orientation: Orientation(False, face_up), Modifiers: Modifiers()}
    for status in statuses:        # none at set-up, where a game's hundred cards are made
        comps[type(status)] = status
        if isinstance(status, Locked):
            comps[Orientation] = Orientation(False, False)      # ACT-23: locked lies face down
    return comps


def _enter(state: State, made: list[int], card_ids: Sequence[str]) -> None:
    """Enter new cards' definitions in `state.defs` (the caller owns the list), and ask for the
    rule actions a new card may need (a token onto an occupied RC, CORE-17)."""
    defs = state.defs
    defs.extend([None] * (made[-1] + 1 - len(defs)))
    for entity, card_id in zip(made, card_ids, strict=True):
        defs[entity] = state.db.by_id[card_id]
    state.engine.dirty = True
    state.engine.rule_check_due = True
