"""A PHH round trip: play hands, export them as PHH, read them back.

Plays heads-up fixed-limit hands at a hilo-fast Table, writes them as one
``.phhs`` file with ``hilo_fast.to_phhs`` (PHH is the Poker Hand History
format; fixed-limit Omaha Hi-Lo is its ``FO/8`` variant), then reads the file
back: with pokerkit installed (``pip install pokerkit``, Python 3.11+) each
hand is replayed by pokerkit's own ``HandHistory`` and must end with the same
stacks; without it, the TOML of each hand is checked with the standard
library. Run it:

    python examples/phh_round_trip.py [hands.phhs]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import hilo_fast as hf


def play(hands: int) -> list[hf.Hand]:
    table = hf.Table([300, 300], hf.Structure.fixed_limit(2, 4), seed=5)
    played = []
    for k in range(hands):
        hand = table.next_hand(rebuy_to=300)
        while not hand.is_over:                 # seat 0 raises when it can, seat 1 calls
            legal = hand.legal_actions()
            if hand.actor == 0 and legal.raise_max and k % 2:
                hand.act("raise", legal.raise_min)
            else:
                hand.act("call" if legal.call else "check")
        played.append(hand)
    return played


def read_back(path: Path, played: list[hf.Hand]) -> str:
    try:
        import pokerkit
    except ImportError:
        return check_toml(path, played)
    with path.open("rb") as file:
        histories = list(pokerkit.HandHistory.load_all(file))
    assert len(histories) == len(played)
    for history, hand in zip(histories, played, strict=True):
        *_, final = history               # replay every action; the last state
        want = [hand.stacks[seat] for seat in history_seats(hand)]
        assert list(final.stacks) == want, (list(final.stacks), want)
    return "replayed by pokerkit, same final stacks"


def check_toml(path: Path, played: list[hf.Hand]) -> str:
    """Without pokerkit: one ``[k]`` record per hand, each FO/8 TOML (3.11+ parses it)."""
    blocks = path.read_text().split("\n[")
    assert len(blocks) == len(played)
    try:
        import tomllib
    except ImportError:                   # Python 3.10
        assert all('variant = "FO/8"' in block for block in blocks)
        return "checked as text (no pokerkit, no tomllib)"
    for block, hand in zip(blocks, played, strict=True):
        record = tomllib.loads(block.split("]\n", 1)[1])
        assert record["variant"] == "FO/8" and len(record["actions"]) >= len(hand.actions)
    return "read with tomllib (pokerkit not installed)"


def history_seats(hand: hf.Hand) -> list[int]:
    """Our seats in PHH's player order (small blind first)."""
    from hilo_fast.history.phh import player_order

    return list(player_order(hand))


def main(argv: list[str]) -> None:
    played = play(20)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(argv[0]) if argv else Path(scratch) / "hands.phhs"
        path.write_text(hf.to_phhs(played))
        how = read_back(path, played)
        print(f"{len(played)} hands written to {path.name} and {how}")


if __name__ == "__main__":
    main(sys.argv[1:])
