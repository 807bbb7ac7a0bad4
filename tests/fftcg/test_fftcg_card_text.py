"""FF-TCG's card-text compiler (tcg_env.games.fftcg.card_text): printed lines -> abilities, verdicts,
the new trigger and condition in the kernels, the import report on the sample lists, and an imported
pool in play. Every line here is made up in the game's template language (no real card text); the
sample lists are read from ../shared/carddata and the tests that need them skip without it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tcg_env.cards.text import Verdict, coverage_report
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import (
    APPROXIMATIONS,
    COMPILER,
    clean_ffdecks_lines,
    clean_simulator_text,
    compile_card_lines,
    normalise_line,
)
from tcg_env.games.fftcg.cards import compile_fftcg_pool
from tcg_env.games.fftcg.importer import import_fftcg_json
from tests.fftcg.fftcg_helpers import (
    card_record,
    first_payment,
    import_mini,
    mini_deck,
    resolve_stack,
    slot_of,
)

CARDDATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "fftcg"
SIM = CARDDATA / "ThomasALeon_FFTCGSim__fftcg_real_cards.json"
FFDECKS = CARDDATA / "jkeczan_fftcg-online-2__ffdecks_cards.json"

FWD = {"name": "Zell Test", "type": "forward", "job": "Monk", "element": "fire", "cost": 3}
BACKUP = {"name": "Quill", "type": "backup", "job": "Scholar", "element": "ice", "cost": 2}
SUMMON = {"name": "Flarebolt", "type": "summon", "element": "fire", "cost": 2}


def _c(line, card=FWD):
    return COMPILER.compile_line(line, card)


def _need(p: Path) -> Path:
    if not p.is_file():
        pytest.skip(f"card data not available: {p}")
    return p


# ---- the two layouts -> one display form --------------------------------------------------------
def test_layouts_clean_to_the_same_display_lines():
    sim = clean_simulator_text("[[ex]]EX BURST[[/]] When Quill enters the field, draw 1 card.[[br]]   "
                               "《氷》《1》《ダル》: Choose 1 [[i]]Job Knight[[/]] Forward. Dull it.[[br]]"
                               "[[s]]Frost Wall[[/]] 《S》《氷》: Draw 1 card.")  # fmt: skip
    ffd = clean_ffdecks_lines(["{x} When Quill enters the field, draw 1 card.",
                               "{i}{1}{d}: Choose 1 ~Job Knight~ Forward. *Dull* it.",
                               "%Frost Wall% {s}{i}: Draw 1 card."])  # fmt: skip
    assert sim == ffd == ["EX BURST When Quill enters the field, draw 1 card.",
                          "{Ice}{1}{Dull}: Choose 1 [Job Knight] Forward. Dull it.",
                          "%Frost Wall% {S}{Ice}: Draw 1 card."]  # fmt: skip


def test_normalise_names_the_card_and_lowercases_sentence_starts():
    assert normalise_line("When Zell Test attacks, Zell Test gains Haste.", "Zell Test") == "when ~ attacks, ~ gains Haste."
    # a reference to the card's own name keeps it (it is a name, not "this card")
    assert normalise_line("Choose 1 [Card Name Zell Test].", "Zell Test") == "choose 1 [Card Name Zell Test]."
    # whole words only: a short name is not replaced inside other words
    assert normalise_line("EX BURST Choose 1 Lightning Forward.", "Light") == "EX BURST choose 1 Lightning Forward."


# ---- auto abilities (CR 11.8) ---------------------------------------------------------------------
def test_auto_enters_choose_opponent_forward_damage():
    r = _c("When Zell Test enters the field, choose 1 Forward opponent controls. Deal it 5000 damage.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities == [{"kind": "auto", "trigger": "enters_self", "effect": [
        {"op": "choose", "filter": {"type": "forward", "side": "opponent"}, "count": 1, "reg": 0},
        {"op": "damage", "amount": 5000, "reg": 0}]}]


def test_auto_choices_come_first_even_when_printed_after_a_draw():
    # CR 11.8.9: targets are chosen when the auto-ability is put on the stack
    r = _c("When Zell Test attacks, draw 1 card. Choose 1 dull Forward of cost 3 or less. Break it.")
    assert r.verdict is Verdict.EXACT
    assert [op["op"] for op in r.abilities[0]["effect"]] == ["choose", "draw", "break"]
    assert r.abilities[0]["effect"][0]["filter"] == {"state": "dull", "type": "forward", "cost_max": 3}


def test_damaged_and_attacking_forwards_are_filter_states():
    r = _c("{Dull}: Choose 1 attacking Forward. It gains +1000 power until the end of the turn.", BACKUP)
    assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"][0]["filter"] == {"state": "attacking",
                                                                                    "type": "forward"}  # fmt: skip
    r = _c("When Zell Test enters the field, choose 1 damaged Forward. Break it.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"][0]["filter"]["state"] == "damaged"


def test_put_from_the_field_into_the_break_zone_is_its_own_trigger():
    # CR 15.1.1.3.2: not only breaking
    r = _c("When Zell Test is put from the field into the Break Zone, your opponent discards 1 card.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["trigger"] == "put_into_break_self"
    assert r.abilities[0]["effect"] == [{"op": "discard", "count": 1, "who": "opponent"}]


def test_you_may_search_is_an_optional_auto_ability():
    r = _c("When Zell Test enters the field, you may search for 1 [Category VII] Forward and add it to your hand.")
    assert r.verdict is Verdict.EXACT
    ab = r.abilities[0]
    assert ab["optional"] is True
    assert ab["effect"] == [{"op": "search", "destination": "hand", "filter": {
        "category": "VII", "type": "forward", "side": "own", "zone": "deck"}}]


def test_conditional_auto_ability_controls_at_least():
    r = _c("When Zell Test attacks, if you control 2 or more [Job Knight] Forwards, draw 1 card.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["condition"] == {"kind": "controls_at_least", "value": 2,
                                           "filter": {"job": "Knight", "type": "forward", "side": "own"}}  # fmt: skip


def test_enters_other_matching_the_card_itself_is_approximate():
    # the engine's "enters your field" trigger looks at the other cards only
    r = _c("When a Forward enters your field, Zell Test gains +1000 power until the end of the turn.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("enters_other_self",)
    r = _c("When a Forward other than Zell Test enters your field, draw 1 card.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["trigger_filter"] == {"type": "forward", "exclude_self": True, "side": "own"}
    r = _c("When a Forward enters your field, draw 1 card.", BACKUP)  # a Backup is no Forward
    assert r.verdict is Verdict.EXACT


def test_self_or_another_entering_is_two_triggers():
    # "When ~ or a DESC enters your field": enters_self and enters_other (which never counts the card
    # itself, so its own entering triggers once)
    r = _c("When Zell Test or a Fire Forward enters your field, draw 1 card.")
    assert r.verdict is Verdict.EXACT
    assert [a["trigger"] for a in r.abilities] == ["enters_self", "enters_other"]
    assert "trigger_filter" not in r.abilities[0]
    assert r.abilities[1]["trigger_filter"] == {"element": ["fire"], "type": "forward", "side": "own"}


def test_ex_burst_auto_ability_is_also_the_ex_burst_effect():
    # CR 11.10: the EX Burst resolves the "enters the field" effect from the Damage Zone
    r = _c("EX BURST When Quill enters the field, choose 1 Forward. Dull it and Freeze it.", BACKUP)
    assert r.verdict is Verdict.EXACT and r.fields == {"ex_burst": True}
    auto, ex = r.abilities
    assert auto["kind"] == "auto" and ex["kind"] == "ex_burst"
    assert [o["op"] for o in ex["effect"]] == ["choose", "dull", "freeze"] == [o["op"] for o in auto["effect"]]


# ---- action and special abilities (CR 11.6, 11.7) ---------------------------------------------------
def test_action_ability_costs():
    r = _c("{Fire}{1}{Dull}, put Zell Test into the Break Zone: Choose 1 Forward. Deal it 8000 damage.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["cost"] == {"element": "fire", "cp": 2, "dull": True, "break_self": True}
    r = _c("{Fire}{Fire}: Zell Test gains +2000 power until the end of the turn.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["cost"] == {"elements": ["fire", "fire"], "cp": 2}
    assert r.abilities[0]["effect"] == [{"op": "target_self", "reg": 0},
                                        {"op": "power", "amount": 2000, "duration": "end_of_turn", "reg": 0}]  # fmt: skip


def test_usage_restrictions_are_conditions_of_use():
    # "You can only use this ability during your turn / if ...", and "Damage N --" before a cost
    r = _c("{Dull}: Draw 1 card. You can only use this ability during your turn.", BACKUP)
    assert r.verdict is Verdict.EXACT and r.abilities[0]["condition"] == {"kind": "your_turn", "value": 0}
    r = _c("Damage 5 -- {Fire}: Zell Test gains +1000 power until the end of the turn.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["condition"] == {"kind": "damage_at_least", "value": 5}
    r = _c("During your turn, Zell Test gains First Strike.")
    assert r.abilities[0]["kind"] == "field" and r.abilities[0]["condition"]["kind"] == "your_turn"


def test_special_ability_needs_the_s_symbol():
    r = _c("%Big Swing% {S}{Fire}{Dull}: Deal 4000 damage to all the Forwards opponent controls.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["kind"] == "special"
    assert r.abilities[0]["effect"][0] == {"op": "select_all", "filter": {"type": "forward", "side": "opponent"},
                                           "reg": 0}  # fmt: skip


# ---- field abilities (CR 11.9) ----------------------------------------------------------------------
def test_damage_condition_field_ability():
    r = _c("Damage 3 -- Zell Test gains +1000 power and Brave.")
    assert r.verdict is Verdict.EXACT
    ab = r.abilities[0]
    assert ab["kind"] == "field" and ab["condition"] == {"kind": "damage_at_least", "value": 3}
    assert [o["op"] for o in ab["effect"]] == ["aura_power", "aura_keyword"]


def test_aura_on_a_job_other_than_the_card():
    r = _c("The [Job Warrior] Forwards other than Zell Test you control gain +1000 power.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "aura_power", "amount": 1000, "filter": {
        "job": "Warrior", "type": "forward", "exclude_self": True, "side": "own"}}]


def test_cost_reduction_and_restriction():
    r = _c("The cost required to cast your Summons is reduced by 1.", BACKUP)
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "cost_reduction", "amount": 1,
                                         "filter": {"type": "summon", "side": "own", "zone": "hand"}}]  # fmt: skip
    r = _c("Zell Test cannot block.")
    assert r.abilities[0]["effect"][0]["restrictions"] == ["cant_block"]


def test_keyword_lines_set_card_fields():
    r = _c("Haste First Strike Brave")
    assert r.verdict is Verdict.EXACT and r.fields == {"keywords": ["haste", "first_strike", "brave"]}


# ---- Summons (CR 11.3) --------------------------------------------------------------------------------
def test_summon_effect_and_ex_burst():
    r = _c("EX BURST Choose up to 2 Forwards opponent controls. Deal them 3000 damage.", SUMMON)
    assert r.verdict is Verdict.EXACT and r.fields == {"ex_burst": True}
    assert r.abilities == [{"kind": "summon", "effect": [
        {"op": "choose", "filter": {"type": "forward", "side": "opponent"}, "count": 2, "reg": 0, "up_to": True},
        {"op": "damage", "amount": 3000, "reg": 0}]}]


def test_play_from_the_break_zone_is_chosen_on_cast_CR_11_3_3():
    r = _c("Choose 1 Forward of cost 2 or less in your Break Zone. Play it onto the field.", SUMMON)
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "choose", "count": 1, "reg": 0, "filter": {
        "type": "forward", "cost_max": 2, "zone": "break", "side": "own"}}, {"op": "put_onto_field", "reg": 0}]


# ---- unsupported lines keep their reason ----------------------------------------------------------------
@pytest.mark.parametrize("line, card, reason", [
    ("Select 1 of the 2 following actions.", SUMMON, "Select N of the M following actions"),
    ('"Choose 1 Forward. Deal it 5000 damage."', SUMMON, "Select N of the M following actions"),
    ("Back Attack", SUMMON, "Back Attack on a card that is not a Character"),  # (a Character's: session 9)
    ("Damage 3 -- {1}: Draw 1 card. You can only use this ability during your turn.", BACKUP, "two conditions"),
    ("When Zell Test enters the field, gain {C}.", FWD, "no sentence of the grammar"),
    ("Choose 1 Forward. Deal it 5000 damage.", FWD, "without a trigger or cost on a Character"),
    ("When Zell Test enters the field, choose 1 dull damaged Forward. Break it.", FWD, "two state words"),
    ("{Light}: Draw 1 card.", BACKUP, "Light or Dark CP"),
])  # fmt: skip
def test_unsupported_lines_say_why(line, card, reason):
    r = _c(line, card)
    assert r.verdict is Verdict.UNSUPPORTED and reason in r.reason and not r.abilities


def test_every_approximation_is_documented():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "fftcg" / "card-text.md").read_text()
    for name, differs in APPROXIMATIONS.items():
        assert f"`{name}`" in doc and differs


# ---- the kernels: the new trigger and condition ----------------------------------------------------------
def _records():
    rec = card_record("T")

    recs = [
        rec(1, "Ledger", "backup", 2, 0, "Clerk", "《ダル》, put Ledger into the Break Zone: Choose 1 Forward. "
            "Deal it 1000 damage.[[br]]When Ledger is put from the field into the Break Zone, draw 2 cards."),
        rec(2, "Captain", "forward", 3, 7000, "Chief",
            "If you control 2 or more [[i]]Job Knight[[/]] Forwards, Captain gains +2000 power."),
        rec(3, "Squire", "forward", 2, 5000, "Knight", ""),
        rec(4, "Page", "forward", 2, 4000, "Knight", "Brave"),
        rec(5, "Blast", "summon", 2, 0, "", "Choose 1 Forward opponent controls. Deal it 4000 damage."),
        rec(6, "Odd Spell", "summon", 2, 0, "", "Select 1 of the 2 following actions."),
        rec(7, "Finder", "backup", 2, 0, "Clerk",
            "《ダル》, put Finder into the Break Zone: Choose 1 Forward in your Break Zone. Add it to your hand."),
        rec(8, "Banner", "backup", 2, 0, "Herald",
            "The [[i]]Job Knight[[/]] or [[i]]Card Name Captain[[/]] you control gain +1000 power."),
        rec(9, "Sage", "forward", 3, 5000, "Sage", "For each Backup you control, Sage gains +1000 power."),
        rec(30, "Watchman", "backup", 2, 0, "Guard", "《ダル》: Choose 1 Forward. Deal it 1000 damage. "
            "You can only use this ability during your turn."),
        rec(31, "Finisher", "backup", 2, 0, "Guard", "《ダル》: Choose 1 damaged Forward opponent controls. Break it."),
        rec(32, "Lookout", "backup", 2, 0, "Guard", "《ダル》: Choose 1 attacking Forward. Deal it 1000 damage."),
        rec(33, "Scribe", "backup", 2, 0, "Clerk", "Discard 1 card: Draw 1 card. "
            "You can only use this ability once per turn."),
        rec(34, "Idler", "backup", 2, 0, "Clerk", "《0》: Draw 1 card. You can only use this ability once per turn."),
        rec(35, "Bargain", "forward", 4, 5000, "Chief",
            "If you control a [[i]]Job Knight[[/]] Forward, the cost required to cast Bargain is reduced by 2."),
        rec(36, "Sneak", "forward", 2, 5000, "Thief", "Sneak cannot be blocked by a Forward of cost 4 or more."),
        rec(37, "Either", "summon", 2, 0, "", 'Select 1 of the 2 following actions.[[br]]"Choose 1 Forward opponent '
            'controls. Deal it 4000 damage."[[br]]"Draw 1 card."'),
        rec(38, "Oracle", "forward", 2, 5000, "Seer", 'When Oracle enters the field, select 1 of the 2 following '
            'actions. "Choose 1 Forward. Dull it." "Draw 1 card."'),
        rec(39, "Both", "summon", 2, 0, "", 'Select up to 2 of the 3 following actions.[[br]]"Choose 1 Forward '
            'opponent controls. Deal it 2000 damage."[[br]]"Choose 1 Forward opponent controls. Dull it."[[br]]'
            '"Draw 1 card."'),
        rec(40, "Loner", "forward", 2, 5000, "Hermit", "If you control 1 or less Backups, Loner gains +2000 power."),
        rec(41, "Veil", "forward", 2, 5000, "Mystic", "Veil cannot be chosen by your opponent's Summons."),
        rec(42, "Digger", "forward", 2, 5000, "Miner", "When Digger enters the field, put the top 2 cards of your "
            "deck into the Break Zone."),
        rec(44, "Bully", "forward", 2, 5000, "Brute", "If your opponent has 2 cards or less in their hand, Bully "
            "gains +2000 power."),
        rec(45, "Brink", "forward", 2, 5000, "Seer", 'When Brink enters the field, select 1 of the 2 following '
            'actions. If you control 3 or more Backups, select up to 2 of the 2 following actions instead.[[br]]'
            '"Choose 1 Forward opponent controls. Dull it."[[br]]"Draw 1 card."'),
        rec(46, "Sleep", "summon", 2, 0, "", "Choose 1 Forward. Dull it."),
        rec(47, "Stout", "forward", 2, 5000, "Guard", "Stout cannot become dull by your opponent's Summons or abilities."),
        rec(48, "Mourner", "forward", 2, 5000, "Priest", "If you have 2 or more Forwards in your Break Zone, Mourner "
            "gains +2000 power."),
        rec(49, "Hexer", "backup", 2, 0, "Seer", "When Hexer enters the field, choose 1 Forward. Until the end of "
            "the turn, it loses 1000 power for each Backup you control."),
        rec(50, "Caller", "forward", 2, 5000, "Seer", "When you cast a Summon, Caller gains +1000 power until the "
            "end of the turn."),
        rec(51, "Diviner", "backup", 2, 0, "Seer", "When Diviner enters the field, reveal the top card of your deck. "
            "If it is a Forward, add it to your hand."),
        rec(52, "Striker", "forward", 2, 5000, "Brute", "When Striker is blocked, draw 1 card."),
        rec(53, "Keeper", "forward", 2, 5000, "Brute", "When a Backup you control is put from the field into the "
            "Break Zone, draw 1 card."),
        rec(54, "Prism", "backup", 2, 0, "Mage", "If Prism is on the field, Prism can produce CP of any Element."),
        rec(55, "Delver", "backup", 2, 0, "Seer", "When Delver enters the field, turn over one card at a time from the "
            "top of your deck until a Forward is revealed. Add it to your hand. Then, shuffle the other cards revealed "
            "and return them to the bottom of your deck."),
        rec(56, "Lookout Two", "backup", 2, 0, "Guard", "When a Forward you control attacks, draw 1 card."),
        rec(57, "Veil", "forward", 2, 5000, "Guard", "The [Job Judge] and [Card Name Veil] you control cannot be "
            "chosen by your opponent's Summons."),
        rec(59, "Scryer", "backup", 2, 0, "Seer", "{Dull}: Look at the top 3 cards of your deck. Add 1 Forward among "
            "them to your hand and return the other cards to the bottom of your deck in any order."),
        rec(60, "Duo", "forward", 2, 5000, "Knight", "When Duo forms a party and attacks, draw 1 card."),
        rec(61, "Bury", "summon", 1, 0, "", "Choose 1 Forward. Put it at the bottom of its owner's deck."),
        rec(62, "Topple", "summon", 1, 0, "", "Choose 1 Forward. Put it on top of its owner's deck."),
        rec(63, "Rude", "forward", 2, 5000, "Turk", "You can only pay with CP produced by Backups to cast Rude."),
        rec(64, "Lenne", "forward", 2, 5000, "Singer", "When your opponent casts a Summon, Lenne gains +2000 power "
            "until the end of the turn."),
        rec(58, "Drill", "backup", 2, 0, "Guard", "{1}: Choose 1 Forward. It gains +1000 power until the end of the "
            "turn. You can only use this ability during your Main Phase."),
        rec(43, "Judge", "forward", 2, 5000, "Judge", "When Judge enters the field, choose 1 Forward opponent controls. "
            "If you control 3 or more Backups, dull it."),
        # session 11: "If / When you do so" (played in test_fftcg_card_text_if_done.py)
        rec(65, "Seeker", "forward", 1, 5000, "Scout", "When Seeker enters the field, you may discard 1 card. If you "
            "do so, draw 2 cards."),
        rec(66, "Payer", "forward", 1, 5000, "Scout", "When Payer enters the field, you may pay {Fire}{1}. When you "
            "do so, choose 1 Forward opponent controls. Break it."),
        rec(67, "Martyr", "forward", 1, 5000, "Scout", "When Martyr enters the field, you may put Martyr into the Break "
            "Zone. When you do so, draw 1 card."),
        # session 12 (played in test_fftcg_card_text_s12_grammar.py)
        rec(68, "Shell", "forward", 3, 7000, "Guard", "If Shell is dealt damage, reduce the damage by 1000 instead."),
        rec(69, "Wisp", "forward", 2, 5000, "Sprite", "When Wisp is chosen by your opponent's Summons or abilities, "
            "draw 1 card.[[br]]When Wisp is chosen by a Summon or an ability, Wisp gains +1000 power until the end "
            "of the turn."),
        rec(70, "Tyrant", "forward", 2, 5000, "Lord", "When Tyrant enters the field, your opponent selects 1 Forward "
            "they control. Put it into the Break Zone."),
        rec(71, "Spite", "forward", 3, 9000, "Guard", "When Spite is dealt damage, draw 1 card.[[br]]When Spite is "
            "dealt damage by your opponent's Summons or abilities, draw 1 card."),
        rec(72, "Purge", "summon", 1, 0, "", "Each player discards 1 card from his/her hand."),
        rec(73, "Thief", "forward", 2, 5000, "Thief", "When Thief enters the field, your opponent reveals their hand. "
            "Select 1 card in their hand. Your opponent discards this card."),
        rec(74, "Marshal", "forward", 2, 5000, "Lord", "When a Forward other than Marshal you control attacks, it gains "
            "+2000 power until the end of the turn."),
        # session 13: Op.MUST_ATTACK, Condition.HAND_AT_LEAST, Op.NO_ACTIVATE, Condition.SELF_IN_PARTY,
        # Trigger.PARTY_ATTACKS
        rec(75, "Brute", "forward", 2, 6000, "Berserker", "Brute must attack once per turn if possible.[[br]]If you "
            "have 4 or more cards in your hand, Brute gains +1000 power."),
        rec(76, "Sleeper", "forward", 2, 5000, "Golem", "Sleeper does not activate during your Active Phase.[[br]]The "
            "Forwards forming a party with Sleeper gain First Strike.[[br]]When a party you control attacks, draw 1 "
            "card."),
        # session 14: Condition.ELEMENTS_AT_LEAST, ELEMENTS_EXACTLY, ALL_DIFFERENT_ELEMENTS_AT_LEAST
        rec(77, "Luso", "forward", 2, 5000, "Hunter", "If there are 3 or more different Elements among Forwards you "
            "control, Luso gains +2000 power."),
        rec(78, "Lani", "forward", 2, 5000, "Hunter", "If there are exactly 2 different Elements among Forwards you "
            "control, Lani gains +1000 power."),
        rec(79, "Onion", "forward", 2, 5000, "Knight", "If you control 3 or more Backups and if the Backups you "
            "control are all of different Elements, Onion gains +6000 power."),
        # session 15: Condition.CAST_AT_LEAST, Op.DAMAGE_SHIELD, Op.DULL_ACTIVE, Op.DISCARD_MATCHING, Trigger.OPP_EX_BURST
        rec(84, "Feolthan", "forward", 2, 5000, "Lord", "When your opponent uses an EX Burst, draw 1 card."),
        rec(83, "Krile", "forward", 2, 5000, "Summoner", "When Krile enters the field, you may discard 1 Summon. When you "
            "do so, draw 2 cards."),
        rec(82, "Leo", "forward", 2, 5000, "General", "When Leo enters the field, you may dull 1 active Backup you "
            "control. When you do so, draw 1 card."),
        rec(80, "Seer", "backup", 2, 0, "Seer", "{Dull}: Draw 1 card. You can only use this ability if you have cast "
            "a Summon this turn."),
        rec(81, "Aegis", "backup", 2, 0, "Guard", "{Dull}: Choose 1 Forward. During this turn, the next damage dealt to "
            "it is reduced by 2000 instead."),
        # session 16: Op.DAMAGE_INCREASE, Op.DAMAGE_MOD_AURA (played in tests/fftcg/test_fftcg_card_text_s16.py)
        rec(85, "Blazer", "backup", 2, 0, "Smith", "If a Forward you control deals damage to a Forward, the damage "
            "increases by 1000 instead."),
        rec(86, "Bulwark", "backup", 2, 0, "Guard", "If a Forward you control is dealt damage by a Summon, reduce the "
            "damage by 2000 instead."),
        # session 16 (s16-ff2): Op.PLAYER_DAMAGE_SHIELD, Trigger.PARTY_DEALS_DAMAGE_TO_PLAYER (played in
        # tests/fftcg/test_fftcg_card_text_s16b.py)
        rec(87, "Warder", "summon", 1, 0, "", "During this turn, the next damage dealt to you becomes 0 instead."),
        rec(88, "Rallier", "backup", 2, 0, "Herald", "When a party you control deals damage to your opponent, draw 1 "
            "card."),
        # session 17: Op.PLAYER_DAMAGE_DOUBLE (played in tests/fftcg/test_fftcg_card_text_s17_damage.py)
        rec(89, "Seraph", "forward", 2, 5000, "Angel", "If Seraph deals damage to your opponent, double the damage "
            "instead."),
        # session 18: Op.ENTERS_DULL (played in tests/fftcg/test_fftcg_card_text_s18b.py)
        rec(90, "Dozer", "forward", 2, 5000, "Golem", "Dozer enters the field dull."),
        # session 18: Op.LIGHT_DARK (played in tests/fftcg/test_fftcg_card_text_s18b.py)
        rec(91, "Nocturne", "backup", 2, 0, "Fiend", "You can play 2 or more Dark Characters onto the field.",
            element="dark"),
        # session 18: Op.MUST_BE_CHOSEN (played in tests/fftcg/test_fftcg_card_text_s18b.py)
        rec(92, "Decoy", "forward", 2, 5000, "Knight", "Summons or abilities of your opponent must choose Decoy if "
            "possible."),
        # session 19: Trigger.ENTERS_SELF_CAST / ENTERS_SELF_BY_EFFECT (played in tests/fftcg/test_fftcg_card_text_s19c.py)
        rec(93, "Herald Cast", "forward", 2, 5000, "Knight", "When Herald Cast enters the field due to your cast, draw 1 "
            "card."),
        rec(94, "Herald Called", "forward", 2, 5000, "Knight", "When Herald Called enters the field due to your Summons "
            "or abilities, draw 1 card."),
        # session 19: Op.ATTACK_TWICE and Op.PARTY_ANY_ELEMENT (played in tests/fftcg/test_fftcg_card_text_s19b.py)
        rec(95, "Twin Blade", "forward", 2, 5000, "Duelist", "Brave[[br]]Twin Blade can attack twice in the same turn."),
        rec(96, "Spectrum", "forward", 2, 5000, "Duelist", "Spectrum can form a party with Forwards of any Element."),
        # session 20: Trigger.CAST_SECOND (played in tests/fftcg/test_fftcg_card_text_s20a.py)
        rec(97, "Encore", "forward", 2, 5000, "Dancer", "During each turn, when you cast the second Summon you've cast, "
            "draw 1 card."),
        # session 21 (s21-ffb): Op.SPLIT_REG, Condition.OPP_HAND_AT_LEAST, SELF_DAMAGE_AT_LEAST (played in
        # tests/fftcg/test_fftcg_card_text_s21b.py)
        rec(98, "Splitter", "forward", 2, 5000, "Knight", "When Splitter enters the field, choose 2 Forwards opponent "
            "controls. Dull the first Forward and Freeze the other."),
        rec(99, "Picker", "forward", 2, 5000, "Thief", "When Picker enters the field, if your opponent has 3 or more cards "
            "in their hand, your opponent reveals their hand."),
        rec(100, "Scarred", "forward", 2, 9000, "Knight", "{1}: Draw 1 card. You can only use this ability if Scarred has "
            "received 4000 damage or more."),
        # Trigger.DAMAGED_BY_PUT_BREAK, DELAYED_PUT_BREAK and Op.MARK_DELAYED (state.HIT_BY)
        rec(101, "Hunter", "forward", 2, 7000, "Knight", "When a Forward damaged by Hunter is put from the field into the "
            "Break Zone on the same turn, draw 1 card."),
        rec(102, "Ritz", "summon", 1, 0, "", "Choose 1 Forward. Deal it 5000 damage. When it is put from the field into "
            "the Break Zone this turn, draw 1 card."),
        # Condition.OPP_DISCARDED (state.PLAYER_SHIELD's bit OPP_DISCARDED_BIT)
        rec(103, "Taxer", "forward", 2, 5000, "Thief", "{1}: Draw 1 card. You can only use this ability if your opponent "
            "has discarded a card from their hand due to your Summons or abilities this turn."),
        # Condition.SELF_POWER_AT_LEAST (an IF row's; approximate: self_state_off_field)
        rec(104, "Brute", "forward", 2, 9000, "Knight", "{1}: Choose 1 Forward opponent controls. If Brute has 9000 power "
            "or more, deal it 7000 damage."),
        # session 22 (s22-ffa): Trigger.RECEIVES_DAMAGE / OPP_RECEIVES_DAMAGE (played in
        # tests/fftcg/test_fftcg_card_text_s22a.py)
        rec(105, "Avenger", "backup", 2, 0, "Knight", "When you receive damage, draw 1 card."),
        rec(106, "Gloater", "backup", 2, 0, "Knight", "When your opponent is dealt damage, draw 1 card."),
        rec(107, "Nightwatch", "backup", 2, 0, "Knight", "At the end of each of your opponent's turns, draw 1 card."),
        # session 22 (s22-ffb): the cards cast this turn (state.CAST_N's cards count, Trigger.CAST_CARD_3,
        # PER_CAST_CARDS), Condition.OPP_FORWARDS_MORE and TURN_BIT (played in tests/fftcg/test_fftcg_card_text_s22b.py)
        rec(108, "Tally", "backup", 2, 0, "Scholar", "During each turn, when you cast the third card you've cast, draw 1 "
            "card."),
        rec(109, "Rush", "forward", 5, 8000, "Soldier", "The cost required to cast Rush is reduced by 2 for each card you "
            "have cast this turn (it cannot become 1 or less)."),
        rec(110, "Underdog", "forward", 4, 8000, "Soldier", "If your opponent controls 2 or more Forwards more than you, "
            "the cost required to cast Underdog is reduced by 2."),
        rec(111, "Mourner", "backup", 2, 0, "Scholar", "{1}: Draw 1 card. You can only use this ability if a Forward you "
            "controlled has been put from the field into the Break Zone this turn and only once per turn."),
        rec(112, "Retaliator", "backup", 2, 0, "Knight", "{Dull}, put Retaliator into the Break Zone: Choose 1 Forward. "
            "Deal it 4000 damage. If you have received a point of damage this turn, deal it 8000 damage instead."),
        rec(113, "Duet", "backup", 2, 0, "Scholar", "During each turn, when you cast the second card you've cast, draw 1 "
            "card."),
        rec(114, "Quint", "backup", 2, 0, "Scholar", "When you cast the fifth card you've cast this turn, draw 1 card."),
        rec(115, "Quart", "backup", 2, 0, "Scholar", "When you cast the fourth card you've cast this turn, draw 1 card."),
        rec(116, "Sext", "backup", 2, 0, "Scholar", "When you cast the sixth card you've cast this turn, draw 1 card."),
        rec(117, "Sept", "backup", 2, 0, "Scholar", "When you cast the seventh card you've cast this turn, draw 1 card."),
        rec(118, "Caller", "backup", 2, 0, "Summoner", "{Dull}: Cast 1 Summon of cost 2 or less from your hand without "
            "paying the cost."),
        rec(119, "Taunter", "backup", 2, 0, "Scholar", "When your opponent discards 1 or more cards due to your Summons or "
            "abilities, draw 1 card."),
        # session 23 (s23-ffa): Condition.PAID_ELEMENTS (played in tests/fftcg/test_fftcg_card_text_s23a.py)
        rec(120, "Refractor", "forward", 3, 5000, "Mage", "When Refractor enters the field, if the cost to cast Refractor "
            "was paid with CP of 3 or more different Elements, draw 1 card."),
        # session 24 (s24-ff): Trigger.DRAW, OPP_DRAWS_OUTSIDE_DRAW_PHASE, DEALT_DAMAGE_BY_OPP_FORWARD_SELF /
        # _CHARACTER_SELF (played in tests/fftcg/test_fftcg_card_text_s24.py)
        rec(121, "Reader", "forward", 3, 5000, "Scholar", "When you draw a card, Reader gains +1000 power until the end "
            "of the turn."),
        rec(122, "Watcher", "backup", 2, 0, "Seer", "When your opponent draws a card outside of his/her Draw Phase, "
            "draw 1 card."),
        rec(123, "Dada", "forward", 3, 9000, "Warrior", "When Dada is dealt damage by a Forward opponent controls, draw "
            "1 card."),
        rec(124, "Zed", "forward", 3, 9000, "Warrior", "When Zed is dealt damage by a Character opponent controls, draw "
            "1 card."),
    ]
    recs += [rec(10 + i, f"Filler {i}", "forward", 2 + i % 3, 5000, "Soldier", "") for i in range(14)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff", _records())


def test_the_real_card_vocabulary_is_in_the_mini_pool(mini):
    # what the starter pool leaves out (constants.REAL_CARD_*) is compiled here and run by the tests below
    _, pool = mini
    ab = pool.abilities[: pool.n_abilities]
    code = pool.code[: pool.n_code]
    assert set(K.REAL_CARD_OPS) <= {int(o) for o in code[:, K.I_OP]}
    assert set(K.REAL_CARD_TRIGGERS) <= {int(t) for t in ab[:, K.A_TRIGGER]}
    # an ability's condition, or an IF row's (Condition.OPP_TURN: "each player discards", the turn player first)
    assert set(K.REAL_CARD_CONDITIONS) <= ({int(c) for c in ab[:, K.A_COND]}
                                           | {int(r[K.I_A0]) for r in code if r[K.I_OP] == K.Op.IF})
    assert K.CardState.DAMAGED in {int(s) for s in pool.filters[: pool.n_filters, K.F_STATE]}


def test_mini_import(mini):
    res, pool = mini
    by = {c.number: c for c in res}
    assert "T-006" not in by and res.skipped["summon_text"] == 1  # a Summon plays only with its text
    assert by["T-005"].abilities[0].kind == "summon" and by["T-005"].text_compiled
    assert [a.kind for a in by["T-001"].abilities] == ["action", "auto"] and not by["T-001"].uncompiled
    assert by["T-004"].keywords == ["brave"]
    rep = coverage_report(res.text_records)
    assert rep["cards"] == 118 and rep["cards_exact"] == 115 and rep["lines_unsupported"] == 1
    # Blazer: damage_increase_order (Keeper's leave_one_by_one is exact since session 18)
    assert rep["cards_approximate"] == 117


def test_a_card_that_may_be_generic_is_exact_in_the_simulator_layout(tmp_path):
    # the simulator layout does not record the generic icon: "Knight gains ..." on a card named after
    # its job applies to the card itself only (the aura's self_only; session 14: no longer self_by_name)
    line = "Damage 3 -- Knight gains +1000 power."
    recs = [{"id": f"T-00{i}", "name": name, "element": "fire", "type": "forward", "cost": 2, "power": 5000,
             "job": job, "category": "I", "text": line.replace("Knight", name)}
            for i, (name, job) in enumerate((("Knight", "Knight"), ("Gau", "Wild Child")))]  # fmt: skip
    p = tmp_path / "two.json"
    p.write_text(json.dumps(recs))
    res = import_fftcg_json(p)
    verdicts = [rec.lines[0].verdict for rec in res.text_records]
    assert verdicts == [Verdict.EXACT, Verdict.EXACT]


def test_controls_at_least_condition_counts_the_filtered_forwards(mini):
    # "If you control 2 or more [Job Knight] Forwards, Captain gains +2000 power." (CR 11.9)
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    for knights, power in ((["T-003"], 7000), (["T-003", "T-004"], 9000)):
        sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
        sc.field(0, ["T-002", *knights])
        sc.field(1, ["T-010", "T-011"])  # the opponent's Forwards are not counted (side: own)
        g = sc.game()
        assert g.state[S.D_POWER + slot_of(g, "T-002") * S.CARD_W] == power


@pytest.mark.parametrize("owner, dulled", [(1, 0), (0, 1)])
def test_cannot_become_dull_by_the_opponents_summons(mini, owner, dulled):
    # "Stout cannot become dull by your opponent's Summons or abilities." (Op.UNDULLABLE): its controller's own
    # Summon still dulls it
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-001", "T-007"])
    sc.field(owner, ["T-047"])
    sc.move(slot_of(sc.game(), "T-046", K.Zone.DECK), K.Zone.HAND, 0)
    g = sc.game()
    do(g, "Cast Sleep", "Choose " + ("opponent's" if owner else "your") + " Stout")
    resolve_stack(g, pay=first_payment)
    assert int(g.state[S.DULL + slot_of(g, "T-047", K.Zone.FIELD, owner) * S.CARD_W]) == dulled


def test_count_condition_in_your_break_zone(mini):
    # "If you have 2 or more Forwards in your Break Zone, Mourner gains +2000 power." (the count's filter is in
    # the Break Zone: the controller's, side own)
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    for mine, theirs, power in ((["T-003"], ["T-003", "T-004"], 5000), (["T-003", "T-001", "T-004"], [], 7000),
                                (["T-003", "T-001"], [], 5000)):
        sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
        sc.field(0, ["T-048"])
        sc.break_zone(0, mine)  # T-001 is a Backup: not counted
        sc.break_zone(1, theirs)
        assert _power(sc.game(), "T-048") == power


def test_opponent_hand_at_most_condition(mini):
    # "If your opponent has 2 cards or less in their hand, Bully gains +2000 power." (OPP_HAND_AT_MOST)
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-044"])
    for n, power in ((0, 7000), (2, 7000), (3, 5000)):
        while int(sc.game().state[S.HAND_N + 1]) < n:
            sc.put(1, "T-010", K.Zone.HAND)
        assert _power(sc.game(), "T-044") == power


def test_controls_at_most_condition(mini):
    # "If you control 1 or less Backups, Loner gains +2000 power." (CR 11.9; Condition.CONTROLS_AT_MOST)
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    for backups, power in (([], 7000), (["T-001"], 7000), (["T-001", "T-007"], 5000)):
        sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
        sc.field(0, ["T-040", *backups])
        sc.field(1, ["T-030", "T-031"])  # the opponent's Backups are not counted (side: own)
        g = sc.game()
        assert _power(g, "T-040") == power


@pytest.mark.parametrize("line, kind, value", [
    ("When Zell Test enters the field, if you control 1 or less Backups, draw 1 card.", "controls_at_most", 1),
    ("If you don't control any Forwards, the cost required to cast Zell Test is reduced by 2.", "controls_at_most", 0),
    ("If your opponent controls 2 or less Forwards, Zell Test gains +1000 power.", "controls_at_most", 2),
    ("If your opponent has 2 cards or less in his/her hand, Zell Test gains +4000 power.", "opp_hand_at_most", 2),
    ("If your opponent has no cards in their hand, Zell Test gains +1000 power.", "opp_hand_at_most", 0),
])
def test_count_conditions_at_most(line, kind, value):
    r = _c(line)
    assert r.verdict is Verdict.EXACT
    assert (r.abilities[0]["condition"]["kind"], r.abilities[0]["condition"]["value"]) == (kind, value)


@pytest.mark.parametrize("line, by", [
    ("Zell Test cannot be chosen by your opponent's Summons.", ["summons"]),
    ("Zell Test cannot be chosen by your opponent's abilities.", ["abilities"]),
    ("Zell Test cannot be chosen by your opponent's Summons or abilities.", ["summons", "abilities"]),
])
def test_cannot_be_chosen_by_the_opponents_summons_or_abilities(line, by):
    r = _c(line)
    assert r.verdict is Verdict.EXACT and r.abilities == [{"kind": "field", "effect": [{"op": "unchoosable", "by": by}]}]
    # under a condition: the choice reads it (effects.field_op_bits, CR 11.9)
    r = _c("Damage 3 -- " + line)
    assert r.verdict is Verdict.EXACT and r.abilities == [{"kind": "field", "effect": [{"op": "unchoosable", "by": by}],
                                                           "condition": {"kind": "damage_at_least", "value": 3}}]


def test_a_forward_that_cannot_be_chosen_by_opponent_summons(mini):
    # "Veil cannot be chosen by your opponent's Summons.": the opponent's Summon cannot choose it (so with no
    # other Forward it cannot be cast, CR 11.3.3); an ability can, and so can its controller's own Summon
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import is_legal

    res, pool = mini
    for opp_field, castable in ((["T-041"], False), (["T-041", "T-010"], True)):
        sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
        sc.field(0, ["T-001", "T-007", "T-031"])
        sc.field(1, opp_field)
        sc.move(slot_of(sc.game(), "T-005", K.Zone.DECK), K.Zone.HAND, 0)
        g = sc.game()
        assert is_legal(g, "Cast Blast") == castable
        assert is_legal(g, "Use ability: Finisher") is False  # Finisher wants a damaged Forward
        if castable:
            from tests.fftcg.fftcg_helpers import do
            do(g, "Cast Blast")
            options = [g.describe_action(int(a)) for a in g.legal_actions()]
            assert any("Filler 0" in o for o in options) and not any("Veil" in o for o in options)
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-030"])
    sc.field(1, ["T-041"])
    g = sc.game()
    from tests.fftcg.fftcg_helpers import do
    do(g, "Use ability: Watchman")  # an ability may choose it
    options = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert any("Veil" in o for o in options)


def test_put_the_top_cards_of_your_deck_into_the_break_zone(mini):
    # Op.MILL: "When Digger enters the field, put the top 2 cards of your deck into the Break Zone."
    from tests.fftcg.fftcg_helpers import do

    g = _modal_game(mini, "T-042")
    deck, brk = int(g.state[S.DECK_N]), int(g.state[S.BREAK_N])
    top2 = [int(g.state[S.DECK_L + deck - 1 - i]) for i in range(2)]  # the top of the deck is its last entry
    do(g, "Play Digger")
    resolve_stack(g, pay=first_payment)
    assert int(g.state[S.DECK_N]) == deck - 2 and int(g.state[S.BREAK_N]) == brk + 2
    assert all(int(g.state[S.ZONE + t * S.CARD_W]) == K.Zone.BREAK for t in top2)
    assert _c("Your opponent puts the top card of his/her deck into the Break Zone.", SUMMON).abilities[0][
        "effect"] == [{"op": "mill", "count": 1, "who": "opponent"}]


def test_a_condition_inside_the_effect_is_checked_on_resolution(mini):
    # "choose 1 Forward opponent controls. If you control 3 or more Backups, dull it." (the core's IF row)
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    for backups, dulled in ((["T-001", "T-007", "T-030"], 1), (["T-001", "T-007"], 0)):
        sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
        sc.field(0, backups)
        sc.field(1, ["T-010"])
        sc.hand(0, ["T-043"])  # (not from the deck: the mini pool's opening hands vary with its size)
        g = sc.game()
        do(g, "Play Judge")
        for _ in range(10):
            if g.decision == K.Decision.CHOOSE_TARGET:
                break
            acts = [int(a) for a in g.legal_actions()]
            g.step(_pay(acts) if g.decision == K.Decision.PAY_CP else K.PASS)
        do(g, "Choose opponent's Filler 0")
        resolve_stack(g, pay=first_payment)
        target = slot_of(g, "T-010", K.Zone.FIELD, 1)
        assert int(g.state[S.DULL + target * S.CARD_W]) == dulled
    ab = _c("When Zell Test enters the field, choose 1 Forward. If you control 4 or more Backups, break it.").abilities[0]
    assert [o["op"] for o in ab["effect"]] == ["choose", "if", "break"] and ab["effect"][1]["then"] == 1
    # a leading "if" after the trigger stays the auto-ability's condition (CR 11.8.13)
    assert "condition" in _c("When Zell Test enters the field, if you control 2 or more Backups, draw 1 card.").abilities[0]


def test_ex_burst_keeps_every_trigger_of_its_line_and_any_own_trigger():
    # CR 11.10.3: the EX Burst applies the marked auto-ability's effect, whatever its trigger
    r = _c("EX BURST When Zell Test enters the field or attacks, draw 1 card.")
    assert [a.get("trigger", a["kind"]) for a in r.abilities] == ["enters_self", "attacks_self", "ex_burst"]
    r = _c("EX BURST When Zell Test is put from the field into the Break Zone, draw 1 card.")
    assert r.verdict is Verdict.EXACT and r.abilities[1] == {"kind": "ex_burst", "effect": [{"op": "draw", "count": 1}]}
    assert _c("EX BURST When a Forward enters your field, draw 1 card.").verdict is Verdict.UNSUPPORTED
    # "Damage 3 --" conditions both abilities of "enters the field or attacks"
    abs_ = _c("Damage 3 -- When Zell Test enters the field or attacks, draw 1 card.").abilities
    assert [(a["trigger"], a["condition"]["value"]) for a in abs_] == [("enters_self", 3), ("attacks_self", 3)]


def test_ex_burst_of_a_conditional_auto_ability_checks_the_condition_on_resolution():
    r = _c("EX BURST When Zell Test enters the field, if you control 2 or more Backups, choose 1 Forward. Dull it.")
    assert r.verdict is Verdict.EXACT and r.fields == {"ex_burst": True}
    auto, ex = r.abilities
    assert auto["condition"]["kind"] == "controls_at_least"
    assert [o["op"] for o in ex["effect"]] == ["choose", "if", "dull"] and ex["effect"][1]["then"] == 1


@pytest.mark.parametrize("line, triggers", [
    ("When Zell Test enters the field or is put from the field into the Break Zone, draw 1 card.",
     ["enters_self", "put_into_break_self"]),
    ("When Zell Test attacks or is put from the field into the Break Zone, draw 1 card.",
     ["attacks_self", "put_into_break_self"]),
])
def test_two_own_triggers_are_two_auto_abilities(line, triggers):
    r = _c(line)
    assert r.verdict is Verdict.EXACT and [a["trigger"] for a in r.abilities] == triggers


def test_random_discard_and_draw_then_discard():
    assert _c("Your opponent randomly discards 1 card from their hand.", SUMMON).abilities[0]["effect"] == [
        {"op": "discard", "count": 1, "who": "opponent", "random": True}]
    assert [o["op"] for o in _c("Draw 2 cards, then discard 1 card from your hand.", SUMMON).abilities[0]["effect"]] \
        == ["draw", "discard"]


def test_references_printed_in_parentheses_name_the_same_card():
    # the early sets print "[Card Name (Ashe)]": the name is Ashe
    r = _c("If you control [Card Name (Squall)], Zell Test gains +1000 power.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["condition"]["filter"]["name"] == "Squall"
    assert _c("Choose 1 [Category (VIII)] Forward. Dull it.", SUMMON).abilities[0]["effect"][0]["filter"]["category"] == "VIII"


def test_two_described_alternatives_are_one_filter_with_alt():
    # "Light Forward or Dark Forward", "[Job X] Forward or [Card Name Y] Forward": the shared clauses apply to both
    ab = _c("Choose 1 Fire Forward or Ice Backup opponent controls. Dull it.", SUMMON).abilities[0]
    f = ab["effect"][0]["filter"]
    assert (f["element"], f["type"], f["side"]) == (["fire"], "forward", "opponent")
    assert (f["alt"]["element"], f["alt"]["type"], f["alt"]["side"]) == (["ice"], "backup", "opponent")
    # "Forward or Monster" stays one noun (no_monsters)
    assert _c("Choose 1 Forward or Monster. Break it.", SUMMON).approximations == ("no_monsters",)


def _power(g, number, player=0):
    return int(g.state[S.D_POWER + slot_of(g, number, player=player) * S.CARD_W])


def test_alternative_filter_and_power_per_card(mini):
    # "The [Job Knight] or [Card Name Captain] you control gain +1000 power." (filter.alt) and
    # "For each Backup you control, Sage gains +1000 power." (aura_power_per)
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-008", "T-002", "T-003", "T-010", "T-009"])
    sc.field(1, ["T-004", "T-001", "T-007"])
    g = sc.game()
    assert (_power(g, "T-002"), _power(g, "T-003"), _power(g, "T-010")) == (8000, 6000, 5000)
    assert _power(g, "T-004", player=1) == 4000  # the opponent's Knight: "you control"
    assert _power(g, "T-009") == 6000  # one Backup of its controller's (the opponent's two don't count)


def test_only_during_your_turn_is_checked_when_used(mini):
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import is_legal

    res, pool = mini
    for turn_player, legal in ((0, True), (1, False)):
        sc = Scenario.main_phase(pool, turn_player=turn_player, decks=(mini_deck(res, 3), mini_deck(res, 3)))
        sc.field(0, ["T-030", "T-010"])
        sc.field(1, ["T-011"])
        g = sc.game()
        if turn_player == 1:
            g.step(K.PASS)  # the turn player passes: player 0 has priority in the opponent's turn
        assert g.current_player == 0 and g.decision == K.Decision.PRIORITY
        assert is_legal(g, "Use ability: Watchman") is legal


def test_damaged_forward_filter(mini):
    # "Choose 1 damaged Forward opponent controls.": only a Forward dealt damage this turn
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-031"])
    sc.put(1, "T-010", K.Zone.FIELD, damage=1000)
    sc.field(1, ["T-011"])
    g = sc.game()
    do(g, "Use ability: Finisher")
    targets = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert g.decision == K.Decision.CHOOSE_TARGET
    assert any("Filler 0" in t for t in targets) and not any("Filler 1" in t for t in targets), targets


def test_attacking_forward_filter(mini):
    # "Choose 1 attacking Forward.": the ability has a target only once a Forward attacks (CR 11.6.5)
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do, is_legal

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-010"])
    sc.field(1, ["T-032", "T-011"])
    g = sc.game()
    seen_before_attack = False
    for _ in range(20):
        if g.decision == K.Decision.DECLARE_ATTACK:
            do(g, "Attack with Filler 0")
            break
        if g.current_player == 1:
            seen_before_attack = seen_before_attack or is_legal(g, "Use ability: Lookout")
        g.step(K.PASS)
    assert not seen_before_attack
    for _ in range(5):
        if g.current_player == 1 and g.decision == K.Decision.PRIORITY:
            break
        g.step(K.PASS)
    assert is_legal(g, "Use ability: Lookout")


def test_once_per_turn(mini):
    # "You can only use this ability once per turn": used, it is not legal again this turn
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import is_legal

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-033"])
    sc.hand(0, ["T-010", "T-011", "T-012"])
    g = sc.game()
    assert is_legal(g, "Use ability: Scribe")
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Use ability: Scribe")))
    while g.decision == K.Decision.PAY_DISCARD:
        g.step(next(int(a) for a in g.legal_actions() if int(a) != K.PASS))
    for _ in range(6):  # both pass: the ability resolves (draw 1)
        if g.decision == K.Decision.PRIORITY and g.current_player == 0 and int(g.state[S.STACK_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == 3  # 3 - 1 discarded + 1 drawn
    assert g.decision == K.Decision.PRIORITY and g.current_player == 0
    assert not is_legal(g, "Use ability: Scribe")


def test_a_free_ability_once_per_turn(mini):
    # "{0}: Draw 1 card. You can only use this ability once per turn." (no cost: bounded by the limit)
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do, is_legal

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-034"])
    g = sc.game()
    do(g, "Use ability: Idler")
    for _ in range(6):
        if g.decision == K.Decision.PRIORITY and g.current_player == 0 and int(g.state[S.STACK_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == 1
    assert not is_legal(g, "Use ability: Idler")


def test_the_cost_of_a_card_in_hand_reduced_by_its_own_text(mini):
    # "If you control a [Job Knight] Forward, the cost required to cast Bargain is reduced by 2."
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import is_legal

    res, pool = mini
    for knights, cost in (([], 4), (["T-003"], 2)):
        sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
        sc.hand(0, ["T-035"])
        sc.field(0, ["T-001", "T-007", "T-008", "T-030", *knights])  # four Backups: 4 CP
        g = sc.game()
        assert is_legal(g, f"Play Bargain ({cost} CP)"), [g.describe_action(int(a)) for a in g.legal_actions()]


def test_cannot_be_blocked_by_a_forward_of_cost_4_or_more(mini):
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do, is_legal, pass_until

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-036", "T-010"])
    sc.field(1, ["T-035", "T-011"])  # Bargain costs 4, Filler 1 costs 3
    g = sc.game()
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Sneak")
    pass_until(g, K.Decision.DECLARE_BLOCK)
    assert is_legal(g, "Block with Filler 1") and not is_legal(g, "Block with Bargain")


def test_add_to_hand_from_the_break_zone(mini):
    # "Choose 1 Forward in your Break Zone. Add it to your hand." (chosen when the ability is used, CR 11.6.5)
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-007"])
    sc.break_zone(0, ["T-003", "T-001"])  # a Forward and a Backup
    g = sc.game()
    do(g, "Use ability: Finder")
    assert g.decision == K.Decision.CHOOSE_TARGET
    options = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert any("Squire" in o for o in options) and not any("Ledger" in o for o in options)  # Forwards only
    do(g, "Choose Squire")
    for _ in range(10):
        if g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == 1
    assert slot_of(g, "T-003", K.Zone.HAND) >= 0


def test_put_into_break_zone_by_a_cost_triggers_put_from_field(mini):
    # CR 15.1.1.3.2: put into the Break Zone as a cost is not "broken", but it is put from the field
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-001"])
    sc.field(1, ["T-010"])
    g = sc.game()
    hand0 = int(g.state[S.HAND_N])
    do(g, "Use ability: Ledger")
    while g.decision == K.Decision.CHOOSE_TARGET:
        do(g, "Choose opponent's Filler 0")
    for _ in range(20):
        if int(g.state[S.HAND_N]) == hand0 + 2 or g.done:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == hand0 + 2  # the auto-ability drew 2
    assert g.state[S.ZONE + slot_of(g, "T-001", K.Zone.BREAK) * S.CARD_W] == K.Zone.BREAK


# ---- modal abilities: "Select 1 of the M following actions." -------------------------------------------------
def test_modal_lines_compile_together():
    lines = ["When ~ enters the field, select 1 of the 2 following actions.", '"Choose 1 Forward. Dull it."',
             '"Draw 1 card."', "Brave"]
    res = compile_card_lines([ln.replace("~", FWD["name"]) for ln in lines], FWD)
    assert [r.verdict for r in res] == [Verdict.EXACT] * 4
    (ab,) = res[0].abilities
    assert ab["kind"] == "auto" and ab["trigger"] == "enters_self"
    assert [o["op"] for o in ab["effect"]] == ["select_mode", "mode", "choose", "dull", "mode", "draw"]
    assert res[1].abilities == [] and res[3].fields["keywords"] == ["brave"]


def test_modal_actions_on_the_selection_line_and_without_m():
    res = compile_card_lines(['Select 1 of the following actions. "Draw 1 card." "Discard 1 card."'], SUMMON)
    assert res[0].verdict is Verdict.EXACT and res[0].abilities[0]["effect"][0] == {"op": "select_mode", "modes": 2, "count": 1,
                                                                          "up_to": False}


def test_modal_several_actions_fill_registers_of_their_own():
    lines = ["Select up to 2 of the 3 following actions.", '"Choose 1 Forward. Dull it."',
             '"Choose 1 Forward. Freeze it."', '"Draw 1 card."']
    (ab,) = compile_card_lines(lines, SUMMON)[0].abilities
    assert ab["effect"][0] == {"op": "select_mode", "modes": 3, "count": 2, "up_to": True}
    # session 18: an action that fills a register after another that may be selected is given once for each register
    # offset it may start at (mode "offset": 0, the action alone or first; 1, after the first action's)
    assert [(o["op"], o.get("reg"), o.get("offset")) for o in ab["effect"][1:]] == [
        ("mode", None, None), ("choose", 0, None), ("dull", 0, None), ("mode", None, None), ("choose", 0, None),
        ("freeze", 0, None), ("mode", None, 1), ("choose", 1, None), ("freeze", 1, None), ("mode", None, None),
        ("draw", None, None)]


@pytest.mark.parametrize("lines, reason", [
    (["Select 3 of the 3 following actions.", '"Choose 1 Forward. Dull it."', '"Choose 1 Forward. Freeze it."',
      '"Choose 1 Forward. Break it."'], "more than 2 registers"),
    (["Select 1 of the 2 following actions.", '"Draw 1 card."', '"Gain {C}."'], "action 2"),
    (["Select 1 of the 3 following actions.", '"Draw 1 card."', '"Discard 1 card."'], "3 actions announced"),
    (['Select 1 of the 2 following actions. Your opponent selects 1 more.', '"Draw 1 card."', '"Discard 1 card."'],
     "text after"),
    (['Select 1 of the 2 following actions. If your opponent selected a Forward this turn, select up to 2 of the 2 '
      'following actions instead.', '"Draw 1 card."', '"Discard 1 card."'], "the condition of 'select ... instead'"),
])
def test_unsupported_modal_abilities_say_why(lines, reason):
    res = compile_card_lines(lines, SUMMON)
    assert all(r.verdict is Verdict.UNSUPPORTED for r in res)
    assert all(reason in r.reason for r in res)


def _modal_game(mini, hand_card):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-001", "T-007", "T-030"])  # three Backups of different names to pay with
    sc.field(1, ["T-010"])
    sc.move(slot_of(sc.game(), hand_card, K.Zone.DECK), K.Zone.HAND, 0)
    return sc.game()


def _pay(acts):
    """A payment action (not PASS) of a PAY_CP decision."""
    return next(a for a in acts if a != K.PASS)


def test_modal_summon_action_selected_on_cast_then_its_target(mini):
    # the action is selected when the Summon is cast, then its targets are chosen (CR 11.3.3), then paid
    from tests.fftcg.fftcg_helpers import do

    g = _modal_game(mini, "T-037")
    do(g, "Cast Either")
    assert g.decision == K.Decision.OPTIONAL_EFFECT
    do(g, "Select action 1")
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 0")
    assert g.decision == K.Decision.PAY_CP
    hand = int(g.state[S.HAND_N])
    resolve_stack(g, pay=first_payment)
    target = slot_of(g, "T-010", K.Zone.FIELD, 1)
    assert int(g.state[S.DMG + target * S.CARD_W]) == 4000  # action 1 only: no card drawn
    assert int(g.state[S.HAND_N]) == hand


def test_modal_summon_declining_action_1_selects_action_2(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _modal_game(mini, "T-037")
    do(g, "Cast Either")
    g.step(K.PASS)  # not action 1: action 2, the last, is selected without a question
    assert g.decision == K.Decision.PAY_CP  # "Draw 1 card." chooses nothing
    hand = int(g.state[S.HAND_N])
    resolve_stack(g, pay=first_payment)
    target = slot_of(g, "T-010", K.Zone.FIELD, 1)
    assert int(g.state[S.DMG + target * S.CARD_W]) == 0
    assert int(g.state[S.HAND_N]) == hand + 1


def test_modal_summon_up_to_two_actions_each_with_its_target(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _modal_game(mini, "T-039")
    do(g, "Cast Both", "Select action 1", "Select action 2")
    # two actions selected (the count): action 3 is not asked; then each action's target, in order
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 0")
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 0")
    assert g.decision == K.Decision.PAY_CP
    hand = int(g.state[S.HAND_N])
    resolve_stack(g, pay=first_payment)
    target = slot_of(g, "T-010", K.Zone.FIELD, 1)
    assert int(g.state[S.DMG + target * S.CARD_W]) == 2000 and int(g.state[S.DULL + target * S.CARD_W]) == 1
    assert int(g.state[S.HAND_N]) == hand


def test_modal_summon_up_to_may_select_the_last_action_only(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _modal_game(mini, "T-039")
    do(g, "Cast Both")
    g.step(K.PASS)
    g.step(K.PASS)
    do(g, "Select action 3")  # "up to": asked too (nothing is forced)
    assert g.decision == K.Decision.PAY_CP
    hand = int(g.state[S.HAND_N])
    resolve_stack(g, pay=first_payment)
    assert int(g.state[S.HAND_N]) == hand + 1


@pytest.mark.parametrize("backups, both", [(["T-001", "T-007", "T-030"], True), (["T-001", "T-007"], False)])
def test_modal_count_raised_by_a_condition(mini, backups, both):
    # "select 1 of the 2 ... If you control 3 or more Backups, select up to 2 of the 2 ... instead." (MODE_IF,
    # read when the actions are selected)
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, backups)
    sc.field(1, ["T-010"])
    sc.move(slot_of(sc.game(), "T-045", K.Zone.DECK), K.Zone.HAND, 0)
    g = sc.game()
    do(g, "Play Brink")
    for _ in range(10):
        if g.decision == K.Decision.OPTIONAL_EFFECT:
            break
        g.step(_pay([int(a) for a in g.legal_actions()]) if g.decision == K.Decision.PAY_CP else K.PASS)
    do(g, "Select action 1")
    if both:
        do(g, "Select action 2")  # up to 2: action 2 is asked too
    assert g.decision == K.Decision.CHOOSE_TARGET
    do(g, "Choose opponent's Filler 0")
    hand = int(g.state[S.HAND_N])
    resolve_stack(g, pay=first_payment)
    target = slot_of(g, "T-010", K.Zone.FIELD, 1)
    assert int(g.state[S.DULL + target * S.CARD_W]) == 1
    assert int(g.state[S.HAND_N]) == hand + int(both)


def test_modal_action_without_a_target_cannot_be_selected(mini):
    # CR 11.3.3 / 11.8.9: "Choose 1 Forward opponent controls" with none: only action 2 is left
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-001", "T-007"])
    sc.move(slot_of(sc.game(), "T-037", K.Zone.DECK), K.Zone.HAND, 0)
    g = sc.game()
    do(g, "Cast Either")
    assert g.decision == K.Decision.PAY_CP


def test_modal_auto_ability_selects_when_put_on_the_stack(mini):
    # "When Oracle enters the field, select 1 of ...": selected and targeted when it goes on the stack
    from tests.fftcg.fftcg_helpers import do

    g = _modal_game(mini, "T-038")
    do(g, "Play Oracle")
    for _ in range(10):
        if g.decision == K.Decision.OPTIONAL_EFFECT:
            break
        acts = [int(a) for a in g.legal_actions()]
        g.step(_pay(acts) if g.decision == K.Decision.PAY_CP else K.PASS)
    assert g.decision == K.Decision.OPTIONAL_EFFECT
    do(g, "Select action 1")
    do(g, "Choose opponent's Filler 0")
    resolve_stack(g, pay=first_payment)
    target = slot_of(g, "T-010", K.Zone.FIELD, 1)
    assert int(g.state[S.DULL + target * S.CARD_W]) == 1


# ---- the sample lists --------------------------------------------------------------------------------------
@pytest.mark.parametrize("path, floor", [(SIM, 0.26), (FFDECKS, 0.30)], ids=["simulator", "ffdecks"])
def test_report_on_the_sample_lists(path, floor):
    res = import_fftcg_json(_need(path))  # its time: benchmarks/card_text_coverage.py (no timed tests)
    rep = res.report()
    # every record of a played type counts, skipped ones included (Monsters and Crystals are not played)
    assert rep["cards"] == len(res.text_records) and rep["cards_imported"] == len(res)
    assert rep["cards"] + res.skipped.get("monster", 0) + res.skipped.get("crystal", 0) == res.total
    assert rep["cards_exact"] / rep["cards"] >= floor
    assert rep["lines"] == rep["lines_exact"] + rep["lines_approximate"] + rep["lines_unsupported"]
    assert rep["unsupported_shapes"] and all(s["lines"] > 0 for s in rep["unsupported_shapes"])
    # every exact card's abilities are in the pool, which compiles as a whole
    compile_fftcg_pool(res)
    imported = {c.number: c for c in res}
    for r in res.text_records:
        if r.verdict is Verdict.EXACT:
            c = imported[r.number]
            assert c.text_compiled and not c.uncompiled and not c.approximate


def test_imported_pool_plays_random_games():
    """Two decks of imported cards with compiled abilities, random play, the conformance invariants."""
    import tcg_env
    from tcg_env.registry import get_spec
    from tests.conformance.conformance_helpers import check_cards, random_action

    res = import_fftcg_json(_need(SIM))
    pool = compile_fftcg_pool(res)
    spec = get_spec("fftcg")
    decks = []
    for elem in ("fire", "ice"):
        cards = [c for c in res if c.element == elem and c.abilities and not c.uncompiled][:17]
        decks.append((([c.number for c in cards]) * 3)[:50])
    rng = np.random.default_rng(0)
    for seed in range(2):
        g = tcg_env.make_game("fftcg", decks=decks, seed=seed, pool=pool)
        sizes = (50, 50)
        steps = 0
        while not g.done and steps < 3000:
            g.step(random_action(g, rng))
            steps += 1
            if steps % 50 == 0:
                check_cards(spec, g.state, sizes)
        check_cards(spec, g.state, sizes)


def test_imported_cards_with_the_new_vocabulary_play_random_games():
    """Decks of imported cards whose abilities use the second round's ops (modal actions, IF, MILL,
    UNCHOOSABLE, UNDULLABLE, MODE_IF): random play keeps the conformance invariants."""
    import tcg_env
    from tcg_env.registry import get_spec
    from tests.conformance.conformance_helpers import check_cards, random_action

    new_ops = {"select_mode", "mode_if", "if", "mill", "unchoosable", "undullable"}
    res = import_fftcg_json(_need(SIM))
    pool = compile_fftcg_pool(res)
    spec = get_spec("fftcg")
    rich = [c for c in res if not c.uncompiled and any(op.op in new_ops for a in c.abilities for op in a.effect)]
    assert len(rich) >= 30
    decks = []
    for part in (rich[0::2], rich[1::2]):
        decks.append(([c.number for c in part[:17]] * 3)[:50])
    rng = np.random.default_rng(1)
    for seed in range(2):
        g = tcg_env.make_game("fftcg", decks=decks, seed=seed, pool=pool)
        steps = 0
        while not g.done and steps < 3000:
            g.step(random_action(g, rng))
            steps += 1
            if steps % 50 == 0:
                check_cards(spec, g.state, (50, 50))
        check_cards(spec, g.state, (50, 50))
