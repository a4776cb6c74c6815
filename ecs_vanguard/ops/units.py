"""Actions on units: ride, call, retire, stand, rest, modifiers, delete (ACT-04..07, ACT-12,
CORE-05, CORE-06, CORE-21)."""

from __future__ import annotations

from components import DressSource, LegionLink, Locked, Modifier
from ecs_vanguard.derived import query as q
from ecs_vanguard.ops.deck import draw
from ecs_vanguard.ops.emit import batch, emit
from ecs_vanguard.ops.zones import move_card, put_into_g_zone, renew_object
from ecs_vanguard.state import GIFT_INDEX, ContinuousEffect, PendingAuto, State, world
from ecs_vanguard.vocab.events import (
    AbilityGiven,
    AttackTargetChanged,
    DamageDealt,
    GuardianCalled,
    PlayerStateEntered,
    PowerChanged,
    UnitCalled,
    UnitDeleted,
    UnitLocked,
    UnitOverDressed,
    UnitPlaced,
    UnitRested,
    UnitRetired,
    UnitRode,
    UnitStood,
    UnitUnlocked,
)
from ecs_vanguard.vocab.formats import Duration, Stat
from ecs_vanguard.vocab.zones import Circle, Zone


def add_modifier(state: State, card: int, stat: Stat, amount: int, until: Duration,
                 value: object = None) -> None:
    """Change a value of a card for a period; negative totals are allowed and never retire a
    unit by themselves (ACT-26). The modifier remembers its source (TERM-02)."""
    world.writable_modifiers(state, card).append(
        Modifier(stat, amount, until, state.turn.turn, value, state.source)
    )
    state.engine.modified.add(card)
    if stat is Stat.POWER or stat is Stat.CRITICAL or stat is Stat.SHIELD:
        # _value_: see facts.event_field_matches
        emit(state, PowerChanged(card, amount, stat._value_, state.source))


def add_continuous(state: State, effect: ContinuousEffect) -> None:
    """Start a continuous effect: for its period, whatever its scope covers at each read gets
    the change (docs/design.md "The model"; CORE-05, CORE-09, LEG-14)."""
    state.continuous = (*state.continuous, effect)


def end_continuous(state: State, ending: Duration) -> None:
    """End the continuous effects of one duration (CORE-13 at the close step, the end phase
    for turns; END_OF_OWNER_TURN ones at the end of their player's turn)."""
    if not state.continuous:
        return
    turn_player = state.turn.player
    state.continuous = tuple(
        e for e in state.continuous
        if not (e.until is ending or (ending is Duration.END_OF_TURN
                                      and e.until is Duration.END_OF_OWNER_TURN
                                      and e.player == turn_player)))


def end_modifiers(state: State, ending: Duration) -> None:
    """End every modifier and continuous effect of the given duration (CORE-13 for battles,
    the end phase for turns); a modifier "until the end of its owner's turn" ends at that end
    phase. Only the cards that were given modifiers are looked at."""
    turn_player = state.turn.player
    for entity in sorted(state.engine.modified):
        items = q.modifiers(entity)
        kept = [m for m in items if not (m.until is ending or (
            ending is Duration.END_OF_TURN and m.until is Duration.END_OF_OWNER_TURN
            and q.position(entity).owner == turn_player))]
        if len(kept) != len(items):
            world.writable_modifiers(state, entity)[:] = kept
        if not kept:
            state.engine.modified.discard(entity)
    end_continuous(state, ending)


def is_persona_ride(state: State, old: int, new: int) -> bool:
    """True if riding `new` on `old` is a persona ride: the same name (names as they are now,
    TERM-05), in either format (CORE-05: "riding a card with the same name as the vanguard is
    a persona ride"; the rule asks for no icon, so the `persona_ride` keyword only marks it);
    or `new` prints "this card persona rides on a unit with «X» in its name" (its mark
    `persona_ride_on = "X"`) and a name of `old` holds X."""
    if q.same_name(state, old, new):
        return True
    part = state.card(new).mark("persona_ride_on")
    return isinstance(part, str) and any(part in name for name in q.names(state, old))


