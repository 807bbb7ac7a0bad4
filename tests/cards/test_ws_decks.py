"""Weiss Schwarz deck lists: plain text and TOML loaders, deck construction (CR 5.1.2) errors."""

from __future__ import annotations

import pytest

from tcg_env.cards import DeckError
from tcg_env.cards.decks import deck_to_text, deck_to_toml
from tcg_env.games.weiss_schwarz.cards import compile_ws_pool, load_ws_cards, load_ws_pool
from tcg_env.games.weiss_schwarz.constants import C_TYPE, CardType
from tcg_env.games.weiss_schwarz.decks import load_deck, validate_deck

# a legal 50-card list: 10 characters x 4 + 2 characters x 1 + 2 climax x 4
LEGAL = [("LF-001", 4), ("LF-002", 4), ("LF-003", 4), ("LF-004", 4), ("LF-005", 4), ("LF-006", 4), ("LF-007", 4),
         ("LF-009", 4), ("LF-010", 4), ("LF-012", 4), ("LF-013", 1), ("LF-020", 1), ("LF-016", 4), ("LF-017", 4)]  # fmt: skip


@pytest.fixture(scope="module")
def table():
    return load_ws_pool()


def text_deck(entries, names=None):
    lines = ["# name: Test Deck"]
    for number, count in entries:
        lines.append(f"{count} {number}" + (f" {names[number]}" if names else ""))
    return "\n".join(lines) + "\n"


def write(tmp_path, text, name="deck.txt"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_plain_text_with_names_loads(tmp_path, table):
    names = {n: table.names[table.index[n]] for n, _ in LEGAL}
    deck = load_deck(table, write(tmp_path, text_deck(LEGAL, names)))
    assert len(deck) == 50 and deck.name == "Test Deck" and deck.lines["LF-002"] == 3


def test_toml_loads_and_round_trips(tmp_path, table):
    deck = load_deck(table, write(tmp_path, text_deck(LEGAL)))
    p = write(tmp_path, deck_to_toml(table, deck), "deck.toml")
    again = load_deck(table, p)
    assert again.card_ids.tolist() == deck.card_ids.tolist()
    again2 = load_deck(table, write(tmp_path, deck_to_text(table, deck), "deck2.txt"))
    assert again2.card_ids.tolist() == deck.card_ids.tolist()


def test_list_of_numbers_and_ids(table):
    numbers = [n for n, c in LEGAL for _ in range(c)]
    assert len(load_deck(table, numbers)) == 50
    assert len(load_deck(table, [table.index[n] for n in numbers])) == 50


def test_cr_5_1_2_1_deck_size(tmp_path, table):
    short = [*LEGAL[:-1], ("LF-017", 3)]
    with pytest.raises(DeckError) as info:
        load_deck(table, write(tmp_path, text_deck(short)))
    assert "49 cards" in str(info.value) and "5.1.2.1" in str(info.value) and info.value.file == "deck.txt"


def test_cr_5_1_2_2_five_copies(tmp_path, table):
    entries = [("LF-001", 5), *LEGAL[1:-1], ("LF-017", 3)]
    with pytest.raises(DeckError) as info:
        load_deck(table, write(tmp_path, text_deck(entries)))
    e = info.value
    assert e.card == "LF-001" and e.line == 2 and e.field == "count" and "5.1.2.2" in str(e)


def test_cr_5_1_2_2_1_same_name_under_two_numbers_counts_together(tmp_path):
    # a reprint: same card name, another number -> 3 + 2 = 5 cards with that name
    src = load_ws_cards()
    reprint = src[0].model_copy(update={"number": "LF-901"})
    table = compile_ws_pool([*src, reprint.with_file("reprint.toml")])
    entries = [("LF-001", 3), ("LF-901", 2), *LEGAL[1:-1], ("LF-017", 3)]
    with pytest.raises(DeckError) as info:
        load_deck(table, write(tmp_path, text_deck(entries)))
    assert "5 cards named 'Dockside Courier'" in str(info.value) and info.value.line == 2


def test_cr_5_1_2_3_nine_climax(tmp_path, table):
    entries = [*LEGAL[:10], ("LF-013", 1), ("LF-016", 4), ("LF-017", 4), ("LF-018", 1)]
    assert sum(c for _, c in entries) == 50
    with pytest.raises(DeckError) as info:
        load_deck(table, write(tmp_path, text_deck(entries)))
    assert "9 climax" in str(info.value) and "5.1.2.3" in str(info.value)
    # the error names the ninth climax of the list (DeckRules' TypeLimit)
    assert table.cards[table.index[info.value.card], C_TYPE] == CardType.CLIMAX and info.value.line is not None


def test_unknown_card_number_names_file_line_and_card(tmp_path, table):
    p = write(tmp_path, text_deck([("LF-001", 4), ("WS-999", 4)]))
    with pytest.raises(DeckError) as info:
        load_deck(table, p)
    e = info.value
    assert (e.file, e.line, e.card, e.field) == ("deck.txt", 3, "WS-999", "number")
    assert str(e).startswith("deck.txt: line 3: card 'WS-999'")


def test_name_mismatch_in_text_line(tmp_path, table):
    p = write(tmp_path, "4 LF-001 Somebody Else\n")
    with pytest.raises(DeckError) as info:
        load_deck(table, p)
    assert info.value.field == "name" and info.value.line == 1


def test_toml_unknown_key(tmp_path, table):
    p = write(tmp_path, 'name = "x"\ncolour = "red"\n[[cards]]\nnumber = "LF-001"\ncount = 4\n', "bad.toml")
    with pytest.raises(DeckError) as info:
        load_deck(table, p)
    assert info.value.field == "colour" and "unknown key" in str(info.value)


def test_unknown_builtin_deck_lists_the_ws_decks(table):
    with pytest.raises(DeckError) as info:
        load_deck(table, "no_such_deck")
    assert "yellow_soul_rush" in str(info.value)


def test_validate_false_allows_partial_lists(table):
    assert len(load_deck(table, ["LF-001"] * 3, validate=False)) == 3
    with pytest.raises(DeckError):
        validate_deck(table, load_deck(table, ["LF-001"] * 3, validate=False))
