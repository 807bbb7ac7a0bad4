"""Force of Will card text, session 31 (branch s31-a2): [Sealed Item] (CR 1130) - "[Sealed Item] <<Item Name>>
(ability)" means the card has (ability) (CR 1130.2), so the line compiles as its ability alone; and the list's HTML
arrow "&rArr;" read as "=>". Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import exact, line


@pytest.mark.parametrize("prefix", [
    "Sealed Item <<Toy Lantern>> ",
    "Sealed Item <Toy Lantern> ",
    "[Sealed Item] \u2039\u2039Toy Lantern\u203a\u203a (This card has the following text everywhere) ",
    "Sealed Item \u00abToy Lantern\u00bb (This card has the following text everywhere.) ",
])
@pytest.mark.parametrize("ability, ctype", [
    ("At the end of your turn => Put the top card of your deck into your graveyard.", "ruler"),
    ("{0}: You gain 300 life. Play this ability only once per turn.", "j_ruler"),
    ("At the beginning of the game => Put two mystery counters on this card.", "ruler"),
])
def test_cr_1130_2_a_sealed_item_is_its_ability(prefix, ability, ctype):
    bare = exact(ability, ctype)
    sealed = exact(prefix + ability, ctype)
    assert sealed.fields == bare.fields and sealed.abilities == bare.abilities


def test_html_arrow_reads_as_the_arrow():
    assert exact("At the end of your turn &rArr; Draw a card.", "ruler").abilities == \
        exact("At the end of your turn => Draw a card.", "ruler").abilities


def test_cr_1130_2_a_sealed_item_gods_art_stays_unsupported():
    # the J-ruler side's activate room (ABILITIES_PER_CARD) is kept for the ruler side's [Energize] will coin
    assert line('Sealed Item <<Toy Lantern>> God\'s Art "Glow" {R}: Draw a card.', "j_ruler").verdict \
        is Verdict.UNSUPPORTED


def test_sealed_item_needs_its_item_name():
    assert line("Sealed Item At the end of your turn => Draw a card.", "ruler").verdict is Verdict.UNSUPPORTED


# ---- races named in the plural (CR 1403: a race is a word of the card's race line) ----------------------------------
def test_cr_1403_a_race_whose_name_ends_in_s_reads_as_plural_at_a_sentence_end():
    from tcg_env.games.force_of_will.card_text import normalise_line
    races = frozenset({"Robots", "Hero"})
    assert "play <races:Robots>." in normalise_line("Spend this will only to play Robots.", races=races)
    assert "a <race:Robots> resonator" in normalise_line("Destroy a Robots resonator.", races=races)
    assert "another <race:Robots>," in normalise_line("If you control another Robots, draw a card.", races=races)
    assert "<races:Hero> you control" in normalise_line("Heroes you control gain [+200/+200].", races=races)


def test_cr_1403_spend_this_will_only_to_play_a_plural_named_race():
    r = exact("{Rest}: Produce one will of any attribute. Spend this will only to play Robots.", "resonator",
              races=frozenset({"Robots"}))
    bare = exact("{Rest}: Produce one will of any attribute. Spend this will only to play Elves.", "resonator",
                 races=frozenset({"Elf"}))
    assert "Robots" in repr(r.abilities) and repr(r.abilities).replace("Robots", "Elf") == repr(bare.abilities)


def test_the_lists_misprints_read_as_meant():
    from tcg_env.games.force_of_will.card_text import normalise_line
    assert "look at the top card" in normalise_line("You may look the top card of your deck.")
    assert "up to two cards" in normalise_line("Search your deck for up ot two cards.")
    assert "fairy tale" in normalise_line("Search your deck for a Fariy Tale resonator.")
