"""What a player may do at each open timing: the legal-action lists of the rules' own decisions
(CORE-05..10, CORE-19)."""

from __future__ import annotations

from typing import cast

from components import LegionLink, Locked
from ecs_vanguard import ops
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived import rule_modifiers as rm
from ecs_vanguard.derived.values import has_skill, holds
from ecs_vanguard.effects.costs import can_pay
from ecs_vanguard.effects.runtime import order_play_index, steps_of
from ecs_vanguard.state import ALCHEMAGIC_INDEX, G_GUARDIAN_INDEX, Frame, State, world
from ecs_vanguard.vocab.decisions import Action, ActionKind, action
from ecs_vanguard.vocab.formats import OrderType, Skill, Stat, UnitType
from ecs_vanguard.vocab.zones import COLUMN_PARTNER, FRONT_ROW, Circle, Zone

_NOT_CALLABLE = frozenset({UnitType.ORDER, UnitType.G_UNIT})
_OFF_FIELD = (Zone.HAND, Zone.DROP, Zone.SOUL, Zone.G_ZONE, Zone.BIND)


def ride_actions(state: State, player: int) -> list[Action]:
    """Normal rides: from hand, or from the ride deck paying its cost (CORE-05); onto a legion,
    the leader's grade or one higher (LEG-20)."""
    vg_grade = q.grade(state, q.vanguard(state, player))
    zones = state.board.zones[player]
    out: list[Action] = []
    for card in zones[Zone.HAND]:
        d = state.card(card)
        if (d.unit_type not in _NOT_CALLABLE
                and vg_grade <= q.hand_grade(state, card) <= vg_grade + 1):
            out.append(action(ActionKind.RIDE, card=card))
    if len(zones[Zone.HAND]) >= state.rules.ride_deck_cost_discard:
        for card in zones[Zone.RIDE_DECK]:
            if vg_grade <= q.hand_grade(state, card) <= vg_grade + 1:
                out.append(action(ActionKind.RIDE, card=card))
    return out


def open_circles(state: State, player: int) -> list[Circle]:
    """RCs a unit can be called to: every RC but a locked one (ACT-23)."""
    circles = state.board.circles[player]
    if not world.present(Locked):              # no locked card anywhere: the usual case
        return [c for c in circles if c is not Circle.VC]
    return [c for c, units in circles.items()
            if c is not Circle.VC and not any(q.is_locked(u) for u in units)]


def call_actions(state: State, player: int, vg_grade: int | None = None) -> list[Action]:
    """Normal calls from hand to any RC, grade at most the vanguard's (CORE-06; a legion's
    leader or mate, LEG-30). `vg_grade`: the player's highest vanguard grade, when the caller
    has it already."""
    hand = state.board.zones[player][Zone.HAND]
    if not hand:
        return []
    if vg_grade is None:
        vg_grade = q.highest_vanguard_grade(state, player)
    circles = state.board.circles[player]
    # With nothing locked the open circles are every RC of the board: keyed by all its
    # circles, VC included, read in one step (a key with VC is never one of open circles).
    key = tuple(circles) if not world.present(Locked) else tuple(open_circles(state, player))
    made = _CALLS.get(key)
    if made is None:
        made = _CALLS[key] = {}
    out: list[Action] = []
    for card in hand:
        if can_normal_call(state, card, vg_grade):
            calls = made.get(card)
            if calls is None:
                calls = made[card] = tuple(action(ActionKind.CALL, card=card, circle=c)
                                           for c in key if c is not Circle.VC)
            out.extend(calls)
    return out


def can_normal_call(state: State, card: int, vg_grade: int) -> bool:
    """CORE-06: a card in hand may be normally called if it is a unit card (not an order, not a
    G unit) of grade at most `vg_grade`, the player's highest vanguard grade (LEG-30). The one
    test of it: the calls, and overDress, which needs a card that could be normally called
    (OD-01). A card that says it cannot be normal called (its cont in the hand) is not."""
    d = state.defs[card]
    assert d is not None
    return (d.unit_type not in _NOT_CALLABLE and q.hand_grade(state, card) <= vg_grade
            and not q.is_restricted(state, card, Stat.CANT_BE_NORMAL_CALLED))


