# The CPython builtin hilo_fast._hhreplay (csrc/py/hhreplay.c), typed for mypy.
from typing import Any

def bind(act: int, omaha: int, streets: tuple[Any, ...], actions: tuple[Any, ...], /
         ) -> None: ...
def replay(address: int, keep: Any, actions: tuple[Any, ...], seat_of: dict[str, int],
           log: list[Any], start: int, kinds: tuple[str, ...], returned: dict[int, int], /
           ) -> int: ...
def pots(address: int, keep: Any, chips: list[int], showing: list[int], button: int, /
         ) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]: ...
def deal_history(board: tuple[str, ...], hole_cards: dict[str, tuple[str, ...]],
                 seat_of: dict[str, int], dealt: list[int], n_seats: int, hole_count: int,
                 card_ids: dict[str, int], deck: list[int], /
                 ) -> tuple[list[list[int] | None], list[int]] | None: ...
