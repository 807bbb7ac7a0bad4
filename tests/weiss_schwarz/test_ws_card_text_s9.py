"""Weiss Schwarz card text, session 9 pieces: the compiled abilities of made-up lines in the card
language (verdicts, programs) and, on a small imported list, what the engine does with them
(parts of card names, re-ordering the top of the deck, Change, "when you use an [ACT]", ...)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.importer import import_ws_json
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "conformance"))


_rec = kit.rec


def _c(line, **card):
    return compile_line(line, {"type": "character", "name": "Tester", "traits": ["Glass"], **card})


# ---------------------------------------------------------------------------- compiled lines
def test_with_a_part_of_a_card_name_is_a_name_contains_filter():
    r = _c('【CONT】 All of your other characters with "Rin" or "Len" in their card names get +500 power.')
    assert r.verdict.value == "exact"
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "name_contains": ["Rin", "Len"],
                                                     "relation": "other"}  # fmt: skip
    r = _c('【CONT】 If you have another character with "Rin" in its card name, this card gets +1000 power.')
    assert r.verdict.value == "exact"
    assert r.abilities[0]["condition"]["kind"] == "filter_count_at_least"


BRIGHT, RINA, LENA, PLAIN, ORACLE, GRUB, MOTH, TINKER, FAN, SHY, SAGE, ONCE, TWICE, THINKER, FLARE, MOURNER, CHEER, \
    RUNNER, SHIFTER, ROBBER, BELL, GHOST, SCOUT, DIGGER, DIVER, SEER, WALL, UNITY, MILLER, RECYCLER = range(30)
RECORDS = [
    _rec("T/S09-001", "Bright", ['【CONT】 All of your other characters with "Rin" or "Len" in their card names get '
                                 '+500 power.']),
    _rec("T/S09-002", "Kagamine Rina"),
    _rec("T/S09-003", "Lena Len"),
    _rec("T/S09-004", "Plain"),
    _rec("T/S09-005", "Oracle", ["【AUTO】 When this card is placed on the stage from your hand, look at up to 3 cards "
                                 "from the top of your deck, and put them on the top of your deck in any order."]),
    _rec("T/S09-006", "Grub", ["【AUTO】 Change [(1) Return this card to your hand] At the beginning of your climax "
                               "phase, you may pay the cost. If you do, choose a card named \"Moth\" in your waiting "
                               "room, and put it on the stage position that this card was on."]),
    _rec("T/S09-007", "Moth", level="1", power="7000"),
    _rec("T/S09-008", "Tinker", ["【ACT】 [【REST】 this card] This card gets +500 power until end of turn."]),
    _rec("T/S09-009", "Fan", ["【AUTO】 When you use an 【ACT】, this card gets +1000 power until end of turn.",
                              "【AUTO】 When your opponent uses an 【ACT】, this card gets +2000 power until end of "
                              "turn."]),
    _rec("T/S09-010", "Shy", ["【AUTO】 [Return this card to your hand] When this card attacks, you may pay the cost. "
                              "If you do, draw 1 card."]),
    _rec("T/S09-011", "Sage", ['【CONT】 Memory If "Moth" is in your memory, this card gets +1000 power.']),
    _rec("T/S09-012", "Once", ["【AUTO】 This ability activates up to 1 time per turn. When your other character is "
                               "placed on the stage from your hand, this card gets +500 power until end of turn."]),
    _rec("T/S09-013", "Twice", ["【AUTO】 This ability activates up to two times per turn. When your other character "
                                "is placed on the stage from your hand, this card gets +500 power until end of turn."]),
    _rec("T/S09-014", "Thinker", ["【ACT】 Brainstorm [【REST】 this card] Flip over 4 cards from the top of your deck, "
                                  "and put them into your waiting room. For each climax revealed among those cards, "
                                  "perform the following action. \"Draw 1 card, and put the top card of your deck "
                                  "into your stock.\""]),
    _rec("T/S09-015", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S09-016", "Mourner", ["【AUTO】 When another of your characters becomes 【REVERSE】 in battle, this card "
                                  "gets +1000 power until end of turn."]),
    _rec("T/S09-017", "Cheer", ["【AUTO】 When your other character's battle opponent becomes 【REVERSE】, this card "
                                "gets +1500 power until end of turn."]),
    _rec("T/S09-018", "Runner", ["【AUTO】 When this card direct attacks, draw 1 card."], power="9000"),
    _rec("T/S09-019", "Shifter", ["【ACT】 [【REST】 this card] Move this card to an open position of your back "
                                  "stage."]),
    _rec("T/S09-020", "Robber", ["【AUTO】 When this card attacks, put the bottom card of your opponent's stock into "
                                 "their waiting room."]),
    _rec("T/S09-021", "Bell", ["【AUTO】 【CLOCK】 Alarm If this card is the top card of your clock, at the beginning of "
                               "your climax phase, draw 1 card."]),
    _rec("T/S09-022", "Ghost", ["【AUTO】 Memory At the beginning of your climax phase, if this card is in your memory, "
                                "return this card to your hand."]),
    _rec("T/S09-023", "Scout", ["【ACT】 [【REST】 this card] Look at up to X cards from the top of your deck, choose up "
                                "to 1 card from among them, put it into your hand, and put the rest into your waiting "
                                "room. X is equal to the number of 《Glass》 characters you have."], traits=("Glass",)),
    _rec("T/S09-024", "Digger", ["【ACT】 [【REST】 this card] Put the top 2 cards of your deck into your waiting room, "
                                 "choose 1 level X or lower character in your waiting room, and return it to your "
                                 "hand. X is equal to the total level of those cards."]),
    _rec("T/S09-025", "Diver", ["【ACT】 [【REST】 this card] You may put the top card of your deck into your waiting "
                                "room. If that card is a level 0 character, put it on any position of your back "
                                "stage."]),
    _rec("T/S09-026", "Seer", ["【ACT】 [【REST】 this card] Look at up to 3 cards from the top of your deck, choose up "
                               "to 1 card from among them, put it on the top of your deck, and put the rest into your "
                               "waiting room."]),
    _rec("T/S09-027", "Wall", ["【CONT】 This card cannot become 【REVERSE】."], power="1000"),
    _rec("T/S09-028", "Unity", ['【CONT】 If all of your characters have "Rin" or "Unity" in their card names, this '
                                'card gets +1000 power.']),
    _rec("T/S09-029", "Miller", ["【AUTO】 When this card is placed on the stage from your hand, put the top 3 cards of "
                                 "your deck into your waiting room, and this card gets +X power until end of turn. X "
                                 "is equal to the number of 《Glass》 characters among those cards ×1000."]),
    _rec("T/S09-030", "Recycler", ["【ACT】 [【REST】 this card] Return all cards from your waiting room to your deck, "
                                   "and shuffle your deck."]),
]  # fmt: skip
# vanilla fillers: a deck has at most 4 cards of a name (CR 5.1.2.2)
RECORDS += [_rec(f"T/S09-F{i:02d}", f"Filler {i}", traits=("Wood",)) for i in range(13)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws9", RECORDS)


def _deck(extra=()):
    return kit.deck_of(len(RECORDS), FLARE, extra)


def _scenario(pool, extra=(), **kw):
    return Scenario.main_phase(pool, decks=(_deck(extra), _deck(extra)), **kw)


_power = kit.power


def test_a_part_of_a_card_name_matches_the_names_that_contain_it(pool):
    sc = _scenario(pool)
    sc.put(0, BRIGHT, "stage", pos=0)
    rina = sc.put(0, RINA, "stage", pos=1)
    lena = sc.put(0, LENA, "stage", pos=2)
    plain = sc.put(0, PLAIN, "stage", pos=3)
    g = sc.game()
    assert (_power(g, rina), _power(g, lena), _power(g, plain)) == (3500, 3500, 3000)


_n = kit.count


def _act(g, text):
    for a in g.legal_actions():
        if g.describe_action(int(a)).startswith(text):
            g.step(int(a))
            return
    raise AssertionError(f"no action {text!r}: {[g.describe_action(int(a)) for a in g.legal_actions()]}")


def _top(g, k, p=0):
    """The names of the top k cards of p's deck, top first."""
    n = _n(g, "DECK", p)
    return [g.pool.names[int(g.state[S.CARD + int(g.state[S.DECK_L + p * K.MAX_DECK + n - 1 - i]) * S.CARD_W])]
            for i in range(k)]


