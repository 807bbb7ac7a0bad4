"""What one seat sees of a game, as data; the text board drawn from it; and the play log, which
tells what changed from one decision to the next.

Every game's adapter builds a :class:`BoardView` (``GameSpec.public_view(game, viewer)``): its
players' scores (life, damage, level, ...) and their cards grouped into areas by kind (Force of
Will: ruler, resonators, magic stones, additions; Weiss Schwarz: the stage by position, the
clock; FF-TCG: forwards, backups), each card with the few numbers a player looks at. The rest is
written once, here, for every game:

* :func:`render_board` draws the text board (``Game.render``), :func:`player_summary` a player's line
  of it (scores and counts; the golden playthroughs, tests/golden, print it at every decision);
* :func:`changes` compares the views before and after a step and says, in a few lines, what moved
  where, which numbers changed on which card and whose life (damage, clock) changed;
* :class:`PlayLog` is the log of ``tcg play`` and ``tcg replay``: one line per action that
  means something, with what it did under it; a run of passes (the bot's, and yours where passing
  was the only choice) as one line; a header at each turn and a marker at each phase.

A view holds only what its viewer may see: a hidden area (the opponent's hand, a deck, face-down
cards) has its card slots, to follow cards that move in or out of it, but no names, and nothing
here prints the name of a card the viewer cannot see in the view before or after a step.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

__all__ = ["CardView", "AreaView", "PlayerView", "BoardView", "Change", "render_board", "player_summary", "changes",
           "mask_hidden", "PlayLog", "PASS"]

#: action 0 is every game's PASS / DONE (docs/architecture.md: "[PASS/DONE] + ..."), the action the
#: play log folds into one line when a run of them is automatic
PASS = 0


@dataclass(frozen=True)
class CardView:
    """One card its viewer can see. ``slot``: its card slot (which card it is, to follow it from one
    view to the next; never printed). ``label``: its place inside its area (a stage position).
    ``info``: what the board shows after its name (a hand card's cost; level, cost and power).
    ``flags``: board-only states (rested, dull, reversed, attacking). ``stats``: numbers shown on
    the board and logged when they change (ATK/DEF, power, damage), as (name, value) pairs."""

    slot: int
    name: str
    label: str = ""
    info: str = ""
    flags: tuple[str, ...] = ()
    stats: tuple[tuple[str, str], ...] = ()

    def board_text(self) -> str:
        extra = [*self.flags, *(f"{v}" if k in _BARE_STATS else f"{k} {v}" for k, v in self.stats)]
        return f"{self.name}{' ' + self.info if self.info else ''}" + (f" [{', '.join(extra)}]" if extra else "")


_BARE_STATS = frozenset({"ATK/DEF"})  # shown as the number alone on the board: "600/500"


@dataclass(frozen=True)
class AreaView:
    """An area of a player (or of both: "the chase", "the stack", named with their article): ``slots``
    of its cards in order, and
    ``cards`` when the viewer may see them (None: hidden, only the count). ``style``: how the board
    shows it: ``"lines"`` (a card a line), ``"inline"`` (one line), ``"grouped"`` (one line, identical
    cards once with their number: ``Tide Crystal [rested] x3``), ``"count"`` (only the count, in
    the player's line, when not 0), ``"none"`` (not at all: the game draws it in ``BoardView.notes``).
    ``counted``: its count is always in the player's line. A hidden area's count is shown when not 0."""

    name: str
    slots: tuple[int, ...]
    cards: tuple[CardView, ...] | None = None
    style: str = "count"
    counted: bool = False

    @property
    def count(self) -> int:
        return len(self.slots)


@dataclass(frozen=True)
class PlayerView:
    """``scores``: the numbers that decide the game (life, damage, level, clock), logged when they
    change; ``areas`` in board order; ``notes``: board-only extras (a will pool)."""

    scores: tuple[tuple[str, int], ...]
    areas: tuple[AreaView, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardView:
    """A game as its viewer sees it: the header (turn, turn player, ``where``: phase or step, in
    words; ``status``: the pending decision or the result), both players and the areas no player
    owns (``shared``: the chase, the stack)."""

    title: str
    turn: int
    turn_player: int
    where: str
    status: str
    players: tuple[PlayerView, PlayerView]
    shared: tuple[AreaView, ...] = ()
    done: bool = False
    notes: tuple[str, ...] = ()  # board-only lines after the areas (the chase's entries, abilities included)
    _places: dict = field(default_factory=dict, compare=False, repr=False)

    def areas(self):
        """(player or -1, area) of every area."""
        for p, pv in enumerate(self.players):
            for a in pv.areas:
                yield p, a
        for a in self.shared:
            yield -1, a

    def places(self) -> dict[int, tuple[int, str, str]]:
        """card slot -> (player or -1, area name, label) of every card in an area."""
        if not self._places:
            for p, a in self.areas():
                labels = {c.slot: c.label for c in a.cards or ()}
                for s in a.slots:
                    self._places[s] = (p, a.name, labels.get(s, ""))
        return self._places

    def card(self, slot: int) -> CardView | None:
        """The card in ``slot`` if the viewer can see it."""
        for _, a in self.areas():
            for c in a.cards or ():
                if c.slot == slot:
                    return c
        return None


# ---- the board -------------------------------------------------------------------------------
def render_board(view: BoardView) -> str:
    """The text board: the header line and the status line, then per player the scores and counts
    on one line and the visible areas below (an area a line, or a card a line), then the shared
    areas."""
    lines = [f"{view.title} - turn {view.turn}, turn player {view.turn_player}, {view.where}", view.status]
    for p, pv in enumerate(view.players):
        lines.append(f"P{p}: " + player_summary(pv))
        lines += _area_lines(pv.areas)
    shared = _area_lines(view.shared, indent="")
    return "\n".join(lines + shared + list(view.notes))


def player_summary(pv: PlayerView) -> str:
    """A player's line of the board without its name: the scores, then the counts of the areas that
    show only their count (and of those always counted), then the notes
    (``damage 1; hand 2, deck 40, break zone 5``)."""
    head = ", ".join(f"{k} {v}" for k, v in pv.scores)
    counts = ", ".join(f"{a.name} {a.count}" for a in pv.areas
                       if a.counted or (a.count and (a.style == "count" or a.cards is None)))  # fmt: skip
    return "; ".join(x for x in (head, counts, *pv.notes) if x)


def _area_lines(areas: Sequence[AreaView], indent: str = "   ") -> list[str]:
    shown = [a for a in areas if a.cards and a.style in ("lines", "inline", "grouped")]
    width = max((len(a.name) for a in shown), default=0) + 1
    out = []
    for a in shown:
        head = f"{indent}{a.name + ':':{width}s} "
        if a.style == "grouped":  # identical cards once, with their number: "Tide Crystal [rested] x3"
            texts = Counter(c.board_text() for c in a.cards)
            out.append(head + ", ".join(t + (f" x{n}" if n > 1 else "") for t, n in texts.items()))
            continue
        if a.style == "inline":
            out.append(head + ", ".join(c.board_text() for c in a.cards))
            continue
        lw = max(len(c.label) for c in a.cards)
        for i, c in enumerate(a.cards):
            label = f"{c.label:{lw}s} " if lw else ""
            out.append((head if i == 0 else " " * len(head)) + label + c.board_text())
    return out


# ---- what changed --------------------------------------------------------------------------------
def possessive(who: str) -> str:
    return {"you": "your", "You": "Your"}.get(who, who + "'s")


def _place_words(place, who: Sequence[str], same_player: bool = False) -> str:
    p, area, label = place
    where = area + (f" ({label})" if label else "")
    return where if p < 0 or same_player else f"{possessive(who[p])} {where}"


class Change(str):
    """A line of :func:`changes` (a ``str``) with its ``kind``: "move", "draw", "stats" or "score"."""

    kind: str

    def __new__(cls, kind: str, text: str):
        obj = super().__new__(cls, text)
        obj.kind = kind
        return obj


def changes(before: BoardView, after: BoardView, who: Sequence[str] = ("P0", "P1")) -> list[Change]:
    """What changed from ``before`` to ``after`` (two views of the same viewer), in a few lines:

    * cards that moved, grouped by where from and where to (``Ember Hound: your hand -> resonators``;
      a card the viewer sees in neither view is counted, never named: ``P1 draws 2 cards``,
      ``1 card: P1's hand -> standby``);
    * the stats that changed on a card that stayed (``Abyssal Tyrant: damage 0 -> 400``);
    * the scores (``you: life 4000 -> 2900 (-1100)``).

    ``who``: the players' names (``you``, ``the bot``)."""
    bp, ap = before.places(), after.places()
    moves: dict[tuple, list] = {}
    for slot in sorted(set(bp) | set(ap)):
        a, b = bp.get(slot), ap.get(slot)
        if a == b:
            continue
        card = after.card(slot) or before.card(slot)
        moves.setdefault((a, b), []).append(card.name if card is not None else None)
    out = []
    for (a, b), names in moves.items():
        named = [n for n in names if n is not None]
        n_hidden = len(names) - len(named)
        same = a is not None and b is not None and a[0] == b[0] and a[0] >= 0
        draw = same and a[1] == "deck" and b[1] == "hand"
        if a is None:  # a card that was in no area (a copy put onto the chase, CR 1017)
            move = f"now in {_place_words(b, who)}"
        elif b is None:  # a card that ceased to exist, or is between two areas
            move = f"gone from {_place_words(a, who)}"
        else:
            move = f"{_place_words(a, who)} -> {_place_words(b, who, same_player=same)}"
        for what in ([", ".join(named)] if named else []) + ([f"{n_hidden} card{'s' * (n_hidden > 1)}"] if n_hidden else []):
            out.append(Change("draw", f"{who[a[0]]} {'draw' if who[a[0]] == 'you' else 'draws'} {what}") if draw
                       else Change("move", f"{what}: {move}"))  # fmt: skip
    for slot, place in ap.items():
        if bp.get(slot) != place:
            continue
        old, new = before.card(slot), after.card(slot)
        if old is None or new is None or old.stats == new.stats:
            continue
        o, n = dict(old.stats), dict(new.stats)
        diffs = [f"{k} {o.get(k, '0')} -> {n.get(k, '0')}" if k not in _BARE_STATS else f"{o.get(k, '-')} -> {n.get(k, '-')}"
                 for k in dict.fromkeys([*o, *n]) if o.get(k) != n.get(k)]  # fmt: skip
        out.append(Change("stats", f"{new.name}: {', '.join(diffs)}"))
    for p in (0, 1):
        old_s, new_s = dict(before.players[p].scores), dict(after.players[p].scores)
        diffs = [f"{k} {old_s.get(k)} -> {v} ({v - old_s[k]:+d})" for k, v in new_s.items()
                 if k in old_s and old_s[k] != v]  # fmt: skip
        if diffs:
            out.append(Change("score", f"{who[p]}: {', '.join(diffs)}"))
    return out


# ---- the play log ----------------------------------------------------------------------------------
def mask_hidden(text: str, seen: Sequence[BoardView], everything: Sequence[BoardView],
                card: tuple[int, str] | None = None) -> str:
    """``text`` with the name of every card the viewer of ``seen`` (its views before and after a
    step) cannot see told as "a card": the names ``everything`` (the same moments seen by all)
    gives the cards hidden in both ``seen`` views, unless the viewer sees a card of that name
    in one of them (then the name is public). ``card``: (slot, name) of the card the action points
    at (None: none); hidden in both views, its name is told as "a card" even where the viewer sees
    another card of that name or ``everything`` lists no such card (the bot putting the top card
    of its deck back, when you hold a copy of it: real decks share names)."""
    visible = {c.slot for v in seen for _, a in v.areas() for c in a.cards or ()}
    shown = {c.name for v in seen for _, a in v.areas() for c in a.cards or ()}
    secret = {c.name for v in everything for _, a in v.areas() for c in a.cards or ()
              if c.slot not in visible and c.name not in shown}  # fmt: skip
    if card is not None and card[0] not in visible:
        secret.add(card[1])
    for name in sorted(secret, key=len, reverse=True):  # a longer name first: it may contain a shorter one
        text = re.sub(rf"(?<![\w']){re.escape(name)}(?![\w'])", "a card", text)
    return text


class PlayLog:
    """The log of a game as ``viewer`` sees it, written line by line through ``write``.

    Call :meth:`step` after every action with who took it, its description (taken before it was
    applied), whether it was automatic (``quiet``: a PASS the bot chose, or one that was the only
    choice) and the game after it. A quiet step that changed nothing visible joins the current run
    of passes, printed as one line when something else happens (``· Pass priority (bot x3, you
    x3); Don't block (you)``); any other step is a line of its own (``bot: Play Ember Hound ({R}{1})``)
    with what it did indented under it (:func:`changes`). A new turn prints a header, a new phase
    a marker before the next line. ``who``: the players' names; ``actor``: how an action line names
    a player (``bot``, ``you``).

    ``everything``: the view that sees every card (``public_view(game, None)``), when ``view`` is a
    seat's: an action's description may name a card that seat cannot see (the bot putting a card
    face down into its standby area, or back into its deck); such a name is told as "a card"
    (:func:`mask_hidden`)."""

    def __init__(self, view: Callable[[], BoardView], who: Sequence[str], actor: Sequence[str],
                 write: Callable[[str], None] = print, indent: str = "    ",
                 everything: Callable[[], BoardView] | None = None):  # fmt: skip
        self._view, self._all = view, everything
        self.who, self.actor, self.write, self.indent = list(who), list(actor), write, indent
        self.last = view()
        self.last_all = everything() if everything is not None else None
        self.run: list[tuple[int, str]] = []
        self.run_numbers: list[int] = []
        self.where_shown: tuple[int, str] | None = None
        self._turn_header(self.last)

    def _turn_header(self, v: BoardView) -> None:
        if v.done:
            return
        self.write(f"-- turn {v.turn}: {possessive(self.who[v.turn_player])} turn --")

    def shown(self) -> None:
        """The board was just printed: its header says where the game is (no marker needed)."""
        self.flush()
        self.where_shown = (self.last.turn, self.last.where)

    def _where(self) -> None:
        """The phase marker, once before the first line printed in a new phase."""
        v = self.last
        if (v.turn, v.where) != self.where_shown and not v.done:
            self.where_shown = (v.turn, v.where)
            self.write(f"  [{v.where}]")

    def flush(self) -> None:
        """Print the current run of passes (if any) as one line."""
        if not self.run:
            return
        by_desc: dict[str, Counter] = {}
        for p, desc in self.run:
            by_desc.setdefault(desc, Counter())[self.actor[p]] += 1
        parts = []
        for desc, whos in by_desc.items():
            parts.append(f"{desc} (" + ", ".join(f"{w} x{n}" if n > 1 else w for w, n in whos.items()) + ")")
        nums = [n for n in self.run_numbers if n is not None]
        span = f"  [moves {nums[0]}-{nums[-1]}]" if len(nums) > 1 else f"  [move {nums[0]}]" if nums else ""
        self.write("  · " + "; ".join(parts) + span)
        self.run, self.run_numbers = [], []

    def step(self, player: int, desc: str, quiet: bool, forced: bool = False, number: int | None = None,
             card: tuple[int, str] | None = None) -> None:
        """Log one action (``number``: its place in a replay, printed before it; ``card``: the card
        it points at, :func:`mask_hidden`'s)."""
        before = self.last
        after = self._view()
        if self._all is not None:
            after_all = self._all()
            desc = mask_hidden(desc, (before, after), (self.last_all, after_all), card)
            self.last_all = after_all
        lines = changes(before, after, self.who)
        turned = after.turn != before.turn and not after.done
        if quiet:
            if not self.run:
                self._where()  # where the run starts
            self.run.append((player, desc))
            self.run_numbers.append(number)
            if lines or turned or after.done:
                self.flush()
        else:
            self.flush()
            self._where()
            head = f"{number:5d}. " if number is not None else ""
            self.write(f"{head}{self.actor[player]}: {desc}" + ("  [only choice]" if forced else ""))
        self.last = after
        indent = self.indent + (" " * 7 if number is not None else "")  # under a numbered line's text
        if turned:  # what the step did first, then the new turn with its draw (the step ran into it)
            for line in lines:
                if line.kind != "draw":
                    self.write(indent + line)
            self._turn_header(after)
            lines = [line for line in lines if line.kind == "draw"]
        for line in lines:
            self.write(indent + line)
