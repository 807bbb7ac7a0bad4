"""Weiss Schwarz card text, session 27 part C (branch s27-wsc): granted abilities and the effects around them.
The pool's granted abilities by kind (constants.GRANT_BY_CONT ...: each of a card's three keyword words has its own
MAX_GRANTS granted abilities), and Great Performance (CR 10.6) printed or granted. Made-up lines in the card language,
imported, and what the engine does with them."""

from __future__ import annotations

import json

import pytest

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.importer import import_ws_json

import ws_card_text_kit as kit


_rec = kit.rec

# a grant until end of turn (KWMOD, kind GRANT_UNTIL_TURN_END) and one by a CONT ability (D_KW, GRANT_BY_CONT): each
# the first of its kind, so both have bit GRANT_BIT0 of their own word
_SELF_GRANT = ('【AUTO】 When this card is placed on the stage from your hand, this card gets the following ability until '
               'end of turn. "【CONT】 This card gets +3000 power."')
_PATRON = '【CONT】 All of your other 《Sand》 characters get the following ability. "【CONT】 This card gets +1000 power."'
# CR 10.6: Great Performance printed (the card keyword), granted by a CONT ability under a condition (AURA_KEYWORD)
# and by an effect until the end of the opponent's next turn (GRANT_KEYWORD into KWMOD_LONG)
_STAR = ("【CONT】 Great Performance (When your opponent attacks, if this card is in the middle position of your center "
         "stage and not 【REVERSE】, your opponent frontal attacks this card instead)")
_IDOL = '【CONT】 If you have another 《Sand》 character, this card gets "【CONT】 Great Performance".'
_DIVA = ('【AUTO】 When this card is placed on the stage from your hand, this card gets +1000 power and "【CONT】 Great '
         'Performance" until the end of your opponent\'s next turn.')
# "your opponent chooses ... in their waiting room, and exchanges them. X is equal to the level of the character you
# chose -1": REG_LEVEL, OPP_CHOOSE, EXCHANGE of a stage character and a waiting-room card
_SWAPPER = ("【AUTO】 When this card is placed on the stage from your hand, choose 1 of your opponent's level 1 or higher "
            "characters, your opponent chooses 1 level X or lower character in their waiting room, and exchanges them. X "
            "is equal to the level of the character you chose -1.")
# CR 10.12.3: "when you use "Accelerate"" (Trigger.ACCELERATE_USED after an Accelerate ability resolved)
_ACCEL = ("【AUTO】 Accelerate [Put the top card of your deck into your clock] At the beginning of your climax phase, you "
          "may pay the cost. If you do, this card gets +1000 power until end of turn.")
_WATCHER = '【AUTO】 When you use "Accelerate", this card gets +2000 power until end of turn.'
# CR 9.3.2: "when your opponent levels up" (Trigger.OPP_LEVEL_UP on the other player's stage)
_RIVAL = "【AUTO】 When your opponent levels up, this card gets +1000 power until end of turn."
# the master's deck count (Condition.DECK_AT_MOST) and "return all cards in your waiting room to your deck. If you do"
# (WR_TO_DECK reports whether it moved a card)
_RECYCLER = ("【AUTO】 When this card is placed on the stage from your hand, if the number of cards in your deck is five "
             "or less, return all cards in your waiting room to your deck. If you do, shuffle your deck, and this card "
             "gets +2000 power until end of turn.")
# CR 3.6.5: "X is equal to N multiplied by the level of the character facing this card" (AURA_POWER_PER /
# POWER_X per the facing level, s27-wsb's reading kept at the merge)
_GAZER = "【CONT】 This card gets +X power. X is equal to 1000 multiplied by the level of the character facing this card."
_STARER = ("【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to 1500 multiplied by "
           "the level of the character facing this card.")
(PLAIN, SELF_GRANT, PATRON, SANDY, STAR, IDOL, DIVA, SWAPPER, LEVEL1, LEVEL2, ACCEL, WATCHER, RIVAL,
 RECYCLER, GAZER, STARER) = range(16)
