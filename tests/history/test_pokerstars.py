"""The PokerStars reader, one construct of the format at a time, and bad input.

The fixtures in tests/history/data/pokerstars/ are written by hand for these tests
(every amount worked out by hand); the real PokerStars files beside the
repository are checked by the CI step `hilo-fast hh check`.
"""

from __future__ import annotations

import io
import tracemalloc
from datetime import datetime
from pathlib import Path

import pytest

import hilo_fast as hf
from hilo_fast.engine.structures import Limit
from hilo_fast.history.model import HHAction, Post, SeatInfo
from hilo_fast.history.sites.pokerstars import MAX_HAND_LINES, SNIFF_LINES

DATA = Path(__file__).parent / "data" / "pokerstars"


def hands(name: str) -> list[hf.HandHistory]:
    return list(hf.read_pokerstars(DATA / name))


def test_new_header_cash_game_in_cents() -> None:
    h = hands("plo8_cash.txt")[0]
    assert (h.hand_id, h.site, h.game, h.limit, h.hole_count) == (
        "300000000001", "PokerStars", "Omaha Hi/Lo Pot Limit", Limit.POT, 4)
    assert (h.stakes, h.currency, h.is_tournament) == ((5, 10), "USD", False)
    assert (h.table, h.max_seats, h.button) == ("Fixture I", 6, 1)
    assert h.date == datetime(2024, 3, 5, 12, 0, 0) and h.time_zone == "CET"
    assert h.seats[:2] == (SeatInfo(1, "alice", 1000), SeatInfo(2, "bob", 1050))
    assert h.seats[3] == SeatInfo(5, "dave", 1200, sitting_out=True)
    assert "dave" not in h.dealt_in and h.dealt_in == ("alice", "bob", "carol")
    assert h.posts == (Post("bob", "small blind", 5), Post("carol", "big blind", 10))
    assert h.actions[:3] == (HHAction("preflop", "alice", "raise", 20, 30),
                             HHAction("preflop", "bob", "call", 25),
                             HHAction("preflop", "carol", "call", 20))
    assert h.actions[-1] == HHAction("river", "alice", "call", 100)
    assert h.board_by_street == {"flop": ("3c", "4d", "9s"), "turn": ("Kh",),
                                 "river": ("7h",)}
    assert h.hero == "alice" and h.hole_cards["alice"] == ("Ah", "2h", "Kd", "Qc")
    assert h.hole_cards["bob"] == ("As", "2c", "9d", "9c") and h.shown == ("bob", "alice")
    # Every amount an exact int of cents: 2.24 + 1.12 for bob, never a float.
    assert h.collected == {"bob": 336, "alice": 111}
    assert all(type(v) is int for v in h.collected.values())
    assert h.pot_collections == ((0, "bob", 224), (0, "bob", 112), (0, "alice", 111))
    assert (h.total_pot, h.rake, h.pots, h.cancelled) == (470, 23, (), False)


def test_side_pots_all_in_and_uncalled_bet() -> None:
    h = hands("plo8_cash.txt")[1]
    assert HHAction("preflop", "erin", "raise", 70, 100, all_in=True) in h.actions
    assert HHAction("flop", "bob", "return", 200) in h.actions
    assert h.pots == (270, 400) and h.rake == 30 and h.total_pot == 700
    assert h.collected == {"bob": 535, "erin": 135}
    assert (1, "bob", 400) in h.pot_collections and (0, "erin", 135) in h.pot_collections
    assert h.board == ("2c", "5d", "Th", "Js", "4h")   # dealt with nobody left to bet


def test_posted_and_dead_blinds_chat_and_table_traffic() -> None:
    h = hands("plo8_cash.txt")[2]
    assert h.posts == (Post("bob", "small blind", 5), Post("carol", "big blind", 10),
                       Post("dave", "big blind", 10), Post("frank", "small & big blinds", 15))
    assert HHAction("preflop", "dave", "check") in h.actions
    assert h.collected == {"carol": 109} and h.rake == 6


