"""What a player of `python_vanguard` observes and knows: OpenSpiel's observation and
information-state tensors and strings, built from `Game.observation`, `Game.view` and what the
player knows of each card (ecs_vanguard.perspective.knowledge).

- Observation (`observation_tensor`, `observation_string`): `Game.observation(player)`, the
  named parts of `encoding.OBSERVATION`; the string is `Game.view(player)` and the pending
  decision as JSON (the legal actions only for the player who decides).
- Information state (`information_state_tensor`, `information_state_string`): the observation
  and what the player knows beyond it: the identities of cards in hidden zones they have seen
  (`known_hidden`: the opponent's hand, either deck) and the make-up of the cards they have not
  seen (`unseen`: per owner, outside the G zone); the string adds each known card's entity
  and id. Only what the player has seen counts (`knowledge(..., seen_only=True)`): the cards
  the other player's pending decision offers are not shown to them. A determinization keeps
  all of it (ecs_vanguard.perspective.determinize), so every state `resample_from_infostate` returns has
  the same information state as the state it was sampled from (tested through whole games).

The information state is what the player knows now, not a transcript of the game: two
histories that leave them seeing and knowing the same are one information state.
"""

from __future__ import annotations

import json
from typing import Any, cast

import esper
import numpy as np
import pyspiel

from components import Position
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.perspective.knowledge import PRIVATE_ZONES, Knowledge, knowledge
from ecs_vanguard.perspective.observation import OBSERVATION
from ecs_vanguard.vocab.errors import ArgumentError
from ecs_vanguard.vocab.zones import Zone

CARD_FEATURES = ("grade_0", "grade_1", "grade_2", "grade_3", "grade_4", "triggers",
                 "non_triggers", "sentinels", "shield")       # as the observation's "hand" part
KNOWN_ZONES = (Zone.HAND, Zone.DECK)
# The parts beyond the observation in the information-state tensor: (name, shape).
RECALL_PARTS = (("known_hidden", (2, len(KNOWN_ZONES), len(CARD_FEATURES))),
                ("unseen", (2, len(CARD_FEATURES))))


def _pieces(perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    pieces = [(name, shape) for name, (_, shape) in OBSERVATION.views.items()]
    return pieces + list(RECALL_PARTS) if perfect_recall else pieces


class VanguardObserver:
    """An OpenSpiel Python observer (open_spiel/python/observation.py): `tensor`, its named
    views `dict`, `set_from(state, player)` and `string_from(state, player)`.

    Raises:
        ArgumentError: an observation type other than a player's own (private info of a single
            player, with public info): the game provides no public-only observation.
    """

    def __init__(self, iig_obs_type: Any) -> None:
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or \
                not iig_obs_type.public_info:
            raise ArgumentError("python_vanguard observes as one player (private info of a "
                                "single player, with public info) only")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces = _pieces(self.perfect_recall)
        sizes = [int(np.prod(shape)) for _, shape in pieces]
        self.tensor = np.zeros(sum(sizes), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for (name, shape), size in zip(pieces, sizes):
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size

    def set_from(self, state: Any, player: int) -> None:
        """Write what `player` observes (and knows, for the information state) of `state`;
        all zeros before the deal."""
        self.tensor.fill(0)
        game = state.engine
        if game is None:
            return
        self.tensor[:OBSERVATION.size] = game.observation(player)
        if self.perfect_recall:
            known, unseen = recall(game, player)
            self.dict["known_hidden"][:] = known
            self.dict["unseen"][:] = unseen

    def string_from(self, state: Any, player: int) -> str:
        """Return what `player` observes (and knows) of `state` as compact JSON."""
        game = state.engine
        if game is None:
            return "chance: the deal"
        out: dict[str, Any] = {"player": player, "view": game.view(player),
                               "decision": _decision(game, player)}
        if self.perfect_recall:
            out["known"] = known_cards(game, player)
        return json.dumps(out, sort_keys=True, separators=(",", ":"))


def _decision(game: Game, player: int) -> dict[str, Any] | None:
    """The pending decision as `player` sees it: whose, what kind, about what; its legal
    actions only when it is theirs (the other player's options would show their hand)."""
    decision = game.decision
    if decision is None:
        return None
    out: dict[str, Any] = {"player": decision.player, "kind": decision.kind.value,
                           "label": decision.label}
    if decision.player == player:          # the source may be a card of the other's hand
        out["source"] = decision.source
        out["actions"] = sorted(int(i) for i in game.legal_action_indices())
    return out


def _hidden_from(player: int, owner: int, zone: Zone, face_up: bool) -> bool:
    """True for a place `player` cannot look into (CORE-01; knowledge.HIDDEN_ZONES)."""
    if zone is Zone.DECK:
        return True
    return owner != player and zone in PRIVATE_ZONES and not (zone is Zone.G_ZONE and face_up)


def _hidden_cards(game: Game, player: int) -> list[tuple[int, Position, Knowledge]]:
    """Every card in a place hidden from `player`, with what they know of it, by entity."""
    game.switch()
    known = knowledge(game.state, player, seen_only=True)
    out = []
    for entity in sorted(known):
        pos = esper.component_for_entity(entity, Position)
        zone = cast(Zone, pos.zone)
        face_up = zone is Zone.G_ZONE and q.orientation(entity).face_up
        if _hidden_from(player, pos.owner, zone, face_up):
            out.append((entity, pos, known[entity]))
    return out


def known_cards(game: Game, player: int) -> list[list[Any]]:
    """Return [entity, owner, zone, card id] of every card in a hidden place whose identity
    `player` knows (seen going in, looked at, searched; ecs_vanguard.perspective.knowledge)."""
    return [[entity, pos.owner, cast(Zone, pos.zone).value, game.card(entity).id]
            for entity, pos, status in _hidden_cards(game, player)
            if status is Knowledge.KNOWN]


def _features(card: CardDef) -> np.ndarray:
    """CARD_FEATURES of one printed card (printed shield: the card is not in play)."""
    out = np.zeros(len(CARD_FEATURES), np.float32)
    out[min(max(card.grade, 0), 4)] = 1
    out[5 + int(card.trigger is None)] = 1
    out[7] = float(bool(card.sentinel))
    out[8] = max(card.shield, 0) / 10000
    return out


def recall(game: Game, player: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the recall parts of the information-state tensor (RECALL_PARTS): the make-up of
    the cards `player` knows in hidden hands and decks, and of those they have not seen."""
    known = np.zeros(RECALL_PARTS[0][1], np.float32)
    unseen = np.zeros(RECALL_PARTS[1][1], np.float32)
    for entity, pos, status in _hidden_cards(game, player):
        side, zone = int(pos.owner != player), cast(Zone, pos.zone)
        features = _features(game.card(entity))
        if status is Knowledge.KNOWN:
            if zone in KNOWN_ZONES:
                known[side, KNOWN_ZONES.index(zone)] += features
        elif zone is not Zone.G_ZONE:
            unseen[side] += features
    return known, unseen
