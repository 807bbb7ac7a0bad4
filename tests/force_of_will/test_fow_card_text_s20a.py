"""Force of Will card text, session 20 (branch s20-fowa): choices of options ("Choose two", "Choose up to two", a
mode that is itself a choice), looking at the opponent's hand, counts of the removed area. Lines are made up in the
game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import exact, line
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
