"""Build: the hot floors of the engine compiled by mypyc from the same Python source (issue 18).

`pip install -e .` (or `python setup.py build_ext --inplace` after editing a compiled module)
compiles the modules listed in components/_compiled.py (COMPILED) into C extensions beside
their sources, and records the digest of each source compiled (components/_compiled.py
SOURCES_FILE); ECS_VANGUARD_PURE=1 at build time compiles nothing (a pure-Python install). At
run time ECS_VANGUARD_PURE=1 makes the same tree import the .py sources, and a compiled module
built from another source than the one beside it is never run (the process falls back to the
sources, and says so in one line when it first plays).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

_HERE = os.path.dirname(os.path.abspath(__file__))


def _build_choices() -> ModuleType:
    """components/_compiled.py read by path: importing the package could load old extensions."""
    spec = importlib.util.spec_from_file_location(
        "_ecs_vanguard_build", os.path.join(_HERE, "components", "_compiled.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_CHOICES = _build_choices()
_GROUP = _CHOICES.GROUP


def _extensions() -> list[Extension]:
    """The compiled modules as extensions (mypyc writes their C when called)."""
    if _CHOICES.pure_requested():
        return []
    from mypyc.ir.rtypes import object_rprimitive
    from mypyc.primitives.registry import builtin_names

    # mypyc looks `object` up in the module's globals when it writes the annotations of a
    # dataclass field typed `object` (KeyError at import): load the builtin type instead.
    builtin_names.setdefault("builtins.object", (object_rprimitive, "PyBaseObject_Type"))
    from mypyc.build import mypycify

    extensions = mypycify(
        [os.path.join(*name.split(".")) + ".py" for name in _CHOICES.COMPILED],
        opt_level=os.environ.get("ECS_VANGUARD_OPT_LEVEL", "2"),
        debug_level="0",
        multi_file=True,  # several C files of one group, compiled in parallel below
        group_name=_GROUP,  # its shared library inside the package: ecs_vanguard/_engine__mypyc
    )
    # mypyc writes the group's header beside its C file (build/ecs_vanguard/) but includes it
    # from the modules' C files in build/: let them find it.
    for extension in extensions:
        extension.include_dirs.append(os.path.join("build", *_GROUP.split(".")[:-1]))
    return extensions


class BuildExt(build_ext):
    """Run mypyc when the extensions are built, not each time setup.py is read (pip reads it
    for the requirements and the metadata first, which finalizes this command), and compile the
    C files on every core."""

    def finalize_options(self) -> None:
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().finalize_options()

    def run(self) -> None:
        try:
            self._compile()
        except (Exception, SystemExit) as exc:  # noqa: BLE001  (mypyc exits on a type error; a C compiler may be missing)
            self._install_pure(exc)

    def _install_pure(self, failure: BaseException) -> None:
        """The compiled build failed: install the pure-Python build, which runs the same code,
        rather than no build at all. Nothing of the failed build is beside the sources
        (setuptools copies extensions there only once all are built), and extensions an
        earlier build left there run only while current (components/_compiled.py
        stale_modules). `ecs-vanguard --version` then says why it runs pure, and CI's
        test_compiled fails on a pure build."""
        self.distribution.ext_modules = self.extensions = []
        sys.stderr.write(
            f"ecs-vanguard: the compiled build failed ({type(failure).__name__}: "
            f"{str(failure)[:300]}); installing the pure-Python build instead, the same code "
            f"about 1.4x slower. Fix the cause and rebuild with `python setup.py build_ext "
            f"--inplace` (or `pip install -e .` again).\n"
        )

    def _compile(self) -> None:
        self.distribution.ext_modules = self.extensions = _extensions()
        for ext in self.extensions:  # what setuptools' finalize_options sets on each extension
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = self.ext_map[ext._full_name.split(".")[-1]] = ext
            ext._links_to_dynamic = ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)
        super().run()
        self._record_sources()

    def _record_sources(self) -> None:
        """Write the digest of every source just compiled beside the group library (wherever
        this build puts it: the build folder for a wheel, the sources for an editable install),
        so that the run time knows the build is current from the code itself, not from file
        times a wheel install or a checkout set in any order (components/_compiled.py)."""
        library = self.get_ext_fullpath(_GROUP + "__mypyc")
        digests = {name: _CHOICES.source_digest(name, _HERE) for name in _CHOICES.COMPILED}
        target = os.path.join(os.path.dirname(library), os.path.basename(_CHOICES.SOURCES_FILE))
        with open(target, "w", encoding="utf-8") as file:
            json.dump(digests, file, indent=0, sort_keys=True)


# A stand-in extension marks the distribution as compiled (a platform wheel, build_ext run);
# BuildExt replaces it by the real ones. A pure build has none.
_PLACEHOLDER = [] if _CHOICES.pure_requested() else [Extension(_GROUP + "__mypyc", [])]
setup(ext_modules=_PLACEHOLDER, cmdclass={"build_ext": BuildExt})
