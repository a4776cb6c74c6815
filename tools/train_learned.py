"""Train the `learned` agent (agents.learned): behaviour cloning of MCTSAgent (50 simulations)
with DAgger rounds, numpy only, and plot its learning curve (issue 37). The one command:

    python tools/train_learned.py          # writes ecs_vanguard/agents/data/learned.json

Each round plays games of the default matchup (blazing_dragons against radiant_knights, the
learner in either seat against HeuristicAgent) and, at every decision of the learner's seat with
more than one distinct choice, asks MCTSAgent (50 simulations, its own seed per game) which action
it would take: that action is the label; the game goes on with the learner's own choice (DAgger:
the labels come from the positions the learner reaches). Round 0's learner is HeuristicAgent.
After each round the network (phi(s, a) standardised, one ReLU hidden layer, one score per
action) is fitted to every label so far by a softmax over the decision's candidates
(cross-entropy, Adam, weight decay), starting from the previous round's weights. Then the
decision kinds the model decides are chosen by measurement: the model deciding one kind alone
(the heuristic rules the rest) plays `--select-games` selection deals against the heuristic
agent, and a kind is kept when that wins `--margin` games more than the rules alone. The
learner (the next round's) and the rated agent decide the kept kinds only. Each round is rated
on held-out deals (each deal in both seats; other deals than the selection's and than
benchmarks/bench_learned.py's) against the heuristic and the random agent, both as shipped and
with the model deciding every kind. Labels and games are spread over `--workers` processes
(every game is seeded: the result does not depend on the number of workers).

Writes DIR/labels{r}.npz (the labels so far), DIR/round{r}.json (the weights of round r),
DIR/curve.json (each round's figures), DIR/curve.png (win rates by labelled decisions, Wilson 95%
intervals), the best round's weights against the heuristic agent to --save, and prints the CPU
seconds spent (this process and the workers' games) and the wall time.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.agents import learned as L
from ecs_vanguard.agents.mcts import _key_of
from ecs_vanguard.sim.runner import game_seed
from ecs_vanguard.sim.summary import wilson
from ecs_vanguard.vocab.decisions import DecisionKind

DECKS = ("blazing_dragons", "radiant_knights")
NUMERIC = L.NUMERIC
PAIRS = L.PAIRS


def card_ids() -> tuple[str, ...]:
    """The cards of the training decks: each has a one-hot input of its own."""
    return tuple(sorted({c for name in DECKS for c in vg.Deck.builtin(name).main}))


def _compact(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows of phi as (numeric part, decision/action kind pair, card id or -1): the one-hots
    kept as indices, so that the labels take a tenth of the memory."""
    pair = np.argmax(x[:, NUMERIC:NUMERIC + PAIRS], axis=1)
    ids = x[:, NUMERIC + PAIRS:]
    card = np.where(ids.any(axis=1), np.argmax(ids, axis=1), -1) if ids.shape[1] else \
        np.full(len(x), -1)
    return x[:, :NUMERIC].astype(np.float32), pair.astype(np.int16), card.astype(np.int16)


def label_game(job: dict[str, Any]) -> dict[str, Any]:
    """Play one game of the learner against the heuristic; label the learner's decisions with
    MCTSAgent's choices. Returns the compact rows, the groups and the labels."""
    start = time.process_time()
    k, side = divmod(job["i"], 2)
    seed = game_seed(job["seed"], k)
    ids = job["card_ids"]
    learner: Any = (vg.HeuristicAgent(seed + 3) if job["model"] is None
                    else L.LearnedAgent.with_model(L.LearnedModel.load(job["model"]), seed))
    mcts = vg.MCTSAgent(seed=seed + 1, iterations=job["iterations"])
    opponent = vg.HeuristicAgent(seed + 2)
    game = vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=seed)
    rows: list[np.ndarray] = []
    sizes: list[int] = []
    labels: list[int] = []
    while not game.over:
        if game.decision.player != side:
            game.step(opponent.act(game))
            continue
        actions = L.candidates(game)
        if len(actions) > 1:
            target = _key_of(game, mcts.act(game))
            keys = [_key_of(game, a) for a in actions]
            if target in keys:                  # a move (left out of the candidates): no label
                rows.append(L.features(game, actions, ids))
                sizes.append(len(actions))
                labels.append(keys.index(target))
        game.step(learner.act(game))
    x = np.concatenate(rows) if rows else np.zeros((0, len(L.feature_names(ids))))
    num, pair, card = _compact(x)
    return {"seed_i": job["i"], "num": num, "pair": pair, "card": card,
            "sizes": np.array(sizes, dtype=np.int32),
            "labels": np.array(labels, dtype=np.int32), "won": game.winner == side,
            "cpu": time.process_time() - start}


