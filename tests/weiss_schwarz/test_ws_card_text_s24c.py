"""Weiss Schwarz card text, session 24 part C (branch s24-wsc): generality on sets the compiler was not written
against. A line naming a trait no character of its list has (a trait of another set's characters) is kept: the card
records it (``WSCard.text_traits``) and the pool interns it after its cards' traits, so the printed filter or
condition matches no card of a pool without such a character, and the characters that have it in a pool of several
lists imported together (CR 2.5: a trait is a characteristic; a filter naming it matches the cards that have it).
Made-up lines in the card language, imported, and what the engine does with them."""

from __future__ import annotations

import json

import pytest

from tcg_env.cards.errors import CardDataError
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.cards import WSCard, compile_ws_pool
from tcg_env.games.weiss_schwarz.importer import import_ws_json

import ws_card_text_kit as kit


_rec = kit.rec

_FETCH_TEXT = "【ACT】 [【REST】 this card] Choose 1 《Ghost》 character in your waiting room, and return it to your hand."
_PAIR_TEXT = "【CONT】 If you have another 《Ghost》 character, this card gets +1000 power."
# four choices, three engine registers (two before session 34; the opponent's character, added then, keeps the
# register count past the engine's): the last takes the Glass character's once its card is in the hand
# (_reuse_registers)
_THREE_TEXT = ("【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and that character gets -1000 power "
               "until end of turn. Choose 1 《Glass》 character in your waiting room, return it to your hand, choose 1 "
               "card in your hand, put it into your waiting room, choose 1 of your characters, and that character gets "
               "+3000 power until end of turn.")
# your own stock's top card into your waiting room (Op.STOCK_TOP_TO_WR, who master; "if you do": IF_DONE)
_STOCKER_TEXT = ("【ACT】 [【REST】 this card] You may put the top card of your stock into your waiting room. If you do, "
                 "draw 1 card.")
# "for each of your opponent's [REST] characters": AURA_POWER_PER counting the opponent's stage (filter side)
_PER_OPP_TEXT = "【CONT】 This card gets +500 power for each of your opponent's 【REST】 characters."
(PLAIN, FETCHER, PAIRED, THREE, STOCKER, PER_OPP) = range(6)
RECORDS_A = [
    _rec("T/S24C-001", "Plain"),
    _rec("T/S24C-002", "Fetcher", [_FETCH_TEXT]),
    _rec("T/S24C-003", "Paired", [_PAIR_TEXT]),
    _rec("T/S24C-004", "Three", [_THREE_TEXT]),
    _rec("T/S24C-005", "Stocker", [_STOCKER_TEXT]),
    _rec("T/S24C-006", "Per Opp", [_PER_OPP_TEXT]),
]  # fmt: skip
RECORDS_A += [_rec(f"T/S24C-F{i:02d}", f"Filler {i}") for i in range(12)]
FILLER = 6
# a second list: one character with the trait the first list's texts name
RECORDS_B = [_rec("U/S24C-001", "Spooky", traits=("Ghost",))]
GHOST = len(RECORDS_A)


def _import(tmp_path_factory, name, records):
    p = tmp_path_factory.mktemp(name) / "list.json"
    p.write_text(json.dumps(records))
    return import_ws_json(p)


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    return _import(tmp_path_factory, "ws24c_a", RECORDS_A), _import(tmp_path_factory, "ws24c_b", RECORDS_B)


@pytest.fixture(scope="module")
def pool_a(lists):
    return compile_ws_pool(lists[0].cards)


@pytest.fixture(scope="module")
def pool_ab(lists):
    return compile_ws_pool(lists[0].cards + lists[1].cards)


# ---------------------------------------------------------------------------- the import
def test_cr_2_5_a_trait_no_character_of_the_list_has_is_kept(lists):
    res = lists[0]
    assert not res.unsupported, res.unsupported
    by = {c.name: c for c in res.cards}
    assert by["Fetcher"].text_traits == ["Ghost"] and by["Paired"].text_traits == ["Ghost"]
    assert by["Fetcher"].abilities and by["Paired"].abilities
    assert by["Plain"].text_traits == []
    verdicts = {lr.line: lr.verdict for t in res.text_records for lr in t.lines}
    assert verdicts[_FETCH_TEXT] == "exact" and verdicts[_PAIR_TEXT] == "exact"
    # a trait a character of the list has is no text trait
    res_b = lists[1]
    assert all(c.text_traits == [] for c in res_b.cards)


