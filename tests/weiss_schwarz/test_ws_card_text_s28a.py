"""Weiss Schwarz card text, session 28 part A (branch s28-wsa): granted abilities. Made-up lines in the card
language, imported, and what the engine does with them."""

from __future__ import annotations

import json

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.card_text import split_abilities
from tcg_env.games.weiss_schwarz.importer import import_ws_json

import ws_card_text_kit as kit

_rec = kit.rec


def _import(tmp_path, records):
    p = tmp_path / "list.json"
    p.write_text(json.dumps(records))
    return import_ws_json(p)


def _verdicts(res) -> dict[str, str]:
    return {lr.line: lr.verdict.value for t in res.text_records for lr in t.lines}


# ---------------------------------------------------------------------------- two abilities in one entry
def test_two_abilities_in_one_entry_without_the_space_after_the_stop():
    """Some sets' entries lose the space between two abilities ("... power.【AUTO】 When ..."), also after a granted
    ability's closing quote; a kind mark inside the quote or after an unfinished sentence stays in its line."""
    assert split_abilities("【CONT】 This card gets +1000 power.【AUTO】 When this card attacks, draw 1 card.") == [
        "【CONT】 This card gets +1000 power.", "【AUTO】 When this card attacks, draw 1 card."]
    grant = '【CONT】 This card gets the following ability. "【AUTO】 When this card attacks, draw 1 card."'
    assert split_abilities(grant + "【ACT】 [(1)] Draw 1 card.") == [grant, "【ACT】 [(1)] Draw 1 card."]
    assert split_abilities(grant) == [grant]
    one = "【AUTO】 This ability activates up to 1 time per turn. When you use an 【ACT】, draw 1 card."
    assert split_abilities(one) == [one]


def test_two_abilities_in_one_entry_without_the_space_both_compile(tmp_path):
    res = _import(tmp_path, [_rec("T/S28A-900", "Twin", ["【CONT】 During your turn, this card gets +1000 power.【AUTO】 "
                                                        "When this card attacks, draw 1 card."])])
    assert not res.unsupported, res.unsupported
    (card,) = res.cards
    assert [a.kind for a in card.abilities] == ["cont", "auto"]


# ---------------------------------------------------------------------------- made-up cards played
# "cannot become [REVERSE] by [AUTO] effects of your opponent's characters" (RESTRICT_CANT_REVERSE_OPP_AUTO)
_STURDY = "【CONT】 This card cannot become 【REVERSE】 by 【AUTO】 effects of your opponent's characters."
_TOPPLER = ("【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's characters, and "
            "【REVERSE】 it.")
_PUSHER = "【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and 【REVERSE】 it."
# a granted [AUTO] ability with a trigger of constants.GRANTED_OTHER_TRIGGERS ("when you play an event")
_PATRON = ('【CONT】 All of your other 《Sand》 characters get the following ability. "【AUTO】 When you play an event, this '
           'card gets +2000 power until end of turn."')