def ride(state: State, player: int, card: int, *, superior: bool = False) -> None:
    """Put a unit onto VC; the old vanguard(s) go to the soul at the same time; a persona ride
    gives the player "your front row gets +10000 until end of turn" and draws 1 (ACT-06,
    CORE-05, LEG-20); onto a legion, the card's name may be the leader's or the mate's (the
    vanguard's name reads both, LEG-30)."""
    from_zone = q.position(card).zone
    old = list(state.board.circles[player][Circle.VC])
    rested = q.orientation(old[-1]).rested if superior and old else False
    persona = any(is_persona_ride(state, v, card) for v in q.vanguards(state, player))
    with batch(state):
        for previous in old:
            move_card(state, previous, Zone.SOUL)
        move_card(state, card, Zone.VC, rested=rested)
        emit(state, UnitRode(card, player, from_zone, persona, superior,  # type: ignore
                             old[-1] if old else -1))
        emit(state, UnitPlaced(card, player, Zone.VC, Circle.VC, from_zone))  # type: ignore
    if persona:
        # CORE-05: the +10000 belongs to the player and covers whatever stands in the front
        # row at each read: a unit called there later gets it, one moved to the back loses it.
        add_continuous(state, ContinuousEffect(
            player, "your_front_row", Stat.POWER, state.rules.persona_ride_power,
            Duration.END_OF_TURN, state.turn.turn))
        draw(state, player, 1)
    gift = state.card(card).gift
    if state.rules.imaginary_gifts and gift is not None:
        # CORE-15: riding a card with a gift icon gives its gift, played at the check timing.
        state.pending_autos.append(
            PendingAuto(card, q.position(card).obj, state.card(card).id, GIFT_INDEX, player)
        )


def call(state: State, player: int, card: int, circle: Circle | None, *, to_gc: bool = False,
         superior: bool = False, guarding: int = -1, rested: bool = False) -> None:
    """Put a unit onto an RC or the GC (ACT-07); GC arrivals are at rest guarding a unit (CORE-10),
    and an effect may call to RC at rest (`rested`)."""
    from_zone = q.position(card).zone
    to = Zone.GC if to_gc else Zone.RC
    with batch(state):
        move_card(state, card, to, circle=circle, rested=to_gc or rested)
        if to_gc and state.battle is not None:
            state.battle.guardians[card] = guarding
        emit(state, UnitCalled(card, player, circle, to, from_zone, superior,  # type: ignore
                               state.source if superior else -1))
        emit(state, UnitPlaced(card, player, to, circle, from_zone))  # type: ignore[arg-type]
        if to_gc:
            emit(state, GuardianCalled(card, player, guarding))


def retire(state: State, card: int, *, by_rule_action: bool = False,
           by_cost: bool = False) -> bool:
    """Put a card from the field into its owner's drop; a rule action's retire too (ACT-04).

    A rule action has no source (TERM-02); an effect's retire names its source card. A move the
    rules redirect is no retire and logs none: a G unit on VC goes straight to the G zone
    (STR-12), a Protect marker leaves the game (CORE-15). Return whether it was retired.
    `by_cost`: paid as a cost (CORE-19), which is not an effect: a unit that "cannot be retired
    by card effects" is retired for a cost, and by a rule action, but not by an effect.
    """
    if (not by_rule_action and not by_cost and state.source >= 0
            and q.is_restricted(state, card, Stat.CANT_BE_RETIRED_BY_EFFECTS)):
        return False
    with batch(state):
        if move_card(state, card, Zone.DROP) is not Zone.DROP:
            return False
        emit(state, UnitRetired(card, by_rule_action, -1 if by_rule_action else state.source,
                                by_cost))
    return True


def stand(state: State, card: int) -> bool:
    """Stand a resting unit; a standing one is not stood and nothing triggers (ACT-12); a legion
    stands together, and neither if one cannot (LEG-21)."""
    return _turn(state, card, rested=False)


def rest(state: State, card: int) -> bool:
    """Rest a standing unit; a resting one is not rested and nothing triggers (ACT-12); a legion
    rests together, and neither if one cannot (LEG-21)."""
    return _turn(state, card, rested=True)


def _turn(state: State, card: int, *, rested: bool) -> bool:
    group = q.legion_group(card)
    # ACT-23: a locked card has no stand/rest; LEG-21: if one cannot, neither does.
    if any(q.orientation(c).rested == rested or q.is_locked(c) for c in group):
        return False
    if not rested and any(q.is_restricted(state, c, Stat.CANT_STAND) for c in group):
        return False
    for member in group:
        world.writable_orientation(state, member).rested = rested
        owner = q.position(member).owner
        # TERM-02: a stand by an effect names its source ("stood by your vanguard's ability");
        # the stand phase's is the rules' (no effect resolves then: state.source is -1)
        emit(state, UnitRested(member, owner) if rested
             else UnitStood(member, owner, state.source))
    return True


