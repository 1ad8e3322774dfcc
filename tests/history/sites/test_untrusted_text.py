"""The Full Tilt and KingsClub readers on bad input: another site's file,
garbage, megabytes of junk (memory flat), a hand longer than any hand."""

from __future__ import annotations

import random
import tracemalloc
from collections.abc import Callable, Iterator

import pytest

from hilo_fast.history.sites._base import MAX_HAND_LINES, SiteReader
from hilo_fast.history.sites.fulltilt import FullTiltReader, parse_fulltilt
from hilo_fast.history.sites.kingsclub import KingsClubReader, parse_kingsclub

READERS: dict[str, tuple[Callable[[str], SiteReader], type[SiteReader], str]] = {
    "fulltilt": (parse_fulltilt, FullTiltReader,
                 "Full Tilt Poker Game #9: Table T - PL Omaha H/L - $1/$2 - 1:02:03 ET - "
                 "2014/01/05"),
    "kingsclub": (parse_kingsclub, KingsClubReader, "#9: Pot Limit Omaha Hi-Lo - 1/2"),
}


@pytest.mark.parametrize("site", READERS)
def test_another_sites_file_and_garbage_are_a_value_error(site: str) -> None:
    # (both read through TextReader: a file with no header of theirs is no history of theirs)
    _, reader_class, _ = READERS[site]
    for text in ("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)\nSeat 1: a\n",
                 '<session sessioncode="1"><game gamecode="1"/></session>\n',
                 "\x00\x01 garbage \ufffd\n" * 3):
        reader = reader_class(text.splitlines(), "other.txt")
        with pytest.raises(ValueError, match=f"other.txt is not a {site} hand history"):
            list(reader)
        assert reader.hands == 0


@pytest.mark.parametrize("site", READERS)
def test_garbage_before_the_first_hand_is_one_error(site: str) -> None:
    parse, _, header = READERS[site]
    reader = parse("\x00\x01 garbage \ufffd\n" + header + "\nSeat 1: \x00\x01\n")
    assert list(reader) == []
    assert [(e.hand_id, e.line) for e in reader.errors] == [("", 1), ("9", 2)]
    assert "not a hand" in reader.errors[0].reason


@pytest.mark.parametrize("site", READERS)
def test_a_header_followed_by_garbage_is_an_unreadable_hand(site: str) -> None:
    parse, _, header = READERS[site]
    reader = parse(header + "\nSeat 1: \x00\x01\nwhat is this\n")
    assert list(reader) == [] and [e.hand_id for e in reader.errors] == ["9"]


def _junk(megabytes: int, header: str | None) -> Iterator[str]:
    rng = random.Random(3)
    line = "".join(rng.choice("abc <>&;/=\"'xyz012 ]!?-#:") for _ in range(99))
    if header is not None:
        yield header
    for k in range(megabytes * 10_000):
        yield line[k % 50:] + line[:k % 50]


@pytest.mark.parametrize("site", READERS)
@pytest.mark.parametrize("endless_hand", [False, True])
def test_megabytes_of_junk_keep_memory_flat(site: str, endless_hand: bool) -> None:
    _, reader_class, header = READERS[site]
    tracemalloc.start()
    try:
        reader = reader_class(_junk(4, header if endless_hand else None), "junk")
        if endless_hand:
            assert list(reader) == []
        else:   # (refused after LEADING_LINES lines with no header, the rest never read)
            with pytest.raises(ValueError, match=f"junk is not a {site} hand history"):
                list(reader)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3_000_000   # at most a hand's lines (MAX_HAND_LINES of 100 characters)
    assert MAX_HAND_LINES == 2000 and len(reader.errors) == endless_hand