def test_muck_at_showdown_keeps_the_summary_cards() -> None:
    h = hands("plo8_cash.txt")[3]
    assert h.mucked == ("bob",) and h.shown == ("erin",)
    assert h.hole_cards["bob"] == ("As", "2s", "3s", "4s")
    assert h.button == 2 and h.dealt_in == ("bob", "erin")


def test_old_header_fixed_limit_and_cancelled_hand() -> None:
    played, cancelled = hands("lo8_limit.txt")
    assert (played.hand_id, played.limit, played.stakes) == ("27000000001", Limit.FIXED,
                                                              (10, 20))
    assert played.posts[0] == Post("ivan", "small blind", 5) and played.blinds == (5, 10)
    assert [a.kind for a in played.actions[:3]] == ["raise"] * 3
    assert played.collected == {"gina": 105, "ivan": 104} and played.rake == 11
    assert cancelled.cancelled and cancelled.collected == {} and cancelled.actions == ()
    replay = cancelled.replay()
    assert not replay.settled and replay.discrepancies == [] and not replay.exact


def test_tournament_chips_antes_bounties_level() -> None:
    (h,) = hands("tournament.txt")
    assert h.is_tournament and (h.tournament_id, h.buy_in, h.level) == (
        "900001", "$10+$1 USD", "V")
    assert (h.stakes, h.currency, h.max_seats) == ((50, 100), None, 9)
    assert h.seats[1] == SeatInfo(2, "lee", 800, bounty="$2")
    assert h.antes == {"kim": 10, "lee": 10, "max": 10, "ned": 10} and h.blinds == (50, 100)
    assert HHAction("flop", "max", "bet", 400, all_in=True) in h.actions
    assert h.collected == {"kim": 1227, "max": 828, "lee": 1255}
    assert h.pots == (2510, 800) and h.total_pot == 3310


def test_mixed_game_file_skips_other_games_and_reads_home_games() -> None:
    reader = hf.read_pokerstars(DATA / "mixed_home.txt")
    o8, big_o = list(reader)
    assert (reader.hands, reader.skipped) == (2, 2)
    assert dict(reader.skipped_games) == {"Hold'em No Limit": 1, "Razz Limit": 1}
    assert reader.errors == []
    assert (o8.mixed_game, o8.limit, o8.currency, o8.stakes) == ("8-Game", Limit.FIXED,
                                                                 "USD", (10, 20))
    assert big_o.home_game and big_o.hole_count == 5 and big_o.currency is None
    assert big_o.hole_cards["rae"] == ("Ah", "4d", "Qs", "Jd", "8c")
    assert big_o.collected == {"sam": 1000, "rae": 1000}


def test_bom_crlf_and_open_files_read_alike(tmp_path: Path) -> None:
    text = (DATA / "plo8_cash.txt").read_text(encoding="utf-8")
    expected = [(h.hand_id, h.collected, h.actions) for h in hf.parse_pokerstars(text)]
    path = tmp_path / "crlf.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    assert [(h.hand_id, h.collected, h.actions) for h in hf.read_pokerstars(path)] == expected
    assert [(h.hand_id, h.collected, h.actions)
            for h in hf.read_pokerstars(str(path))] == expected
    with open(path, encoding="utf-8-sig", newline="") as stream:
        assert [(h.hand_id, h.collected, h.actions)
                for h in hf.read_pokerstars(stream)] == expected
    assert [h.hand_id for h in hf.read_pokerstars(io.StringIO(text))] == \
        [e[0] for e in expected]


