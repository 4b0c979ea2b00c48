"""The PokerStars reader with its line memos: a speed layer around :mod:`~drawdealer.parsers.pokerstars`.

The site's row in :data:`~drawdealer.parsers.sniff.SITES` reads with this module. Its builder,
:class:`MemoBuilder`, is the plain reader's :class:`~drawdealer.parsers.pokerstars.PokerStarsBuilder`
with memos of what a line says, by its text, so that most lines cost one dictionary look-up and
the making of their action. The memos hold the plain reader's answers, learnt as it reads a line
the layer does not know (its reading methods ``player_entry``, ``read_seat``,
``read_summary_seat``, ``read_total``, ``site_line`` and ``on_noise``, each called and then
remembered); a line the memos hold is recorded by the plain reader's own ``record_*`` methods, but
for the commonest (a player's action), whose action is built here from its template as
:func:`~drawdealer.parsers.fastaction.action_from` builds it, without a call:

- body lines by whole text (:data:`_line_memo`): player lines (``P1: calls 8``) as the plain
  reader's ``_entry``, seat lines as their Seat, and ``collected`` and ``Uncalled bet`` lines as the
  toolkit classified them; table talk in a set (:data:`_noise_memo`);
- player lines with cards, which seldom recur, by their words without the cards (:func:`_card_key`),
  a seat line of a new stack by its words (:data:`_seat_words_memo`); ``Dealt to`` lines are cut at
  their brackets (:func:`_dealt_parts`);
- summary seat lines by whole text, or with cards by their words and what follows the cards
  (:func:`_summary_cards_parts`; the cards a summary line repeats from the showdown are not read
  twice), ``Total pot`` lines by text, and what follows a player's name (``calls 8``) by its text.

A memo answers exactly what the plain reading would: each key is chosen so that the cards and
amounts cut out of it cannot change what the patterns read, and a line is taken from a memo only
where the plain reader would read it the same way (its player seated and named up to the line's
first ``: ``). ``tests/test_parse_fast_paths.py`` reads the fixtures, the corpus and generated and
mutated hands both ways and compares records, failures and line numbers. Each memo is emptied past
:data:`~drawdealer.parsers.sitekit.MEMO_SIZE` entries, so memory stays flat.

What the memos buy, side by side on the same hands (``python bench/bench_parse.py --hands 5000``,
rows ``parse, memos empty at the start`` and ``the plain reader, without the memos``): the plain
reader takes 1.7-2.0 × the CPU time of the reader with the memos on generated six-max hands as a
site writes them, 1.2-1.3 × with every card written (lines with cards seldom recur) and 1.7-2.0 × on
the real hands of the corpus, replicated (two runs); in instructions (``valgrind --tool=callgrind``
on ``read_hands`` and on ``pokerstars.parse_hands`` over 3,000 of those generated hands, start-up
subtracted) it runs 3.0 × as many: the memos save two thirds of the plain reading.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from drawdealer.engine.cards import Card, CardError
from drawdealer.engine.record import Action, ActionKind, HandRecord, Seat
from drawdealer.parsers import pokerstars
from drawdealer.parsers.fastaction import ActionDraft, new_seat
from drawdealer.parsers.pokerstars import REPEATABLE, SECTIONS, PokerStarsBuilder, read_seat_line
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.sitekit import AMOUNTS_READ, LineError, clear_amount_memo, parse_card_list, remember

K = ActionKind

_line_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Body lines without cards already read, by whole text (``Player1: folds`` recurs across hands, and
so does a folding player's seat line): ``(name, line kind, action template or None, what else,
after)``. Player lines are their ``_entry``; ``collected`` and ``Uncalled bet`` lines are ``(name,
kind, None, their match, None)``; seat lines are ``(None, "SEAT", seat, None, None)``. A line is
taken from the memo only when its player is seated (``None`` is nobody's name), seat lines always."""
_MISS = ("", "", None, (), None)  # what the line memo gives for a line it does not hold ('' is nobody's name)
_card_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Player lines with cards (``P1: discards 2 cards [8s Td]``, ``P2: shows [..] (Lo: ..)``) by
:func:`_card_key`: their :func:`_card_entry`."""
_noise_memo: dict[str, None] = {}
"""Table talk already recognised (chat, joins, timeouts) in the body: lines without ``: `` (no
player's line, whoever is seated) that are no ``Table`` line."""
_rest_memo: dict[tuple[str, bool], tuple[Any, ...]] = {}
"""What follows a player's name (``raises $2 to $2.50``) already read, but for texts with cards."""
_seat_words_memo: dict[bool, dict[str, tuple[int, str]]] = {False: {}, True: {}}
"""``(seat, name)`` of seat lines ``<words> (<stack> in chips)`` already read, by their words
(``Seat 3: P3``). The seat pattern's greedy name ends at the last `` (``, so a line of the same words
whose stack is an amount already read (``AMOUNTS_READ``: the pattern's stack class holds every
amount) is that seat with that stack."""
_summary_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Summary seat lines already read, by whole text (``Seat 5: Player5 folded before the Draw``)."""
_summary_words_memo: dict[bool, dict[str, tuple[int, str, int]]] = {False: {}, True: {}}
"""Summary seat lines with cards, ``<words> [<cards>]<rest>`` (:func:`_summary_cards_parts`), by
their words (``Seat 4: P4 (button) showed``): ``(seat, name, where)``, ``where`` telling whether the
cards are the shown ones (1) or the mucked ones (2)."""
_summary_rest_memo: dict[bool, dict[str, tuple[int | None, str | None]]] = {False: {}, True: {}}
"""What follows the cards of such a line with shown cards (`` and won (188) with Lo: …``), by its
text: ``(won, description)``."""
_total_memo: dict[bool, dict[str, tuple[int, int, tuple[int, ...] | None]]] = {False: {}, True: {}}
"""``Total pot`` lines already read: ``(total, rake, pots)``."""


def clear_memos() -> None:
    """Empty every memo of the layer, and the toolkit's (tests compare reading with and without them)."""
    for memo in (_rest_memo, _noise_memo, pokerstars.GRAMMAR.verdicts, MemoBuilder.CLASSIFIED):
        memo.clear()
    clear_amount_memo()
    for by_cents in (_line_memo, _card_memo, _seat_words_memo, _summary_memo, _summary_words_memo,
                     _summary_rest_memo, _total_memo):
        for memo in by_cents.values():
            memo.clear()


def parse_hand(lines: list[str], start_line: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """:func:`pokerstars.parse_hand <drawdealer.parsers.pokerstars.parse_hand>`, with the memos."""
    return pokerstars.parse_hand(lines, start_line, source, MemoBuilder)


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = "") -> Iterator[HandRecord | ParseFailure | Skipped]:
    """:func:`pokerstars.parse_hands <drawdealer.parsers.pokerstars.parse_hands>`, with the memos."""
    return pokerstars.parse_hands(chunks, source, MemoBuilder)


# --------------------------------------------------------------------------- memo keys

_CARD_SLOTS = {"DRAW": (5, 8), "SHOW": (7,), "MUCK": (7,)}
"""Where the cards of a player line go in its action template (discarded or kept; shown or mucked)."""


def _card_key(line: str) -> tuple[str, str] | None:
    """``(line without its cards, the cards)`` of a player line ``<words> [<cards>]<rest>`` with one
    ``[`` (after a space) and one ``]`` after it; None for any other line.

    What the patterns read in such a line, when the text between the brackets is a list of cards
    (no ``:``, ``[`` nor ``]`` in it), depends on the cards only through the cards themselves: the
    line without them is a sound memo key. The key is the words alone when nothing follows the
    ``]`` (most lines), else the words, ``' []'`` and what follows (words hold no `` [``: the
    two forms never meet).
    """
    words, _, tail = line.partition(" [")
    cards, close, rest = tail.partition("]")
    if not close or "[" in words or "[" in tail or "]" in rest:
        return None
    return (words + " []" + rest if rest else words), cards


def _card_entry(entry: tuple[Any, ...], cards_text: str) -> tuple[Any, ...] | None:
    """``entry`` of a line with one pair of brackets holding ``cards_text``, with a hole for the
    cards: ``entry + (slot, counted)``, or None when the cards are not where expected."""
    template = entry[2]
    for slot in _CARD_SLOTS.get(entry[1], ()):
        if template[slot] is not None:
            counted = entry[1] != "DRAW"
            try:
                cards = parse_card_list(cards_text)
            except CardError:
                return None
            if _with_cards(entry + (slot, counted), cards) == template:
                return entry + (slot, counted)
    return None


def _with_cards(card_entry: tuple[Any, ...], cards: tuple[Card, ...]) -> tuple[Any, ...]:
    """The action template of a :func:`_card_entry` for a line with these cards."""
    template = list(card_entry[2])
    template[card_entry[5]] = cards
    if card_entry[6]:
        template[4] = len(cards)
    return tuple(template)


def _dealt_parts(line: str) -> tuple[str, str, str | None] | None:
    """What ``pokerstars._DEALT`` reads in ``Dealt to X [a]`` or ``Dealt to X [a] [b]``, by cutting
    the line at its brackets; None for any other shape (the pattern then reads it).

    The pattern's lazy name ends at the first `` [`` when what follows is one or two bracketed texts
    without ``]``, the first ending at the first ``]``.
    """
    words, _, tail = line.partition(" [")
    first, close, rest = tail.partition("]")
    if not close or len(words) < 10:
        return None
    if not rest:
        return words[9:], first, None
    if rest[:2] == " [" and rest[-1] == "]" and "]" not in rest[2:-1]:
        return words[9:], first, rest[2:-1]
    return None


def _summary_cards_parts(line: str) -> tuple[str, str, str] | None:
    """``(words, cards, rest)`` of a summary seat line ``<words> [<cards>]<rest>`` with one ``[``
    and one ``]``, its words ending in ``showed`` or ``mucked``; None for any other line.

    In such a line the patterns read the seat and the name in the words alone (what may end a name
    there is a literal word that does not hold `` [``, or ``showed [``/``mucked [`` itself), the
    won amount and the description in the rest alone, and the cards between the brackets: a line
    of known words and a known rest is read from the two memos and its cards.
    """
    words, _, tail = line.partition(" [")
    text, close, rest = tail.partition("]")
    verb = words[-7:]
    if (not close or "[" in words or "[" in tail or "]" in rest
            or (verb != " showed" and verb != " mucked")):
        return None
    return words, text, rest


def _learn_summary_cards(line: str, said: tuple[Any, ...], cents: bool) -> bool:
    """Remembers the words and the rest of a summary seat line with cards (see
    :func:`_summary_cards_parts`) read the plain way as ``said``; False when it is no such line
    or its cards are not the ones shown or mucked."""
    parts = _summary_cards_parts(line)
    if parts is None:
        return False
    words, text, rest = parts
    try:
        cards = parse_card_list(text)
    except CardError:
        return False
    if said[4] is not None and said[4] == cards and said[5] is None:
        remember(_summary_words_memo[cents], words, (said[0], said[1], 1))
        remember(_summary_rest_memo[cents], rest, (said[2], said[3]))
        return True
    if said[5] is not None and said[5] == cards and said[4] is None and not rest:
        remember(_summary_words_memo[cents], words, (said[0], said[1], 2))
        return True
    return False


# --------------------------------------------------------------------------- the layer

class MemoBuilder(PokerStarsBuilder):
    """:class:`~drawdealer.parsers.pokerstars.PokerStarsBuilder` reading from the memos first, and
    remembering what its plain reading methods read."""

    shown_text: dict[str, str] | None = None
    """The text of the cards of each show read from the card memo (set on the instance when one is)."""

    def read_body(self, numbered: Iterator[tuple[int, str]], shape: list[str], where: list[int]) -> None:
        start = self.start
        names = self.names
        append = self.actions.append
        memo_get = _line_memo[self.cents].get
        noise = _noise_memo
        section = SECTIONS.get
        draft = ActionDraft
        prev = shape[-1]
        for number, line in numbered:  # most lines are 'name: action' seen before
            name, kind, template, said, after = memo_get(line, _MISS)
            if name in names:  # a line of a seated player seen before
                if template is not None:  # its action, built as fastaction.action_from would, without a call
                    action = draft()
                    (action.kind, action.player, action.amount, action.all_in, action.count, action.discarded,
                     action.received, action.cards, action.kept, action.received_count,
                     action.received_lines) = template
                    action.line = number
                    action.text = line
                    action.__class__ = Action
                    append(action)
                    if after is not None:
                        self._after(after, name, said, action, number)
                elif kind == "NOISE":
                    continue
                elif kind == "COLLECT":
                    self.on_wins(said, number, line)
                elif kind == "UNCALLED":
                    self.on_uncalled(said, number, line)
                else:
                    self.record_other(name, said, number, line)
                if kind != prev:  # every kind in the memo is repeatable
                    shape.append(kind)
                    where.append(number)
                    prev = kind
                continue
            if kind == "SEAT":  # a seat line seen before
                try:
                    self.add_seat_value(template)
                except LineError as e:
                    raise e.at(number - start) from None
            elif line in noise:
                continue
            else:
                kind = section(line)  # a section line reads as its section
                if kind is None:
                    try:
                        kind = self._other(number, line)
                    except LineError as e:
                        raise e.at(number - start) from None
                    except CardError as e:
                        raise LineError(str(e), index=number - start) from None
                    if kind is None:
                        continue
                elif kind == "SUMMARY":  # as the plain reader reads it: the summary starts
                    self.summary = True
                    shape.append(kind)
                    where.append(number)
                    return
            if kind != prev or kind not in REPEATABLE:  # add_kind, inline
                shape.append(kind)
                where.append(number)
                prev = kind

    def _other(self, number: int, line: str) -> str | None:
        """A body line the whole-line memos do not hold, read as :meth:`read_line` reads it (the
        caller sets the line's index on an error), the commonest kinds sooner (their first words
        rule out the plain reading's earlier cases): a seat line, the table line, a ``Dealt to``
        line without ``': '`` (no player's line) cut at its brackets (:func:`_dealt_parts`), and a
        player line with cards whose words were read before (see :func:`_card_key`): the memo's
        template with the cards in their slot (:func:`_with_cards`), built as a draft without a call."""
        if not line:
            return None
        first = line[0]
        if first == "S" and line[:5] == "Seat ":
            seat = self.read_seat(line)
            return self.add_seat_value(seat) if seat is not None else self._seat(line, number)
        if first == "D" and line[:9] == "Dealt to " and ": " not in line:
            parts = _dealt_parts(line)
            if parts is not None and parts[0] in self.names:
                self.record_dealt(parts[0], parts[1], parts[2], number, line)
            else:
                self._dealt(line, number)
            return "DEALT"
        if " [" not in line:
            if first == "T" and number == self.start + 1 and line[:7] == "Table '":  # nobody seated yet
                return self.table(line)
            return self._classify(number - self.start, line, number)
        words, _, tail = line.partition(" [")  # _card_key, inline
        text, close, rest = tail.partition("]")
        hit = _card_memo[self.cents].get(words + " []" + rest if rest else words) if close else None
        if hit is None or hit[0] not in self.names:  # a key holds no '[' and its rest no ']' (see _card_key)
            return self._classify(number - self.start, line, number)
        try:
            cards = parse_card_list(text)
        except CardError:
            return self._classify(number - self.start, line, number)
        action = ActionDraft()
        (action.kind, action.player, action.amount, action.all_in, action.count, action.discarded,
         action.received, action.cards, action.kept, action.received_count, action.received_lines) = hit[2]
        slot = hit[5]  # see _CARD_SLOTS
        if slot == 7:
            action.cards = cards
            action.count = len(cards)  # a show or a muck counts its cards
        elif slot == 5:
            action.discarded = cards
        else:
            action.kept = cards
        action.line = number
        action.text = line
        action.__class__ = Action
        self.actions.append(action)
        if hit[4] is not None:  # a show (see PokerStarsBuilder._after): what the summary may say again
            name, desc = hit[0], hit[3][7]
            self.showed.add(name)
            texts = self.shown_text
            if texts is None:
                texts = self.shown_text = {}
            texts[name] = text
            if desc is not None:
                self.descriptions.append((name, desc, number))
                self.body_desc[name] = desc
        return hit[1]

    def read_summary(self, numbered: Iterator[tuple[int, str]], shape: list[str], where: list[int]) -> None:
        start = self.start
        seen = _summary_memo[self.cents].get
        totals = _total_memo[self.cents]
        seat_names = self.seat_names
        prev = shape[-1]
        for number, line in numbered:  # 'Seat N: …' lines recur too
            said = seen(line)
            if said is not None and seat_names.get(said[0]) == said[1]:
                kind = "SEATSUM"
                if said[2] is not None or said[3] is not None or said[4] is not None or said[5] is not None:
                    self.summary_seat(said, number, line)
            elif not line:
                continue
            elif line in totals:  # a 'Total pot' line seen before
                self.record_total(totals[line], number)
                kind = "TOTAL"
            elif said is None and " [" in line and self._summary_cards(line, number):
                kind = "SEATSUM"
            elif line[0] != "*" and line != "Hand cancelled":  # what read_line reads in the summary
                try:
                    kind = self._summary_line(line, number)
                except LineError as e:
                    raise e.at(number - start) from None
                if kind is None:
                    continue
            else:
                kind = self.read_line(number, line)
            if kind != prev or kind not in REPEATABLE:  # add_kind, inline
                shape.append(kind)
                where.append(number)
                prev = kind

    # -- summary lines with cards

    def _summary_cards(self, line: str, number: int) -> bool:
        """A summary seat line with cards whose words and rest were read before (see
        :func:`_summary_cards_parts`), recorded; False when that does not apply (the plain way
        then reads the line, and says where and why it is wrong)."""
        cents = self.cents
        words, _, tail = line.partition(" [")  # _summary_cards_parts, inline
        who = _summary_words_memo[cents].get(words)
        if who is None:
            return False
        text, close, rest = tail.partition("]")
        seat, name, where = who  # words without '[' (a key is learnt from such lines only), and so is a rest
        if where == 1:
            after = _summary_rest_memo[cents].get(rest)
            if after is None or not close:
                return False
        elif rest or not close:
            return False
        if self.seat_names.get(seat) != name:
            return False
        texts = self.shown_text
        if where == 1 and texts is not None and texts.get(name) == text:  # shown in the body: the same cards
            won, desc = after
            if won is not None:
                self.summary_won.append((name, won, number))
            if desc is not None and self.body_desc.get(name) != desc:
                self.descriptions.append((name, desc, number))
            return True
        try:
            cards = parse_card_list(text)
        except CardError:
            return False
        if where == 1:
            self.summary_seat((seat, name, after[0], after[1], cards, None), number, line)
        else:
            self.summary_seat((seat, name, None, None, None, cards), number, line)
        return True

    # -- the plain reading, remembered

    def player_entry(self, line: str, j: int) -> tuple[Any, ...]:
        entry = super().player_entry(line, j)
        if ": " in entry[0]:  # an earlier ': ' may end a seated name at another table
            return entry
        cents = self.cents
        if "[" not in line:
            remember(_line_memo[cents], line, entry)
        elif entry[2] is not None:
            key = _card_key(line)
            card_entry = _card_entry(entry, key[1]) if key is not None else None
            if card_entry is not None:
                remember(_card_memo[cents], key[0], card_entry)  # type: ignore[index]
        return entry

    def read_rest(self, rest: str) -> tuple[Any, ...]:
        key = (rest, self.cents)
        said = _rest_memo.get(key)
        if said is None:
            said = super().read_rest(rest)
            if "[" not in rest:  # texts with cards seldom recur
                remember(_rest_memo, key, said)
        return said

    def site_line(self, line: str, number: int) -> str | None:
        kind = super().site_line(line, number)
        if kind is not None and ": " not in line and line[:7] != "Table '":
            hit = self.CLASSIFIED.get(line)
            # no player's line whoever is seated, and its row the first that matches it (see classify):
            # the line memo may hold its classification
            if hit is not None and hit[1]["name"] in self.names:
                remember(_line_memo[self.cents], line, (hit[1]["name"], kind, None, hit[1], None))
        return kind

    def on_noise(self, m: Any, number: int, line: str) -> None:
        if ": " not in line and line[:7] != "Table '":  # whoever is seated, and wherever it is
            remember(_noise_memo, line, None)

    def read_seat(self, line: str) -> Seat | None:
        cents = self.cents
        words, _, tail = line.rpartition(" (")
        who = _seat_words_memo[cents].get(words) if tail[-10:] == " in chips)" else None
        stack = AMOUNTS_READ[cents].get(tail[:-10]) if who is not None else None
        if stack is not None:
            seat = new_seat(who[0], who[1], stack, False)  # type: ignore[index]
        else:
            seat = read_seat_line(line, cents)  # what PokerStarsBuilder.read_seat reads
            if seat is None:
                return None
            if (tail[-10:] == " in chips)" and not seat.sitting_out
                    and words[words.find(": ") + 2:] == seat.name):  # the name ends at the last ' ('
                remember(_seat_words_memo[cents], words, (seat.seat, seat.name))
        remember(_line_memo[cents], line, (None, "SEAT", seat, None, None))
        return seat

    def read_summary_seat(self, line: str) -> tuple[Any, ...]:
        cents = self.cents
        said = _summary_memo[cents].get(line)
        if said is None:
            said = super().read_summary_seat(line)
            if not _learn_summary_cards(line, said, cents):
                remember(_summary_memo[cents], line, said)
        return said

    def read_total(self, line: str) -> tuple[int, int, tuple[int, ...] | None]:
        totals = _total_memo[self.cents]
        said = totals.get(line)
        if said is None:
            said = super().read_total(line)
            remember(totals, line, said)
        return said

