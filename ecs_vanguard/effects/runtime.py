"""Run abilities as resumable frames: conditions, optional costs, cost payment, effect steps
(CORE-18, CORE-19, docs/design.md "The model"). Handlers are registered by step type and are
re-entrant: a step that asks returns a Decision, the frame keeps its pc, and the answer is found
on re-entry; a step that starts another frame (a trigger check) returns YIELD and is re-entered
after it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from ecs_vanguard import ops
from ecs_vanguard.cards import steps as s
from ecs_vanguard.cards.flow import compile_program
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef
from ecs_vanguard.derived import facts as f
from ecs_vanguard.derived import rule_modifiers as rm
from ecs_vanguard.derived.values import count_cards, holds, select
from ecs_vanguard.effects import (
    builtin,
    card_steps,
    flow_steps,
    gifts,
    history_steps,
    rule_change_steps,
    timing_steps,
    unit_steps,
)
from ecs_vanguard.effects import costs as costs_
from ecs_vanguard.effects.picking import YIELD, ask_yes_no
from ecs_vanguard.effects.selection import remember_circles
from ecs_vanguard.ops.timing import open_delayed, record_did
from ecs_vanguard.state import ALCHEMAGIC_INDEX, DELAYED_INDEX, STRIDE_INDEX, Frame, State
from ecs_vanguard.vocab.decisions import Decision
from ecs_vanguard.vocab.events import CardMoved
from ecs_vanguard.vocab.fields import field_or
from ecs_vanguard.vocab.zones import Zone

Handler = Callable[..., object]   # (state, frame, step) -> Decision | YIELD | None


def _for_each(state: State, frame: Frame, step: s.ForEach) -> object:
    """ACT-28: count A once at the start; later changes of A do not change the count; each
    repetition that chooses picks cards not chosen before."""
    if not frame.loop:
        frame.each_total = count_cards(state, select(state, frame, step.count, step.where),
                                       step.distinct)
        frame.loop, frame.used = [0, 0], []
    while frame.loop[0] < frame.each_total:
        # frame.loop = [round, inner step, *the inner step's own counters]: an inner step that
        # keeps counters (put_into, heal, ...) sees only its own and may clear them.
        (done, at), frame.loop = frame.loop[:2], frame.loop[2:]
        inner = step.do[at]
        question = run_step(state, frame, inner)
        frame.loop = [done, at, *frame.loop]
        if isinstance(question, Decision):
            return question
        frame.loop = [done, at + 1] if at + 1 < len(step.do) else [done + 1, 0]
    frame.loop, frame.used, frame.each_total = [], [], -1
    return None


def _tracked(state: State, frame: Frame, step: s.Tracked) -> object:
    """Run the step `step` wraps, then name what it did: the cards its events named, in order,
    as the objects they are now (CORE-20). The log index where it began is kept in the frame
    (plain data) while it pauses for decisions."""
    key = f"{step.bind}@start"                     # not an identifier: never a card file's name
    if key not in frame.bound:
        frame.bound[key] = (len(state.events),)
    result = run_step(state, frame, step.do[0])
    if result is not None:
        return result
    start = frame.bound.pop(key)[0]
    f.remember(frame, step.bind, cards_named(state.events.since(start)))
    return None


def cards_named(events: Sequence[object]) -> list[int]:
    """The cards a run of events named (`card`, or `cards`: revealed, searched), each once, in
    order."""
    out: dict[int, None] = {}
    for event in events:
        card = getattr(event, "card", -1)
        if isinstance(card, int) and card >= 0:
            out[card] = None
        for many in ("cards", "found"):
            for c in getattr(event, many, ()):
                out[c] = None
    return list(out)


HANDLERS: dict[type, Handler] = {
    s.Tracked: _tracked,
    **card_steps.HANDLERS, **unit_steps.HANDLERS, **flow_steps.HANDLERS,
    **rule_change_steps.HANDLERS,
    **timing_steps.HANDLERS,
    **gifts.HANDLERS,
    **history_steps.HANDLERS,
    s.ForEach: _for_each,
}


def _own_references(frame: Frame, step: object) -> list[str]:
    """The bound names of cards a step acts on (its `target`), not those it chooses among."""
    if not frame.bound_obj:                     # nothing bound by object: the usual case
        return []
    target = field_or(step, "target", "")
    names: Sequence[str] = (target,) if isinstance(target, str) else target  # type: ignore[assignment]
    return [n for n in names if n in frame.bound_obj]


def run_step(state: State, frame: Frame, step: object) -> object:
    """Run one step's handler (CORE-20 around it). A bound name finds only the cards still the
    objects it named; a step paused (or yielding) after moving some of the cards it names
    must find the same cards when re-entered, so while it runs its own references follow
    what it moved; once it ends they name the objects they named, and the moved cards are
    new objects no later step finds ("put one into your hand, the other on the bottom")."""
    remember_circles(state, frame, circle_program(state, frame))   # the circles it calls onto
    own = _own_references(frame, step)
    handler = HANDLERS[type(step)]
    follows: str = str(field_or(step, "bind", "")) if type(step) in s.FOLLOWING_TYPES else ""
    if follows:
        # CORE-20: what this step moved = its cards an earlier run of it (before a pause)
        # moved, followed by run_step below, plus what this run moves (its CardMoved events).
        start = len(state.events)
        earlier = [c for name in own if name in frame.following
                   for c, first, now in zip(frame.bound[name], frame.following[name],
                                            frame.bound_obj[name], strict=True)
                   if first != now]
    if not own:
        result = handler(state, frame, step)
        if follows and result is None:
            _bind_moved(state, frame, follows, [], start)
        return result
    for name in own:
        frame.following.setdefault(name, frame.bound_obj[name])
    named = {name: f.still_named(frame, name) for name in own}
    result = handler(state, frame, step)
    if follows and result is None:
        _bind_moved(state, frame, follows, earlier, start)
    for name in own:
        if result is None:
            first = frame.following.pop(name)
            if getattr(step, "bind", None) != name:      # not bound anew by the step itself
                frame.bound_obj[name] = first
        elif len(frame.bound[name]) == len(named[name]):
            cards, objs = frame.bound[name], frame.bound_obj[name]
            frame.bound_obj[name] = tuple(
                f.position(c).obj if kept else o
                for c, o, kept in zip(cards, objs, named[name], strict=True))
    return result


def _bind_moved(state: State, frame: Frame, name: str, earlier: list[int], start: int) -> None:
    """CORE-20: `as` on a step that moves cards names what it moved, followed to where it went
    ("bind the cards retired this way" finds them in the drop): the cards its runs before a
    pause moved, and those its last run moved. A card of its target that had moved before the
    step is not among them; one that moves again later is another object, which the name no
    longer finds."""
    moved = list(dict.fromkeys(earlier))
    for event in state.events.since(start):
        if type(event) is CardMoved and event.card not in moved:
            moved.append(event.card)
    f.remember(frame, name, moved)


def steps_of(state: State, frame: Frame) -> tuple[tuple[object, ...], int]:
    """Return (cost + effect steps, number of cost steps) of the frame's ability."""
    card = state.db.by_id[frame.card_id]
    if frame.index == ALCHEMAGIC_INDEX:
        return alchemagic_steps(state, frame)
    if frame.index == DELAYED_INDEX:
        # A delayed effect runs the steps of the delay step that made it (ops.timing).
        origin = Frame(frame.source, frame.card_id, frame.ctx("origin"), frame.master,
                       context=frame.context)
        delay = steps_of(state, origin)[0][frame.ctx("pc")]
        return compile_program(delay.do), 0  # type: ignore[attr-defined]
    if frame.index < 0:
        steps, n_cost = builtin.builtin_steps(card, frame.index)
        if frame.index == STRIDE_INDEX and frame.context:     # STR-03: a cost rule modifiers
            return rule_change_steps.changed_stride_steps(frame, steps, n_cost)   # change
        return steps, n_cost
    ability = card.abilities[frame.index]
    return ability.cost + ability.program, len(ability.cost)