def rate_game(job: dict[str, Any]) -> tuple[str, bool, float]:
    """Play one held-out game of the learner against an opponent; return (opponent, won, cpu)."""
    start = time.process_time()
    k, side = divmod(job["i"], 2)
    seed = game_seed(job["seed"], k)
    model = L.LearnedModel.load(job["model"])
    if job.get("decides") is not None:
        model.decides = frozenset(DecisionKind(k) for k in job["decides"])
    learner = L.LearnedAgent.with_model(model, seed)
    other = vg.agents.make_agent(job["opponent"], seed)
    agents = [learner, other] if side == 0 else [other, learner]
    game = vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=seed)
    while not game.over:
        game.step(agents[game.decision.player].act(game))
    return job.get("name", job["opponent"]), game.winner == side, time.process_time() - start


class Data:
    """Every label so far: compact rows, candidates per decision, the label's index."""

    def __init__(self) -> None:
        self.parts: list[dict[str, Any]] = []

    def add(self, part: dict[str, Any]) -> None:
        if len(part["labels"]):
            self.parts.append(part)

    def arrays(self) -> tuple[np.ndarray, ...]:
        num = np.concatenate([p["num"] for p in self.parts])
        pair = np.concatenate([p["pair"] for p in self.parts]).astype(np.int64)
        card = np.concatenate([p["card"] for p in self.parts]).astype(np.int64)
        sizes = np.concatenate([p["sizes"] for p in self.parts]).astype(np.int64)
        labels = np.concatenate([p["labels"] for p in self.parts]).astype(np.int64)
        return num, pair, card, sizes, labels

    @property
    def decisions(self) -> int:
        return sum(len(p["labels"]) for p in self.parts)


class Net:
    """The network in training: the first layer split into its numeric, kind-pair and card-id
    columns (the one-hots as row lookups), one ReLU hidden layer, one score."""

    def __init__(self, hidden: int, n_cards: int, rng: np.random.Generator) -> None:
        scale = 1 / np.sqrt(NUMERIC + 2)
        self.p = {"wn": rng.normal(0, scale, (NUMERIC, hidden)),
                  "wp": rng.normal(0, scale, (PAIRS, hidden)),
                  "wc": rng.normal(0, scale, (max(n_cards, 1), hidden)),
                  "b0": np.zeros(hidden),
                  "w1": rng.normal(0, 1 / np.sqrt(hidden), (hidden, 1)),
                  "b1": np.zeros(1)}
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0
        self.mean = np.zeros(NUMERIC)
        self.scale = np.ones(NUMERIC)

    def forward(self, num: np.ndarray, pair: np.ndarray, card: np.ndarray) -> tuple:
        x = (num - self.mean) / self.scale
        z = x @ self.p["wn"] + self.p["wp"][pair] + self.p["b0"]
        has = card >= 0
        z[has] += self.p["wc"][card[has]]
        h = np.maximum(z, 0.0)
        return (h @ self.p["w1"])[:, 0] + self.p["b1"][0], (x, h, has)

    def step(self, batch: tuple[np.ndarray, ...], lr: float, decay: float) -> float:
        """One Adam step on a batch of decisions; return its mean cross-entropy."""
        num, pair, card, sizes, labels = batch
        s, (x, h, has) = self.forward(num, pair, card)
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        group = np.repeat(np.arange(len(sizes)), sizes)
        top = np.maximum.reduceat(s, starts)
        e = np.exp(s - top[group])
        total = np.add.reduceat(e, starts)
        prob = e / total[group]
        loss = float(np.mean(np.log(total) + top - s[starts + labels]))
        g = prob.copy()
        g[starts + labels] -= 1.0
        g /= len(sizes)
        grads = {"w1": h.T @ g[:, None], "b1": np.array([g.sum()])}
        dz = (g[:, None] * self.p["w1"][:, 0]) * (h > 0)
        grads["wn"] = x.T @ dz
        grads["b0"] = dz.sum(axis=0)
        gp = np.zeros_like(self.p["wp"])
        np.add.at(gp, pair, dz)
        grads["wp"] = gp
        gc = np.zeros_like(self.p["wc"])
        np.add.at(gc, card[has], dz[has])
        grads["wc"] = gc
        self.t += 1
        for k, grad in grads.items():
            if k.startswith("w"):
                grad = grad + decay * self.p[k]
            self.m[k] = 0.9 * self.m[k] + 0.1 * grad
            self.v[k] = 0.999 * self.v[k] + 0.001 * grad * grad
            mh = self.m[k] / (1 - 0.9 ** self.t)
            vh = self.v[k] / (1 - 0.999 ** self.t)
            self.p[k] -= lr * mh / (np.sqrt(vh) + 1e-8)
        return loss

    def model(self, ids: tuple[str, ...], decides: Any = tuple(DecisionKind)) -> L.LearnedModel:
        """The playing model of these weights (one full first layer over phi)."""
        w0 = np.concatenate([self.p["wn"], self.p["wp"], self.p["wc"][:len(ids)]]).T
        mean = np.concatenate([self.mean, np.zeros(PAIRS + len(ids))])
        scale = np.concatenate([self.scale, np.ones(PAIRS + len(ids))])
        return L.LearnedModel(ids, mean, scale,
                              [(w0, self.p["b0"].copy()), (self.p["w1"].T.copy(), self.p["b1"])],
                              decides)


