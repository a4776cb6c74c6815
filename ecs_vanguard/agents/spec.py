"""Agent specs: an agent name with its options, as text on the command line and in run records
(`mcts`, `mcts:iterations=50,rollout=random`, `file:policy.npz`), parsed once into an AgentSpec.

`file:PATH` is a policy saved to a file (agents.policy_file): the path is written after the
colon as it is (no `path=`), and the spec's text adds the file's digest (`file:PATH#3fa2c1d07b9e`)
so that a run records which policy played and a file changed since is refused (on --resume,
in the workers). The file is loaded when the spec is parsed: a missing or bad file is refused
at once.

A path with a comma is written in quotes, `file:"runs/a,b.npz"` (or single quotes), so that it
stays one agent in a comma-separated list of agents (`split_specs`); a spec's text quotes such a
path itself, so the text reads back as the same agent.

Options are the keyword arguments of the agent's class after `seed`, with their defaults; a
spec's text names only the options that differ from the defaults, so equal agents have equal
text (what run headers compare when a run is resumed).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ecs_vanguard.agents.heuristic import HeuristicAgent
from ecs_vanguard.agents.learned import LearnedAgent
from ecs_vanguard.agents.mcts import MCTSAgent
from ecs_vanguard.agents.policy_file import DIGEST_CHARS, PolicyAgent, policy_digest
from ecs_vanguard.agents.random_agent import RandomAgent
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.errors import ArgumentError

AGENTS: dict[str, type] = {"random": RandomAgent, "heuristic": HeuristicAgent, "mcts": MCTSAgent,
                           "learned": LearnedAgent, "file": PolicyAgent}
FILE = "file"                          # the agent whose option is written bare: file:PATH


@cache
def agent_options(name: str) -> dict[str, Any]:
    """Return the options of an agent with their defaults (its keyword arguments after seed)."""
    params = inspect.signature(AGENTS[name]).parameters
    return {p.name: p.default for p in params.values() if p.name != "seed"}


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """An agent by name with the options that differ from its defaults."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()

    @staticmethod
    def parse(text: str | AgentSpec) -> AgentSpec:
        """Return the spec of `name[:option=value,...]`.

        Raises:
            ArgumentError (a ValueError): an unknown agent or option, or a bad value.
        """
        if isinstance(text, AgentSpec):
            return text
        name, _, rest = str(text).strip().partition(":")
        if name.strip() == FILE:
            return _file_spec(_unquoted(rest.strip()))
        pairs = [item.partition("=") for item in rest.split(",") if item.strip()]
        bad = [key for key, eq, _ in pairs if not eq]
        if bad:
            raise ArgumentError(f"agent {text!r}: options are written name=value, got {bad[0]!r}")
        return AgentSpec.of(name.strip(), {k.strip(): v for k, _, v in pairs})  # " 3 ": refused

    @staticmethod
    def of(name: str, options: Mapping[str, Any] | None = None) -> AgentSpec:
        """Return the spec of an agent with options (values as text or typed).

        Raises:
            ArgumentError (a ValueError): an unknown agent or option, or a bad value.
        """
        if name not in AGENTS:
            raise ArgumentError(f"unknown agent {name!r}: choose one of {', '.join(AGENTS)}")
        if name == FILE:
            given = dict(options or {})
            digest = given.get("digest")
            return _file_spec(f"{given.get('path', '')}" + (f"#{digest}" if digest else ""))
        known = agent_options(name)
        chosen = {}
        for key, value in (options or {}).items():
            if key not in known:
                choices = ", ".join(known) or "none"
                raise ArgumentError(f"agent {name!r} has no option {key!r} (options: {choices})")
            typed = _typed(name, key, value, known[key])
            if typed != known[key]:
                chosen[key] = typed
        return AgentSpec(name, tuple((k, chosen[k]) for k in known if k in chosen))

    def with_defaults(self, options: Mapping[str, Any]) -> AgentSpec:
        """Return this spec with `options` filled in where it does not set them (options of
        another agent are ignored: `--mcts-iterations` leaves `random` alone)."""
        known = agent_options(self.name)
        extra = {k: v for k, v in options.items() if k in known and v is not None}
        return AgentSpec.of(self.name, extra | dict(self.options))

    def make(self, seed: int = 0) -> Any:
        """Return a new agent of this spec with its own seeded generator."""
        return AGENTS[self.name](seed, **dict(self.options))

    def __str__(self) -> str:
        if self.name == FILE:
            options = dict(self.options)
            return f"{FILE}:{_quoted(options.get('path', ''))}#{options.get('digest', '')}"
        if not self.options:
            return self.name
        return f"{self.name}:" + ",".join(f"{k}={v}" for k, v in self.options)