NO_SOUL_BLAST = "no_soul_blast"     # an Alchemagic frame's context: 1 if its Soul Blast is waived
CB_LESS = "cb_less"                 # an Alchemagic frame's context: Counter Blast paid less


def alchemagic_steps(state: State, frame: Frame) -> tuple[tuple[object, ...], int]:
    """ALC-01 (2, 4, 5): order A's cost plus the bound order B's cost, then A's effect, then
    B's; one order ability (ALC-03)."""
    a = state.db.by_id[frame.card_id]
    b = state.card(frame.ctx("alchemagic"))
    play_a = a.abilities[order_play_index(a)]
    play_b = b.abilities[order_play_index(b)]
    cost = play_a.cost + play_b.cost
    # A rule modifier may waive the Soul Blast steps (rule hook alchemagic_soul_blast): a
    # played order's frame says whether it did when the play began (systems.turn.play_order
    # spends the modifier's use then); before the play (is it payable?) the modifiers now say.
    if frame.is_order:
        waived = frame.ctx(NO_SOUL_BLAST, 0)
    else:
        waived = 1 if rm.alchemagic_soul_blast_waivers(state, frame.master, frame.source) else 0
    if waived:
        cost = tuple(step for step in cost if not isinstance(step, s.SoulBlast))
    # ... and a rule modifier may reduce its Counter Blast (rule hook alchemagic_counter_blast)
    if frame.is_order:
        less = frame.ctx(CB_LESS, 0)
    else:
        less = sum(m.amount for m in rm.alchemagic_counter_blast_reductions(
            state, frame.master, frame.source))
    if less > 0:
        cost = _less_counter_blast(cost, less)
    return cost + play_a.program + play_b.program, len(cost)


