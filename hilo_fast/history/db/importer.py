"""Import hand histories into a database, streaming, a transaction per batch.

:func:`import_hands` takes any iterable of :class:`~hilo_fast.history.model.HandHistory`
(a site reader, a list) and stores each hand not stored yet: it reads a batch
(``batch_size`` hands), asks the database which of them it holds (by site and
hand id), replays only the new ones and writes their rows in one transaction.
Memory holds one batch (and DuckDB's cache is bounded meanwhile:
:meth:`~.store.Database.bounded_cache`); a file that grew is read again and only its new hands
are replayed and stored. The reader's unreadable hands (its ``errors``) are
stored too, after its last hand. Ctrl-C (KeyboardInterrupt) rolls the batch
being written back: every committed batch stays, the result says how many
hands that was (:attr:`ImportResult.stored`).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING

from .all_in import DEFAULT_SAMPLES
from .rows import Rows, all_in_rows, hand_rows, unreadable_rows

if TYPE_CHECKING:
    from ..model import HandHistory
    from .store import Database

__all__ = ["ImportResult", "import_hands"]

#: Hands replayed at a time within a batch: their all-in spots are settled
#: together, then their rows made (a few MB of replays held).
_RUN = 500


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


def _store_batch(db: Database, batch: list[HandHistory], source: str, rows: Rows,
                 result: ImportResult, samples: int | None) -> None:
    new: list[HandHistory] = []
    by_site: dict[str, list[str]] = {}
    for h in batch:
        by_site.setdefault(h.site, []).append(h.hand_id)
    known = {(site, hand_id) for site, ids in by_site.items() for hand_id in db.known(site, ids)}
    for h in batch:
        key = (h.site, h.hand_id)
        if key in known:
            result.known += 1
            continue
        known.add(key)   # (the same hand twice in a batch: once)
        new.append(h)
    counts = [0, 0, 0]
    # The batch makes ~10^5 small tuples and no reference cycle: the cyclic
    # collector, run over them again and again, would double the import's time.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for start in range(0, len(new), _RUN):
            run = new[start:start + _RUN]
            replays = [h.replay() for h in run]
            # the run's all-in spots one after the other (see all_in_rows), then its rows
            expected = [all_in_rows(h, rep, rows, samples)
                        for h, rep in zip(run, replays, strict=True)]
            for h, rep, chips in zip(run, replays, expected, strict=True):
                hand_rows(h, rep, source, rows, samples=samples, expected=chips)
                counts[0] += rep.exact
                counts[1] += bool(rep.discrepancies)
                counts[2] += h.cancelled
        if rows.hands or rows.tables["unreadable_hands"]:
            db.write(rows)
    finally:
        if collecting:
            gc.enable()
    result.stored += len(new)
    result.exact += counts[0]
    result.discrepancies += counts[1]
    result.cancelled += counts[2]
    rows.clear()


def import_hands(db: Database, hands: Iterable[HandHistory], *, source: str | None = None,
                 batch_size: int = 5000, result: ImportResult | None = None,
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
    iterator = iter(hands)
    with db.bounded_cache():   # (memory flat however many hands)
        while True:
            # Reading makes few reference cycles (none for a PokerStars file; a few
            # hundred objects for all the sites' test files): the collector is paused
            # while a batch is read too (see _store_batch) and runs between batches.
            collecting = gc.isenabled()
            gc.disable()
            try:
                batch = list(islice(iterator, batch_size))
                if not batch:
                    break
                result.read += len(batch)
                if on_read is not None:
                    on_read(len(batch))
                _store_batch(db, batch, name, rows, result, equity_samples)
            finally:
                if collecting:
                    gc.enable()
        errors = list(getattr(hands, "errors", ()))
        result.skipped += int(getattr(hands, "skipped", 0))
        result.unreadable += int(getattr(hands, "error_count", len(errors)))
        if errors:
            unreadable_rows(errors, name, rows)
            _store_batch(db, [], name, rows, result, equity_samples)
    return result
