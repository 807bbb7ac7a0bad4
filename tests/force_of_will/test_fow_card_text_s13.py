"""Force of Will card text, session 13 pieces: will abilities choosing among the five attributes and
producing several wills (CR 907), continuous damage prevention (CR 910, 1018). Lines are made up in the
game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _res(i, abilities, atk=200, defense=200, cost="{R}"):
    return {"id": f"TXT-00{i}", "name": f"Made-up Card {i}", "type": ["Resonator"], "cost": cost, "colour": ["R"],
            "ATK": atk, "DEF": defense, "abilities": abilities}


def _will(g, p, attr):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    return int(g.state[S.WILL + p * K.N_WILL + int(attr)])


# ---- will abilities (CR 907) -----------------------------------------------------------------------
def test_cr_907_produce_one_will_of_any_attribute_is_one_will_ability_with_a_choice():
    for text in ("{Rest}: Produce one will of any attribute.", "{Rest}: Produce {W}, {R}, {U}, {G}, or {B}."):
        r = exact(text)
        (ab,) = r.abilities
        assert ab["kind"] == "will" and ab["effect"][0]["op"] == "select_mode"
        assert [m[0]["will"] for m in ab["effect"][0]["modes"]] == ["light", "fire", "water", "wind", "darkness"]
    # two choices stay two will abilities; a magic stone's will field holds at most two (CR 907): more choices on a
    # magic stone are a will ability as on any card (session 17)
    assert len(exact("{Rest}: Produce {W} or {B}.").abilities) == 2
    assert exact("{Rest}: Produce {W} or {B}.", "magic_stone").fields == {"will": ["light", "darkness"]}
    assert exact("{Rest}: Produce one will of any attribute.", "magic_stone").abilities[0]["kind"] == "will"
    r = exact("{Rest}: Produce {G}{G}.")
    assert r.abilities == [{"kind": "will", "cost": {"rest": True},
                            "effect": [{"op": "produce_will", "will": "wind", "count": 2}]}]
    r = exact("Banish this card: Produce {U}{G}.")
    assert [(op["will"], op["count"]) for op in r.abilities[0]["effect"]] == [("water", 1), ("wind", 1)]


def test_cr_907_3_any_attribute_will_ability_asks_the_will_and_puts_it_in_the_pool(tmp_path):
    """"{Rest}: Produce one will of any attribute.": played, the card rests, its controller chooses one of the
    five attributes (CHOOSE_MODE, no chase: CR 907.3) and that will is in its pool (CR 907.4); priority stays."""
    from tcg_env.engine.header import H_DECISION, H_DECIDER
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_res(1, ["{Rest}: Produce one will of any attribute."]),
                                          _res(2, ["{Rest}: Produce {R}{R}."])])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT, Verdict.EXACT]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    a, b = sc.field(0, ["TXT-001", "TXT-002"])
    g = sc.game()
    before = [_will(g, 0, k) for k in K.Attribute]
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(a) * K.ABILITIES_PER_CARD)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE and int(g.state[H_DECIDER]) == 0
    assert int(g.state[S.RESTED + a * S.CARD_W]) == 1
    legal = g.legal_actions().tolist()
    assert [K.OPTION_BASE + k in legal for k in range(5)] == [True] * 5
    g.step(K.OPTION_BASE + 2)  # water
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0
    after = [_will(g, 0, k) for k in K.Attribute]
    assert after[int(K.Attribute.WATER)] == before[int(K.Attribute.WATER)] + 1
    assert sum(after) == sum(before) + 1
    # "{Rest}: Produce {R}{R}.": two fire wills at once
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(b) * K.ABILITIES_PER_CARD)
    assert _will(g, 0, K.Attribute.FIRE) == after[int(K.Attribute.FIRE)] + 2
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY


# ---- continuous prevention (CR 1018, 910) ------------------------------------------------------------
def test_cr_1018_continuous_prevention_lines_compile_to_prevent_damage():
    r = exact("If this card would be dealt 700 or less damage, prevent it.")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "prevent_damage", "amount": 700, "at_most": True,
                                                              "filter": {"self_only": True}}]}]
    r = exact("Prevent all damage that would be dealt to this card during your opponent's turn.")
    assert r.abilities[0]["condition"] == {"kind": "opponents_turn"}
    assert r.abilities[0]["effect"][0]["amount"] == "all"
    r = exact("[Continuous]: If damage would be dealt to the resonator with this, prevent 500 of it.", "addition",
              addition="resonator")
    assert r.abilities[0]["effect"] == [{"op": "prevent_damage", "amount": 500,
                                         "filter": {"added_to": True, "type": ["resonator"]}}]
    # a chant's "prevent all damage ..." lasts only with "this turn" (a one-time effect's shield, CR 908)
    assert line("Prevent all damage that would be dealt to target resonator.", "chant").verdict is Verdict.UNSUPPORTED
    # the source of the damage is read since session 19 ("... by fire resonators": test_fow_card_text_s19b.py)
    assert line("Prevent all damage that would be dealt to this card by fire resonators.").verdict is Verdict.EXACT


def _damage_game(tmp_path, protected_text, damages):
    """Player 0's made-up chants "Deal N damage to target resonator." (one per amount), player 1's resonator
    (DEF 2000) with ``protected_text``; returns the pool's scenario pieces."""
    chants = [{"id": f"TXT-1{i}", "name": f"Made-up Bolt {i}", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
               "abilities": [f"Deal {n} damage to target resonator."]} for i, n in enumerate(damages)]
    res, pool = _imported_pool(tmp_path, [_res(1, [protected_text], 200, 2000)] + chants)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    return pool