def _less_counter_blast(cost: tuple[object, ...], less: int) -> tuple[object, ...]:
    """ALC-01 (2): the combined cost with `less` fewer cards of Counter Blast, taken from its
    fixed-size Counter Blast steps in order (a step brought to 0 is left out)."""
    out: list[object] = []
    for step in cost:
        if less > 0 and isinstance(step, s.CounterBlast) and isinstance(step.n, int):
            cut = min(less, step.n)
            less -= cut
            if step.n > cut:
                out.append(dataclasses.replace(step, n=step.n - cut))
            continue
        out.append(step)
    return tuple(out)


def order_play_index(card: CardDef) -> int:
    """Return the index of an order's play effect (its act ability in the order area), or -1."""
    for index, ability in card.own_abilities:
        if ability.kind is AbilityKind.ACT and Zone.ORDER_AREA in ability.zones:
            return index
    return -1


def circle_program(state: State, frame: Frame) -> tuple[object, ...] | None:
    """The steps whose `circle_of` names a frame keeps circles for: a card ability's effect
    (its delay steps included), or a delayed effect's own steps ("call the bound card to the
    circle that unit was on" reads where that unit is when its delayed effect runs); None for
    the rules' built-in frames, which name no circle."""
    if frame.index >= 0:
        return state.db.by_id[frame.card_id].abilities[frame.index].program
    if frame.index == DELAYED_INDEX:
        return steps_of(state, frame)[0]
    return None


def ability_of(state: State, frame: Frame) -> AbilityDef | None:
    """Return the card ability a frame runs, or None for the rules' built-in frames."""
    return state.db.by_id[frame.card_id].abilities[frame.index] if frame.index >= 0 else None


def resume(state: State, frame: Frame) -> object:
    """Run the frame from where it stopped; return a Decision, YIELD, or None when it ended.

    While it runs, `state.source` names the frame's card: what its ops do has that source
    (TERM-02); the rules' own actions run with source -1.
    """
    if frame.index == DELAYED_INDEX and frame.stage == 0:
        open_delayed(state, frame)
    steps, n_cost = steps_of(state, frame)
    state.source = frame.source
    try:
        if frame.stage == 0:
            question = _start(state, frame, steps[:n_cost])
            if question is not None or frame.stage == 0:
                return question
        if frame.stage == 1:
            question = _decide_and_pay(state, frame, steps[:n_cost])
            if question is not None or frame.stage == 1:
                return question
        records = state.db.reads_ability_records
        start = len(state.events)
        obj = f.position(frame.source).obj if records else -1
        try:
            while frame.pc < len(steps):
                step = steps[frame.pc]
                result = run_step(state, frame, step)
                if result is not None:
                    return result
                frame.pc += 1
                if state.over:
                    return None
            return None
        finally:                 # what this run of the effect did, for its ability's record
            if records:
                record_did(state, frame, obj, state.events.since(start))
    finally:
        state.source = -1


def _start(state: State, frame: Frame, costs: Sequence[object]) -> Decision | None:
    """Check condition, limit and cost, and ask an optional ability's yes/no (CORE-19).

    Leaves frame.stage at 0 when the ability is not played (the frame then ends): a limited
    ability already played (two triggers of one 1/Turn auto resolve it once), a condition that
    no longer holds, a cost that cannot be paid in full.
    """
    ability = ability_of(state, frame)
    if ability is not None:
        if ops.limit_reached(state, ability.limit, frame.source, frame.card_id, frame.index,
                             frame.master):
            return None
        if not holds(state, frame, ability.condition):
            return None
        if not costs_.can_pay(state, frame, costs):
            return None           # CORE-19: costs are paid in full or the ability is not played
        if ability.optional:
            answer = ask_yes_no(state, frame, "use ability")
            if isinstance(answer, Decision):
                return answer
            if not answer:
                return None
    frame.stage = 1
    return None


def _decide_and_pay(state: State, frame: Frame, costs: Sequence[object]) -> Decision | None:
    """CORE-19, seed 004 §9: decide every cost step's cards, then pay them all at once; the use
    of a limited ability binds now that it is played. Leaves frame.stage at 1 when the play is
    cancelled (the frame then ends, having paid nothing)."""
    while frame.pc < len(costs):
        question = costs_.decide(state, frame, costs)
        if question is not None:
            return question
        frame.pc += 1
    if costs:
        remember_circles(state, frame, circle_program(state, frame))
    if costs and not costs_.pay(state, frame, costs):
        cancel_play(state, frame)
        return None
    if frame.revealed:
        ops.end_reveal(state, frame.revealed)           # ACT-09: a cost's reveal ends here
        frame.revealed.clear()
    ability = ability_of(state, frame)
    if ability is not None:
        ops.record_use(state, ability.limit, frame.source, frame.card_id, frame.index,
                       frame.master)
    frame.stage = 2
    return None


def cancel_play(state: State, frame: Frame) -> None:
    """Undo a play whose cost turned out unpayable: nothing was paid; a played order goes back
    to the hand, an Alchemagic's bound order B back to the drop, and no order counts as played
    (CORE-19, ALC-01 ④)."""
    if frame.is_order:
        ops.undo_order(state, frame.master, frame.source, frame.ctx("alchemagic"))


__all__ = ["HANDLERS", "YIELD", "ability_of", "resume", "run_step", "steps_of"]