def test_reorder_the_top_of_the_deck_compiles_to_look_top_deck_top():
    r = _c("【AUTO】 When this card is placed on the stage from your hand, look at up to two cards from the top of "
           "your deck, and put them on the top of your deck in any order.")
    assert r.verdict.value == "exact" and r.approximations == ()  # CR 3.2.3.1: one card at a time (up_to)
    assert r.abilities[0]["effect"] == [{"op": "look_top", "count": 2, "take": 2, "to": "deck_top", "up_to": True}]


@pytest.mark.parametrize("order", [("Plain", "Lena Len", "Kagamine Rina"), ("Lena Len", "Kagamine Rina", "Plain")])
def test_cr_3_2_2_put_them_on_the_top_of_your_deck_in_any_order(pool, order):
    # the cards taken go on top in the order taken (the last taken on top); any order can be made
    sc = _scenario(pool)
    sc.put(0, ORACLE, "hand")
    sc.stack_deck(0, [RINA, LENA, PLAIN])
    g = sc.game()
    deck = _n(g, "DECK")
    assert _top(g, 3) == ["Kagamine Rina", "Lena Len", "Plain"]
    _act(g, "Play Oracle to center left")
    assert kit.look_all(g) == 3
    for name in reversed(order):
        _act(g, f"Choose {name}")
    assert _n(g, "DECK") == deck and _top(g, 3) == list(order)


