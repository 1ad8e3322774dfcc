"""Hand histories written as XML (iPoker, Merge, Boss, Microgaming): the hands of
a file streamed out of a hardened XML parser, one element at a time.

The parser is the standard library's expat (:mod:`pyexpat`) with what makes
XML dangerous on untrusted files turned off, as ``defusedxml`` turns it off
(the same three handlers), without its pure-Python ElementTree layer, which
would halve the speed:

- a DTD naming an external subset (``<!DOCTYPE x SYSTEM "...">``) is refused,
  and so is every entity declaration (``<!ENTITY ...>``, internal or external,
  general or parameter): an entity bomb ("billion laughs", quadratic blow-up)
  is refused at its first declaration, never expanded; an external entity is
  refused, never fetched (parameter entities are never parsed, and a
  reference to an external entity is refused too);
- a reference to an undeclared entity is an XML error of its hand.

Hand histories never declare entities, so nothing real is refused. A refusal
is an error of the whole file (reading stops): :class:`XmlRefused`.

Sites write XML in several shapes: one document (``<ROOT>``, ``<session>``),
hands one after the other with no root (Merge, Boss), hands between lines of
plain text (Microgaming's ``----PRIMA.DAT----``), files cut short (no closing
tag), several documents in one file. So the reader opens a root of its own
before the first element (after the XML declaration and any DOCTYPE, which
the parser sees and refuses as above), drops later XML declarations, drops
plain-text lines between elements, and on an XML error reports it (with the
hand it broke, if any) and starts a new parser at the next hand.

Memory stays flat: only the elements a site asks for (``wanted``: its hand
element and a few small context elements) are built, each handed over when it
ends and dropped by the parser; a hand of more than :data:`MAX_HAND_ELEMENTS`
elements is reported and not built. Line numbers are the file's (1-based).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, ClassVar
from xml.etree.ElementTree import Element
from xml.parsers import expat

from ..model import HandHistory
from ._base import SiteReader
from ._builder import Unreadable

__all__ = ["MAX_HAND_ELEMENTS", "XmlRefused", "XmlSiteReader", "card_of", "xml_elements"]

#: A hand of more elements than this is not one (reported, not built: memory bounded).
MAX_HAND_ELEMENTS = 20_000
_ROOT = "hilo-fast-root"
_ELEMENT_START = re.compile(r"<[A-Za-z_]")
_XML_DECLARATION = re.compile(r"<\?xml\s[^>]*\?>")


class XmlRefused(Exception):
    """The file declares an entity or an external DTD: refused (see the module doc);
    ``line``: where."""

    line = 0


def _refuse_doctype(name: str, system_id: str | None, public_id: str | None,
                    has_internal_subset: int) -> None:
    if system_id or public_id:
        raise XmlRefused(f"the DOCTYPE {name} names an external DTD ({system_id or public_id}):"
                         " refused, never fetched")


def _refuse_entity(name: str, is_parameter: int, value: str | None, base: str | None,
                   system_id: str | None, public_id: str | None,
                   notation: str | None) -> None:
    if system_id or public_id:
        raise XmlRefused(f"the external entity {name!r} ({system_id or public_id}) is "
                         "refused, never fetched")
    raise XmlRefused(f"the entity {name!r} is refused: entity declarations are not read "
                     "(an XML bomb expands them), hand histories have none")


def _refuse_unparsed(name: str, base: str | None, system_id: str, public_id: str | None,
                     notation: str) -> None:
    raise XmlRefused(f"the external entity {name!r} ({system_id}) is refused, never fetched")


def _refuse_reference(context: str, base: str | None, system_id: str | None,
                      public_id: str | None) -> int:
    raise XmlRefused(f"the external entity {system_id or public_id} is refused, never fetched")


class _Builder:
    """The parser's handlers: builds the wanted elements, only counts depth elsewhere."""

    def __init__(self, wanted: frozenset[str]) -> None:
        self.wanted = wanted
        self.depth = 0            # open elements, our own root included
        self.stack: list[Element] = []   # the wanted element being built and its open children
        self.texts: list[list[str]] = []
        #: finished wanted elements: (element, start line, built whole)
        self.done: list[tuple[Element, int, bool]] = []
        self.start_line = 0
        self.count = 0            # elements of the one being built
        self.ignored = 0          # open elements not built (past MAX_HAND_ELEMENTS)
        self.too_big = False
        self.line = 0             # the file line being fed

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.depth += 1
        stack = self.stack
        if stack:
            self.count += 1
            if self.ignored or self.count > MAX_HAND_ELEMENTS:
                self.too_big = True
                self.ignored += 1
                return
            child = Element(tag, attrib)
            stack[-1].append(child)
            stack.append(child)
            self.texts.append([])
        elif tag in self.wanted:
            stack.append(Element(tag, attrib))
            self.texts.append([])
            self.start_line, self.count, self.too_big = self.line, 1, False

    def end(self, tag: str) -> None:
        self.depth -= 1
        if self.ignored:
            self.ignored -= 1
            return
        stack = self.stack
        if not stack:
            return
        element = stack.pop()
        texts = self.texts.pop()
        if texts:
            element.text = "".join(texts)
        if not stack:
            self.done.append((element, self.start_line, not self.too_big))

    def data(self, text: str) -> None:
        if self.texts and not self.ignored:
            self.texts[-1].append(text)


def _parser(builder: _Builder) -> Any:
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_entity
    parser.UnparsedEntityDeclHandler = _refuse_unparsed
    parser.ExternalEntityRefHandler = _refuse_reference
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.buffer_text = True
    return parser


