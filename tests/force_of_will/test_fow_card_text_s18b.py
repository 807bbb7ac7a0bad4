"""Force of Will card text, session 18 (branch s18-fowb): shapes that are no keyword abilities - a second name (CR
202), magic counters on a card (CR 1022), damage dealt to a player dealt to a card instead (CR 1007, replacement),
plain additions (CR 1406.2a). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["R"], "abilities": abilities, **kw}


def _atk(g, slot):
    from fow_tables import current_values

    return current_values(g.state, g._T, slot)[0]


# ---- CR 202: "This card has "<name>" in addition to its other names." (packed in C_NAME) ------------------------
def test_cr_202_a_second_name_is_a_card_field():
    assert exact('This card has "Made-up Alias" in addition to its other names.').fields == {"also_named": "Made-up Alias"}
    assert exact('This card gains "Made-up Alias" in addition to its other names.', "ruler").fields == {
        "also_named": "Made-up Alias"}
    # "gains": an ability, active where the card's abilities are (CR 902.1a): not on a chant
    assert line('This card gains "Made-up Alias" in addition to its other names.', "chant").verdict is Verdict.UNSUPPORTED
    # "... as long as it is in your hand or graveyard": not compiled
    assert line('This card gains "Made-up Alias" in addition to its other names as long as it is in your graveyard.'
                ).verdict is Verdict.UNSUPPORTED


def _alias_cards():
    return [_card("TXT-001", "Made-up Twin", "Resonator", ['This card has "Made-up Alias" in addition to its other names.'],
                  ATK=100, DEF=100),
            _card("TXT-002", "Made-up Admirer", "Resonator",
                  ['As long as you control "Made-up Alias", this card gains [+200/+200].'], ATK=100, DEF=100)]


def test_cr_202_a_card_with_a_second_name_meets_a_condition_naming_it(tmp_path):
    """'if you control "<name>"' (Condition CONTROL_NAME) is met by a card whose second name it is; the second name
    needs no card printed with it in the list (it is the card's own name, so the lines naming it are kept)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, _alias_cards())
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [(r.name, r.lines) for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (admirer,) = sc.field(0, ["TXT-002"])
    g = sc.game()
    assert _atk(g, admirer) == 100
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    admirer, _twin = sc.field(0, ["TXT-002", "TXT-001"])
    g = sc.game()
    assert _atk(g, admirer) == 300


@pytest.mark.parametrize("verb, found", [("has", True), ("gains", False)])
def test_cr_202_a_filter_naming_the_second_name_matches_the_card(tmp_path, verb, found):
    """"a card named "<name>"" in a search filter (F_NAME) matches the card in the deck by its printed second name
    ("has"), not by one its ability gives ("gains": active in the field only, CR 902.1a)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario
    from tcg_env.games.force_of_will import state as S

    twin_line = f'This card {verb} "Made-up Alias" in addition to its other names.'
    cards = [_card("TXT-001", "Made-up Twin", "Resonator", [twin_line], ATK=100, DEF=100),
             _card("TXT-003", "Made-up Seeker", "Chant", [
        'Search your deck for a card named "Made-up Alias", reveal it and put it into your hand. Then shuffle your deck.'])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (seeker,) = sc.hand(0, ["TXT-003"])
    twin = sc.put(0, "TXT-001", K.Zone.MAIN_DECK)
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + [int(x) for x in Scenario(g).zone(0, "hand")].index(seeker))
    for _ in range(20):
        if int(g.state[S.ZONE + twin * S.CARD_W]) == K.Zone.HAND:
            break
        legal = g.legal_actions().tolist()
        opts = [a for a in legal if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]
        g.step(opts[0] if opts else (K.PASS if K.PASS in legal else legal[0]))
    assert (int(g.state[S.ZONE + twin * S.CARD_W]) == K.Zone.HAND) is found
    assert int(g.state[S.ZONE + seeker * S.CARD_W]) == K.Zone.GRAVEYARD  # resolved


def test_cr_402_3b_deck_construction_counts_a_second_name(tmp_path):
    """At most four cards with the same name (CR 402.3b): three cards named "Made-up Alias" and two with it as their
    second name are five; three and one are four."""
    from tcg_env.cards import DeckError
    from tcg_env.cards.decks import parse_deck_text
    from tcg_env.games.force_of_will.decks import validate_deck

    cards = _alias_cards()[:1] + [_card("TXT-004", "Made-up Alias", "Resonator", [], ATK=100, DEF=100)]
    _res, pool = _imported_pool(tmp_path, cards)
    main = ["FOW1-025", "FOW1-026", "FOW1-027", "FOW1-030", "FOW1-031", "FOW1-048", "FOW1-049", "FOW1-050", "FOW1-054"]

    def deck(twins):
        entries = [("FOW1-003", 1)] + [(n, 4) for n in main] + [("TXT-004", 3), ("TXT-001", twins), ("FOW1-079", 10)]
        return parse_deck_text(pool, "\n".join(f"{n} {num}" for num, n in entries), file="t.txt")

    validate_deck(pool, deck(1))
    with pytest.raises(DeckError, match=r"5 cards named 'Made-up Alias'.*CR 402\.3b"):
        validate_deck(pool, deck(2))


def test_cr_902_1a_a_name_gained_by_a_resonators_ability_is_its_name_in_the_field_only(tmp_path):
    """"This card gains "<name>" in addition to its other names." on a resonator: an ability, active in the field
    (CR 902.1a): 'you control "<name>"' is met by it in the field; a search of the deck for "<name>" does not find
    it (NAME2_IN_FIELD); a ruler's or J-ruler's is always active."""
    from tcg_env.games.force_of_will import constants as K

    assert exact('This card gains "Made-up Alias" in addition to its other names.').fields == {
        "also_named": "Made-up Alias", "also_named_in_field": True}
    cards = [_card("TXT-001", "Made-up Twin", "Resonator", ['This card gains "Made-up Alias" in addition to its other '
                                                            'names.'], ATK=100, DEF=100), _alias_cards()[1]]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    assert pool.cards[pool.index["TXT-001"], K.C_NAME] == pool.name_ids["Made-up Twin"] | K.NAME2_IN_FIELD | (
        pool.name_ids["Made-up Alias"] << K.NAME_BITS)
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    admirer, _twin = sc.field(0, ["TXT-002", "TXT-001"])
    g = sc.game()
    assert _atk(g, admirer) == 300


# ---- CR 1022: magic counters on a magic stone (the card's MANA word) --------------------------------------------
def test_cr_1022_magic_counters_compile_on_a_magic_stone_only():
    r = exact("When this card enters your field => Put two magic counters on this card.", "magic_stone")
    assert r.abilities == [{"kind": "automatic", "trigger": "enter", "effect": [
        {"op": "mana_counter", "count": 2, "on": "self"}]}]
    r = exact("{Rest}, remove a magic counter from this card: Produce {U}.", "magic_stone")
    assert r.abilities == [{"kind": "will", "cost": {"rest": True, "mana": 1}, "effect": [
        {"op": "produce_will", "will": "water"}]}]
    # elsewhere the word holds mana counters (CR 1122: [Mana], "put N mana counters on your J/ruler"): since session 21
    # magic counters there are named counters "magic" (state.NAMED, test_fow_card_text_s21a), a will ability's cost too
    for ctype in ("resonator", "j_ruler", "addition"):
        assert exact("When this card enters your field => Put two magic counters on this card.", ctype).abilities[0][
            "effect"] == [{"op": "target_self"}, {"op": "counter", "count": 2, "name": "magic"}]
        assert exact("{Rest}, remove a magic counter from this card: Produce {U}.", ctype).abilities[0]["cost"] == {
            "rest": True, "counters": 1, "counter_name": "magic", "counters_from": "this_card"}


def test_cr_1022_a_called_stone_gets_two_magic_counters_and_pays_its_will_ability_with_one(tmp_path):
    """The stone is called (CR 710.1): its enter ability puts two magic counters on it (CR 1022.1); the will ability
    "{Rest}, remove a magic counter from this card: Produce {U}." removes one (a cost, CR 903.2j) and produces {U}
    at once (CR 907.3); a copy of the stone put into the field without counters cannot play it."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    stone = {"id": "TXT-001", "name": "Made-up Counter Stone", "type": ["Special Magic Stone", "Magic Stone"],
             "cost": None, "colour": ["V"], "abilities": [
                 "{Rest}: Produce {R}.", "{Rest}, remove a magic counter from this card: Produce {U}.",
                 "When this card enters your field => Put two magic counters on this card."]}
    res, pool = _imported_pool(tmp_path, [stone])
    assert res.text_records[0].verdict is Verdict.EXACT, res.text_records[0].lines
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    bare = sc.put(0, "TXT-001", "field")
    called = sc.put(0, "TXT-001", "stone_deck", top=True)
    g = sc.game()
    field = [int(x) for x in Scenario(g).zone(0, "field")]
    assert K.ACTIVATE_BASE + field.index(bare) * K.ABILITIES_PER_CARD not in g.legal_actions().tolist()
    g.step(K.CALL_STONE)
    _drive(g, lambda g: int(g.state[S.MANA + called * S.CARD_W]) == 2)
    assert int(g.state[S.ZONE + called * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.MANA + called * S.CARD_W]) == 2
    field = [int(x) for x in Scenario(g).zone(0, "field")]
    use = K.ACTIVATE_BASE + field.index(called) * K.ABILITIES_PER_CARD
    assert use in g.legal_actions().tolist()
    water = int(g.state[S.WILL + K.Attribute.WATER])
    g.step(use)
    assert int(g.state[S.MANA + called * S.CARD_W]) == 1 and int(g.state[S.RESTED + called * S.CARD_W]) == 1
    assert int(g.state[S.WILL + K.Attribute.WATER]) == water + 1


# ---- CR 910 / 1007: "If damage would be dealt to you, it's dealt to this card instead." (Op.REDIRECT_DAMAGE) -----
def test_cr_910_damage_to_you_dealt_to_this_card_compiles_on_a_j_resonator_only():
    r = exact("If damage would be dealt to you, it's dealt to this card instead.")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "redirect_damage"}]}]
    # CR 1007.4: a card without DEF is dealt no damage
    assert line("If damage would be dealt to you, it's dealt to this card instead.", "addition").verdict \
        is Verdict.UNSUPPORTED