def _bolt(g, sc, hand_index, card):
    """Play player 0's hand chant ``hand_index`` (a fire will in the pool), its target chosen, and pass until it
    resolved."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g.step(K.PLAY_HAND_BASE + hand_index)
    for _ in range(12):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            return
        legal = g.legal_actions().tolist()
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            g.step([a for a in legal if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS][0])
        else:
            g.step(K.PASS)
    raise AssertionError("the chant did not resolve")


def test_cr_1018_if_this_card_would_be_dealt_n_or_less_damage_it_is_prevented(tmp_path):
    """"If this card would be dealt 700 or less damage, prevent it.": 700 damage is not dealt (CR 1018.1b), 800
    damage is dealt in full (the replacement does not apply to it)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _damage_game(tmp_path, "If this card would be dealt 700 or less damage, prevent it.", [700, 800])
    for number, dealt in (("TXT-10", 0), ("TXT-11", 800)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE)
        (card,) = sc.hand(0, [number])
        guard = sc.put(1, "TXT-001", "field")
        g = sc.game()
        _bolt(g, sc, 0, card)
        assert int(g.state[S.DAMAGE + guard * S.CARD_W]) == dealt, number
        assert int(g.state[S.ZONE + guard * S.CARD_W]) == K.Zone.FIELD


