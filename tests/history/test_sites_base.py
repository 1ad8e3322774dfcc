"""The site readers' shared base: decoding in every encoding the sites write,
cutting a text into hands, bounded memory on an endless hand."""

from __future__ import annotations

import codecs
import io
import random
from collections.abc import Callable, Iterator

import pytest

from hilo_fast.history.model import HandHistory
from hilo_fast.history.sites._base import (
    LEADING_LINES,
    MAX_HAND_LINES,
    MAX_LINE,
    Block,
    SiteReader,
    blocks,
    open_source,
    reader_function,
)

TEXT = ("Hand #1 \u2013 Omaha H/L\nSeat 1: Zo\u00eb (\u20ac1.00)\n\n"
        "Hand #2 \u2013 Omaha H/L\nSeat 2: B\n")


@pytest.mark.parametrize("encode", [
    lambda t: t.encode("utf-8"),
    lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
    lambda t: t.encode("utf-16"),                    # with its BOM
    lambda t: t.encode("utf-16-le"),                 # no BOM
    lambda t: t.encode("utf-16-be"),
    lambda t: t.replace("\n", "\r\n").encode("utf-8"),
    lambda t: t.replace("\n", "\r").encode("utf-8"),
], ids=["utf8", "utf8-bom", "utf16", "utf16le", "utf16be", "crlf", "cr"])
def test_every_encoding_gives_the_same_lines(encode: object) -> None:
    lines, _, _ = open_source(io.BytesIO(encode(TEXT)))  # type: ignore[operator]
    assert list(lines) == TEXT.split("\n")[:-1]


def test_a_cp1252_line_among_utf8_lines_is_read_as_cp1252() -> None:
    data = "Seat 1: Zoë\n".encode() + "Seat 2: Jérôme €5\n".encode("cp1252")
    lines, _, _ = open_source(io.BytesIO(data))
    assert list(lines) == ["Seat 1: Zoë", "Seat 2: Jérôme €5"]


def test_blocks_cut_at_headers_and_report_leading_text() -> None:
    text = ["junk", "", "H 1", "a", "b", "  ", "H 2", "c"]
    got = list(blocks(text, lambda line: line.startswith("H ")))
    assert got == [(1, ["junk"], False), (3, ["H 1", "a", "b"], False), (7, ["H 2", "c"], False)]


def test_an_endless_hand_is_cut_not_kept() -> None:
    def endless() -> Iterator[str]:
        yield "H 1"
        for _ in range(MAX_HAND_LINES * 3):
            yield "x"
        yield "H 2"
    first, second = blocks(endless(), lambda line: line.startswith("H "))
    assert first.cut and len(first.lines) == MAX_HAND_LINES
    assert second == (MAX_HAND_LINES * 3 + 2, ["H 2"], False)


