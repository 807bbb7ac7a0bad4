"""Weiss Schwarz card text, session 28 (branch s28-wsb): conditions, conjunctions and costs. Descriptions of two
card types ("event or <<T>> character", "event or level 1 or lower character", CR 2.3 / 2.5.1: the qualities are the
character's, filter quals_characters); two names counted together in a deck (CR 5.1.2.4); '"X" or "Y"' in the
climax area, a climax placed and 'a card named "X" or "Y"' (name groups); "you may pay the cost. (If you do, A.) If
you do not, B." (CR 8.1.1.2.2 / 8.4.2.2: B when the cost is declined or cannot be paid, WSAbility.if_not_paid);
"choose 1 of your <<T>> characters and this card, and exchange them"; conditions joined by "and" / "or" (all_of /
any_of: Condition.ALL_OF / ANY_OF, their parts IF rows of the code table, filters.condition_holds); "when your other
<<T>> character or this card is placed"; a stock cost paid inside the effect (pay_stock in_full, CR 8.4.2.2); "A, and
if X, B" (an IF over the rest of the sentence); "[[REST] this card and 1 of your other <spec> characters]" (CR 8.4);
"return it to your hand or put it into your stock" (choose_one). Made-up lines in the card language, imported, and
what the engine does with them."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


(PLAIN, FLARE, BRAVE, TALL, SPELL, BIG_SPELL, PICKER, LOW_PICKER, GLOW, DUSK, PAIR_FAN, NAME_PICKER, KEEPER,
 TOLL, SWAPPER, BOTH, EITHER, EXPERT, LATE_PAYER, AND_IF, PAIR_REST, NESTED, WHERE) = range(23)
RECORDS = [
    _rec("T/S28B-001", "Plain"),  # <<Glass>>, level 0
    _rec("T/S28B-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S28B-003", "Brave", [], traits=("Brave",), level="2"),
    _rec("T/S28B-004", "Tall", [], traits=("Reed",), level="2"),
    _rec("T/S28B-005", "Spell", ["Draw 1 card."], type="Event", level="0"),
    _rec("T/S28B-006", "Big Spell", ["Draw 1 card."], type="Event", level="2"),
    _rec("T/S28B-007", "Picker", ["【ACT】 [【REST】 this card] Choose 1 event or 《Brave》 character in your waiting room, "
                                  "and return it to your hand."]),
    _rec("T/S28B-008", "Low Picker", ["【ACT】 [【REST】 this card] Choose 1 event or level 1 or lower character in "
                                      "your waiting room, and return it to your hand."]),
    _rec("T/S28B-009", "Glow", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S28B-010", "Dusk", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S28B-011", "Pair Fan", ["【CONT】 【CXCOMBO】 If \"Flare\" or \"Glow\" is in your climax area, this card gets "
                                    "+1000 power."]),
    _rec("T/S28B-012", "Name Picker", ["【ACT】 [【REST】 this card] Choose a card named \"Brave\" or \"Spell\" in your "
                                       "waiting room, and return it to your hand."]),
    _rec("T/S28B-013", "Keeper", ["【AUTO】 [Put 1 card from your hand into your waiting room] When this card is placed "
                                  "on the stage from your hand, you may pay the cost. If you do not, put this card into "
                                  "your waiting room."]),
    _rec("T/S28B-014", "Toll", ["【AUTO】 [(1)] When this card is placed on the stage from your hand, you may pay the "
                                "cost. If you do, draw 1 card. If you do not, put this card into your waiting room."]),
    _rec("T/S28B-015", "Swapper", ["【ACT】 [【REST】 this card] Choose 1 of your 《Brave》 characters and this card, and "
                                   "exchange them."]),
    _rec("T/S28B-016", "Both", ["【CONT】 If your level is 1 or higher, and your clock has 2 or more cards, this card gets "
                                "+1000 power."]),
    _rec("T/S28B-017", "Either", ["【CONT】 If your level is 1 or higher or your clock has 2 or more cards, this card "
                                  "gets +1000 power."]),
    _rec("T/S28B-018", "Expert", ["【CONT】 Experience If \"Plain\" and \"Tall\" are in your level, this card gets -1 "
                                  "level while in your hand."], level="3"),
    _rec("T/S28B-019", "Late Payer", ["【AUTO】 [(1)] When this card is placed on the stage from your hand, this card gets "
                                      "+1000 power until end of turn, and you may pay the cost. If you do, draw 1 card."]),
    _rec("T/S28B-020", "And If", ["【ACT】 [【REST】 this card] This card gets +1000 power until end of turn, and if your "
                                  "clock has 2 or more cards, draw 1 card."]),
    _rec("T/S28B-021", "Pair Rest", ["【ACT】 [【REST】 this card and 1 of your other 《Brave》 characters] Draw 1 card."]),
    _rec("T/S28B-022", "Nested", ["【CONT】 If your level is 1 or higher, and your clock has 2 or more cards or your stock "
                                  "has 1 or more cards, this card gets +1000 power."]),
    _rec("T/S28B-023", "Where", ["【ACT】 [【REST】 this card] Choose 1 《Brave》 character in your waiting room, and return "
                                 "it to your hand or put it into your stock."]),
]  # fmt: skip
RECORDS += [_rec(f"T/S28B-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws28b", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN,))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


# ---------------------------------------------------------------------------- two card types
def test_cr_2_3_two_card_types_compile_to_one_filter_the_qualities_the_characters():
    r = _c("【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose up to 1 event or "
           "《Brave》 character from among them, reveal it to your opponent, put it into your hand, and put the rest into "
           "your waiting room.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": ["event", "character"], "trait": "Brave",
                                                     "quals_characters": True, "zone": "deck"}
    r = _c("【AUTO】 When this card attacks, choose up to 2 events or characters in your waiting room, and return them "
           "to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": ["event", "character"], "zone": "waiting_room"}
    r = _c("【AUTO】 When this card attacks, choose 1 climax or level 1 or lower character in your waiting room, and "
           "return it to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"]["type"] == ["climax", "character"]
    # two types of which none is a character with the qualities: refused
    assert _c("【AUTO】 When this card attacks, choose 1 event or 《Brave》 climax in your waiting room, and return it "
              "to your hand.").verdict == "unsupported"


@pytest.mark.parametrize("picker, ok", [(PICKER, {BRAVE, SPELL, BIG_SPELL}), (LOW_PICKER, {PLAIN, SPELL, BIG_SPELL})])
def test_cr_2_5_1_an_event_matches_on_its_type_the_character_on_its_qualities(pool, picker, ok):
    # "event or <<Brave>> character": any event (an event has no trait), a <<Brave>> character; "event or level 1 or
    # lower character": an event of any level, a character of level 1 or lower
    for card in (PLAIN, BRAVE, TALL, SPELL, BIG_SPELL):
        sc = _scenario(pool)
        sc.put(0, picker, "stage", pos=0)
        slot = sc.put(0, card, "waiting_room")
        g = sc.game()
        hand = kit.count(g, "HAND")
        kit.act(g, "Use")
        kit.answer_yes(g, True)
        assert (kit.zone_of(g, slot) == K.Zone.HAND) == (card in ok), card
        assert kit.count(g, "HAND") == hand + (card in ok)


# ---------------------------------------------------------------------------- deck construction, two names together
def test_cr_5_1_2_4_two_names_counted_together_compile_to_a_field():
    for line in ("【CONT】 You can put up to 4 cards with the same card name as this card and cards named \"Other Half\" in "
                 "your deck.",
                 "【CONT】 You may put up to 4 cards with the same card name as this card and \"Other Half\" into your "
                 "deck."):
        r = _c(line)
        assert r.verdict == "exact", r.reason
        assert r.fields == {"max_copies": 4, "copies_with": ["Other Half"]}
    r = compile_line("【CONT】 You can put up to 4 cards with the same card name as this card and cards named \"Tester\" "
                     "in your deck.", {"type": "character", "name": "Tester"})
    assert r.verdict == "unsupported"  # its own name


def test_cr_5_1_2_4_a_deck_holds_at_most_n_cards_of_the_two_names(tmp_path_factory):
    from tcg_env.cards.decks import Deck
    from tcg_env.cards.errors import DeckError
    from tcg_env.games.weiss_schwarz.decks import validate_deck

    text = "【CONT】 You can put up to 4 cards with the same card name as this card and cards named \"{}\" in your deck."
    recs = [_rec("T/S28B-D01", "Half A", [text.format("Half B")]), _rec("T/S28B-D02", "Half B", [text.format("Half A")]),
            _rec("T/S28B-D03", "Flare D", [], type="Climax", trigger=("SOUL",))]
    recs += [_rec(f"T/S28B-G{i:02d}", f"Gap {i}") for i in range(12)]
    pool = kit.import_pool(tmp_path_factory, "ws28b_deck", recs)

    def deck(a, b):
        ids = [0] * a + [1] * b + [2] * 4
        k = 0
        while len(ids) < 50:
            if ids.count(3 + k % 12) < 4:
                ids.append(3 + k % 12)
            k += 1
        return Deck("t", np.array(ids, np.int32))

    validate_deck(pool, deck(2, 2))
    validate_deck(pool, deck(4, 0))
    for a, b in ((3, 2), (4, 1)):
        with pytest.raises(DeckError, match="together"):
            validate_deck(pool, deck(a, b))


# ---------------------------------------------------------------------------- '"X" or "Y"'
def test_two_names_in_the_climax_area_and_a_card_named_one_of_two_compile_to_name_groups():
    r = _c('【AUTO】【CXCOMBO】 When this card attacks, if "Aa" or "Bb" is in your climax area, this card gets +1000 '
           'power until end of turn.')
    assert r.verdict == "exact", r.reason  # CR 8.12.1: the icon has no meaning; the names are the condition
    assert r.abilities[0]["condition"] == {"kind": "climax_named", "name_any": ["Aa", "Bb"]}
    r = _c('【AUTO】【CXCOMBO】 When "Aa" or "Bb" is placed on your climax area, this card gets +1000 power until end '
           'of turn.')
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger_filter"] == {"name_any": ["Aa", "Bb"], "zone": "climax_area"}
    r = _c('【AUTO】 When this card attacks, search your deck for up to 2 cards named "Aa" or "Bb", reveal them to your '
           'opponent, put them into your hand, and shuffle your deck.')
    assert r.verdict == "exact", r.reason


@pytest.mark.parametrize("climax, holds", [(FLARE, True), (GLOW, True), (DUSK, False), (None, False)])
def test_cr_8_12_a_climax_with_one_of_two_names_in_the_climax_area(pool, climax, holds):
    sc = _scenario(pool)
    fan = sc.put(0, PAIR_FAN, "stage", pos=0)
    if climax is not None:
        sc.put(0, climax, "climax_area")
    g = sc.game()
    assert kit.power(g, fan) == 3000 + 1000 * holds


@pytest.mark.parametrize("card, ok", [(BRAVE, True), (SPELL, True), (TALL, False)])
def test_a_card_named_one_of_two_names_is_chosen(pool, card, ok):
    sc = _scenario(pool)
    sc.put(0, NAME_PICKER, "stage", pos=0)
    slot = sc.put(0, card, "waiting_room")
    g = sc.game()
    kit.act(g, "Use")
    kit.answer_yes(g, True)
    assert (kit.zone_of(g, slot) == K.Zone.HAND) == ok


# ---------------------------------------------------------------------------- "if you do not"
def test_cr_8_1_1_2_2_if_you_do_not_compiles_to_the_declined_program():
    r = _c("【AUTO】 [Put 1 card from your hand into your waiting room] When this card is placed on the stage from your "
           "hand, you may pay the cost. If you do not, put this card into your waiting room.")
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert (ab["cost"], ab["optional"], ab["effect"]) == ({"discard": 1}, True, [])
    assert ab["if_not_paid"] == [{"op": "target_self"}, {"op": "to_waiting_room"}]
    r = _c("【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, this card gets +1000 power until end "
           "of turn. If you do not, put this card into your waiting room.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1]["op"] == "power" and r.abilities[0]["if_not_paid"][-1]["op"] == "to_waiting_room"
    # not after a cost: refused
    assert _c("【AUTO】 When this card attacks, you may draw 1 card. If you do not, put this card into your waiting "
              "room.").verdict == "unsupported"


def _play(pool, card, hand=(), stock=0):
    sc = _scenario(pool)
    slot = sc.put(0, card, "hand")
    for c in hand:
        sc.put(0, c, "hand")
    for _ in range(stock):
        sc.put(0, PLAIN, "stock")
    g = sc.game()
    kit.act(g, f"Play {RECORDS[card]['name']}")
    while not kit.labels(g)[0].startswith(("Use", "Decline")) and not kit.resolved(g):
        g.step(int(g.legal_actions()[0]))  # the stage position
    return g, slot


def _answer(g, pay):
    """Use or decline the ability, pay its cost with the first hand card, and resolve it."""
    for _ in range(20):
        d = kit.labels(g)
        if kit.resolved(g) and not d[0].startswith("Pay with"):
            return
        if d[0].startswith(("Use", "Decline")) and len(d) == 2:
            kit.act(g, "Use" if pay else "Decline")
        else:
            g.step(int(g.legal_actions()[0]))
    raise AssertionError(kit.labels(g))


@pytest.mark.parametrize("pay", [True, False])
def test_cr_8_4_2_2_if_you_do_not_runs_when_the_cost_is_declined(pool, pay):
    g, slot = _play(pool, KEEPER, hand=(PLAIN,))
    wr = kit.count(g, "WR")
    _answer(g, pay)
    assert kit.zone_of(g, slot) == (K.Zone.STAGE if pay else K.Zone.WAITING_ROOM)
    assert kit.count(g, "HAND") == (0 if pay else 1)
    assert kit.count(g, "WR") == wr + 1  # the hand card paid, or this card


def test_cr_8_4_2_2_if_you_do_not_runs_when_the_cost_cannot_be_paid(pool):
    g, slot = _play(pool, KEEPER)  # no hand card to pay with: not asked, not paid
    _answer(g, True)
    assert kit.zone_of(g, slot) == K.Zone.WAITING_ROOM


@pytest.mark.parametrize("pay", [True, False])
def test_cr_8_1_1_2_2_if_you_do_and_if_you_do_not(pool, pay):
    g, slot = _play(pool, TOLL, stock=1)
    hand = kit.count(g, "HAND")
    _answer(g, pay)
    assert kit.zone_of(g, slot) == (K.Zone.STAGE if pay else K.Zone.WAITING_ROOM)
    assert kit.count(g, "HAND") == hand + pay  # drawn only when paid
    assert kit.count(g, "STOCK") == (0 if pay else 1)


# ---------------------------------------------------------------------------- "<spec> and this card"
def test_choose_a_character_and_this_card_compiles_as_this_card_and_a_character():
    a = _c("【ACT】 [【REST】 this card] Choose 1 of your 《Brave》 characters and this card, and exchange them as 【STAND】.")
    b = _c("【ACT】 [【REST】 this card] Choose this card and 1 of your 《Brave》 characters, and exchange them as 【STAND】.")
    assert a.verdict == b.verdict == "exact", a.reason
    assert a.abilities == b.abilities
    # "choose a card in your hand and put it ...": "and" still begins the next instruction
    assert _c("【AUTO】 When this card attacks, choose a card in your hand and put it into your waiting room.").verdict \
        == "exact"


def test_cr_3_6_a_character_and_this_card_exchange_positions(pool):
    sc = _scenario(pool)
    swapper = sc.put(0, SWAPPER, "stage", pos=0)
    brave = sc.put(0, BRAVE, "stage", pos=3)
    g = sc.game()
    kit.act(g, "Use")
    kit.answer_yes(g, True)
    assert [int(g.state[S.POS + x * S.CARD_W]) for x in (swapper, brave)] == [3, 0]


# ---------------------------------------------------------------------------- "if A and B", "if A or B"
def test_two_conditions_compile_to_all_of_and_any_of():
    both = {"kind": "all_of", "parts": [{"kind": "level_at_least", "value": 1}, {"kind": "clock_at_least", "value": 2}]}
    for line in ("【CONT】 If your level is 1 or higher and your clock has 2 or more cards, this card gets +1000 power.",
                 "【CONT】 If your level is 1 or higher, and your clock has 2 or more cards, this card gets +1000 power."):
        r = _c(line)
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["condition"] == both
    r = _c("【AUTO】 When this card attacks, if your level is 1 or higher or your clock has 2 or more cards, this card "
           "gets +1000 power until end of turn.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == dict(both, kind="any_of")
    # "during your climax phase" beside the condition after the trigger: both
    r = _c("【AUTO】 [(1)] During your climax phase, when this card attacks, if your level is 1 or higher, you may pay "
           "the cost. If you do, draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "all_of", "parts": [{"kind": "your_climax_phase"},
                                                                         {"kind": "level_at_least", "value": 1}]}
    # '"X" and "Y" are in your level': each
    r = _c('【CONT】 Experience If "Aa" and "Bb" are in your level, this card gets -1 level while in your hand.')
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"]["parts"] == [{"kind": "named_in_level", "name": "Aa"},
                                                    {"kind": "named_in_level", "name": "Bb"}]


@pytest.mark.parametrize("level, clock", [(0, 0), (1, 0), (0, 2), (1, 2)])
def test_all_of_and_any_of_hold_as_every_one_and_one_of_their_conditions(pool, level, clock):
    sc = _scenario(pool)
    both = sc.put(0, BOTH, "stage", pos=0)
    either = sc.put(0, EITHER, "stage", pos=1)
    for _ in range(level):
        sc.put(0, PLAIN, "level")
    for _ in range(clock):
        sc.put(0, PLAIN, "clock")
    g = sc.game()
    has_level, has_clock = level >= 1, clock >= 2
    assert kit.power(g, both) == 3000 + 1000 * (has_level and has_clock)
    assert kit.power(g, either) == 3000 + 1000 * (has_level or has_clock)


@pytest.mark.parametrize("second, playable", [(TALL, True), (BRAVE, False)])
def test_cr_10_10_1_a_level_in_the_hand_under_two_names_in_the_level(pool, second, playable):
    # Expert (level 3) at level 2 is played only with its -1: "Plain" and "Tall" both in the level (hand_condition_holds)
    sc = _scenario(pool)
    sc.put(0, EXPERT, "hand")
    sc.put(0, PLAIN, "level")
    sc.put(0, second, "level")
    sc.put(0, PLAIN, "clock")
    g = sc.game()
    assert any(t.startswith("Play Expert") for t in kit.labels(g)) == playable


# ---------------------------------------------------------------------------- "your other <spec> or this card"
def test_your_other_character_or_this_card_compiles_as_this_card_or_your_other_character():
    a = _c("【AUTO】 When your other 《Brave》 character or this card is placed on the stage from your hand, draw 1 card.")
    b = _c("【AUTO】 When this card or your other 《Brave》 character is placed on the stage from your hand, draw 1 card.")
    assert a.verdict == b.verdict == "exact", a.reason
    assert a.abilities == b.abilities and len(a.abilities) == 2


# ---------------------------------------------------------------------------- a stock cost inside the effect
def test_cr_8_4_2_2_a_stock_cost_paid_inside_the_effect_compiles_to_pay_stock_in_full():
    r = _c("【AUTO】 [(1)] When this card becomes 【REVERSE】 in battle, reveal the top card of your deck. If that card is a "
           "《Brave》 character, you may pay the cost. If you do, return this card to your hand. (The revealed card is "
           "returned to its original place)")
    assert r.verdict == "exact", r.reason
    may = r.abilities[0]["effect"][-1]["then"][0]
    assert may["then"][:2] == [{"op": "pay_stock", "count": 1, "in_full": True}, {"op": "if_done", "rows": 2}]
    assert "cost" not in r.abilities[0]


@pytest.mark.parametrize("stock", [1, 0])
def test_cr_8_4_2_2_a_stock_cost_inside_the_effect_is_paid_in_full_or_not_at_all(pool, stock):
    g, slot = _play(pool, LATE_PAYER, stock=stock)
    hand = kit.count(g, "HAND")
    kit.answer_yes(g, True)  # asked in any case; without the stock nothing is paid and nothing drawn
    assert kit.power(g, slot) == 4000
    assert kit.count(g, "STOCK") == 0
    assert kit.count(g, "HAND") == hand + stock


# ---------------------------------------------------------------------------- "A, and if X, B"
def test_a_condition_inside_a_sentence_compiles_to_an_if_over_the_rest():
    r = _c("【AUTO】 When this card attacks, choose 1 of your characters, that character gets +1000 power until end of "
           "turn, and if you have another 《Glass》 character, draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][-1] == {"op": "if", "condition": {"kind": "trait_count_at_least", "trait": "Glass",
                                                                       "value": 1}, "then": [{"op": "draw", "count": 1}]}
    r = _c("【CONT】 If your level is 1 or higher, or if your clock has 2 or more cards, this card gets +1000 power.")
    assert r.verdict == "exact" and r.abilities[0]["condition"]["kind"] == "any_of", r.reason


@pytest.mark.parametrize("clock", [0, 2])
def test_the_rest_of_the_sentence_is_done_only_under_its_condition(pool, clock):
    sc = _scenario(pool)
    src = sc.put(0, AND_IF, "stage", pos=0)
    for _ in range(clock):
        sc.put(0, PLAIN, "clock")
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Use")
    kit.answer_yes(g, True)
    assert kit.power(g, src) == 4000  # the part before the condition in any case
    assert kit.count(g, "HAND") == hand + (clock >= 2)


# ---------------------------------------------------------------------------- "[REST] this card and 1 of your other ..."
def test_cr_8_4_resting_this_card_and_another_compiles_to_rest_self_and_rest_other():
    want = {"rest_self": True, "rest_other": 1, "rest_other_filter": {"type": "character", "trait": "Brave",
                                                                       "relation": "other"}}
    for cost in ("【REST】 this card and 1 of your other 《Brave》 characters",
                 "【REST】 1 of your other 《Brave》 characters and this card"):
        r = _c(f"【ACT】 [{cost}] Draw 1 card.")
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["cost"] == want


@pytest.mark.parametrize("other, usable", [(BRAVE, True), (TALL, False)])
def test_cr_8_4_2_2_this_card_and_another_are_rested_as_the_cost(pool, other, usable):
    sc = _scenario(pool)
    src = sc.put(0, PAIR_REST, "stage", pos=0)
    mate = sc.put(0, other, "stage", pos=1)
    g = sc.game()
    assert any(t.startswith("Use") for t in kit.labels(g)) == usable
    if usable:
        hand = kit.count(g, "HAND")
        kit.act(g, "Use")
        kit.act(g, "Choose own center middle")  # the other character of the cost
        assert [kit.orient(g, x) for x in (src, mate)] == [K.Orientation.REST, K.Orientation.REST]
        assert kit.count(g, "HAND") == hand + 1


# ---------------------------------------------------------------------------- "A or B" inside longer conditions
def test_or_between_conditions_anywhere_a_condition_is_read():
    r = _c("【AUTO】 [(1)] At the beginning of your encore step, if this card is in your center stage, and there are no "
           "characters in your opponent's center stage or all characters in their center stage are 【REVERSE】, you may "
           "pay the cost. If you do, draw 1 card.")
    assert r.verdict == "exact", r.reason  # all three before the cost (all_of), the last two one of them (any_of)
    cond = r.abilities[0]["condition"]
    assert cond["kind"] == "all_of" and cond["parts"][0] == {"kind": "in_center_stage"}
    none_there = {"kind": "opp_filter_at_most", "value": 0,
                  "filter": {"type": "character", "side": "opponent", "positions": ["center"]}}
    assert cond["parts"][1] == {"kind": "any_of", "parts": [none_there, dict(none_there, filter=dict(
        none_there["filter"], orientation=["stand", "rest"]))]}
    r = _c("【CONT】 If your level is 1 or higher, or if your clock has 2 or more cards, this card gets +1000 power.")
    assert r.verdict == "exact" and r.abilities[0]["condition"]["kind"] == "any_of"
    # "," still ends a condition before the effect
    r = _c("【AUTO】 When this card attacks, if your level is 1 or higher or your clock has 2 or more cards, this card "
           "gets +1000 power until end of turn.")
    assert r.verdict == "exact", r.reason


@pytest.mark.parametrize("level, clock, stock", [(1, 2, 0), (1, 0, 1), (1, 0, 0), (0, 2, 1)])
def test_all_of_with_an_any_of_part(pool, level, clock, stock):
    # "A, and B or C": A and one of B, C (an ANY_OF part of the ALL_OF, one level: filters.condition_flat)
    sc = _scenario(pool)
    src = sc.put(0, NESTED, "stage", pos=0)
    for zone, n in (("level", level), ("clock", clock), ("stock", stock)):
        for _ in range(n):
            sc.put(0, PLAIN, zone)
    g = sc.game()
    assert kit.power(g, src) == 3000 + 1000 * (level >= 1 and (clock >= 2 or stock >= 1))


# ---------------------------------------------------------------------------- "return it to your hand or put it into your stock"
@pytest.mark.parametrize("first, zone", [(True, K.Zone.HAND), (False, K.Zone.STOCK)])
def test_the_master_chooses_where_the_chosen_card_goes(pool, first, zone):
    # choose_one on the chosen card's register: the first option (to the hand) or the other (to the stock)
    sc = _scenario(pool)
    sc.put(0, WHERE, "stage", pos=0)
    brave = sc.put(0, BRAVE, "waiting_room")
    g = sc.game()
    kit.act(g, "Use")
    kit.act(g, "Choose Brave")
    kit.act(g, "Use" if first else "Decline")
    assert kit.resolved(g)
    assert kit.zone_of(g, brave) == zone
