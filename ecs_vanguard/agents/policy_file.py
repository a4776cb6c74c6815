"""Policies as files: save a trained policy to a .npz file, load it back, and play it as an agent
(`file:policy.npz` wherever an agent spec is taken: simulate, tournament, environments).

A policy file is a numpy .npz archive (read with allow_pickle=False: no code is ever loaded)
holding `format` (FORMAT), `kind` (a name of POLICIES) and the kind's arrays:

- `linear`: `theta`, the weights of agents.linear (scores theta . phi(s, a), plays the best);
- `mlp`: a multilayer perceptron over the compact interface (ecs_vanguard.perspective.compact), as
  sb3-contrib's MaskablePPO builds it for a Dict observation: `inputs` names the observation's
  parts in the order they are flattened and joined ("action_mask", "observation", "options"),
  `activation` ("tanh" or "relu") follows every layer but the last, `w0, b0, w1, b1, ...` are
  the layers (w: (out, in), as torch keeps them), and the last layer gives one logit per option
  slot (`max_options` of them). It plays the legal slot of highest logit. An optional option
  encoder `option_w, option_b` (with the activation) is applied to each slot's features alone
  before they are flattened: one small layer shared by the K slots.

A loaded policy plays the same actions as the one saved: the file holds every number it uses.

A policy file is a user's file and is read within bounds: a regular file (a FIFO or `/dev/zero`
is refused before it is opened for reading) of at most MAX_BYTES, read once (its digest and its
arrays come from the same bytes), of at most MAX_ARRAYS arrays that unpack to at most
MAX_UNPACKED_BYTES in all (a zip bomb is refused by the sizes its archive declares, which also
bound what is inflated), each array's header checked against its size before it is read, and
every weight a finite number (an array of strings is refused, not converted).
"""

from __future__ import annotations

import hashlib
import io
import math
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

import numpy as np

from ecs_vanguard.agents import linear
from ecs_vanguard.agents.base import agent_rng, pending
from ecs_vanguard.agents.repeats import RepeatGuard
from ecs_vanguard.game import Game
from ecs_vanguard.perspective import compact
from ecs_vanguard.perspective.observation import OBSERVATION
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.decisions import Action
from ecs_vanguard.vocab.errors import PolicyFileError

FORMAT = "ecs_vanguard-policy/1"
MAX_BYTES = 256 * 1024 * 1024          # a policy file past this is refused before it is read
MAX_UNPACKED_BYTES = 256 * 1024 * 1024   # its arrays unpacked (a linear policy: 1 KiB)
MAX_ARRAYS = 1024                      # arrays in one file (an mlp of L layers: 2L + 4)
DIGEST_CHARS = 12                      # hex characters of a file's SHA-256 kept in agent specs


class Policy(Protocol):
    """What a policy kind provides: its name, its arrays, and a choice for a game."""

    kind: ClassVar[str]

    def choose(self, game: Game, allowed: Sequence[bool] | None = None) -> Action: ...
    def arrays(self) -> dict[str, np.ndarray]: ...


class LinearPolicy:
    """The linear policy of agents.linear: plays the legal action of highest theta . phi.

    Raises:
        PolicyFileError: theta is not a finite vector of agents.linear.SIZE numbers.
    """

    kind: ClassVar[str] = "linear"

    def __init__(self, theta: np.ndarray) -> None:
        theta = _numbers(theta, "theta").astype(np.float64)
        if theta.shape != (linear.SIZE,) or not np.isfinite(theta).all():
            raise PolicyFileError(f"a linear policy has {linear.SIZE} finite weights, got an "
                                  f"array of shape {theta.shape}")
        self.theta = theta

    def choose(self, game: Game, allowed: Sequence[bool] | None = None) -> Action:
        """Return the legal action of highest score (agents.linear.choose, which never
        moves a unit, so `allowed`, which only ever masks moves, changes nothing)."""
        return linear.choose(self.theta, game)

    def arrays(self) -> dict[str, np.ndarray]:
        """Return the arrays a file of this policy holds."""
        return {"theta": self.theta}

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray]) -> LinearPolicy:
        """Return the policy of a file's arrays."""
        return cls(_need(arrays, "theta"))


_ACTIVATIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}