def xml_elements(lines: Iterator[str], wanted: frozenset[str], hand_start: re.Pattern[str],
                 error: Callable[[str, int, str], None], hand_id: Callable[[Element], str]
                 ) -> Iterator[tuple[Element, int]]:
    """Each element of ``lines`` whose tag is in ``wanted`` (not inside another
    wanted one), built, with the line it starts on, as it ends. ``hand_start``
    finds where a hand starts (to start again after an XML error, on the same
    line if another hand starts there); ``error(hand_id, line, reason)`` reports a
    hand (or text) that could not be read (``hand_id(element)`` names a hand half
    built). Raises :class:`XmlRefused` (its ``line`` set) for a file that declares
    entities or an external DTD."""
    builder = _Builder(wanted)
    parser = _parser(builder)
    opened = False   # our root is open
    resync = False   # after an XML error: skipping to the next hand
    in_tag = False   # the text fed so far ends inside a tag
    number = 0
    for number, text in enumerate(lines, 1):
        line: str | None = text
        while line is not None:
            if resync:
                found = hand_start.search(line)
                if found is None:
                    break
                line, resync = line[found.start():], False
            builder.line = number
            if not opened:
                if "<" not in line and ">" not in line and "]" not in line:
                    break   # plain text before the first element (not the prolog)
                found = _ELEMENT_START.search(line)
                if found is not None:
                    line = f"{line[:found.start()]}<{_ROOT}>{line[found.start():]}"
                    opened = True
            else:
                if builder.depth <= 1 and not in_tag and "<" not in line:
                    break   # plain text between elements (a site's trailer lines)
                if "<?xml" in line:
                    line = _XML_DECLARATION.sub("", line)
                if line.startswith("\ufeff"):
                    line = line.lstrip("\ufeff")
            fed, line = line, None
            if "<" in fed or ">" in fed:   # (a start tag may run over several lines)
                in_tag = fed.rfind("<") > fed.rfind(">")
            try:
                parser.Parse(fed + "\n", False)
            except XmlRefused as exc:
                exc.line = number
                raise
            except expat.ExpatError as exc:
                reason = f"XML error at line {number}: {expat.errors.messages[exc.code]}"
                if builder.stack:
                    error(hand_id(builder.stack[0]), builder.start_line, reason)
                # (an error between hands loses no hand: a closing tag of a root left
                # behind after an earlier error, text the site wrote between hands)
                yield from _finished(builder, error, hand_id)
                builder = _Builder(wanted)
                parser = _parser(builder)
                opened, resync, in_tag = False, True, False
                # the rest of this line, from where it broke, may hold the next hand
                line = fed[max(exc.offset - len(_ROOT) - 2, 0) + 1:] if exc.offset else None
        yield from _finished(builder, error, hand_id)
    if builder.stack:
        error(hand_id(builder.stack[0]), builder.start_line,
              "the file ends inside the hand (cut short)")


def _finished(builder: _Builder, error: Callable[[str, int, str], None],
              hand_id: Callable[[Element], str]) -> Iterator[tuple[Element, int]]:
    """The wanted elements the builder finished (reported when too big), handed over."""
    done = builder.done
    if done:
        for element, start, whole in done:
            if whole:
                yield element, start
            else:
                error(hand_id(element), start,
                      f"more than {MAX_HAND_ELEMENTS} XML elements: not a hand")
        done.clear()


class XmlSiteReader(SiteReader):
    """A site reader over :func:`xml_elements`: the subclass names its hand tag
    (``HAND_TAG``), context tags (``CONTEXT_TAGS``, read by :meth:`_context`),
    where a hand starts in a line (``HAND_START``), and builds each hand
    (:meth:`_hand`: a HandHistory, or None for a hand of another game it
    counted with ``_skip``; :class:`Unreadable` for a hand it cannot read)."""

    HAND_TAG: ClassVar[str] = ""
    CONTEXT_TAGS: ClassVar[frozenset[str]] = frozenset()
    HAND_START: ClassVar[re.Pattern[str]] = re.compile("$^")
    ID_ATTRIBUTE: ClassVar[str] = "id"

    def _hands(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        wanted = self.CONTEXT_TAGS | {self.HAND_TAG}
        elements = xml_elements(lines, wanted, self.HAND_START, self._error, self._hand_id)
        try:
            for element, line in elements:
                if element.tag != self.HAND_TAG:
                    self._context(element)
                    continue
                try:
                    hand = self._hand(element, line)
                except (Unreadable, KeyError, ValueError, IndexError) as exc:
                    reason = str(exc) if isinstance(exc, Unreadable) else \
                        f"{type(exc).__name__}: {exc}"
                    self._error(self._hand_id(element), line, reason)
                    continue
                if hand is not None:
                    yield hand
        except XmlRefused as exc:
            self._error("", exc.line, f"{self.name}: {exc}")
            return
        if not self.hands and not self.skipped and not self.error_count:
            self._error("", 1, f"{self.name}: no <{self.HAND_TAG}> hand in it: not a "
                        f"{self.site} hand history")

    def _hand_id(self, element: Element) -> str:
        return element.get(self.ID_ATTRIBUTE, "")

    def _context(self, element: Element) -> None:
        """Read an element around the hands (a session's settings)."""

    def _hand(self, element: Element, line: int) -> HandHistory | None:
        raise NotImplementedError


def card_of(rank: str, suit: str) -> str:
    """A card as hilo-fast names it from a rank ("10", "T", "a") and a suit ("S", "h")."""
    rank = "T" if rank == "10" else rank.upper()
    card = rank + suit.lower()
    if card not in CARD_NAMES:
        raise Unreadable(f"bad card {rank}{suit}")
    return card


CARD_NAMES = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
