"""Module paths from before the subpackages (0.x): ``import hilo_fast.structures``
and the like keep working, as aliases of the modules' new homes.

Each old path imports the new module itself (one object, not a copy), so
``hilo_fast.structures.Structure is hilo_fast.engine.structures.Structure``.
Type checkers see only the new paths. The changelog lists these.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

#: old module (under hilo_fast) -> its new home
MOVED = {
    "batch": "hilo_fast.core.batch",
    "evaluation": "hilo_fast.core.evaluation",
    "showdown": "hilo_fast.core.showdown",
    "preflop": "hilo_fast.ranges.preflop",
    "range_equity": "hilo_fast.equity.range_spots",
    "structures": "hilo_fast.engine.structures",
    "selfplay": "hilo_fast.engine.selfplay",
    "hand_history": "hilo_fast.history.model",
    "replay": "hilo_fast.history.replay",
    "phh": "hilo_fast.history.phh",
    "hh_report": "hilo_fast.history.report",
    "pokerstars": "hilo_fast.history.sites.pokerstars",
    "hh_cli": "hilo_fast.cli.hh",
    "info": "hilo_fast.cli.info",
}


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``hilo_fast.<old>`` and loads it as the module of its new home."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != "hilo_fast" or name not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(MOVED[spec.name.rpartition(".")[2]])

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the new module ran when it was imported."""


def install() -> None:
    """Alias every old path whose new module is loaded already (``hilo_fast`` loads
    most of them), and put the finder of the others on ``sys.meta_path`` (once).

    Registered up front, ``import hilo_fast.showdown`` finds the module in
    ``sys.modules`` and leaves the package's attribute alone: ``hf.showdown``
    stays the function, not the module of the same name."""
    package = sys.modules["hilo_fast"]
    for old, new in MOVED.items():
        if new in sys.modules:
            sys.modules.setdefault(f"hilo_fast.{old}", sys.modules[new])
            if not hasattr(package, old):   # hf.showdown is the function, not the module
                setattr(package, old, sys.modules[new])
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.append(_Alias())