# The call actions of a card to each circle of a list of open circles, made once: the calls of
# a main phase differ from one decision to the next by a few cards, and a hand card's calls
# were 15 look-ups of `action` at every decision. Keyed by entity id and circles, so shared by
# every game (Actions are immutable; entity ids are small and few).
_CALLS: dict[tuple[Circle, ...], dict[int, tuple[Action, ...]]] = {}


def overdress_actions(state: State, player: int, vg_grade: int | None = None) -> list[Action]:
    """OD-01: a card with overDress that could be normally called may instead go onto a
    designated rear-guard (by name, or any rear-guard in overDress when the card allows); the
    grade is the normal call's (CORE-06, LEG-30). `vg_grade` as for call_actions."""
    defs = state.defs
    # OD-01: the designation is names, "a rear-guard in overDress", or both (D-BT03/001 has
    # only the latter).
    hand = [card for card in state.board.zones[player][Zone.HAND]
            if defs[card].overdress                   # type: ignore[union-attr]
            or defs[card].overdress_or_dressed]       # type: ignore[union-attr]
    if not hand:                               # no overDress card in hand: the usual case
        return []
    if vg_grade is None:
        vg_grade = q.highest_vanguard_grade(state, player)
    out: list[Action] = []
    for card in hand:
        d = state.card(card)
        if not can_normal_call(state, card, vg_grade):       # OD-01: as a normal call
            continue
        for unit in q.rear_guards(state, player):
            named = any(n in d.overdress for n in q.names(state, unit))
            dressed = d.overdress_or_dressed and bool(q.dress_sources(state, unit))
            if named or dressed:
                out.append(action(ActionKind.OVERDRESS, card=card, target=unit))
    return out


def move_actions(state: State, player: int) -> list[Action]:
    """Rear-guards moving to the other circle of their column, swapping (CORE-07)."""
    out = []
    circles = state.board.circles[player]
    locks = world.present(Locked)           # no locked card anywhere: no circle to look at
    for circle, partner, moves in _MOVE_CIRCLES:
        units = circles[circle]
        if not units:
            continue
        unit = units[-1]
        partners = circles[partner]
        if locks and (q.is_locked(unit) or any(q.is_locked(u) for u in partners)):
            continue
        if _stuck(state, unit, partners):
            continue
        move = moves.get(unit)
        if move is None:
            move = moves[unit] = action(ActionKind.MOVE, card=unit, circle=partner)
        out.append(move)
    return out


def _stuck(state: State, unit: int, partners: tuple[int, ...] | list[int]) -> bool:
    """CORE-07: a move swaps the unit with the one on the other circle; neither moves while an
    effect says it cannot move."""
    return q.is_restricted(state, unit, Stat.CANT_MOVE) or any(
        q.is_restricted(state, u, Stat.CANT_MOVE) for u in partners)


# CORE-07: the other circle of a rear-guard's column, for the RCs whose partner is an RC (the
# vanguard's column has no move).
_MOVES_TO: dict[Circle, Circle] = {circle: partner for circle, partner in COLUMN_PARTNER.items()
             if circle is not Circle.VC and partner is not Circle.VC}
# The move of each unit from each of those circles, made once (a main phase offers the same
# few at every decision; keyed by entity id, shared by every game as _CALLS is).
_MOVES: dict[Circle, dict[int, Action]] = {circle: {} for circle in _MOVES_TO}
# The same, as (circle, its partner, its moves) in the order of a player's circles: what
# move_actions walks (a dict's items and three look-ups by circle were most of its cost).
_MOVE_CIRCLES: tuple[tuple[Circle, Circle, dict[int, Action]], ...] = tuple(
    (circle, _MOVES_TO[circle], _MOVES[circle]) for circle in Circle if circle in _MOVES_TO)


def _usable(state: State, player: int, card: int, card_id: str, index: int,
            ability: AbilityDef) -> bool:
    if ops.limit_reached(state, ability.limit, card, card_id, index, player):
        return False
    frame = Frame(card, card_id, index, player)
    return holds(state, frame, ability.condition) and can_pay(state, frame, ability.cost)




