"""What a player reads of imported cards: ``tcg cards show`` prints each printed ability once (a "Choose one" ability's
modes are ability rows of their own, CR 903.2e), an op about a player names that player, and two automatic abilities of
one card waiting to be played (CR 906.2: their controller orders them) have labels that tell them apart."""

from __future__ import annotations

import pytest

from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _imported_pool
from test_fow_card_text_s24b import _card, _ruler


@pytest.fixture(scope="module")
def label_pool(tmp_path_factory):
    cards = [_ruler("TXT-001", "Made-up Herald"),
             _card("TXT-002", "Made-up Oracle", "Resonator", [
                 "[Enter] >>> Choose one - Draw a card; or you gain 200 life; or this card deals 300 damage to target "
                 "player."]),
             _card("TXT-003", "Made-up Twin", "Resonator", [
                 "[Enter] >>> Draw a card.", "[Enter] >>> You gain 200 life."], cost="{0}")]
    res, pool = _imported_pool(tmp_path_factory.mktemp("labels"), cards)
    return pool


def test_cr_903_2e_cards_show_prints_a_choose_one_ability_once(label_pool):
    from tcg_env.cli import _card_lines

    lines = _card_lines("force_of_will", label_pool, label_pool.index["TXT-002"])
    abilities = [x for x in lines if x.lstrip().startswith("ability:")]
    assert len(abilities) == 1, lines
    assert "choose one:" in abilities[0]


def test_an_op_about_a_player_names_the_player(label_pool):
    from tcg_env.cli import _card_lines

    shown = "\n".join(_card_lines("force_of_will", label_pool, label_pool.index["TXT-003"]))
    assert "gain life 200 (you)" in shown, shown


def test_cr_906_2_two_automatic_abilities_of_one_card_have_distinct_labels(label_pool):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(label_pool, turn_player=0, seed=1)
    twin = sc.put(0, "TXT-003", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    for _ in range(6):  # the spell resolves (CR 702): both [Enter] abilities trigger together
        if int(g.state[H_DECISION]) == K.Decision.ORDER_AUTOMATIC:
            break
        g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.ORDER_AUTOMATIC
    assert int(g.state[S.ZONE + twin * S.CARD_W]) == K.Zone.FIELD
    labels = [g.describe_action(a) for a in g.legal_actions().tolist()]
    assert len(labels) == 2 and labels[0] != labels[1], labels
    assert any("draw 1" in x for x in labels) and any("gain life 200" in x for x in labels), labels
    assert all(x.startswith("Play next: the automatic ability of Made-up Twin (") for x in labels), labels