def test_unreadable_hands_are_reported_and_reading_goes_on() -> None:
    reader = hf.read_pokerstars(DATA / "bad.txt")
    (good,) = list(reader)
    assert good.hand_id == "600000000005" and good.replay().exact
    found = {(e.hand_id, e.line): e.reason for e in reader.errors}
    assert set(found) == {("600000000001", 1), ("600000000002", 19), ("600000000003", 30),
                          ("600000000004", 37)}
    assert "garbage" in found[("600000000001", 1)] and "line 8" in found[("600000000001", 1)]
    assert "cut short" in found[("600000000002", 19)]
    assert "unknown game 'Omaha Hi/Lo Spread Limit'" in found[("600000000003", 30)]
    assert "'vic' acts but is not seated" in found[("600000000004", 37)]
    assert reader.error_count == 4 and "hand #600000000001 at line 1" in str(reader.errors[0])


def test_bytes_that_are_not_utf8_refuse_only_their_hand(tmp_path: Path) -> None:
    text = (DATA / "plo8_cash.txt").read_text(encoding="utf-8")
    first, rest = text.split("\n\n\n\n", 1)
    path = tmp_path / "latin1.txt"
    path.write_bytes(first.replace("carol", "car\xf6l").encode("latin-1") + b"\n\n\n\n"
                     + rest.encode())
    reader = hf.read_pokerstars(path)
    assert [h.hand_id for h in reader] == ["300000000002", "300000000003", "300000000004"]
    assert [(e.hand_id, e.reason) for e in reader.errors] == [
        ("300000000001", "bytes that are not UTF-8")]


@pytest.mark.parametrize("content", ["", "\n\n  \n", "\ufeff"])
def test_an_empty_file_has_no_hands(tmp_path: Path, content: str) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(content, encoding="utf-8")
    reader = hf.read_pokerstars(path)
    assert list(reader) == [] and reader.errors == [] and reader.skipped == 0


@pytest.mark.parametrize("text", ["hello\nworld\n", "x\n" * (SNIFF_LINES + 10),
                                  "Full Tilt Poker Game #1: Hold'em\n"])
def test_a_file_that_is_no_hand_history_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="is not a PokerStars hand history"):
        list(hf.parse_pokerstars(text))


def test_text_before_the_first_hand_is_reported() -> None:
    text = "exported by some tool\n\n" + (DATA / "lo8_limit.txt").read_text(encoding="utf-8")
    reader = hf.parse_pokerstars(text)
    assert len(list(reader)) == 2
    assert [(e.hand_id, e.line) for e in reader.errors] == [("", 1)]


def test_bad_sources_are_type_errors() -> None:
    with pytest.raises(TypeError, match="path or an open text file"):
        hf.read_pokerstars(b"PokerStars")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a str"):
        hf.parse_pokerstars(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("line", "reason"), [
    ("alice: raises $0.20 to $0.3x", "bad amount"),
    ("alice: raises $0.205 to $0.30", "more than two decimals"),
    ("alice: dances", "unknown action"),
    ("alice: shows [As 2d", "bad shows line"),
    ("*** FLOP *** [3c 4d]", "bad flop cards"),
    ("*** FLOP *** [3c 4d 1s]", "bad card '1s'"),
    ("*** FIRST FLOP *** [3c 4d 9s]", "a run's board is not five cards"),
])
def test_garbled_lines_name_the_problem(line: str, reason: str) -> None:
    text = (DATA / "plo8_cash.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    garbled = text.replace("alice: raises $0.20 to $0.30", line)
    reader = hf.parse_pokerstars(garbled)
    assert list(reader) == []
    assert reason in reader.errors[0].reason


def test_amounts_with_thousands_separators_and_fractional_chips() -> None:
    from hilo_fast.history.sites.pokerstars import _money, _Unreadable
    assert _money("$1,234.56", True) == 123456 and _money("€7", True) == 700
    assert _money("1,148", False) == 1148
    with pytest.raises(_Unreadable):
        _money("10.5", False)


def test_odd_amounts_are_read_or_refused_never_raised() -> None:
    """".0" chips are no chips (once a bare ValueError of int("")); digits other
    than 0-9 ("²", which str.isdigit takes and int() refuses) are a bad amount."""
    from hilo_fast.history.sites.pokerstars import _money, _Unreadable
    assert _money(".0", False) == 0 and _money("$.5", True) == 50
    for text, cash in (("²", False), ("²", True), ("5.²", True), (".²", True)):
        with pytest.raises(_Unreadable, match="bad amount"):
            _money(text, cash)
    text = (DATA / "plo8_cash.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    reader = hf.parse_pokerstars(text.replace("alice: raises $0.20 to $0.30",
                                              "alice: raises $²0 to $0.30"))
    assert list(reader) == [] and "bad amount" in reader.errors[0].reason