class MLPPolicy:
    """A perceptron over the compact interface: one logit per option slot (module doc).

    Args:
        layers: (weight (out, in), bias (out,)) per layer, the last giving max_options logits.
        inputs: the observation parts fed in, in order (names of the compact observation).
        activation: "tanh" or "relu", after every layer but the last.
        option_layer: (weight (m, OPTION.size), bias (m,)) applied to each slot's features,
            or None.

    Raises:
        PolicyFileError: shapes that do not chain, an unknown input or activation.
    """

    kind: ClassVar[str] = "mlp"
    INPUTS: ClassVar[tuple[str, ...]] = ("action_mask", "observation", "options")

    def __init__(self, layers: Sequence[tuple[np.ndarray, np.ndarray]], inputs: Sequence[str],
                 activation: str = "tanh",
                 option_layer: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        self.inputs = tuple(str(name) for name in inputs)
        if not self.inputs or any(name not in self.INPUTS for name in self.inputs):
            raise PolicyFileError(f"an mlp policy's inputs are some of {self.INPUTS}, got "
                                  f"{self.inputs!r:.80}")
        if activation not in _ACTIVATIONS:
            raise PolicyFileError(f"activation must be one of {tuple(_ACTIVATIONS)}, not "
                                  f"{activation!r:.40}")
        self.activation = activation
        self.layers = [(_numbers(w, f"w{i}").astype(np.float32),
                        _numbers(b, f"b{i}").astype(np.float32))
                       for i, (w, b) in enumerate(layers)]
        if not self.layers:
            raise PolicyFileError("an mlp policy has at least one layer")
        self.max_options = self.layers[-1][0].shape[0] if self.layers[-1][0].ndim == 2 else 0
        self.option_layer = None if option_layer is None else (
            _numbers(option_layer[0], "option_w").astype(np.float32),
            _numbers(option_layer[1], "option_b").astype(np.float32))
        self._check_shapes()

    def _check_shapes(self) -> None:
        if self.option_layer is not None:
            w, b = self.option_layer
            if w.ndim != 2 or w.shape[1] != compact.OPTION.size or b.shape != (w.shape[0],) \
                    or not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise PolicyFileError(f"the option encoder's weights {w.shape} and bias "
                                      f"{b.shape} do not take {compact.OPTION.size} features")
        width = sum(self._input_size(name) for name in self.inputs)
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or w.shape[1] != width or b.shape != (w.shape[0],):
                raise PolicyFileError(f"mlp layer {i}: weights {w.shape} and bias {b.shape} do "
                                      f"not take {width} inputs")
            if not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise PolicyFileError(f"mlp layer {i} holds a number that is not finite")
            width = w.shape[0]
        if not 1 <= self.max_options <= 4096:
            raise PolicyFileError(f"an mlp policy gives 1 to 4096 option logits, not "
                                  f"{self.max_options}")

    def _input_size(self, name: str) -> int:
        k = self.max_options
        per_option = compact.OPTION.size if self.option_layer is None else \
            self.option_layer[0].shape[0]
        return {"action_mask": k, "observation": OBSERVATION.size,
                "options": k * per_option}[name]

    def logits(self, parts: dict[str, np.ndarray]) -> np.ndarray:
        """Return the option logits of one observation (a dict of its parts)."""
        act = _ACTIVATIONS[self.activation]
        parts = {name: np.asarray(parts[name], np.float32) for name in self.inputs}
        if self.option_layer is not None and "options" in parts:
            w, b = self.option_layer
            parts["options"] = act(parts["options"] @ w.T + b)
        x = np.concatenate([parts[name].ravel() for name in self.inputs])
        for i, (w, b) in enumerate(self.layers):
            x = w @ x + b
            if i < len(self.layers) - 1:
                x = act(x)
        return x

    def choose(self, game: Game, allowed: Sequence[bool] | None = None) -> Action:
        """Return the legal action of the slot of highest logit (the first on ties) among the
        slots `allowed` leaves (per legal action, as RepeatGuard.allowed gives it)."""
        decision = pending(game)
        actions = game.legal_actions()
        k = self.max_options
        game.switch()
        mask = compact.option_mask(actions, k, allowed)
        parts = {"observation": game.observation(decision.player),
                 "action_mask": mask.astype(np.float32),
                 "options": compact.options(game.state, decision.player, actions, k)}
        logits = np.where(mask, self.logits(parts), -np.inf)
        return actions[int(np.argmax(logits))]

    def arrays(self) -> dict[str, np.ndarray]:
        """Return the arrays a file of this policy holds."""
        out: dict[str, np.ndarray] = {"inputs": np.array(self.inputs),
                                      "activation": np.array(self.activation)}
        for i, (w, b) in enumerate(self.layers):
            out[f"w{i}"], out[f"b{i}"] = w, b
        if self.option_layer is not None:
            out["option_w"], out["option_b"] = self.option_layer
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray]) -> MLPPolicy:
        """Return the policy of a file's arrays."""
        count = sum(1 for key in arrays if key.startswith("w") and key[1:].isdigit())
        layers = [(_need(arrays, f"w{i}"), _need(arrays, f"b{i}")) for i in range(count)]
        inputs = [str(x) for x in np.atleast_1d(_need(arrays, "inputs"))]
        option_layer = None
        if "option_w" in arrays or "option_b" in arrays:
            option_layer = (_need(arrays, "option_w"), _need(arrays, "option_b"))
        return cls(layers, inputs, str(_need(arrays, "activation")), option_layer)


