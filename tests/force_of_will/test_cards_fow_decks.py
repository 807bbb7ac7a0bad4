"""Force of Will deck construction (CR 402) and the built-in decks."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.cards import DeckError
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.cards import load_force_of_will_pool
from tcg_env.games.force_of_will.decks import list_decks, load_deck, split_deck, validate_deck


@pytest.fixture(scope="module")
def pool():
    return load_force_of_will_pool()


def _deck(pool, *entries, validate=True):
    text = "\n".join(f"{n} {num}" for num, n in entries)
    from tcg_env.cards.decks import parse_deck_text

    deck = parse_deck_text(pool, text, file="t.txt")
    if validate:
        validate_deck(pool, deck)
    return deck


# a legal deck: ruler, 40 main (10 names x 4), 10 stones
MAIN = ["FOW1-024", "FOW1-025", "FOW1-026", "FOW1-027", "FOW1-030", "FOW1-031", "FOW1-048", "FOW1-049",
        "FOW1-050", "FOW1-054"]
LEGAL = [("FOW1-003", 1)] + [(n, 4) for n in MAIN] + [("FOW1-079", 10)]


def _err(pool, *entries) -> str:
    with pytest.raises(DeckError) as info:
        _deck(pool, *entries)
    return str(info.value)


def test_builtin_decks_are_legal_and_distinct(pool):
    names = list_decks()
    assert len(names) >= 4
    rulers = set()
    for name in names:
        deck = load_deck(pool, name)  # validates
        parts = split_deck(pool, deck)
        assert len(parts.main) == 40 and len(parts.stones) == 10
        assert deck.description
        rulers.add(parts.ruler)
    assert len(rulers) == len(names)


def test_legal_deck(pool):
    parts = split_deck(pool, _deck(pool, *LEGAL))
    assert pool.numbers[parts.ruler] == "FOW1-003" and len(parts.main) == 40 and len(parts.runes) == 0


def test_cr_402_2_exactly_one_ruler(pool):
    assert "no ruler" in _err(pool, *LEGAL[1:]) and "CR 402.2" in _err(pool, *LEGAL[1:])
    msg = _err(pool, *LEGAL, ("FOW1-005", 1))
    assert "2 rulers" in msg and "CR 402.2" in msg


def test_cr_705_3_j_ruler_is_not_listed(pool):
    msg = _err(pool, *LEGAL, ("FOW1-004", 1))
    assert "card 'FOW1-004'" in msg and "CR 705.3" in msg


def test_cr_402_3a_main_deck_size(pool):
    msg = _err(pool, *LEGAL[:-2], ("FOW1-050", 3), ("FOW1-079", 10))
    assert "39 cards in the main deck" in msg and "CR 402.3a" in msg
    many = [("FOW1-003", 1)] + [(n, 4) for n in MAIN + ["FOW1-013", "FOW1-014", "FOW1-015", "FOW1-016"]]
    msg = _err(pool, *many, ("FOW1-017", 4), ("FOW1-018", 1), ("FOW1-079", 10))
    assert "61 cards in the main deck" in msg and "CR 402.3a" in msg


def test_cr_402_3b_four_of_a_name(pool):
    msg = _err(pool, *LEGAL, ("FOW1-024", 1))
    assert "5 cards named 'Cinder Whelp'" in msg and "card 'FOW1-024'" in msg and "402.3b" in msg


def test_cr_402_4a_stone_deck_size(pool):
    msg = _err(pool, *LEGAL[:-1], ("FOW1-079", 9))
    assert "9 cards in the magic stone deck" in msg and "CR 402.4a" in msg
    msg = _err(pool, *LEGAL[:-1], ("FOW1-079", 21))
    assert "21 cards in the magic stone deck" in msg


def test_cr_402_4b_4c_basic_stones_any_number_special_four(pool):
    _deck(pool, *LEGAL[:-1], ("FOW1-079", 20))  # basic: any number (402.4b)
    msg = _err(pool, *LEGAL[:-1], ("FOW1-079", 5), ("FOW1-083", 5))
    assert "5 cards named 'Ashgale Geode'" in msg and "CR 402.4c" in msg


def test_cr_402_5c_extra_deck_needs_grimoire(pool):
    deck = _deck(pool, *LEGAL)
    with pytest.raises(DeckError, match=r"CR 402\.5c"):
        validate_deck(pool, deck, extra=[pool.card_id("FOW1-029")])
    with pytest.raises(DeckError, match=r"6 cards in the extra deck.*CR 402\.5a"):
        validate_deck(pool, deck, extra=[pool.card_id("FOW1-029")] * 6)


def test_cr_402_6_rune_deck(tmp_path):
    # a pool with runes: up to five, one of a name (CR 402.6a, 402.6b)
    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool, load_force_of_will_cards

    cards = load_force_of_will_cards()
    runes = tmp_path / "runes.toml"
    runes.write_text("\n".join(
        f'[[cards]]\nnumber = "R-{i}"\nname = "Rune {i}"\ntype = "rune"\nattribute = "fire"\ncost = "{{R}}"\n'
        f'divinity = 3\neffect = [{{ op = "draw", count = 1 }}]\n' for i in range(7)))  # fmt: skip
    pool = compile_force_of_will_pool(cards + load_force_of_will_cards(runes))
    deck = _deck(pool, *LEGAL, ("R-0", 1), ("R-1", 1), validate=False)
    validate_deck(pool, deck)
    assert len(split_deck(pool, deck).runes) == 2
    with pytest.raises(DeckError, match=r"2 cards named 'Rune 0' in the rune deck.*CR 402\.6b"):
        _deck(pool, *LEGAL, ("R-0", 2))
    with pytest.raises(DeckError, match=r"6 cards in the rune deck.*CR 402\.6a"):
        _deck(pool, *LEGAL, *[(f"R-{i}", 1) for i in range(6)])


def test_only_the_constructed_format(pool):
    deck = _deck(pool, *LEGAL)
    with pytest.raises(DeckError, match="one deck format"):
        validate_deck(pool, deck, "limited")


def test_deck_error_is_one_line_naming_deck_card_and_rule(pool, tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text('name = "Bad"\n[[cards]]\nnumber = "FOW1-003"\n[[cards]]\nnumber = "FOW1-024"\ncount = 5\n'
                 + "".join(f'[[cards]]\nnumber = "{n}"\ncount = 4\n' for n in MAIN[1:]) + '[[cards]]\nnumber = "FOW1-079"\ncount = 10\n')
    with pytest.raises(DeckError) as info:
        load_deck(pool, str(p))
    msg = str(info.value)
    assert msg.startswith("bad.toml: line 5: card 'FOW1-024' (Cinder Whelp): field 'count': 5 cards") and "\n" not in msg
    assert "CR 402.3b" in msg


def test_decks_fit_the_engine(pool):
    for name in list_decks():
        parts = split_deck(pool, load_deck(pool, name))
        n = 1 + len(parts.main) + len(parts.stones) + len(parts.runes) + len(parts.extra)
        assert n <= K.PLAYER_SLOTS
        assert np.all(pool.cards[parts.stones, K.C_TYPE] == K.CardType.MAGIC_STONE)


def test_builtin_decks_stones_pay_their_attribute_costs(pool):
    # every attribute cost of a main deck card (CR 203.3) can be paid with will of that attribute
    # that the deck's magic stones produce (CR 907)
    for name in list_decks():
        parts = split_deck(pool, load_deck(pool, name))
        wills = set(pool.cards[parts.stones, K.C_WILL_A].tolist()) | set(pool.cards[parts.stones, K.C_WILL_B].tolist())
        for cid in set(parts.main.tolist()):
            need = np.flatnonzero(pool.cards[cid, K.C_COST : K.C_COST + K.N_ATTRIBUTES])
            assert set(need.tolist()) <= wills, (name, pool.names[cid])
