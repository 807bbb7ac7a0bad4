"""Force of Will card text compiled into effect programs (``card_text.lark`` / ``card_text.py``).

Lines here are made up in the game's template language (no real card text in the repository); the
tests on the real lists read ``../shared/carddata`` and are skipped without it. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from helpers import resolve_chant
from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will.card_text import APPROXIMATIONS, COMPILER, normalise_line

_ROOT = Path(__file__).resolve().parents[2]
_DATA = _ROOT.parent / "shared" / "carddata" / "force_of_will"
_SIM = "antlebel2_fow-sim__cards.json"
_CARDDB = "LifeAsDev_force-of-will__CardDB.json"


def _need(name: str) -> Path:
    path = _DATA / name
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    return path


def line(text: str, ctype: str = "resonator", **card):
    return COMPILER.compile_line(text, {"type": ctype, "name": "Test Card", **card})


def exact(text: str, ctype: str = "resonator", **card):
    r = line(text, ctype, **card)
    assert r.verdict is Verdict.EXACT, (text, r.reason)
    return r


# ---- keywords (CR 1100s) ---------------------------------------------------------------------------
def test_keyword_lines_set_the_keywords_field_with_reminder_text_dropped():
    r = exact("[Flying] [First Strike] (This card deals its battle damage first.)")
    assert r.fields == {"keywords": ["flying", "first_strike"]} and r.abilities == []


def test_cr_1414_target_attack_is_precision():
    assert exact("[Target Attack]").fields == {"keywords": ["precision"]}


def test_quickcast_on_a_chant_battle_keywords_only_on_j_resonators():
    assert exact("[Quickcast]", "chant").fields == {"keywords": ["quickcast"]}
    assert line("[Flying]", "chant").verdict is Verdict.UNSUPPORTED
    assert line("[Quickcast]", "j_ruler").verdict is Verdict.UNSUPPORTED  # CR 1111: not played from the hand


def test_cr_1417_cannot_be_destroyed_is_eternal_and_cr_1135_that_much_life_is_drain():
    assert exact("This card cannot be destroyed.").fields == {"keywords": ["eternal"]}
    assert exact("Whenever this card deals damage => You gain that much life.").fields == {"keywords": ["drain"]}
    assert line("Whenever this card attacks => You gain that much life.").verdict is Verdict.UNSUPPORTED


def test_unknown_keywords_stay_unsupported_with_a_reason():
    r = line("[Untouchable]", "chant")  # ([Remnant] is compiled since session 16, [Mythic] since session 22)
    assert r.verdict is Verdict.UNSUPPORTED and "no sentence of the grammar" in r.reason
    r = line("[Mythic]", "chant")  # a keyword the grammar reads, on a card that never has it
    assert r.verdict is Verdict.UNSUPPORTED and "[Mythic] on a chant" in r.reason


# ---- card fields ------------------------------------------------------------------------------------
def test_mana_divinity_and_judgment_lines_are_fields_of_j_rulers_and_rulers():
    assert exact("[Mana] 3", "j_ruler").fields == {"mana": 3}
    assert exact("[Divinity] 10", "j_ruler").fields == {"divinity": 10}
    assert exact("[Judgment] {W}{W}{1}", "ruler").fields == {"judgment": "{W}{W}{1}"}
    assert line("[Judgment] {W}{W}{1}", "resonator").verdict is Verdict.UNSUPPORTED


# ---- automatic abilities (CR 906, [Enter] CR 1140) --------------------------------------------------
def test_cr_1140_enter_and_its_older_wordings_compile_to_the_enter_trigger():
    want = [{"kind": "automatic", "trigger": "enter", "effect": [{"op": "draw", "count": 1}]}]
    for text in ("[Enter] >>> Draw a card.", "[Enter]: Draw a card.", "When this card enters your field => Draw a card.",
                 "When this card enters the field, draw a card."):
        assert exact(text).abilities == want, text


def test_triggers_put_into_a_graveyard_attacks_blocks_and_both():
    r = exact("When this card is put into a graveyard from the field => Your opponent discards a card.")
    assert r.abilities == [{"kind": "automatic", "trigger": "put_into_graveyard",
                            "effect": [{"op": "discard", "count": 1, "who": "opponent"}]}]
    # CR 1010: destruction only (zones.destroy), not a banish or a rule process
    assert exact("When this card is destroyed => Draw a card.").abilities[0]["trigger"] == "destroyed"
    r = exact("Whenever this card attacks or blocks, rest target resonator.")
    assert [a["trigger"] for a in r.abilities] == ["attacks", "blocks"]
    assert all(a["effect"] == [{"op": "choose", "filter": {"type": ["resonator"]}}, {"op": "rest"}] for a in r.abilities)


def test_optional_effect_and_it_meaning_this_card():
    r = exact("Whenever this card attacks => You may draw a card.")
    assert r.abilities[0]["optional"] is True
    r = exact("Whenever this card blocks => It gains [+200/+200] until end of turn.")
    assert r.abilities[0]["effect"] == [{"op": "target_self"},
                                        {"op": "power", "atk": 200, "defense": 200, "duration": "end_of_turn"}]


def test_another_resonator_entering_your_field():
    r = exact("Whenever another fire resonator enters your field => You gain 200 life.")
    ab = r.abilities[0]
    assert ab["trigger"] == "other_enters"
    assert ab["trigger_filter"] == {"attribute": ["fire"], "type": ["resonator"], "side": "own", "exclude_self": True}


# ---- activate and will abilities (CR 905, 907) -------------------------------------------------------
def test_activate_ability_with_will_rest_banish_and_once_per_turn():
    r = exact("{R}, {Rest}: This card deals 300 damage to target J/resonator your opponent controls. "
              "Play this ability only once per turn.")
    assert r.abilities == [{"kind": "activate", "cost": {"will": "{R}", "rest": True}, "once": "turn", "effect": [
        {"op": "choose", "filter": {"type": ["j_resonator"], "side": "opponent"}}, {"op": "damage", "amount": 300}]}]
    r = exact("Banish this card: Target resonator gains [Flying] until end of turn.")
    assert r.abilities[0]["cost"] == {"banish_self": True}
    assert r.abilities[0]["effect"][1] == {"op": "grant_keyword", "keywords": ["flying"], "duration": "end_of_turn"}


def test_cr_907_will_abilities_one_per_choice_and_a_magic_stones_will_field():
    r = exact("{Rest}: Produce {W} or {B}.")
    assert [a["effect"] for a in r.abilities] == [[{"op": "produce_will", "will": "light"}],
                                                  [{"op": "produce_will", "will": "darkness"}]]
    assert all(a["kind"] == "will" and a["cost"] == {"rest": True} for a in r.abilities)
    assert exact("{Rest}: Produce {R}.", "magic_stone").fields == {"will": ["fire"]}
    assert line("{Rest}: Produce {R}. Draw a card.", "resonator").verdict is Verdict.UNSUPPORTED


def test_cr_1003_a_discard_cost_alone_or_last_and_discard_as_an_effect():
    r = exact("Discard a card: Target water resonator gains [Flying] until end of turn.")
    assert r.abilities[0]["cost"] == {"discard": 1}
    assert exact("{B}, discard a card: Draw a card.").abilities[0]["cost"] == {"will": "{B}", "discard": 1}
    r = exact("[Enter] => Discard a card, then draw a card.")
    assert r.abilities[0]["effect"] == [{"op": "discard", "count": 1, "who": "controller"}, {"op": "draw", "count": 1}]


def test_a_rest_cost_only_on_cards_that_rest():
    """CR 1013.2: a ruler rests in its ruler area, an addition in the field; a chant never is there."""
    for ctype in ("ruler", "addition", "regalia"):
        assert exact("{Rest}: Draw a card.", ctype, addition="field").abilities[0]["cost"] == {"rest": True}
    assert line("{Rest}: Draw a card.", "chant").verdict is Verdict.UNSUPPORTED


# ---- continuous abilities (CR 904) and additions (CR 1406) -------------------------------------------
def test_continuous_auras_with_side_attribute_and_other():
    r = exact("[Continuous]: Other light resonators you control gain [+200/+200].")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "aura_power", "atk": 200, "defense": 200, "filter": {
        "exclude_self": True, "attribute": ["light"], "type": ["resonator"], "side": "own"}}]}]
    r = exact("J/resonators your opponent controls cannot block.")
    assert r.abilities[0]["effect"] == [{"op": "aura_restrict", "restrictions": ["cant_block"],
                                         "filter": {"type": ["j_resonator"], "side": "opponent"}}]


def test_cr_1406_added_resonator_gains_is_an_aura_on_the_card_it_is_added_to():
    r = exact("Added resonator gains [+400/+0] and [Pierce].", "addition", addition="resonator")
    effect = r.abilities[0]["effect"]
    assert {op["op"] for op in effect} == {"aura_power", "aura_keyword"}
    assert all(op["filter"] == {"added_to": True, "type": ["resonator"]} for op in effect)
    assert line("Added resonator gains [+400/+0].", "addition", addition="field").verdict is Verdict.UNSUPPORTED


def test_a_gain_with_a_duration_is_no_aura():
    r = line("Resonators you control gain [+100/+100] until end of turn.", "resonator")
    assert r.verdict is Verdict.UNSUPPORTED and "without a trigger" in r.reason


# ---- chants (CR 703.3): targets, selections, durations -----------------------------------------------
def test_chant_effect_targets_first_and_it_refers_to_the_target():
    r = exact("Target resonator you control gains [+300/+300] until end of turn. Recover it.", "chant")
    assert r.fields == {"effect": [
        {"op": "choose", "filter": {"type": ["resonator"], "side": "own"}},
        {"op": "power", "atk": 300, "defense": 300, "duration": "end_of_turn"}, {"op": "recover"}]}


def test_cr_903_2g_two_selections_use_two_registers_three_are_unsupported():
    r = exact("Draw a card. Destroy target addition. Rest each resonator your opponent controls.", "chant")
    ops = r.fields["effect"]
    assert ops[0] == {"op": "choose", "filter": {"type": ["addition"]}}  # chosen as it is played
    assert {"op": "select_all", "filter": {"type": ["resonator"], "side": "opponent"}, "reg": 1} in ops
    r = line("Destroy target addition. Rest target resonator. Recover target regalia.", "chant")
    assert r.verdict is Verdict.UNSUPPORTED and "two target registers" in r.reason


def test_filters_total_cost_atk_state_and_counts():
    r = exact("Destroy up to two target rested resonators with total cost 3 or less.", "chant")
    assert r.fields["effect"][0] == {"op": "choose", "count": 2, "up_to": True,
                                     "filter": {"state": "rested", "type": ["resonator"], "cost_max": 3}}
    r = exact("Remove target J/resonator with 500 or less ATK from the game.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["j_resonator"], "atk_max": 500}


def test_cr_307_6_entities_and_non_type_adjectives():
    r = exact("Return target non-magic stone, non-J-ruler entity to its owner's hand.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator", "addition", "regalia"]}
    r = exact("Cancel target non-resonator spell.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["chant", "addition", "regalia"], "zone": "chase"}


def test_cancel_only_a_spell_on_the_chase():
    r = exact("Cancel target chant.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["chant"], "zone": "chase"}}, {"op": "cancel"}]
    assert line("Cancel target resonator.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_903_x_amounts_need_an_x_cost():
    assert exact("This card deals X00 damage to target resonator.", "chant", x=True).fields["effect"][1] == \
        {"op": "damage", "amount": "X00"}
    assert line("Draw X cards.", "chant", x=False).verdict is Verdict.UNSUPPORTED


def test_this_card_and_you_may_are_not_a_chants_effect():
    assert line("This card gains [+200/+200].", "chant").verdict is Verdict.UNSUPPORTED
    assert line("You may draw a card.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1005_1_search_reveal_it_is_exact_the_card_found_is_revealed():
    r = exact("Search your deck for a resonator, reveal it and put it into your hand. Then shuffle your deck.", "chant")
    assert r.fields["effect"][0]["reveal"] == "taken" and not set(r.approximations) - set(APPROXIMATIONS)
    # the card found is revealed (engine.reveals)
    r = exact('Search your deck for a card named "Made Up Card", reveal it and put it into your hand. '
              "Then shuffle your deck.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"name": "Made Up Card", "zone": "main_deck"},
                                   "reveal": "taken"}]


def test_cr_403_5_put_on_top_or_bottom_of_its_owners_deck_and_each_player():
    r = exact("Put target resonator with total cost 2 or less your opponent controls on the bottom of its owner's deck.",
              "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["resonator"], "cost_max": 2, "side": "opponent"}},
                                  {"op": "to_deck_bottom"}]
    assert line("Put target chant on top of its owner's deck.", "chant").verdict is Verdict.UNSUPPORTED
    r = exact("Each player discards a card.", "chant")
    assert [op["who"] for op in r.fields["effect"]] == ["controller", "opponent"]


def test_cr_201_4_magic_stone_types_are_a_card_field_and_the_destroyed_trigger_not_on_j_rulers():
    r = exact("Treat this card as a wind magic stone and darkness magic stone.", "magic_stone")
    assert r.fields == {"stone_types": ["wind", "darkness"]}
    assert line("Treat this card as a wind magic stone.", "resonator").verdict is Verdict.UNSUPPORTED
    # a destroyed J-ruler returns to the ruler area (CR 1010.1): it is not put into a graveyard
    text = "When this card is put into a graveyard from the field => Draw a card."
    assert line(text, "j_ruler").verdict is Verdict.UNSUPPORTED and line(text, "resonator").verdict is Verdict.EXACT


def test_god_s_art_is_an_activate_ability_once_per_game_by_name():
    r = exact("God's Art <Made-Up Dawn> {W}{W}{2}: Recover all resonators you control. "
              "Play God's Art <Made-Up Dawn> only once per game.", "j_ruler")
    assert r.abilities == [{"kind": "activate", "cost": {"will": "{W}{W}{2}"}, "gods_art": "made-up dawn", "effect": [
        {"op": "select_all", "filter": {"type": ["resonator"], "side": "own"}}, {"op": "recover"}]}]
    # since session 23 on any card with activate abilities (CR 1112 names no card type; test_fow_card_text_s23a)
    assert line('God\'s Art "Made-Up Dusk" {0}: Draw a card.', "resonator").verdict is Verdict.EXACT
    assert line('God\'s Art "Made-Up Dusk" {0}: Draw a card.', "chant").verdict is Verdict.UNSUPPORTED


def test_if_sentences_compile_to_the_if_instruction_over_their_own_ops():
    r = exact('[Enter] => Draw a card. If you control "Made Up", destroy target resonator.')
    assert r.abilities[0]["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}}, {"op": "draw", "count": 1},
        {"op": "if", "condition": {"kind": "control_name", "value": "Made Up"}, "skip": 1}, {"op": "destroy"}]
    r = exact("If your life is 2000 or less, draw two cards.", "chant")
    assert r.fields["effect"][0] == {"op": "if", "condition": {"kind": "life_at_most", "value": 2000}, "skip": 1}
    assert line("If you do, draw a card.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_904_as_long_as_is_the_condition_of_a_continuous_ability_only():
    r = exact("Resonators you control gain [+200/+200] as long as you control five or more magic stones.")
    assert r.abilities[0]["condition"] == {"kind": "stones_at_least", "value": 5}
    r = exact("[Continuous]: As long as you have no cards in your hand, J/resonators you control gain [Flying].")
    assert r.abilities[0]["condition"] == {"kind": "hand_empty"}
    assert line("Draw a card as long as your life is 1000 or less.", "chant").verdict is Verdict.UNSUPPORTED


def test_damage_to_a_player_or_resonator_then_it_is_unsupported():
    # session 10 compiles "target player or J/resonator" (test_fow_card_text_s10.py); "it" after it is no card
    # when a player is the target
    r = line("This card deals 500 damage to target player or J/resonator. Put it on top of its owner's deck.", "chant")
    assert r.verdict is Verdict.UNSUPPORTED and r.reason


# ---- normalisation -----------------------------------------------------------------------------------
def test_normalisation_names_reminders_arrows_and_races():
    races = frozenset({"Wererat", "Sky Knight"})
    s = normalise_line("When Tessa Vale enters the field ⇒ target Wererat gains [+100/+100]. (A reminder.)",
                       "Tessa Vale", races)
    assert s == "when this card enters the field => target <race:Wererat> gains [+100/+100]."
    assert normalise_line("Sky Knights you control gain [Flying].", "", races) == \
        "<races:Sky Knight> you control gain [flying]."
    r = COMPILER.compile_line("Sky Knights you control gain [Flying].", {"type": "resonator", "races": races})
    assert r.abilities[0]["effect"][0]["filter"] == {"race": "Sky Knight", "side": "own"}


def test_lines_keep_their_printed_text_and_repeated_lines_are_cached():
    text = "[Enter] >>> Draw a card."
    a, b = line(text), line(text)
    assert a.line == text and a.abilities == b.abilities and a.abilities is not b.abilities


# ---- the sample lists --------------------------------------------------------------------------------
def test_fow_sim_list_report_counts():
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    path = _need(_SIM)
    res = import_force_of_will_json(path)  # its time: benchmarks/card_text_coverage.py (no timed tests)
    rep = res.report()
    # every record of a played type, skipped ones included ([Trigger] chants too)
    assert rep["cards"] == len(res.text_records) and rep["cards"] > 5000
    assert rep["cards_imported"] == len([c for c in res if not c.token])  # the tokens (CR 1303) are no records
    assert rep["lines"] == rep["lines_exact"] + rep["lines_approximate"] + rep["lines_unsupported"]
    assert rep["cards_exact"] >= 1200 and rep["cards_approximate"] >= rep["cards_exact"]
    assert set(rep["approximations"]) <= set(APPROXIMATIONS)
    assert len(rep["unsupported_shapes"]) == 30 and "sets" in rep and "CMF" in rep["sets"]
    # what the models say matches the verdicts: an exact card lists no uncompiled line
    by = {c.number: c for c in res}
    for rec in res.text_records:
        if rec.skip is None and rec.verdict is Verdict.EXACT:
            assert by[rec.number].text_compiled and not by[rec.number].uncompiled and not by[rec.number].approximate


def test_carddb_list_report():
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    rep = import_force_of_will_json(_need(_CARDDB)).report()
    assert rep["cards"] > 50 and rep["cards_exact"] > 5 and rep["game"] == "force_of_will"


def _compiled_deck(res, by, attribute: str, stone: str) -> list[str]:
    """A legal deck of imported cards whose every line compiled, with abilities or an effect: a
    ruler (and its J-ruler side), 4 copies of 10 main deck cards, 10 basic magic stones."""
    from tcg_env.cards.text import Verdict as V

    ok = {r.number for r in res.text_records if r.skip is None and r.verdict is not V.UNSUPPORTED}
    rulers = [c for c in res if c.type == "ruler" and c.number in ok and c.j_ruler in ok]
    main = [c for c in res if c.number in ok and c.type in ("resonator", "chant") and attribute in c.attribute
            and (c.abilities or c.effect) and c.cost and "X" not in c.cost]  # fmt: skip
    names = {}
    for c in main:
        names.setdefault(c.name, c)
    chosen = list(names.values())[:10]
    stones = [c for c in res if c.type == "magic_stone" and c.basic and c.will == [stone]]
    assert rulers and len(chosen) == 10 and stones
    ruler = rulers[0] if attribute == "fire" else rulers[-1]
    return [ruler.number] + [c.number for c in chosen for _ in range(4)] + [stones[0].number] * 10


def test_an_imported_pool_with_compiled_abilities_plays_random_games():
    import tcg_env
    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    import sys
    sys.path.insert(0, str(_ROOT / "tests" / "conformance"))
    from conformance_helpers import check_cards, random_action

    res = import_force_of_will_json(_need(_SIM))
    by = {c.number: c for c in res}
    d0 = _compiled_deck(res, by, "fire", "fire")
    d1 = _compiled_deck(res, by, "water", "water")
    in_decks = [by[n] for n in set(d0) | set(d1)]
    assert sum(len(c.abilities) + bool(c.effect) for c in in_decks) >= 15  # real compiled abilities in play
    pool = compile_force_of_will_pool(list(res))  # the whole list: filters name races and cards of it
    spec = tcg_env.get_spec("force_of_will")
    sizes = (len(d0), len(d1))
    ends = decisions = 0
    for seed in range(2):
        g = tcg_env.make_game("force_of_will", decks=[d0, d1], seed=seed, pool=pool)
        rng = np.random.default_rng(seed)
        while not g.done and g.num_decisions <= spec.max_decisions:
            mask = g.action_mask()
            assert mask.any(), f"seed {seed}: empty mask before the end"
            if g.num_decisions % 7 == 0:  # card conservation every few states (the check is Python)
                check_cards(spec, np.array(g.state), sizes)
            g.step(random_action(g, rng))
        check_cards(spec, np.array(g.state), sizes)
        ends += g.done
        decisions += g.num_decisions
        assert g.winner in (0, 1, -1)
    assert ends == 2 and decisions > 100


# ---- engine behaviour of compiled text (made-up cards imported, played in a scenario) ----------------
def _imported_pool(tmp_path, cards):
    """The starter pool plus made-up cards imported from a fow-sim list (the importer's path)."""
    import json

    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool, default_pool_path, load_force_of_will_cards
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    p = tmp_path / "sim.json"
    p.write_text(json.dumps({"fow": {"clusters": [{"sets": [{"code": "TXT", "cards": cards}]}]}}))
    res = import_force_of_will_json(p)
    return res, compile_force_of_will_pool(list(load_force_of_will_cards(default_pool_path())) + list(res))


@pytest.mark.parametrize("where, text", [("top", "Put target resonator on top of its owner's main deck."),
                                         ("bottom", "Put target resonator on the bottom of its owner's deck.")])
def test_compiled_put_on_top_or_bottom_of_its_owners_deck_moves_the_target(tmp_path, where, text):
    """A made-up chant imported from its printed line: the targeted resonator of the opponent leaves
    the field for its owner's main deck, on top (CR 302.5) or at the bottom (CR 403.5)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from tcg_env.engine.zones import zone_list

    chant = {"id": "TXT-001", "name": "Made-up Undertow", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    res, pool = _imported_pool(tmp_path, [chant])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")  # a fire magic stone
    (card,) = sc.hand(0, ["TXT-001"])
    victim = sc.put(1, "FOW1-024", "field")
    g = sc.game()
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    resolve_chant(g, card)
    assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.MAIN_DECK
    deck = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 1)  # bottom .. top
    assert deck[-1 if where == "top" else 0] == victim


def test_cr_904_this_card_cannot_attack_is_a_continuous_ability_of_its_own_card(tmp_path):
    """A made-up resonator imported from "This card cannot attack.": its own continuous ability
    (filter ``self_only``) keeps it from attacking (CR 803.3a); a vanilla one beside it still can."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    def res(i, text):
        return {"id": f"TXT-00{i}", "name": f"Made-up Guard {i}", "type": ["Resonator"], "cost": "{R}",
                "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": [text] if text else []}

    imported, pool = _imported_pool(tmp_path, [res(1, "This card cannot attack."), res(2, "")])
    assert [r.verdict for r in imported.text_records] == [Verdict.EXACT, Verdict.EXACT]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    guard = sc.put(0, "TXT-001", "field")
    other = sc.put(0, "TXT-002", "field")
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(6):  # the beginning of battle: priority passes (CR 802)
        if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
            break
        g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.ATTACKER
    field = sc.zone(0, "field")
    legal = set(g.legal_actions().tolist())
    assert K.OWN_FIELD_BASE + field.index(other) in legal
    assert K.OWN_FIELD_BASE + field.index(guard) not in legal


@pytest.mark.parametrize("text, blockable", [("This card cannot be blocked.", False), ("", True)])
def test_cr_804_3_this_card_cannot_be_blocked_leaves_the_opponent_no_blocker(tmp_path, text, blockable):
    """"This card cannot be blocked." (the restriction ``cant_be_blocked``, new): when it attacks,
    the defending player's recovered J/resonator is no legal blocker; a vanilla attacker can be blocked."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    card = {"id": "TXT-001", "name": "Made-up Runner", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
            "ATK": 500, "DEF": 500, "abilities": [text] if text else []}
    _, pool = _imported_pool(tmp_path, [card])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    runner = sc.put(0, "TXT-001", "field")
    sc.put(1, "FOW1-025", "field")  # a vanilla resonator, recovered
    g = sc.game()
    g.step(K.BATTLE)
    seen = set()
    for _ in range(20):
        d = int(g.state[H_DECISION])
        seen.add(d)
        if d == K.Decision.BLOCK:
            break
        if d == K.Decision.ATTACKER:
            g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(runner))
        elif d == K.Decision.ATTACKED:
            g.step(K.ATTACK_PLAYER)
        else:
            g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.BLOCK
    blockers = [a for a in g.legal_actions().tolist() if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS]
    assert bool(blockers) == blockable


def test_cr_1139_2_an_eternal_addition_is_not_destroyed(tmp_path):
    """[Eternal] printed on an addition (CR 307.6: an entity; CR 1139.2: "cannot be destroyed"): a
    made-up "Destroy all additions." leaves it in the field and destroys a plain one."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    def add(i, lines):
        return {"id": f"TXT-00{i}", "name": f"Made-up Banner {i}", "type": ["Addition:Field"], "cost": "{R}",
                "colour": ["R"], "abilities": lines}

    chant = {"id": "TXT-009", "name": "Made-up Purge", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ["Destroy all additions."]}
    imported, pool = _imported_pool(tmp_path, [add(1, ["[Eternal]"]), add(2, []), chant])
    assert all(r.verdict is Verdict.EXACT for r in imported.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")
    eternal, plain = sc.put(1, "TXT-001", "field"), sc.put(1, "TXT-002", "field")
    (card,) = sc.hand(0, ["TXT-009"])
    g = sc.game()
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    for _ in range(8):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD or int(g.state[H_DECISION]) != K.Decision.PRIORITY:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + eternal * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.ZONE + plain * S.CARD_W]) == K.Zone.GRAVEYARD