def test_an_endless_hand_is_cut_and_reading_goes_on() -> None:
    text = (DATA / "lo8_limit.txt").read_text(encoding="utf-8")
    first, second = text.split("\n\n\n\n")
    endless = first.replace("Betting is capped", "Betting is capped\n" * MAX_HAND_LINES)
    reader = hf.parse_pokerstars(endless + "\n\n" + second)
    assert [h.hand_id for h in reader] == ["27000000002"]
    assert "more than" in reader.errors[0].reason


def test_memory_stays_flat_whatever_the_file_size(tmp_path: Path) -> None:
    """Two files, 0.5 MB and 4 MB: reading either takes about the same memory
    above what was in use before (one hand at a time), below the smaller file.
    A warm-up read first fills the interpreter's free lists (freed tuples it
    keeps for reuse, bounded), which tracemalloc counts as in use. (A 100 MB
    file is read the same way; docs/hand-histories.md gives its figures.)"""
    hand = (DATA / "plo8_cash.txt").read_text(encoding="utf-8") + "\n\n"
    paths = []
    for kilobytes in (500, 500, 4000):
        path = tmp_path / f"{len(paths)}-{kilobytes}kb.txt"
        copies = kilobytes * 1000 // len(hand) + 1
        with open(path, "w", encoding="utf-8") as out:
            for _ in range(copies):
                out.write(hand)
        paths.append((path, 4 * copies))
    tracemalloc.start()
    try:
        growth = []
        for path, count in paths:
            before = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            assert sum(1 for _ in hf.read_pokerstars(path)) == count
            growth.append(tracemalloc.get_traced_memory()[1] - before)
    finally:
        tracemalloc.stop()
    _, small, large = growth
    # The free lists make a few hundred kB of noise, the same for any size; a
    # reader holding the file (or its hands) would take megabytes here.
    assert large < 600_000, f"reading 4 MB took {large} bytes"
    assert large < small + 400_000, f"memory grew with the file: {small} -> {large} bytes"


DOCS = Path(__file__).resolve().parents[2] / "docs" / "hand-histories.md"


