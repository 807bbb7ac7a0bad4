"""Weiss Schwarz card text, session 32 (branch s32e): shapes common across the sets. "+1 level until the end of your
opponent's next turn" (the level's own long modifier word, CR 8.2.1.2); 'the number of (other) characters you have with
"X" in its card name is N or more'; 'your other character in the middle position of the center stage with "X" in its
card name gets ...'. Made-up lines in the card language, imported, and what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.engine.header import H_TURN
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_LIFTER = ("【ACT】 [【REST】 this card] Choose 1 of your other characters, and that character gets +1 level until the "
           "end of your opponent's next turn.")
_RISER = ("【AUTO】 When this card is placed on the stage from your waiting room, put the top card of your deck into "
          "your stock.")
_SWAPPER = ("【ACT】 [Put this card into your waiting room] Choose 1 \"Plain\" in your waiting room, put it in the stage "
            "position that this card was in, and that character gets +2500 power until end of turn.")
_LEVELLED = ("【ACT】 [Put this card into your waiting room] If your level is 1 or higher, choose 1 \"Plain\" in your "
             "waiting room, and put it on the stage position that this card was on.")
_STOCKER = ("【ACT】 [【REST】 this card] Look at up to 2 cards from the top of your deck, choose up to 1 card from among "
            "them, put it into your hand, and put the rest into your stock in any order.")
_LEAVER = ("【ACT】 [【REST】 this card] This card gets +1000 power until end of turn. At the end of the turn, put this card "
           "into your memory.")
_DIGGER = ("【ACT】 [【REST】 this card] Put up to 2 cards from the top of your deck into your waiting room, choose up to 1 "
           "level X or lower character in your waiting room, and return it to your hand. X is equal to the number of "
           "cards put into your waiting room by this effect.")
_STORMER = ("【ACT】 Brainstorm [【REST】 this card] Flip over 2 cards from the top of your deck, and put them into your "
            "waiting room. For each climax revealed among those cards, draw up to 1 card.")
_WARY = ("【AUTO】 When your opponent uses \"Brainstorm\", if a climax is put into their waiting room by that effect, this "
         "card gets +2000 power until end of turn.")
(PLAIN, FLARE, LIFTER, HELPER, RISER, SWAPPER, LEVELLED, STOCKER, LEAVER, DIGGER, CLIMBER, STORMER,
 WARY) = range(13)
RECORDS = [
    _rec("T/S32E-001", "Plain"),
    _rec("T/S32E-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S32E-003", "Lifter", [_LIFTER]),
    _rec("T/S32E-004", "Helper", ["【ACT】 [【REST】 this card] Choose up to 1 character in your waiting room, and put it "
                                  "on any position of your stage."]),
    _rec("T/S32E-005", "Riser", [_RISER]),
    _rec("T/S32E-006", "Swapper", [_SWAPPER]),
    _rec("T/S32E-007", "Levelled", [_LEVELLED]),
    _rec("T/S32E-008", "Stocker", [_STOCKER]),
    _rec("T/S32E-009", "Leaver", [_LEAVER]),
    _rec("T/S32E-010", "Digger", [_DIGGER]),
    _rec("T/S32E-011", "Climber", level="1"),
    _rec("T/S32E-012", "Stormer", [_STORMER]),
    _rec("T/S32E-013", "Wary", [_WARY]),
]  # fmt: skip
RECORDS += [_rec(f"T/S32E-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws32e", RECORDS)


def _level(g, slot) -> int:
    return int(g.state[S.D_LEVEL + slot * S.CARD_W])


def _turn(g) -> int:
    return int(g.state[H_TURN])


def _pass_until(g, done, limit=160):
    """Take the declining choice (end a phase, skip the clock, no counter ...) until ``done(g)``."""
    for _ in range(limit):
        if done(g):
            return
        d = kit.labels(g)
        g.step(int(g.legal_actions()[d.index(next((x for x in d if x.startswith(
            ("End", "Pass", "Do not", "Don't", "No ", "Skip", "Decline"))), d[0]))]))
    raise AssertionError("not reached")


# ---------------------------------------------------------------------------- CR 8.2.1.2: level
@pytest.mark.parametrize("line", [
    _LIFTER,
    "【ACT】 [【REST】 this card] Choose another character, and that character gets +1 level until the end of your "
    "opponent's next turn.",
    "【AUTO】 When this card attacks, this card gets +1 level until end of your opponent's next turn.",
])
def test_cr_8_2_1_2_level_until_the_end_of_the_opponents_next_turn_compiles_exact(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    (op,) = [o for o in r.abilities[0]["effect"] if o["op"] == "level"]
    assert op["amount"] == 1 and op["duration"] == "next_opp_turn_end"


def test_cr_8_2_1_2_level_lasts_through_the_opponents_next_turn(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, LIFTER, "stage", pos=0)
    mine = sc.put(0, PLAIN, "stage", pos=1)
    g = sc.game()
    kit.act(g, "Use ability 0 of Lifter")
    for _ in range(6):
        if _level(g, mine) == 1:
            break
        kit.act(g, kit.labels(g)[0])
    assert _level(g, mine) == 1
    assert int(g.state[S.LMOD_LONG + mine * S.CARD_W]) == 1
    t = _turn(g)
    _pass_until(g, lambda x: _turn(x) == t + 1 and int(x.state[S.PHASE]) == K.Phase.MAIN)
    assert _level(g, mine) == 1  # the opponent's turn: still +1
    _pass_until(g, lambda x: _turn(x) == t + 2 and int(x.state[S.PHASE]) == K.Phase.MAIN)
    assert _level(g, mine) == 0  # the end of that turn ended it
    assert int(g.state[S.LMOD_LONG + mine * S.CARD_W]) == 0


# ---------------------------------------------------------------------------- counts and auras with a name part
@pytest.mark.parametrize("other", [False, True])
def test_the_number_of_characters_you_have_with_a_name_part_is_a_filter_count(other):
    o = "other " if other else ""
    r = _c(f'【CONT】 During your turn, if the number of {o}characters you have with "Mira" in its card name is 2 or '
           "more, this card gets +1000 power.")
    assert r.verdict == "exact", r.reason
    cond = r.abilities[0]["condition"]
    assert cond["kind"] == "filter_count_at_least" and cond["value"] == 2
    assert cond["filter"]["name_contains"] == ["Mira"] and (cond["filter"].get("relation") == "other") == other


def test_the_other_character_in_the_middle_position_with_a_name_part_gets():
    r = _c('【CONT】 Your other character in the middle position of the center stage with "Mira" in its card name gets '
           "+1 level.")
    assert r.verdict == "exact", r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "aura_level" and op["filter"]["positions"] == ["center_middle"]
    assert op["filter"]["name_contains"] == ["Mira"] and op["filter"]["relation"] == "other"


# ---------------------------------------------------------------------------- Trigger.PLACED_FROM_WR_SELF
def test_when_this_card_is_placed_on_the_stage_from_your_waiting_room_compiles_to_its_trigger():
    r = _c(_RISER)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "placed_from_wr_self"
    r = _c("【AUTO】 [(1)] When this card is placed on stage from your waiting room, you may pay the cost. If you do, draw "
           "1 card.")
    assert r.verdict == "exact" and r.abilities[0]["trigger"] == "placed_from_wr_self"


@pytest.mark.parametrize("how", ["played", "effect"])
def test_placed_from_your_waiting_room_triggers_only_from_the_waiting_room(pool, how):
    """Riser played from the hand: nothing; put on the stage from the waiting room by Helper's effect: its ability
    triggers (a stock card more)."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, HELPER, "stage", pos=4)
    sl = sc.put(0, RISER, "hand" if how == "played" else "waiting_room")
    g = sc.game()
    stock = kit.count(g, "STOCK")
    if how == "played":
        kit.act(g, "Play Riser to center left")
    else:
        kit.act(g, "Use ability 0 of Helper")
        kit.answer_picks(g, ["Choose Riser", "Put on own center left"])
    kit.answer_picks(g, [])
    assert kit.zone_of(g, sl) == K.Zone.STAGE
    assert kit.count(g, "STOCK") == stock + int(how == "effect")