# ---- session 8 (second pass): marker keywords, remove the top cards, "you control ..." conditions,
# abilities of magic stones ----------------------------------------------------------------------
@pytest.mark.parametrize("text", ["[Will of Hope]", "[Will of Despair]", "[Tales]", "[Villains]"])
def test_cr_1101_1b_keywords_without_a_keyword_skill_compile_to_nothing(text):
    """CR 1101.1b: a keyword that is no keyword skill has no innate ability: the line is exact and
    gives the card nothing; a keyword with a rule ([Mythic]) is no marker (since session 22 the keyword `mythic`,
    approximate: test_fow_card_text_s22c.py)."""
    r = line(text, "resonator")
    # since session 22 the mark is the card field marks, read only by deck construction (CR 402.8, decks.validate_deck)
    assert r.verdict is Verdict.EXACT and r.abilities == [] and list(r.fields) == ["marks"]
    assert line("[Mythic]", "regalia").fields == {"keywords": ["mythic"]}


def test_cr_1004_1_remove_the_top_cards_of_your_deck_from_the_game_is_mill_to_removed():
    r = line("[Enter] >>> Remove the top card of your deck from the game.", "resonator")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "mill", "count": 1, "to": "removed"}]
    r = line("Remove the top three cards of your main deck from the game.", "chant")
    assert r.fields["effect"] == [{"op": "mill", "count": 3, "to": "removed"}]


