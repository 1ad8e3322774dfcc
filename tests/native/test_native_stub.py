"""The type stub of the compiled module matches the header and the built module."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import hilo_fast

CSRC = Path(__file__).resolve().parents[2] / "csrc"
STUB = Path(hilo_fast.__file__).resolve().parent / "_native" / "_core.pyi"


def _stub_names() -> set[str]:
    """Every attribute the stub declares on ``lib``."""
    tree = ast.parse(STUB.read_text())
    lib = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "_Lib")
    names = {n.name for n in lib.body if isinstance(n, ast.FunctionDef)}
    names |= {n.target.id for n in lib.body if isinstance(n, ast.AnnAssign)
              and isinstance(n.target, ast.Name)}
    return names


@pytest.mark.skipif(not (CSRC / "gen_stub.py").exists(), reason="csrc/ not beside the tests")
def test_committed_stub_is_generated() -> None:
    pytest.importorskip("pycparser")
    result = subprocess.run([sys.executable, str(CSRC / "gen_stub.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_stub_is_shipped_beside_the_package() -> None:
    assert STUB.exists()
    assert (STUB.parent.parent / "py.typed").exists()   # the package is typed, stubs and all


def test_stub_declares_exactly_what_the_built_module_exports(native: ModuleType) -> None:
    from hilo_fast._native._core import lib

    assert _stub_names() == set(dir(lib))


def _stub_signatures() -> dict[str, list[str]]:
    """Each stub function's parameter annotations, as written."""
    tree = ast.parse(STUB.read_text())
    lib = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "_Lib")
    return {n.name: [ast.unparse(a.annotation) for a in n.args.args[1:] if a.annotation]
            for n in lib.body if isinstance(n, ast.FunctionDef)}


def test_stub_parameters_match_the_compiled_signatures(native: ModuleType) -> None:
    from hilo_fast._native._core import ffi, lib

    for name, hints in _stub_signatures().items():
        ctype = ffi.typeof(getattr(lib, name))
        assert len(hints) == len(ctype.args), name
        for annotation, arg in zip(hints, ctype.args, strict=True):
            if arg.kind == "pointer":
                assert "_CData" in annotation, (name, arg.cname, annotation)
            else:
                assert annotation in ("int", "float", "bytes"), (name, arg.cname, annotation)
