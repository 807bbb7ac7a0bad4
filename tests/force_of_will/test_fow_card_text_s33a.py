"""Force of Will card text, session 33 (helper s33a): "You may pay the attribute cost of <cards> with will of any
attribute / with <attribute> will." (a continuous ability, CR 904; the attribute cost of CR 203.3 paid with other will,
CR 1003.4: Op.ATTR_COST_ANY, costs.attr_any_convert). Lines are made up in the game's template language. Rule numbers:
CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _imported_pool, exact, line

_RACES = frozenset({"Goblin Band", "Knight"})


# ---- the compiler ---------------------------------------------------------------------------------------------------
def test_cr_904_1003_attribute_cost_of_resonators_with_will_of_any_attribute_compiles():
    r = exact("You may pay the attribute cost of Goblin Band resonators with will of any attribute.", races=_RACES)
    (op,) = r.abilities[0]["effect"]
    assert r.abilities[0]["kind"] == "continuous"
    assert op == {"op": "attr_cost_any", "will": ["light", "fire", "water", "wind", "darkness"],
                  "filter": {"race": "Goblin Band", "type": ["resonator"], "zone": "chase"}}
    r2 = exact("You may pay the attribute cost of Goblin Band resonators with fire will.", "ruler", races=_RACES)
    assert r2.abilities[0]["effect"][0]["will"] == ["fire"]


def test_cr_904_attribute_cost_of_other_than_resonators_or_on_a_chant_is_unsupported():
    assert line("You may pay the attribute cost of cards with [Flying] with will of any attribute.").verdict \
        is Verdict.UNSUPPORTED  # a chant or rune would be paid where no will is turned (costs.attr_any_convert)
    assert line("You may pay the attribute cost of Goblin Band resonators with will of any attribute.", "chant",
                races=_RACES).verdict is Verdict.UNSUPPORTED


# ---- the kernels ----------------------------------------------------------------------------------------------------
def _cards():
    def card(number, name, ctype, abilities, cost, race):
        return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["U"], "abilities": abilities,
                "race": [race], "ATK": 100, "DEF": 100}

    return [card("TXT-001", "Made-up Bandleader", "Resonator",
                 ["You may pay the attribute cost of Goblin Band resonators with fire will."], "{R}", "Knight"),
            card("TXT-002", "Made-up Drummer", "Resonator", [], "{U}{U}{1}", "Goblin Band"),
            card("TXT-003", "Made-up Squire", "Resonator", [], "{U}{1}", "Knight")]


def _game(pool, leader, will):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    if leader:
        sc.put(0, "TXT-001", "field")
    for a, n in will:
        sc.will(0, a, n)
    sc.hand(0, ["TXT-002", "TXT-003"])
    return sc.game()


def test_cr_1003_4_attribute_cost_paid_with_the_named_will_while_the_source_is_in_the_field(tmp_path):
    """{U}{U}{1} with one water and two fire will: payable only with the bandleader in the field (its fire will pays
    the second {U}); paid, the pool is empty. The Knight's {U}{1} with two fire will is not (its race is not named)."""
    res, pool = _imported_pool(tmp_path, _cards())
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[ln.reason for ln in r.lines] for r in res.text_records]
    will = [(K.Attribute.WATER, 1), (K.Attribute.FIRE, 2)]
    g = _game(pool, False, will)
    assert K.PLAY_HAND_BASE not in g.legal_actions().tolist()  # CR 203.3: {U}{U} needs two water will
    g = _game(pool, True, will)
    legal = g.legal_actions().tolist()
    assert K.PLAY_HAND_BASE in legal
    g.step(K.PLAY_HAND_BASE)
    assert [int(g.state[S.WILL + a]) for a in range(K.N_WILL)] == [0] * K.N_WILL
    # the Knight (not a Goblin Band): two fire will do not pay its {U}
    g = _game(pool, True, [(K.Attribute.FIRE, 2)])
    assert K.PLAY_HAND_BASE + 1 not in g.legal_actions().tolist()