def test_cr_2_5_a_trait_named_nowhere_stays_an_error():
    # a hand-written pool whose filter names a trait no card has (a typo) is still refused
    card = WSCard.model_validate({"number": "T/S24C-X01", "name": "Typo", "type": "character", "color": "yellow",
                                  "power": 1000, "abilities": [{"kind": "act", "cost": {"rest_self": True}, "effect": [
                                      {"op": "choose", "filter": {"type": "character", "trait": "Nobody",
                                                                  "zone": "waiting_room"}, "count": 1},
                                      {"op": "to_hand"}]}]})  # fmt: skip
    with pytest.raises(CardDataError, match="unknown trait 'Nobody'"):
        compile_ws_pool([card])
    # declared as a text trait, it compiles: an id no card holds
    table = compile_ws_pool([card.model_copy(update={"text_traits": ["Nobody"]})])
    assert table.trait_ids["Nobody"] == max(table.trait_ids.values())


def test_text_trait_ids_come_after_the_cards_traits(pool_a, pool_ab):
    # the cards' own traits keep the ids pass 1 gives them (a pool without text traits is unchanged)
    assert pool_a.trait_ids["Glass"] == 1 and pool_a.trait_ids["Ghost"] == 2
    # in the pool of both lists, Ghost is the second list's character's trait
    assert pool_ab.trait_ids["Ghost"] == 2


# ---------------------------------------------------------------------------- the engine
def _deck_scenario(pool, n_cards, extra=()):
    return kit.main_phase(pool, n_cards, FILLER, extra=extra)


def test_cr_2_5_filter_of_a_missing_trait_chooses_nothing(pool_a):
    sc = _deck_scenario(pool_a, len(RECORDS_A))
    sc.put(0, FETCHER, "stage", pos=0)
    sc.put(0, PLAIN, "waiting_room")  # a Glass character: not a Ghost
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Use")
    kit.answer_picks(g, [])
    assert kit.resolved(g) and kit.count(g, "HAND") == hand and kit.count(g, "WR") == 1


def test_cr_2_5_filter_of_another_lists_trait_chooses_its_character(pool_ab):
    sc = _deck_scenario(pool_ab, len(RECORDS_A) + len(RECORDS_B))
    sc.put(0, FETCHER, "stage", pos=0)
    ghost = sc.put(0, GHOST, "waiting_room")
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Use")
    kit.answer_picks(g, ["Choose"])
    assert kit.count(g, "HAND") == hand + 1 and kit.zone_of(g, ghost) == K.Zone.HAND
    assert kit.count(g, "WR") == 0


def test_cr_2_5_condition_of_a_missing_trait_never_holds(pool_a, pool_ab):
    sc = _deck_scenario(pool_a, len(RECORDS_A))
    me = sc.put(0, PAIRED, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=1)
    g = sc.game()
    assert kit.power(g, me) == 3000
    sc = _deck_scenario(pool_ab, len(RECORDS_A) + len(RECORDS_B))
    me = sc.put(0, PAIRED, "stage", pos=0)
    sc.put(0, GHOST, "stage", pos=1)
    g = sc.game()
    assert kit.power(g, me) == 4000


# ---------------------------------------------------------------------------- possessives (the wording only)
def _c(line):
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"]})


_GAIN = "choose 1 of your characters, and that character gets +1000 power until end of turn."


