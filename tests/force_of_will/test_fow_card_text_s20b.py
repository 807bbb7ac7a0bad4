"""Force of Will card text, session 20 (branch s20-fowb): judgment, Inverse cards and the long tail. "Whenever you do
judgment of a ruler" on any card (CR 705.3a-i), "Invert this card." and "When this card inverts" (CR 1030, 1302.3).
Lines are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
import pytest
from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from fow_tables import kernel_move
from test_fow_card_text import _drive, _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{W}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["W"], "abilities": abilities, **kw}


def _all_exact(res):
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.number, [x.reason for x in r.lines]) for r in res.text_records]


# ---- CR 705.3a-i: "whenever you do judgment (of a ruler)" on any card ----------------------------------------------
def test_cr_705_3a_i_you_do_judgment_on_any_card_watches_your_j_ruler():
    """On a card that is not the J-ruler the trigger is Trigger.JUDGMENT about the J-ruler just put into the field, one
    of yours (the trigger filter); on the J-ruler itself it stays its own judgment."""
    want = {"kind": "automatic", "trigger": "judgment", "trigger_filter": {"type": ["j_ruler"], "side": "own"},
            "effect": [{"op": "draw", "count": 1}]}
    for ctype in ("resonator", "addition", "magic_stone", "ruler"):
        assert exact("Whenever you do judgment of a ruler => Draw a card.", ctype).abilities == [want]
    assert exact("Whenever you do judgment => Draw a card.", "regalia").abilities == [want]
    assert exact("Whenever you do judgment => Draw a card.", "j_ruler").abilities == [
        {"kind": "automatic", "trigger": "judgment", "effect": [{"op": "draw", "count": 1}]}]
    assert line("Whenever you do judgment of a ruler => Draw a card.", "chant").verdict is Verdict.UNSUPPORTED


# ---- CR 1030.1 / 1030.2: "Invert this card." and "When this card inverts" ------------------------------------------
def test_cr_1030_invert_this_card_and_when_this_card_inverts_compile():
    assert exact("Whenever you do judgment of a ruler => Invert this card.").abilities[0]["effect"] == [{"op": "invert"}]
    assert exact("When this card inverts => Draw a card.", "addition").abilities == [
        {"kind": "automatic", "trigger": "inverts", "effect": [{"op": "draw", "count": 1}]}]
    for ctype in ("chant", "ruler", "j_ruler"):
        assert line("Whenever you do judgment of a ruler => Invert this card.", ctype).verdict is Verdict.UNSUPPORTED
        assert line("When this card inverts => Draw a card.", ctype).verdict is Verdict.UNSUPPORTED


def _inverse_cards(hope_lines=("Whenever you do judgment of a ruler => Invert this card.",)):
    # a fow-sim pair: "<id>^" with the race Inverse is the despair side (CR 1302.3), its cost printed "0"
    return [_card("TXT-001", "Made-up Hopeful Knight", "Resonator", list(hope_lines), ATK=300, DEF=300, race=["Knight"]),
            _card("TXT-001^", "Made-up Despairing Knight", "Resonator", ["When this card inverts => Draw a card."],
                  cost="0", ATK=900, DEF=700, race=["Knight", "Inverse"], colour=["B"])]


def test_cr_1302_3_the_importer_pairs_an_inverse_cards_sides(tmp_path):
    """The despair side ("<id>^", Inverse among its races) is imported as "<id>-despair" and named by the hope side's
    field ``inverse``; C_J_SIDE holds the despair side's row (hope side) and -2 - the hope side's (despair side). A
    hope side whose despair side is not in the list: "Invert this card" is refused (no side to turn up)."""
    res, pool = _imported_pool(tmp_path, _inverse_cards())
    _all_exact(res)
    hope, back = pool.index["TXT-001"], pool.index["TXT-001-despair"]
    assert pool.models[hope].inverse == "TXT-001-despair"
    assert int(pool.cards[hope, K.C_J_SIDE]) == back and int(pool.cards[back, K.C_J_SIDE]) == -2 - hope
    res, _ = _imported_pool(tmp_path, _inverse_cards()[:1])
    assert res.text_records[0].verdict is Verdict.UNSUPPORTED
    assert "invert" in res.text_records[0].lines[0].reason


def test_cr_1302_3_a_despair_side_is_no_deck_card(tmp_path):
    from tcg_env.cards.errors import DeckError
    from tcg_env.games.force_of_will.adapter import card_attributes
    from tcg_env.games.force_of_will.decks import split_deck

    _, pool = _imported_pool(tmp_path, _inverse_cards())
    back = pool.index["TXT-001-despair"]
    ruler = next(i for i, m in enumerate(pool.models) if m.type == "ruler")
    from tcg_env.cards.decks import Deck

    with pytest.raises(DeckError, match="despair side"):
        split_deck(pool, Deck(name="d", card_ids=np.array([ruler, back], np.int32)))
    assert card_attributes(pool)["type"][0][back] == "despair_side"


def _judgment_game(pool, turn_player):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=turn_player, seed=1)
    (knight,) = sc.field(0, ["TXT-001"])
    sc.row[S.RESTED + knight * S.CARD_W] = 1
    for a in range(5):
        sc.will(turn_player, a, 5)
    g = sc.game()
    assert K.JUDGMENT in g.legal_actions().tolist()
    return g, knight


def test_cr_1030_1_your_judgment_inverts_the_card_and_its_despair_side_triggers(tmp_path):
    """Player 0's judgment (CR 705.3a-i) inverts player 0's Inverse resonator: the same slot shows the despair side
    (its ATK 900), still rested (CR 1302.3c), and the despair side's "When this card inverts => Draw a card." draws
    (CR 1030.2). Put into the graveyard it is hope side up again (CR 1302.3e)."""
    from fow_tables import current_values

    res, pool = _imported_pool(tmp_path, _inverse_cards())
    _all_exact(res)
    g, knight = _judgment_game(pool, 0)
    back = pool.index["TXT-001-despair"]
    hand = int(g.state[S.HAND_N])
    g.step(K.JUDGMENT)
    _drive(g, lambda g: int(g.state[S.HAND_N]) > hand, steps=40)
    assert int(g.state[S.CARD + knight * S.CARD_W]) == back
    assert int(g.state[S.ZONE + knight * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.RESTED + knight * S.CARD_W]) == 1
    assert current_values(g.state, g._T, knight)[0] == 900
    assert int(g.state[S.HAND_N]) == hand + 1
    s = g.state.copy()  # (the game's own state is read-only)
    assert kernel_move(s, g._T, knight, int(K.Zone.GRAVEYARD))
    assert int(s[S.CARD + knight * S.CARD_W]) == pool.index["TXT-001"]


def test_cr_705_3a_i_the_opponents_judgment_does_not_invert_your_card(tmp_path):
    """Player 1's judgment: player 0's "whenever you do judgment" does not trigger (the J-ruler is not player 0's)."""
    _, pool = _imported_pool(tmp_path, _inverse_cards())
    g, knight = _judgment_game(pool, 1)
    g.step(K.JUDGMENT)
    _drive(g, lambda g: int(g.state[S.ZONE + (K.RULER_SLOT + K.PLAYER_SLOTS) * S.CARD_W]) == K.Zone.FIELD
           and int(g.state[S.CHASE_N]) == 0, steps=40)
    assert int(g.state[S.CHASE_N]) == 0
    assert int(g.state[S.CARD + knight * S.CARD_W]) == pool.index["TXT-001"]


def test_cr_1302_3e_a_hope_side_leaving_the_field_stays_hope_side_and_removed_keeps_despair(tmp_path):
    """CR 1302.3e: the removed area is one of the zones where the side up is kept; the hand is not."""
    _, pool = _imported_pool(tmp_path, _inverse_cards())
    back = pool.index["TXT-001-despair"]
    for zone, want in ((K.Zone.REMOVED, back), (K.Zone.HAND, pool.index["TXT-001"])):
        g, knight = _judgment_game(pool, 0)
        s = g.state.copy()
        s[S.CARD + knight * S.CARD_W] = back  # despair side up (as INVERT leaves it)
        assert kernel_move(s, g._T, knight, int(zone))
        assert int(s[S.CARD + knight * S.CARD_W]) == want