POLICIES: dict[str, Any] = {LinearPolicy.kind: LinearPolicy, MLPPolicy.kind: MLPPolicy}


def save_policy(policy: Policy, path: str | Path) -> Path:
    """Write a policy to a .npz policy file (module doc); return its path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        arrays = {"format": np.array(FORMAT), "kind": np.array(policy.kind), **policy.arrays()}
        np.savez(f, **arrays)  # type: ignore[arg-type]
    return path


def load_policy(path: str | Path) -> Policy:
    """Read a policy file (within the bounds of the module doc).

    Raises:
        PolicyFileError: the file is missing, not a regular file, too large, not a policy file
            of this format, or its arrays do not make a policy (one line naming the file).
    """
    return _policy(_read(path), path)


def policy_digest(path: str | Path) -> str:
    """Return the first DIGEST_CHARS hex characters of the file's SHA-256.

    Raises:
        PolicyFileError: the file cannot be read, is not a regular file or is too large.
    """
    return _digest(_read(path))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:DIGEST_CHARS]


def _read(path: str | Path) -> bytes:
    """Return the bytes of a policy file: a regular file of at most MAX_BYTES (never a FIFO or a
    device, never more than MAX_BYTES read)."""
    if not isinstance(path, str | Path) or not str(path):
        raise PolicyFileError(f"a policy file is named by a path, got {path!r:.40}")
    try:
        with limits.open_regular(path, limit=MAX_BYTES, error=PolicyFileError,
                                 what="policy file") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise PolicyFileError(f"policy file {path}: no such file") from None
    except OSError as exc:
        raise PolicyFileError(f"policy file {path}: cannot be read ({exc.strerror or exc})"
                              ) from None
    except PolicyFileError as exc:
        raise PolicyFileError(f"policy file {exc}") from None
    if len(data) > MAX_BYTES:                 # it grew while it was read
        raise PolicyFileError(f"policy file {path}: larger than {limits.size_text(MAX_BYTES)}")
    return data


def _policy(data: bytes, path: str | Path) -> Policy:
    """Return the policy of a policy file's bytes."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            arrays = _arrays(archive, path)
    except PolicyFileError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, RuntimeError,
            NotImplementedError) as exc:
        raise PolicyFileError(f"policy file {path}: not a .npz policy file "
                              f"({type(exc).__name__})") from None
    if str(arrays.get("format", "")) != FORMAT:
        raise PolicyFileError(f"policy file {path}: not a policy file of format {FORMAT}")
    kind = str(arrays.get("kind", ""))
    if kind not in POLICIES:
        raise PolicyFileError(f"policy file {path}: unknown kind {kind!r:.40} "
                              f"(kinds: {', '.join(POLICIES)})")
    try:
        return POLICIES[kind].from_arrays(arrays)  # type: ignore[no-any-return]
    except PolicyFileError as exc:
        raise PolicyFileError(f"policy file {path}: {exc}") from None


