"""What every game's Python adapter shares (``tcg_env.games.<game>.adapter``): the snapshot checks
on the common header and counters, card-list and deck summaries, and :func:`game_spec`, which
builds a game package's spec with the hooks its modules provide by convention (lazily imported).

A game's adapter keeps what is its own: the wording of its actions (a table for
:class:`ActionWords`, which decodes an action and finds the card it names), the board, its
snapshot fields and zone checks, its deck and card-list summaries. What the declarations give, :func:`game_spec` fills
in by default: ``obs_columns``, ``entity_obs`` and ``entity_spaces`` from the observation layout
(``observation.OBS``), ``render`` from the adapter's ``public_view``; :func:`card_zones` reads the
zone table, a game adding the cards outside its lists.
"""

from __future__ import annotations

import hashlib
import importlib
import re
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterable

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_ERROR, H_TURN, H_VARIANT, H_WINNER
from tcg_env.engine.layout import SnapshotError
from tcg_env.engine.tables import unpack_tables

__all__ = ["ADAPTER_HOOKS", "Act", "ActionWords", "board_header", "candidates", "card_attribute", "card_zones",
           "check_progress", "check_ranges", "deck_counts", "entity_obs", "entity_spaces", "game_spec", "if_there", "lazy",
           "lazy_hooks", "pool_fingerprint", "pool_game", "render", "slots_in_zone", "snapshot_check", "snapshot_restorer",
           "staged_snapshot", "yes", "zone_count_domains"]

_NO_CARDS = np.zeros(1, np.int32)
_NO_OBS = np.zeros(1, np.float32)


def check_ranges(row: np.ndarray, fields: Iterable[tuple[str, int, int, int]], err: Callable[[str], None]) -> None:
    """``(name, column, lo, hi)``: ``err`` names the first field of ``row`` outside ``lo..hi``."""
    for name, off, lo, hi in fields:
        v = int(row[off])
        if not lo <= v <= hi:
            err(f"field {name!r} is {v}, must be {lo}..{hi}")


def pool_fingerprint(pool, numbers: bool = True) -> str:
    """16 hex digits naming a compiled card pool: a hash of its kernel tables and (``numbers``) its
    card numbers. Snapshots, replays and matchup results record it to refuse another pool."""
    h = hashlib.sha256()
    for arr in unpack_tables(pool.kernel_tables):
        h.update(np.ascontiguousarray(arr).tobytes())
    if numbers:
        h.update("\n".join(pool.numbers).encode())
    return h.hexdigest()[:16]


def pool_game(pool) -> str | None:
    """The game a compiled card pool is of (its table class's ``GAME``), None if it does not say."""
    return getattr(pool, "GAME", None) or None


def staged_snapshot(row: np.ndarray, pool, d: Any, *, game: str, fmt: int, layout, fingerprint: Callable,
                    check: Callable[[np.ndarray, Any], None]) -> np.ndarray:  # fmt: skip
    """The first part of every game's ``from_dict``: ``d`` must be a dict, a snapshot of ``game``
    (checked first: another game's snapshot says whose it is, not that its format or pool differ),
    in format ``fmt``, taken with this ``pool`` (``fingerprint(pool)``; a pool of another game says
    so), with ``fields`` that ``layout`` (the game's :class:`tcg_env.engine.layout.StateLayout`)
    reads into a new row, which ``check(staged, pool)`` checks. Returns that row; ``row`` itself is
    not written (a one-line SnapshotError naming the game, the key and the value leaves it as it was)."""
    def err(msg):
        raise SnapshotError(f"{game} snapshot: {msg}")

    if not isinstance(d, dict):
        err(f"expected a dict (from Game.to_dict()), got {type(d).__name__}")
    if d.get("game") != game:
        err(f"this is a snapshot of {d.get('game')!r}, not of {game!r}")
    if "format" not in d:
        err(f"missing key 'format' (this game's snapshots are format {fmt})")
    if d["format"] != fmt:
        err(f"key 'format' is {d['format']!r}, not {fmt} (a snapshot of another version of {game})")
    theirs = pool_game(pool)
    if theirs is not None and theirs != game:
        err(f"the card pool given is a {theirs} pool, not a {game} one")
    if "pool" not in d:
        err("missing key 'pool' (the card pool's fingerprint, which to_dict() records)")
    p = d["pool"]
    if not isinstance(p, dict) or "fingerprint" not in p:
        err(f"key 'pool' must be a dict with the card pool's 'fingerprint', got {p!r}")
    if p["fingerprint"] != fingerprint(pool):
        err(f"key 'pool': taken with a different card pool (fingerprint {p['fingerprint']!r}, this pool "
            f"{fingerprint(pool)!r})")
    if "fields" not in d:
        err("missing key 'fields'")
    if not isinstance(d["fields"], dict):
        err(f"key 'fields' must be a dict of the state's fields, got {type(d['fields']).__name__}")
    staged = np.zeros_like(row)
    layout.from_fields(d["fields"], staged)
    check(staged, pool)
    return staged


