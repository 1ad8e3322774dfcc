"""What every site reader shares: its counts and error list, the decoding of a
file in any encoding the sites write, and the cutting of a text into hands.

A site module (``history/sites/<site>.py``) gives:

- ``SITE``: the site's name as :attr:`HandHistory.site` holds it (``"winamax"``);
- ``sniff(head: str) -> bool``: True when ``head`` (the first few KB of a file,
  decoded) is a history of this site and format;
- a reader class, a :class:`SiteReader` whose :meth:`SiteReader._hands` yields
  the Omaha Hi/Lo hands, calls :meth:`SiteReader._error` for a hand it cannot
  read (reading goes on) and :meth:`SiteReader._skip` for a hand of another game;
- ``read_<site>(source)``, made by :func:`reader_function`.
"""

from __future__ import annotations

import codecs
import io
import itertools
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import IO, ClassVar, NamedTuple

from ..model import HandHistory, UnreadableHand

MAX_ERRORS = 1000        # errors a reader keeps (error_count counts them all)
MAX_HAND_LINES = 2000    # a "hand" longer than this is not one: memory stays bounded
MAX_LINE = 1 << 16       # characters kept of one line (a 100 MB line is garbage)
SNIFF_BYTES = 8192       # what read_history looks at to tell the site
LEADING_LINES = 200      # lines before the first header after which a file is not a history


