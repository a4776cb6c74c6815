"""`python_vanguard`: the OpenSpiel game and state over one `ecs_vanguard.Game` (issue 22).

Actions are indices of the engine's flat action table (`encoding.ACTION_COUNT` of them,
`Game.legal_action_indices`); a state is the engine game it holds, or nothing yet before the
deal (the one chance node). See the package docstring for how chance is modelled.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ecs_vanguard.game import DECISIONS_PER_TURN_LIMIT, Game
from ecs_vanguard.openspiel.actions import action_text
from ecs_vanguard.openspiel.observer import VanguardObserver
from ecs_vanguard.perspective.encoding import ACTION_COUNT
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError, SnapshotError

SHORT_NAME = "python_vanguard"
DEAL = 0                        # the one outcome of the chance node: deal a new game
# Game parameters and their defaults: decks are built-in names or deck TOML files; format ""
# is the first deck's own format; rng_seed seeds the generator that seeds each deal. deals: 0
# (sampled chance: each deal's seed drawn from that generator), or N for explicit chance, the
# deal a chance node of N equally likely outcomes, outcome i the game dealt with seed
# deal_seed(rng_seed, i), so that a state's history determines it (package docstring).
PARAMETERS: dict[str, Any] = {"deck_a": "blazing_dragons", "deck_b": "radiant_knights",
                              "format": "", "turn_limit": 100, "rng_seed": 0, "deals": 0}
MAX_DEALS = 4096                # chance_outcomes() lists them all
# OpenSpiel keeps integer parameters and the game length as C++ ints (32 bits): the game's
# length is (turn_limit + 1) * DECISIONS_PER_TURN_LIMIT, which must fit.
MAX_TURN_LIMIT = 1_000_000
MAX_RNG_SEED = 2**31 - 1
# What `state.serialize()` writes (one JSON object) and `game.deserialize_state` reads: the
# OpenSpiel history and move number, and the engine game as its own snapshot (Game.to_json),
# or null before the deal. Nothing in it is ever unpickled or evaluated.
STATE_FORMAT = "python_vanguard-state/1"
_STATE_KEYS = frozenset({"format", "history", "move_number", "engine"})
_STATE_BYTES = limits.SNAPSHOT_BYTES + 4 * limits.MIB   # the snapshot and a history
# OpenSpiel's own reader of a Python state's text takes its Python attributes as a pickle;
# this state hands it only this constant, the pickle of an empty dict ({}), so it restores the
# history and the move number and nothing else (the engine is set from its JSON snapshot).
_NO_ATTRIBUTES = "gAR9lC4="

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Cardfight!! Vanguard (ecs_vanguard)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,           # win +1, loss -1; a draw 0 to both
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


# The same game with explicit chance (parameter deals > 0): every other attribute as GAME_TYPE.
EXPLICIT_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME, long_name=GAME_TYPE.long_name, dynamics=GAME_TYPE.dynamics,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=GAME_TYPE.information, utility=GAME_TYPE.utility,
    reward_model=GAME_TYPE.reward_model, max_num_players=2, min_num_players=2,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def deal_seed(rng_seed: int, outcome: int) -> int:
    """The engine seed of deal `outcome` of a game with explicit chance (parameter deals)."""
    return int(np.random.SeedSequence([rng_seed, outcome]).generate_state(2, np.uint64)[0]
               >> np.uint64(1))


def _game_info(turn_limit: int, deals: int = 0) -> Any:
    # A game ends at the turn limit, and a turn after DECISIONS_PER_TURN_LIMIT decisions; the
    # set-up (mulligans) counts as one more turn.
    return pyspiel.GameInfo(num_distinct_actions=ACTION_COUNT, max_chance_outcomes=max(deals, 1),
                            num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                            max_game_length=(turn_limit + 1) * DECISIONS_PER_TURN_LIMIT)


def check_parameters(params: dict[str, Any] | None) -> dict[str, Any]:
    """Return the parameters with defaults filled in; refuse unknown or mistyped ones."""
    merged = dict(PARAMETERS)
    for key, value in (params or {}).items():
        if key not in PARAMETERS:
            raise ArgumentError(f"{SHORT_NAME} has no parameter {key!r}; its parameters: "
                                f"{', '.join(PARAMETERS)}")
        if type(value) is not type(PARAMETERS[key]):
            raise ArgumentError(f"{SHORT_NAME} parameter {key} must be "
                                f"{type(PARAMETERS[key]).__name__}, got {value!r:.40}")
        merged[key] = value
    if not 0 <= merged["deals"] <= MAX_DEALS:
        raise ArgumentError(f"{SHORT_NAME}: deals must be 0 (sampled chance) or 1 to "
                            f"{MAX_DEALS:,} (explicit chance), got {merged['deals']!r:.40}")
    turn_limit, seed = merged["turn_limit"], merged["rng_seed"]
    if not (1 <= turn_limit <= MAX_TURN_LIMIT and 0 <= seed <= MAX_RNG_SEED):
        raise ArgumentError(f"{SHORT_NAME}: turn_limit must be 1 to {MAX_TURN_LIMIT:,} and "
                            f"rng_seed 0 to {MAX_RNG_SEED:,}, got {turn_limit!r:.40} and "
                            f"{seed!r:.40}")
    return merged


class VanguardGame(pyspiel.Game):
    """The OpenSpiel game: two decks in one format, dealt anew by the chance node.

    Raises:
        ArgumentError: an unknown or mistyped parameter.
        DeckError: a deck cannot be loaded or is not legal in the format.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = check_parameters(params)
        self.explicit_deals = merged["deals"]            # 0: sampled chance
        super().__init__(EXPLICIT_GAME_TYPE if self.explicit_deals else GAME_TYPE,
                         _game_info(merged["turn_limit"], self.explicit_deals), merged)
        self.rng_seed = merged["rng_seed"]
        self.db = CardDB.builtin()
        self.decks = (Deck.resolve(merged["deck_a"], self.db), Deck.resolve(merged["deck_b"],
                                                                            self.db))
        self.format = merged["format"] or self.decks[0].format
        self.turn_limit = merged["turn_limit"]
        # Sampled chance (package docstring): the game's own generator seeds each deal.
        self.deals = np.random.default_rng(merged["rng_seed"])
        self.new_engine(0)                  # refuse bad decks now, not at the first deal

    def new_engine(self, seed: int) -> Game:
        """Return a new engine game of these decks, dealt with `seed`."""
        return Game(*self.decks, seed=seed, format=self.format, db=self.db,
                    turn_limit=self.turn_limit)

    def new_initial_state(self) -> VanguardState:
        """Return the state before the deal (a chance node)."""
        return VanguardState(self)

    def deal(self, outcome: int) -> Game:
        """Return the engine game of the deal: with explicit chance, the one of `outcome`;
        else one with the next seed of the game's generator."""
        if self.explicit_deals:
            return self.new_engine(deal_seed(self.rng_seed, outcome))
        return self.new_engine(int(self.deals.integers(2**63)))

    def max_chance_nodes_in_history(self) -> int:
        """One: the deal."""
        return 1

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> VanguardObserver:
        """Return an observer: the observation by default, the information state when
        `iig_obs_type.perfect_recall` (ecs_vanguard.openspiel.observer).

        Raises:
            ArgumentError: observer parameters (there are none), or a public-only type.
        """
        if params:
            raise ArgumentError(f"{SHORT_NAME} observers take no parameters, got {params!r:.60}")
        return VanguardObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))

    def deserialize_state(self, text: str) -> VanguardState:
        """Return the state `state.serialize()` wrote: JSON (STATE_FORMAT) holding the
        OpenSpiel history and the engine game's snapshot, each checked as it is read
        (`Game.from_json`). Nothing of the text is unpickled or evaluated; OpenSpiel's own
        pickle-based text of a Python state is refused like any text that is not this JSON.

        Raises:
            SnapshotError: not a state of this format, too large, malformed, or a state of
                a game with another format or turn limit (one line).
        """
        data = _state_data(text)
        engine = data["engine"]
        if engine is not None and (engine.get("format") != self.format
                                   or engine.get("turn_limit") != self.turn_limit):
            raise SnapshotError(f"{SHORT_NAME} state: a game of format "
                                f"{engine.get('format')!r:.20} and turn limit "
                                f"{engine.get('turn_limit')!r:.20}, not this game's "
                                f"{self.format!r} and {self.turn_limit}")
        game = Game.from_json(json.dumps(engine), self.db) if engine is not None else None
        moves = ",".join(f"{player}:{action}" for player, action in data["history"])
        native = f"history={moves}\nmove_number={data['move_number']}\n__dict__={_NO_ATTRIBUTES}"
        state: VanguardState = pyspiel.Game.deserialize_state(self, native)
        state.engine = game
        return state

    def __reduce__(self) -> tuple:
        """Pickle as the parameters and the deal generator's state (OpenSpiel's own pickling
        asks a sampled-stochastic game for a C++ generator state, which a Python game lacks)."""
        return (_unpickle_game, (self.get_parameters(), self.deals.bit_generator.state))