def zone_count_domains(zones) -> dict[str, tuple[int, int]]:
    """``{count field: (0, capacity)}`` of every list zone of ``zones`` (the game's
    :class:`tcg_env.engine.zones.ZoneTable`), for ``VALUE_DOMAINS``: a count out of range is named
    by its snapshot key and value (``field 'damage_count'[1] is -1, must be 0..60``) before the
    zone lists are read."""
    names = {f.offset: f.name for f in zones.layout.fields.values()}
    return {names[count]: (0, cap) for _, count, _, cap, _ in zones.lists.values()}


def snapshot_check(check_values: Callable[[np.ndarray], None], check_consistency: Callable) -> Callable:
    """``check_snapshot(row, pool)``: the game's value domains (``check_values(row)``), then its
    zones and progress (``check_consistency(row, pool)``), what :func:`snapshot_restorer` checks."""

    def check_snapshot(row: np.ndarray, pool) -> None:
        check_values(row)
        check_consistency(row, pool)

    return check_snapshot


def snapshot_dict(game, name: str, fmt: int, layout, decisions: type) -> dict:
    """A snapshot of ``game`` (a Game) that holds only what restoring needs: the game's ``name`` and
    snapshot format ``fmt``, the pool's size and fingerprint, the pending decision by name and the
    state row's fields by name (``layout.to_fields``). The template game's and the Dragon Ball Super
    Card Game's ``to_dict``; the other games add a readable list of the cards."""
    row, pool = game._row, game.pool
    return {"game": name, "format": fmt, "pool": {"cards": pool.n_cards, "fingerprint": pool_fingerprint(pool)},
            "decision": {"kind": decisions(int(row[H_DECISION])).name, "player": int(row[H_DECIDER])},
            "fields": layout.to_fields(row)}


def snapshot_restorer(game: str, fmt: int, layout, fingerprint: Callable, check: Callable) -> Callable:
    """``from_dict(row, pool, d) -> variant index`` (the spec hook): :func:`staged_snapshot` with
    these arguments, then ``row`` written; the variant index is the restored header's (its
    ``variant`` field, which the game's value domains keep to its variants: 0 for a game of one)."""

    def from_dict(row: np.ndarray, pool, d: dict) -> int:
        row[:] = staged_snapshot(row, pool, d, game=game, fmt=fmt, layout=layout, fingerprint=fingerprint, check=check)
        return int(row[H_VARIANT])

    from_dict.__doc__ = (f"Restore a {game} snapshot into ``row``; returns the variant index. Raises SnapshotError "
                         "naming the problem; ``row`` is written only once everything checks out.")  # fmt: skip
    return from_dict