# ---------------------------------------------------------------------------- CR 8.2.1.2: no duration printed
@pytest.mark.parametrize("line", [
    "【AUTO】 When a climax is placed on your climax area, choose 1 of your characters, and that character gets +1000 "
    "power.",
    "【AUTO】 At the beginning of your climax phase, choose 1 of your 《Glass》 characters, and that character gets +1 "
    "level and +500 power.",
])
def test_cr_8_2_1_2_a_gain_printed_without_a_duration_is_approximate_until_end_of_turn(line):
    r = _c(line)
    assert r.verdict == "approximate" and r.approximations == ("gain_no_duration_turn",), r.reason
    assert all("duration" not in o for o in r.abilities[0]["effect"])  # until end of turn


def test_a_cont_gain_and_a_granted_ability_without_a_duration_are_not_the_approximation():
    assert _c("【CONT】 This card gets +1000 power.").verdict == "exact"
    r = _c("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets the following ability. "
           "\"【CONT】 This card gets +1000 power.\"")
    assert "gain_no_duration_turn" not in r.approximations


# ---------------------------------------------------------------------------- CR 10.8: Change, then "that character"
@pytest.mark.parametrize("line", [
    _SWAPPER,
    "【AUTO】 [Put this card into your waiting room] At the beginning of your opponent's draw phase, you may pay the "
    "cost. If you do, choose a card named \"Plain\" in your waiting room, put it on the stage position that this card "
    "was on, and that character gets +2500 power until end of turn.",
])
def test_cr_10_8_the_character_put_in_this_card_s_position_then_gets(line):
    r = _c(line)
    assert r.verdict in ("exact", "approximate"), r.reason
    ch, gain = r.abilities[0]["effect"]
    assert ch["op"] == "change" and ch["keep"] is True and gain == {"op": "power", "amount": 2500}


