"""What the conformance kit needs of a game, reached through its GameSpec only (no game names)."""

from __future__ import annotations

import importlib
from collections import Counter

import numpy as np

import tcg_env
from tcg_env.engine.header import H_ERROR
from tcg_env.extra_games import EXTRA_GAMES
from tcg_env.registry import list_games

# the kit runs on every registered game and on the games tcg_env ships without registering them
# (the template game), plugged in while their tests run (tcg_env.extra_games)
KIT_GAMES = list_games() + sorted(EXTRA_GAMES)


def deck_pairs(spec) -> list[tuple[str, str]]:
    """The default pairing first, then the built-in decks paired in turn (a few matchups)."""
    d0, d1 = spec.default_decks()
    names = spec.list_decks()
    pairs = [(d0, d1)]
    for i, name in enumerate(names):
        pair = (name, names[(i + 1) % len(names)])
        if pair not in pairs:
            pairs.append(pair)
    return pairs


def deck_sizes(spec, pool, decks) -> tuple[int, int]:
    variant = spec.default_variant
    return tuple(len(spec.load_deck(pool, d, variant).card_ids) for d in decks)


def record_random_games(spec, pool, n_games, seed0, pairs=None):
    """Play ``n_games`` uniformly random games (several matchups and seeds; ``pairs``: the deck pairs,
    default :func:`deck_pairs`) to their end, recording every state row and mask:
    [(decks, rows, masks, game)]."""
    pairs = pairs or deck_pairs(spec)
    out = []
    for i in range(n_games):
        decks = pairs[i % len(pairs)]
        g = tcg_env.make_game(spec.name, decks=decks, seed=seed0 + i, pool=pool)
        rng = np.random.default_rng(seed0 + i)
        rows, masks = [], []
        while not g.done and g.num_decisions <= spec.max_decisions:
            rows.append(np.array(g.state))
            masks.append(g.action_mask())
            if not masks[-1].any():
                break  # reported by test_no_empty_mask_before_the_end
            g.step(random_action(g, rng))
        rows.append(np.array(g.state))
        masks.append(g.action_mask())
        out.append((decks, rows, masks, g))
    return out


def random_action(game, rng) -> int:
    legal = game.legal_actions()
    return int(legal[rng.integers(len(legal))])


def play(game, n, rng) -> list[int]:
    """Up to ``n`` uniformly random legal actions; returns them."""
    actions = []
    while len(actions) < n and not game.done:
        a = random_action(game, rng)
        game.step(a)
        actions.append(a)
    return actions


def check_cards(spec, row, sizes) -> None:
    """Card conservation (``spec.card_zones``): every card slot is listed in exactly one zone, no zone
    lists a slot without a card, and each player owns exactly the cards of its deck."""
    cz = spec.card_zones(row)
    for p in (0, 1):
        assert (p, "deck") in cz.zones and (p, "hand") in cz.zones, "card_zones must list each player's deck and hand"
    where: dict[int, tuple[int, str]] = {}
    for key, slots in cz.zones.items():
        for s in slots:
            assert s not in where, f"card slot {s} is in {where[s]} and in {key}"
            assert s in cz.owners, f"{key} lists slot {s}, which holds no card"
            where[s] = key
    missing = sorted(set(cz.owners) - set(where))
    assert not missing, f"card slots {missing[:10]} are in no zone"
    owned = Counter(cz.owners.values())
    assert (owned[0], owned[1]) == tuple(sizes), f"cards per owner {owned[0]}, {owned[1]}; the decks had {sizes}"
    assert int(row[H_ERROR]) == 0, f"engine error code {int(row[H_ERROR])}"


def observations(game, player) -> tuple[np.ndarray, dict]:
    return game.observe(player), game.observe(player, encoding="dict")


def same_observation(a, b) -> bool:
    flat_a, dict_a = a
    flat_b, dict_b = b
    if not np.array_equal(flat_a, flat_b) or dict_a.keys() != dict_b.keys():
        return False
    return all(np.array_equal(dict_a[k], dict_b[k]) for k in dict_a)


def determinized(game, player, seed) -> "tcg_env.Game":
    """A copy of ``game`` whose hidden information, as ``player`` sees it, is dealt anew
    (the game's ``kernels.determinize_batch``)."""
    k = game.spec.kernels
    states = np.array(game.state, np.int32)[None].copy()
    k.determinize_batch(states, game.pool.kernel_tables, np.array([player], np.int32), k.seed_agent_rng(1, seed))
    return tcg_env.Game(game.spec, game.pool, states[0], game.variant_index)


def hidden_piles_permuted(game, viewer, rng) -> "tcg_env.Game":
    """A copy of ``game`` whose card ids are permuted, with numpy's ``rng``, within each pile the
    game's zone table says ``viewer`` cannot see (``spec.zones.hidden_piles(viewer)``; a pile's lists
    taken as one run, without the cards declared revealed, ``pile_slots``): the declaration alone,
    not the game's ``resample_hidden``."""
    zt = game.spec.zones
    row = np.array(game.state, np.int32).copy()
    for player, zones in zt.hidden_piles(viewer):
        slots = np.array(zt.pile_slots(row, player, zones), np.int64)
        cols = zt.card + slots * zt.card_w
        row[cols] = rng.permutation(row[cols])
    return tcg_env.Game(game.spec, game.pool, row, game.variant_index)


def env_module(spec):
    """The game's PettingZoo env module, ``tcg_env.envs.<spec.env_name>``."""
    return importlib.import_module(f"tcg_env.envs.{spec.env_name}")
