"""Which build runs: the mypyc-compiled hot floors or the pure-Python sources (issue 18).

Standard library only, and imported before any compiled module can load (the package
`__init__` of `components`, `systems` and `ecs_vanguard` import it first), so it decides for the
whole process:

- ECS_VANGUARD_PURE=1 at run time: a finder placed first on `sys.meta_path` loads every module
  of the three packages from its .py source, ignoring the compiled extensions beside it.
- A compiled extension built from another source than the one beside it (an edited module not
  rebuilt) is never run: the whole process falls back to the sources, saying so in one line
  when it first plays (note_if_pure), since a compiled module calls the compiled code of its
  neighbours directly and a partial fallback would still run stale code. The build records the digest of every source it compiled
  (SOURCES_FILE); file times are not trusted, since a wheel install or a checkout sets them in
  any order. The test suite fails on a stale build (tests/engine/test_compiled.py). Rebuild with
  `python setup.py build_ext --inplace` (or `pip install -e .` again).

`setup.py` reads COMPILED: the modules it compiles.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import TextIO

PURE_VARIABLE = "ECS_VANGUARD_PURE"
REBUILD = "python setup.py build_ext --inplace"
_ROOTS = ("ecs_vanguard", "systems", "components")
_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The modules mypyc compiles (setup.py): the floors a decision runs through, measured hot.
COMPILED: tuple[str, ...] = (
    "components.brandt",
    "components.card",
    "components.dress",
    "components.frozen",
    "components.gift",
    "components.heart",
    "components.legion",
    "components.locked",
    "components.modifiers",
    "components.orientation",
    "components.position",
    "ecs_vanguard.cards.schema",               # CardDef, AbilityDef, When: fields read as native slots
    "ecs_vanguard.vocab.common_events",        # the events every turn logs
    "ecs_vanguard.vocab.decisions",            # Decision and Action
    "ecs_vanguard.vocab.zones",                # Zone and Circle: compiled, a member is a C static (Zone.VC read as an attribute of the class cost ~120 instructions, ~45 a decision)
    "ecs_vanguard.vocab.fields",               # field_or: a field some records lack, without the exception
    "ecs_vanguard.vocab.formats",              # the rules and their enums (Phase, Stat, UnitType...): members and fields read as C statics and slots
    "ecs_vanguard.state.core",
    "ecs_vanguard.state.hashing",
    "ecs_vanguard.state.world",
    "ecs_vanguard.derived.conditions",
    "ecs_vanguard.derived.facts",
    "ecs_vanguard.derived.query",
    "ecs_vanguard.derived.rule_modifiers",
    "ecs_vanguard.derived.sizes",
    "ecs_vanguard.derived.timing",
    "ecs_vanguard.derived.scopes",
    "ecs_vanguard.derived.stats",
    "ecs_vanguard.derived.values",
    "ecs_vanguard.ops.brandt",
    "ecs_vanguard.ops.cards",
    "ecs_vanguard.ops.costs",
    "ecs_vanguard.ops.deck",
    "ecs_vanguard.ops.emit",
    "ecs_vanguard.ops.legion",
    "ecs_vanguard.ops.rule_modifiers",
    "ecs_vanguard.ops.stride",
    "ecs_vanguard.ops.timing",
    "ecs_vanguard.ops.units",
    "ecs_vanguard.ops.zones",
    "systems.base",
    "systems.battle",
    "systems.effect",
    "systems.legion",
    "systems.order",
    "systems.rule_process",
    "systems.stride",
    "systems.trigger",
    "systems.turn",
    "ecs_vanguard.effects.builtin",
    "ecs_vanguard.effects.card_steps",
    "ecs_vanguard.effects.costs",
    "ecs_vanguard.effects.flow_steps",
    "ecs_vanguard.effects.picking",
    "ecs_vanguard.effects.playable",
    "ecs_vanguard.effects.runtime",
    "ecs_vanguard.effects.selection",
    "ecs_vanguard.effects.unit_steps",
    "ecs_vanguard.agents.heuristic_rules",     # HeuristicAgent's rules; the class stays interpreted
    "ecs_vanguard.sim.event_counts",           # a game record's counts of its events
)


def pure_requested() -> bool:
    """True if ECS_VANGUARD_PURE asks for the pure-Python sources (1, true, yes)."""
    return os.environ.get(PURE_VARIABLE, "").strip().lower() in ("1", "true", "yes")


GROUP = "ecs_vanguard._engine"  # mypyc's one group (setup.py): the modules call each other natively
_GROUP_LIBRARY = GROUP + "__mypyc"  # the group's shared library, which holds all compiled code
# Written by the build beside the group library: {module: SHA-256 of the source it compiled}.
SOURCES_FILE = os.path.join("ecs_vanguard", "_compiled_sources.json")


def _built_extensions() -> dict[str, str]:
    """Every compiled extension in the three packages, by module name (one walk of the tree)."""
    built: dict[str, str] = {}
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for root in _ROOTS:
        for folder, subfolders, files in os.walk(os.path.join(_HERE, root)):
            subfolders[:] = [s for s in subfolders if s != "__pycache__"]
            package = os.path.relpath(folder, _HERE).replace(os.sep, ".")
            for file in files:
                for suffix in suffixes:
                    if file.endswith(suffix):
                        built[f"{package}.{file[: -len(suffix)]}"] = os.path.join(folder, file)
                        break
    return built


def source_digest(module: str, root: str | None = None) -> str | None:
    """The SHA-256 of a module's source, or None when the source is not there."""
    path = os.path.join(root or _HERE, *module.split(".")) + ".py"
    try:
        with open(path, "rb") as source:
            return hashlib.sha256(source.read()).hexdigest()
    except OSError:
        return None