_SPARK = "Draw 1 card."
# "choose this card and 1 of your other characters, and return them to your hand" (two registers, one move each)
_RETREAT = ("【ACT】 [【REST】 this card] Choose this card and 1 of your other characters, and return them to your hand.")
# a cost resting this card and another character
_PAIR_REST = "【ACT】 [【REST】 this card and 1 of your other 《Sand》 characters] Draw 1 card."
# CR 3.6.5 / 7.2.1.6: "when the character facing this card attacks" (Trigger.FACING_ATTACKS, on the attacker's facing
# character)
_WATCHER = "【AUTO】 When the character facing this card attacks, this card gets +1000 power until end of turn."
# "deal the same damage to your opponent" (Op.TRIGGER_DAMAGE: the damage of the triggering event)
_AVENGER = "【AUTO】 When damage dealt by this card is canceled, deal the same damage to your opponent."
# "you cannot receive damage by [AUTO] effects of your opponent's characters" (RESTRICT_NO_OPP_AUTO_DAMAGE_YOU), during
# this card's battle (RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU)
_SHIELD = "【CONT】 You cannot receive damage by 【AUTO】 effects of your opponent's characters."
_GUARD = "【CONT】 During this card's battle, you cannot take damage from your opponent character's 【AUTO】 effects."
_PINGER = "【AUTO】 When this card is placed on the stage from your hand, deal 1 damage to your opponent."
_STRIKER = "【AUTO】 When this card attacks, deal 1 damage to your opponent."
_ZAPPER = "【ACT】 [【REST】 this card] Deal 1 damage to your opponent."
# CR 4.10: "when the damage you received is not canceled" (Trigger.DAMAGE_RECEIVED_NOT_CANCELED: every damage process)
_SUFFERER = ("【AUTO】 When the damage you received is not canceled, put the top card of your deck into your stock.")
# CR 7.3: "when this card's (your character's) trigger check reveals a <spec>" (Trigger.TRIGGER_CHECK_CARD /
# OWN_TRIGGER_CHECK_CARD: the revealed card the filter's)
_SEER = ("【AUTO】 When this card's trigger check reveals a level 1 or higher card, put the top card of your deck into your "
         "stock.")
_FAN = ("【AUTO】 When your character's trigger check reveals a level 1 or higher card, put the top card of your deck into "
        "your stock.")
(PLAIN, STURDY, TOPPLER, PUSHER, PATRON, SANDY, SPARK, RETREAT, PAIR_REST, WATCHER, AVENGER, CLIMAX, SHIELD, GUARD,
 PINGER, STRIKER, ZAPPER, SEER, TALL, FAN, SUFFERER) = range(21)
RECORDS = [
    _rec("T/S28A-001", "Plain"),
    _rec("T/S28A-002", "Sturdy", [_STURDY]),
    _rec("T/S28A-003", "Toppler", [_TOPPLER]),
    _rec("T/S28A-004", "Pusher", [_PUSHER]),
    _rec("T/S28A-005", "Patron", [_PATRON]),
    _rec("T/S28A-006", "Sandy", traits=("Sand",)),
    _rec("T/S28A-007", "Spark", [_SPARK], type="Event"),
    _rec("T/S28A-008", "Retreat", [_RETREAT]),
    _rec("T/S28A-009", "Pair Rest", [_PAIR_REST]),
    _rec("T/S28A-010", "Watcher", [_WATCHER]),
    _rec("T/S28A-011", "Avenger", [_AVENGER]),
    _rec("T/S28A-012", "Closer", type="Climax"),
    _rec("T/S28A-013", "Shield", [_SHIELD]),
    _rec("T/S28A-014", "Guard", [_GUARD]),
    _rec("T/S28A-015", "Pinger", [_PINGER]),
    _rec("T/S28A-016", "Striker", [_STRIKER]),
    _rec("T/S28A-017", "Zapper", [_ZAPPER]),
    _rec("T/S28A-018", "Seer", [_SEER]),
    _rec("T/S28A-019", "Tall", level="1"),
    _rec("T/S28A-020", "Fan", [_FAN]),
    _rec("T/S28A-021", "Sufferer", [_SUFFERER]),
]  # fmt: skip
FILLER = len(RECORDS)
RECORDS += [_rec(f"T/S28A-F{i:02d}", f"Filler {i}") for i in range(12)]
N_CARDS = len(RECORDS)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws28a", RECORDS)


def test_the_made_up_lines_compile_exact(tmp_path):
    res = _import(tmp_path, RECORDS)
    assert not res.unsupported, res.unsupported
    bad = {line: v for line, v in _verdicts(res).items() if v != "exact"}
    assert not bad, bad


