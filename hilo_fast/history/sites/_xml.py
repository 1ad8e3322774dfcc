"""Hand histories written as XML (iPoker, Merge, Boss, Microgaming): the hands of
a file streamed out of a hardened XML parser, one element at a time.

Hardened for untrusted files, as ``defusedxml`` hardens the standard library
(the same three expat handlers), with no dependency:

- the prolog (what comes before the first element: the XML declaration, a
  DOCTYPE) is read by expat (:mod:`pyexpat`) with every entity declaration
  refused (``<!ENTITY ...>``, internal or external, general or parameter: an
  entity bomb, "billion laughs" or quadratic blow-up, is refused at its first
  declaration, never expanded), a DTD naming an external subset refused,
  external entities refused, never fetched, parameter entities never parsed;
- the elements are read by the standard library's C parser
  (:class:`xml.etree.ElementTree.XMLParser`, its events taken as its pull
  parser takes them), which never sees the
  prolog: XML allows a DTD only before the first element (a later
  ``<!DOCTYPE`` or ``<!ENTITY`` is a syntax error), so no entity can be
  declared where it reads, and none expanded; a reference to an undeclared
  entity is an XML error of its hand.

Hand histories never declare entities, so nothing real is refused. A refusal
is an error of the whole file (reading stops): :class:`XmlRefused`.

Sites write XML in several shapes: one document (``<ROOT>``, ``<session>``),
hands one after the other with no root (Merge, Boss), hands between lines of
plain text (Microgaming's ``----PRIMA.DAT----``), files cut short (no closing
tag), several documents in one file. So the reader opens a root of its own
before the first element, drops later XML declarations, and on an XML error
reports it (with the hand it broke, if any) and starts a new parser where
the next hand starts. After an error between hands (plain text with a bare
``&``), the plain text after each hand's end is blanked (no new parser per
hand for the rest of the file).

Memory stays flat: each wanted element (a site's hand element and a few small
context elements) is handed over when it ends and dropped by the tree, and
so is every other element as it ends; a hand of more than
:data:`MAX_HAND_ELEMENTS` elements is reported, not kept. Line numbers are the
file's (1-based).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from operator import itemgetter
from typing import Any, ClassVar
from xml.etree.ElementTree import Element, ParseError, TreeBuilder, XMLParser, XMLPullParser
from xml.parsers import expat

from ..model import HandHistory
from ._base import SiteReader
from ._builder import BadHand
from ._builder import reason_of as _reason

__all__ = ["MAX_HAND_ELEMENTS", "XmlRefused", "XmlSiteReader", "card_of", "xml_elements"]

#: A hand of more elements than this is not one (reported, not kept: memory bounded).
MAX_HAND_ELEMENTS = 5_000
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


def _prolog_parser() -> Any:
    """Expat for the prolog, hardened (see the module doc)."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_entity
    parser.UnparsedEntityDeclHandler = _refuse_unparsed
    parser.ExternalEntityRefHandler = _refuse_reference
    return parser


class _Tree:
    """The C parser over the elements, from a root of our own, and what is open
    in it; hands over the wanted elements as they end.

    The parser's start and end events go straight into a list of ours (as the
    standard library's pull parser itself has them given), and the events
    inside a wanted element are not walked one by one in Python: its end is
    found by ``list.index`` and its elements counted by ``list.count``, in C.
    """

    def __init__(self, wanted: frozenset[str], offset: int) -> None:
        self.wanted = wanted
        self.offset = offset      # file line of the parser's line 1, less one
        self.events: list[tuple[str, Element]] = []
        self.parser, self.pull = _event_parser(self.events)
        self.parser.feed(f"<{_ROOT}>")
        self.stack: list[Element] = []
        self.building: Element | None = None   # the wanted element open
        self.start_line = 0
        self.count = 0            # elements of the one being built
        self.done: list[tuple[Element, int, bool]] = []

    def feed(self, text: str, line: int) -> None:
        """Parse ``text`` (starting at file line ``line``); ParseError on bad XML
        (raised once the events before it are taken)."""
        try:
            self.parser.feed(text)
            if self.pull:   # (ParseError raised where it came, after the events before it)
                self.events.extend(self.parser.read_events())
        finally:
            try:
                self._walk(self.events, line)
            finally:
                self.events.clear()

    def _walk(self, events: list[tuple[str, Element]], line: int) -> None:
        stack, wanted, done = self.stack, self.wanted, self.done
        at, size = 0, len(events)
        while at < size:
            building = self.building
            if building is not None:
                try:
                    end = events.index(("end", building), at)
                except ValueError:
                    end = size   # it goes on in the next text
                self.count += _starts(events, at, end)
                if self.count > MAX_HAND_ELEMENTS:
                    del building[:]   # (reported when it ends: memory bounded)
                if end == size:
                    return
                at = end + 1
                stack.pop()
                done.append((building, self.start_line, self.count <= MAX_HAND_ELEMENTS))
                self.building = None
                element = building
            else:
                event, element = events[at]
                at += 1
                if event == "start":
                    if element.tag in wanted and stack:
                        self.building = element
                        self.start_line = line
                        self.count = 1
                    stack.append(element)
                    continue
                stack.pop()
            if stack:   # an element ended: the tree lets it go
                stack[-1].remove(element)