RECORDS = [
    _rec("T/S27C-001", "Plain"),
    _rec("T/S27C-002", "Self Grant", [_SELF_GRANT]),
    _rec("T/S27C-003", "Patron", [_PATRON]),
    _rec("T/S27C-004", "Sandy", traits=("Sand",)),
    _rec("T/S27C-005", "Star", [_STAR]),
    _rec("T/S27C-006", "Idol", [_IDOL]),
    _rec("T/S27C-007", "Diva", [_DIVA]),
    _rec("T/S27C-008", "Swapper", [_SWAPPER]),
    _rec("T/S27C-009", "Level One", level="1", power="5000"),
    _rec("T/S27C-010", "Level Two", level="2", power="8000"),
    _rec("T/S27C-011", "Accel", [_ACCEL]),
    _rec("T/S27C-012", "Watcher", [_WATCHER]),
    _rec("T/S27C-013", "Rival", [_RIVAL]),
    _rec("T/S27C-014", "Recycler", [_RECYCLER]),
    _rec("T/S27C-015", "Gazer", [_GAZER]),
    _rec("T/S27C-016", "Starer", [_STARER]),
]  # fmt: skip
FILLER = len(RECORDS)
RECORDS += [_rec(f"T/S27C-F{i:02d}", f"Filler {i}") for i in range(12)]
N_CARDS = len(RECORDS)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws27c", RECORDS)


def _import(tmp_path, records):
    p = tmp_path / "list.json"
    p.write_text(json.dumps(records))
    return import_ws_json(p)


def _eot(n):
    return (f'【AUTO】 When this card attacks, this card gets the following ability until end of turn. "【CONT】 This '
            f'card gets +{500 * n} power."')


def _long(n):
    return (f'【AUTO】 When this card attacks, this card gets the following ability until the end of your opponent\'s '
            f'next turn. "【CONT】 This card gets +{500 * n} power."')


def _aura(n):
    return f'【CONT】 All of your other 《Sand》 characters get the following ability. "【CONT】 This card gets +{500 * n} power."'


# ---------------------------------------------------------------------------- the grant kinds
def test_granted_abilities_of_each_kind_have_bits_of_their_own(tmp_path):
    """MAX_GRANTS granted abilities until end of turn, as many by CONT abilities and some until the end of the
    opponent's next turn in one list: each kind fills the bits of its own word (the same ability given two ways is
    two rows); the kind's next one is refused."""
    n = K.MAX_GRANTS
    texts = [_eot(i + 1) for i in range(n)] + [_aura(i + 1) for i in range(n)] + [_long(i + 1) for i in range(3)]
    texts.append(_eot(n + 1))  # one too many of its kind
    res = _import(tmp_path, [_rec(f"T/S27C-G{i:02d}", f"Giver {i}", [t]) for i, t in enumerate(texts)])
    verdicts = [t.lines[0] for t in res.text_records]
    assert all(lr.compiled for lr in verdicts[:-1]), [lr.reason for lr in verdicts if not lr.compiled]
    assert not verdicts[-1].compiled and "MAX_GRANTS" in verdicts[-1].reason
    from tcg_env.games.weiss_schwarz.cards import compile_ws_pool

    pool = compile_ws_pool(res.cards)
    zones = sorted(int(z) - K.GRANT_ZONE0 for z in pool.abilities[:, K.A_ZONE] if z >= K.GRANT_ZONE0)
    stride = K.GRANT_KIND_STRIDE
    assert zones == (list(range(n)) + [stride + j for j in range(3)]
                     + [K.GRANT_BY_CONT * stride + j for j in range(n)])  # fmt: skip