class VanguardState(pyspiel.State):
    """One position: `engine` is the ecs_vanguard Game, None before the deal. OpenSpiel
    clones a Python state by deep-copying its attributes: `Game.__deepcopy__` is
    `Game.clone()`, so a clone keeps the generator's state and the same action gives the same
    future."""

    def __init__(self, game: VanguardGame) -> None:
        super().__init__(game)
        self.engine: Game | None = None

    def current_player(self) -> int:
        """Return the deciding player, or CHANCE before the deal, or TERMINAL."""
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.engine.decision.player  # type: ignore[union-attr]

    def _legal_actions(self, player: int) -> list[int]:
        """Return the legal action-table indices of the pending decision, ascending."""
        assert self.engine is not None and player == self.current_player()
        return sorted(int(i) for i in self.engine.legal_action_indices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the outcomes of the deal: one with sampled chance, `deals` equally likely
        ones with explicit chance (package docstring)."""
        assert self.engine is None
        n = self.get_game().explicit_deals
        return [(i, 1.0 / n) for i in range(n)] if n else [(DEAL, 1.0)]

    def _apply_action(self, action: int) -> None:
        """Deal a new game (at the chance node) or step the engine with a table index.

        Raises:
            IllegalActionError: the index is not legal now; nothing changes.
        """
        if self.engine is None:
            self.engine = self.get_game().deal(int(action))
        else:
            self.engine.step(int(action))

    def apply_action_with_legality_check(self, action: int) -> None:
        """Apply an action after checking it is legal (OpenSpiel's own check words its refusal
        with a serialization a sampled-stochastic Python game cannot give).

        Raises:
            IllegalActionError: the action is not legal now; nothing changes.
        """
        if int(action) not in self.legal_actions():
            raise IllegalActionError(f"action {action!r:.40} is not legal now "
                                     f"({len(self.legal_actions())} legal actions)")
        self.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the words of an action (actions.action_text); the deal for chance."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.get_game().explicit_deals else "deal"
        return action_text(int(action))

    def is_terminal(self) -> bool:
        """True once the engine game has ended (a win, a loss or a draw by a limit)."""
        return self.engine is not None and self.engine.over

    def returns(self) -> list[float]:
        """Return +1 to the winner and -1 to the loser; 0 to both for a draw or a game on."""
        winner = self.engine.winner if self.engine is not None else None
        if winner is None:
            return [0.0, 0.0]
        return [1.0 if p == winner else -1.0 for p in (0, 1)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> VanguardState:
        """Return a state of `player_id`'s information set: `Game.determinize`, seeded by four
        draws of `probability_sampler` (a callable returning floats in [0, 1)). The copy has no
        OpenSpiel history (a sampled-stochastic history does not determine a state).

        Raises:
            ArgumentError: the sampler returned something that is not a number in [0, 1).
        """
        state = self.get_game().new_initial_state()
        if self.engine is not None:
            words = [_word(probability_sampler()) for _ in range(4)]
            state.engine = self.engine.determinize(player_id, np.random.default_rng(words))
        return state

    def serialize(self) -> str:
        """Return the state as JSON text (STATE_FORMAT): the OpenSpiel history and move
        number, and the engine game's own snapshot (`Game.to_json`, which keeps its
        generator), null before the deal. `game.deserialize_state(text)` reads it back."""
        head = json.dumps({"format": STATE_FORMAT,
                           "history": [[int(pa.player), int(pa.action)]
                                       for pa in self.full_history()],
                           "move_number": int(self.move_number())}, separators=(",", ":"))
        engine = "null" if self.engine is None else self.engine.to_json()
        return f'{head[:-1]},"engine":{engine}}}'

    def __reduce__(self) -> tuple:
        """Pickle as the game and `serialize()` (see VanguardGame.__reduce__)."""
        return (_unpickle_state, (self.get_game(), self.serialize()))

    def __str__(self) -> str:
        """Return where the game is and the engine's state hash (equal for equal states)."""
        game = self.engine
        if game is None:
            return "chance: the deal"
        if game.over:
            return f"over: {game.end_reason} (winner {game.winner}); state {game.state_hash()}"
        decision = game.decision
        assert decision is not None
        return (f"turn {game.turn}, player {game.turn_player}'s {game.phase.value} phase; "
                f"player {decision.player} decides {decision.kind.value}; "
                f"state {game.state_hash()}")


