"""Every text site reader on bad input: a hand cut short, a garbage line, another
site's file, a file of garbage (one line or many, memory flat): a per-hand error
while reading goes on, or a ValueError naming the file; never a traceback."""

from __future__ import annotations

import importlib
import re
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
# site -> (module, reader function, a fixture file of several hands, its hands read)
SITES = {
    "winamax": ("winamax", "read_winamax", "cash.txt", 2),
    "winning-acr": ("winning_acr", "read_winning_acr", "hands.txt", 4),
    "888pacific": ("pacific888", "read_pacific888", "hands.txt", 2),
    "partypoker": ("partypoker", "read_partypoker", "classic.txt", 2),
    "bovada": ("bovada", "read_bovada", "cash.txt", 2),
}


def _reader(site: str) -> Any:
    module, function, _, _ = SITES[site]
    return getattr(importlib.import_module(f"hilo_fast.history.sites.{module}"), function)


def _fixture(site: str) -> Path:
    return DATA / site / SITES[site][2]


@pytest.mark.parametrize("site", SITES)
def test_a_hand_cut_short_is_one_error_and_the_rest_is_read(site: str, tmp_path: Path) -> None:
    lines = _fixture(site).read_text(encoding="utf-8").splitlines()
    # the first hand without its last lines (its payouts or summary), then the whole file
    first = [line for line in lines[:12] if line.strip()]
    path = tmp_path / "cut.txt"
    path.write_text("\n".join([*first, "", *lines]) + "\n", encoding="utf-8")
    reader = _reader(site)(path)
    hands = list(reader)
    assert len(hands) == SITES[site][3]
    assert reader.error_count == 1 and reader.errors[0].line <= 2, reader.errors   # (its header)


@pytest.mark.parametrize("site", SITES)
def test_a_garbage_line_in_a_hand_is_that_hand_s_error(site: str, tmp_path: Path) -> None:
    lines = _fixture(site).read_text(encoding="utf-8").splitlines()
    lines.insert(8, "#@! this line is no part of any hand history !@#")
    path = tmp_path / "garbage.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    reader = _reader(site)(path)
    hands = list(reader)
    assert len(hands) == SITES[site][3] - 1
    assert reader.error_count == 1 and "not understood" in reader.errors[0].reason


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("other", SITES)
def test_another_site_s_file_is_a_value_error_naming_it(site: str, other: str) -> None:
    if site == other:
        return
    with pytest.raises(ValueError, match=re.escape(f"{SITES[other][2]} is not a {site} hand")):
        list(_reader(site)(_fixture(other)))


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("shape", ["lines", "one line"])
def test_megabytes_of_garbage_keep_memory_flat(site: str, shape: str, tmp_path: Path) -> None:
    path = tmp_path / "garbage.bin"
    size = 6 << 20
    with open(path, "wb") as out:
        chunk = (b"x" * 99 + b"\n") * 10_000 if shape == "lines" else b"y" * 1_000_000
        for _ in range(size // len(chunk)):
            out.write(chunk)
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=r"garbage\.bin is not a"):
            list(_reader(site)(path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 << 20, peak   # (the file is 6 MB: it was never held whole)
