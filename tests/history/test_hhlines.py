"""csrc/py/hhlines.c, the C twin of the PokerStars reader's line loop
(``pokerstars._HandParser.read_lines``), against that Python loop.

The C answers a hand with exactly the Python loop's result (equal, and of the
same types all the way down) or with None ("let Python read it"). Fuzzed here
on the fixtures, thousands of synthetic hands and random edits of them; the
share of hands the C answers is checked both ways, so that a C that always
says None (or never does) cannot pass.
"""

from __future__ import annotations

import itertools
import platform
import random
import re
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast import pokerstars
from hilo_fast.history.model import SeatInfo
from hilo_fast.history.synth import synthetic_histories

DATA = Path(__file__).parent / "data" / "pokerstars"
_STARTS = re.compile(r"^\ufeff?PokerStars ", re.MULTILINE)


@pytest.fixture
def c_lines(hhlines: ModuleType) -> Any:
    return hhlines._c_lines


def split_hands(text: str) -> list[str]:
    starts = [m.start() for m in _STARTS.finditer(text)] + [len(text)]
    return [text[a:b] for a, b in itertools.pairwise(starts)]


def both_loops(c_lines: Any, text: str) -> tuple[object, object] | None:
    """(the Python loop's result or its _Unreadable, the C's result) for the
    lines of one hand as the reader gives them; None for a hand the reader
    does not give to the loop (not Omaha Hi/Lo, a bad header)."""
    lines = [line for line in map(pokerstars._stripped, text.split("\n")) if line]
    header = pokerstars._HEADER.match(lines[0]) if lines else None
    if header is None or len(lines) < 3:
        return None
    try:
        parsed, date, tz = pokerstars._header(header["kind"], header["rest"])
    except pokerstars._Unreadable:
        return None
    if not parsed.hole_count:
        return None
    ascii = "".join(lines).isascii()
    parser = pokerstars._HandParser(header["id"], parsed, date, tz, lines, 1, ascii)
    try:
        python: object = parser.read_lines()
    except pokerstars._Unreadable as exc:
        python = exc
    return python, c_lines(lines, parsed.cash) if ascii else None


def identical(a: object, b: object) -> bool:
    """Equal, and of the same types all the way down (a dict's keys in order;
    a named tuple's hash: the C makes them itself)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple) and type(a) is not tuple and hash(a) != hash(b):
        return False
    if isinstance(a, (list, tuple)):
        assert isinstance(b, (list, tuple))
        return len(a) == len(b) and all(map(identical, a, b))
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return list(a) == list(b) and all(identical(v, b[k]) for k, v in a.items())
    return a == b


def check(c_lines: Any, hands: list[str]) -> tuple[int, int, int]:
    """(hands the Python loop reads, of them the C answers, hands it refuses);
    asserts that every C answer is the Python loop's."""
    read = answered = refused = 0
    for text in hands:
        got = both_loops(c_lines, text)
        if got is None:
            continue
        python, c = got
        if isinstance(python, pokerstars._Unreadable):
            refused += 1
            assert c is None, f"C read a hand Python refuses ({python}):\n{text}"
            continue
        read += 1
        if c is not None:
            answered += 1
            assert identical(python, c), f"C and Python differ:\n{text}\n{python}\n{c}"
    return read, answered, refused


#: Fixtures the C leaves to Python whole (hands run twice, Courchevel's exposed card).
PYTHON_ONLY = ("run_it_twice.txt", "courchevel.txt")


def fixture_hands(python_only: bool = False) -> list[str]:
    return [hand for path in sorted(DATA.glob("*.txt"))
            if (path.name in PYTHON_ONLY) == python_only
            for hand in split_hands(path.read_text(encoding="utf-8", errors="surrogateescape"))]


def synthetic(count: int, seed: int) -> list[str]:
    half = count // 2
    return [*synthetic_histories(half, seed=seed),
            *synthetic_histories(count - half, seed=seed + 1, cash=False)]