def test_cr_3_2_2_cards_not_taken_stay_under_those_taken(pool):
    sc = _scenario(pool)
    sc.put(0, ORACLE, "hand")
    sc.stack_deck(0, [RINA, LENA, PLAIN])
    g = sc.game()
    _act(g, "Play Oracle to center left")
    kit.look_all(g)
    _act(g, "Choose Plain")
    _act(g, "Pass")
    assert _top(g, 3) == ["Plain", "Kagamine Rina", "Lena Len"]


def test_cr_10_8_change_compiles_to_the_change_op():
    r = _c('【AUTO】 Change [(1) Put this card into your memory] At the beginning of your encore step, if this card is '
           '【REST】, you may pay the cost. If you do, choose a card named "Moth" in your waiting room, and put it on '
           'the stage position that this card was on.')
    # session 21: the cost keeps this card's move (the change op makes it first, by_cost): exact
    assert r.verdict.value == "exact" and not r.approximations
    ab = r.abilities[0]
    assert ab["keyword"] == "change" and ab["condition"] == {"kind": "self_rested"}
    assert ab["cost"] == {"stock": 1, "self_to_memory": True}
    assert ab["effect"] == [{"op": "change", "filter": {"name": "Moth", "zone": "waiting_room", "type": "character"},
                             "to": "memory", "by_cost": True}]  # fmt: skip


@pytest.mark.parametrize("take", [True, False])
def test_cr_10_8_change_puts_the_chosen_character_on_this_cards_position(pool, take):
    sc = _scenario(pool)
    grub = sc.put(0, GRUB, "stage", pos=1)
    moth = sc.put(0, MOTH, "waiting_room")
    sc.put(0, PLAIN, "stock")
    g = sc.game()
    stock = _n(g, "STOCK")
    _act(g, "End the main phase")
    # "choose a card named "Moth"": once the cost is paid a Moth there must be chosen; not taking it is declining
    _act(g, "Use Grub" if take else "Decline Grub")
    if take:
        _act(g, "Choose Moth")
    zone = lambda sl: int(g.state[S.ZONE + sl * S.CARD_W])  # noqa: E731
    if take:
        assert zone(moth) == K.Zone.STAGE and int(g.state[S.POS + moth * S.CARD_W]) == 1
        assert zone(grub) == K.Zone.HAND and _n(g, "STOCK") == stock - 1
    else:
        assert zone(moth) == K.Zone.WAITING_ROOM and zone(grub) == K.Zone.STAGE and _n(g, "STOCK") == stock


def test_cr_8_1_1_1_2_when_you_use_an_act_triggers_when_it_has_resolved(pool):
    sc = _scenario(pool)
    tinker = sc.put(0, TINKER, "stage", pos=0)
    fan = sc.put(0, FAN, "stage", pos=1)
    their_fan = sc.put(1, FAN, "stage", pos=1)
    g = sc.game()
    _act(g, "Use ability 0 of Tinker")
    assert _power(g, tinker) == 3500
    assert _power(g, fan) == 4000 and _power(g, their_fan) == 5000  # "you use" / "your opponent uses"


def test_cr_8_4_a_cost_returning_this_card_to_your_hand():
    r = _c("【AUTO】 [Return this card to your hand] When your climax is placed on your climax area, you may pay the "
           "cost. If you do, choose 1 of your characters, and that character gets +1 soul until end of turn.")
    assert r.verdict.value == "exact" and r.abilities[0]["cost"] == {"self_to": "hand"}


