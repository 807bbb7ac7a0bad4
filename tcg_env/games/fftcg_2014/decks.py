"""FF-TCG 2014 decks: the built-in deck folder; the deck construction rules are FF-TCG's numbers
(2014 CR 8.1.1.1: exactly 50 cards; 8.1.1.2: at most 3 of a card number), both formats kept."""

from pathlib import Path

from tcg_env.cards.decks import DeckFolder
from tcg_env.games.fftcg.decks import RULES

DECKS = DeckFolder(Path(__file__).resolve().parent / "data" / "decks", RULES.check)
validate_deck = RULES.check
list_decks = DECKS.names
load_deck = DECKS.load
load_checked_deck = DECKS.load_checked
