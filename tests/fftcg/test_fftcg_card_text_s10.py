"""FF-TCG card text, fourth round (session 10): "cannot be blocked / cannot be broken [this turn]", "cannot be
broken by opposing Summons or abilities that don't deal damage", "N damage and M more damage for each ...", "for
each card in a hand", "choose ... You may deal it ...", "during your Main Phase", "The [A] and [B] you control
cannot be chosen ...", reference lists ("[A], [B] or [C]", "1 [A] or 1 [B]"), "damage equal to ~'s power";
compiled from made-up lines in the game's template language and played in small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict, coverage_report
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER
from tests.fftcg.fftcg_helpers import (
    backup_payment,
    card_record,
    import_mini,
    mini_deck,
    resolve_stack,
    revealed_in_observation,
    slot_of,
)

FWD = {"name": "Zell Test", "type": "forward", "job": "Monk", "element": "fire", "cost": 3}


def _c(line, card=FWD):
    return COMPILER.compile_line(line, card)


@pytest.mark.parametrize("line, ops", [
    ("When Zell Test enters the field, choose 1 Forward you control. It cannot be broken this turn.",
     [{"op": "choose", "filter": {"type": "forward", "side": "own"}, "count": 1, "reg": 0},
      {"op": "restrict", "restrictions": ["unbreakable"], "duration": "end_of_turn", "reg": 0}]),
    ("{1}: Zell Test cannot be blocked this turn.",
     [{"op": "target_self", "reg": 0},
      {"op": "restrict", "restrictions": ["unblockable"], "duration": "end_of_turn", "reg": 0}]),
    ("When Zell Test enters the field, choose 1 Forward opponent controls. Deal it 2000 damage and 1000 more damage "
     "for each card in your opponent's hand.",
     [{"op": "choose", "filter": {"type": "forward", "side": "opponent"}, "count": 1, "reg": 0},
      {"op": "damage", "amount": 1000, "base": 2000, "per": "opp_hand", "reg": 0}]),
    ("When Zell Test attacks, deal 1000 damage and 1000 more damage for each Backup you control to all the Forwards "
     "opponent controls.",
     [{"op": "select_all", "filter": {"type": "forward", "side": "opponent"}, "reg": 0},
      {"op": "damage", "amount": 1000, "base": 1000, "per": "card", "filter": {"type": "backup", "side": "own"},
       "reg": 0}]),
])  # fmt: skip
def test_effect_pieces_s10(line, ops):
    r = _c(line)
    assert r.verdict is Verdict.EXACT, r.reason
    assert r.abilities[0]["effect"] == ops


def test_field_cannot_be_broken_and_unconditional_self_gains():
    r = _c("Zell Test cannot be broken by opposing Summons or abilities that don't deal damage.")
    assert r.verdict is Verdict.EXACT
    assert r.abilities[0]["effect"] == [{"op": "aura_restrict", "restrictions": ["unbreakable_by_opp_effects"],
                                         "filter": {"side": "own", "name": "Zell Test"}, "self_only": True}]
    # "~ gains ..." without a condition (the field ability's subject and an effect's "~ gains ... until the end
    # of the turn" no longer collide in the grammar)
    r = _c("Zell Test gains +1000 power.")
    assert r.verdict is Verdict.EXACT and r.abilities[0]["effect"][0]["op"] == "aura_power"
    # "~ cannot be blocked." stays Op.UNBLOCKABLE_BY (a field ability)
    assert _c("Zell Test cannot be blocked.").abilities[0]["effect"][0]["op"] == "unblockable_by"


def test_reference_lists_are_alternatives():
    r = _c("When Zell Test enters the field, you may search for 1 [Card Name A1], [Card Name B1], or [Card Name C1] "
           "and add it to your hand.")
    f = r.abilities[0]["effect"][0]["filter"]
    assert [f["name"], f["alt"]["name"], f["alt"]["alt"]["name"]] == ["A1", "B1", "C1"]
    r = _c("When Zell Test enters the field, you may search for 1 [Card Name A1] or 1 [Card Name B1] and add it to "
           "your hand.")
    f = r.abilities[0]["effect"][0]["filter"]
    assert [f["name"], f["alt"]["name"]] == ["A1", "B1"]
    # "and" in a field ability's subject: the cards of either reference; in a condition it asks for both
    r = _c("The [Job Dancer] and [Card Name Dancer] you control gain +1000 power.")
    assert r.abilities[0]["effect"][0]["filter"] == {"side": "own", "job": "Dancer",
                                                     "alt": {"side": "own", "name": "Dancer"}}
    assert _c("If you control a [Card Name A1] and [Card Name B1], Zell Test gains +1000 power.").verdict \
        is Verdict.UNSUPPORTED
    # "If you control a [Job X], ..." (a comma after a reference) is a condition, not a list
    assert _c("If you control a [Job Monk], Zell Test gains +1000 power.").verdict is Verdict.EXACT


def test_damage_equal_to_the_cards_power_is_exact():
    # session 16: the power as it last was on the field (CR 11.11.4; tests/fftcg/test_fftcg_card_text_s16.py)
    r = _c("{1}: Choose 1 Forward. Deal it damage equal to Zell Test's power.")
    assert r.verdict is Verdict.EXACT and r.approximations == ()


# ---- played in small games --------------------------------------------------------------------------------
def _records():
    rec = card_record("U")

    recs = [
        rec(1, "Aegis", "summon", 1, 0, "", "Choose 1 Forward you control. It cannot be broken this turn."),
        rec(2, "Doom", "summon", 1, 0, "", "Choose 1 Forward. Break it."),
        rec(3, "Bolt", "summon", 1, 0, "", "Choose 1 Forward. Deal it 9000 damage."),
        rec(4, "Stalwart", "forward", 2, 5000, "Guard", "Stalwart cannot be broken by opposing Summons or abilities "
            "that don't deal damage."),
        rec(5, "Sneak", "summon", 1, 0, "", "Choose 1 Forward you control. It cannot be blocked this turn."),
        rec(6, "Jolt", "summon", 1, 0, "", "Choose 1 Forward opponent controls. Deal it 2000 damage and 1000 more "
            "damage for each Backup you control."),
        rec(7, "Taunt", "summon", 1, 0, "", "Choose 1 Forward opponent controls. Deal it 1000 damage and 1000 more "
            "damage for each card in your opponent's hand."),
        rec(8, "Lancer", "forward", 1, 5000, "Knight", "When Lancer enters the field, choose 1 Forward. You may deal "
            "it 3000 damage."),
        rec(9, "Drill", "backup", 2, 0, "Coach", "{1}: Choose 1 Forward. It gains +1000 power until the end of the "
            "turn. You can only use this ability during your Main Phase."),
        rec(10, "Veil", "forward", 2, 5000, "Guard", "The [Job Dancer] and [Card Name Veil] you control cannot be "
            "chosen by your opponent's Summons."),
        rec(11, "Twirl", "forward", 2, 5000, "Dancer", ""),
        rec(12, "Ciaran", "forward", 2, 7000, "Monk", "{1}: Choose 1 Forward. Deal it damage equal to Ciaran's "
            "power."),
        rec(13, "Seer", "backup", 2, 0, "Seer", "{Dull}: Look at the top 3 cards of your deck. Add 1 Forward among "
            "them to your hand and return the other cards to the bottom of your deck in any order."),
        rec(14, "Sifter", "backup", 2, 0, "Seer", "{Dull}: Reveal the top 2 cards of your deck. Add up to 1 Backup "
            "among them to your hand, and put the rest of the cards into the Break Zone."),
        rec(15, "Gazer", "backup", 2, 0, "Seer", "{Dull}: Look at the top card of your deck. You may place the card "
            "at the bottom of your deck."),
        rec(16, "Duo", "forward", 2, 5000, "Knight", "When Duo forms a party and attacks, draw 1 card."),
        rec(17, "Slugger", "forward", 2, 5000, "Brute", "{1}: Choose 1 Forward. Dull it. Slugger will not activate "
            "during your next Active Phase."),
        rec(18, "Rally", "summon", 1, 0, "", "Choose 1 Forward. For each Backup you control, it gains +1000 power "
            "until the end of the turn."),
        rec(19, "Erase", "summon", 1, 0, "", "Choose 1 Forward. Deal it 9000 damage. If it is put from the field "
            "into the Break Zone this turn, remove it from the game instead."),
        rec(30, "Gust", "summon", 1, 0, "", "Deal 1000 damage to all the Forwards opponent controls. If you control "
            "3 or more Backups, deal 5000 damage to all the Forwards opponent controls instead."),
        rec(31, "Insight", "summon", 1, 0, "", "Draw 1 card. If you control 4 or more Backups, draw 3 cards "
            "instead."),
        rec(32, "Bury", "summon", 1, 0, "", "Choose 1 Forward. Put it at the bottom of its owner's deck."),
        rec(33, "Topple", "summon", 1, 0, "", "Choose 1 Forward. Put it on top of its owner's deck."),
        rec(34, "Eiko", "forward", 1, 5000, "Caller", "When Eiko enters the field, you may search for 1 Summon and "
            "put it into the Break Zone."),
        rec(35, "Ward", "summon", 2, 0, "", "Choose 1 Forward. Deal it 1000 damage.[[br]]You can only pay with Fire "
            "CP to cast Ward."),
        rec(36, "Rude", "forward", 2, 5000, "Turk", "You can only pay with CP produced by Backups to cast Rude."),
        rec(37, "Puddle", "backup", 2, 0, "Mage", "", element="water"),
        rec(38, "Pond", "backup", 2, 0, "Mage", "", element="water"),
        rec(39, "Lenne", "forward", 2, 5000, "Singer", "When your opponent casts a Summon, Lenne gains +2000 power "
            "until the end of the turn."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(5)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(6)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff10", _records())


def _pay(g):
    for _ in range(10):
        if g.decision != K.Decision.PAY_CP:
            return
        g.step(backup_payment(g))


def _game(mini, hand, mine=(), theirs=("U-040",), turn_player=0, their_hand=()):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)), turn_player=turn_player)
    sc.field(0, ["U-020", "U-021", "U-022", *mine])  # three Backups: 3 CP
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    if their_hand:
        sc.hand(1, list(their_hand))
    return sc.game()


def test_mini_import_s10(mini):
    res, _ = mini
    rep = coverage_report(res.text_records)
    assert rep["cards"] == rep["cards_approximate"] == len(res) == 40
    assert rep["cards_exact"] == 40  # Ciaran's power_lki is exact since session 16 (Sifter's reveal: state.REVEALED)


def test_cannot_be_broken_this_turn_keeps_a_forward_with_lethal_damage_CR_12_4_5(mini):
    # "It cannot be broken this turn." (RESTRICT_UNBREAKABLE): neither a break nor damage >= power (the rule
    # process, CR 12.4.5) breaks it; it keeps its damage
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-001", "U-003", "U-002"], mine=("U-040",))
    do(g, "Cast Aegis", "Choose your Filler 0")
    resolve_stack(g)
    do(g, "Cast Bolt", "Choose your Filler 0")
    resolve_stack(g)
    slot = slot_of(g, "U-040")
    assert int(g.state[S.DMG + slot * S.CARD_W]) == 9000
    do(g, "Cast Doom", "Choose your Filler 0")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.FIELD


def test_cannot_be_broken_by_opposing_effects_that_deal_no_damage(mini):
    # the opponent's Doom (a break) does nothing; damage still breaks it (CR 12.4.5)
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-002", "U-003"], theirs=("U-004",))
    slot = slot_of(g, "U-004", player=1)
    do(g, "Cast Doom", "Choose opponent's Stalwart")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.FIELD
    do(g, "Cast Bolt", "Choose opponent's Stalwart")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.BREAK


def test_its_controllers_own_break_breaks_it(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-002"], mine=("U-004",))
    slot = slot_of(g, "U-004")
    do(g, "Cast Doom", "Choose your Stalwart")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.BREAK


@pytest.mark.parametrize("sneak", [False, True])
def test_cannot_be_blocked_this_turn_CR_10_1_3_1(mini, sneak):
    # "It cannot be blocked this turn." (RESTRICT_UNBLOCKABLE, battle.may_block_attacker): the opponent's active
    # Forward is offered no block
    from tests.fftcg.fftcg_helpers import do, is_legal, pass_until

    g = _game(mini, ["U-005"], mine=("U-041",), theirs=("U-040",))
    if sneak:
        do(g, "Cast Sneak", "Choose your Filler 1")
        resolve_stack(g)
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Filler 1")
    for _ in range(20):
        if g.decision == K.Decision.DECLARE_BLOCK or g.decision == K.Decision.DECLARE_ATTACK:
            break
        g.step(K.PASS)
    if sneak:
        assert g.decision != K.Decision.DECLARE_BLOCK or not is_legal(g, "Block with")
    else:
        assert g.decision == K.Decision.DECLARE_BLOCK and is_legal(g, "Block with Filler 0")


def test_damage_and_more_damage_for_each_is_one_amount(mini):
    # "Deal it 2000 damage and 1000 more damage for each Backup you control." (Op.DAMAGE a1: the base)
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-006"], theirs=("U-040",))
    do(g, "Cast Jolt", "Choose opponent's Filler 0")
    resolve_stack(g)
    # 2000 + 3 x 1000 = 5000: the Filler (5000 power) is broken
    assert int(g.state[S.ZONE + slot_of(g, "U-040", K.Zone.BREAK, player=1) * S.CARD_W]) == K.Zone.BREAK


@pytest.mark.parametrize("cards, broken", [(2, False), (4, True)])
def test_damage_for_each_card_in_the_opponents_hand(mini, cards, broken):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-007"], their_hand=["U-041"] * cards)
    assert int(g.state[S.HAND_N + 1]) == cards
    do(g, "Cast Taunt", "Choose opponent's Filler 0")
    resolve_stack(g)
    zone = K.Zone.BREAK if broken else K.Zone.FIELD
    slot = slot_of(g, "U-040", zone, player=1)
    if not broken:
        assert int(g.state[S.DMG + slot * S.CARD_W]) == 1000 + 1000 * cards


@pytest.mark.parametrize("use", [False, True])
def test_choose_then_you_may_deal_it_damage_CR_11_8_14(mini, use):
    # "choose 1 Forward. You may deal it 3000 damage.": the target chosen as the ability goes on the stack, the
    # "you may" asked on resolution
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-008"], theirs=("U-040",))
    do(g, "Play Lancer")
    _pay(g)
    for _ in range(20):
        if g.decision == K.Decision.CHOOSE_TARGET:
            do(g, "Choose opponent's Filler 0")
        elif g.decision == K.Decision.OPTIONAL_EFFECT:
            g.step(find_yes(g) if use else K.PASS)
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        else:
            g.step(K.PASS)
    assert int(g.state[S.DMG + slot_of(g, "U-040", player=1) * S.CARD_W]) == (3000 if use else 0)


def find_yes(g):
    return next(int(a) for a in g.legal_actions() if int(a) != K.PASS)


def test_only_during_your_main_phase(mini):
    # "You can only use this ability during your Main Phase." (Condition.YOUR_MAIN_PHASE): not in the Attack Phase
    # of the same turn (where "during your turn" would allow it)
    from tests.fftcg.fftcg_helpers import do, is_legal

    g = _game(mini, [], mine=("U-009", "U-041"), theirs=())
    assert is_legal(g, "Use ability: Drill")
    attacked = False
    for _ in range(30):
        if g.decision == K.Decision.PRIORITY and int(g.state[S.PHASE]) == K.Phase.ATTACK \
                and int(g.state[S.PRIORITY_PLAYER]) == 0:
            break
        if g.decision == K.Decision.DECLARE_ATTACK and not attacked:
            do(g, "Attack with Filler 1")
            attacked = True
        else:
            g.step(K.PASS)
    assert int(g.state[S.PHASE]) == K.Phase.ATTACK and int(g.state[S.PRIORITY_PLAYER]) == 0
    assert not is_legal(g, "Use ability: Drill")


def test_the_cards_you_control_cannot_be_chosen_by_opposing_summons_CR_11_3_3(mini):
    # Veil: "The [Job Dancer] and [Card Name Veil] you control cannot be chosen by your opponent's Summons."
    # (Op.AURA_UNCHOOSABLE): the opponent's Veil and Dancer are not legal targets of my Doom; the Filler is
    from tests.fftcg.fftcg_helpers import do, is_legal

    g = _game(mini, ["U-002"], theirs=("U-010", "U-011", "U-040"))
    do(g, "Cast Doom")
    assert not is_legal(g, "Choose opponent's Veil") and not is_legal(g, "Choose opponent's Twirl")
    assert is_legal(g, "Choose opponent's Filler 0")
    # my own Veil does not protect the opponent's cards, and my own Summon may choose my Dancer
    g = _game(mini, ["U-002"], mine=("U-010", "U-011"), theirs=("U-011",))
    do(g, "Cast Doom")
    assert is_legal(g, "Choose your Twirl") and is_legal(g, "Choose opponent's Twirl")


def test_damage_equal_to_the_cards_power(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, [], mine=("U-012",), theirs=("U-040",))
    do(g, "Use ability: Ciaran", "Choose opponent's Filler 0")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot_of(g, "U-040", K.Zone.BREAK, player=1) * S.CARD_W]) == K.Zone.BREAK


def _options(g):
    return [int(a) - K.OPTION_BASE for a in g.legal_actions() if int(a) != K.PASS]


def test_look_at_the_top_cards_take_one_and_order_the_others_to_the_bottom(mini):
    # Op.LOOK_TOP: the Forward among the top 3 must be taken (no "up to": no pass); the other two go to the bottom
    # in the order the player chooses, one at a time (the first chosen ends above the second)
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)))
    sc.field(0, ["U-013"])
    below = sc.put(0, "U-044", K.Zone.DECK)
    c = sc.put(0, "U-023", K.Zone.DECK)
    fwd = sc.put(0, "U-041", K.Zone.DECK)
    a = sc.put(0, "U-024", K.Zone.DECK)  # the top
    g = sc.game()
    n = int(g.state[S.DECK_N])
    do(g, "Use ability: Seer")
    for _ in range(10):
        if g.decision == K.Decision.SELECT_CARD:
            break
        g.step(K.PASS)
    assert g.decision == K.Decision.SELECT_CARD and K.PASS not in [int(x) for x in g.legal_actions()]
    assert _options(g) == [0] and int(g.state[S.CAND]) == fwd and int(g.state[S.CAND_N]) == 3  # all 3 shown
    g.step(K.OPTION_BASE)
    assert int(g.state[S.ZONE + fwd * S.CARD_W]) == K.Zone.HAND
    assert g.decision == K.Decision.SELECT_CARD and sorted(_options(g)) == [0, 1]
    first = int(g.state[S.CAND + 1])
    assert first == c
    g.step(K.OPTION_BASE + 1)  # c to the bottom first, then a (the last one, without a question)
    resolve_stack(g)
    row = g.state
    assert int(row[S.DECK_N]) == n - 1
    assert [int(row[S.DECK_L + 0]), int(row[S.DECK_L + 1])] == [a, c]
    assert int(row[S.DECK_L + n - 2]) == below  # the card under the three is the top now


@pytest.mark.parametrize("take", [False, True])
def test_reveal_take_up_to_one_and_the_rest_to_the_break_zone(mini, take):
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)))
    sc.field(0, ["U-014"])
    fwd = sc.put(0, "U-041", K.Zone.DECK)
    bk = sc.put(0, "U-023", K.Zone.DECK)
    g = sc.game()
    do(g, "Use ability: Sifter")
    for _ in range(10):
        if g.decision == K.Decision.SELECT_CARD:
            break
        g.step(K.PASS)
    assert K.PASS in [int(x) for x in g.legal_actions()] and _options(g) == [0]  # "up to": none may be taken
    # "Reveal the top 2 cards": the opponent sees both, while the choice is pending and after
    ids = sorted(int(g.state[S.CARD + sl * S.CARD_W]) for sl in (fwd, bk))
    assert sorted(revealed_in_observation(g, 1)[1]) == ids
    g.step(K.OPTION_BASE if take else K.PASS)
    resolve_stack(g)
    assert int(g.state[S.ZONE + bk * S.CARD_W]) == (K.Zone.HAND if take else K.Zone.BREAK)
    assert int(g.state[S.ZONE + fwd * S.CARD_W]) == K.Zone.BREAK


@pytest.mark.parametrize("bottom", [False, True])
def test_look_at_the_top_card_and_maybe_place_it_at_the_bottom(mini, bottom):
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)))
    sc.field(0, ["U-015"])
    top = sc.put(0, "U-041", K.Zone.DECK)
    g = sc.game()
    n = int(g.state[S.DECK_N])
    do(g, "Use ability: Gazer")
    for _ in range(10):
        if g.decision == K.Decision.SELECT_CARD:
            break
        g.step(K.PASS)
    assert K.PASS in [int(x) for x in g.legal_actions()] and _options(g) == [0]
    g.step(K.OPTION_BASE if bottom else K.PASS)
    resolve_stack(g)
    assert int(g.state[S.DECK_N]) == n
    assert int(g.state[S.DECK_L + (0 if bottom else n - 1)]) == top


@pytest.mark.parametrize("party", [False, True])
def test_forms_a_party_and_attacks_CR_15_1_1_9(mini, party):
    # "When Duo forms a party and attacks, draw 1 card." (Trigger.PARTY_ATTACKS_SELF): only when it attacks with
    # another Forward
    from tests.fftcg.fftcg_helpers import do, pass_until

    g = _game(mini, [], mine=("U-016", "U-041"), theirs=())
    hand = int(g.state[S.HAND_N])
    g.step(K.PASS)
    g.step(K.PASS)
    pass_until(g, K.Decision.DECLARE_ATTACK)
    do(g, "Attack with Duo")
    if party:
        do(g, "Add Filler 1 to the party")
    for _ in range(30):
        if g.decision == K.Decision.ADD_TO_PARTY:
            g.step(K.PASS)
        elif g.decision == K.Decision.DECLARE_ATTACK or int(g.state[S.PHASE]) != K.Phase.ATTACK:
            break
        else:
            g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == hand + (1 if party else 0)


def test_will_not_activate_during_your_next_active_phase_is_freeze_CR_15_2_4_2(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, [], mine=("U-017",))
    do(g, "Use ability: Slugger", "Choose opponent's Filler 0")
    resolve_stack(g)
    assert int(g.state[S.FROZEN + slot_of(g, "U-017") * S.CARD_W]) == 1


def test_for_each_it_gains_power(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-018"])
    do(g, "Cast Rally", "Choose opponent's Filler 0")
    resolve_stack(g)
    assert int(g.state[S.D_POWER + slot_of(g, "U-040", player=1) * S.CARD_W]) == 5000 + 3000


def test_removed_from_the_game_instead_of_the_break_zone_CR_11_12_5(mini):
    # "If it is put from the field into the Break Zone this turn, remove it from the game instead.": broken by the
    # damage (CR 12.4.5), it goes to the Removed zone; later this turn too (Doom)
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-019"], theirs=("U-040",))
    slot = slot_of(g, "U-040", player=1)
    do(g, "Cast Erase", "Choose opponent's Filler 0")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.REMOVED
    assert int(g.state[S.BREAK_N + 1]) == 0


@pytest.mark.parametrize("clerks, zone", [(("U-020", "U-021"), K.Zone.FIELD), (("U-020", "U-021", "U-022"),
                                                                              K.Zone.BREAK)])
def test_group_damage_instead(mini, clerks, zone):
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)))
    sc.field(0, list(clerks))
    sc.field(1, ["U-040"])
    sc.hand(0, ["U-030"])
    g = sc.game()
    slot = slot_of(g, "U-040", player=1)
    do(g, "Cast Gust")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == zone
    if zone == K.Zone.FIELD:
        assert int(g.state[S.DMG + slot * S.CARD_W]) == 1000


@pytest.mark.parametrize("more, drawn", [((), 1), (("U-023",), 3)])
def test_draw_instead(mini, more, drawn):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-031"], mine=more)
    hand = int(g.state[S.HAND_N])
    do(g, "Cast Insight")
    resolve_stack(g)
    assert int(g.state[S.HAND_N]) == hand - 1 + drawn


@pytest.mark.parametrize("card, name, bottom", [("U-032", "Bury", True), ("U-033", "Topple", False)])
def test_put_on_top_or_at_the_bottom_of_its_owners_deck(mini, card, name, bottom):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, [card], theirs=("U-040",))
    slot = slot_of(g, "U-040", player=1)
    n = int(g.state[S.DECK_N + 1])
    do(g, f"Cast {name}", "Choose opponent's Filler 0")
    resolve_stack(g)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.DECK and int(g.state[S.DECK_N + 1]) == n + 1
    assert int(g.state[S.DECK_L + K.MAX_DECK + (0 if bottom else n)]) == slot


def test_search_and_put_it_into_the_break_zone(mini):
    from tests.fftcg.fftcg_helpers import do

    g = _game(mini, ["U-034"])
    breaks = int(g.state[S.BREAK_N])
    do(g, "Play Eiko")
    for _ in range(20):
        if g.decision == K.Decision.SELECT_CARD:
            g.step(K.OPTION_BASE)
        elif g.decision == K.Decision.OPTIONAL_EFFECT:
            g.step(find_yes(g))
        elif g.decision == K.Decision.PAY_CP:
            g.step(backup_payment(g))
        elif g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0:
            break
        else:
            g.step(K.PASS)
    assert int(g.state[S.BREAK_N]) == breaks + 1
    top = int(g.state[S.BREAK_L + int(g.state[S.BREAK_N]) - 1])
    assert g.pool.cards[int(g.state[S.CARD + top * S.CARD_W]), K.C_TYPE] == K.CardType.SUMMON


def _payment_game(mini, backups, hand):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)))
    sc.field(0, list(backups))
    sc.field(1, ["U-040"])
    sc.hand(0, list(hand))
    return sc.game()


@pytest.mark.parametrize("backups, castable", [(("U-020", "U-037", "U-038"), False), (("U-020", "U-021", "U-037"), True)])
def test_only_pay_with_the_elements_cp_CR_11_2(mini, backups, castable):
    # "You can only pay with Fire CP to cast Ward." (Op.PAY_ONLY): one Fire and two Water Backups cannot pay its 2;
    # two Fire Backups can, and the Water Backup is never offered
    from tests.fftcg.fftcg_helpers import do, is_legal

    g = _payment_game(mini, backups, ["U-035"])
    assert is_legal(g, "Cast Ward") == castable
    if castable:
        do(g, "Cast Ward", "Choose opponent's Filler 0")
        water = [i for i in range(int(g.state[S.FIELD_N])) if int(g.state[S.FIELD_L + i]) == slot_of(g, "U-037")]
        assert g.decision == K.Decision.PAY_CP
        assert K.OWN_FIELD_BASE + water[0] not in [int(a) for a in g.legal_actions()]
        resolve_stack(g)
        assert int(g.state[S.DMG + slot_of(g, "U-040", player=1) * S.CARD_W]) == 1000


@pytest.mark.parametrize("backups, playable", [(("U-020",), False), (("U-020", "U-021"), True)])
def test_only_pay_with_cp_produced_by_backups(mini, backups, playable):
    # "You can only pay with CP produced by Backups to cast Rude.": a discard (2 CP) may not pay
    from tests.fftcg.fftcg_helpers import do, is_legal

    g = _payment_game(mini, backups, ["U-036", "U-041"])
    assert is_legal(g, "Play Rude") == playable
    if playable:
        do(g, "Play Rude")
        assert g.decision == K.Decision.PAY_CP
        assert all(int(a) >= K.OWN_FIELD_BASE for a in g.legal_actions())
        resolve_stack(g)
        assert int(g.state[S.ZONE + slot_of(g, "U-036") * S.CARD_W]) == K.Zone.FIELD


def test_when_your_opponent_casts_a_summon(mini):
    # Trigger.OPP_CAST_SUMMON: the opponent's Bolt triggers Lenne (not the caster's own Summons: CAST_SUMMON)
    from tcg_env.games.fftcg.scenario import Scenario
    from tests.fftcg.fftcg_helpers import do

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res), mini_deck(res)), turn_player=1)
    sc.field(1, ["U-020", "U-021", "U-040"])
    sc.field(0, ["U-039"])
    sc.hand(1, ["U-003"])
    g = sc.game()
    do(g, "Cast Bolt", "Choose your Filler 0")
    resolve_stack(g)
    assert int(g.state[S.D_POWER + slot_of(g, "U-039") * S.CARD_W]) == 7000