@pytest.mark.parametrize("target", ["sturdy", "plain"])
def test_cr_1_3_3_1_cannot_become_reverse_by_the_opponents_auto_effects(pool, target):
    """The opponent's [AUTO] ability reverses a character that cannot become [REVERSE] by such effects: not done; a
    character without the restriction is reversed."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    victim = sc.put(1, STURDY if target == "sturdy" else PLAIN, "stage", pos=1)
    sc.put(0, TOPPLER, "hand")
    g = sc.game()
    kit.act(g, "Play Toppler to center middle")
    kit.answer_yes(g, True)
    assert kit.orient(g, victim) == (K.Orientation.STAND if target == "sturdy" else K.Orientation.REVERSE)


def test_cr_1_3_3_1_the_opponents_act_effect_still_reverses_it(pool):
    """Only [AUTO] effects are named: the opponent's [ACT] ability reverses it."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    victim = sc.put(1, STURDY, "stage", pos=1)
    sc.put(0, PUSHER, "stage", pos=0)
    g = sc.game()
    kit.act(g, "Use ability 0 of Pusher")
    kit.answer_yes(g, True)
    assert kit.orient(g, victim) == K.Orientation.REVERSE


@pytest.mark.parametrize("sandy", [True, False])
def test_cr_8_1_1_2_a_granted_auto_ability_when_you_play_an_event(pool, sandy):
    """Patron gives the other <<Sand>> characters "[AUTO] When you play an event, ..." (Trigger.EVENT_PLAYED, one of
    constants.GRANTED_OTHER_TRIGGERS): it triggers on the character that has it (triggers.trigger_granted)."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, PATRON, "stage", pos=3)
    getter = sc.put(0, SANDY if sandy else PLAIN, "stage", pos=0)
    sc.put(0, SPARK, "hand")
    g = sc.game()
    kit.act(g, "Play event Spark")
    kit.answer_yes(g, True)
    assert kit.power(g, getter) == 3000 + (2000 if sandy else 0)


def test_this_card_and_another_character_return_to_the_hand(pool):
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    me = sc.put(0, RETREAT, "stage", pos=1)
    other = sc.put(0, PLAIN, "stage", pos=0)
    g = sc.game()
    kit.act(g, "Use ability 0 of Retreat")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, me) == K.Zone.HAND and kit.zone_of(g, other) == K.Zone.HAND


def test_cr_8_4_a_cost_resting_this_card_and_another_character(pool):
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    me = sc.put(0, PAIR_REST, "stage", pos=1)
    sandy = sc.put(0, SANDY, "stage", pos=0)
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Use ability 0 of Pair Rest")
    g.step(int(g.legal_actions()[0]))  # the PAY_COST decision: the other character to rest (CR 8.4)
    kit.answer_yes(g, True)
    assert kit.orient(g, me) == kit.orient(g, sandy) == K.Orientation.REST
    assert kit.count(g, "HAND") == hand + 1


def test_cr_8_4_the_cost_needs_the_other_character(pool):
    """Without another standing <<Sand>> character the cost cannot be paid: no use of Pair Rest's ability."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, PAIR_REST, "stage", pos=1)
    sc.put(0, PLAIN, "stage", pos=0)
    g = sc.game()
    assert not any(x.startswith("Use ability 0 of Pair Rest") for x in kit.labels(g))