def test_cr_1003_4_only_the_named_attribute_pays_and_only_will_the_rest_of_the_cost_leaves(tmp_path):
    """Water one, wind two: the bandleader names fire only, so wind does not pay {U}; water one, fire one: the fire will
    pays {U} and nothing is left for {1} (CR 1003.4: all of it)."""
    res, pool = _imported_pool(tmp_path, _cards())
    assert K.PLAY_HAND_BASE not in _game(pool, True, [(K.Attribute.WATER, 1), (K.Attribute.WIND, 2)]).legal_actions().tolist()
    assert K.PLAY_HAND_BASE not in _game(pool, True, [(K.Attribute.WATER, 1), (K.Attribute.FIRE, 1)]).legal_actions().tolist()
    g = _game(pool, True, [(K.Attribute.WATER, 1), (K.Attribute.FIRE, 1), (K.Attribute.WIND, 1)])
    assert K.PLAY_HAND_BASE in g.legal_actions().tolist()
    g.step(K.PLAY_HAND_BASE)
    assert [int(g.state[S.WILL + a]) for a in range(K.N_WILL)] == [0] * K.N_WILL


# ---- a card's own cost: "as long as", the opponent's cards played this turn (CR 903.2i, 1124.2's count) -----------------
def test_cr_903_2i_pay_less_as_long_as_is_the_condition_of_the_cost_reduction():
    r = exact("You may pay {1} less to play this card as long as you control three or more resonators.", "chant",
              cost="{R}{2}")
    assert r.abilities[0]["condition"]["kind"] == "control_at_least" and r.abilities[0]["condition"]["value"] == 3
    assert r.abilities[0]["effect"][0]["optional"] is True


def test_cr_1124_2_if_your_opponent_played_n_or_more_cards_this_turn_reads_the_opponents_count(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("If your opponent played two or more cards this turn, you may pay {2} less to play this card.", "chant",
              cost="{R}{3}")
    assert r.abilities[0]["condition"] == {"kind": "opp_played_cards_at_least", "value": 2}
    card = {"id": "TXT-011", "name": "Made-up Retort", "type": ["Chant"], "cost": "{R}{3}", "colour": ["R"],
            "abilities": ["If your opponent played two or more cards this turn, you may pay {2} less to play this card.",
                          "Draw a card."]}
    res, pool = _imported_pool(tmp_path, [card])
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[ln.reason for ln in r.lines] for r in res.text_records]
    for opp, mine, playable in ((1, 5, False), (2, 0, True)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE, 2)
        sc.hand(0, ["TXT-011"])
        sc.row[S.PLAYED_CARDS + 1] = opp  # the opponent's cards played this turn (its own count: not the player's)
        sc.row[S.PLAYED_CARDS] = mine
        g = sc.game()
        assert (K.PLAY_HAND_BASE in g.legal_actions().tolist()) is playable, (opp, mine)


# ---- "Your opponent pays {N} more to play <chants>." (CR 903.2i-iii: an increase; Op.COST_INCREASE) ------------------
def test_cr_903_2i_iii_opponent_pays_more_to_play_chants_compiles():
    r = exact("Your opponent pays {1} more to play chants during your turn.")
    assert r.abilities == [{"kind": "continuous", "condition": {"kind": "your_turn"}, "effect": [
        {"op": "cost_increase", "amount": 1, "who": "opponent", "filter": {"type": ["chant"], "zone": "anywhere"}}]}]
    r2 = exact("Players pay {2} more to play non-Goblin Band chants.", races=_RACES)
    assert r2.abilities[0]["effect"][0]["who"] == "players"
    # resonators (alternative costs, [Stealth]) and "spells" are not read by every path that pays them
    assert line("Your opponent pays {1} more to play resonators.").verdict is Verdict.UNSUPPORTED
    assert line("Your opponent pays {R} more to play chants.").verdict is Verdict.UNSUPPORTED