def test_placed_from_your_hand_or_by_an_effect_is_placed_self_approximately():
    r = _c('【AUTO】 When this card is placed on the stage from your hand or by a "Foo" effect, draw 1 card.')
    assert r.verdict.value == "approximate" and r.approximations == ("placed_any_way",)
    assert r.abilities[0]["trigger"] == "placed_self"
    r = _c("【AUTO】 When this card is placed on the stage from your hand or put into your waiting room from the stage, "
           "draw 1 card.")
    assert [a["trigger"] for a in r.abilities] == ["played_self", "to_wr_from_stage_self"]


def test_you_may_mill_one_and_if_that_card_is_x():
    r = _c("【AUTO】 At the beginning of your opponent's attack phase, you may put the top card of your deck into your "
           "waiting room. If that card is a 《Glass》 character, this card gets +1000 power until end of turn.")
    assert r.verdict.value == "exact"
    eff = r.abilities[0]["effect"]
    assert len(eff) == 1 and eff[0]["op"] == "may"  # the test and its block inside the "may"
    assert eff[0]["then"][:2] == [{"op": "reveal_top", "filter": {"type": "character", "trait": "Glass", "zone": "deck"}},
                                  {"op": "mill", "count": 1}]  # fmt: skip
    assert eff[0]["then"][2]["op"] == "if_stored"


@pytest.mark.parametrize("line, cond", [
    ('【CONT】 Memory If "Moth" is in your memory, this card gets +1000 power.',
     {"kind": "memory_filter_at_least", "value": 1, "filter": {"name": "Moth", "zone": "memory"}}),
    ("【CONT】 If your memory has 2 or less cards, this card gets +1000 power.", {"kind": "memory_at_most", "value": 2}),
    ("【CONT】 If the number of 《Glass》 characters in your memory is 2 or more, this card gets +1000 power.",
     {"kind": "memory_filter_at_least", "value": 2, "filter": {"type": "character", "trait": "Glass",
                                                               "zone": "memory"}}),
])  # fmt: skip
def test_cr_10_9_conditions_on_the_memory(line, cond):
    r = _c(line)
    assert r.verdict.value == "exact" and r.abilities[0]["condition"] == cond


@pytest.mark.parametrize("pay", [True, False])
def test_cr_8_4_the_cost_returns_this_card_to_the_hand(pool, pay):
    sc = _scenario(pool)
    shy = sc.put(0, SHY, "stage", pos=0)
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, "Direct attack with Shy")
    _act(g, "Use Shy" if pay else "Decline Shy")
    zone = int(g.state[S.ZONE + shy * S.CARD_W])
    assert zone == (K.Zone.HAND if pay else K.Zone.STAGE)
    assert _n(g, "HAND") == hand + (2 if pay else 0)  # this card and the card drawn


@pytest.mark.parametrize("in_memory", [True, False])
def test_cr_10_9_a_name_in_your_memory(pool, in_memory):
    sc = _scenario(pool)
    sage = sc.put(0, SAGE, "stage", pos=0)
    sc.put(0, MOTH if in_memory else PLAIN, "memory")
    g = sc.game()
    assert _power(g, sage) == 3000 + (1000 if in_memory else 0)


def test_this_ability_activates_up_to_n_times_per_turn(pool):
    sc = _scenario(pool)
    once = sc.put(0, ONCE, "stage", pos=3)
    twice = sc.put(0, TWICE, "stage", pos=4)
    for c in (PLAIN, RINA, LENA):
        sc.put(0, c, "hand")
    g = sc.game()
    for name, pos in (("Plain", "center left"), ("Kagamine Rina", "center middle"), ("Lena Len", "center right")):
        _act(g, f"Play {name} to {pos}")
        while not any(g.describe_action(int(a)).startswith("End the main phase") for a in g.legal_actions()):
            g.step(int(g.legal_actions()[0]))  # the order of the two triggered abilities
    assert _power(g, once) == 3500 and _power(g, twice) == 4000


def test_cr_10_7_perform_the_following_action_for_each_climax_compiles_to_counted_blocks():
    r = _c('【ACT】 Brainstorm [(1)] Flip over 3 cards from the top of your deck, and put them into your waiting room. '
           'For each climax revealed among those cards, perform the following action. "Choose 1 character in your '
           'waiting room, and return it to your hand."')
    assert r.verdict.value == "exact"
    eff = r.abilities[0]["effect"]
    assert eff[0] == {"op": "brainstorm", "count": 3}
    assert [(o["op"], o["at_least"]) for o in eff[1:]] == [("if_stored", 1), ("if_stored", 2), ("if_stored", 3)]
    assert eff[1]["then"] == [{"op": "choose", "filter": {"type": "character", "zone": "waiting_room"}, "count": 1},
                              {"op": "to_hand"}]  # fmt: skip


