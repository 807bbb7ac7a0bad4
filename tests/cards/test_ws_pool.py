"""The packaged Weiss Schwarz starter pool: coverage of trigger icons, keywords and vocabulary; decks legal."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from tcg_env.games.weiss_schwarz.cards import load_ws_pool
from tcg_env.games.weiss_schwarz.decks import list_decks, load_deck, validate_deck
from tcg_env.games.weiss_schwarz import constants as K


@pytest.fixture(scope="module")
def table():
    return load_ws_pool()


def _ops(ops):
    for op in ops:
        yield op
        if op.op in ("if", "may"):
            yield from _ops(op.then)


def test_pool_size_colours_levels_types(table):
    assert table.n_cards >= 80
    rows = table.cards
    for color in ("YELLOW", "GREEN", "RED", "BLUE"):
        mine = rows[rows[:, K.C_COLOR] == K.Color[color]]
        chars = mine[mine[:, K.C_TYPE] == K.CardType.CHARACTER]
        assert set(chars[:, K.C_LEVEL].tolist()) == {0, 1, 2, 3}, color
        assert (mine[:, K.C_TYPE] == K.CardType.EVENT).any() and (mine[:, K.C_TYPE] == K.CardType.CLIMAX).any(), color


def test_every_trigger_icon_of_cr_4_12_is_in_the_pool(table):
    icons = set(table.cards[:, K.C_TRIGGER0].tolist()) | set(table.cards[:, K.C_TRIGGER1].tolist())
    missing = {t.name for t in K.TriggerIcon if t != K.TriggerIcon.NONE} - {K.TriggerIcon(i).name for i in icons}
    assert not missing, f"no card has the trigger icon(s) {sorted(missing)}"
    assert any(m.triggers == ["soul", "soul"] for m in table.models)  # a double soul climax


def test_every_keyword_of_cr_10_is_in_the_pool(table):
    have = 0
    for row in table.cards:
        have |= int(row[K.C_KEYWORDS])
    missing = [kw for kw, bit in K.KEYWORD_BITS.items() if not have & bit]
    assert not missing, f"no card has the keyword(s) {missing}"
    # keywords that are written on ability rows are there too (A_KEYWORD)
    rows = set(table.abilities[: table.n_abilities, K.A_KEYWORD].tolist())
    for kw in K.Keyword:
        if kw not in (K.Keyword.NONE, K.Keyword.BACKUP, K.Keyword.GREAT_PERFORMANCE):
            assert kw in rows, kw.name


def test_common_vocabulary_is_exercised(table):
    triggers, ops, kinds = Counter(), Counter(), Counter()
    combos = 0
    for m in table.models:
        for ab in m.abilities:
            kinds[ab.kind] += 1
            triggers[ab.trigger] += 1
            combos += ab.combo is not None
            for op in _ops(ab.effect):
                ops[op.op] += 1
    for t in ("played_self", "attacks_self", "reversed_self", "battle_opp_reversed", "climax_placed"):
        assert triggers[t], t
    # pumps, search, salvage (choose from the waiting room -> to_hand), draw, burn, clock kick, bounce
    for op in ("power", "soul", "search", "look_top", "draw", "damage", "to_clock", "to_hand", "heal", "brainstorm"):
        assert ops[op], op
    assert combos >= 4
    for k in ("cont", "auto", "act", "event", "counter_act"):
        assert kinds[k], k
    salvage = [m for m in table.models for ab in m.abilities
               if any(op.op == "choose" and op.filter.zone == "waiting_room" for op in ab.effect)]  # fmt: skip
    assert salvage
    bounce = [m for m in table.models for ab in m.abilities
              if any(op.op == "choose" and op.filter.side == "opponent" for op in ab.effect)
              and any(op.op == "to_hand" for op in ab.effect)]  # fmt: skip
    assert bounce


def test_counter_cards_include_backup_and_events(table):
    c = table.cards
    assert ((c[:, K.C_COUNTER] == 1) & (c[:, K.C_BACKUP_POWER] > 0)).sum() >= 4
    assert ((c[:, K.C_COUNTER] == 1) & (c[:, K.C_TYPE] == K.CardType.EVENT)).sum() >= 2


def test_pool_names_are_original():
    # no reproduction of the shared commercial samples' names (test data only, CR-free check)
    import json
    from pathlib import Path

    d = Path(__file__).resolve().parents[2] / ".." / "shared" / "carddata" / "weiss_schwarz"
    if not d.is_dir():
        pytest.skip("shared card data not available")
    real = {r["name"].casefold() for p in d.glob("*.json") for r in json.loads(p.read_text())}
    ours = {m.name.casefold() for m in load_ws_pool().models}
    assert not (ours & real)


def test_at_least_four_builtin_decks_and_each_is_legal(table):
    names = list_decks()
    assert len(names) >= 4
    for name in names:
        deck = load_deck(table, name)  # validates CR 5.1.2
        assert len(deck) == K.DECK_SIZE, name
        validate_deck(table, deck)
        assert int(np.sum(table.cards[deck.card_ids, K.C_TYPE] == K.CardType.CLIMAX)) <= K.MAX_CLIMAX


def test_builtin_decks_are_distinct(table):
    decks = [set(load_deck(table, n).card_ids.tolist()) for n in list_decks()]
    for i in range(len(decks)):
        for j in range(i + 1, len(decks)):
            assert len(decks[i] & decks[j]) < 5
