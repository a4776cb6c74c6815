"""Handlers of the steps that choose and change units: values, retire, stand/rest, ride, call,
battle target, abilities, names, lock (ACT-04..07, ACT-12, ACT-21..24, ACT-26, ACT-27, TERM-05,
CORE-15, CORE-21)."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import ops
from ecs_vanguard.cards import steps as s
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived import rule_modifiers as rm
from ecs_vanguard.derived.facts import remember
from ecs_vanguard.derived.values import (
    CONTINUOUS_STATS,
    RESTRICTION_STATS,
    choosable,
    open_circles,
    select,
    step_amount,
)
from ecs_vanguard.effects import rule_steps as rs
from ecs_vanguard.effects.gifts import gain_gift
from ecs_vanguard.effects.picking import pick_cards, pick_circle, pick_circle_or_stop, player_of
from ecs_vanguard.effects.rule_change_steps import spend_stride_cost_change
from ecs_vanguard.effects.selection import call_circles, distinct_candidates
from ecs_vanguard.state import ContinuousEffect, Frame, State
from ecs_vanguard.vocab.decisions import Decision
from ecs_vanguard.vocab.events import CardsRevealed
from ecs_vanguard.vocab.formats import Stat
from ecs_vanguard.vocab.zones import FIELD_ZONES, HIDDEN_ZONES, Circle, Zone

Handler = Callable[..., object]   # (state, frame, step) -> Decision | YIELD | None


def _on_field(cards: list[int]) -> list[int]:
    return [c for c in cards if q.position(c).zone in FIELD_ZONES and not q.is_locked(c)]


def _choose(state: State, frame: Frame, step: s.Choose) -> Decision | None:
    """Choose cards for later steps; inside a for_each each round picks different cards
    (ACT-28)."""
    cands = choosable(state, frame, [c for c in select(state, frame, step.source, step.where)
                                     if c not in frame.used])
    count = frame.each_total if step.count == "times" else int(step.count)
    cands, count = distinct_candidates(state, frame, cands, step.distinct, count,
                                       exact=step.min is None)
    got = pick_cards(state, frame, cands, count, step.min, label=step.bind,
                     player=player_of(frame, step.chooser))
    if isinstance(got, Decision):
        return got
    remember(frame, step.bind, got)
    if frame.each_total >= 0:
        frame.used.extend(got)
    return None


def _amount(state: State, frame: Frame, step: object) -> int:
    """A step's amount: a number, the trigger's power, or the over trigger's; with `per`, once
    for each card counted when the step resolves (ACT-28)."""
    amount = getattr(step, "amount", 0)
    if amount == "trigger_power":
        return state.db[frame.card_id].trigger_power
    if amount == "over_power":
        return state.rules.over_trigger_power
    return step_amount(state, frame, step)


# The value `becomes` reads now, per stat (ACT-26: "until it is N" is a change by a delta).
_CURRENT: dict[Stat, Callable[[State, int], int]] = {
    Stat.POWER: q.power, Stat.CRITICAL: q.critical, Stat.SHIELD: q.shield, Stat.GRADE: q.grade,
}


def _modify(stat: Stat) -> Handler:
    """Build a handler changing a value of the target units for a period (ACT-26); with
    `becomes`, each unit changes by what brings its value now to that number."""
    def handler(state: State, frame: Frame, step: object) -> None:
        amount = _amount(state, frame, step)
        becomes = getattr(step, "becomes", None)
        targets = select(state, frame, step.target,  # type: ignore[attr-defined]
                         getattr(step, "where", ()))
        for unit in _on_field(targets):
            delta = amount if becomes is None else becomes - _CURRENT[stat](state, unit)
            ops.add_modifier(state, unit, stat, delta, step.until)  # type: ignore[attr-defined]
    return handler


def _move(state: State, frame: Frame, step: s.Move) -> Decision | None:
    """Move one rear-guard to an open RC of its owner's side that `to` allows, chosen by the
    master (CORE-07: a move between circles, the same object, CORE-20); nothing when it is not
    a rear-guard or no such circle is open."""
    units = [u for u in select(state, frame, step.target) if q.position(u).zone is Zone.RC]
    if not units:
        return None
    unit = units[0]
    pos = q.position(unit)
    circles = call_circles(state, frame, step.to, pos.owner,
                           [c for c in open_circles(state, pos.owner) if c != pos.circle])
    if not circles:
        return None
    choice = pick_circle(state, frame, circles, "move to")
    if isinstance(choice, Decision):
        return choice
    ops.move_between_circles(state, unit, choice)
    return None


def _swap(state: State, frame: Frame, step: s.Swap) -> None:
    """Two rear-guards of one player exchange circles at once (CORE-07: not a zone change)."""
    one, other = select(state, frame, step.target), select(state, frame, step.other)
    if len(one) != 1 or len(other) != 1 or one == other:
        return
    a, b = one[0], other[0]
    pa, pb = q.position(a), q.position(b)
    if pa.zone is not Zone.RC or pb.zone is not Zone.RC or pa.owner != pb.owner:
        return
    circle_a, circle_b = pa.circle, pb.circle
    with ops.batch(state):
        ops.move_between_circles(state, a, circle_b)  # type: ignore[arg-type]
        ops.move_between_circles(state, b, circle_a)  # type: ignore[arg-type]


def _each_unit(act: Callable[[State, int], object], moves: bool = False) -> Handler:
    """Build a handler applying an op to every unit the step's `target` selects; an op that
    `moves` units off the field leaves a vanguard there (only a ride replaces it)."""
    def handler(state: State, frame: Frame, step: object) -> None:
        cards = _on_field(select(state, frame, step.target))  # type: ignore[attr-defined]
        held = [c for c in cards if q.holds_the_vc(state, c, cards)] if moves else []  # LEG-31
        with ops.batch(state):        # seed 004 §7 ②: the units it names change at once
            for card in cards:
                if card not in held:
                    act(state, card)
    return handler


def _outside_the_field(state: State, cards: list[int]) -> list[int]:
    """ACT-06, ACT-07: a ride or a call takes a card from outside the field (and, for a ride,
    the G zone); a card on the field (a unit, a heart, a dress source: OD-04) is not called
    again."""
    return [c for c in cards if not q.is_on_field(c)]


def _superior_ride(state: State, frame: Frame, step: s.SuperiorRide) -> Decision | None:
    """ACT-06: a ride by an effect is a superior ride."""
    rider = player_of(frame, step.player)
    cands = [c for c in _outside_the_field(state, select(state, frame, step.source, step.where))
             if q.position(c).owner == rider and q.position(c).zone is not Zone.G_ZONE]
    got = pick_cards(state, frame, cands, 1, None, "ride", player=rider)
    if isinstance(got, Decision):
        return got
    for card in got:
        ops.ride(state, rider, card, superior=True)
    return None


def _free_circles(state: State, frame: Frame, player: int | None = None) -> list[Circle]:
    """RCs of the player (the master by default) a superior call may still choose: not chosen
    for this call, not locked (ACT-23)."""
    p = frame.master if player is None else player
    return [c for c in q.rear_circles(state, p)
            if c.value not in frame.circles
            and not any(q.is_locked(u) for u in state.board.circles[p][c])]


def _superior_call(state: State, frame: Frame, step: s.SuperiorCall) -> Decision | None:
    """ACT-07: choose the cards (as many as the conditions allow), turn them face up, choose a
    different RC for each (or GC at rest), then place them all at once; bound as `as` for later
    steps ("that unit gets ..."). With `player` "opponent", the opponent calls their own cards
    onto their own circles and makes those choices."""
    caller = player_of(frame, step.player)
    if not frame.calling and not frame.loop:
        cands = [c for c in _outside_the_field(state, select(state, frame, step.source,
                                                             step.where))
                 if q.position(c).owner == caller]
        to_rc = step.to != "gc"
        if not to_rc:                          # CORE-10: the guard grade limits, one test
            cands = [c for c in cands if rm.may_call_to_gc(state, caller, c)]
        room = len(_call_circles(state, frame, step, caller)) if to_rc else len(cands)
        cands, count = distinct_candidates(state, frame, cands, step.distinct,
                                           min(step.count, room), exact=step.min is None)
        got = pick_cards(state, frame, cands, count, step.min, "call", player=caller)
        if isinstance(got, Decision):
            return got
        frame.calling, frame.loop = list(got), [1]
        hidden = tuple(c for c in got if q.position(c).zone in HIDDEN_ZONES)
        if hidden:              # ACT-07: face up (public) before the circle is chosen
            ops.emit(state, CardsRevealed(caller, hidden))
    while step.to != "gc" and len(frame.circles) < len(frame.calling):
        circle = pick_circle(state, frame, _call_circles(state, frame, step, caller), "call to",
                             player=caller)
        if isinstance(circle, Decision):
            return circle
        frame.circles.append(circle.value)
    to_gc = step.to == "gc"
    guarding = state.battle.target if state.battle is not None else -1
    with ops.batch(state):            # ACT-07 ②: placed all at once, one batch of events
        for i, card in enumerate(frame.calling):
            target = None if to_gc else Circle(frame.circles[i])
            ops.call(state, caller, card, target, to_gc=to_gc, superior=True,
                     guarding=guarding, rested=step.rested)
    remember(frame, step.bind, frame.calling)      # the called units, as they are now
    frame.calling, frame.circles, frame.loop = [], [], []
    return None


def _call_circles(state: State, frame: Frame, step: s.SuperiorCall, caller: int
                  ) -> list[Circle]:
    """The RCs this call may still choose: every free one, the open ones, or the circle
    another card was on (`to`)."""
    return call_circles(state, frame, step.to, caller, _free_circles(state, frame, caller))


def _enter_unit_state(state: State, frame: Frame, step: s.EnterUnitState) -> None:
    """The target units are in the named state for the period (a modifier: it ends with the
    period or when the unit becomes a new object, CORE-20)."""
    for unit in _on_field(select(state, frame, step.target, step.where)):
        ops.add_modifier(state, unit, Stat.UNIT_STATE, 0, step.until, step.name)


def _battles(state: State, frame: Frame, step: s.Battles) -> None:
    """ACT-21: the last change of the attacked unit counts."""
    for unit in _on_field(select(state, frame, step.target)):
        ops.battles(state, unit)


def _give_ability(state: State, frame: Frame, step: s.GiveAbility) -> None:
    for unit in _on_field(select(state, frame, step.target, step.where)):
        ops.give_ability(state, unit, step.card, step.index, step.until)


def _lose_abilities(state: State, frame: Frame, step: s.LoseAbilities) -> None:
    for unit in _on_field(select(state, frame, step.target, step.where)):
        ops.lose_abilities(state, unit, step.until)


def _lock(state: State, frame: Frame, step: s.Lock) -> None:
    with ops.batch(state):            # seed 004 §7 ②: the units it names change at once
        for unit in _on_field(select(state, frame, step.target)):
            ops.lock(state, unit, until_owner_end=step.until_owner_end)


def _unlock(state: State, frame: Frame, step: s.Unlock) -> None:
    with ops.batch(state):
        for card in select(state, frame, step.target):
            ops.unlock(state, card)


def _names(change: Callable[..., None]) -> Handler:
    def handler(state: State, frame: Frame, step: object) -> None:
        for card in select(state, frame, step.target):  # type: ignore[attr-defined]
            change(state, card, step.name, step.until)  # type: ignore[attr-defined]
    return handler


def _guard_at_once(state: State, frame: Frame, step: s.GuardAtOnce) -> None:
    """ACT-27: in this battle, calls from hand to GC need n or more cards at once."""
    if state.battle is not None:
        state.battle.guard_at_once = max(state.battle.guard_at_once, step.n)


def _enter_state(state: State, frame: Frame, step: s.EnterState) -> None:
    ops.enter_player_state(state, player_of(frame, step.player), step.name, step.until)


def _imprison(state: State, frame: Frame, step: s.Imprison) -> None:
    cards = select(state, frame, step.target)
    held = [c for c in cards if q.holds_the_vc(state, c, cards)]        # LEG-31
    with ops.batch(state):            # seed 004 §7 ②: the cards it names go at once
        for card in cards:
            if card not in held:
                ops.imprison(state, frame.master, card)


def _make_tokens(state: State, frame: Frame, step: s.MakeTokens) -> Decision | None:
    """TOK-06: first choose that many different RCs (as many as there are), then make them;
    "up to" (`min`): the player may stop once `min` are chosen."""
    if not frame.loop:
        frame.loop = [1]
    while len(frame.circles) < step.count:
        free = call_circles(state, frame, step.to, frame.master, _free_circles(state, frame))
        if not free:
            break
        if step.min is not None and len(frame.circles) >= step.min:
            circle: Circle | Decision | None = pick_circle_or_stop(state, frame, free, "token to")
        else:
            circle = pick_circle(state, frame, free, "token to")
        if isinstance(circle, Decision):
            return circle
        if circle is None:                  # stopped: the RCs chosen so far get the tokens
            break
        frame.circles.append(circle.value)
    ops.make_tokens(state, frame.master, step.card, [Circle(c) for c in frame.circles])
    frame.circles, frame.loop = [], []
    return None


def _set_world_content(state: State, frame: Frame, step: s.SetWorldContent) -> None:
    ops.set_world_content(state, frame.master, step.content, step.until)


def _stride_self(state: State, frame: Frame, step: object) -> Decision | None:
    """STR-08 (4), (5): put the G unit on VC, then its player chooses one non-G heart; the
    rule modifiers that changed its Stride cost spend a use (STR-03)."""
    if not frame.loop:
        spend_stride_cost_change(state, frame)
    return _stride(state, frame, frame.source, superior=False)


def _stride(state: State, frame: Frame, g_unit: int, *, superior: bool) -> Decision | None:
    if not frame.loop:
        ops.stride(state, frame.master, g_unit, superior=superior)
        frame.loop = [g_unit]
    g_unit = frame.loop[0]
    candidates = q.heart_candidates(state, g_unit)
    if len(candidates) > 1 and q.chosen_heart(state, g_unit) is None:
        got = pick_cards(state, frame, candidates, 1, None, "heart")   # HRT-05, HRT-06
        if isinstance(got, Decision):
            return got
        ops.choose_heart(state, got[0])
    frame.loop = []
    return None


def _superior_stride(state: State, frame: Frame, step: s.SuperiorStride) -> Decision | None:
    """STR-05: a stride by an effect checks no requirement and pays no Stride cost."""
    if frame.loop:
        return _stride(state, frame, frame.loop[0], superior=True)
    cands = select(state, frame, step.source, step.where)
    got = pick_cards(state, frame, cands, 1, None, "stride")
    if isinstance(got, Decision):
        return got
    return _stride(state, frame, got[0], superior=True) if got else None


def _guard_self(state: State, frame: Frame, step: object) -> None:
    """GG-02 (4), GG-05: a superior call from the G zone to GC at rest, guarding."""
    guarding = state.battle.target if state.battle is not None else -1
    ops.call(state, frame.master, frame.source, None, to_gc=True, superior=True,
             guarding=guarding)


def _place_on_rc(state: State, frame: Frame, step: s.PlaceOnRC) -> Decision | None:
    """STR-10, STR-16: put cards on RCs by an effect: they appear there, not called."""
    if not frame.calling:
        got = pick_cards(state, frame,
                         _outside_the_field(state, select(state, frame, step.source, step.where)),
                         min(step.count, len(_free_circles(state, frame))), None, "place")
        if isinstance(got, Decision):
            return got
        frame.calling = list(got)
    while len(frame.circles) < len(frame.calling):
        circle = pick_circle(state, frame, _free_circles(state, frame), "place on")
        if isinstance(circle, Decision):
            return circle
        frame.circles.append(circle.value)
    with ops.batch(state):
        for card, name in zip(frame.calling, frame.circles):
            ops.place_on_rc(state, frame.master, card, Circle(name))
    frame.calling, frame.circles = [], []
    return None


def _restrict(state: State, frame: Frame, step: s.Restrict) -> None:
    """The target units get a restriction for a period (read through values.is_restricted)."""
    stat = RESTRICTION_STATS[step.restriction]
    for unit in _on_field(select(state, frame, step.target, step.where)):
        ops.add_modifier(state, unit, stat, step.amount, step.until)


def _add_skill(state: State, frame: Frame, step: s.AddSkill) -> None:
    """The target units have a skill icon for a period (read through values.is_restricted, as
    the printed skills are read from the card: effects/playable.py)."""
    stat = s.SKILL_STATS[step.skill]
    for unit in _on_field(select(state, frame, step.target, step.where)):
        ops.add_modifier(state, unit, stat, 1, step.until)


def _apply_continuous(state: State, frame: Frame, step: s.ApplyContinuous) -> None:
    """Start a continuous effect whose scope is re-evaluated on every read (docs/design.md "Values
    are derived"): a unit entering the scope later in the period gets it too."""
    ops.add_continuous(state, ContinuousEffect(
        frame.master, step.scope, CONTINUOUS_STATS[step.stat], step_amount(state, frame, step),
        step.until, state.turn.turn, frame.source, step.where))


def _form_legion(state: State, frame: Frame, step: rs.FormLegion) -> None:
    for card in select(state, frame, step.target):
        ops.form_legion(state, frame.source, card)


def _restrict_attack(state: State, frame: Frame, step: s.RestrictAttack) -> None:
    stat = Stat.ATTACK_ONLY_VANGUARDS if step.rule == "only_vanguards" else Stat.CANT_ATTACK
    for unit in _on_field(select(state, frame, step.target)):
        ops.add_modifier(state, unit, stat, 0, step.until)


def _put_as_heart(state: State, frame: Frame, step: s.PutAsHeart) -> Decision | None:
    got = pick_cards(state, frame, select(state, frame, step.source, step.where), 1, None,
                     "heart to put")
    if isinstance(got, Decision):
        return got
    for card in got:
        ops.put_as_heart(state, frame.master, card)
    return None


def _superior_overdress(state: State, frame: Frame, step: s.SuperiorOverdress
                        ) -> Decision | None:
    """OD-01: an effect overDresses a chosen card onto the designated rear-guard `onto` (the
    first one it selects: "the RC where that unit is"); with no such rear-guard of yours, or
    no card to put, nothing happens. Not a call (OD-02)."""
    onto = [u for u in _on_field(select(state, frame, step.onto))
            if q.position(u).zone is Zone.RC and q.position(u).owner == frame.master]
    if not onto:
        return None
    got = pick_cards(state, frame,
                     _outside_the_field(state, select(state, frame, step.source, step.where)),
                     1, None, "overDress")
    if isinstance(got, Decision):
        return got
    for card in got:
        ops.overdress(state, frame.master, card, onto[0])
    return None


def _add_dress_sources(state: State, frame: Frame, step: s.AddDressSources) -> Decision | None:
    """OD-03: chosen cards from outside the field go under the target rear-guard as its dress
    sources, all at once; with no such rear-guard nothing is chosen."""
    units = [u for u in _on_field(select(state, frame, step.target))
             if q.position(u).zone is Zone.RC]
    if not units:
        return None
    got = pick_cards(state, frame,
                     _outside_the_field(state, select(state, frame, step.source, step.where)),
                     step.count, step.min, "dress source")
    if isinstance(got, Decision):
        return got
    with ops.batch(state):
        for card in got:
            ops.add_dress_source(state, card, units[0])
    return None


def _ride_self(state: State, frame: Frame, step: object) -> None:
    ops.ride(state, frame.master, frame.source)


def _gain_gift(state: State, frame: Frame, step: rs.GainGift) -> Decision | None:
    return gain_gift(state, frame, step.gift)


HANDLERS: dict[type, Handler] = {
    s.Choose: _choose,
    s.AddPower: _modify(Stat.POWER),
    s.AddCritical: _modify(Stat.CRITICAL),
    s.AddShield: _modify(Stat.SHIELD),
    s.AddDrive: _modify(Stat.DRIVE),
    s.AddGrade: _modify(Stat.GRADE),
    s.Restrict: _restrict,
    s.AddSkill: _add_skill,
    s.ApplyContinuous: _apply_continuous,
    s.CantBeHit: _modify(Stat.CANT_BE_HIT),
    s.Retire: _each_unit(ops.retire, moves=True),
    s.Stand: _each_unit(ops.stand),
    s.Rest: _each_unit(ops.rest),
    s.Delete: _each_unit(ops.delete),
    s.SuperiorRide: _superior_ride,
    s.SuperiorCall: _superior_call,
    s.Battles: _battles,
    s.GiveAbility: _give_ability,
    s.LoseAbilities: _lose_abilities,
    s.Lock: _lock,
    s.Unlock: _unlock,
    s.GainName: _names(ops.gain_name),
    s.BecomeName: _names(ops.become_name),
    s.GuardAtOnce: _guard_at_once,
    s.EnterState: _enter_state,
    s.Imprison: _imprison,
    s.MakeTokens: _make_tokens,
    s.SetWorldContent: _set_world_content,
    rs.RideSelf: _ride_self,
    rs.StrideSelf: _stride_self,
    rs.FormLegion: _form_legion,
    s.RestrictAttack: _restrict_attack,
    s.PutAsHeart: _put_as_heart,
    s.SuperiorOverdress: _superior_overdress,
    s.AddDressSources: _add_dress_sources,
    s.SuperiorStride: _superior_stride,
    rs.GuardSelf: _guard_self,
    s.PlaceOnRC: _place_on_rc,
    rs.GainGift: _gain_gift,
    s.Swap: _swap,
    s.Move: _move,
    s.EnterUnitState: _enter_unit_state,
}

