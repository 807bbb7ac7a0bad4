"""Weiss Schwarz card text, session 24 part B (branch s24-wsb): [CXCOMBO] lines' pieces ("choose 1 of the 2 following
abilities, and this card gets the chosen ability", "this card gains the following 2 abilities", "perform the following
2 effects 1 time each", "deal 2 damage to your opponent 2 times", "put all <spec> in your opponent's center stage into
his or her waiting room"), triggers ("if that card's trigger icon is [icon]" after a trigger check, a stock cost whose
bracket the database lost), costs ("red or blue card"), and reveal / look / flip ("you may reveal your hand. If you do,
and if there is a climax among those cards", "look at the top card of your deck, choose ...", an event's Brainstorm
counting a description, "choose this card and 1 of your other <<T>> characters, exchange them as [STAND]"). Made-up
lines in the card language compiled, and on a small imported list what the engine does with them."""

from __future__ import annotations

import json

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.importer import import_ws_json

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_SWAPPER_TEXT = ("【ACT】 [【REST】 this card] Choose this card and 1 of your other 《Sand》 characters, exchange them as "
                 "【STAND】, and that 《Sand》 character gets +1000 power until end of turn.")
_STORM_TEXT = ("Brainstorm Flip over 3 cards from the top of your deck, and put them into your waiting room. Choose 1 "
               "level X or lower 《Sand》 character in your waiting room, and return it to your hand. X is equal to the "
               "number of 《Sand》 characters among those cards.")
_REVEALER_TEXT = ("【ACT】 [【REST】 this card] You may reveal your hand. If you do, and if there is a climax among those "
                  "cards, draw 1 card.")
_LOOKER_TEXT = ("Look at the top card of your deck, choose up to 1 《Sand》 character from among them, reveal it to your "
                "opponent, put it into your hand, put the rest into your waiting room.")
_SWEEPER_TEXT = ("【ACT】 [【REST】 this card] Put all level 0 or lower characters in your opponent's center stage into his "
                 "or her waiting room.")
