"""`python_vanguard` through OpenSpiel on one core: random steps per second through `pyspiel`,
the cost of a clone, of the information-state string and tensor and of a resample at mid-game,
IS-MCTS CPU seconds per searched decision, and optionally IS-MCTS against uniform random play.
One JSON line per figure; needs the `openspiel` extra.

Times are CPU seconds of this process (time.process_time), so the figures hold on a machine
that other work shares.

    python benchmarks/bench_openspiel.py [--games 10] [--simulations 10] [--match 0]
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import ecs_vanguard.openspiel  # noqa: F401 - registers python_vanguard


def _emit(**figure: object) -> None:
    print(json.dumps(figure), flush=True)


def _dealt(game: pyspiel.Game) -> pyspiel.State:
    state = game.new_initial_state()
    state.apply_action(0)
    return state


def bench_random_steps(game: pyspiel.Game, games: int) -> None:
    """Uniform random games through pyspiel: steps per second, legal actions included."""
    rng, steps, start = np.random.default_rng(0), 0, time.process_time()
    for _ in range(games):
        state = _dealt(game)
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    _emit(figure="random_steps_per_s", value=round(steps / (time.process_time() - start)),
          games=games)


def _timed(fn: object, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()  # type: ignore[operator]
    return (time.process_time() - start) / repeat


def bench_state_costs(game: pyspiel.Game) -> None:
    """Clone, information-state string and tensor, resample: at a position 60 random steps in."""
    state, rng = _dealt(game), np.random.default_rng(1)
    for _ in range(60):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player, sampler = state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    costs = {"clone_us": _timed(state.clone, 200) * 1e6,
             "information_state_string_ms": _timed(
                 lambda: state.information_state_string(player), 50) * 1e3,
             "information_state_tensor_ms": _timed(
                 lambda: state.information_state_tensor(player), 50) * 1e3,
             "observation_tensor_ms": _timed(lambda: state.observation_tensor(player), 50) * 1e3,
             "resample_ms": _timed(lambda: state.resample_from_infostate(player, sampler),
                                   50) * 1e3}
    for name, value in costs.items():
        _emit(figure=name, value=round(value, 2))


def _bot(game: pyspiel.Game, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0,
                            max_simulations=simulations, random_state=np.random.RandomState(seed))


def bench_ismcts(game: pyspiel.Game, simulations: int, decisions: int = 20) -> None:
    """IS-MCTS (python, random rollouts): CPU seconds per searched decision, first decisions
    with more than one legal action of a game, both seats."""
    bot, state, times = _bot(game, simulations, 0), _dealt(game), []
    while len(times) < decisions and not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) > 1:
            start = time.process_time()
            action = bot.step(state)
            times.append(time.process_time() - start)
        else:
            action = legal[0]
        state.apply_action(action)
    _emit(figure="ismcts_cpu_s_per_decision", value=round(float(np.median(times)), 3),
          simulations=simulations, decisions=len(times))


def bench_match(game: pyspiel.Game, simulations: int, games: int) -> None:
    """IS-MCTS in seat g % 2 of game g against uniform random play: wins of IS-MCTS."""
    wins = searched = 0
    start = time.process_time()
    for g in range(games):
        bot, rng, seat, state = _bot(game, simulations, g), np.random.default_rng(g), g % 2, \
            _dealt(game)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_player() == seat and len(legal) > 1:
                action, searched = bot.step(state), searched + 1
            else:
                action = int(rng.choice(legal))
            state.apply_action(action)
        wins += state.returns()[seat] > 0
    _emit(figure="ismcts_vs_random_wins", value=wins, games=games, simulations=simulations,
          searched_decisions=searched, cpu_s=round(time.process_time() - start))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="random games for steps/s")
    parser.add_argument("--simulations", type=int, default=10, help="IS-MCTS simulations")
    parser.add_argument("--match", type=int, default=0,
                        help="games of IS-MCTS against random play (0: none)")
    args = parser.parse_args()
    game = pyspiel.load_game("python_vanguard", {"rng_seed": 1})
    bench_random_steps(game, args.games)
    bench_state_costs(game)
    bench_ismcts(game, args.simulations)
    if args.match:
        bench_match(game, args.simulations, args.match)


if __name__ == "__main__":
    main()