@pytest.mark.parametrize("sandy", [True, False])
def test_cr_8_2_a_grant_until_end_of_turn_and_a_cont_grant_of_the_same_bit_stay_apart(pool, sandy):
    """Self Grant's ability is the first until end of turn (KWMOD bit GRANT_BIT0), Patron's the first by a CONT
    ability (D_KW bit GRANT_BIT0): each character has the one it was given (characteristics.granted_bits)."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, PATRON, "stage", pos=3)
    sandy_slot = sc.put(0, SANDY, "stage", pos=0) if sandy else None
    sc.put(0, SELF_GRANT, "hand")
    g = sc.game()
    kit.act(g, "Play Self Grant to center middle")
    kit.answer_yes(g, True)
    giver = int(g.state[S.STAGE + 1])
    assert kit.power(g, giver) == 3000 + 3000  # its own grant's +3000, not Patron's +1000
    assert int(g.state[S.KWMOD + giver * S.CARD_W]) >> K.GRANT_BIT0 == 1
    assert int(g.state[S.D_KW + giver * S.CARD_W]) >> K.GRANT_BIT0 == 0
    if sandy:
        assert kit.power(g, sandy_slot) == 3000 + 1000  # Patron's +1000, not Self Grant's +3000
        assert int(g.state[S.D_KW + sandy_slot * S.CARD_W]) >> K.GRANT_BIT0 == 1


# ---------------------------------------------------------------------------- Great Performance (CR 10.6)
def test_cr_10_6_great_performance_compiles_to_the_card_keyword_or_its_grant(tmp_path):
    res = _import(tmp_path, RECORDS)
    assert not res.unsupported, res.unsupported
    by = {c.name: c for c in res.cards}
    assert by["Star"].keywords == ["great_performance"] and not by["Star"].abilities
    (idol,) = by["Idol"].abilities
    assert idol.kind == "cont" and idol.condition is not None
    assert [(o.op, o.keywords) for o in idol.effect] == [("aura_keyword", ["great_performance"])]
    (diva,) = by["Diva"].abilities
    ops = [o.model_dump(exclude_none=True) for o in diva.effect]
    assert {"op": "grant_keyword", "keywords": ["great_performance"], "duration": "next_opp_turn_end", "reg": 0} in ops
    verdicts = {lr.line: lr.verdict.value for t in res.text_records for lr in t.lines}
    assert verdicts[_STAR] == verdicts[_IDOL] == verdicts[_DIVA] == "exact"


@pytest.mark.parametrize("who", ["star", "idol", "idol_alone", "plain"])
def test_cr_10_6_2_attacks_are_frontal_attacks_on_the_great_performance_character(pool, who):
    """The opponent's middle character has Great Performance (printed; Idol's while it has another <<Sand>>
    character): an attacker facing no character attacks it frontally instead of attacking directly."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    middle = sc.put(1, {"star": STAR, "plain": PLAIN}.get(who, IDOL), "stage", pos=1)
    if who == "idol":
        sc.put(1, SANDY, "stage", pos=3)
    sc.put(0, PLAIN, "stage", pos=0)  # faces the opponent's center right (CR 3.6.5): nobody there
    sc.stack_deck(0, [PLAIN] * 4)
    g = sc.game()
    kit.act(g, "End the main phase")
    has_gp = who in ("star", "idol")
    assert (int(g.state[S.D_KW + middle * S.CARD_W]) & K.KW_GREAT_PERFORMANCE != 0) == has_gp
    attacks = [x for x in kit.labels(g) if "attack with" in x]
    assert attacks == (["Frontal attack with Plain"] if has_gp else ["Direct attack with Plain"])
    if has_gp:
        kit.act(g, "Frontal attack with Plain")
        kit.answer_yes(g, False)
        for _ in range(10):  # the counter step and the damage: the battle (3000 against 3000: both reversed)
            if kit.orient(g, middle) == K.Orientation.REVERSE:
                break
            g.step(int(g.legal_actions()[0]))
        assert kit.orient(g, middle) == K.Orientation.REVERSE  # it was the defending character (CR 7.5)


def test_cr_10_6_great_performance_granted_until_the_end_of_the_opponents_next_turn(pool):
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, DIVA, "hand")
    g = sc.game()
    kit.act(g, "Play Diva to center middle")
    kit.answer_yes(g, True)
    diva = int(g.state[S.STAGE + 1])
    assert kit.power(g, diva) == 3000 + 1000
    assert int(g.state[S.KWMOD_LONG + diva * S.CARD_W]) & K.KW_GREAT_PERFORMANCE != 0
    assert int(g.state[S.D_KW + diva * S.CARD_W]) & K.KW_GREAT_PERFORMANCE != 0
    assert int(g.state[S.KW_UNTIL + diva * S.CARD_W]) == 4  # the opponent's next turn (turn 3's master: turn 4)