(PLAIN, SAND, SAND1, SWAPPER, STORM, REVEALER, LOOKER, SWEEPER, CLIMAX) = range(9)
RECORDS = [
    _rec("T/S24B-001", "Plain"),
    _rec("T/S24B-002", "Sandy", traits=("Sand",)),
    _rec("T/S24B-003", "Sandy One", traits=("Sand",), level="1"),
    # two stage characters swap positions (Op.EXCHANGE on the stage), both [STAND]
    _rec("T/S24B-004", "Swapper", [_SWAPPER_TEXT], traits=("Sand",)),
    # an event's Brainstorm counting a description (MILL_COUNT_BRAINSTORM, CR 10.7.3)
    _rec("T/S24B-005", "Storm", [_STORM_TEXT], type="Event"),
    _rec("T/S24B-006", "Revealer", [_REVEALER_TEXT]),
    # "look at the top card of your deck": that card, no "look at one more card?" (CR 3.2.3)
    _rec("T/S24B-007", "Looker", [_LOOKER_TEXT], type="Event"),
    _rec("T/S24B-008", "Sweeper", [_SWEEPER_TEXT]),
    _rec("T/S24B-009", "Burst", type="Climax", trigger=("SOUL",)),
]  # fmt: skip
RECORDS += [_rec(f"T/S24B-F{i:02d}", f"Filler {i}") for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws24b", RECORDS)


def _scenario(pool, **kw):
    return kit.main_phase(pool, len(RECORDS), FILLER, extra=(SAND, SAND, SAND1, CLIMAX), **kw)


_n, _act = kit.count, kit.act


def _pos(g, slot):
    return int(g.state[S.POS + slot * S.CARD_W])


# ---------------------------------------------------------------------------- compiled lines
def test_cxcombo_choose_1_of_the_2_following_abilities_compiles_as_a_choice():
    r = _c('【AUTO】 【CXCOMBO】 When this card attacks, if "Storm" is in your climax area, choose 1 of the 2 following '
           'abilities, and this card gets the chosen ability until end of turn. "【CONT】 This card gets +2000 power." '
           '"【CONT】 This card gets +1 soul."')
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    assert eff[0]["op"] == "choose_one" and len(eff[0]["options"]) == 2
    # the number printed must be the number quoted
    r = _c('【AUTO】 When this card attacks, choose 1 of the 3 following abilities, and this card gets the chosen '
           'ability until end of turn. "【CONT】 This card gets +2000 power." "【CONT】 This card gets +1 soul."')
    assert r.verdict == "unsupported"


def test_cxcombo_this_card_gains_the_following_2_abilities():
    r = _c('【AUTO】 【CXCOMBO】 When "Storm" is placed on your climax area, if this card is in your center stage, this '
           'card gains the following 2 abilities until end of turn. "【AUTO】 [(1)] When this card attacks, you may pay '
           'the cost. If you do, during that attack, perform a trigger check 2 times on the trigger step." "【AUTO】 At '
           'the end of this card\'s attack, you may choose 1 《Sand》 character in your waiting room, and put it into '
           'your stock."')
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["target_self", "grant_ability", "grant_ability"]


def test_perform_the_following_2_effects_1_time_each_in_either_order():
    r = _c('【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, perform the following 2 effects 1 time '
           'each. "Draw 1 card." "Deal 1 damage to your opponent."')
    assert r.verdict == "exact", r.reason
    (ch,) = r.abilities[0]["effect"]
    assert ch["op"] == "choose_one"
    assert [[o["op"] for o in opt] for opt in ch["options"]] == [["draw", "damage"], ["damage", "draw"]]


def test_cr_4_12_2_deal_2_damage_2_times_is_two_damages():
    r = _c("【AUTO】 When this card attacks, deal 2 damage to your opponent 2 times.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"] == [{"op": "damage", "amount": 2}, {"op": "damage", "amount": 2}]


def test_soul_until_the_opponents_next_turn_is_approximate():
    r = _c("【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, this card gets +2500 power and +1 soul "
           "until the end of your opponent's next turn.")
    assert r.verdict == "approximate" and r.approximations == ("soul_long_this_turn",), r.reason
    eff = r.abilities[0]["effect"]
    assert {"op": "power", "amount": 2500, "duration": "next_opp_turn_end"} in eff
    assert {"op": "soul", "amount": 1} in eff
    # an opponent's character's soul stays unsupported (its attack in that turn would differ)
    r = _c("【AUTO】 When this card attacks, choose 1 of your opponent's characters, and that character gets -1 soul "
           "until the end of your opponent's next turn.")
    assert r.verdict == "unsupported"


def test_cr_8_1_trigger_check_if_that_cards_trigger_icon_is():
    r = _c("【AUTO】 [(1)] When your character's trigger check reveals a climax, if that card's trigger icon is "
           "[[soul.gif]], you may pay the cost. If you do, draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger_filter"] == {"type": "climax", "trigger_icon": "soul"}
    # the icon the database dropped: any climax (trigger_icon_dropped)
    r = _c("【AUTO】 [(1)] When your character's trigger check reveals a climax, if that card's trigger icon is , you may "
           "pay the cost. If you do, draw 1 card.")
    assert r.verdict == "approximate" and r.approximations == ("trigger_icon_dropped",), r.reason
    assert "trigger_filter" not in r.abilities[0]
    # the plain trigger is unchanged
    r = _c("【AUTO】 When your character's trigger check reveals a climax, draw 1 card.")
    assert r.verdict == "exact" and r.abilities[0]["trigger"] == "own_trigger_check_climax"


def test_cr_8_4_stock_cost_whose_closing_bracket_is_lost():
    r = _c("【AUTO】 [(1) At the beginning of the encore step, if you do not have another 【REST】 character on your "
           "center stage, you may pay the cost. If you do, 【REST】 this card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["cost"] == {"stock": 1} and r.abilities[0]["trigger"] == "begin_encore"


def test_cr_8_4_red_or_blue_card_cost_and_search_level_bound():
    r = _c("【AUTO】 [(1) Put 1 red or blue card from your hand into your waiting room] When this card attacks, you may "
           "pay the cost. If you do, draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["cost"]["discard_filter"] == {"color": ["red", "blue"], "zone": "hand"}
    r = _c("【AUTO】 [(1) Put the top card of your deck into your clock] When this card is placed on the stage from your "
           "hand, you may pay the cost. If you do, search your deck for up to 1 cost 0 or lower 《Sand》 character with "
           "level equal to or lower than your level, put it on any position of your stage, and shuffle your deck.")
    assert r.verdict == "exact", r.reason
    flt = r.abilities[0]["effect"][0]["filter"]
    assert flt["level_max"] == 0 and flt["level_max_rel"] is True and flt["cost_max"] == 0


def test_reveal_hand_if_there_is_a_climax_compiles_as_a_hand_condition():
    r = _c("【AUTO】 When this card is placed on the stage from your hand, you may reveal your hand. If you do, and if "
           "there is a climax among those cards, draw 1 card.")
    assert r.verdict == "approximate" and r.approximations == ("hand_reveal_unseen",), r.reason


def test_exchange_needs_this_card_and_a_chosen_character():
    r = _c("【AUTO】 At the beginning of your opponent's attack phase, you may choose this card and 1 of your 《Sand》 "
           "characters, and exchange them as 【STAND】.")
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"][0]["then"]
    assert eff[1]["filter"]["relation"] == "other" and eff[2] == {"op": "exchange", "other": 1, "stand": True}
    # "this card and 1 of your <<T>> characters" without an exchange may be this card: unsupported as before
    r = _c("【AUTO】 At the beginning of your opponent's attack phase, choose this card and 1 of your 《Sand》 characters, "
           "and those characters get +1000 power until end of turn.")
    assert r.verdict == "unsupported"


def test_importer_full_width_dash_entry_is_no_text(tmp_path):
    p = tmp_path / "list.json"
    p.write_text(json.dumps([_rec("T/S24B-D01", "Dash", ["\uff0d"]), _rec("T/S24B-D02", "Hyphen", ["-"])]))
    res = import_ws_json(p)
    assert not res.unsupported and len(res.cards) == 2
    assert all(not c.abilities for c in res.cards)
    assert all(r.lines == [] for r in res.text_records)


# ---------------------------------------------------------------------------- the engine
def test_cr_6_5_1_2_4_exchange_them_as_stand_swaps_positions(pool):
    sc = _scenario(pool)
    me = sc.put(0, SWAPPER, "stage", pos=0)
    other = sc.put(0, SAND, "stage", pos=3, orient=K.Orientation.REST)
    g = sc.game()
    _act(g, "Use")
    kit.answer_picks(g, ["Choose"])
    assert _pos(g, me) == 3 and _pos(g, other) == 0
    # the cost rested this card: "as [STAND]" stands both
    assert kit.orient(g, me) == K.Orientation.STAND and kit.orient(g, other) == K.Orientation.STAND
    assert kit.power(g, other) == 4000 and kit.power(g, me) == 3000


def test_cr_10_7_3_event_brainstorm_counts_the_description(pool):
    sc = _scenario(pool)
    sc.put(0, STORM, "hand")
    sc.stack_deck(0, [SAND, SAND1, FILLER + 1])  # two <<Sand>> characters: X = 2
    g = sc.game()
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Play event Storm")
    kit.answer_picks(g, ["Choose"])
    # the 3 flipped and the event in the waiting room, less the character returned to the hand
    assert _n(g, "WR") == wr + 3 + 1 - 1
    assert _n(g, "HAND") == hand - 1 + 1
    assert int(g.state[S.RES_N]) == 0


def test_cr_10_7_3_event_brainstorm_level_bound_is_the_count(pool):
    sc = _scenario(pool)
    sc.put(0, STORM, "hand")
    sc.put(0, SAND1, "waiting_room")  # level 1: X = 0 leaves it there
    sc.stack_deck(0, [FILLER + 1, FILLER + 2, FILLER + 3])
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Play event Storm")
    kit.answer_yes(g, True)
    assert _n(g, "HAND") == hand - 1


@pytest.mark.parametrize("climax", [True, False])
def test_reveal_hand_with_a_climax_draws(pool, climax):
    sc = _scenario(pool)
    sc.put(0, REVEALER, "stage", pos=0)
    if climax:
        sc.put(0, CLIMAX, "hand")
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert _n(g, "HAND") == hand + (1 if climax else 0)


@pytest.mark.parametrize("match", [True, False])
def test_cr_3_2_3_look_at_the_top_card_takes_or_drops_it(pool, match):
    sc = _scenario(pool)
    sc.put(0, LOOKER, "hand")
    sc.stack_deck(0, [SAND if match else FILLER + 1, FILLER + 2])
    g = sc.game()
    top = int(g.state[S.DECK_L + _n(g, "DECK") - 1])
    _act(g, "Play event Looker")
    assert "Look at one more card" not in kit.labels(g)
    kit.answer_picks(g, ["Choose"])
    assert kit.zone_of(g, top) == (K.Zone.HAND if match else K.Zone.WAITING_ROOM)


def test_put_all_level_0_characters_in_the_opponents_center_stage(pool):
    sc = _scenario(pool)
    sc.put(0, SWEEPER, "stage", pos=0)
    low = sc.put(1, PLAIN, "stage", pos=0)
    high = sc.put(1, SAND1, "stage", pos=1)
    back = sc.put(1, SAND, "stage", pos=3)
    g = sc.game()
    _act(g, "Use")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, low) == K.Zone.WAITING_ROOM
    assert kit.zone_of(g, high) == K.Zone.STAGE and kit.zone_of(g, back) == K.Zone.STAGE


def test_alarm_this_card_and_a_waiting_room_character_exchange_zones():
    for text in ("choose this card and 1 character in your waiting room, and exchange them",
                 "choose a character in your waiting room and this card, and exchange them"):
        r = _c(f"【AUTO】 【CLOCK】 Alarm If this card is the top card of your clock, at the beginning of your main phase, "
               f"you may {text}.")
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["effect"][0]["then"] == [
            {"op": "target_self"},
            {"op": "choose", "filter": {"type": "character", "zone": "waiting_room"}, "count": 1, "reg": 1},
            {"op": "exchange", "other": 1}]
    # a waiting-room card beside this card without an exchange: unsupported as before
    r = _c("【AUTO】 At the end of this card's attack, choose this card and 1 character in your waiting room, and those "
           "characters get +1 soul until end of turn.")
    assert r.verdict == "unsupported"


def test_a_and_b_then_more_clauses():
    # "choose 1 card in your hand and 1 climax in your waiting room, exchange them, and draw 1 card": the clauses
    # after "A and B" follow
    r = _c("【ACT】 [【REST】 this card] Choose 1 card in your hand and 1 climax in your waiting room, exchange them, and "
           "draw 1 card.")
    assert r.verdict == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["choose", "choose", "exchange", "draw"]