def turn_starting_vanguards_face_up(state: State) -> None:
    """CORE-03: at the start of the game both starting vanguards turn face up; this is not a
    ride and not a card turned by an effect, so no event is emitted for it."""
    for player in (0, 1):
        world.writable_orientation(state, q.vanguard(state, player)).face_up = True


def delete(state: State, card: int) -> bool:
    """Delete a vanguard: face down, original power 0, no abilities, until its owner's end phase
    (CORE-21); a legion is deleted together and stays in legion (LEG-21, LEG-26). Return False
    if it is not a face-up vanguard."""
    pos = q.position(card)
    if pos.zone is not Zone.VC or card in state.deleted or q.is_heart(card):
        return False
    for member in q.legion_group(card):
        world.writable_orientation(state, member).face_up = False
        state.deleted.add(member)
        emit(state, UnitDeleted(member, pos.owner))
    if q.is_g_unit(state, card):
        put_into_g_zone(state, [card])               # STR-13: then to the G zone
    return True


def undelete(state: State, card: int) -> None:
    """Turn a deleted vanguard face up again at the end of its owner's turn (CORE-21)."""
    state.deleted.discard(card)
    for member in q.legion_group(card):
        world.writable_orientation(state, member).face_up = True


def lock(state: State, card: int, *, until_owner_end: bool = False) -> bool:
    """Lock a card on a circle: face down, a new object with no information and no stand/rest;
    its circle is locked (ACT-23, CORE-20). Return False if it cannot be locked."""
    pos = q.position(card)
    if pos.zone is not Zone.RC or q.is_locked(card):
        return False          # engine decision: vanguards are not locked (G units: STR-12)
    renew_object(state, card)
    world.writable_orientation(state, card).face_up = False
    world.attach(state, card, Locked(until_owner_end))
    emit(state, UnitLocked(card, pos.owner))
    if q.is_g_unit(state, card):
        put_into_g_zone(state, [card])               # STR-12, STR-13: then the G zone
    return True


def unlock(state: State, card: int) -> bool:
    """Unlock: face up, standing, a new object; unlocking is not appearing (ACT-24)."""
    if not q.is_locked(card):
        return False
    world.detach(state, card, Locked)
    renew_object(state, card)
    orient = world.writable_orientation(state, card)
    orient.face_up, orient.rested = True, False
    emit(state, UnitUnlocked(card, q.position(card).owner))
    return True


def battles(state: State, target: int) -> bool:
    """Make `target` the attacked unit of this battle; the last change counts and replaces every
    attacked unit, guardians included (ACT-21). Return False outside a battle."""
    battle = state.battle
    if battle is None or q.position(target).zone not in (Zone.VC, Zone.RC):
        return False
    link = world.maybe(target, LegionLink)
    if link is not None and not link.leader:
        return False                          # LEG-19: the mate can never be attacked
    previous = battle.target
    battle.target = target
    for guardian in battle.guardians:
        battle.guardians[guardian] = target
    emit(state, AttackTargetChanged(previous, target))
    return True


def give_ability(state: State, card: int, card_id: str, index: int, until: Duration) -> None:
    """Give a card an ability of another card for a period; twice given, it works twice
    (ACT-22, TERM-01)."""
    add_modifier(state, card, Stat.GRANT, 0, until, (card_id, index))
    state.grants.add(card)
    emit(state, AbilityGiven(card, card_id, index))


def lose_abilities(state: State, card: int, until: Duration) -> None:
    """The card loses its abilities for a period (ACT-22)."""
    add_modifier(state, card, Stat.LOSE_ABILITIES, 0, until)


def gain_name(state: State, card: int, name: str, until: Duration) -> None:
    """The card also has `name` for a period; a name it has already is ignored (TERM-05)."""
    add_modifier(state, card, Stat.NAME_ADD, 0, until, name)


def become_name(state: State, card: int, name: str, until: Duration) -> None:
    """The card's names become `name` alone for a period (TERM-05)."""
    add_modifier(state, card, Stat.NAME_SET, 0, until, name)