def test_conditions_you_control_a_another_or_n_or_more_cards():
    """"as long as / if you control (a | another | N or more) <cards>": the condition
    ``control_at_least`` with its filter (own side; "another": not the card itself); N magic stones
    is still ``stones_at_least``; the opponent's cards are unsupported."""
    races = frozenset({"Beast"})
    r = line("This card gains [+400/+400] as long as you control another Beast resonator.", "resonator", races=races)
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["condition"] == {"kind": "control_at_least", "value": 1, "filter": {
        "race": "Beast", "type": ["resonator"], "side": "own", "exclude_self": True}}
    r = line("As long as you control a regalia, this card gains [Flying].", "resonator")
    assert r.abilities[0]["condition"]["filter"] == {"type": ["regalia"], "side": "own"}
    r = line("Destroy target resonator. If you control two or more light resonators, draw a card.", "chant")
    assert r.fields["effect"][2] == {"op": "if", "skip": 1, "condition": {
        "kind": "control_at_least", "value": 2, "filter": {"attribute": ["light"], "type": ["resonator"], "side": "own"}}}
    r = line("If you control three or more magic stones, draw a card.", "chant")
    assert r.fields["effect"][0]["condition"] == {"kind": "stones_at_least", "value": 3}
    assert line("If you control a resonator your opponent controls, draw a card.", "chant").verdict is Verdict.UNSUPPORTED