@pytest.mark.parametrize("guard_side", [1, 0])
def test_cr_910_1_damage_to_the_player_is_dealt_to_the_card_instead(tmp_path, guard_side):
    """Player 0's chant deals 300 damage to its opponent: with the guard in player 1's field, player 1's life stays and
    the guard is dealt the 300 (CR 910.1, 1007.1); with the guard in player 0's own field, player 1 loses 300."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    cards = [_card("TXT-001", "Made-up Bodyguard", "Resonator",
                   ["If damage would be dealt to you, it's dealt to this card instead."], ATK=100, DEF=1000),
             _card("TXT-002", "Made-up Spark", "Chant", ["This card deals 300 damage to your opponent."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.lines for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (guard,) = sc.field(guard_side, ["TXT-001"])
    (spark,) = sc.hand(0, ["TXT-002"])
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    life = int(g.state[S.LIFE + 1])
    g.step(K.PLAY_HAND_BASE + [int(x) for x in Scenario(g).zone(0, "hand")].index(spark))
    _drive(g, lambda g: int(g.state[S.ZONE + spark * S.CARD_W]) == K.Zone.GRAVEYARD)
    assert int(g.state[S.ZONE + spark * S.CARD_W]) == K.Zone.GRAVEYARD
    if guard_side == 1:
        assert int(g.state[S.LIFE + 1]) == life and int(g.state[S.DAMAGE + guard * S.CARD_W]) == 300
    else:
        assert int(g.state[S.LIFE + 1]) == life - 300 and int(g.state[S.DAMAGE + guard * S.CARD_W]) == 0


# ---- CR 1406.2a: a new addition (no subtype) needs a target only where its text says so -------------------------
def test_cr_1406_2a_a_plain_addition_is_added_to_a_card_only_by_its_as_you_play_text(tmp_path):
    """'Addition' without a subtype: a field addition (CR 1406.2a: only [Addition: X] needs a target), even where its
    text names "that added J/resonator" of another addition; with "As you play this card, target a J/resonator ...
    added to the chosen target" it is added to a J/resonator (C_ADDITION)."""
    from tcg_env.games.force_of_will import constants as K

    cards = [_card("TXT-001", "Made-up Arsenal", "Addition", [
                 "Whenever an addition is added to a J/resonator => Draw a card. That added J/resonator gains [Barrier] "
                 "until end of turn."]),
             _card("TXT-002", "Made-up Blade", "Addition", [
                 "As you play this card, target a J/resonator. This card enters the field added to the chosen target.",
                 "Added J/resonator gains [+200/+200]."]),
             _card("TXT-003", "Made-up Ribbon", "Addition", [
                 "As you play this card, target a resonator. This card enters the field added to the chosen target.",
                 "Added resonator gains [+200/+200]."])]
    _res, pool = _imported_pool(tmp_path, cards)
    assert pool.cards[pool.index["TXT-001"], K.C_ADDITION] == K.AdditionTarget.FIELD
    assert pool.cards[pool.index["TXT-002"], K.C_ADDITION] == K.AdditionTarget.J_RESONATOR
    assert pool.cards[pool.index["TXT-003"], K.C_ADDITION] == K.AdditionTarget.RESONATOR