# ---------------------------------------------------------------------------- the opponent's exchange
def test_the_opponents_exchange_compiles_to_reg_level_opp_choose_and_exchange(tmp_path):
    res = _import(tmp_path, RECORDS)
    (ab,) = next(c for c in res.cards if c.name == "Swapper").abilities
    ops = [o.model_dump(exclude_none=True) for o in ab.effect]
    assert [o["op"] for o in ops] == ["choose", "reg_level", "opp_choose", "exchange"]
    assert ops[1] == {"op": "reg_level", "reg": 0, "plus": -1}
    assert ops[2]["filter"]["level_max_x"] and ops[2]["filter"]["zone"] == "waiting_room" and ops[2]["reg"] == 1
    assert ops[3] == {"op": "exchange", "reg": 0, "other": 1, "stand": False}
    verdicts = {lr.line: lr.verdict.value for t in res.text_records for lr in t.lines}
    assert verdicts[_SWAPPER] == "exact"


@pytest.mark.parametrize("chosen_level", [2, 1])
def test_cr_8_6_the_opponent_exchanges_the_chosen_character_with_a_lower_level_waiting_room_card(pool, chosen_level):
    """The opponent's level 2 character: X = 1, the opponent puts their level 1 character from the waiting room on its
    position (standing) and the level 2 one goes to the waiting room. Their level 1 character: X = 0, no card of
    their waiting room is level 0 or lower (the level 2 one and the level 1 one): nothing is exchanged."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    target = sc.put(1, LEVEL2 if chosen_level == 2 else LEVEL1, "stage", pos=1)
    sc.row[S.ORIENT + target * S.CARD_W] = K.Orientation.REST
    lv1 = sc.put(1, LEVEL1, "waiting_room")
    lv2 = sc.put(1, LEVEL2, "waiting_room")
    sc.put(0, SWAPPER, "hand")
    g = sc.game()
    kit.act(g, "Play Swapper to center middle")
    kit.answer_yes(g, True)
    if chosen_level == 2:
        assert kit.zone_of(g, target) == K.Zone.WAITING_ROOM
        assert int(g.state[S.STAGE + 1 * K.N_POSITIONS + 1]) == lv1
        assert kit.orient(g, lv1) == K.Orientation.STAND
        assert kit.zone_of(g, lv2) == K.Zone.WAITING_ROOM
    else:
        assert int(g.state[S.STAGE + 1 * K.N_POSITIONS + 1]) == target
        assert kit.zone_of(g, lv1) == kit.zone_of(g, lv2) == K.Zone.WAITING_ROOM


# ---------------------------------------------------------------------------- Accelerate (CR 10.12)
def test_cr_10_12_3_when_you_use_accelerate_compiles_to_its_trigger(tmp_path):
    res = _import(tmp_path, RECORDS)
    (ab,) = next(c for c in res.cards if c.name == "Watcher").abilities
    assert ab.trigger == "accelerate_used" and ab.kind == "auto"
    verdicts = {lr.line: lr.verdict.value for t in res.text_records for lr in t.lines}
    assert verdicts[_WATCHER] == "exact"


@pytest.mark.parametrize("pay", [True, False])
def test_cr_10_12_3_when_you_use_accelerate_triggers_after_the_accelerate_ability(pool, pay):
    """Accel's Accelerate ability at the beginning of the climax phase: paid, it resolves and Watcher's "when you
    use "Accelerate"" triggers; declined, it is not used (CR 8.7.3.1.1) and nothing triggers."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    accel = sc.put(0, ACCEL, "stage", pos=0)
    watcher = sc.put(0, WATCHER, "stage", pos=1)
    sc.put(0, PLAIN, "stage", pos=2)  # an attacker left: the turn waits in the attack phase
    g = sc.game()
    kit.act(g, "End the main phase")
    kit.answer_yes(g, pay)
    assert kit.power(g, accel) == 3000 + 1000 * pay
    assert kit.power(g, watcher) == 3000 + 2000 * pay


