"""FF-TCG's card-text compiler: printed ability lines (2016 rules) -> :class:`FFAbility` records.

One line at a time (:class:`tcg_env.cards.text.CardTextCompiler`): the importer's display line
(:func:`clean_simulator_text` / :func:`clean_ffdecks_lines` write both layouts in one form) is
normalised (:func:`normalise_line`: the card's own name -> ``~``, the first letter of each sentence
lower case), parsed by the grammar ``card_text.lark`` and turned by :class:`FFTextTransformer` into
ability dicts of the card schema (``tcg_env.games.fftcg.cards.FFAbility``) or card fields
(keywords, the EX Burst icon). Every line gets a verdict; what each approximation changes is
:data:`APPROXIMATIONS` (and ``docs/fftcg/card-text.md``).

The engine's vocabulary is the card schema's ops (``cards.effect_op_models``); a sentence the
engine has no op, trigger, condition or cost for raises :class:`Unsupported` with what is missing.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any, Mapping

from lark import Transformer, Token

from tcg_env.cards.text import CardTextCompiler, LineResult, TextTransformer, Unsupported, Verdict
from tcg_env.games.fftcg import constants as K

__all__ = ["APPROXIMATIONS", "COMPILER", "FFTextTransformer", "FFTextCompiler", "normalise_line",
           "clean_simulator_text", "clean_ffdecks_lines", "referenced_names"]  # fmt: skip

#: approximation name -> what the compiled ability does differently from the printed line
APPROXIMATIONS: dict[str, str] = {
    "self_state_off_field": "\"if ~ has N power or more\" / \"if ~ has received N damage or more\" checked as an auto-ability "
                            "or an effect resolves: a card that has left the field meets neither, where CR 11.11.4 "
                            "would read its power / damage as it last was on the field (an action ability's \"You can "
                            "only use this ability if ...\" is checked as it is used, the card on the field: exact)",
    "element_cp_in_multi_cost": "no longer used (session 13: costs.multi_sources knows the elements such a Backup "
                                "produces); before, \"~ can produce <Element> CP\" counted as CP of any Element for "
                                "a cost of two or more element CP symbols",
    "enters_other_self": "\"When a ... enters your field\" does not trigger on the card's own entering (the engine's "
                         "trigger looks at the other cards), though the card itself matches the description",
    "end_of_turn_trigger": "no longer used (session 14: CR 9.5.1.1 puts the auto-abilities \"at the end of the turn\" "
                           "onto the stack with those \"at the beginning of the End Phase\", before the hand-size "
                           "discard, CR 9.5.1.2, as the engine does); before, \"At the end of each of your turns\" was "
                           "counted approximate",
    "no_monsters": "\"Forward or Monster\": Monsters are not played by the engine, so only Forwards can be chosen; "
                   "a modal ability's action that chooses Monsters only (\"Choose 1 Monster. Break it.\") is left out "
                   "(it could never be selected: no Monster is on the field)",
    "discard_order": "\"each player discards\": the ability's controller discards first, then the opponent (CR "
                     "6.1.3 has the turn player choose first)",
    "leave_one_by_one": "a cost that puts two or more Characters into the Break Zone (\"Put 2 Backups into the Break "
                        "Zone: ...\"): they are paid (and leave the field) one at a time, as each is chosen, so a "
                        "card's \"When a ... is put from the field into the Break Zone\" does not trigger on those "
                        "paid after it (CR 11.6.10 pays the cost at once). Before session 18 it was every \"When a "
                        "... is put from the field into the Break Zone\" line: cards that leave together (one "
                        "effect, the rule processes) are now looked at together",
    "self_by_name": "no longer used (session 14: \"~ gains ...\" applies to the card itself, the aura's self_only); "
                    "before, on a card with the generic icon it applied to every same-name copy you control (the "
                    "field ability's filter was the card's name)",
    "cast_cards_summons_only": "\"if you have cast N or more cards this turn\": the Summons cast this turn are counted "
                               "(CR 15.1.1.7.1: in the 2016 rules only a Summon is cast; a Character is played); the "
                               "sets that print it were written for rules in which a Character played from the hand is "
                               "cast too, and would count it. Session 20: the same for \"During each turn, when you cast "
                               "the second card you've cast\" (Trigger.CAST_SECOND: the second Summon). No longer "
                               "used (session 22: state.CAST_N counts the cards cast too, the Summons and the "
                               "Characters played from the hand paying their cost)",
    "damage_mod_order": "\"the damage becomes N (above 0) instead\", \"If ~ is dealt damage less than its power, the "
                        "damage becomes 0 instead\": when a \"next damage\" shield (\"During this turn, the next damage "
                        "dealt to it is reduced by N instead\") applies to the same damage, the engine applies the "
                        "shield first; CR 11.12.5.6.1 lets the Forward's controller choose the order (the result "
                        "differs: 6000 damage to a 5000-power Forward reduced by 2000); the same with a field "
                        "ability's replacement of the damage of the Forwards you control (session 16: "
                        "Op.DAMAGE_MOD_AURA, applied after the card's own)",
    "damage_increase_order": "\"the damage increases by N instead\" (\"If ~ receives damage\", \"If a DESC you control "
                             "deals damage to a Forward\", \"If a Forward is dealt damage [by your Summon]\"): the "
                             "engine applies the increases after the damaged Forward's reductions (its \"next damage\" "
                             "shields and its own replacements), and only while the damage is above 0; CR 11.12.5.6.1 "
                             "lets the Forward's controller choose the order, which differs when the reductions alone "
                             "bring the damage to 0 (1000 damage increased by 2000 to a Forward that reduces it by "
                             "1000: the engine deals none, the controller could have it dealt 1000). Session 17: the "
                             "same for \"double the damage instead\" (\"If ~ receives damage\", \"If ~ deals damage to "
                             "a Forward\") and for the replacements an effect gives a card until the end of the turn "
                             "(\"Choose 1 Forward. If it deals damage to a Forward this turn, the damage increases by N "
                             "instead.\", \"During this turn, if it is dealt damage, double the damage instead.\": "
                             "Op.DAMAGE_BOOST): the engine applies the reductions, then the doubles, then the increases "
                             "(the order that deals the least damage); the controller may choose another (an increase "
                             "before a double deals more)",
    "lost_keywords_field_grants": "\"It loses First Strike until the end of the turn.\", \"Until the end of the turn, "
                                  "all the Forwards opponent controls lose Haste, First Strike and Brave.\" (session 21): "
                                  "a loss changes the card's text (CR 11.12.4.6) and applies in timestamp order with "
                                  "what grants keywords (CR 11.12.4.13): the engine takes the printed keywords and those "
                                  "effects granted before it, keeps those effects grant after it, and masks every field "
                                  "ability's grant while it lasts; a field ability whose card entered the field after "
                                  "the loss (a later timestamp, CR 11.12.4.8) would give the keyword",
    "power_lki": "no longer used (session 16: when the source has left the field, the power it had just before it "
                 "left is dealt, CR 11.11.4: zones.keep_source_power, effects.source_power); before, \"Deal it damage "
                 "equal to <this>'s power\" dealt its printed power once it had left",
}

_SYM_ELEMENTS = {
    "Fire": "fire", "Ice": "ice", "Wind": "wind", "Lightning": "lightning", "Water": "water", "Earth": "earth",
    "Light": "light", "Dark": "dark",
}  # fmt: skip
_KEYWORD_OF = {"kw_haste": "haste", "kw_brave": "brave", "kw_first_strike": "first_strike"}

# ------------------------------------------------------------------------------------------------
# The two list layouts -> one display form (the card's ``text`` lines)
# ------------------------------------------------------------------------------------------------
_SIM_SYMBOLS = {"火": "Fire", "氷": "Ice", "風": "Wind", "雷": "Lightning", "水": "Water", "土": "Earth",
                "光": "Light", "闇": "Dark", "ダル": "Dull", "S": "S", "C": "C", "X": "X", "LB": "LB",
                "一般": "Generic"}  # fmt: skip
_FFD_SYMBOLS = {"f": "Fire", "i": "Ice", "w": "Wind", "l": "Lightning", "a": "Water", "e": "Earth", "d": "Dull",
                "s": "S", "c": "C", "X": "X"}  # fmt: skip
_TRAIT_WORDS = ("Job ", "Card Name ", "Category ")
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def _sim_symbol(m: re.Match) -> str:
    v = m.group(1).translate(_FULLWIDTH)
    return "{" + _SIM_SYMBOLS.get(v, v) + "}"


def _trait(inner: str) -> str:
    inner = " ".join(inner.split())
    return f"[{inner}]" if inner.startswith(_TRAIT_WORDS) else inner


def _tidy(line: str) -> str:
    line = line.replace("\u2015", "--").replace("\u2014", "--")
    line = re.sub(r"\s*--\s*", " -- ", line)
    return " ".join(line.split())


def clean_simulator_text(text: str) -> list[str]:
    """The simulator layout's text (``[[br]]`` paragraphs, ``[[i]]..[[/]]`` italics, ``[[s]]`` special
    ability names, ``[[ex]]EX BURST[[/]]``, ``《火》`` cost symbols) as display lines."""
    # some records are HTML ("<p>...<br />...</p>", "&amp;"): a line break is a paragraph, the rest markup
    text = re.sub(r"<br\s*/?>", "[[br]]", text, flags=re.I)
    text = html.unescape(re.sub(r"</?p>", "", text, flags=re.I))
    text = re.sub(r"\[\[ex\]\]\s*EX BURST\s*\[\[/\]\]", "EX BURST ", text)
    text = re.sub(r"《([^》]*)》", _sim_symbol, text)
    out = []
    for para in text.split("[[br]]"):
        para = re.sub(r"\[\[i\]\](.*?)\[\[/\]\]", lambda m: _trait(m.group(1)), para)
        para = re.sub(r"\[\[s\]\](.*?)\[\[/\]\]", lambda m: f"%{m.group(1).strip()}% ", para)
        para = re.sub(r"\[\[/?[a-z]*\]\]", "", para)
        para = _tidy(para)
        if para:
            out.append(para)
    return out


def clean_ffdecks_lines(abilities: list[str]) -> list[str]:
    """The ffdecks layout's ability strings (``{x}`` EX Burst, ``{f}`` cost symbols, ``~Job X~`` names,
    ``*Haste*`` emphasis, ``%Name%`` special abilities) as display lines."""
    out = []
    for a in abilities or []:
        a = a.replace("{x}", "EX BURST ")
        a = re.sub(r"\{([^}]*)\}", lambda m: "{" + _FFD_SYMBOLS.get(m.group(1), m.group(1)) + "}", a)
        a = re.sub(r"~([^~]*)~", lambda m: _trait(m.group(1)), a)
        a = a.replace("*", "")
        a = _tidy(a)
        if a:
            out.append(a)
    return out


# ------------------------------------------------------------------------------------------------
# Normalisation for the grammar
# ------------------------------------------------------------------------------------------------
_SENTENCE_START = re.compile(r"(^|[.:] |-- |EX BURST |% |\}, )([A-Z])(?=[a-z ])")  # "{Dull}, Put ~ ...": a cost's part too
_BARE_CATEGORY = re.compile(r"(?<!\[)\bCategory ([IVX]+|[A-Z][A-Z0-9-]+)(?![\]A-Za-z0-9-])")
# "search for 1 Job Ninja Forward or Card Name Ninja Forward" (some printings lose a reference's brackets): the name is
# its capitalised words ("of" / "of the" / "the" inside it: "Job Member of the Turks"), up to a card type word or a
# lower-case word, a comma or the full stop (session 23, part C)
_BARE_REF = re.compile(
    r"(?<![\[\w])(Job|Card Name) ((?!(?:Forwards?|Backups?|Characters?|Summons?|Monsters?)\b)[A-Z][\w'-]*"
    r"(?:(?: of the| of| the)? (?!(?:Forwards?|Backups?|Characters?|Summons?|Monsters?)\b)[A-Z][\w'-]*)*)")
# "a [Job Samurai]Forwardor a ...", "all Forwardsin that party": a card type word glued to the next word
_GLUED_TYPE = re.compile(r"\b(Forwards?|Backups?|Characters?)(or|in)\b")
_BRACKETED = re.compile(r"(\[[^\]]*\]|%[^%]*%)")


# The older printings' wording variants and the lists' typos, each as the current wording (the same rule text: only
# the words differ): "[Card Name (Aerith)]" (a reference's name in parentheses), "his/her" and "he/she", "Chose 1",
# a lower-case "forward", "onto the Field", "Return them to their owner's hand", "gains+1000", "IF", "Foward" ...
_WORDING = [
    (re.compile(r"\[(Job|Card Name|Category) ?\(([^()\[\]]+)\)\]"), r"[\1 \2]"),
    (re.compile(r"\bhe/she controls\b"), "they control"),
    (re.compile(r"\b(?:his/her|his or her)\b"), "their"),
    (re.compile(r"\b([Cc])hos(?:e|se) (?=\d|up to|one\b)"), r"\1hoose "),
    (re.compile(r"\b([Cc]hoose) one (?=[Ff]orward|Backup|Character|Summon)"), r"\1 1 "),
    (re.compile(r"\b(?:[Ff]oo?ward|forward)(s?)\b"), r"Forward\1"),
    (re.compile(r"\bbackup(s?)\b"), r"Backup\1"),
    (re.compile(r"\bopp?(?:pon|on|o)e?nt\b"), "opponent"),
    (re.compile(r"\bonto the Field\b"), "onto the field"),
    (re.compile(r"\bon to the field\b"), "onto the field"),
    (re.compile(r"\bto their owner's hand\b(?! by)"), "to their owners' hands"),
    (re.compile(r"\b(gains?|loses?)([+-]?\d)"), r"\1 \2"),
    (re.compile(r"\b(gains?|loses?) \+(\d+) pwer\b"), r"\1 +\2 power"),
    (re.compile(r"^IF "), "If "),
    (re.compile(r"\bdamange\b"), "damage"),
    # "The cost required to play [Card Name Cloud] or [Card Name Barret] onto the field is reduced by 1." (the later
    # printings: "... to play your [Card Name Cloud] ...": the reduction is the cards its controller casts)
    (re.compile(r"\b(?:[Tt]he cost required to|[Tt]he cost to) (cast|play) (?=\[)"), r"The cost required to \1 your "),
    (re.compile(r"\b[Tt]he cost to (cast|play) your "), r"The cost required to \1 your "),
    (re.compile(r"\byou may Search\b"), "you may search"),
    (re.compile(r"\bhains\b"), "gains"),
    (re.compile(r"\benteres\b"), "enters"),
    (re.compile(r"\bcontroll\b"), "control"),
    (re.compile(r"\bsummon(s?)\b"), r"Summon\1"),
    (re.compile(r"\bfor one (?=\[)"), "for 1 "),
    (re.compile(r", (You can only use this ability)"), r". \1"),
    (re.compile(r"^(%[^%]+% (?:\{[A-Za-z0-9]+\})+)\. (?=[A-Z])"), r"\1: "),
    # "When your opponent controls 2 or more Forwards, ~ gains ..." (a field ability's condition printed as a trigger)
    (re.compile(r"^When ((?:you|your opponent) controls? \d+ or more [^,]*, )"), r"If \1"),
    (re.compile(r"\b(?:[Aa]ttack|attack) phase\b"), "Attack Phase"),
    (re.compile(r"\b(?:[Mm]ain) phase\b"), "Main Phase"),
    (re.compile(r"\b(?:[Ee]nd) phase\b"), "End Phase"),
    (re.compile(r"\b([Tt]he cost for playing) (?=\[)"), r"\1 your "),
    (re.compile(r"(\d)\((it cannot become 0)\)"), r"\1 (\2)"),
    (re.compile(r"\bis reduced by (\d+)\. It cannot become 0\."), r"is reduced by \1 (it cannot become 0)."),
    # "If you control [Card Name Sazh], it cannot be chosen by ...": a field ability's "it" is the card itself (the later
    # printings name it)
    (re.compile(r"^(If you control [^,.\"]*), it (cannot|gains) "), r"\1, ~ \2 "),
    (re.compile(r"\beach player discard\b"), "each player discards"),
    (re.compile(r"\b[Bb]reak [Zz]one\b"), "Break Zone"),
    (re.compile(r"\bsearch for (?=\[)"), "search for 1 "),
    (re.compile(r"\bYou can only case\b"), "You can only cast"),
    (re.compile(r"(?<=\}):(?=[A-Za-z])"), ": "),
    (re.compile(r"(?<=[a-z]), Choose (?=\d|up to)"), ", choose "),
    # "choose 1 Backup you control Activate it." (a sentence's lost full stop)
    (re.compile(r"\b(you control|opponent controls) (?=(?:Activate|Dull|Break|Freeze) it\.)"), r"\1. "),
    # "{Dull}: Put ~ into the Break Zone: ..." (a cost's comma printed as a colon)
    (re.compile(r"^((?:\{[A-Za-z0-9]+\})+): (Put [^:.\"]+ into the Break Zone): "), r"\1, \2: "),
]


def _wording(s: str) -> str:
    for pat, rep in _WORDING:
        s = pat.sub(rep, s)
    return s


def normalise_line(line: str, name: str = "") -> str:
    """The line as the grammar reads it: the card's own name (outside ``[..]`` references) -> ``~``,
    typographic quotes plain, the first letter of each sentence lower case."""
    s = line.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2018", "'")
    s = " ".join(s.split())
    s = _wording(s)
    if re.search(r"[a-z]$", s) and '"' not in s:
        s += "."  # a list's lost full stop at the end of the line
    s = re.sub(r"(?<=\]) (?=[,:.])", "", s)  # a list's stray space after a reference: "[Card Name X] , the cost ..."
    # "it gains Brave and it gains +1000 power ...": the subject and verb said once ("it gains Brave and +1000 power ...")
    s = re.sub(r"\b(it|they) (gains?) ([^.\"]*?) and \1 \2 ", r"\1 \2 \3 and ", s)
    # a reference without its brackets ("Category VI Forward", "Job Knight", "Card Name Weiss", some printings) or glued
    # to the next word ("[Category VII]Character", "other than[Card Name Ace]", "1[Job SOLDIER]")
    s = _BARE_CATEGORY.sub(r"[Category \1]", s)
    s = _BARE_REF.sub(r"[\1 \2]", _GLUED_TYPE.sub(r"\1 \2", s))
    s = re.sub(r"\](?=[A-Za-z])", "] ", re.sub(r"(?<=[A-Za-z0-9])\[(?=Job |Card Name |Category )", " [", s))
    if name:
        # where the name stands as a word (not inside "Lightning" for "Light", nor "EX BURST" for "S")
        word = re.compile(r"(?<![A-Za-z0-9])" + re.escape(name) + r"(?![A-Za-z0-9])")
        parts = _BRACKETED.split(s)
        s = "".join(p if i % 2 else word.sub("~", p) for i, p in enumerate(parts))
        # "When ~ enters your field" (a Character enters its controller's field: "When ~ enters the field")
        s = re.sub(r"\b([Ww]hen ~ enters) your field\b", r"\1 the field", s)
        # "When ~ enters the field choose 1 Forward." (the trigger's lost comma)
        s = re.sub(r"\b([Ww]hen ~ (?:enters the field|attacks)) (?=(?:choose|you may|draw|deal|activate)\b)", r"\1, ", s)
        # "When ~, a [Job Samurai] Forward or a [Card Name Samurai] Forward enters your field" (the list's comma: "When ~ or
        # a ... or a ... enters your field")
        s = re.sub(r"^((?:EX BURST )?[Ww]hen ~), (an? \[[^\]]+\][^,]*? or an? \[[^\]]+\][^,]*? enters your field)", r"\1 or \2", s)
        # "For each [Job Manikin] you control ~ gains +1000 power." (the lost comma)
        s = re.sub(r"^(For each [^,]*? (?:you control|opponent controls)) (?=~ gains)", r"\1, ", s)
    # "The [Job Warrior of Light] Forwards and Wind Forwards other than ~ you control gain ...": the cards of either
    # description (a field ability's subject: the grammar's "or", filter.alt; session 24)
    s = re.sub(r"^(The (?:\[[^\]]+\] |[A-Z][a-z]+ )+(?:Forwards|Backups|Characters)) and "
               r"((?:\[[^\]]+\] |[A-Z][a-z]+ )+(?:Forwards|Backups|Characters)(?: other than ~)? you control )", r"\1 or \2", s)
    # "~ cannot be chosen by your opponent's Summons or abilities during your opponent's turn.": the condition said first
    # ("During your opponent's turn, ~ cannot be chosen ...": a field ability under Condition.OPP_TURN; session 24)
    s = re.sub(r"^(~ cannot be chosen by [^.\"]*?) during your opponent's turn\.$", r"During your opponent's turn, \1.", s)
    # "Your opponent puts 1 card from the top of his/her deck into the Break Zone." (the top card; session 24)
    s = re.sub(r"\b([Yy]our opponent puts) 1 card from the top of (his/her|his|their) deck into the Break Zone\b",
               r"\1 the top card of \2 deck into the Break Zone", s)
    # "[Your] opponent puts 1 attacking Forward [he/she controls] into the Break Zone.": the opponent selects the card
    # they put there (Op.OPP_SELECT, as "Your opponent selects 1 ... they control. Put it into the Break Zone."; session 24)
    s = re.sub(r"(^|\. |^EX BURST )(?:[Yy]our opponent|Opponent) puts 1 ((?:attacking |blocking |active |dull )?"
               r"(?:Forward|Backup|Character))(?: (?:he/she|they) controls?)? into the Break Zone\.",
               r"\1Your opponent selects 1 \2 they control. Put it into the Break Zone.", s)
    # "When the Forward [Card Name X] is put from your field into the Break Zone": a [Card Name X] Forward you control
    # (session 24)
    s = re.sub(r"^([Ww]hen) the (Forward|Backup|Character) (\[[^\]]+\]) is put from your field into the Break Zone\b",
               r"\1 a \3 \2 you control is put from the field into the Break Zone", s)
    # "If C, all the Forwards you control also gain / lose ...", "If C, ~ also gains ...", "If C, Freeze them also.":
    # the "also" of a conditional sentence after the first (its effect is in addition to those before: cond_sent's
    # "also", said before the subject)
    s = re.sub(r"(\. If [^.\"]*?, )(all the [^.\"]*?(?:you control|opponent controls)|~) also (gains?|loses?)\b",
               r"\1also \2 \3", s)
    # ("Dull it. If C, Freeze this forward also.": an early printing's "this forward" is the chosen one, "it")
    s = re.sub(r"(\. If [^.\"]*?, )([Ff]reeze|[Dd]ull|[Bb]reak) (it|them|this [Ff]orward) also\.",
               lambda m: f"{m[1]}also {m[2]} {'it' if m[3].startswith('this') else m[3]}.", s)
    # "If C, your opponent also discards 1 card.": cond_sent's "also" said before the subject (session 23, part C)
    s = re.sub(r"(\. If [^.\"]*?, )your opponent also (discards|draws)\b", r"\1also your opponent \2", s)
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).lower(), s)


# ------------------------------------------------------------------------------------------------
# The transformer
# ------------------------------------------------------------------------------------------------
# "double the damage instead" (card_text.lark's inc_double): where an increase's amount would be
_DOUBLE = "double"


def _int(tok: Token) -> int:
    return int(str(tok).lstrip("+"))


class _Steps(list):
    """Effect steps of one sentence: ("choose", [filter-count dicts]) / ("reg", [ops on "it"]) /
    ("all", filter, [ops]) / ("self", [ops]) / ("op", op) or ("op", op, True) for a card taken from
    a zone, which must be taken when one matches unless "you may" comes first / ("play_it" | "add_it", None)
    for the card chosen in the Break Zone."""


class FFTextTransformer(TextTransformer, Transformer):
    """Parse tree -> FF-TCG ability dicts (``self.card``: ``name``, ``type``, ``job``, ``element``,
    ``cost``, ``category``, ``generic``, ``maybe_generic`` of the card the line is printed on)."""

    # ---- terminals and small pieces ----
    def kw_haste(self, _):
        return ("kw", "haste")

    def kw_brave(self, _):
        return ("kw", "brave")

    def kw_first_strike(self, _):
        return ("kw", "first_strike")

    def kw_back_attack(self, _):
        return ("kw", "back_attack")

    def keywords(self, items):
        kws = [k for _, k in (i for i in items if isinstance(i, tuple))]  # a reminder in parentheses: text
        if "back_attack" in kws and self.card.get("type") not in ("forward", "backup"):
            raise Unsupported("Back Attack on a card that is not a Character")
        return {"__fields__": True, "keywords": kws}

    def _cast_limit(self, cond):
        if self.card.get("type") != "summon":
            raise Unsupported("a limit on casting a card that is not a Summon")
        return {"__fields__": True, "cast_condition": cond}

    def cast_your_turn(self, _):
        return self._cast_limit({"kind": "your_turn", "value": 0})

    def cast_if(self, items):
        return self._cast_limit(items[-1])

    def ps_element(self, items):
        return (str(items[0]).lower(), False)

    def ps_backups(self, _):
        return (None, True)

    def ps_element_backups(self, items):
        return (str(items[0]).lower(), True)

    def pay_only(self, items):
        # Op.PAY_ONLY: only CP of the card's element / of Backups pays its own cost (costs.can_pay_card, the PAY_CP
        # mask)
        elem, backups = next(i for i in items if isinstance(i, tuple))
        if self.card.get("type") not in ("forward", "backup", "summon"):
            raise Unsupported("a payment restriction on a card of another type")
        if elem is not None and elem != self.card.get("element"):
            raise Unsupported("CP of an Element other than the card's own")
        if elem in ("light", "dark"):
            raise Unsupported("Light or Dark CP")
        return [{"kind": "field", "effect": [{"op": "pay_only", "element": elem is not None, "backups": backups}]}]

    def no_effect_play(self, _):
        # "You cannot play ~ from your hand due to Summons or abilities." (Op.PAY_ONLY's NO_PLAY_BY_EFFECTS: effects'
        # Op.PUT_ONTO_FIELD of the hand does not offer it; its controller plays it as usual)
        if self.card.get("type") not in ("forward", "backup"):
            raise Unsupported("a card played from the hand that is not a Character")
        return [{"kind": "field", "effect": [{"op": "pay_only", "effects": True}]}]

    def reminder(self, _):
        return None  # reminder text: nothing to compile

    # ---- target phrases ----
    def q_active(self, _):
        return ("state", "active")

    def q_dull(self, _):
        return ("state", "dull")

    def q_damaged(self, _):
        return ("state", "damaged")

    def q_attacking(self, _):
        return ("state", "attacking")

    def p_in_party(self, _):
        return ("state", "in_party")

    def q_blocking(self, _):
        return ("state", "blocking")

    def q_element(self, items):
        return ("element", [e.lower() for t in items for e in re.findall(r"[A-Za-z]+", str(t)) if e != "or"])

    def q_trait(self, items):
        return ("trait", str(items[0]))

    def n_forward(self, _):
        return ("type", "forward")

    def n_backup(self, _):
        return ("type", "backup")

    def n_character(self, _):
        return ("type", "character")

    def n_summon(self, _):
        return ("type", "summon")

    def n_forward_or_monster(self, _):
        self.approximate("no_monsters")
        return ("type", "forward")

    def n_trait(self, items):
        return ("trait", str(items[0]))

    def alt_half(self, items):
        return list(items)

    def desc_alt(self, items):
        # "a Fire Forward or a [Category X] Forward you control": the second half's article (ARTICLE) says nothing more
        items = [t for t in items if not (isinstance(t, Token) and t.type == "ARTICLE")]
        posts = list(items[2:])
        f = self.desc(items[0] + posts)
        g = self.desc(items[1] + posts)
        if "alt" in f or "alt" in g:
            raise Unsupported("three alternatives in one description")
        f["alt"] = g
        return f

    def n_trait_or(self, items):
        # "[A] or [B]", "[A], [B] or [C]", "1 [A] or 1 [B]" (the count printed again)
        out = []
        for t in items:
            if t.type == "TRAIT":
                out.append(str(t))
            elif t.type == "TRAIT_LIST":
                out += re.findall(r"\[[^\]]+\]", str(t))
        return ("traits_or", out)

    def desc_and(self, items):
        traits = [str(t) for t in items if isinstance(t, Token) and t.type == "TRAIT"]
        rest = [t for t in items if not isinstance(t, Token)]
        return self.desc([("traits_or", traits)] + rest)

    def n_card(self, _):
        return ("type", None)

    def other(self, _):
        return ("exclude_self", True)

    def other_named(self, items):
        # "other than [Card Name X]": any card not named X (filter.exclude_name, filters.passes_name)
        kind, _, val = str(items[0])[1:-1].partition(" ")
        if kind != "Card" or not val.startswith("Name "):
            raise Unsupported("'other than' a job or category")
        val = val[len("Name "):]
        if len(val) > 2 and val[0] == "(" and val[-1] == ")" and "(" not in val[1:-1]:
            val = val[1:-1]
        return ("exclude_name", val)

    def s_opp(self, _):
        return ("side", "opponent")

    def s_own(self, _):
        return ("side", "own")

    def cost_le(self, items):
        return ("cost", (None, _int(items[0])))

    def cost_ge(self, items):
        return ("cost", (_int(items[0]), None))

    def cost_eq(self, items):
        return ("cost", (_int(items[0]), _int(items[0])))

    def cost_set(self, items):
        # "of cost 2, 3, 5 or 7": one of the costs (desc: a filter alternative per cost)
        costs = sorted({int(x) for x in re.findall(r"\d+", str(items[0]))})
        return ("cost_set", costs)

    def power_le(self, items):
        return ("power", (None, _int(items[0])))

    def power_ge(self, items):
        return ("power", (_int(items[0]), None))

    def z_break(self, _):
        return ("zone", "break")

    def z_break_opp(self, _):
        return ("zone", "break_opp")

    def z_break_any(self, _):
        return ("zone", "break_any")

    def noun(self, items):
        return items[0]

    def desc(self, items):
        costs = next((v for k, v in items if k == "cost_set"), None)
        if costs is not None:
            # "Forward of cost 2, 3, 5 or 7": the same description with each cost (filter.alt, filters.filter_match)
            if any(k in ("traits_or", "cost") for k, _ in items):
                raise Unsupported("a set of costs with another alternative or cost bound")
            rest = [it for it in items if it[0] != "cost_set"]
            f = self.desc(rest + [("cost", (costs[0], costs[0]))])
            cur = f
            for c in costs[1:]:
                cur["alt"] = self.desc(rest + [("cost", (c, c))])
                cur = cur["alt"]
            return f
        alts = next((v for k, v in items if k == "traits_or"), None)
        if alts is not None:
            # "[Job X] or [Card Name Y] ...": the same description with each reference (filter.alt)
            rest = [it for it in items if it[0] != "traits_or"]
            f = self.desc(rest + [("trait", alts[0])])
            cur = f
            for t in alts[1:]:
                cur["alt"] = self.desc(rest + [("trait", t)])
                cur = cur["alt"]
            return f
        f: dict[str, Any] = {}
        for it in items:
            key, v = it
            if key == "trait":
                kind, _, val = v[1:-1].partition(" ")
                if kind == "Card":
                    field, val = "name", val[len("Name "):]
                else:
                    field = kind.lower()
                if len(val) > 2 and val[0] == "(" and val[-1] == ")" and "(" not in val[1:-1]:
                    val = val[1:-1]  # the early sets' printing: "[Card Name (Ashe)]", "[Category (XII)]"
                if field in f:
                    raise Unsupported(f"two {field} references in one description")
                f[field] = val
            elif key == "cost":
                lo, hi = v
                if lo is not None:
                    f["cost_min"] = lo
                if hi is not None:
                    f["cost_max"] = hi
            elif key == "power":
                lo, hi = v
                if lo is not None:
                    f["power_min"] = lo
                if hi is not None:
                    f["power_max"] = hi
            elif key == "type":
                if v is not None:
                    f["type"] = v
            else:
                if key in f:
                    raise Unsupported(f"two {key} words in one description")
                f[key] = v
        if f.get("zone") in ("break_opp", "break_any"):
            # "in your opponent's / either player's Break Zone": the owner's cards there (CR 6.2), side "any" said
            # outright (a bare "in your Break Zone" is the player's own: _own)
            if "side" in f:
                raise Unsupported("a side and a Break Zone of a player")
            f["side"] = "opponent" if f["zone"] == "break_opp" else "any"
            f["zone"] = "break"
        if "name" in f and "exclude_name" in f:
            # "[Card Name X] ... other than [Card Name Y]" (an alternative's half): X alone says it
            if f["name"] == f["exclude_name"]:
                raise Unsupported("a name and 'other than' that name")
            del f["exclude_name"]
        return f

    # ---- counts and conditions ----
    def cp_at_least(self, items):
        return (_int(items[0]), items[1])

    def cp_at_most(self, items):
        return (-_int(items[0]), items[1])  # negative: "N or less" (controls_at_most N)

    def cp_one(self, items):
        return (1, items[-1])

    @staticmethod
    def _count_condition(n, f, side):
        if n <= 0:
            return {"kind": "controls_at_most", "value": -n, "filter": _with(f, side=side)}
        return {"kind": "controls_at_least", "value": n, "filter": _with(f, side=side)}

    def c_control(self, items):
        n, f = items[0]
        if "side" in f:
            raise Unsupported("a side inside 'you control'")
        return self._count_condition(n, f, "own")

    def c_have(self, items):
        n, f = items[0]
        if f.get("zone") != "break" or "side" in f:
            raise Unsupported("'you have' cards other than in your Break Zone")
        return self._count_condition(n, f, "own")

    def c_control_none(self, items):
        items = [t for t in items if not isinstance(t, Token)]  # "you don't control a DESC": the article
        if "side" in items[0]:
            raise Unsupported("a side inside 'you control'")
        return self._count_condition(0, items[0], "own")

    @staticmethod
    def _own_elements_filter(f):
        # "among Forwards you control", "among cards in your Break Zone": the player's own cards
        if f.get("side") == "opponent" or (f.get("zone") != "break" and f.get("side") != "own"):
            raise Unsupported("different Elements among cards not the player's own")
        if f.get("zone") == "break" and "side" in f:
            raise Unsupported("a side inside 'in your Break Zone'")
        return _with(f, side="own")

    def _paid(self, kind, items, less=0):
        n = self._ints(items)[0] - less
        if n < 0:
            raise Unsupported("a count of paid Elements below 0")
        return {"kind": kind, "value": n}

    def c_paid_ge(self, items):
        return self._paid("paid_elements_at_least", items)

    def c_paid_le(self, items):
        return self._paid("paid_elements_at_most", items)

    def c_paid_eq(self, items):
        return self._paid("paid_elements_exactly", items)

    def c_paid_not_ge(self, items):
        return self._paid("paid_elements_at_most", items, 1)  # "didn't include CP of 3 or more": 2 or less

    @staticmethod
    def _paid_element(kind, items):
        el = next(str(t).lower() for t in items if isinstance(t, Token) and t.type == "ELEMENT")
        if el in ("light", "dark"):
            raise Unsupported("Light / Dark CP paid (one mark for both)")
        return {"kind": kind, "value": 0, "element": el}

    def c_paid_includes(self, items):
        return self._paid_element("paid_element_included", items)

    def c_paid_only(self, items):
        return self._paid_element("paid_only_element", items)

    def c_elements_ge(self, items):
        return {"kind": "elements_at_least", "value": _int(items[0]), "filter": self._own_elements_filter(items[1])}

    def c_control_elements_ge(self, items):
        if "side" in items[1] or "zone" in items[1]:
            raise Unsupported("a side or zone inside 'you control N or more different Element DESC'")
        return {"kind": "elements_at_least", "value": _int(items[0]), "filter": _with(items[1], side="own")}

    def c_elements_eq(self, items):
        return {"kind": "elements_exactly", "value": _int(items[0]), "filter": self._own_elements_filter(items[1])}

    def c_all_different(self, items):
        return {"kind": "all_different", "filter": self._own_elements_filter(items[0])}

    def c_opp_control_none(self, items):
        items = [t for t in items if not isinstance(t, Token)]  # the article
        if "side" in items[0]:
            raise Unsupported("a side inside 'your opponent controls'")
        return self._count_condition(0, items[0], "opponent")

    def c_self_power_at_least(self, items):
        return {"kind": "self_power_at_least", "value": self._ints(items)[0]}

    def c_opp_discarded(self, _):
        return {"kind": "opp_discarded", "value": 0}

    def c_opp_hand_at_least(self, items):
        return {"kind": "opp_hand_at_least", "value": _int(items[0])}

    def c_self_damage_at_least(self, items):
        return {"kind": "self_damage_at_least", "value": self._ints(items)[0]}

    def c_opp_control(self, items):
        n, f = items[0]
        return self._count_condition(n, f, "opponent")

    def c_damage(self, items):
        return {"kind": "damage_at_least", "value": _int(items[0])}

    def c_damage_exactly(self, items):
        # "you have received 6 points of damage": a player who has received 7 has lost (CR 3.1.1, a constructed game:
        # the engine's), so while the game goes on 6 is 6 or more; another count is not "N or more"
        if _int(items[0]) != 6:
            raise Unsupported("'you have received N points of damage' (exactly N) other than 6")
        return {"kind": "damage_at_least", "value": 6}

    def c_opp_damage(self, items):
        return {"kind": "opp_damage_at_least", "value": _int(items[0])}

    def c_hand_at_most(self, items):
        return {"kind": "hand_at_most", "value": _int(items[0])}

    def c_hand_at_least(self, items):
        return {"kind": "hand_at_least", "value": _int(items[0])}

    # "if you have cast a Summon / N or more cards this turn" (Condition.CAST_AT_LEAST): in the 2016 rules only a
    # Summon is cast (CR 15.1.1.7.1; a Character is played, CR 11.4), so the cards cast are the Summons cast
    def c_cast_at_least(self, items):
        return {"kind": "cast_at_least", "value": _int(items[0])}

    def c_cast_cards_at_least(self, items):
        # "N or more cards": the sets that print it count Characters played from the hand too (later rules call that
        # casting; the 2016 rules' letter casts Summons only): session 22 counts both (state.CAST_N's cards count)
        return {"kind": "cast_cards_at_least", "value": _int(items[0])}

    def c_opp_forwards_more(self, items):
        return {"kind": "opp_forwards_more", "value": _int(items[0])}

    def c_forward_put_break(self, _):
        return {"kind": "forward_put_break_this_turn", "value": 0}

    def c_party_formed(self, _):
        return {"kind": "party_formed_this_turn", "value": 0}

    def c_received_damage(self, _):
        return {"kind": "received_damage_this_turn", "value": 0}

    def c_forward_attacked(self, _):
        return {"kind": "forward_attacked_this_turn", "value": 0}

    def c_forward_entered(self, items):
        el = next((str(t).lower() for t in items if isinstance(t, Token) and t.type == "ELEMENT"), None)
        return {"kind": "forward_entered_this_turn", "value": 0, **({"element": el} if el else {})}

    def c_cast_summon(self, _):
        return {"kind": "cast_at_least", "value": 1}

    def c_opp_hand_at_most(self, items):
        return {"kind": "opp_hand_at_most", "value": _int(items[0])}

    def c_opp_hand_empty(self, _):
        return {"kind": "opp_hand_at_most", "value": 0}

    def c_hand_empty(self, _):
        return {"kind": "hand_at_most", "value": 0}

    def cond_list(self, items):
        if len(items) == 2 and items[1]["kind"] == "all_different" and items[0]["kind"] == "controls_at_least" \
                and items[0]["filter"] == items[1]["filter"]:
            # "If you control N or more DESC and if the DESC you control are all of different Elements": one count
            return {**items[0], "kind": "all_different_elements_at_least"}
        if any(c["kind"] == "all_different" for c in items):
            raise Unsupported("'are all of different Elements' without 'you control N or more' of the same cards")
        if len(items) != 1:
            raise Unsupported("two conditions on one ability (the engine checks one)")
        return items[0]

    def condition(self, items):
        return ("condition", items[0])

    def cond_sent(self, items):
        return _Steps([("if", items[0], items[1])])

    def cond_instead_damage(self, items):
        return _Steps([("instead_damage", items[0], self._ints(items)[-1])])

    def cond_instead_damage_all(self, items):
        return _Steps([("instead_damage", items[0], self._ints(items)[-1], items[-1])])

    def cond_instead_draw(self, items):
        return _Steps([("instead_draw", items[0], self._ints(items)[-1])])

    # ---- effects ----
    def target_n(self, items):
        return {"count": _int(items[0]), "up_to": False, "filter": items[1]}

    def target_up_to(self, items):
        return {"count": _int(items[0]), "up_to": True, "filter": items[1]}

    def choose_sent(self, items):
        return _Steps([("choose", list(items))])

    def v_break(self, _):
        return "break"

    def v_dull(self, _):
        return "dull"

    def v_activate(self, _):
        return "activate"

    def v_freeze(self, _):
        return "freeze"

    def mods(self, items):
        return list(items)

    def mod(self, items):
        return items[0]

    def m_power(self, items):
        per = self._per(items)
        return ("power", (_int(items[0]), per)) if per else ("power", _int(items[0]))

    def _power_op(self, amount, per: dict, duration: str) -> dict:
        """A power change on the cards of a register: "+N power for each ..." is Op.POWER_PER."""
        if per:
            return {"op": "power_per", "amount": amount, "duration": duration, **per}
        return {"op": "power", "amount": amount, "duration": duration}

    def _loss(self, items, duration: str) -> dict:
        return self._power_op(-self._ints(items)[0], self._per(items), duration)

    def _mod_ops(self, mods, duration: str) -> list[dict]:
        ops, kws = [], []
        for kind, v in mods:
            if kind == "restrict":
                ops.append({"op": "restrict", "restrictions": v, "duration": duration})
            elif kind == "power":
                ops.append(self._power_op(v[0], v[1], duration) if isinstance(v, tuple) else
                           self._power_op(v, {}, duration))
            elif v == "back_attack":
                raise Unsupported("Back Attack (not in the 2016 rules the engine plays)")
            else:
                kws.append(v)
        if kws:
            ops.append({"op": "grant_keyword", "keywords": kws, "duration": duration})
        return ops

    @staticmethod
    def _dur(items) -> str:
        durs = [str(t) for t in items if isinstance(t, Token) and t.type == "DURATION"]
        if durs and "opponent" in durs[0]:
            return "end_of_opp_turn"  # "until the end of your opponent's turn" (session 23: restrictions only)
        return "end_of_turn" if durs else "permanent"

    @staticmethod
    def _ints(items) -> list[int]:
        return [_int(t) for t in items if isinstance(t, Token) and t.type == "INT"]

    @staticmethod
    def _restrictions(items) -> list[str] | None:
        for t in items:
            if isinstance(t, tuple) and t and t[0] == "restrict":
                return t[1]
        return None

    def r_lose_keywords(self, items):
        # "loses Haste, First Strike and Brave" (RESTRICT_LOST_*: the keywords granted before the loss are lost, those
        # granted after kept, CR 11.12.4.13; a field ability's, whatever its card's timestamp: lost_keywords_field_grants)
        kws = [t[1] for t in items if isinstance(t, tuple) and t and t[0] == "kw"]
        if not kws or len(set(kws)) != len(kws) or "back_attack" in kws:
            raise Unsupported("a loss of keywords the engine does not name")
        self.approximate("lost_keywords_field_grants")
        return ("restrict", [f"lose_{k}" for k in kws])

    def r_cant_attack(self, _):
        return ("restrict", ["cant_attack"])

    def r_attack_once_more(self, _):
        return ("restrict", ["attack_once_more"])

    def r_cant_block(self, _):
        return ("restrict", ["cant_block"])

    def r_cant_both(self, _):
        return ("restrict", ["cant_attack", "cant_block"])

    def r_unblockable(self, _):
        return ("restrict", ["unblockable"])

    def r_unbreakable(self, _):
        return ("restrict", ["unbreakable"])

    def r_unbreakable_opp(self, _):
        return ("restrict", ["unbreakable_by_opp_effects"])

    def r_unreturnable_opp(self, _):
        return ("restrict", ["unreturnable_by_opp_effects"])

    def r_unchoosable_granted(self, items):
        # the granted ability's "your opponent": the opponent of the card's controller (effects.can_be_chosen)
        kinds = [str(k).lower() for k in items[-1].children]
        return ("restrict", [f"unchoosable_by_opp_{k}" for k in kinds])

    def r_unchoosable_yours(self, items):
        # the restriction is "by its controller's opponent's" (effects.can_be_chosen): the same as the effect's "your
        # opponent's" only on a card of the effect's controller (program checks the register: the card itself, or a
        # choice of "you control")
        kinds = [str(k).lower() for k in items[-1].children]
        return ("restrict", [f"unchoosable_by_your_opp_{k}" for k in kinds])

    def _mods_of(self, items):
        for t in items:
            if isinstance(t, list):
                return t
        raise AssertionError("no mods")

    def it_verbs(self, items):
        return _Steps([("reg", [{"op": v} for v in items if isinstance(v, str) and not isinstance(v, Token)])])

    def per_card(self, items):
        f = items[0]
        if f.get("zone") == "break" and "side" not in f:
            f = _with(f, side="own")  # "in your Break Zone"
        if f.get("zone") not in (None, "break") or "exclude_self" in f:
            raise Unsupported("'for each' card of another zone, or 'other than' in it")
        return ("per", {"per": "card", "filter": f})

    def per_every(self, items):
        n = self._ints(items)[0]
        per = self.per_card([items[-1]])[1]
        if n < 2:
            raise Unsupported("'for every' of fewer than 2 cards")
        return ("per", {**per, "every": n})

    def per_max_cost(self, items):
        per = self.per_card(items)[1]
        if per["filter"].get("zone") is not None or per["filter"].get("side") != "own":
            raise Unsupported("the highest cost of cards other than the ones you control")
        return ("per", {**per, "per": "max_cost"})

    def per_damage(self, _):
        return ("per", {"per": "damage"})

    def per_hand(self, _):
        return ("per", {"per": "hand"})

    def per_cast_cards(self, _):
        return ("per", {"per": "cast_cards"})

    def per_paid_elements(self, _):
        return ("per", {"per": "paid_elements"})

    def per_elements(self, items):
        return ("per", {"per": "elements", "filter": self._own_elements_filter(items[0])})

    def reduce_floor_n(self, items):
        return ("floor", _int(items[0]) + 1)

    def per_opp_hand(self, _):
        return ("per", {"per": "opp_hand"})

    @staticmethod
    def _per(items) -> dict:
        return next((t[1] for t in items if isinstance(t, tuple) and t and t[0] == "per"), {})

    def it_verbs_gains(self, items):
        # "Dull it and it gains ... until the end of the turn." (the verb, then the gains, on the same cards)
        verb = next(v for v in items if isinstance(v, str) and not isinstance(v, Token))
        return _Steps([("reg", [{"op": verb}, *self._mod_ops(self._mods_of(items), self._dur(items))])])

    def it_verbs_restrict(self, items):
        # "Dull it and it gains 'This Forward cannot be broken.' until the end of the turn." (as _granted_restrictions
        # writes it: "... and it cannot be broken until the end of the turn.")
        verb = next(v for v in items if isinstance(v, str) and not isinstance(v, Token))
        return _Steps([("reg", [{"op": verb}, {"op": "restrict", "restrictions": self._restrictions(items),
                                               "duration": self._dur(items)}])])

    def may_mid(self, items):
        # "Then, you may play 1 ... / search for 1 ...": the player may take none (no "must take one" step flag)
        steps = next(t for t in items if isinstance(t, list))
        return _Steps([st[:2] if st[0] == "op" else st for st in steps])

    def it_verbs_damage(self, items):
        # "Dull it and deal it 3000 damage."
        return _Steps([("reg", [{"op": items[0]}, {"op": "damage", "amount": self._ints(items)[0]}])])

    def it_damage_verbs(self, items):
        # "Deal them 3000 damage and dull them.": the damage, then the verb, on each chosen card still on the field
        verb = next(v for v in items if isinstance(v, str) and not isinstance(v, Token))
        return _Steps([("reg", [{"op": "damage", "amount": self._ints(items)[0]}, {"op": verb}])])

    def it_damage(self, items):
        return _Steps([("reg", [{"op": "damage", "amount": self._ints(items)[0], **self._per(items)}])])

    def it_and_self_damage(self, items):
        # "Deal it and ~ 5000 damage.": the chosen cards and the card itself, in one resolution (damage adds up
        # before the rule process, CR 12.4.5, so the two amounts are dealt at once). A chosen card that may be the
        # card itself would be dealt the amount twice: refused where the choice can include it ("not_self" step)
        n = self._ints(items)[0]
        return _Steps([("not_self_it", None), ("reg", [{"op": "damage", "amount": n}]),
                       ("self", [{"op": "damage", "amount": n}])])

    def all_and_self_damage(self, items):
        # "Deal 2000 damage to all the Forwards opponent controls and 3000 damage to ~."
        f = next(t for t in items if isinstance(t, dict))
        if not self._excludes_self(f):
            raise Unsupported("damage to a group that may hold the card and to the card itself")
        a, b = self._ints(items)[:2]
        return _Steps([("all", f, [{"op": "damage", "amount": a}]), ("self", [{"op": "damage", "amount": b}])])

    def _excludes_self(self, f: dict) -> bool:
        # a description the card itself cannot match: the opponent's cards, "other than ~", another card type, "[Card
        # Name X]" of another name (the compiler's cache keys a line with "[Card Name" on the card's name)
        if f.get("side") == "opponent" or f.get("exclude_self") or ("zone" in f) \
                or (f.get("exclude_name") is not None and f["exclude_name"] == self.card.get("name")) \
                or ("name" in f and self.card.get("name") is not None and f["name"] != self.card.get("name")):
            return "alt" not in f or self._excludes_self(f["alt"])
        t = f.get("type")
        if t is not None and t != "character" and t != self.card.get("type"):
            return "alt" not in f or self._excludes_self(f["alt"])
        return False

    # "the Forward that blocks ~" / "the blocking Forward": the blocker of the battle (one Forward, CR 10.1.3),
    # only in an ability that "When ~ is blocked" triggers (checked in result())
    def the_blocker(self, _):
        self.blocker_ref = True
        return {"type": "forward", "state": "blocking"}

    def party_gains(self, items):
        self.party_ref = True
        f = {"type": "forward", "state": "attacking"}
        return _Steps([("all", f, self._mod_ops(self._mods_of(items), self._dur(items)))])

    def blocker_damage(self, items):
        f = next(t for t in items if isinstance(t, dict))
        return _Steps([("all", f, [{"op": "damage", "amount": self._ints(items)[0]}])])

    def blocker_verbs(self, items):
        return _Steps([("all", items[1], [{"op": items[0]}])])

    def it_damage_power(self, _):
        # "Deal it damage equal to ~'s power." (per "source_power": 1000 x the power / 1000, counted on resolution);
        # a source that has left the field counts its power just before it left (CR 11.11.4: effects.source_power)
        if self.card.get("type") != "forward":
            raise Unsupported("damage equal to the power of a card that is not a Forward")
        return _Steps([("reg", [{"op": "damage", "amount": 1000, "per": "source_power"}])])

    # "the former" / "the latter": the first / second of two chosen cards ("Choose 1 Forward you control and 1 Forward
    # opponent controls."; program() checks the choice)
    # "the first Forward" / "the other": the first chosen and the other of one choice of two cards ("Choose 2 Forwards.";
    # program() splits the register, Op.SPLIT_REG): 2 / 3
    @staticmethod
    def _ord(tok) -> int:
        t = str(tok)
        if t.endswith(("former", "latter", "first one", "second")):
            return 0 if t.endswith(("former", "first one")) else 1
        return 2 if t.endswith("Forward") else 3

    def oa_gains(self, items):
        return ("reg_idx", self._ord(items[0]), lambda dur: self._mod_ops(self._mods_of(items), dur), self._dur(items))

    def oa_gains_power(self, items):
        n = next(int(str(t)) for t in items if isinstance(t, Token) and t.type == "PLUS_INT")
        return ("reg_idx", self._ord(items[0]), lambda dur: [self._power_op(n, {}, dur)], None)

    def oa_loses(self, items):
        return ("reg_idx", self._ord(items[0]), lambda dur: [self._loss(items, dur)], self._dur(items))

    def oa_verbs(self, items):
        verbs = [v for v in items if isinstance(v, str) and not isinstance(v, Token)]
        return ("reg_idx", self._ord(items[-1]), lambda _: [{"op": v} for v in verbs], None)

    def oa_damage_to(self, items):
        n = self._ints(items)[0]
        return ("reg_idx", self._ord(items[-1]), lambda _: [{"op": "damage", "amount": n}], None)

    def oa_return(self, items):
        return ("reg_idx", self._ord(items[0]), lambda _: [{"op": "return_to_hand"}], None)

    def oa_remove(self, items):
        return ("reg_idx", self._ord(items[0]), lambda _: [{"op": "remove_from_game"}], None)

    def oa_damage(self, items):
        n = self._ints(items)[0]
        return ("reg_idx", self._ord(items[0]), lambda _: [{"op": "damage", "amount": n}], None)

    def _ord_steps(self, acts, duration=None):
        out = _Steps()
        for _, idx, ops, dur in acts:
            out.append(("reg_idx", idx, ops(duration or dur or "permanent")))
        return out

    def ord_acts(self, items):
        # "Dull the former and deal the latter 5000 damage.", "The former gains +2000 power until the end of the turn."
        return self._ord_steps(items)

    def ord_dur_acts(self, items):
        # "Until the end of the turn, the former gains +2000 power and the latter loses 2000 power."
        return self._ord_steps(items, "end_of_turn")

    def ord_deals_power(self, items):
        # "The former deals damage equal to its power to the latter.": the latter is dealt damage equal to the
        # former's power, counted on resolution, dealt by the former (Op.DAMAGE per other_reg_power)
        dealer, dealt = self._ord(items[0]), self._ord(items[1])
        if dealer == dealt:
            raise Unsupported("a chosen card dealing damage to itself")
        return _Steps([("reg_idx", dealt, [{"op": "damage", "amount": 1000, "per": "other_reg_power"}], True)])

    def each_deals_power(self, _):
        # "Each Forward deals damage equal to its power to the other." (both at once: the powers are counted on
        # resolution, and damage does not change a power nor break a Forward before the rule process, CR 12.4.5)
        op = {"op": "damage", "amount": 1000, "per": "other_reg_power"}
        return _Steps([("reg_idx", 1, [dict(op)], True), ("reg_idx", 0, [dict(op)], True)])

    def self_each_deals_power(self, _):
        # "~ and the chosen Forward deal damage equal to their respective power to the other." (~ a Forward; the chosen
        # one of the opponent's: two distinct cards)
        if self.card.get("type") != "forward":
            raise Unsupported("damage equal to the power of a card that is not a Forward")
        return _Steps([("self_exchange", None)])

    def play_removed(self, items):
        # "Then, play the removed Forward onto the field dull." (program(): right after "Remove it from the game.")
        return _Steps([("play_removed", any(isinstance(t, Token) and t.type == "DULL_WORD" for t in items))])

    def it_damage_more(self, items):
        # "Deal it 4000 damage and 1000 more damage for each ...": one amount, base + 1000 x the count
        base, more = self._ints(items)[:2]
        return _Steps([("reg", [{"op": "damage", "amount": more, "base": base, **self._per(items)}])])

    def all_damage_more(self, items):
        base, more = self._ints(items)[:2]
        return _Steps([("all", items[-1], [{"op": "damage", "amount": more, "base": base, **self._per(items)}])])

    def it_gains(self, items):
        return _Steps([("reg", self._mod_ops(self._mods_of(items), self._dur(items)))])

    def it_removed_instead(self, items):
        # "If it is put from the field into the Break Zone this turn, remove it from the game instead." (a replacement
        # until the end of the turn: RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE, read by zones.leave_field)
        if not any(isinstance(t, Token) and t.type == "DURATION" and "turn" in str(t) for t in items):
            raise Unsupported("a replacement without 'this turn'")
        return _Steps([("reg", [{"op": "restrict", "restrictions": ["removed_instead_of_break_zone"],
                                 "duration": "end_of_turn"}])])

    def it_gains_per_lead(self, items):
        # "For each DESC, it gains +1000 power until the end of the turn." (Op.POWER_PER, counted on resolution)
        per = self.per_card([items[0]])[1]
        amount = next(int(str(t)) for t in items if isinstance(t, Token) and t.type == "PLUS_INT")
        return _Steps([("reg", [self._power_op(amount, per, self._dur(items))])])

    def it_loses(self, items):
        return _Steps([("reg", [self._loss(items, self._dur(items))])])

    def it_restrict(self, items):
        return _Steps([("reg", [{"op": "restrict", "restrictions": self._restrictions(items),
                                 "duration": self._dur(items)}])])  # fmt: skip

    def it_return(self, _):
        return _Steps([("reg", [{"op": "return_to_hand"}])])

    def it_deck_top(self, _):
        return _Steps([("reg", [{"op": "put_on_deck_top"}])])

    def it_deck_bottom(self, _):
        return _Steps([("reg", [{"op": "put_on_deck_bottom"}])])

    # "During this turn, the next damage dealt to it is reduced by N / becomes 0 instead." (Op.DAMAGE_SHIELD: a
    # replacement effect until the end of the turn that the next damage dealt to the card uses up, CR 11.12.5)
    def sr_reduce(self, items):
        return ("shield", _int(items[0]))

    def sr_becomes(self, items):
        if _int(items[0]) != 0:
            raise Unsupported("the next damage becomes an amount other than 0")
        return ("shield", 0)

    @staticmethod
    def _shield_op(n):
        if n % 1000:
            raise Unsupported("an amount of damage that is not a multiple of 1000")
        return {"op": "damage_shield", "amount": n} if n else {"op": "damage_shield", "becomes_zero": True}

    @staticmethod
    def _shield_of(items):
        return next(t[1] for t in items if isinstance(t, tuple) and t[0] == "shield")

    def it_shield(self, items):
        return _Steps([("reg", [self._shield_op(self._shield_of(items))])])

    def it_shield_reduce(self, items):
        # "Reduce the next damage dealt to it this turn by 1000."
        return _Steps([("reg", [self._shield_op(self._ints(items)[0])])])

    def self_shield(self, items):
        return _Steps([("self", [self._shield_op(self._shield_of(items))])])

    def it_put_break(self, _):
        # "Put it into the Break Zone.": not a break (CR 15.1.1.3.2: "is broken" does not trigger)
        return _Steps([("reg", [{"op": "put_into_break_zone"}])])

    def opp_select_sent(self, items):
        n, f = self._ints(items)[0], next(t for t in items if isinstance(t, dict))
        if "side" in f or "zone" in f:
            raise Unsupported("a side or zone in what the opponent selects")
        if not 1 <= n <= 5:
            raise Unsupported("the opponent selects more than 5 cards")
        return _Steps([("opp_select", _with(f, side="opponent"), n)])

    def self_select_sent(self, items):
        # "Select 1 Character you control.": the controller's own Characters on the field (Op.OPP_SELECT by the controller)
        n, f = self._ints(items)[0], next(t for t in items if isinstance(t, dict))
        if f.get("side") != "own" or "zone" in f:
            raise Unsupported("a selection other than among the Characters you control")
        if not 1 <= n <= 5:
            raise Unsupported("more than 5 cards selected")
        return _Steps([("opp_select", f, n, "controller")])

    def ht_discard(self, _):
        return "discard"

    def ht_remove(self, _):
        return "remove"

    def not_backup(self, _):
        return ("not_backup",)

    @staticmethod
    def _hand_filter(items):
        """The description of the selected card of the opponent's hand; "other than a Backup": a Forward or a Summon (the
        card types of the 2016 rules, CR 5.1: the importer plays no other)."""
        f = next(t for t in items if isinstance(t, dict))
        if ("not_backup",) in items:
            if "type" in f:
                raise Unsupported("'other than a Backup' after a card type")
            f = _with(f, type=["forward", "summon"])
        return f

    def hand_reveal_sent(self, _):
        # "Your opponent reveals their hand.": every card of it shown to both players (state.REVEALED), none selected
        return _Steps([("op", {"op": "hand_select", "filter": {"side": "opponent", "zone": "hand"}, "count": 0})])

    def hand_select_sent(self, items):
        # the opponent's hand is revealed (both players see it, state.REVEALED) and the controller selects (not
        # chooses, CR 11.8.9) the card on resolution
        n, f = self._ints(items)[0], self._hand_filter(items)
        then = next(t for t in items if t in ("discard", "remove") and not isinstance(t, Token))
        if "side" in f or "zone" in f or "state" in f or "exclude_self" in f:
            raise Unsupported("a side, zone or state on a card of the opponent's hand")
        if not 1 <= n <= 5:
            raise Unsupported("more than 5 cards selected in a hand")
        return _Steps([("op", {"op": "hand_select", "filter": _with(f, side="opponent", zone="hand"), "count": n,
                               "then": then})])

    def hmt_remove(self, items):
        return ("remove", self._ints(items)[0])

    def hmt_discard(self, items):
        return ("discard", self._ints(items)[0])

    def hand_may_select(self, items):
        # "You may select ... If you do so, remove it / your opponent discards it and draws N": the select may take
        # none (HAND_SELECT_MAY, the hand revealed either way), the draw only when one was selected (IF_DONE)
        n, f = self._ints(items)[0], self._hand_filter(items)
        then, draws = next(t for t in items if isinstance(t, tuple) and len(t) == 2)
        if "side" in f or "zone" in f or "state" in f or "exclude_self" in f:
            raise Unsupported("a side, zone or state on a card of the opponent's hand")
        if n != 1:
            raise Unsupported("'you may select' more than 1 card in a hand")
        return _Steps([("op", {"op": "hand_select", "filter": _with(f, side="opponent", zone="hand"), "count": n,
                               "then": then, "up_to": True}),
                       ("if_done", [("op", {"op": "draw", "count": draws, "who": "opponent"})])])

    def it_remove(self, _):
        return _Steps([("reg", [{"op": "remove_from_game"}])])

    def it_cancel(self, _):
        return _Steps([("cancel_it", None)])

    def it_play(self, _):
        return _Steps([("play_it", None)])

    def it_play_dull(self, _):
        return _Steps([("play_it", "dull")])

    def it_add(self, _):
        return _Steps([("add_it", None)])

    def group(self, items):
        return items[0]

    def aura_subject(self, items):
        return items[0]

    def all_damage(self, items):
        return _Steps([("all", items[-1], [{"op": "damage", "amount": self._ints(items)[0]}])])

    def all_damage_per(self, items):
        group = next(t for t in items if isinstance(t, dict))
        return _Steps([("all", group, [{"op": "damage", "amount": self._ints(items)[0], **self._per(items)}])])

    def all_gains(self, items):
        return _Steps([("all", items[0], self._mod_ops(self._mods_of(items[1:]), self._dur(items)))])

    def all_loses(self, items):
        return _Steps([("all", items[0], [self._loss(items, self._dur(items))])])

    def all_verbs(self, items):
        return _Steps([("all", items[1], [{"op": items[0]}])])

    def all_return(self, items):
        return _Steps([("all", items[0], [{"op": "return_to_hand"}])])

    def all_remove(self, items):
        return _Steps([("all", items[0], [{"op": "remove_from_game"}])])

    def all_restrict(self, items):
        return _Steps([("all", items[0], [{"op": "restrict", "restrictions": self._restrictions(items),
                                           "duration": self._dur(items)}])])  # fmt: skip

    def self_restrict(self, items):
        return _Steps([("self", [{"op": "restrict", "restrictions": self._restrictions(items),
                                  "duration": self._dur(items)}])])  # fmt: skip

    def dur_self_restrict(self, items):
        return _Steps([("self", [{"op": "restrict", "restrictions": self._restrictions(items),
                                  "duration": "end_of_turn"}])])  # fmt: skip

    def self_gains(self, items):
        return _Steps([("self", self._mod_ops(self._mods_of(items), self._dur(items)))])

    def self_loses(self, items):
        return _Steps([("self", [self._loss(items, self._dur(items))])])

    def self_verbs(self, items):
        return _Steps([("self", [{"op": items[0]}])])

    def self_freeze(self, _):
        return _Steps([("self", [{"op": "freeze"}])])

    def self_return(self, _):
        return _Steps([("self", [{"op": "return_to_hand"}])])

    def self_remove(self, _):
        return _Steps([("self", [{"op": "remove_from_game"}])])

    def self_put_break(self, _):
        return _Steps([("self", [{"op": "put_into_break_zone"}])])

    def self_damage(self, items):
        return _Steps([("self", [{"op": "damage", "amount": self._ints(items)[0]}])])

    # "until the end of the turn, ..." first
    def duration_sent(self, items):
        return items[0]

    def dur_it_gains(self, items):
        return _Steps([("reg", self._mod_ops(self._mods_of(items), "end_of_turn"))])

    def dur_it_loses(self, items):
        return _Steps([("reg", [self._loss(items, "end_of_turn")])])

    def dur_self_gains(self, items):
        return _Steps([("self", self._mod_ops(self._mods_of(items), "end_of_turn"))])

    def dur_self_loses(self, items):
        return _Steps([("self", [self._loss(items, "end_of_turn")])])

    def dur_group_gains(self, items):
        return _Steps([("all", items[0], self._mod_ops(self._mods_of(items[1:]), "end_of_turn"))])

    def dur_group_loses(self, items):
        return _Steps([("all", items[0], [self._loss(items, "end_of_turn")])])

    def dur_it_restrict(self, items):
        return _Steps([("reg", [{"op": "restrict", "restrictions": self._restrictions(items), "duration": "end_of_turn"}])])

    def dur_group_restrict(self, items):
        return _Steps([("all", items[0], [{"op": "restrict", "restrictions": self._restrictions(items),
                                           "duration": "end_of_turn"}])])  # fmt: skip

    def opp_draw_sent(self, items):
        return _Steps([("op", {"op": "draw", "count": self._ints(items)[0], "who": "opponent"})])

    def each_draws(self, items):
        # CR 11.11.6: both players perform it, the turn player first (as each_discards)
        n = self._ints(items)[0]
        mine = ("op", {"op": "draw", "count": n})
        theirs = ("op", {"op": "draw", "count": n, "who": "opponent"})
        return _Steps([("if", {"kind": "your_turn", "value": 0}, [mine, theirs]),
                       ("if", {"kind": "opp_turn", "value": 0}, [theirs, mine])])

    def each_discards(self, items):
        # CR 11.11.6: both players perform it, the turn player first, then the non-turn player (who sees the turn
        # player's discards): the order is asked on resolution (conditions your_turn / opp_turn)
        n = self._ints(items)[0]
        mine = ("op", {"op": "discard", "count": n, "who": "controller"})
        theirs = ("op", {"op": "discard", "count": n, "who": "opponent"})
        return _Steps([("if", {"kind": "your_turn", "value": 0}, [mine, theirs]),
                       ("if", {"kind": "opp_turn", "value": 0}, [theirs, mine])])

    def self_deals_opponent(self, items):
        # "~ deals your opponent 1 point of damage." (CR 6.5: the source's damage to a player)
        return _Steps([("op", {"op": "damage_player", "amount": self._ints(items)[0]})])

    def self_deals_you(self, items):
        return _Steps([("op", {"op": "damage_player", "amount": self._ints(items)[0], "who": "controller"})])

    def rd_hand(self, _):
        return ("dest", "hand")

    def rd_field(self, _):
        return ("dest", "field")

    def rd_field_dull(self, _):
        return ("dest", "field_dull")

    def reveal_else(self, items):
        return ("else", next((i for i in items if isinstance(i, dict)), None))

    def reveal_sent(self, items):
        f = next(i for i in items if isinstance(i, dict))
        dest = next(v for k, v in (i for i in items if isinstance(i, tuple)) if k == "dest")
        other = [v for k, v in (i for i in items if isinstance(i, tuple)) if k == "else"]
        if "side" in f or "zone" in f or "state" in f or "exclude_self" in f:
            raise Unsupported("a side, zone or state on the revealed card")
        if other and other[0] is not None and other[0] != f:
            raise Unsupported("'if it is not' a description other than the revealed card's")
        f = _with(f, side="own", zone="deck")
        if dest != "hand":
            if f.get("type") == "summon":
                raise Unsupported("playing a Summon onto the field")
            if "type" not in f:
                f = _with(f, type="character")
        op = {"op": "reveal_top", "filter": f, "destination": dest}  # shown to both: state.REVEALED
        if other:
            op["else_break"] = True
        return _Steps([("op", op)])

    def lt_n(self, items):
        return ("take", (_int(items[0]), False, items[1]))

    def lt_up_to(self, items):
        return ("take", (_int(items[0]), True, items[1]))

    def ld_hand(self, _):
        return ("dest", "hand")

    def ld_field(self, _):
        return ("dest", "field")

    def lr_bottom(self, _):
        return ("rest", "bottom")

    def lr_break(self, _):
        return ("rest", "break")

    def look_sent(self, items):
        # Op.LOOK_TOP: taken one at a time among the top N (every card looked at shown to the player), the others
        # put on the bottom one at a time in the order the player chooses ("in any order"), or into the Break Zone
        verb, n = str(items[0]), _int(items[1])
        parts = dict(i for i in items if isinstance(i, tuple))
        k, up_to, f = parts["take"]
        if not 1 <= k <= n <= K.OPTION_SLOTS:
            raise Unsupported(f"looking at {n} cards, taking {k}")
        if "side" in f or "zone" in f or "state" in f or "exclude_self" in f:
            raise Unsupported("a side, zone, state or 'other than' on a card of the deck")
        f = _with(f, side="own", zone="deck")
        if parts["dest"] != "hand":
            if f.get("type") == "summon":
                raise Unsupported("playing a Summon onto the field")
            if "type" not in f:
                f = _with(f, type="character")
        op = {"op": "look_top", "filter": f, "count": n, "take": k, "destination": parts["dest"], "rest": parts["rest"]}
        if verb.startswith("reveal"):
            op["revealed"] = True  # the opponent sees them too (state.REVEALED, the observation's `revealed`)
        if up_to:
            op["up_to"] = True
        return _Steps([("op", op)])

    def look_one_sent(self, _):
        # "Look at the top card of your deck. You may place the card at the bottom of your deck." (Op.LOOK_TOP: up
        # to 1 of the top 1 to the bottom, the other stays on top)
        return _Steps([("op", {"op": "look_top", "filter": {"side": "own", "zone": "deck"}, "count": 1, "take": 1,
                               "up_to": True, "destination": "bottom", "rest": "top"})])

    def reveal_until_sent(self, items):
        f = next(i for i in items if isinstance(i, dict))
        if "side" in f or "zone" in f or "state" in f or "exclude_self" in f:
            raise Unsupported("a side, zone or state on the revealed card")
        return _Steps([("op", {"op": "reveal_until", "filter": _with(f, side="own", zone="deck")})])

    def mill_you(self, items):
        n = self._ints(items)
        return _Steps([("op", {"op": "mill", "count": n[0] if n else 1})])

    def mill_opp(self, items):
        n = self._ints(items)
        return _Steps([("op", {"op": "mill", "count": n[0] if n else 1, "who": "opponent"})])

    def draw_sent(self, items):
        return _Steps([("op", {"op": "draw", "count": self._ints(items)[0]})])

    def opp_discards_random(self, items):
        return _Steps([("op", {"op": "discard", "count": self._ints(items)[0], "who": "opponent", "random": True})])

    def draw_then_discard(self, items):
        d, k = self._ints(items)[:2]
        return _Steps([("op", {"op": "draw", "count": d}), ("op", {"op": "discard", "count": k, "who": "controller"})])

    def discard_then_draw(self, items):
        k, d = self._ints(items)[:2]
        return _Steps([("op", {"op": "discard", "count": k, "who": "controller"}), ("op", {"op": "draw", "count": d})])

    def opp_discards(self, items):
        return _Steps([("op", {"op": "discard", "count": self._ints(items)[0], "who": "opponent"})])

    def you_discard(self, items):
        return _Steps([("op", {"op": "discard", "count": self._ints(items)[0], "who": "controller"})])

    def damage_player_sent(self, items):
        return _Steps([("op", {"op": "damage_player", "amount": self._ints(items)[0]})])

    def player_shield_sent(self, _):
        # "During this turn, the next damage dealt to you becomes 0 instead." (Op.PLAYER_DAMAGE_SHIELD: a replacement
        # effect, CR 11.12.5, that the next damage dealt to the controller this turn uses up; no other effect of the
        # 2016 cards the engine plays replaces the damage dealt to a player, so there is no order to choose)
        return _Steps([("op", {"op": "player_damage_shield"})])

    def search_hand(self, items, destination="hand"):
        n, f = self._ints(items)[0], items[-1]
        if n != 1:
            raise Unsupported("a search for more than 1 card")
        if "side" in f or "zone" in f or "state" in f:
            raise Unsupported("a side, zone or state in a search")
        f = _with(f, side="own", zone="deck")
        if destination in ("field", "field_dull"):
            if "type" not in f:
                f = _with(f, type="character")
            if f["type"] == "summon":
                raise Unsupported("playing a Summon onto the field")
        return _Steps([("op", {"op": "search", "filter": f, "destination": destination}, True)])

    def search_up_to_hand(self, items, destination="hand"):
        # "Search for up to 2 [Category X] Forwards and add them to your hand.": one card at a time, the player may
        # stop at any count (what "up to" asks: not the may_choose_none approximation), one shuffle after (CR 15.1.1.8)
        n, f = self._ints(items)[0], items[-1]
        if not 1 <= n <= 5:
            raise Unsupported("a search for more than 5 cards")
        if n > 1 and destination != "hand":
            # they enter the field together (each sees the others enter, CR 11.8.16.2.1); the engine's search puts
            # them onto the field one at a time
            raise Unsupported("a search for more than 1 card played onto the field")
        step = self.search_hand([Token("INT", "1"), f], destination)[0]
        op = dict(step[1])
        if n > 1:
            op["count"] = n
        return _Steps([("op", op)])

    def search_up_to_field(self, items):
        return self.search_up_to_hand(items, "field")

    def search_break(self, items):
        return self.search_hand(items, "break_zone")

    def search_field(self, items):
        return self.search_hand(items, "field")

    def search_field_dull(self, items):
        return self.search_hand([t for t in items if not (isinstance(t, Token) and t.type == "DULL_WORD")],
                                "field_dull")

    def _play(self, items, zone):
        if any(isinstance(t, Token) and t.type == "DULL_WORD" for t in items):
            # "... from your hand onto the field dull": put_onto_field's dull (Op.PUT_ONTO_FIELD's a2)
            steps = self._play([t for t in items if not (isinstance(t, Token) and t.type == "DULL_WORD")], zone)
            steps[0][1]["dull"] = True
            return steps
        n, f = self._ints(items)[0], items[-1] if isinstance(items[-1], dict) else items[1]
        if "side" in f or "zone" in f or "state" in f:
            raise Unsupported("a side, zone or state on a card played from a zone")
        f = _with(f, side="own", zone=zone)
        if "type" not in f:
            f = _with(f, type="character")
        if f["type"] == "summon":
            raise Unsupported("playing a Summon onto the field")
        return _Steps([("op", {"op": "put_onto_field", "filter": f, "count": n}, True)])

    def cast_sent(self, items):
        # "[you may] cast 1 Summon [of cost N or less] from your hand without paying the cost" (Op.CAST_FREE)
        n, f = self._ints(items)[0], items[-1]
        if n != 1:
            raise Unsupported("casting more than 1 Summon")
        if f.get("type") != "summon" or any(k in f for k in ("side", "zone", "state", "alt")):
            raise Unsupported("a cast of a card other than a Summon of your hand")
        return _Steps([("op", {"op": "cast_free", "filter": _with(f, side="own", zone="hand")}, True)])

    def play_from_hand(self, items):
        return self._play(items, "hand")

    def play_from_break(self, items):
        return self._play(items, "break")

    def effects(self, items):
        return [s for st in items for s in st]

    def optional_effects(self, items):
        return ("optional", [s for st in items for s in st])

    def done_discard(self, items):
        return ("op", {"op": "discard", "count": self._ints(items)[0], "who": "controller"})

    def done_receive_damage(self, items):
        return ("op", {"op": "damage_player", "amount": self._ints(items)[0], "who": "controller"})

    def done_pay(self, items):
        # "you may pay {Fire}{1}.": paid as a cost is (Op.PAY); the costs' reading of the symbols
        cost = self._cost([("syms", [str(t)[1:-1] for t in items])], special=False)
        if set(cost) - {"cp", "element", "elements"} or not cost.get("cp"):
            raise Unsupported("'you may pay' other than CP")
        return ("op", {"op": "pay", "cp": cost["cp"], **{k: cost[k] for k in ("element", "elements") if k in cost}})

    def done_self_to_break(self, _):
        # "you may put ~ into the Break Zone" (Op.SOURCE_LEAVES; where the card is: auto() from the trigger)
        return ("op", {"op": "source_leaves", "to": "break_zone"})

    def done_dull_active(self, items):
        # "you may dull 3 active [Category IV] Characters you control." (Op.DULL_ACTIVE: all of them or none)
        n, f = self._ints(items)[0], next(t for t in items if isinstance(t, dict))
        if f.get("side") != "own" or f.get("state") != "active" or "zone" in f or "alt" in f or not 1 <= n <= 5 \
                or f.get("type") == "summon":
            raise Unsupported("dulling Characters other than N active ones you control")
        return ("op", {"op": "dull_active", "count": n, "filter": f})

    def done_discard_matching(self, items):
        # "you may discard 1 Summon / 1 [Job Chaos]." (Op.DISCARD_MATCHING: all of them or none)
        n, f = self._ints(items)[0], next(t for t in items if isinstance(t, dict))
        if set(f) - {"type", "job", "name", "category", "element", "cost_min", "cost_max", "cost"} or not 1 <= n <= 5:
            raise Unsupported("discarding cards other than N of a kind from your hand")
        if not f:
            return self.done_discard(items)
        return ("op", {"op": "discard_matching", "count": n, "filter": _with(f, side="own", zone="hand")})

    def done_self_removed(self, _):
        return ("op", {"op": "source_leaves", "to": "removed"})

    def may_done_alone(self, items):
        # "..., you may put ~ into the Break Zone / remove ~ from the game." (Op.SOURCE_LEAVES from where the trigger
        # leaves the card, auto(); the ability is optional, asked on resolution, CR 11.8.14)
        done = items[0]
        if done[1]["op"] != "source_leaves":
            raise Unsupported("'you may' with an instruction that only reports whether it was done")
        return ("optional", [done])

    def may_if_done(self, items):
        # "you may X. If you do so, Y.": the ability is optional (asked on resolution, CR 11.8.14) and Y runs
        # when X was done (declining does nothing at all, which is what "if you do so" asks)
        done, rest = items[0], [s for st in items[1:] for s in st]
        return ("optional", [done, ("if_done", rest)])

    def choose_may_if_done(self, items):
        # "choose 1 Forward. You may discard 1 Summon. If you do so, dull it.": the target chosen when the ability is put
        # on the stack (CR 11.8.9), the "you may" asked on resolution (CR 11.8.14), then as "you may X. If you do so, Y."
        chosen, done, rest = list(items[0]), items[1], [s for st in items[2:] for s in st]
        return ("optional", [*chosen, done, ("if_done", rest)])

    def may_when_done(self, items):
        # "you may X. When you do so, Y.": "When ..., <effect>" is an auto-ability's form (CR 11.8.2); it is
        # generated by the resolving ability (CR 11.8.17.1) and triggers when X is done: Y is an ability of its
        # own (trigger "reflexive") that the "reflex" op queues, put on the stack at the next priority with its
        # targets chosen then (CR 11.8.7, 11.8.9; none: it leaves the stack, CR 11.8.4)
        done, rest = items[0], [s for st in items[1:] for s in st]
        return ("optional_reflex", [done, ("if_done", [("op", {"op": "reflex"})])], rest)

    # ---- assembling a program ----
    def program(self, steps: list, *, has_source: bool, optional: bool = False) -> list[dict]:
        """Effect steps -> the op list: every choice first (CR 11.3.3, 11.8.9: targets are chosen
        when the Summon is cast or the ability is put on the stack), registers 0..1."""
        chooses, rest = [], []
        reg = -1  # the register "it" refers to
        n_regs = 0
        it_regs: list[int] = []
        last_choose: list[dict] | None = None
        last_break: dict | None = None  # the choose op of the card chosen in the Break Zone, until "it" acts on it
        first = steps[0] if steps else None  # the step a "you may" is about (not the first of a nested walk)

        split_of: tuple[int, int] | None = None  # "the first ..." / "the other": (the chosen register, the other's)

        def walk(steps):
            nonlocal reg, n_regs, it_regs, last_choose, last_break, split_of
            for st in steps:
                kind = st[0]
                if kind == "choose":
                    it_regs = []
                    last_choose = st[1]
                    last_break = None
                    for tgt in st[1]:
                        f = tgt["filter"]
                        if f.get("zone") == "break":
                            # a card of the Break Zone, chosen like any target when the Summon is cast / the ability
                            # put on the stack (CR 11.3.3, 11.8.9; the CHOOSE row's options); "play it onto the
                            # field" / "add it to your hand" follows (which sets the filter's type)
                            if len(st[1]) != 1 or n_regs >= 2:
                                raise Unsupported("a card of the Break Zone chosen with other cards")
                            last_break = {"op": "choose", "filter": f if "side" in f else _own(f), "count": tgt["count"],
                                          "reg": n_regs}
                            if tgt["up_to"]:
                                last_break["up_to"] = True
                            chooses.append(last_break)
                            n_regs += 1
                            continue
                        # a Summon: only "Cancel its effect." after it (cancel_it: on the stack; checked below)
                        if n_regs >= 2:
                            raise Unsupported("more than 2 sets of targets")
                        op = {"op": "choose", "filter": f, "count": tgt["count"], "reg": n_regs}
                        if tgt["up_to"]:
                            op["up_to"] = True
                        chooses.append(op)
                        it_regs.append(n_regs)
                        n_regs += 1
                elif kind == "trigger_card":
                    # "When a Forward you control attacks, it gains ...": "it" is the card the trigger was about
                    if n_regs >= 2:
                        raise Unsupported("more than 2 sets of targets")
                    rest.append({"op": "target_trigger", "reg": n_regs})
                    last_choose = [{"filter": {}, "count": 1, "up_to": False, "group": True}]
                    it_regs = [n_regs]
                    n_regs += 1
                elif kind == "opp_select":
                    # "Your opponent selects N ... they control.": a register filled on resolution by the opponent
                    # (Op.OPP_SELECT); "it" after it is the selected cards
                    if n_regs >= 2:
                        raise Unsupported("more than 2 sets of targets")
                    rest.append({"op": "opp_select", "filter": st[1], "count": st[2], "reg": n_regs,
                                 **({"by": "controller"} if len(st) > 3 else {})})
                    last_choose = [{"filter": st[1], "count": st[2], "up_to": False, "group": True}]
                    it_regs = [n_regs]
                    n_regs += 1
                elif kind == "not_self_it":
                    # "deal it and ~ N damage": "it" must not be able to be the card itself
                    if last_choose is not None and not all(self._excludes_self(t["filter"]) for t in last_choose):
                        raise Unsupported("'it and ~' where the chosen card may be the card itself")
                elif kind == "cancel_it":
                    # "Choose 1 Summon [of cost N or less]. Cancel its effect.": the Summon is chosen on the stack
                    # (its filter's zone: the stack) and taken off it, into the Break Zone, without its effect
                    if last_choose is None or len(last_choose) != 1 or last_choose[0].get("group") \
                            or last_choose[0]["filter"].get("type") != "summon" or len(it_regs) != 1:
                        raise Unsupported("'cancel its effect' of something other than one chosen Summon")
                    f = last_choose[0]["filter"]
                    if set(f) - {"type", "cost_min", "cost_max", "element", "alt"} or "alt" in f:
                        raise Unsupported("a chosen Summon described by more than its cost and Element")
                    ch = next(op for op in chooses if op["reg"] == it_regs[0])
                    ch["filter"] = _with(ch["filter"], zone="stack")
                    rest.append({"op": "cancel", "reg": it_regs[0]})
                elif kind == "reg":
                    if last_choose is None:
                        raise Unsupported("'it' without a chosen card")
                    if last_choose[0].get("ambiguous"):
                        raise Unsupported("'it' after a chosen card and a group of cards")
                    if any(t["filter"].get("zone") == "break" for t in last_choose):
                        # "Remove it / them from the game." on cards chosen in a Break Zone: those still there on
                        # resolution are removed (CR 11.11.2; cards.py: Op.ADD_TO_HAND's Break Zone register form)
                        if last_break is None or [op["op"] for op in st[1]] != ["remove_from_game"]:
                            raise Unsupported("an effect on a card in the Break Zone other than playing it")
                        rest.append({"op": "remove_from_game", "reg": last_break["reg"]})
                        last_break = None
                        continue
                    if any(t["filter"].get("type") == "summon" for t in last_choose):
                        raise Unsupported("an effect on a chosen Summon other than cancelling it")
                    # "Choose up to 1 Forward and up to 1 Backup. Dull them and Freeze them.": "them" is
                    # every chosen card, of both sets (each set's register gets the same ops)
                    for reg in it_regs:
                        rest.extend([{**op, "reg": reg} for op in st[1]])
                elif kind == "self_exchange":
                    if not has_source:
                        raise Unsupported("an effect on the card itself where it has no place on the field")
                    if last_choose is None or len(last_choose) != 1 or len(it_regs) != 1 or n_regs != 1 \
                            or last_choose[0].get("group") or last_choose[0]["count"] != 1 \
                            or last_choose[0]["filter"].get("type") != "forward" \
                            or not self._excludes_self(last_choose[0]["filter"]):
                        raise Unsupported("'~ and the chosen Forward' without one chosen Forward other than ~")
                    op = {"op": "damage", "amount": 1000, "per": "other_reg_power"}
                    rest.extend([{"op": "target_self", "reg": 1}, {**op, "reg": 0}, {**op, "reg": 1}])
                    n_regs += 1
                elif kind == "play_removed":
                    # the card "Remove it from the game." removed (the row before; one register of Characters chosen
                    # on the field, the ability's controller playing it: CR 15.1.1.5's Removed Zone, then onto the
                    # field, where it is a new card, CR 6.4.2)
                    prev = rest[-1] if rest else None
                    if prev is None or prev["op"] != "remove_from_game" or len(it_regs) != 1 \
                            or prev["reg"] != it_regs[0] or last_choose is None or len(last_choose) != 1 \
                            or last_choose[0].get("group") or last_choose[0]["filter"].get("zone") is not None \
                            or last_choose[0]["filter"].get("type") not in ("forward", "backup", "character"):
                        raise Unsupported("'play the removed ...' not right after 'remove it from the game' of chosen "
                                          "Characters")
                    rest.append({"op": "put_onto_field", "reg": prev["reg"], "removed": True, "dull": st[1]})
                elif kind == "delayed":
                    # "When it is put from the field into the Break Zone this turn, <effect>.": the chosen card is marked
                    # (Op.MARK_DELAYED) for a delayed auto-ability of the card (Trigger.DELAYED_PUT_BREAK, CR 11.8)
                    if last_choose is None or len(last_choose) != 1 or len(it_regs) != 1 or last_choose[0].get("group") \
                            or last_choose[0]["filter"].get("zone") is not None \
                            or last_choose[0]["filter"].get("type") == "summon":
                        raise Unsupported("'when it is put ... this turn' without one chosen set of cards on the field")
                    if getattr(self, "delayed", None) is not None:
                        raise Unsupported("two delayed abilities on one line")
                    # its own program: its targets chosen as it is put on the stack (CR 11.8.9); "it" is no longer the
                    # marked card (refused by the program: no choice before it)
                    self.delayed = self.program(st[1], has_source=False)
                    rest.append({"op": "mark_delayed", "reg": it_regs[0]})
                elif kind == "reg_idx" and st[1] >= 2:
                    # "the first Forward" / "the other": one choice of [up to] two cards, the first chosen and the
                    # other (Op.SPLIT_REG moves the second chosen card of the register into the next one as the
                    # effect resolves, once)
                    if split_of is not None:
                        rest.extend([{**op, "reg": split_of[st[1] - 2]} for op in st[2]])
                        continue
                    if last_choose is None or len(last_choose) != 1 or len(it_regs) != 1 or last_choose[0].get("group") \
                            or last_choose[0]["count"] != 2 or len(st) > 3:
                        raise Unsupported("'the first ...' / 'the other' without one choice of two cards")
                    if n_regs >= 2 or rest or len(chooses) != 1 or last_choose[0]["filter"].get("zone") is not None:
                        raise Unsupported("'the first ...' / 'the other' after other targets or effects")
                    split_of = (it_regs[0], n_regs)
                    rest.append({"op": "split_reg", "reg": n_regs, "from_reg": it_regs[0]})
                    n_regs += 1
                    rest.extend([{**op, "reg": split_of[st[1] - 2]} for op in st[2]])
                    # "it" / "them" after the split would be ambiguous
                    last_choose = [{"filter": {}, "count": 0, "up_to": False, "group": True, "ambiguous": True}]
                elif kind == "reg_idx":
                    # "the former" / "the latter" (st[3]: one deals damage to the other): the cards of two choices of
                    # one card each, of disjoint sides (two distinct cards)
                    if last_choose is None or len(last_choose) != 2 or len(it_regs) != 2 \
                            or any(t.get("group") or t["count"] != 1 for t in last_choose):
                        raise Unsupported("'the former' / 'the latter' without a choice of two cards, one each")
                    sides = [t["filter"].get("side") for t in last_choose]
                    if set(sides) != {"own", "opponent"} or any(
                            t["filter"].get("alt", {}).get("side", t["filter"]["side"]) != t["filter"]["side"]
                            for t in last_choose):
                        raise Unsupported("'the former' / 'the latter' of two choices that may share a card")
                    if len(st) > 3 and any(t["filter"].get("type") != "forward" or
                                           t["filter"].get("alt", {}).get("type", "forward") != "forward"
                                           for t in last_choose):
                        raise Unsupported("damage equal to the power of a card that may not be a Forward")
                    rest.extend([{**op, "reg": it_regs[st[1]]} for op in st[2]])
                elif kind in ("play_it", "add_it"):
                    what = "play it onto the field" if kind == "play_it" else "add it to your hand"
                    if last_choose is None or len(last_choose) != 1 or last_choose[0]["filter"].get("zone") != "break":
                        raise Unsupported(f"'{what}' of a card not in the Break Zone")
                    if last_break is None:
                        raise Unsupported(f"'{what}' twice on a card of the Break Zone")
                    # the card chosen when cast / put on the stack (its CHOOSE row: none chosen only for "up to");
                    # on resolution, the chosen cards still in the Break Zone move (CR 11.11.2)
                    f = last_break["filter"]
                    if f.get("side") != "own":
                        raise Unsupported(f"'{what}' of a card of another player's Break Zone")
                    if "state" in f or "exclude_self" in f:
                        raise Unsupported("a state or 'other than' on a card of the Break Zone")
                    if kind == "play_it":
                        if "type" not in f:
                            f = _with(f, type="character")
                        if f["type"] == "summon":
                            raise Unsupported("playing a Summon onto the field")
                        last_break["filter"] = f
                    rest.append({"op": "put_onto_field" if kind == "play_it" else "add_to_hand", "reg": last_break["reg"],
                                 **({"dull": True} if st[1] == "dull" else {})})
                    last_break = None
                elif kind == "all":
                    if n_regs >= 2:
                        raise Unsupported("more than 2 sets of targets")
                    f = st[1]
                    if f.get("zone") == "break" and [op["op"] for op in st[2]] == ["remove_from_game"]:
                        # "Remove all the cards in your opponent's Break Zone from the game." (on resolution: the
                        # cards there then; Op.ADD_TO_HAND's Break Zone filter form, cards.py)
                        rest.append({"op": "remove_break_zone", "filter": f if "side" in f else _own(f)})
                        last_choose = [{"filter": f, "count": 0, "up_to": False, "group": True, "ambiguous": True}]
                        continue
                    if f.get("zone") == "break" or f.get("type") == "summon":
                        raise Unsupported("an effect on all the cards of a Break Zone")
                    rest.append({"op": "select_all", "filter": f, "reg": n_regs})
                    rest.extend([{**op, "reg": n_regs} for op in st[2]])
                    # "Activate all the Forwards you control. They gain ...": "they" are those cards (where
                    # nothing was chosen before: "it" after a choice and a group would be ambiguous)
                    if last_choose is None or last_choose[0].get("group"):
                        last_choose, it_regs = [{"filter": f, "count": 0, "up_to": False, "group": True}], [n_regs]
                    else:
                        last_choose = [{"filter": f, "count": 0, "up_to": False, "group": True, "ambiguous": True}]
                    n_regs += 1
                elif kind == "self":
                    if not has_source:
                        raise Unsupported("an effect on the card itself where it has no place on the field")
                    if n_regs >= 2:
                        raise Unsupported("more than 2 sets of targets")
                    rest.append({"op": "target_self", "reg": n_regs})
                    rest.extend([{**op, "reg": n_regs} for op in st[1]])
                    n_regs += 1
                elif kind == "op":
                    if len(st) > 2 and not (optional and st is first):
                        # a card taken from the deck / the hand without "you may": one must be taken when one
                        # matches (the SELECT_CARD mask; CR 15.1.1.8.1 for a search)
                        rest.append({**st[1], "up_to": False})
                    else:
                        rest.append(st[1])
                elif kind == "instead_damage":
                    # "Deal it X damage. If C, deal it Y damage instead.": X, then Y - X more when C holds on
                    # resolution. Damage dealt to a Forward in one resolution adds up before the Forward is
                    # broken (a rule process after the resolution, CR 15.1.1.3), and the engine has no effect
                    # that tells two amounts of damage from their sum (no damage replacement), so the
                    # Forward ends with Y damage exactly as the printed "instead" asks
                    prev = rest[-1] if rest else None
                    if prev is None or prev["op"] != "damage" or "per" in prev or st[2] <= prev["amount"] \
                            or any(o["op"] == "if" for o in rest):
                        raise Unsupported("'deal it N damage instead' not right after one 'deal it M damage' (M < N)")
                    if len(st) > 3:
                        # "deal X damage to all the DESC. If C, deal Y damage to all the DESC instead.": the same
                        # cards (the group's register, filled on resolution), Y - X more
                        sel = next((o for o in rest if o["op"] == "select_all" and o["reg"] == prev["reg"]), None)
                        if sel is None or sel["filter"] != st[3]:
                            raise Unsupported("'deal N damage to all the ... instead' after damage to other cards")
                    # instead_of: the damaged card's replacements (Op.DAMAGE_MOD) see the one amount Y
                    rest.extend([{"op": "if", "condition": st[1], "then": 1},
                                 {"op": "damage", "amount": st[2] - prev["amount"], "reg": prev["reg"],
                                  "instead_of": prev["amount"]}])
                elif kind == "instead_draw":
                    # "Draw X cards. If C, draw Y cards instead.": X, then Y - X more at once: the same cards from the
                    # top of the deck, nothing in between (no ability triggers on a draw; a draw from an empty deck
                    # loses at the next rule process either way, CR 12.4.2)
                    prev = rest[-1] if rest else None
                    if prev is None or prev["op"] != "draw" or st[2] <= prev["count"] or any(o["op"] == "if" for o in rest):
                        raise Unsupported("'draw N cards instead' not right after one 'draw M cards' (M < N)")
                    rest.extend([{"op": "if", "condition": st[1], "then": 1},
                                 {"op": "draw", "count": st[2] - prev["count"]}])
                elif kind == "if_done":
                    # "If you do so, <effect>.": the core's IF_DONE right after the instruction it asks about
                    prev = rest[-1] if rest else None
                    if prev is None or prev["op"] not in ("discard", "damage_player", "pay", "source_leaves", "dull_active",
                                                          "discard_matching", "hand_select") \
                            or prev.get("who", "controller") != "controller" \
                            or prev["op"] == "hand_select" and not prev.get("up_to"):
                        raise Unsupported("'if you do so' after an effect that does not report whether it was done")
                    at = len(rest)
                    walk(st[1])
                    if len(rest) == at:
                        raise Unsupported("no effect under 'if you do so'")
                    if any(o["op"] in ("if", "if_done") for o in rest[at:]):
                        raise Unsupported("a condition under 'if you do so'")
                    rest.insert(at, {"op": "if_done", "rows": len(rest) - at})
                elif kind == "if":
                    # "If <condition>, <effect>." inside the effect: checked when it resolves (the core's IF
                    # row skips the effect's rows when the condition does not hold)
                    if any(s[0] == "choose" for s in st[2]):
                        raise Unsupported("a choice under a condition inside the effect")
                    at = len(rest)
                    walk(st[2])
                    if len(rest) == at:
                        raise Unsupported("no effect under the condition")
                    rest.insert(at, {"op": "if", "condition": st[1], "then": len(rest) - at})

        walk(steps)
        if last_break is not None:
            raise Unsupported("a card chosen in the Break Zone without 'play it' / 'add it'")
        for c in chooses:
            if c["filter"].get("type") == "summon" and c["filter"].get("zone") is None:
                raise Unsupported("choosing a Summon on the field")
            if c["filter"].get("zone") is None:
                c["filter"] = {k: v for k, v in c["filter"].items()}
        ops = chooses + rest
        if not ops:
            raise Unsupported("no effect")
        if any(op["op"] == "cast_free" for op in ops[:-1]):
            # Op.CAST_FREE completes the cast as the resolving effect ends: nothing may follow it
            raise Unsupported("an effect after casting a Summon without paying its cost")
        for op in ops:
            rs = op.get("restrictions") if op["op"] == "restrict" else None
            if rs and any(r.startswith("unchoosable_by_your_opp_") for r in rs):
                src = next((o for o in ops if o.get("reg") == op.get("reg") and o["op"] in ("choose", "target_self")), None)
                if src is None or not (src["op"] == "target_self" or (src["filter"].get("side") == "own"
                                                                      and "alt" not in src["filter"])):
                    raise Unsupported("'cannot be chosen by your opponent's ...' on a card the player may not control")
                op["restrictions"] = [r.replace("_your_opp_", "_opp_") for r in rs]
        return ops

    # ---- ability kinds ----
    def _effect_value(self, v):
        if isinstance(v, tuple) and v and v[0] == "optional":
            return v[1], True
        if isinstance(v, tuple) and v and v[0] == "optional_reflex":
            raise Unsupported("'when you do so' outside an auto ability")
        return v, False

    def t_enters_self(self, _):
        return ("enters_self", None)

    def t_attacks_self(self, _):
        return ("attacks_self", None)

    def t_party_attacks_self(self, _):
        return ("party_attacks_self", None)

    def t_enters_or_put_break(self, _):
        return ("enters_self|put_into_break_self", None)

    def t_attacks_or_put_break(self, _):
        return ("attacks_self|put_into_break_self", None)

    def t_enters_or_attacks(self, _):
        return ("enters_self|attacks_self", None)  # one ability per trigger

    def t_blocks_self(self, _):
        return ("blocks_self", None)

    def t_is_blocked_self(self, _):
        return ("is_blocked_self", None)

    def t_dealt_damage_self(self, items):
        # "When ~ is dealt damage [by your opponent's Summons or abilities]" (Trigger.DEALT_DAMAGE_SELF /
        # DEALT_DAMAGE_BY_OPP_EFFECTS_SELF: effects.deal_forward_damage)
        if self.card.get("type") != "forward":
            raise Unsupported("damage dealt to a card that is not a Forward")
        items = [t for t in items if isinstance(t, str) and not isinstance(t, Token)]  # the dmg_by value
        if not items:
            return ("dealt_damage_self", None)
        if items[0] == "opp_effects":
            return ("dealt_damage_by_opp_effects_self", None)
        if items[0] in ("forward", "character"):
            raise Unsupported("'is dealt damage by a Forward / Character' as a trigger")
        raise Unsupported("'is dealt damage by a Summon or an ability' (any player's) as a trigger")

    # "When ~ is dealt damage by a Forward / a Character opponent controls" (session 24: Trigger.
    # DEALT_DAMAGE_BY_OPP_FORWARD_SELF / DEALT_DAMAGE_BY_OPP_CHARACTER_SELF, effects.deal_forward_damage: the card that
    # deals it, CR 11.11.8, is a Forward / a Forward or a Backup of the opponent's)
    def t_dealt_damage_by_opp_forward(self, _):
        if self.card.get("type") != "forward":
            raise Unsupported("damage dealt to a card that is not a Forward")
        return ("dealt_damage_by_opp_forward_self", None)

    def t_dealt_damage_by_opp_character(self, _):
        if self.card.get("type") != "forward":
            raise Unsupported("damage dealt to a card that is not a Forward")
        return ("dealt_damage_by_opp_character_self", None)

    def t_enters_self_cast(self, _):
        # played from the hand, its cost paid (Trigger.ENTERS_SELF_CAST)
        return ("enters_self_cast", None)

    def t_enters_self_by_effect(self, _):
        # put onto the field by a Summon or an ability (Trigger.ENTERS_SELF_BY_EFFECT: every card an effect puts onto a
        # field is its controller's, "your")
        return ("enters_self_by_effect", None)

    def t_chosen_self(self, _):
        return ("chosen_self", None)

    def t_chosen_by_opp_self(self, _):
        return ("chosen_by_opp_self", None)

    def t_blocks_or_blocked(self, _):
        return ("blocks_self|is_blocked_self", None)  # one ability per trigger

    def t_broken_self(self, _):
        return ("broken_self", None)

    def t_put_break_self(self, _):
        return ("put_into_break_self", None)

    def t_leaves_self(self, _):
        return ("leaves_field_self", None)

    def t_deals_player_self(self, _):
        return ("deals_damage_to_player_self", None)

    def t_cast_summon(self, _):
        return ("cast_summon", None)

    def t_cast_second(self, _):
        return ("cast_second", None)

    def t_cast_second_card(self, _):
        # "the second card you've cast": a Summon or a Character played from the hand (session 22, as "if you have
        # cast N or more cards this turn"): Trigger.CAST_CARD_2
        return ("cast_card_2", None)

    _CAST_ORDS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}

    def t_cast_nth_card(self, items):
        return (f"cast_card_{self._CAST_ORDS[str(items[0])]}", None)

    def t_opp_cast_summon(self, _):
        return ("opp_cast_summon", None)

    def t_opp_ex_burst(self, _):
        return ("opp_ex_burst", None)

    # "When you draw a card" / "When your opponent draws a card outside of his/her Draw Phase" (session 24: Trigger.DRAW
    # / OPP_DRAWS_OUTSIDE_DRAW_PHASE, fired by triggers.after_draw once for each card drawn: the Draw Phase's two,
    # CR 9.2.1.1, and an effect's "Draw N cards")
    def t_draw(self, _):
        return ("draw", None)

    def t_opp_draws(self, _):
        return ("opp_draws_outside_draw_phase", None)

    def t_opp_discards(self, items):
        if self._ints(items)[0] != 1:
            raise Unsupported("a discard of more than 1 card as a trigger")
        return ("opp_discards", None)

    def t_receives_damage(self, _):
        return ("receives_damage", None)

    def t_opp_receives_damage(self, _):
        return ("opp_receives_damage", None)

    def t_opp_forward_broken(self, _):
        return ("opp_forward_broken", None)

    def t_begin_attack(self, _):
        return ("begin_attack_phase", None)

    def t_begin_main1(self, _):
        return ("begin_main1", None)

    def t_begin_end(self, _):
        return ("begin_end_phase", None)

    def t_opp_end_of_turn(self, _):
        # CR 9.5.1.1 in the opponent's turn (the card's controller is the non-turn player)
        return ("opp_begin_end_phase", None)

    def t_end_of_turn(self, _):
        # CR 9.5.1.1: "at the end of the turn" triggers where "at the beginning of the End Phase" does
        return ("begin_end_phase", None)

    def t_enters_other(self, items):
        f = items[-1]
        if "side" in f or "zone" in f:
            raise Unsupported("a side or zone in 'enters your field'")
        f = _with(f, side="own")
        if "type" not in f:
            f = _with(f, type="character")
        if f["type"] == "summon":
            raise Unsupported("a Summon entering the field")
        if not f.get("exclude_self") and _may_match_any(f, self.card):
            self.approximate("enters_other_self")
        return ("enters_other", f)

    def t_put_break_other(self, items):
        # cards leaving at once (one effect, the rule processes) are looked at together, each as it last was on the
        # field (zones.scan_leaving_together; session 18, before: the approximation leave_one_by_one)
        f = items[-1]
        if "zone" in f or "state" in f:
            raise Unsupported("a zone or state in 'is put from the field into the Break Zone'")
        if "type" not in f:
            f = _with(f, type="character")
        if f["type"] == "summon":
            raise Unsupported("a Summon put from the field")
        return ("put_into_break_other", f)

    def t_damaged_by(self, items):
        f = next(t for t in items if isinstance(t, dict))
        if "zone" in f or "state" in f or f.get("type") not in ("forward", "character"):
            raise Unsupported("a card other than a Forward or a Character damaged by ~")
        # only Forwards are dealt damage (CR 5.2.6): "a Character damaged by ~" is a Forward
        return ("damaged_by_put_break", _with(f, type="forward"))

    def t_damaged_by_forward(self, _):
        return ("damaged_by_put_break", {"type": "forward"})

    def put_same_turn(self, _):
        return None

    def delayed_sent(self, items):
        body = [st for t in items if isinstance(t, list) for st in t]
        return _Steps([("delayed", body)])

    def it_damage_self_gains(self, items):
        n = self._ints(items)[0]
        return _Steps([("reg", [{"op": "damage", "amount": n}]),
                       ("self", self._mod_ops(self._mods_of(items), self._dur(items)))])

    def t_party_attacks(self, _):
        # a party is two or more Forwards (CR 15.1.1.9): any party of the controller's
        return ("party_attacks", None)

    def t_party_deals_damage(self, _):
        # its unblocked point (CR 10.1.4.1), once for the attack (Trigger.PARTY_DEALS_DAMAGE_TO_PLAYER)
        return ("party_deals_damage_to_player", None)

    def t_party_attacks_n(self, items):
        n, f = _int(items[0]), items[1]
        if f.get("side") != "own" or "zone" in f or "state" in f or f.get("type") not in ("forward", "character"):
            raise Unsupported("a party of cards other than Forwards you control")
        return ("party_attacks", (f, n))

    def t_attacks_other(self, items):
        f = items[-1]
        if "zone" in f or "state" in f:
            raise Unsupported("a zone or state in 'a ... attacks'")
        if f.get("type") not in (None, "forward", "character"):
            raise Unsupported("a card other than a Forward attacking")
        return ("attacks_other", _with(f, type="forward"))

    def t_self_or_other(self, items):
        # "When ~ or a DESC enters your field": its own entering (which the engine's "other" trigger
        # never counts, so it triggers once) or another card's
        trig, f = self.t_enters_other(items)
        self.approximations = [a for a in self.approximations if a != "enters_other_self"]
        return ("enters_self|enters_other", f)

    def once_trigger(self, _):
        return ("once_trigger", None)

    def once_your_turn(self, _):
        return ("once_trigger", "your_turn")

    def once_opp_turn(self, _):
        return ("once_trigger", "opp_turn")

    def auto(self, items):
        (trig, tfilter), rest = items[0], items[1:]
        # "This effect will trigger only once per turn." (session 21): once it has triggered this turn, the card's
        # ability does not trigger again until the end of the turn (the card's RESTRICT_TRIGGERED_ONCE mark,
        # triggers.queue_once; forgotten when the card moves, CR 7.4); on every trigger of the line (one ability)
        once = bool(rest) and isinstance(rest[-1], tuple) and len(rest[-1]) == 2 and rest[-1][0] == "once_trigger"
        once_turn = None
        if once:
            once_turn = rest[-1][1]
            rest = rest[:-1]
        cond = None
        if rest and isinstance(rest[0], tuple) and rest[0][0] == "condition":
            cond = rest[0][1]
            rest = rest[1:]
        if once_turn is not None:
            # "This effect will trigger only during your turn and only once per turn.": the auto-ability's condition
            # (CR 11.8.13: checked as it triggers and on resolution, in the same turn)
            if cond is not None:
                raise Unsupported("two conditions on one ability (the engine checks one)")
            cond = {"kind": once_turn, "value": 0}
        reflex = None
        if isinstance(rest[0], tuple) and rest[0][0] == "optional_reflex":
            # "When you do so, <effect>.": an auto-ability of its own right after each ability that queues it
            reflex = {"kind": "auto", "trigger": "reflexive", "effect": self.program(rest[0][2], has_source=True)}
            rest = [("optional", rest[0][1]), *rest[1:]]
        steps, optional = self._effect_value(rest[0])
        if all(t in ("attacks_other", "enters_other") for t in trig.split("|")) \
                and not any(st[0] in ("choose", "all", "opp_select") for st in steps) and any(st[0] == "reg" for st in steps):
            # "When a Forward you control attacks / enters your field, it gains ...": "it" is that card (Op.TARGET_TRIGGER)
            steps = [("trigger_card",), *steps]
        if self.card.get("type") == "summon":
            raise Unsupported("an auto ability on a Summon")
        out = []
        for t in trig.split("|"):
            ab = {"kind": "auto", "trigger": t, "effect": self.program(steps, has_source=True, optional=optional)}
            if tfilter is not None and t in ("enters_other", "put_into_break_other", "attacks_other", "damaged_by_put_break"):
                ab["trigger_filter"] = tfilter
            if tfilter is not None and t == "party_attacks":
                ab["trigger_filter"], ab["trigger_count"] = _with(tfilter[0], type="forward"), tfilter[1]
            if cond is not None:
                ab["condition"] = cond
            if optional:
                ab["optional"] = True
            if once:
                if t in ("leaves_field_self", "put_into_break_self", "broken_self"):
                    raise Unsupported("'trigger only once per turn' on the card's own leaving (a new card, CR 7.4)")
                ab["once_per_turn"] = True
            for op in ab["effect"]:
                if op["op"] == "source_leaves":
                    # where the card is as its ability resolves: in the Break Zone after "is put from the field into
                    # the Break Zone" / "is broken" (CR 11.8.16.1: looked for in the zone it moved to), else on the field
                    op["source_in"] = "break_zone" if t in ("put_into_break_self", "broken_self") else "field"
                    if t in ("leaves_field_self",) or op["to"] == op["source_in"]:
                        raise Unsupported("moving the card to the zone it is in, or from a zone the trigger does not say")
            out.append(ab)
            if reflex is not None:
                out.append({**reflex, "effect": [dict(op) for op in reflex["effect"]]})
        return out

    def cost_syms(self, items):
        return ("syms", [str(t)[1:-1] for t in items])

    def cost_break_self(self, _):
        return ("break_self", True)

    def cost_discard(self, items):
        return ("discard", _int(items[0]))

    def cost_dull_chars(self, items):
        # "Dull N active DESC" / "Dull a total of N active DESC": N active Characters the player controls that match
        # (CR 11.6.2.4); the source itself pays it when it matches (the text excludes it by "other than ~"), and the
        # dull icon's rule (CR 11.6.2.3: under control since the start of the turn) is not a rule of this cost
        n = _int(next(t for t in items if isinstance(t, Token) and t.type == "INT"))
        f = items[-1]
        if f.get("state") != "active":
            raise Unsupported("a cost that dulls Characters not printed 'active'")
        if f.get("side") == "opponent" or "zone" in f or "alt" in f and "zone" in f["alt"]:
            raise Unsupported("a dull cost on Characters the player does not control (CR 11.6.2.4)")
        if f.get("type") == "summon":
            raise Unsupported("a dull cost on Summons")
        return ("dull_chars", (n, _with(f, side="own")))

    def cost_break_chars(self, items):
        # "Put 1 Backup into the Break Zone: ...": N Characters the player controls (not broken, CR 15.1.1.3.2)
        n = _int(next(t for t in items if isinstance(t, Token) and t.type == "INT"))
        f = items[-1]
        if f.get("side") == "opponent" or "zone" in f or "alt" in f and ("zone" in f["alt"] or "side" in f["alt"]):
            raise Unsupported("a cost that puts into the Break Zone Characters the player does not control")
        if f.get("type") == "summon" or f.get("state", "any") != "any":
            raise Unsupported("a cost that puts Summons or Characters in a state into the Break Zone")
        if n >= 2:
            self.approximate("leave_one_by_one")  # paid one at a time as each is chosen (CR 11.6.10: at once)
        return ("break_chars", (n, _with(f, side="own")))

    def cost(self, items):
        return list(items)

    def use_your_turn(self, _):
        return ("usage", {"kind": "your_turn", "value": 0})

    def use_your_main_phase(self, _):
        return ("usage", {"kind": "your_main_phase", "value": 0})

    def use_if(self, items):
        return ("usage", items[0])

    def use_once(self, _):
        return ("once", True)

    def usage(self, items):
        return ("usage_parts", list(items))

    def _cost(self, parts: list, special: bool) -> dict:
        cost: dict[str, Any] = {}
        cp = 0
        elements: list[str] = []
        saw_s = False
        for kind, v in parts:
            if kind == "syms":
                for sym in v:
                    if sym in _SYM_ELEMENTS:
                        elements.append(_SYM_ELEMENTS[sym])
                        cp += 1
                    elif sym == "Dull":
                        cost["dull"] = True
                    elif sym.isdigit():
                        cp += int(sym)
                    elif sym == "S" and special and not saw_s:
                        saw_s = True
                    else:
                        raise Unsupported(f"cost symbol {{{sym}}}")
            elif kind == "break_self":
                cost["break_self"] = True
            elif kind == "discard":
                cost["discard"] = v
            elif kind == "break_chars":
                if "break_characters" in cost:
                    raise Unsupported("a cost that puts two kinds of Characters into the Break Zone")
                cost["break_characters"], cost["break_filter"] = v
            elif kind == "dull_chars":
                if "dull_characters" in cost:
                    raise Unsupported("a cost that dulls two kinds of Characters")
                cost["dull_characters"], cost["dull_filter"] = v
        if special and not saw_s:
            raise Unsupported("a special ability without the {S} symbol")
        if any(e in ("light", "dark") for e in elements):
            raise Unsupported("Light or Dark CP in a cost (the engine's CP cannot be of those elements)")
        if len(elements) == 1:
            cost["element"] = elements[0]
        elif elements:
            cost["elements"] = elements  # one CP of each symbol's element (K.ELEM_MULTI)
        if cp:
            cost["cp"] = cp
        if cost.get("discard") and cp:
            raise Unsupported("a discard cost with a CP cost")
        if cost.get("dull_characters") and len(cost) > 2:
            # paid alone, Character by Character (the PAY_DISCARD decision); with CP or the dull icon the Backups
            # it may dull would also pay CP (CR 11.6.10: one payment), which the payment does not weigh
            raise Unsupported("a cost that dulls Characters with another cost")
        if cost.get("break_characters"):
            # with the dull icon only (CR 11.6.10 pays all at once: a Backup put into the Break Zone cannot also pay
            # CP, which the payment does not weigh); the source, dulled by the icon, must not be one of them (it is
            # chosen before the icon is paid): the description must exclude it
            if set(cost) - {"break_characters", "break_filter", "dull"}:
                raise Unsupported("a cost that puts Characters into the Break Zone with another cost than the dull icon")
            if cost.get("dull") and not self._excludes_self(cost["break_filter"]):
                raise Unsupported("a cost that dulls the card and may put it into the Break Zone")
        if self.card.get("type") == "summon":
            raise Unsupported("an action ability on a Summon")
        return cost

    def action(self, items):
        cost = self._cost(items[0], special=False)
        steps, optional = self._effect_value(items[1])
        ab = _usage({"kind": "action", "cost": cost, "effect": self.program(steps, has_source=True)}, items[2:])
        if not cost and not ab.get("once_per_turn"):
            raise Unsupported("an action ability without a cost or a limit (the engine refuses it: CR 13)")
        return [_no_loop(ab)]

    def special(self, items):
        if self.card.get("generic"):
            raise Unsupported("a special ability on a generic card")
        cost = self._cost(items[1], special=True)
        steps, _ = self._effect_value(items[2])
        ab = _usage({"kind": "special", "cost": cost, "effect": self.program(steps, has_source=True)}, items[3:])
        return [_no_loop(ab)]

    # ---- field abilities ----
    def _self_filter(self) -> dict:
        # the ability's card only (the op's self_only): a same-name copy of a card with the generic icon is another
        # card (the name narrows the scan; self_by_name is no longer used)
        return {"side": "own", "name": self.card.get("name", "")}

    def subject_self(self, _):
        return "self"

    def _aura(self, filt, mods) -> list[dict]:
        ops, kws = [], []
        for kind, v in mods:
            if kind == "restrict":
                raise Unsupported("a granted restriction in a field ability's list of gains")
            if kind == "power" and isinstance(v, tuple):
                raise Unsupported("'+N power for each' in a field ability's list of gains")
            if kind == "power":
                ops.append({"op": "aura_power", "amount": v, "filter": filt})
            elif v == "back_attack":
                raise Unsupported("Back Attack (not in the 2016 rules the engine plays)")
            else:
                kws.append(v)
        if kws:
            ops.append({"op": "aura_keyword", "keywords": kws, "filter": filt})
        return ops

    def _aura_filter(self, f: dict) -> dict:
        if "zone" in f or f.get("type") == "summon":
            raise Unsupported("a field ability on cards outside the field")
        return f

    def f_self_gains(self, items):
        return [{"kind": "field", "effect": [{**op, "self_only": True} for op in self._aura(self._self_filter(), items[-1])]}]

    def f_aura_gains(self, items):
        return [{"kind": "field", "effect": self._aura(self._aura_filter(items[0]), items[-1])}]

    def f_aura_loses(self, items):
        return [{"kind": "field", "effect": [{"op": "aura_power", "amount": -self._ints(items)[0],
                                               "filter": self._aura_filter(items[0])}]}]  # fmt: skip

    def f_self_loses(self, items):
        return [{"kind": "field", "effect": [{"op": "aura_power", "amount": -self._ints(items)[0],
                                               "filter": self._self_filter(), "self_only": True}]}]  # fmt: skip

    def f_self_restrict(self, items):
        return [{"kind": "field", "effect": [{"op": "aura_restrict", "restrictions": items[-1][1],
                                               "filter": self._self_filter(), "self_only": True}]}]  # fmt: skip

    def f_aura_restrict(self, items):
        return [{"kind": "field", "effect": [{"op": "aura_restrict", "restrictions": items[-1][1],
                                               "filter": self._aura_filter(items[0])}]}]  # fmt: skip

    def f_unblockable(self, items):
        f = next((i for i in items if isinstance(i, dict)), {})
        if "zone" in f:
            raise Unsupported("a zone in 'cannot be blocked by'")
        if "type" not in f:
            f = _with(f, type="forward")
        return [{"kind": "field", "effect": [{"op": "unblockable_by", "filter": f}]}]

    def f_undullable(self, items):
        return [{"kind": "field", "effect": [{"op": "undullable"}]}]

    def f_party_aura(self, items):
        # the attacking Forwards other than ~ while ~ attacks in a party: the attack is one party (CR 15.1.1.9)
        f = {"type": "forward", "state": "attacking", "exclude_self": True}
        return [{"kind": "field", "effect": self._aura(f, items[-1]), "condition": {"kind": "self_in_party", "value": 0}}]

    def f_attack_twice(self, _):
        # "~ can attack twice in the same turn." (Op.ATTACK_TWICE: CR 10.1.2.1.2 lets a Forward attack if it has not
        # attacked this turn; this one may attack a second time, battle.declare_attackers_done; still active or Brave,
        # CR 10.1.2.1.1)
        if self.card.get("type") != "forward":
            raise Unsupported("'can attack twice' on a card that is not a Forward")
        return [{"kind": "field", "effect": [{"op": "attack_twice"}]}]

    def _party_partner(self, f: dict) -> dict | None:
        # "with Forwards / [Job X] Forwards of any Element": any Forward (None), or the Forwards of a description (the
        # party is the controller's attacking Forwards: side own)
        if f.get("type") != "forward" or "zone" in f or f.get("side") not in (None, "own") or "alt" in f \
                or "element" in f:
            raise Unsupported("a party partner that is not a Forward of a description")
        rest = {k: v for k, v in f.items() if k not in ("type", "side")}
        return None if not rest else {**f, "side": "own"}

    def f_party_any_self(self, items):
        # CR 15.1.1.9.2 (a party of Forwards sharing an Element): ~ may be in a party with the partners whatever their
        # Element; any two others of the party still share one (kernels.may_join_party, pair by pair)
        if self.card.get("type") != "forward":
            raise Unsupported("'can form a party' on a card that is not a Forward")
        partner = self._party_partner(next(t for t in items if isinstance(t, dict)))
        op = {"op": "party_any_element"}
        if partner is not None:
            op["partner"] = partner
        return [{"kind": "field", "effect": [op]}]

    def f_party_any_aura(self, items):
        # "The [Category X] Forwards you control can form a party with Forwards of any Element." (each of them, as the
        # self form)
        who, partner = [t for t in items if isinstance(t, dict)]
        if who.get("type") != "forward" or who.get("side") != "own" or "zone" in who or "alt" in who:
            raise Unsupported("'can form a party' on cards that are not Forwards you control")
        partner = self._party_partner(partner)
        op = {"op": "party_any_element", "filter": who}
        if partner is not None:
            op["partner"] = partner
        return [{"kind": "field", "effect": [op]}]

    def f_must_attack(self, items):
        # "~ must attack once per turn if possible": while it can attack and has not this turn, its controller may
        # not end the Attack Phase (the DECLARE_ATTACK mask: no PASS)
        if self.card.get("type") != "forward":
            raise Unsupported("'must attack' on a card that is not a Forward")
        return [{"kind": "field", "effect": [{"op": "must_attack"}]}]

    def f_no_activate(self, items):
        # "~ does not activate during your / the Active Phase": only the turn player's cards activate there (CR
        # 9.1.1.1), so "the" Active Phase is its controller's
        return [{"kind": "field", "effect": [{"op": "no_activate"}]}]

    def f_enters_dull(self, _):
        # "~ enters the field dull." (Op.ENTERS_DULL: however it enters, zones.enter_field)
        if self.card.get("type") not in ("forward", "backup"):
            raise Unsupported("a card entering the field that is not a Character")
        return [{"kind": "field", "effect": [{"op": "enters_dull"}]}]

    # "You can play 2 or more Dark Characters onto the field." / "~ can be played onto the field even if you control other
    # Dark Characters." (Op.LIGHT_DARK: exceptions to CR 7.7.3 / 12.4.7 while the card is on its controller's field /
    # as the card itself is deployed; the other Element's Characters still count: play.light_dark_allowed)
    def _light_dark(self, items) -> str:
        if self.card.get("type") not in ("forward", "backup"):
            raise Unsupported("a Light / Dark exception on a card that is not a Character")
        elem = next(str(t).lower() for t in items if isinstance(t, Token) and t.type == "ELEMENT")
        if elem not in ("light", "dark"):
            raise Unsupported("an Element other than Light or Dark in the Light / Dark rule")
        return elem

    def f_many_light_dark(self, items):
        elem = self._light_dark(items)
        if self._ints(items)[0] != 2:
            raise Unsupported("'N or more' other than 2 Light / Dark Characters")
        return [{"kind": "field", "effect": [{"op": "light_dark", "element": elem, "many": True}]}]

    def f_self_light_dark(self, items):
        elem = self._light_dark(items)
        return [{"kind": "field", "effect": [{"op": "light_dark", "element": elem, "self_despite": True}]}]

    def f_must_be_chosen(self, _):
        # "Summons and abilities of your opponent must choose ~ if possible." (Op.MUST_BE_CHOSEN: while the opponent
        # chooses a target and ~ may be chosen, only ~ may, kernels.must_be_chosen_mask; "select" is not "choose",
        # CR 11.8.19)
        if self.card.get("type") not in ("forward", "backup"):
            raise Unsupported("a card that must be chosen that is not a Character")
        return [{"kind": "field", "effect": [{"op": "must_be_chosen"}]}]

    def f_any_element_cp(self, items):
        if self.card.get("type") != "backup":
            raise Unsupported("CP of any Element produced by a card that is not a Backup (the engine's CP "
                              "comes from Backups and discards)")
        return [{"kind": "field", "effect": [{"op": "any_element_cp"}]}]

    # "If ~ is dealt damage [by ...], reduce the damage by N / the damage becomes N instead.", "If ~ is dealt damage less
    # than its power, the damage becomes 0 instead." (Op.DAMAGE_MOD: a replacement effect, CR 11.12.5.2, read by
    # effects.damage_dealt where battle damage and the damage of Summons and abilities are dealt)
    def de_any(self, items):
        return ("any", items[0] if items else "any")

    def de_less_power(self, _):
        return ("less_power", "any")

    def by_effects(self, _):
        return "effects"

    def by_opp_effects(self, _):
        return "opp_effects"

    def by_forward(self, _):
        return "forward"

    def by_character(self, _):
        return "character"

    def dr_reduce(self, items):
        return ("reduce", _int(items[0]))

    def dr_becomes(self, items):
        return ("becomes", _int(items[0]))

    def dr_increase(self, items):
        if items[0] == _DOUBLE:
            return ("double", 0)
        return ("increase", items[0])

    def inc_result(self, items):
        return _int(items[0])

    def inc_double(self, _):
        # "double the damage instead" (DamageMod.DOUBLE, Op.DAMAGE_INCREASE / Op.DAMAGE_BOOST with DAMAGE_DOUBLE)
        return _DOUBLE

    # "Choose 1 Forward. If it deals damage to a Forward this turn, the damage increases by N / double the damage
    # instead.", "During this turn, if it is dealt damage, double the damage instead.", "During this turn, the damage
    # dealt to it is increased by N instead." (Op.DAMAGE_BOOST: replacement effects, CR 11.12.5.2, the card has until
    # the end of the turn; effects.damage_boost). Applied after the reductions (the doubles before the increases): the
    # approximation damage_increase_order
    def _boost(self, of: str, result) -> dict:
        if result != _DOUBLE and (result <= 0 or result % 1000):
            raise Unsupported("an increase of damage that is not a multiple of 1000")
        self.approximate("damage_increase_order")
        if result == _DOUBLE:
            return {"op": "damage_boost", "of": of, "double": True}
        return {"op": "damage_boost", "of": of, "amount": result}

    def _boost_result(self, items):
        return next(t for t in items if t == _DOUBLE or (isinstance(t, int) and not isinstance(t, Token)))

    def it_boost_dealt(self, items):
        return _Steps([("reg", [self._boost("dealt", self._boost_result(items))])])

    def it_boost_received(self, items):
        return _Steps([("reg", [self._boost("received", self._boost_result(items))])])

    def it_boost_received_n(self, items):
        return _Steps([("reg", [self._boost("received", self._ints(items)[0])])])

    def self_boost_dealt(self, items):
        return _Steps([("self", [self._boost("dealt", self._boost_result(items))])])

    def self_boost_received(self, items):
        return _Steps([("self", [self._boost("received", self._boost_result(items))])])

    def id_any(self, _):
        return "any"

    def id_battle(self, _):
        return "battle"

    def inc_by(self, items):
        elem = next((str(t).lower() for t in items if isinstance(t, Token) and t.type == "ELEMENT"), None)
        return ("your_summon", elem)

    # "If ~ / a DESC you control deals [battle] damage to a Forward, the damage increases by N instead.", "If a Forward is
    # dealt damage [by your [Element] Summon], the damage increases by N instead." (Op.DAMAGE_INCREASE: a replacement
    # effect, CR 11.12.5.2, of a field ability on every damage dealt to a Forward, effects.damage_increase). Applied
    # after the reductions while the damage is above 0: the order is the damaged Forward's controller's (CR
    # 11.12.5.6.1), the engine's is the approximation damage_increase_order
    def _increase(self, amount, dealer: str, by: str, f: dict | None = None, element: str | None = None) -> list:
        if amount != _DOUBLE and (amount <= 0 or amount % 1000):
            raise Unsupported("an increase of damage that is not a multiple of 1000")
        self.approximate("damage_increase_order")
        op = {"op": "damage_increase", "amount": amount, "dealer": dealer, "by": by}
        if amount == _DOUBLE:
            op = {"op": "damage_increase", "double": True, "dealer": dealer, "by": by}
        if f is not None:
            op["filter"] = f
        if element is not None:
            op["element"] = element
        return [{"kind": "field", "effect": [op]}]

    def f_inc_self(self, items):
        if self.card.get("type") != "forward":
            raise Unsupported("damage dealt by a card that is not a Forward")
        by, amount = [t for t in items if isinstance(t, (str, int)) and not isinstance(t, Token)]
        return self._increase(amount, "self", by)

    # "If ~ deals damage to your opponent, double the damage instead." (Op.PLAYER_DAMAGE_DOUBLE: a replacement effect,
    # CR 11.12.5.2, of the points of damage the card deals to its controller's opponent, effects.deal_damage_to_player).
    # Exact: the only other effect the engine plays that replaces a player's damage is "the next damage dealt to you
    # becomes 0" (Op.PLAYER_DAMAGE_SHIELD), and 0 doubled is 0 in either order (CR 11.12.5.6.1)
    def f_player_double(self, _):
        return [{"kind": "field", "effect": [{"op": "player_damage_double"}]}]

    def f_both_double(self, _):
        # "If ~ deals damage to a Forward or your opponent, double the damage instead.": both (the Forward's part is
        # damage_increase_order)
        if self.card.get("type") != "forward":
            raise Unsupported("damage dealt by a card that is not a Forward")
        return self._increase(_DOUBLE, "self", "any") + self.f_player_double(None)

    def f_inc_dealer(self, items):
        f = next(t for t in items if isinstance(t, dict))
        by, amount = [t for t in items if isinstance(t, (str, int)) and not isinstance(t, Token)]
        if f.get("side") != "own" or "zone" in f or (f.get("alt") is not None and f["alt"].get("side") != "own"):
            raise Unsupported("damage dealt by cards that are not Characters you control")
        if f.get("type") == "summon":
            raise Unsupported("damage dealt by a Summon of a description")
        return self._increase(amount, "filter", by, f=f)

    def _inc_or(self, items, by: str):
        # the Summon's half is the ability's controller's Summon (of the Element); the other half a Character you
        # control that the description matches (f_inc_dealer's)
        f = next(t for t in items if isinstance(t, dict))
        elem = next((str(t).lower() for t in items if isinstance(t, Token) and t.type == "ELEMENT"), None)
        kind, amount = [t for t in items if isinstance(t, (str, int)) and not isinstance(t, Token)]
        if kind != "any":
            raise Unsupported("'deals battle damage' with a Summon")
        if f.get("side") != "own" or "zone" in f or "alt" in f or f.get("type") not in ("character", "forward",
                                                                                          "backup"):
            raise Unsupported("damage dealt by cards that are not Characters you control")
        return self._increase(amount, "filter", by, f=f, element=elem)

    def f_inc_summon_or(self, items):
        return self._inc_or(items, "summon_or_dealer")

    def f_inc_summon_or_ability(self, items):
        return self._inc_or(items, "summon_or_ability")

    def by_summon(self, _):
        return "summon"

    def by_abilities(self, _):
        return "abilities"

    def by_opp_abilities(self, _):
        return "opp_abilities"

    def by_backup(self, _):
        return "backup"

    def f_damage_mod_aura(self, items):
        # "If a DESC you control is dealt damage [by ...], reduce the damage by N / the damage becomes N instead.", "If a
        # DESC you control is dealt damage less than its power, the damage becomes 0 instead." (Op.DAMAGE_MOD_AURA: the
        # Forwards it matches, effects.damage_mod_auras); "If a Forward is dealt damage [by your [Element] Summon], the
        # damage increases by N instead." (Op.DAMAGE_INCREASE, dealer any)
        f = next(t for t in items if isinstance(t, dict))
        (event, by), (mode, amount) = [t for t in items if isinstance(t, tuple)]
        if mode == "double":
            raise Unsupported("a double of the damage dealt to the Forwards of a description")
        if mode == "increase":
            if f != {"type": "forward"} or event != "any" or by not in ("any",) and not isinstance(by, tuple):
                raise Unsupported("an increase of the damage dealt to the Forwards of a description")
            if by == "any":
                return self._increase(amount, "any", "any")
            return self._increase(amount, "any", "your_summon", element=by[1])
        if isinstance(by, tuple):
            raise Unsupported("a replacement of the damage dealt by your Summons")
        if f.get("side") != "own" or "zone" in f or (f.get("alt") is not None and f["alt"].get("side") != "own") \
                or f.get("type") not in (None, "forward", "character"):
            raise Unsupported("a replacement of the damage dealt to cards that are not Forwards you control")
        if amount % 1000:
            raise Unsupported("an amount of damage that is not a multiple of 1000")
        if event == "less_power":
            if (mode, amount) != ("becomes", 0):
                raise Unsupported("'dealt damage less than its power' with another replacement than 0")
            mode = "zero_if_less_than_power"
        if mode == "zero_if_less_than_power" or (mode == "becomes" and amount > 0):
            # its result depends on the order with a "next damage" shield's reduction (effects.damage_dealt)
            self.approximate("damage_mod_order")
        return [{"kind": "field", "effect": [{"op": "damage_mod_aura", "mode": mode, "amount": amount, "by": by,
                                              "filter": f}]}]

    def f_damage_mod(self, items):
        (event, by), (mode, amount) = [t for t in items if isinstance(t, tuple)]
        if self.card.get("type") != "forward":
            raise Unsupported("damage dealt to a card that is not a Forward")
        if isinstance(by, tuple):
            raise Unsupported("a replacement of the damage dealt by your Summons")
        if amount % 1000:
            raise Unsupported("an amount of damage that is not a multiple of 1000")
        if event == "less_power":
            if (mode, amount) != ("becomes", 0):
                raise Unsupported("'dealt damage less than its power' with another replacement than 0")
            mode = "zero_if_less_than_power"
        if mode == "zero_if_less_than_power" or (mode == "becomes" and amount > 0):
            # its result depends on the order with a "next damage" shield's reduction (effects.damage_dealt)
            self.approximate("damage_mod_order")
        if mode in ("increase", "double"):
            if event != "any":
                raise Unsupported("'dealt damage less than its power' with an increase")
            # applied after the reductions, the doubles before the increases (effects.damage_dealt)
            self.approximate("damage_increase_order")
        return [{"kind": "field", "effect": [{"op": "damage_mod", "mode": mode, "amount": amount, "by": by}]}]

    # "If a Forward forming a party with ~ is dealt damage, the damage becomes 0 instead." (the attacking Forwards other
    # than ~ while ~ attacks in a party, CR 15.1.1.9, as "The Forwards forming a party with ~ gain ..."; at most one
    # attack is declared at a time, so the attacking Forwards are ~'s party): Op.DAMAGE_MOD_AURA with the condition
    # self_in_party (checked with the aura where the damage is dealt, effects.damage_mod_auras). A damage dealt to them
    # while the party attacks (the blocker's, CR 10.1.4.2.1, a Summon's or an ability's) until the party disbands (CR
    # 10.1.4.5) or is one Forward (CR 15.1.1.9.5)
    def _party_mod(self, abilities: list) -> list:
        if self.card.get("type") != "forward":
            raise Unsupported("'forms a party' on a card that is not a Forward")
        for ab in abilities:
            ab["condition"] = {"kind": "self_in_party", "value": 0}
        return abilities

    def f_party_damage_mod(self, items):
        f = {"type": "forward", "side": "own", "state": "attacking", "exclude_self": True}
        return self._party_mod(self.f_damage_mod_aura([f, *[t for t in items if isinstance(t, tuple)]]))

    def f_self_party_damage_mod(self, items):
        # "If ~ forms a party, the damage dealt to ~ becomes 0 instead." (Op.DAMAGE_MOD while ~ attacks in a party)
        return self._party_mod(self.f_damage_mod([("any", "any"), ("becomes", self._ints(items)[0])]))

    def f_this_party_damage_mod(self, items):
        # "If ~ forms a party, the damage dealt to the Forwards forming this party becomes 0 instead." (~ and the
        # others of its party: the attacking Forwards)
        f = {"type": "forward", "side": "own", "state": "attacking"}
        return self._party_mod(self.f_damage_mod_aura([f, ("any", "any"), ("becomes", self._ints(items)[0])]))

    def f_own_party_damage_mod(self, items):
        # "If a Forward forming a party you control is dealt damage, the damage becomes 0 instead." (the attacking
        # Forwards you control while two or more attack: a party, CR 15.1.1.9.1, 15.1.1.9.5; one attack at a time)
        f = {"type": "forward", "side": "own", "state": "attacking"}
        abilities = self.f_damage_mod_aura([f, *[t for t in items if isinstance(t, tuple)]])
        for ab in abilities:
            ab["condition"] = {"kind": "controls_at_least", "value": 2, "filter": dict(f)}
        return abilities

    def f_party_no_damage(self, items):
        # "The Forwards forming a party with ~ don't receive any damage [from ...]." (f_party_damage_mod's, becomes 0)
        by = next((t for t in items if isinstance(t, str) and not isinstance(t, Token)), "any")
        return self.f_party_damage_mod([("any", by), ("becomes", 0)])

    def f_self_party_no_damage(self, items):
        # "If ~ forms a party, ~ doesn't receive any damage [from ...]."
        by = next((t for t in items if isinstance(t, str) and not isinstance(t, Token)), "any")
        return self._party_mod(self.f_damage_mod([("any", by), ("becomes", 0)]))

    # "~ doesn't receive any damage [from Summons or abilities]." the damage becomes 0 (Op.DAMAGE_MOD, CR 11.12.5.4: the
    # damage is not dealt); 0 whatever the order with the other replacements (CR 11.12.5.6.1: an increase, a double or
    # a shield of 0 is 0, and a damage not dealt is not increased): exact. "~ doesn't receive damage that is less than
    # its power." is "If ~ is dealt damage less than its power, the damage becomes 0 instead." (damage_mod_order)
    def f_no_damage(self, items):
        by = next((t for t in items if isinstance(t, str) and not isinstance(t, Token)), "any")
        return self.f_damage_mod([("any", by), ("becomes", 0)])

    def f_no_damage_less(self, _):
        return self.f_damage_mod([("less_power", "any"), ("becomes", 0)])

    def f_aura_no_damage_less(self, items):
        # "The Forwards you control don't receive damage that is less than their power."
        f = next(t for t in items if isinstance(t, dict))
        return self.f_damage_mod_aura([f, ("less_power", "any"), ("becomes", 0)])

    def f_damage_reduced(self, items):
        # "The damage dealt to ~ is reduced by 1000 instead."
        return self.f_damage_mod([("any", "any"), ("reduce", self._ints(items)[0])])

    def f_element_cp(self, items):
        # "If ~ is on the field, ~ can produce Wind CP.": a Backup dulled for CP pays one CP of its own element or
        # of that one (Op.ANY_ELEMENT_CP with elements; costs.produces_element)
        if self.card.get("type") != "backup":
            raise Unsupported("CP produced by a card that is not a Backup (the engine's CP comes from Backups and "
                              "discards)")
        elem = next(str(t).lower() for t in items if isinstance(t, Token) and t.type == "ELEMENT")
        if elem in ("light", "dark"):
            raise Unsupported("Light or Dark CP produced by a Backup")
        return [{"kind": "field", "effect": [{"op": "any_element_cp", "elements": [elem]}]}]

    def f_unchoosable(self, items):
        kinds = [str(k).lower() for k in items[-1].children]
        return [{"kind": "field", "effect": [{"op": "unchoosable", "by": kinds}]}]

    def f_aura_unchoosable(self, items):
        # "The [Job X] you control cannot be chosen by your opponent's Summons [or abilities]." (Op.AURA_UNCHOOSABLE:
        # read where the opponent chooses, effects.can_be_chosen, over the field of the cards it protects)
        f = self._aura_filter(items[0])
        if f.get("side") != "own":
            raise Unsupported("'cannot be chosen' on cards other than 'you control'")
        kinds = [str(k).lower() for k in items[-1].children]
        return [{"kind": "field", "effect": [{"op": "aura_unchoosable", "by": kinds, "filter": f}]}]

    def f_per_card(self, items):
        f = items[0]
        if f.get("zone") == "break" and "side" not in f:
            f = _with(f, side="own")  # "for each ... in your Break Zone" (filters.per_count)
        if f.get("zone") not in (None, "break"):
            raise Unsupported("'for each' card of another zone")
        if "side" not in f:
            raise Unsupported("'for each' without whose cards")
        return [{"kind": "field", "effect": [{"op": "aura_power_per", "amount": self._plus(items), "filter": f}]}]

    def f_per_damage(self, items):
        return [{"kind": "field", "effect": [{"op": "aura_power_per", "amount": self._plus(items), "per": "damage"}]}]

    @staticmethod
    def _plus(items) -> int:
        return next(_int(t) for t in items if isinstance(t, Token) and t.type == "PLUS_INT")

    def cost_target(self, items):
        f = items[0]
        if "side" in f or "zone" in f or "state" in f:
            raise Unsupported("a side, zone or state on the cards whose cost is reduced")
        return _with(f, side="own", zone="hand")

    def f_cost_reduction(self, items):
        f = next(i for i in items if isinstance(i, dict))
        if any(isinstance(t, tuple) and t and t[0] == "floor" for t in items):
            raise Unsupported("'(it cannot become N or less)' on another card's cost (a floor of the card's own only)")
        n = self._ints(items)[0]
        return [{"kind": "field", "effect": [{"op": "cost_reduction", "amount": n, "filter": f}]}]

    f_cost_reduction_play = f_cost_reduction

    def f_cost_any(self, items):
        f = next(i for i in items if isinstance(i, dict))
        return [{"kind": "field", "effect": [{"op": "cost_reduction", "amount": 0, "filter": f, "any_element": True}]}]

    def f_self_cost_any(self, _):
        return [{"kind": "field", "effect": [{"op": "self_cost_reduction", "amount": 0, "any_element": True}]}]

    def f_self_cost(self, items):
        if self._per(items).get("per") in ("hand", "opp_hand"):
            raise Unsupported("a cost reduction for each card in a hand")
        floor = next((t[1] for t in items if isinstance(t, tuple) and t and t[0] == "floor"), 0)
        return [{"kind": "field", "effect": [{"op": "self_cost_reduction", "amount": self._ints(items)[0],
                                               **self._per(items), **({"floor": floor} if floor else {})}]}]

    def field(self, items):
        cond = None
        if isinstance(items[0], tuple) and items[0][0] == "condition":
            cond = items[0][1]
            items = items[1:]
        ab = items[0][0]
        if cond is not None:
            _condition_on(ab, cond)
        return [ab]

    def field_this_turn(self, items):
        # "During this turn, if your opponent has discarded a card due to your Summons or abilities, ...": the condition
        # is about this turn itself (Condition.OPP_DISCARDED); another condition is not read so
        if items[0][1]["kind"] != "opp_discarded":
            raise Unsupported("'during this turn, if ...' with a condition not about this turn")
        return self.field(items)

    def field_on_field(self, items):
        # "If <this> is on the field, ...": a field ability works while its card is on the field (CR 11.9)
        ab = items[-1][0]
        if any(op["op"] == "self_cost_reduction" for op in ab["effect"]):
            raise Unsupported("'if ~ is on the field' on a cost reduction that works from the hand")
        return [ab]

    def field_your_turn(self, items):
        ab = items[0][0]
        _condition_on(ab, {"kind": "your_turn", "value": 0})
        return [ab]

    def field_opp_turn(self, items):
        ab = items[0][0]
        _condition_on(ab, {"kind": "opp_turn", "value": 0})
        return [ab]

    def field_trailing_if(self, items):
        ab = items[0][0]
        _condition_on(ab, items[1])
        return [ab]

    # ---- whole lines ----
    def line(self, items):
        v = items[0]
        if isinstance(v, list) and v and isinstance(v[0], tuple):  # bare effect steps
            return self._bare_effects(v)
        if isinstance(v, tuple) and v[0] == "optional":
            raise Unsupported("'you may' outside an auto ability")
        return v

    def _bare_effects(self, steps):
        if self.card.get("type") != "summon":
            raise Unsupported("an effect without a trigger or cost on a Character")
        return [{"kind": "summon", "effect": self.program(steps, has_source=False)}]

    def ex_line(self, items):
        v = items[0]
        if isinstance(v, tuple) and v[0] == "optional":
            raise Unsupported("'you may' outside an auto ability")
        if isinstance(v, list) and v and isinstance(v[0], tuple):  # a Summon's effect
            abilities = self._bare_effects(v)
            if any(op["op"] == "cast_free" for op in abilities[0]["effect"]):
                raise Unsupported("an EX Burst that casts a Summon (the EX Burst's own frame, CR 11.10.2)")
            return {"__ex__": abilities}
        ab = v[0]
        # CR 11.10.3: a Character's EX Burst applies the effect of its auto-ability marked with the icon,
        # whatever the trigger; an effect that refers to the triggering event (another card) is refused
        if ab.get("kind") != "auto" or not str(ab.get("trigger", "")).endswith("_self") \
                or any(a.get("effect") != ab.get("effect") for a in v):
            raise Unsupported("EX BURST on an auto ability whose trigger is not the card's own")
        if any(op["op"] == "target_self" for op in ab["effect"]):
            raise Unsupported("an EX Burst effect on the card itself")
        if any(op["op"] == "cast_free" for op in ab["effect"]):
            raise Unsupported("an EX Burst that casts a Summon (the EX Burst's own frame, CR 11.10.2)")
        if ab.get("once_per_turn"):
            raise Unsupported("EX BURST on an ability that triggers only once per turn")
        # "you may" needs no question in the EX Burst: the player has just chosen to use it (CR 11.10.2)
        ex = {"kind": "ex_burst", "effect": [dict(op) for op in ab["effect"]]}
        if "condition" in ab:
            # the auto-ability's condition ("When ~ enters the field, if ..., ...") is the EX Burst
            # effect's: checked when it resolves (an IF row after the choices)
            ops = ex["effect"]
            if any(op["op"] in ("select_mode", "mode", "if") for op in ops):
                raise Unsupported("EX BURST on a conditional modal or conditional-effect ability")
            k = sum(op["op"] == "choose" for op in ops)
            ex["effect"] = ops[:k] + [{"op": "if", "condition": dict(ab["condition"]), "then": len(ops) - k}] + ops[k:]
        return {"__ex__": [*v, ex]}  # every trigger of the line ("enters the field or attacks")

    def damage_line(self, items):
        n, v = _int(items[0]), items[1]
        for ab in v:  # every ability of the line ("When ~ enters the field or attacks": two)
            if "condition" in ab:
                raise Unsupported("two conditions on one ability (the engine checks one)")
            _condition_on(ab, {"kind": "damage_at_least", "value": n})
        return list(v)

    def result(self, tree_value):
        if isinstance(tree_value, dict) and "__ex__" in tree_value:
            abilities, fields = tree_value["__ex__"], {"ex_burst": True}
        else:
            abilities, fields = super().result(tree_value)
        own = ("self_power_at_least", "self_damage_at_least")
        if any((ab.get("kind") not in ("action", "special") and ab.get("condition", {}).get("kind") in own)
               or any(op.get("op") == "if" and op["condition"].get("kind") in own for op in ab.get("effect", ()))
               for ab in abilities):
            self.approximate("self_state_off_field")
        if any(ab.get("kind") == "field" and ab.get("condition", {}).get("kind") in own for ab in abilities):
            # the power a field ability would read is what the field abilities make (no order of the two here)
            raise Unsupported("'if ~ has N power / has received N damage or more' as a field ability's condition")
        if getattr(self, "delayed", None) is not None:
            # the delayed auto-ability the line's mark_delayed marks a card for (one per line)
            abilities = [*abilities, {"kind": "auto", "trigger": "delayed_put_break", "effect": self.delayed}]
        if getattr(self, "blocker_ref", False) and any(
                ab.get("kind") != "auto" or ab.get("trigger") != "is_blocked_self" for ab in abilities):
            # "the Forward that blocks ~" is the battle's blocker only while ~ is blocked (an action ability may be
            # used when ~ is not in a battle at all)
            raise Unsupported("'the Forward that blocks ~' outside 'When ~ is blocked'")
        if getattr(self, "party_ref", False) and any(
                ab.get("kind") != "auto" or ab.get("trigger") not in ("party_attacks_self", "party_attacks")
                for ab in abilities):
            # the attacking Forwards are the party ~ forms only while its party attack is the battle
            raise Unsupported("'the Forwards forming a party with ~' outside 'When ~ forms a party and attacks'")
        return abilities, fields


def _condition_on(ab: dict, cond: dict) -> None:
    # "cannot be chosen / blocked / become dull" read their condition where they are checked
    # (effects.field_op_bits, battle.may_block_attacker); the CP a Backup produces reads none
    if any(op["op"] == "any_element_cp" for op in ab["effect"]):
        raise Unsupported("a condition on 'can produce CP of any Element' (the CP count reads no condition)")
    if any(op["op"] in ("enters_dull", "must_be_chosen", "light_dark", "pay_only") for op in ab["effect"]):
        raise Unsupported("a condition on 'enters the field dull' / 'must choose ~' / the Light / Dark exceptions / "
                          "'cannot play ~ from your hand due to ...' (read with none)")
    if "condition" in ab:  # "The Forwards forming a party with ~ ..." has its own (self_in_party)
        raise Unsupported("two conditions on one ability (the engine checks one)")
    ab["condition"] = cond


def _usage(ab: dict, rest: list) -> dict:
    """An action or special ability's "You can only use this ability ...": a condition checked when
    it is used (the engine checks the condition of an action ability then, never on resolution),
    and "once per turn"."""
    for u in rest:
        if isinstance(u, tuple) and u[0] == "usage_parts":
            for kind, v in u[1]:
                if kind == "once":
                    ab["once_per_turn"] = True
                elif "condition" in ab:
                    raise Unsupported("two conditions on one ability (the engine checks one)")
                else:
                    ab["condition"] = v
    return ab


def _no_loop(ab: dict) -> dict:
    """The card compiler refuses an ability that activates Characters for a dull cost alone (CR 13:
    it could loop forever); a special ability always costs a same-name card (CR 11.7.1)."""
    c = ab["cost"]
    if ab["kind"] == "action" and any(op["op"] == "activate" for op in ab["effect"]) and not (c.get("cp") or c.get("discard")
                                                                    or c.get("break_self") or c.get("break_characters")
                                                                    or ab.get("once_per_turn")):  # fmt: skip
        raise Unsupported("an ability that activates Characters for a dull cost alone (the engine refuses "
                          "possible loops, CR 13)")
    return ab


def _own(f: dict) -> dict:
    return _with(f, side="own")


def _with(f: dict, **kv: Any) -> dict:
    """``f`` with the keys ``kv`` set, on its alternatives too (an alternative filter shares the
    zone and side of its filter, and the rest of the description)."""
    out = {**f, **kv}
    if "alt" in out:
        out["alt"] = _with(out["alt"], **kv)
    return out


def _may_match(f: Mapping[str, Any], card: Mapping[str, Any]) -> bool:
    """Could the card itself match filter ``f`` (of "a ... enters your field")?"""
    t = f.get("type")
    ct = card.get("type")
    if t == "forward" and ct != "forward" or t == "backup" and ct != "backup":
        return False
    if "element" in f and card.get("element") not in f["element"]:
        return False
    for key in ("job", "name", "category"):
        if key in f and card.get(key) != f[key]:
            return False
    cost = card.get("cost")
    if isinstance(cost, int):
        if f.get("cost_min") is not None and cost < f["cost_min"]:
            return False
        if f.get("cost_max") is not None and cost > f["cost_max"]:
            return False
    return True


def _may_match_any(f: Mapping[str, Any], card: Mapping[str, Any]) -> bool:
    while f is not None:
        if _may_match(f, card):
            return True
        f = f.get("alt")
    return False


# "[Damage N -- | If C, | During your turn, ] ~ gains [MODS and] "ABILITY" [and "ABILITY"]." (normalised)
_GRANTED = re.compile(r'(?P<pre>damage \d+ -- |if [^"]*?, |during your turn, )?~ gains (?P<mods>[^"]*?)'
                      r'(?P<quoted>"[^"]+"(?:\s*(?:,|and|, and)\s*"[^"]+")*)\s*\.?$')


# "... gains "This Forward cannot be broken." [until the end of the turn]": a granted ability that is a restriction of the
# card that has it (CR 11.9), as the restriction itself ("... cannot be broken [until the end of the turn]"): the same
# in the engine, which has no effect that takes abilities away; "your opponent" in it is the card controller's
# the restrictions kept "until the end of your opponent's turn" (constants.LONG_RST_BITS)
_OPP_TURN_RESTRICTIONS = {"cant_attack", "cant_block", "unchoosable_by_opp_summons", "unchoosable_by_opp_abilities",
                          "unchoosable_by_your_opp_summons", "unchoosable_by_your_opp_abilities"}
_GRANTED_RESTRICTION = re.compile(r"""\b(gains?) (?P<mods>(?:[^"'.:]*? (?:and|,) )?)["'](?:[Tt]his (?:Forward|Character)|~) """
                                  r"""(cannot [^"]+?|can attack once more(?= this turn))(?: this turn)?\.?["'](?=\s+until the end of the turn|\s+until the end of your opponent's turn|\s*\.|\s*$)""")


def _granted_restrictions(text: str) -> str:
    """The line with each granted restriction written as the restriction (_GRANTED_RESTRICTION); a line that ends
    with the quote gets its full stop. In an effect (until the end of the turn), "cannot be chosen by your opponent's"
    is the card controller's opponent's (the grammar's r_unchoosable_granted); a field ability's is the same as the
    ability's controller's (the cards it gives the ability to are its controller's, f_aura_unchoosable)."""
    effect = "until the end of the turn" in text or "until the end of your opponent's turn" in text

    def one(m: re.Match) -> str:
        r = m.group(3)
        r = r.replace("chosen by your opponent's", "chosen by its controller's opponent's") if effect else r
        if m.group("mods"):
            # "gains +1000 power and 'R'": one more of the mods (the grammar's m_restrict), in an effect only
            return f"{m.group(1)} {m.group('mods')}<{r}>" if effect else m.group(0)
        return r

    out = _GRANTED_RESTRICTION.sub(one, text)
    if out != text and not out.rstrip().endswith("."):
        out = out.rstrip() + "."
    return out


class FFTextCompiler(CardTextCompiler):
    """The compiler with FF-TCG's normalisation: the card's name is ``~`` in the line the grammar
    reads (so the cache is shared by every card with the same sentence), the first letter of each
    sentence lower case; a "Select ..." mode line is refused before parsing with its reason."""

    def compile_line(self, line: str, card: Mapping[str, Any] | None = None) -> LineResult:
        card = dict(card or {})
        text = _granted_restrictions(normalise_line(line, str(card.get("name") or "")))
        granted = _GRANTED.match(text)
        if text.startswith('"') or re.match(r"(EX BURST )?(when .*, )?select (up to )?\d+ of the \d+ following", text):
            res = LineResult.unsupported(text, "a 'Select N of the M following actions' ability (no modal effects)")
        elif granted is not None:
            res = self._granted(granted, card)
        else:
            ctx = {k: card.get(k) for k in ("type", "job", "element", "cost", "category", "generic", "maybe_generic")}
            # the name matters to a line only through "~" (self filters use it) and "[Card Name X]" (whether X may be the
            # card itself: a cost's Characters, _excludes_self): key on it when used
            if "~" in text or "[Card Name" in text:
                ctx["name"] = card.get("name")
            res = super().compile_line(text, ctx)
            if res.verdict is not Verdict.UNSUPPORTED and any(
                    a.get("kind") == "field" and '"in_party"' in json.dumps(a) for a in res.abilities):
                # "The Forwards forming a party you control gain Brave.": what a field ability gives the attackers
                # as they attack (Brave before they are dulled, CR 10.1.2) is not checked: only chosen cards
                res = LineResult.unsupported(text, "a field ability on the Forwards forming a party")
            if res.verdict is not Verdict.UNSUPPORTED and "until the end of your opponent's turn" in text:
                # (session 23) each "until the end of your opponent's turn" the line prints is a restriction's
                # duration: a sentence that read the words as another duration is refused
                ops = [op for a in res.abilities for op in a.get("effect", ())]
                durs = [op.get("duration") for op in ops]
                if "end_of_turn" in durs or durs.count("end_of_opp_turn") < text.count("until the end of your opponent's") \
                        or any(op["op"] != "restrict" or set(op["restrictions"]) - _OPP_TURN_RESTRICTIONS
                               for op in ops if op.get("duration") == "end_of_opp_turn"):
                    res = LineResult.unsupported(text, "'until the end of your opponent's turn' on another effect than a "
                                                       "restriction")
        res.line = line
        return res

    def normalise(self, line: str) -> str:
        return line  # normalise_line ran in compile_line (it needs the card's name)

    def _granted(self, m: re.Match, card: dict) -> LineResult:
        """"[Damage N -- | If C, | During your turn, ] ~ gains [MODS and] "ABILITY" [and "ABILITY"]."
        on a Character: the card has each quoted ability while the condition holds. A quoted field
        ability of the card itself is the card's own field ability under the same condition (CR 11.9:
        it applies while the card has it); a quoted auto ability only under "Damage N --" (the
        damage a player has received never goes down, so the ability the card has when it triggers
        is still its own on resolution)."""
        pre, mods, quoted = m.group("pre") or "", (m.group("mods") or "").strip(), m.group("quoted")
        text = m.group(0)
        if card.get("type") not in ("forward", "backup"):
            return LineResult.unsupported(text, "a granted quoted ability on a card that is not a Character")
        inner = [q for q in _QUOTED.findall(quoted)]
        if _QUOTED.sub("", quoted).replace("and", "").replace(",", "").strip() or not inner:
            return LineResult.unsupported(text, "text between granted quoted abilities")
        abilities: list[dict] = []
        approx: list[str] = []
        # the condition (and the power / keywords) through the grammar: "PRE ~ gains MODS." or a stand-in
        mods = re.sub(r"(,|\band)\s*$", "", mods).strip()
        cond = None
        if pre or mods:
            head = self.compile_line(f"{pre}~ gains {mods or '+1000 power'}.", card)
            if not head.compiled or len(head.abilities) != 1:
                return LineResult.unsupported(text, f"a granted quoted ability: {head.reason or 'its condition'}")
            cond = head.abilities[0].get("condition")
            approx += head.approximations
            if mods:
                abilities.append(head.abilities[0])
        for q in inner:
            q = re.sub(r"^[Tt]his (Forward|Character|Backup)\b", "~", q.strip())
            q = normalise_line(q)
            res = self.compile_line(q, card)
            if not res.compiled:
                return LineResult.unsupported(text, f"a granted quoted ability: {res.reason}")
            if res.fields or not res.abilities:
                return LineResult.unsupported(text, "a granted keyword or reminder in quotes")
            for ab in res.abilities:
                if cond is not None:
                    if ab["kind"] == "auto" and not pre.startswith("damage"):
                        return LineResult.unsupported(text, "a granted auto ability under a condition other "
                                                            "than Damage N (checked again on resolution)")
                    if ab["kind"] not in ("field", "auto"):
                        return LineResult.unsupported(text, "a granted action or special ability under a condition")
                    if "condition" in ab:
                        return LineResult.unsupported(text, "two conditions on one ability (the engine checks one)")
                    if any(op["op"] == "any_element_cp" for op in ab["effect"]):
                        return LineResult.unsupported(text, "a condition on 'can produce CP of any Element'")
                    ab = {**ab, "condition": dict(cond)}
                abilities.append(ab)
            approx += res.approximations
        approx = list(dict.fromkeys(approx))
        return LineResult(text, Verdict.APPROXIMATE if approx else Verdict.EXACT, abilities, {}, tuple(approx))


# cache=True: Lark keeps the built LALR tables in the temporary folder, keyed by the grammar's hash
# (building them is about a second of an import)
COMPILER = FFTextCompiler(Path(__file__).with_name("card_text.lark"), FFTextTransformer,
                          approximations=APPROXIMATIONS, parser="lalr", cache=True)  # fmt: skip


def referenced_names(abilities: list[dict]) -> list[tuple[str, str]]:
    """(field, value) of every job, card name and category the abilities' filters and conditions
    name: the importer checks that some card of the list has each (the pool compiler refuses names
    no card has)."""
    out = []

    def walk(v):
        if isinstance(v, dict):
            for k in ("job", "name", "category"):
                if isinstance(v.get(k), str) and ("op" not in v):
                    out.append((k, v[k]))
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(abilities)
    return out


# ------------------------------------------------------------------------------------------------
# Modal abilities: "Select 1 of the M following actions." and the M quoted actions after it
# ------------------------------------------------------------------------------------------------
_SELECT = re.compile(r"\b[Ss]elect (up to )?(\d+) of the (?:(\d+) )?following actions\.")
_QUOTED = re.compile(r'"([^"]*)"')
_INSTEAD = re.compile(r"\s*If (.+?), select (up to )?(\d+) of the (?:\d+ )?following actions instead\.")
_MONSTER_ACTION = re.compile(r"Choose (up to )?\d+ Monsters?\b(?! or)")


def _quoted_actions(line: str) -> list[str]:
    """The quoted actions of a line: '"A" "B"', or one action whose closing quote the list lost."""
    found = [a for a in _QUOTED.findall(line) if a.strip()]
    if _QUOTED.sub("", line).strip():
        return [line.strip().strip('"').strip()]
    return found


def _action_line(line: str) -> bool:
    """A line of quoted actions after a selection line: it opens with a quote, or (a list's typo: the
    opening quote lost) only its closing quote is left."""
    t = line.strip()
    return t.startswith('"') or (t.endswith('"') and t.count('"') == 1)


_TARGETING_OPS = ("choose", "select_all", "target_self", "opp_select", "target_trigger", "split_reg")


def _renumbered(effect: list[dict], first: int) -> list[dict]:
    """The ops of one action with its registers moved up by ``first``."""
    return [{**op, "reg": op["reg"] + first} if "reg" in op else op for op in effect]


def _split_reflexive(abilities: list[dict]) -> list[tuple[dict, list[dict]]] | str:
    """The abilities of one action's line as (ability, the reflexive abilities after it): "You may pay X. When you do
    so, Y." is an optional ability (pay, if_done, reflex) and Y's reflexive one; in a modal ability the action is
    selected first and the payment asked on resolution (the pay op's "may", CR 11.8.14), so the action's ability loses
    "optional". Another "you may" in an action is refused (the engine asks "you may" of a whole ability)."""
    out: list[tuple[dict, list[dict]]] = []
    for ab in abilities:
        if ab.get("trigger") == "reflexive":
            if not out:
                return "a reflexive ability first"
            out[-1][1].append(ab)
            continue
        if ab.get("optional"):
            eff = ab["effect"]
            ops = [op["op"] for op in eff]
            k = ops.index("pay") if "pay" in ops else -1
            if k < 0 or ops[k:] != ["pay", "if_done", "reflex"] or any(o not in _TARGETING_OPS for o in ops[:k]):
                return "an action with its own 'you may' (other than 'You may pay ... When you do so, ...')"
            ab = {key: v for key, v in ab.items() if key != "optional"}
            ab["effect"] = [*eff[:k], {**eff[k], "may": True}, *eff[k + 1:]]
        out.append((ab, []))
    return out


def _modal_ability(heads: list[LineResult], n: int, up_to: bool, alt: dict | None = None) -> list[dict] | str:
    """One modal ability per ability of the head (an EX BURST line has two) from the line compiled
    once with each action in place of "select ...": the abilities must differ only in their effect.
    Where more than one action may be selected, each action's targets go to registers of their own.
    An action's reflexive abilities ("When you do so, ...") follow the modal ability, in the order of
    the actions, each action's reflex op naming its own (reflex "ability")."""
    out = []
    m = len(heads)
    if m < 2:
        return "one action (the others choose Monsters)"
    split = [_split_reflexive(h.abilities) for h in heads]
    bad = next((x for x in split if isinstance(x, str)), None)
    if bad is not None:
        return bad
    if any(len(x) != len(split[0]) for x in split):
        return "the actions compile to different abilities"
    for j, (ab, _) in enumerate(split[0]):
        rest = {k: v for k, v in ab.items() if k != "effect"}
        reflexive: list[dict] = []
        effect: list[dict] = [{"op": "select_mode", "modes": m, "count": n, "up_to": up_to}]
        if alt is not None:
            effect.append({"op": "mode_if", **alt})
        several = n > 1 or up_to or (alt is not None and (alt["count"] > 1 or alt["up_to"]))
        count = max(n, alt["count"] if alt is not None else 0)
        sums = {(0, 0)}  # (registers, actions) the selected actions before this one may fill
        for sp in split:
            other, refl = sp[j]
            if {k: v for k, v in other.items() if k != "effect"} != rest:
                return "an action with its own condition, 'you may' or trigger"
            ops = other["effect"]
            if refl:
                if len(refl) != 1 or [op["op"] for op in ops].count("reflex") != 1:
                    return "an action with more than one 'When you do so'"
                reflexive.append(refl[0])
                ops = [{**op, "ability": len(reflexive)} if op["op"] == "reflex" else op for op in ops]
            if not several:
                effect += [{"op": "mode"}, *ops]
                continue
            # several may be selected: the action's registers follow those of the selected actions before it, a
            # copy of the action for each offset they may leave (effects.mode_row_sel)
            used = {op["reg"] for op in ops if op["op"] in _TARGETING_OPS}
            offsets = sorted({r for r, c in sums if c < count}) if used else [0]
            if offsets[-1] + len(used) > K.N_REGS:
                return f"more than {K.N_REGS} registers for the targets of the actions that may be selected together"
            for off in offsets:
                effect += [{"op": "mode", **({"offset": off} if off else {})}, *_renumbered(ops, off)]
            sums |= {(r + len(used), c + 1) for r, c in sums if c < count}
        if len(effect) > 24:
            return "a modal effect of more than 24 ops"
        out.append({**rest, "effect": effect})
        out += [{**r, "effect": [dict(op) for op in r["effect"]]} for r in reflexive]
    return out


# "Choose 1 Forward. Dull it or Freeze it." (the effect's last sentence): a choice between two effects, declared with the
# targets when the Summon is cast / the ability is used or put on the stack (CR 11.3.4, 11.6.6, 11.7.6, 11.8.10), as a
# modal ability's action is selected: compiled as "select 1 of the 2 following actions" of the two effects
_EITHER_VERB = r"(?:[Dd]ull|[Ff]reeze|[Bb]reak|[Aa]ctivate)"
_EITHER = re.compile(r"^(?P<head>(?:.*?(?:: |, |EX BURST ))?)(?P<choose>[Cc]hoose (?:up to )?\d+ [^.\"]*\.) "
                     r"(?P<a>" + _EITHER_VERB + r" (?P<p>it|them)) or (?P<b>" + _EITHER_VERB + r" (?P=p))\.$")


def _either_as_modal(line: str) -> str | None:
    """The line "HEAD choose N DESC. V1 it or V2 it." as a modal line of its two effects, or None."""
    m = _EITHER.match(line.strip())
    if m is None or _SELECT.search(line) or '"' in line:
        return None
    a, b = m.group("a"), m.group("b")
    if a.split()[0].lower() == b.split()[0].lower():
        return None
    choose = m.group("choose")
    head = m.group("head")
    sel = "Select" if not head or head.rstrip().endswith((":", "EX BURST")) else "select"
    return (f'{head}{sel} 1 of the 2 following actions. "{choose[0].upper() + choose[1:]} {a[0].upper() + a[1:]}." '
            f'"{choose[0].upper() + choose[1:]} {b[0].upper() + b[1:]}."')


def compile_card_lines(lines: list[str], card: Mapping[str, Any]) -> list[LineResult]:
    """Every line of a card, a modal ability's lines ("Select 1 of the M following actions." and the
    quoted actions on the lines after it) compiled together: the selection line gets the ability
    (Op.SELECT_MODE: the action is selected when it is cast or put on the stack, then its targets
    are chosen), the action lines share its verdict. A line whose effect ends "V1 it or V2 it." is compiled
    as the modal line of its two effects (_either_as_modal), its result keeping the printed line."""
    printed = list(lines)
    lines = [_either_as_modal(ln) or ln for ln in lines]
    if lines != printed:
        res = compile_card_lines(lines, card)
        return [r if ln == p else LineResult(p, r.verdict, r.abilities, r.fields, r.approximations, r.reason)
                for r, ln, p in zip(res, lines, printed)]
    out: list[LineResult | None] = [None] * len(lines)
    i = 0
    while i < len(lines):
        sel = _SELECT.search(normalise_line(lines[i]))
        if sel is None:
            i += 1
            continue
        up_to, n = sel.group(1), int(sel.group(2))
        at = _SELECT.search(lines[i])
        after = lines[i][at.end():]
        # the actions: quoted after the sentence on its line or on the lines after it (some lists
        # double the quotes: ""Choose ...""); M may be left out ("select 1 of the following actions")
        actions = [a for a in _QUOTED.findall(after) if a.strip()]
        m = int(sel.group(3)) if sel.group(3) else None
        j = i + 1
        while j < len(lines) and _action_line(lines[j]) and (m is None or len(actions) < m):
            actions += _quoted_actions(lines[j])
            j += 1
        m = len(actions) if m is None else m
        group = list(range(i, j))
        reason = None
        alt = None
        inst = _INSTEAD.match(after)
        if inst is not None:
            # "If <condition>, select up to K of the M following actions instead." (Op.MODE_IF)
            after = after[inst.end():]
            name = str(card.get("name") or "Zq")
            cond_text = inst.group(1)
            if card.get("type") == "summon" and at.start() == 0:
                # a Summon's actions are selected as it is cast, before its cost is paid (CR 11.3: the targets, then
                # the cost; effects.finish_frame): "(before paying the cost for ~)" is when the condition is read
                cond_text = re.sub(r"\s*\(before paying the cost for " + re.escape(name) + r"\)$", "", cond_text)
            res = COMPILER.compile_line(f"If {cond_text}, {name} gains +1000 power.", {**card, "type": "forward"})
            cond = res.abilities[0].get("condition") if res.compiled and res.abilities else None
            if cond is None:
                reason = f"the condition of 'select ... instead': {res.reason or 'not a condition'}"
            elif card.get("type") == "summon" and str(cond.get("kind", "")).startswith("paid_"):
                # read as the actions are selected, before the cost is paid (above): the Elements paid are not known
                reason = "'select ... instead' of a Summon on the CP paid to cast it (selected before the payment)"
            else:
                alt = {"condition": cond, "count": int(inst.group(3)), "up_to": bool(inst.group(2))}
        if reason is not None:
            pass
        elif _QUOTED.sub("", after).strip():
            reason = "text after the selection sentence (e.g. 'select ... instead')"
        elif len(actions) != m or m < 2 or n > m:
            reason = f"{m} actions announced, {len(actions)} quoted on the lines after it"
        heads = []
        # an action that chooses Monsters only could never be selected in the engine (no Monsters)
        kept = [a for a in actions if not _MONSTER_ACTION.match(a.strip())]
        dropped = len(kept) < len(actions)
        if reason is None and not kept:
            reason = "every action chooses Monsters"
        actions = kept
        if reason is None:
            raw = lines[i]
            for k, act in enumerate(actions):
                act = act.strip()
                if act.endswith(".'") and not re.search(r"(^|\s)'", act):
                    act = act[:-1]  # a list's typo: a closing single quote that no quote opens ("... and Brave.'")
                name = str(card.get("name") or "")
                keep = at.start() == 0 or raw[:at.start()].rstrip().endswith("EX BURST") or \
                    (name and re.match(re.escape(name) + r"(?![A-Za-z0-9])", act))  # "Iris gains ...": the name
                text = act if keep else act[:1].lower() + act[1:]
                res = COMPILER.compile_line(raw[:at.start()] + text, card)
                if not res.compiled or not res.abilities:
                    reason = f"action {k + 1}: {res.reason or 'no ability'}"
                    break
                heads.append(res)
        if reason is not None:
            abilities = reason
        elif len(heads) == 1 and n == 1 and not up_to:
            abilities = heads[0].abilities  # one action left: no selection
        else:
            if alt is not None and alt["count"] > len(heads):
                alt = {**alt, "count": len(heads), "up_to": True}
            abilities = _modal_ability(heads, min(n, len(heads)), bool(up_to) or n > len(heads), alt)
        if isinstance(abilities, str):
            for g in group:
                out[g] = LineResult.unsupported(lines[g], f"a 'Select 1 of the M following actions' ability: "
                                                          f"{reason or abilities}")
        else:
            approx = tuple(dict.fromkeys([a for h in heads for a in h.approximations] +
                                         (["no_monsters"] if dropped else [])))
            verdict = Verdict.APPROXIMATE if approx else Verdict.EXACT
            fields = dict(heads[0].fields)
            out[i] = LineResult(lines[i], verdict, abilities, fields, approx)
            for g in group[1:]:
                out[g] = LineResult(lines[g], verdict, [], {}, approx)
        i = j
    return [r if r is not None else COMPILER.compile_line(ln, card) for r, ln in zip(out, lines)]
