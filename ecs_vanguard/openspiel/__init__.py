"""ecs_vanguard as an OpenSpiel game: `python_vanguard`, registered with `pyspiel` on import
(the `openspiel` extra: `pip install -e .[openspiel]`).

    import pyspiel
    import ecs_vanguard.openspiel              # registers "python_vanguard"
    game = pyspiel.load_game("python_vanguard", {"deck_a": "blazing_dragons", "rng_seed": 1})

Two players, sequential, imperfect information, zero-sum: +1 for a win, -1 for a loss, 0 to
both for a draw (the turn limit or an engine limit). Actions are the engine's flat action table
(`encoding.ACTION_COUNT` indices); observations and information states are in
`ecs_vanguard.openspiel.observer`; `resample_from_infostate` is `Game.determinize`.

Chance is sampled (`ChanceMode.SAMPLED_STOCHASTIC`) by default; the parameter `deals=N` makes it
explicit instead (`EXPLICIT_STOCHASTIC`): the deal becomes a chance node of N equally likely
outcomes, outcome i the game dealt with a seed made of `rng_seed` and i, so a state's history
determines it (the engine's later shuffles come from that seed) and OpenSpiel's history-based
serialization works (`random_sim_test(..., serialize=True)`), at the price of N deals only.
C++ tree-search bots cannot run on any Python game (`ecs_vanguard.openspiel.bots`: they
refuse it). With sampled chance, every state starts at one
chance node, the deal, with a single outcome: applying it draws a seed from the game's own
generator (parameter `rng_seed`) and deals an engine game with it; after that the engine's own
seeded generator shuffles and checks, inside the players' actions. Explicit chance nodes would
need one node per card of every shuffle (50! orders of a deck, and shuffles happen mid-game after
a mulligan or a search) and an engine that stops at each shuffle to ask; a root node choosing
among a few seeds would let an agent learn the seeds. The algorithms that can run on a game of
this size accept sampled chance: IS-MCTS (`open_spiel.python.algorithms.ismcts`, which resamples
through `resample_from_infostate`), MCTS, `evaluate_bots`, `rl_environment` and the random
simulation test; tabular ones (CFR, exploitability) need the whole tree, which no chance mode
would make small. What sampled chance costs: a state's history of actions does not determine
it (the clone of a state does: it copies the generator), so OpenSpiel's history-based
serialization is not used; `state.serialize()` writes JSON instead, the history and the
engine game's own snapshot (`Game.to_json`), and `game.deserialize_state` reads it back with
every check of `Game.from_json`, never unpickling anything (OpenSpiel's default for a Python
state unpickles part of the text, which would run code a crafted text names).
`pyspiel.serialize_game_and_state` is not supported (OpenSpiel asks a sampled-stochastic game
for a C++ generator state); OpenSpiel's C++ `pyspiel.deserialize_game_and_state` still takes
the pickle-based text of any Python game: never hand it text you did not write. Note that a
clone shares the future of the game it was cloned from (the same generator): search that must
not see the future, like IS-MCTS, plays on `resample_from_infostate` copies, whose generator
is new. A resample for the player who is not deciding keeps the cards the pending decision
offers the other player (the engine's determinization keeps that decision sound), so it draws
from a little less than that player's information set; IS-MCTS resamples for the decider.
"""

from __future__ import annotations

try:
    import pyspiel
except ImportError as exc:        # the extra is not installed
    raise ImportError("ecs_vanguard.openspiel needs OpenSpiel: pip install -e .[openspiel] "
                      "(or pip install open-spiel)") from exc

from ecs_vanguard.openspiel.actions import action_text
from ecs_vanguard.openspiel.bots import ISMCTSBot, guard_cpp_bots
from ecs_vanguard.openspiel.game import (
    GAME_TYPE,
    SHORT_NAME,
    VanguardGame,
    VanguardState,
    check_parameters,
)
from ecs_vanguard.openspiel.observer import VanguardObserver

__all__ = ["GAME_TYPE", "SHORT_NAME", "ISMCTSBot", "VanguardGame", "VanguardObserver",
           "VanguardState", "action_text", "load_game"]

if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, VanguardGame)
guard_cpp_bots()          # pyspiel's C++ MCTS/IS-MCTS bots refuse Python games, not crash (bots)


def load_game(**params: object) -> VanguardGame:
    """Return `pyspiel.load_game("python_vanguard", params)` (parameters: game.PARAMETERS).

    Raises:
        ArgumentError: an unknown, mistyped or out-of-range parameter (checked before OpenSpiel
            converts them, which words its refusals in C++ terms).
        DeckError: a deck cannot be loaded or is not legal in the format.
    """
    check_parameters(params)
    game: VanguardGame = pyspiel.load_game(SHORT_NAME, dict(params))
    return game