@pytest.mark.parametrize("where", [2, 1])
def test_cr_3_6_5_when_the_character_facing_this_card_attacks(pool, where):
    """Player 0's center-left character attacks: the opponent's center-right character faces it (CR 3.6.5) and its
    ability triggers; in the middle it does not face the attacker."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    watcher = sc.put(1, WATCHER, "stage", pos=where)
    sc.put(1, PLAIN, "stage", pos=3 - where)  # someone faces the attacker when the watcher does not
    sc.put(0, PLAIN, "stage", pos=0)
    sc.stack_deck(0, [PLAIN] * 4)
    g = sc.game()
    kit.act(g, "End the main phase")
    kit.act(g, "Frontal attack with Plain")
    kit.answer_yes(g, True)
    assert kit.power(g, watcher) == 3000 + (1000 if where == 2 else 0)


@pytest.mark.parametrize("cancel", [True, False])
def test_cr_4_10_the_same_damage_after_this_cards_damage_is_canceled(pool, cancel):
    """Avenger direct attacks (soul 1 + 1, CR 7.2.1.4.1): the 2 damage is canceled by a climax (CR 4.10.1.2), and the
    ability deals the same damage, 2, which the next cards take to the clock; not canceled, 2 to the clock only."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, AVENGER, "stage", pos=0)
    sc.stack_deck(0, [PLAIN] * 4)
    sc.stack_deck(1, ([CLIMAX] if cancel else []) + [PLAIN] * 6)
    g = sc.game()
    clock = kit.count(g, "CLOCK", 1)
    kit.act(g, "End the main phase")
    kit.act(g, "Direct attack with Avenger")
    kit.answer_yes(g, True)
    for _ in range(10):  # the counter step and the damage step (the opponent uses nothing)
        if kit.count(g, "CLOCK", 1) > clock and kit.resolved(g):
            break
        g.step(int(g.legal_actions()[0]))
    assert kit.count(g, "CLOCK", 1) == clock + 2


@pytest.mark.parametrize("who", ["shield", "plain"])
def test_cr_1_3_3_1_you_cannot_receive_damage_by_the_opponents_auto_effects(pool, who):
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(1, SHIELD if who == "shield" else PLAIN, "stage", pos=1)
    sc.put(0, PINGER, "hand")
    sc.stack_deck(1, [PLAIN] * 4)
    g = sc.game()
    clock = kit.count(g, "CLOCK", 1)
    kit.act(g, "Play Pinger to center middle")
    kit.answer_yes(g, True)
    assert kit.count(g, "CLOCK", 1) == clock + (0 if who == "shield" else 1)


def test_cr_1_3_3_1_the_opponents_act_effect_still_deals_damage(pool):
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(1, SHIELD, "stage", pos=1)
    sc.put(0, ZAPPER, "stage", pos=0)
    sc.stack_deck(1, [PLAIN] * 4)
    g = sc.game()
    clock = kit.count(g, "CLOCK", 1)
    kit.act(g, "Use ability 0 of Zapper")
    kit.answer_yes(g, True)
    assert kit.count(g, "CLOCK", 1) == clock + 1


@pytest.mark.parametrize("facing", [True, False])
def test_cr_7_2_1_5_1_during_this_cards_battle_no_damage_by_the_opponents_auto_effects(pool, facing):
    """Striker frontal attacks Guard (in battle: its rule holds) or another character (not Guard's battle)."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(1, GUARD, "stage", pos=2 if facing else 1)
    sc.put(1, PLAIN, "stage", pos=1 if facing else 2)
    sc.put(0, STRIKER, "stage", pos=0)  # faces the opponent's center right (CR 3.6.5)
    sc.stack_deck(0, [PLAIN] * 4)
    sc.stack_deck(1, [PLAIN] * 8)
    g = sc.game()
    clock = kit.count(g, "CLOCK", 1)
    kit.act(g, "End the main phase")
    kit.act(g, "Frontal attack with Striker")
    kit.answer_yes(g, True)  # the ability, then the attack to its end: the battle's damage (soul 1) in either case
    assert kit.count(g, "CLOCK", 1) == clock + 1 + (0 if facing else 1)


@pytest.mark.parametrize("top", ["tall", "plain"])
def test_cr_7_3_when_the_trigger_check_reveals_a_level_1_or_higher_card(pool, top):
    """Seer's trigger check (CR 7.3) reveals Tall (level 1): Seer's and Fan's abilities each put a card into the stock,
    beside the revealed card (CR 7.3.1.3); a level 0 card triggers neither."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, SEER, "stage", pos=0)
    sc.put(0, FAN, "stage", pos=3)
    sc.stack_deck(0, [TALL if top == "tall" else PLAIN] + [PLAIN] * 4)
    sc.stack_deck(1, [PLAIN] * 8)
    g = sc.game()
    stock = kit.count(g, "STOCK")
    kit.act(g, "End the main phase")
    kit.act(g, "Direct attack with Seer")
    kit.answer_yes(g, True)
    assert kit.count(g, "STOCK") == stock + 1 + (2 if top == "tall" else 0)


