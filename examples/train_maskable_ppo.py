"""Train sb3-contrib's MaskablePPO on the environment as it comes, against the random and the
heuristic agent, plot its win rate over training, and measure the learning speed of the compact
action interface against the flat table (needs the `sb3` extra: sb3-contrib and torch).

    python examples/train_maskable_ppo.py                        # the README's plot
    python examples/train_maskable_ppo.py --steps 50000 --out runs/ppo.png --save runs/ppo.npz
    python examples/train_maskable_ppo.py --measure 2048         # steps/s: compact vs flat
    python examples/train_maskable_ppo.py --measure-vec 2048     # steps/s: SB3VecEnv vs Dummy

Nothing is wrapped: the package's `SB3VecEnv` (ecs_vanguard.env.sb3) is an SB3 VecEnv of N_ENVS
games, a Dict observation (the observation vector, the option features, the mask) with
`action_masks()`, which is all MaskablePPO's "MultiInputPolicy" asks (`--measure-vec` compares
it with SB3's DummyVecEnv over `gymnasium.make("ecs_vanguard/VanguardCompact-v0")`). The policy is MaskablePPO's default (two layers of 64,
tanh) over the compact interface, one logit per option slot (ecs_vanguard.perspective.compact) against
18,849 for the flat table, with one change: each slot's 120 features first go through one small
layer shared by the 64 slots (8 outputs, tanh: the package's `OptionEncoder`), so the network reads 1,042
numbers instead of 8,210 (`--plain` keeps MaskablePPO's plain flattening). Each opponent gets a fresh policy; after every chunk of training the
policy is exported to numpy (an `mlp` policy file, ecs_vanguard.agents.policy_file) and plays
held-out deals as deck A, so the plot also checks the export. `--save` writes the policy trained
against the heuristic agent: `ecs-vanguard simulate --agent-a file:runs/ppo.npz` plays it.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.agents import make_agent
from ecs_vanguard.agents.policy_file import MLPPolicy, PolicyAgent, save_policy
from ecs_vanguard.env.sb3 import OPTION_WIDTH  # noqa: F401  (the option layer's width)

DECKS = ("blazing_dragons", "radiant_knights")
OPPONENTS = ("random", "heuristic")
HELD_OUT = 20_000_000                  # seeds of the held-out deals start here


def make_env(opponent: str, interface: str = "compact") -> Any:
    """Return the Gymnasium environment by its registered id (no wrapper)."""
    import gymnasium

    import ecs_vanguard.env as venv

    env_id = venv.COMPACT_ENV_ID if interface == "compact" else venv.ENV_ID
    return gymnasium.make(env_id, deck_a=DECKS[0], deck_b=DECKS[1], opponent=opponent)


BATCH_SIZE = 64                        # MaskablePPO's default minibatch
N_ENVS = 4                             # games stepped side by side (sb3's DummyVecEnv)
ROLLOUT = 512                          # learner steps between two updates (all games)


def new_model(opponent: str, interface: str, seed: int, plain: bool = False,
              batch_size: int = BATCH_SIZE, n_envs: int = N_ENVS, vec: str = "sb3") -> Any:
    """Return MaskablePPO with its default policy network on one CPU thread over N_ENVS
    games (and, unless plain or on the flat table, the shared option layer): the games of the
    package's SB3VecEnv (vec="sb3"), or SB3's own DummyVecEnv over single environments
    (vec="dummy")."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.logger import Logger

    from ecs_vanguard.env.sb3 import OptionEncoder, SB3VecEnv

    torch.set_num_threads(1)
    if vec == "sb3":
        envs = SB3VecEnv(n_envs, deck_a=DECKS[0], deck_b=DECKS[1], opponent=opponent,
                         interface=interface)
        envs.seed(seed)
    else:
        envs = make_vec_env(lambda: make_env(opponent, interface), n_envs=n_envs, seed=seed)
    kwargs = {}
    if not plain and interface == "compact":
        kwargs = {"features_extractor_class": OptionEncoder}
    model = MaskablePPO("MultiInputPolicy", envs, n_steps=ROLLOUT // n_envs,
                        batch_size=batch_size, seed=seed, device="cpu", verbose=0,
                        policy_kwargs=kwargs)
    # A logger with no outputs: without one, every learn() makes an empty SB3-<time> folder in
    # the temporary directory (stable_baselines3.common.logger.configure), 63 of them after a
    # day of runs here; this script reports its own figures.
    model.set_logger(Logger(folder=None, output_formats=[]))
    return model


