"""The Dragon Ball Super Card Game's card-text compiler (tcg_env/games/dbscg/card_text.lark and
card_text.py): made-up lines in the game's template language -> the skills and the verdict, the
unsupported ones with their reason; the import report on the sample lists (skipped without
``../shared/carddata``); the engine playing what the new pieces compile to (rule numbers:
dbscg-rules-1.073.txt); an imported pool playing random games with the conformance invariants."""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.dbscg.card_text import APPROXIMATIONS, COMPILER
from tcg_env.games.dbscg.importer import import_dbscg_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "conformance"))

_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "dbscg"
BATTLE = {"type": "battle", "side": "front"}
LEADER = {"type": "leader", "side": "front"}


def compiled(line: str, card=BATTLE):
    return COMPILER.compile_line(line, card)


def effect(line: str, card=BATTLE) -> list[dict]:
    r = compiled(line, card)
    assert r.compiled, r.reason
    return r.abilities[0]["effect"]


# ---- keywords (10-x) ------------------------------------------------------------------------------
def test_keyword_line_with_its_reminder_sets_the_keyword():
    r = compiled("[Blocker] (When one of your other cards is attacked, you may switch this card to Rest Mode.)")
    assert r.verdict is Verdict.EXACT and r.abilities == [] and r.fields == {"keywords": ["blocker"]}
    r = compiled("[Double Strike] (This card inflicts 2 damage instead of 1 when attacking)[Barrier] (text)")
    assert r.fields == {"keywords": ["double_strike", "barrier"]}


def test_energy_exhaust_is_a_keyword():
    assert compiled("[Energy-Exhaust] (placed in an Energy Area in Rest Mode)").fields == {"keywords": ["energy_exhaust"]}


def test_an_unknown_keyword_is_unsupported():
    r = compiled("[Quadruple Strike] (This card inflicts 4 damage instead of 1 when attacking)")
    assert r.verdict is Verdict.UNSUPPORTED and "no sentence of the grammar" in r.reason


# ---- [Auto] (8-1-5-1): triggers, conditions ------------------------------------------------------------
@pytest.mark.parametrize("trigger,name", [
    ("When you play this card", "on_play"), ("When you play this card from your hand", "on_play_from_hand"),
    ("When this card attacks", "on_attack"), ("When this card is attacked", "on_attacked"),
    ("When this card is KO'd", "on_ko"), ("When you combo with this card", "on_combo"),
    ("At the end of your turn", "end_turn"), ("At the start of your Main Phase", "start_main"),
    ("When one of your cards attacks", "ally_attacks"), ("When a card evolves into this card", "on_evolve"),
])  # fmt: skip
def test_cr_8_1_5_1_auto_triggers(trigger, name):
    r = compiled(f"[Auto] {trigger}, draw 2 cards.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities == [{"kind": "auto", "trigger": name, "once_per_turn": False, "optional": False,
                            "effect": [{"op": "draw", "count": 2}]}]  # fmt: skip


def test_attacking_a_leader_is_the_skills_condition():
    (ab,) = compiled("[Auto] [Once per turn] When this card attacks a Leader Card, draw 1 card.").abilities
    assert ab["trigger"] == "on_attack" and ab["once_per_turn"] and ab["condition"] == {"kind": "attacking_leader",
                                                                                          "value": 0}  # fmt: skip


def test_during_your_turn_and_a_trigger_suffix_are_conditions():
    (ab,) = compiled("[Auto] During your turn, when you combo with this card, draw 1 card.").abilities
    assert ab["condition"] == {"kind": "my_turn", "value": 0}
    (ab,) = compiled("[Auto] When you combo with this card during your opponent's turn, draw 1 card.").abilities
    assert ab["condition"] == {"kind": "opp_turn", "value": 0}


def test_leader_named_conditions_and_it_is_the_leader():
    ops = effect("[Activate Battle] If your Leader Card is a <Tester> card, it gets +5000 power for the duration of "
                 "the battle.")  # fmt: skip
    assert ops[0] == {"op": "if", "condition": "leader_character", "value": 0, "character": "Tester", "skip": 2}
    assert ops[1] == {"op": "select_all", "reg": 0, "filter": {"side": "own", "zone": "leader_or_battle",
                                                               "types": ["leader"]}}  # fmt: skip
    (ab,) = compiled("[Activate Main] If your Leader Card is a <<Testling>> card : Draw 1 card.").abilities
    assert ab["condition"] == {"kind": "leader_trait", "value": 0, "trait": "Testling"}
    assert compiled("[Activate Main] It gains +5000 power for the duration of the turn.").verdict is Verdict.UNSUPPORTED


def test_two_triggers_make_two_skills():
    r = compiled("[Auto] When a card evolves into this card, or if you combo with this card, draw 1 card.")
    assert [a["trigger"] for a in r.abilities] == ["on_evolve", "on_combo"]
    assert r.abilities[0]["effect"] == r.abilities[1]["effect"] == [{"op": "draw", "count": 1}]


def test_if_and_if_are_two_ifs_over_the_rest():
    ops = effect("[Auto] When you combo with this card, if your Leader Card is red and your life is at 4 or less, "
                 "draw 1 card.")  # fmt: skip
    assert ops == [{"op": "if", "condition": "leader_colour", "value": 1, "skip": 2},
                   {"op": "if", "condition": "life_at_most", "value": 4, "skip": 1}, {"op": "draw", "count": 1}]


