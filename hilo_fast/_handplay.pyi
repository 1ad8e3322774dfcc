# The CPython builtin hilo_fast._handplay (csrc/py/handplay.c), typed for mypy.
from collections.abc import Callable
from typing import Any

def bind(address: int, streets: tuple[Any, ...], actions: tuple[Any, ...],
         act_on: Callable[[Any, Any], None], /) -> None: ...
def play(address: int, keep: Any, hand: Any, bots: tuple[Any, ...], rng: Any,
         log: list[Any], /) -> None: ...