QUOTES = "\"'"


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of agents into their texts: `random,mcts:iterations=50,
    rollout=random,file:"a,b.npz"` is three agents. A piece with `=` and no `:` is one more
    option of the agent before it; a comma inside quotes belongs to a file's path.

    Raises:
        ArgumentError (a ValueError): a quote that is not closed.
    """
    pieces: list[str] = []
    current, quote = "", ""
    for char in f"{text},":
        if quote:
            quote = "" if char == quote else quote
        elif char in QUOTES and current.strip() == f"{FILE}:":     # a quoted path begins
            quote = char
        elif char == ",":
            piece = current.strip()
            if piece and "=" in piece and ":" not in piece and pieces:
                pieces[-1] += "," + piece
            elif piece:
                pieces.append(piece)
            current = ""
            continue
        current += char
    if quote:
        raise ArgumentError(f"agents {text!r}: a quote ({quote}) is not closed")
    return pieces


def _unquoted(text: str) -> str:
    """Return the text after `file:` without the quotes around its path (`"a,b.npz"#digest`)."""
    if text and text[0] in QUOTES:                # ("" is in every string: no path at all)
        end = text.find(text[0], 1)
        if end < 0:
            raise ArgumentError(f"agent 'file': the path's quote ({text[0]}) is not closed")
        path, rest = text[1:end], text[end + 1:]
        if rest and not rest.startswith("#"):
            raise ArgumentError(f"agent 'file': {rest!r} after the quoted path {path!r}")
        return path + rest
    return text


def _quoted(path: str) -> str:
    """Return a path as a spec writes it: in quotes when it has a comma or starts with one."""
    if "," not in path and not (path and path[0] in QUOTES):
        return path
    quote = "'" if '"' in path else '"'
    return f"{quote}{path}{quote}"


def _file_spec(text: str) -> AgentSpec:
    """Return the spec of `PATH` or `PATH#DIGEST` after `file:` (the module doc).

    Raises:
        ValueError: no path, a file that cannot be loaded or that changed since its digest.
    """
    path, mark, digest = text.rpartition("#")
    if not mark or len(digest) != DIGEST_CHARS or not all(c in "0123456789abcdef" for c in digest):
        path, digest = text, ""
    if not path:
        raise ValueError("agent 'file' needs a policy file: file:PATH (a .npz file)")
    try:
        digest = digest or policy_digest(path)
        PolicyAgent(0, path=path, digest=digest)              # loads it: refused now, not later
    except ValueError as exc:
        hint = ("" if Path(path).exists() else
                ' (a path with a comma is written in quotes: file:"a,b.npz")')
        raise ValueError(f"agent 'file': {exc}{hint}") from None
    return AgentSpec(FILE, (("path", path), ("digest", digest)))


def _typed(name: str, key: str, value: Any, default: Any) -> Any:
    """Return `value` as the type of the option's default; check it by making the agent."""
    kind = type(default)
    try:
        typed = _TEXT_READERS[kind](value, key) if isinstance(value, str) else value
        if kind is float and isinstance(typed, int) and not isinstance(typed, bool):
            typed = float(typed)
        AGENTS[name](0, **{key: typed})       # the agent's own checks (ranges, choices)
    except (TypeError, ValueError) as exc:
        raise ArgumentError(f"agent {name!r}: bad {key}={_cut(value)} ({exc})") from None
    return typed


def _cut(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# How an option written as text becomes its type: counts and numbers in ASCII digits only
# (checks.parse_int, parse_real), so " 3 ", "1_0", "٣" and "nan" are refused.
_TEXT_READERS: dict[type, Any] = {
    int: lambda text, key: checks.parse_int(text, key),
    float: lambda text, key: checks.parse_real(text, key),
    str: lambda text, key: text,
}


def make_agent(spec: str | AgentSpec, seed: int = 0) -> Any:
    """Return a new agent from a spec (`random`, `heuristic`, `mcts:iterations=50`).

    Raises:
        ValueError: an unknown agent or option, or a bad option value.
    """
    return AgentSpec.parse(spec).make(seed)
