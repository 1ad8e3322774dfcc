"""Read any site's hand histories: :func:`read_history` tells each file's site
from its content and reads it with that site's reader.

``read_history(source)`` takes a path, an open file (text or binary), a
directory (read recursively, files in sorted order) or a list of these, and
returns a :class:`HistoryReader`: one iterator of every Omaha Hi/Lo
:class:`~hilo_fast.history.model.HandHistory` of every file, in order, with
each file's counts (:class:`FileCounts`: site, hands, skipped, errors) and the
totals. The site of a file is the first of :data:`~hilo_fast.history.sites.SITES`
whose ``sniff`` recognises the first :data:`~hilo_fast.history.sites._base.SNIFF_BYTES`
of it, decoded (UTF-8, UTF-8 with BOM, UTF-16, cp1252); site modules are imported
only when a file is sniffed.

A file no site recognises, or that cannot be opened, is a ``ValueError``
(an ``OSError``) naming it when it is the one source given; among several
(a directory, a list) it is recorded in its :class:`FileCounts` (``failure``)
and in :attr:`HistoryReader.failures`, and reading goes on with the others.
"""

from __future__ import annotations

import codecs
import importlib
import io
import itertools
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import IO, Any

from .model import HandHistory, UnreadableHand
from .sites import SITES
from .sites._base import SNIFF_BYTES, _lines_of_binary, _utf16_without_bom

__all__ = ["FileCounts", "HistoryReader", "history_files", "read_history", "site_of"]

Source = str | os.PathLike[str] | IO[str] | IO[bytes]


@dataclass
class FileCounts:
    """What reading one file gave: its ``site`` (``""`` until known, or when no
    site recognised it), the Omaha Hi/Lo ``hands`` yielded, hands of other
    games ``skipped`` (``skipped_games``: by game), the unreadable hands
    (``errors``, as the site reader keeps them; ``error_count`` counts all), and
    ``failure``: why the file as a whole could not be read (None when it was)."""

    name: str
    site: str = ""
    hands: int = 0
    skipped: int = 0
    skipped_games: dict[str, int] = field(default_factory=dict)
    errors: list[UnreadableHand] = field(default_factory=list)
    error_count: int = 0
    failure: str | None = None


_MODULES: dict[str, ModuleType] = {}


def _module(site: str) -> ModuleType:
    found = _MODULES.get(site)
    if found is None:
        found = _MODULES[site] = importlib.import_module(f".sites.{SITES[site]}", __package__)
    return found


def site_of(head: str) -> str | None:
    """The site whose format ``head`` (the start of a decoded file) is, or None."""
    for site in SITES:
        if _module(site).sniff(head):
            return site
    return None


def _reader_class(module: ModuleType) -> Any:
    """The site module's reader class (``READER`` if it names one, else its one
    ``...Reader`` class)."""
    named = getattr(module, "READER", None)
    if named is not None:
        return named
    for value in vars(module).values():
        if isinstance(value, type) and value.__name__.endswith("Reader") and \
                value.__module__ == module.__name__:
            return value
    raise LookupError(f"{module.__name__} has no reader class")


def _decode_head(head: bytes) -> tuple[str, bool]:
    """``head`` decoded for sniffing, and whether the file is UTF-8 (or ASCII)."""
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return head.decode("utf-16", errors="replace"), False
    encoding = _utf16_without_bom(head)
    if encoding is not None:
        return head.decode(encoding, errors="replace"), False
    head = head.removeprefix(codecs.BOM_UTF8)
    try:
        return head.decode("utf-8"), True
    except UnicodeDecodeError as exc:
        if exc.start >= len(head) - 3:   # a character cut by the end of the head
            return head[:exc.start].decode("utf-8", errors="replace"), True
        return head.decode("cp1252", errors="replace"), False


class _Prefixed:
    """A binary file whose first bytes were already read (``head``): reads them
    again, then the rest of ``rest`` (what _lines_of_binary needs of a file)."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self._head, self._rest = io.BytesIO(head), rest

    def read(self, size: int = -1) -> bytes:
        data = self._head.read(size)
        if size < 0:
            return data + self._rest.read()
        if len(data) < size:
            data += self._rest.read(size - len(data))
        return data

    def readline(self, size: int = -1) -> bytes:
        line = self._head.readline(size)
        if line.endswith(b"\n") or self._head.tell() < len(self._head.getbuffer()) or \
                0 <= size <= len(line):
            return line
        return line + self._rest.readline(size - len(line) if size >= 0 else -1)

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")


def _expand(source: Any, out: list[Any]) -> None:
    """The files of ``source``, in order: a directory's recursively, sorted."""
    if isinstance(source, (str, os.PathLike)) and os.path.isdir(source):
        for root, dirs, files in os.walk(os.fspath(source)):
            dirs.sort()
            out.extend(os.path.join(root, name) for name in sorted(files)
                       if not name.startswith("."))
    elif isinstance(source, (list, tuple)):
        for item in source:
            _expand(item, out)
    elif isinstance(source, (str, os.PathLike)) or hasattr(source, "read"):
        out.append(source)
    else:
        raise TypeError(f"source must be a path, an open file, a directory or a list of "
                        f"these, got {type(source).__name__}")


