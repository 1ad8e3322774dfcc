"""Every constant C and Python share is declared once, in csrc/hilo_fast.h.

The header is parsed here (so this runs with the pure backend forced too) and
the pure backend's copies, the public enums and, when it is built, the native
backend's values read through cffi's ``lib`` must equal it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import ModuleType

import pytest

from hilo_fast._backends import PURE as _pybackend
from hilo_fast.engine import Action, Street
from hilo_fast.engine.structures import Limit

_HEADER_PATH = Path(__file__).resolve().parents[2] / "csrc" / "hilo_fast.h"
if not _HEADER_PATH.exists():  # the suite run against an installed wheel, from a copy of tests/
    pytest.skip("csrc/hilo_fast.h is not beside the tests", allow_module_level=True)
HEADER = _HEADER_PATH.read_text()
_CODE = re.sub(r"/\*.*?\*/", " ", HEADER, flags=re.S)


def _enums() -> dict[str, int]:
    found: dict[str, int] = {}
    for body in re.findall(r"enum\s*\{(.*?)\}", _CODE, flags=re.S):
        for name, value in re.findall(r"(HF_\w+)\s*=\s*(-?\d+)", body):
            found[name] = int(value)
    return found


ENUMS = _enums()

# header name -> the pure backend's name for it
PAIRS = {
    "HF_ERR_CARD": "ERR_CARD", "HF_ERR_DUPLICATE": "ERR_DUPLICATE", "HF_ERR_COUNT": "ERR_COUNT",
    "HF_ERR_TOO_MANY_CHIPS": "ERR_TOO_MANY_CHIPS",
    "HF_ERR_CHIPS_NOT_CONSERVED": "ERR_CHIPS_NOT_CONSERVED", "HF_ERR_ILLEGAL": "ERR_ILLEGAL",
    "HF_NO_AMOUNT": "NO_AMOUNT",
    "HF_FIXED": "LIMIT_FIXED", "HF_POT": "LIMIT_POT", "HF_NO": "LIMIT_NO",
    "HF_FOLD": "FOLD", "HF_CHECK": "CHECK", "HF_CALL": "CALL", "HF_BET": "BET",
    "HF_RAISE": "RAISE",
    "HF_PREFLOP": "PREFLOP", "HF_FLOP": "FLOP", "HF_TURN": "TURN", "HF_RIVER": "RIVER",
    "HF_OVER": "OVER",
    "HF_OUT": "SEAT_OUT", "HF_FOLDED": "SEAT_FOLDED", "HF_ACTIVE": "SEAT_ACTIVE",
    "HF_ALL_IN": "SEAT_ALL_IN",
    "HF_BOT_RANDOM": "BOT_RANDOM", "HF_BOT_CALL": "BOT_CALL", "HF_BOT_POT": "BOT_POT",
    "HF_EQUITY_POT": "EQUITY_POT", "HF_EQUITY_MAX_PLAYERS": "EQUITY_MAX_PLAYERS",
    "HF_EQUITY_MAX_COUNT": "EQUITY_MAX_COUNT",
    "HF_ERR_RANGE_CLASH": "ERR_RANGE_CLASH", "HF_RANGE_MAX_REJECTS": "RANGE_MAX_REJECTS",
    "HF_BOARDS_POT": "BOARDS_POT", "HF_BOARDS_MAX": "BOARDS_MAX",
    "HF_OBS_SIZE": "OBS_SIZE", "HF_ENV_ACTIONS": "ENV_ACTIONS",
    "HF_ENV_FIXED_ACTIONS": "ENV_FIXED_ACTIONS", "HF_MAX_RUNS": "MAX_RUNS",
    "HF_RVR_FIELDS": "RVR_FIELDS",
}
# The observation fields' offsets (HF_OBS_<FIELD>), by field name.
OBS_FIELDS = {name[len("HF_OBS_"):].lower(): value for name, value in ENUMS.items()
              if name.startswith("HF_OBS_") and name != "HF_OBS_SIZE"}


def test_every_header_constant_has_a_pure_twin() -> None:
    # HF_MAX_CHIPS_BITS is an exponent, checked below as MAX_CHIPS.
    fields = {f"HF_OBS_{name.upper()}" for name in OBS_FIELDS}
    assert set(ENUMS) - {"HF_MAX_CHIPS_BITS"} - fields == set(PAIRS)


def test_observation_layout_equals_header() -> None:
    # Both backends' layout (the environments read theirs) is the header's,
    # fields in order, each ending where the next starts, the last at OBS_SIZE.
    assert _pybackend.OBS_OFFSETS == OBS_FIELDS
    assert list(OBS_FIELDS.values()) == sorted(OBS_FIELDS.values())
    assert max(OBS_FIELDS.values()) < ENUMS["HF_OBS_SIZE"]


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_pure_backend_equals_header(name: str) -> None:
    assert getattr(_pybackend, PAIRS[name]) == ENUMS[name]


def test_the_python_hand_uses_the_header_codes() -> None:
    from hilo_fast.engine import _py_hand as _pyhand

    for name, value in (("FIXED", "HF_FIXED"), ("POT", "HF_POT"), ("FOLD", "HF_FOLD"),
                        ("CHECK", "HF_CHECK"), ("CALL", "HF_CALL"), ("BET", "HF_BET"),
                        ("RAISE", "HF_RAISE"), ("PREFLOP", "HF_PREFLOP"), ("TURN", "HF_TURN"),
                        ("OVER", "HF_OVER"), ("OUT", "HF_OUT"), ("FOLDED", "HF_FOLDED"),
                        ("ACTIVE", "HF_ACTIVE"), ("ALL_IN", "HF_ALL_IN"),
                        ("NO_AMOUNT", "HF_NO_AMOUNT"), ("ERR_ILLEGAL", "HF_ERR_ILLEGAL")):
        assert getattr(_pyhand, name) == ENUMS[value], name


def test_chip_bound_and_tally_layout() -> None:
    assert _pybackend.MAX_CHIPS == 2 ** ENUMS["HF_MAX_CHIPS_BITS"] == 2**52
    struct = re.search(r"typedef struct \{(.*?)\} hf_equity_tally;", _CODE, flags=re.S)
    assert struct is not None
    fields = re.findall(r"int64_t\s+(\w+)", struct.group(1))
    assert fields[:2] == ["deals", "no_low"]
    assert tuple(fields[2:]) == _pybackend.EQUITY_TALLY_FIELDS


def test_error_codes_are_contiguous() -> None:
    codes = sorted(v for k, v in ENUMS.items() if k.startswith("HF_ERR_"))
    assert codes == list(range(-len(codes), 0))


def test_public_enums_equal_header() -> None:
    for enum, prefix in ((Action, "HF_"), (Street, "HF_"), (Limit, "HF_")):
        for member in enum:
            assert member.value == ENUMS[prefix + member.name], member


def test_native_backend_reads_the_header(native: ModuleType) -> None:
    from hilo_fast._native._core import lib

    for name, value in ENUMS.items():
        assert getattr(lib, name) == value, name
    for name, pure_name in PAIRS.items():
        assert getattr(native, pure_name) == ENUMS[name], name
    assert native.MAX_CHIPS == _pybackend.MAX_CHIPS
    assert native.EQUITY_TALLY_FIELDS == _pybackend.EQUITY_TALLY_FIELDS
    assert native.OBS_OFFSETS == OBS_FIELDS


def test_splitmix64_reference_values(backend: ModuleType) -> None:
    # The reference splitmix64 (Vigna's C code, state 0) starts with these
    # outputs; output k of stream `seed` is the (k+1)-th call after seeding.
    assert backend.splitmix64(0, 0) == 0xE220A8397B1DCDAF
    assert backend.splitmix64(0, 1) == 0x6E789E6AA1B965F4
    assert backend.splitmix64(0, 2) == 0x06C45D188009454F


def test_splitmix64_native_equals_pure(native: ModuleType) -> None:
    rng = random.Random(15)
    for _ in range(2000):
        seed, index = rng.getrandbits(64), rng.choice([0, 1, rng.getrandbits(20),
                                                       rng.getrandbits(64)])
        assert native.splitmix64(seed, index) == _pybackend.splitmix64(seed, index)