def _batches(sizes: np.ndarray, order: np.ndarray, per: int) -> list[np.ndarray]:
    return [order[i:i + per] for i in range(0, len(order), per)]


def fit(net: Net, data: Data, epochs: int, rng: np.random.Generator, lr: float,
        decay: float, batch: int = 256) -> tuple[float, float]:
    """Fit the network to every label; return (train loss, train accuracy)."""
    num, pair, card, sizes, labels = data.arrays()
    net.mean = num.mean(axis=0).astype(np.float64)
    net.scale = num.std(axis=0).astype(np.float64) + 1e-3
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    loss = 0.0
    for _ in range(epochs):
        order = rng.permutation(len(sizes))
        losses = []
        for chosen in _batches(sizes, order, batch):
            rows = np.concatenate([np.arange(starts[d], starts[d] + sizes[d]) for d in chosen])
            losses.append(net.step((num[rows], pair[rows], card[rows], sizes[chosen],
                                    labels[chosen]), lr, decay))
        loss = float(np.mean(losses))
    s, _ = net.forward(num, pair, card)
    right = 0
    for d in range(len(sizes)):
        right += int(np.argmax(s[starts[d]:starts[d] + sizes[d]]) == labels[d])
    return loss, right / len(sizes)


def run_jobs(pool: Any, fn: Any, jobs: list[dict[str, Any]]) -> list[Any]:
    return list(pool.imap_unordered(fn, jobs, chunksize=1) if pool else map(fn, jobs))


def rate(pool: Any, model: str, opponent: str, games: int, seed: int,
         decides: list[str] | None = None) -> tuple[dict[str, Any], float]:
    """Play `games` held-out games (each deal in both seats); return the wins with their
    Wilson interval, and the CPU seconds spent."""
    rated = run_jobs(pool, rate_game, [{"i": i, "seed": seed, "model": model,
                                        "opponent": opponent, "decides": decides}
                                       for i in range(games)])
    wins = sum(w for _, w, _ in rated)
    w = wilson(wins, len(rated))
    return ({"wins": wins, "games": len(rated), "low": round(w["low"], 4),
             "high": round(w["high"], 4)}, sum(c for _, _, c in rated))