@pytest.mark.parametrize("climaxes", [0, 1, 2])
def test_cr_10_7_the_action_is_performed_once_for_each_climax_revealed(pool, climaxes):
    sc = _scenario(pool)
    sc.put(0, THINKER, "stage", pos=0)
    # the top 4: `climaxes` copies of Flare (distinct slots: stack_deck takes the topmost copy), then others
    sc.stack_deck(0, [PLAIN, RINA, LENA, MOTH][: 4 - climaxes])
    flares = [sl for sl in sc.zone(0, sc.DECK) if int(sc.row[S.CARD + sl * S.CARD_W]) == FLARE]
    for sl in flares[:climaxes]:
        sc.move(sl, sc.DECK)
    g = sc.game()
    assert [n == "Flare" for n in _top(g, 4)] == [True] * climaxes + [False] * (4 - climaxes)
    hand, stock = _n(g, "HAND"), _n(g, "STOCK")
    _act(g, "Use ability 0 of Thinker")
    assert _n(g, "HAND") == hand + climaxes and _n(g, "STOCK") == stock + climaxes


def _to_encore(g, limit=40):
    """Step (the first legal action) until the attack phase reaches its encore step (CR 7.7)."""
    turn = int(g.state[S.TURN]) if hasattr(S, "TURN") else None
    for _ in range(limit):
        if int(g.state[S.STEP]) == K.AttackStep.ENCORE:
            return
        g.step(int(g.legal_actions()[0]))
        assert turn is None or int(g.state[S.TURN]) == turn
    raise AssertionError("the encore step never came")


@pytest.mark.parametrize("attacker_wins", [True, False])
def test_when_another_of_your_characters_becomes_reverse_in_battle(pool, attacker_wins):
    sc = _scenario(pool)
    sc.put(0, MOTH if attacker_wins else PLAIN, "stage", pos=0)
    mourner = sc.put(0, MOURNER, "stage", pos=3)
    cheer = sc.put(0, CHEER, "stage", pos=4)
    sc.put(1, PLAIN if attacker_wins else MOTH, "stage", pos=2)  # facing center left (CR 3.6.5)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack with " + ("Moth" if attacker_wins else "Plain"))
    _to_encore(g)
    # the attacker lost: Mourner's trigger; it won: Cheer's (its other character's battle opponent)
    assert _power(g, mourner) == 3000 + (0 if attacker_wins else 1000)
    assert _power(g, cheer) == 3000 + (1500 if attacker_wins else 0)


@pytest.mark.parametrize("direct", [True, False])
def test_when_this_card_direct_attacks(pool, direct):
    sc = _scenario(pool)
    sc.put(0, RUNNER, "stage", pos=0)
    if not direct:
        sc.put(1, PLAIN, "stage", pos=2)
    g = sc.game()
    _act(g, "End the main phase")
    hand = _n(g, "HAND")
    _act(g, ("Direct" if direct else "Frontal") + " attack with Runner")
    assert _n(g, "HAND") == hand + int(direct)


def test_put_the_bottom_card_of_your_opponents_stock_into_their_waiting_room():
    r = _c("【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level 1 or lower, you may put "
           "that character into your opponent's stock. If you do, put the bottom card of your opponent's stock into "
           "their waiting room.")
    assert r.verdict.value == "exact"  # the move reports whether it was done: IF_DONE (session 12)
    assert r.abilities[0]["effect"][0]["then"][-2:] == [{"op": "if_done", "rows": 1},
                                                        {"op": "stock_bottom_to_wr", "count": 1, "who": "opponent"}]


def test_an_open_position_of_your_back_stage_is_the_positions_allowed():
    r = _c("【AUTO】 At the beginning of your climax phase, you may move this card to an open position of your back "
           "stage.")
    assert r.verdict.value == "exact"
    assert r.abilities[0]["effect"][0]["then"][-1] == {"op": "move_position", "positions": ["back"]}


def test_move_this_card_to_an_open_position_of_your_back_stage(pool):
    sc = _scenario(pool)
    sc.put(0, SHIFTER, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=3)
    g = sc.game()
    _act(g, "Use ability 0 of Shifter")
    labels = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert len(labels) == 1 and "back right" in labels[0]  # center positions and the taken back left are not offered
    g.step(int(g.legal_actions()[0]))
    assert g.pool.names[int(g.state[S.CARD + int(g.state[S.STAGE + 4]) * S.CARD_W])] == "Shifter"


