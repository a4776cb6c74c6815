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

- Factored observations (what `generate_playthrough` asks for): the public observation
  (public info, no private info) is what both players see, in seat 0's frame: the observation
  vector without the "hand" part, and as a string both sides as the other player sees them;
  the private observation (a single player's private info, no public info) is the "hand" part
  alone, and as a string that player's hand, ride deck and mulligan picks.

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


# What an observer shows (VanguardObserver.kind): a player's own observation (public and
# private info), the public part only, or the private part only.
PRIVATE_PARTS = ("hand",)                     # the observation's parts only its player sees
_PRIVATE_VIEW_KEYS = ("hand", "ride_deck")    # a player's own view entries the other lacks


def _pieces(kind: str, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    pieces = [(name, shape) for name, (_, shape) in OBSERVATION.views.items()
              if kind == "player" or (name in PRIVATE_PARTS) == (kind == "private")]
    return pieces + list(RECALL_PARTS) if perfect_recall else pieces


def _kind(iig_obs_type: Any) -> str:
    """"player", "public" or "private" for the observation types the game provides.

    Raises:
        ArgumentError: any other type (all players' private info; a public or private
            observation with perfect recall).
    """
    private, public = iig_obs_type.private_info, bool(iig_obs_type.public_info)
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and public:
        return "player"
    if not iig_obs_type.perfect_recall:
        if private == pyspiel.PrivateInfoType.NONE and public:
            return "public"
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and not public:
            return "private"
    raise ArgumentError("python_vanguard observes as one player (private info of a single "
                        "player, with public info, with or without perfect recall), or the "
                        "public or the private part of that alone (without perfect recall)")


class VanguardObserver:
    """An OpenSpiel Python observer (open_spiel/python/observation.py): `tensor`, its named
    views `dict`, `set_from(state, player)` and `string_from(state, player)`.

    Raises:
        ArgumentError: an observation type the game does not provide (_kind).
    """

    def __init__(self, iig_obs_type: Any) -> None:
        self.kind = _kind(iig_obs_type)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces = _pieces(self.kind, self.perfect_recall)
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
        if self.kind != "player":                 # public: seat 0's frame, whoever asks
            vector = game.observation(player if self.kind == "private" else 0)
            for name, view in self.dict.items():
                view[...] = OBSERVATION.part(vector, name)
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
        if self.kind == "public":
            return json.dumps(_public_view(game), sort_keys=True, separators=(",", ":"))
        if self.kind == "private":
            view = game.view(player)
            mine = view["players"][player]
            private = {key: mine.get(key) for key in _PRIVATE_VIEW_KEYS}
            return json.dumps({"player": player, **private, "picked": view.get("picked")},
                              sort_keys=True, separators=(",", ":"))
        out: dict[str, Any] = {"player": player, "view": game.view(player),
                               "decision": _decision(game, player)}
        if self.perfect_recall:
            out["known"] = known_cards(game, player)
        return json.dumps(out, sort_keys=True, separators=(",", ":"))


def _public_view(game: Game) -> dict[str, Any]:
    """What both players see: each side as the other player sees it, the turn, the battle and
    the pending decision's player and kind."""
    views = (game.view(0), game.view(1))
    out = {key: views[0][key] for key in ("turn", "turn_player", "phase", "over", "winner",
                                          "battle")}
    out["players"] = [views[1]["players"][0], views[0]["players"][1]]
    decision = game.decision
    out["decision"] = None if decision is None else {"player": decision.player,
                                                     "kind": decision.kind.value}
    return out


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
