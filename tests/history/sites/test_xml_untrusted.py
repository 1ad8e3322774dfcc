"""The four XML readers on untrusted input: an entity bomb and external
entities refused (never expanded, never fetched) with one clear error for the
file; a DTD after the first element is no way in; garbage, another site's
file, megabytes of junk with memory flat; a file of synthetic hands from
self-play (2..10 seats, every structure, stacks from 1 chip) read back and
replayed to the engine's own payouts, and read as the PokerStars reader reads
the same hands."""

from __future__ import annotations

import dataclasses
import itertools
import random
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hilo_fast.engine.hand import Hand
from hilo_fast.engine.selfplay import random_legal
from hilo_fast.engine.structures import Limit, Structure
from hilo_fast.history.sites._base import SiteReader
from hilo_fast.history.sites.boss import parse_boss
from hilo_fast.history.sites.ipoker import parse_ipoker
from hilo_fast.history.sites.merge import parse_merge
from hilo_fast.history.sites.microgaming import parse_microgaming
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import write_hand
from hilo_fast.history.synth_xml import synthetic_ipoker, write_ipoker

FIXTURES = Path(__file__).resolve().parents[1] / "data"

READERS: dict[str, tuple[Callable[[str], SiteReader], str]] = {
    "ipoker": (parse_ipoker, '<session sessioncode="1"><game gamecode="1">{body}</game>'
               "</session>"),
    "merge": (parse_merge, '<description type="Omaha H/L8" stakes="Pot Limit"/>'
              '<game id="1" numholecards="4">{body}</game>'),
    "boss": (parse_boss, '<HISTORY ID="1" GAME="GAME_OMAHL">{body}</HISTORY>'),
    "microgaming": (parse_microgaming, '<Game hhversion="4" id="1">{body}</Game>'),
}