@pytest.mark.parametrize("plain_in_wr", [True, False])
def test_cr_10_8_the_character_placed_by_a_change_gets_the_power(pool, plain_in_wr):
    """Swapper goes to the waiting room and Plain takes its position with +2500 power (CHANGE_KEEP keeps Plain in the
    register); with no Plain to choose nothing is placed and nothing gets the power."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    me = sc.put(0, SWAPPER, "stage", pos=1)
    other = sc.put(0, PLAIN, "stage", pos=0)
    plain = sc.put(0, PLAIN, "waiting_room") if plain_in_wr else None
    g = sc.game()
    kit.act(g, "Use ability 0 of Swapper")
    kit.answer_picks(g, ["Choose Plain"])
    assert kit.zone_of(g, me) == K.Zone.WAITING_ROOM
    assert kit.power(g, other) == 3000  # the character beside it is no "that character"
    if plain_in_wr:
        assert kit.zone_of(g, plain) == K.Zone.STAGE and int(g.state[S.POS + plain * S.CARD_W]) == 1
        assert kit.power(g, plain) == 5500


# ---------------------------------------------------------------------------- an [ACT] Change after "if"
def test_an_act_change_after_a_level_condition_has_it_as_the_ability_s_condition():
    r = _c(_LEVELLED)
    assert r.verdict == "approximate" and "act_change_if_first" in r.approximations, r.reason
    ab = r.abilities[0]
    assert ab["condition"] == {"kind": "level_at_least", "value": 1}
    assert [o["op"] for o in ab["effect"]] == ["change"]
    # a condition the cost may change (this card's move changes the count of characters) stays unsupported
    assert _c("【ACT】 [Put this card into your waiting room] If you have 2 or more other characters, choose 1 \"Plain\" "
              "in your waiting room, and put it on the stage position that this card was on.").verdict == "unsupported"


@pytest.mark.parametrize("level", [0, 1])
def test_an_act_change_with_a_level_condition_is_offered_only_at_that_level(pool, level):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    me = sc.put(0, LEVELLED, "stage", pos=1)
    plain = sc.put(0, PLAIN, "waiting_room")
    for _ in range(level):
        sc.put(0, PLAIN, "level")
    g = sc.game()
    offered = any(t.startswith("Use ability 0 of Levelled") for t in kit.labels(g))
    assert offered == (level >= 1)
    if offered:
        kit.act(g, "Use ability 0 of Levelled")
        kit.answer_picks(g, ["Choose Plain"])
        assert kit.zone_of(g, me) == K.Zone.WAITING_ROOM and kit.zone_of(g, plain) == K.Zone.STAGE


# ---------------------------------------------------------------------------- the rest of a look into the stock
def test_the_rest_of_a_look_into_the_stock_compiles_to_look_rest_stock():
    r = _c(_STOCKER)
    assert r.verdict == "approximate" and r.approximations == ("look_rest_stock_order",), r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "look_top" and op["rest"] == "stock" and op["take"] == 1 and op["count"] == 2


def test_the_rest_of_a_look_goes_into_the_stock(pool):
    """Stocker looks at 2 cards, takes 1 into the hand: the other goes into the stock (LOOK_REST_STOCK)."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, STOCKER, "stage", pos=1)
    g = sc.game()
    hand, stock, n_deck, wr = (kit.count(g, z) for z in ("HAND", "STOCK", "DECK", "WR"))
    kit.act(g, "Use ability 0 of Stocker")
    kit.answer_picks(g, ["Look at one more", "Look at one more", "Choose"])
    assert kit.count(g, "HAND") == hand + 1 and kit.count(g, "STOCK") == stock + 1
    assert kit.count(g, "DECK") == n_deck - 2 and kit.count(g, "WR") == wr