def _built_from() -> dict[str, str]:
    """The digests of the sources the installed build compiled, by module ({} if none)."""
    try:
        with open(os.path.join(_HERE, SOURCES_FILE), encoding="utf-8") as file:
            recorded = json.load(file)
    except (OSError, ValueError):
        return {}
    return recorded if isinstance(recorded, dict) else {}


def stale_modules() -> list[str]:
    """The compiled modules that must not run: an extension whose build compiled another source
    than the one beside it (edited, not rebuilt; or built before the build recorded its sources),
    or an extension of a module COMPILED no longer lists (left by an older build: Python would
    still load it before the source, against a group library without its code)."""
    stale = []
    listed = set(COMPILED)
    built = _built_extensions()
    built.pop(_GROUP_LIBRARY, None)  # the group library holds the code; it is not a module
    built_from = _built_from()
    for name in sorted(built):
        digest = source_digest(name)
        if name not in listed or (digest is not None and built_from.get(name) != digest):
            stale.append(name)
    return stale


class _SourcesFirst(MetaPathFinder):
    """Find the modules of the three packages as .py sources only (never an extension)."""

    def __init__(self) -> None:
        self._finders: dict[str, importlib.machinery.FileFinder] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in _ROOTS:
            return None
        for entry in path if path is not None else sys.path:
            finder = self._finders.get(entry)
            if finder is None:
                finder = self._finders[entry] = importlib.machinery.FileFinder(
                    entry or ".",
                    (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
                )
            spec = finder.find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def _decide() -> str:
    """Install the sources-only finder if the pure build is asked for or a compiled module is
    stale; return why the process runs pure ("" when it may run compiled)."""
    if any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        return _REASON
    reason = ""
    if pure_requested():
        reason = f"{PURE_VARIABLE}=1"
    else:
        stale = stale_modules()
        if stale:  # said by note_if_pure, in one line, once the process plays
            named = ", ".join(stale[:3]) + (", ..." if len(stale) > 3 else "")
            reason = f"{len(stale)} stale compiled modules: {named}"
    if reason:
        sys.meta_path.insert(0, _SourcesFirst())
    return reason


_REASON = ""
if __name__ == "components._compiled":  # not when setup.py reads COMPILED by path
    _REASON = _decide()


def pure_reason() -> str:
    """Why this process runs the pure sources: "" if it may run compiled code."""
    return _REASON


def compiled_modules() -> list[str]:
    """The modules of COMPILED loaded in this process from a compiled extension."""
    loaded = []
    for name in COMPILED:
        module = sys.modules.get(name)
        origin = getattr(module, "__file__", None) or ""
        if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            loaded.append(name)
    return loaded


# Set in the environment once the note below is written: the worker processes this process
# starts afterwards (a pool, a local Ray cluster) inherit it and stay quiet.
_NOTED_VARIABLE = "ECS_VANGUARD_PURE_NOTED"


def note_if_pure(stream: TextIO | None = None) -> bool:
    """Say in one line on stderr, once a process (and its workers), that the engine runs the
    pure-Python build although a compiled one was expected, with the command that fixes it;
    return whether it was said. Quiet when the pure build was chosen (ECS_VANGUARD_PURE=1).
    Called by the game (so the environments, `play` and the benchmarks) and by the simulation
    runs (issue 34: a pure build is never silent)."""
    if os.environ.get(_NOTED_VARIABLE) or pure_requested():
        return False
    os.environ[_NOTED_VARIABLE] = "1"
    mode = build_mode()
    if mode == "compiled":
        return False
    if _REASON:                                  # stale extensions beside edited sources
        why, fix = _REASON, f"rebuild with `{REBUILD}` (or `pip install -e .` again)"
    else:
        why = "no compiled build installed" if mode.startswith("pure") else mode
        fix = "`pip install -e . -v` in the project's folder shows why the build failed"
    (stream or sys.stderr).write(
        f"ecs_vanguard: running the pure-Python build ({why}), about 3x slower; {fix}; "
        f"ECS_VANGUARD_PURE=1 runs it on purpose, without this note\n")
    return True


def build_mode() -> str:
    """The build this process runs: "compiled" when every module of COMPILED has a current extension and the process may
    load it, "pure (why)" when none runs compiled, else "partly compiled (...)"."""
    if _REASON:
        return f"pure ({_REASON})"
    built = _built_extensions()
    missing = [name for name in COMPILED if name not in built]
    if len(missing) == len(COMPILED):
        return ("pure (no compiled build: installed with ECS_VANGUARD_PURE=1, not built, or the "
                "build failed: `pip install -e . -v` shows why)")
    if missing:
        return f"partly compiled (not built: {', '.join(missing[:3])}...)"
    return "compiled"
