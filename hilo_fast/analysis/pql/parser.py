"""Reading a PQL query into a tree: ``select ... from ... where ...``.

The grammar is ProPokerTools' (docs/pql.md has it in full)::

    query    := SELECT item ("," item)* FROM binding ("," binding)* [WHERE expr]
    item     := AGGREGATE "(" expr ")" [AS name]       count avg histogram max min
    binding  := name "=" 'text'                        game, board, dead, syntax, players
    expr     := or;  or := and (OR and)*;  and := not (AND not)*;  not := NOT not | compare
    compare  := sum [("=" | "<>" | "!=" | "<" | "<=" | ">" | ">=") sum]
    sum      := product (("+" | "-") product)*;  product := unary (("*" | "/") unary)*
    unary    := "-" unary | NUMBER | 'text' | name ["(" [expr ("," expr)*] ")"] | "(" expr ")"

Keywords, function names and names (players, streets, hand types) are read
without regard to case. Every error is a ``ValueError`` that starts with
where it is: ``col N:`` (``line L col N:`` in a query of several lines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "AGGREGATES",
    "Binary",
    "Binding",
    "Call",
    "Expr",
    "Item",
    "Name",
    "Number",
    "Query",
    "Text",
    "Unary",
    "parse_query",
    "position_error",
]

AGGREGATES = ("count", "avg", "histogram", "max", "min")
KEYWORDS = ("select", "from", "where", "as", "and", "or", "not")
COMPARISONS = ("=", "<>", "!=", "<", "<=", ">", ">=")


def position_error(query: str, pos: int, message: str) -> ValueError:
    """``col N: message`` (1-based), with the line when the query has several."""
    line = query.count("\n", 0, pos) + 1
    col = pos - (query.rfind("\n", 0, pos) + 1) + 1
    where = f"line {line} col {col}" if "\n" in query else f"col {col}"
    return ValueError(f"{where}: {message}")


# ---- the tree ----

@dataclass(frozen=True)
class Number:
    value: float
    pos: int


@dataclass(frozen=True)
class Text:
    """A quoted string: a range, a board pattern, a card or a hand."""
    value: str
    pos: int


@dataclass(frozen=True)
class Name:
    """A bare name: a player, a street, a hand type (lower case)."""
    name: str
    pos: int


@dataclass(frozen=True)
class Call:
    name: str            # lower case
    args: tuple[Expr, ...]
    pos: int


@dataclass(frozen=True)
class Unary:
    op: str              # "not" or "-"
    operand: Expr
    pos: int


@dataclass(frozen=True)
class Binary:
    op: str              # "and", "or", a comparison, "+", "-", "*", "/"
    left: Expr
    right: Expr
    pos: int


Expr = Number | Text | Name | Call | Unary | Binary


@dataclass(frozen=True)
class Item:
    """One thing selected: an aggregate of an expression, and its column name."""
    aggregate: str
    expr: Expr
    name: str
    pos: int


@dataclass(frozen=True)
class Binding:
    """``name='value'`` of the from clause."""
    name: str            # lower case
    value: str
    pos: int             # of the name
    value_pos: int       # of the value's first character (inside the quotes)


@dataclass(frozen=True)
class Query:
    text: str
    items: tuple[Item, ...]
    bindings: tuple[Binding, ...]
    where: Expr | None


# ---- tokens ----

@dataclass(frozen=True)
class _Token:
    kind: str    # "name", "number", "text", "op", "end"
    text: str
    pos: int


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>\d+(?:\.\d*)?|\.\d+)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op><>|!=|<=|>=|[=<>(),+\-*/])
""", re.VERBOSE)


def _tokenize(query: str) -> list[_Token]:
    tokens: list[_Token] = []
    at = 0
    while at < len(query):
        c = query[at]
        if c in "'\"":
            end = query.find(c, at + 1)
            if end < 0:
                raise position_error(query, at, f"unterminated string: no closing {c}")
            tokens.append(_Token("text", query[at + 1:end], at))
            at = end + 1
            continue
        match = _TOKEN.match(query, at)
        if match is None:
            raise position_error(query, at, f"unexpected character {c!r}")
        kind = match.lastgroup
        assert kind is not None
        if kind != "space":
            tokens.append(_Token(kind, match.group(0), at))
        at = match.end()
    tokens.append(_Token("end", "", len(query)))
    return tokens