def export(model: Any) -> MLPPolicy:
    """Return the model's actor as a numpy MLPPolicy: the Dict's parts in their (sorted) key
    order, the option layer if any, policy_net's Linear/Tanh layers, then action_net."""
    import torch

    def pair(m: Any) -> tuple[np.ndarray, np.ndarray]:
        return m.weight.detach().numpy().copy(), m.bias.detach().numpy().copy()

    policy = model.policy
    linears = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    option = getattr(policy.features_extractor, "option", None)
    return MLPPolicy([pair(m) for m in [*linears, policy.action_net]],
                     list(model.observation_space.spaces), "tanh",
                     pair(option) if option is not None else None)


def check_export(model: Any, exported: MLPPolicy, env: Any, samples: int = 50) -> None:
    """Assert that the numpy policy picks the slot MaskablePPO picks on `samples` positions."""
    obs, _ = env.reset(seed=1)
    for _ in range(samples):
        masks = env.unwrapped.action_masks()
        mine, _ = model.predict(obs, action_masks=masks, deterministic=True)
        logits = np.where(masks, exported.logits(obs), -np.inf)
        assert int(np.argmax(logits)) == int(mine), "the exported policy disagrees"
        obs, _, done, truncated, _ = env.step(int(mine))
        if done or truncated:
            obs, _ = env.reset()


def evaluate(policy: MLPPolicy, opponent: str, games: int) -> int:
    """Return the policy's wins as deck A against `opponent` on the held-out deals."""
    decks = vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1])
    wins = 0
    for k in range(games):
        game = vg.Game(*decks, seed=HELD_OUT + k)
        other = make_agent(opponent, HELD_OUT + k)
        mine = PolicyAgent.playing(policy)    # as `file:` plays it: no move undoing a move
        while not game.over:
            agent = mine if game.decision.player == 0 else other
            game.step(agent.act(game))
        wins += game.winner == 0
    return wins


