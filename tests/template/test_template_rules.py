"""The template game's rules (docs/template/rules.md), one test per rule, on positions built with
its scenario builder and played through the facade by the actions' descriptions."""

from __future__ import annotations

import pytest

from tcg_env.games.template import state as S
from tcg_env.games.template.constants import Decision
from tcg_env.games.template.scenario import TemplateScenario


def act(game, words: str) -> None:
    """Take the first legal action whose description starts with ``words``."""
    found = [a for a in game.legal_actions() if game.describe_action(a).startswith(words)]
    assert found, (words, offered(game))
    game.step(int(found[0]))


def offered(game) -> list[str]:
    return [game.describe_action(a) for a in game.legal_actions()]


def names(game, player: int, zone: str) -> list[str]:
    return [game.pool.names[int(game.state[S.CARD + s * S.CARD_W])] for s in TemplateScenario(game).zone(player, zone)]


def power(game, player: int) -> dict[str, int]:
    view = game.spec.public_view(game, None)
    field = next(a for a in view.players[player].areas if a.name == "field")
    return {c.name: int(dict(c.stats)["power"]) for c in field.cards}


def test_r_6_1_a_card_is_played_only_if_the_pool_pays_its_colours_and_its_generic_mana():
    sc = TemplateScenario.main_phase(0)
    sc.hand(0, ["TPL-002"])  # Cinder Hound: 2 red, 1 any
    sc.set(S.MANA, 1)  # red 1, blue 3: not enough red
    assert not any(d.startswith("Play Cinder Hound") for d in offered(sc.game()))
    sc.set(S.MANA, 2)
    sc.set(S.MANA + 1, 1)
    g = sc.game()
    act(g, "Play Cinder Hound")
    assert list(g.state[S.MANA:S.MANA + 2]) == [0, 0]
    assert names(g, 0, "stack") == ["Cinder Hound"] and g.decision == Decision.COUNTER


def test_r_6_3_a_creature_enters_rested_and_not_with_three_on_the_field():
    sc = TemplateScenario.main_phase(0)
    sc.hand(0, ["TPL-001", "TPL-001"])
    sc.put_many(0, ["TPL-002", "TPL-002"], "field")
    g = sc.game()
    act(g, "Play Ember Pup")
    act(g, "Don't negate")
    assert names(g, 0, "field") == ["Cinder Hound", "Cinder Hound", "Ember Pup"]
    assert "Attack with Ember Pup" not in offered(g)  # rested: it cannot attack this turn
    assert not any(d.startswith("Play Ember Pup") for d in offered(g))  # three creatures


def test_r_8_2_a_negate_negates_the_card_being_played():
    sc = TemplateScenario.main_phase(0)
    sc.hand(0, ["TPL-001"])
    sc.hand(1, ["TPL-006"])
    g = sc.game()
    act(g, "Play Ember Pup")
    assert offered(g) == ["Don't negate", "Negate with Negate (1 blue)"] and g.current_player == 1
    act(g, "Negate with Negate")
    act(g, "Don't negate")  # player 0 has no Negate: its only answer
    assert names(g, 0, "discard") == ["Ember Pup"] and names(g, 1, "discard") == ["Negate"]
    assert names(g, 0, "field") == [] and g.decision == Decision.MAIN and g.current_player == 0


def test_r_8_3_negates_resolve_last_first_and_a_negated_negate_does_nothing():
    sc = TemplateScenario.main_phase(0)
    sc.hand(0, ["TPL-001", "TPL-006"])
    sc.hand(1, ["TPL-006"])
    g = sc.game()
    act(g, "Play Ember Pup")
    act(g, "Negate with Negate")  # player 1
    act(g, "Negate with Negate")  # player 0 answers it (R 8.2)
    act(g, "Don't negate")  # player 1 declines: the window closes (R 8.3)
    assert names(g, 0, "field") == ["Ember Pup"]  # R 8.4: completed
    assert names(g, 0, "discard") == ["Negate"] and names(g, 1, "discard") == ["Negate"]


def test_r_7_1_rally_cry_gives_plus_2_to_own_creatures_of_power_2_or_less_until_end_of_turn():
    sc = TemplateScenario.main_phase(0)
    sc.hand(0, ["TPL-005"])
    sc.put_many(0, ["TPL-001", "TPL-002"], "field")
    sc.put(1, "TPL-001", "field")
    g = sc.game()
    act(g, "Play Rally Cry")
    act(g, "Don't negate")
    assert power(g, 0) == {"Ember Pup": 4, "Cinder Hound": 3} and power(g, 1) == {"Ember Pup": 2}
    act(g, "End the turn")  # R 7.2 / 10.2
    assert power(g, 0) == {"Ember Pup": 2, "Cinder Hound": 3}