def _arrays(archive: zipfile.ZipFile, path: str | Path) -> dict[str, np.ndarray]:
    """Return the arrays of a .npz archive, refusing one that would unpack past the bounds
    (module doc) before any array is inflated."""
    infos = archive.infolist()
    if len(infos) > MAX_ARRAYS:
        raise PolicyFileError(f"policy file {path}: {len(infos)} arrays, more than the "
                              f"{MAX_ARRAYS} a policy file may hold")
    unpacked = sum(info.file_size for info in infos)
    if unpacked > MAX_UNPACKED_BYTES:
        raise PolicyFileError(f"policy file {path}: its arrays unpack to {unpacked:,} bytes, "
                              f"more than the {limits.size_text(MAX_UNPACKED_BYTES)} allowed")
    arrays: dict[str, np.ndarray] = {}
    for info in infos:
        if not info.filename.endswith(".npy"):
            raise PolicyFileError(f"policy file {path}: {info.filename[:40]!r} is not an array")
        with archive.open(info) as member:        # reads at most the size the archive declares
            _check_header(member, info, path)
        with archive.open(info) as member:
            arrays[info.filename[:-4]] = np.lib.format.read_array(member, allow_pickle=False)
    return arrays


def _check_header(member: Any, info: zipfile.ZipInfo, path: str | Path) -> None:
    """Refuse an array whose header claims more data than its archive entry holds (numpy
    allocates the whole array from the header before it reads a byte)."""
    version = np.lib.format.read_magic(member)
    if version == (1, 0):
        shape, _, dtype = np.lib.format.read_array_header_1_0(member)
    elif version == (2, 0):
        shape, _, dtype = np.lib.format.read_array_header_2_0(member)
    else:
        raise PolicyFileError(f"policy file {path}: not a .npz policy file (array format "
                              f"{version!r:.20} is not read)")
    if dtype.hasobject:
        raise PolicyFileError(f"policy file {path}: not a .npz policy file "
                              f"({info.filename[:40]!r} holds objects, which are never loaded)")
    if math.prod(shape) * dtype.itemsize > info.file_size:
        raise PolicyFileError(f"policy file {path}: {info.filename[:40]!r} claims more data "
                              "than it holds")


class PolicyAgent:
    """An agent that plays a policy loaded from a file (`file:policy.npz`).

    Args:
        seed: kept for the agent protocol; the policies are deterministic.
        path: the policy file.
        digest: the file's digest (policy_digest) when it was named; a file that changed
            since is refused, so the games of one run, in any worker, play one policy.

    Raises:
        PolicyFileError: the file cannot be loaded (load_policy), or it changed.
    """

    def __init__(self, seed: int = 0, path: str = "", digest: str = "") -> None:
        agent_rng(seed)                          # the seed is checked as every agent's is
        self.path = path
        data = _read(path)                       # read once: the digest is of what is loaded
        now = _digest(data)
        if digest and digest != now:
            raise PolicyFileError(f"policy file {path}: changed since it was named (digest "
                                  f"{now}, not {digest})")
        self.policy: Policy = _policy(data, path)
        self.repeats = RepeatGuard()

    @classmethod
    def playing(cls, policy: Policy) -> PolicyAgent:
        """Return an agent playing a policy held in memory (as a file's agent plays it)."""
        agent = cls.__new__(cls)
        agent.path, agent.policy, agent.repeats = "", policy, RepeatGuard()
        return agent

    def act(self, game: Game) -> Action:
        """Return the policy's action for the pending decision, never a move back to a field
        already decided on this turn (agents.repeats: the environments mask those too)."""
        pending(game)
        return self.policy.choose(game, self.repeats.allowed(game))


def _numbers(values: Any, key: str) -> np.ndarray:
    """Return weights as an array of numbers; refuse text, objects or booleans (never
    converted: '1e9' in a file is a mistake, not a weight)."""
    array = np.asarray(values)
    if array.dtype.kind not in "iuf":
        raise PolicyFileError(f"array {key!r} must hold numbers, not {array.dtype}")
    return array


def _need(arrays: dict[str, np.ndarray], key: str) -> np.ndarray:
    if key not in arrays:
        raise PolicyFileError(f"missing array {key!r}")
    return arrays[key]