def check_progress(row: np.ndarray, pool, err: Callable[[str], None], kernels: Any, num_actions: int,
                   decisions: type) -> None:  # fmt: skip
    """The snapshot checks on the common header (``tcg_env.engine.header``) every game shares: no
    engine fault recorded; done 0 or 1; a finished game has a winner 0, 1 or 2 (draw); a game in
    progress has winner -1, a decider 0 or 1 and a pending decision with a legal action (asked of
    the game's kernels, ``spec.kernels.row_entry(ROW_MASK, ...)``, on a copy of ``row``)."""
    if int(row[H_ERROR]) != 0:
        err("field 'error' is set: the snapshot records an engine fault")
    done = int(row[H_DONE])
    if done not in (0, 1):
        err("field 'done' must be 0 or 1")
    if done:
        if int(row[H_WINNER]) not in (0, 1, 2):
            err("a finished game needs winner 0, 1 or 2 (draw)")
        return
    if int(row[H_WINNER]) != -1:
        err("a game in progress must have winner -1")
    if int(row[H_DECIDER]) not in (0, 1) or int(row[H_DECISION]) == 0:
        err("a game in progress needs a pending decision and a decider 0 or 1")
    mask = np.zeros(num_actions, np.int8)
    if kernels.row_entry(kernels.ROW_MASK, row.copy(), pool.kernel_tables, _NO_CARDS, _NO_CARDS, 0, 0, 0, 0, mask,
                         _NO_OBS) == 0:  # fmt: skip
        err(f"the pending decision {decisions(int(row[H_DECISION])).name} has no legal action")


def board_header(title: str, row: np.ndarray, turn_player: int, where: str, decisions: type) -> list[str]:
    """The first two lines of every game's text board: the game, turn, turn player and ``where``
    (the phase or step), then the result of a finished game or the pending decision."""
    lines = [f"{title} - turn {int(row[H_TURN])}, turn player {turn_player}, {where}"]
    if row[H_DONE]:
        w = int(row[H_WINNER])
        lines.append("game over: " + ("draw" if w == 2 else f"player {w} wins"))
    else:
        lines.append(f"decision {decisions(int(row[H_DECISION])).name} by player {int(row[H_DECIDER])}")
    return lines


# ---- defaults from the declarations (game_spec fills them in) --------------------------------------
def slots_in_zone(row: np.ndarray, zones, zone: int, owner: int | None = None) -> list[int]:
    """The slots holding a card whose record names ``zone`` (of ``owner``'s cards; None: anyone's),
    read from the card records of ``zones`` (the game's ZoneTable): a zone without a list."""
    w = zones.card_w
    return [s for s in range(zones.n_slots) if int(row[zones.card + s * w]) >= 0 and int(row[zones.zone + s * w]) == zone
            and (owner is None or int(row[zones.owner + s * w]) == owner)]  # fmt: skip


def card_zones(row: np.ndarray, zones, extra: dict | None = None, ignore=frozenset(), rename: dict | None = None):
    """``GameSpec.card_zones`` from the zone table ``zones``: every list zone of each player (named
    as in the table, or ``rename[name]``), then ``extra`` (``{(player or SHARED, name): slots}``:
    the cards a game keeps outside its lists); the owner of every slot holding a card. ``ignore``:
    slots that hold no physical card (left out of both)."""
    from tcg_env.engine.zones import zone_lists
    from tcg_env.spec import CardZones

    rename = rename or {}
    listed = {(p, rename.get(name, name)): [s for s in slots if s not in ignore]
              for (p, name), slots in zone_lists(row, zones).items()}  # fmt: skip
    w = zones.card_w
    held = [s for s in range(zones.n_slots) if int(row[zones.card + s * w]) >= 0 and s not in ignore]
    return CardZones(zones={**listed, **(extra or {})}, owners={s: int(row[zones.owner + s * w]) for s in held})