@pytest.mark.parametrize("variant, canonical", [
    # CR 7.3: the trigger check is the attacking character's: "your characters'" is "your character's"
    (f"【AUTO】 When your characters' trigger check reveals a climax, {_GAIN}",
     f"【AUTO】 When your character's trigger check reveals a climax, {_GAIN}"),
    # "another of your character's battle opponent", "your other characters' battle opponent": one trigger per character
    (f"【AUTO】 When another of your character's battle opponent becomes 【REVERSE】, {_GAIN}",
     f"【AUTO】 When your other character's battle opponent becomes 【REVERSE】, {_GAIN}"),
    (f"【AUTO】 When your other characters' battle opponent becomes 【REVERSE】, {_GAIN}",
     f"【AUTO】 When your other character's battle opponent becomes 【REVERSE】, {_GAIN}"),
    # CR 4.12.2: the icon as the database also writes it
    (f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is 【TREASURE】, {_GAIN}",
     f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is [[treasure.gif]], {_GAIN}"),
    (f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is ComeBack@, {_GAIN}",
     f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is [[comeback.gif]], {_GAIN}"),
    (f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is gate.gif, {_GAIN}",
     f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is [[gate.gif]], {_GAIN}"),
])  # fmt: skip
def test_possessive_wordings_compile_as_the_canonical_line(variant, canonical):
    r, c = _c(variant), _c(canonical)
    assert c.verdict == "exact", c.reason
    assert r.verdict == "exact", r.reason
    assert r.abilities == c.abilities


def test_trigger_icon_word_filters_the_revealed_climax():
    r = _c(f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is Draw@, {_GAIN}")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "own_trigger_check_climax"
    assert r.abilities[0]["trigger_filter"] == {"type": "climax", "trigger_icon": "draw"}
    # a word that is no trigger icon stays unsupported
    r = _c(f"【AUTO】 When your character's trigger check reveals a climax, if that card's trigger icon is Sparkle@, {_GAIN}")
    assert r.verdict == "unsupported"


# ---------------------------------------------------------------------------- registers reused
def test_register_reused_after_its_cards_left_the_stage_compiles():
    r = _c(_THREE_TEXT)
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    # the last choice (stage characters, +power only) on register 1, whose card went to the hand
    assert [(o["op"], o.get("reg", 0)) for o in eff] == [("choose", 0), ("power", 0), ("choose", 1), ("to_hand", 1),
                                                         ("choose", 2), ("to_waiting_room", 2), ("choose", 1),
                                                         ("power", 1)]
    # an event's "put this card into your memory" after them: the stage choice moves onto register 0, this card
    # takes register 1
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    r = compile_line("Choose 1 of your opponent's characters, and that character gets -1000 power until end of turn. "
                     "Choose 1 《Glass》 character in your waiting room, return it to your hand, choose 1 of your "
                     "characters, and that character gets +1000 power until end of turn. Put this card into your memory.",
                     {"type": "event", "name": "Tester"})
    assert r.verdict == "exact", r.reason
    assert [(o["op"], o.get("reg", 0)) for o in r.abilities[0]["effect"]] == [
        ("choose", 0), ("power", 0), ("choose", 1), ("to_hand", 1), ("choose", 1), ("power", 1), ("target_self", 2),
        ("to_memory", 2)]
    # a card moved to the waiting room frees its register as well (the second one here)
    r = _c("【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and that character gets -1000 power until "
           "end of turn. Choose 1 of your characters, and that character gets +1000 power until end of "
           "turn. Choose 1 card in your hand, and put it into your waiting room. Choose 1 of your characters, and that "
           "character gets +1000 power until end of turn.")
    assert r.verdict == "exact", r.reason
    assert [o.get("reg", 0) for o in r.abilities[0]["effect"]] == [0, 0, 1, 1, 2, 2, 2, 2]


# (session 34: the engine has three registers) an opponent's character first, on the stage all along
_OPP_FIRST = "Choose 1 of your opponent's characters, and that character gets -1000 power until end of turn. "


@pytest.mark.parametrize("line", [
    # the registers' cards stay on the stage: a fourth choice on any would give its card the power too
    f"【ACT】 [【REST】 this card] {_OPP_FIRST}Choose 1 of your characters, and that character gets +1000 power until end of turn. "
    "Choose 1 of your opponent's characters, and that character gets -1000 power until end of turn. Choose 1 of your "
    "characters, and that character gets +1000 power until end of turn.",
    # a card put on the stage after the move: the old card could come back to the stage
    f"【ACT】 [【REST】 this card] {_OPP_FIRST}Choose 1 《Glass》 character in your waiting room, return it to your hand, choose 1 "
    "card in your hand, put it into your waiting room, choose 1 《Glass》 character in your waiting room, and put it "
    "on any position of your stage.",
    # the last choice moves its card: the old card would move with it
    f"【ACT】 [【REST】 this card] {_OPP_FIRST}Choose 1 《Glass》 character in your waiting room, return it to your hand, choose 1 "
    "card in your hand, put it into your waiting room, choose 1 of your characters, and return it to your hand.",
])  # fmt: skip
def test_register_not_reused_where_its_old_cards_could_be_affected(line):
    r = _c(line)
    assert r.verdict == "unsupported" and "target registers" in r.reason, (r.verdict, r.reason)


def test_reused_register_powers_only_the_new_choice(pool_a):
    sc = _deck_scenario(pool_a, len(RECORDS_A))
    me = sc.put(0, THREE, "stage", pos=0)
    other = sc.put(0, PLAIN, "stage", pos=1)
    back = sc.put(0, PLAIN, "waiting_room")
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Use")
    kit.answer_picks(g, [])  # the first legal choice each time
    assert kit.resolved(g)
    # one card came back to the hand and one hand card went to the waiting room
    assert kit.count(g, "HAND") == hand and kit.count(g, "WR") == 1
    # one stage character got +3000 (the register's old card, off the stage, nothing)
    assert sorted([kit.power(g, me), kit.power(g, other)]) == [3000, 6000]
    assert kit.zone_of(g, back) in (K.Zone.HAND, K.Zone.WAITING_ROOM)


# ---------------------------------------------------------------------------- your stock into your waiting room
def test_own_stock_top_and_bottom_card_into_your_waiting_room_compile():
    r = _c(_STOCKER_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "may", "then": [{"op": "stock_top_to_wr", "count": 1},
                                                               {"op": "if_done", "rows": 1}, {"op": "draw", "count": 1}]}]
    r = _c("【AUTO】 When this card attacks, put 2 cards from the top of your stock into your waiting room.")
    assert r.verdict == "exact" and r.abilities[0]["effect"] == [{"op": "stock_top_to_wr", "count": 2}], r.reason
    r = _c("【AUTO】 When this card attacks, put the bottom card of your stock into your waiting room.")
    assert r.verdict == "exact" and r.abilities[0]["effect"] == [{"op": "stock_bottom_to_wr", "count": 1}], r.reason
    # "you may put the top 2 cards ... If you do": done in part with 1 card in the stock (if_you_do, as before)
    r = _c("【AUTO】 When this card attacks, you may put the top 2 cards of your stock into your waiting room. If you "
           "do, draw 2 cards.")
    assert r.verdict == "approximate" and r.approximations == ("if_you_do",)


@pytest.mark.parametrize("stock", [0, 2])
def test_cr_1_3_3_own_stock_top_to_waiting_room_if_you_do(pool_a, stock):
    sc = _deck_scenario(pool_a, len(RECORDS_A))
    sc.put(0, STOCKER, "stage", pos=0)
    for _ in range(stock):
        sc.put(0, PLAIN, "stock")
    g = sc.game()
    hand, wr = kit.count(g, "HAND"), kit.count(g, "WR")
    kit.act(g, "Use")
    kit.answer_yes(g, True)
    assert kit.count(g, "STOCK") == max(stock - 1, 0)
    # the top stock card went to the waiting room and a card was drawn; with an empty stock, nothing
    assert kit.count(g, "WR") == wr + (1 if stock else 0)
    assert kit.count(g, "HAND") == hand + (1 if stock else 0)


def test_html_tag_rest_after_a_mark_is_no_text():
    # "[REST]' />": what the database left of an image tag; the line reads as without it
    a = _c("【AUTO】 At the beginning of your encore step, if this card is 【REST】' />, draw 1 card.")
    b = _c("【AUTO】 At the beginning of your encore step, if this card is 【REST】, draw 1 card.")
    assert b.verdict == "exact", b.reason
    assert a.verdict == "exact" and a.abilities == b.abilities, a.reason
    a = _c("【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】' />, this card gets +1000 power "
           "until end of turn.")
    b = _c("【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】, this card gets +1000 power "
           "until end of turn.")
    assert b.verdict == "exact", b.reason
    assert a.verdict == "exact" and a.abilities == b.abilities, a.reason


# ---------------------------------------------------------------------------- the opponent's characters counted
def test_for_each_of_your_opponents_characters_compiles():
    r = _c(_PER_OPP_TEXT)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["counted"] == {"type": "character", "orientation": ["rest"], "side": "opponent"}
    r = _c("【CONT】 This card gets +500 power for each character on your opponent's back stage.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["counted"] == {"type": "character", "side": "opponent", "positions": ["back"]}


def test_cr_8_9_power_per_opponents_rested_character(pool_a):
    sc = _deck_scenario(pool_a, len(RECORDS_A))
    me = sc.put(0, PER_OPP, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=1, orient=K.Orientation.REST)  # mine: not counted
    sc.put(1, PLAIN, "stage", pos=0, orient=K.Orientation.REST)
    sc.put(1, PLAIN, "stage", pos=1, orient=K.Orientation.REST)
    sc.put(1, PLAIN, "stage", pos=2)  # standing: not counted
    g = sc.game()
    assert kit.power(g, me) == 3000 + 2 * 500


def test_choose_from_a_waiting_room_is_choose_in_it():
    a = _c("【AUTO】 When this card attacks, choose 1 card from your opponent's waiting room, and put it into their stock.")
    b = _c("【AUTO】 When this card attacks, choose 1 card in your opponent's waiting room, and put it into their stock.")
    assert b.verdict == "exact", b.reason
    assert a.verdict == "exact" and a.abilities == b.abilities, a.reason
    assert a.abilities[0]["effect"][0]["filter"] == {"zone": "waiting_room", "side": "opponent"}
    a = _c("【AUTO】 When this card attacks, choose up to 2 characters from your waiting room, and return them to your hand.")
    b = _c("【AUTO】 When this card attacks, choose up to 2 characters in your waiting room, and return them to your hand.")
    assert a.verdict == "exact" and a.abilities == b.abilities, a.reason
