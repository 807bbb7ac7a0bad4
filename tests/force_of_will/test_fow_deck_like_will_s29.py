"""A magic stone has no attribute (CR 208.4): the will it produces (CR 907) is what tells a Fire Magic Stone from a
Water one. ``card_attributes`` lists it as the filter ``will`` (``tcg cards list --will fire``), and ``deck_like``
matches a built-in deck's stones by it (session 29: the as_like decks drawn from the fow-sim list held stones that
made no fire will for a fire deck, so they could seldom pay for their cards and their games dragged on)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tcg_env
from tcg_env.cli import main
from tcg_env.games.force_of_will import constants as K

FOW_SIM = Path(__file__).resolve().parents[3] / "shared" / "carddata" / "force_of_will" / "antlebel2_fow-sim__cards.json"


def test_cr_907_the_will_filter_names_the_will_a_card_produces():
    spec = tcg_env.get_spec("force_of_will")
    pool = spec.load_tables()
    wills, choices = spec.card_attributes(pool)["will"]
    by_number = dict(zip(pool.numbers, wills))
    assert by_number["FOW1-079"] == "fire" and by_number["FOW1-081"] == "wind"
    assert by_number["FOW1-083"] == "fire/wind"  # a dual stone: either will (C_WILL_A, C_WILL_B)
    resonators = [w for c, w in enumerate(wills) if pool.cards[c, K.C_TYPE] == K.CardType.RESONATOR]
    assert resonators and "none" in resonators
    assert set(wills) <= set(choices)


def test_cards_list_filters_by_the_will_produced(capsys):
    assert main(["cards", "list", "--game", "force_of_will", "--will", "fire/wind"]) == 0
    out = capsys.readouterr().out
    assert "FOW1-083" in out and "FOW1-079" not in out
    assert main(["cards", "list", "--game", "force_of_will", "--will", "plasma"]) != 0
    assert "unknown will 'plasma'" in capsys.readouterr().err


@pytest.mark.skipif(not FOW_SIM.exists(), reason="needs ../shared/carddata")
def test_cr_907_deck_like_stands_a_stone_of_the_same_will_for_each_built_in_stone(tmp_path):
    from tcg_env.cards.deck_like import deck_like
    from tcg_env.cards.files import import_card_file, load_game_pool, write_pool

    pool = load_game_pool("force_of_will", write_pool("force_of_will", list(import_card_file("force_of_will", FOW_SIM)),
                                                      tmp_path / "pool.json"))  # fmt: skip
    spec = tcg_env.get_spec("force_of_will")
    base = spec.load_tables()
    base_wills = spec.card_attributes(base)["will"][0]
    pool_wills = spec.card_attributes(pool)["will"][0]
    stone_wills = {w for c, w in enumerate(pool_wills) if pool.cards[c, K.C_TYPE] == K.CardType.MAGIC_STONE}
    like = "ember_gale_aggro"
    ref = [int(c) for c in spec.load_deck(base, like, None).card_ids]
    for abilities in ("as_like", "first"):
        deck = deck_like("force_of_will", pool, like, abilities=abilities)
        stones = [(base_wills[c], pool_wills[pool.index[n]]) for c, n in zip(ref, deck)
                  if base.cards[c, K.C_TYPE] == K.CardType.MAGIC_STONE]  # fmt: skip
        assert stones, abilities
        for want, got in stones:
            if want in stone_wills:
                assert got == want, (abilities, want, got)