def _taxed(tmp_path):
    def res(number, text):
        return {"id": number, "name": f"Made-up Warden {number}", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
                "abilities": [text], "race": ["Knight"], "ATK": 100, "DEF": 100}

    cards = [res("TXT-021", "Your opponent pays {1} more to play chants."),
             res("TXT-022", "Your opponent pays {1} more to play chants during your turn."),
             res("TXT-023", "Players pay {1} more to play chants."),
             {"id": "TXT-024", "name": "Made-up Spark", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Draw a card."]}]
    res_, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res_.text_records), [[ln.reason for ln in r.lines] for r in res_.text_records]
    return pool


def test_cr_903_2i_iii_the_opponents_chant_costs_one_more_while_the_source_is_in_the_field(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _taxed(tmp_path)

    def game(who, src, fire):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        if src:
            sc.put(who, src, "field")
        sc.will(0, K.Attribute.FIRE, fire)
        sc.hand(0, ["TXT-024"])
        return sc.game()

    assert K.PLAY_HAND_BASE in game(1, None, 1).legal_actions().tolist()
    assert K.PLAY_HAND_BASE not in game(1, "TXT-021", 1).legal_actions().tolist()  # {R} + {1}
    g = game(1, "TXT-021", 2)
    assert K.PLAY_HAND_BASE in g.legal_actions().tolist()
    g.step(K.PLAY_HAND_BASE)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0  # both paid
    assert K.PLAY_HAND_BASE in game(0, "TXT-021", 1).legal_actions().tolist()  # its controller's own chants: not
    # "during your turn": the warden's controller's turn only (player 0's turn here)
    assert K.PLAY_HAND_BASE in game(1, "TXT-022", 1).legal_actions().tolist()
    # "Players pay": its controller's too
    assert K.PLAY_HAND_BASE not in game(0, "TXT-023", 1).legal_actions().tolist()


def test_cr_708_4_903_2i_iii_a_trigger_chant_from_the_standby_area_pays_its_trigger_cost_and_the_increase(tmp_path):
    """A chant played from the standby area by its activate-like [Trigger] pays the [Trigger]'s cost (CR 708.4: the
    starter pool's "[Trigger] Discard a card: Return target resonator ...", no will), and "Your opponent pays {1} more to
    play chants." adds {1} to it (priority.trigger_payable / play_trigger_from)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-031", "name": "Made-up Warden", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Your opponent pays {1} more to play chants."], "race": ["Knight"], "ATK": 100, "DEF": 100}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    for warden, fire, playable in ((False, 0, True), (True, 0, False), (True, 1, True)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.put(1 if warden else 0, "TXT-031", "field")  # the target resonator either way; it taxes player 1's chants
        sc.put(0, "FOW1-119", K.Zone.STANDBY)
        sc.hand(0, ["TXT-031"])  # a card to discard
        if fire:
            sc.will(0, K.Attribute.FIRE, fire)
        g = sc.game()
        assert (K.PLAY_STANDBY_BASE in g.legal_actions().tolist()) is playable, (warden, fire)
        if warden and playable:
            g.step(K.PLAY_STANDBY_BASE)
            assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0


# ---- "J/resonators your opponent controls cannot attack unless your opponent pays {N}." (Op.ATTACK_TAX) --------------
def test_cr_803_5_cannot_attack_unless_your_opponent_pays_compiles():
    r = exact("J/resonators your opponent controls cannot attack unless your opponent pays {1}. (Each attack costs {1}.)")
    assert r.abilities == [{"kind": "continuous", "effect": [
        {"op": "attack_tax", "amount": 1, "filter": {"type": ["j_resonator"], "side": "opponent"}}]}]
    assert line("J/resonators your opponent controls cannot attack unless your opponent pays {1}.", "chant").verdict \
        is Verdict.UNSUPPORTED


def test_cr_803_5_the_opponents_j_resonator_attacks_only_paying_the_tax_as_it_attacks(tmp_path):
    """Player 1's gatekeeper: player 0's J/resonator is offered as an attacker only with {1} in its controller's pool
    (CR 803.3a), and attacking takes it (CR 803.5, as a [Mobilize] cost); the gatekeeper's own J/resonators are free."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    def res(number, name, abilities):
        return {"id": number, "name": name, "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
                "abilities": abilities, "race": ["Knight"], "ATK": 100, "DEF": 100}

    cards = [res("TXT-041", "Made-up Gatekeeper",
                 ["J/resonators your opponent controls cannot attack unless your opponent pays {1}."]),
             res("TXT-042", "Made-up Raider", [])]
    res_, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res_.text_records)

    def to_attacker(gate_side, fire):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        raider = sc.put(0, "TXT-042", "field")
        sc.put(gate_side, "TXT-041", "field")
        if fire:
            sc.will(0, K.Attribute.FIRE, fire)
        g = sc.game()
        g.step(K.BATTLE)
        for _ in range(8):
            if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
                break
            g.step(K.PASS)
        return g, K.OWN_FIELD_BASE + sc.zone(0, "field").index(raider)

    g, own = to_attacker(1, 0)
    assert int(g.state[H_DECISION]) != K.Decision.ATTACKER or own not in g.legal_actions().tolist()
    g, own = to_attacker(0, 0)  # its controller's own J/resonators: no tax
    assert int(g.state[H_DECISION]) == K.Decision.ATTACKER and own in g.legal_actions().tolist()
    g, own = to_attacker(1, 1)
    assert int(g.state[H_DECISION]) == K.Decision.ATTACKER and own in g.legal_actions().tolist()
    g.step(own)
    g.step(K.ATTACK_PLAYER)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0  # paid as it attacked


def test_cr_910_an_opponents_increase_and_attack_tax_are_zero_under_the_replacement(tmp_path):
    """"If an ability or effect your opponent controls would make you pay any amount of will, you pay {0} instead." (CR
    910) in force for player 0: player 1's "Your opponent pays {1} more to play chants." and "... cannot attack unless your
    opponent pays {1}." ask nothing of it (characteristics.opp_payment_free)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    def res(number, text):
        return {"id": number, "name": f"Made-up Card {number}", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
                "abilities": [text] if text else [], "race": ["Knight"], "ATK": 100, "DEF": 100}

    cards = [res("TXT-051", "Your opponent pays {1} more to play chants."),
             res("TXT-052", "J/resonators your opponent controls cannot attack unless your opponent pays {1}."),
             res("TXT-053", "If an ability or effect your opponent controls would make you pay any amount of will, you pay "
                            "{0} instead."),
             {"id": "TXT-054", "name": "Made-up Spark", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Draw a card."]}]
    res_, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res_.text_records)
    for shielded in (False, True):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.put(1, "TXT-051", "field")
        sc.put(1, "TXT-052", "field")
        if shielded:
            sc.put(0, "TXT-053", "field")
        raider = sc.put(0, "TXT-052", "field")
        sc.will(0, K.Attribute.FIRE, 1)
        sc.hand(0, ["TXT-054"])
        g = sc.game()
        assert (K.PLAY_HAND_BASE in g.legal_actions().tolist()) is shielded  # {R}, or {R}{1}
        g.step(K.BATTLE)
        for _ in range(8):
            if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
                break
            g.step(K.PASS)
        own = K.OWN_FIELD_BASE + sc.zone(0, "field").index(raider)
        offered = int(g.state[H_DECISION]) == K.Decision.ATTACKER and own in g.legal_actions().tolist()
        assert offered  # one fire will pays {1} either way
        g.step(own)
        g.step(K.ATTACK_PLAYER)
        assert int(g.state[S.WILL + K.Attribute.FIRE]) == (1 if shielded else 0)


# ---- a ruler's own [Judgment] reduction printed as a line of its own (CR 705.2a, 903.2i-iv) ---------------------------
def test_cr_705_2a_this_ability_on_a_line_of_its_own_is_the_rulers_judgment():
    text = "You may pay {1} less to play this ability for each card in your removed area."
    r = exact(text, "ruler", judgment_line=True)
    assert r.abilities == [{"kind": "continuous", "effect": [
        {"op": "cost_reduction", "amount": 1, "filter": {"zone": "hand", "self_only": True}, "optional": True,
         "per": {"count": "removed"}}]}]
    assert line(text, "ruler").verdict is Verdict.UNSUPPORTED  # no [Judgment] line: "this ability" is another one
    assert line(text, "resonator", judgment_line=True).verdict is Verdict.UNSUPPORTED


def test_cr_705_2a_an_imported_rulers_judgment_reduction_line(tmp_path):
    ruler = {"id": "TXT-061", "name": "Made-up Warlord", "type": ["Ruler"], "cost": None, "colour": ["R"],
             "abilities": ["[Judgment] {R}{5}", "You may pay {1} less to play this ability for each card in your "
                                                  "removed area."]}
    j = {"id": "TXT-061J", "name": "Made-up Warlord, Crowned", "type": ["J-Ruler"], "cost": None, "colour": ["R"],
         "abilities": [], "ATK": 1000, "DEF": 1000, "race": ["Human"]}
    res, pool = _imported_pool(tmp_path, [ruler, j])
    rec = next(r for r in res.text_records if r.number == "TXT-061")
    assert all(ln.verdict is Verdict.EXACT for ln in rec.lines), [ln.reason for ln in rec.lines]
    m = pool.models[pool.index["TXT-061"]]
    assert any(op.op == "cost_reduction" and op.per is not None for a in m.abilities for op in a.effect)


def test_cr_705_2a_j_activate_with_a_colon_and_its_only_if_read_as_judgment():
    assert exact("[J-Activate]: Pay {1}{G}{G}.", "ruler").fields == exact("[Judgment] {1}{G}{G}", "ruler").fields
    r = exact("[J-Activate] Pay {W}. Play this ability only if you control three or more resonators.", "ruler")
    assert r.fields["judgment_condition"]["kind"] == "control_at_least"
    from tcg_env.games.force_of_will.importer import _judgment_cost

    assert _judgment_cost(["[J-Activate]: Pay {1}{G}{G}."]) == _judgment_cost(["[Judgment] {1}{G}{G}"])


def test_cr_903_2i_iii_the_increase_is_paid_on_a_mastery_alternative_cost_too(tmp_path):
    """[Mastery] "<name>" (rest a recovered card of that name rather than pay the cost: CR 903.2i-i) under "Your
    opponent pays {1} more to play chants.": the {1} is still paid (CR 903.2i-iii; play.increase_payable / pay_increase)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-071", "name": "Made-up Warden", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Your opponent pays {1} more to play chants."], "race": ["Knight"], "ATK": 100, "DEF": 100},
             {"id": "TXT-072", "name": "Made-up Squire", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "abilities": [], "race": ["Knight"], "ATK": 100, "DEF": 100},
             {"id": "TXT-073", "name": "Made-up Drill", "type": ["Chant"], "cost": "{R}{R}{4}", "colour": ["R"],
              "abilities": ['[Mastery] "Made-up Squire"', "Draw a card."]}]
    _, pool = _imported_pool(tmp_path, cards)
    assert pool.models[pool.index["TXT-073"]].mastery is not None
    for warden, fire, playable in ((False, 0, True), (True, 0, False), (True, 1, True)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        squire = sc.put(0, "TXT-072", "field")
        if warden:
            sc.put(1, "TXT-071", "field")
        if fire:
            sc.will(0, K.Attribute.FIRE, fire)
        sc.hand(0, ["TXT-073"])
        g = sc.game()
        assert (K.INCARNATE_HAND_BASE in g.legal_actions().tolist()) is playable, (warden, fire)
        if playable:
            g.step(K.INCARNATE_HAND_BASE)
            assert int(g.state[S.RESTED + squire * S.CARD_W]) == 1 and int(g.state[S.WILL + K.Attribute.FIRE]) == 0


@pytest.mark.parametrize("fire, legal", [(1, False), (2, True)])
def test_cr_705_2a_903_2i_iii_the_opponents_judgment_process_costs_one_more(tmp_path, fire, legal):
    """"Your opponent pays {1} more to play [Judgment] abilities." (player 1's): player 0's ruler's "[Judgment] {1}" costs
    {2} (play.judgment_free: characteristics.cost_increase of the ruler)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-081", "name": "Made-up Regent", "type": ["Ruler"], "cost": None, "colour": ["R"],
              "abilities": ["[Judgment] {1}"]},
             {"id": "TXT-081J", "name": "Made-up Regent, Crowned", "type": ["J-Ruler"], "cost": None, "colour": ["R"],
              "abilities": [], "race": ["Human"], "ATK": 1000, "DEF": 1000},
             {"id": "TXT-082", "name": "Made-up Censor", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Your opponent pays {1} more to play [Judgment] abilities."], "race": ["Knight"], "ATK": 100,
              "DEF": 100}]
    _, pool = _imported_pool(tmp_path, cards)
    assert pool.models[pool.index["TXT-081"]].j_ruler == "TXT-081J"
    for censor in (False, True):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-081"]
        if censor:
            sc.put(1, "TXT-082", "field")
        sc.will(0, K.Attribute.FIRE, fire)
        g = sc.game()
        assert (K.JUDGMENT in g.legal_actions().tolist()) is (legal or not censor), (censor, fire)
        if censor and legal:
            g.step(K.JUDGMENT)
            assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0