def test_a_list_comma_only_before_a_noun_so_a_condition_may_end_with_a_comma():
    r = line("Destroy target addition, resonator, or regalia.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["addition", "resonator", "regalia"]}
    r = line("Destroy all additions, resonators, and regalias.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["addition", "resonator", "regalia"]}
    assert line("If you control a regalia, draw a card.", "chant").verdict is Verdict.EXACT


def test_magic_stones_may_have_automatic_and_activate_abilities():
    r = line("[Enter] >>> Foresee 1.", "magic_stone")
    assert r.verdict is Verdict.EXACT and r.abilities == [{"kind": "automatic", "trigger": "enter",
                                                            "effect": [{"op": "foresee", "count": 1}]}]


def _drive(g, done, steps=30):
    """Pass priority (and take the first option of a target or other choice) until ``done(g)``."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    for _ in range(steps):
        if done(g):
            return
        legal = g.legal_actions().tolist()
        if int(g.state[H_DECISION]) != K.Decision.PRIORITY:
            opts = [a for a in legal if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]
            g.step(opts[0] if opts else legal[0])
        else:
            g.step(K.PASS)


def test_cr_906_a_called_magic_stones_enter_ability_triggers_and_resolves(tmp_path):
    """A made-up special magic stone with "[Enter] => Draw a card." called (CR 710.1, 1016) enters
    the field through zones.enter_field: its [Enter] ability triggers (CR 1140) and draws a card."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    stone = {"id": "TXT-001", "name": "Made-up Geode", "type": ["Special Magic Stone", "Magic Stone"],
             "cost": None, "colour": ["V"], "abilities": ["[Enter] => Draw a card.", "{Rest}: Produce {R}."]}
    res, pool = _imported_pool(tmp_path, [stone])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    geode = sc.put(0, "TXT-001", "stone_deck", top=True)
    g = sc.game()
    hand = int(g.state[S.HAND_N])
    assert K.CALL_STONE in set(g.legal_actions().tolist())
    g.step(K.CALL_STONE)
    _drive(g, lambda g: int(g.state[S.HAND_N]) > hand)
    assert int(g.state[S.ZONE + geode * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.HAND_N]) == hand + 1


def test_cr_1004_1_a_chant_removes_the_top_two_cards_of_the_deck_from_the_game(tmp_path):
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Exile", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ["Remove the top two cards of your deck from the game."]}
    res, pool = _imported_pool(tmp_path, [chant])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    top2 = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)[-2:]
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD)
    assert [int(g.state[S.ZONE + c * S.CARD_W]) for c in top2] == [K.Zone.REMOVED] * 2