BOMB = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE x [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
"""
EXTERNAL_DTD = '<?xml version="1.0"?>\n<!DOCTYPE x SYSTEM "http://127.0.0.1:9/x.dtd">\n'
PARAMETER = """<?xml version="1.0"?>
<!DOCTYPE x [ <!ENTITY % p SYSTEM "http://127.0.0.1:9/p.dtd"> %p; ]>
"""


@pytest.mark.parametrize("site", READERS)
@pytest.mark.parametrize(("prolog", "body", "says", "line"), [
    (BOMB, "&lol9;", "the entity 'lol' is refused", 3),
    (EXTERNAL, "&secret;", "the external entity 'secret' (file:///etc/passwd) is refused", 2),
    (EXTERNAL_DTD, "", "names an external DTD (http://127.0.0.1:9/x.dtd): refused", 2),
    (PARAMETER, "", "the external entity 'p' (http://127.0.0.1:9/p.dtd) is refused", 2),
], ids=["billion-laughs", "external-entity", "external-dtd", "parameter-entity"])
def test_entities_are_refused_never_expanded_nor_fetched(site: str, prolog: str, body: str,
                                                         says: str, line: int) -> None:
    parse, hand = READERS[site]
    reader = parse(prolog + hand.format(body=body))
    assert list(reader) == []
    assert len(reader.errors) == 1
    error = reader.errors[0]
    assert error.hand_id == "" and says in error.reason and "<text>" in error.reason
    assert error.line == line


@pytest.mark.parametrize("site", READERS)
def test_a_dtd_after_the_first_element_is_an_error_of_the_hand_not_a_way_in(site: str) -> None:
    parse, hand = READERS[site]
    inside = hand.format(body='<!DOCTYPE x [<!ENTITY e "boom">]>&e;')
    reader = parse(inside)
    assert list(reader) == []
    assert len(reader.errors) == 1 and "XML error" in reader.errors[0].reason
    assert "boom" not in str(reader.errors[0])


@pytest.mark.parametrize("site", READERS)
def test_garbage_and_another_sites_file_are_reported(site: str) -> None:
    parse, _ = READERS[site]
    for text in ("", "just some text\nand more < & > ]]>\n",
                 "PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)\n",
                 "<html><body><p>not poker</p></body></html>\n"):
        reader = parse(text)
        assert list(reader) == []
        assert len(reader.errors) == 1 and "hand history" in reader.errors[0].reason


def _junk(megabytes: int) -> Iterator[str]:
    rng = random.Random(5)
    alphabet = "abc <>&;/=\"'xyz012 ]!?-"
    line = "".join(rng.choice(alphabet) for _ in range(99))
    for k in range(megabytes * 10_000):
        yield line[k % 50:] + line[:k % 50]


@pytest.mark.parametrize("site", READERS)
def test_megabytes_of_junk_keep_memory_flat(site: str) -> None:
    parse, _ = READERS[site]
    reader_class = type(parse(""))
    tracemalloc.start()
    try:
        reader = reader_class(_junk(5), "junk")
        assert list(reader) == []
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000
    assert reader.error_count <= 1


def _random_hand(rng: random.Random, seats: int) -> Hand:
    limit = rng.choice((Limit.FIXED, Limit.POT, Limit.NO))
    if limit == Limit.FIXED:
        structure = Structure.fixed_limit(10, 20, small_blind=5)
    elif limit == Limit.POT:
        structure = Structure.pot_limit(5, 10, ante=rng.choice((0, 1)))
    else:
        structure = Structure.no_limit(5, 10)
    stacks = [rng.choice((rng.randint(1, 40), rng.randint(100, 2000))) for _ in range(seats)]
    hand = Hand(structure, stacks, rng.randrange(seats), rng=rng,
                hole_count=4 if seats > 8 or rng.random() < 0.7 else 5)
    while not hand.is_over:
        hand.act(*random_legal(hand, rng))
    return hand


def test_synthetic_hands_of_every_size_replay_to_the_engines_payouts() -> None:
    rng = random.Random(2024)
    for seats, k in itertools.product(range(2, 11), range(25)):
        hand = _random_hand(rng, seats)
        hero = rng.randrange(seats)
        (ipoker,) = parse_ipoker(write_ipoker(hand, 1000 + k, hero=hero))
        replay = ipoker.replay()
        assert replay.exact, (seats, k, replay.discrepancies)
        paid = {f"p{seat + 1}": won for seat, won in enumerate(hand.payouts) if won}
        assert replay.collected == paid
        # the same hand as PokerStars words it: the same posts and actions
        (stars,) = parse_pokerstars(write_hand(hand, 1000 + k, hero=hero))
        said = tuple(a for a in stars.actions if a.kind != "return")   # (iPoker has none)
        assert ipoker.actions == said and ipoker.posts == stars.posts
        assert [s[:3] for s in ipoker.seats] == [s[:3] for s in stars.seats]


def test_a_file_of_many_sessions_reads_every_hand() -> None:
    reader = parse_ipoker("".join(synthetic_ipoker(200, seed=9)))
    hands = list(reader)
    assert len(hands) == 200 and reader.errors == []
    assert all(h.replay().exact for h in hands)


def test_an_endless_hand_is_reported_with_memory_bounded() -> None:
    def lines() -> Iterator[str]:
        yield '<session sessioncode="1"><general><gametype>Omaha HiLow PL $1/$2</gametype>'
        yield "</general>"
        yield '<game gamecode="7">'
        for k in range(12_000):
            yield f'<action no="{k}" player="a" type="4" sum="$0"/>'
        yield "</game></session>"

    tracemalloc.start()
    try:
        reader = type(parse_ipoker(""))(lines(), "endless")
        assert list(reader) == []
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000
    assert [(e.hand_id, e.line) for e in reader.errors] == [("7", 3)]
    assert "more than 5000 XML elements" in reader.errors[0].reason


@pytest.mark.parametrize("mutate", ["cut", "drop"])
def test_a_broken_hand_loses_no_other_hand(mutate: str) -> None:
    """Any line inside a hand cut in half (or dropped): that hand at most is lost,
    every other hand of the file is read and replays; over every inner line of
    hands of a file of 40 (long enough that the reader takes its lines in
    blocks). (A broken <game> or </game> line itself can cost the hands after
    it their session's <general> facts: not tested here.)"""
    lines = "".join(synthetic_ipoker(40, seed=3)).split("\n")
    spans: list[tuple[int, int, str]] = []   # each hand's first and last line, its id
    for number, line in enumerate(lines):
        if "<game " in line:
            first = number
            hand_id = line.split('gamecode="', 1)[1].split('"', 1)[0]
        elif "</game>" in line:
            spans.append((first, number, hand_id))
    assert len(spans) == 40
    for first, last, hand_id in spans[::3]:   # (every third hand: the test's time)
        for k in range(first + 1, last):
            if mutate == "cut":
                broken = [*lines[:k], lines[k][:len(lines[k]) // 2], *lines[k + 1:]]
            else:
                broken = [*lines[:k], *lines[k + 1:]]
            reader = parse_ipoker("\n".join(broken))
            read = {h.hand_id for h in reader if h.replay().exact}
            others = {other for _, _, other in spans if other != hand_id}
            assert others <= read, (k, sorted(others - read), reader.errors)
            assert reader.error_count <= 1, (k, reader.errors)


@pytest.mark.parametrize("broken", [None, 3, 17])
def test_plain_text_between_hands_costs_no_hand_nor_line(broken: int | None) -> None:
    """Microgaming writes a line of plain text after each hand, and a table name
    with ``&`` makes it an XML error: after the first, such text is blanked
    (fixture hands, 40 copies, one or two text lines after each, one hand cut
    short in the middle). Every other hand is read, each at its own line, and
    the broken one is reported at its line."""
    # (the fixture is cp1252, as the site writes: "\x80" is the euro sign)
    fixture = (FIXTURES / "microgaming" / "hands.txt").read_text(encoding="cp1252").split("\n")
    starts = [k for k, line in enumerate(fixture) if line.startswith("<Game ")]
    ends = [k for k, line in enumerate(fixture) if line.startswith("</Game>")]
    hand = fixture[starts[0]:ends[0] + 1]
    lines = ["----PRIMA.DAT----", ""]
    where: dict[str, int] = {}
    for copy in range(40):
        hand_id = str(1000 + copy)
        where[hand_id] = len(lines) + 1
        game = [hand[0].replace(' id="41"', f' id="{hand_id}"'), *hand[1:]]
        if copy == broken:
            game = game[:len(game) // 2]   # cut short: the next hand's <Game> breaks it
        lines += game
        lines += ["", f"ExtendedTableName: Fixture & Co {copy} [1]"] + [""] * (copy % 2) \
            + ["Tom & Jerry's table"] * (copy % 3 == 0)
    reader = parse_microgaming("\n".join(lines))
    read = {h.hand_id: h.line for h in reader}
    expected = {k: v for k, v in where.items() if broken is None or k != str(1000 + broken)}
    assert read == expected
    if broken is None:
        assert reader.errors == []
    else:
        assert [(e.hand_id, e.line) for e in reader.errors] == [
            (str(1000 + broken), where[str(1000 + broken)])]


def test_the_pull_parser_fallback_reads_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Python whose C parser had no ``_setevents`` gets the pull parser: the
    same hands and the same errors, a hand broken in the middle included."""
    from hilo_fast.history.sites import _xml

    lines = "".join(synthetic_ipoker(30, seed=5)).split("\n")
    cut = next(k for k, line in enumerate(lines) if "<round no=\"2\">" in line) + 1
    text = "\n".join([*lines[:cut], lines[cut][:10], *lines[cut + 1:]])

    def read() -> tuple[list[tuple[object, ...]], list[tuple[str, int, str]]]:
        reader = parse_ipoker(text)
        hands = [dataclasses.astuple(hand) for hand in reader]
        return hands, [(e.hand_id, e.line, e.reason) for e in reader.errors]

    fast = read()
    with monkeypatch.context() as patch:
        patch.setattr(_xml, "XMLParser", lambda target: object())
        pulled = read()
    assert fast == pulled
    assert len(fast[0]) == 29 and len(fast[1]) == 1
