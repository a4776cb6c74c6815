"""Two limits of pyspiel itself (open-spiel 2.0.2), shown on a minimal Python game of our own,
`python_coin_sum`: each of two players calls heads or tails, a hidden coin is flipped, and the
players score +1/-1 on whether their calls matched it. Nothing of ecs_vanguard is involved.

    python examples/pyspiel_limits.py serialize   # random_sim_test(serialize=True): refused
    python examples/pyspiel_limits.py mcts        # pyspiel.MCTSBot.step: the process crashes
    python examples/pyspiel_limits.py ismcts      # pyspiel.ISMCTSBot.step: the process crashes

1. A sampled-stochastic Python game cannot be serialized by OpenSpiel's C++ side:
   `SerializeGameAndState` asks the game for `GetRNGState()`, which pyspiel's Python-game bridge
   does not forward to Python (a Python game has no way to provide it), so
   `random_sim_test(..., serialize=True)` stops with "GetRNGState unimplemented". The same test
   with serialize=False passes.
2. The C++ tree-search bots crash on any Python game: `MCTSBot.step` and `ISMCTSBot.step` run
   with the GIL released, and the bridge calls Python without taking it back (`PyState::Clone`,
   `PyGame::MakeObserver`): a segmentation fault. `import ecs_vanguard.openspiel` guards both
   names (ecs_vanguard.openspiel.bots); this script uses pyspiel's own classes, unguarded.
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel

_TYPE = pyspiel.GameType(
    short_name="python_coin_sum", long_name="Python coin sum (a minimal example)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2, min_num_players=2, provides_information_state_string=True,
    provides_information_state_tensor=False, provides_observation_string=True,
    provides_observation_tensor=False, parameter_specification={})
_INFO = pyspiel.GameInfo(num_distinct_actions=2, max_chance_outcomes=2, num_players=2,
                         min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=3)


class CoinSumGame(pyspiel.Game):
    def __init__(self, params: dict | None = None) -> None:
        super().__init__(_TYPE, _INFO, params or {})

    def new_initial_state(self) -> CoinSumState:
        return CoinSumState(self)

    def make_py_observer(self, iig_obs_type: object = None, params: object = None) -> _Observer:
        return _Observer()


class CoinSumState(pyspiel.State):
    def __init__(self, game: CoinSumGame) -> None:
        super().__init__(game)
        self.calls: list[int] = []
        self.coin: int | None = None

    def current_player(self) -> int:
        if len(self.calls) < 2:
            return len(self.calls)
        if self.coin is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def _apply_action(self, action: int) -> None:
        if len(self.calls) < 2:
            self.calls.append(int(action))
        else:
            self.coin = int(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return "heads" if action == 0 else "tails"

    def is_terminal(self) -> bool:
        return self.coin is not None

    def returns(self) -> list[float]:
        if self.coin is None:
            return [0.0, 0.0]
        first = 1.0 if self.calls[0] == self.coin else -1.0
        return [first, -first]

    def __str__(self) -> str:
        return f"calls {self.calls} coin {self.coin}"


class _Observer:
    tensor = np.zeros(0, np.float32)
    dict: dict = {}  # noqa: RUF012

    def set_from(self, state: CoinSumState, player: int) -> None:
        pass

    def string_from(self, state: CoinSumState, player: int) -> str:
        return f"p{player} calls {state.calls[player:player + 1]}"


if _TYPE.short_name not in pyspiel.registered_names():
    pyspiel.register_game(_TYPE, CoinSumGame)


def main(what: str) -> None:
    game = pyspiel.load_game("python_coin_sum")
    if what == "serialize":
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
        print("random_sim_test(serialize=False): passed", flush=True)
        try:
            pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
        except pyspiel.SpielError as exc:
            print(f"random_sim_test(serialize=True): {exc}", flush=True)
        return
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    state = game.new_initial_state()
    print(f"{what}: stepping pyspiel's C++ bot on a Python game...", flush=True)
    if what == "mcts":
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, 10, 100, False, 0, False)
    else:
        bot = pyspiel.ISMCTSBot(0, evaluator, 2.0, 10)
    print(f"{what}: chose {bot.step(state)}", flush=True)   # not reached: the process dies


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "serialize")