def test_every_synthetic_and_fixture_hand_is_read_in_c(c_lines: Any) -> None:
    read, answered, refused = check(c_lines, synthetic(3000, seed=11))
    assert read == answered == 3000 and refused == 0
    read, answered, refused = check(c_lines, fixture_hands())
    assert read == answered and read >= 10 and refused >= 1   # (bad.txt's hands)
    read, answered, refused = check(c_lines, fixture_hands(python_only=True))
    assert (read, answered, refused) == (4, 0, 0)   # left to Python: runs, Courchevel


# ---- random edits of real-looking hands ----

_AMOUNT = re.compile(r"\$?\d[\d.,]*")
_ODD_AMOUNTS = ["1,000", "1,0,0", "$$5", "5.", ".5", ".0", "5.123", "0.5", "$0.5", "5,",
                ",5", "9" * 16, "9" * 15, "5.5.5", "1e3", "²", "", "-5", "5$", "007"]
_NOISE = ["{p} said, \"hi: there\"", "{p} leaves the table", "{p} wins $5 bounty for it",
          "{p}: is sitting out", "{p} is connected", "{p} joins the table at seat #4",
          "{p} has timed out while being disconnected", "{p}: sitting out", "Betting is capped",
          "Hand was run twice", "{p}: doesn't show hand", "{p}: mucks hand",
          "Uncalled bet ($5) returned to {p}", "{p} collected 5 from side pot-2",
          "{p} collected 5 from side pot", "{p}: folds [Ah Kd]", "Dealt to {p} [Ah Kd 2c 3c]",
          "{p}: posts small & big blinds $0.15", "{p}: posts the ante 5 and is all-in",
          "Hand cancelled", "No low hand qualified", "*** SHOWDOWN ***", "{p}: shows []",
          "{p}: raises 5 to 10 and is all-in", "{p}: bets  5", "Seat 1: {p} mucked [Ah Kd]"]
_CHARS = "0123456789$,.()[]: -|#*\"'\tAaKkSs\u00e9\u00b2\x00\x7f"


def _names(lines: list[str]) -> list[str]:
    found = [m[1] for m in (re.match(r"Seat \d+: (.+?) \(", line) for line in lines) if m]
    return found or ["nobody"]