def test_cr_1018_prevent_all_damage_during_your_opponents_turn_and_prevent_n_of_it(tmp_path):
    """"Prevent all damage that would be dealt to this card during your opponent's turn.": on its controller's
    opponent's turn no damage is dealt; on its controller's own turn it is. An addition's "If damage would be dealt
    to the resonator with this, prevent 500 of it.": 800 damage to the card it is added to leaves 300 (CR 1018.1a)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _damage_game(tmp_path, "Prevent all damage that would be dealt to this card during your opponent's turn.",
                        [800])
    for owner, dealt in ((1, 0), (0, 800)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE)
        (card,) = sc.hand(0, ["TXT-10"])
        guard = sc.put(owner, "TXT-001", "field")
        g = sc.game()
        _bolt(g, sc, 0, card)
        assert int(g.state[S.DAMAGE + guard * S.CARD_W]) == dealt, owner

    add = {"id": "TXT-020", "name": "Made-up Aegis", "type": ["Addition: Resonator"], "cost": "{R}", "colour": ["R"],
           "abilities": ["[Continuous]: If damage would be dealt to the resonator with this, prevent 500 of it."]}
    bolt = {"id": "TXT-10", "name": "Made-up Bolt", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
            "abilities": ["Deal 800 damage to target resonator."]}
    res, pool = _imported_pool(tmp_path, [_res(1, [], 200, 2000), add, bolt])
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-10"])
    guard = sc.put(1, "TXT-001", "field")
    aegis = sc.put(1, "TXT-020", "field")
    sc.row[S.ATTACHED + aegis * S.CARD_W] = guard
    g = sc.game()
    _bolt(g, sc, 0, card)
    assert int(g.state[S.DAMAGE + guard * S.CARD_W]) == 300


# ---- triggers about another card: "that <card>" (CR 906.7, 804.4, 1007.5) ------------------------------
def test_cr_804_4_blocks_or_is_blocked_by_and_deals_damage_to_compile_with_a_trigger_filter():
    r = exact("Whenever this card blocks or is blocked by a resonator => Put that resonator on the bottom of its "
              "owner's deck.")
    assert [(a["trigger"], a["trigger_filter"], a["effect"][0]) for a in r.abilities] == [
        ("blocks", {"type": ["resonator"]}, {"op": "target_trigger"}),
        ("is_blocked", {"type": ["resonator"]}, {"op": "target_trigger"})]
    # "deals damage to an opponent": with two players, your opponent (CR 1007.2)
    assert exact("Whenever this card deals damage to an opponent, draw a card.").abilities[0]["trigger"] == \
        "deals_damage_to_opponent"
    r = exact("Whenever this card deals damage to a resonator => Destroy that resonator.")
    assert r.abilities[0]["trigger"] == "deals_damage" and r.abilities[0]["effect"] == [{"op": "target_trigger"},
                                                                                        {"op": "destroy"}]
    # "it" is still this card; "that resonator" after a trigger about no other card names nothing compiled
    r = exact("Whenever this card blocks or is blocked => It gains [-300/-300] until end of turn.")
    assert r.abilities[0]["effect"][0] == {"op": "target_self"}
    assert line("When this card attacks => Destroy that resonator.").verdict is Verdict.UNSUPPORTED


def _to_block(g, sc, attacker, blocker):
    """Player 0 attacks player 1 with ``attacker``; player 1 blocks with ``blocker``."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    g.step(K.BATTLE)
    for _ in range(8):
        if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
            break
        g.step(K.PASS)
    g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(attacker))
    g.step(K.ATTACK_PLAYER)
    for _ in range(8):
        if int(g.state[H_DECISION]) == K.Decision.BLOCK:
            break
        g.step(K.PASS)
    g.step(K.OWN_FIELD_BASE + sc.zone(1, "field").index(blocker))


def test_cr_906_7_blocked_by_a_resonator_puts_that_resonator_on_the_bottom_of_its_owners_deck(tmp_path):
    """"Whenever this card blocks or is blocked by a resonator => Put that resonator on the bottom of its owner's
    deck.": the attacker is blocked (CR 804.4), its ability triggers about the blocker, which goes to the bottom of
    player 1's deck; a blocker with [Barrier] too (it is not targeted: only a choose's filter targets, CR 1120.2)."""
    import numpy as np

    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _res(1, ["Whenever this card blocks or is blocked by a resonator => Put that resonator on the bottom of its "
                 "owner's deck."], 500, 500),
        _res(2, [], 100, 1000), _res(3, ["[Barrier]"], 100, 1000)])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 3
    for number in ("TXT-002", "TXT-003"):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        attacker = sc.put(0, "TXT-001", "field")
        blocker = sc.put(1, number, "field")
        g = sc.game()
        _to_block(g, sc, attacker, blocker)
        for _ in range(10):
            if int(g.state[S.ZONE + blocker * S.CARD_W]) != K.Zone.FIELD:
                break
            g.step(K.PASS)
        assert int(g.state[S.ZONE + blocker * S.CARD_W]) == K.Zone.MAIN_DECK, number
        assert zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 1)[0] == blocker  # the bottom
        assert int(g.state[S.ZONE + attacker * S.CARD_W]) == K.Zone.FIELD