@pytest.mark.skipif(not DOCS.exists(), reason="docs/ is not beside the tests")
def test_the_docs_examples_run() -> None:
    import doctest
    failures, tried = doctest.testfile(str(DOCS), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 10 and failures == 0


def test_a_player_name_with_a_colon() -> None:
    text = (DATA / "plo8_cash.txt").read_text(encoding="utf-8").split("\n\n\n\n")[3]
    (h,) = hf.parse_pokerstars(text.replace("erin", "Dr: Who"))
    assert h.collected == {"Dr: Who": 19} and h.replay().exact


def _reading(reader: hf.PokerStarsReader) -> tuple[object, ...]:
    """Everything a reader gives: each hand's fields, then its counts and errors."""
    from dataclasses import fields
    got = [tuple(getattr(h, f.name) for f in fields(h)) for h in reader]
    return (got, reader.hands, reader.skipped, dict(reader.skipped_games), reader.errors,
            reader.error_count)


def _read_both_ways(path: Path) -> tuple[object, object]:
    """A path read in chunks (the reader's own file) and line by line (an open file)."""
    try:
        chunked: object = _reading(hf.read_pokerstars(path))
    except ValueError as exc:
        chunked = str(exc).replace(str(path), "<file>")
    with open(path, encoding="utf-8", errors="surrogateescape") as stream:
        try:
            by_line: object = _reading(hf.read_pokerstars(stream))
        except ValueError as exc:
            by_line = str(exc).replace(getattr(stream, "name", ""), "<file>")
    return chunked, by_line


@pytest.mark.parametrize("chunk", [5, 64, 1 << 16])
def test_a_file_read_in_chunks_reads_as_line_by_line(tmp_path: Path, chunk: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The two ways hands are gathered (a file the reader opens is read in
    chunks; other sources line by line) give the same hands, errors and line
    numbers, on every fixture and on random edits of them: lines cut, repeated,
    blank or garbage lines, spaces and BOMs before a header, CR LF line ends,
    texts before the first hand, over-long hands, chunk edges anywhere."""
    import random

    from hilo_fast import pokerstars

    monkeypatch.setattr(pokerstars, "_CHUNK", chunk)
    monkeypatch.setattr(pokerstars, "MAX_HAND_LINES", 60)
    rng = random.Random(chunk)
    texts = [p.read_text(encoding="utf-8", errors="surrogateescape")
             for p in sorted(DATA.glob("*.txt"))]
    edits = [lambda s: "", lambda s: s, lambda s: s + s, lambda s: " " + s,
             lambda s: "\ufeff" + s, lambda s: "garbage " + s, lambda s: "\n",
             lambda s: s[:rng.randrange(len(s) + 1)], lambda s: s.strip() + "\n" * 3,
             lambda s: "\t\ufeff " + s, lambda s: s.replace(": ", ":  "),
             lambda s: "bob said, " + s, lambda s: "\ufeff\ufeff" + s]
    cases = list(texts) + ["", "\n\n", "x\n" * 60, "x\n" * 3] + [
        "x\n\n" * n + texts[0] for n in (SNIFF_LINES - 1, SNIFF_LINES)]
    for _ in range(60):
        lines = rng.choice(texts).split("\n")
        for _ in range(rng.randrange(1, 6)):
            k = rng.randrange(len(lines))
            lines[k] = rng.choice(edits)(lines[k])
        if rng.random() < 0.2:
            k = rng.randrange(len(lines))
            lines[k:k] = ["Betting is capped"] * rng.randrange(50, 70)
        cases.append(rng.choice(["garbage\n", "", "\n \n"]) * rng.randrange(3) +
                     "\n".join(lines))
    for k, text in enumerate(cases):
        path = tmp_path / f"{k}.txt"
        with open(path, "w", encoding="utf-8", errors="surrogateescape",
                  newline=rng.choice(["\n", "\r\n"])) as out:
            out.write(text)
        chunked, by_line = _read_both_ways(path)
        assert chunked == by_line, f"case {k}: {text[:200]!r}"


@pytest.mark.parametrize("blank", ["", "\n"])
@pytest.mark.parametrize("extra", [-1, 0, 1, 2])
def test_a_hand_of_max_lines_is_read_one_more_is_cut(tmp_path: Path, extra: int, blank: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """MAX_HAND_LINES lines not blank (blank ones not counted) read, one more cut:
    from a file and from a string alike."""
    from hilo_fast import pokerstars

    monkeypatch.setattr(pokerstars, "MAX_HAND_LINES", 60)
    first, second = (DATA / "lo8_limit.txt").read_text(encoding="utf-8").split("\n\n\n\n")
    lines = first.strip().split("\n")
    at = lines.index("Betting is capped")
    lines[at:at] = ["Betting is capped" + blank] * (60 + extra - len(lines))
    text = "\n".join(lines) + "\n" + blank + second
    path = tmp_path / "h.txt"
    path.write_text(text, encoding="utf-8")
    for reader in (hf.read_pokerstars(path), hf.parse_pokerstars(text)):
        ids = [h.hand_id for h in reader]
        assert len(ids) == (2 if extra <= 0 else 1), (extra, ids, reader.errors)
        assert bool(reader.errors) == (extra > 0)


def _plain_date(date: str) -> object:
    """The date read without the minutes cache: the regex, then datetime()."""
    from datetime import datetime

    from hilo_fast import pokerstars

    parts = pokerstars._DATE_PARTS.match(date)
    if parts is None:
        return None, ""
    y, mo, d, hh, mi, ss, tz = parts.groups()
    try:
        return datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss)), tz or ""
    except ValueError:
        return "bad date"


def test_table_and_header_caches_stay_bounded_and_keep_taking_new_ones() -> None:
    """More distinct table lines and headers than a cache keeps (a big import
    of many tables and tournaments): each read as the regex reads it, each
    cache bounded, and the last ones read cached (a cache that filled up once
    would otherwise miss on every later table)."""
    from hilo_fast import pokerstars

    count = pokerstars._CACHE_SIZE + 1500
    for k in range(count):
        line = f"Table 'T {k}' it's #{k % 7}' {k % 9 + 2}-max Seat #{k % 9 + 1} is the button"
        got = pokerstars._table(line)
        found = pokerstars._TABLE.match(line)
        assert found is not None
        assert got == (found["table"], int(found["max"]), int(found["button"]))
        assert got[0] == f"T {k}' it's #{k % 7}"
        assert len(pokerstars._TABLES) <= pokerstars._CACHE_SIZE
    assert line in pokerstars._TABLES
    for k in range(count):
        rest = (f"Tournament #{k}, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level {k % 30 + 1} "
                f"(10/20) - 2024/01/02 3:04:05 ET")
        header, date, tz = pokerstars._header("Hand", rest)
        assert (header.tournament, header.stakes, tz) == (str(k), (10, 20), "ET")
        assert date is not None and (date.year, date.second) == (2024, 5)
        assert len(pokerstars._HEADERS) <= pokerstars._CACHE_SIZE
    assert ("Hand", rest[:rest.index(" - 2024")]) in pokerstars._HEADERS


def test_dates_read_through_the_minutes_cache_as_without_it() -> None:
    """Random dates, valid or not (second 60, month 13, 30 February, hour 24, Unicode
    digits), each minute met again with other seconds: the cached minute plus its
    seconds is the date read whole; a bad one is refused alike."""
    import random

    from hilo_fast import pokerstars

    rng = random.Random(3)
    pokerstars._MINUTES.clear()
    minutes = [f"{rng.choice(['2024', '2009', '2000', '1999'])}/{rng.randint(0, 13)}/"
               f"{rng.randint(0, 32)}{rng.choice([' ', ' - ', '-'])}{rng.randint(0, 25)}:"
               f"{rng.randint(0, 61):02d}" for _ in range(300)]
    minutes += ["2024/2/29 3:04", "2023/2/29 3:04", "\u0662\u0660\u0662\u0664/1/2 3:04"]
    seen = bad = 0
    for _ in range(5000):
        seconds = rng.choice([0, 5, 59, 60, 99, rng.randint(0, 59)])
        tz = rng.choice([" ET", " (ET)", "", " CET [x]"])
        text = f"{rng.choice(minutes)}:{seconds:02d}{tz}"
        seen += text[:text.rindex(":")] in pokerstars._MINUTES
        try:
            got: object = pokerstars._date(text)
        except pokerstars._Unreadable:
            got = "bad date"
        assert got == _plain_date(text), text
        assert type(got) is type(_plain_date(text))
        bad += got == "bad date"
    assert seen > 2000 and 500 < bad < 4000, (seen, bad)   # (the cache was used, both ways)
    for k in range(2500):   # more minutes than the cache keeps
        text = f"2024/1/{k % 28 + 1} {k // 60 % 24}:{k % 60:02d}:{k % 59:02d} ET"
        assert pokerstars._date(text) == _plain_date(text) == pokerstars._date(text)
        assert len(pokerstars._MINUTES) <= 1000