def test_control_at_least_turns_a_continuous_ability_on_with_another_matching_card(tmp_path):
    """"This card gains [+400/+400] as long as you control another Beast resonator." (CR 904): 500
    ATK alone, 900 with a second Beast resonator in its controller's field, 500 with the opponent's."""
    from tcg_env.games.force_of_will.scenario import Scenario
    from fow_tables import current_values

    def res(i, text):
        return {"id": f"TXT-00{i}", "name": f"Made-up Hound {i}", "type": ["Resonator"], "race": ["Beast"],
                "cost": "{R}", "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": [text] if text else []}

    imported, pool = _imported_pool(tmp_path, [res(1, "This card gains [+400/+400] as long as you control "
                                                      "another Beast resonator."), res(2, "")])
    assert imported.text_records[0].verdict is Verdict.EXACT
    for mine, theirs, atk in ((0, 0, 500), (1, 0, 900), (0, 1, 500)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        hound = sc.put(0, "TXT-001", "field")
        for _ in range(mine):
            sc.put(0, "TXT-002", "field")
        for _ in range(theirs):
            sc.put(1, "TXT-002", "field")
        g = sc.game()
        assert int(current_values(np.asarray(g.state), pool.kernel_tables, hound)[0]) == atk


def test_for_each_is_a_counted_continuous_atk_def_change_and_unsupported_in_a_one_time_effect():
    r = line("This card gains [+200/+200] for each other Beast you control.", "resonator", races=frozenset({"Beast"}))
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "aura_power", "atk": 200, "defense": 200, "filter": {"self_only": True},
                                         "per": {"count": "field", "filter": {"race": "Beast", "side": "own",
                                                                              "exclude_self": True}}}]
    r = line("This card gains [+100/+0] for each card in your hand.", "resonator")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "hand"}
    # a one-time effect: since session 28 the count as it resolves (SET_X) times the change (POWER_X),
    # test_fow_card_text_s28a.py; before, unsupported
    r = line("Target resonator gains [+100/+100] for each card in your graveyard.", "chant")
    assert r.verdict is Verdict.EXACT and [op["op"] for op in r.fields["effect"]] == ["choose", "set_x", "power_x"]


