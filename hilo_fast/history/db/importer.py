"""Import hand histories into a database, streaming, a transaction per batch.

:func:`import_hands` takes any iterable of :class:`~hilo_fast.history.model.HandHistory`
(a site reader, a list) and stores each hand not stored yet, a batch
(``batch_size`` hands) to a transaction. It reads a batch a part at a time
(1,000 hands): asks the database which of them it holds (by site and hand
id; into DuckDB only for a part whose ids overlap those stored:
:class:`_IdRanges`), replays only the new ones, takes a hand key for each (the sequence
hand_keys: :class:`_Keys`), turns their rows into columns and lets the hands go. Memory
holds one part and the batch's columns (and DuckDB's cache is bounded
meanwhile: :meth:`~.store.Database.bounded_cache`); a file that grew is
read again and only its new hands
are replayed and stored. The reader's unreadable hands (its ``errors``) are
stored too, after its last hand. Ctrl-C (KeyboardInterrupt) rolls the batch
being written back: every committed batch stays, the result says how many
hands that was (:attr:`ImportResult.stored`).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING

from .all_in import DEFAULT_SAMPLES
from .rows import Rows, all_in_rows, hand_rows, part_rows, unreadable_rows

if TYPE_CHECKING:
    from ..model import HandHistory
    from .store import Database

__all__ = ["BATCH_SIZE", "ImportResult", "import_hands"]

#: Hands read, replayed and turned into rows at a time within a batch: their
#: all-in spots are settled one after the other (the equity code's tables stay
#: in the cache), and memory holds one part's hands and replays (a few MB)
#: beside the columns of the batch's parts so far (about 2 KB a hand).
_PART = 1000
#: Hands per transaction by default. From about 10,000 hands an insert DuckDB
#: writes its big tables (actions, seats) straight to the file, compressed,
#: instead of through its log: 20,000 takes 8% fewer instructions than 5,000
#: and makes a file 15-18% smaller. A batch's columns and DuckDB's buffers for
#: them are held until it is written: the import's peak is ~50 MB higher
#: than with batches of 5,000 (301 MB against 254 MB on 60,000 hands).
BATCH_SIZE = 20_000


@dataclass
class ImportResult:
    """What an import did: hands ``read``, ``stored`` (new, committed), ``known``
    (stored before: left as they were), ``exact`` (of the stored: replayed to
    the site's payouts), ``discrepancies`` (stored with what the replay found),
    ``cancelled``, ``unreadable`` (the readers' errors, stored), ``skipped``
    (hands of other games the readers passed over)."""

    read: int = 0
    stored: int = 0
    known: int = 0
    exact: int = 0
    discrepancies: int = 0
    cancelled: int = 0
    unreadable: int = 0
    skipped: int = 0

    def __str__(self) -> str:
        return (f"{self.read:,} hands read: {self.stored:,} stored ({self.exact:,} replayed "
                f"exactly, {self.discrepancies:,} with discrepancies, {self.cancelled:,} "
                f"cancelled), {self.known:,} already stored; {self.unreadable:,} unreadable, "
                f"{self.skipped:,} of other games skipped")


class _IdRanges:
    """Per site, the least and greatest hand id the database may hold: asked
    once a site, widened by each hand this import stores. A part whose ids of a
    site all fall outside its range holds none of them stored: it is not looked
    up (0.7 ms a part: 4% of an import into a new file). DuckDB only: a file
    has one writing process, while a PostgreSQL server may take other imports
    meanwhile, so there every part is looked up (either way the primary key
    refuses a hand stored twice)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._ranges: dict[str, tuple[str, str] | None] = {}

    def may_hold(self, site: str, least: str, greatest: str) -> bool:
        if self._db.kind != "duckdb":
            return True
        if site not in self._ranges:
            self._ranges[site] = self._db.id_range(site)
        stored = self._ranges[site]
        return stored is not None and least <= stored[1] and greatest >= stored[0]

    def widen(self, site: str, least: str, greatest: str) -> None:
        if site in self._ranges:   # (asked: DuckDB)
            stored = self._ranges[site]
            self._ranges[site] = (least, greatest) if stored is None else \
                (min(least, stored[0]), max(greatest, stored[1]))


def _new_hands(db: Database, part: list[HandHistory], seen: set[tuple[str, str]],
               result: ImportResult, ranges: _IdRanges) -> list[HandHistory]:
    """The hands of ``part`` neither stored nor in ``seen`` (the batch's so far,
    which they join); the others are counted as known."""
    by_site: dict[str, list[str]] = {}
    for h in part:
        by_site.setdefault(h.site, []).append(h.hand_id)
    known: set[tuple[str, str]] = set()
    for site, ids in by_site.items():
        least, greatest = min(ids), max(ids)
        if ranges.may_hold(site, least, greatest):
            known.update([(site, hand_id) for hand_id in db.known(site, ids)])
        ranges.widen(site, least, greatest)   # (whatever is stored of them: wider is safe)
    new: list[HandHistory] = []
    for h in part:
        key = (h.site, h.hand_id)
        if key in known or key in seen:
            result.known += 1
            continue
        seen.add(key)   # (the same hand twice in a batch: once)
        new.append(h)
    return new


class _Keys:
    """Hand keys from the sequence hand_keys, taken ahead: once a part comes
    full, for the rest of its batch at once (one query a batch, not one a
    part: each costs DuckDB 0.7 ms however few keys it takes), else as many as
    the part needs. Keys left unused leave a gap in the numbers, as a batch
    rolled back does."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._pool: list[int] = []
        self._next = 0

    def take(self, count: int, ahead: int) -> list[int]:
        """``count`` new keys, taking ``ahead`` (if more) when the pool is short."""
        if len(self._pool) - self._next < count:
            self._pool = self._pool[self._next:]
            self._pool += self._db.hand_keys(max(count, ahead) - len(self._pool))
            self._next = 0
        keys = self._pool[self._next:self._next + count]
        self._next += count
        return keys


def _store_batch(db: Database, hands: Iterator[HandHistory], size: int, source: str,
                 rows: Rows, result: ImportResult, samples: int | None,
                 on_read: Callable[[int], None] | None, keys_ahead: _Keys,
                 ranges: _IdRanges) -> int:
    """Read up to ``size`` hands and store the new ones in one transaction, a
    part at a time (see _PART); the hands read."""
    read = 0
    seen: set[tuple[str, str]] = set()
    done = ImportResult()   # the batch's stored hands: counted once committed
    with db.transaction() as add:
        while read < size:
            part = list(islice(hands, min(_PART, size - read)))
            if not part:
                break
            read += len(part)
            result.read += len(part)
            if on_read is not None:
                on_read(len(part))
            new = _new_hands(db, part, seen, result, ranges)
            if not new:
                continue
            keys = keys_ahead.take(len(new), size - read + len(part) if len(part) == _PART
                                   else 0)
            if db.kind == "duckdb":   # the hands C makes whole: their rows, as columns
                left = part_rows(new, keys, source, rows, samples)
                done.exact += len(new) - len(left)
                done.stored += len(new) - len(left)
                new, keys = [new[i] for i in left], [keys[i] for i in left]
            replays = [h.replay() for h in new]
            # the part's all-in spots one after the other (see all_in_rows), then its rows
            expected = [all_in_rows(h, rep, rows, samples, key=key)
                        for h, rep, key in zip(new, replays, keys, strict=True)]
            for h, rep, key, chips in zip(new, replays, keys, expected, strict=True):
                hand_rows(h, rep, source, rows, key=key, samples=samples, expected=chips)
                done.exact += rep.exact
                done.discrepancies += bool(rep.discrepancies)
                done.cancelled += h.cancelled
            done.stored += len(new)
            add(rows)
            rows.clear()
    result.stored += done.stored
    result.exact += done.exact
    result.discrepancies += done.discrepancies
    result.cancelled += done.cancelled
    return read


def import_hands(db: Database, hands: Iterable[HandHistory], *, source: str | None = None,
                 batch_size: int = BATCH_SIZE, result: ImportResult | None = None,
                 on_read: Callable[[int], None] | None = None,
                 equity_samples: int | None = DEFAULT_SAMPLES) -> ImportResult:
    """Store every hand of ``hands`` not in ``db`` yet (see the module doc).
    ``source``: the file named in each hand's row (default the reader's ``name``);
    ``result``: add to this one (it counts as it goes: after Ctrl-C it says how far
    the import got); ``on_read(count)``: called as hands are read (a progress bar);
    ``equity_samples``: the Monte Carlo deals of an all-in spot too big to settle
    exactly (None: every spot exact, slow; see :mod:`.all_in`)."""
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    if equity_samples is not None and (type(equity_samples) is not int or
                                       not 1 <= equity_samples <= 10**7):
        raise ValueError(f"equity_samples must be None or 1..10,000,000, not "
                         f"{equity_samples!r}")
    result = ImportResult() if result is None else result
    name = source if source is not None else str(getattr(hands, "name", "<hands>"))
    rows = Rows()
    keys = _Keys(db)
    ranges = _IdRanges(db)
    iterator = iter(hands)
    with db.bounded_cache():   # (memory flat however many hands)
        read = batch_size
        while read == batch_size:
            # A part makes ~10^5 small objects and few reference cycles (none
            # for a PokerStars file; a few hundred objects for all the sites'
            # test files): the cyclic collector, run over them again and again,
            # would double the import's time. It runs between batches.
            collecting = gc.isenabled()
            gc.disable()
            try:
                read = _store_batch(db, iterator, batch_size, name, rows, result,
                                    equity_samples, on_read, keys, ranges)
            finally:
                if collecting:
                    gc.enable()
        errors = list(getattr(hands, "errors", ()))
        result.skipped += int(getattr(hands, "skipped", 0))
        result.unreadable += int(getattr(hands, "error_count", len(errors)))
        if errors:
            unreadable_rows(errors, name, rows)
            db.write(rows)
            rows.clear()
    return result
