# The CPython builtin hilo_fast._hhrows (csrc/py/hhrows.c), typed for mypy.
from typing import Any

def action_columns(hands: list[Any], /) -> tuple[Any, Any]: ...
