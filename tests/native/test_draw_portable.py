"""csrc/equity/draw.h without a 128-bit integer type (MSVC, 32-bit targets): its
portable 64x64-bit product must compile and give the __int128 product, and
every C file that includes it must compile on that branch too (a stray
function once sat inside it, unseen because gcc always takes the __int128 one)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

CSRC = Path(__file__).resolve().parents[2] / "csrc"
CC = shutil.which("cc") or shutil.which("gcc")

_CHECK = r"""
#include <stdio.h>
#include <stdint.h>
#undef __SIZEOF_INT128__
#include "equity/draw.h"
int main(void)
{
    uint64_t state = 1, bad = 0;
    for (int i = 0; i < 1000000; i++) {
        uint64_t a = splitmix64(&state), b = splitmix64(&state) >> (i % 64), lo;
        uint64_t hi = mul_hi_lo(a, b, &lo);
        unsigned __int128 m = (unsigned __int128)a * b;   /* (gcc has it: the reference) */
        bad += hi != (uint64_t)(m >> 64) || lo != (uint64_t)m;
    }
    printf("%llu\n", (unsigned long long)bad);
    return 0;
}
"""

pytestmark = pytest.mark.skipif(CC is None or not (CSRC / "equity" / "draw.h").is_file(),
                                reason="no C compiler, or no source tree (csrc/): a wheel's suite")


def test_the_portable_product_is_the_int128_one(tmp_path: Path) -> None:
    source, program = tmp_path / "check.c", tmp_path / "check"
    source.write_text(_CHECK, encoding="utf-8")
    subprocess.run([CC, "-O2", "-std=c99", "-I", str(CSRC), str(source), "-o", str(program)],
                   check=True)
    assert subprocess.run([str(program)], check=True, capture_output=True,
                          text=True).stdout.strip() == "0"


@pytest.mark.parametrize("name", ["equity/equity.c", "equity/boards.c",
                                  "equity/range_equity.c", "analysis/ranking.c"])
def test_each_user_compiles_without_int128(tmp_path: Path, name: str) -> None:
    wrapper = tmp_path / "unit.c"   # the file with the 128-bit type hidden from it
    wrapper.write_text(f'#undef __SIZEOF_INT128__\n#include "{CSRC / name}"\n', encoding="utf-8")
    subprocess.run([CC, "-O2", "-std=c99", "-Werror=implicit-function-declaration", "-c",
                    "-I", str(CSRC), "-I", str((CSRC / name).parent), str(wrapper),
                    "-o", str(tmp_path / "unit.o")], check=True)
