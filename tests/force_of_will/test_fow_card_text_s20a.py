"""Force of Will card text, session 20 (branch s20-fowa): choices of options ("Choose two", "Choose up to two", a
mode that is itself a choice), looking at the opponent's hand, counts of the removed area. Lines are made up in the
game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s10 import _modal_game, _resolve


def _options(g):
    from tcg_env.games.force_of_will import constants as K

    return [a - K.OPTION_BASE for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]


_DRAW, _OPP300 = {"op": "draw", "count": 1}, {"op": "damage_player", "amount": 300, "who": "opponent"}
_ADDITION = {"op": "choose", "filter": {"type": ["addition"]}}


# ---- "Choose two" / "Choose up to two" (CR 903.2e: that number of options; those not chosen do not exist) ---------
def test_cr_903_2e_choose_two_is_one_mode_per_pair_of_options_in_printed_order():
    r = exact("Choose two - Draw a card; or this card deals 300 damage to your opponent; or destroy target addition.",
              "chant")
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [
        [_DRAW, _OPP300],
        [_ADDITION, _DRAW, {"op": "destroy"}],  # the target chosen as it is played (CR 903.2g), the draw first
        [_ADDITION, _OPP300, {"op": "destroy"}]]}]


def test_cr_903_2e_choose_up_to_two_offers_one_or_two_options_approximate():
    r = line("Choose up to two - Draw a card; or this card deals 300 damage to your opponent.", "chant")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("choose_up_to_not_none",)
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [[_DRAW], [_OPP300], [_DRAW, _OPP300]]}]


@pytest.mark.parametrize("text", [
    "Choose three - Draw a card; or destroy target addition.",  # more options to choose than printed
    # "it" opening an option chosen with another would name the first option's card
    "Choose two - Destroy target addition; or it gains [+100/+100] until end of turn; or draw a card.",
])  # fmt: skip
def test_cr_903_2e_choose_n_the_engine_cannot_play_is_unsupported(text):
    assert line(text, "chant").verdict is Verdict.UNSUPPORTED, text


def test_cr_903_2g_target_player_inside_a_mode_is_one_option_per_player():
    """"... or this card deals 300 damage to target player.": the player is chosen with the mode (CR 903.2e, 903.2g):
    the options are the resonator, the opponent and the controller (before session 20: unsupported)."""
    r = exact("Choose one - Destroy target addition; or this card deals 300 damage to target player.", "chant")
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [
        [_ADDITION, {"op": "destroy"}], [_OPP300], [{**_OPP300, "who": "controller"}]]}]
    # with "choose two" both players of the one option are never chosen together
    r = exact("Choose two - Draw a card; or this card deals 300 damage to target player.", "chant")
    assert r.fields["effect"][0]["modes"] == [[_DRAW, _OPP300], [_DRAW, {**_OPP300, "who": "controller"}]]


def test_cr_903_2e_choose_two_plays_both_options_chosen(tmp_path):
    """"Choose two - Draw a card; or you gain 500 life; or destroy target addition." with no addition in any field:
    only the pair without the addition is legal (CR 903.2g); it draws a card and gains 500 life."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, _ = _modal_game(tmp_path, "Choose two - Draw a card; or you gain 500 life; or destroy target addition.")
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    assert _options(g) == [0]
    life, hand = int(g.state[S.LIFE]), int(g.state[S.HAND_N])
    g.step(K.OPTION_BASE)
    _resolve(g, card)
    assert int(g.state[S.LIFE]) == life + 500 and int(g.state[S.HAND_N]) == hand + 1