def entity_obs(obs, flat) -> dict:
    """The spec's ``entity_obs`` of the observation layout ``obs``: flat observation(s)
    (..., obs.size) split into its blocks (views, no copy), the ``global`` block flat, every other
    one as (..., rows, columns)."""
    flat = np.asarray(flat)
    lead = flat.shape[:-1]
    return {b.name: flat[..., b.base : b.end] if b.name == "global" else flat[..., b.base : b.end].reshape(*lead, *b.shape)
            for b in obs}  # fmt: skip


def entity_spaces(obs) -> dict:
    """The gymnasium spaces of :func:`entity_obs`'s arrays (the dict encoding of the envs)."""
    from gymnasium import spaces

    return {b.name: spaces.Box(-np.inf, np.inf, (b.size,) if b.name == "global" else b.shape, np.float32) for b in obs}


def render(game, viewer: int | None = None) -> str:
    """The board as text: :func:`tcg_env.view.render_board` of the game's ``public_view``;
    ``viewer`` 0 / 1: only what that player may see (None: everything)."""
    from tcg_env.view import render_board

    return render_board(game.spec.public_view(game, viewer))


# ---- describe_action from the action layout ------------------------------------------------------
@dataclass(frozen=True)
class Act:
    """The action being worded: ``kind`` the pending decision (the game's enum), ``p`` the decider,
    ``block`` / ``index`` the action decoded by the action layout, ``slot`` what its first index
    points at (-1: nothing there) and :attr:`card` that card's name (the game's word for none)."""

    words: "ActionWords"
    game: Any
    row: np.ndarray
    a: int
    kind: Any
    p: int
    block: Any
    index: tuple[int, ...]
    slot: int
    public: bool = False

    @property
    def i(self) -> int:
        return self.index[0] if self.index else 0

    @property
    def card(self) -> str:
        return self.words.name(self.game, self.slot)

    @property
    def copy(self) -> str:
        """What tells :attr:`card` from another card of the same name in the list the block points
        at, where :attr:`ActionWords.copies` names that list's cards ("hand card"): `` (hand card
        3)``, the position in the list (1 = the first card listed); "" when no other card there has
        its name. Last in a wording, so that a description still starts with the card's name. None in a
        ``public`` description (another player's log: it would say that a copy is left in hand)."""
        noun = self.words.copies.get(self.block.points_at)
        if noun is None or self.slot < 0 or self.public:  # the position would tell another player more
            return ""
        names = [self.words.name(self.game, s) for s in self.words.pointees[self.block.points_at](self.row, self.p)]
        return f" ({noun} {self.i + 1})" if names.count(self.card) > 1 else ""


class _Fields(dict):
    """A template's fields; ``card``, ``copy``, ``source`` and the game's own
    (:attr:`ActionWords.fields`) read only when a template names them."""

    def __init__(self, act: Act):
        super().__init__(i=act.i, j=act.index[1] if len(act.index) > 1 else 0, kind=act.kind.name)
        self.act = act

    def __missing__(self, key):
        if key == "card":
            return self.act.card
        if key == "copy":
            return self.act.copy
        if key == "source":
            return self.act.words.source(self.act.game)
        return self.act.words.fields(self.act)[key]