def act_actions(state: State, player: int) -> list[Action]:
    """Act abilities the player's cards have now, valid in their zone, usable now (CORE-19,
    ACT-22): on the field, in the order zones, and in the hand, drop, soul, G zone or bind zone
    for cards with an act ability valid there. An action's index is the ability's slot in
    `query.abilities` of the card."""
    out: list[Action] = []
    zones = state.board.zones
    theirs = zones[1 - player][Zone.ORDER]
    defs, grants = state.defs, state.grants
    # Most cards have no act ability: only the others are looked at further.
    cards = [card for card in (*q.units(state, player), *zones[player][Zone.ORDER], *theirs)
             if defs[card].has_own_act or card in grants]  # type: ignore[union-attr]
    if state.db.acts_off_field:                # most pools have none: nothing more to look at
        cards += _off_field_act_cards(state, player)
    for card in cards:
        pos = q.position(card)
        zone = pos.zone
        mine = pos.owner == player and card not in theirs
        for slot, (card_id, index, ability) in enumerate(q.abilities(state, card)):
            # PRI-05: some abilities of the opponent's cards are used by this player.
            if (ability.kind is AbilityKind.ACT and zone in ability.zones
                    and ability.by_opponent != mine
                    and _usable(state, player, card, card_id, index, ability)):
                out.append(action(ActionKind.ACT, card=card, index=slot))
    return out


def _off_field_act_cards(state: State, player: int) -> list[int]:
    """The player's cards in a hand, drop, soul, G zone or bind zone whose act ability is
    valid in that zone (issue 9: the engine offers them like those on the field)."""
    acts = state.db.acts_off_field
    zones = state.board.zones[player]
    return [card for zone in _OFF_FIELD for card in zones[zone]
            if zone in acts.get(state.card(card).id, ())]


def play_ability(state: State, card: int) -> int:
    """Return the index of an order's play effect (its act ability in the order area), or -1."""
    return order_play_index(state.card(card))


def order_actions(state: State, player: int, kinds: frozenset[OrderType],
                  vg_grade: int | None = None) -> list[Action]:
    """Orders of the given types playable from hand: one per turn, grade at most the player's
    highest vanguard grade (ALC-01 (1): a legion's leader or mate, LEG-08; the G unit over
    hearts, HRT-01), cost payable (CORE-08). `vg_grade` as for call_actions."""
    if state.turn.orders_played[player] >= 1:
        return []
    defs = state.defs
    hand = [card for card in state.board.zones[player][Zone.HAND]
            if defs[card].order_type in kinds]  # type: ignore[union-attr, operator]
    if not hand:                               # no such order in hand: often the case
        return []
    if vg_grade is None:
        vg_grade = q.highest_vanguard_grade(state, player)
    out = []
    for card in hand:
        d = state.card(card)
        if q.hand_grade(state, card) > vg_grade:
            continue
        index = play_ability(state, card)
        if index < 0 or _playable_order(state, player, card, index):
            out.append(action(ActionKind.PLAY_ORDER, card=card, index=index))
        if d.order_type is OrderType.NORMAL and index >= 0:
            out.extend(_alchemagic_actions(state, player, card))
    return out


def _alchemagic_actions(state: State, player: int, card: int) -> list[Action]:
    """ALC-01: with a vanguard allowing Alchemagic, normal order A from hand may bind a normal
    order B from the drop (of another name, or the same name, as the vanguard says), paying
    both costs; `target` names B. Abilities valid on VC work on both legion vanguards (LEG-08,
    LEG-30): the first vanguard allowing it gives the rule."""
    rule = next((state.card(v).alchemagic for v in q.vanguards(state, player)
                 if v not in state.deleted and state.card(v).alchemagic), "")
    if not rule:
        return []
    out = []
    for other in state.board.zones[player][Zone.DROP]:
        d = state.card(other)
        if d.order_type is not OrderType.NORMAL or play_ability(state, other) < 0:
            continue
        if q.same_name(state, card, other) != (rule == "same"):
            continue
        frame = Frame(card, state.card(card).id, ALCHEMAGIC_INDEX, player,
                      context=(("alchemagic", other),))
        steps, n_cost = steps_of(state, frame)
        if _payable_from_order_area(state, player, card, frame, steps[:n_cost], bound=other):
            out.append(action(ActionKind.PLAY_ORDER, card=card, target=other, index=-1))
    return out


def _playable_order(state: State, player: int, card: int, index: int) -> bool:
    ability = state.card(card).abilities[index]
    frame = Frame(card, state.card(card).id, index, player)
    return (holds(state, frame, ability.condition)
            and _payable_from_order_area(state, player, card, frame, ability.cost))