def test_cr_1007_5_deals_damage_to_a_resonator_destroys_that_resonator(tmp_path):
    """"Whenever this card deals damage to a resonator => Destroy that resonator.": its battle damage to a blocker
    with DEF left triggers it about the blocker, which is destroyed; its damage to a player does not trigger it."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _res(1, ["Whenever this card deals damage to a resonator => Destroy that resonator."], 100, 500),
        _res(2, [], 100, 1000)])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT, Verdict.EXACT]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    attacker = sc.put(0, "TXT-001", "field")
    blocker = sc.put(1, "TXT-002", "field")
    g = sc.game()
    _to_block(g, sc, attacker, blocker)
    for _ in range(16):
        if int(g.state[S.ZONE + blocker * S.CARD_W]) != K.Zone.FIELD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + blocker * S.CARD_W]) == K.Zone.GRAVEYARD  # 100 damage of 1000 DEF, then destroyed
    assert int(g.state[S.ZONE + attacker * S.CARD_W]) == K.Zone.FIELD


# ---- "when this card leaves the field" (CR 906.7b) ----------------------------------------------------
def test_cr_906_7b_when_this_card_leaves_the_field_triggers_on_a_return_to_the_hand(tmp_path):
    """"When this card leaves the field => You gain 1000 life.": returned to its owner's hand by a chant, the card
    left the field and its ability triggers (its controller as it was in the field gains the life); a J/ruler's
    return to its ruler area is no such line (unsupported on a J/ruler)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("When this card leaves your field for a non-field zone => Draw a card.").abilities[0]["trigger"] == \
        "leaves_field"
    assert [a["trigger"] for a in exact("When this card enters your field or leaves your field for a non-field zone, "
                                        "draw a card.").abilities] == ["enter", "leaves_field"]
    assert line("When this card leaves the field => Draw a card.", "j_ruler").verdict is Verdict.UNSUPPORTED
    bounce = {"id": "TXT-10", "name": "Made-up Undertow", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Return target resonator to its owner's hand."]}
    res, pool = _imported_pool(tmp_path, [_res(1, ["When this card leaves the field => You gain 1000 life."]), bounce])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT, Verdict.EXACT]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-10"])
    keeper = sc.put(1, "TXT-001", "field")
    g = sc.game()
    life0, life1 = int(g.state[S.LIFE]), int(g.state[S.LIFE + 1])
    _bolt(g, sc, 0, card)
    assert int(g.state[S.ZONE + keeper * S.CARD_W]) == K.Zone.HAND
    for _ in range(6):
        if int(g.state[S.LIFE + 1]) != life1:
            break
        g.step(K.PASS)
    assert int(g.state[S.LIFE + 1]) == life1 + 1000 and int(g.state[S.LIFE]) == life0