def test_the_bottom_card_of_the_stock_goes_to_the_waiting_room(pool):
    sc = _scenario(pool)
    sc.put(0, ROBBER, "stage", pos=0)
    bottom = sc.put(1, PLAIN, "stock")  # the first card put is the bottom one (CR 3.10.2)
    top = sc.put(1, RINA, "stock")
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Robber")
    zone = lambda sl: int(g.state[S.ZONE + sl * S.CARD_W])  # noqa: E731
    assert zone(bottom) == K.Zone.WAITING_ROOM and zone(top) == K.Zone.STOCK


@pytest.mark.parametrize("on_top", [True, False])
def test_cr_10_1_alarm_works_from_the_top_of_the_clock(pool, on_top):
    r = _c("【AUTO】 【CLOCK】 Alarm If this card is the top card of your clock, and you have 2 or more 《Glass》 "
           "characters, at the beginning of your climax phase, draw 1 card.")
    ab = r.abilities[0]
    assert r.verdict.value == "exact" and (ab["zone"], ab["keyword"], ab["trigger"]) == ("clock_top", "alarm",
                                                                                           "begin_climax")
    assert ab["condition"] == {"kind": "trait_count_at_least", "trait": "Glass", "value": 2}  # the card is not counted
    sc = _scenario(pool)
    sc.put(0, BELL, "clock")
    if not on_top:
        sc.put(0, PLAIN, "clock")
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "End the main phase")
    assert _n(g, "HAND") == hand + int(on_top)


def test_cr_10_9_an_auto_ability_working_from_the_memory(pool):
    sc = _scenario(pool)
    ghost = sc.put(0, GHOST, "memory")
    g = sc.game()
    _act(g, "End the main phase")
    assert int(g.state[S.ZONE + ghost * S.CARD_W]) == K.Zone.HAND


def test_look_at_up_to_x_cards_counts_x_first():
    r = _c("【AUTO】 When this card is placed on the stage from your hand, look at up to X cards from the top of your "
           "deck, choose up to 1 card from among them, put it into your hand, and put the rest into your waiting "
           "room. X is equal to the number of 《Glass》 characters you have.")
    assert r.verdict.value == "exact" and r.approximations == ()
    assert r.abilities[0]["effect"] == [{"op": "count", "filter": {"type": "character", "trait": "Glass"}},
                                        {"op": "look_top", "count": "x", "take": 1, "rest": "waiting_room",
                                         "up_to": True}]


@pytest.mark.parametrize("others", [0, 2])
def test_look_at_x_cards_x_counted_when_it_resolves(pool, others):
    sc = _scenario(pool)
    sc.put(0, SCOUT, "stage", pos=0)
    for k in range(others):
        sc.put(0, PLAIN, "stage", pos=1 + k)  # Plain is a 《Glass》 character too
    g = sc.game()
    wr, deck = _n(g, "WR"), _n(g, "DECK")
    _act(g, "Use ability 0 of Scout")
    assert kit.look_all(g) == 1 + others  # X cards at most (CR 3.2.3.1)
    _act(g, "Pass")  # take nothing: every card looked at goes to the waiting room
    assert _n(g, "WR") == wr + 1 + others and _n(g, "DECK") == deck - 1 - others


def test_cr_10_12_accelerate_and_cr_10_11_shift():
    r = _c("【AUTO】 Accelerate [Put the top card of your deck into your clock] At the beginning of your climax phase, "
           "you may pay the cost. If you do, this card gets +1000 power until end of turn.")
    ab = r.abilities[0]
    assert r.verdict.value == "exact" and ab["keyword"] == "accelerate" and ab["cost"] == {"clock_top": 1}
    r = _c("【AUTO】 【CLOCK】 Shift, Level 1 (At the beginning of your main phase, you may choose a green card in your "
           "hand and this card in your clock, and exchange them)")
    ab = r.abilities[0]
    assert r.verdict.value == "exact"
    assert (ab["keyword"], ab["zone"], ab["trigger"], ab["condition"]) == ("shift", "clock", "begin_main",
                                                                          {"kind": "level_at_least", "value": 1})


