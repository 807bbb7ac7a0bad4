"""Force of Will card text, session 32 (branch s32b): continuous abilities (CR 904) - the ATK/DEF change printed after the
keywords, "unless <condition>", "cannot be attacked or blocked", a granted "This card cannot be blocked.", conditions on
counts ("there are N or more cards in your removed area", "you control N or more gems / twenty or more <cards>":
Condition.COUNT_AT_LEAST), one continuous ability for each "As long as ..." of a line. Lines are made up in the game's
template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest
from numba import njit

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.battle import attackable, can_block
from tcg_env.games.force_of_will.characteristics import keywords_of
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s19b import _all_exact, _card, _kernel_reads


def _cont(r):
    (ab,) = r.abilities
    assert ab["kind"] == "continuous"
    return ab


# ---- the compiler ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "This card gains [Swiftness] and [+500/+500] as long as you control a regalia.",
    "This card gains [Swiftness], [Flying], and [+500/+500] as long as you control a regalia.",
])
def test_cr_904_keywords_before_the_atk_def_change(text):
    ab = _cont(exact(text))
    ops = {op["op"]: op for op in ab["effect"]}
    assert (ops["aura_power"]["atk"], ops["aura_power"]["defense"]) == (500, 500)
    assert "swiftness" in ops["aura_keyword"]["keywords"]
    assert ab["condition"]["kind"] == "control_at_least"


def test_cr_803_3b_804_3_opponents_j_resonators_cannot_attack_or_block_this_card():
    ab = _cont(exact("J/resonators your opponent controls cannot attack or block this card."))
    assert ab["effect"] == [{"op": "aura_restrict", "restrictions": ["cant_be_attacked", "cant_be_blocked"],
                             "filter": {"self_only": True}}]
    assert _cont(exact("This card cannot be blocked or attacked."))["effect"][0]["restrictions"] == [
        "cant_be_attacked", "cant_be_blocked"]


def test_cr_904_unless_the_weather_is_the_condition_not_holding():
    ab = _cont(exact("This card cannot attack or block unless the weather is rain."))
    assert ab["condition"] == {"kind": "weather_is_not", "value": "rain"}
    assert _cont(exact("This card cannot attack unless weather is thunderstorm."))["condition"] == {
        "kind": "weather_is_not", "value": "thunderstorm"}


def test_cr_1007_1_unless_it_is_damaged_reads_this_cards_damage():
    ab = _cont(exact("This card cannot attack or block unless it's damaged."))
    assert ab["condition"] == {"kind": "control_none", "value": 1,
                               "filter": {"self_only": True, "state": "damaged", "side": "own"}}


def test_cr_904_unless_you_control_a_card_is_control_none():
    assert _cont(exact("This card cannot attack unless you control a regalia."))["condition"]["kind"] == "control_none"
    # a condition the engine cannot negate stays unsupported
    assert line("This card cannot attack unless your life is 1000 or less.").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("text, per, n", [
    ("As long as there are ten or more cards in your removed area, this card gains [+300/+300].", {"count": "removed"}, 10),
    ("This card gains [+300/+300] as long as there are five or more cards in your opponent's removed area.",
     {"count": "opp_removed"}, 5),
    ("This card gains [+400/+400] as long as you control ten or more gems.", {"count": "gems"}, 10),
    ("As long as you control twenty or more Knights, this card gains [Pierce].",
     {"count": "field", "filter": {"race": "Knight", "side": "own"}}, 20),
])
def test_cr_904_conditions_on_counts(text, per, n):
    ab = _cont(exact(text, races=frozenset({"Knight"})))
    assert ab["condition"] == {"kind": "count_at_least", "value": n, "per": per}


def test_cr_904_the_comma_before_as_long_as_and_it_of_this_card():
    assert _cont(exact("This card gains [+300/+300] and [Swiftness], as long as you control a regalia."))
    ab = _cont(exact("As long as there are one or more evolution counters on this card, it gains [+300/+300]."))
    assert ab["effect"][0]["filter"] == {"self_only": True}


def test_cr_904_a_granted_cannot_be_blocked_is_the_cards_restriction():
    ab = _cont(exact('This card gains [+300/+300] and "This card cannot be blocked." as long as you control four or more '
                     'water magic stones.'))
    assert [op["op"] for op in ab["effect"]] == ["aura_power", "aura_restrict"]
    assert ab["effect"][1]["restrictions"] == ["cant_be_blocked"]


def test_cr_904_each_as_long_as_is_its_own_continuous_ability():
    r = exact("As long as there are five or more cards in your removed area, resonators you control gain [+100/+100]. As "
              "long as there are ten or more cards in your removed area, resonators you control gain [Swiftness].")
    assert [ab["condition"]["value"] for ab in r.abilities] == [5, 10]
    assert [ab["effect"][0]["op"] for ab in r.abilities] == ["aura_power", "aura_keyword"]
    # on a chant (an effect) it stays unsupported
    assert line("As long as you control a regalia, draw a card. As long as you control an addition, draw a card.",
                "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1104_1110_reminders_and_misprints_of_continuous_lines():
    assert _cont(exact("This card cannot attacks"))["effect"][0]["restrictions"] == ["cant_attack"]
    assert _cont(exact("This car gains [Flying] as long as the weather is rain. (This card cannot be blocked by "
                       "J/resonators without [Flying].)"))["condition"] == {"kind": "weather_is", "value": "rain"}
    assert _cont(exact("This card gains [Precision] as long as you control a darkness gem. (This card can attack "
                       "recovered J/resonators)."))["effect"][0]["keywords"] == ["precision"]


def test_cr_205_race_words_before_and_as_the_noun():
    ab = _cont(exact("Other Fairies J/resonators you control gain [+200/0].", races=frozenset({"Fairy"})))
    assert ab["effect"][0]["filter"] == {"exclude_self": True, "race": "Fairy", "type": ["j_resonator"], "side": "own"}
    ab = _cont(exact("Cthulhu you control gain [+200/+200].", races=frozenset({"Cthulhu"})))
    assert ab["effect"][0]["filter"] == {"race": "Cthulhu", "side": "own"}


def test_cr_202_cards_named_you_control():
    ab = _cont(exact('Cards named "Made-up Pup" you control cannot be targeted by spells or abilities your opponent '
                     'controls.'))
    assert ab["effect"] == [{"op": "aura_keyword", "keywords": ["barrier"], "filter": {"name": "Made-up Pup",
                                                                                        "side": "own"}}]


def test_cr_1018_1b_prevent_the_damage_j_rulers_would_deal():
    ab = _cont(exact("Prevent all damage that would be dealt to this card by J-Rulers."))
    assert ab["effect"][0]["source"] == {"type": ["j_ruler"]}


def test_cr_909_an_atk_def_change_of_the_cards_with_a_keyword():
    ab = _cont(exact("Resonators you control with [Flying] gain [+200/+200]."))
    assert ab["effect"][0]["filter"] == {"type": ["resonator"], "keyword": ["flying"], "side": "own"}
    assert _cont(exact("Resonators you control without [Flying] cannot attack."))["effect"][0]["op"] == "aura_restrict"
    # keywords given to the cards with a keyword, and a count of them, stay unsupported (no order between them here)
    assert line("Resonators you control with [Flying] gain [Swiftness].").verdict is Verdict.UNSUPPORTED
    assert line("This card gains [+100/+100] for each resonator with [Flying] you control.").verdict is Verdict.UNSUPPORTED


def test_cr_1417_2_cannot_be_destroyed_as_long_as_is_eternal_while_it_holds():
    ab = _cont(exact("[Continuous]: This card cannot be destroyed as long as you control a regalia."))
    assert ab["effect"] == [{"op": "aura_keyword", "keywords": ["eternal"], "filter": {"self_only": True}}]
    assert ab["condition"]["kind"] == "control_at_least"
    assert _cont(exact("Other additions you control cannot be destroyed."))["effect"][0]["keywords"] == ["eternal"]
    r = exact("Target resonator cannot be destroyed until end of turn.", "chant")
    assert r.fields["effect"][1] == {"op": "grant_keyword", "keywords": ["eternal"], "duration": "end_of_turn"}
    # the unconditional own one stays the printed keyword (CR 1417.1)
    assert exact("This card cannot be destroyed.").fields == {"keywords": ["eternal"]}


def test_cr_310_for_each_card_in_your_chant_standby_area():
    ab = _cont(exact("This card gains [+100/+100] for each card in your chant-standby area."))
    assert ab["effect"][0]["per"] == {"count": "standby"}
    assert _cont(exact("This card gains [+100/+100] for each card into your hand."))["effect"][0]["per"] == {
        "count": "hand"}


def test_cr_910_1_put_into_the_field_instead_of_the_graveyard_from_the_deck():
    ab = _cont(exact("If this card would be put into your graveyard from your deck, put it into the field instead."))
    assert ab["effect"] == [{"op": "deck_grave_to_field"}]
    assert line("If this card would be put into your graveyard from your deck, put it into the field instead.",
                "chant").verdict is Verdict.UNSUPPORTED


def test_cr_904_if_its_a_race_the_added_card_of_that_race_gains_more():
    r = exact("Resonator with this gains [+400/+0]. If it's a Knight, it also gains [First Strike] and [Pierce].",
              "addition", addition="resonator", races=frozenset({"Knight"}))
    ab = _cont(r)
    assert ab["effect"] == [
        {"op": "aura_power", "atk": 400, "defense": 0, "filter": {"added_to": True, "type": ["resonator"]}},
        {"op": "aura_keyword", "keywords": ["first_strike", "pierce"],
         "filter": {"added_to": True, "type": ["resonator"], "race": "Knight"}}]
    ab = _cont(exact("Added resonator gains [+300/+300]. If it's a Knight, it gains [+600/+600] and [Target Attack] "
                     "instead.", "addition", addition="resonator", races=frozenset({"Knight"})))
    assert [op["filter"].get("race") or op["filter"].get("not_race") for op in ab["effect"]] == ["Knight"] * 3
    assert ab["effect"][0]["filter"]["not_race"] == "Knight"
    # "it" of a kind the added card's filter names already stays unsupported
    assert line("Added resonator gains [+300/+300]. If it's a resonator, it gains [+600/+600] instead.", "addition",
                addition="resonator").verdict is Verdict.UNSUPPORTED


def test_cr_904_one_gain_for_each_as_long_as_of_a_list():
    r = exact("This card gains [Target Attack] as long as you control a light resonator, [Swiftness] as long as you "
              "control a fire resonator and [+200/+200] as long as you control a wind resonator.")
    assert [ab["condition"]["filter"]["attribute"] for ab in r.abilities] == [["light"], ["fire"], ["wind"]]
    assert [ab["effect"][0]["op"] for ab in r.abilities] == ["aura_keyword", "aura_keyword", "aura_power"]


def test_cr_904_as_long_as_its_an_attribute_is_the_cards_filter():
    ab = _cont(exact("Your J-Ruler gains [+200/+200] as long as it's darkness."))
    assert ab["effect"][0]["filter"] == {"type": ["j_ruler"], "side": "own", "attribute": ["darkness"]}
    assert "condition" not in ab


def test_cr_1022_no_counters_and_a_named_counter_on_it():
    ab = _cont(exact("This card cannot attack as long as there are no [+100/+100] counters on it."))
    assert ab["condition"] == {"kind": "count_fewer", "value": 1, "per": {"count": "self_counters"}}
    ab = _cont(exact("This card gains [+600/0] as long as it has a glass counter on it."))
    assert ab["condition"] == {"kind": "named_counters_at_least", "value": 1, "counter_name": "glass",
                               "counters_from": "this_card"}


def test_cr_904_cards_enter_the_field_rested():
    ab = _cont(exact("J/resonators your opponent controls enter the field rested."))
    assert ab["effect"] == [{"op": "enter_rested", "filter": {"type": ["j_resonator"], "side": "opponent"}}]
    ab = _cont(exact("Resonators entering the field under your opponent's control enter the field rested."))
    assert ab["effect"][0]["filter"] == {"type": ["resonator"], "side": "opponent"}
    assert _cont(exact("Resonators with total cost 1 or less enter the field rested."))["effect"][0]["filter"] == {
        "type": ["resonator"], "cost_max": 1}


def test_cr_1101_1b_a_filter_of_cards_with_a_printed_mark():
    ab = _cont(exact("Other resonators with [Will of Hope] you control gain [+200/+200] and [Barrier]."))
    assert ab["effect"][0]["filter"] == {"exclude_self": True, "type": ["resonator"], "mark": ["will_of_hope"],
                                         "side": "own"}
    ab = _cont(exact("This card gains [+200/+200] as long as you control a resonator with [Will of Despair]."))
    assert ab["condition"]["filter"]["mark"] == ["will_of_despair"]
    ab = _cont(exact("This card gains [+100/+100] for each other resonator with [Will of Despair] you control."))
    assert ab["effect"][0]["per"]["filter"]["mark"] == ["will_of_despair"]


def test_cr_904_a_higher_tier_instead_is_the_difference_under_the_stronger_condition():
    r = exact("Resonators you control gain [+200/+200] as long as there are three or more grave-post counters on this "
              "card. As long as there are seven or more grave-post counter on this card, they gain [+400/+300] instead.")
    assert [(ab["effect"][0]["atk"], ab["effect"][0]["defense"], ab["condition"]["value"]) for ab in r.abilities] == [
        (200, 200, 3), (200, 100, 7)]
    r = exact("Other light resonators you control gain [+200/+200]. As long as there are four or more runes revealed "
              "from your rune area, they gain [+400/+400] instead.")
    assert [ab.get("condition") for ab in r.abilities] == [None, {"kind": "runes_revealed_at_least", "value": 4}]
    # a weaker second condition (it may hold where the first does not) stays unsupported
    assert line("Resonators you control gain [+200/+200] as long as there are seven or more grave-post counters on "
                "this card. As long as there are three or more grave-post counters on this card, they gain [+400/+400] "
                "instead.").verdict is Verdict.UNSUPPORTED


def test_cr_804_3_cannot_be_blocked_by_cards_of_a_filter():
    ab = _cont(exact("This card cannot be blocked by resonators with ATK 600 or less."))
    assert ab["effect"] == [{"op": "barred_by", "by": ["blocked"], "filter": {"type": ["resonator"], "atk_max": 600}}]
    ab = _cont(exact("This card cannot be attacked or blocked by resonators with total cost 1 or less."))
    assert ab["effect"][0]["by"] == ["attacked", "blocked"]
    assert line("Target resonator cannot be blocked by water resonators until end of turn.", "chant").verdict \
        is Verdict.UNSUPPORTED


# ---- in the engine -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pool32b(tmp_path_factory):
    cards = [
        _card("TXT-321", "Made-up Hoarder", "Resonator", [
            "This card gains [+300/+300] as long as there are three or more cards in your removed area."],
            ATK=100, DEF=100),
        _card("TXT-322", "Made-up Gem Knight", "Resonator", [
            "This card gains [+400/+400] as long as you control two or more gems."], ATK=100, DEF=100),
        _card("TXT-323", "Made-up Sulker", "Resonator", ["This card cannot attack or block unless it's damaged."],
              ATK=100, DEF=500),
        _card("TXT-324", "Made-up Ghost", "Resonator", [
            "J/resonators your opponent controls cannot attack or block this card."], ATK=100, DEF=100),
        _card("TXT-325", "Made-up Tiers", "Resonator", [
            "As long as there are two or more cards in your removed area, this card gains [+100/+100]. As long as there "
            "are four or more cards in your removed area, this card gains [+200/+200]."], ATK=100, DEF=100),
        _card("TXT-326", "Made-up Pup", "Resonator", [], ATK=100, DEF=100),
        _card("TXT-327", "Made-up Wing Captain", "Resonator", ["Resonators you control with [Flying] gain [+200/+200]."],
              ATK=100, DEF=100),
        _card("TXT-328", "Made-up Bird", "Resonator", ["[Flying]"], ATK=100, DEF=100),
        _card("TXT-329", "Made-up Kite", "Resonator", ["This card gains [Flying]."], ATK=100, DEF=100),
        _card("TXT-331", "Made-up Lurker", "Resonator", [
            "This card gains [+100/+100] for each card in your chant-standby area."], ATK=100, DEF=100),
        _card("TXT-332", "Made-up Seedling", "Resonator", [
            "If this card would be put into your graveyard from your deck, put it into the field instead.",
            "[Enter] => You gain 300 life."], ATK=100, DEF=100),
        _card("TXT-333", "Made-up Dig", "Chant", ["Put the top two cards of your deck into your graveyard."]),
        _card("TXT-334", "Made-up Crest", "Addition:Resonator", [
            "Added resonator gains [+300/+300]. If it's a Knight, it gains [+600/+600] and [Flying] instead."]),
        _card("TXT-335", "Made-up Knight", "Resonator", [], ATK=100, DEF=100, race=["Knight"]),
        _card("TXT-336", "Made-up Sleeper", "Resonator", [
            "This card cannot attack as long as there are no [+100/+100] counters on it."], ATK=100, DEF=100),
        _card("TXT-337", "Made-up Warden", "Resonator", ["J/resonators your opponent controls enter the field rested."],
              ATK=100, DEF=100),
        _card("TXT-338", "Made-up Villain Boss", "Resonator", ["J/resonators with [Villains] you control gain [+400/+400]."],
              ATK=100, DEF=100),
        _card("TXT-339", "Made-up Villain", "Resonator", ["[Villains]"], ATK=100, DEF=100),
        _card("TXT-340", "Made-up Giant", "Resonator", [
            "This card cannot be attacked or blocked by resonators with ATK 600 or less."], ATK=1000, DEF=1000),
        _card("TXT-341", "Made-up Brute", "Resonator", [], ATK=700, DEF=700),
        _card("TXT-330", "Made-up Stubborn", "Resonator", [
            "This card cannot be destroyed as long as there are two or more cards in your removed area."], ATK=100, DEF=100),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s32b"), cards)
    _all_exact(res)
    return pool


def _scene(pool, card, removed=0):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    (slot,) = sc.field(0, [card])
    for _ in range(removed):
        sc.put(0, "TXT-326", K.Zone.REMOVED)
    return sc, slot


@pytest.mark.parametrize("removed, atk", [(2, 100), (3, 400), (5, 400)])
def test_cr_904_a_count_of_the_removed_area_turns_the_ability_on(pool32b, removed, atk):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, "TXT-321", removed)
    g = sc.game()
    assert tuple(map(int, values(g.state, pool32b.kernel_tables, slot)[:2])) == (atk, atk)


@pytest.mark.parametrize("gems, atk", [(1, 100), (2, 500)])
def test_cr_313_1_a_count_of_gems_turns_the_ability_on(pool32b, gems, atk):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, "TXT-322")
    sc.row[S.GEMS + 0 * K.N_ATTRIBUTES + int(K.Attribute.FIRE)] = gems - 1
    sc.row[S.GEMS + 0 * K.N_ATTRIBUTES + int(K.Attribute.WATER)] = 1
    g = sc.game()
    assert int(values(g.state, pool32b.kernel_tables, slot)[0]) == atk


@pytest.mark.parametrize("damage, restricted", [(0, True), (200, False)])
def test_cr_1007_1_cannot_attack_or_block_unless_damaged(pool32b, damage, restricted):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, "TXT-323")
    sc.row[S.DAMAGE + slot * S.CARD_W] = damage
    g = sc.game()
    bits = int(values(g.state, pool32b.kernel_tables, slot)[2])
    assert bool(bits & K.RESTRICT_CANT_ATTACK) is restricted and bool(bits & K.RESTRICT_CANT_BLOCK) is restricted


def test_cr_803_3b_the_opponents_resonators_cannot_attack_this_card(pool32b):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, "TXT-324")
    g = sc.game()
    bits = int(values(g.state, pool32b.kernel_tables, slot)[2])
    assert bits & K.RESTRICT_CANT_BE_ATTACKED and bits & K.RESTRICT_CANT_BE_BLOCKED


@pytest.mark.parametrize("removed, atk", [(1, 100), (2, 200), (4, 400)])
def test_cr_904_two_conditions_two_abilities_each_in_force_on_its_own(pool32b, removed, atk):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, "TXT-325", removed)
    g = sc.game()
    assert int(values(g.state, pool32b.kernel_tables, slot)[0]) == atk


def test_cr_909_with_flying_reads_the_keywords_the_continuous_abilities_give(pool32b):
    """"Resonators you control with [Flying] gain [+200/+200]." changes a resonator with [Flying] printed and one given
    [Flying] by a continuous ability (characteristics.aura_applies; the observation's field_aura_sums agrees), not one
    without, nor the opponent's."""
    values, field_sums = _kernel_reads()[:2]
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32b, turn_player=0, seed=3)
    captain, bird, kite, pup = sc.field(0, ["TXT-327", "TXT-328", "TXT-329", "TXT-326"])
    (theirs,) = sc.field(1, ["TXT-328"])
    g = sc.game()
    T = pool32b.kernel_tables
    got = {k: int(values(g.state, T, k)[0]) for k in (captain, bird, kite, pup, theirs)}
    assert got == {captain: 100, bird: 300, kite: 300, pup: 100, theirs: 100}
    f0 = [int(x) for x in sc.zone(0, "field")]
    f1 = [int(x) for x in sc.zone(1, "field")]
    sums = field_sums(g.state, T, len(f0) + len(f1))
    assert [int(sums[4 * f0.index(k)]) for k in (captain, bird, kite, pup)] == [0, 200, 200, 0]
    assert int(sums[4 * (len(f0) + f1.index(theirs))]) == 0