# ---- replacing the damage a source deals (CR 910, 910.2a) ---------------------------------------------
def test_cr_910_double_damage_to_a_resonator_and_that_much_plus_n(tmp_path):
    """"If this card would deal damage to a resonator, it deals double that much instead.": its 300 battle damage
    to a blocking resonator is 600; "If a fire J/resonator you control would deal damage, it deals that much +100
    instead.": a fire attacker's 300 battle damage to the player is 400 (the card itself is such a J/resonator)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("If this card would deal damage to a J/resonator, it deals double that much instead.")
    assert r.abilities[0]["effect"] == [{"op": "damage_mod", "amount": "double", "source": {"self_only": True},
                                         "filter": {"type": ["j_resonator"]}}]
    res, pool = _imported_pool(tmp_path, [
        _res(1, ["If this card would deal damage to a resonator, it deals double that much instead."], 300, 500),
        _res(2, [], 100, 1000),
        _res(3, ["If a fire J/resonator you control would deal damage, it deals that much +100 instead."], 300, 500)])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 3
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    attacker = sc.put(0, "TXT-001", "field")
    blocker = sc.put(1, "TXT-002", "field")
    g = sc.game()
    _to_block(g, sc, attacker, blocker)
    for _ in range(16):
        if int(g.state[S.DAMAGE + blocker * S.CARD_W]) != 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.DAMAGE + blocker * S.CARD_W]) == 600
    assert int(g.state[S.DAMAGE + attacker * S.CARD_W]) == 100

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    attacker = sc.put(0, "TXT-003", "field")
    g = sc.game()
    life = int(g.state[S.LIFE + 1])
    g.step(K.BATTLE)
    for _ in range(8):
        if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
            break
        g.step(K.PASS)
    g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(attacker))
    g.step(K.ATTACK_PLAYER)
    for _ in range(16):
        if int(g.state[S.LIFE + 1]) != life:
            break
        g.step(K.PASS)  # no blocker (the BLOCK decision's PASS), the priority sequences
    assert int(g.state[S.LIFE + 1]) == life - 400


# ---- "as long as there is a [+100/+100] counter on it" (CR 1022, 904) --------------------------------
def test_cr_1022_as_long_as_there_is_a_plus_counter_on_it(tmp_path):
    """"This card gains [Swiftness] as long as there is a [+100/+100] counter on it.": without a counter it has no
    [Swiftness]; with one it has; with a [-100/-100] counter as well, the two cancel (CR 1203) and it has none."""
    import numpy as np

    from fow_tables import current_values
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("This card gains [+200/+200] as long as there are two or more [+100/+100] counters on this card."
                 ).abilities[0]["condition"] == {"kind": "self_counters_at_least", "value": 2}
    # in an effect "it" may be another card: not read as this card
    assert line("Destroy target resonator if there is a [+100/+100] counter on it.", "chant").verdict \
        is Verdict.UNSUPPORTED
    res, pool = _imported_pool(tmp_path, [_res(1, ["This card gains [Swiftness] as long as there is a [+100/+100] "
                                                   "counter on it."])])
    assert res.text_records[0].verdict is Verdict.EXACT
    for counters, swift in ((0, False), (1, True), (2, False)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        slot = sc.put(0, "TXT-001", "field")
        sc.row[S.COUNTERS + slot * S.CARD_W] = counters if counters < 2 else 0  # 2: one of each kind, cancelled
        g = sc.game()
        kw = int(current_values(np.asarray(g.state), pool.kernel_tables, slot)[2])
        assert bool(kw & K.KW_SWIFTNESS) is swift, counters


# ---- damage to a player and cards in one sentence; "each" is no target (CR 1120.2) ------------------
def test_cr_1007_damage_to_your_opponent_and_each_j_resonator_they_control(tmp_path):
    """"{Rest}: This card deals 300 damage to your opponent and each J/resonator they control.": the opponent loses
    300 life and each of its J/resonators is dealt 300 damage; the card's own controller's J/resonator is not."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("Whenever this card attacks => It deals 300 damage to each player and J/resonator.")
    assert [op["op"] for op in r.abilities[0]["effect"]] == ["damage_player", "damage_player", "select_all", "damage"]
    res, pool = _imported_pool(tmp_path, [
        _res(1, ["{Rest}: This card deals 300 damage to your opponent and each J/resonator they control."], 100, 1000),
        _res(2, [], 100, 1000)])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 2
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    src = sc.put(0, "TXT-001", "field")
    mine = sc.put(0, "TXT-002", "field")
    theirs = sc.field(1, ["TXT-002", "TXT-002"])
    g = sc.game()
    life = int(g.state[S.LIFE + 1])
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(src) * K.ABILITIES_PER_CARD)
    for _ in range(6):
        if int(g.state[S.LIFE + 1]) != life:
            break
        g.step(K.PASS)
    assert int(g.state[S.LIFE + 1]) == life - 300
    assert [int(g.state[S.DAMAGE + t * S.CARD_W]) for t in theirs] == [300, 300]
    assert int(g.state[S.DAMAGE + mine * S.CARD_W]) == 0 and int(g.state[S.DAMAGE + src * S.CARD_W]) == 0


