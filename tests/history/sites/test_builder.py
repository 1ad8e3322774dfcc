"""The shared HandBuilder and its action table: what every text reader leans on."""

from __future__ import annotations

from pathlib import Path

import pytest

from hilo_fast.history.sites._builder import (
    BUILDER_ACTIONS,
    POSTS_AND_BETS,
    BadHand,
    HandBuilder,
    action_words,
    money,
)
from hilo_fast.history.sites.pkr import parse_pkr

DATA = Path(__file__).resolve().parents[1] / "data"


def _table() -> HandBuilder:
    b = HandBuilder("test", "1", 1)
    for seat, name in enumerate(("ann", "bob", "cat"), 1):
        b.seat(seat, name, 100)
    return b


def test_cards_of_a_player_no_seat_line_gave_are_a_bad_hand() -> None:
    b = _table()
    b.holes["dan"] = ("Ah", "Kh", "Qh", "Jh")   # (as a reader writing holes directly does)
    with pytest.raises(BadHand, match="'dan' is not seated"):
        b.finish()


def test_a_pkr_hand_whose_seat_line_is_lost_is_unreadable_not_a_traceback() -> None:
    lines = (DATA / "pkr" / "hands.txt").read_text(encoding="utf-8").splitlines()
    seat = next(k for k, line in enumerate(lines) if line.startswith("Seat 1: "))
    reader = parse_pkr("\n".join(lines[:seat] + lines[seat + 1:]))
    hands = list(reader)
    assert reader.error_count == 1 and "is not seated" in reader.errors[0].reason
    for hand in hands:
        hand.replay()


def test_every_action_word_does_what_its_builder_method_does() -> None:
    words = action_words({**POSTS_AND_BETS, "raises to": "raise to", "is all in": "wager"})
    assert set(words) == {*POSTS_AND_BETS, "raises to", "is all in"}
    by_table, by_hand = _table(), _table()
    for table_step, hand_step in (
            (("posts small blind", "ann", 1), lambda b: b.post("ann", "small blind", 1)),
            (("posts big blind", "bob", 2), lambda b: b.post("bob", "big blind", 2)),
            (("raises to", "cat", 6), lambda b: b.raise_to("cat", 6)),
            (("calls", "ann", 5), lambda b: b.call("ann", 5)),
            (("folds", "bob", 0), lambda b: b.fold("bob")),
            (("bets", "ann", 10), lambda b: b.bet_("ann", 10)),
            (("is all in", "cat", 94), lambda b: b.wager_added("cat", 94))):
        word, name, chips = table_step
        words[word](by_table, name, chips)
        hand_step(by_hand)
    assert by_table.actions == by_hand.actions and by_table.posts == by_hand.posts
    assert by_table.put == by_hand.put and by_table.actions[-1].all_in
    assert set(BUILDER_ACTIONS) >= set(POSTS_AND_BETS.values())


@pytest.mark.parametrize("text", ["\u00b2", "1\u00b2", "\u0663", "$1.\u06650", "0.5\u00b2"])
def test_an_amount_of_digits_int_reads_but_no_site_writes_is_refused(text: str) -> None:
    """str.isdigit takes a superscript 2 (int() does not) and int() takes an
    Arabic-Indic 3: neither is an
    amount any site writes, so each is a BadHand naming it, not an int() error."""
    with pytest.raises(BadHand, match="not an amount"):
        money(text, True)