class ActionWords:
    """A game's ``describe_action`` (the spec hook), from its action layout ``actions``.

    ``words[block name]``: ``{decision kind: wording}``, the key None for the block under any other
    decision (every block has one). A wording is a template (``"Attack with {card}"``; fields
    ``card``: the name of what the action's first index points at, ``copy``: what tells it from
    another card of the same name (:attr:`Act.copy`), ``i``, ``j``: the action's indices, ``kind``:
    the decision's name, ``source``: what the pending choice is for) or a function ``(Act) -> str``
    (None: the block's wording under None). ``copies[observation block]``: the noun for a card of
    that block's list in ``copy`` ("hand card": two copies of a card in hand are two actions).
    ``pointees[observation block]``: ``(row, decider) -> slots``, the cards the action blocks
    declared ``points_at`` that block name by their first index (the lists of the zone table, the
    candidates); ``name(game, slot)`` a card's name (slot -1: the game's word for none).
    ``fields(act)``: the game's own template fields (a dict). ``by_kind[decision]``: ``(game, a) ->
    str``, a decision worded as a whole. ``source(game)``: what the pending choice is for (""
    for nothing), appended as `` for <source>`` to every wording of the decisions ``for_kinds``.
    ``out_of_range`` (fields ``a``, ``last``) and ``game_over`` (None: described as any other)
    word what no decision offers."""

    def __init__(self, actions, decisions: type, words: dict, pointees: dict, name: Callable, *, fields=dict, by_kind=None,
                 source: Callable | None = None, for_kinds=(), out_of_range: str = "action {a} (out of range 0..{last})",
                 game_over: str | None = "no action (game over)", copies: dict | None = None):  # fmt: skip
        missing = [b.name for b in actions if None not in words.get(b.name, {})]
        if missing:
            raise ValueError(f"{actions.game}: no wording (key None) for the action blocks {missing}")
        self.actions, self.decisions, self.words, self.pointees, self.name = actions, decisions, words, pointees, name
        self.fields, self.by_kind, self.source, self.for_kinds = fields, by_kind or {}, source, frozenset(for_kinds)
        self.out_of_range, self.game_over, self.copies = out_of_range, game_over, copies or {}

    def __call__(self, game, a: int, public: bool = False) -> str:
        """Action ``a`` in words; ``public``: as the other player may read it (no ``copy``)."""
        row = game._row
        a = int(a)
        if not 0 <= a < self.actions.size:
            return self.out_of_range.format(a=a, last=self.actions.size - 1)
        if self.game_over is not None and row[H_DONE]:
            return self.game_over
        kind = self.decisions(int(row[H_DECISION]))
        if kind in self.by_kind:
            return self.by_kind[kind](game, a)
        p = int(row[H_DECIDER])
        block, index, slot = self._pointed(row, a, p)
        act = Act(self, game, row, a, kind, p, block, index, slot, public)
        text = self.word(act)
        if public:
            text = as_the_other_reads(text)
        if kind in self.for_kinds:
            src = self.source(game)
            return f"{text} for {src}" if src else text
        return text

    def _pointed(self, row, a: int, p: int):
        """Action ``a`` decoded: its block, its index, and the slot its first index points at in the
        list the block declares ``points_at`` (-1: nothing there, or the block points at nothing)."""
        block, index = self.actions.decode(a)
        slot = -1
        if block.points_at in self.pointees and index:
            slots = self.pointees[block.points_at](row, p)
            slot = int(slots[index[0]]) if index[0] < len(slots) else -1
        return block, index, slot

    def card_of(self, game, a: int) -> tuple[int, str] | None:
        """The card action ``a`` points at, as (slot, name), None for none: what a log hides when
        that card is hidden."""
        row, a = game._row, int(a)
        if not 0 <= a < self.actions.size or row[H_DONE]:
            return None
        slot = self._pointed(row, a, int(row[H_DECIDER]))[2]
        return (slot, self.name(game, slot)) if slot >= 0 else None

    def word(self, act: Act) -> str:
        """``act`` in the words of its block and decision (the block's default where a function
        gives None)."""
        table = self.words[act.block.name]
        for wording in (table.get(act.kind), table[None]):
            if wording is None:
                continue
            text = wording.format_map(_Fields(act)) if isinstance(wording, str) else wording(act)
            if text is not None:
                return text
        raise ValueError(f"{self.actions.game}: the wording of {act.block.name} under None gave None")


def if_there(template: str, otherwise: str | None = None) -> Callable[[Act], str | None]:
    """A wording for an action that names a card: ``template`` when its index points at one (a
    candidate ``k`` below the count: ``if_there("Choose {card}")``), else ``otherwise`` (None: the
    block's default)."""

    def word(act: Act) -> str | None:
        chosen = template if act.slot >= 0 else otherwise
        return None if chosen is None else chosen.format_map(_Fields(act))

    return word


