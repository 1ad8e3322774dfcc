"""Random edits of every site's fixtures (lines dropped, repeated, swapped, cut,
characters changed): reading never raises but a file-level ValueError, and every
hand read replays without raising (its discrepancies say what is wrong)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hilo_fast.history.read import read_history

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted(p for site in ("winamax", "winning-acr", "888pacific", "partypoker", "bovada")
               for p in (DATA / site).iterdir())


def _edit(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(lines))
        what = rng.randrange(5)
        if what == 0:
            del lines[k]
        elif what == 1:
            lines.insert(k, lines[rng.randrange(len(lines))])
        elif what == 2:
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        elif what == 3:
            lines[k] = lines[k][:rng.randrange(len(lines[k]) + 1)]
        elif lines[k]:
            c = rng.randrange(len(lines[k]))
            lines[k] = lines[k][:c] + rng.choice("0.9$€[]()#:, xA") + lines[k][c + 1:]
    return lines


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_random_edits_never_raise(path: Path, tmp_path: Path) -> None:
    rng = random.Random(path.name)
    lines = path.read_text(encoding="utf-8").splitlines()
    for trial in range(30):
        edited = tmp_path / f"{trial}.txt"
        edited.write_text("\n".join(_edit(lines, rng)) + "\n", encoding="utf-8")
        try:
            hands = list(read_history(edited))
        except ValueError:
            continue   # (the edit took the file's identity away)
        for h in hands:
            h.replay()
