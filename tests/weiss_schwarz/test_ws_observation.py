"""What the observation shows of a character on the stage: the stage is public (CR 3.5.3, 3.6.2), and so is
what a character has now. Its stage row shows its keywords (``kw_*``) and restrictions (``cant_*``)
as the rules read them (the derived ``D_KW`` / ``D_RST``: printed, granted until the end of the
turn, from continuous abilities; ``characteristics.refresh_derived``), in both players' observations."""

import numpy as np
from ws_helpers import find_action

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import observation as O
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.scenario import Scenario

COL = {name: O.CARD_FEATURES + i for i, name in enumerate(O.STAGE_EXTRA)}  # stage row columns
BLUE = ("blue_counter_control", "blue_counter_control")


def stage_row(g, viewer, player, pos):
    """``player``'s stage position ``pos`` in ``viewer``'s observation."""
    base = O.OBS_MY_STAGE if player == viewer else O.OBS_OPP_STAGE
    o = base + pos * O.STAGE_FEATURES
    return g.observe(viewer)[o : o + O.STAGE_FEATURES]


def test_cr_3_6_2_cant_frontal_attack_is_public():
    """Leviathan Rider: "When this card is placed on the stage from your hand, choose up to 1 of
    your opponent's characters. Until the end of your opponent's next turn, that character cannot
    frontal attack." Before, no column showed it: the rows were the same before and after."""
    sc = Scenario.main_phase(decks=BLUE, turn_player=0)
    cid = sc.pool.card_id
    sc.put(0, cid("LF-073"), "hand")
    sc.put_many(0, [cid("LF-064"), cid("LF-065")], "level")  # level 2, blue
    sc.put_many(0, [cid("LF-066"), cid("LF-066")], "stock")  # cost 2
    foe = sc.put(1, cid("LF-064"), "stage", pos=1)
    g = sc.game()
    before = {p: stage_row(g, p, 1, 1) for p in (0, 1)}
    g.step(find_action(g, "Play Leviathan Rider to center left"))
    g.step(find_action(g, "Choose opponent's center middle"))
    assert int(g.state[S.D_RST + foe * S.CARD_W]) & K.RESTRICT_CANT_FRONTAL  # what the rules read
    for viewer in (0, 1):
        row = stage_row(g, viewer, 1, 1)
        assert before[viewer][COL["cant_frontal_attack"]] == 0.0 and row[COL["cant_frontal_attack"]] == 1.0
        assert not row[COL["cant_attack"]] and not row[COL["cant_side_attack"]]
        assert not np.array_equal(row, before[viewer])


def test_cr_3_6_2_a_characters_keywords_printed_and_granted_are_public():
    """Harbor Ghost has a printed Assist (CR 10.3); a keyword granted until the end of the turn (the
    modifier an effect leaves, KWMOD) shows beside it; before, a stage row had no keyword columns."""
    sc = Scenario.main_phase(decks=BLUE, turn_player=0)
    cid = sc.pool.card_id
    ghost = sc.put(1, cid("LF-067"), "stage", pos=3)
    sc.row[S.KWMOD + ghost * S.CARD_W] = K.KW_GREAT_PERFORMANCE
    g = sc.game()
    assert int(g.state[S.D_KW + ghost * S.CARD_W]) == K.KW_ASSIST | K.KW_GREAT_PERFORMANCE
    for viewer in (0, 1):
        row = stage_row(g, viewer, 1, 3)
        kws = [name for name in K.KEYWORD_BITS if row[COL[f"kw_{name}"]] == 1.0]
        assert kws == ["assist", "great_performance"]
        assert not row[COL["cant_attack"] : COL["cant_attack"] + O.N_RESTRICTIONS].any()
