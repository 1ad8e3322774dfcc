"""Every fixture of the six readers, mutated at random (lines dropped, doubled,
swapped, cut, characters changed): never an exception, only hands (which
replay, exactly or with discrepancies) and unreadable hands."""

from __future__ import annotations

import codecs
import glob
import os
import random

import pytest

from hilo_fast.history.sites import SITES

from ._mutations import mutate

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
OURS = ("ipoker", "merge", "boss", "microgaming", "fulltilt", "kingsclub")
NOISE = "<>&\"'0123456789$.,/ Xx#[]:"


@pytest.mark.parametrize("site", OURS)
def test_mutated_fixtures_never_raise(site: str) -> None:
    module = __import__(f"hilo_fast.history.sites.{SITES[site]}", fromlist=["_"])
    reader_class = next(v for v in vars(module).values() if isinstance(v, type)
                        and v.__name__.endswith("Reader") and v.__module__ == module.__name__)
    rng = random.Random(site)
    for path in sorted(glob.glob(os.path.join(DATA, site, "*"))):
        with open(path, "rb") as stream:
            raw = stream.read()
        text = raw.decode("utf-16") if raw[:2] == codecs.BOM_UTF16_LE else \
            raw.decode("utf-8-sig", errors="replace")
        lines = text.splitlines()
        for _ in range(60):
            reader = reader_class(mutate(lines, rng, NOISE, inserts=False), "mutated")
            for hand in reader:
                hand.replay()
            assert reader.hands + reader.error_count + reader.skipped >= 0