def test_two_conditions_before_you_may_pay_the_cost():
    # both the ability's condition (all_of, session 28: checked before the cost, as the text says); with [CXCOMBO]
    # the climax is one of them (CR 8.12.1: the icon has no meaning of its own), no combo column
    r = _c('【AUTO】 【CXCOMBO】 [Put 1 card from your hand into your waiting room] When this card attacks, if "Flare" is '
           'in your climax area, and you have 2 or more other 《Glass》 characters, you may pay the cost. If you do, '
           'draw 1 card.')
    ab = r.abilities[0]
    assert r.verdict.value == "exact" and "combo" not in ab
    assert ab["condition"] == {"kind": "all_of", "parts": [{"kind": "climax_named", "name": "Flare"},
                                                           {"kind": "trait_count_at_least", "trait": "Glass", "value": 2}]}
    r = _c("【AUTO】 [Put 1 card from your hand into your waiting room] When this card attacks, if you have 2 or more "
           "other 《Glass》 characters, and your level is 2 or higher, you may pay the cost. If you do, draw 1 card.")
    assert r.verdict.value == "exact"
    assert r.abilities[0]["condition"]["parts"][1] == {"kind": "level_at_least", "value": 2}
    assert r.abilities[0]["effect"] == [{"op": "draw", "count": 1}]


def test_level_x_or_lower_with_x_the_level_of_the_cards_milled_or_revealed():
    r = _c("【ACT】 [(1) 【REST】 this card] Put the top 2 cards of your deck into your waiting room, choose 1 level X or "
           "lower 《Glass》 character in your waiting room, and return it to your hand. X is equal to the total level "
           "of those cards. (Climax are regarded as level 0)")
    assert r.verdict.value == "exact"
    assert r.abilities[0]["effect"] == [
        {"op": "mill_level", "count": 2},
        {"op": "choose", "filter": {"type": "character", "trait": "Glass", "level_max_x": True, "level_max": 0,
                                    "zone": "waiting_room"}, "count": 1},
        {"op": "to_hand"}]  # fmt: skip
    r = _c("【AUTO】 When this card attacks, reveal the top card of your deck, choose 1 level X or lower character in "
           "your waiting room, and return it to your hand. X is equal to the level of the revealed card.")
    assert r.verdict.value == "exact"  # the revealed card is in both observations (engine.reveals)
    assert r.abilities[0]["effect"][0] == {"op": "top_level"}


@pytest.mark.parametrize("milled, offered", [((PLAIN, RINA), False), ((MOTH, PLAIN), True)])
def test_level_x_or_lower_reads_the_total_level_milled(pool, milled, offered):
    sc = _scenario(pool, extra=(MOTH, MOTH))
    sc.put(0, DIGGER, "stage", pos=0)
    sc.put(0, MOTH, "waiting_room")  # the level 1 character that may be chosen
    sc.stack_deck(0, list(milled))
    g = sc.game()
    _act(g, "Use ability 0 of Digger")
    labels = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert any(x.startswith("Choose Moth") for x in labels) == offered  # X = 0 + 0 or 1 + 0


@pytest.mark.parametrize("top, placed", [(PLAIN, True), (MOTH, False)])
def test_you_may_mill_and_put_that_card_on_your_back_stage(pool, top, placed):
    sc = _scenario(pool)
    sc.put(0, DIVER, "stage", pos=0)
    sc.stack_deck(0, [top])
    g = sc.game()
    top_slot = int(g.state[S.DECK_L + _n(g, "DECK") - 1])
    _act(g, "Use ability 0 of Diver")
    _act(g, "Use Diver's ability")  # "you may"
    labels = [g.describe_action(int(a)) for a in g.legal_actions()]
    if placed:  # only the back positions are offered
        assert labels and all("back" in x for x in labels), labels
        g.step(int(g.legal_actions()[0]))
        assert int(g.state[S.ZONE + top_slot * S.CARD_W]) == K.Zone.STAGE
    else:
        assert int(g.state[S.ZONE + top_slot * S.CARD_W]) == K.Zone.WAITING_ROOM


def test_choose_a_card_put_it_on_the_top_and_the_rest_into_the_waiting_room(pool):
    sc = _scenario(pool)
    sc.put(0, SEER, "stage", pos=0)
    sc.stack_deck(0, [PLAIN, RINA, LENA, MOTH])
    g = sc.game()
    wr, deck = _n(g, "WR"), _n(g, "DECK")
    _act(g, "Use ability 0 of Seer")
    kit.look_all(g)
    _act(g, "Choose Lena Len")
    assert _top(g, 2) == ["Lena Len", "Moth"]  # the card taken on top, the fourth card under it
    assert _n(g, "WR") == wr + 2 and _n(g, "DECK") == deck - 2