def select(pool: Any, model: str, kinds: list[str], games: int, seed: int, margin: int,
           ) -> tuple[list[str], dict[str, int], float]:
    """The decision kinds the model decides better than the heuristic rules: for each kind,
    the model deciding only that kind (the rules the rest) plays the heuristic agent on
    selection deals; a kind is kept when it wins `margin` games more than the rules alone."""
    jobs = [{"i": i, "seed": seed, "model": model, "opponent": "heuristic",
             "decides": [k] if k else [], "name": k} for k in ["", *kinds] for i in range(games)]
    rated = run_jobs(pool, rate_game, jobs)
    wins = {k: sum(w for name, w, _ in rated if name == k) for k in ["", *kinds]}
    kept = [k for k in kinds if wins[k] >= wins[""] + margin]
    return kept, wins, sum(c for _, _, c in rated)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="DAgger rounds (round 0: heuristic)")
    parser.add_argument("--games", type=int, default=120, help="labelled games in round 0")
    parser.add_argument("--more-games", type=int, default=80,
                        help="labelled games in each later round")
    parser.add_argument("--iterations", type=int, default=50, help="MCTS simulations per label")
    parser.add_argument("--epochs", type=int, default=12, help="passes over the labels per round")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--decay", type=float, default=1e-4)
    parser.add_argument("--select-games", type=int, default=200,
                        help="selection games per decision kind (even)")
    parser.add_argument("--margin", type=int, default=2,
                        help="wins over the rules alone a kind needs to be decided by the model")
    parser.add_argument("--rate-games", type=int, default=200,
                        help="held-out games per opponent after each round (even)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("runs/learned"))
    parser.add_argument("--save", type=Path, default=L.BUILTIN)
    args = parser.parse_args(argv)
    wall, cpu0 = time.monotonic(), time.process_time()
    args.out.mkdir(parents=True, exist_ok=True)
    ids = card_ids()
    rng = np.random.default_rng(args.seed)
    net = Net(args.hidden, len(ids), rng)
    data = Data()
    curve: list[dict[str, Any]] = []
    worker_cpu = 0.0
    model_path: str | None = None
    held_out, selection = 1_000_000 + args.seed, 2_000_000 + args.seed
    kinds = [k.value for k in DecisionKind]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.workers) if args.workers > 1 else _Nothing() as pool:
        for r in range(args.rounds):
            games = args.games if r == 0 else args.more_games
            jobs = [{"i": i, "seed": args.seed * 1000 + r, "card_ids": ids, "model": model_path,
                     "iterations": args.iterations} for i in range(games)]
            t = time.monotonic()
            parts = run_jobs(pool, label_game, jobs)
            worker_cpu += sum(p["cpu"] for p in parts)
            for part in sorted(parts, key=lambda p: p["seed_i"]):
                data.add(part)
            np.savez_compressed(args.out / f"labels{r}.npz", **dict(zip(
                ("num", "pair", "card", "sizes", "labels"), data.arrays(), strict=True)))
            learner_wins = sum(p["won"] for p in parts)
            label_s = time.monotonic() - t
            loss, accuracy = fit(net, data, args.epochs, rng, args.lr, args.decay)
            full = str(args.out / f"round{r}_all_kinds.json")
            net.model(ids).save(full)
            seen = sorted({L._PAIRS[i][0].value for i in
                           np.unique(np.concatenate([p["pair"] for p in data.parts]))})
            decides, selection_wins, spent = select(pool, full, [k for k in kinds if k in seen],
                                                    args.select_games, selection, args.margin)
            worker_cpu += spent
            model_path = str(args.out / f"round{r}.json")
            net.model(ids, [DecisionKind(k) for k in decides]).save(model_path)
            point: dict[str, Any] = {
                "round": r, "decisions": data.decisions, "games": len(parts),
                "learner_won_labelled": learner_wins, "loss": round(loss, 4),
                "accuracy": round(accuracy, 4), "label_wall_s": round(label_s, 1),
                "decides": decides, "selection_wins": selection_wins}
            for opponent in ("heuristic", "random"):
                point[opponent], spent = rate(pool, model_path, opponent, args.rate_games,
                                              held_out)
                worker_cpu += spent
                point[f"{opponent}_all_kinds"], spent = rate(pool, full, opponent,
                                                             args.rate_games, held_out)
                worker_cpu += spent
            point["cpu_s"] = round(time.process_time() - cpu0 + worker_cpu, 1)
            point["wall_s"] = round(time.monotonic() - wall, 1)
            curve.append(point)
            print(json.dumps(point), flush=True)
            (args.out / "curve.json").write_text(json.dumps(curve, indent=1) + "\n")
    best = max(curve, key=lambda p: (p["heuristic"]["wins"], p["round"]))
    L.LearnedModel.load(args.out / f"round{best['round']}.json").save(args.save)
    plot(curve, args.out / "curve.png", best["round"])
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"saved": str(args.save), "round": best["round"],
                      "cpu_s": round(time.process_time() - cpu0 + worker_cpu, 1),
                      "cpu_s_main": round(time.process_time() - cpu0, 1),
                      "cpu_s_workers": round(worker_cpu, 1),
                      "cpu_s_children_rusage": round(children.ru_utime + children.ru_stime, 1),
                      "wall_s": round(time.monotonic() - wall, 1)}), flush=True)
    return 0


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def plot(curve: list[dict[str, Any]], path: Path, chosen: int) -> None:
    """Draw the win rates against both opponents by labelled decisions, with intervals."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.5, 4.2), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    x = np.array([p["decisions"] for p in curve])
    games = curve[0]["heuristic"]["games"]
    for key, colour, style, label in (
            ("heuristic", "C0", "-", "against heuristic"),
            ("random", "C1", "-", "against random"),
            ("heuristic_all_kinds", "C0", "--", "against heuristic, model at every kind"),
            ("random_all_kinds", "C1", "--", "against random, model at every kind")):
        rate = np.array([p[key]["wins"] / p[key]["games"] for p in curve])
        low = np.array([p[key]["low"] for p in curve])
        high = np.array([p[key]["high"] for p in curve])
        if style == "-":
            ax.fill_between(x, low, high, color=colour, alpha=0.2)
        else:
            ax.errorbar(x, rate, yerr=[rate - low, high - rate], color=colour, linestyle=style,
                        capsize=3, alpha=0.7, label=label)
            continue
        ax.plot(x, rate, marker="o", color=colour, linestyle=style, label=label)
    ax.axhline(0.5, color="grey", linestyle=":")
    ax.axvline(x[chosen], color="grey", linestyle="--", label="shipped weights")
    ax.set_xlabel("MCTS-labelled decisions (one point per DAgger round)")
    ax.set_ylabel("win rate, Wilson 95% interval")
    ax.set_ylim(0, 1.02)
    ax.set_title(f"learned agent: imitation of MCTS-50 with DAgger, {games} held-out games "
                 "per point", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    sys.exit(main())
