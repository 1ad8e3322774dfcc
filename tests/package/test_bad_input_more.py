"""More bad input: a bot's bad answers inside Hand.play and simulate, and
binary files or bytes given to the PokerStars reader.

A bad answer (not an ``(action, amount)`` pair, a wrong amount type, an
illegal action) must stop the session with a TypeError or ValueError that
names the seat, the bot and the answer, on every loop that asks bots: the C
loop of Hand.play (native), its Python loop (the pure backend, and on native
with the C loop switched off), simulate with and without an executor. The
hand is left as it was before the bad decision. A bot's own error goes out
as it is.

A binary file (or bytes) given to the reader is decoded as a path is: the
same hands, errors and counts as reading the path, for every line end, a BOM
and bytes that are not UTF-8.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.engine import hand as engine
from hilo_fast.engine.selfplay import random_legal

STRUCTURES = [hf.Structure.pot_limit(1, 2), hf.Structure.no_limit(1, 2),
              hf.Structure.fixed_limit(2, 4)]

EITHER = (TypeError, ValueError)   # act's: ValueError if a bet is not legal now, else TypeError
class _Opaque:
    """An answer of no known kind, with a repr of its own (the same test id in
    every process, as pytest-xdist needs)."""

    def __repr__(self) -> str:
        return "<opaque>"


# (answer, the exception) for answers that are never right, whatever the hand
NEVER_RIGHT: list[tuple[Any, Any]] = [
    (42, TypeError), (None, TypeError), ("call", TypeError), ("fold", TypeError),
    (b"call", TypeError), ((), TypeError), (("call", None, 3), TypeError),
    (("fold", None, None, None), TypeError), (3.5, TypeError), ({"call"}, ValueError),
    (("shove", None), ValueError), ((42, None), ValueError), ((None, None), TypeError),
    (("raise", 10**9), ValueError), (("bet", "x"), EITHER),
    (("raise", -1), ValueError), ((_Opaque(), None), TypeError),
]


def bad_after(k: int, answer: Any) -> Callable[[Any, random.Random], Any]:
    """A bot that plays random legal actions for its first ``k`` decisions, then
    answers ``answer``."""
    asked = [0]

    def flaky_bot(hand: Any, rng: random.Random) -> Any:
        asked[0] += 1
        return answer if asked[0] > k else random_legal(hand, rng)
    return flaky_bot


def loops() -> Iterator[str]:
    yield "default"
    if engine._c_play is not None:
        yield "python loop on native"


@pytest.fixture(params=list(loops()))
def loop(request: pytest.FixtureRequest) -> Iterator[str]:
    saved = engine._c_play
    if request.param != "default":
        engine._c_play = None
    try:
        yield request.param
    finally:
        engine._c_play = saved


def run_until_error(structure: hf.Structure, seats: int, seed: int, bot: Any
                    ) -> tuple[hf.Hand, list[Any], Exception | None]:
    """Play hands until the bot's bad answer; the hand it stopped in, that hand's
    actions and stacks before the bad decision, and the error."""
    table = hf.Table([200] * seats, structure, seed=seed)
    rng = random.Random(seed)
    for _ in range(50):
        hand = table.next_hand(rebuy_to=200)
        before: list[Any] = []

        def watching(h: Any, r: random.Random, before: list[Any] = before) -> Any:
            before[:] = [list(h.actions), list(h.stacks), list(h.bets), h.actor]
            return bot(h, r)
        try:
            hand.play(watching, rng)
        except (TypeError, ValueError) as error:
            return hand, before, error
    return hand, [], None


@pytest.mark.parametrize("answer, exception", NEVER_RIGHT,
                         ids=[repr(a)[:24] for a, _ in NEVER_RIGHT])
def test_a_bad_answer_in_hand_play_names_seat_bot_and_answer(
        loop: str, answer: Any, exception: Any) -> None:
    for seed, structure in enumerate(STRUCTURES):
        seats = 2 + seed * 3
        bot = bad_after(seed * 4 + 1, answer)
        hand, before, error = run_until_error(structure, seats, seed, bot)
        assert error is not None
        assert type(error) in (exception if exception is EITHER else (exception,)), error
        seat = before[3]
        message = str(error)
        assert message.startswith(f"seat {seat}'s bot "), message
        assert "run_until_error.<locals>.watching answered" in message, message  # the bot asked
        assert f"answered {answer!r}" in message, message
        # nothing changed by the refused answer
        assert [list(hand.actions), list(hand.stacks), list(hand.bets), hand.actor] == before


def test_an_answer_of_one_item_or_a_list_is_still_taken(loop: str) -> None:
    """(action,) and [action, amount] were taken by hand.act(*answer): still are."""
    hand = hf.Hand(hf.Structure.pot_limit(1, 2), [100, 100, 100], button=0, seed=3)
    hand.play(lambda h, r: ("call",) if h.call_amount else ["check", None], random.Random(1))
    assert hand.is_over and sum(hand.stacks) == 300


def test_a_bots_own_error_goes_out_as_it_is(loop: str) -> None:
    def broken(hand: Any, rng: random.Random) -> Any:
        raise TypeError("the bot's own mistake")
    hand = hf.Hand(hf.Structure.pot_limit(1, 2), [100, 100], button=0, seed=3)
    with pytest.raises(TypeError, match=r"^the bot's own mistake$"):
        hand.play(broken, random.Random(1))


class Answers42:
    """A bot that is an object, not a function."""

    def __call__(self, hand: Any, rng: random.Random) -> Any:
        return 42


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("with_executor", [False, True])
def test_simulate_names_seat_bot_and_answer(players: int, with_executor: bool) -> None:
    def answers_42(hand: Any, rng: random.Random) -> Any:
        return 42
    for bots, name, seat in (([answers_42], "answers_42", None),
                             (["call", Answers42()], "Answers42 object", 1),
                             ([random_legal, bad_after(30, ("raise", 10**12))], "flaky_bot",
                              1)):
        executor = ThreadPoolExecutor(2) if with_executor else None
        expect: type[Exception] = ValueError if name == "flaky_bot" else TypeError
        try:
            with pytest.raises(expect) as error:
                hf.simulate(600, hf.Structure.pot_limit(1, 2), players=players, bots=bots,
                            seed=players, executor=executor)
        finally:
            if executor is not None:
                executor.shutdown()
        message = str(error.value)
        assert name in message, message
        answer = "42" if name != "flaky_bot" else "('raise', 1000000000000)"
        assert f"answered {answer}" in message, message
        if seat is not None:
            # the bad bot sits at the odd seats: seats 1, 3, ... (bots repeat)
            assert int(message.split("'s bot")[0].removeprefix("seat ")) % 2 == 1, message
        else:
            assert message.startswith("seat "), message


# ---- the PokerStars reader: binary files and bytes ----

DATA = Path(__file__).resolve().parents[1] / "history" / "data" / "pokerstars"


def reading(reader: hf.PokerStarsReader) -> tuple[Any, ...]:
    """Everything a reader gives (HandHistory has no ==: its fields are compared)."""
    hands = [dataclasses.astuple(hand) for hand in reader]
    return hands, reader.hands, reader.skipped, dict(reader.skipped_games), reader.errors


def variants(data: bytes) -> Iterator[tuple[str, bytes]]:
    """The file as different machines and sites write it."""
    yield "as is", data
    lf = data.replace(b"\r\n", b"\n")
    yield "crlf", lf.replace(b"\n", b"\r\n")
    yield "cr", lf.replace(b"\n", b"\r")
    yield "bom", b"\xef\xbb\xbf" + lf
    # one hand's line with a byte that is not UTF-8: only that hand is refused
    at = lf.find(b"\n", lf.find(b"Seat 1:"))
    yield "latin-1 byte", lf[:at] + b" \xe9" + lf[at:]


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.txt")))
def test_a_binary_file_reads_as_its_path(tmp_path: Path, name: str) -> None:
    for label, data in variants((DATA / name).read_bytes()):
        path = tmp_path / f"{label}.txt"
        path.write_bytes(data)
        want = reading(hf.read_pokerstars(path))
        with open(path, "rb") as binary:
            assert reading(hf.read_pokerstars(binary)) == want, label
            assert not binary.closed   # the caller's file stays the caller's
        with open(path, "rb", buffering=0) as raw:
            assert reading(hf.read_pokerstars(raw)) == want, label
        assert reading(hf.read_pokerstars(io.BytesIO(data))) == want, label
        gz = tmp_path / f"{label}.txt.gz"
        gz.write_bytes(gzip.compress(data))
        with gzip.open(gz) as unzipped:
            assert reading(hf.read_pokerstars(unzipped)) == want, label
        if label != "cr":   # (str.splitlines and universal newlines agree but on "\r")
            assert reading(hf.parse_pokerstars(data)) == reading(
                hf.parse_pokerstars(data.decode("utf-8", "surrogateescape"))), label


def test_a_binary_file_that_is_no_history_is_the_documented_value_error() -> None:
    with pytest.raises(ValueError, match="is not a PokerStars hand history"):
        list(hf.read_pokerstars(io.BytesIO(b"hello\n" * 60)))
    with pytest.raises(ValueError, match="is not a PokerStars hand history"):
        list(hf.read_pokerstars(io.BytesIO(b"\x00\xff\xfe binary junk")))
    with pytest.raises(ValueError, match="is not a PokerStars hand history"):
        list(hf.parse_pokerstars(b"\x89PNG\r\n\x1a\n"))


@pytest.mark.parametrize("source", [b"PokerStars Hand #1", bytearray(b"x"), 12, None, 3.5,
                                    ["PokerStars Hand #1"]])
def test_what_is_no_file_is_the_documented_type_error(source: Any) -> None:
    with pytest.raises(TypeError, match=r"^source must be a path or an open text file, got"):
        hf.read_pokerstars(source)
    if isinstance(source, (bytes, bytearray)):
        with pytest.raises(TypeError, match="parse_pokerstars"):
            hf.read_pokerstars(source)


def test_a_file_like_object_of_no_io_class() -> None:
    """Something with read() and lines (not an io class): text or bytes lines are
    read; other lines are a TypeError naming what they are."""
    data = (DATA / "plo8_cash.txt").read_bytes()
    want = reading(hf.read_pokerstars(DATA / "plo8_cash.txt"))

    class Lines:
        def __init__(self, lines: list[Any]) -> None:
            self.lines = lines

        def read(self, size: int = -1) -> Any:
            raise AssertionError("iterated, not read")

        def __iter__(self) -> Iterator[Any]:
            return iter(self.lines)
    assert reading(hf.read_pokerstars(Lines(data.splitlines(keepends=True)))) == want
    text = data.decode().splitlines(keepends=True)
    assert reading(hf.read_pokerstars(Lines(text))) == want
    with pytest.raises(TypeError, match="gave int lines"):
        list(hf.read_pokerstars(Lines([1, 2, 3])))