def test_cr_903_2i_pay_less_to_play_this_card_is_its_own_optional_cost_reduction():
    # the player is asked whether to take it as the card is played (CR 903.2i-iv, test_fow_card_text_s15.py)
    r = line("You may pay {1} less to play this card if you control a regalia.", "resonator")
    assert r.verdict is Verdict.EXACT and r.approximations == ()
    assert r.abilities == [{"kind": "continuous", "condition": {"kind": "control_at_least", "value": 1, "filter": {
        "type": ["regalia"], "side": "own"}}, "effect": [{"op": "cost_reduction", "amount": 1,
                                                          "filter": {"zone": "hand", "self_only": True},
                                                          "optional": True}]}]
    assert line("You may pay {2} less to play this card for each addition you control.",
                "chant").abilities[0]["effect"][0]["per"] == {"count": "field", "filter": {"type": ["addition"], "side": "own"}}
    # attribute will: session 15 (test_fow_card_text_s15.py); not "you pay {R} less" (no choice) yet
    assert line("You pay {R} less to play this card.", "resonator").verdict is Verdict.UNSUPPORTED


def test_for_each_card_in_your_hand_counts_the_hand_in_the_engine(tmp_path):
    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    card = {"id": "TXT-001", "name": "Made-up Hoarder", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
            "ATK": 500, "DEF": 500, "abilities": ["This card gains [+100/+200] for each card in your hand."]}
    imported, pool = _imported_pool(tmp_path, [card])
    assert imported.text_records[0].verdict is Verdict.EXACT
    for n in (0, 2):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        hoarder = sc.put(0, "TXT-001", "field")
        sc.hand(0, ["FOW1-024"] * n)
        sc.hand(1, ["FOW1-024"] * 3)  # the opponent's hand does not count
        g = sc.game()
        atk, dfn, _ = current_values(np.asarray(g.state), pool.kernel_tables, hoarder)
        assert (int(atk), int(dfn)) == (500 + 100 * n, 500 + 200 * n)