# ---- CR 1126.2 / 902.2: "<will>, discard this card: <effect>" is what [Inheritance] means -------------------------
def test_cr_1126_2_will_and_discard_this_card_is_compiled_as_inheritance():
    r = exact("{U}, discard this card: Draw a card.")
    assert r.abilities == [{"kind": "activate", "cost": {"will": "{U}", "inheritance": True},
                            "effect": [{"op": "draw", "count": 1}]}]
    assert r.abilities == exact("[Inheritance] {U}: Draw a card.").abilities
    # another cost beside the will (a rest: the card would be in the field and the hand at once) is not compiled
    assert line("{Rest}, discard this card: Draw a card.").verdict is Verdict.UNSUPPORTED
    assert line("{U}, discard this card: Draw a card.", "magic_stone").verdict is Verdict.UNSUPPORTED


def test_cr_902_2_discard_this_card_is_played_from_the_hand(tmp_path):
    """The ability is active in the hand (CR 902.2: its cost discards the card from the hand, CR 1019.1): SELECT i at
    priority pays {U}, discards the card and resolves (a card drawn); the copy in the field has no action."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Tidecaller", "Resonator", ["{U}, discard this card: Draw a card."],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (caller,) = sc.hand(0, ["TXT-001"])
    sc.put(0, "TXT-001", "field")
    sc.will(0, K.Attribute.WATER, 1)
    g = sc.game()
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    legal = g.legal_actions().tolist()
    assert not [a for a in legal if K.ACTIVATE_BASE <= a < K.RULER_ACTIVATE_BASE]
    g.step(K.SELECT_HAND_BASE + hand.index(caller))
    assert int(g.state[S.ZONE + caller * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.WILL + K.Attribute.WATER]) == 0
    for _ in range(4):
        if int(g.state[S.CHASE_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == len(hand)  # discarded one, drew one


# ---- "If you already control two or more magic stones that share a name with this card, ... enters rested" --------
@pytest.mark.parametrize("already, rested", [(2, 1), (1, 0)])
def test_cr_202_a_stone_enters_rested_when_two_of_its_name_are_already_there(tmp_path, already, rested):
    """Called (CR 710.1) with ``already`` stones of its name in its controller's field: rested with two (the card
    field enters_rested_shared, zones.stones_sharing_name), recovered with one."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("If you already control two or more magic stones that share a name with this card, this card enters "
                 "the field rested.", "magic_stone").fields == {"enters_rested_shared": True}
    assert line("If you already control two or more magic stones that share a name with this card, this card enters "
                "the field rested.").verdict is Verdict.UNSUPPORTED
    stone = {"id": "TXT-001", "name": "Made-up Tablet", "type": ["Special Magic Stone", "Magic Stone"],
             "cost": None, "colour": ["V"], "abilities": [
                 "If you already control two or more magic stones that share a name with this card, this card enters "
                 "the field rested.", "{Rest}: Produce {U}."]}
    res, pool = _imported_pool(tmp_path, [stone])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(0, ["TXT-001"] * already)
    sc.field(1, ["TXT-001"] * 2)  # the opponent's do not count ("you control")
    called = sc.put(0, "TXT-001", "stone_deck", top=True)
    g = sc.game()
    g.step(K.CALL_STONE)
    assert int(g.state[S.ZONE + called * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.RESTED + called * S.CARD_W]) == rested