# ---------------------------------------------------------------------------- more phrasings
def test_x_is_n_multiplied_by_the_number_of_other_characters_you_have_with_a_name_part():
    r = _c('【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to 1000 multiplied by '
           'the number of other characters you have with "Mira" in its card name.')
    assert r.verdict == "exact", r.reason
    cnt = r.abilities[0]["effect"][0]
    assert cnt["op"] == "count" and cnt["filter"]["name_contains"] == ["Mira"] and cnt["filter"]["relation"] == "other"
    assert r.abilities[0]["effect"][-1] == {"op": "power_x", "amount": 1000}


@pytest.mark.parametrize("text, offset", [
    ("choose 1 character with a level equal to or less than your level +1 in your waiting room", 1),
    ("choose 1 《Glass》 character with a level equal to or less than your level in your waiting room", 0),
    ("choose 1 character in your waiting room with a level equal to or lower than your level +1", 1),
])
def test_cr_4_12_2_10_a_level_bound_relative_to_the_masters_level(text, offset):
    r = _c(f"【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, {text}, and return it to your hand.")
    assert r.verdict == "exact", r.reason
    flt = r.abilities[0]["effect"][0]["filter"]
    assert flt["level_max"] == offset and flt["level_max_rel"] is True and flt["zone"] == "waiting_room"


# ---------------------------------------------------------------------------- a trait printed in quotes
def test_a_quoted_trait_of_the_list_reads_as_that_trait(tmp_path):
    """'1 of your "Glass" characters' where Glass is a trait of the list and no card name of it: the trait (the
    importer marks it); a quoted name of the list stays a name."""
    import json

    from tcg_env.games.weiss_schwarz.importer import import_ws_json

    recs = [_rec("T/S32E-Q01", "Quoter", ['【AUTO】 When this card attacks, choose 1 of your other "Glass" characters, and '
                                          'that character gets +1000 power until end of turn.']),
            _rec("T/S32E-Q02", "Namer", ['【AUTO】 When this card attacks, choose 1 of your "Quoter", and that character '
                                         'gets +1000 power until end of turn.'])]
    p = tmp_path / "list.json"
    p.write_text(json.dumps(recs))
    res = import_ws_json(p)
    assert not res.unsupported, res.unsupported
    by = {c.name: c for c in res.cards}
    ch = by["Quoter"].abilities[0].effect[0]
    assert ch.op == "choose" and ch.filter.trait == "Glass" and ch.filter.name is None
    ch = by["Namer"].abilities[0].effect[0]
    assert ch.filter.name == "Quoter" and ch.filter.trait is None



def test_a_quoted_trait_read_as_a_trait_only_before_characters():
    """A quoted climax name that is also a trait ('when "Glass" is placed on your climax area') stays a name."""
    from tcg_env.games.weiss_schwarz.importer import _mark_quoted_traits

    traits = frozenset({"Glass", "Reed"})
    assert _mark_quoted_traits('choose 1 of your "Glass" or "Reed" characters', traits) == \
        "choose 1 of your \u300aGlass\u300b or \u300aReed\u300b characters"
    line = 'When "Glass" is placed on your climax area, draw 1 card.'
    assert _mark_quoted_traits(line, traits) == line


def test_a_look_taking_into_the_waiting_room_the_rest_on_top():
    r = _c("【AUTO】 When this card attacks, look at up to 4 cards from the top of your deck, choose up to 2 cards from "
           "among them, put them into your waiting room, and put the rest on the top of your deck in any order.")
    assert r.verdict == "approximate" and r.approximations == ("look_order_kept",), r.reason
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "look_top" and op["to"] == "waiting_room" and op["take"] == 2 and op.get("rest", "top") == "top"


def test_cr_10_8_the_character_placed_gets_x_power_counted_after_the_change():
    r = _c("【ACT】 [(1) Put this card into your waiting room] Choose 1 \"Plain\" in your waiting room, put it in the stage "
           "position that this card was in, and that character gets +X power until end of turn. X is equal to the "
           "number of 《Glass》 characters you have ×1000.")
    assert r.verdict == "approximate", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["change", "count", "power_x"]
    assert r.abilities[0]["effect"][0]["keep"] is True


def test_six_soul_is_within_the_card_format():
    r = _c("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +6 soul until end of turn.")
    assert r.verdict == "exact", r.reason
    from tcg_env.games.weiss_schwarz.cards import OpSoul
    assert OpSoul(op="soul", amount=6).amount == 6


