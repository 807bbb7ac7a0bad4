"""Weiss Schwarz card text, session 33 (branch s33d): shapes common across the sets. "cost N or higher" (the filter's
F_COST_MIN, CR 2.5); "if a blue climax is in your climax area" (Condition.CLIMAX_FILTER_AT_LEAST, CR 3.11); "when this
card is placed on stage from hand" (the trigger without "your"). Made-up lines in the card language, imported, and
what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_SHRINKER = ("【ACT】 [【REST】 this card] Choose 1 of your opponent's cost 1 or higher characters, and that character gets "
             "-1000 power until end of turn.")
_BLUE_FAN = "【CONT】 If a blue climax is in your climax area, this card gets +2000 power."
_LENDER = ("【ACT】 [【REST】 this card] Choose 1 cost 1 or higher character in your opponent's waiting room, and put it on "
           "an open position of their back stage.")
_REFRESHER = "【AUTO】 When you have refreshed your deck, you may put this card into your stock."
_REMEMBERER = ("【AUTO】 Memory When this card attacks, you may choose 1 level X or lower character in your waiting room, "
               "and return it to your hand. X is equal to the number of cards in your memory.")
_LOCKER = "【ACT】 [【REST】 this card] You cannot play events from your hand until end of turn."
(PLAIN, FLARE, BLUE_FLARE, SHRINKER, PRICEY, BLUE_FAN, LENDER, REFRESHER, DRAWER, REMEMBERER, LOCKER,
 NEWS) = range(12)
RECORDS = [
    _rec("T/S33D-001", "Plain"),
    _rec("T/S33D-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S33D-003", "Blue Flare", [], type="Climax", trigger=("SOUL",), color="BLUE"),
    _rec("T/S33D-004", "Shrinker", [_SHRINKER]),
    _rec("T/S33D-005", "Pricey", cost="1"),
    _rec("T/S33D-006", "Blue Fan", [_BLUE_FAN]),
    _rec("T/S33D-007", "Lender", [_LENDER]),
    _rec("T/S33D-008", "Refresher", [_REFRESHER]),
    _rec("T/S33D-009", "Drawer", ["【ACT】 [【REST】 this card] Draw 1 card."]),
    _rec("T/S33D-010", "Rememberer", [_REMEMBERER]),
    _rec("T/S33D-011", "Locker", [_LOCKER]),
    _rec("T/S33D-012", "News", ["Draw 1 card."], type="Event"),
]  # fmt: skip
RECORDS += [_rec(f"T/S33D-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws33d", RECORDS)


# ---------------------------------------------------------------------------- CR 2.5: cost N or higher
@pytest.mark.parametrize("line", [
    _SHRINKER,
    "【AUTO】 When this card attacks, choose 1 cost 1 or higher character in your opponent's waiting room, and put it "
    "into your opponent's stock.",
])
def test_cr_2_5_cost_n_or_higher_compiles_to_the_filters_cost_min(line):
    r = _c(line)
    assert r.verdict in ("exact", "approximate"), r.reason
    (ch,) = [o for o in r.abilities[0]["effect"] if o["op"] == "choose"]
    assert ch["filter"]["cost_min"] == 1


def test_cr_2_5_cost_n_or_higher_chooses_only_the_cards_of_that_cost(pool):
    """The opponent has a cost 0 Plain and a cost 1 Pricey: Shrinker's choice offers Pricey alone."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, SHRINKER, "stage", pos=0)
    cheap = sc.put(1, PLAIN, "stage", pos=0)
    pricey = sc.put(1, PRICEY, "stage", pos=1)
    g = sc.game()
    before = (kit.power(g, cheap), kit.power(g, pricey))
    kit.act(g, "Use ability 0 of Shrinker")
    for _ in range(6):
        if kit.resolved(g):
            break
        d = kit.labels(g)
        assert not any("Plain" in x for x in d), d
        kit.act(g, d[0])
    assert kit.power(g, cheap) == before[0]
    assert kit.power(g, pricey) == before[1] - 1000