def test_during_this_cards_battle_locks_and_damage_rules_compile_side_by_side():
    """"During this card's battle, you cannot play ..." (a play lock) and "... you cannot receive damage by [AUTO]
    effects ..." (session 28) share their beginning: both compile."""
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    ctx = {"type": "character", "name": "Q"}
    lock = compile_line('【CONT】 During this card\'s battle, you cannot play "Backup" from your hand.', ctx)
    assert lock.verdict.value == "exact", lock.reason
    assert lock.abilities[0]["effect"][0]["restrictions"] == ["battle_no_backup_you"]
    rule = compile_line("【CONT】 During this card's battle, you cannot receive damage by 【AUTO】 effects of your "
                        "opponent's characters.", ctx)
    assert rule.verdict.value == "exact", rule.reason
    assert rule.abilities[0]["effect"][0]["restrictions"] == ["battle_no_opp_auto_damage_you"]


@pytest.mark.parametrize("cancel", [False, True])
def test_cr_4_10_when_the_damage_you_received_is_not_canceled(pool, cancel):
    """Pinger's ability deals 1 damage to player 1 (not in a battle): Sufferer's ability triggers when it is not
    canceled (a climax on top of the deck cancels it, CR 4.10.1.2)."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(1, SUFFERER, "stage", pos=1)
    sc.put(0, PINGER, "hand")
    sc.stack_deck(1, ([CLIMAX] if cancel else []) + [PLAIN] * 4)
    g = sc.game()
    stock = kit.count(g, "STOCK", 1)
    kit.act(g, "Play Pinger to center middle")
    kit.answer_yes(g, True)
    assert kit.count(g, "STOCK", 1) == stock + (0 if cancel else 1)


def test_a_quoted_ability_in_the_next_database_entry_joins_its_line(tmp_path):
    """"... gets the following ability until end of turn." with the quoted ability as the next entry: one line
    (join_options); "the following abilities": every quoted entry after it."""
    from tcg_env.games.weiss_schwarz.card_text import join_options

    giver = "Choose 1 of your characters, and that character gets the following ability until end of turn."
    quoted = '"【AUTO】 When this card attacks, draw 1 card."'
    assert join_options([giver, quoted, "Draw 1 card."]) == [giver + " " + quoted, "Draw 1 card."]
    many = "【CONT】 If you have 2 or more other 《Sand》 characters, this card gets the following abilities."
    two = ['"【AUTO】 When this card attacks, draw 1 card."', '"【CONT】 This card gets +1000 power."']
    assert join_options([many, *two]) == [" ".join([many, *two])]
    res = _import(tmp_path, [_rec("T/S28A-901", "Split Giver", [many, *two])])
    assert not res.unsupported, res.unsupported


def test_the_same_damage_is_read_in_a_granted_ability_only_under_its_damage_trigger():
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    ctx = {"type": "character", "name": "Q"}
    line = ('【AUTO】 When this card attacks, choose 1 of your characters, and that character gets the following ability '
            'until end of turn. "【AUTO】 When damage dealt by this card is canceled, you may deal the same damage to your '
            'opponent."')
    assert compile_line(line, ctx).verdict.value == "exact"
    bad = compile_line("【AUTO】 When this card attacks, deal the same damage to your opponent.", ctx)
    assert bad.verdict.value == "unsupported" and "the same damage" in bad.reason


def test_an_option_or_a_repeated_action_ending_with_a_granted_ability():
    """An option ending with a granted ability ("This card gets the following ability until ... "[CONT] ...") and a
    repeated action ("perform the following action 2 times. "... gets the following ability ... "[CONT] ..."): the
    granted ability's quotes inside the quoted effect (_mark_nested_quotes)."""
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    option = ('【AUTO】 When this card is placed on the stage from your hand, choose 1 of the following effects, and perform '
              'it. "Draw 1 card." "This card gets the following ability until the end of your opponent\'s next turn. '
              '"【CONT】 The character facing this card gets -1 soul.""')
    r = compile_line(option, {"type": "character", "name": "Q"})
    assert r.verdict.value == "exact", r.reason
    twice = ('【COUNTER】 Perform the following action 2 times. "Choose 1 of your characters, and that character gets the '
             'following ability until end of turn. "【CONT】 The character facing this card gets -1 soul.""')
    r = compile_line(twice, {"type": "event", "name": "Q"})
    assert r.verdict.value == "exact", r.reason
    grants = [o for o in r.abilities[0]["effect"] if o["op"] == "grant_ability"]
    assert len(grants) == 2 and grants[0]["ability"]["kind"] == "cont"


def test_two_durations_with_a_comma_before_the_granted_ability():
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    ctx = {"type": "character", "name": "Q"}
    r = compile_line('【AUTO】 When this card attacks, this card gets +1000 power until end of turn, and the following '
                     'ability until the end of your opponent\'s next turn. "【AUTO】 When this card is frontal attacked, '
                     'draw 1 card."', ctx)
    assert r.verdict.value == "exact", r.reason
    ops = r.abilities[0]["effect"]
    assert [o["op"] for o in ops] == ["target_self", "power", "grant_ability"]
    assert ops[2]["duration"] == "next_opp_turn_end"
    # the comma still ends a clause before another instruction
    r = compile_line("【AUTO】 When this card attacks, this card gets +1000 power until end of turn, and draw 1 card.", ctx)
    assert r.verdict.value == "exact", r.reason


def test_a_sentence_after_a_quoted_ability():
    """An event: "... gets the following ability until end of turn. "[AUTO] ..." Put this card into your memory." (the
    quoted ability's stop is inside its quotes): two sentences."""
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    r = compile_line('Choose 1 of your characters, and that character gets the following ability until end of turn. '
                     '"【AUTO】 When this card attacks, draw 1 card." Put this card into your memory.',
                     {"type": "event", "name": "Q"})
    assert r.verdict.value == "exact", r.reason
    assert [o["op"] for o in r.abilities[0]["effect"]][-2:] == ["target_self", "to_memory"]


def test_until_the_end_of_the_next_turn_in_the_masters_turn_only():
    """"until the end of the next turn": an ability that resolves in its master's turn (an [ACT] ability, CR 6.5.1.2.3;
    "when this card is placed on the stage from your hand", its play, CR 6.5.1.2.1) gives it until the end of the
    opponent's next turn; one that may resolve in the opponent's turn is refused."""
    from tcg_env.games.weiss_schwarz.card_text import compile_line

    ctx = {"type": "character", "name": "Q"}
    for line in ("【ACT】 [【REST】 this card] This card gets +1000 power until the end of the next turn.",
                 "【AUTO】 When this card is placed on the stage from your hand, until the end of the next turn, this card "
                 "gets +1000 power."):
        r = compile_line(line, ctx)
        assert r.verdict.value == "exact", r.reason
        assert r.abilities[0]["effect"][-1]["duration"] == "next_opp_turn_end"
    r = compile_line("【AUTO】 When your other character is put into your waiting room from the stage, this card gets "
                     "+1000 power until the end of the next turn.", ctx)
    assert r.verdict.value == "unsupported"


def test_database_typos_in_granted_texts_are_normalised():
    from tcg_env.games.weiss_schwarz.card_text import normalise

    assert normalise("put it on the top of your deck,, and") == "put it on the top of your deck , and"
    assert normalise("its previous stage postion as") == "its previous stage position as"
    assert normalise("when damage dealt by this card is is canceled") == "when damage dealt by this card is canceled"
    assert normalise("and return in to your hand") == "and return it to your hand"