# ---- "that much damage" (the trigger's damage, CR 1007) ---------------------------------------------
def test_cr_1007_whenever_this_card_is_dealt_damage_it_deals_that_much_damage(tmp_path):
    """"Whenever this card is dealt damage => It deals that much damage to your opponent.": 700 damage dealt to it
    (a chant) makes its controller's opponent lose 700 life; "that much" after another trigger is unsupported."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert line("Whenever this card attacks => It deals that much damage to your opponent.").verdict \
        is Verdict.UNSUPPORTED
    r = exact("Whenever damage is dealt to you => This card deals that much damage to your opponent.")
    assert r.abilities[0]["trigger"] == "damage_to_you"
    pool = _damage_game(tmp_path, "Whenever this card is dealt damage => It deals that much damage to your opponent.",
                        [700])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-10"])
    rager = sc.put(1, "TXT-001", "field")
    g = sc.game()
    life0, life1 = int(g.state[S.LIFE]), int(g.state[S.LIFE + 1])
    _bolt(g, sc, 0, card)
    assert int(g.state[S.DAMAGE + rager * S.CARD_W]) == 700
    for _ in range(6):
        if int(g.state[S.LIFE]) != life0:
            break
        g.step(K.PASS)
    assert int(g.state[S.LIFE]) == life0 - 700 and int(g.state[S.LIFE + 1]) == life1


# ---- conditions and counts: you don't control another, your opponent controls, hands, graveyard cards ---
def test_cr_904_conditions_on_the_fields_and_hands_and_a_count_of_graveyard_cards(tmp_path):
    """Continuous abilities (CR 904) read as long as their condition holds: "you don't control other resonators"
    (+500 ATK alone, none beside another resonator), "your opponent controls a resonator" (its opponent's field),
    "your opponent has two or less cards in hand"; "for each resonator in your graveyard" counts only resonators."""
    import numpy as np

    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    assert line("If you have five or more cards in your hand, you may pay {1} less to play this card.").verdict \
        is Verdict.UNSUPPORTED  # the card itself is still in the hand as the engine reads the cost
    res, pool = _imported_pool(tmp_path, [
        _res(1, ["As long as you don't control other resonators, this card gains [+500/+500]."], 100, 100),
        _res(2, ["As long as your opponent controls a resonator, this card gains [+300/+0]."], 100, 100),
        _res(3, ["As long as your opponent has two or less cards in hand, this card gains [+400/+400]."], 100, 100),
        _res(4, ["This card gains [+200/+200] for each resonator in your graveyard."], 100, 100),
        {"id": "TXT-005", "name": "Made-up Spark", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
         "abilities": ["Draw a card."]}])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 5

    def atk(g, slot):
        return int(current_values(np.asarray(g.state), pool.kernel_tables, slot)[0])

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    lone = sc.put(0, "TXT-001", "field")
    assert atk(sc.game(), lone) == 600
    sc.put(0, "TXT-002", "field")
    assert atk(sc.game(), lone) == 100

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    watcher = sc.put(0, "TXT-002", "field")
    assert atk(sc.game(), watcher) == 100
    sc.put(1, "TXT-004", "field")
    assert atk(sc.game(), watcher) == 400

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    counter = sc.put(0, "TXT-003", "field")
    assert atk(sc.game(), counter) == 500  # the opponent's hand is empty (every hand card went back)
    sc.hand(1, ["TXT-005", "TXT-005", "TXT-005"])
    assert atk(sc.game(), counter) == 100

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    grave = sc.put(0, "TXT-004", "field")
    for c in ("TXT-001", "TXT-002", "TXT-005"):
        sc.put(0, c, "graveyard")
    sc.put(1, "TXT-001", "graveyard")  # the opponent's graveyard: not counted
    assert atk(sc.game(), grave) == 100 + 2 * 200


# ---- "prevent all damage that would be dealt by target <card> this turn" (CR 1018.1b) ----------------
def test_cr_1018_1b_damage_dealt_by_a_target_is_prevented_this_turn(tmp_path):
    """"Prevent all damage that would be dealt by target resonator until end of turn.": the resonator's ability
    "{Rest}: This card deals 500 damage to your opponent." then deals none (the shield on its source); "... by
    resonators this turn" (no target: later resonators too) is unsupported."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert line("Prevent all damage that would be dealt by resonators this turn.", "chant").verdict \
        is Verdict.UNSUPPORTED
    chant = {"id": "TXT-10", "name": "Made-up Calm", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ["Prevent all damage that would be dealt by target resonator until end of turn."]}
    res, pool = _imported_pool(tmp_path, [_res(1, ["{Rest}: This card deals 500 damage to your opponent."]), chant])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT, Verdict.EXACT]
    for calmed in (True, False):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE)
        (card,) = sc.hand(0, ["TXT-10"])
        pinger = sc.put(0, "TXT-001", "field")
        g = sc.game()
        life = int(g.state[S.LIFE + 1])
        if calmed:
            _bolt(g, sc, 0, card)
        g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(pinger) * K.ABILITIES_PER_CARD)
        for _ in range(4):
            if int(g.state[S.CHASE_N]) == 0:
                break
            g.step(K.PASS)
        assert int(g.state[S.CHASE_N]) == 0
        assert int(g.state[S.LIFE + 1]) == (life if calmed else life - 500), calmed