@pytest.mark.parametrize("defender, stays", [(WALL, True), (PLAIN, False)])
def test_this_card_cannot_become_reverse(pool, defender, stays):
    # Moth (7000) frontal attacks Wall (1000, "cannot become [REVERSE]") or Plain (3000): a reversed
    # defender goes to the waiting room in the encore step (no stock for Encore, CR 7.7)
    sc = _scenario(pool)
    sc.put(0, MOTH, "stage", pos=0)
    d = sc.put(1, defender, "stage", pos=2)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Moth")
    reversed_ = int(g.state[S.ORIENT + d * S.CARD_W]) == K.Orientation.REVERSE
    assert reversed_ != stays
    if reversed_:
        _act(g, "Put reversed Plain")
    assert (int(g.state[S.ZONE + d * S.CARD_W]) == K.Zone.STAGE) == stays


@pytest.mark.parametrize("other, bonus", [(RINA, 1000), (PLAIN, 0)])
def test_if_all_of_your_characters_have_x_in_their_card_names(pool, other, bonus):
    sc = _scenario(pool)
    unity = sc.put(0, UNITY, "stage", pos=0)
    sc.put(0, other, "stage", pos=1)  # "Kagamine Rina" has "Rin"; "Plain" has neither
    g = sc.game()
    assert _power(g, unity) == 3000 + bonus


@pytest.mark.parametrize("milled, bonus", [((PLAIN, RINA, FLARE), 2000), ((FLARE, WALL, MILLER), 2000),
                                           ((FLARE, FLARE, FLARE), 0)])
def test_x_is_the_number_of_matching_cards_among_those_milled(pool, milled, bonus):
    sc = _scenario(pool, extra=(MILLER, MILLER))
    sc.put(0, MILLER, "hand")
    top = list(milled)
    sc.stack_deck(0, [c for c in top if c != FLARE])
    flares = [sl for sl in sc.zone(0, sc.DECK) if int(sc.row[S.CARD + sl * S.CARD_W]) == FLARE]
    for k, c in reversed(list(enumerate(top))):  # the order does not matter for the count
        if c == FLARE:
            sc.move(flares.pop(), sc.DECK)
    g = sc.game()
    _act(g, "Play Miller to center left")
    miller = int(g.state[S.STAGE + 0])
    assert _power(g, miller) == 3000 + bonus  # Glass characters: Plain, Kagamine Rina, Wall, Miller (all Glass)


def test_return_all_cards_from_your_waiting_room_to_your_deck(pool):
    sc = _scenario(pool)
    sc.put(0, RECYCLER, "stage", pos=0)
    for c in (PLAIN, RINA, LENA):
        sc.put(0, c, "waiting_room")
    g = sc.game()
    deck = _n(g, "DECK")
    _act(g, "Use ability 0 of Recycler")
    assert _n(g, "WR") == 0 and _n(g, "DECK") == deck + 3


def test_a_name_part_with_its_japanese_original_is_looked_for_in_english():
    r = _c('【CONT】 All of your other characters with "Kyoko(杏子)" in its card name get +500 power.')
    assert r.verdict.value == "approximate" and r.approximations == ("name_part_english",)
    assert r.abilities[0]["effect"][0]["filter"]["name_contains"] == ["Kyoko"]


def test_a_name_part_no_card_of_the_list_has_is_unsupported(tmp_path):
    recs = [_rec("T/S09-101", "Alone", ['【CONT】 All of your other characters with "Nobody" in its card name get '
                                        '+500 power.'])]
    p = tmp_path / "list.json"
    p.write_text(json.dumps(recs))
    res = import_ws_json(p)
    assert "no card of this list has" in res.unsupported["T/S09-101"][0]


def test_small_variants_of_known_sentences():
    # "in battle" after the battle opponent's reversal (it only happens in battle), "in any order" for cards
    # the player chooses one at a time (moved in that order), "choose another of your characters"
    r = _c("【AUTO】 When this card's battle opponent becomes 【REVERSE】 in battle, draw 1 card.")
    assert r.verdict.value == "exact" and r.abilities[0]["trigger"] == "battle_opp_reversed"
    r = _c("【AUTO】 When this card attacks, choose up to 2 《Glass》 characters in your waiting room, and put them into "
           "your stock in any order.")
    assert r.verdict.value == "exact" and r.abilities[0]["effect"][-1] == {"op": "to_stock"}
    r = _c("【AUTO】 When this card attacks, choose another of your characters, and that character gets +1000 power "
           "until end of turn.")
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "relation": "other"}


def test_choose_another_of_your_characters_and_this_card():
    r = _c("【AUTO】 When this card attacks, choose another of your 《Glass》 characters and this card, and those "
           "characters get +1500 power until end of turn.")
    assert r.verdict.value == "exact"
    assert [o["op"] for o in r.abilities[0]["effect"]] == ["target_self", "choose", "power", "power"]
