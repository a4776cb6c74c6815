"""Hostile input, round 4 (issue 36) on policy files: nothing read without a bound. `/dev/zero`
read 1.85 GB, a FIFO hung the reader, a sparse 1.2 GB file was read whole, a 14 MB zip bomb
inflated to 3 GB, weights stored as strings were converted, `file:` with no path was an
IndexError. Each is now one PolicyFileError (a ValueError) line, at once."""

from __future__ import annotations

import io
import os
import threading
import zipfile

import numpy as np
import pytest

from ecs_vanguard.agents import PolicyAgent, linear, load_policy, make_agent
from ecs_vanguard.agents import policy_file as pf
from ecs_vanguard.agents.policy_file import FORMAT, LinearPolicy, save_policy
from ecs_vanguard.agents.value import FEATURES, PositionValue
from ecs_vanguard.cli import main as cli
from ecs_vanguard.vocab.errors import ArgumentError, PolicyFileError


def _refused_at_once(call) -> BaseException:
    """Run `call()` in a thread; it must raise within 20 s (a FIFO's open once never ended)."""
    caught: list[BaseException] = []

    def target() -> None:
        try:
            call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            caught.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), "the policy reader blocked"
    assert caught, "a special file was accepted as a policy file"
    return caught[0]


def _npz(path, **arrays) -> None:
    np.savez(path, format=np.array(FORMAT), **arrays)


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "fifo", "folder"])
def test_a_special_file_as_a_policy_file_is_refused_before_it_is_read(tmp_path, special):
    path = tmp_path / "fifo"
    if special == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this system")
        os.mkfifo(path)
    elif special == "folder":
        path = tmp_path
    else:
        path = special
    for call in (lambda: load_policy(path), lambda: PolicyAgent(0, path=str(path)),
                 lambda: make_agent(f"file:{path}"), lambda: pf.policy_digest(path)):
        error = _refused_at_once(call)
        assert isinstance(error, PolicyFileError | ValueError), error
        assert "not a regular file" in str(error) and "\n" not in str(error)


def test_a_huge_sparse_policy_file_is_refused_unread(tmp_path):
    """1.2 GB (sparse: no disk used) is refused by its size alone."""
    path = tmp_path / "huge.npz"
    with open(path, "wb") as f:
        f.truncate(1_200_000_000)
    with pytest.raises(PolicyFileError, match="larger than 256 MiB"):
        load_policy(path)


def test_a_zip_bomb_is_refused_by_what_it_would_unpack_to(tmp_path, monkeypatch):
    """An archive whose arrays would unpack past the bound: refused before anything inflates
    (the bound is lowered for the test; the real one is 256 MiB)."""
    monkeypatch.setattr(pf, "MAX_UNPACKED_BYTES", 4 << 20)
    path = tmp_path / "bomb.npz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z, z.open("theta.npy", "w") as f:
        for _ in range(8):
            f.write(bytes(1 << 20))
    assert path.stat().st_size < 64 << 10
    with pytest.raises(PolicyFileError, match="unpack to 8,388,608 bytes, more than the 4 MiB"):
        load_policy(path)


def test_an_array_header_claiming_more_than_its_entry_holds_is_refused(tmp_path):
    """numpy allocates the array its header describes before reading: 10**11 floats (800 GB)
    in an entry of a few bytes is refused from the header."""
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": "<f8", "fortran_order": False, "shape": (10**11,)})
    path = tmp_path / "claims.npz"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("theta.npy", header.getvalue() + bytes(16))
    with pytest.raises(PolicyFileError, match="claims more data than it holds"):
        load_policy(path)


def test_too_many_arrays_are_refused(tmp_path):
    path = tmp_path / "many.npz"
    np.savez(path, **{f"a{i}": np.zeros(1) for i in range(pf.MAX_ARRAYS + 1)})
    with pytest.raises(PolicyFileError, match="arrays, more than"):
        load_policy(path)


@pytest.mark.parametrize("theta", [np.array(["1.0"] * linear.SIZE),
                                   np.array([b"1"] * linear.SIZE),
                                   np.ones(linear.SIZE, dtype=bool),
                                   np.ones(linear.SIZE, dtype=complex)],
                         ids=["str", "bytes", "bool", "complex"])
def test_weights_that_are_not_numbers_are_refused_not_converted(tmp_path, theta):
    path = tmp_path / "text.npz"
    _npz(path, kind=np.array("linear"), theta=theta)
    with pytest.raises(PolicyFileError, match="'theta' must hold numbers"):
        load_policy(path)
    with pytest.raises(PolicyFileError, match="must hold numbers"):
        LinearPolicy(theta)


def test_mlp_weights_as_strings_are_refused(tmp_path):
    layer = np.zeros((4, 3)).astype(str)
    with pytest.raises(PolicyFileError, match="'w0' must hold numbers"):
        pf.MLPPolicy([(layer, np.zeros(4))], ["action_mask"])


def test_an_integer_theta_still_loads(tmp_path):
    """Integers are numbers: a file of whole weights is a policy."""
    path = tmp_path / "ints.npz"
    _npz(path, kind=np.array("linear"), theta=np.arange(linear.SIZE))
    assert load_policy(path).theta.dtype == np.float64


@pytest.mark.parametrize("spec", ["file:", "file: ", 'file:""', "file:''", "file:#0123456789ab"])
def test_file_with_an_empty_path_is_one_line(spec):
    with pytest.raises(ValueError, match="needs a policy file"):
        make_agent(spec)


def test_the_command_line_refuses_an_empty_or_special_policy_path_in_one_line(capsys):
    for spec in ("file:", "file:/dev/zero"):
        try:
            code = cli.main(["simulate", "--games", "1", "--agent-a", spec, "--no-out"])
        except SystemExit as stop:
            code = stop.code
        err = capsys.readouterr().err
        assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert ("needs a policy file" in err) or ("not a regular file" in err)


def test_an_environment_opponent_of_dev_zero_is_refused_at_once():
    gym_env = pytest.importorskip("ecs_vanguard.env.gym_env")
    error = _refused_at_once(lambda: gym_env.VanguardEnv(opponent="file:/dev/zero"))
    assert isinstance(error, ValueError) and "not a regular file" in str(error)


def test_a_policy_file_that_changed_since_it_was_named_is_refused(tmp_path):
    path = save_policy(LinearPolicy(np.ones(linear.SIZE)), tmp_path / "p.npz")
    named = pf.policy_digest(path)
    agent = PolicyAgent(0, path=str(path), digest=named)
    assert np.array_equal(agent.policy.theta, np.ones(linear.SIZE))
    save_policy(LinearPolicy(np.zeros(linear.SIZE)), path)
    with pytest.raises(PolicyFileError, match="changed since it was named"):
        PolicyAgent(0, path=str(path), digest=named)


def test_a_position_value_file_is_read_within_bounds():
    with pytest.raises(ArgumentError, match="not a regular file"):
        PositionValue.load("/dev/zero")
    with pytest.raises(ArgumentError, match="finite"):
        PositionValue({name: float("nan") for name in FEATURES})
