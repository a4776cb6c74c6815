"""Extending the card language from Python (issue 39 §6): a new step, check, filter or value
that card files then name, as they name the built-in ones.

An extension is Python code in an installed package (or run before the cards load). It
registers its words with the functions here; a card file names a word (`op = "echo_charge"`,
`check = "hand_parity"`), never code or a path to code. A card naming a word no installed
extension registered fails to load with the usual one line naming it ("unknown op ...").

    from dataclasses import dataclass
    from ecs_vanguard import extensions as ext

    @ext.step("echo_charge", doc="Soul Charge n, then Counter Charge 1 per grade 3 charged")
    @dataclass(frozen=True)
    class EchoCharge:
        n: int = 1

    @ext.handler(EchoCharge)
    def _echo_charge(state, frame, step): ...

Installed extensions are found through the entry point group `ecs_vanguard.extensions` (in the
extension's pyproject.toml: `[project.entry-points."ecs_vanguard.extensions"] mine =
"my_package.cards"`): the entry point names a module, which registers its words when imported,
or a function called with no arguments. They are loaded once, before the first card file of a
process is read (`load_installed`), so every process of a run (process workers, Ray workers)
has them; a word registered only by code run in the main process is not known to a worker that
starts afresh.

Game state stays plain data: a step is a frozen dataclass whose fields are card-file values,
defined at the top level of an importable module (it pickles by reference), and its handler
acts only through the engine's ops (`ecs_vanguard.ops`), so clone, hash, snapshot, replay and
every backend work with it. A handler is `handler(state, frame, step)`, returning None when the
step is done, or a Decision (from `ecs_vanguard.effects.picking`) to ask a player, after which
it is called again with the answer waiting.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from importlib import metadata
from typing import Any, TypeVar

from ecs_vanguard.cards import fields
from ecs_vanguard.cards import sizes as card_sizes
from ecs_vanguard.cards import steps as step_types
from ecs_vanguard.derived import sizes as derived_sizes
from ecs_vanguard.derived import values
from ecs_vanguard.derived.conditions import CheckSpec
from ecs_vanguard.effects import runtime
from ecs_vanguard.vocab.errors import ArgumentError

GROUP = "ecs_vanguard.extensions"
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_T = TypeVar("_T")
_loaded: list[str] = []          # the entry points loaded in this process, once
_docs: dict[str, str] = {}       # what each registered word means, for `registered()`


def _check_name(kind: str, name: object, taken: object) -> str:
    if not isinstance(name, str) or not _NAME.match(name):
        raise ArgumentError(f"extension {kind} name {name!r}: snake_case (lower-case letters, "
                            "digits and _)")
    if name in taken:  # type: ignore[operator]
        raise ArgumentError(f"extension {kind} {name!r}: the card language already has a "
                            f"{kind} of that name")
    return name


def step(name: str, *, doc: str, kinds: dict[str, str] | None = None
         ) -> Callable[[type[_T]], type[_T]]:
    """Register a frozen dataclass as the step `op = name`. Each field's kind (how a card file
    writes it: "count", "selector", "bool", "text", "filters", ...; see `ecs-vanguard
    vocabulary`) comes from `kinds`, or from the field's name when the language already uses
    it (`n`, `target`, `where`, `amount`, `until`, ...). Give it a handler with `handler`."""
    def register(cls: type[_T]) -> type[_T]:
        if step_types.STEP_TYPES.get(name) is cls:
            return cls                                   # the module imported again
        _check_name("step", name, step_types.STEP_TYPES)
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen:
            raise ArgumentError(f"extension step {name!r}: {cls.__name__} must be a frozen "
                                "dataclass (game state stays plain data)")
        given = dict(kinds or {})
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            kind = given.pop(f.name, None) or fields.FIELD_KINDS.get(f.name)
            if kind is None or kind not in fields.KINDS:
                raise ArgumentError(
                    f"extension step {name!r}: field {f.name!r} needs a kind (kinds="
                    f"{{{f.name!r}: ...}}), one of: {', '.join(sorted(fields.KINDS))}")
            fields.OP_FIELD_KINDS[(cls, f.name)] = kind
        if given:
            raise ArgumentError(f"extension step {name!r}: kinds name no field: "
                                f"{', '.join(sorted(given))}")
        step_types.STEP_TYPES[name] = cls
        _docs[f"step {name}"] = doc
        return cls
    return register


def handler(step_type: type) -> Callable[[Callable[..., object]], Callable[..., object]]:
    """Register `fn(state, frame, step)` as what a registered step does."""
    def register(fn: Callable[..., object]) -> Callable[..., object]:
        if step_type not in step_types.STEP_TYPES.values():
            raise ArgumentError(f"extension handler {fn.__name__!r}: register its step "
                                f"{step_type.__name__} with ext.step first")
        runtime.HANDLERS[step_type] = fn
        return fn
    return register


def check(name: str, *, doc: str, args: dict[str, str] | None = None,
          required: tuple[str, ...] = ()) -> Callable[[Callable[..., bool]],
                                                       Callable[..., bool]]:
    """Register `fn(state, frame, check) -> bool` as the check `check = name`; `args` names its
    arguments and their kinds (`check.arg("n")` reads one), `required` those it needs."""
    def register(fn: Callable[..., bool]) -> Callable[..., bool]:
        if values.CHECKS.get(name) is fn:
            return fn
        _check_name("check", name, values.CHECK_SPECS)
        spec_args = tuple((args or {}).items())
        for arg, kind in spec_args:
            _known_kind("check", name, arg, kind)
            if kind == "filters" and arg != "where":
                raise ArgumentError(f"extension check {name!r}: a table of filters is the "
                                    "argument `where`")
        if not set(required) <= {a for a, _ in spec_args}:
            raise ArgumentError(f"extension check {name!r}: required names no argument")
        values.CHECK_SPECS[name] = CheckSpec(fn, doc, spec_args, tuple(required))
        values.CHECKS[name] = fn
        _docs[f"check {name}"] = doc
        return fn
    return register


def filter(name: str, *, doc: str, kind: str = "bool"
           ) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Register `fn(state, frame, card, value) -> bool` as the filter `where = { name = value }`
    (`value` of the kind `kind`)."""
    def register(fn: Callable[..., bool]) -> Callable[..., bool]:
        if values.FILTERS.get(name) is fn:
            return fn
        _check_name("filter", name, values.FILTER_SPECS)
        _known_kind("filter", name, "value", kind)
        values.FILTER_SPECS[name] = (fn, kind, doc)
        values.FILTERS[name] = fn
        _docs[f"filter {name}"] = doc
        return fn
    return register