class HistoryReader(Iterator[HandHistory]):
    """The Omaha Hi/Lo hands of every file of a source, one at a time (see the
    module doc). ``files``: a :class:`FileCounts` per file opened so far;
    ``current``: the file being read; totals: ``hands``, ``skipped``,
    ``error_count``, ``failures`` (``(name, why)`` of the files not read)."""

    def __init__(self, sources: list[Any], strict: bool) -> None:
        self.sources = sources
        self.files: list[FileCounts] = []
        self.current: FileCounts | None = None
        self._strict = strict
        self._it = itertools.chain.from_iterable(hands for _, hands in self.per_file())

    def __iter__(self) -> HistoryReader:
        return self

    def __next__(self) -> HandHistory:
        return next(self._it)

    @property
    def hands(self) -> int:
        return sum(f.hands for f in self.files)

    @property
    def skipped(self) -> int:
        return sum(f.skipped for f in self.files)

    @property
    def error_count(self) -> int:
        return sum(f.error_count for f in self.files)

    @property
    def errors(self) -> list[UnreadableHand]:
        return [e for f in self.files for e in f.errors]

    @property
    def skipped_games(self) -> dict[str, int]:
        games: dict[str, int] = {}
        for f in self.files:
            for game, count in f.skipped_games.items():
                games[game] = games.get(game, 0) + count
        return games

    @property
    def sites(self) -> list[str]:
        """The sites of the files read so far, each once, in order."""
        return list(dict.fromkeys(f.site for f in self.files if f.site))

    @property
    def failures(self) -> list[tuple[str, str]]:
        return [(f.name, f.failure) for f in self.files if f.failure is not None]

    def by_site(self) -> dict[str, FileCounts]:
        """The counts added up per site (``""``: files no site recognised)."""
        totals: dict[str, FileCounts] = {}
        for f in self.files:
            t = totals.setdefault(f.site, FileCounts(f.site, f.site))
            t.hands += f.hands
            t.skipped += f.skipped
            t.error_count += f.error_count
            t.errors.extend(f.errors)
            for game, count in f.skipped_games.items():
                t.skipped_games[game] = t.skipped_games.get(game, 0) + count
        return totals

    def per_file(self) -> Iterator[tuple[FileCounts, Iterator[HandHistory]]]:
        """Each file's counts with its hands (read them before the next file)."""
        for source in self.sources:
            name = _name(source)
            counts = self.current = FileCounts(name)
            self.files.append(counts)
            yield counts, self._read(source, counts)

    def _read(self, source: Any, counts: FileCounts) -> Iterator[HandHistory]:
        reader = None
        try:
            reader = _open(source, counts)
            for hand in reader:
                counts.hands += 1
                yield hand
        except (OSError, ValueError) as exc:
            if self._strict:
                raise
            counts.failure = (f"{exc.filename or counts.name}: {exc.strerror}"
                              if isinstance(exc, OSError) and exc.strerror else str(exc))
        finally:
            if reader is not None:
                counts.skipped = reader.skipped
                counts.skipped_games = dict(reader.skipped_games)
                counts.errors = reader.errors
                counts.error_count = reader.error_count
                reader.close()


def _name(source: Any) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    name = getattr(source, "name", "<file>")
    return name if isinstance(name, str) else "<file>"


def _open(source: Any, counts: FileCounts) -> Any:
    """The site reader of one file (path or open file), its site told by sniffing."""
    name = counts.name
    binary: Any
    if isinstance(source, (str, os.PathLike)):
        binary = open(source, "rb")  # noqa: SIM115 (closed by the reader)
        opened = True
    elif isinstance(source, io.TextIOBase) or (hasattr(source, "read") and
                                               isinstance(source.read(0), str)):
        head_text = source.read(SNIFF_BYTES)
        head_text += source.readline()
        site = _sniffed(head_text.lstrip("\ufeff"), name, counts)
        rest = (line.rstrip("\r\n") for line in source)
        return _reader_class(_module(site))(itertools.chain(head_text.splitlines(), rest), name)
    else:
        binary, opened = source, False
    try:
        head = binary.read(SNIFF_BYTES)
        head += binary.readline() if not _utf16_without_bom(head) and \
            not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else b""
        text, utf8 = _decode_head(head)
        site = _sniffed(text, name, counts)
        module = _module(site)
        if site == "pokerstars" and utf8 and opened:   # its own fast path on a path
            binary.close()
            return module.read_pokerstars(source)
        if binary.seekable():
            binary.seek(-len(head), io.SEEK_CUR)   # (read from the start again, unwrapped)
            lines = _lines_of_binary(binary)
        else:
            lines = _lines_of_binary(_Prefixed(head, binary))   # type: ignore[arg-type]
        return _reader_class(module)(lines, name, binary if opened else None)
    except BaseException:
        if opened:
            binary.close()
        raise


def _sniffed(head: str, name: str, counts: FileCounts) -> str:
    site = site_of(head)
    if site is None:
        raise ValueError(f"{name}: no site's hand history recognised (sites known: "
                         f"{', '.join(SITES)})")
    counts.site = site
    return site


def history_files(source: Source | Iterable[Source]) -> list[Any]:
    """The files :func:`read_history` reads for ``source``, in order (a directory's
    files recursively, sorted, hidden ones left out)."""
    files: list[Any] = []
    _expand(source, files)
    return files


def read_history(source: Source | Iterable[Source]) -> HistoryReader:
    """Every Omaha Hi/Lo hand of ``source`` (a path, an open file, a directory or
    a list of these), whatever the site; see the module doc."""
    files: list[Any] = []
    _expand(source, files)
    strict = not isinstance(source, (list, tuple)) and not (
        isinstance(source, (str, os.PathLike)) and os.path.isdir(source))
    return HistoryReader(files, strict)