@pytest.mark.parametrize("removed, eternal", [(1, False), (2, True)])
def test_cr_1417_2_cannot_be_destroyed_while_the_condition_holds(pool32b, removed, eternal):
    """[Eternal] while the condition holds (characteristics.keywords_of reads the continuous abilities)."""
    sc, slot = _scene(pool32b, "TXT-330", removed)
    g = sc.game()
    assert bool(int(_keywords(g.state, pool32b.kernel_tables, slot)) & K.KW_ETERNAL) is eternal


@njit(cache=True)
def _keywords(s, T, slot):
    return keywords_of(K.RULES, s, T, slot)


@pytest.mark.parametrize("standby", [0, 2])
def test_cr_310_the_standby_area_counted(pool32b, standby):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, "TXT-331")
    for _ in range(standby):
        sc.put(0, "TXT-326", K.Zone.STANDBY)
    sc.put(1, "TXT-326", K.Zone.STANDBY)  # the opponent's: not counted
    g = sc.game()
    assert int(values(g.state, pool32b.kernel_tables, slot)[0]) == 100 + 100 * standby


def test_cr_910_1_the_milled_resonator_enters_the_field_instead(pool32b):
    """Milled from its owner's main deck by a chant, the resonator with the replacement enters the field under its
    owner's control (its [Enter] ability triggers and resolves); the other milled card goes to the graveyard."""
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    sc = Scenario.main_phase(pool32b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    other = sc.put(0, "TXT-326", K.Zone.MAIN_DECK, top=True)
    seed = sc.put(0, "TXT-332", K.Zone.MAIN_DECK, top=True)
    sc.hand(0, ["TXT-333"])
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.LIFE]) != life, steps=40)
    assert int(g.state[S.ZONE + seed * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.CONTROLLER + seed * S.CARD_W]) == 0
    assert int(g.state[S.ZONE + other * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.LIFE]) == life + 300


