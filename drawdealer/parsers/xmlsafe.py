"""One hand of an XML hand history, read safely into a small tree of :class:`Node`, and the
toolkit's hand builder fed by elements (:class:`XmlBuilder`) (issue 19).

The XML sites (Merge, Boss Media) write a file as a run of hand elements, one per hand, each
starting on its own line; :mod:`~drawdealer.parsers.sniff` cuts the file into hands at those lines
(as it cuts text histories at their headers) and :func:`parse_hand_element` reads one hand's lines
with the standard library's expat parser. Memory stays flat however large the file: one hand's
text and its small tree at a time, nothing kept from the hands before.

The input is untrusted (a file from the internet): no DTD is read, so no entity is ever defined or
expanded and nothing outside the file is fetched. A ``<!DOCTYPE``, an ``<!ENTITY`` declaration or
an external entity is refused outright (:class:`XmlError` on its line: the hand is a
``PARSE_ERROR``); a reference to an entity XML does not predefine (``&lol;``) is an expat error on
its line. A hand is also held to the limits of :mod:`~drawdealer.parsers.limits`: at most
:data:`MAX_ELEMENTS` elements nested at most :data:`~drawdealer.parsers.limits.MAX_NESTING` deep.
The standard library is enough for this: ``defusedxml`` would refuse the same declarations, with
one more dependency.

An XML site's reader subclasses :class:`XmlBuilder`: the toolkit's
:class:`~drawdealer.parsers.sitekit.HandBuilder` (seats, actions, claims, the record) read element
by element instead of line by line, with a :class:`~drawdealer.parsers.sitekit.Ledger` of the
chips in front of each player (the XML sites print calls and all-ins their own way).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Iterator
from xml.parsers import expat

from drawdealer.engine.frozen import field, record
from drawdealer.engine.record import ActionKind
from drawdealer.parsers import limits
from drawdealer.parsers.results import ParseFailure
from drawdealer.parsers.sitekit import HandBuilder, Ledger, LineError
from drawdealer.parsers.sniff import XML_DECLARATION

if TYPE_CHECKING:
    from drawdealer.engine.record import HandRecord
    from drawdealer.parsers.results import Skipped

MAX_ELEMENTS = 16 * limits.MAX_ACTIONS
"""Elements in one hand (a Boss Media action is an element and its five cards; a real hand has a few hundred)."""

_PROLOGUE = re.compile(r"\s*(?:<\?xml[^<>]*\?>\s*)?(?:<!--.*?-->\s*)*(?:<(?P<root>[A-Za-z_][\w.-]*)>\s*)?", re.S)


class XmlError(ValueError):
    """XML that is not one well-formed, safe hand element: ``line`` (in the file) and 1-based ``column``."""

    def __init__(self, message: str, line: int, column: int = 1) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


@record(kw_only=False, frozen=False)
class Node:
    """An element: its tag, attributes, the file line where it starts, and its child elements
    (text between elements is not kept: the XML sites put nothing in it)."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    def need(self, name: str) -> str:
        """The attribute ``name``; :class:`XmlError` on the element's line when it is missing."""
        value = self.attrs.get(name)
        if value is None:
            raise XmlError(f"<{self.tag}> without its {name} attribute", self.line)
        return value

    def text(self) -> str:
        """The element's start tag as a line of text, for messages (timestamps left out)."""
        attrs = "".join(f' {k}="{v}"' for k, v in self.attrs.items() if k != "timestamp")
        return f"<{self.tag}{attrs}>"

    def iter(self, tag: str | None = None) -> Iterator[Node]:
        """This element and every element inside it, in document order (only ``tag`` when given)."""
        stack = [self]
        while stack:
            node = stack.pop()
            if tag is None or node.tag == tag:
                yield node
            stack.extend(reversed(node.children))