def train(opponent: str, steps: int, chunks: int, games: int, seed: int, plain: bool = False,
          ) -> tuple[list[tuple[int, int, int]], Any, MLPPolicy]:
    """Train a fresh policy against `opponent`; return (steps, wins, games) after each chunk
    (the first before training), the model and its export."""
    model = new_model(opponent, "compact", seed, plain)
    exported = export(model)
    history = [(0, evaluate(exported, opponent, games), games)]
    for chunk in range(chunks):
        model.learn(steps // chunks, reset_num_timesteps=chunk == 0)
        exported = export(model)
        history.append((model.num_timesteps, evaluate(exported, opponent, games), games))
        print(f"{opponent:9s} {model.num_timesteps:7d} steps: {history[-1][1]}/{games} won on "
              "held-out deals", flush=True)
    check_export(model, exported, make_env(opponent))
    return history, model, exported


def measure(steps: int, seed: int, rounds: int = 3, batch_size: int = BATCH_SIZE,
            n_envs: int = N_ENVS) -> dict[str, float]:
    """Return MaskablePPO's learning steps per CPU second (environment, rollouts and updates,
    one torch thread) with the compact head (with the option layer, and plain) and with the
    flat one, against the heuristic agent, in this one run: `rounds` rounds of `steps` steps
    each, the three models taking turns, the median round of each (CPU time, so the other
    processes of a shared machine count little)."""
    configs = {"compact": ("compact", False), "compact_plain": ("compact", True),
               "flat": ("flat", True)}
    models = {name: new_model("heuristic", interface, seed, plain, batch_size, n_envs)
              for name, (interface, plain) in configs.items()}
    times: dict[str, list[float]] = {name: [] for name in configs}
    for r in range(rounds):
        for name, model in models.items():
            start = time.process_time()
            model.learn(steps, reset_num_timesteps=r == 0)
            times[name].append(time.process_time() - start)
    out = {name: steps / float(np.median(spent)) for name, spent in times.items()}
    for name, model in models.items():
        width = model.policy.features_extractor.features_dim
        print(f"{name:13s}: {model.action_space.n:6d} logits, {width:6d} inputs: "
              f"{out[name]:7.1f} learning steps per CPU second", flush=True)
    print(f"{n_envs} games, minibatch {batch_size}: compact / flat: "
          f"{out['compact'] / out['flat']:.1f}x; "
          f"compact_plain / flat: {out['compact_plain'] / out['flat']:.1f}x")
    return out


def measure_vec(steps: int, seed: int, rounds: int = 3, n_envs: int = N_ENVS
                ) -> dict[str, float]:
    """Return MaskablePPO's learning steps per CPU second on the compact head against the
    heuristic agent over the package's SB3VecEnv and over SB3's DummyVecEnv of single
    environments (the same games side by side), the two taking turns, the median round."""
    models = {vec: new_model("heuristic", "compact", seed, n_envs=n_envs, vec=vec)
              for vec in ("sb3", "dummy")}
    times: dict[str, list[float]] = {vec: [] for vec in models}
    for r in range(rounds):
        for vec, model in models.items():
            start = time.process_time()
            model.learn(steps, reset_num_timesteps=r == 0)
            times[vec].append(time.process_time() - start)
    out = {vec: steps / float(np.median(spent)) for vec, spent in times.items()}
    print(f"{n_envs} games: SB3VecEnv {out['sb3']:.1f}, DummyVecEnv {out['dummy']:.1f} "
          f"learning steps per CPU second ({out['sb3'] / out['dummy']:.2f}x)", flush=True)
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of k wins in n games."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def plot(histories: dict[str, list[tuple[int, int, int]]], path: Path, title: str) -> None:
    """Draw the win rate over training steps, one line (and 95% band) per opponent."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 4), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    for opponent, history in histories.items():
        x = np.array([s for s, _, _ in history])
        rate = np.array([k / n for _, k, n in history])
        low, high = np.array([wilson(k, n) for _, k, n in history]).T
        ax.fill_between(x, low, high, alpha=0.2)
        ax.plot(x, rate, marker="o", label=f"against the {opponent} agent")
    ax.axhline(0.5, color="grey", linestyle=":", label="even")
    ax.set_xlabel("MaskablePPO training steps (learner decisions)")
    ax.set_ylabel("win rate on held-out deals (deck A)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="upper left")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8192, help="training steps per opponent")
    parser.add_argument("--chunks", type=int, default=4, help="evaluations during training")
    parser.add_argument("--games", type=int, default=40, help="held-out deals per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("runs/maskable_ppo.png"))
    parser.add_argument("--save", type=Path, help="write the policy trained against the "
                                                  "heuristic agent (a .npz policy file)")
    parser.add_argument("--plain", action="store_true",
                        help="MaskablePPO's plain flattening, without the shared option layer")
    parser.add_argument("--measure", type=int, metavar="STEPS",
                        help="only measure learning steps/s, compact head against flat")
    parser.add_argument("--measure-vec", type=int, metavar="STEPS",
                        help="only measure learning steps/s, SB3VecEnv against DummyVecEnv")
    parser.add_argument("--batch-size", type=int, default=BATCH_SIZE,
                        help=f"PPO minibatch of --measure (default {BATCH_SIZE})")
    parser.add_argument("--envs", type=int, default=N_ENVS,
                        help=f"games side by side in --measure (default {N_ENVS})")
    args = parser.parse_args()
    if args.measure_vec:
        measure_vec(args.measure_vec, args.seed, n_envs=args.envs)
        return
    if args.measure:
        measure(args.measure, args.seed, batch_size=args.batch_size, n_envs=args.envs)
        return
    start = time.perf_counter()
    histories, exported = {}, None
    for opponent in OPPONENTS:
        histories[opponent], _, exported = train(opponent, args.steps, args.chunks, args.games,
                                                 args.seed, args.plain)
    plot(histories, args.out, f"MaskablePPO, compact interface: {DECKS[0]} vs {DECKS[1]}")
    for opponent, history in histories.items():
        (_, k0, n0), (_, k1, n1) = history[0], history[-1]
        print(f"against {opponent}: {k0}/{n0} -> {k1}/{n1} won on held-out deals")
    if args.save and exported is not None:
        save_policy(exported, args.save)
        print(f"policy: {args.save} (play it with --agent-a file:{args.save})")
    print(f"{time.perf_counter() - start:.0f} s; plot: {args.out}")


if __name__ == "__main__":
    main()
