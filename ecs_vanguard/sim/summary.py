"""Summary figures and their text: the Wilson interval, the run table, the matchup table."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from ecs_vanguard.vocab.limits import RUNAWAY_END_CODES

Z_95 = 1.959963984540054          # two-sided 95% normal quantile for the Wilson interval


def wilson(successes: int, n: int, z: float = Z_95) -> dict[str, float | int]:
    """Return the rate successes/n with its Wilson score interval (95% by default)."""
    if n <= 0:
        return {"rate": math.nan, "low": math.nan, "high": math.nan, "n": 0}
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the interval holds p exactly; min/max only undo float rounding at p = 0 and p = 1
    return {"rate": p, "low": max(0.0, min(p, centre - half)),
            "high": min(1.0, max(p, centre + half)), "n": n}


def _rate(w: Mapping[str, Any]) -> str:
    if not w["n"]:
        return "n/a"
    return f"{w['rate']:6.1%}  [{w['low']:.1%}, {w['high']:.1%}]  of {w['n']}"


def summary_text(s: Mapping[str, Any]) -> str:
    """Format a summary dict (from Results.summary or summary.json) as a readable table."""
    run = s.get("run") or {}
    lines = []
    if run:
        lines.append(f"{_deck_label(run, 'a')} ({run.get('agent_a')}) vs "
                     f"{_deck_label(run, 'b')} ({run.get('agent_b')}), "
                     f"{run.get('format')}, seed {run.get('seed')}")
    lines += [
        (f"games                   {s['games']}   (A {s['wins_a']} / B {s['wins_b']} / "
         f"draws {s['draws']} / errors {s['errors']})"),
        f"win rate A (95% CI)     {_rate(s['win_rate_a'])}",
        f"draws                   {_rate(s['draw_rate'])}",
        f"first player wins       {_rate(s['first_player_win_rate'])}",
        f"A wins going first      {_rate(s['win_rate_a_going_first'])}",
        f"A wins going second     {_rate(s['win_rate_a_going_second'])}",
        f"turns per game          {_spread(s['turns'])}",
        f"  distribution          {_histogram(s['turns']) or 'n/a'}",
        f"damage at end, A        {_spread(s['damage_a'])}   {_histogram(s['damage_a'])}",
        f"damage at end, B        {_spread(s['damage_b'])}   {_histogram(s['damage_b'])}",
        f"decisions per game      {_number(s['decisions_per_game'])}",
    ]
    lines += _counts_lines("triggers revealed", s["triggers"])
    lines += _counts_lines("mechanics", s["mechanics"])
    if s["reasons"]:
        lines.append("game ends               "
                     + ", ".join(f"{k} {v}" for k, v in s["reasons"].items()))
    limited = s.get("limit_samples") or ()
    if limited:
        first = limited[0]
        lines.append(f"stopped by a limit      {runaway_count(s)}; first: game {first['i']} "
                     f"(seed {first['seed']}): {first['detail']}")
    for e in s["error_samples"]:
        lines.append(f"error in game {e['i']} (seed {e['seed']}): {e['error']}")
    return "\n".join(lines)


def runaway_count(s: Mapping[str, Any]) -> int:
    """Return how many games of a summary an engine limit stopped (a runaway ability)."""
    return sum(n for code, n in s["reasons"].items() if code in RUNAWAY_END_CODES)


def _deck_label(run: Mapping[str, Any], side: str) -> str:
    deck = run.get(f"deck_{side}") or {}
    return str(deck.get("name", "?")) if isinstance(deck, Mapping) else str(deck)


def _number(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x:.1f}"    # NaN: no completed game


def _spread(d: Mapping[str, Any]) -> str:
    if d["min"] is None:
        return "n/a"
    return f"mean {d['mean']:.2f}  sd {d['std']:.2f}  range {d['min']}-{d['max']}"


def _histogram(d: Mapping[str, Any]) -> str:
    return " ".join(f"{k}:{v}" for k, v in d["histogram"].items())


def _counts_lines(title: str, counts: Mapping[str, Mapping[str, float]]) -> list[str]:
    if not counts:
        return []
    lines = [f"{title:<24}{'total':>10} {'per game':>9}"]
    lines += [f"  {name:<22}{c['total']:>10} {c['per_game']:>9.2f}" for name, c in counts.items()]
    return lines


def matchup_table(summaries: Iterable[Mapping[str, Any]]) -> str:
    """Format one line per matchup: decks, games, win rate of A with interval, draws, turns."""
    head = (f"{'deck A':<22} {'deck B':<22} {'games':>6} {'win A':>7} {'95% CI':>15} "
            f"{'draws':>6} {'turns':>6} {'errors':>6}")
    lines = [head, "-" * len(head)]
    for s in summaries:
        run, w = s.get("run") or {}, s["win_rate_a"]
        ci = f"[{w['low']:.1%}, {w['high']:.1%}]" if w["n"] else "n/a"
        rate = f"{w['rate']:.1%}" if w["n"] else "n/a"
        lines.append(f"{_deck_label(run, 'a')[:22]:<22} {_deck_label(run, 'b')[:22]:<22} "
                     f"{s['games']:>6} {rate:>7} {ci:>15} {s['draws']:>6} "
                     f"{s['turns']['mean']:>6.2f} {s['errors']:>6}")
    return "\n".join(lines)


def tournament_text(s: Mapping[str, Any]) -> str:
    """Format a tournament summary: the win-rate matrix (row against column, with the 95%
    Wilson interval) and the ratings (Elo scale, 95% bootstrap interval), strongest first."""
    agents = list(s["agents"])
    width = max(12, *(len(a) for a in agents)) + 2
    cell = 22
    head = f"{'row beats column':<{width}}" + "".join(f"{a[:cell - 2]:>{cell}}" for a in agents)
    lines = [head, "-" * len(head)]
    for a in agents:
        cells = []
        for b in agents:
            w = s["win_rate"][a].get(b)
            cells.append("-" if w is None or not w["n"] else
                         f"{w['rate']:.0%} [{w['low']:.0%},{w['high']:.0%}] {w['n']}")
        lines.append(f"{a:<{width}}" + "".join(f"{c:>{cell}}" for c in cells))
    lines += ["", f"{'rating (Elo scale)':<{width}}{'rating':>8} {'95% interval':>16}"]
    for a, r in sorted(s["ratings"].items(), key=lambda kv: -kv[1]["rating"]):
        interval = f"[{r['low']:.0f}, {r['high']:.0f}]"
        lines.append(f"{a:<{width}}{r['rating']:>8.0f} {interval:>16}")
    lines.append(f"\n{s['games']} games, {s['errors']} engine errors")
    return "\n".join(lines)
