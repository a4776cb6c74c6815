"""`python_vanguard`: the OpenSpiel game and state over one `ecs_vanguard.Game` (issue 22).

Actions are indices of the engine's flat action table (`encoding.ACTION_COUNT` of them,
`Game.legal_action_indices`); a state is the engine game it holds, or nothing yet before the
deal (the one chance node). See the package docstring for how chance is modelled.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ecs_vanguard.game import DECISIONS_PER_TURN_LIMIT, Game
from ecs_vanguard.openspiel.actions import action_text
from ecs_vanguard.openspiel.observer import VanguardObserver
from ecs_vanguard.perspective.encoding import ACTION_COUNT
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError

SHORT_NAME = "python_vanguard"
DEAL = 0                        # the one outcome of the chance node: deal a new game
# Game parameters and their defaults: decks are built-in names or deck TOML files; format ""
# is the first deck's own format; rng_seed seeds the generator that seeds each deal.
PARAMETERS: dict[str, Any] = {"deck_a": "blazing_dragons", "deck_b": "radiant_knights",
                              "format": "", "turn_limit": 100, "rng_seed": 0}

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


def _game_info(turn_limit: int) -> Any:
    # A game ends at the turn limit, and a turn after DECISIONS_PER_TURN_LIMIT decisions; the
    # set-up (mulligans) counts as one more turn.
    return pyspiel.GameInfo(num_distinct_actions=ACTION_COUNT, max_chance_outcomes=1,
                            num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                            max_game_length=(turn_limit + 1) * DECISIONS_PER_TURN_LIMIT)


def _parameters(params: dict[str, Any] | None) -> dict[str, Any]:
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
    if merged["turn_limit"] < 1 or merged["rng_seed"] < 0:
        raise ArgumentError(f"{SHORT_NAME}: turn_limit must be at least 1 and rng_seed at "
                            f"least 0, got {merged['turn_limit']} and {merged['rng_seed']}")
    return merged


class VanguardGame(pyspiel.Game):
    """The OpenSpiel game: two decks in one format, dealt anew by the chance node.

    Raises:
        ArgumentError: an unknown or mistyped parameter.
        DeckError: a deck cannot be loaded or is not legal in the format.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = _parameters(params)
        super().__init__(GAME_TYPE, _game_info(merged["turn_limit"]), merged)
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
        """Return the one outcome of the deal: sampled chance (package docstring)."""
        assert self.engine is None
        return [(DEAL, 1.0)]

    def _apply_action(self, action: int) -> None:
        """Deal a new game (at the chance node) or step the engine with a table index.

        Raises:
            IllegalActionError: the index is not legal now; nothing changes.
        """
        if self.engine is None:
            game = self.get_game()
            self.engine = game.new_engine(int(game.deals.integers(2**63)))
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
            return "deal"
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
        OpenSpiel history (a sampled-stochastic history does not determine a state)."""
        state = self.get_game().new_initial_state()
        if self.engine is not None:
            words = [int(probability_sampler() * 2**32) for _ in range(4)]
            state.engine = self.engine.determinize(player_id, np.random.default_rng(words))
        return state

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


def _unpickle_game(params: dict[str, Any], deals: dict[str, Any]) -> VanguardGame:
    game = VanguardGame(params)
    game.deals.bit_generator.state = deals
    return game


def _unpickle_state(game: VanguardGame, text: str) -> VanguardState:
    state: VanguardState = game.deserialize_state(text)
    return state
