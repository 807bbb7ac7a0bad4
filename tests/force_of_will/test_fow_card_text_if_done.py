"""Force of Will "If you do, ..." / "If you don't, ..." (the shared IF_DONE of the effect interpreter,
engine.effects): an instruction that cannot be done is not done (CR 104.2: a discard from an empty hand discards
nothing), and the sentence after it follows. Lines are made up in the game's template language. Rule numbers:
CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, line

_FIRE = "FOW1-079"  # a fire magic stone of the starter pool


def test_cr_104_2_if_you_do_compiles_to_if_done_right_after_the_discard():
    r = line("[Enter] => You may discard a card. If you do, draw two cards.")
    assert r.verdict is Verdict.EXACT, r.reason
    ab, = r.abilities
    assert ab["optional"] and ab["effect"] == [{"op": "discard", "count": 1, "who": "controller"},
                                               {"op": "if_done", "rows": 1}, {"op": "draw", "count": 2}]
    # declining the "you may" skips the whole ability: an "If you don't" after it would not run, so it is refused;
    # so is "if you do" after an instruction that does not report whether it was done
    assert line("[Enter] => You may discard a card. If you don't, draw a card.").verdict is Verdict.UNSUPPORTED
    assert line("[Enter] => You may draw a card. If you do, discard a card.").verdict is Verdict.UNSUPPORTED


def _chant_game(tmp_path, text, hand_extra):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Trade", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    res, pool = _imported_pool(tmp_path, [chant])
    assert res.text_records[0].verdict is Verdict.EXACT, res.text_records[0].lines[0].reason
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    if hand_extra:
        sc.hand(0, [_FIRE] * hand_extra)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, card


def _resolve(g, card):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for _ in range(20):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[H_DECISION]) == K.Decision.PRIORITY:
            return
        legal = [int(a) for a in g.legal_actions()]
        if int(g.state[H_DECISION]) == K.Decision.PRIORITY or legal == [K.PASS]:
            g.step(K.PASS)
        else:
            g.step(next(a for a in legal if a != K.PASS))
    raise AssertionError("the chant did not resolve")


@pytest.mark.parametrize("extra, hand_after", [(1, 2), (0, 0)])
def test_cr_104_2_discard_a_card_if_you_do_draw_two(tmp_path, extra, hand_after):
    # a card to discard: discarded, two drawn; an empty hand: nothing discarded (CR 104.2), so nothing drawn
    from tcg_env.games.force_of_will import state as S

    g, card = _chant_game(tmp_path, "Discard a card. If you do, draw two cards.", extra)
    _resolve(g, card)
    assert int(g.state[S.HAND_N]) == hand_after


@pytest.mark.parametrize("extra, life_gained", [(1, 0), (0, 500)])
def test_cr_104_2_discard_a_card_if_you_dont_gain_life(tmp_path, extra, life_gained):
    from tcg_env.games.force_of_will import state as S

    g, card = _chant_game(tmp_path, "Discard a card. If you don't, you gain 500 life.", extra)
    life = int(g.state[S.LIFE])
    _resolve(g, card)
    assert int(g.state[S.LIFE]) == life + life_gained and int(g.state[S.HAND_N]) == 0