def _payable_from_order_area(state: State, player: int, card: int, frame: Frame,
                             costs: tuple[object, ...], bound: int = -1) -> bool:
    """The order leaves the hand (and Alchemagic's order B the drop, ALC-01 (2), (3)) before
    the cost is paid, so no cost can use them: decide on the position they will pay from."""
    zones = state.board.zones[player]
    hand, drop = zones[Zone.HAND], zones[Zone.DROP]
    zones[Zone.HAND] = tuple(c for c in hand if c != card)
    zones[Zone.DROP] = tuple(c for c in drop if c != bound)
    try:
        return can_pay(state, frame, costs)
    finally:
        zones[Zone.HAND], zones[Zone.DROP] = hand, drop    # the real position, unchanged


def seek_mate_actions(state: State, player: int) -> list[Action]:
    """LEG-01, LEG-04, LEG-07: a vanguard with Seek Mate, never in legion as this object, not in
    legion now, the opponent's vanguard grade 3+ (their leader or mate, LEG-30), and 4 cards in
    the drop."""
    vanguard = q.vanguard(state, player)
    d = state.card(vanguard)
    if (not d.seek_mate or world.has(vanguard, LegionLink) or q.is_heart(vanguard)
            or q.position(vanguard).obj in state.used_this_game
            or q.position(vanguard).obj in state.legion_history      # LEG-01: ever in legion
            or vanguard in state.deleted
            or q.highest_vanguard_grade(state, 1 - player) < 3
            or len(state.board.zones[player][Zone.DROP]) < 4):
        return []
    return [action(ActionKind.SEEK_MATE, card=vanguard)]


def attack_targets(state: State, player: int) -> list[int]:
    """The player's units an opponent may attack: the vanguard (a legion's leader only, LEG-19)
    and front-row rear-guards."""
    return [q.vanguard(state, player),
            *(u for u in q.front_row(state, player) if q.position(u).zone is Zone.RC)]


def attack_actions(state: State, player: int) -> list[Action]:
    """Standing front-row units attacking an opponent's front-row unit (CORE-09); a legion
    attacks as its leader (LEG-11). A back-row rear-guard attacks too while an effect lets it
    ("this unit can attack from the back row"); nothing boosts it there (`booster_of`)."""
    targets = attack_targets(state, 1 - player)
    out: list[Action] = []
    locks = world.present(Locked)
    for circle, units in state.board.circles[player].items():
        if (units and q.is_standing(units[-1])
                and (circle in FRONT_ROW
                     or q.is_restricted(state, units[-1], Stat.ATTACK_FROM_BACK_ROW))
                and not (locks and q.is_locked(units[-1]))):
            out.extend(_attacks(units[-1], tuple(_allowed_targets(state, units[-1], targets))))
    return out


def _attacks(attacker: int, targets: tuple[int, ...]) -> tuple[Action, ...]:
    """The attack actions of one attacker on each target, made once per pair of them (an
    attack step rebuilt them at each decision; bounded, as entity ids recur across games).
    A dict, called natively (functools.lru_cache's wrapper was a Python call)."""
    key = (attacker, targets)
    made = _ATTACKS.get(key)
    if made is None:
        if len(_ATTACKS) >= 4096:
            _ATTACKS.clear()
        made = _ATTACKS[key] = tuple(
            [action(ActionKind.ATTACK, card=attacker, target=t) for t in targets])
    return made


_ATTACKS: dict[tuple[int, tuple[int, ...]], tuple[Action, ...]] = {}


def _allowed_targets(state: State, attacker: int, targets: list[int]) -> list[int]:
    """LEG-12: a restriction on the leader or on the mate binds the whole legion attack; one
    that cannot attack keeps the legion from attacking (engine decision)."""
    group = q.legion_group(attacker)
    if any(q.is_restricted(state, u, Stat.CANT_ATTACK) for u in group):
        return []
    if any(q.is_restricted(state, u, Stat.ATTACK_ONLY_VANGUARDS) for u in group):
        return [t for t in targets if q.position(t).zone is Zone.VC]
    if any(q.is_restricted(state, u, Stat.ATTACK_BACK_ROW) for u in group):
        # CORE-09: "this unit can attack back-row rear-guards" adds the opponent's back row
        defender = 1 - q.position(attacker).owner
        return targets + [u for u in q.rear_guards(state, defender) if u not in targets]
    return targets


