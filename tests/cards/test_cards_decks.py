"""Deck lists: built-in decks, validation (CR 8.1.1) and the plain-text / TOML formats."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from tcg_env.cards import DeckError, deck_to_text, deck_to_toml, parse_deck_text, parse_deck_toml
from tcg_env.games.fftcg.cards import load_fftcg_pool
from tcg_env.games.fftcg.decks import list_decks, load_deck, validate_deck
from tcg_env.games.fftcg import constants as K

EXPECTED = {"fire_wind_aggro", "ice_water_control", "earth_lightning_midrange", "backup_ramp"}


@pytest.fixture(scope="module")
def table():
    return load_fftcg_pool()


@pytest.fixture(scope="module")
def decks(table):
    return {name: load_deck(table, name) for name in list_decks()}


def test_builtin_decks_exist(decks):
    assert EXPECTED <= set(decks)
    assert len(decks) >= 4


def test_builtin_decks_are_legal(table, decks):
    for name, deck in decks.items():
        assert deck.format == "constructed"
        assert len(deck) == K.CONSTRUCTED_DECK_SIZE, name
        assert deck.card_ids.dtype == np.int32
        assert max(Counter(deck.card_ids.tolist()).values()) <= K.MAX_COPIES
        assert deck.description and deck.name
        validate_deck(table, deck, "constructed")


def test_builtin_decks_have_cp_and_focus(table, decks):
    for name, deck in decks.items():
        types = Counter(int(table.cards[c, K.C_TYPE]) for c in deck.card_ids)
        assert types[K.CardType.BACKUP] >= 14, name
        assert types[K.CardType.FORWARD] >= 15, name
        els = Counter(int(table.cards[c, K.C_ELEMENT]) for c in deck.card_ids)
        if name in EXPECTED:
            assert sum(n for _, n in els.most_common(2)) == 50, (name, els)


def test_builtin_decks_are_distinct(table, decks):
    sets = {n: set(d.card_ids.tolist()) for n, d in decks.items()}
    for a, b in combinations(sets, 2):
        jaccard = len(sets[a] & sets[b]) / len(sets[a] | sets[b])
        assert jaccard < 0.5, (a, b, jaccard)
    kw = lambda d, bit: sum(int(table.cards[c, K.C_KEYWORDS]) & bit > 0 for c in d.card_ids)  # noqa: E731
    assert kw(decks["fire_wind_aggro"], K.KW_HASTE | K.KW_BRAVE) >= 10
    bk = lambda d: sum(table.cards[c, K.C_TYPE] == K.CardType.BACKUP for c in d.card_ids)  # noqa: E731
    assert bk(decks["backup_ramp"]) == max(bk(d) for d in decks.values())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_round_trip_text_and_toml(table, decks, name):
    deck = decks[name]
    text = deck_to_text(table, deck)
    back = parse_deck_text(table, text, file=f"{name}.txt")
    assert np.array_equal(back.card_ids, deck.card_ids)
    assert back.name == deck.name and back.format == deck.format
    toml = deck_to_toml(table, deck)
    back2 = parse_deck_toml(table, toml, file=f"{name}.toml")
    assert np.array_equal(back2.card_ids, deck.card_ids)
    assert (back2.name, back2.description, back2.format) == (deck.name, deck.description, deck.format)


def test_text_and_toml_files_load_the_same(table, decks, tmp_path):
    deck = decks["ice_water_control"]
    (tmp_path / "d.txt").write_text(deck_to_text(table, deck))
    (tmp_path / "d.toml").write_text(deck_to_toml(table, deck))
    a = load_deck(table, tmp_path / "d.txt")
    b = load_deck(table, str(tmp_path / "d.toml"))
    assert np.array_equal(a.card_ids, b.card_ids)


def _fifty(table):
    # 16 numbers x 3 + 1 x 2 = 50
    nums = table.numbers[:17]
    lines = [f"3 {n}" for n in nums[:16]] + [f"2 {nums[16]}"]
    return lines


def test_plain_text_format(table):
    text = "# a comment\n\n" + "\n".join(_fifty(table)).replace("3 FF1-001", "3x FF1-001 Cinder Lancer  # ok")
    deck = parse_deck_text(table, text, file="mine.txt")
    assert deck.name == "mine" and len(deck) == 50
    validate_deck(table, deck)
    assert deck.lines["FF1-001"] == 3


def test_cr_8_1_1_1_wrong_size(table):
    lines = _fifty(table)
    lines[-1] = f"1 {table.numbers[16]}"
    deck = parse_deck_text(table, "\n".join(lines), file="short.txt")
    with pytest.raises(DeckError, match=r"short.txt: field 'cards': 49 cards: a constructed deck has exactly 50"):
        validate_deck(table, deck)
    with pytest.raises(DeckError, match="49 cards"):
        load_deck(table, [table.numbers[i // 3] for i in range(49)], validate=True)
    assert len(load_deck(table, [table.numbers[i // 3] for i in range(49)], validate=False)) == 49
    # limited: 40 or more
    validate_deck(table, deck, "limited")
    small = load_deck(table, [table.numbers[i // 3] for i in range(39)], validate=False)
    with pytest.raises(DeckError, match="limited deck has 40 or more"):
        validate_deck(table, small, "limited")
    big = load_deck(table, [table.numbers[i // 3] for i in range(61)], validate=False)
    with pytest.raises(DeckError, match="at most 60 cards"):
        validate_deck(table, big, "limited")


def test_cr_8_1_1_2_four_copies(table):
    lines = _fifty(table)
    lines[1] = f"4 {table.numbers[1]}"
    lines[-1] = f"1 {table.numbers[16]}"
    deck = parse_deck_text(table, "\n".join(lines), file="four.txt")
    with pytest.raises(DeckError) as info:
        validate_deck(table, deck)
    e = info.value
    assert e.card == table.numbers[1] and e.line == 2 and e.file == "four.txt"
    assert "four.txt: line 2: card 'FF1-002'" in str(e) and "4 copies" in str(e)


def test_cr_8_1_1_2_copies_counted_across_lines(table):
    ids = [0, 0, 0, 0] + [i // 3 + 1 for i in range(46)]
    with pytest.raises(DeckError, match="4 copies"):
        load_deck(table, ids, validate=True)


def test_unknown_number_names_line(table):
    text = "3 FF1-001\n# x\n3 FF9-999 Nobody\n"
    with pytest.raises(DeckError) as info:
        parse_deck_text(table, text, file="bad.txt")
    e = info.value
    assert (e.file, e.line, e.card, e.field) == ("bad.txt", 3, "FF9-999", "number")
    assert str(e).startswith("bad.txt: line 3: card 'FF9-999': field 'number': unknown card number")


def test_unknown_number_in_toml_names_line(table):
    text = 'name = "x"\n[[cards]]\nnumber = "FF1-001"\ncount = 3\n[[cards]]\nnumber = "ZZ-1"\ncount = 1\n'
    with pytest.raises(DeckError) as info:
        parse_deck_toml(table, text, file="x.toml")
    assert info.value.line == 6 and "line 6" in str(info.value) and "ZZ-1" in str(info.value)


def test_name_mismatch(table):
    with pytest.raises(DeckError) as info:
        parse_deck_text(table, "3 FF1-001 Ember Knight\n", file="n.txt")
    e = info.value
    assert e.field == "name" and e.line == 1 and "Cinder Lancer" in str(e)
    # case and spacing are forgiven
    parse_deck_text(table, "3 FF1-001   cinder  LANCER\n", file="n.txt")


def test_toml_deck_errors(table):
    with pytest.raises(DeckError, match="field 'cards\\[0\\].copies': unknown key"):
        parse_deck_toml(table, 'name = "x"\n[[cards]]\nnumber = "FF1-001"\ncopies = 3\n', file="x.toml")
    with pytest.raises(DeckError, match="field 'format'"):
        parse_deck_toml(table, 'name = "x"\nformat = "sealed"\n[[cards]]\nnumber = "FF1-001"\n', file="x.toml")


def test_load_deck_sources(table):
    with pytest.raises(DeckError, match="built-in"):
        load_deck(table, "no_such_deck")
    by_num = load_deck(table, [table.numbers[i // 3] for i in range(50)], validate=True)
    by_id = load_deck(table, [i // 3 for i in range(50)])
    assert np.array_equal(by_num.card_ids, by_id.card_ids)
    with pytest.raises(DeckError, match="out of range"):
        load_deck(table, [10_000])
    assert load_deck(table, by_id) is by_id


def test_limited_deck_file(table, tmp_path):
    p = tmp_path / "lim.toml"
    body = "".join(f'[[cards]]\nnumber = "{table.numbers[i]}"\ncount = 3\n' for i in range(14))
    p.write_text('name = "Lim"\nformat = "limited"\n' + body)
    deck = load_deck(table, p)
    assert deck.format == "limited" and len(deck) == 42


def test_builtin_decks_are_parsed_once_per_pool_and_each_caller_gets_a_copy(table):
    from tcg_env.games.fftcg.decks import DECKS

    first = DECKS.load_checked(table, "fire_wind_aggro", "constructed")
    first.card_ids[:] = 0  # a caller's own copy: the next game's deck is not changed
    again = DECKS.load_checked(table, "fire_wind_aggro", "constructed")
    assert np.array_equal(again.card_ids, load_deck(table, "fire_wind_aggro").card_ids)
    assert again.card_ids is not DECKS.load_checked(table, "fire_wind_aggro", "constructed").card_ids