def yes(template: str) -> Callable[[Act], str | None]:
    """The wording of option 0 of a yes / no decision (PASS is the no); any other option: the
    block's default."""
    return lambda act: template.format_map(_Fields(act)) if act.i == 0 else None


# the decider's words ("Choose your Scott", "Attack the opponent") as the other player reads them in
# its log (two players): the decider's own cards are its own, the decider's opponent is the reader
_THE_OTHER = [(re.compile(r"\b(?:the )?opponent's\b"), "your"), (re.compile(r"\bthe opponent\b"), "you"),
              (re.compile(r"\b[Yy]our\b"), "its own")]
_HEAD = re.compile(r" \(| for ")  # where the action's words end and the card's / ability's begin


def as_the_other_reads(text: str) -> str:
    """``text``, an action worded for its decider, as the other player reads it: "Choose your
    Scott" -> "Choose its own Scott", "Choose opponent's Ice Sentry" -> "Choose your Ice Sentry",
    "Attack the opponent" -> "Attack you". Only the action's own words change (up to " (" or
    " for "): an ability's summary or a card's name after them is left as printed."""
    m = _HEAD.search(text)
    head, tail = (text[: m.start()], text[m.start():]) if m else (text, "")
    marks = []
    for k, (pattern, words) in enumerate(_THE_OTHER):  # a placeholder each, so no swap is swapped back
        head = pattern.sub(f"\x00{k}\x00", head)
        marks.append(words)
    for k, words in enumerate(marks):
        head = head.replace(f"\x00{k}\x00", words)
    return (head[:1].upper() + head[1:]) + tail


def candidates(cand: int, cand_n: int) -> Callable:
    """``pointees`` entry of :class:`ActionWords` for the pending choice's candidates: the state's
    candidate list at ``cand`` with its count at ``cand_n`` (the game's state words)."""

    def slots(row: np.ndarray, p: int) -> list[int]:
        return [int(x) for x in row[cand : cand + int(row[cand_n])]]

    return slots


def lazy(module: str, name: str) -> Callable:
    """``module.name(...)``, importing ``module`` at the first call (a spec hook that must not load
    the game's adapter, observation or numba modules when the spec is only looked at)."""

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"``{module}.{name}`` (imported at the first call)"
    call.target = lambda: getattr(importlib.import_module(module), name)  # the object itself (its other methods)
    return call


# ---- card lists and decks (tcg cards list, tcg deck validate) -------------------------------------
def card_attribute(pool, col: int, names: list[str] | None = None) -> tuple[list, tuple[str, ...] | None]:
    """One entry of ``GameSpec.card_attributes``: column ``col`` of every card of ``pool``, as the
    names ``names[value]`` with ``names`` as the choices, or as numbers (choices None)."""
    values = [int(v) for v in pool.cards[:, col]]
    if names is None:
        return values, None
    return [names[v] for v in values], tuple(names)


def deck_counts(pool, ids, col: int, names: list[str], order: str = "names") -> dict[str, int]:
    """Cards of the deck ``ids`` per name of column ``col``: in ``names`` order without the absent
    names (``order="names"``), or most common first, ties in deck order (``order="count"``)."""
    seen: dict[str, int] = {}
    for cid in np.asarray(ids).tolist():
        name = names[int(pool.cards[cid, col])]
        seen[name] = seen.get(name, 0) + 1
    if order == "count":
        return dict(sorted(seen.items(), key=lambda x: -x[1]))
    return {n: seen[n] for n in names if n in seen}


