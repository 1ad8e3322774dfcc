# The CPython builtin hilo_fast._hhsites (csrc/py/hhsites.c), typed for mypy.
from typing import Any

def bind(money: Any, cards: Any, builder: type, /) -> None: ...
def __getattr__(name: str) -> Any: ...   # <site>_loop(lines, builder, cash, ...): a site's loop