def mutate(text: str, rng: random.Random) -> str:
    """One to three random edits of a hand's lines (never its header)."""
    lines = text.rstrip("\n").split("\n")
    for _ in range(rng.randint(1, 3)):
        if len(lines) < 2:
            break
        k = rng.randrange(1, len(lines))
        line = lines[k]
        edit = rng.randrange(13)
        if edit == 0:
            del lines[k:k + rng.choice((1, 1, len(lines)))]
        elif edit == 1:
            j = rng.randrange(1, len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        elif edit == 2:
            lines.insert(k, line)
        elif edit == 3 and line:
            at = rng.randrange(len(line))
            lines[k] = line[:at] + rng.choice(_CHARS) + line[at + rng.randint(0, 1):]
        elif edit == 4:
            spots = list(_AMOUNT.finditer(line))
            if spots:
                m = rng.choice(spots)
                lines[k] = line[:m.start()] + rng.choice(_ODD_AMOUNTS) + line[m.end():]
        elif edit == 5:
            old = rng.choice(_names(lines))
            new = rng.choice(["a: b", "x (y)", "x collected y", "Hero", "p1", "p 2", "z",
                              "Seat 1", "\u00e9t\u00e9", "a [b"])
            if rng.random() < 0.5:
                lines[k] = line.replace(old, new)
            else:
                lines = [text.replace(old, new) for text in lines]
        elif edit == 6:
            lines[k] = line.replace(rng.choice(["***", "FLOP", "SUMMARY", "HOLE CARDS",
                                                "RIVER", "SHOW DOWN"]),
                                    rng.choice(["**", "FIRST FLOP", "SUM", "Hole", "*** X",
                                                "TURN", "SHOWDOWN"]))
        elif edit == 7 and rng.random() < 0.5:
            lines[k] = line.replace(" in chips", rng.choice((" in chips in chips", " in chips (",
                                                             " in chips, $1 bounty",
                                                             ") in chips", " in chips, (")))
        elif edit == 7:
            lines[k] = re.sub(r"Seat \d+", f"Seat {rng.choice(['0', '10', '3', 'x', '99'])}",
                              line)
        elif edit == 8:
            lines[k] = line.replace(rng.choice("[]()"), "", rng.choice((1, -1)))
        elif edit == 9:
            noise = rng.choice(_NOISE).format(p=rng.choice(_names(lines)))
            lines.insert(k, noise)
        elif edit == 10:
            lines[k] = line.replace(" ", rng.choice(("  ", "", "\t")), 1)
        elif edit == 11:
            lines[k] = line.replace(rng.choice(("Main pot", "Side pot", "Rake", "|", "and is",
                                                "calls", "bets", "raises", " to ", "posts")),
                                    rng.choice(("Side pot-1", "Main pot", "", "x", "and",
                                                "call", "bets", "raise", " too ", "post")))
        else:
            lines[k] = line + rng.choice((" and is all-in", ")", " [Ah]", ".", " (button)",
                                          " out of hand (moved from another table)",
                                          " (5 in chips)", " in chips)", ", 5 bounty)",
                                          " (x, 5 bounty)", " ($1 in chips, 5 bounty)"))
    return "\n".join(lines) + "\n\n\n"


def mutated_corpus(seed: int, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    bases = synthetic(400, seed=seed) + fixture_hands()
    for _ in range(count):
        yield mutate(rng.choice(bases), rng)


def test_on_random_edits_c_answers_as_python_or_not_at_all(c_lines: Any) -> None:
    read, answered, refused = check(c_lines, list(mutated_corpus(5, 6000)))
    # Both ways: many edited hands still read (and the C answers most of
    # them), many do not; and some the Python loop reads go to Python.
    assert refused > 1000 and read > 1000, (read, answered, refused)
    assert read * 0.5 < answered < read, (read, answered, refused)


# ---- the whole reader, with and without the builtin ----

def _reading(reader: hf.PokerStarsReader) -> tuple[object, ...]:
    got = [tuple(getattr(h, f.name) for f in fields(h)) for h in reader]
    return (got, reader.hands, reader.skipped, dict(reader.skipped_games), reader.errors,
            reader.error_count)


def test_the_reader_gives_the_same_hands_and_errors_without_the_builtin(
        c_lines: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = {path.name: path.read_text(encoding="utf-8", errors="surrogateescape")
             for path in sorted(DATA.glob("*.txt"))}
    texts["mutated.txt"] = "".join(mutated_corpus(6, 2000))
    texts["synthetic.txt"] = "".join(synthetic(600, seed=7))
    rng = random.Random(2)
    texts["spaced.txt"] = "".join(_spaced(text, rng) for text in synthetic(400, seed=8))
    for name, text in texts.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        with_c = _reading(hf.read_pokerstars(path)), _reading(hf.parse_pokerstars(text))
        with monkeypatch.context() as patch:
            patch.setattr(pokerstars, "_c_lines", None)
            patch.setattr(pokerstars, "_c_hand", None)
            patch.setattr(pokerstars, "_c_span", None)
            without = _reading(hf.read_pokerstars(path)), _reading(hf.parse_pokerstars(text))
        assert identical(with_c, without), name
    assert len(_reading(hf.parse_pokerstars(texts["synthetic.txt"]))[0]) == 600   # (all read)


# ---- hostile direct calls ----

def test_hostile_calls_are_type_errors_or_none(c_lines: Any) -> None:
    header = ["PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)", "Table 'T'"]
    seat = "Seat 1: ann ($1 in chips)"
    for bad in ("text", None, (header[0], header[1], seat), b"xyz"):
        with pytest.raises(TypeError):
            c_lines(bad, True)
    with pytest.raises(TypeError):
        c_lines([], True, 3)
    assert c_lines([], True) == ("seats", [], [], [], [], {}, [], [], [], -1, -1, (), [], None,
                                 False)
    for items in ([*header, 5], [*header, None], [*header, b"Seat 1: ann ($1 in chips)"],
                  [*header, "x" * 10_000_000], [*header, "Seat 1: ann (" + "9" * 5000 + ")"],
                  [*header, "\udc80"], [*header, seat, "ann: calls $" + "9" * 30],
                  [*header, *[f"Seat {k}: p{k} ($1 in chips)" for k in range(1, 30)]],
                  [*header, seat, "*** FLOP *** [" + "Ah " * 100 + "]"],
                  [*header, seat, "*** SUMMARY ***",
                   "Total pot 5 " + "Main pot 1. " * 50 + "| Rake 0"]):
        assert c_lines(items, True) is None
    # a list subclass is a list: read like one
    class Lines(list[str]):
        pass
    assert c_lines(Lines([*header, seat]), True)[1] == [SeatInfo(1, "ann", 100)]


# ---- each kind of line real histories have, answered in C ----

#: (a line of the first plo8_cash.txt hand, what it becomes): lines the C must read
#: itself, each giving a hand the Python loop reads.
_KINDS = [
    ("Seat 5: dave ($12 in chips) is sitting out", "Seat 5: dave ($12 in chips, $2.50 bounty)"),
    ("Seat 5: dave ($12 in chips) is sitting out",
     "Seat 5: dave ($1,200.5 in chips) out of hand (moved from another table into small blind)"),
    ("Seat 5: dave ($12 in chips) is sitting out", "Seat 5: d(a)ve ($12 in chips)"),
    ("carol: posts big blind $0.10", "carol: posts big blind $0.10\ndave: posts small & big "
                                     "blinds $0.15\ndave: posts the ante $0.01 and is all-in"),
    ("carol: posts big blind $0.10", "carol: posts big blind $0.10\ndave: posts straddle $.2"),
    ("*** HOLE CARDS ***", "dave: is sitting out\n*** HOLE CARDS ***"),
    ("carol: folds", "carol: folds [5c 6c 7c 8c]\ndave leaves the table\n"
                     "dave joins the table at seat #5\ncarol said, \"nh (really) [ok]\"\n"
                     "carol has timed out while disconnected\ncarol is disconnected"),
    ("carol: folds", "carol: folds\nBetting is capped\ncarol: doesn't show hand\n"
                     "carol: mucks hand\ncarol: mucks [5c 6c 7c 8c]"),
    ("bob: bets $1", "bob: bets $1 and is all-in"),
    ("alice: raises $0.20 to $0.30", "alice: raises $0.20 to $0.30 and is all-in"),
    ("*** SHOW DOWN ***", "*** SHOWDOWN ***"),
    ("alice collected $1.11 from pot", "alice collected $1.11 from side pot-2\n"
                                       "alice collected $0 from main pot\n"
                                       "No low hand qualified\nHand cancelled"),
    ("bob: calls $0.25", "bob: calls $0.25\nUncalled bet ($0.05) returned to bob"),
    ("Total pot $4.70 | Rake $0.23",
     "Total pot $4.70 Main pot $4. Side pot-1 $0.70. | Rake $0.23 | Hand was run | x"),
    ("Total pot $4.70 | Rake $0.23", "Total pot 4.7  |"),
    ("Board [3c 4d 9s Kh 7h]", "Board [3c 4d 9s Kh 7h]]\nHand was run twice"),
    ("Seat 3: carol (big blind) folded on the Flop",
     "Seat 3: carol (big blind) mucked [5c 6c 7c 8c]\nSeat 5: dave didn't bet"),
    ("Dealt to alice [Ah 2h Kd Qc]", "Dealt to bob [As 2c 9d 9c]\nDealt to carol\n"
                                     "Dealt to alice [Ah 2h] [Ah 2h Kd Qc]"),
]


@pytest.mark.parametrize(("old", "new"), _KINDS)
def test_each_kind_of_line_is_read_in_c(c_lines: Any, old: str, new: str) -> None:
    text = (DATA / "plo8_cash.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    assert old in text
    got = both_loops(c_lines, text.replace(old, new, 1))
    assert got is not None
    python, c = got
    assert not isinstance(python, pokerstars._Unreadable), python
    assert c is not None and identical(python, c)


def test_seat_lines_as_the_seat_regex_reads_them(c_lines: Any) -> None:
    """Seat lines of random pieces (names with parentheses, " in chips" twice,
    bounties or not): the C reads them as _SEAT's backtracking does."""
    rng = random.Random(3)
    junk = ["a", " ", "(", ")", " in chips", ", ", " bounty", "5", "$1", "sitting out", ": ",
            " (", "x)"]

    def some(k: int) -> str:
        return "".join(rng.choice(junk) for _ in range(rng.randint(0, k)))

    header = ["PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)", "Table 'T'"]
    parsed = pokerstars._header("Hand", header[0].partition(": ")[2])[0]
    read = answered = 0
    for _ in range(20_000):
        line = (f"Seat 1: {some(3)}{rng.choice(['ann', 'a b', '(x)', 'a)'])}{some(2)} ("
                f"{rng.choice(['$1', '5', '$1,0', ''])}{some(1)} in chips"
                f"{rng.choice(['', ', $2 bounty', ', ' + some(2) + ' bounty', some(1)])}){some(4)}")
        try:
            python = pokerstars._HandParser("1", parsed, None, "", [*header, line], 1,
                                            True).read_lines()
        except pokerstars._Unreadable:
            assert c_lines([*header, line], True) is None, line
            continue
        read += 1
        c = c_lines([*header, line], True)
        if c is not None:
            answered += 1
            assert identical(python, c), line
        else:
            assert ": " in python[1][0].name, line   # the only seat lines left to Python
    assert answered > read * 0.7 > 3000, (read, answered)


# ---- read_hand: a hand's raw lines read whole ----

@pytest.fixture
def c_hand(native: ModuleType) -> Any:
    if platform.python_implementation() != "CPython":
        pytest.skip("the builtins are CPython's")
    assert pokerstars._c_hand is not None, "the hhlines builtin was not built"
    return pokerstars._c_hand


def both_hands(c_hand: Any, text: str) -> tuple[object, object] | None:
    """(what the Python reader makes of one hand's raw lines, as read_hand's fields,
    or its _Unreadable; read_hand's answer), or None for a hand the reader does not
    give to the parser (not Omaha Hi/Lo, a bad header)."""
    block = text.split("\n")
    block[0] = pokerstars._stripped(block[0])
    header = pokerstars._HEADER.match(block[0])
    if header is None:
        return None
    try:
        parsed, date, tz = pokerstars._header(header["kind"], header["rest"])
    except pokerstars._Unreadable:
        return None
    if not parsed.hole_count:
        return None
    lines = [line for line in map(str.strip, block) if line]   # as _finish strips them
    parser = pokerstars._HandParser(header["id"], parsed, date, tz, lines, 1, False)
    try:   # (ascii False: the Python loop, the reference)
        h = parser.parse()
        python: object = (lines[1], h.seats, h.posts, h.actions, h.board, h.hole_cards,
                          h.collected, h.pot_collections, h.total_pot, h.rake, h.pots, h.shown,
                          h.mucked, h.hero, h.cancelled, h.dealt_in)
    except pokerstars._Unreadable as exc:
        python = exc
    c = c_hand(list(block), parsed.cash)
    # read_span, on the same lines inside a longer text, answers alike (ASCII text) or None
    assert pokerstars._c_span is not None
    for after in ("PokerStars Hand #9: x", "\u00e9"):
        around = f"x\n{text}\n{after}"
        span = pokerstars._c_span(around, 2, 2 + len(text), parsed.cash)
        assert identical(span, c if around.isascii() else None), f"read_span:\n{text!r}"
    return python, c


def check_hands(c_hand: Any, hands: list[str]) -> tuple[int, int, int]:
    """(hands Python reads, of them read_hand answers, hands Python refuses); asserts
    that every answer is Python's (or, for a hand refused for its table line, has
    that line, which the reader then finds no table line)."""
    read = answered = refused = 0
    for text in hands:
        got = both_hands(c_hand, text)
        if got is None:
            continue
        python, c = got
        if isinstance(python, pokerstars._Unreadable):
            refused += 1
            assert c is None or pokerstars._table(c[0]) is None, (
                f"C read a hand Python refuses ({python}):\n{text!r}")
            continue
        read += 1
        if c is not None:
            answered += 1
            assert identical(python, c), f"C and Python differ:\n{text!r}\n{python}\n{c}"
    return read, answered, refused


def test_read_hand_reads_every_synthetic_and_fixture_hand(c_hand: Any) -> None:
    read, answered, refused = check_hands(c_hand, synthetic(2000, seed=21))
    assert read == answered == 2000 and refused == 0
    read, answered, refused = check_hands(c_hand, fixture_hands())
    assert read == answered and read >= 10 and refused >= 1


def _long_hands(count: int, seed: int, times: int) -> list[str]:
    """Synthetic hands with each action, post and collected line said ``times``
    times: more of each than a hand's sequences hold before they grow."""
    said = re.compile(r": (folds|checks|calls|bets|raises|posts)|collected ")
    return ["\n".join(line for old in text.split("\n")
                      for line in [old] * (times if said.search(old) else 1))
            for text in synthetic(count, seed=seed)]


def test_long_hands_are_read_in_c_as_in_python(c_lines: Any, c_hand: Any) -> None:
    """Past the room a hand's sequences start with (csrc/py/hhlines.c's seq):
    the lines' loop (lists) and the whole hand (tuples) answer as Python."""
    hands = _long_hands(60, seed=17, times=9)
    assert max(text.count(": ") for text in hands) > 200
    read, answered, _ = check(c_lines, hands)
    assert read == answered >= 50
    read, answered, _ = check_hands(c_hand, hands)
    assert read == answered >= 50


def test_read_hand_strips_every_ascii_character_as_str_strip(c_hand: Any) -> None:
    """Each ASCII character before and after every line but the header: where
    str.strip() strips it the C answers, and alike; elsewhere alike or None."""
    hands = synthetic(6, seed=3)
    stripped = 0
    for code in range(128):
        char = chr(code)
        for text in hands:
            lines = text.split("\n")
            edited = "\n".join([lines[0], *(char + line + char * 2 for line in lines[1:])])
            before = check_hands(c_hand, [edited])
            if char.isspace():
                assert before == (1, 1, 0), repr(char)
                stripped += 1
    assert stripped == 6 * 10   # (" \t\n\r\v\f" and "\x1c".."\x1f")


def _spaced(text: str, rng: random.Random) -> str:
    """Random blank lines and spaces (ASCII or not, BOMs, controls) around lines."""
    spaces = [" ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "  \t ", "\x85", "\xa0",
              "\u3000", "\ufeff", "\x00", "\x7f", "\u2028"]
    lines = text.split("\n")
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(1, len(lines))
        edit = rng.randrange(6)   # (inner spaces, edit 3, break most lines: rarer)
        if edit == 0:
            lines.insert(k, rng.choice(["", " ", "\t\r", "\x0c", "\u3000"]))
        elif edit == 1:
            lines[k] = lines[k] + rng.choice(spaces)
        elif edit in (2, 4):
            lines[k] = rng.choice(spaces) + lines[k]
        elif edit == 5:
            lines[k] = lines[k] + rng.choice(spaces[:8])
        else:
            lines[k] = lines[k].replace(" ", rng.choice(spaces), 1)
    return "\n".join(lines)


def test_read_hand_on_random_spaces_and_edits_answers_as_python_or_not_at_all(
        c_hand: Any) -> None:
    rng = random.Random(8)
    bases = synthetic(300, seed=9) + fixture_hands()
    spaced = [_spaced(rng.choice(bases), rng) for _ in range(3000)]
    read, answered, refused = check_hands(c_hand, spaced)
    assert read > 1000 and refused > 100 and read * 0.5 < answered < read, (
        read, answered, refused)
    read, answered, refused = check_hands(c_hand, list(mutated_corpus(15, 4000)))
    assert refused > 1000 and read > 1000 and read * 0.5 < answered < read, (
        read, answered, refused)


def test_read_hand_hostile_calls(c_hand: Any) -> None:
    header = "PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)"
    for bad in ("text", None, (header,), b"xyz"):
        with pytest.raises(TypeError):
            c_hand(bad, True)
    with pytest.raises(TypeError):
        c_hand([], True, 3)
    good = synthetic(1, seed=4)[0].split("\n")
    assert c_hand(good, True) is not None
    assert c_hand([], True) is None and c_hand([header], True) is None
    for item in (None, 5, b"x", "\udc80", "x" * 10_000_000):
        for at in (0, 1, 3, len(good) - 2):
            assert c_hand([*good[:at], item, *good[at:]], True) is None
    assert c_hand(good[:2] + ["", "  "] * 5, True) is None   # no seats, no summary
    assert c_hand(good[:good.index("*** SUMMARY ***")], True) is None   # cut short
    assert c_hand([*good[:good.index("*** SUMMARY ***") + 1], "Board [2c 3c 4c]"],
                  True) is None   # no total


def test_read_hand_dealt_in_without_summary_seats_leaves_out_who_sits_out(
        c_hand: Any) -> None:
    """No seat in the summary: dealt_in is the seated not sitting out (the rare path)."""
    hands = []
    for text in synthetic(40, seed=5):
        lines = text.split("\n")
        summary = lines.index("*** SUMMARY ***")
        seat = next(k for k, line in enumerate(lines) if line.startswith("Seat 2: "))
        lines[seat] += " is sitting out"
        hands.append("\n".join(lines[:summary] + [line for line in lines[summary:]
                                                  if not line.startswith("Seat ")]))
    assert check_hands(c_hand, hands) == (40, 40, 0)
    got = [both_hands(c_hand, text) for text in hands]
    assert all(c[-1] and "p2" not in c[-1] for _, c in got)   # type: ignore[index]


def test_read_span_hostile_calls(c_hand: Any) -> None:
    span = pokerstars._c_span
    assert span is not None
    text = synthetic(1, seed=4)[0]
    assert span(text, 0, len(text), True) is not None
    for bad in ((b"x", 0, 1, True), (None, 0, 0, True), (text, "0", 1, True), (text, 0, 1)):
        with pytest.raises(TypeError):
            span(*bad)
    for start, stop in ((-1, 5), (5, 4), (0, len(text) + 1), (len(text) + 1, len(text) + 2)):
        with pytest.raises(ValueError, match="start and stop"):
            span(text, start, stop, True)
    for start, stop in ((0, 0), (0, 10), (len(text), len(text)), (0, len(text) // 2)):
        assert span(text, start, stop, True) is None
    assert span("\udc80" + text, 1, len(text) + 1, True) is None   # (a lone surrogate)
    long_line = text.replace("*** SUMMARY ***", "p1 said, \"" + "x" * 2000 + "\"\n*** SUMMARY ***")
    assert span(long_line, 0, len(long_line), True) is None   # over MAX_LINE: Python's
