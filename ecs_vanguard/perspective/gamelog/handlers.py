"""One small function per event type: add the entry the event means, or extend the last one.

Events of a trigger (CORE-14) extend the drive or damage check that revealed it, so a reader
sees who got the power, the critical, the heal or the draw. Raw facts that a named event
already tells (CardMoved, UnitPlaced, Shuffled, ...) only update where cards are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ecs_vanguard.derived import query as q
from ecs_vanguard.perspective.cardtext import printed_marks
from ecs_vanguard.perspective.gamelog.book import LogBook
from ecs_vanguard.vocab import events as ev
from ecs_vanguard.vocab.zones import Zone

Handler = Callable[[LogBook, Any], None]
_QUIET_PHASES = ("stand",)          # standing up at the start of a turn is not news


def _turn(log: LogBook, e: ev.TurnStarted) -> None:
    log.turn = e.turn
    log.phase = "stand"
    log.add("turn", e.player, damage=list(log.damage))


def _phase(log: LogBook, e: ev.PhaseStarted) -> None:
    log.start_phase(e.phase)


def _started(log: LogBook, e: ev.GameStarted) -> None:
    log.add("first", e.first_player)


def _mulligan(log: LogBook, e: ev.Mulliganed) -> None:
    redraw = log.last("draw", e.player) if e.returned else None
    if redraw is not None:                        # CORE-03: the new cards come with the mulligan
        log.entries.pop()
    secret = log.viewer is not None and log.viewer != e.player
    back = [] if secret else [log.card(c) for c in log.returned.pop(e.player, [])]
    log.add("mulligan", e.player, returned=e.returned, back=back,
            cards=redraw.data["cards"] if redraw else [],
            hidden=redraw.data["hidden"] if redraw else 0)


def _drawn(log: LogBook, e: ev.CardDrawn) -> None:
    if _trigger_effect(log, "draw", e.card):
        return
    entry = log.last("draw", e.player) or log.add("draw", e.player, cards=[], hidden=0)
    if log.viewer is None or log.viewer == e.player:
        entry.data["cards"].append(log.card(e.card))
    else:
        entry.data["hidden"] += 1                 # the opponent's hand stays secret


def _rode(log: LogBook, e: ev.UnitRode) -> None:
    log.places[e.card] = "vc"
    log.add("ride", e.player, card=log.card(e.card), persona=e.persona,
            from_zone=e.from_zone.value, superior=e.superior)


def _strode(log: LogBook, e: ev.UnitStrode) -> None:
    log.places[e.card] = "vc"
    log.add("stride", e.player, card=log.card(e.card))


def _called(log: LogBook, e: ev.UnitCalled) -> None:
    circle = e.circle.value if e.circle is not None else e.to_zone.value
    log.places[e.card] = circle
    if e.to_zone is Zone.GC:
        return                                   # told by GuardianCalled
    log.add("call", e.player, card=log.card(e.card), circle=circle,
            from_zone=e.from_zone.value, superior=e.superior)


def _placed(log: LogBook, e: ev.UnitPlaced) -> None:
    log.places[e.card] = e.circle.value if e.circle is not None else e.to_zone.value


def _moved(log: LogBook, e: ev.UnitMoved) -> None:
    log.places[e.card] = e.to_circle.value
    log.add("move", e.player, card=log.card(e.card), from_circle=e.from_circle.value,
            to_circle=e.to_circle.value)


def _overdressed(log: LogBook, e: ev.UnitOverDressed) -> None:
    log.places[e.card] = e.circle.value
    log.add("overdress", e.player, card=log.card(e.card), source=log.card(e.source),
            circle=e.circle.value)


def _retired(log: LogBook, e: ev.UnitRetired) -> None:
    if log.places.get(e.card) == "gc":
        return                                   # guardians leave after the battle (CORE-17)
    log.add("retire", None, card=log.unit(e.card))


def _attack(log: LogBook, e: ev.AttackDeclared) -> None:
    co = [log.unit(e.co_attacker)] if e.co_attacker >= 0 else []
    log.battle = log.add("attack", e.player, attacker=log.unit(e.attacker), co_attackers=co,
                         target=log.unit(e.target))
    log.defending = None


def _boost(log: LogBook, e: ev.UnitBoosted) -> None:
    log.game.switch()
    amount = q.power(log.game.state, e.booster)   # CORE-09: added continuously from now on
    log.add("boost", e.player, card=log.unit(e.booster), boosted=log.unit(e.boosted),
            amount=amount)


def _guard(log: LogBook, e: ev.GuardianCalled) -> None:
    log.places[e.card] = "gc"
    entry = log.last("guard", e.player) or log.add("guard", e.player, cards=[])
    log.defending = entry
    printed = log.game.card(e.card)
    entry.data["cards"].append({**log.card(e.card), "shield": printed.shield,
                                "marks": printed_marks(printed, skills=False)})


def _intercept(log: LogBook, e: ev.Intercepted) -> None:
    shield = log.game.card(e.card).shield
    log.defending = log.add("intercept", e.player, card={**log.unit(e.card), "shield": shield})
    log.places[e.card] = "gc"


def _check(kind: str) -> Handler:
    def handle(log: LogBook, e: ev.DriveChecked | ev.DamageChecked) -> None:
        entry = log.add(kind, e.player, card=log.card(e.card), trigger=e.trigger, effects=[])
        log.check = entry if e.trigger else None

    return handle


def _trigger_effect(log: LogBook, what: str, card: int, **data: Any) -> bool:
    """Add an effect to the check whose trigger is resolving; False when no trigger is."""
    if log.check is None:
        return False
    log.check.data["effects"].append({"effect": what, "card": log.unit(card), **data})
    return True


def _power(log: LogBook, e: ev.PowerChanged) -> None:
    if e.stat not in ("power", "critical", "shield", "drive"):
        return
    if log.check is not None and e.source == log.check.data["card"]["entity"]:
        _trigger_effect(log, e.stat, e.card, amount=e.amount)
        return
    log.add("power", None, card=log.unit(e.card), stat=e.stat, amount=e.amount,
            source=log.card(e.source) if e.source >= 0 else None)


def _healed(log: LogBook, e: ev.CardHealed) -> None:
    if not _trigger_effect(log, "heal", e.card):
        log.add("heal", e.player, card=log.card(e.card))


def _stood(log: LogBook, e: ev.UnitStood) -> None:
    if log.phase in _QUIET_PHASES or _trigger_effect(log, "stand", e.card):
        return
    log.add("stand", e.player, card=log.unit(e.card))


def _damage(log: LogBook, e: ev.DamageDealt) -> None:
    log.add("damage", e.player, amount=e.amount, battle=e.battle,
            source=log.card(e.source) if e.source >= 0 else None)


def _hit(log: LogBook, e: ev.AttackHit) -> None:
    defender = 1 - e.player
    log.add("hit", e.player, target=log.unit(e.target), damage=log.damage[defender])
    log.battle = None


def _missed(log: LogBook, e: ev.AttackMissed) -> None:
    log.add("miss", e.player, target=log.unit(e.target))
    log.battle = None


def _ended(log: LogBook, e: ev.GameEnded) -> None:
    log.add("end", e.winner, reason=e.reason, code=log.game.end_code, turn=log.turn,
            damage=list(log.damage))


def _simple(kind: str, *fields: str) -> Handler:
    """Return a handler adding `kind` with the event's player and its card fields named."""

    def handle(log: LogBook, e: Any) -> None:
        data = {f: log.unit(getattr(e, f)) for f in fields}
        log.add(kind, getattr(e, "player", None), **data)

    return handle


