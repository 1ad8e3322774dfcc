"""Each backend whole, as one object: for the tests, the fuzzer and the
benchmarks, which call the twins of every concept directly
(``PURE.omaha(...)``, ``NATIVE.equity_sample(...)``). The package itself never
imports this module: each concept reads its own ``_backend``.

:data:`PURE` is every concept's ``_py_backend``; :data:`NATIVE` every
``_c_backend`` (None when the compiled core is not in use in this process);
:data:`IN_USE` the one the public API runs on. The environments' twins join
when their extra (gymnasium, pettingzoo, numpy) is installed.
"""

from __future__ import annotations

import contextlib
import importlib
from types import ModuleType
from typing import Any

from ._native.choice import NATIVE as _NATIVE_IN_USE

_CONCEPTS = ("core", "equity", "engine", "history", "envs", "analysis")


class Backend(ModuleType):
    """The twins of one kind (``"native"`` or ``"python"``) of every concept, read
    as one module: an attribute is looked up in each concept's twin in turn."""

    def __init__(self, name: str, modules: list[ModuleType]) -> None:
        super().__init__(f"hilo_fast._backends.{name}")
        self.NAME = name
        self.modules = modules

    def __getattr__(self, attribute: str) -> Any:
        for module in self.modules:
            if hasattr(module, attribute):
                return getattr(module, attribute)
        raise AttributeError(f"no backend twin defines {attribute!r}")

    def __repr__(self) -> str:
        return f"<hilo_fast {self.NAME} backend: {', '.join(m.__name__ for m in self.modules)}>"


def _twins(suffix: str) -> list[ModuleType]:
    modules = []
    for concept in _CONCEPTS:
        with contextlib.suppress(ImportError):  # no such twin, or the envs extra missing
            modules.append(importlib.import_module(f"hilo_fast.{concept}.{suffix}"))
    return modules


PURE = Backend("python", _twins("_py_backend"))
NATIVE: Backend | None = Backend("native", _twins("_c_backend")) if _NATIVE_IN_USE else None
IN_USE: Backend = NATIVE if NATIVE is not None else PURE
