"""FF-TCG card text, session 23 (branch s23-ffc): the printings' wording only (no new op): a reference without its
brackets ("Job Knight", "Card Name Weiss", "Job Warrior of Light Forward": some printings, CR 8.1's Job / Card Name
references) read as "[Job Knight]" ..., a card type glued to the next word ("[Job Samurai]Forwardor a ..."), a reference
glued to its number ("1[Job SOLDIER]") and "If C, your opponent also discards 1 card." (cond_sent's "also" said after
the subject). Each made-up line compiles to the very program of its bracketed / current wording, which the earlier
sessions' tests play."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg.card_text import COMPILER, normalise_line

CARD = {"name": "Wyn", "type": "forward", "element": "fire", "cost": 3, "job": "Knight", "category": "VI"}


def _compiled(line: str, card=CARD):
    res = COMPILER.compile_line(line, card)
    return res.verdict, res.abilities


# (the printing's wording, the current wording)
SAME = [
    # Job references (CR 8.1: a Job names the Characters of that Job)
    ("When Wyn enters the field, choose 1 Job Knight of cost 5 or less in your Break Zone. Play it onto the field.",
     "When Wyn enters the field, choose 1 [Job Knight] of cost 5 or less in your Break Zone. Play it onto the field."),
    ("EX BURST When Wyn enters the field, you may search for 1 Job Chocobo or Job Moogle and add it to your hand.",
     "EX BURST When Wyn enters the field, you may search for 1 [Job Chocobo] or [Job Moogle] and add it to your hand."),
    # several words, "of" inside the name, ended by the card type word
    ("{Dull}: Choose 1 Job Warrior of Light Forward you control. Until the end of the turn, it gains +1000 power and "
     "Brave. You can only use this ability during your Main Phase.",
     "{Dull}: Choose 1 [Job Warrior of Light] Forward you control. Until the end of the turn, it gains +1000 power and "
     "Brave. You can only use this ability during your Main Phase."),
    ("{Dull}: Choose 1 Forward. Deal it 4000 damage for each Job Class Zero Cadet Forward you control.",
     "{Dull}: Choose 1 Forward. Deal it 4000 damage for each [Job Class Zero Cadet] Forward you control."),
    # a list ended by a comma, "or" and "and"
    ("When Wyn enters the field, you may search for 1 Job King, Job Prince or Job Princess and add it to your hand.",
     "When Wyn enters the field, you may search for 1 [Job King], [Job Prince] or [Job Princess] and add it to your "
     "hand."),
    # Card Name references (CR 8.1), the card's own name among them
    ("If you control a Card Name Cid Randell, Wyn gains +1000 power.",
     "If you control a [Card Name Cid Randell], Wyn gains +1000 power."),
    ("When a Card Name Weiss enters your field, your opponent discards 1 card.",
     "When a [Card Name Weiss] enters your field, your opponent discards 1 card."),
    ("EX BURST When Wyn enters the field, you may search for 1 Job Samurai or Card Name Samurai other than Card Name Wyn "
     "and add it to your hand.",
     "EX BURST When Wyn enters the field, you may search for 1 [Job Samurai] or [Card Name Samurai] other than "
     "[Card Name Wyn] and add it to your hand."),
    ("If you control a Card Name Cloud Forward, the cost required to cast Wyn is reduced by 2.",
     "If you control a [Card Name Cloud] Forward, the cost required to cast Wyn is reduced by 2."),
    # glued words: a card type and "or", a reference and its number
    ("When Wyn, a [Job Samurai]Forwardor a [Card Name Samurai] Forward enters your field, choose 1 Forward opponent "
     "controls. Deal it 9000 damage.",
     "When Wyn, a [Job Samurai] Forward or a [Card Name Samurai] Forward enters your field, choose 1 Forward opponent "
     "controls. Deal it 9000 damage."),
    ("When Wyn enters the field, you may search for 1[Category VI] Forward and add it to your hand.",
     "When Wyn enters the field, you may search for 1 [Category VI] Forward and add it to your hand."),
    # an early printing's "Freeze this forward also." (the chosen Forward: "also Freeze it.")
    ("When Wyn enters the field, choose 1 Forward opponent controls. Dull it. If you control [Card Name (Squall)], "
     "Freeze this forward also.",
     "When Wyn enters the field, choose 1 Forward opponent controls. Dull it. If you control [Card Name Squall], also "
     "Freeze it."),
    # cond_sent's "also" after the subject
    ("When Wyn enters the field, choose 1 Character. Freeze it. If you control a [Category XI] Forward, your opponent "
     "also discards 1 card.",
     "When Wyn enters the field, choose 1 Character. Freeze it. If you control a [Category XI] Forward, your opponent "
     "discards 1 card."),
]


@pytest.mark.parametrize("printed,current", SAME)
def test_printing_wording_compiles_to_the_current_wordings_program_exact(printed, current):
    v_printed, prog_printed = _compiled(printed)
    v_current, prog_current = _compiled(current)
    assert v_current is Verdict.EXACT
    assert v_printed is Verdict.EXACT
    assert prog_printed == prog_current


@pytest.mark.parametrize("line,expect", [
    ("search for 1 Job Ninja Forward or Card Name Ninja Forward and add it.",
     "search for 1 [Job Ninja] Forward or [Card Name Ninja] Forward and add it."),
    ("choose 1 Job Member of the Turks in your Break Zone.", "choose 1 [Job Member of the Turks] in your Break Zone."),
    ("the Job Dream Stooge Forwards you control.", "the [Job Dream Stooge] Forwards you control."),
    ("all Forwardsin that party gain.", "all Forwards in that party gain."),
    # a bracketed reference is left as it is; lower-case "job" is no reference
    ("search for 1 [Job Ninja] Forward.", "search for 1 [Job Ninja] Forward."),
    ("~ has all the jobs.", "~ has all the jobs."),
])
def test_bare_reference_and_glued_words_normalised(line, expect):
    assert normalise_line(line) == expect


def test_the_card_name_inside_a_bare_card_name_reference_stays_a_reference():
    # "other than Card Name Wyn" on Wyn: the reference is bracketed before the card's name becomes "~", so it stays
    # "[Card Name Wyn]" (a Character named Wyn, CR 8.1), not the card itself
    assert "[Card Name Wyn]" in normalise_line("search for 1 Card Name Samurai other than Card Name Wyn", "Wyn")


def test_also_of_another_subject_stays_unsupported_where_the_sentence_does():
    # only the word order changes: a line the current wording does not compile stays unsupported
    v, _ = _compiled("Choose 1 Forward. Break it. If you control a [Category XI] Forward, your opponent also draws 1 "
                     "card.")
    assert v is Verdict.UNSUPPORTED
