"""The differential fuzz harness (fuzz/harness.py), driven by hypothesis in the suite.

``fuzz/run.py`` drives the same harness with atheris or a seeded random
stream for minutes at a time (``.ci/run``); here hypothesis feeds it a few
hundred byte strings per target on every test run, and the harness itself is
shown to fail on a wrong answer or a stray exception.
"""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"


def _load_harness() -> ModuleType:
    if "harness" not in sys.modules:
        spec = importlib.util.spec_from_file_location("harness", FUZZ / "harness.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["harness"] = module  # dataclasses look their module up by name
        spec.loader.exec_module(module)
    return sys.modules["harness"]


if not (FUZZ / "harness.py").exists():  # the tests run from an sdist, without fuzz/
    pytest.skip("fuzz/harness.py is not beside the tests", allow_module_level=True)
harness = _load_harness()
TARGETS = list(harness.TARGETS)

# Expected for hostile numpy scalars near 2**63 (see fuzz/harness.py).
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered in scalar add")


@pytest.fixture(autouse=True)
def _needs_native(native: ModuleType) -> None:
    """The harness compares the native backend with the pure one."""


@pytest.mark.parametrize("index", range(len(TARGETS)), ids=TARGETS)
@settings(max_examples=150, deadline=None)
@given(tail=st.binary(max_size=96))
def test_hostile_input_gets_the_same_answer_from_both_backends(index: int, tail: bytes) -> None:
    harness.run_one(bytes([index]) + tail)


def _valid_omaha_input() -> bytes:
    """A byte string that decodes to backend.omaha on a valid hand in plain lists."""
    index = TARGETS.index("backend.omaha")
    # hole size 4, then count byte < 160 and kind byte < 128 (plain list), 4 ids;
    # board size 3 + 2, the same, 5 ids. The ids are distinct.
    data = bytes([index, 0, 0, 0, 51, 1, 46, 32, 2, 0, 0, 4, 8, 12, 33, 40])
    call = harness.decode(data)
    assert call.plain and call.args == ([51, 1, 46, 32], [4, 8, 12, 33, 40])
    return data


def test_the_harness_reports_a_wrong_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _valid_omaha_input()
    harness.run_one(data)  # right as it is
    real = harness._native.omaha
    monkeypatch.setattr(harness._native, "omaha", lambda hole, board: real(hole, board) + 1)
    with pytest.raises(AssertionError, match="native"):
        harness.run_one(data)


def test_the_harness_lets_an_unexpected_exception_escape(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _valid_omaha_input()

    def broken(hole: object, board: object) -> int:
        raise KeyError("a crash in disguise")

    monkeypatch.setattr(harness._native, "omaha", broken)
    with pytest.raises(KeyError):
        harness.run_one(data)


def test_every_c_entry_point_is_driven_by_the_c_fuzzer() -> None:
    """A new function in csrc/hilo_fast.h must get a driver in fuzz/c_driver.c."""
    header = (FUZZ.parent / "csrc" / "hilo_fast.h").read_text()
    driver = (FUZZ / "c_driver.c").read_text()
    declared = set(re.findall(r"^\w+ (hf_\w+)\(", header, flags=re.M))
    assert len(declared) >= 10
    assert {name for name in declared if f"{name}(" not in driver} == set()


def test_every_backend_call_into_c_is_a_fuzz_target() -> None:
    """Each native backend function that calls the C is fuzzed, directly or
    (the batch, which takes buffers the public function builds) through its
    public function."""
    calling_c = {name for module in harness._native.modules   # every concept's native twin
                 for name, fn in vars(module).items()   # private helpers: via these
                 if inspect.isfunction(fn) and fn.__module__ == module.__name__
                 and "lib.hf_" in inspect.getsource(fn)
                 and not name.startswith("_")}
    through_public = {"omaha_batch": "evaluate_batch", "env_observe": "omaha_hilo_v0"}
    missing = {name for name in calling_c
               if f"backend.{name}" not in harness.TARGETS
               and through_public.get(name) not in harness.TARGETS}
    assert len(calling_c) >= 9
    assert missing == set()