@pytest.mark.parametrize("target, power, flying", [("TXT-326", (400, 400), False), ("TXT-335", (700, 700), True)])
def test_cr_904_the_added_resonators_race_decides_which_it_gains(pool32b, target, power, flying):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, target)
    (crest,) = sc.field(0, ["TXT-334"])
    sc.row[S.ATTACHED + crest * S.CARD_W] = slot
    g = sc.game()
    T = pool32b.kernel_tables
    assert tuple(map(int, values(g.state, T, slot)[:2])) == power
    assert bool(int(_keywords(g.state, T, slot)) & K.KW_FLYING) is flying


@pytest.mark.parametrize("counters, restricted", [(0, True), (1, False)])
def test_cr_1022_cannot_attack_while_no_counters_are_on_it(pool32b, counters, restricted):
    values = _kernel_reads()[0]
    sc, slot = _scene(pool32b, "TXT-336")
    sc.row[S.COUNTERS + slot * S.CARD_W] = counters
    g = sc.game()
    assert bool(int(values(g.state, pool32b.kernel_tables, slot)[2]) & K.RESTRICT_CANT_ATTACK) is restricted


@pytest.mark.parametrize("warden_side, rested", [(1, True), (0, False)])
def test_cr_904_the_opponents_resonator_enters_the_field_rested(pool32b, warden_side, rested):
    """"J/resonators your opponent controls enter the field rested." of player 1's card: player 0's resonator played from
    the hand enters rested (zones.enter_field); with the card on player 0's side it enters recovered."""
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    sc = Scenario.main_phase(pool32b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    sc.field(warden_side, ["TXT-337"])
    (pup,) = sc.hand(0, ["TXT-326"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + pup * S.CARD_W]) == K.Zone.FIELD, steps=20)
    assert int(g.state[S.ZONE + pup * S.CARD_W]) == K.Zone.FIELD
    assert bool(int(g.state[S.RESTED + pup * S.CARD_W])) is rested