class _Parser:
    def __init__(self, query: str) -> None:
        self.query = query
        self.tokens = _tokenize(query)
        self.at = 0

    # -- helpers --
    @property
    def token(self) -> _Token:
        return self.tokens[self.at]

    def fail(self, message: str, token: _Token | None = None) -> ValueError:
        token = token or self.token
        return position_error(self.query, token.pos, message)

    def describe(self, token: _Token) -> str:
        if token.kind == "end":
            return "the end of the query"
        if token.kind == "text":
            return f"'{token.text}'"
        return repr(token.text)

    def is_keyword(self, word: str) -> bool:
        return self.token.kind == "name" and self.token.text.lower() == word

    def is_op(self, op: str) -> bool:
        return self.token.kind == "op" and self.token.text == op

    def take(self) -> _Token:
        token = self.token
        self.at += 1
        return token

    def expect_keyword(self, word: str, context: str) -> _Token:
        if not self.is_keyword(word):
            raise self.fail(f"expected {word.upper()} {context}, got {self.describe(self.token)}")
        return self.take()

    def expect_op(self, op: str, context: str) -> _Token:
        if not self.is_op(op):
            raise self.fail(f"expected '{op}' {context}, got {self.describe(self.token)}")
        return self.take()

    def name(self, what: str) -> _Token:
        token = self.token
        if token.kind != "name" or token.text.lower() in KEYWORDS:
            raise self.fail(f"expected {what}, got {self.describe(token)}")
        return self.take()

    # -- the query --
    def parse(self) -> Query:
        if self.token.kind == "end":
            raise self.fail("empty query: expected SELECT")
        self.expect_keyword("select", "at the start of the query")
        items = [self.item()]
        while self.is_op(","):
            self.take()
            items.append(self.item())
        self.expect_keyword("from", "after the selected items")
        bindings = [self.binding()]
        while self.is_op(","):
            self.take()
            bindings.append(self.binding())
        where = None
        if self.is_keyword("where"):
            self.take()
            where = self.expr()
        if self.token.kind != "end":
            raise self.fail(f"unexpected {self.describe(self.token)} after the query")
        names: set[str] = set()
        for item in items:
            if item.name.lower() in names:
                raise position_error(self.query, item.pos, f"column name {item.name!r} is used "
                                     "twice: give each item its own AS name")
            names.add(item.name.lower())
        return Query(self.query, tuple(items), tuple(bindings), where)

    def item(self) -> Item:
        token = self.token
        if token.kind != "name" or token.text.lower() not in AGGREGATES:
            raise self.fail(f"expected an aggregate ({', '.join(AGGREGATES)}), got "
                            f"{self.describe(token)}")
        self.take()
        self.expect_op("(", f"after {token.text}")
        start = self.token.pos
        expr = self.expr()
        close = self.expect_op(")", f"to close {token.text}(")
        name = f"{token.text.lower()}({self.query[start:close.pos].strip()})"
        if self.is_keyword("as"):
            self.take()
            name = self.name("a column name after AS").text
        return Item(token.text.lower(), expr, name, token.pos)

    def binding(self) -> Binding:
        name = self.name("a name (game, board, dead, syntax or a player) in FROM")
        self.expect_op("=", f"after {name.text}")
        value = self.token
        if value.kind != "text":
            raise self.fail(f"expected a quoted value for {name.text}, got "
                            f"{self.describe(value)}")
        self.take()
        return Binding(name.text.lower(), value.text, name.pos, value.pos + 1)

    # -- expressions, loosest first --
    def expr(self) -> Expr:
        left = self.conjunction()
        while self.is_keyword("or"):
            op = self.take()
            left = Binary("or", left, self.conjunction(), op.pos)
        return left

    def conjunction(self) -> Expr:
        left = self.negation()
        while self.is_keyword("and"):
            op = self.take()
            left = Binary("and", left, self.negation(), op.pos)
        return left

    def negation(self) -> Expr:
        if self.is_keyword("not"):
            op = self.take()
            return Unary("not", self.negation(), op.pos)
        return self.comparison()

    def comparison(self) -> Expr:
        left = self.sum()
        if self.token.kind == "op" and self.token.text in COMPARISONS:
            op = self.take()
            right = self.sum()
            if self.token.kind == "op" and self.token.text in COMPARISONS:
                raise self.fail("comparisons do not chain: use AND")
            return Binary("<>" if op.text == "!=" else op.text, left, right, op.pos)
        return left

    def sum(self) -> Expr:
        left = self.product()
        while self.is_op("+") or self.is_op("-"):
            op = self.take()
            left = Binary(op.text, left, self.product(), op.pos)
        return left

    def product(self) -> Expr:
        left = self.unary()
        while self.is_op("*") or self.is_op("/"):
            op = self.take()
            left = Binary(op.text, left, self.unary(), op.pos)
        return left

    def unary(self) -> Expr:
        token = self.token
        if self.is_op("-"):
            self.take()
            return Unary("-", self.unary(), token.pos)
        if token.kind == "number":
            self.take()
            return Number(float(token.text), token.pos)
        if token.kind == "text":
            self.take()
            return Text(token.text, token.pos)
        if self.is_op("("):
            self.take()
            inner = self.expr()
            self.expect_op(")", "to close '('")
            return inner
        if token.kind == "name" and token.text.lower() not in KEYWORDS:
            self.take()
            if self.is_op("("):
                self.take()
                args: list[Expr] = []
                if not self.is_op(")"):
                    args.append(self.expr())
                    while self.is_op(","):
                        self.take()
                        args.append(self.expr())
                self.expect_op(")", f"to close {token.text}(")
                return Call(token.text.lower(), tuple(args), token.pos)
            return Name(token.text.lower(), token.pos)
        raise self.fail(f"expected a value, a function or '(', got {self.describe(token)}")


def parse_query(query: str) -> Query:
    """The tree of ``query``, or a ValueError naming the position of the first error.

    >>> q = parse_query("select count(winsHi(hero)) as w from game='omaha8', hero='A2**'")
    >>> q.items[0].name, [b.name for b in q.bindings]
    ('w', ['game', 'hero'])
    >>> parse_query("select count(winsHi(hero) from hero='AA'")
    Traceback (most recent call last):
    ...
    ValueError: col 27: expected ')' to close count(, got 'from'
    """
    if not isinstance(query, str):
        raise TypeError(f"a PQL query is a str, not {type(query).__name__}")
    return _Parser(query).parse()
