"""csrc/py/hhlines_header.c's ``read_stars``, the C twin of how the file reader
reads a hand's header line (``_HEADER``, ``_header``'s ``_DATE`` and header
cache, ``_date``'s ``_DATE_PARTS`` and minutes cache), against the Python.

Each header line is put through both: C answers with the Python's hand id,
parsed header (the cached object itself), date and time zone, and read_span's
answer, or with None. Header lines are drawn from every part a header has
(kind, id, spaces, game, date, time zone, a second date) with hostile edits;
the share C answers is checked both ways, so that a C that always says None
(or never does) cannot pass. The whole reader is then compared with and
without it on files of such hands.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import fields
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast import pokerstars
from hilo_fast.history.synth import synthetic_histories

DATA = Path(__file__).parent / "data" / "pokerstars"


@pytest.fixture
def c_stars(hhlines: ModuleType) -> Any:
    return hhlines._c_stars


_KINDS = ["Hand", "Zoom Hand", "Game", "Home Game Hand", "Home Game", "Hand", "Hand",
          "Tourney Hand", "hand", "Zoom  Hand", "Home Game  Hand", "Home"]
_GAMES = ["Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD)", "Omaha Hi/Lo Limit ($0.10/$0.20)",
          "5 Card Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD)",
          "Tournament #123456, $4.40+$0.40 USD Omaha Hi/Lo Pot Limit - Level III (25/50)",
          "Tournament #1, Freeroll Omaha Hi/Lo Limit - Level I (10/20)",
          "{Club #1234} Omaha Hi/Lo Pot Limit (5/10)",
          "Hold'em No Limit ($0.01/$0.02 USD)", "Courchevel Hi/Lo Pot Limit ($0.10/$0.25 USD)",
          "Mixed PLO8/PLO (Omaha Hi/Lo Pot Limit, $0.10/$0.25 USD)",
          "Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - x", "Omaha Hi/Lo Pot Limit", ""]
_DATES = ["2024/01/02 3:04:05 ET", "2024/1/2 13:04:05 ET", "2024/12/31 23:59:59 CET",
          "2024/01/02 3:04:05 CET [2024/01/01 21:04:05 ET]", "2024/01/02 - 3:04:05",
          "2024/01/02-3:04:05 (ET)", "2024/01/02 3:04:05", "2024/01/02 3:04:05ET",
          "2024/01/02 3:04:05 et", "2024/01/02 3:04:05 ABCDE", "2024/01/02 3:04:05 E",
          "2024/01/02 3:04:05 \t\x1c( AEST", "2024/13/02 3:04:05 ET", "2024/02/30 3:04:05 ET",
          "2024/01/02 3:04:60 ET", "2024/01/02 3:04:99 ET", "2024/01/02 24:04:05 ET",
          "2024/01/123 3:04:05 ET", "2024/001/02 3:04:05 ET", "2024/01/02 3:4:05 ET",
          "2024/01/02 123:04:05 ET", "2024/01/02 3:04:5 ET", "2024/01/02 3:04", "2024/01/02",
          "2024/01/2x 3:04:05", "24/01/02 3:04:05 ET", "2024-01-02 3:04:05 ET",
          "2024/01/02 3:04:05 ET - 2025/02/03 4:05:06 CET", "0000/00/00 00:00:00 ET",
          "2024/01/02  03:04:05 ET", "2024/01/02 03:04:05 ET "]


def header_line(rng: random.Random) -> str:
    """A header line of random parts, now and then edited; half of them of the
    parts a site prints (any date of _DATES, good or bad)."""
    if rng.random() < 0.5:
        kind, game = rng.choice(_KINDS[:5]), rng.choice(_GAMES[:6])
        hand_id, colon, dash = rng.choice(["1", "10000001", "264012345678"]), ": ", " - "
        return f"PokerStars {kind} #{hand_id}{colon}{game}{dash}{rng.choice(_DATES)}"
    kind = rng.choice(_KINDS)
    hand_id = rng.choice(["1", "10000001", "264012345678", "", "12a", "007"])
    colon = rng.choice([": ", ":  ", ":   ", ":", " : ", ": \t"])
    game = rng.choice(_GAMES)
    date = rng.choice(_DATES)
    dash = rng.choice([" - ", " - ", " - ", " -  ", "  - ", " -", ""])
    line = f"PokerStars {kind} #{hand_id}{colon}{game}{dash}{date}"
    edit = rng.randrange(8)
    if edit == 0:   # a character changed or dropped anywhere
        k = rng.randrange(len(line))
        line = line[:k] + rng.choice(["", " ", "-", "/", "1", ":", "(", "\x1f", "\xe9"]) + \
            line[k + 1:]
    elif edit == 1:   # spaces around it
        line = rng.choice([" ", "\t", "\x0c", "  "]) + line + rng.choice(["", " ", "\t"])
    return line


def with_header(text: str, line: str) -> str:
    """The hand ``text`` with its first line replaced by ``line``."""
    return line + text[text.index("\n"):]


def python_answer(text: str, start: int, stop: int) -> tuple[Any, ...] | None:
    """What read_stars must answer, as the reader's Python makes it: (id, parsed
    header, date, time zone, read_span's answer), or None where C must leave
    the hand to Python (``date`` here after ``_date``: the caller applies it to
    a date text C gives)."""
    first = text.find("\n", start, stop)
    header = pokerstars._HEADER.match(text[start:stop if first < 0 else first].strip())
    if header is None:
        return None
    rest = header["rest"]
    found = pokerstars._DATE.search(rest)
    key = (header["kind"], rest[:found.start()] if found else rest)
    parsed = pokerstars._HEADERS.get(key)
    if parsed is None or not parsed.hole_count or parsed.exposed:
        return None
    try:
        date, tz = pokerstars._date(found["date"]) if found else (None, "")
    except pokerstars._Unreadable:
        date, tz = "bad date", ""
    assert pokerstars._c_span is not None
    span = pokerstars._c_span(text, start, stop, parsed.cash)
    return None if span is None else (header["id"], parsed, date, tz, span)


def c_answer(c_stars: Any, text: str, start: int, stop: int) -> tuple[Any, ...] | None:
    return resolved(c_stars(text, start, stop, pokerstars._HEADERS, pokerstars._MINUTES,
                            pokerstars._SECONDS))


def resolved(got: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    """read_stars's answer with a date's text read as the reader reads it."""
    if got is None:
        return None
    hand_id, parsed, date, tz, span = got
    assert type(hand_id) is str and type(tz) is str
    if isinstance(date, str):   # (its minute not cached: the reader's _date reads it)
        assert tz == ""
        try:
            date, tz = pokerstars._date(date)
        except pokerstars._Unreadable:
            date, tz = "bad date", ""
    return hand_id, parsed, date, tz, span


def test_read_stars_answers_as_the_python_or_not_at_all(c_stars: Any) -> None:
    rng = random.Random(15)
    bodies = [*synthetic_histories(30, seed=3), *synthetic_histories(30, seed=4, cash=False)]
    answered = python_only = c_none = minute_misses = histories = tuples = 0
    for k in range(6000):
        line = header_line(rng)
        text = with_header(rng.choice(bodies), line)
        if k % 3:   # the header parsed before (as the reader does on a first miss)
            header = pokerstars._HEADER.match(line.strip())
            if header:
                with contextlib.suppress(pokerstars._Unreadable):
                    pokerstars._header(header["kind"], header["rest"])
        if k % 7 == 0:
            pokerstars._MINUTES.clear()
        around = rng.choice(["", "x\n", "PokerStars Hand #5: y\n"])
        whole = around + text + rng.choice(["", "\nPokerStars Hand #9: x", "\n\n"])
        start, stop = len(around), len(around) + len(text)
        before = dict(pokerstars._HEADERS), dict(pokerstars._MINUTES)
        raw = c_stars(whole, start, stop, pokerstars._HEADERS, pokerstars._MINUTES,
                      pokerstars._SECONDS)
        assert (dict(pokerstars._HEADERS), dict(pokerstars._MINUTES)) == before   # (read only)
        got = c_answer(c_stars, whole, start, stop)
        want = python_answer(whole, start, stop)
        if got is None:
            c_none += 1
            python_only += want is not None
            # C leaves to Python only what it cannot be sure of: a header or game it
            # has not seen parsed, or text that is not ASCII
            assert want is None or not whole.isascii(), line
            continue
        minute_misses += isinstance(raw[2], str)
        assert got[1] is want[1] if want else False, line   # (the cached header itself)
        assert got == want, line
        answered += 1
        # given the rest, the HandHistory itself: _c_history's, when its date and
        # table line are at hand; else the same answer as above
        if k % 50 == 0:
            pokerstars._TABLES.clear()
        whole_hand = c_stars(whole, start, stop, pokerstars._HEADERS, pokerstars._MINUTES,
                             pokerstars._SECONDS, k, pokerstars._TABLES, hf.HandHistory,
                             pokerstars._tabled)
        if isinstance(whole_hand, hf.HandHistory):
            hand_id, parsed, date, tz, span = want
            assert date != "bad date"
            python_hand = pokerstars._c_history(span, hand_id, k, parsed, date, tz)
            assert _fields(whole_hand) == _fields(python_hand), line
            histories += 1
        else:   # (a tuple: as the six arguments answer, its date read as c_answer does)
            assert isinstance(whole_hand, tuple) and len(whole_hand) == 5, line
            assert identical_answer(resolved(whole_hand), got), line
            tuples += 1
            pokerstars._table(span_table(raw))   # (cached, as the reader would)
    assert answered > 1500 and c_none > 1500, (answered, c_none)
    assert minute_misses > 50 and python_only == 0, (minute_misses, python_only)
    assert histories > 1000 and tuples > 50, (histories, tuples)


def _fields(h: hf.HandHistory) -> tuple[object, ...]:
    """Every field of ``h`` with its type (HandHistory compares by identity)."""
    return tuple((type(v), v) for v in (getattr(h, f.name) for f in fields(h)))


def identical_answer(a: Any, b: Any) -> bool:
    return a is b is None or (type(a) is type(b) is tuple and len(a) == len(b) == 5 and
                              all(x == y and type(x) is type(y) for x, y in zip(a, b, strict=True)))


def span_table(answer: tuple[Any, ...]) -> str:
    """The table line of read_stars's answer (its read_span answer's first item)."""
    return str(answer[4][0])


def _reading(reader: hf.PokerStarsReader) -> tuple[object, ...]:
    got = [_fields(h) for h in reader]
    return (got, reader.hands, reader.skipped, dict(reader.skipped_games), reader.errors,
            reader.error_count)


def test_the_reader_gives_the_same_hands_with_and_without_it(
        c_stars: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(16)
    bodies = [*synthetic_histories(40, seed=5), *synthetic_histories(40, seed=6, cash=False)]
    texts = {path.name: path.read_text(encoding="utf-8", errors="surrogateescape")
             for path in sorted(DATA.glob("*.txt"))}
    for n in range(4):
        texts[f"headers{n}.txt"] = "\n\n".join([bodies[n], *(
            with_header(rng.choice(bodies), header_line(rng)) for _ in range(400))])
    answered: dict[str, int] = {}
    for name, text in texts.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        for cold in (True, False):   # (the caches empty, or filled by the run before)
            if cold:
                pokerstars._HEADERS.clear()
                pokerstars._MINUTES.clear()
            answers: list[bool] = []

            def counted(*args: Any, answers: list[bool] = answers) -> Any:
                got = c_stars(*args)
                answers.append(got is not None)
                return got

            monkeypatch.setattr(pokerstars, "_c_stars", counted)
            with_c = _reading(hf.read_pokerstars(path))
            monkeypatch.setattr(pokerstars, "_c_stars", c_stars)
            answered[name] = answered.get(name, 0) + sum(answers)
            pokerstars._HEADERS.clear() if cold else None
            pokerstars._MINUTES.clear() if cold else None
            with monkeypatch.context() as patch:
                patch.setattr(pokerstars, "_c_stars", lambda *_: None)
                without = _reading(hf.read_pokerstars(path))
            assert with_c == without, name
        assert with_c[1] + with_c[2] + with_c[5] > 0, name
    # C read many of the generated files' hands (the others: headers not cached yet,
    # a tournament's header on a cash game's lines, bad headers)
    assert all(answered[f"headers{n}.txt"] > 50 for n in range(4)), answered
    assert answered["plo8_cash.txt"] > 0, answered


def test_hostile_calls(c_stars: Any) -> None:
    text = with_header(next(iter(synthetic_histories(1, seed=9))),
                       "PokerStars Hand #77: Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - "
                       "2024/01/02 3:04:05 ET")
    caches = pokerstars._HEADERS, pokerstars._MINUTES, pokerstars._SECONDS
    pokerstars._header("Hand", "Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2024/01/02 3:04:05 ET")
    got = c_stars(text, 0, len(text), *caches)
    assert got is not None and got[0] == "77"
    for bad in ((b"x", 0, 1, *caches), (text, "0", 1, *caches), (text, 0, 1, [], {}, []),
                (text, 0, 1, {}, {}, ()), (text, 0, len(text), *caches[:2])):
        with pytest.raises(TypeError):
            c_stars(*bad)
    for start, stop in ((-1, 5), (5, 4), (0, len(text) + 1)):
        with pytest.raises(ValueError, match="start and stop"):
            c_stars(text, start, stop, *caches)
    for start, stop in ((0, 0), (0, 10), (len(text), len(text))):
        assert c_stars(text, start, stop, *caches) is None
    assert c_stars("\xe9" + text, 1, len(text) + 1, *caches) is None   # (not ASCII: Python's)
    assert c_stars(text, 0, len(text), {}, {}, []) is None   # (no header cached)
    # a minute cached but seconds' list too short: the date's text (Python reads it)
    got = c_stars(text, 0, len(text), caches[0], caches[1], [])
    assert got is not None and got[2] == "2024/01/02 3:04:05 ET"
    # a parsed header without the attributes read: its AttributeError, no crash
    poisoned = {key: object() for key in pokerstars._HEADERS}
    with pytest.raises(AttributeError):
        c_stars(text, 0, len(text), poisoned, {}, [])


def test_next_hand_finds_what_the_python_finds() -> None:
    next_hand = pokerstars._c_next
    if next_hand is None:
        pytest.skip("the hhlines builtin was not built")
    rng = random.Random(17)
    bodies = [*synthetic_histories(20, seed=7)]
    leads = ["", "", " ", "\t", "\x0c\x1c", "x", "\r", "  x "]
    found = {True: 0, False: 0}
    for _ in range(3000):
        pieces = []
        for _ in range(rng.randint(1, 4)):
            line = header_line(rng)
            if rng.random() < 0.2:   # cut short or ended in spaces
                line = line[:rng.randint(0, len(line))] + rng.choice(["", " ", ":", ": ", "\t"])
            text = with_header(rng.choice(bodies), line)
            if rng.random() < 0.3:   # a body cut, a line with "PokerStars " inside
                text = text[:rng.randint(0, len(text))] + rng.choice(
                    ["", "\nsaid PokerStars Hand #1: x", "PokerStars Hand #2: y\n"])
            pieces.append(rng.choice(leads) + text)
        whole = rng.choice(["", "\n", "\n\n"]).join(pieces)
        for _ in range(5):
            pos = rng.randint(0, len(whole))
            start = min(pos + rng.choice([0, 0, 1, 2]), len(whole) + 1)
            end = rng.randint(min(start, len(whole)), len(whole))
            if rng.random() < 0.5:
                pos, end = rng.choice([0, 1, 2]), len(whole)
                start = pos + rng.choice([0, 1])
            if rng.random() < 0.05:   # (start past end: the reader's buffer cut mid-line)
                end = max(0, start - rng.randint(1, 2))
            end = min(end, len(whole))
            at = pokerstars._next_header(whole, start, end)
            want = (at, whole.count("\n", pos, at) if at >= 0 else 0)
            got = next_hand(whole, pos, start, end)
            assert got == (want if whole.isascii() else None), (whole, pos, start, end)
            found[at >= 0] += 1
    assert min(found.values()) > 2000, found   # (headers found and not, both often)
    assert next_hand("\xe9PokerStars Hand #1: x", 0, 0, 5) is None   # (not ASCII: Python's)
    for bad in ((b"x", 0, 0, 1), ("x", 0, 0), ("x", 0, "0", 1)):
        with pytest.raises(TypeError):
            next_hand(*bad)   # type: ignore[arg-type]
    for pos, start, end in ((0, -1, 1), (0, 0, 2), (1, 0, 1), (-1, 0, 1)):
        with pytest.raises(ValueError, match=r"start and stop|pos"):
            next_hand("x", pos, start, end)