def value(name: str, *, doc: str) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """Register `fn(state, card) -> int` as a derived value a size reads (`n = { value = name,
    of = "self" }`)."""
    def register(fn: Callable[..., int]) -> Callable[..., int]:
        if derived_sizes.VALUES.get(name) is fn:
            return fn
        _check_name("value", name, derived_sizes.VALUES)
        derived_sizes.VALUES[name] = fn
        card_sizes.SIZE_VALUES = (*card_sizes.SIZE_VALUES, name)
        _docs[f"value {name}"] = doc
        return fn
    return register


# Kinds a check's argument or a filter's value cannot take: the parser structures those only
# where the language itself uses them.
_STRUCTURED = frozenset({"checks", "quantity", "when", "steps", "cost", "filters_not",
                         "filters_any"})


def _known_kind(what: str, name: str, arg: str, kind: str) -> None:
    if kind not in fields.KINDS or kind in _STRUCTURED:
        usable = sorted(k for k in fields.KINDS if k not in _STRUCTURED)
        raise ArgumentError(f"extension {what} {name!r}: {arg} has kind {kind!r}; kinds: "
                            f"{', '.join(usable)}")


def registered() -> dict[str, str]:
    """The words extensions registered in this process, each with what it means."""
    return dict(_docs)


def load_installed() -> list[str]:
    """Load every installed extension (entry point group `ecs_vanguard.extensions`) once per
    process, before card files are read; return the names of the entry points loaded.

    Raises:
        ArgumentError: an entry point cannot be loaded; one line naming it.
    """
    if _loaded:
        return list(_loaded[1:])
    _loaded.append("")                   # marks this process as done, even if none is installed
    for point in metadata.entry_points(group=GROUP):
        try:
            loaded: Any = point.load()
            if callable(loaded) and not isinstance(loaded, type):
                loaded()
        except ArgumentError:
            raise
        except Exception as exc:  # noqa: BLE001  (any failure of someone else's code)
            raise ArgumentError(f"extension {point.name!r} ({point.value}) failed to load: "
                                f"{type(exc).__name__}: {exc}") from None
        _loaded.append(point.name)
    return list(_loaded[1:])


__all__ = ["GROUP", "check", "filter", "handler", "load_installed", "registered", "step",
           "value"]