def test_cr_903_2i_a_card_whose_condition_holds_costs_one_less(tmp_path):
    """"You may pay {1} less to play this card if you control a regalia." on a {R}{1} resonator: with
    one fire stone it is playable only while its controller controls a regalia."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cheap = {"id": "TXT-001", "name": "Made-up Bargain", "type": ["Resonator"], "cost": "{R}{1}", "colour": ["R"],
             "ATK": 500, "DEF": 500, "abilities": ["You may pay {1} less to play this card if you control a regalia."]}
    relic = {"id": "TXT-002", "name": "Made-up Relic", "type": ["Regalia"], "cost": "{R}", "colour": ["R"], "abilities": []}
    imported, pool = _imported_pool(tmp_path, [cheap, relic])
    assert imported.text_records[0].verdict is Verdict.EXACT
    for with_relic in (False, True):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        stone = sc.put(0, "FOW1-079", "field")
        if with_relic:
            sc.put(0, "TXT-002", "field")
        sc.hand(0, ["TXT-001"])
        g = sc.game()
        g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
        assert (K.PLAY_HAND_BASE in set(g.legal_actions().tolist())) == with_relic


def test_cr_1120_2_cannot_be_targeted_by_the_opponents_spells_or_abilities_is_barrier_on_own_cards():
    r = line("Each Fairy Tale you control cannot be targeted by spells or abilities your opponent controls.",
             "resonator", races=frozenset({"Fairy Tale"}))
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "aura_keyword", "keywords": ["barrier"],
                                         "filter": {"race": "Fairy Tale", "side": "own"}}]
    r = line("{Rest}: Target resonator you control cannot be targeted by spells or abilities your opponent "
             "controls until end of turn.", "resonator")
    assert r.abilities[0]["effect"][-1] == {"op": "grant_keyword", "keywords": ["barrier"], "duration": "end_of_turn"}
    # a target that may be the opponent's: "your opponent" is then its own controller, not [Barrier]
    assert line("{Rest}: Target resonator cannot be targeted by spells or abilities your opponent controls until "
                "end of turn.", "resonator").verdict is Verdict.UNSUPPORTED
    # anyone's spells or abilities: no [Barrier] but the restriction cant_be_targeted (session 14, test_fow_card_text_s14)
    assert line("This card cannot be targeted by spells or abilities.", "resonator").abilities[0]["effect"][0][
        "restrictions"] == ["cant_be_targeted"]


@pytest.mark.parametrize("text, cond", [
    ("[Null] (This card gains the following text as long as you have no cards in your hand) - [Precision]",
     {"kind": "hand_empty"}),
    ("[Seal] (3) (This card gains the following text as long as you control three or more magic stones.) - "
     "[Flying] [Swiftness]", {"kind": "stones_at_least", "value": 3}),
    ("[Rune] 2 (This card gains the following text as long as there are two or more runes revealed from your "
     "rune area.) - This card gains [+200/+200].", {"kind": "runes_revealed_at_least", "value": 2}),
])  # fmt: skip
def test_cr_1134_1128_1137_null_seal_and_rune_give_the_text_with_its_condition(text, cond):
    r = line(text, "resonator")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["kind"] == "continuous" and r.abilities[0]["condition"] == cond


def test_cr_1134_null_activate_ability_has_the_condition_and_a_hand_counting_cost_reduction_is_unsupported():
    r = line("[Null] (This card gains the following text as long as you have no cards in your hand.) - {R}: This "
             "card gains [+200/+0] until end of turn.", "resonator")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["kind"] == "activate"
    assert r.abilities[0]["condition"] == {"kind": "hand_empty"}
    r = line("[Null] (This card gains the following text as long as you have no cards in your hand.) - You may pay "
             "{4} less to play this card.", "resonator")
    assert r.verdict is Verdict.UNSUPPORTED  # the engine reads the cost with the card still in the hand


def test_cr_803_5_another_or_a_resonator_you_control_attacks_watches_the_attacker():
    r = line("Whenever another resonator you control attacks => This card gains [+100/+100] until end of turn.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["trigger"] == "j_resonator_attacks"
    assert r.abilities[0]["trigger_filter"] == {"type": ["resonator"], "side": "own", "exclude_self": True}
    r = line("Whenever a resonator you control attacks => You gain 400 life.", "addition", addition="field")
    assert r.abilities[0]["trigger_filter"] == {"type": ["resonator"], "side": "own"}  # itself included
    r = line("Whenever another Elf enters the field under your control, draw a card.", races=frozenset({"Elf"}))
    assert r.abilities[0]["trigger"] == "other_enters"
    assert r.abilities[0]["trigger_filter"] == {"race": "Elf", "type": ["j_resonator"], "side": "own", "exclude_self": True}


def test_target_opponent_is_the_opponent_and_a_missing_full_stop_is_read():
    r = line("{R}{R}: This card deals 200 damage to target opponent.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "damage_player", "amount": 200, "who": "opponent"}]
    assert line("Target opponent discards a card.", "chant").fields["effect"] == [
        {"op": "discard", "count": 1, "who": "opponent"}]
    assert line("[Enter]: Destroy target addition", "resonator").verdict is Verdict.EXACT
    # "target player" (session 10): the opponent or you, chosen as it is played (CR 903.2g)
    assert [m[0]["who"] for m in line("This card deals 500 damage to target player.", "chant").fields["effect"][0]["modes"]] \
        == ["opponent", "controller"]


def test_cr_1013_2_a_rulers_rest_ability_rests_it_and_it_then_cannot_call_a_stone(tmp_path):
    """A made-up ruler with "{Rest}: Draw a card." plays it from its ruler area (RULER_ACTIVATE): the
    ruler is rested, a card is drawn, and the rested ruler can no longer call a magic stone (CR 710.1)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    ruler = {"id": "TXT-001", "name": "Made-up Regent", "type": ["Ruler"], "colour": ["R"],
             "abilities": ["{Rest}: Draw a card."]}
    imported, pool = _imported_pool(tmp_path, [ruler])
    assert imported.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (regent,) = sc.zone(0, "ruler_area")  # the ruler's slot (characteristics.j_ruler_slot) made the Regent
    sc.row[S.CARD + regent * S.CARD_W] = sc.card_id("TXT-001")
    g = sc.game()
    hand = int(g.state[S.HAND_N])
    legal = set(g.legal_actions().tolist())
    assert K.RULER_ACTIVATE_BASE in legal and K.CALL_STONE in legal
    g.step(K.RULER_ACTIVATE_BASE)
    _drive(g, lambda g: int(g.state[S.HAND_N]) > hand)
    assert int(g.state[S.HAND_N]) == hand + 1 and int(g.state[S.RESTED + regent * S.CARD_W]) == 1
    assert K.CALL_STONE not in set(g.legal_actions().tolist())