# ---- CR 705.3a: a J-ruler enters the field by judgment ("When a J-ruler enters your field") ----------------------
def test_cr_705_3a_a_j_ruler_entering_by_judgment_triggers_a_j_ruler_enters_your_field(tmp_path):
    """"When a J-Ruler enters your field, you gain 500 life." on a resonator in player 0's field: player 0's judgment
    resolves (the J-ruler enters the field, CR 705.3a; OTHER_ENTERS) and the ability gives 500 life."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    assert exact("When a J-Ruler enters your field, you gain 500 life.").abilities == [{
        "kind": "automatic", "trigger": "other_enters", "trigger_filter": {"type": ["j_ruler"], "side": "own"},
        "effect": [{"op": "gain_life", "amount": 500}]}]
    # "a resonator": the card itself would match (OTHER_ENTERS never watches it): not compiled
    assert line("Whenever a resonator enters your field => Draw a card.").verdict is Verdict.UNSUPPORTED
    cards = [_card("TXT-001", "Made-up Herald", "Resonator", ["When a J-Ruler enters your field, you gain 500 life."],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(0, ["TXT-001"])
    for a in range(5):
        sc.will(0, a, 5)
    g = sc.game()
    assert K.JUDGMENT in g.legal_actions().tolist()
    life = int(g.state[S.LIFE])
    g.step(K.JUDGMENT)
    _drive(g, lambda g: int(g.state[S.LIFE]) > life)
    assert int(g.state[S.LIFE]) == life + 500
    assert g.pool.models[int(g.state[S.CARD + 0 * S.CARD_W])].type == "j_ruler"


# ---- CR 803.3b: "This card cannot attack your opponent." (RESTRICT_CANT_ATTACK_PLAYER) ---------------------------
@pytest.mark.parametrize("target", [False, True])
def test_cr_803_3b_a_card_that_cannot_attack_your_opponent_attacks_only_a_j_resonator(tmp_path, target):
    """Without a rested J/resonator of the opponent's the card is no attacker; with one it attacks, and the opponent
    is not among its attacked objects (ATTACK_PLAYER is not legal), the rested resonator is."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("This card cannot attack your opponent.").abilities == [{"kind": "continuous", "effect": [
        {"op": "aura_restrict", "restrictions": ["cant_attack_player"], "filter": {"self_only": True}}]}]
    cards = [_card("TXT-001", "Made-up Cultist", "Resonator", ["This card cannot attack your opponent."],
                   ATK=500, DEF=500),
             _card("TXT-002", "Made-up Pup", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    cultist = sc.put(0, "TXT-001", "field")
    pup = sc.put(1, "TXT-002", "field", rested=target)
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(20):
        if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
            break
        g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.ATTACKER
    declare = K.OWN_FIELD_BASE + sc.zone(0, "field").index(cultist)
    assert (declare in g.legal_actions().tolist()) is target
    if target:
        g.step(declare)
        assert int(g.state[H_DECISION]) == K.Decision.ATTACKED
        legal = set(g.legal_actions().tolist())
        assert K.ATTACK_PLAYER not in legal and K.OPP_FIELD_BASE + sc.zone(1, "field").index(pup) in legal


# ---- "Play this card only if your J/ruler is "<A>" or "<B>"." on a rune (CR 711.2: played from the rune area) ------
@pytest.mark.parametrize("named, playable", [("ruler", True), ("other", False)])
def test_cr_711_2_a_runes_play_condition_is_read_as_it_is_played_from_the_rune_area(named, playable):
    """The rune "Tide Rune" of fow_tables.rune_pool with the play condition RULER_NAMED (C_PLAY_COND): with the name
    of the player's ruler ("Rune Ruler") it may be played, with another name not (play.rune_playable)."""
    import fow_tables
    from fow_tables import W, rune_row
    from helpers import turn_player, Z
    from tcg_env.games.force_of_will import constants as K

    r = line('Play this card only if your J/ruler is "Made-up Seer" or "Made-up Oracle".', "rune")
    assert r.verdict is Verdict.EXACT and r.fields == {"play_condition": {
        "kind": "ruler_named", "value": "Made-up Seer", "names": ["Made-up Oracle"]}}
    P = fow_tables.rune_pool()
    tide = P.ids["Tide Rune"]
    name = P.cards[P.ids["Rune Ruler"]][K.C_NAME] if named == "ruler" else P.cards[P.ids["Flame Ruler"]][K.C_NAME]
    P.cards[tide][K.C_PLAY_COND] = int(K.Condition.RULER_NAMED)
    P.cards[tide][K.C_PLAY_COND_ARG] = int(name)  # one name: B = -1, (B + 1) << RULER_NAME_BITS = 0
    row = rune_row(P)
    tp = turn_player(row)
    row.give_will(tp, W)
    a = K.PLAY_RUNE_BASE + row.names(Z.RUNE_AREA, tp).index("Tide Rune")
    assert (a in row.legal()) is playable


# ---- "{Rest}: Produce {2}. Play this ability only if you control "<A>" and "<B>"." (Condition.CONTROL_NAMES) -------
@pytest.mark.parametrize("both", [True, False])
def test_cr_907_produce_two_void_will_only_if_you_control_both_names(tmp_path, both):
    """{2} is two void will (CR 907: {1} is a void will); the will ability is played only while its controller controls
    a card of each name (CR 905: "play this ability only if ...")."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    text = '{Rest}: Produce {2}. Play this ability only if you control "Made-up HQ" and "Made-up Ministry".'
    assert exact(text, "addition").abilities == [{"kind": "will", "cost": {"rest": True}, "effect": [
        {"op": "produce_will", "will": "void", "count": 2}], "condition": {
            "kind": "control_names", "value": "Made-up HQ", "names": ["Made-up Ministry"]}}]
    cards = [_card("TXT-001", "Made-up Office", "Addition", [text]),
             _card("TXT-002", "Made-up HQ", "Addition", []), _card("TXT-003", "Made-up Ministry", "Addition", [])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    office, _hq = sc.field(0, ["TXT-001", "TXT-002"])
    sc.field(0 if both else 1, ["TXT-003"])
    g = sc.game()
    use = K.ACTIVATE_BASE + [int(x) for x in Scenario(g).zone(0, "field")].index(office) * K.ABILITIES_PER_CARD
    assert (use in g.legal_actions().tolist()) is both
    if both:
        g.step(use)
        assert int(g.state[S.WILL + K.WILL_VOID]) == 2
