"""The environments' pure-Python twin: the observation layout only (the
environments encode in Python, and no tables are stepped in C).
"""

from __future__ import annotations

from typing import Any

from ..core._py_backend import MAX_CHIPS as MAX_CHIPS

NAME = "python"

# ---- the observation layout of the environments (HF_OBS_* of csrc/hilo_fast.h) ----

OBS_SIZE = 360
#: Where each observation field starts, in order.
OBS_OFFSETS = {
    "hole": 0, "board": 52, "street": 104, "limit": 108, "position": 111, "in_hand": 121,
    "folded": 131, "all_in": 141, "stack": 151, "bet": 161, "contributed": 171, "pot": 181,
    "to_call": 182, "min_to": 183, "max_to": 184, "to_act": 185, "high": 186, "low": 187,
    "checks": 188, "calls": 228, "raises": 268, "board2": 308,
}
ENV_ACTIONS, ENV_FIXED_ACTIONS = 6, 3


def env_observe(machine: Any, history: Any, seat: int, big_blind: int, n_actions: int,
                obs: Any, mask: Any) -> bool:
    """No C encoder here: False (the environments encode in Python)."""
    return False
