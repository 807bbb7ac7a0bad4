"""Force of Will card text, session 23 (branch s23-fowa): keyword abilities. [God's Art] on any card and its name printed
in brackets (CR 1112), a [Judgment] cost's own "you may pay {N} less" asked as the judgment process is played (CR
705.2a, 903.2i-iv) and its "you pay {N} less to play this judgment process". Lines are made up in the game's template
language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s21a import _card


# ---- CR 1112: [God's Art] ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("ctype", ["resonator", "addition", "regalia", "ruler", "j_ruler"])
def test_cr_1112_2_gods_art_is_an_activate_ability_of_any_card_with_them(ctype):
    r = exact('God\'s Art "Made-up Nap" {0}: Draw a card.', ctype)
    assert r.abilities == [{"kind": "activate", "cost": {"will": "{0}"}, "effect": [{"op": "draw", "count": 1}],
                            "gods_art": "Made-up Nap"}]
    # a chant has no activate abilities
    assert line('God\'s Art "Made-up Nap" {0}: Draw a card.', "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1112_1_a_gods_art_producing_will_is_a_will_ability_once_per_game():
    # CR 907.1: a will ability is an activate ability; one row per choice, all of the one name (CR 1112.2)
    r = exact('God\'s Art "Made-up Gift" {0}: Produce {W} or {U}.', "resonator")
    assert [(a["kind"], a["gods_art"], a["effect"][0]["will"]) for a in r.abilities] == [
        ("will", "Made-up Gift", "light"), ("will", "Made-up Gift", "water")]
    # without the God's Art, {0} for will could be paid again and again: refused
    assert line("{0}: Produce {W} or {U}.", "resonator").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("printed", ["[Made-up Dawn]", "<Made-up Dawn>", "<<Made-up Dawn>>", '"Made-up Dawn"'])
def test_cr_1112_2_gods_art_name_in_brackets_angles_or_quotes(printed):
    r = exact(f"God's Art {printed} {{W}}: J/resonators you control gain [+200/+200] until end of turn.", "j_ruler")
    assert r.abilities[0]["gods_art"].lower() == "made-up dawn"
    assert r.abilities[0]["effect"][-1] == {"op": "power", "atk": 200, "defense": 200, "duration": "end_of_turn"}
    # the same name in its "Play God's Art <name> only once per game." reminder; another name is refused
    once = f"God's Art {printed} {{W}}: Draw a card. Play God's Art {printed} only once per game."
    assert exact(once, "j_ruler").abilities[0]["gods_art"].lower() == "made-up dawn"
    assert line(once.replace("only once", "x").replace(f"Art {printed} only", "Art [Other] only"),
                "j_ruler").verdict is Verdict.UNSUPPORTED


def test_cr_1112_brackets_elsewhere_stay_keywords_and_counters():
    # the bracketed name is read only after "God's Art": keywords and [+N/+N] are what they were
    assert exact("[Flying] [Swiftness]").fields == {"keywords": ["flying", "swiftness"]}
    assert exact("{R}: This card gains [+200/+0] until end of turn.").abilities[0]["effect"][-1]["atk"] == 200


def test_cr_1112_2a_a_resonators_gods_art_once_per_game_per_player_by_name(tmp_path):
    """Two resonators with the God's Art "Made-up Nap" (and one with another name) in player 0's field: after one plays
    it, neither copy's is legal again this game (CR 1112.2, 1112.2a), the other name's still is."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Napper", "Resonator", ['God\'s Art "Made-up Nap" {0}: Draw a card.'],
                   ATK=100, DEF=100),
             _card("TXT-002", "Made-up Dozer", "Resonator", ['God\'s Art [Made-up Doze] {0}: Draw a card.'],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [(r.name, r.lines) for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(0, ["TXT-001", "TXT-001", "TXT-002"])
    g = sc.game()
    acts = [K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD for i in range(3)]
    assert set(acts) <= set(g.legal_actions().tolist())
    hand = int(g.state[S.HAND_N])
    g.step(acts[0])
    legal = set(g.legal_actions().tolist())
    assert acts[0] not in legal and acts[1] not in legal and acts[2] in legal
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == hand + 1
    legal = set(g.legal_actions().tolist())
    assert acts[0] not in legal and acts[1] not in legal and acts[2] in legal


def test_cr_1112_2_a_gods_art_will_ability_uses_its_name_up_for_both_choices(tmp_path):
    """"God's Art "Made-up Gift" {0}: Produce {W} or {U}." on a resonator: either choice produces its will once; then
    neither is legal again (one name, CR 1112.2)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-003", "Made-up Giver", "Resonator", ['God\'s Art "Made-up Gift" {0}: Produce {W} or {U}.'],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(0, ["TXT-003"])
    g = sc.game()
    acts = [K.ACTIVATE_BASE + j for j in range(2)]
    assert set(acts) <= set(g.legal_actions().tolist())
    g.step(acts[1])
    assert int(g.state[S.WILL + K.Attribute.WATER]) == 1 and int(g.state[S.WILL + K.Attribute.LIGHT]) == 0
    assert not set(acts) & set(g.legal_actions().tolist())


# ---- CR 705.2a / 903.2i-iv: a [Judgment] cost's own reduction ----------------------------------------------------------
def test_cr_705_2a_judgment_you_may_pay_less_is_exact_and_optional():
    r = exact("[Judgment] {4}. You may pay {1} less to play this ability for each Fairy you control.", "ruler",
              races=frozenset({"Fairy"}))
    assert r.approximations == () and r.abilities[0]["effect"][0]["optional"] is True
    r = exact("[Judgment] {6}. You may pay {3} less to play this judgment process if you control a resonator.", "ruler")
    assert r.abilities[0]["effect"][0]["optional"] is True and r.abilities[0]["condition"]
    # "you pay": always taken, not asked
    r = exact("[Judgment] {8}. You pay {1} less to play this judgment process for each Fairy you control.", "ruler",
              races=frozenset({"Fairy"}))
    assert "optional" not in r.abilities[0]["effect"][0] and r.fields == {"judgment": "{8}"}


def _judgment_game(tmp_path, text, fairies, will):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-010", "Made-up Fairy Queen", "Ruler", [text], cost=None),
             _card("TXT-010J", "Made-up Fairy Queen, Crowned", "J-Ruler", [], cost=None, ATK=1000, DEF=1000),
             _card("TXT-011", "Made-up Pixie", "Resonator", [], race=["Fairy"], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-010"]
    sc.field(0, ["TXT-011"] * fairies)
    sc.will(0, K.Attribute.FIRE, will)
    return sc.game()


@pytest.mark.parametrize("take, left", [(True, 2), (False, 0)])
def test_cr_903_2i_iv_judgment_reduction_asked_where_the_full_cost_can_be_paid(tmp_path, take, left):
    """"[Judgment] {4}. You may pay {1} less ... for each Fairy you control." with two Fairies and four will: the player
    is asked (OPTIONAL: OPTION 0 takes the reduction, {2} paid; PASS declines it, {4} paid); then the judgment process
    is on the chase and resolves: the J-ruler enters the field (CR 705.3a)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g = _judgment_game(tmp_path, "[Judgment] {4}. You may pay {1} less to play this ability for each Fairy you control.",
                       2, 4)
    g.step(K.JUDGMENT)
    assert int(g.state[H_DECISION]) == K.Decision.OPTIONAL and int(g.state[S.CHASE_N]) == 0
    assert int(g.state[S.JUDGED]) == 1
    g.step(K.OPTION_BASE if take else K.PASS)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == left
    assert int(g.state[S.CHASE_N]) == 1  # CR 705.2c: onto the chase; its player keeps priority
    g.step(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.CHASE_N]) == 0
    assert int(g.state[S.ZONE + K.RULER_SLOT * S.CARD_W]) == K.Zone.FIELD


@pytest.mark.parametrize("text", [
    "[Judgment] {4}. You may pay {1} less to play this ability for each Fairy you control.",
    "[Judgment] {4}. You pay {1} less to play this judgment process for each Fairy you control.",
])  # fmt: skip
def test_cr_903_2j_judgment_reduction_not_asked_when_needed_or_mandatory(tmp_path, text):
    """Two will and two Fairies: {4} cannot be paid, so the reduction is taken without asking ("you may"); "you pay"
    is never asked. Either way {2} is paid and the judgment process goes onto the chase at once."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g = _judgment_game(tmp_path, text, 2, 2 if "may" in text else 4)
    g.step(K.JUDGMENT)
    assert int(g.state[H_DECISION]) != K.Decision.OPTIONAL and int(g.state[S.CHASE_N]) == 1
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == (0 if "may" in text else 2)