def _count(kind: str) -> Handler:
    return _fields(kind, "count")


def _fields(kind: str, *fields: str) -> Handler:
    """Return a handler adding `kind` with the event's player and these plain fields."""

    def handle(log: LogBook, e: Any) -> None:
        log.add(kind, e.player, **{f: getattr(e, f) for f in fields})

    return handle


def _gift(log: LogBook, e: ev.GiftGained) -> None:
    log.add("gift", e.player, gift=e.gift, circle=e.circle.value if e.circle else None)


def _searched(log: LogBook, e: ev.CardsSearched) -> None:
    log.add("search", e.player, zone=e.zone.value, cards=[log.card(c) for c in e.found])


def _card_moved(log: LogBook, e: ev.CardMoved) -> None:
    """Count damage as it moves, so lines between two decisions show the count of the moment;
    keep the cards a mulligan returns (CORE-03)."""
    if log.phase == "setup" and e.from_zone is Zone.HAND and e.to_zone is Zone.DECK:
        log.returned.setdefault(e.player, []).append(e.card)
    if e.to_zone is Zone.DAMAGE:
        log.damage[e.player] += 1
    if e.from_zone is Zone.DAMAGE:
        log.damage[e.player] -= 1


HANDLERS: dict[type, Handler] = {
    ev.GameStarted: _started,
    ev.Mulliganed: _mulligan,
    ev.TurnStarted: _turn,
    ev.PhaseStarted: _phase,
    ev.CardMoved: _card_moved,
    ev.CardDrawn: _drawn,
    ev.UnitRode: _rode,
    ev.UnitStrode: _strode,
    ev.UnitCalled: _called,
    ev.UnitPlaced: _placed,
    ev.UnitMoved: _moved,
    ev.UnitOverDressed: _overdressed,
    ev.UnitRetired: _retired,
    ev.UnitStood: _stood,
    ev.AttackDeclared: _attack,
    ev.UnitBoosted: _boost,
    ev.GuardianCalled: _guard,
    ev.Intercepted: _intercept,
    ev.DriveChecked: _check("drive_check"),
    ev.DamageChecked: _check("damage_check"),
    ev.PowerChanged: _power,
    ev.CardHealed: _healed,
    ev.DamageDealt: _damage,
    ev.AttackHit: _hit,
    ev.AttackMissed: _missed,
    ev.GameEnded: _ended,
    ev.OrderPlayed: _simple("order", "card"),
    ev.AbilityActivated: _simple("act", "card"),
    ev.AutoPlayed: _simple("auto", "card"),
    ev.CardDiscarded: _simple("discard", "card"),
    ev.UnitDeleted: _simple("delete", "card"),
    ev.CardBound: _simple("bind", "card"),
    ev.UnitLocked: _simple("lock", "card"),
    ev.UnitUnlocked: _simple("unlock", "card"),
    ev.CardImprisoned: _simple("imprison", "card"),
    ev.LegionFormed: _simple("legion", "leader", "mate"),
    ev.AttackTargetChanged: _simple("retarget", "target"),
    ev.CounterBlasted: _count("counter_blast"),
    ev.CounterCharged: _count("counter_charge"),
    ev.SoulBlasted: _count("soul_blast"),
    ev.SoulCharged: _count("soul_charge"),
    ev.GiftGained: _gift,
    ev.NameDeclared: _fields("declare", "name"),
    ev.PlayerStateEntered: _fields("player_state", "name"),
    ev.WorldChanged: _fields("world", "content"),
    ev.CardsSearched: _searched,
}
