"""Decks built from an imported card pool in the shape of a built-in deck: what the benchmarks, the
conformance tests and ``tcg deck like`` use to play an imported pool without a hand-written list.

``deck_like(game, pool, like)`` takes the built-in deck ``like`` of the built-in pool and replaces
each of its distinct cards by a card of ``pool`` of a distinct number and name with the same characteristics, as far as
the pool has them: every filter attribute the game lists for ``tcg cards list``
(``GameSpec.card_attributes``: type, element or colour, cost, level...), then fewer of them (the
type is always kept, the will a Force of Will card produces given up last but one), keeping the number of copies. Cards whose printed text compiled whole
(``text_compiled`` and nothing ``uncompiled``) come first, cards with abilities before vanilla ones,
so that the deck exercises the compiled abilities. The result is checked by the game's own deck
rules (``GameSpec.load_deck``): a deck the pool cannot fill is a one-line error, never a deck that
breaks a rule.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import numpy as np

from tcg_env.cards.errors import DeckError

__all__ = ["deck_like", "deck_like_named"]


ABILITIES = ("first", "as_like")


def _whole(pool, cid: int) -> bool:
    m = pool.models[cid]
    return bool(getattr(m, "text_compiled", False)) and not getattr(m, "uncompiled", None)


def deck_like(game: str, pool: Any, like: str | None = None, *, seed: int = 0, variant: str | None = None,
              abilities: str = "first", prefer: Callable[[int], bool] | None = None) -> list[str]:  # fmt: skip
    """Card numbers of ``pool`` forming a deck shaped like the built-in deck ``like`` (default: the
    first built-in deck, default decks first, that the pool can fill), checked by the game's deck
    rules (see the module doc). ``abilities``: ``"first"`` (cards whose text compiled whole, then
    cards with abilities, come first: the deck plays the compiled text) or ``"as_like"`` (a card with
    abilities of the same kinds, its other sides' counted (a ruler's J-ruler side), else as many
    ability rows, stands for each built-in card where the pool has one, else a card with abilities
    for a card with abilities and a vanilla one for a vanilla one, the nearest in the stats the
    game declares (``STAT_COLS``: Force of Will's ATK and DEF): a deck as heavy in abilities as
    the one it copies, for comparing engine speed).
    ``prefer``: the pool's card ids for which it is true come before all others (a test that needs
    decks holding some kind of card, e.g. continuous abilities, asks for it rather than relying on
    which cards happen to compile whole)."""
    return deck_like_named(game, pool, like, seed=seed, variant=variant, abilities=abilities, prefer=prefer)[1]


def deck_like_named(game: str, pool: Any, like: str | None = None, *, seed: int = 0,
                    variant: str | None = None, abilities: str = "first",
                    prefer: Callable[[int], bool] | None = None) -> tuple[str, list[str]]:  # fmt: skip
    """:func:`deck_like`, and the name of the built-in deck whose shape it has."""
    import tcg_env

    if abilities not in ABILITIES:
        raise ValueError(f"abilities must be one of {', '.join(ABILITIES)}, got {abilities!r}")
    spec = tcg_env.get_spec(game)
    if like is not None:
        return like, _deck_like(spec, pool, like, seed, variant, abilities, prefer)
    problems = []
    for name in dict.fromkeys([*spec.default_decks(), *spec.list_decks()]):
        try:
            return name, _deck_like(spec, pool, name, seed, variant, abilities, prefer)
        except DeckError as exc:
            problems.append(exc)
    raise problems[0] if len(problems) == 1 else DeckError(
        f"the pool cannot fill any built-in deck's shape ({'; '.join(p.reason for p in problems)})", file="the card pool")


def _deck_like(spec: Any, pool: Any, like: str, seed: int, variant: str | None, abilities: str,
               prefer: Callable[[int], bool] | None) -> list[str]:
    game = spec.name
    base = spec.load_tables()
    ref = spec.load_deck(base, like, variant)
    ref_ids = [int(c) for c in ref.card_ids]
    base_attrs = spec.card_attributes(base)
    attrs = spec.card_attributes(pool)
    names = [a for a in base_attrs if a in attrs]
    # the type is the last attribute given up (never); the will a card produces (Force of Will's magic stones, which
    # have no attribute, CR 208.4) the last but one, and in the as_like passes that match ability rows not at all: a
    # stone with the built-in stone's rows but another will made decks that could not pay for their cards (session 29)
    kept = [a for a in ("type", "will") if a in names]
    names = kept + [a for a in names if a not in kept]

    def key(table_attrs: dict, cid: int, n: int) -> tuple:
        return tuple(table_attrs[a][0][cid] for a in names[:n])

    rng = random.Random(seed)
    shuffled = list(range(pool.n_cards))
    rng.shuffle(shuffled)
    kinds = [pool.ability_kinds(c) for c in range(pool.n_cards)]
    stats = pool.cards[:, list(pool.STAT_COLS)].astype(np.int64) if pool.STAT_COLS else None
    rows = [len(k) for k in kinds]
    has = [r > 0 for r in rows]
    whole = [_whole(pool, c) for c in range(pool.n_cards)]
    preferred = [bool(prefer(c)) if prefer is not None else False for c in range(pool.n_cards)]
    # candidates in order of preference: the caller's, whole compiled text, then abilities
    rich = sorted(shuffled, key=lambda c: (not preferred[c], not whole[c], not has[c]))
    allowed = base.in_play_pool_flags(np.unique(np.asarray(ref_ids, np.int32))) if abilities == "as_like" else None
    fit: dict[int, bool] = {}
    # what a game of no cards needs already (Weiss Schwarz: every granted ability's bits) is no card's own
    if allowed is not None:
        allowed = np.asarray(allowed) | np.asarray(pool.in_play_pool_flags(np.zeros(0, np.int32)))

    def fits(c: int) -> bool:
        """The pool's row of kernel flags a game of card ``c`` needs holds no bit the built-in deck's does not."""
        if c not in fit:
            need = pool.in_play_pool_flags(np.asarray([c], np.int32))
            fit[c] = need is None or not np.any(np.asarray(need) & ~allowed)
        return fit[c]

    copies = {cid: ref_ids.count(cid) for cid in set(ref_ids)}

    def room(c: int, k: int) -> bool:
        """A deck may hold ``k`` copies of the pool's card ``c`` (``max_copies``: a built-in deck's seven basic magic
        stones stood for by a special one broke CR 402.4c)."""
        most = pool.max_copies(c)
        return most is None or most >= k

    used: set[str] = set()  # numbers and names taken (deck rules count copies by name: reprints share one)
    mapping: dict[int, str] = {}
    for cid in dict.fromkeys(ref_ids):
        if abilities == "as_like":
            # a card with as many ability rows first, then one with abilities or none as the built-in card has them,
            # each with as many of the other attributes shared as the pool allows: the deck's weight in abilities is
            # the built-in deck's (a card with three abilities standing for one with one made the decks heavier as
            # more text compiled, and the speed ratio then measured the cards drawn, not the engine; session 24: with
            # the rows matched only among the cards sharing the most attributes, Weiss Schwarz's 5HY_W83 decks drew 62
            # rows for the built-in 54 and 48, as more of its text compiled)
            # (session 30: first the same kinds of abilities, the card's other sides' included: the fow-sim decks'
            # ruler drew a J-ruler side whose "[Activate] Pay {R}: 200 damage" was played 295 times in six games, and
            # resonators with automatic abilities stood for ones with activate abilities; the imported games ran 2.6
            # times as many decisions as the built-in ones)
            want_kinds = base.ability_kinds(cid)
            n_rows = len(want_kinds)
            same_has = [c for c in rich if has[c] == (n_rows > 0)]
            passes = [[[c for c in same_has if kinds[c] == want_kinds]], [[c for c in same_has if rows[c] == n_rows]],
                      [same_has], [rich]]
            if pool.STAT_COLS:
                # and among them the nearest in the stats the game declares (session 31: the fow-sim as_like
                # resonators had a mean DEF of 497 for the built-in decks' 378, so fewer died in battle and the games
                # ran 1,866 decisions for the built-in 1,491); ties keep the order above
                dist = np.abs(stats - base.cards[cid, list(base.STAT_COLS)].astype(np.int64)).sum(axis=1).tolist()
                passes = [[sorted(order, key=lambda c: (not preferred[c], dist[c])) for order in orders]
                          for orders in passes]
            if allowed is not None:
                # each pass first with the cards that need no kernel work the built-in deck does not (session 31: a
                # chant with [Remnant] stood for one without; every priority mask of its games then looked for
                # [Remnant] cards in the graveyards, and the decisions cost 14% more)
                passes = [orders for orders in passes for orders in (orders, orders)]
                strict = [k % 2 == 0 for k in range(len(passes))]  # each pass twice: with fits(), then without
        else:
            passes = [[rich]]
        if abilities != "as_like" or allowed is None:
            strict = [False] * len(passes)
        pick = None
        for i, orders in enumerate(passes):
            for n in range(len(names), max(len(kept) - 1, 0) if i < len(passes) - 1 else 0, -1):
                want = key(base_attrs, cid, n)
                pick = next((pool.numbers[c] for order in orders for c in order if pool.numbers[c] not in used
                             and pool.names[c] not in used and key(attrs, c, n) == want
                             and room(c, copies[cid]) and (not strict[i] or fits(c))), None)  # fmt: skip
                if pick is not None:
                    break
            if pick is not None:
                break
        if pick is None:
            kind = base_attrs[names[0]][0][cid] if names else "?"
            raise DeckError(f"no card of the pool left to stand for {base.numbers[cid]} ({names[0] if names else 'card'} "
                            f"{kind}) of the built-in deck {like!r}", file=f"the {game} card pool")  # fmt: skip
        used.update((pick, pool.names[pool.index[pick]]))
        mapping[cid] = pick
    numbers = [mapping[c] for c in ref_ids]
    spec.load_deck(pool, numbers, variant)  # the game's deck rules, or its DeckError
    return numbers