def test_cr_903_2e_choose_two_with_a_target_in_each_option_uses_two_registers(tmp_path):
    """"Choose two - Destroy target resonator; or rest target resonator; or draw a card.": the pair of the two
    targeted options chooses both targets as it is played; the first is destroyed, the second rested."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, (a, b) = _modal_game(tmp_path, "Choose two - Destroy target resonator; or rest target resonator; or "
                                            "draw a card.", ["FOW1-024", "FOW1-024"])
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE and _options(g) == [0, 1, 2]
    g.step(K.OPTION_BASE)  # destroy + rest
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    first = int(g.state[S.CAND])
    g.step(K.OPTION_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    second = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    g.step(K.OPTION_BASE + next(k for k, c in enumerate(second) if c != first))
    _resolve(g, card)
    other = b if first == a else a
    assert int(g.state[S.ZONE + first * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + other * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.RESTED + other * S.CARD_W]) == 1


# ---- "Look at target opponent's hand and choose a <card>. They discard that card." (CR 1019.1) ---------------------
def test_cr_1019_1_look_at_opponents_hand_and_choose_compiles_to_a_search_of_their_hand():
    r = exact("Look at target opponent's hand and choose a resonator. They discard that card.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "hand", "side": "opponent"},
                                   "to": "graveyard", "must": True, "who": "opponent"}]
    r = exact("Look at your opponent's hand. Choose a card. They discard that card.", "chant")
    assert r.fields["effect"][0]["filter"] == {"zone": "hand", "side": "opponent"}
    assert line("Look at target opponent's hand and choose a resonator you control. They discard that card.",
                "chant").verdict is Verdict.UNSUPPORTED


def _hand_game(tmp_path, opp_hand):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Peek", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Look at target opponent's hand and choose a resonator. They discard that card."]},
             {"id": "TXT-002", "name": "Made-up Spark", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Draw a card."]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    held = sc.hand(1, list(opp_hand))
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, card, held


def test_cr_1019_1_the_controller_chooses_a_matching_card_of_the_opponents_hand_and_it_is_discarded(tmp_path):
    """The opponent holds a resonator and a chant: as the chant resolves its controller (player 0) is asked (SEARCH)
    with the resonator only (card ids), must answer (no PASS), the whole hand is shown, the resonator is discarded."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, (res, chant) = _hand_game(tmp_path, ["FOW1-024", "TXT-002"])
    for _ in range(6):
        if int(g.state[H_DECISION]) == K.Decision.SEARCH:
            break
        g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.SEARCH and int(g.state[H_DECIDER]) == 0
    assert int(g.state[S.CAND_N]) == 1 and int(g.state[S.CAND]) == int(g.state[S.CARD + res * S.CARD_W])
    assert K.PASS not in g.legal_actions().tolist()
    shown = {int(g.state[S.REVEAL_IDS + k]) for k in range(int(g.state[S.REVEAL_N]))}
    assert {int(g.state[S.CARD + x * S.CARD_W]) for x in (res, chant)} <= shown
    g.step(K.OPTION_BASE)
    assert int(g.state[S.ZONE + res * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.HAND


def test_cr_1019_1_nothing_is_discarded_when_no_card_of_the_opponents_hand_matches(tmp_path):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, (chant,) = _hand_game(tmp_path, ["TXT-002"])
    _resolve(g, card)
    assert int(g.state[H_DECISION]) != K.Decision.SEARCH
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.HAND


# ---- "for each card in your removed area" (CR 311; Per.REMOVED) ---------------------------------------------------
def test_cr_311_for_each_card_in_your_removed_area_is_a_count_of_the_removed_area():
    r = exact("This card deals 100 damage to target resonator for each card in your removed area.", "chant")
    assert r.fields["effect"][1:] == [{"op": "set_x", "per": {"count": "removed"}, "times": 1},
                                      {"op": "damage", "amount": "X00"}]
    r = exact("This card gains [+100/0] for each card in your removed area.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "removed"}
    r = exact("You may pay {1} less to play this card for each card in your removed area.", "chant")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "removed"}


def _two_sided_game(tmp_path, text, removed=0):
    """Player 0 with a made-up fire chant of ``text`` in hand and a 700/800 resonator; player 1 a 300/1000 one;
    ``removed`` cards of player 0 in its removed area."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    def card(number, name, ctype, abilities, **kw):
        return {"id": number, "name": name, "type": [ctype], "cost": "{R}", "colour": ["R"], "abilities": abilities, **kw}

    cards = [card("TXT-001", "Made-up Order", "Chant", [text]),
             card("TXT-002", "Made-up Champion", "Resonator", [], ATK=700, DEF=800),
             card("TXT-003", "Made-up Wall", "Resonator", [], ATK=300, DEF=1000)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (chant,) = sc.hand(0, ["TXT-001"])
    (mine,) = sc.field(0, ["TXT-002"])
    (theirs,) = sc.field(1, ["TXT-003"])
    for _ in range(removed):
        sc.put(0, "FOW1-024", "removed_area")
    g = sc.game()
    return g, chant, mine, theirs


@pytest.mark.parametrize("removed", [0, 3])
def test_cr_311_damage_for_each_card_in_your_removed_area_counts_it_as_it_resolves(tmp_path, removed):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, chant, mine, theirs = _two_sided_game(
        tmp_path, "This card deals 100 damage to target resonator your opponent controls for each card in your removed "
                  "area.", removed)
    g.step(K.PLAY_HAND_BASE)
    _resolve(g, chant)
    assert int(g.state[S.DAMAGE + theirs * S.CARD_W]) == 100 * removed


# ---- "Target <card> deals damage equal to its ATK to target <card>" (CR 1007.1, 903.3a) -----------------------------
def test_cr_1007_1_target_deals_damage_equal_to_its_atk_compiles_to_damage_by_the_first_target():
    r = exact("Target J/resonator you control deals damage equal to its ATK to target J/resonator your opponent "
              "controls.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["j_resonator"], "side": "own"}},
                                  {"op": "choose", "filter": {"type": ["j_resonator"], "side": "opponent"}, "reg": 1},
                                  {"op": "damage", "amount": "atk", "reg": 1, "by_reg": 0}]
    r = exact("Target resonator you control gains [+200/+200] until end of turn. Then it deals damage equal to its ATK "
              "to target resonator your opponent controls.", "chant")
    assert r.fields["effect"][-1] == {"op": "damage", "amount": "atk", "reg": 1, "by_reg": 0}
    # the two targets may be one card: playable with one card only (approximate)
    r = line("Target resonator you control deals damage equal to its ATK to another target resonator.", "chant")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("second_target_may_be_missing",)
    assert line("Target resonator gains [+200/+200] until end of turn. Then it deals damage equal to its ATK to target "
                "resonator your opponent controls.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1007_1_the_first_target_deals_its_atk_as_damage_to_the_second(tmp_path):
    """Player 0's 700/800 resonator deals 700 to player 1's 300/1000 one (its own ATK, after "+200": 900 with the
    gain); it takes none itself."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, chant, mine, theirs = _two_sided_game(
        tmp_path, "Target resonator you control gains [+200/+200] until end of turn. Then it deals damage equal to its "
                  "ATK to target resonator your opponent controls.")
    g.step(K.PLAY_HAND_BASE)
    _resolve(g, chant)
    assert int(g.state[S.DAMAGE + theirs * S.CARD_W]) == 900
    assert int(g.state[S.DAMAGE + mine * S.CARD_W]) == 0


# ---- "Prevent the next damage that would be dealt to <target> / you this turn" (CR 1018.1b, once) ------------------
def test_cr_1018_1b_prevent_the_next_damage_compiles_to_a_next_shield():
    r = exact("Prevent the next damage that would be dealt to target resonator this turn.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["resonator"]}}, {"op": "prevent", "amount": "next"}]
    r = exact("Prevent the next damage that would be dealt to you until end of turn.", "chant")
    assert r.fields["effect"] == [{"op": "prevent_player", "amount": "next", "who": "controller"}]
    r = exact("Whenever this card blocks => Prevent the next damage it would be dealt until end of turn.")
    assert r.abilities[0]["effect"] == [{"op": "target_self"}, {"op": "prevent", "amount": "next"}]
    # without a duration the shield would have to outlast the turn: unsupported
    assert line("Prevent the next damage that would be dealt to target resonator.", "chant").verdict is Verdict.UNSUPPORTED


def _chants_game(tmp_path, texts, fire):
    """Player 0 with made-up fire chants of ``texts`` ({R} each) in hand, ``fire`` fire will and a 700/800
    resonator; player 1 a 300/1000 resonator."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    def card(number, name, ctype, abilities, **kw):
        return {"id": number, "name": name, "type": [ctype], "cost": "{R}", "colour": ["R"], "abilities": abilities, **kw}

    cards = [card(f"TXT-{10 + k}", f"Made-up Chant {k}", "Chant", [t]) for k, t in enumerate(texts)]
    cards += [card("TXT-002", "Made-up Champion", "Resonator", [], ATK=700, DEF=800),
              card("TXT-003", "Made-up Wall", "Resonator", [], ATK=300, DEF=1000)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, fire)
    chants = sc.hand(0, [f"TXT-{10 + k}" for k in range(len(texts))])
    (mine,) = sc.field(0, ["TXT-002"])
    (theirs,) = sc.field(1, ["TXT-003"])
    return sc.game(), chants, mine, theirs


def _play(g, slot):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(slot))
    _resolve(g, slot)


def test_cr_1018_1b_the_next_damage_is_prevented_once_the_one_after_is_dealt(tmp_path):
    """"Prevent the next damage ... to target resonator you control this turn", then two 300-damage chants on it: the
    first is prevented in full, the second dealt (the shield used up)."""
    from tcg_env.games.force_of_will import state as S

    bolt = "This card deals 300 damage to target resonator you control."
    g, (shield, b1, b2), mine, _ = _chants_game(
        tmp_path, ["Prevent the next damage that would be dealt to target resonator you control this turn.", bolt, bolt],
        fire=3)
    _play(g, shield)
    assert int(g.state[S.SHIELD_N]) == 1
    _play(g, b1)
    assert int(g.state[S.DAMAGE + mine * S.CARD_W]) == 0 and int(g.state[S.SHIELD_N]) == 0
    _play(g, b2)
    assert int(g.state[S.DAMAGE + mine * S.CARD_W]) == 300


# ---- "Play this ability only during your turn and only once per turn." (CR 905) -----------------------------------
def test_cr_905_only_during_your_turn_and_only_once_per_turn_sets_both_limits():
    r = exact("Pay 400 life: Draw a card. Play this ability only during your turn and only once per turn.")
    assert r.abilities == [{"kind": "activate", "cost": {"life": 400}, "effect": [{"op": "draw", "count": 1}],
                            "once": "turn", "condition": {"kind": "your_turn"}}]