def deal_damage_start(state: State, player: int, amount: int) -> None:
    """Record skill damage to a player's vanguard; each point is a damage check (ACT-15, TERM-03).

    The checks themselves are run one at a time by the caller (they may reveal triggers).
    """
    emit(state, DamageDealt(player, amount, state.source, False))


def overdress(state: State, player: int, card: int, designated: int) -> None:
    """OD-01: the designated rear-guard becomes a dress source (keeping its own sources for the
    new unit), and `card` from hand (or the zone an effect takes it from, OD-01) is put standing
    on that RC, linked to them. Not a call (OD-02) but an appearance (OD-12); becoming a source
    is not leaving the field."""
    circle = q.position(designated).circle
    from_zone = q.position(card).zone       # the hand, unless an effect overDresses (OD-01)
    inherited = q.dress_sources(state, designated)
    from_ride_deck = designated in state.from_ride_deck
    with batch(state):
        move_card(state, designated, Zone.DRESS)        # logs no "left the field" (OD-12)
        move_card(state, card, Zone.RC, circle=circle)  # type: ignore[arg-type]
        link_dress_source(state, designated, card, from_ride_deck)
        for source in inherited:
            old = world.component(source, DressSource)
            link_dress_source(state, source, card, old.from_ride_deck)
        emit(state, UnitOverDressed(card, player, circle, designated))  # type: ignore[arg-type]
        emit(state, UnitPlaced(card, player, Zone.RC, circle, from_zone))  # type: ignore


def add_dress_source(state: State, card: int, unit: int) -> bool:
    """OD-03: put a card from outside the field under a unit on RC as one of its dress sources
    (face up: OD-04 makes it a card on the field, not a unit); the unit is then in overDress
    (OD-03). Return whether it was put (onto a rear-guard only, not a locked one; not a card on a circle)."""
    if q.position(unit).zone is not Zone.RC or q.is_locked(unit):
        return False
    if q.is_on_field(card):                 # already on the field, a source included (OD-04)
        return False
    move_card(state, card, Zone.DRESS, face_up=True)
    link_dress_source(state, card, unit)
    return True


def link_dress_source(state: State, source: int, unit: int, from_ride_deck: bool = False
                      ) -> None:
    """Link a card of the dress area to the unit it lies under (OD-01, OD-03); it follows the
    unit's circle (OD-12), and `from_ride_deck` sends it back there later (OD-08)."""
    world.attach(state, source, DressSource(unit, from_ride_deck))
    world.writable_position(state, source).circle = q.position(unit).circle


def enter_player_state(state: State, player: int, name: str, until: Duration) -> None:
    """Give a player a named state for a period (IKK-01); it belongs to the player, so it stays
    when the card that gave it leaves its zone (IKK-02). Entering it again changes nothing."""
    states = state.player_states[player]
    if any(n == name for n, _, _ in states):
        return
    state.player_states[player] = [*states, (name, until, state.turn.turn)]
    emit(state, PlayerStateEntered(player, name))


EXTRA_TURN = "extra_turn"


def take_extra_turn(state: State, player: int) -> None:
    """After the player's current (or next) turn, they take one more turn: a player state that
    the end phase of their turn uses up (`extra_turn_due`)."""
    state.player_states[player] = [*state.player_states[player],
                                   (EXTRA_TURN, Duration.END_OF_OWNER_TURN, state.turn.turn)]
    emit(state, PlayerStateEntered(player, EXTRA_TURN))


def extra_turn_due(state: State, player: int) -> bool:
    """Use up one extra turn of the player ending their turn; True if they take another."""
    states = state.player_states[player]
    for i, (name, _, _) in enumerate(states):
        if name == EXTRA_TURN:
            state.player_states[player] = states[:i] + states[i + 1:]
            return True
    return False


def place_on_rc(state: State, player: int, card: int, circle: Circle) -> None:
    """Put a card onto an RC by an effect without calling it: an appearance (ACT-05, STR-16);
    a G unit put so has not strode and its power is the printed number (STR-10)."""
    from_zone = q.position(card).zone
    with batch(state):
        move_card(state, card, Zone.RC, circle=circle, face_up=True)
        emit(state, UnitPlaced(card, player, Zone.RC, circle, from_zone))  # type: ignore
