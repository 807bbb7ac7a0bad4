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
    # two choices stay two will abilities; a magic stone's will field holds at most two (CR 907)
    assert len(exact("{Rest}: Produce {W} or {B}.").abilities) == 2
    assert line("{Rest}: Produce one will of any attribute.", "magic_stone").verdict is Verdict.UNSUPPORTED
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
    # the source of the damage is not read ("... by fire resonators")
    assert line("Prevent all damage that would be dealt to this card by fire resonators.").verdict is Verdict.UNSUPPORTED


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
