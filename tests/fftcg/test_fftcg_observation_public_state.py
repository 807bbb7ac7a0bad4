"""FF-TCG observations show the public state real cards added (fftcg_v2): a once-per-turn action
ability used this turn (CR 9.5.1.3.2, ``ability0_used`` / ``ability1_used``), the actions a modal
Summon or ability on the stack selected (``action*_selected``, CR 7.12: the stack is public), and a
hand card's cost reduced by its own text (``cost_div10``, the owner's hand). The text board names
them. The cards are the made-up ones of test_fftcg_card_text."""


import pytest

from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import observation as O
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.scenario import Scenario
from tests.fftcg.fftcg_helpers import do, import_mini, is_legal, mini_deck, slot_of
from tests.fftcg.test_fftcg_card_text import _modal_game, _pay, _records


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff", _records())


def _field_row(g, viewer, owner, slot):
    """``slot``'s row (``owner``'s field) in ``viewer``'s observation, by column name."""
    i = [int(x) for x in g.state[S.FIELD_L + owner * K.FIELD_SLOTS: S.FIELD_L + owner * K.FIELD_SLOTS
                                 + int(g.state[S.FIELD_N + owner])]].index(slot)
    base = O.OBS_OWN_FIELD if viewer == owner else O.OBS_OPP_FIELD
    obs = g.observe(viewer)
    return {c: float(obs[base + i * O.CARD_FEATURES + k]) for k, c in enumerate(O.CARD_COLUMNS)}


def _stack_top(g, viewer):
    obs = g.observe(viewer)
    return {c: float(obs[O.OBS_STACK + k]) for k, c in enumerate(O.ENTRY_COLUMNS)}


def test_cr_9_5_1_3_2_a_once_per_turn_ability_used_this_turn_is_shown_in_both_views(mini):
    """"{0}: Draw 1 card. You can only use this ability once per turn.": once used, Idler's row shows
    ``ability0_used`` in its controller's view and in the opponent's (who saw it used; nothing else
    tells it the ability cannot be used again); the board says so; a Backup without it shows 0."""
    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-034", "T-001"])
    g = sc.game()
    idler, ledger = slot_of(g, "T-034"), slot_of(g, "T-001")
    for viewer in (0, 1):
        assert _field_row(g, viewer, 0, idler)["ability0_used"] == 0.0
    do(g, "Use ability: Idler")
    for _ in range(6):
        if g.decision == K.Decision.PRIORITY and g.current_player == 0 and int(g.state[S.STACK_N]) == 0:
            break
        g.step(K.PASS)
    assert not is_legal(g, "Use ability: Idler")
    for viewer in (0, 1):
        row = _field_row(g, viewer, 0, idler)
        assert (row["ability0_used"], row["ability1_used"]) == (1.0, 0.0)
        assert _field_row(g, viewer, 0, ledger)["ability0_used"] == 0.0
    idler_line = next(x for x in g.render().splitlines() if "Idler" in x)
    assert "ability 1 used this turn" in idler_line


def test_cr_7_12_the_actions_a_modal_summon_selected_are_shown_on_the_stack(mini):
    """"Select 1 of the 2 following actions.": Either cast with action 2 selected shows
    ``action2_selected`` (and not action 1) in its stack row, in both views; a plain Summon's row has
    no action selected (its E_MODE word is a target's slot); the board's stack line names the action."""
    g = _modal_game(mini, "T-037")
    do(g, "Cast Either")
    g.step(K.PASS)  # not action 1: action 2 ("Draw 1 card.") is selected
    for _ in range(10):
        if int(g.state[S.STACK_N]) > 0:
            break
        acts = [int(a) for a in g.legal_actions()]
        g.step(_pay(acts) if g.decision == K.Decision.PAY_CP else acts[0])
    assert int(g.state[S.STACK_N]) == 1
    for viewer in (0, 1):
        row = _stack_top(g, viewer)
        assert row["present"] == 1.0 and row["is_summon"] == 1.0
        assert [row[f"action{k}_selected"] for k in range(1, 6)] == [0.0, 1.0, 0.0, 0.0, 0.0]
    assert "action 2 selected" in g.render()


def test_a_plain_summon_on_the_stack_selects_no_action(mini):
    """"Choose 1 Forward opponent controls. Deal it 4000 damage." (not modal) on the stack: every
    ``action*_selected`` is 0 (E_MODE's word is then a register's card slot, not read)."""
    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, ["T-001", "T-007", "T-030"])
    sc.field(1, ["T-010"])
    sc.move(slot_of(sc.game(), "T-005", K.Zone.DECK), K.Zone.HAND, 0)
    g = sc.game()
    do(g, "Cast Blast")
    for _ in range(10):
        if int(g.state[S.STACK_N]) > 0:
            break
        acts = [int(a) for a in g.legal_actions()]
        g.step(_pay(acts) if g.decision == K.Decision.PAY_CP else acts[0])
    row = _stack_top(g, 1)
    assert row["present"] == 1.0 and not any(row[f"action{k}_selected"] for k in range(1, 6))


@pytest.mark.parametrize("knights, cost", [([], 4), (["T-003"], 2)])
def test_the_cost_of_a_hand_card_reduced_by_its_own_text_is_its_cost_column(mini, knights, cost):
    """"If you control a [Job Knight] Forward, the cost required to cast Bargain is reduced by 2.": the
    owner's hand row shows the cost it would pay now (2 with a Knight, 4 without)."""
    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.hand(0, ["T-035"])
    sc.field(0, knights)
    g = sc.game()
    obs = g.observe(0)
    assert obs[O.OBS_HAND + O.R_COST] == pytest.approx(cost / 10)
    assert obs[O.OBS_HAND + O.HAND.col("card_id_plus1")] == pool.card_id("T-035") + 1