def test_cr_1124_2_if_you_played_two_or_more_cards_this_turn(tmp_path):
    """"{Rest}: If you played two or more cards this turn, draw a card.": the count of cards played this turn (the one
    [Torrent] reads, CR 1124.2): one card played, no draw; two, a draw."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    # the condition after the effect, with a comma: the same "if" over that sentence's ops
    r = exact("{Rest}: Draw a card, if you played two or more cards this turn.")
    assert r.abilities[0]["effect"][0] == {"op": "if", "condition": {"kind": "played_cards_at_least", "value": 2},
                                           "skip": 1}
    res, pool = _imported_pool(tmp_path, [_res(1, ["{Rest}: If you played two or more cards this turn, draw a card."])])
    assert res.text_records[0].verdict is Verdict.EXACT
    for played, drawn in ((1, 0), (2, 1)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        card = sc.put(0, "TXT-001", "field")
        sc.row[S.PLAYED_CARDS] = played
        g = sc.game()
        hand = int(g.state[S.HAND_N])
        g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(card) * K.ABILITIES_PER_CARD)
        for _ in range(4):
            if int(g.state[S.CHASE_N]) == 0:
                break
            g.step(K.PASS)
        assert int(g.state[S.CHASE_N]) == 0 and int(g.state[S.HAND_N]) == hand + drawn, played


# ---- the imported cards with this session's pieces play random games ------------------------------
_S13_OPS = {"prevent_damage", "damage_mod", "prevent_from", "target_trigger", "select_mode"}
_S13_TRIGGERS = {"is_blocked", "leaves_field"}
_S13_CONDITIONS = {"self_counters_at_least", "opp_control_at_least", "control_none", "hand_at_least",
                   "opp_hand_at_most", "played_cards_at_least"}


def _makes_tokens(card) -> bool:  # session 14: tokens (CR 1303), dealt first into the decks below
    return any(op.op == "make_token" for ab in card.abilities for op in ab.effect) or any(
        op.op == "make_token" for op in card.effect or [])


def _uses_s13(card) -> bool:
    if _makes_tokens(card):
        return True
    ops = [op for ab in card.abilities for op in ab.effect] + list(card.effect or [])
    if any(op.op in _S13_OPS or (op.op == "set_x" and op.per.count == "trigger_damage")
           or (op.op == "produce_will" and op.count != 1) for op in ops):
        return True
    return any(ab.trigger in _S13_TRIGGERS or ab.trigger_filter is not None and ab.trigger in ("blocks", "deals_damage")
               or (ab.condition is not None and ab.condition.kind in _S13_CONDITIONS) for ab in card.abilities)


def test_an_imported_pool_with_session_13_abilities_plays_random_games():
    """Two decks of imported cards whose compiled abilities use this session's pieces (will choices, continuous
    prevention, damage replacement, triggers about another card, leaving the field, the new conditions; session 14:
    tokens, CR 1303, a token's slot owned by no deck card) play random
    games to the end with the conformance invariants (card conservation)."""
    import sys
    from pathlib import Path

    import numpy as np
    import pytest

    import tcg_env
    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    root = Path(__file__).resolve().parents[2]
    path = root.parent / "shared" / "carddata" / "force_of_will" / "antlebel2_fow-sim__cards.json"
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    sys.path.insert(0, str(root / "tests" / "conformance"))
    from conformance_helpers import check_cards, random_action

    res = import_force_of_will_json(path)
    ok = {r.number for r in res.text_records if r.skip is None and r.verdict is not Verdict.UNSUPPORTED}
    new = {}
    for c in res:
        if c.number in ok and c.type in ("resonator", "chant", "addition") and c.cost and "X" not in c.cost and _uses_s13(c):
            new.setdefault(c.name, c)
    chosen = sorted(new.values(), key=lambda c: not _makes_tokens(c))
    assert len(chosen) >= 20
    rulers = [c for c in res if c.type == "ruler" and c.number in ok and c.j_ruler in ok]
    stones = [c for c in res if c.type == "magic_stone" and c.basic and len(c.will) == 1]
    decks = []
    for k in range(2):
        main = chosen[10 * k: 10 * k + 10]
        attrs = [a for c in main for a in c.attribute] or ["fire"]
        stone = next((s for s in stones if s.will[0] == max(set(attrs), key=attrs.count)), stones[0])
        decks.append([rulers[k].number] + [c.number for c in main for _ in range(4)] + [stone.number] * 10)
    pool = compile_force_of_will_pool(list(res))
    spec = tcg_env.get_spec("force_of_will")
    sizes = tuple(len(d) for d in decks)
    for seed in range(3):
        g = tcg_env.make_game("force_of_will", decks=decks, seed=seed, pool=pool)
        rng = np.random.default_rng(seed)
        while not g.done and g.num_decisions <= spec.max_decisions:
            assert g.action_mask().any(), f"seed {seed}: empty mask before the end"
            if g.num_decisions % 5 == 0:
                check_cards(spec, np.array(g.state), sizes)
            g.step(random_action(g, rng))
        check_cards(spec, np.array(g.state), sizes)
        assert g.done and g.winner in (0, 1, -1)