class SiteReader(Iterator[HandHistory]):
    """An iterator of the Omaha Hi/Lo hands of one site's history, read lazily.

    While (and after) iterating: ``hands`` counts the hands yielded,
    ``skipped`` the hands of other games (``skipped_games`` by game name),
    ``errors`` lists the unreadable hands (:class:`UnreadableHand`, at most
    ``MAX_ERRORS``; ``error_count`` counts them all).
    """

    site: ClassVar[str] = ""

    def __init__(self, lines: Iterable[str], name: str = "<text>",
                 closing: IO[bytes] | IO[str] | None = None) -> None:
        self.name = name
        self.hands = 0
        self.skipped = 0
        self.skipped_games: Counter[str] = Counter()
        self.errors: list[UnreadableHand] = []
        self.error_count = 0
        self._closing = closing
        self._it = self._guarded(iter(lines))

    def __iter__(self) -> SiteReader:
        return self

    def __next__(self) -> HandHistory:
        return next(self._it)

    def close(self) -> None:
        """Close the file this reader opened (done by itself at the end of the file)."""
        if self._closing is not None:
            self._closing.close()
            self._closing = None

    def _guarded(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        try:
            for hand in self._hands(lines):
                self.hands += 1
                yield hand
        finally:
            self.close()

    def _hands(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        """The hands of ``lines`` (each without its line end); the subclass's work."""
        raise NotImplementedError

    def _error(self, hand_id: str, line: int, reason: str) -> None:
        """Report a hand that cannot be read (``line``: where it starts, 1-based)."""
        self.error_count += 1
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(UnreadableHand(hand_id, line, reason))

    def _skip(self, game: str) -> None:
        """Count a hand of another game (not an error)."""
        self.skipped += 1
        self.skipped_games[game] += 1


class Block(NamedTuple):
    """The lines of one hand: ``start`` is the 1-based line of its first line;
    ``lines`` have no line ends; ``cut`` is True when the hand had more than
    MAX_HAND_LINES lines (only the first ones are kept: report it, do not read it)."""

    start: int
    lines: list[str]
    cut: bool


def blocks(lines: Iterable[str], is_header: Callable[[str], bool],
           prefixes: tuple[str, ...] | None = None) -> Iterator[Block]:
    """Cut ``lines`` into hands: each block starts at a line for which
    ``is_header(line)`` is true (lines are given stripped of spaces and BOMs) and
    runs to the next. Blank lines are dropped. Text before the first header comes
    as a first block whose first line is not a header (the reader reports it);
    when it reaches LEADING_LINES lines it comes at once, ``cut`` (a file of
    garbage is refused without reading it all). ``prefixes``: when given, only a
    line starting with one of them can be a header (is_header is asked about
    those only: a reader's fast path).

    (Read a batch of lines at a time: once the first hand has begun, a batch
    with no BOM and no line too long is cut with str.find and list operations,
    not a Python step per line; any other batch line by line. Both cut alike.)"""
    block: list[str] = []
    start, cut, started = 0, False, False
    heads = ("",) if prefixes is None else prefixes   # (every line starts with "")
    it = iter(lines)
    number = 0   # lines before the batch
    while batch := list(itertools.islice(it, _BATCH)):
        stripped = list(map(str.strip, batch))
        text = "\n" + "\n".join(stripped)   # (each line after a "\n")
        if started and "\ufeff" not in text and text.count("\n") == len(stripped) \
                and max(map(len, stripped)) <= MAX_LINE:
            at = 0
            for k in _starting(text, heads):
                if stripped[k] and is_header(stripped[k]):
                    block.extend(filter(None, stripped[at:k]))
                    if len(block) > MAX_HAND_LINES:
                        del block[MAX_HAND_LINES:]
                        cut = True
                    yield Block(start, block, cut)
                    block, start, cut, at = [stripped[k]], number + k + 1, False, k + 1
            block.extend(filter(None, stripped[at:]))
            if len(block) > MAX_HAND_LINES:
                del block[MAX_HAND_LINES:]
                cut = True
            number += len(batch)
            continue
        for line in stripped:
            number += 1
            if not line:
                continue
            if line[0] == "\ufeff" or len(line) > MAX_LINE:   # (rare: a BOM, a line too long)
                line = line.lstrip("\ufeff").strip()[:MAX_LINE]
                if not line:
                    continue
            if line.startswith(heads) and is_header(line):
                if block:
                    yield Block(start, block, cut)
                block, start, cut, started = [line], number, False, True
            elif started:
                if len(block) < MAX_HAND_LINES:
                    block.append(line)
                else:
                    cut = True
            else:   # text before the first header
                if not block:
                    start = number
                block.append(line)
                if len(block) >= LEADING_LINES:
                    yield Block(start, block, True)
                    block = []
    if block:
        yield Block(start, block, cut)


_BATCH = 2048   # lines cut at a time


def _starting(text: str, heads: tuple[str, ...]) -> list[int]:
    """The indexes of the lines of ``text`` (each line after a "\\n") that start
    with one of ``heads``, in order (found by str.find, not a step per line)."""
    places: set[int] = set()
    for head in heads:
        at = text.find("\n" + head)
        while at >= 0:
            places.add(at)
            at = text.find("\n" + head, at + 1)
    found, line, seen = [], -1, 0
    for at in sorted(places):
        line += text.count("\n", seen, at + 1)
        seen = at + 1
        found.append(line)
    return found


# ---- decoding: UTF-8 (with or without BOM), UTF-16 (with or without BOM), cp1252 ----

def _utf16_without_bom(head: bytes) -> str | None:
    """"utf-16-le"/"utf-16-be" when ``head`` looks like UTF-16 text with no BOM
    (ASCII text in UTF-16 has a zero byte in every other place), else None."""
    if len(head) < 4:
        return None
    even, odd = head[0:64:2], head[1:64:2]
    if odd.count(0) > len(odd) * 3 // 4 and even.count(0) == 0:
        return "utf-16-le"
    if even.count(0) > len(even) * 3 // 4 and odd.count(0) == 0:
        return "utf-16-be"
    return None


def _lines_of_binary(binary: IO[bytes]) -> Iterator[str]:
    """The lines of a binary file, decoded: by its BOM, else as UTF-16 when it looks
    like it, else line by line as UTF-8 falling back to cp1252 for a line that is not
    UTF-8 (old sites wrote cp1252; a file may mix both). Line ends are dropped.
    (Made a chunk's lines at a time, handed out one by one by itertools' chain: no
    Python frame per line.)"""
    return itertools.chain.from_iterable(_line_lists_of_binary(binary))


def _line_lists_of_binary(binary: IO[bytes]) -> Iterator[list[str]]:
    head = binary.read(128)
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        yield from _decoded_chunks(head, binary, "utf-16")
        return
    encoding = _utf16_without_bom(head)
    if encoding is not None:
        yield from _decoded_chunks(head, binary, encoding)
        return
    yield from _utf8_lines(head.removeprefix(codecs.BOM_UTF8), binary)


_CHUNK = 1 << 16   # bytes read at a time


def _utf8_lines(first: bytes, binary: IO[bytes]) -> Iterator[list[str]]:
    """The lines of ``first`` and the rest of ``binary``, a list per chunk read, each
    decoded as UTF-8 (a line that is not: cp1252). A line longer than MAX_LINE bytes
    keeps its start only (the rest is skipped unread into memory)."""
    pending, skipping = first, False
    while True:
        chunk = binary.read(_CHUNK)
        if skipping:
            at = chunk.find(b"\n")
            if at < 0:
                if chunk:
                    continue
            else:
                chunk, skipping = chunk[at:], False
        if not chunk:
            parts = pending.split(b"\n")
            if not parts[-1]:
                parts.pop()
            yield _decoded_lines(parts)
            return
        parts = (pending + chunk).split(b"\n")
        pending = parts.pop()
        if len(pending) > MAX_LINE:
            pending, skipping = pending[:MAX_LINE], True
        yield _decoded_lines(parts)


def _decoded_lines(parts: list[bytes]) -> list[str]:
    """Lines (bytes, no "\\n") decoded: UTF-8, a line that is not UTF-8 as cp1252; a
    trailing "\\r" dropped and a lone "\\r" ending a line, as universal newlines would."""
    try:
        text = b"\n".join(parts).decode("utf-8")
    except UnicodeDecodeError:
        text = "\n".join([_decoded_line(raw) for raw in parts])
    if "\r" in text:   # (each line's trailing ones dropped, any other one ends a line)
        text = _TRAILING_CR.sub("", text).replace("\r", "\n")
    return text.split("\n")


_TRAILING_CR = re.compile(r"\r+(?=\n)|\r+\Z")


def _decoded_line(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _decoded_chunks(head: bytes, binary: IO[bytes], encoding: str) -> Iterator[list[str]]:
    """The lines of ``head`` and the rest of ``binary`` in ``encoding``, a list per
    chunk decoded (a line longer than a chunk is carried over, cut at MAX_LINE)."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    pending, data = "", head
    while True:
        text = pending + decoder.decode(data, final=not data)
        lines = text.splitlines()
        pending = lines.pop() if lines and data and not text.endswith(("\n", "\r")) else ""
        yield lines
        pending = pending[:MAX_LINE]
        if not data:
            return
        data = binary.read(1 << 16)


def open_source(source: str | os.PathLike[str] | IO[str] | IO[bytes]
                ) -> tuple[Iterator[str], str, IO[bytes] | None]:
    """The decoded lines of ``source`` (a path, or an open text or binary file),
    its name for messages, and the file to close when this opened it."""
    if isinstance(source, (str, os.PathLike)):
        binary = open(source, "rb")  # noqa: SIM115 (closed by the reader)
        return _lines_of_binary(binary), os.fspath(source), binary
    if isinstance(source, (bytes, bytearray)) or not hasattr(source, "read"):
        raise TypeError(f"source must be a path or an open file, got {type(source).__name__}")
    name = getattr(source, "name", "<file>")
    name = name if isinstance(name, str) else "<file>"
    if isinstance(source, io.TextIOBase):
        return (line.rstrip("\r\n") for line in source), name, None
    return _lines_of_binary(source), name, None   # type: ignore[arg-type]


def reader_function(reader: type[SiteReader]) -> Callable[..., SiteReader]:
    """``read_<site>(source)`` for a reader class: a path or an open file, text
    or binary, decoded as :func:`open_source` decodes it."""
    def read(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> SiteReader:
        lines, name, closing = open_source(source)
        return reader(lines, name, closing)
    read.__doc__ = (f"The Omaha Hi/Lo hands of a {reader.site} hand history (a path or "
                    "an open file), one at a time, as a reader with counts and errors.")
    return read
