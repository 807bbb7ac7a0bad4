"""Force of Will card text, session 28 (branch s28-fowc): "this card and target <card> gain [+N/+N] / <keywords> until
end of turn" (one effect on both, CR 1003; the target's steps, then this card's through register 1), and the list's
misprint "when this cards enter(s) ..." read as "when this card enters ..." (_TYPO_FIXES), "banish a <card>" as an effect
(CR 1011.2, Op.PLAYER_BANISH of the controller). Lines are made up in the
game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from tcg_env.games.force_of_will import constants as K
from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s21a import _activate
from test_fow_card_text_s23b import _all_exact
from test_fow_card_text_s24b import _card
from fow_tables import current_values


def test_cr_1003_this_card_and_target_gain_compiles_to_the_targets_steps_then_this_cards():
    eff = exact("{Rest}: This card and target resonator gain [+300/-100] until end of turn.").abilities[0]["effect"]
    assert eff == [{"op": "choose", "filter": {"type": ["resonator"]}},
                   {"op": "power", "atk": 300, "defense": -100, "duration": "end_of_turn"},
                   {"op": "target_self", "reg": 1},
                   {"op": "power", "atk": 300, "defense": -100, "duration": "end_of_turn", "reg": 1}]
    eff = exact("{G}: This card and target resonator gain [Flying] until end of turn.").abilities[0]["effect"]
    assert [s["op"] for s in eff] == ["choose", "grant_keyword", "target_self", "grant_keyword"]


def test_typo_when_this_cards_enter_is_when_this_card_enters():
    a = exact("When this cards enter your field, draw a card.").abilities
    b = exact("When this card enters your field, draw a card.").abilities
    assert a == b
    assert exact("When this cards enters the field => Draw a card.").abilities == \
        exact("When this card enters the field => Draw a card.").abilities


def test_cr_1003_this_card_and_target_resonator_both_gain_until_end_of_turn(tmp_path):
    """"{R}: This card and target resonator gain [+200/+100] until end of turn.": the chosen resonator and the card
    itself both gain it (CR 1003, 1020.3)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-288", "Made-up Duelist", "Resonator", [
            "{R}: This card and target resonator gain [+200/+100] until end of turn."]),
        _card("TXT-283", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    duelist, squire = sc.field(0, ["TXT-288", "TXT-283"])
    g = sc.game()
    i = [int(x) for x in sc.zone(0, "field")].index(duelist)
    before = [current_values(g.state, g._T, c)[:2] for c in (duelist, squire)]
    _activate(g, i, 0, target=squire)
    for c, (atk, dfn) in zip((duelist, squire), before):
        assert current_values(g.state, g._T, c)[:2] == (atk + 200, dfn + 100)


def test_cr_1011_2_banish_a_card_as_an_effect_is_the_controllers_player_banish():
    """"[Enter] => Banish a magic stone.": its controller chooses among the cards they control (no target) and banishes
    it (CR 1011.2), the op of "you may banish a <card>" without the "you may"."""
    eff = exact("[Enter] => Banish a magic stone.").abilities[0]["effect"]
    assert eff == [{"op": "player_banish", "filter": {"type": ["magic_stone"], "side": "own"}, "count": 1,
                    "who": "controller"}]
    opt = exact("[Enter] => You may banish a magic stone. If you do, draw a card.").abilities[0]["effect"]
    assert {k: v for k, v in opt[0].items() if k != "optional"} == eff[0] or opt[0]["op"] == "player_banish"
    # a cost stays a cost
    assert exact("Banish a resonator: Draw a card.").abilities[0]["cost"] == {"pay_chosen": "banish"}
    # CR 1011.2: a player banishes only cards they control
    assert line("[Enter] => Banish a resonator your opponent controls.").verdict is Verdict.UNSUPPORTED


def test_cr_1011_2_enter_banish_a_resonator_its_controller_chooses_and_if_you_do_draws(tmp_path):
    """"[Enter] => Banish a resonator. If you do, draw a card.": its controller chooses one of the resonators they
    control (the entering card too is offered) and puts it into the graveyard (CR 1011.2), then draws."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Herald", "Resonator", ["[Enter] => Banish a resonator. If you do, draw a card."]),
             _card("TXT-002", "Made-up Page", "Resonator", [])]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    (page,) = sc.field(0, ["TXT-002"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    offered = []
    for _ in range(20):
        d, n = int(g.state[H_DECISION]), int(g.state[S.CAND_N])
        if d != K.Decision.PRIORITY and n:
            offered = [int(g.state[S.CAND + k]) for k in range(n)]
            g.step(K.OPTION_BASE + offered.index(page))
        elif d == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0 and \
                int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD:
            break
        else:
            g.step(K.PASS)
    assert sorted(offered) == sorted([card, page])
    assert int(g.state[S.ZONE + page * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.HAND_N]) == 1
