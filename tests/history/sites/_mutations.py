"""The random mutation of a hand history's lines that the site tests share
(test_site_loops.py, test_fixture_mutations.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence


def mutate(lines: list[str], rng: random.Random, noise: Sequence[str],
           inserts: bool = True) -> list[str]:
    """A copy of lines with one to four changes: a line dropped, doubled, swapped
    with another or cut, or a character of `noise` put in a line (`inserts`: in
    front of one of its characters or in its place, drawn at random; else in its
    place)."""
    out = list(lines)
    for _ in range(rng.randint(1, 4)):
        if not out:
            break
        k = rng.randrange(len(out))
        what = rng.randrange(6 if inserts else 5)
        if what == 0:
            del out[k]
        elif what == 1:
            out.insert(k, out[k])
        elif what == 2:
            j = rng.randrange(len(out))
            out[k], out[j] = out[j], out[k]
        elif what == 3:
            out[k] = out[k][:rng.randrange(len(out[k]) + 1)]
        elif out[k]:
            at = rng.randrange(len(out[k]))
            keep = inserts and what == 4   # insert (4) or replace (5; 4 too without inserts)
            out[k] = out[k][:at] + rng.choice(noise) + out[k][at + (0 if keep else 1):]
    return out