def _event_parser(events: list[tuple[str, Element]]) -> tuple[Any, bool]:
    """The C parser putting its start and end events into ``events``, and False;
    on a Python whose parser has no ``_setevents`` (the method the pull parser
    uses), the pull parser and True: its events are copied into ``events``."""
    parser = XMLParser(target=TreeBuilder())
    setevents = getattr(parser, "_setevents", None)
    if setevents is None:
        return XMLPullParser(events=("start", "end")), True
    setevents(events, ("start", "end"))
    return parser, False


def _starts(events: list[tuple[str, Element]], start: int, end: int) -> int:
    """How many of ``events[start:end]`` are starts (counted in C)."""
    return list(map(itemgetter(0), events[start:end])).count("start")


#: Lines fed to the parser at once (a call per line costs more than the parse).
_CHUNK_LINES = 64


def xml_elements(lines: Iterable[str], wanted: frozenset[str], hand_start: re.Pattern[str],
                 error: Callable[[str, int, str], None], hand_id: Callable[[Element], str]
                 ) -> Iterator[tuple[Element, int]]:
    """Each element of ``lines`` whose tag is in ``wanted`` (not inside another
    wanted one), with the line it starts on, as it ends. ``hand_start`` finds
    where a hand starts (to start again after an XML error, on the same line if
    another hand starts there); ``error(hand_id, line, reason)`` reports a hand
    that could not be read (``hand_id(element)`` names a hand half read).
    Raises :class:`XmlRefused` (its ``line`` set) for a file that declares
    entities or an external DTD."""
    source: Iterator[str] = iter(lines)
    blanking = False   # plain text after each hand blanked (after an error between hands)
    read = 0   # lines taken from source
    pending: deque[tuple[int, str]] = deque()   # lines to read again after an error
    prolog: Any = _prolog_parser()
    tree: _Tree | None = None
    resync = False   # after an XML error: skipping to the next hand
    chunk: list[str] = []
    chunk_start = 0

    def flush() -> Iterator[tuple[Element, int]]:
        """Parse the lines gathered; on an XML error report it and read again what
        follows it, looking for the next hand."""
        nonlocal tree, resync, source, blanking
        if tree is None:
            return
        text = "\n".join(chunk) + "\n"
        if "<?xml" in text:   # a declaration inside: documents one after the other
            text = _XML_DECLARATION.sub("", text)
        try:
            tree.feed(text, chunk_start)
        except ParseError as exc:
            where = exc.position[0] + tree.offset
            if tree.building is not None:
                error(hand_id(tree.building), tree.start_line,
                      f"XML error at line {where}: {str(exc).partition(':')[0]}")
            # (an error between hands loses no hand: a closing tag of a root left
            # behind after an earlier error, text the site wrote between hands,
            # which is blanked from then on: no error, no new parser, per hand)
            elif not blanking:
                source, blanking = chain.from_iterable(_plain_text_blanked(source, wanted)), True
            yield from _finished(tree, error, hand_id)
            back = [(n, text) for n, text in enumerate(chunk, chunk_start) if n > where]
            if chunk_start <= where < chunk_start + len(chunk):
                column = exc.position[1] - (len(_ROOT) + 2 if where == tree.offset + 1 else 0)
                back.insert(0, (where, chunk[where - chunk_start][max(column, 0) + 1:]))
            pending.extendleft(reversed(back))
            tree, resync = None, True
            return
        yield from _finished(tree, error, hand_id)

    while True:
        if chunk and tree is not None and not resync and not pending:
            # reading on: a block of lines at a time, cut into the same chunks as the
            # line at a time below would (no Python step per line)
            block = list(islice(source, _CHUNK_LINES))
            if block:
                first, size, at = read + 1, len(block), 0
                read += size
                starts = iter(_hand_lines(block, hand_start))
                start = next(starts)
                while at < size:
                    while start < at:
                        start = next(starts)
                    cut = min(start, at + _CHUNK_LINES - len(chunk))
                    if cut > at:
                        chunk += block[at:cut]
                        at = cut
                        if at >= size:
                            break
                    yield from flush()   # block[at] starts the next chunk
                    chunk = []
                    if tree is None:   # an XML error: read again from this line, as below
                        pending.extend(enumerate(block[at:], first + at))
                        break
                    chunk_start = first + at
                    chunk.append(block[at])
                    at += 1
                continue
        if pending:
            item: tuple[int, str] | None = pending.popleft()
        else:
            raw = next(source, None)
            if raw is not None:
                read += 1
            item = None if raw is None else (read, raw)
        if item is None:
            if not chunk:
                break
            yield from flush()   # (an XML error in it gives lines to read again)
            chunk = []
            continue
        number, line = item
        if resync:
            found = hand_start.search(line)
            if found is None:
                continue
            line, resync = line[found.start():], False
        if tree is None:
            if "<" not in line and ">" not in line and "]" not in line:
                continue   # plain text before the first element (not the prolog)
            found = _ELEMENT_START.search(line)
            try:
                if prolog is not None:
                    prolog.Parse(line[:found.start()] if found else line + "\n", False)
            except XmlRefused as exc:
                exc.line = number
                raise
            except expat.ExpatError:
                pass   # a broken prolog: the elements tell
            if found is None:
                continue
            prolog = None   # the prolog is over: no DTD can come now
            tree = _Tree(wanted, number - 1)
            line = line[found.start():]
        elif chunk and (len(chunk) >= _CHUNK_LINES or hand_start.search(line)):
            waiting = len(pending)   # (the lines after this one)
            yield from flush()   # (a hand starts a chunk: its line is known)
            chunk = []
            if tree is None:   # an XML error: this line is read again, after the
                # chunk's lines the error gave back (they come before it in the file)
                pending.insert(len(pending) - waiting, (number, line))
                continue
        if not chunk:
            chunk_start = number
        chunk.append(line)
    if tree is not None and tree.building is not None:
        error(hand_id(tree.building), tree.start_line,
              "the file ends inside the hand (cut short)")