# ---- targets and what is done to them (8-5-3, 8-5-4) --------------------------------------------------------
def test_cr_8_5_3_choose_up_to_one_opponent_battle_card_by_cost_and_ko_it():
    assert effect("[Auto] When you play this card, choose up to 1 of your opponent's Battle Cards with an energy cost "
                  "of 3 or less and KO it.") == [  # fmt: skip
        {"op": "choose", "reg": 0, "count": 1, "up_to": True,
         "filter": {"side": "opponent", "zone": "battle", "types": ["battle"], "cost_max": 3}},
        {"op": "ko", "reg": 0}]  # fmt: skip


def test_a_pronoun_sentence_acts_on_the_chosen_card_and_it_alone_is_this_card():
    ops = effect("[Activate Battle] Choose up to 1 of your red cards. It gains +6000 power for the duration of the "
                 "battle.")  # fmt: skip
    assert ops[0]["filter"] == {"side": "own", "zone": "leader_or_battle", "colours": ["red"]}
    assert ops[1] == {"op": "power", "amount": 6000, "duration": "end_of_battle", "reg": 0}
    assert effect("[Auto] When this card attacks, it gains +5000 power for the duration of the turn.") == [
        {"op": "target_self", "reg": 0}, {"op": "power", "amount": 5000, "duration": "end_of_turn", "reg": 0}]


def test_this_card_or_one_of_your_battle_cards():
    line = "[Activate Main] Choose this card or 1 of your Battle Cards. It gains [Critical] for the duration of the turn."
    assert effect(line, LEADER)[0]["filter"] == {"side": "own", "zone": "leader_or_battle", "types": ["leader", "battle"]}
    assert effect(line)[0]["filter"] == {"side": "own", "zone": "battle", "types": ["battle"]}


def test_energy_switch_and_two_registers():
    ops = effect("[Auto] When you play this card, choose up to 2 of your energy and switch them to Active Mode. "
                 "Then, this card gains [Critical] for the duration of the turn.")  # fmt: skip
    assert ops[0]["filter"] == {"side": "own", "zone": "energy"} and ops[1] == {"op": "active", "reg": 0}
    assert ops[2:] == [{"op": "target_self", "reg": 1},
                       {"op": "grant_keyword", "keywords": ["critical"], "duration": "end_of_turn", "reg": 1}]


def test_cr_10_16_ignoring_barrier_is_a_filter_flag():
    ops = effect("[Auto] When you play this card, choose up to 1 of your opponent's Battle Cards, ignoring [Barrier], "
                 "and return it to its owner's hand.")  # fmt: skip
    assert ops[0]["filter"]["ignore_barrier"] is True and ops[1] == {"op": "to_hand", "reg": 0}


def test_cr_11_6_look_at_the_top_then_choose_among_them_and_shuffle():
    ops = effect("[Auto] When you play this card, look at up to 5 cards from the top of your deck. Choose up to 1 "
                 "<Tester> among them and add it to your hand. Then, shuffle your deck.")  # fmt: skip
    assert ops == [{"op": "choose", "reg": 0, "count": 1, "up_to": True,
                    "filter": {"character": "Tester", "zone": "deck", "side": "own", "top": 5}},
                   {"op": "to_hand", "reg": 0}, {"op": "shuffle"}]  # fmt: skip
    r = compiled("[Auto] When you play this card, look at up to 5 cards from the top of your deck. Choose up to 1 "
                 "<Tester> among them and add it to your hand.")  # fmt: skip
    assert r.approximations == ("look_shuffles_deck",) and r.abilities[0]["effect"][-1] == {"op": "shuffle"}


def test_either_of_two_special_traits():
    ops = effect("[Auto] When you play this card, choose up to 1 <<Testling>> or <<Other>> card in your Drop Area "
                 "and add it to your hand.")  # fmt: skip
    assert ops[0]["filter"] == {"traits_any": ["Testling", "Other"], "zone": "drop", "side": "own"}


