"""Bradley-Terry ratings on the Elo scale from pairwise results, with bootstrap intervals.

The model: P(i beats j) = s_i / (s_i + s_j); rating_i = 400 log10(s_i), shifted so the ratings
average 1500 (so 200 points between two agents mean 76% for the stronger). Fitted by Hunter's
MM iterations (2004); a draw counts half a win for each side, and every pair that met gets one
virtual draw as a prior, so an agent that won every game still has a finite rating.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MEAN_RATING = 1500.0
PRIOR_DRAWS = 1.0          # virtual draws per pair that met (keeps perfect records finite)
_ITERATIONS = 2000
_TOLERANCE = 1e-10


@dataclass(frozen=True)
class Ratings:
    """Ratings of k agents with the low and high ends of their 95% bootstrap intervals."""

    rating: np.ndarray
    low: np.ndarray
    high: np.ndarray


def bradley_terry(wins: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """Return Elo-scale ratings from a k x k matrix of wins (row beat column) and draws.

    Agents that never met anyone get the mean rating.
    """
    games = wins + wins.T + draws                      # draws: symmetric, each game once
    met = games > 0
    score = wins + 0.5 * draws + 0.5 * PRIOR_DRAWS * met   # half a virtual draw to each side
    total = games + PRIOR_DRAWS * met
    strength = np.ones(len(wins))
    for _ in range(_ITERATIONS):
        pair = total / np.maximum(strength[:, None] + strength[None, :], 1e-300)
        denom = pair.sum(axis=1)
        new = np.where(denom > 0, score.sum(axis=1) / np.maximum(denom, 1e-300), 1.0)
        new /= np.exp(np.mean(np.log(new)))           # fix the scale (the model has one free)
        done = np.max(np.abs(new - strength)) < _TOLERANCE
        strength = new
        if done:
            break
    rating = 400.0 * np.log10(strength)
    return rating - rating.mean() + MEAN_RATING


def bootstrap_ratings(wins: np.ndarray, draws: np.ndarray, *, samples: int = 1000,
                      seed: int = 0) -> Ratings:
    """Return the ratings with 95% percentile intervals from resampling each pair's games.

    Each pair's games are drawn again from its win, loss and draw rates smoothed by the prior
    (one virtual draw), so a pair with a perfect record still varies.
    """
    rng = np.random.default_rng(seed)
    k = len(wins)
    point = bradley_terry(wins, draws)
    fits = np.empty((samples, k))
    upper = [(i, j) for i in range(k) for j in range(i + 1, k)]
    for b in range(samples):
        w, d = np.zeros_like(wins, dtype=float), np.zeros_like(draws, dtype=float)
        for i, j in upper:
            n = int(wins[i, j] + wins[j, i] + draws[i, j])
            if n == 0:
                continue
            half = 0.5 * PRIOR_DRAWS
            p = np.array([wins[i, j] + half, wins[j, i] + half, draws[i, j]], dtype=float)
            p /= p.sum()
            w[i, j], w[j, i], dij = rng.multinomial(n, p)
            d[i, j] = d[j, i] = dij
        fits[b] = bradley_terry(w, d)
    low, high = np.percentile(fits, [2.5, 97.5], axis=0)
    return Ratings(point, low, high)


def expected_score(rating_a: float, rating_b: float) -> float:
    """Return the probability that A beats B under the model (Elo's logistic curve)."""
    return 1.0 / (1.0 + 10.0 ** ((rating_b - rating_a) / 400.0))