def test_r_9_3_blocked_the_creature_with_less_power_is_destroyed_both_on_a_tie():
    sc = TemplateScenario.main_phase(0)
    sc.put_many(0, ["TPL-002", "TPL-001"], "field")
    sc.put_many(1, ["TPL-001", "TPL-001"], "field")
    g = sc.game()
    act(g, "Attack with Cinder Hound")
    assert g.decision == Decision.BLOCK and g.current_player == 1
    act(g, "Block with Ember Pup")  # 3 against 2
    assert names(g, 0, "field") == ["Cinder Hound", "Ember Pup"] and names(g, 1, "discard") == ["Ember Pup"]
    act(g, "Attack with Ember Pup")
    act(g, "Block with Ember Pup")  # 2 against 2
    assert names(g, 0, "field") == ["Cinder Hound"] and names(g, 1, "field") == []
    assert names(g, 0, "discard") == ["Ember Pup"] and names(g, 1, "discard") == ["Ember Pup", "Ember Pup"]
    assert list(g.state[S.LIFE:S.LIFE + 2]) == [40, 40]  # blocked: no life lost


def test_r_9_4_unblocked_the_other_player_loses_life_equal_to_the_attackers_power():
    sc = TemplateScenario.main_phase(0, life=(40, 3))
    sc.put(0, "TPL-002", "field")
    sc.put(1, "TPL-001", "field")
    g = sc.game()
    act(g, "Attack with Cinder Hound")
    act(g, "Don't block")
    assert g.done and g.winner == 0  # R 1.2: 3 - 3 = 0 life


def test_r_11_1_a_tide_scout_entering_asks_may_draw_yes_draws():
    sc = TemplateScenario.main_phase(0)
    sc.hand(0, ["TPL-003", "TPL-003"])
    g = sc.game()
    deck = len(TemplateScenario(g).zone(0, "deck"))
    act(g, "Play Tide Scout")
    act(g, "Don't negate")
    assert g.decision == Decision.OPTIONAL_DRAW and offered(g) == ["Don't draw", "Draw a card (Herald)"]
    act(g, "Draw a card")
    assert len(names(g, 0, "hand")) == 2 and len(TemplateScenario(g).zone(0, "deck")) == deck - 1
    act(g, "Play Tide Scout")
    act(g, "Don't negate")
    act(g, "Don't draw")
    assert len(names(g, 0, "hand")) == 1 and g.decision == Decision.MAIN


def test_r_10_1_the_turn_player_discards_down_to_five_one_card_at_a_time():
    sc = TemplateScenario.main_phase(0)
    sc.hand(0, ["TPL-001", "TPL-002", "TPL-003", "TPL-004", "TPL-005", "TPL-006", "TPL-001"])
    g = sc.game()
    act(g, "End the turn")
    assert g.decision == Decision.DISCARD and len(offered(g)) == 7
    act(g, "Discard Negate")
    act(g, "Discard Reef Guardian")
    assert len(names(g, 0, "hand")) == 5 and g.current_player == 1 and g.decision == Decision.MAIN


@pytest.mark.parametrize("player", [0, 1])
def test_r_1_3_a_player_who_must_draw_from_an_empty_deck_loses(player):
    sc = TemplateScenario.main_phase(1 - player)
    for slot in sc.zone(player, "deck"):
        sc.move(slot, "discard")
    g = sc.game()
    act(g, "End the turn")
    assert g.done and g.winner == 1 - player


def test_r_1_1_a_deck_holds_exactly_30_cards_any_number_of_copies():
    from tcg_env.cards.errors import DeckError
    from tcg_env.games.template import decks, load_pool

    pool = load_pool()
    assert len(decks.load_deck(pool, ["TPL-001"] * 30)) == 30  # 30 copies of one card: legal
    for n in (29, 31):
        with pytest.raises(DeckError, match=rf"{n} cards: a deck has exactly 30 cards \(R 1\.1\)"):
            decks.load_deck(pool, ["TPL-001"] * n)
    assert sorted(decks.list_decks()) == ["blue_control", "red_rush"]