def test_cr_1101_1b_with_villains_matches_the_cards_printed_with_it(pool32b):
    values = _kernel_reads()[0]
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32b, turn_player=0, seed=3)
    boss, villain, pup = sc.field(0, ["TXT-338", "TXT-339", "TXT-326"])
    (theirs,) = sc.field(1, ["TXT-339"])
    g = sc.game()
    T = pool32b.kernel_tables
    got = {k: int(values(g.state, T, k)[0]) for k in (boss, villain, pup, theirs)}
    assert got == {boss: 100, villain: 500, pup: 100, theirs: 100}


@njit(cache=True)
def _can_block(s, T, p, slot):
    return can_block(K.RULES, s, T, p, slot)


@njit(cache=True)
def _attackable(game, s, T, attacker, slot):
    # the tag is an argument: battle.attackable is inlined, and numba's inliner lowers a global of the tag's empty
    # struct type as a null pointer ("Storing i8* to ptr of {}")
    return attackable(game, s, T, attacker, slot)


def test_cr_804_3_803_3b_only_the_cards_of_the_filter_cannot_block_or_attack_it(pool32b):
    """"This card cannot be attacked or blocked by resonators with ATK 600 or less.": attacking, player 1's 100 ATK
    resonator cannot block it and the 700 ATK one can (battle.can_block_now); rested, it cannot be attacked by the 100
    ATK one, and can by the 700 ATK one (battle.attackable)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32b, turn_player=0, seed=3)
    (giant,) = sc.field(0, ["TXT-340"])
    small, brute = sc.field(1, ["TXT-326", "TXT-341"])
    sc.row[S.ATTACKER] = giant
    g = sc.game()
    T = pool32b.kernel_tables
    assert not _can_block(g.state, T, 1, small) and _can_block(g.state, T, 1, brute)
    sc2 = Scenario.main_phase(pool32b, turn_player=1, seed=3)
    (giant2,) = sc2.field(0, ["TXT-340"], rested=True)
    small2, brute2 = sc2.field(1, ["TXT-326", "TXT-341"])
    g2 = sc2.game()
    assert not _attackable(K.RULES, g2.state, T, small2, giant2) and _attackable(K.RULES, g2.state, T, brute2, giant2)