# ---- a game package's spec hooks ------------------------------------------------------------------
#: the spec hooks every game's ``adapter`` module defines under these names (``render``,
#: ``entity_obs``, ``entity_spaces`` too where it does not take :func:`game_spec`'s defaults)
ADAPTER_HOOKS = ("describe_action", "public_view", "to_dict", "from_dict", "card_zones", "deck_summary",
                 "card_attributes")  # fmt: skip


def lazy_attr(module: str, name: str) -> Callable[[], Any]:
    """``() -> module.name``, importing ``module`` at the first call (a spec field naming an object of
    a module that must not load when the spec is only looked at, e.g. the card-text compiler)."""

    def get():
        return getattr(importlib.import_module(module), name)

    get.__name__ = get.__qualname__ = name
    get.__doc__ = f"``{module}.{name}`` (imported at the first call)"
    return get


def lazy_hooks(module: str, names: Iterable[str]) -> dict[str, Callable]:
    """``{name: lazy(module, name)}``: spec keyword arguments for the functions ``names`` of ``module``."""
    return {name: lazy(module, name) for name in names}


def game_spec(package: str, hooks: Iterable[str] = (), **fields: Any):
    """The :class:`tcg_env.spec.GameSpec` of the game package ``package`` (its ``__name__``), with
    the hooks its modules provide by convention filled in: ``kernels`` (the engine core bound to the
    game's ``hooks`` module, :class:`tcg_env.engine.api.LazyKernels`), ``entity_layout``
    (``observation``), ``raw_layout`` (``importer``), ``obs_columns``, :func:`entity_obs` and
    :func:`entity_spaces` of the observation layout ``observation.OBS``, :func:`render` of the
    board and, from ``adapter``, :data:`ADAPTER_HOOKS` plus the optional ``hooks`` the game has
    (``obs_scale``, ``shaping_potential``; ``render`` for a board of its own), and the sizes its modules name
    by convention: ``constants.NUM_ACTIONS``, ``constants.MAX_DECISIONS_PER_GAME``,
    ``constants.Decision``, ``observation.OBS_SIZE``, ``state.STATE_SIZE``, ``state.FIRST_PLAYER``
    (those it has) and the zone table ``state.ZONES`` (``zones``, None without one); ``env_name``
    defaults to ``<name>_v0`` (a new game's first version; a game
    bumps it when its behaviour or observation changes, docs/envs.md) and ``default_variant`` to the first of
    ``variants``. ``fields`` give the rest (and may override any of these)."""
    from tcg_env.engine.api import LazyKernels
    from tcg_env.spec import GameSpec

    sizes = {"num_actions": ("constants", "NUM_ACTIONS"), "max_decisions": ("constants", "MAX_DECISIONS_PER_GAME"),
             "decisions": ("constants", "Decision"), "obs_size": ("observation", "OBS_SIZE"),
             "state_size": ("state", "STATE_SIZE"), "first_player_col": ("state", "FIRST_PLAYER")}  # fmt: skip
    if "variants" in fields:
        fields.setdefault("default_variant", fields["variants"][0])
    if "name" in fields:
        fields.setdefault("env_name", f"{fields['name']}_v0")  # the PettingZoo convention
    obs = importlib.import_module(f"{package}.observation").OBS
    conventional = {
        **{f: getattr(importlib.import_module(f"{package}.{m}"), name) for f, (m, name) in sizes.items()
           if f not in fields},  # fmt: skip
        "kernels": LazyKernels(f"{package}.hooks"),
        "entity_layout": lazy(f"{package}.observation", "entity_layout"),
        "raw_layout": lazy(f"{package}.importer", "raw_layout"),
        "zones": getattr(importlib.import_module(f"{package}.state"), "ZONES", None),
        "obs_columns": obs.views,
        "entity_obs": partial(entity_obs, obs),
        "entity_spaces": partial(entity_spaces, obs),
        "render": render,
        **lazy_hooks(f"{package}.adapter", (*ADAPTER_HOOKS, *hooks)),
    }
    return GameSpec(**{**conventional, **fields})