# ---------------------------------------------------------------------------- CR 3.11: a climax of a colour
@pytest.mark.parametrize("line", [
    _BLUE_FAN,
    "【CONT】 If there is a blue climax in your climax area, this card gets +2000 power.",
    "【CONT】 If you have a blue climax in your climax area, this card gets +2000 power.",
    "【AUTO】 When this card attacks, if a blue climax is in your climax area, draw 1 card.",
])
def test_cr_3_11_a_climax_of_a_colour_in_your_climax_area_is_a_filter_condition(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    cond = r.abilities[0]["condition"]
    assert cond["kind"] == "climax_filter_at_least" and cond["value"] == 1
    assert cond["filter"] == {"type": "climax", "color": ["blue"], "zone": "climax_area"}


@pytest.mark.parametrize("climax", [None, FLARE, BLUE_FLARE])
def test_cr_3_11_the_colour_condition_holds_with_a_climax_of_that_colour_only(pool, climax):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    fan = sc.put(0, BLUE_FAN, "stage", pos=0)
    if climax is not None:
        sc.put(0, climax, "climax_area")
    g = sc.game()
    assert kit.power(g, fan) == 3000 + (2000 if climax == BLUE_FLARE else 0)


def test_cr_3_11_a_climax_of_the_colour_in_the_opponents_climax_area_does_not_count(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    fan = sc.put(0, BLUE_FAN, "stage", pos=0)
    sc.put(1, BLUE_FLARE, "climax_area")
    g = sc.game()
    assert kit.power(g, fan) == 3000


# ---------------------------------------------------------------------------- CR 8.7: "placed on stage from hand"
@pytest.mark.parametrize("line", [
    "【AUTO】 When this card is placed on stage from hand, draw 1 card.",
    "【AUTO】 When your other 《Glass》 character is placed on stage from hand, this card gets +500 power until end of "
    "turn.",
])
def test_cr_8_7_placed_on_stage_from_hand_without_your_is_the_played_trigger(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["trigger"] in ("played_self", "other_played")


@pytest.mark.parametrize("trait", ["", "《Glass》 "])
def test_cr_7_8_your_other_character_in_battle_becomes_reverse_is_the_in_battle_trigger(trait):
    r = _c(f"【AUTO】 When your other {trait}character in battle becomes 【REVERSE】, choose 1 of your characters, and "
           "that character gets +1000 power until end of turn.")
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert ab["trigger"] == "other_reversed" and ab["trigger_filter"]["relation"] == "in_battle"
    assert (ab["trigger_filter"].get("trait") == "Glass") == bool(trait)


# ---------------------------------------------------------------------------- an opponent's card onto their stage
def test_an_opponents_card_put_on_an_open_position_of_their_back_stage_is_approximate():
    r = _c(_LENDER)
    assert r.verdict == "approximate" and r.approximations == ("opp_stage_owner_picks",), r.reason
    ch, put = r.abilities[0]["effect"]
    assert ch["filter"] == {"type": "character", "cost_min": 1, "zone": "waiting_room", "side": "opponent"}
    assert put == {"op": "to_stage", "by_owner": True, "positions": ["back"]}


def test_an_opponents_card_goes_onto_an_open_back_position_of_their_stage(pool):
    """CR 2.5 / 3.6: Lender chooses the cost 1 Pricey (not the cost 0 Plain) in the opponent's waiting room; it goes
    onto the open back position of the opponent's stage (the other one is taken)."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, LENDER, "stage", pos=0)
    cheap = sc.put(1, PLAIN, "waiting_room")
    pricey = sc.put(1, PRICEY, "waiting_room")
    sc.put(1, PLAIN, "stage", pos=K.POS_BACK_LEFT)
    g = sc.game()
    kit.act(g, "Use ability 0 of Lender")
    for _ in range(8):
        if kit.resolved(g):
            break
        d = kit.labels(g)
        assert not any(x.startswith("Choose Plain") for x in d), d
        kit.act(g, d[0])
    assert kit.zone_of(g, cheap) == K.Zone.WAITING_ROOM
    assert kit.zone_of(g, pricey) == K.Zone.STAGE
    assert int(g.state[S.OWNER + pricey * S.CARD_W]) == 1
    assert int(g.state[S.POS + pricey * S.CARD_W]) == K.POS_BACK_RIGHT


# ---------------------------------------------------------------------------- CR 9.2: "when you have refreshed"
def test_cr_9_2_when_you_have_refreshed_your_deck_is_the_refreshed_trigger():
    r = _c(_REFRESHER)
    assert r.verdict == "approximate" and r.approximations == ("refresh_at_refresh_point",), r.reason
    assert r.abilities[0]["trigger"] == "refreshed"


@pytest.mark.parametrize("whose", [0, 1])
def test_cr_9_2_a_refresh_triggers_its_players_characters_only(pool, whose):
    """Player 0 draws the last card of the deck: the refresh (CR 9.2), its refresh point (CR 9.9: a clock card), and
    a Refresher of player 0 goes to the stock; one of player 1 stays."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, DRAWER, "stage", pos=0)
    ref = sc.put(whose, REFRESHER, "stage", pos=1)
    sc.empty_deck_to(0, "waiting_room", keep=1)
    g = sc.game()
    clock = kit.count(g, "CLOCK")
    kit.act(g, "Use ability 0 of Drawer")
    kit.answer_yes(g, True)
    assert kit.count(g, "CLOCK") == clock + 1  # the refresh point
    assert kit.zone_of(g, ref) == (K.Zone.STOCK if whose == 0 else K.Zone.STAGE)


# ---------------------------------------------------------------------------- CR 10.9.1: Memory
def test_cr_10_9_1_memory_counting_the_memorys_cards_is_a_memory_ability(pool):
    """"Memory" on an ability whose X counts the cards in the memory (CR 10.9.1: it references the memory); the pool
    fixture imports it (cards.py's keyword check accepts the count)."""
    r = _c(_REMEMBERER)
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert ab["keyword"] == "memory"
    assert ab["effect"][0] == {"op": "count", "filter": {"zone": "memory"}}
    assert pool is not None


# ---------------------------------------------------------------------------- CR 2.5: a trait gained alone
@pytest.mark.parametrize("line", [
    "【CONT】 All of your other characters get 《Moss》.",
    "【CONT】 If you are level 1 or higher, this card gets 《Moss》.",
    "【CONT】 All of your opponent's characters in the center stage get 《Moss》.",
    "【CONT】 The character facing this card gets 《Moss》.",
])
def test_cr_2_5_a_cont_trait_gained_alone_compiles_to_no_ability(line):
    r = _c(line)
    assert r.verdict == "approximate" and r.approximations == ("trait_gain_unread",), r.reason
    assert r.abilities == [] and r.fields["gained_traits"] == ["Moss"]


def test_cr_2_5_an_effects_trait_gained_alone_stays_unsupported():
    r = _c("【ACT】 [【REST】 this card] Choose 1 of your characters, and that character gets 《Moss》 until end of turn.")
    assert r.verdict == "unsupported"


@pytest.mark.parametrize("read", [False, True])
def test_cr_2_5_a_trait_gained_alone_is_refused_where_a_filter_of_the_list_names_it(tmp_path, read):
    import json

    from tcg_env.games.weiss_schwarz.importer import import_ws_json

    recs = [_rec("T/S33D-101", "Mossy", ["【CONT】 All of your other characters get 《Moss》."]),
            _rec("T/S33D-102", "Reader", ["【CONT】 If you have another 《Moss》 character, this card gets +1000 power."
                                          if read else "【CONT】 This card gets +1000 power."])]
    p = tmp_path / "list.json"
    p.write_text(json.dumps(recs))
    res = import_ws_json(p)
    bad = [x for lines in res.unsupported.values() for x in lines if "gives a trait a filter of this list names" in x]
    assert bool(bad) == read and len(res.unsupported) == int(read), res.unsupported


# ---------------------------------------------------------------------------- CR 7.1: every player's attack phase
@pytest.mark.parametrize("who", ["all players'", "each player's"])
def test_cr_7_1_the_beginning_of_all_players_attack_phase_is_every_turns(who):
    r = _c(f"【AUTO】 At the beginning of {who} attack phase, draw 1 card.")
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert ab["trigger"] == "begin_attack" and ab.get("whose", "any") == "any"
    assert _c("【AUTO】 At the beginning of the attack phase, draw 1 card.").abilities == r.abilities


@pytest.mark.parametrize("zone", ["your memory", "your clock", "your level", "from your deck"])
def test_cr_8_7_placed_from_your_hand_or_your_other_zone_is_placed_any_way(zone):
    r = _c(f"【AUTO】 When this card is placed on the stage from your hand or {zone}, draw 1 card.")
    assert r.verdict == "approximate" and r.approximations == ("placed_any_way",), r.reason
    assert r.abilities[0]["trigger"] == "placed_self"


# ---------------------------------------------------------------------------- CR 6.5.1.2.2: a timed play lock
@pytest.mark.parametrize("line, side, dur", [
    ("Until end of turn, your opponent cannot play event cards and \"Backup\" from hand.", "opponent", None),
    ("Your opponent cannot play event cards from their hand until the end of their next turn.", "opponent",
     "next_opp_turn_end"),
    ("Until the end of your opponent's next turn, your opponent cannot play events from his or her hand.", "opponent",
     "next_opp_turn_end"),
    (_LOCKER, None, None),
])
def test_cr_6_5_1_2_2_a_timed_play_lock_is_kept_on_the_players_characters(line, side, dur):
    r = _c(line, type="character" if line.startswith("【") else "event")
    assert r.verdict == "approximate" and r.approximations == ("player_lock_on_stage",), r.reason
    sel, rst = [o for o in r.abilities[0]["effect"] if o["op"] in ("select_all", "restrict")]
    assert sel["filter"].get("side") == side
    assert "no_events_you" in rst["restrictions"] and rst.get("duration") == dur


def test_cr_6_5_1_2_2_a_timed_play_lock_stops_the_player_playing_events(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, LOCKER, "stage", pos=0)
    sc.put(0, NEWS, "hand")
    g = sc.game()
    assert any(x.startswith("Play event News") for x in kit.labels(g)), kit.labels(g)
    kit.act(g, "Use ability 0 of Locker")
    kit.answer_yes(g, True)
    assert not any(x.startswith("Play event News") for x in kit.labels(g)), kit.labels(g)


# ---------------------------------------------------------------------------- CR 3.2: the bottom of the deck
@pytest.mark.parametrize("n", ["2", "X"])
def test_cr_3_2_n_cards_from_the_bottom_of_your_opponents_deck_is_the_bottom_mill(n):
    x = " X is equal to the number of 《Glass》 characters you have." if n == "X" else ""
    r = _c(f"【AUTO】 When this card attacks, put {n} cards from the bottom of your opponent's deck into their waiting "
           f"room.{x}")
    assert r.verdict == "exact", r.reason
    (mill,) = [o for o in r.abilities[0]["effect"] if o["op"] == "mill"]
    assert mill == {"op": "mill", "count": 2 if n == "2" else "x", "who": "opponent", "bottom": True}
    if n == "2":
        assert _c("【AUTO】 When this card attacks, put the bottom 2 cards of your opponent's deck into their waiting "
                  "room.").abilities == r.abilities


def test_cr_8_7_placed_from_your_hand_or_by_the_effect_of_a_card_is_placed_any_way():
    r = _c("【AUTO】 When this card is placed on the stage from your hand or by the effect of \"Plain\", draw 1 card.")
    assert r.verdict == "approximate" and r.approximations == ("placed_any_way",), r.reason
    assert r.abilities[0]["trigger"] == "placed_self"


def test_the_wr_to_hand_lock_by_your_cards_effects_is_the_players_rule():
    r = _c("【CONT】 During the attack phase, you cannot return characters from your waiting room to your hand by your "
           "cards' effects.")
    assert r.verdict == "approximate" and r.approximations == ("wr_to_hand_lock_icon_kept",), r.reason
    assert r.abilities[0]["effect"][0]["restrictions"] == ["no_wr_to_hand_atk_you"]