class _Counting(SiteReader):
    site = "test"

    def _hands(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        for block in blocks(lines, lambda line: line.startswith("Hand #")):
            if "2" in block.lines[0]:
                self._error("2", block.start, "no seats")
            else:
                self._skip("Stud")
        return iter(())


def test_a_reader_counts_errors_and_skips_and_closes_its_file(tmp_path: object) -> None:
    path = tmp_path / "h.txt"  # type: ignore[operator]
    path.write_text(TEXT, encoding="utf-16")
    reader = reader_function(_Counting)(path)
    assert list(reader) == []
    assert (reader.skipped, dict(reader.skipped_games), reader.error_count) == (1, {"Stud": 1}, 1)
    assert str(reader.errors[0]) == "hand #2 at line 4: no seats"
    assert reader._closing is None


def test_a_source_of_the_wrong_type_is_named() -> None:
    with pytest.raises(TypeError, match="bytes"):
        open_source(b"Hand #1")  # type: ignore[arg-type]


def _lines_one_by_one(parts: list[bytes]) -> list[str]:
    """The decoding rule, line by line: UTF-8, else cp1252; trailing CRs dropped,
    any other CR ending a line (universal newlines)."""
    found: list[str] = []
    for raw in parts:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("cp1252", errors="replace")
        found.extend(line.rstrip("\r").split("\r"))
    return found or [""]


def test_decoding_a_chunk_at_once_is_decoding_it_line_by_line() -> None:
    from hilo_fast.history.sites._base import _decoded_lines
    rng = random.Random(11)
    alphabet = [b"a", b"Z", b" ", b"\r", b"\r", b"\xe9", b"\xc3\xa9", b"\x81", b"\xff", b"\t"]
    for _ in range(5000):
        parts = [b"".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
                 for _ in range(rng.randint(0, 5))]
        assert _decoded_lines(parts) == _lines_one_by_one(parts), parts


def test_blocks_with_and_without_prefixes_agree() -> None:
    """The prefix fast path is only a filter: the same blocks as asking is_header
    of every line, over random lines with blanks, BOMs, overlong and leading text."""
    rng = random.Random(12)
    words = ["Hand #1", "Hand #2 x", "Hand", "  Hand #3", "\ufeffHand #4", "x", "",
             "   ", "\ufeff", "y" * 1200, "Hand #" + "z" * 1100]

    def is_header(line: str) -> bool:
        return line.startswith("Hand #")

    for _ in range(2000):
        lines = [rng.choice(words) for _ in range(rng.randint(0, 30))]
        assert list(blocks(lines, is_header, ("Hand",))) == list(blocks(lines, is_header))


def _blocks_line_by_line(lines: list[str], is_header: Callable[[str], bool]) -> list[Block]:
    """The rule of blocks() written plainly, a line at a time (its reference)."""
    out: list[Block] = []
    block: list[str] = []
    start, cut, started = 0, False, False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if line[:1] == "\ufeff" or len(line) > MAX_LINE:
            line = line.lstrip("\ufeff").strip()[:MAX_LINE]
        if not line:
            continue
        if is_header(line):
            if block:
                out.append(Block(start, block, cut))
            block, start, cut, started = [line], number, False, True
        elif started:
            if len(block) < MAX_HAND_LINES:
                block.append(line)
            else:
                cut = True
        else:
            if not block:
                start = number
            block.append(line)
            if len(block) >= LEADING_LINES:
                out.append(Block(start, block, True))
                block = []
    if block:
        out.append(Block(start, block, cut))
    return out


def test_blocks_in_batches_cut_as_line_by_line() -> None:
    """blocks() cuts a batch of lines at once once a hand has begun: the same blocks,
    starts and cut flags as the plain rule, over texts longer than a batch, with
    hands longer than MAX_HAND_LINES, BOMs and overlong lines in some batches."""
    rng = random.Random(13)
    words = ["Hand #1", "Hand #2 x", "Hand", "x y", "", "   ", "\ufeffHand #4", "\ufeff",
             "y" * 1200, "Hand #" + "z" * 1100, " Hand #5 "]

    def is_header(line: str) -> bool:
        return line.startswith("Hand #")

    for trial in range(40):
        odd = trial % 4 == 0   # (BOMs and long lines in only some texts)
        pool = words if odd else words[:6] + words[10:]
        weights = [1 if w.startswith(("Hand #", " Hand")) else 30 for w in pool]
        n = rng.choice([10, 500, 2047, 2048, 2049, 5000, 9000])
        lines = rng.choices(pool, weights, k=n)
        if trial % 5 == 1:   # a hand longer than MAX_HAND_LINES, across batches
            lines[n // 3:n // 3] = ["Hand #9"] + ["line"] * (MAX_HAND_LINES + 50)
        for prefixes in (("Hand",), None):
            assert list(blocks(lines, is_header, prefixes)) == \
                _blocks_line_by_line(lines, is_header), (trial, prefixes)


def test_blocks_of_lines_holding_a_newline() -> None:
    """A line given with a "\\n" inside (a caller's own iterable) is cut line by line."""
    lines = ["Hand #1", "a\nHand #2", "b"] * 1500
    assert list(blocks(lines, lambda line: line.startswith("Hand #"), ("Hand",))) == \
        _blocks_line_by_line(lines, lambda line: line.startswith("Hand #"))