# ---------------------------------------------------------------------------- the opponent's level up (CR 9.3.2)
@pytest.mark.parametrize("clock", [6, 4])
def test_cr_9_3_2_when_your_opponent_levels_up(pool, clock):
    """Rival attacks directly (soul 1 + 1): the opponent's clock reaches 7 (from 6) and they level up, Rival's
    ability triggers; from 4 (to 6) they do not."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    rival = sc.put(0, RIVAL, "stage", pos=1)
    sc.put(0, PLAIN, "stage", pos=0)  # a second attacker: the turn waits at its attack declaration
    for i in range(clock):
        sc.put(1, FILLER + i, "clock")
    sc.stack_deck(0, [PLAIN] * 4)  # no climax in the trigger check
    sc.stack_deck(1, [PLAIN] * 4)  # no climax among the damage: not canceled
    g = sc.game()
    kit.act(g, "End the main phase")
    kit.act(g, "Direct attack with Rival")
    for _ in range(12):  # the damage, the level up, Rival's ability
        if any(x.endswith("attack with Plain") for x in kit.labels(g)):
            break
        g.step(int(g.legal_actions()[0]))
    assert int(g.state[S.LEVEL_N + 1]) == int(clock == 6)
    assert kit.power(g, rival) == 3000 + 1000 * (clock == 6)


# ---------------------------------------------------------------------------- the master's deck (CR 3.2)
def test_the_number_of_cards_in_your_deck_compiles_to_deck_conditions():
    from tcg_env.games.weiss_schwarz.card_text import COMPILER

    (ab,) = COMPILER.compile_line(_RECYCLER, {"type": "character"}).abilities
    assert ab["condition"] == {"kind": "deck_at_most", "value": 5}
    assert [o["op"] for o in ab["effect"]][:2] == ["wr_to_deck", "if_done"]
    res = COMPILER.compile_line("【CONT】 If your deck has 6 or more cards, this card gets +500 power.", {"type": "character"})
    assert res.abilities[0]["condition"] == {"kind": "deck_at_least", "value": 6}


@pytest.mark.parametrize("deck_left, wr", [(5, True), (5, False), (6, True)])
def test_cr_1_3_3_the_deck_condition_and_if_you_do_after_returning_the_waiting_room(pool, deck_left, wr):
    """Recycler played with 5 cards left in the deck: the waiting room goes back into the deck and it gets +2000; with
    an empty waiting room nothing was returned (not done): no power; with 6 cards left it does not trigger."""
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    sc.put(0, RECYCLER, "hand")
    deck = sc.zone(0, "deck")
    for slot in deck[: len(deck) - deck_left]:
        sc.move(slot, "waiting_room" if wr else "stock")
    g = sc.game()
    n_wr = kit.count(g, "WR")
    kit.act(g, "Play Recycler to center middle")
    kit.answer_yes(g, True)
    me = int(g.state[S.STAGE + 1])
    done = deck_left <= 5 and wr
    assert kit.power(g, me) == 3000 + 2000 * done
    assert kit.count(g, "WR") == (0 if deck_left <= 5 else n_wr)


# ---------------------------------------------------------------------------- the colours of the level (CR 2.4)
_LEVEL_COLORS = ("【CONT】 Experience If your level has a yellow card, a red card, and a blue card, this card gets "
                 "+1000 power.")


def test_cr_2_4_your_level_has_cards_of_colours_compiles_to_level_colors():
    from tcg_env.games.weiss_schwarz.card_text import COMPILER

    res = COMPILER.compile_line(_LEVEL_COLORS, {"type": "character"})
    assert res.verdict.value == "exact", res.reason
    assert res.abilities[0]["condition"] == {"kind": "level_colors", "colors": ["yellow", "red", "blue"]}
    assert res.abilities[0]["keyword"] == "experience"
    one = COMPILER.compile_line("【AUTO】 When this card attacks, if your level has a red card, this card gets +1000 "
                                "power until end of turn.", {"type": "character"})
    assert one.abilities[0]["condition"] == {"kind": "level_colors", "colors": ["red"]}


@pytest.mark.parametrize("colors", [("yellow", "red", "blue"), ("yellow", "red", "red")])
def test_cr_2_4_the_level_has_a_card_of_each_colour(tmp_path_factory, colors):
    records = [_rec("T/S27D-001", "Tri", [_LEVEL_COLORS])]
    records += [_rec(f"T/S27D-C{i}", f"Hue {i}", color=c.upper()) for i, c in enumerate(colors)]
    records += [_rec(f"T/S27D-F{i:02d}", f"Filler {i}") for i in range(12)]
    pool = kit.import_pool(tmp_path_factory, "ws27d", records)
    sc = kit.main_phase(pool, len(records), 0)
    me = sc.put(0, 0, "stage", pos=1)
    for i in range(3):
        sc.put(0, 1 + i, "level")
    g = sc.game()
    assert kit.power(g, me) == 3000 + 1000 * (len(set(colors)) == 3)


# ---------------------------------------------------------------------------- the facing character's level (CR 3.6.5)
def test_cr_3_6_5_x_the_level_of_the_character_facing_this_card_compiles(tmp_path):
    res = _import(tmp_path, RECORDS)
    by = {c.name: c for c in res.cards}
    (gazer,) = by["Gazer"].abilities
    # the merge of session 27 kept one reading of the line (s27-wsb's): AURA_POWER_PER / POWER_X per facing level
    assert [(o.op, o.amount, o.counted) for o in gazer.effect] == [("aura_power_per", 1000, "facing_level")]
    (starer,) = by["Starer"].abilities
    assert [o.op for o in starer.effect] == ["target_self", "power_x"]
    assert starer.effect[1].per == "facing_level" and starer.effect[1].amount == 1500
    verdicts = {lr.line: lr.verdict.value for t in res.text_records for lr in t.lines}
    assert verdicts[_GAZER] == verdicts[_STARER] == "exact"


@pytest.mark.parametrize("facing", [LEVEL2, LEVEL1, None])
def test_cr_3_6_5_this_card_gets_power_per_level_of_the_character_facing_it(pool, facing):
    sc = kit.main_phase(pool, N_CARDS, PLAIN)
    gazer = sc.put(0, GAZER, "stage", pos=0)  # faces the opponent's center right (CR 3.6.5)
    starer = sc.put(0, STARER, "stage", pos=2)  # faces the opponent's center left
    sc.put(0, PLAIN, "stage", pos=1)  # a second attacker: the turn waits at its attack declaration
    level = {LEVEL2: 2, LEVEL1: 1, None: 0}[facing]
    if facing is not None:
        sc.put(1, facing, "stage", pos=2)
        sc.put(1, facing, "stage", pos=0)
    sc.stack_deck(0, [PLAIN] * 4)
    g = sc.game()
    assert kit.power(g, gazer) == 3000 + 1000 * level
    kit.act(g, "End the main phase")
    kit.act(g, ("Frontal" if facing is not None else "Direct") + " attack with Starer")
    kit.answer_yes(g, True)
    assert kit.power(g, starer) == 3000 + 1500 * level


# ---------------------------------------------------------------------------- wordings of existing pieces
def test_a_level_while_in_the_stage_and_a_cost_shuffling_afterwards_compile_as_their_other_wordings():
    from tcg_env.games.weiss_schwarz.card_text import COMPILER

    ctx = {"type": "character"}
    on = COMPILER.compile_line("【CONT】 This card gets -1 level while on the stage.", ctx)
    in_ = COMPILER.compile_line("【CONT】 This card gets -1 level while in the stage.", ctx)
    assert in_.verdict.value == "exact" and in_.abilities == on.abilities
    after = COMPILER.compile_line("【AUTO】 [Return 2 characters in your waiting room to your deck. Shuffle your deck "
                                  "afterwards] When this card attacks, you may pay the cost. If you do, this card gets "
                                  "+2000 power until end of turn.", ctx)
    amp = COMPILER.compile_line("【AUTO】 [Return 2 characters in your waiting room to your deck & Shuffle your deck] "
                                "When this card attacks, you may pay the cost. If you do, this card gets +2000 power "
                                "until end of turn.", ctx)
    assert after.verdict.value == "exact" and after.abilities == amp.abilities