def test_cr_803_3b_this_card_cannot_be_attacked_is_no_attacked_object(tmp_path):
    """"This card cannot be attacked." (the restriction ``cant_be_attacked``, new; battle.attackable):
    the opponent's rested resonator with it is not offered as the attacked object, a rested vanilla
    one beside it is."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    def res(i, text):
        return {"id": f"TXT-00{i}", "name": f"Made-up Warden {i}", "type": ["Resonator"], "cost": "{R}",
                "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": [text] if text else []}

    imported, pool = _imported_pool(tmp_path, [res(1, "This card cannot be attacked."), res(2, "")])
    assert imported.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    attacker = sc.put(0, "FOW1-025", "field")
    warden, plain = sc.put(1, "TXT-001", "field", rested=True), sc.put(1, "TXT-002", "field", rested=True)
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.ATTACKED:
            break
        g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(attacker) if d == K.Decision.ATTACKER else K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.ATTACKED
    legal = set(g.legal_actions().tolist())
    theirs = sc.zone(1, "field")
    assert K.OPP_FIELD_BASE + theirs.index(plain) in legal
    assert K.OPP_FIELD_BASE + theirs.index(warden) not in legal


def test_cr_905_play_this_ability_only_if_is_the_abilitys_condition():
    r = line("{Rest}: This card deals 200 damage to each resonator. Play this ability only if you control a regalia.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["condition"] == {"kind": "control_at_least", "value": 1,
                                           "filter": {"type": ["regalia"], "side": "own"}}
    r = line("{Rest}: Produce {R}. Play this ability only if you control a regalia.")
    assert r.abilities[0]["kind"] == "will" and r.abilities[0]["condition"]["kind"] == "control_at_least"
    # a magic stone's: a will ability with the condition, not its 'will' field (session 21; before, unsupported)
    r = line("{Rest}: Produce {R}. Play this ability only if you control a regalia.", "magic_stone")
    assert r.verdict is Verdict.EXACT and r.fields == {} and r.abilities[0]["kind"] == "will"


def test_cr_803_804_attacking_and_blocking_filters():
    r = line("Target blocking resonator you control gains [+1000/+1000] until end of turn.", "chant")
    assert r.verdict is Verdict.EXACT and r.fields["effect"][0]["filter"]["state"] == "blocking"
    r = line("Pay 200 life: This card deals 200 damage to target attacking or blocking resonator.")
    assert r.abilities[0]["effect"][0]["filter"] == {"state": "attacking_or_blocking", "type": ["resonator"]}


def test_attacking_filter_matches_the_attacker_only_in_the_engine(tmp_path):
    """filters.filter_core: state ``attacking`` matches the slot in ``state.ATTACKER``: the defending
    player's instant "Destroy target attacking J/resonator." offers the attacker alone as its target."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Ambush", "type": ["Spell:Chant-Instant"], "cost": "{R}",
             "colour": ["R"], "abilities": ["Destroy target attacking J/resonator."]}
    imported, pool = _imported_pool(tmp_path, [chant])
    assert imported.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    attacker = sc.put(0, "FOW1-025", "field")
    sc.put(0, "FOW1-025", "field")  # another of the attacker's resonators: not attacking
    stone = sc.put(1, "FOW1-079", "field")
    sc.hand(1, ["TXT-001"])
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(30):
        d, who = int(g.state[H_DECISION]), int(g.state[H_DECIDER])
        if d == K.Decision.PRIORITY and who == 1 and int(g.state[S.ATTACKER]) == attacker:
            break
        if d == K.Decision.ATTACKER:
            g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(attacker))
        elif d == K.Decision.ATTACKED:
            g.step(K.ATTACK_PLAYER)
        else:
            g.step(K.PASS)
    assert int(g.state[S.ATTACKER]) == attacker and int(g.state[H_DECIDER]) == 1
    g.step(K.WILL_A_BASE + sc.zone(1, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    assert g.state[S.CAND: S.CAND + int(g.state[S.CAND_N])].tolist() == [attacker]


def test_for_each_in_a_one_time_effect_sets_the_x_of_the_next_op():
    r = line("[Enter]: This card deals 400 damage to target resonator for each Werewolf you control.",
             races=frozenset({"Werewolf"}))
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"][1:] == [
        {"op": "set_x", "per": {"count": "field", "filter": {"race": "Werewolf", "side": "own"}}, "times": 4},
        {"op": "damage", "amount": "X00"}]
    assert line("Draw a card for each card in your graveyard.", "chant").fields["effect"] == [
        {"op": "set_x", "per": {"count": "graveyard"}, "times": 1}, {"op": "draw", "count": "X"}]
    assert line("Draw a card for each card in your graveyard.", "chant", x=True).verdict is Verdict.UNSUPPORTED


def test_set_x_counts_as_the_chant_resolves_in_the_engine(tmp_path):
    """"You gain 200 life for each resonator you control." with two resonators (and one of the
    opponent's): +400 life (Op.SET_X: E_X = 2 x 2, GAIN_LIFE X00)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Census", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ["You gain 200 life for each resonator you control."]}
    imported, pool = _imported_pool(tmp_path, [chant])
    assert imported.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")
    sc.field(0, ["FOW1-025", "FOW1-025"])
    sc.put(1, "FOW1-025", "field")
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD)
    assert int(g.state[S.LIFE]) == life + 400