def _word(draw: object) -> int:
    """Return a draw of a probability sampler in [0, 1) as a 32-bit seed word."""
    if isinstance(draw, bool) or not isinstance(draw, int | float | np.floating | np.integer) \
            or not 0.0 <= float(draw) < 1.0:
        raise ArgumentError(f"resample_from_infostate: the probability sampler must return "
                            f"numbers in [0, 1), got {draw!r:.40}")
    return int(float(draw) * 2**32)


def _state_data(text: object) -> dict[str, Any]:
    """Return the table of a serialized state after checking its size, nesting, keys, format
    and history (each move a [player, action] pair of this game's players and actions).

    Raises:
        SnapshotError: anything else (one line).
    """
    if not isinstance(text, str):
        raise SnapshotError(f"{SHORT_NAME} state: expected the text state.serialize() "
                            f"wrote, got {type(text).__name__}")
    if len(text) > _STATE_BYTES:
        raise SnapshotError(f"{SHORT_NAME} state: larger than "
                            f"{limits.size_text(_STATE_BYTES)}, the most a state may hold")
    limits.check_nesting(text, limit=limits.JSON_NESTING + 1, toml=False, error=SnapshotError,
                         where=f"{SHORT_NAME} state")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    if type(data) is not dict or data.get("format") != STATE_FORMAT or set(data) != _STATE_KEYS:
        raise SnapshotError(f"{SHORT_NAME} state: not a state of format {STATE_FORMAT} (the "
                            "JSON state.serialize() writes; nothing else is read)")
    history, moves, engine = data["history"], data["move_number"], data["engine"]
    if type(history) is not list or not all(_is_move(m) for m in history):
        raise SnapshotError(f"{SHORT_NAME} state: history must be a list of [player, action] "
                            f"pairs (player {int(pyspiel.PlayerId.CHANCE)}, 0 or 1; action 0 "
                            f"to {ACTION_COUNT - 1})")
    if type(moves) is not int or not 0 <= moves <= len(history):
        raise SnapshotError(f"{SHORT_NAME} state: move_number {moves!r:.40} is not 0 to the "
                            f"{len(history)} moves of its history")
    if (engine is None) != (not history) or not (engine is None or type(engine) is dict):
        raise SnapshotError(f"{SHORT_NAME} state: the engine game must be a snapshot after the "
                            "deal and null before it")
    return data


def _is_move(move: object) -> bool:
    return (type(move) is list and len(move) == 2 and type(move[0]) is int
            and type(move[1]) is int
            and move[0] in (int(pyspiel.PlayerId.CHANCE), 0, 1) and 0 <= move[1] < ACTION_COUNT)


def _unpickle_game(params: dict[str, Any], deals: dict[str, Any]) -> VanguardGame:
    game = VanguardGame(params)
    game.deals.bit_generator.state = deals
    return game


def _unpickle_state(game: VanguardGame, text: str) -> VanguardState:
    state: VanguardState = game.deserialize_state(text)
    return state