def test_choose_all_acts_on_at_most_four():
    r = compiled("[Activate Main] Choose all of your opponent's Battle Cards with 15000 or less power and KO them.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("at_most_four_cards",)
    assert r.abilities[0]["effect"][0]["op"] == "select_all"


def test_opponent_discards_and_damage():
    assert effect("[Auto] When this card attacks, your opponent chooses 1 card from their hand and places it in the "
                  "Drop Area.") == [{"op": "discard", "count": 1, "who": "opponent"}]  # fmt: skip
    assert effect("[Auto] When you play this card, deal 2 damage to your opponent.") == [
        {"op": "damage", "count": 2, "who": "opponent"}]


# ---- "you may" ... "If you do" -----------------------------------------------------------------------------
def test_you_may_discard_if_you_do_is_an_optional_skill_with_an_if():
    (ab,) = compiled("[Auto] When you play this card, you may place 1 card from your hand in the Drop Area. If you "
                     "do so, draw 2 cards.").abilities  # fmt: skip
    assert ab["optional"] and ab["effect"] == [{"op": "if", "condition": "hand_at_least", "value": 1, "skip": 2},
                                               {"op": "discard", "count": 1}, {"op": "draw", "count": 2}]


def test_you_may_for_the_first_part_only_is_unsupported():
    r = compiled("[Auto] When you play this card, you may draw 1 card. Then, draw 1 card.")
    assert r.verdict is Verdict.UNSUPPORTED and "you may" in r.reason


# ---- [Activate] costs (8-4-2), [Counter] (10-10), [Permanent] ----------------------------------------------------
def test_cr_8_4_2_costs_energy_colour_rest_and_life():
    (ab,) = compiled("[Activate Main] [Once per turn] {red}{2}, Switch this card to Rest Mode : Draw 1 card.").abilities
    assert ab["cost"] == {"energy": 3, "colour": "red", "colour_count": 1, "rest_self": True} and ab["once_per_turn"]
    r = compiled("[Activate Main] Choose 1 card from your life and add it to your hand : Draw 1 card.")
    assert r.abilities[0]["cost"] == {"life": 1} and r.approximations == ("life_cost_top_cards",)
    r = compiled("[Activate Main] Place 1 card from your hand in the Drop Area : Draw 1 card.")
    assert r.abilities[0]["cost"] == {"discard": 1} and r.approximations == ("discard_cost_engine_picks",)


def test_cr_8_4_2_4_a_cost_of_two_colours_is_unsupported():
    r = compiled("[Activate Main] {red}{green} : Draw 1 card.")
    assert r.verdict is Verdict.UNSUPPORTED and "two colours" in r.reason


def test_a_heading_condition_is_the_skills_condition():
    (ab,) = compiled("[Counter Attack] If your Leader Card is blue : Negate the attack.").abilities
    assert ab == {"kind": "counter_attack", "effect": [{"op": "negate"}], "condition": {"kind": "leader_colour",
                                                                                          "value": 2}}  # fmt: skip


def test_cr_10_10_counter_that_plays_its_card_is_approximate():
    r = compiled("[Counter Play] Play this card.")
    assert r.approximations == ("counter_played_from_drop",)
    assert r.abilities[0]["effect"] == [{"op": "target_self", "reg": 0}, {"op": "play", "reg": 0}]
    assert compiled("[Counter Play] Play this card.", {"type": "extra", "side": "front"}).verdict is Verdict.UNSUPPORTED


def test_cr_10_3_a_field_cards_activate_skills_are_not_compiled():
    r = COMPILER.compile_line("[Activate Main] Draw 1 card.", {"type": "extra", "side": "front", "field": True})
    assert r.verdict is Verdict.UNSUPPORTED and "[Field]" in r.reason
    assert COMPILER.compile_line("[Activate Main] Draw 1 card.", {"type": "extra", "side": "front"}).compiled


def test_negate_the_attack_only_in_a_counter_attack():
    assert compiled("[Activate Main] Negate the attack.").verdict is Verdict.UNSUPPORTED


def test_permanent_power_and_keywords_with_a_condition():
    (ab,) = compiled("[Permanent] During your turn, this card gains +5000 power.").abilities
    assert ab == {"kind": "permanent", "power": 5000, "condition": {"kind": "my_turn", "value": 0}}
    (ab,) = compiled("[Permanent] If you have 7 or more energy, this card gains [Dual Attack].").abilities
    assert ab == {"kind": "permanent", "keywords": ["dual_attack"],
                  "condition": {"kind": "energy_at_least", "value": 7}}  # fmt: skip


def test_cost_reduction_within_the_unspecified_cost():
    line = "[Permanent] If a multicolored card is in your energy, reduce the energy cost of this card in your hand by 1."
    r = COMPILER.compile_line(line, {"type": "battle", "side": "front", "free": 1})
    assert r.abilities == [{"kind": "permanent", "cost_reduction": 1,
                            "condition": {"kind": "multicolour_energy", "value": 0}}]  # fmt: skip
    r = COMPILER.compile_line(line, {"type": "battle", "side": "front", "free": 0})
    assert r.verdict is Verdict.UNSUPPORTED and "unspecified cost" in r.reason


def test_permanent_two_conditions_both_hold_and_attack_abilities():
    (ab,) = compiled("[Permanent] During your turn, if you have 5 or more energy, this card gains +10000 power.").abilities
    assert ab["condition"] == {"kind": "my_turn", "value": 0} and ab["condition2"] == {"kind": "energy_at_least",
                                                                                         "value": 5}  # fmt: skip
    (ab,) = compiled("[Permanent] During your turn, this card gets +5000 power and can attack Battle Cards in Active "
                     "Mode.").abilities  # fmt: skip
    assert ab["power"] == 5000 and ab["keywords"] == ["attacks_active"]
    assert compiled("[Permanent] This card cannot attack Battle Cards.").abilities[0]["keywords"] == ["no_battle_attack"]


def test_keyword_filter_win_and_life_at_one():
    assert effect("[Auto] When you play this card, choose up to 1 opponent Battle Card with [Blocker] and return it to "
                  "their hand.")[0]["filter"]["keyword"] == "blocker"  # fmt: skip
    assert effect("[Activate Main] {1} : You win this game.") == [{"op": "win"}]
    (ab,) = compiled("[Activate Main] When your life is at 1 : Draw 1 card.").abilities
    assert ab["condition"] == {"kind": "life_at_most", "value": 1}  # at 0 a player has lost (9-2-3)
    assert compiled("[Activate Main] When your life is at 3 : Draw 1 card.").verdict is Verdict.UNSUPPORTED


def test_a_card_name_in_braces_is_a_card_name_filter():
    ops = effect("[Auto] When you play this card, choose up to 1 {Base Tester} from your deck and add it to your "
                 "hand, then shuffle your deck.")  # fmt: skip
    assert ops[0]["filter"] == {"name": "Base Tester", "zone": "deck", "side": "own"}
    assert effect("[Activate Main] {red}{2} : Draw 1 card.") == [{"op": "draw", "count": 1}]  # a ball is no name


def test_power_for_each_energy():
    assert effect("[Auto] When this card attacks, it gains +1000 for each 1 energy you have, for the duration of the "
                  "turn.")[1] == {"op": "power_per_energy", "amount": 1000, "duration": "end_of_turn", "reg": 0}


def test_ko_protections_and_the_attacking_card():
    assert compiled("[Permanent] This card cannot be KO-ed in battle.").abilities[0]["keywords"] == ["no_battle_ko"]
    assert compiled("[Permanent] This card can't be KO'd by your opponent's skills.").abilities[0]["keywords"] == [
        "no_opp_skill_ko"]
    r = compiled("[Auto] When you combo with this card, choose 1 of your attacking cards. It gains [Double Strike] "
                 "for the duration of the battle.")  # fmt: skip
    assert r.abilities[0]["effect"][0]["filter"] == {"attacking": True, "zone": "leader_or_battle", "side": "own"}
    assert r.approximations == ("battle_keywords_last_the_turn",)  # state.MODS: a keyword's battle is its turn
    assert compiled("[Auto] When you combo with this card, choose 1 of your attacking cards. It gains +5000 power "
                    "for the duration of the battle.").verdict is Verdict.EXACT  # fmt: skip


def test_add_among_them_and_switch_up_to_and_warp_and_self_drop():
    ops = effect("[Auto] When you play this card, look at up to 7 cards from the top of your deck and add 1 red "
                 "<Tester> among them to your hand. Then, shuffle your deck.")  # fmt: skip
    assert ops[0]["filter"]["top"] == 7 and ops[0]["up_to"] is False and ops[1:] == [{"op": "to_hand", "reg": 0},
                                                                                      {"op": "shuffle"}]  # fmt: skip
    ops = effect("[Counter Attack] Negate the attack. Then, you may switch up to 1 of your Battle Cards to Active Mode.")
    assert ops[1]["up_to"] and ops[2] == {"op": "active", "reg": 0}
    assert effect("[Auto] When this card attacks, your opponent chooses 1 card from their hand and sends it to their "
                  "Warp.") == [{"op": "hand_to_warp", "count": 1, "who": "opponent"}]  # fmt: skip
    (ab,) = compiled("[Activate Main] Place this card in its owner's Drop Area : Draw 1 card.").abilities
    assert ab["cost"] == {"self_drop": True}


@pytest.mark.parametrize("line", [
    "[Auto][Burst 2] (reminder) When this card attacks, draw 1 card.",  # 10-30's cost on an [Auto] skill
    "[Permanent] This card cannot be attacked by a Leader Card.",
    "[Auto] When you play this card, choose up to 1 of your Battle Cards.",  # nothing done to it
    "[Auto] When you play this card, shuffle your deck.",  # no search before it
    "[Auto] When you play this card, choose up to 5 of your opponent's Battle Cards and KO them.",  # 5 > TARGET_MAX
    "[Auto] When you play this card, choose up to 1 of your energy and switch it to Active Mode. Then, choose up to "
    "1 of your opponent's Battle Cards and KO it. Then, this card gains +5000 power for the duration of the turn.",
])  # fmt: skip
def test_unsupported_lines_keep_a_reason(line):
    r = compiled(line)
    assert r.verdict is Verdict.UNSUPPORTED and r.reason and r.abilities == []


# ---- [Awaken] (10-2), [Evolve] (10-5) ----------------------------------------------------------------------------
def test_cr_10_2_awaken_effect_then_flip():
    (ab,) = compiled("[Awaken] When your life is at 4 or less : You may draw 1 card, then choose up to 1 of your "
                     "energy, switch it to Active Mode, and flip this card over.", LEADER).abilities  # fmt: skip
    assert ab["kind"] == "awaken" and ab["condition"] == {"kind": "life_at_most", "value": 4}
    assert [o["op"] for o in ab["effect"]] == ["draw", "choose", "active"]
    assert compiled("[Awaken] When your life is at 4 or less : Flip this card over.", LEADER).abilities[0]["effect"] == []
    assert compiled("[Awaken] When your life is at 4 or less : Flip this card over.").verdict is Verdict.UNSUPPORTED


def test_cr_10_5_evolve_sets_the_hand_skill_and_the_keyword_after_it():
    r = compiled("[Evolve] {blue}{blue}{1}: <Tester> (Play this card on top of the specified card)[Critical] (text)")
    assert r.fields == {"hand_skill": {"kind": "evolve", "energy": 3, "colour": "blue", "colour_count": 2,
                                       "character": "Tester"}, "keywords": ["critical"]}  # fmt: skip


def test_cr_10_5_ex_evolve_with_a_least_cost_and_union_potara_reasons():
    r = compiled("[EX-Evolve] {red}{1} : <Tester> with an energy cost of 3 or more. (Play this card on top)")
    assert r.fields["hand_skill"] == {"kind": "evolve", "energy": 2, "colour": "red", "colour_count": 1,
                                      "character": "Tester", "x": 3}  # fmt: skip
    r = compiled("[EX-Evolve] {red}{1} : <Tester> with an energy cost of 3.")
    assert r.verdict is Verdict.UNSUPPORTED and "exact energy cost" in r.reason
    r = compiled("[Union-Potara] {blue}{blue}{yellow}{yellow} : Blue <Tester> and yellow <Other>")
    assert r.verdict is Verdict.UNSUPPORTED and "two colours" in r.reason


def test_character_names_as_the_lists_write_them_and_multi_name_cards(tmp_path):
    """"<Son Gohan : Youth>" in the text is "Son Gohan: Youth" in the list (2-5); a name that a card
    of the list has among several ("A/B") is matched by the engine only on the single-name cards."""
    records = [_rec("MN-001", "Seeker", f"{_img('Auto')} When you play this card, choose up to 1 〈Son Tester : Young〉 "
                                       "card in your Drop Area and add it to your hand.", character="Son Tester: Young"),
               _rec("MN-002", "Pair", "", character="Son Tester: Young/Other")]  # fmt: skip
    path = tmp_path / "list.json"
    path.write_text(json.dumps(records))
    res = import_dbscg_json(path)
    (line,) = res.text_records[0].lines
    assert line.verdict is Verdict.APPROXIMATE and line.approximations == ("multi_name_cards_unmatched",)
    assert line.abilities[0]["effect"][0]["filter"]["character"] == "Son Tester: Young"


def test_a_third_skill_activated_from_play_is_unsupported(tmp_path):
    """The SKILL action names 2 skills a card (constants.SKILLS_PER_CARD): a third is not played."""
    act = _img("Activate Main")
    records = [_rec("TS-001", "Busy", f"{act} Draw 1 card.<br>{act} Draw 2 cards.<br>{act} Draw 3 cards.")]
    path = tmp_path / "list.json"
    path.write_text(json.dumps(records))
    (card,) = import_dbscg_json(path)
    assert len(card.abilities) == 2 and card.uncompiled == ["[Activate Main] Draw 3 cards."]


def test_every_approximation_has_what_differs():
    assert APPROXIMATIONS and all(v.strip() for v in APPROXIMATIONS.values())


# ---- the sample lists (../shared/carddata) ---------------------------------------------------------------------
# (records, imported cards exact, exact or approximate, lines, exact, approximate, unsupported): the
# cards counted here are the imported ones (the report's cards_exact may count the reprints of an
# imported card with it too, where the shared TextRecord has duplicate_of)
FIGURES = {
    "kentan88_dbscg-api__DBS-B01-Galactic-Battle.json": (154, 64, 73, 256, 184, 16, 56),
    "kentan88_dbscg-api__DBS-B07-Assault-Of-The-Saiyans.json": (254, 26, 39, 616, 250, 45, 321),
    "kentan88_dbscg-api__DBS-SD02-The-Extreme-Evolution.json": (6, 3, 3, 17, 15, 0, 2),
}


def _need(name: str) -> Path:
    path = _DATA / name
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    return path


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_report_counts_on_the_sample_lists(name):
    res = import_dbscg_json(_need(name))  # its time: benchmarks/card_text_coverage.py (no timed tests)
    rep = res.report()
    imported = [rec for rec in res.text_records if rec.skip is None]
    exact = sum(rec.verdict is Verdict.EXACT for rec in imported)
    approx = exact + sum(rec.verdict is Verdict.APPROXIMATE for rec in imported)
    got = (rep["cards"], exact, approx, rep["lines"], rep["lines_exact"], rep["lines_approximate"],
           rep["lines_unsupported"])  # fmt: skip
    assert got == FIGURES[name]
    assert rep["cards_exact"] >= exact and rep["cards_approximate"] >= approx
    assert rep["cards"] == res.total and rep["cards_imported"] == res.total - sum(res.skipped.values())
    assert set(rep["approximations"]) <= set(APPROXIMATIONS)
    for c in res:
        assert c.text_compiled
        lines = set(c.text.splitlines())
        assert set(c.uncompiled) <= lines and set(c.approximate) <= lines
    # a skipped record's lines are compiled too; a reprint of an imported card may count as that card
    for rec in res.text_records:
        if rec.skip is not None and getattr(rec, "duplicate_of", None) is None:
            assert rec.verdict is Verdict.UNSUPPORTED


# ---- the engine plays what the text compiles to -----------------------------------------------------------------
def _img(alt: str, src: str | None = None) -> str:
    return f'<img src="/images/common/{src or alt}.png" alt="{alt}" class="skillText">'


RED = _img("", "red_ball")


def _rec(number, title, text, type_="BATTLE", character="Tester", power="10000", energy="1", **kw):
    r = {"title": title, "number": number, "type": type_, "color": "Red", "power": power, "energy": energy,
         "energy_text": f"{energy}({RED})", "combo_energy": "0", "combo_power": "5000", "character": character,
         "special_trait": "Testling", "era": "Test Saga", "skills_text": text}  # fmt: skip
    if type_ == "LEADER":
        for k in ("energy", "energy_text", "combo_energy", "combo_power"):
            r.pop(k)
    if type_ == "EXTRA":
        for k in ("power", "combo_energy", "combo_power", "character", "special_trait", "era"):
            r.pop(k)
    return r | kw


TEXT_CARDS = [
    _rec("TXT-001", "Leader Scout", f"{_img('Auto')} When this card attacks a Leader Card, draw 1 card."),
    _rec("TXT-002", "Base Tester", f"{_img('Auto')} When you play this card from your hand, draw 1 card."),
    _rec("TXT-003", "Evolved Tester", f"{_img('Evolve')} {RED}: ＜Tester＞ (Play this card on top)<br>"
                                      f"{_img('Auto')} When a card evolves into this card, draw 2 cards.",
         character="Evolved"),
    _rec("TXT-004", "Exhausted Tester", f"{_img('Energy-Exhaust')} (If this card is placed in an Energy Area from any "
                                        "area, it must be placed there in Rest Mode.)"),
    _rec("TXT-005", "Life Tapper", f"{_img('Activate Main')} Choose 1 card from your life and add it to your hand : "
                                   "This card gains +5000 power for the duration of the turn."),
    _rec("TXT-006", "Seeker", f"{_img('Auto')} When you play this card, look at up to 2 cards from the top of your "
                              "deck. Choose up to 1 card among them and add it to your hand. Then, shuffle your deck."),
    _rec("TXT-007", "Barrier Breaker", f"{_img('Auto')} When you play this card, choose up to 1 of your opponent's "
                                       "Battle Cards, ignoring [Barrier], and switch it to Rest Mode."),
    _rec("TXT-008", "Red Order", f"{_img('Activate Main')} If your Leader Card is red : Draw 2 cards.", type_="EXTRA"),
    _rec("TXT-009", "Gambler", f"{_img('Auto')} When you play this card, you may place 1 card from your hand in the "
                               "Drop Area. If you do so, draw 2 cards."),
    _rec("TXT-011", "Charger", f"{_img('Auto')} When you play this card, add the top card of your deck to your "
                               "energy."),
    _rec("TXT-012", "Bold Striker", f"{_img('Permanent')} This card can attack Battle Cards in Active Mode."),
    _rec("TXT-013", "Timid Striker", f"{_img('Permanent')} This card cannot attack Battle Cards."),
    _rec("TXT-014", "Warper", f"{_img('Auto')} When this card attacks, your opponent chooses 1 card from their hand "
                              "and sends it to their Warp."),
    _rec("TXT-015", "Sacrifice", f"{_img('Activate Main')} Place this card in its owner's Drop Area : Draw 2 cards."),
    _rec("TXT-016", "Conditional Striker", f"{_img('Permanent')} During your turn, if you have 2 or more energy, "
                                           "this card gains +5000 power."),
    _rec("TXT-017", "Big Tester", "", power="15000"),
    _rec("TXT-018", "Loyal Tester", f"{_img('Activate Main')} If your Leader Card is a ＜Tester＞ card : Draw 1 card."),
    _rec("TXT-019", "Cheap Tester", f"{_img('Permanent')} If a multicolored card is in your energy, reduce the energy "
                                    "cost of this card in your hand by 1.", energy="2"),
    _rec("TXT-020", "Twin Tester", "", color="Red/Green"),
    _rec("TXT-021", "Sturdy Tester", f"{_img('Permanent')} This card cannot be KO-ed in battle."),
    _rec("TXT-022", "Warded Tester", f"{_img('Permanent')} This card can't be KO'd by your opponent's skills."),
    _rec("TXT-023", "Assassin", f"{_img('Auto')} When you play this card, choose up to 1 of your opponent's Battle "
                                "Cards and KO it."),
    _rec("TXT-024", "Energized", f"{_img('Auto')} When this card attacks, it gains +5000 for each 1 energy you "
                                 "have, for the duration of the turn."),
    _rec("TXT-025", "Blocker Hunter", f"{_img('Auto')} When you play this card, choose up to 1 of your opponent's "
                                      "Battle Cards with [Blocker] and KO it."),
    _rec("TXT-026", "Victor", f"{_img('Activate Main')} {RED} : You win this game."),
    _rec("TXT-027", "Swarm Tester", f"{_img('Permanent')} You can include as many copies of this card in your deck "
                                    "as you like."),
    _rec("TXT-028", "Name Seeker", f"{_img('Auto')} When you play this card, choose up to 1 {{Base Tester}} from your "
                                   "deck and add it to your hand, then shuffle your deck."),
    _rec("TXT-010", "Test Leader", f"{_img('Awaken')} When your life is at 4 or less : Flip this card over.",
         type_="LEADER", title_back="Test Leader Awakened", power_back="15000", skills_back_text=""),
]  # fmt: skip


@lru_cache(maxsize=1)
def text_pool():
    """The starter pool and the TXT cards imported from a made-up kentan88 list (their text compiled)."""
    import tempfile

    from tcg_env.games.dbscg.cards import compile_dbscg_pool, load_dbscg_cards

    path = Path(tempfile.mkdtemp()) / "text_cards.json"
    path.write_text(json.dumps(TEXT_CARDS))
    res = import_dbscg_json(path)
    assert not res.errors and all(not c.uncompiled for c in res), [c.uncompiled for c in res]
    return compile_dbscg_pool(load_dbscg_cards() + res.cards)


def _sc(leader="DS1-060"):
    from dbscg_helpers import scenario

    return scenario(leaders=(leader, "DS1-060"), pool=text_pool())


def test_engine_attacking_a_leader_condition_draws_only_against_the_leader():
    from dbscg_helpers import attack, count, to_main

    for target, drew in (("the Leader", 1), ("Base Tester", 0)):
        sc = _sc()
        sc.battle(0, ["TXT-001"])
        sc.battle(1, ["TXT-002"], rested=True)
        g = sc.game()
        hand = count(g, 0, "hand")
        attack(g, "Leader Scout", target)
        to_main(g)
        assert count(g, 0, "hand") == hand + drew, target


def test_engine_on_play_from_hand_and_on_evolve():
    from dbscg_helpers import act, count, names

    sc = _sc()
    sc.hand(0, ["TXT-002", "TXT-003"])
    sc.energy(0, ["DS1-003", "DS1-003"])
    g = sc.game()
    act(g, "Play Base Tester")  # "when you play this card from your hand": draw 1
    assert count(g, 0, "hand") == 2
    act(g, "Play Evolved Tester with [Evolve]")  # "when a card evolves into this card": draw 2
    assert names(g, 0, "battle") == ["Evolved Tester"] and count(g, 0, "hand") == 3


def test_engine_energy_exhaust_goes_to_the_energy_area_rested():
    from dbscg_helpers import act, rested, slots

    from tcg_env.games.dbscg.constants import Zone

    for top, rest in (("TXT-004", True), ("TXT-002", False)):
        sc = _sc()
        sc.hand(0, ["TXT-011"])  # "add the top card of your deck to your energy"
        sc.energy(0, ["DS1-003"])
        card = sc.put(0, top, Zone.DECK)
        g = sc.game()
        act(g, "Play Charger")
        assert card in slots(g, 0, "energy") and rested(g, card) == rest, top


def test_engine_life_cost_and_top_of_deck_search_and_ignoring_barrier():
    from dbscg_helpers import act, count, offered, slots

    sc = _sc()
    sc.battle(0, ["TXT-005"])
    g = sc.game()
    life, hand = count(g, 0, "life"), count(g, 0, "hand")
    act(g, "Activate skill 1 of Life Tapper")
    assert count(g, 0, "life") == life - 1 and count(g, 0, "hand") == hand + 1

    sc = _sc()
    sc.hand(0, ["TXT-006"])
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    top2 = slots(g, 0, "deck")[-2:]
    act(g, "Play Seeker")
    choices = [d for d in offered(g) if d.startswith("Choose ") and d != "Choose no more"]
    assert len(choices) == 2  # only the top 2 cards of the deck (11-6)
    deck = slots(g, 0, "deck")
    act(g, choices[0])
    assert count(g, 0, "hand") == 1 and len(set(top2) & set(slots(g, 0, "hand"))) == 1
    assert len(slots(g, 0, "deck")) == len(deck) - 1

    sc = _sc()
    sc.hand(0, ["TXT-007"])
    sc.energy(0, ["DS1-003"])
    sc.battle(1, ["DS1-026"])  # Riptide Warden [Barrier]
    g = sc.game()
    act(g, "Play Barrier Breaker")
    assert "Choose Riptide Warden" in offered(g)  # 10-16: "ignoring [Barrier]"


def test_engine_leader_colour_condition_and_optional_discard():
    from dbscg_helpers import act, can, count

    from tcg_env.games.dbscg.constants import Decision

    sc = _sc(leader="TXT-010")  # a red Leader
    sc.hand(0, ["TXT-008"])
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    act(g, "Activate Red Order")
    assert count(g, 0, "hand") == 2
    sc = _sc(leader="TXT-010")  # character Tester
    sc.battle(0, ["TXT-018"])
    assert can(sc.game(), "Activate skill 1 of Loyal Tester")
    sc = _sc(leader="DS1-060")
    sc.battle(0, ["TXT-018"])
    assert not can(sc.game(), "Activate skill 1 of Loyal Tester")
    sc = _sc(leader="DS1-060")
    sc.hand(0, ["TXT-008"])
    sc.energy(0, ["DS1-003"])
    colour = sc.pool.models[sc.card_id("DS1-060")].colours
    g = sc.game()
    assert can(g, "Activate Red Order") == ("red" in colour)

    sc = _sc()
    sc.hand(0, ["TXT-009"])
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    act(g, "Play Gambler")  # the hand is empty: "If you do" cannot happen

    if g.decision == Decision.OPTIONAL:
        act(g, "Yes")
    assert count(g, 0, "hand") == 0
    sc = _sc()
    sc.hand(0, ["TXT-009", "TXT-002"])
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    act(g, "Play Gambler")
    assert g.decision == Decision.OPTIONAL  # "you may": asked first
    act(g, "Yes")
    while g.decision == Decision.SELECT:  # the player chooses the card to place (8-5-3)
        g.step(int(g.legal_actions()[-1]))
    assert count(g, 0, "hand") == 2 and count(g, 0, "drop") == 1


def test_engine_attack_abilities_and_two_conditions():
    from dbscg_helpers import attack, can, slots, to_main, where

    from tcg_env.games.dbscg.constants import Zone

    sc = _sc()
    sc.battle(0, ["TXT-012", "TXT-013"])
    sc.battle(1, ["TXT-002"])  # an Active Mode Battle Card
    g = sc.game()
    assert can(g, "Attack Base Tester with Bold Striker")  # 7-1 and its [Permanent]
    assert not can(g, "Attack Base Tester with Timid Striker") and can(g, "Attack the Leader with Timid Striker")
    # "During your turn, if you have 2 or more energy, +5000": 15000 KOs a 15000 guard (7-4-1-4-2), 10000 does not
    for energy, koed in ((2, True), (1, False)):
        sc = _sc()
        sc.battle(0, ["TXT-016"])
        sc.energy(0, ["DS1-003"] * energy)
        big = sc.battle(1, ["TXT-017"], rested=True)[0]
        g = sc.game()
        attack(g, "Conditional Striker", "Big Tester")
        to_main(g)
        assert (where(g, big) == Zone.DROP) == koed, energy
    assert slots(g, 0, "battle")


def test_engine_cost_reduction_in_the_hand():
    from dbscg_helpers import can

    for energy, playable in ((["TXT-020"], True), (["DS1-003"], False)):  # a red/green card; a red one
        sc = _sc()
        sc.hand(0, ["TXT-019"])  # 2 (1 red): 1 with a multicoloured card in the energy
        sc.energy(0, energy)
        assert can(sc.game(), "Play Cheap Tester") == playable, energy


def test_engine_power_for_each_energy():
    from dbscg_helpers import attack, to_main, where

    from tcg_env.games.dbscg.constants import Zone

    for energy, koed in ((1, True), (0, False)):  # 10000 + 5000 per energy against 15000 (7-4-1-4-2)
        sc = _sc()
        sc.battle(0, ["TXT-024"])
        sc.energy(0, ["DS1-003"] * energy)
        big = sc.battle(1, ["TXT-017"], rested=True)[0]
        g = sc.game()
        attack(g, "Energized", "Big Tester")
        to_main(g)
        assert (where(g, big) == Zone.DROP) == koed, energy


def test_engine_a_card_name_filter():
    from dbscg_helpers import act, offered

    from tcg_env.games.dbscg.constants import Zone

    sc = _sc()
    sc.hand(0, ["TXT-028"])
    sc.energy(0, ["DS1-003"])
    sc.put(0, "TXT-002", Zone.DECK)
    g = sc.game()
    act(g, "Play Name Seeker")
    assert [d for d in offered(g) if d.startswith("Choose ")] == ["Choose no more", "Choose Base Tester"]


def test_engine_keyword_filter_and_winning():
    from dbscg_helpers import act, offered

    sc = _sc()
    sc.hand(0, ["TXT-025"])
    sc.energy(0, ["DS1-003"])
    sc.battle(1, ["DS1-024", "TXT-002"])  # Coral Guardian [Blocker], Base Tester
    g = sc.game()
    act(g, "Play Blocker Hunter")
    assert [d for d in offered(g) if d.startswith("Choose ")] == ["Choose no more", "Choose Coral Guardian"]
    sc = _sc()
    sc.battle(0, ["TXT-026"])
    sc.energy(0, ["DS1-003"])
    g = sc.game()
    act(g, "Activate skill 1 of Victor")
    assert g.done and g.winner == 0  # 1-2-2


def test_engine_ko_protections():
    from dbscg_helpers import act, attack, offered, to_main, where

    from tcg_env.games.dbscg.constants import Decision, Zone

    sc = _sc()
    sc.battle(0, ["TXT-017"])  # 15000
    sturdy = sc.battle(1, ["TXT-021"], rested=True)[0]  # 10000, "cannot be KO-ed in battle"
    g = sc.game()
    attack(g, "Big Tester", "Sturdy Tester")
    to_main(g)
    assert where(g, sturdy) == Zone.BATTLE
    sc = _sc()
    sc.hand(0, ["TXT-023"])
    sc.energy(0, ["DS1-003"])
    warded = sc.battle(1, ["TXT-022"])[0]
    g = sc.game()
    act(g, "Play Assassin")
    if g.decision == Decision.SELECT:
        act(g, "Choose Warded Tester")  # it can be chosen; the KO does not happen
    to_main(g)
    assert where(g, warded) == Zone.BATTLE and offered(g)


def test_engine_hand_to_warp_and_self_drop_cost():
    from dbscg_helpers import act, attack, count, to_main

    from tcg_env.games.dbscg.constants import Decision

    sc = _sc()
    sc.battle(0, ["TXT-014"])
    sc.hand(1, ["TXT-002", "TXT-002"])
    g = sc.game()
    attack(g, "Warper")
    while g.decision != Decision.SELECT:
        assert not g.done and g.decision in (Decision.COUNTER, Decision.BLOCKER, Decision.ORDER_AUTO), g.decision
        g.step(int(g.legal_actions()[0]))
    assert g.current_player == 1  # the opponent chooses (8-5-3)
    g.step(int(g.legal_actions()[0]))
    assert count(g, 1, "warp") == 1 and count(g, 1, "hand") == 1
    to_main(g)
    sc = _sc()
    sc.battle(0, ["TXT-015"])
    g = sc.game()
    act(g, "Activate skill 1 of Sacrifice")
    assert count(g, 0, "battle") == 0 and count(g, 0, "drop") == 1 and count(g, 0, "hand") == 2


def test_cr_5_1_3_1_as_many_copies_as_you_like():
    import tcg_env
    from tcg_env.cards import DeckError

    pool = text_pool()
    assert "any_copies" in pool.models[pool.index["TXT-027"]].keywords
    g = tcg_env.make_game("dbscg", decks=[["TXT-010"] + ["TXT-027"] * 50] * 2, seed=1, pool=pool)
    assert not g.done
    with pytest.raises(DeckError, match="5-1-3-1"):
        tcg_env.make_game("dbscg", decks=[["TXT-010"] + ["TXT-002"] * 50] * 2, seed=1, pool=pool)


def test_an_imported_pool_plays_random_games_with_the_invariants():
    """Two decks of imported cards (their compiled skills) play random games: cards conserved, a
    legal action always offered until the end, every game ends."""
    import tcg_env
    from conformance_helpers import check_cards, random_action

    from tcg_env.games.dbscg.cards import compile_dbscg_pool

    res = import_dbscg_json(_need("kentan88_dbscg-api__DBS-B01-Galactic-Battle.json"))
    pool = compile_dbscg_pool(res.cards)
    spec = tcg_env.get_spec("dbscg")
    with_skills = [c for c in res if c.type != "leader" and not c.token and c.abilities]
    decks = []
    for colour in ("red", "blue"):
        leader = next(c for c in res if c.type == "leader" and c.back and colour in c.colours)
        cards = [c for c in with_skills if colour in c.colours][:8]
        cards += [c for c in res if c.type == "battle" and colour in c.colours and c not in cards]
        numbers = [c.number for c in cards for _ in range(4)][:50]
        assert len(numbers) == 50
        decks.append([leader.number] + numbers)
    sizes = (51, 51)
    for seed in range(3):
        g = tcg_env.make_game("dbscg", decks=decks, seed=seed, pool=pool)
        rng = np.random.default_rng(seed)
        while not g.done and g.num_decisions <= spec.max_decisions:
            assert g.action_mask().any()
            check_cards(spec, np.array(g.state), sizes)
            g.step(random_action(g, rng))
        assert g.done and g.num_decisions > 10