def parse_hand_element(lines: list[str], start: int, *, closing: str = "") -> Node:
    """The one element written on ``lines`` (the first is file line ``start``). ``closing`` is the end
    tag of the document's root element (``</ROOT>``), allowed after the last hand of a file.

    Raises :class:`XmlError` for XML that is not well formed, for a DTD or entity declaration, and
    for a hand over the limits (module docstring).
    """
    text = "\n".join(lines)
    if "<!" in text:  # a comment, or a declaration expat might read before it sees the misplaced text
        found = XML_DECLARATION.search(text)
        if found:
            raise XmlError(_refusal(found.group(0)[2:].upper()), start + text.count("\n", 0, found.start()))
    if closing and text.rstrip().endswith(closing):
        text = text.rstrip()[: -len(closing)]
    builder = _TreeBuilder(start)
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    builder.attach(parser)
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise XmlError(f"not well-formed XML: {expat.ErrorString(exc.code)}", start + exc.lineno - 1,
                       exc.offset + 1) from None
    if builder.root is None:
        raise XmlError("no element", start)
    return builder.root


def read_hand(lines: list[str], start: int, source: str, tag: str, id_attr: str,
              read: Callable[[Node], HandRecord | ParseFailure | Skipped], *, closing: str = ""
              ) -> HandRecord | ParseFailure | Skipped:
    """One hand: its lines held to the limits of :mod:`~drawdealer.parsers.limits`, parsed
    (:func:`parse_hand_element`), checked to be a ``<tag>`` and given to ``read``; an
    :class:`XmlError` on the way is the hand's :class:`~drawdealer.parsers.results.ParseFailure`,
    with the hand's ``id_attr`` when it was read."""
    problem = limits.line_problem(lines) or limits.hand_problem(lines)
    if problem is not None:
        index, message = problem
        return ParseFailure(message=message, line=start + index, text=lines[index][:200], start_line=start,
                            end_line=start + len(lines) - 1, source=source)
    root = None
    try:
        root = parse_hand_element(lines, start, closing=closing)
        if root.tag != tag:
            raise XmlError(f"<{root.tag}> where a <{tag}> was expected", root.line)
        return read(root)
    except XmlError as e:
        return failure(e, lines, start, source, root.get(id_attr, "") or "" if root is not None else "")


def failure(e: XmlError, lines: list[str], start: int, source: str, hand_id: str = "") -> ParseFailure:
    """The :class:`~drawdealer.parsers.results.ParseFailure` of a hand's ``lines`` for ``e``."""
    index = min(max(e.line - start, 0), len(lines) - 1)
    return ParseFailure(message=e.message, line=e.line, column=e.column, text=lines[index][:200], hand_id=hand_id,
                        start_line=start, end_line=start + len(lines) - 1, source=source)


def prologue_failure(lines: list[str], start: int, source: str) -> ParseFailure | None:
    """The failure of the text before a file's first hand (:func:`prologue_problem`), or None."""
    problem = prologue_problem(lines, start)
    return failure(problem, lines, start, source) if problem is not None else None


def prologue_problem(lines: list[str], start: int) -> XmlError | None:
    """What is wrong with the text before a file's first hand, or None: it may hold only an XML
    declaration, comments and the opening tag of the document's root (``<ROOT>``)."""
    text = "\n".join(lines)
    found = XML_DECLARATION.search(text)
    if found:
        line = start + text.count("\n", 0, found.start())
        return XmlError(_refusal(found.group(0)[2:].upper()), line)
    m = _PROLOGUE.match(text)
    if m.end() != len(text):
        line = start + text.count("\n", 0, m.end())
        return XmlError("text before the first hand that is not an XML declaration or the root element", line)
    return None