# ---------------------------------------------------------------------------- CR 8.1.1.2: a delayed move of this card
def test_at_the_end_of_the_turn_put_this_card_into_your_memory_compiles_to_a_delayed_ability():
    r = _c(_LEAVER)
    assert r.verdict == "exact", r.reason
    grant = r.abilities[0]["effect"][-1]
    assert grant["op"] == "grant_ability" and grant["ability"]["trigger"] == "begin_end"
    assert grant["ability"]["effect"] == [{"op": "target_self"}, {"op": "to_memory"}]


def test_at_the_end_of_the_turn_this_card_goes_into_the_memory(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    me = sc.put(0, LEAVER, "stage", pos=1)
    g = sc.game()
    kit.act(g, "Use ability 0 of Leaver")
    kit.answer_picks(g, [])
    assert kit.power(g, me) == 4000 and kit.zone_of(g, me) == K.Zone.STAGE
    t = _turn(g)
    _pass_until(g, lambda x: _turn(x) == t + 1)
    assert kit.zone_of(g, me) == K.Zone.MEMORY


# ---------------------------------------------------------------------------- "put up to N cards", counted
def test_put_up_to_n_cards_counted_compiles_to_mill_counts_that_add():
    r = _c(_DIGGER)
    assert r.verdict == "exact", r.reason
    mays = [o for o in r.abilities[0]["effect"] if o["op"] == "may"]
    assert len(mays) == 2 and all(m["then"][0]["op"] == "mill_count" and m["then"][0]["add"] for m in mays)


@pytest.mark.parametrize("mills", [0, 1])
def test_put_up_to_n_cards_x_is_the_number_put(pool, mills):
    """Digger: each card put into the waiting room adds 1 to X; with 1, the level 1 Climber of the waiting room may be
    returned to the hand, with none it may not (level 0 or lower)."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, DIGGER, "stage", pos=1)
    climber = sc.put(0, CLIMBER, "waiting_room")
    g = sc.game()
    kit.act(g, "Use ability 0 of Digger")
    answers = ["Yes", "No"] if mills else ["No", "No"]
    seen = []
    for _ in range(12):
        if kit.resolved(g):
            break
        d = kit.labels(g)
        seen += d
        want = answers.pop(0) if answers else "Choose Climber"
        pick = next((x for x in d if x.startswith(want)), None)
        if pick is None and want in ("Yes", "No"):
            pick = next(x for x in d if x.startswith(("Do it", "Use", "Pay") if want == "Yes" else ("Decline", "Do not", "Skip")))
        g.step(int(g.legal_actions()[d.index(pick if pick is not None else d[0])]))
    assert kit.zone_of(g, climber) == (K.Zone.HAND if mills else K.Zone.WAITING_ROOM)


def test_a_climax_condition_then_you_may_put_this_card_into_your_memory_then_the_next_draw_phase():
    r = _c('【AUTO】 At the beginning of your encore step, if "Flare" is in your climax area, you may put this card into '
           'your memory. If you do, at the beginning of your next draw phase, choose 1 "Tester" in your memory, put it '
           "on any position of your stage, and that character gets +3500 power until end of turn.")
    assert r.verdict == "exact", r.reason  # session 34: the mark (before: approximation delayed_from_memory)
    first, later = r.abilities
    assert first["condition"] == {"kind": "climax_named", "name": "Flare"}
    assert later["zone"] == "memory" and later["trigger"] == "begin_draw"


# ---------------------------------------------------------------------------- CR 10.7.3: the opponent's Brainstorm
def test_when_your_opponent_uses_brainstorm_and_a_climax_is_put_compiles_to_its_trigger():
    r = _c(_WARY)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] == "opp_brainstorm_climax"


@pytest.mark.parametrize("climax", [True, False])
def test_the_opponents_brainstorm_that_flips_a_climax_triggers(pool, climax):
    """Player 0's Stormer flips 2 cards: with a Flare among them, player 1's Wary triggers (+2000); without, nothing;
    player 0's own Wary does not trigger either way (its opponent did not use Brainstorm)."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, STORMER, "stage", pos=1)
    mine = sc.put(0, WARY, "stage", pos=0)
    theirs = sc.put(1, WARY, "stage", pos=1)
    sc.stack_deck(0, [FLARE, PLAIN] if climax else [PLAIN, PLAIN])
    g = sc.game()
    kit.act(g, "Use ability 0 of Stormer")
    kit.answer_yes(g, True)
    assert kit.power(g, theirs) == 3000 + 2000 * climax
    assert kit.power(g, mine) == 3000
