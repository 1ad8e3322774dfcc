"""Range vs range on a flop: double-suited aces with a deuce against kings.

Two spots on the flop Kh7c4d, each side a range (an ``hf.Range`` or the
range text itself), dealt by ``hilo_fast.equity`` with exact card removal:

- ``AA2*:$ds`` against ``KKQQ:$ds`` is small: every pair of hands that fit
  together, times every turn and river, enumerated exactly;
- ``A2**:$ds`` against ``KK`` (2,382 x 6,961 hands, about 10^10 deals) is
  settled exactly too by the compiled backend's two-range kernel; the pure
  backend, past its own limit there, answers with a seeded Monte Carlo run of
  100,000 deals (docs/equity.md says which rule decides).

Each side's equity (its share of the pot) and scoop are printed, and whether
the answer is exact. Needs numpy (``pip install 'hilo-fast[numpy]'``):

    python examples/range_vs_range_flop.py
"""

from __future__ import annotations

from fractions import Fraction

import hilo_fast as hf

BOARD = "Kh7c4d"
SPOTS = [(hf.Range("AA2*:$ds"), "KKQQ:$ds"), (hf.Range("A2**:$ds"), "KK")]


def show(first: hf.Range, second: str) -> hf.EquityResult:
    result = hf.equity([first, second], board=BOARD, seed=1)
    how = ("exact" if result.exact
           else f"Monte Carlo, {result.boards:,} deals, seed {result.seed}")
    print(f"{first} ({len(first):,} hands) vs {second} ({len(hf.Range(second)):,} hands) "
          f"on {BOARD}: {how}")
    for text, player in zip(result.ranges, result.players, strict=True):
        error = "" if result.exact else f" +- {player.std_error:.4f}"
        print(f"  {text:>10}  equity {player.equity:.4f}{error}  scoop {player.scoop:.4f}  "
              f"high {player.win_high:.4f}  low {player.win_low:.4f}")
    total = sum((p.equity_fraction for p in result.players), Fraction(0))
    # the pot is always shared out whole: exactly 1 when enumerated, 1 up to rounding else
    assert total == 1 if result.exact else abs(total - 1) < 1e-9, total
    print(f"  equities sum to {float(total):.6f}; no low on {result.no_low:.1%} of deals")
    return result


def main() -> list[hf.EquityResult]:
    return [show(first, second) for first, second in SPOTS]


if __name__ == "__main__":
    main()