class XmlBuilder(HandBuilder):
    """A hand built from its elements. A site's subclass reads the hand in :meth:`read` (elements
    in, :meth:`add_event` and the builder's claims out) and returns :meth:`record`'s record or a
    skip; :meth:`build` makes any bad amount, card or unseated player an :class:`XmlError` on the
    line of the element being read (:attr:`node`)."""

    def __init__(self, root: Node, lines: list[str], start: int, source: str, *, cents: bool) -> None:
        super().__init__(lines, start, source, cents=cents)
        self.root = root
        self.node = root
        """The element being read: a failure is reported on its line."""
        self.ledger = Ledger()
        self.structure = ""
        """``FL``, ``PL`` or ``NL`` once the hand's game is read."""

    def read(self) -> HandRecord | Skipped | ParseFailure:
        raise NotImplementedError

    def build(self) -> HandRecord | Skipped | ParseFailure:
        """:meth:`read`, a failure raised while reading put on the line of :attr:`node`."""
        try:
            return self.read()
        except XmlError:
            raise
        except ValueError as e:  # LineError, a card or an amount that is none
            raise XmlError(str(e), self.node.line) from None

    def at(self, node: Node) -> Node:
        """Read ``node`` next (where a failure is reported)."""
        self.node = node
        return node

    def amount_of(self, node: Node, name: str) -> int:
        """Attribute ``name`` of ``node`` as an amount."""
        return self.amount(self.at(node).need(name))

    def add_event(self, kind: ActionKind, player: str, node: Node, **fields: object) -> None:
        """An action from ``node`` (its line and its text)."""
        if len(self.actions) >= limits.MAX_ACTIONS:
            raise LineError(limits.actions_message(len(self.actions) + 1))
        self.add(kind, player, self.at(node).line, node.text(), **fields)

    def forced(self, kind: ActionKind, player: str, node: Node, chips: int) -> None:
        """A forced bet from ``node``; antes and dead blinds are dead money (the ledger's hand only)."""
        if kind is ActionKind.POST_SB:
            self.sb_post = chips
        self.add_event(kind, player, node, amount=chips)
        if kind not in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):  # dead money is in front of nobody
            self.ledger.put(player, chips)

    def both_blinds(self, player: str, node: Node, chips: int) -> None:
        """A returning player's blinds in one post: a live big blind, the rest dead money (RULES.md §6.1)."""
        big = min(chips, self.big_blind())
        self.forced(ActionKind.POST_BB, player, node, big)
        if chips > big:
            self.forced(ActionKind.POST_DEAD, player, node, chips - big)

    def stakes_amounts(self) -> tuple[int, int]:
        """The ``a/b`` of the hand's stakes (:func:`~drawdealer.parsers.sitekit.site_stakes`)."""
        raise NotImplementedError

    def big_blind(self) -> int:
        a, b = self.stakes_amounts()
        return a if self.structure == "FL" else b

    def too_many_players(self, node: Node, hand_id: str) -> ParseFailure | None:
        """The ``PLAYER_COUNT_INVALID`` refusal of a hand seating more than the limit, else None."""
        if len(self.seats) <= limits.MAX_PLAYERS:
            return None
        return limits.player_count_failure(len(self.seats), line=node.line, hand_id=hand_id, start_line=self.start,
                                           end_line=self.end, source=self.source)


def _refusal(what: str) -> str:
    return f"an XML {what} declaration: refused (hand histories are read without any DTD or entity)"


class _TreeBuilder:
    """Expat handlers that build the tree and refuse what an untrusted file must not hold."""

    def __init__(self, start: int) -> None:
        self.start = start
        self.root: Node | None = None
        self.stack: list[Node] = []
        self.count = 0
        self.parser: expat.XMLParserType | None = None

    def attach(self, parser: expat.XMLParserType) -> None:
        self.parser = parser
        parser.StartElementHandler = self.start_element
        parser.EndElementHandler = self.end_element
        parser.StartDoctypeDeclHandler = lambda *args: self.refuse("DOCTYPE")
        parser.EntityDeclHandler = lambda *args: self.refuse("ENTITY")
        parser.UnparsedEntityDeclHandler = lambda *args: self.refuse("ENTITY")
        parser.ExternalEntityRefHandler = lambda *args: self.refuse("external entity")

    def here(self) -> tuple[int, int]:
        assert self.parser is not None
        return self.start + self.parser.CurrentLineNumber - 1, self.parser.CurrentColumnNumber + 1

    def refuse(self, what: str) -> None:
        raise XmlError(_refusal(what), *self.here())

    def start_element(self, tag: str, attrs: dict[str, str]) -> None:
        stack = self.stack
        self.count += 1
        if self.count > MAX_ELEMENTS or len(stack) >= limits.MAX_NESTING:
            self.too_large()
        node = Node(tag, attrs, self.start + self.parser.CurrentLineNumber - 1, [])  # type: ignore[union-attr]
        if stack:
            stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        stack.append(node)

    def too_large(self) -> None:
        if self.count > MAX_ELEMENTS:
            raise XmlError(f"more than {MAX_ELEMENTS:,} elements in a hand (the limit per hand); hand not read",
                           *self.here())
        raise XmlError(f"elements nested more than {limits.MAX_NESTING} deep (the limit); hand not read", *self.here())

    def end_element(self, tag: str) -> None:
        self.stack.pop()
