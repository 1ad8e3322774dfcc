"""griffe extension: the ``>>>`` examples of a docstring shown as code.

The docstrings carry doctests (pytest runs them) without Markdown fences;
left as they are, Markdown would read ``[...]`` in them as links. Each run
of example lines (a ``>>>`` line, its ``...`` continuations and its expected
output, up to a blank line) is fenced as ``pycon`` before rendering.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_examples(text: str) -> str:
    out: list[str] = []
    in_example = False
    for line in text.splitlines():
        stripped = line.strip()
        if not in_example and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_example = True
        elif in_example and not stripped:
            out.append(f"{indent}```")
            in_example = False
        out.append(line)
    if in_example:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_examples(obj.docstring.value)