def _plain_text_blanked(lines: Iterable[str], wanted: frozenset[str]) -> Iterator[list[str]]:
    """``lines``, a block at a time, with the plain text written after a wanted
    element's end tag blanked: each line with no ``<`` from that tag's line to
    the next tag. Such text (Microgaming's ``ExtendedTableName: ...`` after
    each hand) is the tail of an element that ended, read by no reader, and an
    ``&`` in it is an XML error, which would cost a new parser per hand; blank,
    the lines keep their numbers. Found by a regular expression over a block of
    lines; a block with no such text is handed on as it is."""
    closes = "|".join(re.escape(f"</{tag}>") for tag in sorted(wanted))
    after_end = re.compile(rf"(?:{closes})[ \t\r]*\n((?:[^<\n]*\n)+)")
    at_start = re.compile(r"\A((?:[^<\n]*\n)+)")
    ends = tuple(f"</{tag}>" for tag in wanted)
    source = iter(lines)
    carry = False   # the block before ended after an end tag, in plain text
    while True:
        block = list(islice(source, _CHUNK_LINES))
        if not block:
            return
        text = "\n".join(block) + "\n"
        found = list(after_end.finditer(text))
        start = at_start.match(text) if carry else None
        if start is not None:
            found.insert(0, start)
        if found:
            blank: set[int] = set()
            for match in found:
                first = text.count("\n", 0, match.start(1))
                blank.update(range(first, first + text.count("\n", *match.span(1))))
            block = ["" if k in blank else line for k, line in enumerate(block)]
        last = text.rfind("<")
        if last >= 0:
            tagged = text[text.rfind("\n", 0, last) + 1:text.find("\n", last)]
            carry = tagged.rstrip().endswith(ends)
        yield block


def _hand_lines(block: list[str], hand_start: re.Pattern[str]) -> list[int]:
    """The indexes of the lines of ``block`` a hand starts on (searched in the lines
    joined: ``hand_start`` matches within a line), then ``len(block)``."""
    text = "\n".join(block)
    found: list[int] = []
    index = position = 0
    for match in hand_start.finditer(text):
        index += text.count("\n", position, match.start())
        position = match.start()
        found.append(index)
    found.append(len(block))
    return found


def _finished(tree: _Tree, error: Callable[[str, int, str], None],
              hand_id: Callable[[Element], str]) -> Iterator[tuple[Element, int]]:
    """The wanted elements the tree finished (reported when too big), handed over."""
    done = tree.done
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
    where a hand starts in a line (``HAND_START``; also where what holds a
    context element starts, such as a session: after an XML error reading
    starts again at the next of these), and builds each hand
    (:meth:`_hand`: a HandHistory, or None for a hand of another game it
    counted with ``_skip``; :class:`BadHand` for a hand it cannot read)."""

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
                except (BadHand, KeyError, ValueError, IndexError, TypeError,
                        AttributeError) as exc:
                    self._error(self._hand_id(element), line, _reason(exc))
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
        raise BadHand(f"bad card {rank}{suit}")
    return card


CARD_NAMES = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