def booster_of(state: State, attacker: int) -> int | None:
    """Return the standing unit with boost behind the attacker that may boost, if any
    (CORE-09); whether the attacking unit may be boosted is `boost_actions`' question."""
    pos = q.position(attacker)
    circle = cast(Circle, pos.circle)
    partner = COLUMN_PARTNER.get(circle)
    if partner is None or q.is_back_row(circle):
        return None
    unit = q.try_unit_at(state, pos.owner, partner)
    if (unit is None or not q.is_standing(unit) or q.is_locked(unit)
            or not has_skill(state, unit, Skill.BOOST)
            or q.is_restricted(state, unit, Stat.CANT_BOOST)):
        return None
    return unit


def boost_actions(state: State) -> list[Action]:
    """CORE-09, LEG-13: the boosts of the battle now: the booster behind the attacker boosts
    one attacking unit that can be boosted. Boosting a legion, the turn player chooses the
    leader or the mate (the action's target), and "cannot be boosted" binds only the unit that
    has it (seed 000 §1.3.2): on the leader, only the mate is offered, and the reverse."""
    battle = state.battle
    assert battle is not None
    booster = booster_of(state, battle.attacker)
    if booster is None:
        return []
    attacking = q.attacking_units(state)
    legion = len(attacking) > 1
    return [action(ActionKind.BOOST, card=booster, target=u if legion else -1)
            for u in attacking if not q.is_restricted(state, u, Stat.CANT_BE_BOOSTED)]


def guard_actions(state: State, player: int) -> list[Action]:
    """Guard from hand, intercept and blitz orders for the attacked player (CORE-10).

    ACT-27: when calls to GC need X or more at once, GUARD picks cards into a group that YES
    places together (once it has X) and NO gives up; intercepts and blitz orders are not
    restricted, but wait until no group is being picked.
    """
    battle = state.battle
    assert battle is not None
    group = battle.guard_group
    at_once = q.guard_at_once(state, battle.attacker)            # ACT-27: "N or more at once"
    out = [action(ActionKind.GUARD, card=c) for c in state.board.zones[player][Zone.HAND]
           if state.card(c).unit_type not in _NOT_CALLABLE and c not in group
           and rm.may_call_to_gc(state, player, c)]               # every guard grade limit
    if group:
        if len(group) >= at_once:
            out.append(action(ActionKind.YES))
        out.append(action(ActionKind.NO))
        return out
    front = q.front_row(state, player)
    # CORE-10: a front-row grade 2 with [Intercept]; after them, a back-row one while an effect
    # lets it intercept from the back row (asked last: the restriction's query is costly)
    back = [u for u in q.rear_guards(state, player) if u not in front]
    for unit in front + back:
        pos = q.position(unit)
        if (pos.zone is Zone.RC and unit != battle.target and state.card(unit).grade == 2
                and has_skill(state, unit, Skill.INTERCEPT)
                and (unit in front
                     or q.is_restricted(state, unit, Stat.INTERCEPT_FROM_BACK_ROW))
                and not q.is_restricted(state, unit, Stat.CANT_INTERCEPT)):
            out.append(action(ActionKind.INTERCEPT, card=unit))
    out.extend(order_actions(state, player, frozenset({OrderType.BLITZ})))
    out.extend(g_guardian_actions(state, player))
    return out


def g_guardian_actions(state: State, player: int) -> list[Action]:
    """GG-01, GG-02: in the opponent's guard step, a face-down G guardian of the G zone may be
    called to GC when both players have a grade 3+ vanguard (a leader or a mate, LEG-30), at
    most 3 G guardians in the G zone are face up, and its cost can be paid. Not limited by
    ACT-27 (GG-05)."""
    g_zone = state.board.zones[player][Zone.G_ZONE]
    if not g_zone:                 # nothing to call (a format without G units): no grade to read
        return []
    if not all(q.highest_vanguard_grade(state, p) >= 3 for p in (0, 1)):
        return []
    if sum(1 for c in g_zone if state.card(c).g_guardian_cost and q.orientation(c).face_up) > 3:
        return []
    out = []
    for card in g_zone:
        d = state.card(card)
        if not d.g_guardian_cost or q.orientation(card).face_up:
            continue
        if not rm.may_call_to_gc(state, player, card):
            continue                          # CORE-10, GG-05: the one test of a call to GC
        frame = Frame(card, d.id, G_GUARDIAN_INDEX, player)
        if can_pay(state, frame, d.g_guardian_cost):
            out.append(action(ActionKind.GUARD, card=card))
    return out
