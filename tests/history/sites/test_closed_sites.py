"""The readers of the sites whose histories players keep from networks now
closed or small (Absolute, Cake, Entraction, Everleaf, OnGame, PKR): each on
fixtures written here, one hand per construct, every hand replayed to what
the site paid; and the bad input every reader must survive."""

from __future__ import annotations

import importlib
import io
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from hilo_fast.engine.structures import Limit

DATA = Path(__file__).resolve().parents[1] / "data"

# site module -> (hands read, other games skipped, unreadable, what the first hand says)
SITES: dict[str, tuple[int, int, int, dict[str, Any]]] = {
    "absolute": (2, 1, 1, {"hand_id": "100", "limit": Limit.FIXED, "stakes": (200, 400),
                           "button": 1, "rake": 100, "total_pot": 2200, "currency": "USD"}),
    "cake": (2, 1, 0, {"hand_id": "00000000000000A1", "limit": Limit.POT, "stakes": (10, 20),
                       "button": 1, "rake": 0, "total_pot": 390, "tournament_id": "123"}),
    "entraction": (2, 1, 0, {"hand_id": "1001", "limit": Limit.POT, "stakes": (100, 200),
                             "button": 1, "rake": 50, "total_pot": 4500, "currency": "EUR"}),
    "everleaf": (2, 1, 0, {"hand_id": "5001", "limit": Limit.POT, "stakes": (5, 10),
                           "button": 1, "rake": 11, "total_pot": 225, "currency": "USD"}),
    "ongame": (2, 0, 1, {"hand_id": "R5-1-1", "limit": Limit.POT, "stakes": (25, 50),
                         "button": 1, "rake": 55, "total_pot": 1125, "currency": "USD"}),
    "pkr": (1, 1, 0, {"hand_id": "7001", "limit": Limit.POT, "stakes": (10, 20),
                      "button": 3, "rake": 0, "total_pot": 480, "tournament_id": "9"}),
}


def _reader(site: str) -> Any:
    module = importlib.import_module(f"hilo_fast.history.sites.{site}")
    return getattr(module, f"read_{site}")


@pytest.mark.parametrize("site", SITES)
def test_fixtures_read_and_replay_to_what_the_site_paid(site: str) -> None:
    hands_read, skipped, unreadable, first = SITES[site]
    reader = _reader(site)(DATA / site / "hands.txt")
    hands = list(reader)
    assert (len(hands), reader.skipped, reader.error_count) == (hands_read, skipped, unreadable)
    for field, value in first.items():
        assert getattr(hands[0], field) == value, field
    for hand in hands:
        replay = hand.replay()
        assert replay.exact, (hand.hand_id, replay.discrepancies)
        # What the site says everyone collected adds up with the rake to the pot.
        assert sum(hand.collected.values()) + hand.rake == hand.total_pot


@pytest.mark.parametrize("site", [s for s in SITES if s != "pkr"])
def test_the_split_pot_fixture_pays_high_and_low(site: str) -> None:
    """The first hand of each file is the same deal: Cid's kings take the high,
    Ann's A-2 the low, the pot after rake halved."""
    hand = next(iter(_reader(site)(DATA / site / "hands.txt")))
    half = (hand.total_pot - hand.rake) // 2
    assert hand.collected == {"Cid": half, "Ann": half}
    assert hand.board == ("7h", "5c", "3d", "Kc", "9s")
    assert hand.hole_cards["Cid"] == ("Kh", "Ks", "8c", "4c")


@pytest.mark.parametrize("site", SITES)
def test_every_encoding_reads_the_same(site: str) -> None:
    text = (DATA / site / "hands.txt").read_text(encoding="utf-8")
    expected = [h.hand_id for h in _reader(site)(io.BytesIO(text.encode()))]
    for data in (text.encode("utf-16"), b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode(),
                 text.encode("cp1252")):
        assert [h.hand_id for h in _reader(site)(io.BytesIO(data))] == expected


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("other", SITES)
def test_another_sites_file_is_refused_naming_it(site: str, other: str) -> None:
    if site == other:
        return
    with pytest.raises(ValueError, match=f"hands.txt is not a {_site_name(site)}"):
        list(_reader(site)(DATA / other / "hands.txt"))


def _site_name(site: str) -> str:
    return str(importlib.import_module(f"hilo_fast.history.sites.{site}").SITE)


@pytest.mark.parametrize("site", SITES)
def test_truncated_and_garbled_hands_are_reported_and_reading_goes_on(site: str) -> None:
    text = (DATA / site / "hands.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    first_hand = next(h for h in _reader(site)(io.StringIO(text)))
    # Every cut of the file, and every line made garbage, gives hands or errors, never
    # an exception; hands read before the cut are still read.
    for cut in range(1, len(lines), 3):
        reader = _reader(site)(io.StringIO("\n".join(lines[:cut])))
        got = list(reader)
        assert len(got) <= SITES[site][0]
    for k in range(1, len(lines)):
        garbled = [*lines[:k], "@@ not a line of any hand @@", *lines[k + 1:]]
        reader = _reader(site)(io.StringIO("\n".join(garbled)))
        got = list(reader)
        assert got or reader.error_count or reader.skipped
    assert first_hand.site == _site_name(site)


@pytest.mark.parametrize("site", SITES)
def test_garbage_is_refused_with_memory_flat(site: str, tmp_path: Path) -> None:
    path = tmp_path / "garbage.txt"
    with path.open("wb") as out:
        line = b"\x00\xff garbage that is no hand of any site \xfe\n" * 1000
        for _ in range(200):   # about 9 MB
            out.write(line)
    tracemalloc.start()
    with pytest.raises(ValueError, match=r"garbage\.txt is not a"):
        list(_reader(site)(path))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 2_000_000


def test_a_hand_of_endless_lines_is_cut_not_kept(tmp_path: Path) -> None:
    text = (DATA / "pkr" / "hands.txt").read_text(encoding="utf-8").splitlines()
    at = text.index("Dealing Cards")
    endless = text[:at] + ["Cid yawns."] * 5000 + text[at:]
    reader = _reader("pkr")(io.StringIO("\n".join(endless)))
    hands = list(reader)
    assert not hands and "more than" in reader.errors[0].reason


@pytest.mark.parametrize("site", SITES)
def test_read_history_tells_each_site_from_its_content(site: str) -> None:
    from hilo_fast.history.read import read_history, site_of

    path = DATA / site / "hands.txt"
    assert site_of(path.read_text(encoding="utf-8")[:8192]) == site
    reader = read_history(path)
    assert [h.hand_id for h in reader] == [h.hand_id for h in _reader(site)(path)]
