"""Weiss Schwarz printed card text -> ability records (the card schema of ``cards.py``).

The English card database's ability lines are parsed by the grammar ``card_text.lark`` (Lark,
LALR) after :func:`normalise`; :class:`WSTextTransformer` turns the parse tree into
:class:`~tcg_env.games.weiss_schwarz.cards.WSAbility` dicts (or card fields: Backup, the counter
icon) with a verdict per line (``tcg_env.cards.text``). The pieces: triggers (CR 8.1.1.2),
costs (CR 8.4), conditions, target phrases ("choose 1 of your other <<T>> characters" ->
``choose`` + a filter), effects (one-time, CR 8.8; continuous, CR 8.9), gains and durations,
and the keywords of CR 10 (Encore, Bond, Backup, Assist, Brainstorm, Experience).

A pronoun ("it", "that character") is the last chosen card(s); where nothing was chosen it is
the battle opponent in a battle context ("if this card's battle opponent is level 1 or lower,
you may [REVERSE] that character"), else the line is unsupported. The documentation, with every
approximation and the measured coverage: ``docs/weiss_schwarz/card-text.md``.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any, Mapping

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import VisitError

from tcg_env.cards.text import CardTextCompiler, CountWords, TextTransformer, Unsupported
from tcg_env.games.weiss_schwarz import constants as K

__all__ = ["APPROXIMATIONS", "COMPILER", "WSTextTransformer", "normalise", "compile_line"]

#: the conditions play.hand_condition_holds tests (a level in the hand)
HAND_LEVEL_CONDITIONS = ("trait_count_at_least", "wr_climax_at_least", "wr_climax_at_most", "named_in_clock",
                         "named_in_level", "named_pair_on_stage", "deck_at_most", "level_colors", "memory_names_at_least",
                         "deck_at_least",
                         # session 29: the master's zone counts (play.hand_condition_atom)
                         "memory_at_least", "memory_at_most", "hand_at_least", "hand_at_most", "clock_at_least",
                         "clock_at_most", "stock_at_least", "stock_at_most")

# "N or more / N or less cards" in a player's zone: the condition kinds (the opponent's: with `opponent`)
_ZONE_COUNT = {"hand": ("hand_at_least", "hand_at_most"), "clock": ("clock_at_least", "clock_at_most"),
               "stock": ("stock_at_least", "stock_at_most"), "memory": ("memory_at_least", "memory_at_most")}

#: name -> what the compiled abilities do differently from the printed line
APPROXIMATIONS: dict[str, str] = {
    "link_label": "\"[CONT] LINK@ <name>\": a label other cards' text refers to, which the comprehensive rules do not "
                  "define: it does nothing (a card whose text refers to it does not compile)",
    "memory_kept_last": "\"all players perform the following action. \"If your memory has N or more cards, choose K cards "
                        "in your memory, and put all cards in your memory except those cards into your waiting room.\"\": "
                        "each player keeps the K cards put into their memory last (the text lets each player choose them)",
    "trigger_icon_dropped_card": "\"a character / card with [icon] in its trigger icon\" (\"if that card has [icon] in "
    "its trigger icon\") where the English database drops the icon's name: any card with at least one trigger icon "
    "matches, whatever its icons; a card without an icon does not",
    "chosen_reveal_unseen": "\"choose up to 1 <spec> in your hand, reveal it to your opponent, and put it ...\" (session "
                            "29): the card is chosen and moved, but not shown to the opponent before the move",
    "hand_reveal_unseen": "\"you may reveal your hand. If you do, and if there is a climax among those cards, X\": "
                          "with such a card in the hand the player may do X (on an [AUTO] ability the hand is also checked when it "
                          "triggers, as a condition of the ability); the hand is not shown to the opponent",
    "soul_long_this_turn": "\"this card gets +N soul until the end of your opponent's next turn\": the soul is gained "
                           "until the end of this turn (the engine keeps no soul modifier longer; this card deals no "
                           "battle damage in the opponent's turn, only an effect reading its soul then differs)",
    "trigger_icon_dropped": "\"a climax with [icon] in its trigger icon\" where the English database drops the icon's "
                            "name (\"a climax with  in its trigger icon\"): any climax, whatever its trigger icons",
    "no_damage_attack_only": "\"this card cannot deal damage to a player\": its attack deals no damage in the damage "
                             "step (CR 7.5.1.2); damage its abilities deal is still dealt",
    "player_no_encore_on_stage": "\"you (your opponent) cannot use \"[AUTO] Encore\" until end of turn\": the "
                                 "characters that player has on the stage when the effect resolves cannot use Encore "
                                 "until end of turn; a character put on the stage later that turn still can",
    "look_order_kept": "\"put the rest back on top of your deck in any order\": the cards not taken stay on top "
                       "in their order (no re-ordering decision; rules-coverage CR 4.7-4.9)",
    "mill_via_resolution": "\"put the top N cards of your deck into your waiting room. If there is a climax among "
                           "those cards\" beside another stored count in the effect: the cards pass through the resolution zone (the Brainstorm "
                           "instruction) so that their climaxes are counted; if the deck runs out midway, the "
                           "refresh does not shuffle in the cards already put",
    "other_placed_any": "\"when your other <<T>> character is placed on the stage from your hand or from your "
                        "memory / waiting room / deck\": also triggers when the character is placed on the stage from "
                        "another zone (the deck, the memory, the waiting room, whichever the text names)",
    "change_on_resolution": "Change [... put this card into <zone>]: this card goes to <zone> on resolution, when the "
                            "chosen character takes its position, not when the cost is paid; if no character is "
                            "chosen (none there, or the player declines) it stays on the stage (the rest of the "
                            "cost is paid)",
    "placed_any_way": "\"when this card is placed on the stage from your hand or by a \"X\" effect\" (or \"from your "
                      "hand or memory / waiting room / deck\"): also triggers when this card is placed on the stage by "
                      "another effect (or Encore, Change) than the one named, or from another zone",
    "second_condition_after_cost": "\"if A, and B, you may pay the cost. If you do, X\": A is the ability's "
                                   "condition; B is checked when X resolves, after the cost is paid (the player may "
                                   "pay the cost while B does not hold, and then nothing happens)",
    "name_part_english": "\"with \"X(Y)\" in its card name\" where the English database adds the Japanese "
                         "original Y: the English part X is looked for in the English card names (a card whose "
                         "Japanese name has Y but whose English name lacks X, or the reverse, is judged otherwise)",
    "reveal_cost_unseen": "Resonate's cost \"[reveal 1 <card> in your hand]\": the engine checks that the hand "
                          "holds such a card (the cost is payable only then) but does not ask which one and the "
                          "observations do not show it to the opponent",
    "placed_this_turn_any_way": "\"during the turn that this card is placed on the stage from your hand or by the "
                                "effect of \"X\"\": the condition holds when this card was placed on the stage this "
                                "turn in any way (by another effect, Encore, Change too)",
    "placed_by_any_effect": "\"during your climax phase, when this card is placed on the stage (from your waiting "
                            "room) by the effect of \"X\"\": triggers whenever this card is placed on the stage during "
                            "your climax phase, by the effect named or by another (from any zone)",
    "delayed_damage_on_this_card": "\"..., and at the end of the turn, deal N damage to yourself\": the delayed "
                                   "ability is granted to this card until end of turn, so it does not act if this card "
                                   "leaves the stage before the end phase (a delayed ability does not depend on it)",
    "memory_cost_last": "\"[ACT] [... & Put N <spec> from your memory into your waiting room] ...\" beside a cost that "
                        "moves other cards: the memory's cards move after the rest of the cost, at the program's start "
                        "(triggers of the other moves could see them still in the memory)",
    "delayed_from_memory": "\"put this card into your memory. If you do, at the beginning of your next draw phase, "
                           "choose 1 \"<its name>\" in your memory, and put it ...\": the delayed ability is an ability "
                           "of this card working from the memory at the beginning of each of your draw phases, so it "
                           "also acts when this card reached the memory in another way (and again if it goes back)",
    "opp_stage_owner_picks": "\"choose 1 <character> in your opponent's waiting room, and put it on an open position "
                             "of their (back) stage\" (session 33): the card's owner (the opponent) chooses which open "
                             "position it goes to, not the player of the effect",
    "refresh_at_refresh_point": "\"when you have refreshed your deck\" (session 33): the ability triggers when the "
                                "refresh point of that refresh is applied (CR 9.9: at the next rule-action check), "
                                "for the master's characters on the stage then; a refresh in the middle of an effect "
                                "triggers a character placed on the stage later in that effect, and not one that left "
                                "the stage in it",
    "player_lock_on_stage": "\"(until end of turn / the end of your opponent's next turn,) your opponent (you) cannot "
                            "play events / \"Backup\" from hand\" (session 33): the restriction is kept on the characters "
                            "that player has on the stage when the effect resolves (play.play_locked reads them); it "
                            "ends early for a player whose characters all leave the stage, and does not hold for one "
                            "with no character there",
    "if_you_do": "\"you may A. If you do, B\": B happens whenever the player said yes to A, even where A "
                 "found nothing to do (e.g. no card to choose)",
    "looked_marker_unseen": "\"you may look at the top card of your deck. If you do, put that card face down "
                            "underneath this card as a marker\": the player may put the top card of the deck "
                            "underneath this card as a face-down marker, without seeing it (the observation does not "
                            "show the card looked at)",
    "marker_order_unkept": "\"put a marker (N markers) from underneath this card into your stock / waiting room\", "
                           "\"return a marker from underneath this card to your hand\": the engine keeps no order of "
                           "the markers under a card, so the marker moved is one of them (the first by card slot), not "
                           "necessarily the top one (CR 3.7.2)",
    "wr_to_hand_lock_icon_kept": "\"during the attack phase, you cannot return characters from your waiting room to "
                                 "your hand by your card's effects\": the returns of its master's effects (abilities, "
                                 "events, Bond) are not performed; the comeback trigger icon's return (CR 4.12.2.5, an "
                                 "action of the icon) still is",
    "trait_on_stage_everywhere": "\"[CONT] If this card is in your stage, this card gets <<T>>\": the card has the trait "
                                 "in every zone (a printed trait: a search of the deck, a choice in the waiting room "
                                 "or the hand for <<T>> characters finds it too), not only on the stage",
    "change_markers_kept": "Change \"choose 1 marker underneath this card or 1 \"X\" in your waiting room, and put it "
                           "in the stage position that this card is on as [REST]. If you do, put this card face up "
                           "underneath that character as a marker\": the other markers of the position stay under the "
                           "new character (as Fusion's, CR 10.14.1.1.2; CR 3.7.3.2 would put a leaving card's markers "
                           "into the waiting room); the engine keeps no face of a marker",
    "gain_no_duration_turn": "\"<subject> gets +N power (+N soul / +N level)\" in an [AUTO] / [ACT] ability or an "
                             "event, printed without a duration (session 32): CR 8.2.1.2 reads it \"during this "
                             "game\" (while the card stays in its zone, CR 3.1.4); the engine ends it at the end of "
                             "the turn as \"until end of turn\"",
    "act_change_if_first": "\"[ACT] [... put this card into your waiting room] If your level is N or higher, choose "
                           "1 \"X\" in your waiting room, and put it on the stage position that this card was on\" "
                           "(session 32): the condition (the level, the level zone, the memory: the cost does not "
                           "change it) is the ability's, so it can be used only while it holds; the rules let the "
                           "player pay the cost while it does not, for nothing",
    "look_rest_stock_order": "\"look at up to N cards ..., put it into your hand, and put the rest into your stock "
                             "(in any order)\" (session 32): the rest go into the stock one at a time from the top "
                             "card of the deck down (the deepest card looked at ends on top of the stock), not in an "
                             "order the master chooses; only which stock card a later cost pays first differs",
    "trait_gain_unread": "\"<subject> gets (+N power and) <<T>> (until end of turn)\" (session 27): the engine gives no "
                         "trait; the line compiles without the gain (a [CONT] trait gain alone: to no ability, session 33) "
                         "where no filter or condition of the card's list "
                         "names <<T>> (the importer refuses it otherwise), so nothing in that list reads it; a filter "
                         "of another list compiled into the same pool that names <<T>> does not see it",
}

_POSITIONS = {"center": "center", "back": "back"}
_EXPERIENCE_CONDS = ("level_sum_at_least", "named_in_level", "level_colors")  # CR 10.10.1: the abilities refer to the level zone
_MEMORY_CONDS = ("memory_at_least", "memory_at_most", "memory_filter_at_least", "memory_names_at_least")  # cards._COND_MEMORY
# conditions on the source's battle opponent: they hold only while the source is the attacking or the defending
# character of a battle with a battle opponent (filters.condition_holds), which is the condition in_battle and more
_BATTLE_OPP_CONDS = ("battle_opp_level_at_most", "battle_opp_cost_at_most", "battle_opp_level_above_opp",
                     "battle_opp_level_at_most_self", "battle_opp_level_at_most_wr")
# the change op's destinations of this card ("put this card into your waiting room. choose ...")
_SELF_MOVES = {"to_waiting_room": "waiting_room", "to_memory": "memory", "to_clock": "clock", "to_hand": "hand",
               "to_stock": "stock"}
_ZONES = {"z_wr": "waiting_room", "z_hand": "hand", "z_clock": "clock", "z_stock": "stock",
          "z_memory": "memory", "z_level": "level", "z_climax": "climax_area"}  # fmt: skip
_PHASES = {"ph_turn": "begin_turn", "ph_draw": "begin_draw", "ph_clock": "begin_clock", "ph_main": "begin_main",
           "ph_climax": "begin_climax", "ph_attack": "begin_attack", "ph_encore": "begin_encore",
           "ph_end": "begin_end", "ph_battle": "begin_battle", "ph_counter": "begin_counter"}  # fmt: skip
_DEST_OP = {"d_stock": "to_stock", "d_wr": "to_waiting_room", "d_clock": "to_clock", "d_hand": "to_hand",
            "d_memory": "to_memory"}  # fmt: skip
_PILE_OP = {"stock": "pool", "waiting_room": "mill", "clock": "clock_top"}
# "when you use this card's "Brainstorm"" (CR 10.7.4), "... "Backup"" (CR 10.5: the card is then in the
# waiting room, the character in battle is the defending one)
_KEYWORDS = {"brainstorm": "brainstorm", "backup": "backup"}
# the moves of an event's own card (cards.py: an event's target_self is only moved)
_EVENT_SELF_MOVES = ("to_memory", "to_stock", "to_clock", "to_hand", "to_deck_top", "to_deck_bottom")

_TARGETING = ("choose", "select_all", "target_self", "target_battle_opp")
# the conditions an [ACT] Change's "if" may be lifted to (session 32, act_change_if_first): the cost (stock, this
# card's move, a hand card) does not change them
_ACT_LIFT_CONDS = {"all_of", "level_at_least", "level_sum_at_least", "memory_filter_at_least", "memory_at_least",
                   "named_in_level"}
# the gains on the card a change op placed (CHANGE_KEEP, session 32): "..., and that character gets ..."
_CHANGE_KEEP_OPS = ("power", "power_x", "soul", "level", "grant_ability", "grant_keyword", "restrict")
_ON_REG = {"power", "soul", "level", "grant_keyword", "grant_ability", "restrict", "stand", "rest", "reverse", "to_hand",
           "to_waiting_room", "to_stock", "to_clock", "to_memory", "to_deck_top", "to_deck_bottom",
           "to_stage", "move_position", "to_marker"}  # fmt: skip
_ON_REG.add("self_to_marker")  # session 34 (s34c): "put this card ... underneath that card as a marker"
_ON_REG = _ON_REG | {"memory_keep"}  # session 34 (s34d): the cards kept (Op.MEMORY_KEEP)
# a granted ability's triggers (the card is on the stage): constants.GRANTED_TRIGGERS, the one list the
# pool compiler and the observation read
_GRANTED_TRIGGERS = tuple(t.name.lower() for t in K.GRANTED_TRIGGERS + K.GRANTED_OTHER_TRIGGERS)
N_REGS = 3  # constants.N_REGS: target registers per program (3 since session 34)
# the triggers that fire in their master's turn only (its play from the hand, CR 6.5.1.2.1; its attacks and their
# trigger checks and damage, CR 7; its climax phase's Accelerate, CR 10.12): "until the end of the next turn" is
# until the end of the opponent's next turn (session 28)
_OWN_TURN_TRIGGERS = ("played_self", "attacks_self", "frontal_attacks_self", "direct_attacks_self", "other_attacks",
                      "own_direct_attacks",
                      "other_played", "accelerate_used", "trigger_check_climax", "own_trigger_check_climax",
                      "trigger_check_card", "own_trigger_check_card", "damage_canceled_self", "damage_not_canceled_self",
                      "end_of_attack_self")


def _next_turn_in_own_turn(ab: dict, own_turn: bool) -> None:
    """"until the end of the next turn" ("@next_turn", dur_next_turn) in an ability's instructions (not in the abilities
    it grants, compiled with their own triggers): the opponent's next turn where the ability resolves in its master's
    turn; else Unsupported."""
    def walk(v):
        if isinstance(v, dict):
            if v.get("duration") == "@next_turn":
                if not own_turn:
                    raise Unsupported("'until the end of the next turn' in an ability that may resolve in the "
                                      "opponent's turn")
                v["duration"] = "next_opp_turn_end"
            for k, x in v.items():
                if k != "ability":
                    walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(ab.get("effect", []))
# the triggers whose event is a damage: "deal the same damage" (Op.TRIGGER_DAMAGE reads its amount)
_DAMAGE_TRIGGERS = ("damage_canceled_self", "damage_not_canceled_self", "battle_damage_received_canceled",
                    "battle_damage_received_not_canceled", "damage_received_canceled", "damage_received_not_canceled")

_QUOTED = re.compile(r'("[^"]*"|<<[^>]*>>)')


_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"))}
_NUMBER_WORD = re.compile(r"\b(?:" + "|".join(_NUMBER_WORDS) + r")\b")


_FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF10, 0xFF5B) if chr(c - 0xFEE0).isalnum()}


_KIND_MARK = re.compile(r"【(?:AUTO|CONT|ACT)】|\[(?:AUTO|CONT|ACT)\]")


_PERFORM_IT = re.compile(r"of the following effects,? and perform it\.\s*$", re.IGNORECASE)


def join_options(lines: list[str]) -> list[str]:
    """"Choose 1 of the following effects, and perform it." with its options as the next entries of the
    database (each a quoted effect): one line, as where the options follow on the same line."""
    out: list[str] = []
    joining = False
    for line in lines:
        if out and line.strip().startswith('"') and (joining or _PERFORM_IT.search(out[-1])):
            out[-1] = out[-1] + " " + line.strip()
            joining = True
            continue
        # "... gets the following ability (until end of turn)." with the quoted ability as the next entry (session 28):
        # one line; "the following (N) abilities": every quoted entry after it
        m = _GRANT_END.search(out[-1]) if out and re.match(r'\s*["\u201c](?:【|\[)', line) else None
        if m is not None:
            out[-1] = out[-1] + " " + line.strip()
            joining = m.group(1) != "ability"
            continue
        joining = False
        out.append(line)
    return out


_GRANT_END = re.compile(r"the following (?:\d+ |two |three )?(ability|abilities)(?: until [^.\"]*)?\.\s*$", re.IGNORECASE)


def split_abilities(text: str) -> list[str]:
    """The abilities of one database entry: some entries hold two printed abilities in one string
    ("... gets +1000 power. 【AUTO】 When ..."). A kind mark after a finished sentence (". " or ") "; some
    sets' entries lose the space: "... +2000 power.【AUTO】 When ...", "... waiting room."【AUTO】 ..." after a
    granted ability's closing quote), outside quotes (a granted ability) and parentheses (reminder text),
    begins the next ability."""
    out, start = [], 0
    for m in _KIND_MARK.finditer(text):
        pre = text[start:m.start()]
        if not pre.strip() or not re.search(r"(?:[.)]|[.)][\"\u201d])\s*$", pre):
            continue
        if (pre.count('"') + pre.count("\u201c") + pre.count("\u201d")) % 2 or pre.count("(") != pre.count(")"):
            continue
        out.append(pre.strip())
        start = m.start()
    out.append(text[start:].strip())
    return [t for t in out if t]


# a quoted ability ("[CONT] ... "Backup" from their hand.") ends at a quote after its last sentence's stop
_ABILITY_END = re.compile(r'(?<=[.)])"(?=\s|$|")')
_ABILITY_END_OR_NESTED = re.compile(r'(?<=[.)])"(?=\s|$|")|(?<=[.)]")"(?=\s|$)')


NEST_QUOTE_OPEN, NEST_QUOTE_CLOSE = "\u2e02", "\u2e03"
_OPTIONS_START = re.compile(r"(?:of the following effects,? and perform it|perform the following action(?: \d+ times)?)"
                            r"\.\s*(?=\")", re.IGNORECASE)


def _mark_nested_quotes(s: str) -> str:
    """The quotes inside a quoted ability (a granted one, "[CONT] ... cannot play "Backup" ...") or a quoted
    option of "choose 1 of the following effects" written as NAME_QUOTE_OPEN / NAME_QUOTE_CLOSE pairs, so
    that the ability is one quoted token (_granted, _quoted_ops give them back); left alone where they do
    not pair up (NEST_QUOTE_* marks: the card names holding quotes keep NAME_QUOTE_*)."""
    out, i = [], 0
    m0 = _OPTIONS_START.search(s)
    opt = m0.end() if m0 else -1  # the next option's opening quote
    while True:
        k = s.find('"[', i)
        if opt >= i and (k < 0 or opt < k):
            k = opt
        if k < 0:
            break
        m = _ABILITY_END.search(s, k + 1)
        if m is None:
            break
        if s[k + 1 : m.start()].count('"') % 2:
            # a quoted card name ending in ")" ("with "Yotsuba(X)" in its card name") inside the ability: its end is
            # the first candidate after an even number of inner quotes (session 24), where there is one; an option
            # ending with a granted ability ("... until end of turn. "[CONT] ... soul."""): the quote after its
            # closing quote (session 28)
            m = next((x for x in _ABILITY_END_OR_NESTED.finditer(s, m.end() - 1)
                      if x.start() > m.start() and s[k + 1 : x.start()].count('"') % 2 == 0), m)
        body = s[k + 1 : m.start()]
        if body.count('"') % 2 == 0 and '"' in body:
            parts = body.split('"')
            body = "".join(p + ((NEST_QUOTE_OPEN if j % 2 == 0 else NEST_QUOTE_CLOSE) if j < len(parts) - 1 else "")
                           for j, p in enumerate(parts))
        out.append(s[i : k + 1] + body + '"')
        i = m.end()
        if opt >= 0:  # options follow one another: the next one, after spaces
            j = i
            while j < len(s) and s[j] == " ":
                j += 1
            opt = j if j < len(s) and s[j] == '"' else -1
    out.append(s[i:])
    return "".join(out)


def _close_quoted_ability(s: str) -> str:
    """A character's ability granting a quoted ability whose closing quote the database lost ("... gets the following
    ability. "[AUTO] When ... waiting room."): the quote closed after its last sentence (before a trailing reminder
    text); only on an ability line (an event's line may go on with its own instructions after the quoted one)."""
    if s.count('"') % 2 == 0 or not re.match(r"\s*(?:【|\[)(?:AUTO|CONT|ACT)(?:】|\])", s, re.IGNORECASE):
        return s
    k = s.rfind('"')
    if re.search(r'\.\s*"\s*$', s) and not re.search(r'"\s*(?:【|\[)', s):
        return s[:k] + s[k + 1:]  # a stray quote after the ability's last stop ("... that character."), none opened
    if not re.match(r'"\s*(?:【|\[)', s[k:]) or not re.search(r"[.\]]\s*(?:\([^()]*\))?\s*$", s):
        return s
    m = re.search(r"\s*\([^()]*\)\s*$", s)
    end = m.start() if m and m.start() > k else len(s.rstrip())
    return s[:end] + '"' + s[end:]


def normalise(line: str) -> str:
    """The line as the grammar reads it: 【X】 -> [x], 《T》 -> <<T>>, plain quotes, brackets spaced,
    lower case outside card names ("...") and traits (<<...>>), spaces collapsed; the quotes inside a
    quoted ability marked (_mark_nested_quotes)."""
    s = line.replace("【", "[").replace("】", "]").replace("《", "<<").replace("》", ">>")
    s = re.sub(r"(?<=[a-z])\d*\?{2,}\s*$", ".", s)  # "Shuffle your deck66??": the database's junk after the last word
    s = re.sub(r"(?<![\w?])\?([A-Z][^?<>\"]{0,40}?)\?(?![\w?])", r"<<\1>>", s)  # "?Strange?": a trait's 《》 lost
    s = s.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2018", "'")
    s = _close_quoted_ability(s)
    s = _mark_nested_quotes(s)
    # a quoted ability (its stop inside the quotes) followed by the next sentence ("... gets the following ability until
    # end of turn. "[CONT] ..." Put this card into your memory."): the sentence's stop after the quote (session 28)
    s = re.sub(r'(?<=\.")\s+(?=[A-Z][a-z])', " . ", s)
    s = re.sub(r"\[\[(\w+)\.gif\]\]", r"[icon_\1]", s)  # a trigger icon the database names (CR 4.12.2)
    s = s.replace("\uff08", "(").replace("\uff09", ")").replace("×", " x ").replace("［", "[").replace("］", "]")
    for i, c in enumerate("①②③④⑤⑥⑦⑧⑨⑩", 1):  # a circled stock cost (CR 8.4.3)
        s = s.replace(c, f"({i})")
    # full-width letters and digits ("Ｘ", "ｆｒｏｍ") as plain ASCII; a "?" between two letters stands for a
    # space the database lost ("When?this?card?attacks")
    s = s.translate(_FULL_WIDTH)
    parts = _QUOTED.split(s)
    out = []
    for i, p in enumerate(parts):
        if i % 2:
            out.append(" " + p + " ")
            continue
        p = p.lower()
        p = re.sub(r"(?<=[a-z])\?(?=[a-z])", " ", p)
        # "becomes Reverse@ / Reversed@", "Rest@ this card": the database's mark for the state icons
        p = re.sub(r"\b(reversed?|rest|stand)@", lambda m: " [" + m.group(1).replace("reversed", "reverse") + "] ", p)
        p = re.sub(r"\[(\w+)\]", r" [\1] ", p)  # [auto]when / the[standby]effect
        p = re.sub(r"(?<=[a-z\]])\[", " [", p)
        p = p.replace("'s ", "'s ")
        p = re.sub(r"(?<!\.)\.\.(?!\.)", ".", p)  # "return it to your hand.." (a doubled stop; session 29)
        p = re.sub(r"([,.&])", r" \1 ", p)
        p = re.sub(r"(\d) , (\d{3})", r"\1\2", p)  # 1,000 -> 1000
        # (session 28) a set whose database writes each zero digit as "-": "+15-- power" (+1500), "+2--- power" (+2000),
        # "backup 25--" (2500), "level - or lower" / "cost - or higher" (level 0, cost 0); a dash after a digit (or
        # alone before "or lower/higher") is no other word of the card language
        p = re.sub(r"(\d)(-+)(?=\s|$)", lambda m: m.group(1) + "0" * len(m.group(2)), p)
        p = re.sub(r"\b(level|cost) -(?= or (?:lower|higher|less|more)\b)", r"\1 0", p)
        p = p.replace("( ", "(").replace(" )", ")")
        p = re.sub(r"\bgets\+ ?(\d)", r"gets +\1", p)  # "gets+ 1000 power" (a typo of the database)
        p = re.sub(r"\[ ?(\d+) +(?=put |\[rest\]|return )", r"[(\1) ", p)  # "[1 put ...]": the stock cost "(1)"
        p = re.sub(r"(when you use an\s+\[act\])\s+(?=this card )", r"\1 , ", p)  # the comma the database dropped
        p = re.sub(r"\bx is equal the number\b", "x is equal to the number", p)  # the "to" the database dropped
        p = re.sub(r"\bchoose an opponent's\b", "choose 1 of your opponent's", p)  # "choose an opponent's <spec>"
        # "[AUTO] 1/TURN@ When ...": newer sets' mark for "this ability activates up to 1 time per turn" (CR 8.1.4);
        # "up to once per turn"
        p = re.sub(r"\b(\d)\s*/\s*turn@\s*", lambda m: f"this ability activates up to {m.group(1)} "
                   f"time{'s' if m.group(1) != '1' else ''} per turn . ", p)
        p = re.sub(r"\bactivates up to once per turn\b", "activates up to 1 time per turn", p)
        p = re.sub(r"\buntil the end of turn\b", "until end of turn", p)  # (session 28)
        # the database's typos (session 22): "oppponent", "characters your have", "seach your deck", "three o more"
        p = re.sub(r"\boppponent", "opponent", p)
        p = re.sub(r"\byour have\b", "you have", p)
        p = re.sub(r"\bseach your deck\b", "search your deck", p)
        p = re.sub(r"\bof you deck\b", "of your deck", p)  # (session 29)
        p = re.sub(r"\b(\w+) o more\b", r"\1 or more", p)
        # (session 28) "put it on the top of your deck,, and", "previous stage postion", "is is canceled", "return in to"
        p = re.sub(r",\s*,", ",", p)
        p = re.sub(r"\bpostion\b", "position", p)
        p = re.sub(r"\bis is\b", "is", p)
        p = re.sub(r"\breturn in to\b", "return it to", p)
        # (session 29, s29-wsauto) "if you paid the cost," / "if your do,": "if you do," (CR 8.4: the cost paid); "search
        # you deck": "search your deck"
        p = re.sub(r"\bif you paid the cost\b", "if you do", p)
        p = re.sub(r"\bif your do\b", "if you do", p)
        p = re.sub(r"\bsearch you deck\b", "search your deck", p)
        p = re.sub(r"\buntil of turn\b", "until end of turn", p)
        p = re.sub(r"\bthe the\b", "the", p)  # "put the the top 3 cards"
        p = re.sub(r"(, )your may pay the cost\b", r"\1you may pay the cost", p)
        p = re.sub(r"\b(becomes|become|is) reverse(?=\s*[,.]| in battle)", r"\1 [reverse]", p)  # the state mark lost
        p = re.sub(r"\bis being frontal attacked\b", "is frontal attacked", p)
        p = re.sub(r"\breveal (it|them) to your opponent and put\b", r"reveal \1 to your opponent , and put", p)
        p = re.sub(r"\blevel (\d+) or less\b", r"level \1 or lower", p)
        p = re.sub(r"\bcost (\d+) or less\b", r"cost \1 or lower", p)  # (session 29: "cost 1 or less characters")
        # older printings spell counts in words ("the top three cards", "two or higher"): digits, as
        # the newer ones print them (the grammar's counts are INT)
        p = _NUMBER_WORD.sub(lambda m: _NUMBER_WORDS[m.group(0)], p)
        out.append(p)
    s = "".join(out)
    s = re.sub(r"\s*[/\uff0f]\s*", " / ", s)
    s = " ".join(s.split())
    # "this card gets +1000 power until end of turn, and the following ability until ...": the comma before the second
    # gain of another duration (gets_two_durations; a comma there would end the clause for the parser)
    s = s.replace("until end of turn , and the following ability until", "until end of turn and the following ability until")
    # a trigger icon the database dropped, printed "with @ in", "with with in" or "has a in" its trigger icon
    s = re.sub(r"\bwith (?:@ |with )in (its|their|the) trigger icon", r"with in \1 trigger icon", s)
    # "if that card has [icon] in its trigger icon": that card is a card with it (CR 2.12)
    s = re.sub(r"\bthat card has (?:a )?((?:\[icon_[a-z]+\] )?in its trigger icon)", r"that card is a card with \1",
               s)
    # "[put a character in your hand into your waiting room]": the cost "from your hand" (only a cost puts a described
    # card "in your hand into" a zone)
    s = re.sub(r"(\[(?:\(\d+\) )?put (?:a|an|\d+) [^\[\]]{0,60}?) in your hand into your waiting room", r"\1 from your hand into your waiting room", s)
    # a cost "[(1) [REST] 2 characters]" (your characters: a cost is paid with your own cards, CR 8.4), "[... [REST] 2 of
    # your characters)" (the closing bracket the database misprints)
    s = re.sub(r"(\[(?:\(\d+\) )?\[rest\] \d+) characters ?[\])]", r"\1 of your characters]", s)
    s = re.sub(r"(\[(?:\(\d+\) )?\[rest\] \d+ of your characters) ?\)", r"\1]", s)
    s = re.sub(r"\byour cx area\b", "your climax area", s)
    # "your level has a yellow card, a red card(,) and a blue card": "... a yellow card and a red card and a blue card"
    # (the grammar's list, c_level_colors; session 27)
    _colors = "yellow|green|red|blue|purple"
    s = re.sub(rf"\b(your level has a (?:{_colors}) card) ,? ?(?:and )?(a (?:{_colors}) card) ,? ?(?:and )?(a (?:{_colors}) card)\b",
               r"\1 and \2 and \3", s)
    s = re.sub(rf"\b(your level has a (?:{_colors}) card) ,? ?(?:and )?(a (?:{_colors}) card)\b", r"\1 and \2", s)
    # "if this card in on your center stage" / "if this card in your center stage": the "is" the database dropped
    s = re.sub(r"\bif this card in (?:on |in )?(your|the) ", r"if this card is in \1 ", s)
    # "put a card from the bottom of your opponent's stock into ...": "put the bottom card of ..." (session 27)
    s = re.sub(r"\bput a card from the bottom of your opponent's stock into\b",
               "put the bottom card of your opponent's stock into", s)
    # "(of your other characters) on your center stage": "in your center stage" (session 27)
    s = re.sub(r"\bon your (center|back) stage\b", r"in your \1 stage", s)
    # "if you have a card named "X" and "Y"": two named characters (c_have_pair; "a card named" before "and" would
    # make the grammar's "you have a <spec>" wait for a second name)
    s = re.sub(r'\bif you have a card named ("[^"]*") and ("[^"]*") ,', r"if you have \1 and \2 ,", s)  # the database's abbreviation of the climax area (CR 3.9)
    # "..., and you deal 4 damage to your opponent": the clause "deal 4 damage to your opponent"
    s = re.sub(r"(, (?:and )?)you deal (\S+) damage to your opponent\b", r"\1deal \2 damage to your opponent", s)
    # "[REST] this card from [STAND]": the rest cost, which only a standing card pays (CR 8.4.2.2)
    s = re.sub(r"\[rest\] this card from \[stand\]", "[rest] this card", s)
    # "when your character's trigger check reveals a climax, if that card's trigger icon is [icon], ...": the revealed
    # climax's icon, which never changes: "... reveals a climax with [icon] in its trigger icon" (the icon the database
    # dropped, "... trigger icon is ,": any climax, approximation trigger_icon_dropped; session 24, s24-wsb)
    # "[REST]' />", "[ACT]' />": the rest of an HTML image tag the database left after a state / kind mark (session 24,
    # s24-wsc)
    s = re.sub(r"(\[[a-z]+\]) ' / >", r"\1", s)
    # "choose a card from your opponent's waiting room": "... in your opponent's waiting room" (session 24, s24-wsc)
    s = re.sub(r"\b(choose (?:up to )?(?:a|an|\d+) [^,.\[\]]{0,60}?) from (your (?:opponent's )?waiting room)\b",
               r"\1 in \2", s)
    # possessives (session 24, s24-wsc): "your characters' trigger check" is "your character's trigger check" (one
    # attacking character's, CR 7.3), "another of your character's / your other characters' battle opponent" is "your
    # other character's battle opponent"; the icon of "that card's trigger icon is" as the database also writes it,
    # "[treasure]", "treasure@", "gate.gif": "[icon_treasure]" (CR 4.12.2)
    s = re.sub(r"\byour characters ' trigger check\b", "your character's trigger check", s)
    s = re.sub(r"\byour characters' trigger check\b", "your character's trigger check", s)
    s = re.sub(r"\b(when|, when) another of your character's battle opponent\b", r"\1 your other character's battle opponent", s)
    s = re.sub(r"\byour other characters' battle opponent\b", "your other character's battle opponent", s)
    _icons = "|".join(K.TRIGGER_ICON_NAMES[1:])
    s = re.sub(rf"(that card's trigger icon is) (?:\[({_icons})\]|({_icons})@|({_icons}) \. gif) ,",
               lambda m: f"{m.group(1)} [icon_{m.group(2) or m.group(3) or m.group(4)}] ,", s)
    s = re.sub(r"(trigger check reveals a climax) , if that card's trigger icon is ((?:\[icon_[a-z]+\] )?),",
               r"\1 with \2in its trigger icon ,", s)
    # (session 29) "..., if that card has [icon] in its trigger icon," (normalised above to "that card is a card with ...")
    s = re.sub(r"(trigger check reveals a climax) , if that card is a card with ((?:\[icon_[a-z]+\] )?in its trigger icon) ,",
               r"\1 with \2 ,", s)
    # "choose 1 of your other <spec> and this card, exchange them": "choose this card and 1 of your other <spec>"
    s = re.sub(r"\bchoose (\d+) of your other ([^,.\[\]]{0,80}?) and this card ,", r"choose this card and \1 of your other \2 ,", s)
    # "choose a character in your waiting room and this card, and exchange them": "choose this card and 1 ..."
    s = re.sub(r"\bchoose (?:a|an|1) ([^,.\[\]]{0,80}? in your (?:waiting room|hand)) and this card , (and )?exchange them\b",
               r"choose this card and 1 \1 , \2exchange them", s)
    # session 29 (s29-wsother): "COUNTER@" (the database's mark for the counter icon, CR 4.12.3 / 6.5.1.2.2): "[counter]";
    # "[ACT] [REST] this card] ..." / "[ACT] [REST two of your characters] ...": the cost's opening bracket the
    # database lost ("[rest]" alone is never an [ACT] ability's cost); "all your other ..." : "all of your other ...";
    # "cannot be played from hand": "... from your hand" (only the master's hand holds it, CR 8.6.2.1)
    s = re.sub(r"(^|\[act\] )counter@ ", r"\1[counter] ", s)
    s = re.sub(r"^\[act\] \[rest\] (this card|\d+ of your [^\[\]]{0,60}?)\]", r"[act] [ [rest] \1 ]", s)
    s = re.sub(r"^\[act\] \[ ?rest (\d+ of your [^\[\]]{0,60}?)\]", r"[act] [ [rest] \1 ]", s)
    # an event's "[REST] 1 of your [STAND] <spec> characters. If you do, ...": "choose 1 of your [STAND] <spec> characters,
    # and [REST] it" (the same instruction, CR 4.6.1.2)
    s = re.sub(r"^(\[counter\] )?\[rest\] 1 of your (\[stand\] [^,.\[\]]{0,120}?) \. if you do ,",
               r"\1choose 1 of your \2 , and [rest] it . if you do ,", s)
    # Brainstorm's flip as older printings word it (CR 10.7.3): "flip over the top 4 cards of your deck(,) and put them
    # into your waiting room", "... 4 cards from the top of your deck, and put it into ...": the grammar's one wording
    s = re.sub(r"\bflip over the top (\d+) cards of your deck ,? ?and put (?:them|it) ", r"flip over \1 cards from the top "
               r"of your deck , and put them ", s)
    s = re.sub(r"\bflip over (\d+) cards from the top of your deck ,? ?and put it ", r"flip over \1 cards from the top of "
               r"your deck , and put them ", s)
    # "for each climax (card) revealed (from) among them": "for each climax revealed among those cards" (the flipped cards)
    s = re.sub(r"\bfor each climax card revealed\b", "for each climax revealed", s)
    s = re.sub(r"\b(for each climax revealed) (?:from )?among them\b", r"\1 among those cards", s)
    s = re.sub(r"\b(for each climax revealed) from among those cards\b", r"\1 among those cards", s)
    # "X is equal to your level x 1000": a player's level is the number of cards in their level zone (CR 3.9 / 3.2)
    s = re.sub(r"\bx is equal to your level\b", "x is equal to the number of cards in your level", s)
    # "(all of) your opponent's <spec> characters in the center stage", "of your other characters on the back stage": the
    # player's own stage part ("in your opponent's center stage" / "in your center stage", CR 3.6)
    s = re.sub(r"\b(all of your opponent's (?:[^,.\[\]\"]{0,60}? )?characters?) (?:in|on) the (center|back) stage\b",
               r"\1 in your opponent's \2 stage", s)
    s = re.sub(r"\b(of your (?!opponent's)(?:[^,.\[\]\"]{0,60}? )?characters?) (?:in|on) the (center|back) stage\b",
               r"\1 in your \2 stage", s)
    # "if you have other cards named "A" and "B", ...": "if you have another "A" and another "B"" (c_have_pair_another)
    s = re.sub(r'\bif you have other cards named ("[^"]*") and ("[^"]*") ,', r"if you have another \1 and another \2 ,", s)
    # "this card's card name is also regarded as "X"": the wording "will also be regarded as" (also_named_on_stage)
    s = re.sub(r"\bthis card's card name is also regarded as\b", "this card's card name will also be regarded as", s)
    # "if you have a character with "A" in its card name(,) and a character with "B" in its card name": "..., and you
    # have a character with "B" ..." (all_of); three of them ("A, B, and C") as well
    _with = r'(?:a|an|1) [^,."\[\]]{0,40}?with "[^"]*" in (?:its|their) card names?'
    s = re.sub(rf"\b(you have {_with}) , ({_with})(?: ,)? and ({_with})", r"\1 , and you have \2 , and you have \3", s)
    s = re.sub(rf"\b(you have {_with})(?: ,)? and ({_with})", r"\1 , and you have \2", s)
    s = re.sub(r"\ball your\b", "all of your", s)
    s = re.sub(r'\ball of your other cards named (?=")', "all of your other ", s)  # '... "A" and "B" get' (aura_named)

    s = re.sub(r"\bcannot be played from hand\b", "cannot be played from your hand", s)
    # "look at the top card of your deck, choose ...": the grammar's "the top 1 cards" (session 24, s24-wsb)
    s = re.sub(r"\blook at the top card of your deck , choose\b", "look at the top 1 cards of your deck , choose", s)
    # "[auto] [(1) at the beginning of ..." / "[(1) when ...": a stock cost whose closing bracket the database lost
    # (session 24, s24-wsb; a cost item never begins with a trigger's first word)
    s = re.sub(r"^(\[auto\] (?:\[cxcombo\] )?\[\(\d+\)) (?=(?:when|at the beginning of|at the end of|during) )",
               r"\1] ", s)
    # "..., choose up to 1 card from among them, (reveal it to your opponent,) and put it into your hand. Put the rest
    # into your waiting room.": the same instruction as "..., put it into your hand, and put the rest into your waiting
    # room" (the older printings split it in two sentences)
    s = re.sub(r"(from among them , (?:reveal (?:it|them) to your opponent , )?)and (put (?:it|them) into your hand) \. "
               r"put the rest into your waiting room", r"\1\2 , and put the rest into your waiting room", s)
    # (session 29) "look at up to 2 cards from the top of your deck, and put it on the top of your deck in any order":
    # "put them"
    s = re.sub(r"(look at up to \S+ cards from the top of your deck , (?:and )?put )it( on the top of your deck in any "
               r"order)", r"\1them\2", s)
    # (session 29, s29-wsauto) "return this card to your deck. If you do, shuffle your deck.": the same as "return this
    # card to your deck, and shuffle your deck" (a shuffle when the card did not move changes nothing anyone knows);
    # "return it to his or her deck. If you do, shuffle your opponent's deck(, and X)": "return it to his or her deck, and
    # your opponent shuffles their deck(. If you do, X)"
    s = re.sub(r"\breturn (it|them|this card) to your deck \. if you do , shuffle your deck(?= \.|$)",
               r"return \1 to your deck , and shuffle your deck", s)
    s = re.sub(r"\breturn (it|them) to (his or her|their|your opponent's) deck \. if you do , shuffle (?:your opponent's|his "
               r"or her|their) deck(?:(?P<more> , (?:and )?)| (?=\.|$))",
               lambda m: f"return {m.group(1)} to {m.group(2)} deck , and your opponent shuffles their deck "
               + (". if you do , " if m.group("more") else ""), s)
    return s


def _drop_assist(ab: dict) -> None:
    """A granted "[CONT] Assist All of your characters in front of this card get ...": the ability without
    its keyword (and so without Assist's condition in_back_stage, which the pool compiler adds to the
    keyword, CR 10.3.2): its filter (relation in_front, IN_FRONT_MASK) matches only from the back stage, so
    the ability does the same; the card is not counted as printed with Assist."""
    if ab.get("keyword") == "assist":
        del ab["keyword"]


class _Compiler(CardTextCompiler):
    def normalise(self, line: str) -> str:
        return normalise(line)

    def context_key(self, card: Mapping[str, Any]) -> tuple:
        return (card.get("type"), card.get("name"), tuple(card.get("traits") or ()))


def _looks(ops: list[dict]) -> list[dict]:
    """"look at the top card of your deck, and put it on the top of your deck or into your waiting
    room / at the bottom": LOOK_TOP of 1 whose card, if the player takes it (having seen it), goes
    there; "look at the top card, and <do something with it>": the top card into a register."""
    out: list[dict] = []
    for i, op in enumerate(ops):
        if op["op"] == "@look1to":
            if op["to"] == "deck_bottom" and (not out or out[-1]["op"] != "@look1"):
                # (session 34, s34c) "choose up to 1 card in your opponent's waiting room, and put it on the top or at
                # the bottom of their deck" (no look before it): the chosen card(s) go on the top or at the bottom of
                # the owner's deck, as the master chooses (@dest_or: choose_one of the two moves of that register;
                # CR 3.1.5 a card goes to its owner's zone)
                out.append({"op": "@dest_or", "options": [[{"op": "to_deck_top"}], [{"op": "to_deck_bottom"}]]})
                continue
            if not out or out[-1]["op"] != "@look1" or out[-1].get("who") != op.get("who"):
                raise Unsupported("'put it on the top or ...' without looking at the top card (of that deck)")
            if op["to"] == "three":
                # (session 28) "look at the top card of your deck, and put it on the top or at the bottom of your deck
                # or into your waiting room": the master looks at it (it stays on top), then picks: at the bottom
                # (the first option: LOOK_TOP of it, taken or left on top) or else into the waiting room (the same,
                # taken or left): the three outcomes, each chosen having seen the card
                if "who" in out[-1]:
                    raise Unsupported("three destinations of the top card of the opponent's deck")
                out[-1] = {"op": "look_top", "count": 1, "take": 1, "to": "deck_top"}
                out.append({"op": "choose_one", "options": [
                    [{"op": "look_top", "count": 1, "take": 1, "to": "deck_bottom"}],
                    [{"op": "look_top", "count": 1, "take": 1, "to": "waiting_room"}]]})
                continue
            out[-1] = {"op": "look_top", "count": 1, "take": 1, "to": op["to"]}
            if "who" in op:  # the top card of the opponent's deck (LOOK_OPP_DECK)
                out[-1]["who"] = op["who"]
            continue
        if out and out[-1]["op"] == "@look1" and "who" in out[-1]:
            raise Unsupported("looking at the top card of the opponent's deck, then something else")
        if out and out[-1]["op"] == "@look1":
            out[-1] = {"op": "reveal_top"}  # the card it refers to: no test, nothing shown to the opponent
        out.append(op)
    if out and out[-1]["op"] == "@look1" and "who" in out[-1]:
        raise Unsupported("looking at the top card of the opponent's deck only")
    if out and out[-1]["op"] == "@look1":
        out[-1] = {"op": "@look1only"}  # nothing after it in this sentence: resolve() checks the program's end
    return out


# the ops that store a count in the frame (a second one would overwrite the first)
_STORING = ("count", "brainstorm", "mill_count", "mill_level", "top_level", "reveal_top", "if_stored", "look_top")

# the moves of this card a delayed "at the beginning of your next encore step" may perform (next_encore_clause)
_DELAYED_SELF_MOVES = ("to_memory", "to_waiting_room", "to_hand", "to_clock", "to_stock", "to_deck_bottom")

# the ops whose instruction reports whether it was done (cards._REPORTS_DONE) and the targeting marks that may come
# before one in the "A" of "you may A. If you do, B"
_REPORTS_DONE = ("to_hand", "to_waiting_room", "to_stock", "to_clock", "to_memory", "to_deck_top", "to_deck_bottom",
                 "draw", "heal", "discard", "stock_bottom_to_wr", "stock_top_to_wr", "wr_to_deck", "pay_stock",
                 # (session 29) [REST] / [STAND] of a card not so already (effects.target_affected)
                 "rest", "stand")


def _reports_done(ops: list[dict]) -> bool:
    """"you may A. If you do, B" with A one instruction that reports whether it was done, on one card: a choice of
    1 card (or this card, that character) moved, 1 card drawn, the top card of a clock put away. A choice of more
    cards (done in part?) or another instruction keeps the approximation if_you_do."""
    if not ops or ops[-1]["op"] not in _REPORTS_DONE or ops[-1].get("count", 1) != 1 or ops[-1].get("up_to"):
        return False
    return all(o["op"] == "@t" or o["op"] == "choose" and o.get("count") == 1 for o in ops[:-1])


def _pair_exchange(ops: list[dict]) -> list[dict]:
    """"choose 1 A in your <zone> and 1 B in your <zone>, and exchange them": the choice before an "@exchange" (the
    second card) is the first card; both exactly one card of the master's own zones other than the stage and the deck
    (Op.EXCHANGE: each goes where the other was)."""
    out: list[dict] = []
    for op in ops:
        if op["op"] != "@exchange":
            out.append(op)
            continue
        first, second = (out.pop() if out else {}), op["choose"]
        for c in (first, second):
            flt = c.get("filter") or {}
            if c.get("op") != "choose" or c.get("count") != 1 or c.get("up_to") or flt.get("side") == "opponent" \
                    or flt.get("zone") not in ("level", "waiting_room", "hand", "clock", "stock", "memory"):
                raise Unsupported("'exchange them' without one card chosen in each of two of your zones")
        if first["filter"]["zone"] == second["filter"]["zone"]:
            raise Unsupported("'exchange them' of two cards of one zone")
        out.append({"op": "@exchange_pair", "first": first, "second": second})
    return out


def _searched_shuffle(ops: list[dict]) -> list[dict]:
    """"search your deck for ..., put it into your hand, (choose 1 card in your hand, put it into your waiting room,)
    and shuffle your deck": the search op shuffles the deck itself (CR 3.2.4), so the shuffle written after it goes,
    when nothing between them touches the deck (the deck is shuffled before the hand card is discarded: nothing
    differs)."""
    for i, op in enumerate(ops):
        if op["op"] != "search" or op.get("keep"):
            continue
        for j in range(i + 1, len(ops)):
            if ops[j]["op"] == "shuffle_deck":
                return ops[:j] + ops[j + 1:]
            if "deck" in repr(ops[j]):
                break
    return ops


def _own_top_mill(op: dict) -> bool:
    """A mill of the master's own deck from its top (REVEAL_TOP / MILL_LEVEL read that card)."""
    return op.get("who", "master") == "master" and not op.get("bottom")


def _cond_join(kind: str, *conds: dict) -> dict:
    """"if A and B" (all_of) / "if A or B" (any_of), session 28 (s28-wsb): one condition of the parts (a part of the
    same kind is flattened; the kernels' ALL_OF / ANY_OF test each part, filters.condition_holds). A part that is a
    compiler mark (a zone, a count that always holds, a turn or an X the line defines elsewhere) is refused."""
    parts: list[dict] = []
    for c in conds:
        if c.get("kind") == kind:
            parts += c["parts"]
            continue
        if c.get("kind") in ("all_of", "any_of") and not any(x["kind"] in ("all_of", "any_of") for x in c["parts"]):
            parts.append(c)  # the other kind, of single conditions: one level (filters.condition_holds)
            continue
        if c.get("kind") in ("all_of", "any_of", "none") or str(c.get("kind", "@")).startswith("@") \
                or any(k.startswith("@") or k == "whose" for k in c):
            raise Unsupported(f"'{'and' if kind == 'all_of' else 'or'}' between conditions of which one is not "
                              "a test the engine makes")
        parts.append(c)
    if len(parts) > 7:
        raise Unsupported("more than 7 conditions joined")
    return {"kind": kind, "parts": parts}


def _level_offset(tok) -> int:
    """"your level +N" (session 32): the offset N >= 0 of a Standby-style level bound (level_max_rel)."""
    n = 0 if tok is None else int(str(tok))
    if n < 0:
        raise Unsupported("a level bound below the master's level")
    return n


def _cond_kinds(cond: dict | None) -> set[str]:
    """The kinds of a condition and of its parts (all_of / any_of)."""
    if cond is None:
        return set()
    return {cond["kind"]} | {k for c in cond.get("parts") or () for k in _cond_kinds(c)}


def _walk(ops: list[dict]):
    for o in ops:
        yield o
        if o.get("op") in ("if", "may"):
            yield from _walk(o["then"])
        if o.get("op") == "choose_one":
            for opt in o["options"]:
                yield from _walk(opt)


def _dicts(v: Any):
    if isinstance(v, dict):
        yield v
        for x in v.values():
            yield from _dicts(x)
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _dicts(x)


def _as_char(spec: dict[str, Any]) -> dict[str, Any]:
    """"your other "Name"" / "1 of your "Name"" on the stage: a character of that name (CR 3.6:
    only characters are on the stage)."""
    return dict(spec, type="character") if set(spec) in ({"name"}, {"name_any"}) else spec


def _flt(**kw: Any) -> dict[str, Any]:
    return {k: v for k, v in kw.items() if v is not None}


# a card name that itself holds quotes (""Heroic Spirit" Saber"): the importer marks its inner quotes
# with these (mark_quoted_names) so that the line's quotes pair up; card_name gives them back
NAME_QUOTE_OPEN, NAME_QUOTE_CLOSE = "\u2039", "\u203a"


def mark_quoted_names(line: str, names: list[str]) -> str:
    """``line`` with every quoted ``"N"`` of ``names`` (card names holding a quote, the longest
    first) written with NAME_QUOTE_OPEN / NAME_QUOTE_CLOSE for its inner quotes."""
    if not names or '""' not in line.replace("\u201c", '"').replace("\u201d", '"'):
        return line
    line = line.replace("\u201c", '"').replace("\u201d", '"')
    for n in names:
        if n in line:
            marked = re.sub(r'"([^"]*)"', NAME_QUOTE_OPEN + r"\1" + NAME_QUOTE_CLOSE, n)
            line = line.replace(f'"{n}"', f'"{marked}"')
    return line


def _unnest(tok: Any) -> str:
    """A quoted ability or option without its quotes, the quotes inside it given back (_mark_nested_quotes)."""
    return str(tok)[1:-1].replace(NEST_QUOTE_OPEN, '"').replace(NEST_QUOTE_CLOSE, '"')


def card_name(tok: Any) -> str:
    """The card name of a NAME token (its quotes off, a marked inner quote a quote again)."""
    return str(tok)[1:-1].replace(NAME_QUOTE_OPEN, '"').replace(NAME_QUOTE_CLOSE, '"')


def _num(tok: Any) -> int:
    return int(tok) if not isinstance(tok, int) else tok


@v_args(inline=True)
class WSTextTransformer(CountWords, TextTransformer, Transformer):
    """Parse tree -> ability dicts. ``card``: ``{"type", "name", "traits"}`` of the card the line
    belongs to (a pronoun's default, a trait count that includes the card itself)."""

    def transform(self, tree):
        # a duration anywhere in the line (session 32): a gain without one is then not read as gain_no_duration_turn
        self._has_duration = any(True for d in ("dur_eot", "dur_next", "dur_next_turn") for _ in tree.find_data(d))
        # "... this card gets -N level while in your hand": the card is in the hand when its
        # condition is checked, so a count of "your characters" does not include it (_count_cond)
        if any(True for d in ("aura_hand", "play_restriction") for _ in tree.find_data(d)):
            self._off_stage = True  # (session 29: a character's play restriction, tested in the hand too)
        # an ability working from the memory / the top of the clock: the card is not on the stage
        if any(True for d in ("c_in_memory", "c_self_clock_top") for _ in tree.find_data(d)):
            self._off_stage = True
        # an event with the counter icon (session 29): played in the counter step of the opponent's frontal attack
        # (CR 7.4.1.2.1), where "your character in battle" is the defending one, or in the main phase (CR 2.8.2.1),
        # where none is in battle (no defender: nothing to choose)
        if self.card.get("type") == "event" and any(
                isinstance(c, Token) and c.type == "COUNTER_MARK"
                for d in ("event_line", "event_line_restricted") for t in tree.find_data(d) for c in t.children):
            self._defending = True
        return super().transform(tree)

    # ---------------------------------------------------------------- numbers and counts
    def num(self, tok):
        return int(tok)








    def exactly(self, n):
        return ("exactly", n)

    def upto(self, n):
        return ("upto", n)

    def one(self):
        return ("exactly", 1)

    # ---------------------------------------------------------------- descriptions of cards
    def charspec(self, *parts):
        quals = parts[0] if len(parts) == 2 else []
        noun = parts[-1]
        spec: dict[str, Any] = {}
        if noun != "card":
            spec["type"] = noun
        for k, v in quals:
            if k == "trait2":  # "<<A>> or <<B>> (or <<C>> ...)": any of the traits
                spec.update(self._more_traits(v))
                k, v = "trait", v[0]
            elif k == "color_or_trait":  # "green or <<A>> (or <<B>> ...)": the colour or the trait(s)
                if "color" in spec or "trait" in spec:
                    raise Unsupported("two color qualities in one description")
                colors, traits = v
                spec["color"], spec["color_or_trait"] = colors, True
                spec.update(self._more_traits(traits))
                k, v = "trait", traits[0]
            if k in spec:
                raise Unsupported(f"two {k} qualities in one description")
            spec[k] = v
        return spec

    @staticmethod
    def _more_traits(traits) -> dict[str, Any]:
        """The filter keys of the second and later of "<<A>> or <<B>> or <<C>> ...": ``trait_or``, and ``trait_more``
        for the third and later (the pool compiler's trait group, constants.C_TRAIT_GROUPS: CR 2.5, a card with any
        of them)."""
        out: dict[str, Any] = {}
        if len(traits) > 1:
            out["trait_or"] = traits[1]
        if len(traits) > 2:
            out["trait_more"] = list(traits[2:])
        return out

    def charspec_part(self, *parts):
        # "a character with "X" in its card name" (filter name_contains: any of the quoted parts)
        return self._part_spec(self.charspec(*parts[:-1]), parts[-1])

    def _part_spec(self, spec: dict[str, Any], tok) -> dict[str, Any]:
        """``spec`` with the name parts of ``tok`` ("with "X" (or "Y") in its card name"); "with <<T>> (or <<U>>) or
        "X" in its card name" (session 27): a card with one of the traits or a part of the name (filter name_or_trait
        with name_contains, CR 2.5 / 2.2; the description's type and bounds apply to both)."""
        text = str(tok)
        traits = re.findall(r"<<([^>]*)>>", text)
        spec = dict(spec, name_contains=self._name_parts(re.sub(r"<<[^>]*>>", "", text)))
        if traits:
            if set(spec) & {"trait", "name", "name_any", "name_or_trait", "color_or_trait"}:
                raise Unsupported("a trait or a name part beside another trait or name")
            spec.update({"trait": traits[0], **self._more_traits(traits), "name_or_trait": True})
        return spec

    def charspec_or_part(self, *parts):
        # "<<T>> (or <<U>>) character(s) or character(s) with "X" in its card name" (session 27): a character with one
        # of the traits or one whose name has a part (filter name_or_trait with name_contains; both alternatives of
        # the noun's type, CR 2.5)
        spec = self.charspec(*parts[:-1])
        m = re.match(r"or (character|card)", str(parts[-1]))
        if ("type" in spec) != (m.group(1) == "character") or "trait" not in spec \
                or set(spec) - {"type", "trait", "trait_or", "trait_more"}:
            raise Unsupported("'<spec> or <noun> with \"X\" in its card name' other than traits or of two nouns")
        return {**spec, "name_contains": self._name_parts(str(parts[-1])), "name_or_trait": True}

    def _two_types(self, a: str, b: str, quals: list, quals_noun: str | None) -> dict[str, Any]:
        """'<noun> or <noun>' (session 28, s28-wsb): a card of either type (CR 2.3: character, event, climax); the
        qualities, if any, describe the character alternative only (traits are characters', CR 2.5.1; "event or
        level 1 or lower character": an event of any level), filter quals_characters."""
        if "card" in (a, b) or a == b:
            raise Unsupported("'<noun> or <noun>' of a card or of one type")
        spec: dict[str, Any] = {"type": [a, b]}
        if quals:
            if quals_noun != "character":
                raise Unsupported("qualities on an event or a climax alternative")
            q = self.charspec(quals, "character")
            q.pop("type")
            if set(q) & {"orientation"}:
                raise Unsupported("a stage orientation on one of two card types")
            spec.update(q, quals_characters=True)
        return spec

    def charspec_ev_or(self, *parts):
        return self._two_types("event", parts[-1], parts[0] if len(parts) == 2 else [], parts[-1])

    def charspec_cx_or(self, *parts):
        return self._two_types("climax", parts[-1], parts[0] if len(parts) == 2 else [], parts[-1])

    def charspec_icon(self, *parts):
        # "a climax with [standby] in its trigger icon" (CR 2.12: the card's trigger icons); the database drops
        # the name of most icons ("a climax with  in its trigger icon"): any climax (approximation
        # trigger_icon_dropped)
        spec = self.charspec(*parts[:-1])
        spec.update(self._icon(parts[-1], spec.get("type")))
        return spec

    def _icon(self, tok, noun) -> dict:
        m = re.search(r"\[icon_([a-z]+)\]", str(tok))
        if m is None:
            if noun != "climax":
                # a character / card whose icon the database drops: a card with a trigger icon, whichever
                # (approximation trigger_icon_dropped_card; filters.WITH_ICON)
                self.approximate("trigger_icon_dropped_card")
                return {"with_trigger_icon": True}
            self.approximate("trigger_icon_dropped")
            return {}
        if m.group(1) not in K.TRIGGER_ICON_NAMES[1:]:
            raise Unsupported(f"the trigger icon {m.group(1)!r}, which the engine does not have")
        return {"trigger_icon": m.group(1)}

    def _name_parts(self, text: str) -> list[str]:
        """The quoted parts of "with "X" (or "Y") in its card name". The English database prints some with
        their Japanese original ("Kyoko(杏子)"): the English part is looked for in the English card
        names (approximation name_part_english)."""
        out = []
        if "<<" in text:  # "with <<T>> or "X" in its card name": _part_spec's
            raise Unsupported("a trait or a part of a card name here")
        for x in re.findall(r'"([^"]*)"', text):
            m = re.fullmatch(r"\s*([^()]*?)\s*[(（][^()（）]*[^\x00-\x7f][^()（）]*[)）]\s*", x)
            if m:
                x = m.group(1)
                self.approximate("name_part_english")
            if not x.strip():
                raise Unsupported("an empty part of a card name")
            out.append(x)
        return out

    def named_or_trait(self, name, *parts):
        # '"X" or <<T>> (or <<U>> ...) character(s)': the card named X (whatever its type) or a character with trait T
        # (traits exist only on characters, CR 2.5.1): filter name_or_trait
        *traits, noun = parts
        if noun != "character":
            raise Unsupported("'\"X\" or <<T>>' of a noun other than characters")
        traits = [str(t)[2:-2] for t in traits]
        return {"name": card_name(name), "trait": traits[0], **self._more_traits(traits), "name_or_trait": True}

    def trait_or_named_part(self, trait, noun, part):
        # '<<T>> or card with "X" in its card name' (session 24, s24-wsa): a character with trait T or a card whose
        # name has X, of any type (filter name_or_trait with name_contains)
        if noun != "card":  # (a character with X: name_or_trait's name part matches a card of any type)
            raise Unsupported("'<<T>> or <noun> with \"X\" in its card name' of a noun other than cards")
        return {"trait": str(trait)[2:-2], "name_contains": self._name_parts(str(part)), "name_or_trait": True}

    def named_char_spec(self, name):
        return {"type": "character", **self.named_spec(name)}

    def named_spec(self, name):
        return {"name": card_name(name)}

    def named_any_spec(self, *names):
        # '"X" or "Y"': a card with one of the names (filter name_any, a group of whole names)
        if len(names) > 5:
            raise Unsupported("more than 5 card names in one description")
        return {"name_any": [card_name(n) for n in names]}

    def quals(self, *qs):
        return list(qs)

    def q_level_min(self, n):
        return ("level_min", int(n))

    def q_level_max(self, n):
        return ("level_max", int(n))

    def q_level_eq(self, n):
        return ("level_eq", int(n))

    def q_level_x(self):
        return ("level_max_x", True)  # "level X or lower": X of the "X is equal to" sentence (effects)

    def q_cost_max(self, n):
        return ("cost_max", int(n))

    def q_cost_min(self, n):
        # (session 33) "cost N or higher": the printed cost (CR 2.5), filters.filter_match's F_COST_MIN
        return ("cost_min", int(n))

    def q_color(self, tok):
        return ("color", [str(tok)])

    def q_color_or(self, a, b):
        return ("color", [str(a), str(b)])  # "red or blue": either colour (the filter's colour mask)

    def q_trait(self, tok):
        return ("trait", str(tok)[2:-2])

    def q_trait_or(self, *toks):
        return ("trait2", tuple(str(t)[2:-2] for t in toks))

    def q_color_or_trait(self, color, *traits):
        return ("color_or_trait", ([str(color)], [str(t)[2:-2] for t in traits]))

    def q_rest(self):
        return ("orientation", ["rest"])

    def q_stand(self):
        return ("orientation", ["stand"])

    def q_reverse(self):
        return ("orientation", ["reverse"])

    def n_char(self):
        return "character"

    def n_card(self):
        return "card"

    def n_climax(self):
        return "climax"

    def n_event(self):
        return "event"

    def part_center(self):
        return "center"

    def part_back(self):
        return "back"

    @staticmethod
    def to_filter(spec: dict[str, Any], **extra: Any) -> dict[str, Any]:
        f = dict(spec)
        if f.get("level_max_x"):
            if "level_eq" in f or "level_min" in f or "level_max" in f:
                raise Unsupported("two level bounds")
            f["level_max"] = 0
        if "level_eq" in f:
            lv = f.pop("level_eq")
            if "level_min" in f or "level_max" in f:
                raise Unsupported("two level bounds")
            f["level_min"] = f["level_max"] = lv
        f.update({k: v for k, v in extra.items() if v is not None})
        return f

    # ---------------------------------------------------------------- subjects / targets
    def p_that(self, *_):
        return ("that",)

    def p_self(self):
        return ("self",)

    def p_swap_other(self, _trait):
        # "that <<T>> character" after "choose this card and 1 of your other <<T>> characters, exchange them": the
        # character chosen (resolve)
        return ("swap_other",)

    def p_battle_opp(self):
        return ("battle_opp",)

    def p_facing(self):
        return ("facing",)

    def group_subject(self, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        loc = next((p for p in parts if isinstance(p, tuple)), None)
        if "type" not in spec and set(spec) & {"name", "name_any"} and not spec.get("name_or_trait"):
            spec = dict(spec, type="character")  # 'all of your "X"': the cards on the stage are characters (CR 3.6.1)
        if spec.get("type") not in ("character",) and not spec.get("name_or_trait"):  # on the stage: characters
            raise Unsupported("a group of cards that are not characters")
        extra: dict[str, Any] = {"relation": "other" if other else None}
        if loc is not None:
            if loc[0] == "front":
                if other:
                    raise Unsupported("'other' with 'in front of this card'")
                extra["relation"] = "in_front"
            elif loc[0] == "markers":  # "characters with markers" (CR 3.5.3: underneath them)
                extra["with_markers"] = True
            else:
                extra["positions"] = [loc[1]]
        return ("group", self.to_filter(spec, **extra))

    def group_subject_loc_part(self, *parts):
        # "all of your characters in front of this card with "X" in their card names" (session 23): the name part
        # written after the location
        *rest, part = parts
        spec = next(p for p in rest if isinstance(p, dict))
        if "name_contains" in spec:
            raise Unsupported("two name parts in one description")
        spec = self._part_spec(spec, part)
        return self.group_subject(*(spec if isinstance(p, dict) else p for p in rest))

    def loc_front(self):
        return ("front",)

    def loc_part(self, part):
        return ("part", part)

    def loc_markers(self):
        return ("markers",)

    def spec_level_own(self, spec, plus=None):
        # "<spec> with level equal to or lower than your level (+1)": the Standby-style bound (ch_zone_lv; session 32:
        # "with a level equal to or less than your level +1", an offset to the master's level)
        if "level_min" in spec or "level_max" in spec or "level_eq" in spec or spec.get("level_max_x"):
            raise Unsupported("two level bounds")
        return dict(spec, level_max=_level_offset(plus), level_max_rel=True)

    def put_all_opp_part(self, spec, part, dest):
        # "put all <spec> in your opponent's center stage into his or her waiting room": every one of them (SELECT_ALL),
        # each into its owner's zone
        op, owner = dest if isinstance(dest, tuple) else (dest, "own")
        if owner != "opponent":
            raise Unsupported("the opponent's characters into your own zone")
        g = self.s_opp_group(spec, part)
        return [{"op": "select_all", "filter": g[1]}, {"op": "@t", "who": "last"}, {"op": op, "@owner": owner}]

    def rest_group(self, g):
        # "[REST] all of your other [STAND] characters": every one of them (SELECT_ALL, then REST)
        return [{"op": "select_all", "filter": g[1]}, {"op": "@t", "who": "last"}, {"op": "rest"}]

    def stand_group(self, g):
        return [{"op": "select_all", "filter": g[1]}, {"op": "@t", "who": "last"}, {"op": "stand"}]

    def s_group(self, g):
        return g

    def s_opp_group(self, spec, *loc):
        if spec.get("type") != "character":
            raise Unsupported("a group of opponent's cards that are not characters")
        pos = [loc[0]] if loc else None
        return ("group", self.to_filter(spec, side="opponent", positions=pos))

    def stage_loc(self, *parts):
        part = parts[-1]
        if any(isinstance(p, Token) for p in parts):
            raise Unsupported("'in your opponent's ... stage' after 'your'")
        return part

    def subject(self, p):
        return p

    # ---------------------------------------------------------------- gains and durations
    def gains(self, *gs):
        out = [x for g in gs for x in (g[1] if g[0] == "@many" else [g])]
        traits = [g[1] for g in out if g[0] == "@trait"]
        if traits:
            # "gets (+N power and) <<T>>" (session 27, approximation trait_gain_unread): the engine gives no trait
            # (CR 2.5: a trait only matters to what names it); the line keeps its other gains, and the importer
            # refuses it where a filter of the list names the trait (result: the field gained_traits)
            self.approximate("trait_gain_unread")
            self._gained_traits = sorted(set(getattr(self, "_gained_traits", [])) | set(traits))
            out = [g for g in out if g[0] != "@trait"]
            if not out:
                # (session 33) a trait gained alone: a [CONT] ability's aura compiles to nothing (_aura, cont_line:
                # the line has no ability); an effect's gain stays unsupported (gets)
                return [("@trait_only", traits)]
            if any(g[0] not in ("power", "soul", "level", "power_x", "power_x_neg") for g in out):
                # (a granted ability takes one of the list's MAX_GRANTS bits, which an exact line may need)
                raise Unsupported("a trait gained beside an ability or a restriction")
        return out

    def g_trait(self, tok):
        return ("@trait", str(tok)[2:-2])

    def g_power(self, n):
        return ("power", int(n))

    def g_bare(self, n):
        # "this card gets +1000." (the database's line drops the word "power"): an amount in steps of 500 is a
        # power (soul and level change by 1 to 3 on the cards; CR 2.9 powers are multiples of 500)
        if int(n) % 500 != 0 or int(n) == 0:
            raise Unsupported("a gain without its characteristic")
        return ("power", int(n))

    def g_self_cannot(self, rs):
        # "... gets +1500 power, and this card cannot ...": a [CONT] ability's restriction on this card (_aura; an
        # effect's gains refuse it: "@" kinds are no instruction)
        return ("@self_restrict", rs)

    def g_soul(self, n):
        return ("soul", int(n))

    def g_level(self, n):
        return ("level", int(n))

    def g_power_x(self):
        return ("power_x", None)  # the amount: the "X is equal to" sentence (xdef)

    def g_power_x_neg(self):
        return ("power_x_neg", None)  # "-X power": the amount negated when resolved (resolve)

    def _granted(self, tok) -> tuple[str, dict]:
        """The quoted ability a gain grants ("gets the following ability. "[AUTO] ...""): the
        quoted line compiled for the same card; its approximations are the line's."""
        inner = _unnest(tok).strip()  # the quotes inside it given back (_mark_nested_quotes)
        inner = re.sub(r"\]\s*\.$", "]", inner)  # "[AUTO] Encore [...]." : the keyword ability, its full stop dropped
        if not inner.startswith("["):
            raise Unsupported("granting a quoted text that is not an ability")
        # the ability is the receiving character's ("this card" is that character), whoever grants it
        res = COMPILER.compile_line(inner, {"type": "character"})
        if res.compiled and not res.abilities and list(res.fields) == ["keywords"]:
            # "gets "[CONT] Great Performance"": the keyword itself, on whoever gets it (grant_keyword / aura_keyword;
            # the engine's rule reads the character's keyword bits, CR 10.6.2)
            return ("keyword", list(res.fields["keywords"]))
        if not res.compiled or len(res.abilities) != 1 or res.fields:
            raise Unsupported(f"a granted ability the compiler cannot compile ({res.reason or 'not one ability'})")
        traits = re.findall(r"《([^》]+)》|<<(.+?)>>", inner)
        traits = [a or b for a, b in traits]
        if traits and COMPILER.compile_line(inner, {"type": "character", "traits": traits}).abilities != res.abilities:
            # "if you have 2 or more <<T>> characters": the kernels count the others, one fewer when the card
            # is such a character itself (_count_cond), and the receiving character is not known here
            raise Unsupported("a granted ability counting characters the receiving one may be among")
        ab = res.abilities[0]
        if ab.get("kind") == "cont" and "condition" not in ab and "whose" not in ab and "keyword" not in ab and all(
                o["op"] == "aura_restrict" and o["filter"] == {"type": "character", "relation": "self"}
                for o in ab["effect"]):  # fmt: skip
            # "[CONT] This card cannot side attack": the restriction itself, on whoever gets it
            for name in res.approximations:
                self.approximate(name)
            return ("restrict", [r for o in ab["effect"] for r in o["restrictions"]])
        if ab.get("kind") == "cont" and ab.get("keyword") in (None, "assist") and "zone" not in ab \
                and self.card.get("type") != "character":
            # an event's (an option's) effect giving a character a [CONT] ability for a duration: the granted ability
            # row only (_cont_grant), compiled for any character
            grant = dict(ab, **({"@approx": list(res.approximations)} if res.approximations else {}))
            return ("selfcont", dict(grant, **{"@grant": grant, "@not_self": True}))
        if ab.get("kind") == "cont" and ab.get("keyword") in (None, "assist") and "zone" not in ab:
            # a [CONT] ability. A [CONT] ability of this card granting it to this card: cont_line writes it as
            # this card's own CONT ability under both conditions (_aura); compiled as this card's (its counts
            # know whether this card is one of the characters counted). Granted to other characters or by an
            # effect ("@grant"): a granted ability row of the receiving character's
            # (characteristics.apply_cont with the granted bits), as compiled for any character
            grant = dict(ab, **({"@approx": list(res.approximations)} if res.approximations else {}))
            res = COMPILER.compile_line(inner, self.card)
            if not res.compiled or len(res.abilities) != 1 or res.fields or res.abilities[0].get("kind") != "cont":
                raise Unsupported(f"a granted ability the compiler cannot compile ({res.reason or 'not one ability'})")
            ab = res.abilities[0]
            return ("selfcont", dict(ab, **({"@approx": list(res.approximations)} if res.approximations else {}),
                                     **{"@grant": grant}))
        if ab.get("kind") == "act" and self.card.get("type") != "character":
            # an event's (a climax's) effect giving a character an [ACT] ability until end of turn: only the granted
            # ability row (_act_grant), compiled for any character ("this card" is the receiving character)
            grant = dict(ab, **({"@approx": list(res.approximations)} if res.approximations else {}))
            return ("selfact", dict(grant, **{"@grant": grant, "@not_self": True}))
        if ab.get("kind") == "act" and self.card.get("type") == "character":
            # an [ACT] ability: only a [CONT] ability of this card may grant it to this card (_aura): this card's own
            # [ACT] ability usable while the granting condition holds (play.ability_usable_kind tests A_COND; once
            # played it resolves, CR 8.2); compiled as this card's
            # Given to other characters or by an effect ("@grant"): a granted ability row of the receiving character's
            # (play.ability_usable_kind offers it after the card's printed [ACT] abilities), as compiled for any character
            grant = dict(ab, **({"@approx": list(res.approximations)} if res.approximations else {}))
            res = COMPILER.compile_line(inner, self.card)
            if not res.compiled or len(res.abilities) != 1 or res.fields or res.abilities[0].get("kind") != "act":
                raise Unsupported(f"a granted ability the compiler cannot compile ({res.reason or 'not one ability'})")
            return ("selfact", dict(res.abilities[0], **({"@approx": list(res.approximations)} if res.approximations else {}),
                                    **{"@grant": grant}))
        if ab.get("kind") != "auto" or ab.get("trigger") not in _GRANTED_TRIGGERS:
            raise Unsupported("a granted ability other than an [AUTO] ability triggered on the stage")
        if ab.get("keyword") in ("memory", "experience") and "zone" not in ab:
            # "[AUTO] Memory When ..., if you have "X" in your memory, ...": the keyword has no meaning (CR 10.9.1 /
            # 10.10.1; the ability works on the stage, its condition reads the memory)
            ab = {k: v for k, v in ab.items() if k != "keyword"}
        # "this ability activates up to 1 time per turn": its use kept on the receiving card (GRANT_USE_BIT0)
        if ab.get("times_per_turn") or ab.get("keyword") not in (None, "encore") or ab.get("combo"):
            raise Unsupported("a granted ability with a limit of 2 or 3 uses, a keyword (but Encore) or a combo")
        for name in res.approximations:
            self.approximate(name)
        return ("grant", ab)

    def g_ability(self, tok):
        return self._granted(tok)

    def g_ability_dur(self, dur, tok):
        # "gets the following ability until end of turn. "[AUTO] ..."": the duration before the quote
        kind, v = self._granted(tok)
        if kind in ("restrict", "keyword"):
            return (kind, v, dur)
        if kind == "selfcont":
            return ("selfcont", v, dur)
        if kind == "selfact":
            return ("grant", dict(self._act_grant(v), **{"@dur": dur}))
        return ("grant", dict(v, **{"@dur": dur}))

    def g_abilities(self, n, *toks):
        # "gets the following N abilities. "A" "B"": each quoted ability granted as one would be
        if int(n) != len(toks):
            raise Unsupported("'the following N abilities' with another number of quoted abilities")
        return self.g_abilities_n(*toks)

    def g_abilities_n(self, *toks):
        if len(toks) < 2:
            raise Unsupported("'the following abilities' with one quoted ability")
        return ("@many", [self._granted(t) for t in toks])

    def g_abilities_dur(self, n, dur, *toks):
        if int(n) != len(toks):
            raise Unsupported("'the following N abilities' with another number of quoted abilities")
        return self.g_abilities_n_dur(dur, *toks)

    def g_abilities_n_dur(self, dur, *toks):
        return ("@many", [self.g_ability_dur(dur, t) for t in toks])

    def g_named_ability(self, tok):
        return self._granted(tok)

    def _xcount(self, other, spec, mult):
        if spec.get("type") != "character":
            raise Unsupported("X counted over cards that are not characters")
        return {"x": "count", "filter": self.to_filter(spec, relation="other" if other else None), "mult": mult}

    def x_count(self, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        return self._xcount(other, spec, int(parts[-1]))

    def x_count1(self, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        return self._xcount(other, spec, 1)

    def x_count_pre(self, mult, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        return self._xcount(other, spec, int(mult))

    def x_count_have_part_pre(self, mult, *parts):
        # 'X is equal to N multiplied by the number of (other) characters you have with "A" in its card name' (session
        # 32): x_count_have_part's count, N each
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = dict(next(p for p in parts if isinstance(p, dict)))
        tok = next(p for p in parts if isinstance(p, Token) and p.type == "NAME_PART")
        return self._xcount(other, self._part_spec(spec, tok), int(mult))

    def x_count_zone(self, spec, zone, mult=1):
        # "X is equal to the number of "Name" / <spec> in your waiting room (x N)": COUNT of a list zone of the
        # master's (a1), stored where the effect needs it (resolve: just before its first use)
        if zone in ("stock", "hand") and not set(spec) - {"type"} and spec.get("type") in (None, "card"):
            pass  # "the number of cards in your stock / hand" (session 22): a count of the hidden zone, public
        elif zone not in ("waiting_room", "memory", "level", "clock"):
            raise Unsupported("X counted in another zone")
        return {"x": "count", "filter": self.to_filter(dict(spec, zone=zone)), "mult": int(mult), "zone": zone}

    def x_count_have_part(self, *parts):
        # "X is equal to the number of (other) characters you have with "A" in its card name (x N)" (session 22)
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = dict(next(p for p in parts if isinstance(p, dict)))
        tok = next(p for p in parts if isinstance(p, Token) and p.type == "NAME_PART")
        spec = self._part_spec(spec, tok)
        mult = parts[-1]
        return self._xcount(other, spec, int(mult) if isinstance(mult, Token) and mult.type == "INT" else 1)

    def x_count_part(self, *parts):
        # "X is equal to the number of (other) <spec> characters (you have) in your back stage (x N)" (session 22)
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        part = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        mult = parts[-1]
        out = self._xcount(other, spec, int(mult) if isinstance(mult, Token) and mult.type == "INT" else 1)
        out["filter"]["positions"] = [part]
        return out

    def x_count_opp_part(self, part, *mult):
        # "X is equal to the number of characters in your opponent's back stage (x N)" (session 22)
        out = self.x_count_opp(int(mult[0]) if mult else 1)
        out["filter"]["positions"] = [part]
        return out

    def x_count_zone_pre(self, mult, spec, zone):
        # "X is equal to 1500 multiplied by the number of event cards in your waiting room" (session 22)
        return self.x_count_zone(spec, zone, mult)

    def x_count_opp1(self):
        return self.x_count_opp(1)

    def x_count_opp(self, mult):
        return {"x": "count", "filter": {"type": "character", "side": "opponent"}, "mult": int(mult)}

    def x_count_opp_q(self, quals, mult=1):
        # "X is equal to the number of your opponent's [REVERSE] characters (x N)"
        spec = self.charspec(quals, "character")
        return {"x": "count", "filter": self.to_filter(spec, side="opponent"), "mult": int(mult)}

    def x_among(self, spec, *mult):
        # "X is equal to the number of <<T>> characters among those cards (x N)": the cards just milled
        return {"x": "mill_count", "filter": self.to_filter(spec, zone="waiting_room"),
                "mult": int(mult[0]) if mult else 1}

    def x_among_pre(self, mult, spec):
        # "X is equal to 1000 multiplied by the number of <<T>> characters revealed among those cards" (session 27)
        return self.x_among(spec, mult)

    def wr_to_deck(self):
        return [{"op": "wr_to_deck"}]

    def _opp_choose(self, count, flt):
        # the master's opponent chooses (CR 8.6.3: "may" / "up to" may choose fewer), in a waiting room (public)
        mode, n = count
        if n == "x" or not 1 <= n <= 4:
            raise Unsupported("your opponent chooses a count other than 1-4")
        return [{"op": "opp_choose", "filter": flt, "count": n, **({"up_to": True} if mode == "upto" else {})}]

    def opp_choose_yours(self, count, spec, zone):
        # "your opponent may choose a character in your waiting room": the opponent, from the master's waiting room
        if zone != "waiting_room":
            raise Unsupported("your opponent chooses in another zone than a waiting room")
        return self._opp_choose(("upto", count[1]), self.to_filter(spec, zone=zone))

    def opp_choose_theirs(self, count, spec):
        # "your opponent chooses 1 climax in their waiting room"
        return self._opp_choose(count, self.to_filter(spec, zone="waiting_room", side="opponent"))

    def opp_choose_to_stage(self, count, spec):
        # "your opponent may choose a cost 0 or lower character in your opponent's waiting room, and put it on any
        # position of his or her stage": the opponent chooses, then places it and chooses the position (by_owner)
        return self._opp_choose(("upto", count[1]), self.to_filter(spec, zone="waiting_room", side="opponent")) \
            + self.opp_puts_to_stage(("that",))

    def opp_wr_to_deck_keep(self):
        # "(your opponent) returns all cards except that card from their waiting room to their deck": the chosen
        # cards stay (resolve: the register the opponent chose into)
        return [{"op": "@wr_keep"}]

    def opp_shuffle(self):
        return [{"op": "shuffle_deck", "who": "opponent"}]

    def each_wr_to_deck(self):
        # "each player returns all cards in the waiting room to his or her deck": both players' (the master's first;
        # neither move changes the other's)
        return [{"op": "wr_to_deck"}, {"op": "wr_to_deck", "who": "opponent"}]

    def each_shuffle(self):
        return [{"op": "shuffle_deck"}, {"op": "shuffle_deck", "who": "opponent"}]

    def x_mill_icons(self):
        return {"x": "mill_icons"}  # the trigger icons of the cards the effect put into the waiting room (CR 2.12)

    def x_mill_icons_dropped(self):
        # "the total number of [icon] in the trigger icons of those cards", the icon dropped: every icon counts
        self.approximate("trigger_icon_dropped_card")
        return {"x": "mill_icons"}

    def x_mill_level(self):
        return {"x": "mill_level"}  # the total level of the cards the effect put into the waiting room

    def x_card_level(self):
        return {"x": "card_level"}  # the level of the card revealed / put into the waiting room

    def x_that_soul(self):
        # (session 34, s34c) "deal X damage to your opponent. X is equal to that character's soul": REG_SOUL of the choice
        return {"x": "that_soul"}

    def x_chosen_level(self, tok):
        # "X is equal to the level of the character you chose -1" (session 27): REG_LEVEL of the choice's register
        return {"x": "chosen_level", "plus": int(str(tok))}

    def x_card_level_plus(self, tok):
        return {"x": "card_level", "plus": int(str(tok))}  # "X is equal to that card's level +1"

    def x_level(self, mult):
        return {"x": "level", "mult": int(mult)}

    def x_soul(self, mult):
        return {"x": "soul", "mult": int(mult)}

    def x_facing_level(self, mult):
        # "X is equal to 2000 multiplied by the level of the character facing this card" (CR 3.6.5; session 27)
        return {"x": "facing_level", "mult": int(mult)}

    def x_stage_colors(self, mult):
        # "X is equal to the total number of colors your characters on stage have x 500" (CR 2.4; session 27)
        return {"x": "stage_colors", "mult": int(mult)}

    def x_with_keyword(self, mult, tok):
        # "X is equal to 500 multiplied by the number of characters you have with "Assist"": your characters with the
        # keyword ability (CR 10.3; session 27)
        if card_name(tok).lower() != "assist":
            raise Unsupported("the number of characters with a named ability other than Assist")
        return {"x": "with_assist", "mult": int(mult)}

    def x_level_pre(self, mult):
        return {"x": "level", "mult": int(mult)}

    def xdef_sentence(self, xd):
        return [{"op": "@xdef", **xd}]

    def dur_eot(self):
        return "end_of_turn"

    def dur_next(self):
        return "next_opp_turn_end"

    def dur_next_turn(self):
        # "until the end of the next turn" (session 28): the opponent's next turn when the effect resolves in its
        # master's turn (_next_turn_in_own_turn: an [ACT] ability, an [AUTO] ability that triggers in its master's turn
        # only); elsewhere unresolved, which the card format refuses
        return "@next_turn"

    # ---------------------------------------------------------------- effects (clauses)
    # a clause is a list of ops; ("@t", who) marks "the target is <who>" for the ops after it
    def _on(self, who, *ops):
        if who[0] == "self" and ops and all(o["op"] in _EVENT_SELF_MOVES for o in ops):
            # "put this card into your clock / at the bottom of your deck" on an event (session 29): the event card,
            # in the resolution zone (CR 6.5.1.2.2), moved instead of going to the waiting room (cards.py checks it)
            return [{"op": "@t", "who": "self", "move_only": True}, *ops]
        return [{"op": "@t", "who": who[0]}, *ops]

    def gets(self, subj, gains, dur=None):
        if any(g[0] == "@trait_only" for g in gains):
            raise Unsupported("a trait gained alone (the engine gives no trait)")
        inner = [g[2] for g in gains if len(g) == 3]
        gains = [g[:2] for g in gains]
        inner += [v.pop("@dur") for k, v in gains if k == "grant" and "@dur" in v]
        if inner:
            # "gets the following abilities until end of turn. "A" "B"": each quoted ability carries the one duration
            if dur is not None or len(set(inner)) > 1:
                raise Unsupported("two durations in one gain")
            dur = inner[0]
        if dur is None and gains and all(k in ("power", "soul", "level") for k, _ in gains) \
                and self.card.get("type") in ("character", "event") and not getattr(self, "_has_duration", True):
            # "that character gets +1000 power." in an [AUTO] / [ACT] ability or an event (session 32): no duration,
            # which CR 8.2.1.2 reads "during this game" (while the card stays where it is, CR 3.1.4); the engine
            # keeps it until end of turn (approximation gain_no_duration_turn)
            self.approximate("gain_no_duration_turn")
            dur = "end_of_turn"
        if dur is None:
            raise Unsupported("a gain without a duration outside a [CONT] ability")
        ops = []
        locks = []
        if gains and gains[-1][0] == "@player_lock":  # "..., and your opponent cannot use "X"" (g_opp_no_use)
            side, tok = gains.pop()[1]
            # (session 33) "..., and your opponent cannot play events from hand" (g_opp_no_play)
            locks = self._player_no_play(tok, dur, "opponent") if side == "opponent_play" \
                else self._player_no_encore(tok, dur, side)
        if any(k == "@player_lock" for k, _ in gains) or not gains:
            raise Unsupported("a player's lock that is not the last of the gains")
        for k, v in gains:
            if k == "selfact":
                k, v = "grant", self._act_grant(v)
            if k == "selfcont":
                # a granted [CONT] ability (characteristics.apply_cont with the granted bits) for the duration
                k, v = "grant", self._cont_grant(v)
            if k == "restrict":
                ops.append({"op": "restrict", "restrictions": v, **({"duration": dur} if dur != "end_of_turn" else {})})
                continue
            if k == "keyword":  # a granted keyword (Great Performance): its bit in KWMOD / KWMOD_LONG
                ops.append({"op": "grant_keyword", "keywords": v, **({"duration": dur} if dur != "end_of_turn" else {})})
                continue
            if k == "grant":
                # CR 8.2.1.2: until the end of the opponent's next turn, the receiving card's KWMOD_LONG
                ops.append({"op": "grant_ability", "ability": v, **({"duration": dur} if dur != "end_of_turn" else {})})
                continue
            if k in ("power_x", "power_x_neg"):
                ops.append({"op": "power_x", "amount": None, **({"duration": dur} if dur != "end_of_turn" else {}),
                            **({"@neg": True} if k == "power_x_neg" else {})})
                continue
            if k == "soul" and dur != "end_of_turn" and subj == ("self",) and v > 0:
                # "this card gets +1 soul until the end of your opponent's next turn" (session 24, s24-wsb): until the
                # end of this turn (approximation soul_long_this_turn: no state word keeps a soul modifier longer)
                self.approximate("soul_long_this_turn")
                ops.append({"op": k, "amount": v})
                continue
            # "+1 level until the end of your opponent's next turn" (session 32): the level's long word (LMOD_LONG,
            # CR 8.2.1.2), as power's
            if k == "soul" and dur != "end_of_turn":
                raise Unsupported(f"+{k} until the end of the opponent's next turn")
            ops.append({"op": k, "amount": v, "duration": dur} if dur != "end_of_turn" else {"op": k, "amount": v})
        if subj[0] == "group":
            return [{"op": "select_all", "filter": subj[1]}, {"op": "@t", "who": "last"}, *ops] + locks
        return self._on(subj, *ops) + locks

    def g_opp_no_use(self, tok):
        return ("@player_lock", ("opponent", tok))

    def g_you_no_use(self, tok):
        return ("@player_lock", ("own", tok))

    def gets_pre(self, dur, subj, gains):
        # "until end of turn, this card gets +1500 power and the following ability. "...""
        return self.gets(subj, gains, dur)

    def may(self, ops):
        return [{"op": "may", "then": ops}]

    def choose(self, count, what):
        mode, n = count
        op = {"op": "choose", "filter": what, "count": n}
        if mode == "upto":
            op["up_to"] = True
        return [op]

    def choose_self_and(self, count, what):
        # "choose this card and 1 of your other <<T>> characters, and those characters get ...": this
        # card in one register, the chosen in another, the gains on both (resolve)
        if what.get("side") == "opponent":
            raise Unsupported("'choose this card and' a card that may be this card")
        if "zone" in what:
            # "choose this card and 1 character in your waiting room, and exchange them" (this card in the clock or the
            # level): the two exchange zones (Op.EXCHANGE; resolve: only before "exchange them")
            if what["zone"] not in ("waiting_room", "hand"):
                raise Unsupported("'choose this card and' a card of a zone this card may be in")
            return [{"op": "@self_and", "choose": self.choose(count, what)[0], "@zone": True}]
        if what.get("relation") != "other":
            # "choose this card and 1 of your <<T>> characters, and exchange them": another one (resolve: only
            # before "exchange them", where the two are two characters)
            return [{"op": "@self_and", "choose": self.choose(count, what)[0], "@may_self": True}]
        return [{"op": "@self_and", "choose": self.choose(count, what)[0]}]

    def choose_and_self(self, count, what, _tok):
        # "choose 1 of your <<T>> characters and this card": as "choose this card and 1 of your <<T>> characters"
        return self.choose_self_and(count, what)

    def ch_own_stage(self, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = _as_char(next(p for p in parts if isinstance(p, dict)))
        loc = [p for p in parts if isinstance(p, (str, tuple)) and not isinstance(p, Token)]
        extra: dict[str, Any] = {"relation": "other" if other else None}
        if loc:
            if loc[0] == ("front",):
                extra["relation"] = "in_front"
            else:
                extra["positions"] = [loc[0]]
        if spec.get("type") != "character":
            raise Unsupported("choosing your stage cards that are not characters")
        return self.to_filter(spec, **extra)

    def choose_another(self, spec):
        # "choose another of your characters": one of your other characters
        return self.choose(("exactly", 1), self.ch_own_stage(Token("OTHER", "other"), spec))

    def choose_another_any(self, spec):
        # "choose another character": one character of either player's stage, not this card
        return self.choose_other_any(("exactly", 1), spec)

    def choose_other_any(self, count, spec):
        # "choose 1 other character": either player's character other than this card (side any, relation other)
        spec = _as_char(spec)
        if spec.get("type") != "character" or "zone" in spec:
            raise Unsupported("choosing other cards that are not characters")
        return self.choose(count, self.to_filter(spec, side="any", relation="other"))

    def choose_another_and_self(self, spec, *_tok):
        # "choose another of your <<T>> characters and this card, and those characters get ...": as "choose
        # this card and 1 of your other <<T>> characters"
        return self.choose_self_and(("exactly", 1), self.ch_own_stage(Token("OTHER", "other"), spec))

    def stage_loc_own(self, part):
        return part

    def front(self):
        return ("front",)

    def ch_opp_stage(self, spec):
        if spec.get("type") != "character":
            raise Unsupported("choosing opponent's stage cards that are not characters")
        return self.to_filter(spec, side="opponent")

    def ch_opp_stage_above(self, spec):
        return dict(self.ch_opp_stage(spec), level_above_opp=True)

    def ch_opp_stage_part(self, spec, part):
        if spec.get("type") != "character":
            raise Unsupported("choosing opponent's stage cards that are not characters")
        return self.to_filter(spec, side="opponent", positions=[part])

    def ch_opp_part(self, spec, part):
        return self.to_filter(dict(spec, type="character"), side="opponent", positions=[part])

    def ch_opp_part_above(self, spec, part):
        # "choose 1 character in your opponent's back stage with level higher than your opponent's level" (either
        # order; session 24): the position and the level bound of ch_opp_stage_above
        return dict(self.ch_opp_part(spec, part), level_above_opp=True)

    def ch_facing(self, spec):
        # "choose 1 (level 3 or lower) character facing this card" (CR 3.6.5: the opponent's character in front)
        spec = _as_char(spec)
        if spec.get("type") != "character":
            raise Unsupported("choosing a card facing this card that is not a character")
        return self.to_filter(spec, side="opponent", relation="facing")

    def ch_zone(self, spec, zone):
        if zone == "stage":
            raise Unsupported("stage")
        return self.to_filter(spec, zone=zone)

    def ch_zone_part(self, spec, zone, part):
        # "choose 1 character in your waiting room with "X" in its card name"
        return self._part_spec(self.ch_zone(spec, zone), part)

    def ch_zone_lv(self, spec, zone, plus=None):
        # "with level equal to or lower than your level (+1)": the Standby-style bound (level_max_rel,
        # an offset of 0 (+1, session 32) to the master's level)
        if "level_min" in spec or "level_max" in spec or "level_eq" in spec:
            raise Unsupported("two level bounds")
        return dict(self.ch_zone(spec, zone), level_max=_level_offset(plus), level_max_rel=True)

    def ch_zone_lv_in(self, spec, plus, zone=None):
        # "<spec> with a level equal to or less than your level (+1) in your <zone>" (the offset optional)
        if zone is None:
            plus, zone = None, plus
        return self.ch_zone_lv(spec, zone, plus)

    def ch_opp_zone(self, spec, zone):
        return self.to_filter(spec, zone=zone, side="opponent")

    def ch_in_battle(self, *parts):
        if not getattr(self, "_backup", False) and not getattr(self, "_defending", False):
            raise Unsupported("'your character in battle' (attacking or defending, whichever it is)")
        # Backup is used in the counter step of the opponent's attack (CR 10.5.2): the defender
        spec = parts[0] if parts and isinstance(parts[0], dict) else {"type": "character"}
        return self.to_filter(spec, relation="defending")

    ch_in_battle_plain = ch_in_battle

    def ch_any_in_battle(self, spec):
        # "choose 1 character in battle": the attacking or the defending character, either player's (CR 7.2.1.5.1)
        if spec.get("type") != "character" or "zone" in spec:
            raise Unsupported("cards in battle that are not characters")
        return self.to_filter(spec, side="any", relation="in_battle")

    def z_wr(self):
        return "waiting_room"

    def z_hand(self):
        return "hand"

    def z_clock(self):
        return "clock"

    def z_stock(self):
        return "stock"

    def z_memory(self):
        return "memory"

    def z_level(self):
        return "level"

    def z_climax(self):
        return "climax_area"

    def draw(self, count):
        mode, n = count
        op: dict[str, Any] = {"op": "draw", "count": n}
        if mode == "upto":
            op["up_to"] = True
        return [op]

    # "your opponent may draw N card(s) / put the top N cards of their stock into their waiting room" (session 22):
    # the may asked of the opponent (CHOOSE_OPTIONAL a1 = 1, CR 8.6.3), the action theirs
    def opp_may(self, ops):
        return [{"op": "may", "who": "opponent", "then": ops}]

    def oa_draw(self, count):
        mode, n = count
        if mode == "upto":
            raise Unsupported("'your opponent may draw up to N cards'")
        return [{"op": "draw", "count": n, "who": "opponent"}]

    def oa_stock_wr(self, n):
        return [{"op": "stock_top_to_wr", "count": int(n), "who": "opponent"}]

    def oa_stock_wr1(self):
        return self.oa_stock_wr(1)

    def opp_discard(self, count):
        # "your opponent chooses N cards in their hand, and puts them into their waiting room" (DISCARD: the
        # discarding player chooses, effects.ask_discard)
        mode, n = count
        if mode == "upto":
            raise Unsupported("'your opponent chooses up to N cards in their hand'")
        return [{"op": "discard", "count": n, "who": "opponent"}]

    def draw_upto(self, n):
        return [{"op": "draw", "count": n, "up_to": True}]

    def to_hand(self, who):
        return self._on(who, {"op": "to_hand"})

    def put_into(self, who, dest):
        # the moves put a card into its owner's zone: "your X" is right for your own cards,
        # "your opponent's X" for the opponent's (checked against the target in resolve)
        op, owner = dest if isinstance(dest, tuple) else (dest, "own")
        return self._on(who, {"op": op, "@owner": owner})

    def put_into_ordered(self, who, dest):
        # "put them into your stock / clock in any order": the chosen cards are moved in the order the player
        # chose them (each on top of the last), so the player decides the order
        if who != ("that",):
            raise Unsupported("'in any order' for something other than the chosen cards")
        return self.put_into(who, dest)

    def d_opp_clock(self):
        return ("to_clock", "opponent")

    def d_opp_wr(self):
        return ("to_waiting_room", "opponent")

    def d_opp_stock(self):
        return ("to_stock", "opponent")

    def d_opp_memory(self):
        return ("to_memory", "opponent")

    def d_stock(self):
        return "to_stock"

    def d_wr(self):
        return "to_waiting_room"

    def d_clock(self):
        return "to_clock"

    def d_hand(self):
        return "to_hand"

    def d_memory(self):
        return "to_memory"

    def deck_own(self):
        return "own"

    def deck_opp(self):
        return "owner"

    def to_deck_bottom(self, who, deck):
        return self._on(who, {"op": "to_deck_bottom"})

    def to_deck_bottom_ordered(self, who, deck):
        # (session 34, s34c) "put them at the bottom of your deck in any order": TO_DECK_BOTTOM puts the register's cards
        # at the bottom one at a time in the order chosen (each under the last): the master makes the order
        if who != ("that",):
            raise Unsupported("'in any order' for something other than the chosen cards")
        return self.to_deck_bottom(who, deck)

    def to_deck_top(self, who, deck):
        return self._on(who, {"op": "to_deck_top"})

    def to_deck_top_ordered(self, who, deck):
        # (session 34, s34c) "put them on the top of their deck in any order" (CR 3.2.2): TO_DECK_TOP puts the register's
        # cards on top one at a time in the order they were chosen (the master chooses them one at a time), so the
        # master makes the order, as put_into_ordered's
        if who != ("that",):
            raise Unsupported("'in any order' for something other than the chosen cards")
        return self.to_deck_top(who, deck)

    def to_deck_opp_shuffled(self, who):
        # "return them to their deck, and your opponent shuffles their deck": where in the deck does not matter once
        # it is shuffled (CR 3.3: the deck is hidden, in a random order): the top, then the shuffle
        return self._on(who, {"op": "to_deck_top"}) + [{"op": "shuffle_deck", "who": "opponent"}]

    def to_deck_own_shuffled(self, who):
        return self._on(who, {"op": "to_deck_top"}) + [{"op": "shuffle_deck"}]

    def heal(self):
        return [{"op": "heal", "count": 1}]

    def heal_upto(self, n):
        # "put up to 1 card from the top of your clock into your waiting room": the player may put none
        if int(n) != 1:
            raise Unsupported("'up to N cards from the top of your clock' (N > 1)")
        return [{"op": "may", "then": [{"op": "heal", "count": 1}], "closed": True}]  # the rest is not in the may

    def heal_opp(self):
        return [{"op": "heal", "count": 1, "who": "opponent"}]

    def heal_stock(self):
        return [{"op": "heal", "count": 1, "to": "stock"}]

    # (session 29, s29-wsauto) the clock's bottom card: the one put there first (CR 3.8.2: each card goes on top of
    # those already there, and their order is kept); the top card into the hand
    def heal_bottom(self):
        return [{"op": "heal", "count": 1, "bottom": True}]

    def heal_bottom_stock(self):
        return [{"op": "heal", "count": 1, "to": "stock", "bottom": True}]

    def heal_hand(self):
        return [{"op": "heal", "count": 1, "to": "hand"}]

    def pile_stock(self):
        return "stock"

    def pile_wr(self):
        return "waiting_room"

    def pile_clock(self):
        return "clock"

    def top_deck(self, pile):
        return [{"op": _PILE_OP[pile], "count": 1}]

    def top_deck_upto(self, n, pile):
        # "put up to 1 card from the top of your deck into your stock": the player may (CR 8.3: "up to"
        # allows 0); more than one would be a count the player picks card by card
        # N > 1: one card at a time, each a "may" (the cards go face down or face up the same; stopping after k cards
        # is putting k, CR 8.3)
        if not 1 <= n <= 4:
            raise Unsupported("'put up to N cards from the top of your deck' (N > 4)")
        return [{"op": "may", "then": [{"op": _PILE_OP[pile], "count": 1}], "closed": True} for _ in range(n)]

    def top_deck_n(self, n, pile):
        return [{"op": _PILE_OP[pile], "count": n}]

    def top_deck_n_pre(self, n, pile):
        # "put N cards from the top of your deck into your X": the top N cards (not "up to")
        return [{"op": _PILE_OP[pile], "count": n}]

    def mill_x(self):
        return [{"op": "mill", "count": "x"}]  # X: the "X is equal to" sentence (effects)

    def mill_own_n(self, n):
        return self.top_deck_n(n, "waiting_room")

    def mill_either(self, n):
        # "put the top N cards of your deck or your opponent's deck into the waiting room" (session 29): the master
        # chooses the deck (choose_one), each player's cards into their own waiting room (CR 3.1.5)
        return [{"op": "choose_one", "options": [self.top_deck_n(n, "waiting_room"), self.mill_opp(n)]}]

    def mill_opp(self, n):
        # "put the top N cards of your opponent's deck into their waiting room" (MILL, a1 = the opponent); "your
        # opponent puts the top N cards of their deck into their waiting room" (the opponent performs it: no choice)
        return [{"op": "mill", "count": n, "who": "opponent"}]

    def opp_clock_top(self):
        # "your opponent puts the top card of their deck into their clock" (session 22): CLOCK_TOP on the opponent (no
        # choice; not damage, CR 4.11)
        return [{"op": "clock_top", "count": 1, "who": "opponent"}]

    def mill_opp1(self):
        return self.mill_opp(1)

    def mill_opp_x(self):
        return [{"op": "mill", "count": "x", "who": "opponent"}]

    # "put the bottom N (X) cards of your (opponent's) deck into ... waiting room" (MILL / MILL_COUNT bottom): the
    # deck's bottom cards, one at a time (a refresh when it empties, CR 9.2.1)
    def mill_bottom_opp(self, n):
        return [{"op": "mill", "count": n, "who": "opponent", "bottom": True}]

    def mill_bottom_opp1(self):
        return self.mill_bottom_opp(1)

    def mill_bottom_opp_x(self):
        return self.mill_bottom_opp("x")

    def mill_bottom(self, n):
        return [{"op": "mill", "count": n, "bottom": True}]

    def damage(self, n):
        return [{"op": "damage", "amount": n}]

    def damage_same(self):
        # "(when damage dealt by this card is canceled / the damage you received is not canceled,) deal the same damage
        # to your opponent": the triggering damage's amount (Op.TRIGGER_DAMAGE; auto_line: only on those triggers)
        return [{"op": "trigger_damage"}, {"op": "damage", "amount": "x"}]

    def damage_x(self):
        return [{"op": "damage", "amount": None}]  # the amount: the "X is equal to" sentence (effects)

    def rest(self, who):
        return self._on(who, {"op": "rest"})

    def damage_self(self, n):
        # "deal 1 damage to yourself" (session 22): the damage process of CR 4.11 on the master
        return [{"op": "damage", "amount": n, "who": "master"}]

    def stand(self, who):
        return self._on(who, {"op": "stand"})

    def reverse(self, who):
        return self._on(who, {"op": "reverse"})

    def search_exchange_hand(self, n, spec, _who, count, spec2, _who2):
        # "search your deck for up to 1 climax, reveal it to your opponent, choose up to 1 climax from your hand, reveal it
        # to your opponent, exchange them(, and shuffle your deck)" (session 29): SEARCH keeping the card found in the
        # deck, the hand card chosen, EXCHANGE (each into the other's zone; nothing when either is missing, CR 1.3.3);
        # the hand card is not shown (approximation chosen_reveal_unseen)
        if int(n) != 1 or count not in (("one",), ("exactly", 1), ("upto", 1)):
            raise Unsupported("'exchange them' of more than 1 card each")
        self.approximate("chosen_reveal_unseen")
        first = {"op": "search", "filter": self.to_filter(spec, zone="deck"), "count": 1, "keep": True}
        second = {"op": "choose", "filter": self.to_filter(spec2, zone="hand"), "count": 1,
                  **({"up_to": True} if count[0] == "upto" else {})}
        return [{"op": "@exchange_pair", "first": first, "second": second}]

    def search(self, n, spec, *_):
        if n > 4:
            raise Unsupported("a search for more than 4 cards")
        return [{"op": "search", "filter": self.to_filter(spec, zone="deck"), "count": n}]

    def search_stage(self, n, spec, who, rest=False):
        # "search your deck for up to N <spec>, put it in any position of your stage" (CR 3.2.4): SEARCH keeping the
        # cards found in a register (SEARCH_KEEP), TO_STAGE of that register; the text's "and shuffle your deck"
        # follows as its own instruction
        if n > 1:
            raise Unsupported("a search for more than 1 card put on the stage")
        if who != ("that",):
            raise Unsupported("putting something other than the card found on the stage")
        spec = dict(spec, type=spec.get("type", "character"))
        if spec["type"] != "character":
            raise Unsupported("putting a card that is not a character on the stage")
        put = {"op": "to_stage", "any_position": True}
        if rest:
            put["orientation"] = "rest"
        return [{"op": "search", "filter": self.to_filter(spec, zone="deck"), "count": n, "keep": True}, put]

    def search_marker(self, n, spec, who, face):
        # (session 34, s34c) "search your deck for up to 1 "X", put it face up underneath this card as a marker, and
        # shuffle your deck" (CR 3.2.4, 3.7.2): SEARCH keeping the card found (SEARCH_KEEP), TO_MARKER of that register
        # (the card from the deck under this card, on the stage); "and shuffle your deck" its own instruction after
        if n > 1 or who != ("that",):
            raise Unsupported("a search for more than 1 card put underneath this card")
        return [{"op": "search", "filter": self.to_filter(spec, zone="deck"), "count": n, "keep": True},
                {"op": "to_marker", **({"face_up": True} if face else {})}]

    def search_stage_rest(self, n, spec, who):
        return self.search_stage(n, spec, who, rest=True)

    def search_stage_separate(self, n, spec, who):
        # "search your deck for up to N <spec>, put them on separate positions of your stage" (session 24): SEARCH
        # keeping up to N cards (N <= 4, as search), each put on a position none of them holds yet (TO_STAGE_SEPARATE)
        if n > 4:
            raise Unsupported("a search for more than 4 cards")
        ops = self.search_stage(1, spec, who)
        ops[0]["count"] = n
        ops[1]["separate"] = True
        return ops

    def to_stage_separate(self, who):
        # "choose up to N <spec> in your waiting room, and put them on separate positions of your stage": each on a
        # position none of them holds yet (any position: a character there goes to the waiting room, CR 9.6)
        return self._on(who, {"op": "to_stage", "any_position": True, "separate": True})

    def reveal(self, *_):
        return None

    def look_n(self, n):
        return n

    def look_x(self):
        return "x"  # "look at up to X cards": the count of the "X is equal to" sentence (effects)

    def _look(self, n, take, spec, rest="top", up_to=True):
        # "look at up to N cards from the top of your deck" (CR 3.2.3 / 3.2.3.1): LOOK_TOP up_to, the master
        # looks one card at a time and may stop before each; what follows is about the cards looked at
        if n == "x":
            if take != 1:
                raise Unsupported("looking at X cards and taking more than 1")
        elif n > 16 or take > n:
            raise Unsupported("looking at more than 16 cards")
        if not up_to:
            raise Unsupported("looking at exactly N cards")
        if rest == "top":
            self.approximate("look_order_kept")
        op: dict[str, Any] = {"op": "look_top", "count": n, "take": take}
        if up_to:
            op["up_to"] = True
        if rest != "top":
            op["rest"] = rest
        if spec:
            op["filter"] = self.to_filter(spec, zone="deck")
        return op

    def reveal_chosen(self, who):
        # "choose up to 1 <spec> in your hand, reveal it to your opponent, and put it face down underneath this card as a
        # marker": the engine shows the chosen card to nobody (approximation chosen_reveal_unseen)
        if who != ("that",):
            raise Unsupported("revealing something other than the chosen card")
        self.approximate("chosen_reveal_unseen")
        return []

    def reveal_opp_take(self, n, take, spec):
        # "reveal the top N cards of your deck, your opponent chooses 1 <spec> from among them, (you) put(s) it into your
        # hand, and put(s) the rest into your waiting room" (session 29): LOOK_TOP of exactly N cards, all revealed, the
        # opponent choosing as many as possible (CR 8.6.3) up to 1
        n, take = int(n), int(take)
        if not 1 <= take <= n <= K.REVEAL_ROWS:
            raise Unsupported(f"revealing more than {K.REVEAL_ROWS} cards for the opponent to choose from")
        op = {"op": "look_top", "count": n, "take": take, "rest": "waiting_room", "must_take": True,
              "opp_chooses": True}
        if spec:
            op["filter"] = self.to_filter(spec, zone="deck")
        return [op]

    def look_top_take_rest_wr(self, n, take, spec, *_):
        # "look at the top card of your deck, choose up to 1 <spec> from among them, put it into your hand, put the
        # rest into your waiting room": LOOK_TOP of exactly that card (no up_to: CR 3.2.3, the master looks at it)
        if not 1 <= n <= 16 or take > n:
            raise Unsupported("looking at more than 16 cards")
        op = dict(self._look(n, take, spec, rest="waiting_room"))
        op.pop("up_to")
        return [op]

    def look_take_rest_top(self, n, take, spec, *_):
        return [self._look(n, take, spec)]

    def revealed_take(self, take, spec, *_):
        return (int(take), spec)

    def reveal_upto(self, n, at_least, taken, *rest):
        # "you may reveal up to N cards from the top of your deck. If you reveal(ed) 1 or more cards, choose
        # up to M <spec> from among them, put it into your hand, put the rest into your waiting room(, X)":
        # a LOOK_TOP of up to N (CR 3.2.3.1: one card at a time, the master may stop before each, even the
        # first: the "you may") revealing each card (both observations) and storing their number, taking up
        # to M, the rest into the waiting room; X only when 1 or more cards were revealed (IF_STORED)
        if int(at_least) != 1:
            raise Unsupported("'if you reveal N or more cards' (N > 1)")
        if int(n) > K.REVEAL_ROWS:
            raise Unsupported(f"revealing up to more than {K.REVEAL_ROWS} cards")
        take, spec = taken
        body = [dict(self._look(int(n), take, spec, rest="waiting_room"), reveal=True)]
        after = [op for ops in rest for op in ops]
        if after:
            body.append({"op": "if_stored", "at_least": 1, "then": after})
        return body

    def look_take_rest_wr(self, n, take, spec, *_):
        return [self._look(n, take, spec, rest="waiting_room")]

    def look_take_stage_rest_wr(self, n, take, spec, *rest, exact=False):
        # (session 34, s34c) "look at up to N cards from the top of your deck, choose up to 1 <spec> from among them, put
        # it in any position of your (back) stage, and put the rest into your waiting room" (CR 3.2.3): LOOK_TOP taking
        # the card onto the deck's top (LOOK_TAKE_TOP), the rest into the waiting room, the number taken stored; if one
        # was taken, the deck's top card (that card; reveal_top: it goes onto the stage, public) on any position of the
        # stage (a character there goes to the waiting room, as "put it on any position of your stage")
        if n == "x" or int(take) != 1:
            raise Unsupported("looking at X cards, or taking more than 1, onto the stage")
        part = next((r for r in rest if r in ("center", "back")), None)
        op = self._look(n, take, spec, rest="waiting_room")
        op.update(to="deck_top", store_taken=True)
        if exact:  # "look at the top N cards" (no up_to: the master looks at them all)
            op.pop("up_to")
        stage = {"op": "to_stage", "any_position": True, **({"positions": [part]} if part else {})}
        return [op, {"op": "if_stored", "then": [{"op": "reveal_top"}, stage]}]

    def look_top_take_stage_rest_wr(self, n, take, spec, *rest):
        if not 1 <= int(n) <= 16 or int(take) > int(n):
            raise Unsupported("looking at more than 16 cards")
        return self.look_take_stage_rest_wr(int(n), take, spec, *rest, exact=True)

    def look_take_stock_rest_wr(self, n, take, spec, *_):
        # (session 34, s34c) "look at up to N cards from the top of your deck, choose up to M <spec> from among them,
        # (reveal them to your opponent,) put them into your stock in any order, and put the rest into your waiting room"
        # (CR 3.2.2): LOOK_TOP taking the cards onto the top of the deck in the order taken (LOOK_TAKE_TOP), the rest
        # into the waiting room, their number stored (LOOK_STORE_TAKEN); then the top X cards into the stock (POOL x),
        # one at a time: the stock's order is the reverse of the order taken, which the master chooses. The reveal shows
        # nothing more, as the look into the hand's (look_take_rest_wr)
        if n == "x":
            raise Unsupported("looking at X cards into the stock")
        op = self._look(n, take, spec, rest="waiting_room")
        op.update(to="deck_top", store_taken=True)
        return [op, {"op": "pool", "count": "x"}]

    def look_take_rest_stock(self, n, take, spec, *_):
        # "..., put it into your hand, and put the rest into your stock (in any order)" (session 32): LOOK_REST_STOCK,
        # the rest into the stock from the top card down (approximation look_rest_stock_order: not in an order the
        # master chooses)
        self.approximate("look_rest_stock_order")
        return [self._look(n, take, spec, rest="stock")]

    def look_take_exact_rest_top(self, n, take, spec, *_):
        # "choose 1 card from among them, put it into your hand, and put the rest on the top of your deck in any
        # order" (CR 8.6.3.1: as many as possible up to N): LOOK_TOP must_take
        return [dict(op, must_take=True) for op in self.look_take_rest_top(n, take, spec)]

    def look_take_exact_rest_wr(self, n, take, spec, *_):
        # "choose N cards from among them" (CR 8.6.3.1: as many as possible up to N): LOOK_TOP must_take
        return [dict(self._look(n, take, spec, rest="waiting_room"), must_take=True)]

    def look_take_exact_top_rest_wr(self, n, take, spec, *_):
        return [dict(op, must_take=True) for op in self.look_take_top_rest_wr(n, take, spec)]

    def look_take_top_rest_wr(self, n, take, spec, *_):
        # "look at up to N cards ..., choose 1 card from among them, put it on the top of your deck, and put
        # the rest into your waiting room": LOOK_TOP taking to the top (LOOK_TAKE_TOP), the rest under it
        # milled (effects: in the text's order)
        if n == "x" or take > 8:
            raise Unsupported("putting X or more than 8 cards back on top")
        op = self._look(n, take, spec, rest="waiting_room")
        op["to"] = "deck_top"
        return [op]

    def look_reorder(self, n):
        # "look at up to N cards from the top of your deck, and put them on the top of your deck in
        # any order" (CR 3.2.2 lets an effect change the order): LOOK_TOP taking up to N of them, each
        # put on top in the order taken (LOOK_TAKE_TOP): every order can be made
        if n == "x" or n > 8:
            raise Unsupported("re-ordering X or more than 8 cards (a target register's size)")
        return [{"op": "look_top", "count": n, "take": n, "to": "deck_top", "up_to": True}]

    def _look_opp(self, n, take, to, rest):
        # "look at up to N cards from the top of your opponent's deck, choose up to M cards from among them, ..."
        # (CR 3.2.3 / 3.2.3.1): LOOK_TOP of the opponent's deck (LOOK_OPP_DECK); the cards taken go on its top
        # (each in the order taken: every order can be made), its owner's waiting room or its bottom
        if n == "x":
            raise Unsupported("looking at X cards of the opponent's deck")
        n, take = int(n), int(take)
        if n > 8 or take > n:
            raise Unsupported("looking at more than 8 cards of the opponent's deck")
        op = self._look(n, take, {}, rest=rest)
        op.update(to=to, who="opponent")
        return [op]

    def look_opp_top_rest_wr(self, n, take, *_):
        return self._look_opp(n, take, "deck_top", "waiting_room")

    def look_opp_wr_rest_top(self, n, take, *_):
        return self._look_opp(n, take, "waiting_room", "top")

    def look_wr_rest_top(self, n, take, spec, *_):
        # "..., choose up to M cards from among them, put them into your waiting room, and put the rest on the top of
        # your deck in any order" (session 32): LOOK_TOP taking into the waiting room (LOOK_TAKE_WR), the rest on top
        # (look_order_kept)
        op = self._look(n, take, spec)
        op["to"] = "waiting_room"
        return [op]

    def look_wr_exact_rest_top(self, n, take, spec, *_):
        # "choose M cards from among them" (CR 8.6.3.1: as many as possible up to M): LOOK_TOP must_take
        return [dict(op, must_take=True) for op in self.look_wr_rest_top(n, take, spec)]

    def look_opp_bottom_rest_top(self, n, take, *_):
        return self._look_opp(n, take, "deck_bottom", "top")

    def look_original(self, n, who="master"):
        # "look at up to N cards from the top of your (opponent's) deck, and put them on the top of your (their) deck
        # in the original order" (CR 3.2.3.1): a look that moves no card (LOOK_TOP taking none)
        if n == "x" or int(n) > 16:
            raise Unsupported("looking at X or more than 16 cards")
        op = {"op": "look_top", "count": int(n), "take": 0, "up_to": True}
        if who != "master":
            op["who"] = who
        return [op]

    def look_original_opp(self, n):
        return self.look_original(n, "opponent")

    def mill_compare_if(self, ops):
        # (session 34, s34c) "all players (each player puts) put the top card of their deck into their waiting room. If
        # the level of the card put into your waiting room by this effect is higher than your opponent's, X. (Climax are
        # regarded as level 0)": Op.MILL_COMPARE stores whether the master's card is the higher, X under if_stored
        return [{"op": "mill_compare"}, {"op": "if_stored", "then": ops}]

    def _declared(self, nums, text) -> list[dict]:
        # (session 34, s34c) "your opponent declares 0 or 1 or 2 or 3. <effect on the declared number>": the master's
        # opponent picks one of the numbers (choose_one asked of the opponent, OpChooseOne who: CHOOSE_OPTIONAL a1 = 1,
        # "this one?" of each but the last), and the option of that number performs the effect with it (the top card
        # is seen only after the declaration). A climax is level 0 (its printed level, C_LEVEL 0)
        nums = [int(n) for n in nums]
        if not 2 <= len(nums) <= 4 or len(set(nums)) != len(nums):
            raise Unsupported("a declaration of other than 2 to 4 numbers")
        return [{"op": "choose_one", "who": "opponent",
                 "options": [self._quoted_ops('"' + text(d) + '"', "as a declared number") for d in nums]}]

    def declare_reveal_stage(self, *nums):
        # "... reveal the top card of your deck, and if that card is a character of the level that your opponent
        # declared, put it on any position of your stage. (Otherwise, return it to its original place)"
        return self._declared(nums, lambda d: "reveal the top card of your deck . if that card is a level "
                              f"{d} character , put it on any position of your stage")

    def declare_mill_draw(self, *toks):
        # "... put the top card of your deck into your waiting room, and if that card's level is the number your
        # opponent declared, draw up to X cards. X is equal to the number your opponent declared +1"
        *nums, plus = toks
        return self._declared(nums, lambda d: "put the top card of your deck into your waiting room . if that card is "
                              f"level {d} , draw up to {d + int(plus)} cards")

    def cont_trigger_checks(self, n):
        # (session 34, s34c) "[CONT] During this card's attack, perform a trigger check N times on the trigger step"
        # (CR 7.3.1.2: one check): Op.AURA_TRIGGER_CHECKS, read when the attacker's trigger step begins
        # (characteristics.cont_trigger_checks)
        if int(n) not in (2, 3):
            raise Unsupported("a trigger check other than 2 or 3 times")
        return [{"op": "aura_trigger_checks", "count": int(n), "filter": {"type": "character", "relation": "self"}}]

    def look_reorder_opp(self, n):
        # (session 34, s34c) "look at up to N cards from the top of your opponent's deck, and put them on the top of their
        # deck in any order" (CR 3.2.2, 3.2.3.1): look_reorder's LOOK_TOP on the opponent's deck (LOOK_OPP_DECK); the
        # master takes each card looked at back onto its top in the order wanted, the cards not taken stay under them
        return [dict(op, who="opponent") for op in self.look_reorder(n)]

    def look1(self):
        return [{"op": "@look1"}]

    def look1_opp(self):
        return [{"op": "@look1", "who": "opponent"}]

    def look1_wr_opp(self, who):
        return [{"op": "@look1to", "to": "waiting_room", "who": "opponent"}]

    def look1_bottom_opp(self, who):
        return [{"op": "@look1to", "to": "deck_bottom", "who": "opponent"}]

    def look1_wr(self, who):
        return [{"op": "@look1to", "to": "waiting_room"}]

    def look1_bottom(self, who):
        return [{"op": "@look1to", "to": "deck_bottom"}]

    def look1_three(self, who):
        return [{"op": "@look1to", "to": "three"}]

    def reveal_top(self):
        return [{"op": "reveal_top"}]

    def that_a(self, spec):
        return self.to_filter(spec, zone="deck")

    def that_event_or(self, spec):
        # "if that card is an event or a <<T>> character": two filters (one filter has one card type)
        return {"@or": [{"type": "event", "zone": "deck"}, self.to_filter(spec, zone="deck")]}

    def that_name_or(self, name, spec):
        # "if that card is "X" or a character with "Y" in its card name": two filters (REVEAL_TOP filter_or)
        return {"@or": [{"name": card_name(name), "zone": "deck"}, self.to_filter(spec, zone="deck")]}

    def that_spec_or_name(self, spec, name):
        # "if that card is an <<T>> character or "X""
        return self.that_name_or(name, spec)

    def that_quals(self, quals):
        return self.to_filter(self.charspec(quals, "card"), zone="deck")

    def if_that_card(self, flt, ops):
        return [{"op": "@ifcard", "filter": flt, "then": ops}]

    def if_that_card_not(self, flt, ops):
        # "if that card is not a <<T>> character, ...": the revealed card counts (and is "it") when it does
        # not match (REVEAL_TOP a2)
        return [{"op": "@ifcard", "filter": flt, "negate": True, "then": ops}]

    def shuffle(self):
        return [{"op": "shuffle_deck"}]

    def move_part(self, who, part):
        # "move it to an open position of your back / center stage": the positions allowed (a2 mask)
        return self._on(who, {"op": "move_position", "positions": [part]})

    def move_part_facing(self, who, part, facing_whom):
        # "move this card to an open position of your center stage with a character facing this card"
        if part != "center" or facing_whom != who:
            raise Unsupported("a move to a position faced by a character, other than this card's own")
        return self._on(who, {"op": "move_position", "positions": ["center"], "facing": True})

    def move_middle(self, who):
        return self._on(who, {"op": "move_position", "positions": ["center_middle"]})

    def move_any(self, who):
        return self._on(who, {"op": "move_position"})

    def to_stage_rest(self, who):
        return self._on(who, {"op": "to_stage", "orientation": "rest", "any_position": True})

    def to_stage_rest_part(self, who, part):
        return self._on(who, {"op": "to_stage", "orientation": "rest", "any_position": True, "positions": [part]})

    def to_stage_part(self, who, part):
        return self._on(who, {"op": "to_stage", "any_position": True, "positions": [part]})

    def opp_stock_renew(self):
        return [{"op": "stock_renew", "who": "opponent"}]

    def opp_stock_renew_deck(self):
        return [{"op": "stock_renew", "who": "opponent", "via_deck": True}]

    def stock_bottom_opp(self):
        return [{"op": "stock_bottom_to_wr", "count": 1, "who": "opponent"}]

    def stock_top_own1(self):
        return [{"op": "stock_top_to_wr", "count": 1}]

    def stock_top_own(self, n):
        return [{"op": "stock_top_to_wr", "count": int(n)}]

    def stock_bottom_own1(self):
        return [{"op": "stock_bottom_to_wr", "count": 1}]

    def stock_top_opp(self):
        return [{"op": "stock_top_to_wr", "count": 1, "who": "opponent"}]

    def opp_puts_to_stage(self, who):
        # "choose up to 1 of your opponent's characters, put it into their memory, and your opponent puts
        # that character from their memory on any position of their stage": its owner places it and chooses
        # the position (TO_STAGE_BY_OWNER); a character there goes to the waiting room (CR 8.6.2.4.1)
        return self._on(who, {"op": "to_stage", "any_position": True, "by_owner": True})

    def opp_puts_separate(self, who):
        # "... and your opponent puts those characters from their memory on separate positions of their stage"
        # (session 24): its owner places each on a position of their stage none of them holds yet (TO_STAGE_SEPARATE)
        return self._on(who, {"op": "to_stage", "any_position": True, "by_owner": True, "separate": True})

    def to_stage(self, who):
        return self._on(who, {"op": "to_stage", "any_position": True})

    def to_stage_open(self, who):
        # "put this card in an open position of your stage": an empty position (TO_STAGE without any_position)
        return self._on(who, {"op": "to_stage"})

    def to_stage_open_part(self, who, part):
        return self._on(who, {"op": "to_stage", "positions": [part]})

    def to_stage_open_opp(self, who, part=None):
        # (session 33) "choose 1 cost 1 or higher character in your opponent's waiting room, and put it on an open
        # position of their back stage": the card goes onto its owner's stage, an empty position (of the part named);
        # the engine's TO_STAGE_BY_OWNER asks the owner for the position (approximation opp_stage_owner_picks: the
        # player of the effect would choose it)
        self.approximate("opp_stage_owner_picks")
        return self._on(who, {"op": "to_stage", "by_owner": True, **({"positions": [part]} if part else {})})

    def gets_two_durations(self, subj, gains, dur, dur2, tok):
        # "this card gets +1000 power until end of turn and the following ability until the end of your opponent's
        # next turn. "...": the gains for the first duration, the ability for the second
        return self.gets(subj, gains, dur) + self.gets(subj, [self.g_ability(tok)], dur2)

    def change_place(self, who, how=None):
        # "... as [REST]" (the orientation) / "as the defending character" (session 29, s29-wsauto: the card chosen
        # takes this card's place in the battle, Op.CHANGE's CHANGE_DEFENDER)
        if who != ("that",):
            raise Unsupported("putting something other than the chosen card on this card's position")
        return [{"op": "@change_place", **(how or {})}]

    def ca_rest(self):
        return {"orientation": "rest"}

    def ca_defender(self):
        return {"defender": True}

    def standby(self):
        # CR 4.12.2.10: choose up to 1 character of level <= your level + 1 in your waiting room,
        # put it on any position of your stage as [REST]
        return [{"op": "choose", "filter": {"zone": "waiting_room", "type": "character", "level_max": 1,
                                            "level_max_rel": True}, "count": 1, "up_to": True},
                {"op": "@t", "who": "last"}, {"op": "to_stage", "orientation": "rest", "any_position": True}]  # fmt: skip

    def marker_up(self, who):
        return self._on(who, {"op": "to_marker", "face_up": True})

    def marker_down(self, who):
        return self._on(who, {"op": "to_marker"})

    def self_marker_under(self, face):
        # (session 34, s34c) "put this card face up / down underneath that card as a marker" (CR 3.7.2): this card
        # under the card chosen (Op.SELF_TO_MARKER on its register; the kernel moves it only under a stage character
        # of the master's)
        return [{"op": "@t", "who": "that"}, {"op": "self_to_marker", **({"face_up": True} if face else {})}]

    def face_up(self):
        return True

    def face_down(self):
        return False

    def deck_marker(self, face=False):
        # "put the top card of your deck (face up) underneath this card as a marker" (CR 3.7.2: face down unless said)
        return [{"op": "deck_to_marker", **({"face_up": True} if face else {})}]

    def mk_one(self):
        return 1

    def mk_n(self, n):
        return int(n)

    def md_stock(self):
        return "stock"

    def md_wr(self):
        return "waiting_room"

    def marker_out(self, n, dest):
        # "put a marker from underneath this card into your stock" (CR 3.7.2: the markers' order is not kept)
        if not 1 <= n <= 4:
            raise Unsupported("more than 4 markers moved at once")
        self.approximate("marker_order_unkept")
        return [{"op": "marker_out", "count": n, "to": dest}]

    def marker_out_hand(self, n):
        return self.marker_out(n, "hand")

    def move_opp(self, who, part=None):
        # "choose 1 of your opponent's characters, and move it to another open position of their (center) stage":
        # the master picks an empty position of the owner's stage (CR 6.5.1.2.4 moves among one's own positions)
        return self._on(who, {"op": "move_position", "opponent": True, **({"positions": [part]} if part else {})})

    def this_to_memory(self):
        # on an event: the event card, in the resolution zone (CR 6.5.1.2.2), goes to the memory
        # instead of the waiting room (play.finish_events moves only what is still there)
        return [{"op": "@t", "who": "self", "move_only": True}, {"op": "to_memory"}]

    def this_to_previous(self, who):
        if who == ("that",):
            # "return that character to its previous stage position as [REST]" after "when your other character is
            # put into your waiting room from the stage": the triggering card, to the position it left (the auto
            # ability's check: only after that trigger)
            return [{"op": "encore_self", "triggering": True}]
        if who != ("self",):
            raise Unsupported("'return that character to its previous stage position'")
        # "return this card to its previous stage position as [REST]": what Encore does (CR 10.2.2) written without
        # the keyword (no "Encore" a "cannot use Encore" stops); only after "when this card is put into your waiting
        # room from the stage" (its last position is the trigger's, the auto ability's check)
        return [{"op": "encore_self"}]

    def this_to_stock(self):
        return [{"op": "@t", "who": "self", "move_only": True}, {"op": "to_stock"}]

    def this_to_wr(self):
        return [{"op": "@t", "who": "self"}, {"op": "to_waiting_room"}]

    def this_to_clock(self):
        return [{"op": "@t", "who": "self", "move_only": True}, {"op": "to_clock"}]

    def this_to_level(self):
        raise Unsupported("putting a card into the level zone")

    def pay_stock(self, tok):
        return [{"op": "pay_stock", "count": int(str(tok)[1:-1])}]

    def flip(self, n):
        return [{"op": "brainstorm", "count": n}]

    # ---------------------------------------------------------------- sentences
    def clauses_once_action(self, *parts):
        # (session 34, s34c) "A, and perform the following action. "B"": A, then the quoted B once (quoted_action)
        *cs, tok = parts
        return self.clauses(*cs, self.quoted_action(tok))

    def clauses_repeat_action(self, *parts):
        # "A, and perform the following action N times. "B"": A, then B N times (repeat_action)
        *cs, n, tok = parts
        return self.clauses(*cs, self.repeat_action(n, tok))

    def clauses(self, *cs):
        # "you may A, and B": the "may" covers the rest of the sentence
        out: list[dict] = []
        for c in cs:
            if out and out[-1]["op"] == "may" and not out[-1].get("closed"):
                out[-1]["then"].extend(c)
            else:
                out.extend(c)
        for op in out:
            if op["op"] == "may":
                op["then"] = _searched_shuffle(_looks(_pair_exchange(op["then"])))
        return _searched_shuffle(_looks(_pair_exchange(out)))

    clauses_and = clauses

    def clauses_if(self, *parts):
        # "A, and if X, B": A, then B under the condition X (an IF op, checked when B would be done)
        *cs, cond, inner = parts
        out = self.clauses(*cs)
        if out and out[-1]["op"] == "may" and not out[-1].get("closed"):
            raise Unsupported("'you may A, and if X, B' (does the 'may' cover the condition?)")
        return out + [{"op": "if", "condition": cond, "then": inner}]

    def exchange_positions(self, stand=False):
        return [{"op": "@swap", "stand": stand}]

    def opp_exchanges(self):
        # "..., your opponent chooses 1 <spec> in their waiting room, and exchanges them": the character chosen before
        # (its level X's, REG_LEVEL) and the opponent's card (_resolve: Op.EXCHANGE, stage and waiting room)
        return [{"op": "@opp_exchange"}]

    def exchange_positions_stand(self):
        return self.exchange_positions(True)

    def reveal_hand_if(self, spec, ops):
        # "you may reveal your hand. If you do, and if there is a climax among those cards, X": with such a card in
        # the hand the master may do X (a hand without one: revealing it does nothing); the hand is not shown to the
        # opponent (approximation hand_reveal_unseen)
        self.approximate("hand_reveal_unseen")
        cond = {"kind": "hand_filter_at_least", "value": 1, "filter": self.to_filter(spec, zone="hand")}
        return [{"op": "if", "condition": cond, "then": [{"op": "may", "then": ops}]}]

    def exchange_with(self, count, what):
        # "choose 1 card in your level and 1 card in your waiting room, and exchange them": the second card (this
        # clause, after "and"); clauses() pairs it with the choice before it
        return [{"op": "@exchange", "choose": self.choose(count, what)[0]}]

    def sentence(self, ops):
        return ops

    def if_sentence(self, cond, ops):
        return [{"op": "if", "condition": cond, "then": ops}]

    def if_sentence2(self, a, b, ops):
        # "if A, and B, ...": A then B (an AUTO ability's first "if" is its condition, the
        # second an IF checked on resolution)
        return [{"op": "if", "condition": a, "then": [{"op": "if", "condition": b, "then": ops}]}]

    def if_sentence3(self, a, b, c, ops):
        # "if A, B, and C, ...": A then B then C (as if_sentence2)
        return [{"op": "if", "condition": a, "then": [{"op": "if", "condition": b, "then": [
            {"op": "if", "condition": c, "then": ops}]}]}]

    def if_sentence4(self, a, b, c, d, ops):
        # "if A, B, C, and D, ..." (session 29): A then B then C then D (as if_sentence3)
        return self.if_sentence3(a, b, c, [{"op": "if", "condition": d, "then": ops}])

    def if_spec_among(self, spec, ops):
        # "put the top N cards of your deck into your waiting room. If there is a <spec> among those
        # cards, ...": a climax keeps its Brainstorm form (@ifclimax); any other description counts the
        # milled cards that match (MILL_COUNT) and runs the block when one or more do
        if spec == {"type": "climax"}:
            return self.if_climax_among(ops)
        if set(spec) - {"type", "level_min", "level_max", "trait", "trait_or", "trait_more", "color", "cost_max", "cost_min"}:
            raise Unsupported("'if there is a <spec> among those cards' with a description the count cannot test")
        return [{"op": "@ifspec", "filter": self.to_filter(spec, zone="waiting_room"), "then": ops}]

    def if_all_among(self, spec, ops):
        # "put the top N cards of your deck into your waiting room. If all of those cards are <spec>, ..." (session 27):
        # MILL_COUNT, and the block when all N match
        if set(spec) - {"type", "level_min", "level_max", "trait", "trait_or", "color", "cost_max", "cost_min"}:
            raise Unsupported("'if all of those cards are <spec>' with a description the count cannot test")
        return [{"op": "@ifspec", "filter": self.to_filter(spec, zone="waiting_room"), "then": ops, "all": True}]

    def if_climax_among(self, ops):
        return [{"op": "@ifclimax", "then": ops}]

    def if_put_hand(self, n, ops):
        return [{"op": "@ifput", "at_least": int(n), "then": ops}]

    def if_you_do(self, ops):
        return [{"op": "@ifdo", "then": ops}]

    def hand_or_stock(self, *_pronouns):
        return [{"op": "@dest_or", "options": [[{"op": "to_hand"}], [{"op": "to_stock"}]]}]

    def if_damage_canceled(self, ops):
        # "deal N damage to your opponent. If this damage is canceled, X" (session 29): IF_DONE "If you don't" right
        # after the damage op, which reports a canceled damage as not done (CR 4.10; effects.exec_op DAMAGE)
        return [{"op": "@ifdmg", "done": False, "then": ops}]

    def if_damage_not_canceled(self, ops):
        return [{"op": "@ifdmg", "done": True, "then": ops}]

    def if_you_do_not(self, ops):
        # "If you do not, X": after "you may pay the cost" only (auto_body: WSAbility.if_not_paid)
        return [{"op": "@ifnot", "then": ops}]

    def if_you_do_next_draw(self, ops):
        # "If you do, at the beginning of your next draw phase, X": a delayed ability (auto_body, _delayed_next_draw)
        return [{"op": "@next_draw", "then": ops}]

    def next_draw_sentence(self, ops):
        # "... you may pay the cost. If you do, at the beginning of your next draw phase, X" (auto_rest's "if you do")
        return [{"op": "@next_draw", "then": ops}]

    def next_encore_clause(self, ops):
        # "[REST] this card, and at the beginning of your next encore step, put this card into your memory": a delayed
        # ability (CR 8.1.1.2) about this card, which only acts on this card while it stays on the stage (a card that
        # changes zones is a new card, CR 3.1.4). Compiled as the ability "[AUTO] At the beginning of your encore
        # step, <it>" granted to this card until the end of the opponent's next turn (KWMOD_LONG, forgotten when the
        # card leaves the stage); created during the opponent's turn (result() checks the ability's `whose`), that
        # grant lasts through exactly one encore step of the master's, the next one.
        inner = self.resolve(ops, "begin_encore", None)
        if len(inner) != 2 or inner[0] != {"op": "target_self"} or set(inner[1]) != {"op"} \
                or inner[1]["op"] not in _DELAYED_SELF_MOVES:
            raise Unsupported("'at the beginning of your next encore step' with another effect than moving this card")
        later = {"kind": "auto", "trigger": "begin_encore", "whose": "yours", "effect": inner}
        return [{"op": "@t", "who": "self"},
                {"op": "grant_ability", "ability": later, "duration": "next_opp_turn_end", "@delayed": True}]

    def this_encore_clause(self, ops):
        # "this card gets +3500 power until end of turn, and at the beginning of your encore step, put this card into
        # your stock", resolved in the master's own turn before the encore step (result() checks the ability: an [ACT]
        # ability, or an [AUTO] one of the attack or of this card's placement from the hand): the delayed ability of
        # next_encore_clause granted until end of turn, which holds this turn's encore step (CR 6.9 before 6.10)
        inner = self.resolve(ops, "begin_encore", None)
        if len(inner) != 2 or inner[0] != {"op": "target_self"} or set(inner[1]) != {"op"} \
                or inner[1]["op"] not in _DELAYED_SELF_MOVES:
            raise Unsupported("'at the beginning of your encore step' with another effect than moving this card")
        later = {"kind": "auto", "trigger": "begin_encore", "whose": "yours", "effect": inner}
        return [{"op": "@t", "who": "self"}, {"op": "grant_ability", "ability": later, "@delayed_enc": True}]

    def end_turn_clause(self, ops):
        # "choose 1 character in your waiting room, put it on any position of your stage, and at the end of the
        # turn, put that character into your memory": a delayed ability (CR 8.1.1.2) about that character, which
        # only acts on it while it stays on the stage (a card that changes zones is a new card, CR 3.1.4). Compiled
        # as the ability "[AUTO] At the end of the turn (CR 6.8.1.1: the end phase's beginning), put this card into
        # <zone>" granted to that character until end of turn (ended after the end phase's triggers, CR 6.8.1.4);
        # result() allows it where the effect resolves before the end phase (an [ACT] ability, "when this card is
        # placed on the stage from your hand")
        if len(ops) == 1 and ops[0].get("op") == "damage" and ops[0].get("who") == "master" \
                and isinstance(ops[0].get("amount"), int) and set(ops[0]) == {"op", "amount", "who"}:
            # (session 34, s34d) "..., and at the end of the turn, deal 1 damage to yourself": a delayed ability (CR
            # 8.7.5) of the master's, compiled as "[AUTO] At the end of the turn (CR 6.8.1.1), deal 1 damage to
            # yourself" granted to this card until end of turn (ended after the end phase's triggers, CR 6.8.1.4), as
            # the moves above: it is lost if this card leaves the stage first (approximation
            # delayed_damage_on_this_card); result() allows it where this card is on the stage before the end phase
            self.approximate("delayed_damage_on_this_card")
            later = {"kind": "auto", "trigger": "begin_end", "effect": [dict(ops[0])]}
            return [{"op": "@t", "who": "self"}, {"op": "grant_ability", "ability": later, "@delayed_eot_self": True}]
        ops = [o for o in ops if not (o["op"] == "@t" and o.get("who") == "that" and o is not ops[0])]
        # (session 32) "at the end of the turn, put this card into your memory": the same delayed ability granted to
        # this card (it acts only while this card stays on the stage, CR 3.1.4)
        who = ops[0].get("who") if ops else None
        if len(ops) != 2 or ops[0].get("op") != "@t" or who not in ("that", "self") \
                or set(ops[1]) - {"@owner"} != {"op"} or ops[1].get("@owner", "own") != "own" \
                or ops[1]["op"] not in _DELAYED_SELF_MOVES:
            raise Unsupported("'at the end of the turn' with another effect than moving that character")
        # "into your memory": the owner's zone (the character put on your stage from your waiting room is yours;
        # cards.py checks the targets are own cards)
        later = {"kind": "auto", "trigger": "begin_end", "effect": [{"op": "target_self"}, {"op": ops[1]["op"]}]}
        return [{"op": "@t", "who": who},
                {"op": "grant_ability", "ability": later, "@delayed_eot": True}]

    def _per_climax_icon(self, tok):
        # "for each climax with [icon] in its trigger icon revealed among those cards" (Brainstorm, CR 10.7): the
        # count is of every climax flipped, so only an icon the database dropped (any climax, trigger_icon_dropped)
        if self._icon(tok, "climax"):
            raise Unsupported("Brainstorm counting the climaxes with a named trigger icon")

    def per_climax_icon(self, tok, ops):
        self._per_climax_icon(tok)
        return self.per_climax(ops)

    def per_climax_action_icon(self, tok, name):
        self._per_climax_icon(tok)
        return self.per_climax_action(name)

    def per_climax(self, ops):
        # "For each climax revealed among those cards, <X>" after a Brainstorm flip: X once per
        # climax, written with the counted number ("x") where X is one draw / one choice
        if len(ops) == 1 and ops[0]["op"] == "draw" and ops[0]["count"] == 1:
            return [dict(ops[0], count="x")]
        ops = [o for o in ops if not (o["op"] == "@t" and o["who"] in ("that", "last"))] if ops and ops[0]["op"] == "choose" else ops
        if len(ops) == 1 and ops[0]["op"] == "search" and ops[0]["count"] == 1:
            return [dict(ops[0], count="x")]
        if len(ops) == 2 and ops[0]["op"] == "choose" and ops[0]["count"] == 1 and ops[0].get("up_to") \
                and ops[0]["filter"].get("zone") not in (None, "stage"):
            return [dict(ops[0], count="x"), *ops[1:]]
        return [{"op": "@per_climax", "then": ops}]

    def _quoted_ops(self, tok, what: str, paid: bool = False) -> list[dict]:
        """A quoted action ("perform the following action. "<effect>""), parsed as an event's text
        (its pronouns and registers resolved with the line's); its approximations are the line's."""
        text = normalise(_unnest(tok))  # the quotes inside it given back (_mark_nested_quotes)
        try:
            tree = COMPILER.parser.parse(text)
        except Exception as exc:  # a LarkError: the quoted effect is no sentence of the grammar
            raise Unsupported(f"the action performed {what}: {str(exc).splitlines()[0][:80]}") from None
        t = WSTextTransformer({"type": "event", "@raw": True})
        try:
            value = t.transform(tree)
        except VisitError as exc:  # the quoted effect's own reason (an Unsupported inside it)
            orig = exc.orig_exc
            raise (orig if isinstance(orig, Unsupported) else Unsupported(f"the action performed {what}: {orig}")) from None
        if not isinstance(value, dict) or "@raw_ops" not in value:
            raise Unsupported(f"the action performed {what} is not an effect")
        for name in t.approximations:
            self.approximate(name)
        if not paid and any(o["op"] == "@option_cost" for o in value["@raw_ops"]):
            raise Unsupported(f"a cost of its own in the action performed {what}")
        return value["@raw_ops"]

    def except_to_wr(self):
        # "put all cards in your memory except those cards into your waiting room" (only in the action all players
        # perform, below)
        return [{"op": "@except_wr"}]

    @staticmethod
    def _memory_keep(ops) -> tuple[int, int] | None:
        """(K, N) of "if your memory has N or more cards, choose K cards in your memory, and put all cards in your
        memory except those cards into your waiting room", else None."""
        if len(ops) != 1 or ops[0]["op"] != "if" or ops[0]["condition"].get("kind") != "memory_at_least":
            return None
        then = ops[0]["then"]
        if len(then) != 2 or then[0]["op"] != "choose" or then[1]["op"] != "@except_wr" or then[0].get("up_to") \
                or then[0].get("filter") != {"zone": "memory"} or not isinstance(then[0].get("count"), int):
            return None
        keep, at_least = then[0]["count"], ops[0]["condition"]["value"]
        return (keep, at_least) if 0 <= keep < at_least else None

    def all_players_action(self, tok):
        # "all players perform the following action. "<trim of the memory>"": each player's memory (the engine keeps
        # the cards put into it last: approximation memory_kept_last); nothing in it triggers, so the order of the
        # players does not matter
        kn = self._memory_keep(self._quoted_ops(tok, "by all players"))
        if kn is None:
            raise Unsupported("an action all players perform other than keeping N cards of their memory")
        # (session 34, s34d) each player chooses the cards kept (before: the engine kept the cards put there last,
        # approximation memory_kept_last, now unused): the master its own (choose), then the opponent theirs
        # (opp_choose in their memory, a public zone, CR 3.12.2.1), each followed by Op.MEMORY_KEEP (the player who
        # performs the action makes its choices, as CR 8.6.2.2's player who plays)
        keep, at_least = kn
        if keep == 0 or keep > 4:
            raise Unsupported("keeping no card, or more than 4, of each player's memory")
        return [{"op": "if", "@no_lift": True, "condition": {"kind": "memory_at_least", "value": at_least},
                 "then": [{"op": "choose", "filter": {"zone": "memory"}, "count": keep}, {"op": "memory_keep"}]},
                {"op": "if", "condition": {"kind": "memory_at_least", "value": at_least, "opponent": True},
                 "then": [{"op": "opp_choose", "filter": {"zone": "memory", "side": "opponent"}, "count": keep},
                          {"op": "memory_keep", "who": "opponent"}]}]

    def per_climax_action(self, tok):
        # "For each climax revealed among those cards, perform the following action. "<effect>""
        return [{"op": "@per_climax", "then": self._quoted_ops(tok, "for each climax")}]

    def repeat_action(self, n, tok):
        n = int(n)
        # "perform the following action N times. "<effect>"": the effect N times in a row (each time
        # chooses and moves anew), written out N times
        if not 1 <= n <= 3:
            raise Unsupported("an action performed more than 3 times")
        ops = self._quoted_ops(tok, "N times")
        return [copy.deepcopy(o) for _ in range(n) for o in ops]

    def if_repeat_action(self, cond, n, tok):
        return [{"op": "if", "condition": cond, "then": self.repeat_action(n, tok)}]

    def choose_effect(self, count, *toks):
        # "choose 1 of the following effects, and perform it. "A" "B"": the master picks one option (cards:
        # choose_one); each option a quoted effect, its pronouns its own
        if count != ("exactly", 1) or len(toks) > 4:
            raise Unsupported("choosing another number than 1 of the following effects (or more than 4)")
        return [{"op": "choose_one", "options": [self._quoted_ops(t, "as an option", paid=True) for t in toks]}]

    def choose_ability(self, count, dur, *toks):
        # "choose 1 of the following abilities, and this card gets that ability until end of turn. "A" "B"": the
        # master picks one option (choose_one), each granting its quoted ability to this card for the duration
        if count != ("exactly", 1) or len(toks) > 4:
            raise Unsupported("choosing another number than 1 of the following abilities (or more than 4)")
        return [{"op": "choose_one", "options": [self.gets(("self",), [self._granted(t)], dur) for t in toks]}]

    def choose_ability_n(self, count, n, dur, *toks):
        # "choose 1 of the 2 following abilities, and this card gets the chosen ability until end of turn. "A" "B""
        # (session 24, s24-wsb): choose_ability, the number of abilities printed
        if int(n) != len(toks):
            raise Unsupported("a number of following abilities other than the abilities quoted")
        return self.choose_ability(count, dur, *toks)

    def each_effect_once(self, n, times, *toks):
        # "perform the following 2 effects 1 time each. "A" "B"" (session 24, s24-wsb): each quoted effect once, in
        # the order the master chooses (the text sets none: choose_one between the two orders, each option the two
        # effects in a row, their pronouns their own)
        if int(n) != len(toks) or int(times) != 1 or len(toks) != 2:
            raise Unsupported("other than 2 following effects performed 1 time each")
        a, b = (self._quoted_ops(t, "1 time each") for t in toks)
        return [{"op": "choose_one", "options": [a + copy.deepcopy(b), copy.deepcopy(b) + copy.deepcopy(a)]}]

    def damage_times(self, n, times):
        # "deal 2 damage to your opponent 2 times": two damages, each its own damage process (each may be canceled,
        # CR 4.10.1), written out N times
        if not 1 <= int(times) <= 3:
            raise Unsupported("damage dealt more than 3 times")
        return [op for _ in range(int(times)) for op in self.damage(n)]

    def quoted_action(self, tok):
        return self._quoted_ops(tok, "once")

    def may_quoted_action(self, tok):
        return [{"op": "may", "then": self._quoted_ops(tok, "once")}]

    def _look_markers(self, sentences: list) -> list:
        """"you may look at the top card of your deck. If you do, put that card face down underneath this card as a
        marker": the player may put the top card of the deck underneath this card as a marker, unseen (approximation
        looked_marker_unseen); the look is the sentence's last instruction (under its "if")"""
        out: list = []
        for ops in sentences:
            prev = out[-1] if out else None
            while prev and len(prev) == 1 and prev[0]["op"] == "if":
                prev = prev[0]["then"]
            if prev and prev[-1]["op"] == "may" and prev[-1]["then"] == [{"op": "@look1only"}] and len(ops) == 1 \
                    and ops[0]["op"] == "@ifdo" and len(ops[0]["then"]) == 2 \
                    and ops[0]["then"][0] == {"op": "@t", "who": "that"} and ops[0]["then"][1]["op"] == "to_marker":
                self.approximate("looked_marker_unseen")
                prev[-1]["then"] = self.deck_marker(ops[0]["then"][1].get("face_up", False))
                continue
            out.append(ops)
        return out

    @staticmethod
    def _mill_count(mill: dict, flt: dict) -> dict:
        """MILL_COUNT for a mill op: the same deck (the opponent's: the filter counts their cards) and end."""
        out = {"op": "mill_count", "count": mill["count"], "filter": dict(flt)}
        if mill.get("who", "master") == "opponent":
            out["who"] = "opponent"
            out["filter"]["side"] = "opponent"
        if mill.get("bottom"):
            out["bottom"] = True
        return out

    def effects(self, *sentences):
        sentences = self._look_markers(list(sentences))
        out: list[dict] = []
        for ops in sentences:
            if ops and ops[0]["op"] == "@ifnot":
                # "If you do not, X": the last sentence, after "you may pay the cost" (auto_body takes it)
                if ops is not sentences[-1] or len(ops) != 1:
                    raise Unsupported("'if you do not' before another sentence")
                out.append(ops[0])
                continue
            if ops and ops[0]["op"] == "@xdef" and ops[0]["x"] == "mill_count":
                # "put the top N cards of your deck into your waiting room, and this card gets +X power. X is
                # equal to the number of <<T>> characters among those cards x M": MILL_COUNT, then POWER_X
                xd = ops[0]
                body = out
                while len(body) == 1 and body[0]["op"] == "if":
                    body = body[0]["then"]
                pending = [o for o in _walk(body) if o["op"] == "power_x" and o["amount"] is None]
                dmg = [o for o in _walk(body) if o["op"] == "damage" and o["amount"] is None]
                # "choose a level X or lower ...": the filter reads the stored count (level_max_x)
                uses = [o for o in _walk(body) if (o.get("filter") or {}).get("level_max_x")]
                at = next((i for i, o in enumerate(body) if o["op"] == "mill"), None)
                bs = [i for i, o in enumerate(body) if o["op"] == "brainstorm"]
                if at is None and dmg and not pending and len(bs) == 1 and xd["mult"] == 1 \
                        and xd["filter"] == {"type": "climax", "zone": "waiting_room"} \
                        and sum(o["op"] in _STORING for o in _walk(out)) == 1 \
                        and not any(o["op"] == "damage" for o in body[:bs[0]]):
                    # Brainstorm's "deal X damage to your opponent. X is equal to the number of climax among those
                    # cards": the climax the brainstorm op flipped, its stored count (CR 10.7.3)
                    for o in dmg:
                        o["amount"] = "x"
                    continue
                if at is None and len(bs) == 1 and (pending or dmg or uses) and not (uses and (pending or dmg)) \
                        and (xd["mult"] == 1 or not (dmg or uses)) and isinstance(body[bs[0]]["count"], int) \
                        and sum(o["op"] in _STORING for o in _walk(out)) == 1 \
                        and not any(o["op"] in ("power_x", "damage") for o in body[:bs[0]]):
                    # Brainstorm's flip counting a description ("choose 1 level X or lower <<T>> character ... X is
                    # equal to the number of <<T>> characters among those cards", session 24): MILL_COUNT through the
                    # resolution zone (MILL_COUNT_BRAINSTORM, CR 10.7.3), its stored count
                    body[bs[0]] = {"op": "mill_count", "count": body[bs[0]]["count"], "filter": dict(xd["filter"]),
                                   "brainstorm": True}
                    for o in pending:
                        o["amount"] = xd["mult"]
                    for o in dmg:
                        o["amount"] = "x"
                    continue
                ups = [i for i, o in enumerate(body) if o["op"] == "may" and len(o["then"]) == 1
                       and o["then"][0]["op"] == "mill" and o["then"][0]["count"] == 1 and set(o["then"][0]) == {"op", "count"}]
                if at is None and ups and ups == list(range(ups[0], ups[0] + len(ups))) and (pending or dmg or uses) \
                        and not ((dmg or uses) and xd["mult"] != 1) and not (uses and (pending or dmg)) \
                        and not any(o["op"] in _STORING for o in _walk(out)) \
                        and not any(o["op"] in ("power_x", "damage") for o in body[:ups[0]]):
                    # "put up to N cards from the top of your deck into your waiting room, ... X is equal to the number
                    # of <spec> put into your waiting room by this effect" (session 32): each "may" mill of one card a
                    # MILL_COUNT adding to the frame's stored count (MILL_COUNT_ADD, from 0: no other count before)
                    for i in ups:
                        body[i] = dict(body[i], then=[dict(self._mill_count(body[i]["then"][0], xd["filter"]),
                                                           add=True)])
                    for o in pending:
                        o["amount"] = xd["mult"]
                    for o in dmg:
                        o["amount"] = "x"
                    continue
                if not (pending or dmg or uses) or at is None or not isinstance(body[at]["count"], int) \
                        or (dmg or uses) and xd["mult"] != 1 or uses and (pending or dmg) \
                        or any(o["op"] in ("count", "brainstorm", "if_stored", "reveal_top") for o in _walk(out)) \
                        or any(o["op"] in ("power_x", "damage") for o in body[:at]):
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                body[at] = self._mill_count(body[at], xd["filter"])
                for o in pending:
                    o["amount"] = xd["mult"]
                for o in dmg:  # "deal X damage": the stored count (DAMAGE's count operand)
                    o["amount"] = "x"
                continue
            if ops and ops[0]["op"] == "@xdef" and ops[0]["x"] == "that_soul":
                # (session 34, s34c) "choose 1 of your opponent's characters, (return it to their hand,) and deal X
                # damage to your opponent. X is equal to that character's soul": REG_SOUL right after the one choice
                # (before any move of that character), the damage X reading it
                if len(ops) != 1 or any(o["op"] in _STORING for o in _walk(out)):
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                body = out
                while len(body) == 1 and body[0]["op"] in ("if", "may"):
                    body = body[0]["then"]
                dmg = [i for i, o in enumerate(body) if o["op"] == "damage" and o["amount"] is None]
                at = [i for i, o in enumerate(body) if o["op"] == "choose"]
                if len(dmg) != 1 or len(at) != 1 or at[0] > dmg[0] or body[at[0]].get("count") != 1 \
                        or any(o["op"] in ("count", "power_x") or (o.get("filter") or {}).get("level_max_x")
                               or o.get("count") == "x" for o in _walk(out)):
                    raise Unsupported("'X is equal to that character's soul' without one character chosen before the damage")
                body[dmg[0]]["amount"] = "x"
                body.insert(at[0] + 1, {"op": "@reg_soul"})
                continue
            if ops and ops[0]["op"] == "@xdef" and ops[0]["x"] == "chosen_level":
                # "choose 1 of your opponent's level 1 or higher characters, your opponent chooses 1 level X or lower
                # character in their waiting room, and exchanges them. X is equal to the level of the character you
                # chose -1" (session 27): REG_LEVEL of the choice's register right after the choice (_resolve), the
                # opponent's "level X or lower" reading it
                if len(ops) != 1 or any(o["op"] in _STORING for o in _walk(out)):
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                body = out
                while len(body) == 1 and body[0]["op"] in ("if", "may"):
                    body = body[0]["then"]
                at = [i for i, o in enumerate(body) if o["op"] == "choose" and o.get("count") == 1
                      and not o.get("up_to") and (o.get("filter") or {}).get("side") == "opponent"]
                later = body[at[0] + 1:] if len(at) == 1 else []
                if [o["op"] for o in later] != ["opp_choose", "@opp_exchange"] \
                        or not later[0]["filter"].get("level_max_x") or later[0]["count"] != 1:
                    raise Unsupported("'X is equal to the level of the character you chose' outside the opponent's "
                                      "exchange")
                body.insert(at[0] + 1, {"op": "@reg_level", "plus": ops[0]["plus"]})
                continue
            if ops and ops[0]["op"] == "@xdef" and ops[0]["x"] in ("mill_level", "card_level", "mill_icons"):
                # "... choose a level X or lower character ... X is equal to the total level of the cards
                # put into your waiting room by this effect / the level of the revealed card": the op
                # before the choice stores the level (MILL_LEVEL / TOP_LEVEL), the filter reads it
                xd = ops[0]
                body = out  # the sentence before, or the innermost "if" of it ("if A, and B, ...")
                while len(body) == 1 and body[0]["op"] == "if":
                    body = body[0]["then"]
                uses = [o for o in _walk(body) if (o.get("filter") or {}).get("level_max_x")]
                dmg = [o for o in _walk(body) if o["op"] == "damage" and o["amount"] is None]
                at = next((i for i, o in enumerate(body) if o["op"] in ("mill", "reveal_top")), None)
                if not (uses or dmg) or at is None or any(o["op"] in ("count", "brainstorm", "if_stored", "power_x")
                                                          for o in _walk(out)) \
                        or xd.get("plus") and uses or any(o["op"] == "damage" for o in body[:at]):
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                for o in dmg:  # "deal X damage, X = that card's level (+N)": the stored level (+ plus)
                    o["amount"] = "x"
                    if xd.get("plus"):
                        o["plus"] = xd["plus"]
                src = body[at]
                if xd["x"] == "mill_icons":
                    # "X is equal to the number of trigger icons of those cards": MILL_COUNT counting icons
                    if not (src["op"] == "mill" and isinstance(src["count"], int) and _own_top_mill(src)):
                        raise Unsupported("the trigger icons of something other than the milled cards")
                    body[at] = {"op": "mill_count", "count": src["count"], "filter": {"zone": "waiting_room"},
                                "icons": True}
                elif src["op"] == "mill" and isinstance(src["count"], int) and _own_top_mill(src) \
                        and (xd["x"] == "mill_level" or src["count"] == 1):
                    body[at] = {"op": "mill_level", "count": src["count"]}
                elif src["op"] == "reveal_top" and "filter" not in src and xd["x"] == "card_level":
                    body[at] = {"op": "top_level"}  # the card is shown to both (state.REVEALED)
                else:
                    raise Unsupported("'X is equal to the level' of something other than the milled / revealed cards")
                continue
            if ops and ops[0]["op"] == "@xdef" and ops[0]["x"] in ("facing_level", "stage_colors") and len(ops) == 1:
                # "this card gets +X power until end of turn. X is equal to N multiplied by the level of the character
                # facing this card" / "... the total number of colors your characters on stage have x N" (session 27):
                # POWER_X a2 PER_FACING (this card's facing character) / PER_COLORS, counted when it is performed
                pending = [o for o in _walk(out) if o["op"] == "power_x" and o["amount"] is None]
                other_x = [o for o in _walk(out) if o["op"] == "damage" and o["amount"] is None
                           or o.get("count") == "x" or (o.get("filter") or {}).get("level_max_x")]
                if len(pending) != 1 or other_x:
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                seq = list(_walk(out))
                subject = next((o for o in reversed(seq[:seq.index(pending[0])]) if o["op"] == "@t"), None)
                if ops[0]["x"] == "facing_level" and (subject is None or subject["who"] != "self"):
                    raise Unsupported("+X power by the level of the character facing this card, to another card")
                pending[0]["amount"] = ops[0]["mult"]
                pending[0]["per"] = ops[0]["x"]
                continue
            if ops and ops[0]["op"] == "@xdef" and ops[0]["x"] in ("soul", "level") and len(ops) == 1:
                # "choose 1 of your characters, and that character gets +X power. X is equal to that character's soul
                # (level) x N": POWER_X of the chosen card's own soul / level (a2 PER_*), the one register chosen
                pending = [o for o in _walk(out) if o["op"] == "power_x" and o["amount"] is None]
                chosen = {o.get("reg", 0) for o in _walk(out) if o["op"] == "choose"}
                if len(pending) != 1 or len(chosen) != 1 or pending[0].get("reg", 0) not in chosen \
                        or any(o["op"] in ("target_self", "select_all", "target_battle_opp") for o in _walk(out)):
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                pending[0]["amount"] = ops[0]["mult"]
                pending[0]["per"] = ops[0]["x"]
                continue
            if ops and ops[0]["op"] == "@xdef" and ops[0].get("zone"):
                # "X is equal to the number of <spec> in your waiting room": counted just before the top-level op
                # whose block first uses X (power_x, "level X or lower", "deal X damage"); no other stored count
                xd = ops[0]
                xconds = [o["condition"] for o in _walk(out) if o["op"] == "if" and o["condition"].get("@x")]
                if xconds and len(xconds) == 1 and len(ops) == 1 and xd["mult"] == 1 \
                        and xd["filter"].get("zone") == "waiting_room":
                    # "if this card's battle opponent is level X or lower, ... X is equal to the number of <spec> in
                    # your waiting room": the count is the condition's (battle_opp_level_at_most_wr)
                    del xconds[0]["@x"]
                    xconds[0]["filter"] = xd["filter"]
                    continue
                users = [i for i, top in enumerate(out) if any(
                    o["op"] == "power_x" and o["amount"] is None or (o.get("filter") or {}).get("level_max_x")
                    or o["op"] == "damage" and o["amount"] is None for o in _walk([top]))]
                if not users or any(o["op"] in _STORING for o in _walk(out)) or len(ops) > 1:
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                for o in _walk(out):
                    if o["op"] == "power_x" and o["amount"] is None:
                        o["amount"] = xd["mult"]
                    elif o["op"] == "damage" and o["amount"] is None:
                        if xd["mult"] != 1:
                            raise Unsupported("X damage times N")
                        o["amount"] = "x"
                    elif (o.get("filter") or {}).get("level_max_x") and xd["mult"] != 1:
                        raise Unsupported("level X or lower with X times N")
                out.insert(users[0], {"op": "count", "filter": xd["filter"]})
                continue
            if ops and ops[0]["op"] == "@xdef":
                xd = ops[0]
                pending = [o for o in _walk(out) if o["op"] == "power_x" and o["amount"] is None]
                looks = [o for o in _walk(out) if o["op"] in ("look_top", "mill") and o["count"] == "x"]
                dmg = [o for o in _walk(out) if o["op"] == "damage" and o["amount"] is None]
                if xd["x"] == "count" and dmg and not pending and not looks and len(ops) == 1 \
                        and not any(o["op"] in _STORING for o in _walk(out)):
                    # "deal X damage to your opponent. X is equal to the number of <spec> you have (your opponent
                    # has)": the count (COUNT, a stored count) just before the top-level instruction that deals it
                    if xd["mult"] != 1:
                        raise Unsupported("X damage times N")
                    at = next(i for i, top in enumerate(out) if any(o in dmg for o in _walk([top])))
                    for o in dmg:
                        o["amount"] = "x"
                    out.insert(at, {"op": "count", "filter": xd["filter"]})
                    continue
                if xd["x"] != "count" or not pending and not looks or pending and looks \
                        or looks and (xd["mult"] != 1 or len(looks) > 1):
                    raise Unsupported("an 'X is equal to' this compiler cannot count")
                for o in pending:
                    o["amount"] = xd["mult"]
                out.insert(0, {"op": "count", "filter": xd["filter"]})
                continue
            # the sentence before, or the last sentence inside it ("if X, A. if that card is / if you do, B")
            last = out
            while last and (last[-1]["op"] == "if" or last[-1]["op"] == "if_stored" and ops
                            and ops[0]["op"] == "@ifdo" and last[-1]["then"][-1:] and last[-1]["then"][-1]["op"] == "may"):
                last = last[-1]["then"]  # "if there is X among those cards, you may A. If you do, B": B in the block
            if ops and ops[0]["op"] == "@ifcard":
                # "reveal the top card of your deck. If that card is X, ..." (REVEAL_TOP + IF_STORED);
                # "put the top card of your deck into your waiting room. If that card is X, ...":
                # the same test of the card, before it moves (nothing is hidden: it goes face up)
                flt = ops[0]["filter"]
                test = {"filter": flt["@or"][0], "filter_or": flt["@or"][1]} if "@or" in flt else {"filter": flt}
                if ops[0].get("negate"):
                    test["negate"] = True
                if last and last[-1]["op"] == "reveal_top" and "filter" not in last[-1]:
                    last[-1].update(test)  # the card is shown to both (state.REVEALED)
                elif last and last[-1]["op"] in ("mill", "pool", "clock_top") and last[-1].get("count") == 1 \
                        and last[-1]["op"] == "mill" and _own_top_mill(last[-1]):
                    last.insert(len(last) - 1, {"op": "reveal_top", **test})
                elif last and last[-1]["op"] == "may" and last[-1]["then"][-1]["op"] == "mill" \
                        and last[-1]["then"][-1].get("count") == 1 and _own_top_mill(last[-1]["then"][-1]) \
                        and not any(o["op"] in ("if", "if_stored") for o in ops[0]["then"]):
                    # "you may put the top card of your deck into your waiting room. If that card is X,
                    # ...": the test and its block inside the "may" (the block's "it" is the card)
                    inner = last[-1]["then"]
                    inner.insert(len(inner) - 1, {"op": "reveal_top", **test})
                    inner.append({"op": "if_stored", "then": ops[0]["then"]})
                    last.extend(ops[1:])
                    continue
                else:
                    raise Unsupported("'if that card is' after something other than revealing or milling the top card")
                last.append({"op": "if_stored", "then": ops[0]["then"]})
                last.extend(ops[1:])
                continue
            if ops and ops[0]["op"] == "@ifput":
                # "look at ..., choose up to N <spec> from among them, put it into your hand, ... . If you put
                # 1 card into your hand, ...": LOOK_TOP stores the number of cards taken, IF_STORED tests it
                if not (last and last[-1]["op"] == "look_top" and last[-1].get("to", "hand") == "hand"
                        and ops[0]["at_least"] >= 1 and last[-1].get("take", 1) >= ops[0]["at_least"]):
                    raise Unsupported("'if you put N cards into your hand' after something other than a look at the deck")
                if any(o["op"] in ("count", "brainstorm", "reveal_top", "if_stored", "mill_count", "mill_level",
                                   "top_level") for o in _walk(out)) or last[-1]["count"] == "x":
                    raise Unsupported("'if you put N cards into your hand' beside another stored count")
                last[-1]["store_taken"] = True
                last.append({"op": "if_stored", **({"at_least": ops[0]["at_least"]} if ops[0]["at_least"] > 1 else {}),
                             "then": ops[0]["then"]})
                last.extend(ops[1:])
                continue
            if ops and ops[0]["op"] == "@ifspec":
                # "put the top N cards of your deck into your waiting room. If there is a level 2 or
                # higher card among those cards, ...": MILL_COUNT stores how many of the milled cards
                # match, IF_STORED runs the block when 1 or more do
                if not (last and last[-1]["op"] == "mill" and isinstance(last[-1]["count"], int)):
                    raise Unsupported("'if there is a <spec> among those cards' after something else")
                if any(o["op"] in ("count", "brainstorm", "reveal_top", "if_stored", "mill_count", "mill_level")
                       for o in _walk(out)):
                    raise Unsupported("'if there is a <spec> among those cards' beside another stored count")
                n = last[-1]["count"]
                last[-1] = self._mill_count(last[-1], ops[0]["filter"])
                last.append({"op": "if_stored", **({"at_least": n} if ops[0].get("all") and n > 1 else {}),
                             "then": ops[0]["then"]})
                last.extend(ops[1:])
                continue
            if ops and ops[0]["op"] == "@ifclimax":
                # "put the top N cards of your deck into your waiting room. If there is a climax
                # among those cards, ...": the brainstorm instruction (flip N to the waiting room,
                # count the climaxes, CR 10.7.3's mechanics) and a block run when the count is >= 1
                if not (last and last[-1]["op"] in ("mill", "brainstorm") and isinstance(last[-1]["count"], int)):
                    raise Unsupported("'if there is a climax among those cards' after something else")
                if last[-1]["op"] == "mill" and not any(
                        o["op"] in ("count", "brainstorm", "reveal_top", "if_stored", "mill_count", "mill_level")
                        for o in _walk(out)):
                    # the cards go straight to the waiting room one at a time (CR 3.2.3; a refresh mid-way,
                    # 3.2.3.2, shuffles in those already put), MILL_COUNT counting the climaxes among them
                    last[-1] = self._mill_count(last[-1], self.to_filter({"type": "climax"}, zone="waiting_room"))
                    last.append({"op": "if_stored", "then": ops[0]["then"]})
                    last.extend(ops[1:])
                    continue
                if last[-1]["op"] == "mill" and (last[-1].get("who", "master") != "master" or last[-1].get("bottom")):
                    raise Unsupported("'if there is a climax among those cards' after milling another deck or its "
                                      "bottom, beside another stored count")
                if last[-1]["op"] == "mill":  # beside another stored count: the Brainstorm instruction
                    last[-1] = {"op": "brainstorm", "count": last[-1]["count"]}
                    self.approximate("mill_via_resolution")
                last.append({"op": "if_stored", "then": ops[0]["then"]})
                last.extend(ops[1:])
                continue
            if ops and ops[0]["op"] == "@per_climax":
                # "For each climax revealed (among those cards), X" after a flip of N cards
                # (Brainstorm, CR 10.7.3, which stores the number of climaxes): X once for each, as N
                # blocks run when the stored count is >= 1, >= 2, ... (X stores no count of its own)
                if not (last and last[-1]["op"] == "brainstorm" and isinstance(last[-1]["count"], int)):
                    raise Unsupported("'for each climax revealed' after something other than flipping cards")
                body = ops[0]["then"]
                if any(o["op"] in ("count", "brainstorm", "reveal_top", "if_stored", "@ifcard", "@ifclimax",
                                   "@per_climax", "@xdef") for o in _walk(body)):
                    raise Unsupported("'for each climax revealed' with an effect that counts or tests cards")
                for k in range(1, last[-1]["count"] + 1):
                    last.append({"op": "if_stored", "at_least": k, "then": copy.deepcopy(body)})
                last.extend(ops[1:])
                continue
            if ops and ops[0]["op"] == "@ifdo" and last and last[-1]["op"] != "may" and len(ops) == 1:
                # "Choose 1 of your characters, and put it into your waiting room. If you do, X" (session 24): the
                # mandatory A's instruction reports whether it was done (nothing to choose: not done, CR 1.3.3); a
                # sentence after X (session 29: "... If you do, X. Put this card into your memory.") is outside the
                # "if you do" (IF_DONE's rows end at the marker @if_done_end)
                j = max((i for i, o in enumerate(last) if o["op"] == "choose"), default=-1)
                if j >= 0 and not last[j].get("up_to") and _reports_done(last[j:]):
                    last.append({"op": "@if_done"})
                    last.extend(ops[0]["then"])
                    if ops is not sentences[-1]:
                        last.append({"op": "@if_done_end"})
                    continue
            if ops and ops[0]["op"] == "@ifdo" and last and last[-1]["op"] == "wr_to_deck" \
                    and last[-1].get("who", "master") == "master" and len(ops) == 1:
                # "return all cards in your waiting room to your deck. If you do, X" (session 27): WR_TO_DECK reports
                # whether it moved a card (an empty waiting room: not done, CR 1.3.3), IF_DONE skips X
                last.append({"op": "@if_done"})
                last.extend(ops[0]["then"])
                continue
            if ops and ops[0]["op"] == "@ifdmg" and len(ops) == 1:
                # "If this damage is (not) canceled, X" (session 29): right after the damage op (or the "you may" of
                # one damage), the core's IF_DONE on it (done = not canceled)
                body = last[-1]["then"] if last and last[-1]["op"] == "may" and not last[-1].get("closed") else last
                if not body or body[-1]["op"] != "damage" or body[-1].get("who", "opponent") != "opponent":
                    raise Unsupported("'if this damage is canceled' after another instruction than dealing damage")
                body.append({"op": "@if_done", "done": ops[0]["done"], "@dmg": True})
                body.extend(ops[0]["then"])
                continue
            if ops and ops[0]["op"] == "@ifdo":
                if not last or last[-1]["op"] != "may":
                    raise Unsupported("'if you do' after an effect that is not optional")
                if _reports_done(last[-1]["then"]):
                    # "you may A. If you do, B": the core's IF_DONE after A's instruction, which reports whether
                    # it was done (NOT_DONE: nothing chosen or moved, an empty clock; CR 1.3.3)
                    last[-1]["then"].append({"op": "@if_done"})
                else:
                    self.approximate("if_you_do")
                last[-1]["then"].extend(ops[0]["then"])
                last.extend(ops[1:])
                continue
            out.extend(ops)
        return out

    # ---------------------------------------------------------------- conditions
    def _count_cond(self, n: int, other: bool, spec: dict) -> dict | None:
        """"you have N or more [other] <spec>": the kernels count the *other* characters (with a
        trait, CR: the card itself is not "other"); a card that is itself such a character and works
        from the stage counts itself, so N - 1 others."""
        if set(spec) == {"name"}:
            spec = dict(spec, type="character")  # "you have another "X"": a character of your stage (CR 3.6)
        if spec.get("type") != "character":
            raise Unsupported("a count of cards that are not characters")
        if set(spec) - {"type", "trait", "trait_or"}:
            # a level / colour / name / orientation: the stage characters the filter matches, this
            # card included unless "other" (the kernels' filter_count_at_least)
            return {"kind": "filter_count_at_least", "value": n,
                    "filter": self.to_filter(spec, relation="other" if other else None)}
        trait = spec.get("trait")
        mine = set(self.card.get("traits") or ())
        me = (self.card.get("type") == "character" and not getattr(self, "_off_stage", False)
              and (trait is None or bool({trait, spec.get("trait_or")} & mine)))
        if not other and me:
            n -= 1
        if n <= 0:
            return {"kind": "none"}
        if trait is None:
            return {"kind": "other_chars_at_least", "value": n}
        return _flt(kind="trait_count_at_least", trait=trait, trait_or=spec.get("trait_or"), value=n)

    def c_your_turn(self):
        return {"kind": "your_turn"}

    def c_opp_turn(self):
        return {"kind": "opponents_turn"}

    def c_have_n(self, n, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        return self._count_cond(n, other, parts[-1])

    def c_have_another(self, spec):
        return self._count_cond(1, True, spec)

    def c_have_another_in(self, spec, part):
        # "if you have another "X" / <spec> in your center / back stage": another stage character there matches
        # (filter_count_at_least 1, the filter's positions)
        if "type" not in spec and set(spec) & {"name", "name_any"}:
            spec = dict(spec, type="character")  # a card on the stage is a character (CR 3.6.1)
        if spec.get("type") != "character":
            raise Unsupported("a count of cards that are not characters")
        return {"kind": "filter_count_at_least", "value": 1,
                "filter": self.to_filter(spec, relation="other", positions=[part])}

    def c_have_pair_another(self, a, b):
        # "if you have another "X" and another "Y"" (session 24): two characters of those names on your stage, other
        # than this card (NAMED_PAIR_ON_STAGE)
        if card_name(a) == card_name(b):
            raise Unsupported("'you have another \"X\" and another \"X\"'")
        return {"kind": "named_pair_on_stage", "name": card_name(a), "name2": card_name(b)}

    def c_have_pair(self, a, b):
        # "if you have "X" and "Y"" / "cards named "X" and "Y"": as c_have_pair_another where this card has neither
        # name (the condition does not count this card; a card in the hand is not on the stage anyway)
        if self.card.get("name") in (card_name(a), card_name(b)):
            raise Unsupported("'you have \"X\" and \"Y\"' on a card named X or Y")
        return self.c_have_pair_another(a, b)

    def c_have_a(self, count, spec):
        if count[0] != "exactly":
            raise Unsupported("'you have up to'")
        return self._count_cond(count[1], False, spec)

    def c_climax_named(self, name):
        return {"kind": "climax_named", "name": card_name(name)}

    def c_climax_named_any(self, *names):
        # '"X" or "Y" is in your climax area': the climax has one of the names (a name group, condition name_any)
        if len(names) > 5:
            raise Unsupported("more than 5 card names in one condition")
        return {"kind": "climax_named", "name_any": [card_name(n) for n in names]}

    def c_bopp_level_max(self, n):
        return {"kind": "battle_opp_level_at_most", "value": int(n)}

    def c_bopp_level_max_x(self):
        # "if this card's battle opponent is level X or lower ... X is equal to the number of <spec> in your waiting
        # room": the count's sentence fills the filter (effects)
        return {"kind": "battle_opp_level_at_most_wr", "value": 0, "@x": True}

    def c_bopp_level_max_self(self):
        # "if the level of this card's battle opponent is lower than or equal to the level of this card"
        return {"kind": "battle_opp_level_at_most_self"}

    def c_level_min(self, n):
        return {"kind": "level_at_least", "value": int(n)}

    def c_opp_level_min(self, n):
        return {"kind": "opp_level_at_least", "value": int(n)}

    def c_level_sum(self, n):
        return {"kind": "level_sum_at_least", "value": int(n)}

    def c_number_have(self, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        return self._count_cond(parts[-1], other, spec)

    def c_number_have_part(self, *parts):
        # 'the number of (other) characters you have with "X" in its card name is N or more' (session 32): the
        # count of c_number_have with the name parts of the filter (as x_count_have_part)
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        tok = next(p for p in parts if isinstance(p, Token) and p.type == "NAME_PART")
        return self._count_cond(parts[-1], other, self._part_spec(spec, tok))

    def c_number_other_part(self, tok, n):
        return self._count_cond(n, True, self._part_spec({"type": "character"}, tok))

    def c_bopp_cost_max(self, n):
        return {"kind": "battle_opp_cost_at_most", "value": int(n)}

    def c_other_max(self, n):
        return {"kind": "other_chars_at_most", "value": n}

    def c_deck_min(self, n):
        return {"kind": "deck_at_least", "value": n}

    def c_hand_min(self, n):
        return {"kind": "hand_at_least", "value": n}

    def c_stock_max(self, n):
        return {"kind": "stock_at_most", "value": n}

    def c_facing_level_min(self, n):
        return {"kind": "facing_level_at_least", "value": int(n)}

    def c_facing_cost_max(self, n):
        return {"kind": "facing_cost_at_most", "value": int(n)}

    def c_facing_any(self):
        # "if there is a character facing this card": a facing character of level 0 or higher (the
        # facing conditions fail when no character faces this card, filters.condition_holds)
        return {"kind": "facing_level_at_least", "value": 0}

    def c_facing_level_eq(self, n):
        return {"kind": "facing_level_is", "value": int(n)}

    def c_facing_above_self(self):
        return {"kind": "facing_level_above_self"}

    def c_facing_below_self(self):
        return {"kind": "facing_level_below_self"}

    def c_bopp_above(self):
        return {"kind": "battle_opp_level_above_opp"}

    def c_no_other(self):
        return {"kind": "other_chars_at_most", "value": 0}

    def c_none_other_in(self, *parts):
        # "if you do not have any other (<quals>) characters in your center / back stage": none of the
        # other stage characters there matches (own_filter_at_most 0)
        part = parts[-1]
        spec = self.charspec(parts[0], "character") if len(parts) > 1 else {"type": "character"}
        if spec.get("type") != "character":
            raise Unsupported("a count of cards that are not characters")
        flt = self.to_filter(spec, relation="other", positions=[part])
        return {"kind": "own_filter_at_most", "value": 0, "filter": flt}

    def c_none_other(self, quals):
        # "if you do not have another <quals> character / any other <quals> characters": none of the other stage
        # characters matches (own_filter_at_most 0)
        spec = self.charspec(quals, "character")
        if spec.get("type") != "character":
            raise Unsupported("a count of cards that are not characters")
        return {"kind": "own_filter_at_most", "value": 0, "filter": self.to_filter(spec, relation="other")}

    def c_none_other_part(self, *parts):
        # "if you do not have another (<quals>) character with "X" in its card name" (session 24): none of the other
        # stage characters matches (own_filter_at_most 0)
        spec = self.charspec_part(*parts[:-1], "character", parts[-1])
        return {"kind": "own_filter_at_most", "value": 0, "filter": self.to_filter(spec, relation="other")}

    def c_none_other_named(self, name):
        # "if you do not have another "X"" (session 24): no other stage character of that name (own_filter_at_most 0)
        return {"kind": "own_filter_at_most", "value": 0,
                "filter": self.to_filter({"type": "character", "name": card_name(name)}, relation="other")}

    def c_have_n_and_memory_max(self, n, *parts):
        # "if you have N or more (other) <spec> and M or less cards in your memory" (session 24): two conditions
        # (rest_if_pay: the memory's the ability's condition, the count an IF after the cost)
        return {"kind": "@and", "a": self.c_have_n(n, *parts[:-1]), "b": self.c_memory_max(parts[-1])}

    def c_none_have(self, spec):
        # "if you do not have a <<T>> character / any characters with "X" in its card name": none of your
        # stage characters matches (own_filter_at_most 0; this card counts if it is one)
        if spec.get("type") != "character" or "zone" in spec:
            raise Unsupported("a count of cards that are not characters")
        return {"kind": "own_filter_at_most", "value": 0, "filter": self.to_filter(spec)}

    def c_number_have_max(self, spec, n):
        # "if the number of <<T>> characters you have is 1 or less"
        return self.c_have_at_most(n, spec)

    def c_number_in_part(self, *parts):
        # "the number of (other) <spec> in your center / back stage is N or more" (session 29): the stage characters
        # there the filter matches (filter_count_at_least, the filter's positions)
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = next(p for p in parts if isinstance(p, dict))
        part, n = parts[-2], parts[-1]
        if set(spec) == {"name"}:
            spec = dict(spec, type="character")
        if spec.get("type") != "character" or "zone" in spec:
            raise Unsupported("a count of cards that are not characters")
        return {"kind": "filter_count_at_least", "value": int(n),
                "filter": self.to_filter(spec, relation="other" if other else None, positions=[part])}

    def c_number_in_part_max(self, *parts):
        # "the number of (other) <spec> in your center / back stage is N or less" (session 29)
        return self.c_have_at_most(parts[-1], *parts[:-2], parts[-2])

    def c_number_on_stage_max(self, *parts):
        # "the number of <<T>> characters on your stage is N or less" (session 29): the ones you have
        return self.c_have_at_most(parts[-1], *parts[:-1])

    def c_number_other_have_max(self, other, spec, n):
        # "if the number of other <<T>> characters you have is 1 or less" (session 22)
        return self.c_have_at_most(n, other, spec)

    def c_no_other_rest(self):
        return {"kind": "no_other_rested_center"}

    def c_have_in_memory(self, count, spec):
        if count[0] != "exactly":
            raise Unsupported("'you have up to' in the memory")
        return self.c_memory_spec(spec, count[1])

    def c_memory_max(self, n):
        return {"kind": "memory_at_most", "value": n}

    def c_named_memory(self, name):
        return {"kind": "memory_filter_at_least", "value": 1, "filter": {"name": card_name(name), "zone": "memory"}}

    def c_memory_spec(self, spec, n):
        # "the number of <<T>> characters in your memory is N or more": cards of the memory (CR 3.12)
        if spec == {}:
            return {"kind": "memory_at_least", "value": n}
        return {"kind": "memory_filter_at_least", "value": n, "filter": self.to_filter(spec, zone="memory")}

    def c_have_at_most(self, n, *parts):
        # "you have N or less (other) <spec>": the stage characters the filter matches, this card
        # included unless "other" (own_filter_at_most)
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        part = parts[-1] if isinstance(parts[-1], str) else None  # "in your center / back stage"
        spec = next(p for p in parts if isinstance(p, dict))
        if spec.get("type") != "character" or "zone" in spec:
            raise Unsupported("a count of cards that are not characters")
        if other and spec == {"type": "character"} and part is None:
            return self.c_other_max(n)
        return {"kind": "own_filter_at_most", "value": int(n),
                "filter": self.to_filter(spec, relation="other" if other else None,
                                         **({"positions": [part]} if part else {}))}

    def c_opp_part_at_most(self, part, n):
        return self._opp_cond("opp_filter_at_most", n, {}, part)

    def c_clock_is(self, n):
        if int(n) != 0:
            raise Unsupported("'the number of cards in your clock is N' (exactly N > 0)")
        return self.c_clock_max(0)

    def c_memory_spec_pre(self, n, spec):
        return self.c_memory_spec(spec, n)

    def c_memory_any(self):
        return {"kind": "memory_at_least", "value": 1}

    def c_marker(self):
        return {"kind": "markers_at_least", "value": 1}

    def c_markers(self, n):
        return {"kind": "markers_at_least", "value": n}

    def c_no_markers(self):
        return {"kind": "markers_at_most", "value": 0}

    def c_markers_max(self, n):
        return {"kind": "markers_at_most", "value": n}

    def c_all_trait(self, tok):
        return {"kind": "all_chars_trait", "trait": str(tok)[2:-2]}

    def c_all_trait2(self, *toks):
        traits = [str(t)[2:-2] for t in toks]
        return {"kind": "all_chars_filter", "filter": {"type": "character", "trait": traits[0],
                                                       **self._more_traits(traits)}}

    def c_all_colors(self, *toks):
        return {"kind": "all_chars_filter", "filter": {"type": "character", "color": [str(t) for t in toks]}}

    def c_all_name_part(self, tok):
        return {"kind": "all_chars_filter", "filter": {"type": "character", "name_contains": self._name_parts(str(tok))}}

    def _opp_cond(self, kind: str, n: int, spec: dict, part: Any) -> dict:
        # "your opponent has N or more / N or less <spec> (in their center stage)": the opponent's stage
        # characters (CR 3.6: only characters are on the stage) the filter matches
        if spec.get("type") not in (None, "character") or "zone" in spec:
            raise Unsupported("a count of your opponent's cards that are not characters")
        extra = {"positions": [part]} if part is not None else {}
        flt = self.to_filter(dict(spec, type="character"), side="opponent", **extra)
        return {"kind": kind, "value": int(n), "filter": flt}

    def opp_where(self, part):
        return part

    def c_opp_at_most(self, n, *where):
        return self._opp_cond("opp_filter_at_most", n, {}, where[0] if where else None)

    def c_opp_number_at_most(self, part, n):
        return self._opp_cond("opp_filter_at_most", n, {}, part)

    def c_opp_at_least(self, n, spec, *where):
        return self._opp_cond("opp_filter_at_least", n, spec, where[0] if where else None)

    def c_opp_a(self, count, spec, *where):
        if count != ("exactly", 1):
            raise Unsupported("'your opponent has N <spec>' (neither 'or more' nor 'or less')")
        return self._opp_cond("opp_filter_at_least", 1, spec, where[0] if where else None)

    # ---- the opponent's zones (session 27): the condition of the master's own zone, tested for the opponent
    # (Condition OPPONENTS; the waiting room, clock, level, memory and climax area are public, CR 3.4.2 / 3.8.2 /
    # 3.11.2 / 3.12.2, a hand or a stock counted by its number of cards)
    @staticmethod
    def _opponents(cond: dict) -> dict:
        out = dict(cond, opponent=True)
        if "filter" in out:
            out["filter"] = dict(out["filter"], side="opponent")
        return out

    def c_opp_wr_spec(self, spec, n):
        # "the number of climax in your opponent's waiting room is N or more"
        return self._opponents(self.c_wr_spec(spec, n))

    def c_opp_wr_spec_pre(self, n, spec):
        return self.c_opp_wr_spec(spec, n)

    def c_opp_wr_spec_max(self, spec, n):
        return self._opponents(self.c_wr_spec_max(spec, n))

    def c_opp_wr_spec_pre_max(self, n, spec):
        return self.c_opp_wr_spec_max(spec, n)

    def c_opp_wr_none(self, spec):
        # "if there are no climax in your opponent's waiting room" / "if your opponent does not have any climax in the
        # waiting room"
        return self.c_opp_wr_spec_max(spec, 0)

    def c_opp_zone_min(self, *parts):
        # "if your opponent's clock has N or more cards", "if your opponent has N or more cards in their memory"
        zone = next(p for p in parts if isinstance(p, str))
        n = next(p for p in parts if isinstance(p, int))
        return {"kind": _ZONE_COUNT[zone][0], "value": n, "opponent": True}

    def c_opp_zone_max(self, *parts):
        zone = next(p for p in parts if isinstance(p, str))
        n = next(p for p in parts if isinstance(p, int))
        return {"kind": _ZONE_COUNT[zone][1], "value": n, "opponent": True}

    def c_opp_zone_is(self, zone, n):
        if int(n) != 0:
            raise Unsupported("'the number of cards in your opponent's <zone> is N' (exactly N > 0)")
        return self.c_opp_zone_max(zone, 0)

    def c_opp_climax_any(self):
        # "if there is a climax in your opponent's climax area" (CR 3.11)
        return {"kind": "climax_any", "opponent": True}

    def c_opp_number_min(self, n):
        # "if the number of characters your opponent has is N or more"
        return self._opp_cond("opp_filter_at_least", n, {}, None)

    def c_opp_none(self, spec, *where):
        # "if your opponent does not have any [STAND] characters (in their center stage)"
        return self._opp_cond("opp_filter_at_most", 0, spec, where[0] if where else None)

    def c_opp_no_chars_part(self, part):
        return self._opp_cond("opp_filter_at_most", 0, {}, part)

    def c_opp_all_part(self, part, quals):
        # "all characters in their center stage are [REVERSE]": none of their characters there in another orientation
        # (none there: it holds)
        q = self.charspec(quals, "character")
        if set(q) != {"type", "orientation"} or len(q["orientation"]) != 1:
            raise Unsupported("'all characters in their <part> are' another quality than one orientation")
        others = [o for o in ("stand", "rest", "reverse") if o not in q["orientation"]]
        return self._opp_cond("opp_filter_at_most", 0, {"orientation": others}, part)

    def c_opp_all(self, quals):
        # "if all of your opponent's characters are <<T>> / [REST]": every character of their stage (none: it holds)
        return self._opponents({"kind": "all_chars_filter", "filter": self.charspec(quals, "character")})

    def c_clock_min(self, n):
        return {"kind": "clock_at_least", "value": n}

    def c_deck_max(self, n):
        # "if the number of cards in your deck is N or less" (CR 3.2)
        return {"kind": "deck_at_most", "value": n}

    def trigger_checks(self, n):
        # "during that attack, perform a trigger check N times on the trigger step" (Op.TRIGGER_CHECKS)
        if not 2 <= int(n) <= 3:
            raise Unsupported("a trigger check performed more than 3 times")
        return [{"op": "trigger_checks", "count": int(n)}]

    def c_hand_max(self, n):
        return {"kind": "hand_at_most", "value": n}

    def c_clock_max(self, n):
        return {"kind": "clock_at_most", "value": n}

    def c_stock_min(self, n):
        return {"kind": "stock_at_least", "value": n}

    def c_wr_colors(self, n):
        return {"kind": "wr_colors_at_least", "value": n}

    def c_stage_colors(self, n):
        return {"kind": "stage_colors_at_least", "value": n}

    def c_memory_min(self, n):
        return {"kind": "memory_at_least", "value": n}

    def c_self_rest(self):
        return {"kind": "self_rested"}

    def c_self_stand(self):
        return {"kind": "self_standing"}

    def c_in_part(self, part):
        if part == "back":
            return {"kind": "in_back_stage"}
        return {"kind": "in_center_stage"}

    def c_in_middle(self):
        return {"kind": "in_center_middle"}

    def c_climax_any(self):
        return {"kind": "climax_any"}

    def c_climax_color(self, tok):
        # (session 33) "if a blue climax is in your climax area": a climax of that colour (CR 2.4) in the master's
        # climax area (CR 3.11; Condition.CLIMAX_FILTER_AT_LEAST)
        spec = self.charspec(self.quals(self.q_color(tok)), self.n_climax())
        return {"kind": "climax_filter_at_least", "value": 1, "filter": self.to_filter(spec, zone="climax_area")}

    def c_climax_icon(self, tok):
        # "if there is a climax with  in its trigger icon in your climax area": the icon the database drops, any
        # climax (approximation trigger_icon_dropped); a named icon needs a test of the climax area's card
        if self._icon(tok, "climax"):
            raise Unsupported("a climax with a named trigger icon in the climax area")
        return self.c_climax_any()

    def c_wr_climax(self, n):
        return {"kind": "wr_climax_at_least", "value": n}

    def c_wr_spec(self, spec, n):
        # "the number of <spec> in your waiting room is N or more" / "you have N or more <spec> in your waiting
        # room" / "your waiting room has N or more <spec>": cards of the waiting room (CR 3.10)
        if spec == {"type": "climax"}:
            return self.c_wr_climax(n)
        if spec == {} or "zone" in spec:
            raise Unsupported("a count of all the cards in the waiting room")
        return {"kind": "wr_filter_at_least", "value": n, "filter": self.to_filter(spec, zone="waiting_room")}

    def c_wr_spec_max(self, spec, n):
        if spec != {"type": "climax"}:
            raise Unsupported("'the number of <cards> in your waiting room is N or less' for other cards than climax")
        return self.c_wr_climax_max(n)

    def c_wr_spec_pre(self, n, spec):
        return self.c_wr_spec(spec, n)

    def c_have_in_clock(self, count, spec):
        # "you have a card named "X" in your clock"
        if count != ("one",) and count != ("exactly", 1) or set(spec) != {"name"}:
            raise Unsupported("'you have <cards> in your clock' other than a card named \"X\"")
        return {"kind": "named_in_clock", "name": spec["name"]}

    def lr_left(self):
        return "left"

    def lr_right(self):
        return "right"

    def c_in_position(self, side, part):
        # "if this card is in the left / right position of your center / back stage" (CR 3.6.3: (1)..(5))
        pos = {("left", "center"): K.POS_CENTER_LEFT, ("right", "center"): K.POS_CENTER_RIGHT,
               ("left", "back"): K.POS_BACK_LEFT, ("right", "back"): K.POS_BACK_RIGHT}[(str(side), part)]
        return {"kind": "in_position", "value": pos}

    def c_memory_names(self, n):
        # "if your memory has N or more cards with different card names" (CR 3.12; a Memory condition, CR 10.9.1)
        return {"kind": "memory_names_at_least", "value": n}

    def c_clock_top_keyword(self, tok):
        # "if the top card of your clock is a card with "Alarm"" (CR 10.1: a card with an Alarm ability)
        if card_name(tok).lower() != "alarm":
            raise Unsupported("the top card of your clock with a named ability other than Alarm")
        return {"kind": "clock_top_alarm"}

    def c_number_part_min(self, part, n):
        # "if the number of characters in your center stage is 3 or more" (session 29; this card too, if it is there)
        return self.c_number_in_part({"type": "character"}, part, n)

    def c_number_part_max(self, part, n):
        # "if the number of characters in your back stage is 1 or less" (this card too, if it is there)
        return self.c_have_at_most(n, {"type": "character"}, part)

    def c_level_max(self, n):
        # "if your level is N or lower" (CR 3.9: the number of cards in your level)
        return {"kind": "level_at_most", "value": int(n)}

    def c_opp_level_max(self, n):
        return {"kind": "level_at_most", "value": int(n), "opponent": True}

    def c_fewer_hand(self):
        # "if your hand has less cards than your opponent's hand", "if the number of cards in your hand is less than
        # your opponent's hand" (CR 3.3: each player's number of cards)
        return {"kind": "fewer_than_opp", "zone": "hand"}

    def c_fewer_stock(self):
        # "if your stock has less cards than your opponent's stock" (CR 3.10)
        return {"kind": "fewer_than_opp", "zone": "stock"}

    def c_self_level_min(self, n):
        return {"kind": "self_level_at_least", "value": int(n)}

    def c_level_colors(self, *colors):
        # "if your level has a yellow card (, a red card) and a blue card": a card of each colour in your level (CR 3.9)
        return {"kind": "level_colors", "colors": [str(c) for c in colors]}

    def c_have_in_climax(self, count, spec):
        # "if you have a card named "X" in your climax area" (session 27): "X" is in your climax area
        if count != ("one",) and count != ("exactly", 1) or set(spec) != {"name"}:
            raise Unsupported("'you have <cards> in your climax area' other than a card named \"X\"")
        return {"kind": "climax_named", "name": spec["name"]}

    def c_wr_spec_pre_max(self, n, spec):
        # "if there are N or less climax in your waiting room" (session 27)
        return self.c_wr_spec_max(spec, n)

    def c_no_facing(self):
        return {"kind": "no_facing"}

    def c_facing_reversed(self):
        return {"kind": "facing_reversed"}

    def c_named_wr(self, name):
        # '"X" is in your waiting room' (session 29, s29-wsauto): 1 or more cards of that name there (CR 3.10)
        return {"kind": "wr_filter_at_least", "value": 1, "filter": self.to_filter(self.named_spec(name),
                                                                                    zone="waiting_room")}

    def c_named_clock(self, name):
        return {"kind": "named_in_clock", "name": card_name(name)}

    def c_named_level(self, name):
        return {"kind": "named_in_level", "name": card_name(name)}

    def c_named_level_all(self, *names):
        # '"X" and "Y" are in your level' (session 28): each of them (all_of)
        return _cond_join("all_of", *(self.c_named_level(n) for n in names))

    def c_named_memory_all(self, *names):
        # '"X" and "Y" (and "Z") are in your memory' (session 28): each of them (all_of)
        return _cond_join("all_of", *(self.c_named_memory(n) for n in names))

    def c_and(self, a, b):
        return _cond_join("all_of", a, b)

    def c_or(self, a, *rest):
        return _cond_join("any_of", a, rest[-1])

    def c_wr_climax_max(self, n):
        return {"kind": "wr_climax_at_most", "value": n}

    # "if this card is in your memory" / "... the top card of your clock": where the ability works
    # (its zone: memory, CR 10.9.1; clock_top, Alarm CR 10.1.1), set by cont_line / auto_body
    def c_in_memory(self):
        return {"kind": "@zone", "zone": "memory"}

    def c_self_clock_top(self):
        return {"kind": "@zone", "zone": "clock_top"}

    # ---------------------------------------------------------------- costs
    def c_stock_only(self, tok):
        return {"stock": int(str(tok)[1:-1])}

    def c_stock_int(self, tok):
        return {"stock": int(tok)}  # "[1]": a stock cost printed without its parentheses

    def c_items_shuffle(self, *items):
        # "[... to your deck. Shuffle your deck afterwards]": the shuffle as a cost item (as "& shuffle your deck")
        return self.c_items(*items, self.c_shuffle())

    def c_items(self, *items):
        cost: dict[str, Any] = {}
        for it in items:
            if isinstance(it, Token):
                cost["stock"] = int(str(it)[1:-1])
                continue
            for k, v in it.items():
                if k in cost:
                    raise Unsupported("a cost with two parts of the same kind")
                cost[k] = v
        if "hand_to_clock_filter" in cost and cost.get("discard"):
            raise Unsupported("a discard and a hand-to-clock cost of some cards only (one filter column)")
        if "reveal" in cost:
            if cost.pop("@named") and not cost.get("discard") and not cost.get("hand_to_clock"):
                cost["reveal_shown"] = True
            else:
                self.approximate("reveal_cost_unseen")
        if cost.get("rest_self") and cost.get("rest_other") and cost["rest_other_filter"].get("relation") != "other":
            raise Unsupported("resting this card and N of your characters (which may include it)")
        return cost

    def c_discard(self, count, spec):
        if count[0] != "exactly":
            raise Unsupported("'up to' in a cost")
        out: dict[str, Any] = {"discard": count[1]}
        if spec:
            out["discard_filter"] = self.to_filter(spec, zone="hand")
        return out

    def c_hand_clock(self, count, spec):
        if count[0] != "exactly":
            raise Unsupported("'up to' in a cost")
        out: dict[str, Any] = {"hand_to_clock": count[1]}
        if spec:
            out["hand_to_clock_filter"] = self.to_filter(spec, zone="hand")
        return out

    def c_rest_self(self):
        return {"rest_self": True}

    def c_self_wr(self):
        return {"self_to_wr": True}

    def c_self_memory(self):
        return {"self_to_memory": True}

    # "[put this [STAND] card into ...]": payable only while this card stands (CR 8.4.2.2); an [ACT]
    # ability's condition self_standing (act_body)
    def c_self_memory_stand(self):
        return {"self_to_memory": True, "@stand": True}

    def c_self_wr_stand(self):
        return {"self_to_wr": True, "@stand": True}

    # Change (CR 10.8): this card's move to another zone than the waiting room / memory is only a
    # Change cost (auto_body turns it into the change op's destination)
    def c_self_clock(self):
        return {"@self_to": "clock"}

    def c_self_stock(self):
        return {"@self_to": "stock"}

    def c_self_deck_bottom(self):
        return {"@self_to": "deck_bottom"}

    def c_self_hand(self):
        return {"@self_to": "hand"}

    def c_clock_top_n(self, count, spec):
        if count != ("exactly", 1) or spec != {}:
            raise Unsupported("a cost putting several cards from the top of your deck into your clock")
        return self.c_clock_top()

    def c_clock_top(self):
        return {"clock_top": 1}

    def c_markers_wr(self, n):
        # "[put N markers (a marker from) underneath this card into your waiting room]" (CR 3.7; the engine keeps no
        # order of markers: approximation marker_order_unkept)
        if not 1 <= n <= 4:
            raise Unsupported("a cost of more than 4 markers")
        self.approximate("marker_order_unkept")
        return {"markers_to_wr": n}

    def c_stock_clock(self):
        # "[put the top card of your stock into your clock]" (CR 8.4): paid by the program of an [AUTO]
        # ability's "you may pay the cost" (auto_body, _stock_clock_cost_ops), where its cost is paid (8.7.3.1)
        return {"@stock_clock": 1}

    def c_stage_wr(self, count, *parts):
        # "[put N (other) <spec> character(s) from your stage into your waiting room]" (CR 8.4): the player
        # chooses them one at a time (the PAY_COST decision, costs.stage_cost_ok)
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = _as_char(parts[-1])
        if count[0] != "exactly" or not 1 <= count[1] <= K.REST_OTHER_MASK:
            raise Unsupported("'up to' in a cost")
        if spec.get("type") != "character" or "zone" in spec:
            raise Unsupported("a cost putting stage cards that are not characters")
        return {"rest_other": count[1], "rest_other_filter": self.to_filter(spec, relation="other" if other else None),
                "stage_to_wr": True}

    def c_stage_clock(self, count, *parts):
        # "[put N (other) <spec> character(s) from your stage into your clock]" (session 22): as c_stage_wr, into the
        # clock (REST_OTHER_TO_CLOCK, costs.pay_stage_char)
        return dict(self.c_stage_wr(count, *parts), stage_to_clock=True)

    def c_stage_wr_another(self, spec):
        return self.c_stage_wr(("exactly", 1), Token("OTHER", "other"), spec)

    def c_climax_wr(self, count, spec):
        # "[put 1 "X" from your climax area into your waiting room]" (CR 8.4): payable while your climax
        # area holds a card it describes (costs.cost_payable); that card goes to your waiting room
        if count != ("exactly", 1):
            raise Unsupported("a cost putting more than one card from the climax area")
        if not spec.get("name") or set(spec) - {"name", "type"} or spec.get("type") not in (None, "climax", "card"):
            raise Unsupported("a climax-area cost that does not name the card")
        return {"climax_to_wr": {"type": "climax", "name": spec["name"], "zone": "climax_area"}}

    def _wr_cost(self, count, spec, to):
        # "[put 1 <<T>> character from your waiting room at the bottom of your clock]" / "[return 2
        # characters from your waiting room to your deck & shuffle your deck]" (CR 8.4): auto_body pays it on
        # resolution (_wr_cost_ops), where an [AUTO] ability's cost is paid (CR 8.7.3.1)
        if count[0] != "exactly" or not 1 <= count[1] <= K.TARGET_MAX:
            raise Unsupported("'up to' in a cost")
        if "zone" in spec or spec.get("type") not in ("character", "card", "climax", "event", None):
            raise Unsupported("a waiting-room cost of something that is not a card")
        return {"@wr": {"count": count[1], "filter": self.to_filter(spec, zone="waiting_room"), "to": to}}

    def c_memory_wr(self, count, spec):
        # "[put 1 "X" from your memory into your waiting room]" (session 24): paid by the program on resolution, as a
        # waiting-room cost (_wr_cost_ops; "..., you may pay the cost. If you do" inside the effect: pay_cost_later)
        if count[0] != "exactly" or not 1 <= count[1] <= K.TARGET_MAX:
            raise Unsupported("'up to' in a cost")
        if "zone" in spec or spec.get("type") not in ("character", "card", "climax", "event", None):
            raise Unsupported("a memory cost of something that is not a card")
        return {"@wr": {"count": count[1], "filter": self.to_filter(spec, zone="memory"), "to": "waiting_room"}}

    def c_wr_clock_bottom(self, count, spec):
        return self._wr_cost(count, spec, "clock_bottom")

    def c_wr_deck(self, count, spec):
        return self._wr_cost(count, spec, "deck")

    def c_shuffle(self):
        return {"@shuffle": True}

    def c_reveal(self, count, spec):
        # CR 10.13.1 Resonate: "[reveal 1 <spec> in your hand]": payable while the hand holds one
        # (costs.cost_payable); the card stays in the hand, and the engine shows it to nobody
        # (approximation reveal_cost_unseen)
        if count != ("exactly", 1):
            raise Unsupported("revealing more than one card as a cost")
        flt = self.to_filter(spec, zone="hand")
        # a named card (every copy is the same card: no choice to ask) is shown to both players (session 21,
        # reveal_shown: state.REVEALED, costs.pay_fixed_costs) where no other part of the cost takes hand cards
        # (c_items: those are paid first, and could take the card the reveal needs)
        return {"reveal": flt, "@named": "name" in flt and set(flt) <= {"name", "zone", "type"}}

    def c_rest_other(self, count, *parts):
        # "[REST] N of your (other) <spec> characters" (CR 8.4): the player chooses N standing ones, one at
        # a time (the PAY_COST decision, costs.stage_cost_ok)
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = parts[-1]
        if count[0] != "exactly":
            raise Unsupported("'up to' in a cost")
        if spec.get("orientation") == ["stand"]:
            spec = {k: v for k, v in spec.items() if k != "orientation"}  # only [STAND] ones can be rested anyway
        if spec.get("type") is None and ("name" in spec or "name_contains" in spec):
            spec = dict(spec, type="character")  # "[REST] 1 of your "X"": the stage holds characters only (CR 3.6)
        if spec.get("type") != "character" or "orientation" in spec:
            raise Unsupported("a cost resting cards that are not characters")
        return {"rest_other": count[1], "rest_other_filter": self.to_filter(spec, relation="other" if other else None)}

    def c_rest_self_and_other(self, count, *parts):
        # "[[REST] this card and 1 of your (other) characters]": this card and N others (rest_other's are other than
        # this card: it is rested by rest_self)
        parts = [p for p in parts if not (isinstance(p, Token) and p.type in ("OTHER", "AND_THIS_CARD"))]
        return {"rest_self": True, **self.c_rest_other(count, Token("OTHER", "other"), *parts)}

    def c_rest_self_and_another(self, spec):
        return self.c_rest_self_and_other(("exactly", 1), spec)

    c_rest_other_and_self = c_rest_self_and_other

    def auto_cost(self, cost):
        return ("cost", cost)

    def encore_cost(self, cost):
        return cost

    def bond_cost(self, cost):
        return cost

    # ---------------------------------------------------------------- triggers
    def t_played(self):
        return ("played_self", None)

    def t_placed(self):
        return ("placed_self", None)

    def t_attacks(self):
        return ("attacks_self", None)

    def t_reversed(self):
        return ("reversed_self", None)

    def t_reversed_battle(self):
        # "in battle": the condition in_battle where the ability has no other (else approximate)
        return ("reversed_self", "in_battle")

    def t_opp_reversed(self):
        return ("battle_opp_reversed", None)

    def t_opp_reversed_q(self, quals):
        # "when this card's level 2 or higher battle opponent becomes [REVERSE]": the trigger's filter
        # on the battle opponent (turn.py passes it as the triggering card)
        flt = self.to_filter(self.charspec(quals, "character"), side="opponent")
        return ("battle_opp_reversed", {"trigger_filter": flt})

    def t_other_played(self, _other, spec):
        # Trigger.OTHER_PLAYED (session 22, play.place_on_stage): a character played from the hand only
        spec = _as_char(spec)
        if spec.get("type") != "character":
            raise Unsupported("'when your other card is placed on the stage'")
        return ("other_played", {"trigger_filter": self.to_filter(spec)})

    def t_other_placed_or(self, _other, spec):
        # "... from your hand or (from your) waiting room / memory / deck": OTHER_PLACED fires for every placement on
        # the stage (play.place_on_stage), from any zone (approximation other_placed_any)
        spec = _as_char(spec)
        if spec.get("type") != "character":
            raise Unsupported("'when your other card is placed on the stage'")
        self.approximate("other_placed_any")
        return ("other_placed", {"trigger_filter": self.to_filter(spec)})

    def t_other_from_wr(self, _other, spec):
        # Trigger.OTHER_PLACED_FROM_WR (session 22, play.place_on_stage): placed from the waiting room
        spec = _as_char(spec)
        if spec.get("type") != "character":
            raise Unsupported("'when your other card is placed on the stage'")
        return ("other_placed_from_wr", {"trigger_filter": self.to_filter(spec)})

    def t_another_from_wr(self, spec):
        return self.t_other_from_wr(None, spec)

    def t_another_played(self, spec):
        return self.t_other_played(None, spec)

    # "when this card attacks or is frontal attacked": one ability per trigger (auto_body), the same
    # effect either way
    def t_self_or_opp_reversed(self):
        # "when this card or this card's battle opponent becomes [REVERSE], ... that character ...": two
        # abilities, "that character" the card that became [REVERSE] (this card in the first; auto_body)
        return ("@two", (("reversed_self", None), ("battle_opp_reversed", None)), "that_is_reversed")

    def t_attacks_or_frontal(self):
        return ("@two", (("attacks_self", None), ("frontal_attacked_self", None)))

    def t_played_or_attacks(self):
        return ("@two", (("played_self", None), ("attacks_self", None)))

    def t_played_or_by(self, _by):
        # "placed on the stage from your hand or by a "X" effect": PLACED_SELF fires for every
        # placement (approximation placed_any_way: also by other effects, Encore, Change)
        self.approximate("placed_any_way")
        return ("placed_self", None)

    def t_placed_from_wr(self):
        # "when this card is placed on the stage from your waiting room" (session 32): Trigger.PLACED_FROM_WR_SELF
        # (play.place_on_stage: an effect's placement, Encore, CR 10.2)
        return ("placed_from_wr_self", None)

    def t_placed_by(self, _name):
        # "when this card is placed on the stage (from your waiting room) by the effect of "X"": PLACED_SELF, only
        # under "during your climax phase" (auto_body_climax_phase: no card is played from the hand then, CR 6.6;
        # approximation placed_by_any_effect)
        return ("placed_self", {"@by": True})

    def t_played_or_from(self):
        # "placed on the stage from your hand or (from your) memory / waiting room / deck": PLACED_SELF fires for
        # every placement (approximation placed_any_way: also from another zone, by Encore, Change)
        self.approximate("placed_any_way")
        return ("placed_self", None)

    def t_self_or_other_played(self, other, spec):
        # "when this card or your other <spec> is placed on the stage from your hand": two abilities (auto_body)
        return ("@two", (("played_self", None), self.t_other_played(other, spec)))

    def t_played_or_to_wr(self):
        return ("@two", (("played_self", None), ("to_wr_from_stage_self", None)))

    def t_to_wr(self):
        self._off_stage = True  # the card is in the waiting room when its condition is checked
        return ("to_wr_from_stage_self", None)

    def t_frontal_attacked(self):
        return ("frontal_attacked_self", None)

    def t_own_climax(self):
        return ("own_climax_placed", None)

    def t_opp_climax(self):
        return ("opp_climax_placed", None)  # Trigger.OPP_CLIMAX_PLACED (kernels, the climax decision)

    def t_climax_placed(self):
        if self.card.get("type") != "climax":
            raise Unsupported("'this card is placed on your climax area' on a card that is not a climax")
        return ("climax_placed", None)

    def t_end_attack(self):
        return ("end_of_attack_self", None)

    def t_dmg_canceled(self):
        return ("damage_canceled_self", None)

    def t_dmg_not_canceled(self):
        return ("damage_not_canceled_self", None)

    def t_recv_canceled(self):  # battle.battle_damage_received (CR 7.2.1.5.1 "in battle")
        return ("battle_damage_received_canceled", None)

    def t_recv_not_canceled(self):
        return ("battle_damage_received_not_canceled", None)

    def t_opp_brainstorm_cx(self, name):
        # "when your opponent uses "Brainstorm", if a climax is put into their waiting room by that effect" (session 32,
        # CR 10.7.3 / 10.7.4): Trigger.OPP_BRAINSTORM_CLIMAX, fired only after a flip that put a climax there
        if card_name(name).strip().lower() != "brainstorm":
            raise Unsupported("'when your opponent uses' a keyword other than Brainstorm")
        return ("opp_brainstorm_climax", None)

    def t_use_keyword(self, name):
        kw = _KEYWORDS.get(card_name(name).strip().lower())
        if kw is None:
            raise Unsupported(f"'when you use this card's {name}': only Brainstorm and Backup report their use")
        if kw == "backup":
            if self.card.get("type") != "character":
                raise Unsupported("Backup on a card that is not a character")
            self._backup = True  # read by the targets after the trigger ("in battle": the defender)
            self._off_stage = True  # and the conditions: the card is in the waiting room
        return ("use_keyword", kw)

    def t_own_direct_attacks(self):
        # "when your character direct attacks" (session 31): Trigger.OWN_DIRECT_ATTACKS (battle.declare_attack)
        return ("own_direct_attacks", None)

    def t_you_use_keyword(self, name):
        # "when you use "Accelerate"" (CR 10.12.3, session 27): any Accelerate ability of the master's resolved
        # (accelerate_used: triggers.trigger_accelerate_used, after the ability's effect)
        kw = card_name(name).strip().lower()
        if kw == "change":
            # "when you use "Change"" (session 31, s31-d2): any Change ability of the master's resolved
            # (change_used: triggers.trigger_change_used, after the ability's effect)
            return ("change_used", None)
        if kw == "resonate":  # (session 31) any Resonate ability of the master's resolved (CR 10.13)
            return ("resonate_used", None)
        if kw != "accelerate":
            raise Unsupported(f"'when you use {name}' (only Accelerate, Change and Resonate of another card report "
                              "their use)")
        return ("accelerate_used", None)

    def t_begin(self, *parts):
        whose = parts[0] if len(parts) == 2 else "any"
        return (_PHASES[parts[-1]], whose)

    def t_other_attacks(self, _other, spec):
        spec = _as_char(spec)
        if spec.get("type") != "character":
            raise Unsupported("'when your other card attacks'")
        return ("other_attacks", {"trigger_filter": self.to_filter(spec)})

    def t_named_climax(self, name):
        return ("own_climax_placed", {"trigger_filter": {"name": card_name(name), "zone": "climax_area"}})

    def t_opp_char_reversed(self, spec):
        # "when your opponent's character becomes [REVERSE]" (session 29): Trigger.OPP_CHAR_REVERSED (battle.reverse_char:
        # any reversal, in a battle or by an effect), filtered on that character
        spec = _as_char(spec)
        if spec.get("type") != "character":
            raise Unsupported("'when your opponent's card becomes [REVERSE]'")
        if set(spec) != {"type"}:
            raise Unsupported("'when your opponent's <spec> character becomes [REVERSE]' (a description)")
        return ("opp_char_reversed", None)

    def t_own_climax_color(self, tok):
        # "when a <colour> climax is placed on your climax area" (session 29): the placed climax (as t_named_climax)
        spec = self.charspec(self.quals(self.q_color(tok)), self.n_climax())
        return ("own_climax_placed", {"trigger_filter": self.to_filter(spec, zone="climax_area")})

    def t_named_climax_any(self, *names):
        # 'when "X" or "Y" is placed on your climax area' (session 28): a climax with one of the names (name_any)
        return ("own_climax_placed", {"trigger_filter": dict(self.named_any_spec(*names), zone="climax_area")})

    def t_other_frontal(self, _other, spec):
        if spec.get("type") != "character":
            raise Unsupported("'when your other card is frontal attacked'")
        self._defending = True  # "your characters in battle": the defending one (the opponent attacks)
        return ("other_frontal_attacked", {"trigger_filter": self.to_filter(spec)})

    def t_another_frontal(self, spec):
        return self.t_other_frontal(None, spec)

    def t_another_attacks(self, spec):
        return self.t_other_attacks(None, spec)

    def t_act_used(self):  # CR 8.1.1.1.2: when it has resolved (effects.run_top_frame)
        return ("act_used", None)

    def t_opp_act_used(self):
        return ("opp_act_used", None)

    def _other_spec(self, spec, what):
        spec = _as_char(spec)
        if spec.get("type") != "character":
            raise Unsupported(f"'when your other card {what}'")
        return spec

    def t_other_reversed(self, _other, spec, in_battle=False):
        # OTHER_REVERSED (battle.reverse_char): the filter on the reversed character ("in battle":
        # the attacking or the defending character of a battle, relation in_battle)
        flt = self.to_filter(self._other_spec(spec, "becomes [REVERSE]"),
                             relation="in_battle" if in_battle else None)
        return ("other_reversed", {"trigger_filter": flt})

    def t_other_to_wr(self, _other, spec):
        # OTHER_TO_WR_FROM_STAGE (play.stage_to_wr): the filter on the card that left the stage
        return ("other_to_wr_from_stage", {"trigger_filter": self.to_filter(self._other_spec(spec, "is put into "
                                                                                             "your waiting room"))})

    def t_another_to_wr(self, spec):
        return self.t_other_to_wr(None, spec)

    def t_other_reversed_battle(self, _other, spec):
        return self.t_other_reversed(None, spec, True)

    def t_another_reversed(self, spec):
        return self.t_other_reversed(None, spec)

    def t_another_reversed_battle(self, spec):
        return self.t_other_reversed(None, spec, True)

    def t_other_bopp_reversed(self, _other, spec):
        flt = self.to_filter(self._other_spec(spec, "'s battle opponent becomes [REVERSE]"))
        return ("other_battle_opp_reversed", {"trigger_filter": flt})

    def t_event_played(self):  # Trigger.EVENT_PLAYED (play.play_event)
        return ("event_played", None)

    def t_hand_to_wr(self, spec):
        # Trigger.HAND_TO_WR (play.hand_to_wr): any move of a hand card of its master's to the waiting room (CR 8.7.4;
        # discards as costs and by effects, the hand limit's, Backup's cost), filtered on that card
        return ("hand_to_wr", {"trigger_filter": self.to_filter(spec)})

    def t_own_to_memory(self, spec):
        # (session 34, s34d) Trigger.OWN_TO_MEMORY (play.to_memory): any move of a card of its master's into the
        # memory (CR 3.12.1, 8.7.4: effects, costs, Change), filtered on that card as it is there (CR 8.7.4.1.3)
        flt = self.to_filter(spec)
        return ("own_to_memory", {"trigger_filter": flt} if flt and flt != {"type": "card"} else None)

    def t_to_memory_from_stage(self):
        # (session 34, s34d) Trigger.TO_MEMORY_FROM_STAGE_SELF (play.to_memory): this card, from the stage
        return ("to_memory_from_stage_self", None)

    def t_frontal_attacks(self):  # Trigger.FRONTAL_ATTACKS_SELF (battle.declare_attack)
        return ("frontal_attacks_self", None)

    def t_direct_attacks(self):
        return ("direct_attacks_self", None)

    def t_level_up(self):
        return ("level_up", None)

    def t_refreshed(self):
        # (session 33) "when you have refreshed your deck" (CR 9.2): Trigger.REFRESHED on the master's stage
        # characters when the refresh point is applied (CR 9.9, rule_processes.rule_actions; approximation
        # refresh_at_refresh_point)
        self.approximate("refresh_at_refresh_point")
        return ("refreshed", None)

    def t_opp_level_up(self):  # "when your opponent levels up" (CR 9.3.2; kernels: the other player's stage)
        return ("opp_level_up", None)

    def t_any_recv_canceled(self):  # Trigger.DAMAGE_RECEIVED_CANCELED (battle.battle_damage_received: every damage)
        return ("damage_received_canceled", None)

    def t_any_recv_not_canceled(self):
        return ("damage_received_not_canceled", None)

    def t_facing_attacks(self):  # Trigger.FACING_ATTACKS (battle.declare_attack: the attacker's facing character)
        return ("facing_attacks", None)

    def t_trigger_cx(self):
        return ("trigger_check_climax", None)

    def t_own_trigger_cx(self):
        return ("own_trigger_check_climax", None)

    def _icon_trigger(self, trig, tok):
        # the revealed / placed climax is the triggering card (turn.py, kernels.py pass it): the icon is its filter
        icon = self._icon(tok, "climax")
        return (trig, {"trigger_filter": {"type": "climax", **icon}} if icon else None)

    def _trigger_spec(self, own, spec):
        # "when this card's / your character's trigger check reveals <spec>" (CR 7.3): a climax (with an icon) keeps its
        # triggers (TRIGGER_CHECK_CLIMAX / OWN_TRIGGER_CHECK_CLIMAX: the icon its filter; the dropped icon any climax,
        # charspec_icon's approximation); any other description, the revealed card's filter on (OWN_)TRIGGER_CHECK_CARD
        # (turn.py: every card the trigger check reveals, the triggering card)
        if spec.get("type") == "climax" and set(spec) <= {"type", "trigger_icon"}:
            trig = "own_trigger_check_climax" if own else "trigger_check_climax"
            return (trig, {"trigger_filter": dict(spec)} if "trigger_icon" in spec else None)
        if spec.get("side", "own") != "own" or "orientation" in spec or "positions" in spec:
            raise Unsupported("a revealed card described by a stage quality")
        return ("own_trigger_check_card" if own else "trigger_check_card", {"trigger_filter": self.to_filter(spec)})

    def t_own_trigger_spec(self, *parts):
        return self._trigger_spec(True, parts[-1])

    def t_trigger_spec(self, *parts):
        return self._trigger_spec(False, parts[-1])

    def t_own_trigger_cx_icon(self, tok):
        return self._icon_trigger("own_trigger_check_climax", tok)

    def t_trigger_cx_icon(self, tok):
        return self._icon_trigger("trigger_check_climax", tok)

    def t_own_climax_icon(self, tok):
        trig, extra = self._icon_trigger("own_climax_placed", tok)
        if extra:  # the placed climax, in the climax area (as t_named_climax's filter)
            extra["trigger_filter"]["zone"] = "climax_area"
        return trig, extra

    def t_end_turn(self, *parts):
        # (session 34, s34c) "at the end of your (your opponent's / the) turn": CR 6.8.1.1 activates the conditions "at
        # the beginning of end phase" and "at the end of turn" at the same point of the end phase, so the trigger is
        # begin_end's (as the delayed "at the end of the turn, put this card ..." of session 32)
        return ("begin_end", parts[0] if parts else "any")

    def w_yours(self):
        return "yours"

    def w_opp(self):
        return "opponents"

    def ph_turn(self):
        return "ph_turn"

    def ph_draw(self):
        return "ph_draw"

    def ph_clock(self):
        return "ph_clock"

    def ph_main(self):
        return "ph_main"

    def ph_climax(self):
        return "ph_climax"

    def ph_attack(self):
        return "ph_attack"

    def ph_encore(self):
        return "ph_encore"

    def ph_end(self):
        return "ph_end"

    def ph_battle(self):
        return "ph_battle"

    def ph_counter(self):
        return "ph_counter"

    # ---------------------------------------------------------------- AUTO
    def p_combo(self):
        return ("combo",)

    def p_once(self, n):
        if n != 1:
            raise Unsupported("activates up to N times per turn")
        return ("once",)

    def p_limit(self, n):
        if n not in (2, 3):
            raise Unsupported("'this ability activates up to N times per turn' (N > 3)")
        return ("times", n)

    def p_alarm(self):
        return ("alarm",)  # CR 10.1.1: works from the top of the clock (its condition says so)

    def p_accelerate(self):
        return ("accelerate",)  # CR 10.12.1: a cost putting a card into your clock

    def p_clock_icon(self):
        return ("clock_icon",)  # the [CLOCK] icon printed before Alarm: where the ability works

    def p_change(self):
        return ("change",)

    def p_memory(self):
        return ("memory",)  # CR 10.9.1: an ability about the memory (auto_body checks its condition)

    def p_experience(self):
        return ("experience",)

    def p_resonate(self):
        return ("resonate",)  # CR 10.13.1: a keyword naming the reveal in the cost, no effect of its own

    def rest_pay(self, effects):
        return ("pay", None, effects)

    def rest_pay_not(self, effects):
        # "you may pay the cost. If you do not, X" (session 28): nothing when paid, X when not (auto_body)
        if any(o["op"] == "@ifnot" for o in effects):
            raise Unsupported("two 'if you do not'")
        return ("pay", None, [{"op": "@ifnot", "then": effects}])

    def rest_if_pay_not(self, cond, effects):
        mode, _, ops = self.rest_pay_not(effects)
        return self.rest_if_pay(cond, ops)

    def pay_cost_later(self):
        # "..., if there is a climax among those cards, you may pay the cost. If you do, ...": the cost paid
        # where the text says so (CR 8.4.2): a "may" of its action (auto_body: a discard of 1 card, the
        # ability then has no cost of its own)
        return [{"op": "may", "then": [{"op": "discard", "count": 1, "@cost": True}]}]

    def rest_if_pay(self, cond, effects):
        if cond.get("kind") == "@and":
            # "if you have N or more <spec> and M or less cards in your memory, you may pay the cost": the memory's
            # bound is the ability's condition (checked before the cost, which may put this card into the memory),
            # the count an IF after the cost (approximation second_condition_after_cost)
            return self.rest_if2_pay(cond["b"], cond["a"], effects)
        return ("pay", cond, effects)

    def change_marker(self, n1, n2, name):
        if int(n1) != 1 or int(n2) != 1:
            raise Unsupported("Change choosing more than 1 marker / card")
        return [{"op": "change", "filter": {"type": "character", "name": card_name(name), "zone": "waiting_room"},
                 "to": "marker", "orientation": "rest"}]

    def rest_if_change_marker(self, cond, effects):
        return ("plain", cond, effects)

    def rest_if2_pay(self, a, b, effects):
        # "if A, and B, you may pay the cost. If you do, X": A is the ability's condition, B an IF around X
        # (approximation second_condition_after_cost: B is checked after the cost is paid)
        if any(c["kind"] in ("@zone", "none") for c in (a, b)):
            raise Unsupported("two conditions with a zone or a count that always holds")
        try:
            # both the ability's condition, checked before the cost as the text says (all_of, session 28)
            return ("pay", _cond_join("all_of", a, b), effects)
        except Unsupported:
            pass
        return ("pay", a, [{"op": "@cond2", "condition": b, "then": effects}])

    def rest_if4_pay(self, a, b, c, d, effects):
        # "if A, B, C, and D, you may pay the cost. If you do, X" (session 29): all four before the cost (all_of)
        if any(x["kind"] in ("@zone", "none") for x in (a, b, c, d)):
            raise Unsupported("conditions with a zone or a count that always holds")
        return ("pay", _cond_join("all_of", a, b, c, d), effects)

    def rest_if3_pay(self, a, b, c, effects):
        # "if A, B, and C, you may pay the cost. If you do, X": as rest_if2_pay, C an IF inside B's
        if any(x["kind"] in ("@zone", "none") for x in (a, b, c)):
            raise Unsupported("conditions with a zone or a count that always holds")
        try:
            return ("pay", _cond_join("all_of", a, b, c), effects)  # all three before the cost (session 28)
        except Unsupported:
            pass
        return ("pay", a, [{"op": "@cond2", "condition": b, "then": [{"op": "if", "condition": c, "then": effects}]}])

    def rest_if2(self, a, b, effects):
        # "if A and B, X": as "if A, and B, X" (if_sentence2): A the ability's condition, B an IF on resolution
        return ("plain", None, [{"op": "if", "condition": a, "then": [{"op": "if", "condition": b, "then": effects}]}])

    def auto_rest(self, effects):
        return ("plain", None, effects)

    def auto_cost_part(self, *parts):
        return list(parts)  # the cost and the prefixes after it ("[cost] this ability activates ...")

    def auto_body(self, *parts):
        parts = tuple(x for p in parts for x in (p if isinstance(p, list) else [p]))
        if isinstance(parts[-2], tuple) and parts[-2][0] == "@two":
            out = [self.auto_body(*copy.deepcopy(parts[:-2]), t, copy.deepcopy(parts[-1])) for t in parts[-2][1]]
            if len(parts[-2]) > 2:  # "that character" is the card that became [REVERSE]: this card in the first
                first = out[0]["effect"]
                if any(o["op"] in ("if", "may", "if_stored", "choose_one") for o in first) or \
                        sum(o["op"] == "target_battle_opp" for o in first) != 1 or \
                        not any(o["op"] == "target_battle_opp" for o in out[1]["effect"]):
                    raise Unsupported("'when this card or its battle opponent becomes [REVERSE]' with another effect")
                out[0]["effect"] = [{"op": "target_self"} if o["op"] == "target_battle_opp" else o for o in first]
            if any(ab.get("once_per_turn") or ab.get("times_per_turn") for ab in out):
                raise Unsupported("two triggers on an ability with a once-per-turn limit")
            if any(ab["trigger"] == "to_wr_from_stage_self" and "condition" in ab for ab in out):
                # the condition was compiled for the card on the stage (a count that includes it)
                raise Unsupported("a condition on 'placed on the stage or put into your waiting room'")
            return out
        if isinstance(parts[-1], tuple) and any(o.get("op") == "@next_draw" for o in parts[-1][2]):
            return self._delayed_next_draw(parts)
        prefixes = [p for p in parts[:-2] if isinstance(p, tuple) and (len(p) == 1 or p[0] == "times")]
        cost = next((p[1] for p in parts if isinstance(p, tuple) and len(p) == 2 and p[0] == "cost"), None)
        if cost is not None and "@stand" in cost:
            raise Unsupported("'put this [STAND] card' in the cost of an [AUTO] ability")
        trig, whose = parts[-2]
        mode, cond, effects = parts[-1]
        ab: dict[str, Any] = {"kind": "auto", "trigger": trig}
        in_battle = whose == "in_battle"
        if in_battle:
            whose = None
        if isinstance(whose, dict):
            ab.update(whose)
        elif whose is not None and trig != "use_keyword":
            if whose != "any":
                ab["whose"] = whose
        elif trig == "use_keyword":
            ab["trigger_keyword"] = whose
        if trig == "climax_placed" or self.card.get("type") == "climax" and trig not in ("climax_placed", "own_climax_placed", "begin_end"):
            if self.card.get("type") != "climax" or trig != "climax_placed":
                raise Unsupported("a climax's auto ability with another trigger than its placement")
        # (an "if" marked @no_lift, session 34: one of several players' actions, not the ability's condition)
        if mode == "plain" and effects and effects[0]["op"] == "if" and cond is None and not effects[0].get("@no_lift"):
            cond, effects = effects[0]["condition"], effects[0]["then"] + effects[1:]
            inner = effects[0]["then"] if len(effects) == 1 and effects[0]["op"] == "if" else []
            if cond["kind"] != "@zone" and any(o["op"] in ("if", "if_stored") for o in inner) \
                    and not (len(inner) == 1 and inner[0]["op"] == "if"):  # (an IF of one IF: _resolve's conjunction)
                # "if A, and B, X" where X tests something of its own ("if that card is ..."): A and B the ability's
                # condition (all_of, session 28), as A alone is (checked when it triggers and when it resolves)
                cond, effects = _cond_join("all_of", cond, effects[0]["condition"]), effects[0]["then"]
        zone = getattr(self, "_zone_first", None)
        if cond is not None and cond["kind"] == "@zone":
            if zone is not None:
                raise Unsupported("two zones for one ability")
            zone, cond = cond["zone"], None
        if zone is not None:
            # an AUTO ability working from the memory (CR 10.9.1) or the top of the clock (Alarm, CR
            # 10.1.1): triggers.trigger_all queues those at the beginning of a phase or step
            # (session 34) "[AUTO] Memory When you level up, if this card is in your memory": kernels' level up
            # scans the memory too (triggers.trigger_memory_abilities)
            if not (trig.startswith("begin_") or trig == "level_up" and zone == "memory") \
                    or self.card.get("type") not in ("character", "event") \
                    or self.card.get("type") == "event" and zone != "memory":
                raise Unsupported("an ability working from the memory / clock with another trigger than a phase")
            ab["zone"] = zone
        if ("accelerate",) in prefixes and ((cost or {}).get("@wr") or {}).get("to") == "clock_bottom":
            pass  # CR 10.12.1: a keyword with no meaning in terms of effects (the cost puts a card into the clock)
        elif ("accelerate",) in prefixes:
            if not (cost or {}).get("clock_top") or "keyword" in ab:
                raise Unsupported("Accelerate without putting the top card of your deck into your clock as its cost")
            ab["keyword"] = "accelerate"
        if ("alarm",) in prefixes:
            if zone != "clock_top":
                raise Unsupported("Alarm without 'this card is the top card of your clock'")
            ab["keyword"] = "alarm"
        elif ("clock_icon",) in prefixes and zone != "clock_top":
            raise Unsupported("the [CLOCK] icon on an ability that does not work from the clock")
        named_cx = (ab.get("trigger_filter") or {}).get("name") if trig == "own_climax_placed" else None
        if ("combo",) in prefixes and named_cx is not None:
            # "[CXCOMBO] when "X" is placed on your climax area": the trigger names the climax (CR 8.12);
            # the combo column too where the condition slot is free
            if cond is None:
                ab["combo"] = named_cx
        elif ("combo",) in prefixes and (cost or {}).get("climax_to_wr"):
            pass  # "[CXCOMBO] [put 1 "X" from your climax area into ...]": the cost names the climax (CR 8.12.1)
        elif ("combo",) in prefixes and (cond is None or cond["kind"] != "climax_named" or "name" not in cond):
            # the icon "has no special meaning in terms of rules" (CR 8.12.1): an ability naming a card elsewhere (a
            # cost's or a choice's "X", a "placed by the effect of "X"" trigger) keeps no combo column
            named = any(isinstance(d, dict) and ("name" in d or "name_any" in d or "@by" in d)
                        for d in _dicts([cost, effects, ab, cond]))
            if not named:
                raise Unsupported("[CXCOMBO] without the named climax condition")
        elif ("combo",) in prefixes:
            ab["combo"] = cond["name"]
            cond = None
        # "[CXCOMBO] Experience ... if "X" is in your climax area, and the total level of the cards in your level is N
        # or higher, ...": the climax is the combo (the ability's condition), the level sum an IF (CR 10.10.1: an
        # ability referring to the level, wherever the text tests it)
        level_if = ("experience",) in prefixes and cond is None and "combo" in ab and len(effects) == 1 \
            and effects[0]["op"] in ("if", "@cond2") and effects[0]["condition"]["kind"] in _EXPERIENCE_CONDS
        if effects and effects[0]["op"] == "@cond2":
            # "if A, and B, you may pay the cost": A is the ability's condition (or, with [CXCOMBO], the
            # combo column, which the pool compiler keeps alone), B is checked after the cost
            # (second_condition_after_cost)
            c2 = effects[0]
            self.approximate("second_condition_after_cost")
            effects = [{"op": "if", "condition": c2["condition"], "then": c2["then"]}]
        if ("once",) in prefixes:
            ab["once_per_turn"] = True
        for p in prefixes:
            if p[0] == "times":
                ab["times_per_turn"] = p[1]
        if ("experience",) in prefixes and not _cond_kinds(cond) & set(_EXPERIENCE_CONDS) and not level_if:
            raise Unsupported("Experience without the level-sum condition")
        if ("experience",) in prefixes:
            ab["keyword"] = "experience"
        if ("resonate",) in prefixes:
            if not (cost or {}).get("reveal") or "keyword" in ab:
                raise Unsupported("Resonate without revealing a hand card in its cost")
            ab["keyword"] = "resonate"
        if ("memory",) in prefixes:
            # CR 10.9.1 "Memory": the ability references the memory (its condition, or an "if"), or
            # works from it
            conds = [cond] + [o["condition"] for o in _walk(effects) if o["op"] == "if"]
            # (session 33) or a count of the memory's cards ("X is equal to the number of cards in your memory")
            counts = any(o["op"] == "count" and (o.get("filter") or {}).get("zone") == "memory" for o in _walk(effects))
            if not (zone == "memory" or counts or any(_cond_kinds(c) & set(_MEMORY_CONDS) for c in conds)) \
                    or "keyword" in ab:
                raise Unsupported("Memory without a condition on the memory (or an ability working from it)")
            ab["keyword"] = "memory"
        if cond is not None and cond["kind"] != "none":
            ab["condition"] = cond
        if in_battle:
            if "condition" in ab and ab["condition"]["kind"] in _BATTLE_OPP_CONDS:
                # "when this card becomes [REVERSE] in battle, if this card's battle opponent is ...": the condition
                # on the battle opponent holds only in battle (the in_battle test and more): nothing is dropped
                pass
            elif "condition" in ab:
                # another condition beside "in battle": both in the condition slot (the condition in_battle
                # prefixed to the other, cards.compile_condition), tested when it triggers and on resolution
                ab["condition"] = _cond_join("all_of", {"kind": "in_battle"}, ab["condition"]) \
                    if ab["condition"]["kind"] in ("all_of", "any_of") else dict(ab["condition"], in_battle=True)
            else:
                ab["condition"] = {"kind": "in_battle"}
        if ("change",) in prefixes or any(o["op"] == "@change_place" for o in effects):
            cost, effects = self._change(cost, effects, by_cost=mode == "pay")
            if ("change",) in prefixes:
                ab["keyword"] = "change"
        if cost is not None and "@self_to" in cost:
            if cost.get("self_to_wr") or cost.get("self_to_memory"):
                raise Unsupported("a cost moving this card to two zones")
            cost = dict(cost)
            cost["self_to"] = cost.pop("@self_to")
        later = [o for o in _dicts(effects) if o.get("@cost")]
        if cost is not None and "@wr" in cost and later and len(later) == 1 and mode != "pay" and set(cost) == {"@wr"} \
                and cost["@wr"]["to"] == "waiting_room" and cost["@wr"]["count"] == 1 and not prefixes:
            # "[put 1 "X" from your memory into your waiting room] ..., (if ...,) you may pay the cost. If you do, X"
            # (session 24): the cost paid where the text says (pay_cost_later), 1 card of the memory chosen and put
            # into the waiting room; nothing to choose: not paid, X not done (IF_DONE, CR 8.4.2.2)
            holder = next(o for o in _dicts(effects) if o.get("op") == "may" and o["then"] and o["then"][0] is later[0])
            holder["then"][0:1] = [{"op": "choose", "filter": cost["@wr"]["filter"], "count": 1},
                                   {"op": "@t", "who": "that"}, {"op": "to_waiting_room"}, {"op": "@cost_done"}]
            cost = None
        if cost is not None and "@wr" in cost and mode == "pay" and (cost["@wr"].get("filter") or {}).get("zone") \
                == "memory" and cost["@wr"]["to"] == "waiting_room" and set(cost) - {"stock", "@wr"} \
                and not set(cost) - {"stock", "@wr", "discard", "discard_filter", "rest_self"} \
                and ("change",) not in prefixes:
            # (session 34) the memory's cards beside hand cards / [REST] this card: all of it paid by the program
            ab["effect"] = self._auto_memory_cost_ops(cost, effects, trig, ab.get("condition"))
            return ab
        if cost is not None and "@wr" in cost:
            # a cost taking waiting-room cards: paid where an [AUTO] ability's cost is, on resolution (CR
            # 8.7.3.1.1), and only in full (CR 8.4.2.2): the program checks the stock and the waiting room
            # first, asks whether to pay, then pays (the cards chosen one at a time) and does the rest
            if mode != "pay" or set(cost) - {"stock", "@wr", "@shuffle"} \
                    or ("@shuffle" in cost) != (cost["@wr"]["to"] == "deck") or ("change",) in prefixes:
                raise Unsupported("a waiting-room cost beside another cost, or without 'you may pay the cost'")
            ab["effect"] = self._wr_cost_ops(cost, effects, trig, ab.get("condition"))
            return ab
        if cost is not None and "@stock_clock" in cost:
            # "[(S) put the top card of your stock into your clock] ..., you may pay the cost. If you do, X": paid
            # where an [AUTO] ability's cost is, on resolution (CR 8.7.3.1.1), and only in full (CR 8.4.2.2)
            if mode != "pay" or set(cost) - {"stock", "@stock_clock"} or ("change",) in prefixes:
                raise Unsupported("putting the top card of your stock into your clock beside another cost, or without "
                                  "'you may pay the cost'")
            ab["effect"] = self._stock_clock_cost_ops(cost, effects, trig, ab.get("condition"))
            return ab
        later = [o for o in _dicts(effects) if o.get("@cost")]
        if later and cost == {"discard": 1} and mode != "pay" and len(later) == 1:
            # the cost paid inside the effect (pay_cost_later): "[put 1 card from your hand into your waiting
            # room]" is the discard of 1 card, which does nothing with an empty hand (CR 8.4.2.2)
            del later[0]["@cost"]
            cost = None
        elif later:
            # "[(S) (put N cards from your hand into your waiting room)] ... If that card is X, you may pay the
            # cost. If you do, Y" (session 28): where the text says, the stock paid and the cards discarded (CR 8.4.2.1,
            # in the order written), asked only when all of it can be paid (CR 8.4.2.2: an IF on the stock / hand)
            if mode == "pay" or len(later) != 1 or set(cost or {}) != {"stock"}:
                raise Unsupported("'you may pay the cost' inside the effect with another cost than the stock or 1 hand "
                                  "card")
            self._pay_inside(effects, later[0], cost)
            cost = None
        declined = None
        if effects and effects[-1]["op"] == "@ifnot":
            # "you may pay the cost. (If you do, A.) If you do not, B." (CR 8.1.1.2.2: the cost paid or not as the
            # text says): B when the cost is declined or cannot be paid (CR 8.4.2.2), WSAbility.if_not_paid
            if mode != "pay" or cost is None:
                raise Unsupported("'if you do not' after something other than 'you may pay the cost'")
            effects, declined = effects[:-1], effects[-1]["then"]
        if any(o["op"] == "@ifnot" for o in _walk(effects)):
            raise Unsupported("'if you do not' after something other than 'you may pay the cost'")
        if mode == "pay":
            if cost is None:
                raise Unsupported("'you may pay the cost' without a cost")
            ab["cost"] = cost
            ab["optional"] = True
        elif cost is not None:
            raise Unsupported("a cost without 'you may pay the cost'")
        self._event_in_memory = self.card.get("type") == "event" and ab.get("zone") == "memory"
        try:
            # (paid with nothing said after it: the effect is the cost alone)
            ab["effect"] = self.resolve(effects, trig, ab.get("condition")) if effects or declined is None else []
            if declined is not None:
                ab["if_not_paid"] = self.resolve(declined, trig, ab.get("condition"))
        finally:
            self._event_in_memory = False
        if any(o["op"] == "encore_self" and trig != ("other_to_wr_from_stage" if o.get("triggering")
                                                     else "to_wr_from_stage_self") for o in _walk(ab["effect"])):
            raise Unsupported("'return this card to its previous stage position' after another trigger than this card "
                              "being put into the waiting room from the stage")
        return ab

    @staticmethod
    def _pay_inside(effects: list[dict], mark: dict, cost: dict) -> None:
        """``mark`` (pay_cost_later's discard, the first op of a "may") made the payment of ``cost``, a stock: all of
        it or nothing, reported (pay_stock in_full: "If you do" is an IF_DONE after it; CR 8.4.2.2), auto_body,
        session 28."""
        def find(ops):
            for i, o in enumerate(ops):
                if o.get("op") == "may" and o["then"] and o["then"][0] is mark:
                    return ops, i
                for key in ("then",):
                    if isinstance(o.get(key), list):
                        hit = find(o[key])
                        if hit:
                            return hit
                for opt in o.get("options") or ():
                    hit = find(opt)
                    if hit:
                        return hit
            return None

        hit = find(effects)
        if hit is None:
            raise Unsupported("'you may pay the cost' inside the effect somewhere this compiler cannot pay it")
        ops, i = hit
        ops[i]["then"][0] = {"op": "pay_stock", "count": cost["stock"], "in_full": True}

    def _wr_cost_ops(self, cost, effects, trig, cond) -> list[dict]:
        """The program of "[(S) put N <spec> from your waiting room at the bottom of your clock / return N
        <spec> from your waiting room to your deck & shuffle your deck] ..., you may pay the cost. If you do,
        X": if the stock holds S and the waiting room N matching cards (CR 8.4.2.2: all of it can be paid),
        the player may pay: S stock, N chosen cards moved (CR 8.4.2.1: in the order written), then X."""
        wr = cost["@wr"]
        pay: list[dict] = []
        if cost.get("stock"):
            pay.append({"op": "pay_stock", "count": cost["stock"]})
        pay.append({"op": "choose", "filter": wr["filter"], "count": wr["count"]})
        if wr["to"] == "waiting_room":  # from the memory (c_memory_wr)
            pay.append({"op": "to_waiting_room"})
        elif wr["to"] == "clock_bottom":
            pay.append({"op": "to_clock", "bottom": True})
        else:
            pay += [{"op": "to_deck_top"}, {"op": "shuffle_deck"}]
        pay.append({"op": "@cost_done"})  # the cost's cards are no "it" of the effect
        out = self.resolve([{"op": "may", "then": pay + effects}], trig, cond)
        kind = "memory_filter_at_least" if wr["filter"].get("zone") == "memory" else "wr_filter_at_least"
        out = [{"op": "if", "condition": {"kind": kind, "value": wr["count"], "filter": wr["filter"]}, "then": out}]
        if cost.get("stock"):
            out = [{"op": "if", "condition": {"kind": "stock_at_least", "value": cost["stock"]}, "then": out}]
        return out

    def _auto_memory_cost_ops(self, cost, effects, trig, cond) -> list[dict]:
        """(Session 34, s34d) "[(S) Put N cards from your hand into your waiting room & Put M <spec> from your memory
        into your waiting room (& [REST] this card)] ..., you may pay the cost. If you do, X": an [AUTO] ability's cost
        is paid on resolution (CR 8.7.3.1.1), in full or not at all (CR 8.4.2.2): while the stock, the hand, the memory
        (and this card standing) can pay it all, the player may pay: the stock, then the parts in the order written
        (CR 8.4.2.1; hand cards through play.hand_to_wr, as the kernel's discard), then X (as _wr_cost_ops)."""
        wr = cost["@wr"]
        pay: list[dict] = []
        guards: list[dict] = []
        if cost.get("stock"):
            pay.append({"op": "pay_stock", "count": cost["stock"]})
            guards.append({"kind": "stock_at_least", "value": cost["stock"]})
        for k in cost:  # the cost's parts in the order written (the parse keeps it)
            if k == "discard":
                flt = cost.get("discard_filter") or {"zone": "hand"}
                pay += [{"op": "choose", "filter": flt, "count": cost["discard"]}, {"op": "to_waiting_room"}]
                guards.append({"kind": "hand_filter_at_least", "value": cost["discard"], "filter": flt}
                              if cost.get("discard_filter") else {"kind": "hand_at_least", "value": cost["discard"]})
            elif k == "@wr":
                pay += [{"op": "choose", "filter": wr["filter"], "count": wr["count"]}, {"op": "to_waiting_room"}]
                guards.append({"kind": "memory_filter_at_least", "value": wr["count"], "filter": wr["filter"]})
            elif k == "rest_self":
                pay += [{"op": "@t", "who": "self"}, {"op": "rest"}]
                guards.append({"kind": "self_standing"})
        pay.append({"op": "@cost_done"})  # the cost's cards are no "it" of the effect
        out = self.resolve([{"op": "may", "then": pay + effects}], trig, cond)
        for g in reversed(guards):
            out = [{"op": "if", "condition": g, "then": out}]
        return out

    def _delayed_next_draw(self, parts):
        """"..., (you may) put this card into your memory. If you do, at the beginning of your next draw phase,
        choose 1 "<this card's name>" in your memory, and put it in any position of your stage" (or the same move of
        ): the ability created on resolution (its master the ability's, CR 4.3.5) is
        compiled as an ability of this card working from the memory (CR 10.9.1 zone memory) at the beginning of its
        master's draw phases (CR 6.3.1.1), beside the ability that puts the card there (approximation
        delayed_from_memory: it also acts when the card reached the memory another way)."""
        cost = next((p[1] for p in parts if isinstance(p, tuple) and len(p) == 2 and p[0] == "cost"), None)
        mode, cond, effects = parts[-1]
        *before, delayed = effects
        if delayed.get("op") != "@next_draw" or any(o.get("op") == "@next_draw" for o in before):
            raise Unsupported("'at the beginning of your next draw phase' elsewhere than the ability's last sentence")
        to_memory = [{"op": "@t", "who": "self", "move_only": True}, {"op": "to_memory"}]
        if mode == "pay" and cost is not None and cost.get("self_to_memory") and not before:
            # "[... & put this card into your memory] ..., you may pay the cost. If you do, at the beginning of your
            # next draw phase, ...": the cost puts the card there (CR 8.4), the ability does nothing else
            ok = True
        elif mode == "pay" or cost is not None:
            raise Unsupported("'at the beginning of your next draw phase' after a cost that does not put this card "
                              "into your memory")
        else:
            ok = before in ([{"op": "may", "then": to_memory}], to_memory) or len(before) == 1 \
                and before[0]["op"] == "if" and before[0]["then"] in (to_memory, [{"op": "may", "then": to_memory}])
            # "if this card is [REST], put ..."; "if "X" is in your climax area, you may put ..." (session 32)
        if not ok:
            raise Unsupported("'at the beginning of your next draw phase' after another instruction than putting "
                              "this card into your memory")
        inner = delayed["then"]
        name = self.card.get("name")
        if not inner or inner[0].get("op") != "choose" or inner[0].get("count") != 1 or not name \
                or inner[0]["filter"] != {"name": name, "zone": "memory"}:
            raise Unsupported("a delayed ability that does not choose this card's name in your memory")
        if self.card.get("type") != "character":
            raise Unsupported("a delayed ability of a card that is not a character")
        # (session 34, s34d) the move marks this card (Op.MEMORY_MARK, state.MEMORY_MARK, CR 8.7.5): the delayed
        # ability acts only on a card this ability put into the memory that stayed there since (the mark is cleared
        # when the card leaves it), and once (CR 8.7.5.1: it clears the mark first). Before session 34 it acted on a
        # card put there any other way too (approximation delayed_from_memory, now unused).
        before = _mark_after_to_memory(before) if before else [{"op": "memory_mark"}]
        try:
            ab = self.auto_body(*parts[:-1], (mode, cond, before))
        finally:
            self._cost_only = False
        if isinstance(ab, list):
            raise Unsupported("a delayed ability of an ability with two triggers")
        later = {"kind": "auto", "trigger": "begin_draw", "whose": "yours", "zone": "memory",
                 "condition": {"kind": "memory_marked"},
                 "effect": [{"op": "memory_mark", "set": False}] + self.resolve(inner, "begin_draw", None)}
        return [ab, later]

    def _stock_clock_cost_ops(self, cost, effects, trig, cond) -> list[dict]:
        """The program of "[(S) put the top card of your stock into your clock] ..., you may pay the cost. If you
        do, X": if the stock holds S + 1 cards (CR 8.4.2.2: all of it can be paid), the player may pay: S stock to
        the waiting room, then the top card of the stock into the clock (CR 8.4.2.1: in the order written), then X."""
        n = cost.get("stock", 0)
        pay: list[dict] = []
        if n:
            pay.append({"op": "pay_stock", "count": n})
        pay.append({"op": "stock_top_to_clock", "count": 1})
        out = self.resolve([{"op": "may", "then": pay + effects}], trig, cond)
        return [{"op": "if", "condition": {"kind": "stock_at_least", "value": n + 1}, "then": out}]

    def _change(self, cost, effects, by_cost=False):
        """Change (CR 10.8.1): "[... put this card into <zone>] ..., choose a card named "X" in your
        waiting room (hand), and put it on the stage position that this card was on": the change op
        (that card takes this card's position, this card goes to <zone>). An [AUTO] Change whose cost
        ("you may pay the cost") moves this card (`by_cost`): the cost keeps the move (cost_payable
        checks it) and the op makes it first, then the card chosen (this card too, where it matches in
        its new zone) takes the position it left: exact. Otherwise the move of this card leaves the cost
        for the op (approximation change_on_resolution)."""
        if len(effects) == 1 and effects[0]["op"] == "change" and effects[0]["to"] == "marker":
            # Change from a marker (change_marker): the op holds the whole exchange; no cost (CR 10.8.1)
            if cost or by_cost:
                raise Unsupported("Change from a marker with a cost")
            self.approximate("change_markers_kept")
            return cost, effects
        whole = cost
        cost = dict(cost or {})
        lead = []  # "+X power ... X is equal to the number of ...": the count (resolve put it first), after the change
        while effects and effects[0]["op"] == "count":
            lead.append(effects[0])
            effects = effects[1:]
        dests = [d for k, d in (("self_to_wr", "waiting_room"), ("self_to_memory", "memory")) if cost.pop(k, False)]
        if "@self_to" in cost:
            dests.append(cost.pop("@self_to"))
        if "deck_bottom" in dests:
            raise Unsupported("Change putting this card at the bottom of the deck")
        ops = [o for o in effects if not (o["op"] == "@t" and o["who"] == "that")]
        moved_by_effect = len(ops) == 4 and ops[0] == {"op": "@t", "who": "self"} and ops[1]["op"] in _SELF_MOVES
        if moved_by_effect:
            # "put this card into your waiting room. Choose ..." (an [ACT] ability's effect)
            dests.append(_SELF_MOVES[ops[1]["op"]])
            ops = ops[2:]
        if len(dests) != 1:
            raise Unsupported("Change without one cost moving this card")
        rest = ops[2:]
        if rest and all(o["op"] in _CHANGE_KEEP_OPS for o in rest) and effects[-len(rest) - 1] \
                == {"op": "@t", "who": "that"}:
            # "..., put it in the stage position that this card was in, and that character gets +N power (and the
            # following ability) until end of turn" (session 32): the card placed stays in the change op's register
            # (CHANGE_KEEP) for the gains after it
            ops = ops[:2]
        else:
            rest = []
        if lead and not any(o["op"] == "power_x" for o in rest):
            raise Unsupported("a count before a Change without '+X power' after it")
        rest = lead + rest  # the count made after the change (X counted when the gain is, with the card placed)
        if len(ops) != 2 or ops[0]["op"] != "choose" or ops[1]["op"] != "@change_place":
            raise Unsupported("Change with another effect than choosing a character for this card's position")
        ch = ops[0]
        how = {k: v for k, v in ops[1].items() if k in ("orientation", "defender")}  # "as [REST]" / "as the defending ..."
        flt = dict(ch["filter"])
        if ch["count"] != 1 or flt.get("zone") not in ("waiting_room", "hand") or flt.get("side") == "opponent":
            raise Unsupported("Change choosing something other than 1 card in your waiting room / hand")
        if flt.get("type") not in (None, "character") :
            raise Unsupported("Change choosing a card that is not a character")
        flt["type"] = "character"
        keep = {"keep": True} if rest else {}
        if by_cost and not moved_by_effect:
            return whole, [{"op": "change", "filter": flt, "to": dests[0], "by_cost": True,
                            **({"up_to": True} if ch.get("up_to") else {}), **how, **keep}, *rest]
        self.approximate("change_on_resolution")
        return cost, [{"op": "change", "filter": flt, "to": dests[0], **how, **keep}, *rest]

    def auto_body_cond_first(self, *parts):
        # "Alarm If this card is the top card of your clock, (and <condition>,) at the beginning of
        # ...": the conditions before the trigger (a zone and at most one other condition)
        conds = [p for p in parts[:-2] if isinstance(p, dict)]
        others = [p for p in parts[:-2] if not isinstance(p, dict)]
        mode, cond, effects = parts[-1]
        real = [c for c in conds if c["kind"] != "@zone"]
        zones = [c for c in conds if c["kind"] == "@zone"]
        if len(real) > 1 or real and cond is not None or len(zones) > 1:
            raise Unsupported("two conditions before the trigger")
        if zones:
            self._zone_first = zones[0]["zone"]
        return self.auto_body(*others, parts[-2], (mode, real[0] if real else cond, effects))

    def auto_body_your_turn(self, *parts):
        # "during your turn, when ...": the turn is the ability's condition (checked when it
        # triggers and when it resolves), so it can have no other
        ab = self.auto_body(*parts)
        if isinstance(ab, list):
            raise Unsupported("'during your turn' with two triggers")
        self._add_condition(ab, {"kind": "your_turn"}, "'during your turn'")
        return ab

    @staticmethod
    def _add_condition(ab: dict, cond: dict, what: str, strict: bool = False) -> None:
        """``cond`` as the [AUTO] ability's condition, beside the one it has (all_of, session 28; a combo's climax is
        then a part: CR 8.12.1, the icon has no meaning of its own). ``strict``: not beside a trigger about a player's
        phase or another zone."""
        if strict and ("whose" in ab or ab.get("zone") is not None):
            raise Unsupported(f"{what} beside a trigger about a player's phase or another zone")
        old = ab.pop("condition", None)
        if "combo" in ab:
            old = _cond_join("all_of", old, {"kind": "climax_named", "name": ab.pop("combo")}) if old is not None \
                else {"kind": "climax_named", "name": ab.pop("combo")}
        ab["condition"] = cond if old is None else _cond_join("all_of", cond, old)

    def auto_body_opp_turn(self, *parts):
        # "during your opponent's turn, when ...": the ability's `whose` (rules.triggers: it triggers only while
        # the other player is the turn player, and resolves in that turn's check timing), beside its condition
        ab = self.auto_body(*parts)
        if isinstance(ab, list):
            raise Unsupported("'during your opponent's turn' with two triggers")
        if "whose" in ab or ab.get("zone") is not None:
            raise Unsupported("'during your opponent's turn' with a trigger about a player's phase or another zone")
        ab["whose"] = "opponents"
        return ab

    def auto_body_climax_phase(self, *parts):
        # "during your climax phase, when ...": the ability's condition your_climax_phase (checked when it triggers
        # and when it resolves, CR 6.6), which leaves no room for another
        ab = self.auto_body(*parts)
        if isinstance(ab, list):
            raise Unsupported("'during your climax phase' with two triggers")
        self._add_condition(ab, {"kind": "your_climax_phase"}, "'during your climax phase'", strict=True)
        if ab.pop("@by", None):
            # "placed on the stage by the effect of "X"" in the climax phase: any placement then (no character is
            # played from the hand in the climax phase, CR 6.6.1): by X's effect or another's
            self.approximate("placed_by_any_effect")
        return ab

    def auto_body_main_phase(self, *parts):
        # "during your main phase, when ..." (session 29, s29-wsauto): the ability's condition your_main_phase (CR 6.5;
        # checked when it triggers and when it resolves), as auto_body_climax_phase
        ab = self.auto_body(*parts)
        if isinstance(ab, list):
            raise Unsupported("'during your main phase' with two triggers")
        self._add_condition(ab, {"kind": "your_main_phase"}, "'during your main phase'", strict=True)
        if ab.pop("@by", None):
            raise Unsupported("'placed on the stage by the effect of \"X\"' during the main phase")
        return ab

    def auto_body_played_turn(self, *parts):
        # "during the turn that this card is placed on the stage from your hand, when ...": the
        # ability's condition played_this_turn (checked when it triggers and when it resolves)
        ab = self.auto_body(*parts)
        if isinstance(ab, list):
            raise Unsupported("'during the turn that this card is placed' with two triggers")
        if ab.get("zone") is not None:
            raise Unsupported("'during the turn that this card is placed' beside another zone")
        # PLACED_TURN without PLACED_NOT_PLAYED (play.place_on_stage)
        self._add_condition(ab, {"kind": "played_this_turn"}, "'during the turn that this card is placed'")
        return ab

    def auto_body_played_turn_by(self, *parts):
        # "during the turn that this card is placed on the stage from your hand or by the [ACT] effect of "X", when
        # ...": the condition played_this_turn holds for any placement this turn (placed_this_turn_any_way: by the
        # named effect too, and by others)
        by = next(i for i, p in enumerate(parts) if isinstance(p, Tree) and p.data == "by_effect")
        ab = self.auto_body_played_turn(*parts[:by], *parts[by + 1:])
        ab["condition"] = {"kind": "placed_this_turn"}
        self.approximate("placed_this_turn_any_way")
        return ab

    def shift(self, level):
        # CR 10.11.2 "Shift, Level N": at the beginning of your main phase, if this card is in your clock
        # and your level is N or higher, you may exchange it with a hand card of the same colour (the
        # reminder text restates it); the engine's shift op (SHIFT, ability zone clock)
        if self.card.get("type") != "character":
            raise Unsupported("Shift on a card that is not a character")
        return {"kind": "auto", "keyword": "shift", "zone": "clock", "trigger": "begin_main", "whose": "yours",
                "condition": {"kind": "level_at_least", "value": int(level)}, "optional": True,
                "effect": [{"op": "shift"}]}

    @staticmethod
    def _plain_cost(cost, act=False):
        if "@stock_clock" in cost:
            raise Unsupported("putting the top card of your stock into your clock outside an [AUTO] ability's 'you may pay the cost'")
        if any(k in cost for k in ("@wr", "@shuffle")):
            raise Unsupported("a waiting-room cost outside an [AUTO] ability's 'you may pay the cost'")
        if "@stand" in cost and not act:
            raise Unsupported("'put this [STAND] card' in the cost of an ability that is not an [ACT] ability")
        return cost

    def encore(self, cost):
        if "@wr" in cost:
            # "Encore [put 1 <<T>> character from your waiting room at the bottom of your clock]" (CR 10.2.2):
            # the Encore ability (its keyword: "cannot use Encore" applies, CR 10.2), its cost paid by the
            # program (_wr_cost_ops)
            if set(cost) - {"stock", "@wr", "@shuffle"} or ("@shuffle" in cost) != (cost["@wr"]["to"] == "deck"):
                raise Unsupported("a waiting-room cost beside another cost")
            return {"kind": "auto", "keyword": "encore", "trigger": "to_wr_from_stage_self",
                    "effect": self._wr_cost_ops(cost, [{"op": "encore_self"}], "to_wr_from_stage_self", None)}
        self._plain_cost(cost)
        return {"kind": "auto", "keyword": "encore", "trigger": "to_wr_from_stage_self", "optional": True,
                "cost": cost, "effect": [{"op": "encore_self"}]}  # fmt: skip

    def bond(self, name, cost):
        self._plain_cost(cost)
        return {"kind": "auto", "keyword": "bond", "trigger": "played_self", "optional": True, "cost": cost,
                "effect": [{"op": "bond", "name": card_name(name)}]}  # fmt: skip

    def bond_names(self, *toks):
        # (session 34, s34c) "Bond/"A" "B" [cost] (When this card is played and placed on the stage, you may pay the
        # cost. If you do, choose 1 "A" or "B" in your waiting room, and return it to your hand)" (CR 10.4.2 with two
        # names, as its reminder says): the Bond ability choosing a card of either name (filter name_any), not the
        # one-name BOND op
        *names, cost = toks
        self._plain_cost(cost)
        return {"kind": "auto", "keyword": "bond", "trigger": "played_self", "optional": True, "cost": cost,
                "effect": [{"op": "choose", "filter": {"name_any": [card_name(n) for n in names], "zone": "waiting_room"},
                            "count": 1}, {"op": "to_hand"}]}

    # ---------------------------------------------------------------- ACT
    def kw_brainstorm(self):
        return "brainstorm"

    def kw_resonate(self):
        return "resonate"

    def _act_memory_cost(self, cost, effects):
        """(Session 34, s34d) "[ACT] [(1) Put 1 <spec> from your memory into your waiting room (& ...)] X": the kernel
        pays the rest of the cost (stock, [REST], hand cards: costs.pay_fixed_costs); the memory's cards are chosen and
        put into the waiting room by the program's first instructions, before X (an [ACT] ability resolves right after
        its cost, CR 8.1.1.1: nothing happens between); the ability can be used only while the memory holds them
        (its condition memory_filter_at_least: the cost can be paid in full, CR 8.4.2.2). Exact where the rest of the
        cost is stock and [REST] this card (paid first, as written, CR 8.4.2.1, and no trigger sees the order);
        beside a cost that moves other cards (hand cards into the waiting room: their triggers could see the memory's
        cards not yet moved), approximation memory_cost_last. Returns (cost, the program's first ops, the condition)."""
        wr = cost["@wr"]
        if "@shuffle" in cost or "@stock_clock" in cost or wr.get("to") != "waiting_room":
            raise Unsupported("a memory cost beside a waiting-room cost")
        rest = {k: v for k, v in cost.items() if k != "@wr"}
        if not rest:
            # the pool compiler's [ACT] needs a cost the kernel pays (CR 8.1.1.1.1)
            raise Unsupported("an [ACT] ability whose only cost is cards of the memory")
        if set(rest) - {"stock", "rest_self", "@stand"}:
            self.approximate("memory_cost_last")
        pay = [{"op": "choose", "filter": wr["filter"], "count": wr["count"]}, {"op": "to_waiting_room"},
               {"op": "@cost_done"}]
        return rest, pay, {"kind": "memory_filter_at_least", "value": wr["count"], "filter": wr["filter"]}

    def act_body(self, *parts):
        label = parts[0] if isinstance(parts[0], str) else None
        cost, effects = parts[-2], parts[-1]
        memory_pay, memory_cond = [], None
        if isinstance(cost, dict) and "@wr" in cost and (cost["@wr"].get("filter") or {}).get("zone") == "memory":
            cost, memory_pay, memory_cond = self._act_memory_cost(cost, effects)
        cost = self._plain_cost(cost, act=True)
        stand = bool(cost.get("@stand"))
        if stand:
            cost = {k: v for k, v in cost.items() if k != "@stand"}
        lifted = None
        conds, inner = [], effects
        while len(inner) == 1 and inner[0]["op"] == "if":  # "if A, and B, ...": an if in an if
            conds.append(inner[0]["condition"])
            inner = inner[0]["then"]
        if conds and not stand and any(o["op"] == "@change_place" for o in inner) \
                and all(_cond_kinds(c) <= _ACT_LIFT_CONDS for c in conds):
            # "[ACT] [... put this card into your waiting room] If your level is N or higher, choose 1 "X" in your
            # waiting room, and put it on the stage position that this card was on" (session 32): the condition, which
            # the cost does not change (the level, the level zone, the memory), as the ability's: it can be used only
            # while it holds (approximation act_change_if_first: no use paying the cost for nothing)
            lifted, effects = conds[0] if len(conds) == 1 else _cond_join("all_of", *conds), inner
            self.approximate("act_change_if_first")
        if any(o["op"] == "@change_place" for o in effects):
            if cost and not set(cost) - {"self_to_wr", "self_to_memory", "@self_to"}:
                # "[Put this card into your waiting room / stock] Choose (up to) 1 "X" in your hand, and put it on
                # the stage position that this card was on" (CR 10.8.1): the cost is only this card's move, which the
                # change op makes first (by_cost): an [ACT] ability resolves right after its cost is paid (CR 8.1.1.1,
                # nothing happens between), so exact
                cost, effects = self._change(cost, effects, by_cost=True)
            else:
                cost, effects = self._change(cost, effects)
            if not cost:  # the pool compiler's [ACT] needs a cost (CR 8.1.1.1.1); the move went to the change op
                raise Unsupported("an [ACT] Change whose only cost, moving this card, is left to the change op")
        if "@self_to" in cost:
            if cost.get("self_to_wr") or cost.get("self_to_memory"):
                raise Unsupported("a cost moving this card to two zones")
            cost = dict(cost)
            cost["self_to"] = cost.pop("@self_to")
        ab: dict[str, Any] = {"kind": "act", "cost": cost}
        if stand:
            ab["condition"] = {"kind": "self_standing"}  # the cost can be paid only while it stands (CR 8.4.2.2)
        if lifted is not None:
            ab["condition"] = lifted
        if memory_cond is not None:
            if any(o["op"] == "@change_place" for o in _walk(effects)):
                raise Unsupported("an [ACT] Change with a cost of the memory's cards")
            ab["condition"] = memory_cond if "condition" not in ab else _cond_join("all_of", ab["condition"], memory_cond)
            lifted = memory_cond if lifted is None else lifted
            effects = memory_pay + effects
        if label == "resonate":
            # CR 10.13.1 names the reveal in an AUTO ability's cost; the English cards also print it
            # on [ACT] abilities, where the keyword has no effect (CR 10.13.1: "no meaning in terms
            # of effects"): the cost alone
            if "reveal" not in cost:
                raise Unsupported("Resonate without revealing a hand card in its cost")
            label = None
        if label in ("memory", "experience"):
            # CR 10.9.1 / 10.10.1: a keyword of an ability that refers to the cards in the memory / level (an "if"
            # on them: the pool compiler checks it), no effect of its own
            conds = {o["condition"]["kind"] for o in _walk(effects) if o["op"] == "if"} | _cond_kinds(lifted)
            if not conds & (set(_MEMORY_CONDS) if label == "memory" else set(_EXPERIENCE_CONDS)):
                raise Unsupported(f"{label.capitalize()} on an [ACT] ability without a condition on the "
                                  f"{'memory' if label == 'memory' else 'level'}")
            ab["keyword"] = label
        elif label:
            ab["keyword"] = label
            if not any(op["op"] == "brainstorm" or op["op"] == "mill_count" and op.get("brainstorm") for op in effects):
                raise Unsupported("Brainstorm without its flip")
        ab["effect"] = self.resolve(effects, None, None)
        return ab

    # ---------------------------------------------------------------- CONT
    def kw_assist(self):
        return "assist"

    def kw_experience(self):
        return "experience"

    def kw_alarm(self):
        return "alarm"

    def kw_memory(self):
        return "memory"  # CR 10.9: an ability with a condition on the memory (others: unsupported)

    def cont_plain(self, ops, xd=None):
        xs = [o for o in ops if o["op"] == "aura_power_x"]
        if xs and xd is None or xd is not None and not xs:
            raise Unsupported("'+X power' without its 'X is equal to' (or the reverse)")
        for o in xs:
            if xd["x"] == "level":  # "X is equal to that character's level x N" (Assist)
                o.update(op="aura_power_level", amount=xd["mult"])
            elif xd["x"] in ("stage_colors", "with_assist"):  # one number, whoever gets it
                o.update(op="aura_power_per", amount=xd["mult"], counted=xd["x"])
            elif xd["x"] == "facing_level" and o["filter"].get("relation") == "self":
                o.update(op="aura_power_per", amount=xd["mult"], counted="facing_level")
            elif xd["x"] == "facing_level":
                raise Unsupported("a group's '+X power' by the level of the character facing this card")
            elif o["filter"].get("relation") == "self":  # this card gets +X: X = a count
                o.update(op="aura_power_per", amount=xd["mult"], counted=xd["filter"])
            elif "filter" in xd and xd["filter"].get("zone") in ("level", "memory"):
                # (session 29) "all of your <spec> get +X power. X is equal to your level x 1000": a count of the
                # master's level / memory cards, one number whoever gets it (characteristics.apply_cont, PER_ZONE_ROW0)
                o.update(op="aura_power_per", amount=xd["mult"], counted=xd["filter"])
            else:
                raise Unsupported("a group's '+X power' counted per card")
        return (None, ops)

    def cont_cond_your_turn(self, cond, eff):
        # "if X, this card gets +N power during your turn" (session 22): X the condition, the turn the ability's whose
        return self.cont_cond({"kind": "your_turn"}, self.cont_cond(cond, self.cont_plain(eff)))

    def cont_cond_and(self, a, b, body):
        return self.cont_cond(_cond_join("all_of", a, b), body)

    def cont_cond(self, cond, body):
        if body[0] is None:
            return (cond, body[1])
        # "during your (opponent's) turn, if X, ...": the turn is the ability's `whose` (a CONT
        # ability's A_TRIG_WHOSE, characteristics.apply_cont), X its condition
        turn = {"your_turn": "yours", "opponents_turn": "opponents"}
        if cond["kind"] in turn and body[0]["kind"] not in turn and "whose" not in body[0]:
            return (dict(body[0], whose=turn[cond["kind"]]), body[1])
        # "if A, B, ...": both (all_of, session 28)
        return (_cond_join("all_of", cond, body[0]), body[1])

    def _cont_grant(self, v):
        """The granted [CONT] ability of a "selfcont" gain as another character's (or by an effect): the
        receiving card's granted ability row; its approximations are the line's."""
        g = copy.deepcopy(v["@grant"])
        _drop_assist(g)
        for name in g.pop("@approx", ()):
            self.approximate(name)
        if any(not o["op"].startswith("aura_") or o["op"] == "aura_grant_ability" for o in g["effect"]):
            raise Unsupported("a granted [CONT] ability with other instructions than continuous ones")
        return g

    def _act_grant(self, v):
        """The granted [ACT] ability of a "selfact" gain given to other characters or by an effect: the receiving
        card's granted ability row (compiled for any character); its approximations are the line's."""
        g = copy.deepcopy(v["@grant"])
        for name in g.pop("@approx", ()):
            self.approximate(name)
        if g.get("once_per_turn") or g.get("times_per_turn") or g.get("keyword") or g.get("condition"):
            # the receiving card's USES bits count its printed abilities only (play.start_ability)
            raise Unsupported("a granted [ACT] ability with a limit of uses, a keyword or a condition")
        return g

    def _aura(self, gains, flt):
        ops = []
        if gains == [("@trait_only", gains[0][1])] if gains else False:
            # "[CONT] All of your other characters get <<T>>" (session 33, approximation trait_gain_unread): no
            # instruction; cont_line gives the line no ability
            return [{"op": "@trait_only"}]
        for k, v in gains:
            if k == "selfact" and flt != {"type": "character", "relation": "self"}:
                # "all of your <<T>> characters get the following ability. "[ACT] ..."": a granted ability row of
                # the receiving characters', usable while they get it (play.ability_usable_kind)
                ops.append({"op": "aura_grant_ability", "ability": self._act_grant(v), "filter": dict(flt)})
                continue
            if k == "selfact":
                # "[CONT] (if A,) this card gets the following ability. "[ACT] ..."": this card's [ACT] ability under A
                if v.get("@not_self"):
                    raise Unsupported("a card that is no character giving itself an [ACT] ability")
                ops.append({"op": "@selfcont", "ability": v})
                continue
            if k == "selfcont" and flt != {"type": "character", "relation": "self"}:
                # "all of your other "X" get the following ability. "[CONT] ..."": a granted ability row
                # the receiving characters apply after the printed auras (characteristics.refresh_derived)
                ops.append({"op": "aura_grant_ability", "ability": self._cont_grant(v), "filter": dict(flt)})
                continue
            if k == "selfcont":
                # "[CONT] (if A,) this card gets the following ability. "[CONT] (during your turn / if B,)
                # this card gets ..."": while A holds this card has the granted ability, which works as
                # this card's own; cont_line writes it as a second CONT ability under A and its own B
                if flt != {"type": "character", "relation": "self"} or v.get("@not_self"):
                    raise Unsupported("a granted ability other than an [AUTO] ability triggered on the stage")
                ops.append({"op": "@selfcont", "ability": v})
                continue
            if k == "grant":
                # the receiving characters check it as of the last refresh of the derived values
                # (characteristics.refresh_derived, at every check timing)
                ops.append({"op": "aura_grant_ability", "ability": v, "filter": dict(flt)})
                continue
            if k == "restrict":
                ops.append({"op": "aura_restrict", "restrictions": v, "filter": dict(flt)})
                continue
            if k == "@self_restrict":  # "..., and this card cannot ...": on this card, whoever gets the other gains
                ops.append({"op": "aura_restrict", "restrictions": v, "filter": {"type": "character", "relation": "self"}})
                continue
            if k == "keyword":  # a granted keyword (Great Performance): AURA_KEYWORD's bit in D_KW
                ops.append({"op": "aura_keyword", "keywords": v, "filter": dict(flt)})
                continue
            if k == "power_x" and len(gains) > 1:
                raise Unsupported("'+X power and ...'")
            ops.append({"op": f"aura_{k}", "amount": v, "filter": dict(flt)})
        return ops

    def aura_group(self, subj, gains):
        return self._aura(gains, subj[1])

    def aura_opp_group(self, spec, *rest):
        # "all of your opponent's characters (in the center stage) get ..." (the aura's filter: side opponent)
        return self._aura(rest[-1], self.s_opp_group(spec, *rest[:-1])[1])

    def aura_self(self, gains):
        return self._aura(gains, {"type": "character", "relation": "self"})

    def no_color_req(self):  # CR 8.6.2.1.1 (play.hand_no_color_req)
        return [{"op": "aura_restrict", "restrictions": ["no_color_requirement"],
                 "filter": {"type": "character", "relation": "self"}, "@zone": "hand"}]

    def aura_hand(self, gains):
        # CR 8.6.2.1 plays the card if its level is no more than yours: the level a card has in the
        # hand (play.hand_level: an aura_level of a CONT ability with zone "hand")
        if len(gains) != 1 or gains[0][0] != "level":
            raise Unsupported("a gain other than level while in the hand")
        return [{"op": "aura_level", "amount": gains[0][1], "filter": {"type": "character", "relation": "self"},
                 "@zone": "hand"}]

    def aura_self_per(self, gains, counted):
        # "this card gets +1000 power (and +1 soul / level) for each ...": each gain per counted card
        if not gains or any(len(g) != 2 or g[0] not in ("power", "soul", "level") for g in gains) \
                or len({g[0] for g in gains}) != len(gains):
            raise Unsupported("'for each' with another gain than power, soul or level")
        return [{"op": f"aura_{k}_per", "amount": v, "filter": {"type": "character", "relation": "self"},
                 "counted": counted} for k, v in gains]  # fmt: skip

    def per_marker(self):
        return "markers"  # aura_power_per counted "markers" (characteristics.apply_cont)

    def per_own(self, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec = parts[-1]
        if set(spec) == {"name"}:
            spec = dict(spec, type="character")  # "for each of your other "X"": characters of the stage (CR 3.6)
        if spec.get("type") != "character":
            raise Unsupported("counting cards that are not characters")
        return self.to_filter(spec, relation="other" if other else None)

    def per_own_part(self, *parts):
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        spec, part = parts[-2], parts[-1]
        if set(spec) == {"name"}:
            spec = dict(spec, type="character")
        if spec.get("type") != "character" and not spec.get("name_or_trait"):
            raise Unsupported("counting cards that are not characters")
        return self.to_filter(spec, relation="other" if other else None, positions=[part])

    def _per_zone(self, spec, zone):
        # "for each card named "X" in your level / memory" (CR 3.8 / 3.10: public zones): the master's cards there
        if "zone" in spec or not spec:
            raise Unsupported("counting cards of no description in the level / memory")
        return self.to_filter(spec, zone=zone)

    def per_level(self, spec):
        return self._per_zone(spec, "level")

    def per_memory(self, spec):
        return self._per_zone(spec, "memory")

    def per_named_part(self, *parts):
        # "for each of your other cards in the center stage named "X"": characters of that name there
        other = any(isinstance(p, Token) and p.type == "OTHER" for p in parts)
        part, name = parts[-2], parts[-1]
        return {"type": "character", "name": card_name(name), "positions": [part],
                **({"relation": "other"} if other else {})}

    def per_opp(self, spec):
        # "for each of your opponent's (<spec>) characters" (session 24, s24-wsc): the opponent's stage characters the
        # description matches (AURA_POWER_PER counts both stages by the filter's side)
        if set(spec) == {"name"}:
            spec = dict(spec, type="character")
        if spec.get("type") != "character":
            raise Unsupported("counting cards that are not characters")
        return dict(self.to_filter(spec), side="opponent")

    def per_opp_part(self, part):
        return {"type": "character", "side": "opponent", "positions": [part]}

    def g_cannot(self, rs):
        # "... gets +N power and cannot ...": the restriction among the gains (the same cards, the same duration)
        return ("restrict", rs)

    def restrict_self(self, rs):
        return [{"op": "aura_restrict", "restrictions": rs, "filter": {"type": "character", "relation": "self"}}]

    def restrict_self_side_soul(self):
        # "[CONT] this card's soul does not decrease by side attacking" (CR 7.2.1.4.2 does not apply to it)
        return self.restrict_self(["no_side_soul"])

    def side_soul_until(self, dur):
        # "(until end of turn,) this card's soul does not decrease by side attacking (until end of turn)"
        return self.cannot_until(("self",), ["no_side_soul"], dur)

    def restriction_list(self, *rs):
        return list(rs)

    def r_reverse_opp_auto(self):
        # "cannot become [REVERSE] by [AUTO] effects of your opponent's characters": the REVERSE instruction of an
        # [AUTO] ability of the other player's character card is not done on it (effects.each_target); a battle's
        # reversal (CR 7.5.1.3) and the opponent's events' or [ACT] abilities' still are
        return "cant_reverse_opp_auto"

    def r_side(self):
        return "cant_side"

    def r_frontal(self):
        return "cant_frontal"

    def r_direct(self):  # session 29: RESTRICT_CANT_DIRECT (battle.attack_legal, CR 7.2.1.4.1)
        return "cant_direct"

    def r_attack(self):
        return "cant_attack"

    def r_stand_phase(self):
        # "this card cannot [STAND] during your stand phase": a [CONT] ability's (result() refuses it elsewhere)
        return "cant_stand_phase"

    def r_chosen(self):
        return "cant_be_chosen"

    def r_move(self):
        return "cant_move"

    def r_to_hand(self):
        return "cant_to_hand"  # effects.each_target, the return icon's choice (kernels.apply_decision)

    def r_to_memory(self):
        return "cant_to_memory"  # effects.each_target, a cost putting this card into the memory (costs)

    def r_reverse(self):
        return "cant_reverse"  # battle.reverse_char

    @staticmethod
    def _encore_name(tok):
        # ""[AUTO] Encore"" names the keyword ability, CR 10.2 (the rules' Encore [3] is one, 10.2.3)
        if str(tok).strip('"').strip().lower() not in ("[auto] encore", "encore"):
            raise Unsupported("'cannot use' an ability other than Encore")

    def r_no_damage(self):
        self.approximate("no_damage_attack_only")
        return "no_damage"

    def r_use(self, tok):
        # "cannot use "[AUTO] Encore"": no Encore of the character's, printed, granted or the rules'
        # Encore [3] (play.stage_to_wr, RESTRICT_NO_ENCORE)
        self._encore_name(tok)
        return "no_encore"

    def cannot_until(self, subj, rs, dur):
        # "that character cannot attack / use "[AUTO] Encore" until end of turn": the restriction on the target
        op = {"op": "restrict", "restrictions": rs, **({"duration": dur} if dur != "end_of_turn" else {})}
        if subj[0] == "group":
            return [{"op": "select_all", "filter": subj[1]}, {"op": "@t", "who": "last"}, op]
        return self._on(subj, op)

    def cannot_stand_opp_next(self, subj):
        # "that character cannot [STAND] during your opponent's next stand phase" (session 24, CR 6.2.1.2): the
        # opponent's character's cant_stand_phase restriction until the end of the opponent's next turn, which holds
        # that player's next stand phase and no other of theirs (turn.start_turn stands only the turn player's
        # characters); result() checks that the characters are the opponent's
        op = self.cannot_until(subj, ["cant_stand_phase"], "next_opp_turn_end")
        op[-1]["@opp_next_stand"] = True
        return op

    def cannot_until_pre(self, dur, subj, rs):
        return self.cannot_until(subj, rs, dur)

    def _player_no_encore(self, tok, dur, side):
        # "you (your opponent) cannot use "[AUTO] Encore" until end of turn": a player's restriction, which
        # the engine keeps on that player's characters on the stage when the effect resolves
        self._encore_name(tok)
        self.approximate("player_no_encore_on_stage")
        flt = {"type": "character", **({"side": "opponent"} if side == "opponent" else {})}
        return [{"op": "select_all", "filter": flt}, {"op": "@t", "who": "last"},
                {"op": "restrict", "restrictions": ["no_encore"], **({"duration": dur} if dur != "end_of_turn" else {})}]

    def player_no_encore(self, tok, dur):
        return self._player_no_encore(tok, dur, "own")

    def player_no_encore_pre(self, dur, tok):
        return self._player_no_encore(tok, dur, "own")

    def opp_no_encore(self, tok, dur):
        return self._player_no_encore(tok, dur, "opponent")

    def opp_no_encore_pre(self, dur, tok):
        return self._player_no_encore(tok, dur, "opponent")

    def _player_no_play(self, what, dur, side):
        # (session 33) "until end of turn (the end of your opponent's next turn), your opponent (you) cannot play events
        # / "Backup" from hand": a player's restriction (play.play_locked reads NO_EVENTS_YOU / NO_BACKUP_YOU on the
        # player's stage characters), kept on that player's characters on the stage when the effect resolves
        # (approximation player_lock_on_stage, as player_no_encore_on_stage)
        self.approximate("player_lock_on_stage")
        flt = {"type": "character", **({"side": "opponent"} if side == "opponent" else {})}
        rs = [f"no_{w}_you" for w in sorted(what)]
        return [{"op": "select_all", "filter": flt}, {"op": "@t", "who": "last"},
                {"op": "restrict", "restrictions": rs, **({"duration": dur} if dur != "end_of_turn" else {})}]

    def opp_no_play(self, what, _loc, dur):
        return self._player_no_play(what, dur, "opponent")

    def opp_no_play_their(self, what, _loc):
        return self._player_no_play(what, "next_opp_turn_end", "opponent")

    def opp_no_play_pre(self, dur, what, _loc):
        return self._player_no_play(what, dur, "opponent")

    def you_no_play(self, what, _loc, dur):
        return self._player_no_play(what, dur, "own")

    def you_no_play_pre(self, dur, what, _loc):
        return self._player_no_play(what, dur, "own")

    def g_opp_no_play(self, what, _loc):
        return ("@player_lock", ("opponent_play", what))

    # "you cannot play events or "Backup" from your hand" (play.play_locked)
    def pw_events(self):
        return {"events"}

    def pw_named(self, tok):
        if str(tok).strip('"').strip().lower() != "backup":
            raise Unsupported("'cannot play' a named card other than \"Backup\"")
        return {"backup"}

    def pw_events_named(self, tok):
        return {"events"} | self.pw_named(tok)

    def hand_loc(self, *_):
        return None

    def lw_opp(self):
        return ("opp",)

    def lw_all(self):
        return ("you", "opp")

    def lw_you(self):
        return ("you",)

    def lock_you(self, what, _loc):
        # "[CONT] You cannot play events or "Backup" from your hand": while this card is on the stage
        rs = [f"no_{w}_you" for w in sorted(what)]
        return [{"op": "aura_restrict", "restrictions": rs, "filter": {"type": "character", "relation": "self"}}]

    # the master's rules (session 23, s23-wsa): a [CONT] ability's aura_restrict on this card, which play.player_rule
    # reads for its master while it is on the stage (RESTRICT_PLAYER_RULES)
    def rule_hand_limit(self, amount):
        # "you get +1 to the limit on the number of cards in your hand" (CR 3.3.3.1 / 6.8.1.2: +1 per such card)
        if int(amount) != 1:
            raise Unsupported("a hand limit raised by another number than 1")
        return [{"op": "aura_restrict", "restrictions": ["hand_limit_up"], "filter": {"type": "character", "relation": "self"}}]

    def rule_all_no_encore(self, tok):
        # "all players cannot use "[AUTO] Encore"" (CR 10.2; the reminder: nor the rules' Encore [3]): a [CONT]
        # ability's restriction on every character on both stages while it applies (RESTRICT_NO_ENCORE)
        self._encore_name(tok)
        return [{"op": "aura_restrict", "restrictions": ["no_encore"], "filter": {"type": "character", "side": side}}
                for side in ("own", "opponent")]

    def rule_other_no_encore(self, tok):
        # "you cannot use the "[AUTO] Encore" of your other characters": the restriction on the master's other ones
        self._encore_name(tok)
        return [{"op": "aura_restrict", "restrictions": ["no_encore"], "filter": {"type": "character", "relation": "other"}}]

    def cx_climax(self):
        return "cx_any_color_you"

    def cx_events(self):
        return "event_any_color_you"

    def rule_any_color(self, what):
        # "your climax (events) can be played from your hand without fulfilling color requirements" (CR 8.6.2.1.1)
        return [{"op": "aura_restrict", "restrictions": [what], "filter": {"type": "character", "relation": "self"}}]

    def rule_no_wr_to_hand_atk(self):
        # "during the attack phase, you cannot return characters from your waiting room to your hand by your card's
        # effects": the effects' returns (to_hand, Bond) of its master's abilities (effects.wr_to_hand_locked); the
        # comeback icon (CR 4.12.2.5, a trigger icon's action) is still performed (approximation
        # wr_to_hand_lock_icon_kept)
        self.approximate("wr_to_hand_lock_icon_kept")
        return [{"op": "aura_restrict", "restrictions": ["no_wr_to_hand_atk_you"],
                 "filter": {"type": "character", "relation": "self"}}]

    def rule_no_opp_auto_damage(self):
        # "you cannot receive damage by [AUTO] effects of your opponent's characters": a rule for this card's master
        # while it is on the stage (effects.opp_auto_damage_locked: no damage process, CR 1.3.3.1)
        return [{"op": "aura_restrict", "restrictions": ["no_opp_auto_damage_you"],
                 "filter": {"type": "character", "relation": "self"}}]

    def rule_battle_no_opp_auto_damage(self, who):
        # "during this card's battle, you cannot receive damage by ...": while it is the attacking or the defending
        # character (CR 7.2.1.5.1)
        if who != ("you",):
            raise Unsupported("another player than 'you' who cannot receive damage")
        return [{"op": "aura_restrict", "restrictions": ["battle_no_opp_auto_damage_you"],
                 "filter": {"type": "character", "relation": "self"}}]

    def lock_battle(self, who, what, _loc):
        # "During this card's battle, your opponent (all players / you) cannot play events or "Backup" from
        # their hand": while this card is the attacking or the defending character (CR 7.2.1.5.1)
        rs = [f"battle_no_{w}_{p}" for p in who for w in sorted(what)]
        return [{"op": "aura_restrict", "restrictions": rs, "filter": {"type": "character", "relation": "self"}}]

    def restrict_self_and_facing(self, rs):
        # "this card and the character facing this card cannot side attack": the restriction on both
        return self.restrict_self(rs) + self.restrict_facing(rs)

    def restrict_facing(self, rs):
        # "the character facing this card cannot move to another position (of the stage)": the
        # restriction on the opponent's character across (CR 3.6.5), while this card faces it
        return [{"op": "aura_restrict", "restrictions": rs,
                 "filter": {"type": "character", "side": "opponent", "relation": "facing"}}]

    def aura_facing(self, gains):
        return self._aura(gains, {"type": "character", "side": "opponent", "relation": "facing"})

    def aura_middle(self, gains):
        return self._aura(gains, {"type": "character", "relation": "other", "positions": ["center_middle"]})

    def aura_named(self, *parts):
        # "all of your other "A" (and "B") get ...": an aura for each name (a character has one name)
        *names, gains = parts
        return [op for name in names
                for op in self._aura(gains, {"type": "character", "relation": "other", "name": card_name(name)})]

    def aura_middle_trait(self, tok, *rest):
        gains = rest[-1]
        flt = {"type": "character", "relation": "other", "positions": ["center_middle"], "trait": str(tok)[2:-2]}
        # "your other <<A>> or <<B>> (or <<C>>) character in the middle position ..." (sessions 22, 27)
        flt.update(self._more_traits([str(tok)[2:-2]] + [str(t)[2:-2] for t in rest[:-1]]))
        return self._aura(gains, flt)

    def aura_middle_quals(self, quals, gains):
        # "your other level 3 or higher character in the middle position of your center stage gets ..." (session 29)
        return self._aura(gains, self.to_filter(self.charspec(quals, "character"), relation="other",
                                                positions=["center_middle"]))

    def aura_middle_part(self, tok, gains):
        # 'your other character in the middle position of the center stage with "X" in its card name gets ...'
        # (session 32): aura_middle_quals's filter with the name parts
        return self._aura(gains, self.to_filter(self._part_spec(self.charspec("character"), tok), relation="other",
                                                positions=["center_middle"]))

    def aura_middle_named(self, name, gains):
        # 'your other "X" in the middle position of your center stage gets ...' (session 29): a character of that name
        return self._aura(gains, {"type": "character", "relation": "other", "positions": ["center_middle"],
                                  "name": card_name(name)})

    def aura_middle_spec(self, spec, gains):
        # "all of your other <<T>> characters in the middle position of your center stage get(s) ..." (session 29): one
        # position, so one character at most
        if set(spec) == {"name"}:
            spec = dict(spec, type="character")
        if spec.get("type") != "character" or "zone" in spec:
            raise Unsupported("a group in the middle position that is not characters")
        return self._aura(gains, self.to_filter(spec, relation="other", positions=["center_middle"]))

    def aura_middle_trait_any(self, tok, gains):
        # "your <<T>> character in the middle position of the center stage gets ..." (session 23): this card too,
        # where it is there (a [CONT] Memory ability works from the memory: the character there is another)
        return self._aura(gains, {"type": "character", "positions": ["center_middle"], "trait": str(tok)[2:-2]})

    # ---------------------------------------------------------------- lines
    def reminder(self, tok):
        return None  # trigger-icon reminder text (CR 2.12.3): the engine performs the icon itself

    def cont_line(self, *parts):
        label = parts[0] if isinstance(parts[0], str) else None
        body = next(p for p in parts if isinstance(p, tuple))
        cond, ops = body
        is_event = self.card.get("type") == "event"
        if is_event and not (cond is not None and cond.get("kind") == "@zone" and cond.get("zone") == "memory"):
            # an event's [CONT] Memory ability works from the memory (CR 10.9.1, session 23); no other
            raise Unsupported("a [CONT] ability on an event")
        if ops and all(op["op"] == "@trait_only" for op in ops):
            # (session 33) "[CONT] (If A,) this card / all of your other <spec> get <<T>>": the engine gives no trait
            # (approximation trait_gain_unread: the importer refuses the line where a filter of the list names <<T>>);
            # the line compiles to no ability
            if label not in (None, "assist") or self.card.get("type") != "character":
                raise Unsupported("a trait gained alone (the engine gives no trait)")
            return {"__fields__": True}
        if any(op["op"] == "@trait_only" for op in ops):
            raise Unsupported("a trait gained alone beside another effect")
        granted = [op["ability"] for op in ops if op["op"] == "@selfcont"]
        ops = [op for op in ops if op["op"] != "@selfcont"]
        if granted:
            return self._cont_with_granted(label, cond, ops, granted)
        ab: dict[str, Any] = {"kind": "cont", "effect": ops}
        if any(op.pop("@zone", None) for op in ops):
            # Experience / Memory (CR 10.10.1 / 10.9.1) name no effect of their own: the label below checks
            # the condition they need
            if len(ops) != 1 or label not in (None, "experience", "memory") or self.card.get("type") != "character":
                raise Unsupported("a level in the hand beside another effect")
            ab["zone"] = "hand"
            if cond is not None and not self._hand_condition_ok(cond):
                raise Unsupported(f"a level in the hand under the condition {cond['kind']!r} (play.hand_condition_holds)")
        if cond is not None and "whose" in cond:
            cond = dict(cond)
            ab["whose"] = cond.pop("whose")
            if cond["kind"] == "none":
                cond = None
        if cond is not None and cond["kind"] == "@zone":
            # "if this card is in your memory / the top card of your clock, ...": the zone it works from
            if "zone" in ab or self.card.get("type") != "character" and not (is_event and cond["zone"] == "memory"):
                raise Unsupported("a [CONT] ability working from the memory / clock on this card")
            if any(op.get("filter", {}).get("relation") in ("self", "in_front", "behind", "facing") for op in ops):
                raise Unsupported("a [CONT] ability off the stage about this card's position")
            ab["zone"] = cond["zone"]
            cond = None
        if cond is not None and cond["kind"] != "none":
            ab["condition"] = cond
        if label == "assist" and cond is not None and cond["kind"] in ("your_turn", "opponents_turn") \
                and "whose" not in ab:
            # "Assist During your turn, ...": the turn is the ability's `whose`, the keyword's own condition
            # (in the back stage, CR 10.3.2) its condition
            ab["whose"] = "yours" if cond["kind"] == "your_turn" else "opponents"
            ab.pop("condition")
            cond = None
        if label == "assist":
            if cond is not None and cond["kind"] in ("@zone", "none"):
                raise Unsupported("Assist with a condition")
            if not all(op["filter"].get("relation") == "in_front" for op in ops):
                raise Unsupported("Assist that is not about the characters in front of this card")
            ab["keyword"] = "assist"
        elif label == "alarm":
            if ab.get("zone") != "clock_top":
                raise Unsupported("Alarm without 'this card is the top card of your clock'")
            ab["keyword"] = "alarm"
        counted_zones = {op["counted"].get("zone") for op in ops if isinstance(op.get("counted"), dict)}
        if label == "memory" and ab.get("zone") == "memory":
            ab["keyword"] = "memory"
        elif label == "memory":
            # CR 10.9.1: an ability that refers to the cards in your memory (its condition, or what it counts)
            if not _cond_kinds(cond) & set(_MEMORY_CONDS) and "memory" not in counted_zones:
                raise Unsupported("Memory with another condition than the number of cards in the memory")
            ab["keyword"] = "memory"
        elif label == "experience":
            # CR 10.10.1: a keyword of abilities that refer to the cards in your level (no effect of its own)
            if not _cond_kinds(cond) & set(_EXPERIENCE_CONDS) and "level" not in counted_zones:
                raise Unsupported("Experience without the level-sum condition")
            ab["keyword"] = "experience"
        if any(op["filter"].get("relation") in ("in_front", "facing", "self") for op in ops) \
                and self.card.get("type") != "character":
            raise Unsupported("a climax's aura about 'this card'")
        return ab

    def cont_line_combo(self, *parts):
        # "[CONT] [CXCOMBO] If "X" is in your climax area, ...": the icon has no meaning in terms of rules (CR
        # 8.12.1); the ability names the climax in its condition
        ab = self.cont_line(*parts)
        if not any(isinstance(d, dict) and d.get("kind") == "climax_named" for d in _dicts(ab)):
            raise Unsupported("[CXCOMBO] on a [CONT] ability without the named climax condition")
        return ab

    @staticmethod
    def _hand_condition_ok(cond) -> bool:
        """A condition play.hand_condition_holds tests (a CONT ability working from the hand)."""
        if "whose" in cond:
            return False
        if cond["kind"] in ("all_of", "any_of"):  # each part, a single one (play.hand_condition_atom)
            return all(c["kind"] not in ("all_of", "any_of") and WSTextTransformer._hand_condition_ok(c)
                       for c in cond["parts"])
        if cond["kind"] in HAND_LEVEL_CONDITIONS:
            return True
        if cond["kind"] == "opp_filter_at_least":
            return set(cond["filter"]) <= {"type", "side", "level_min", "positions", "trait", "trait_or", "trait_more",
                                           "name", "name_contains"}
        # a count of your stage characters / memory cards by type, trait(s), name or part of a name
        # (play.hand_filter_ok reads those columns alone)
        # (session 29) its colour; on the stage its positions too
        allowed = {"type", "side", "color", "trait", "trait_or", "trait_more", "name", "name_contains", "zone"}
        if cond["kind"] in ("filter_count_at_least", "own_filter_at_most"):
            allowed = allowed | {"positions"}
        return cond["kind"] in ("filter_count_at_least", "memory_filter_at_least", "own_filter_at_most",
                                "wr_filter_at_least") \
            and set(cond["filter"]) <= allowed and cond["filter"].get("side", "own") == "own"

    def _cont_with_granted(self, label, cond, ops, granted):
        """A [CONT] ability giving this card [CONT] abilities: the line's own ability (its other gains,
        if any), and each granted one as a CONT ability of this card that holds when the granting
        condition and its own do (both the ability's `whose` and one condition at most)."""
        out = []
        if ops:
            out.append(self.cont_line(*([label] if label else []), (cond, ops)))
        outer = self.cont_line(*([label] if label else []), (cond, [{"op": "aura_power", "amount": 0,
                                                                     "filter": {"type": "character", "relation": "self"}}]))
        turn = {"your_turn": "yours", "opponents_turn": "opponents"}

        def split_turn(ab):  # "during your (opponent's) turn" alone is a condition: the ability's `whose`
            if ab.get("condition", {}).get("kind") in turn and "whose" not in ab:
                ab["whose"] = turn[ab.pop("condition")["kind"]]

        split_turn(outer)
        for g in granted:
            g = copy.deepcopy(g)
            g.pop("@grant", None)
            _drop_assist(g)
            for name in g.pop("@approx", ()):
                self.approximate(name)
            if g["kind"] == "act":
                # an [ACT] ability usable while the granting condition holds: that condition alone. The granting
                # ability's Memory / Experience is a keyword of that ability with no meaning (CR 10.9.1 / 10.10.1),
                # not the [ACT] ability's; its "during your turn" always holds when an [ACT] ability may be played
                # (the turn player's main phase, CR 6.5.1.2.3)
                if outer.get("keyword") in ("memory", "experience"):
                    outer = {k: v for k, v in outer.items() if k != "keyword"}
                if outer.get("whose") == "yours":
                    outer = {k: v for k, v in outer.items() if k != "whose"}
                if any(key in outer for key in ("whose", "zone", "keyword")) or "condition" in g:
                    raise Unsupported("a granted [ACT] ability under a turn, a zone, a keyword or two conditions")
                if "condition" in outer:
                    g["condition"] = outer["condition"]
                out.append(g)
                continue
            split_turn(g)
            if "whose" in outer:
                if g.get("whose", outer["whose"]) != outer["whose"]:
                    raise Unsupported("a granted [CONT] ability for the other player's turn")
                g["whose"] = outer["whose"]
            for key in ("condition", "zone", "keyword"):
                if key in outer:
                    if key in g:
                        raise Unsupported("two conditions on a [CONT] ability")
                    g[key] = outer[key]
            out.append(g)
        return out

    def auto_line(self, ab, *_):
        if self.card.get("type") == "event" and (not isinstance(ab, dict) or ab.get("zone") != "memory"):
            # an event's [AUTO] abilities work from the memory only (CR 10.9.1, after its effect put it there)
            raise Unsupported("an [AUTO] ability on an event")
        for a in ab if isinstance(ab, list) else [ab]:
            if isinstance(a, dict):
                _next_turn_in_own_turn(a, a.get("trigger") in _OWN_TURN_TRIGGERS
                                       or a.get("whose") == "yours" and a.get("trigger", "").startswith("begin_"))

        def own_ops(ops):  # the ability's instructions, not those of the abilities it grants
            for o in ops:
                if isinstance(o, dict):
                    yield o
                    for k, v in o.items():
                        if k != "ability" and isinstance(v, list):
                            yield from own_ops(v)

        for a in ab if isinstance(ab, list) else [ab]:
            if isinstance(a, dict) and a.get("trigger") not in _DAMAGE_TRIGGERS \
                    and any(o.get("op") == "trigger_damage" for o in own_ops(a.get("effect", []))):
                raise Unsupported("'the same damage' without a damage that triggered the ability")
        return ab

    def act_line(self, ab, *_):
        if self.card.get("type") != "character":
            raise Unsupported("an [ACT] ability on a card that is not a character")
        # an [ACT] ability resolves in its master's main phase (CR 6.5.1.2.3)
        for a in ab if isinstance(ab, list) else [ab]:
            _next_turn_in_own_turn(a, True)
        return ab

    def backup_line(self, b, *_):
        return b

    def link_label(self, _tok):
        # "[CONT] LINK@ <name>": no instruction of its own (other cards' text refers to cards with it; the
        # comprehensive rules define no LINK): nothing (approximation link_label)
        self.approximate("link_label")
        return {"__fields__": True}

    def kw_great_performance(self, *_):
        # "[CONT] Great Performance" (CR 10.6.2): the card keyword the engine applies as a rule (battle.py
        # great_performance_pos: the opponent's attacks are frontal attacks on it while it is the middle character
        # of the center stage, not [REVERSE]); granted ("gets "[CONT] Great Performance"") it is that keyword's bit
        # (_granted: grant_keyword / aura_keyword)
        if self.card.get("type") != "character":
            raise Unsupported("Great Performance on a card that is not a character")
        return {"__fields__": True, "keywords": ["great_performance"]}

    def also_named_on_stage(self, name):
        # "If this card is in the stage, this card's card name will also be regarded as "X"." (CR 2.1.2: a card
        # name the text refers to): on the stage the card has both names for every name check (cards.WSCard
        # also_named_on_stage: the name groups of X in C_NAME's high bits, filters.filter_match / card_named)
        if self.card.get("type") != "character":
            raise Unsupported("a second card name of a card that is no character")
        return {"__fields__": True, "also_named_on_stage": card_name(name)}

    def not_named(self, name):
        # "[CONT] This card's card name will not be regarded as "X"" (session 24): a Japanese name holding X's
        # Japanese original; the engine reads the English name, which must hold none of X's words (then no check of a
        # name or a part of a name regards this card as X: the line does nothing, as the text says)
        words = [w for w in re.split(r"[\s,:!?.'()]+", card_name(name).lower()) if len(w) > 2]
        mine = (self.card.get("name") or "").lower()
        if not mine or not words or any(w in mine for w in words):
            raise Unsupported("'this card's card name will not be regarded as \"X\"' on a card whose name has X's words")
        return {"__fields__": True}

    def trait_on_stage(self, tok):
        # "[CONT] If this card is in your stage, this card gets <<T>>" (session 24): the importer gives the card the
        # trait (CardRecord traits) in every zone (approximation trait_on_stage_everywhere)
        if self.card.get("type") != "character":
            raise Unsupported("a trait on a card that is not a character")
        self.approximate("trait_on_stage_everywhere")
        return {"__fields__": True, "trait_on_stage": str(tok)[2:-2]}

    def deck_any_copies(self):
        # CR 5.1.2.4: a continuous ability about deck construction replaces the "up to four" rule of
        # 5.1.2.2 for this card's name (decks.validate_deck); it does nothing during the game
        if self.card.get("type") not in ("character", "event", "climax"):
            raise Unsupported("a deck-construction ability on a card of no played type")
        return {"__fields__": True, "any_copies": True}

    def deck_max_copies(self, n):
        # CR 5.1.2.4: "you can put up to N cards with the same card name as this card into your deck" replaces
        # the "up to four" of 5.1.2.2 for this card's name
        if self.card.get("type") not in ("character", "event", "climax") or not 1 <= int(n) <= K.DECK_SIZE:
            raise Unsupported("a deck-construction ability with a count the deck cannot hold")
        return {"__fields__": True, "max_copies": int(n)}

    def deck_max_copies_with(self, n, name):
        # CR 5.1.2.4: "you can put up to N cards with the same card name as this card and cards named "X" into your
        # deck": at most N cards of the two names together (decks.validate_deck: WSCard.copies_with)
        out = self.deck_max_copies(n)
        if card_name(name) == self.card.get("name"):
            raise Unsupported("a deck-construction ability naming this card's own name")
        return dict(out, copies_with=[card_name(name)])

    def backup(self, power, level, *stock):
        cost = int(str(stock[0])[1:-1]) if stock else 0
        if self.card.get("type") != "character":
            raise Unsupported("Backup on a card that is not a character")
        return {"__fields__": True, "backup": {"power": int(power), "level": int(level), "cost": cost}}

    def backup_deck_bottom(self, power, level, *stock):
        # "Backup X, Level Y [(N) Reveal this card in your hand & Put it at the bottom of your deck]" (CR 10.5.2: the
        # cost in the brackets; the card is the one played from the hand, so the reveal shows the card every Backup
        # shows): the card goes to the bottom of the deck (WSBackup.to_deck_bottom)
        out = self.backup(power, level, *stock)
        out["backup"]["to_deck_bottom"] = True
        return out

    def backup_memory(self, power, level, *stock):
        # (session 34, s34d) "Backup X, Level Y [(N) Put this card from your hand into your memory]" (CR 10.5.2: the
        # cost in the brackets): the card goes to the memory (WSBackup.to_memory; kernels: play.to_memory)
        out = self.backup(power, level, *stock)
        out["backup"]["to_memory"] = True
        return out

    def event_line(self, *parts):
        counter = any(isinstance(p, Token) and p.type == "COUNTER_MARK" for p in parts)
        ops = next(p for p in parts if isinstance(p, list))
        if self.card.get("type") != "event":
            raise Unsupported("text without an ability kind on a card that is not an event")
        if self.card.get("@raw"):  # a quoted action inside another line (per_climax_action)
            if counter:
                raise Unsupported("a quoted action with the counter icon")
            return {"@raw_ops": ops}
        ab = {"kind": "event", "effect": self.resolve(ops, None, None)}
        if counter:
            return [ab, {"__counter__": True}]
        return ab

    def event_body(self, ops):
        return ops

    def paid_option_line(self, cost, effects, *_paren):
        # an option of "choose 1 of the following effects" with a cost of its own: "[<cost>] You may pay the cost.
        # If you do, <effect>" (CR 8.4.2: paying it is executing its actions); only inside another line
        if not self.card.get("@raw"):
            raise Unsupported("a cost before 'you may pay the cost' outside an ability")
        return {"@raw_ops": [{"op": "@option_cost", "cost": cost, "then": effects}]}

    def _option_cost_ops(self, cost: dict) -> tuple[list[dict], list[dict]]:
        """(guards, pay) of a cost the program pays inside an effect (an option's "[<cost>] You may pay the cost.
        If you do, ..."): the conditions that all of it can be paid (CR 8.4.2.2: else none of it is) and its
        actions in the order written (CR 8.4.2.1: stock first, then the hand / waiting-room cards)."""
        known = {"stock", "discard", "discard_filter", "@wr", "@shuffle"}
        if set(cost) - known or ("@shuffle" in cost) != ("@wr" in cost and cost["@wr"]["to"] == "deck"):
            raise Unsupported(f"an option's cost with {sorted(set(cost) - known) or 'a shuffle'} (the program pays "
                              "stock, hand and waiting-room cards only)")
        if "discard" in cost and "@wr" in cost:
            raise Unsupported("an option's cost of hand and waiting-room cards")
        guards: list[dict] = []
        pay: list[dict] = []
        if cost.get("stock"):
            guards.append({"kind": "stock_at_least", "value": cost["stock"]})
            pay.append({"op": "pay_stock", "count": cost["stock"]})
        n = cost.get("discard")
        if n and "discard_filter" in cost:
            flt = cost["discard_filter"]
            guards.append({"kind": "hand_filter_at_least", "value": n, "filter": flt})
            pay += [{"op": "choose", "filter": flt, "count": n}, {"op": "to_waiting_room"}, {"op": "@cost_done"}]
        elif n:
            guards.append({"kind": "hand_at_least", "value": n})
            pay.append({"op": "discard", "count": n})
        if "@wr" in cost:
            wr = cost["@wr"]
            guards.append({"kind": "wr_filter_at_least", "value": wr["count"], "filter": wr["filter"]})
            pay.append({"op": "choose", "filter": wr["filter"], "count": wr["count"]})
            if wr["to"] == "clock_bottom":
                pay.append({"op": "to_clock", "bottom": True})
            else:
                pay += [{"op": "to_deck_top"}, {"op": "shuffle_deck"}]
            pay.append({"op": "@cost_done"})
        if not pay:
            raise Unsupported("an option's cost with nothing to pay")
        return guards, pay

    def play_restriction(self, cond):
        return ("@cant_play", cond)

    def _cant_play(self, restr) -> dict:
        """"If <condition>, this card cannot be played from your hand" (CR 8.6.2.1): a CONT ability working
        from the hand (zone "hand", play.hand_cant_play) whose aura_restrict cant_play holds while the
        condition does; the condition is one play.hand_condition_holds tests."""
        cond = restr[1]
        if self.card.get("type") not in ("event", "character") or self.card.get("@raw"):
            raise Unsupported("a play restriction on a climax or inside another line")
        if not self._hand_condition_ok(cond):
            raise Unsupported(f"a play restriction under the condition {cond['kind']!r} (play.hand_condition_holds)")
        return {"kind": "cont", "zone": "hand", "condition": cond,
                "effect": [{"op": "aura_restrict", "restrictions": ["cant_play"],
                            "filter": {"type": "character", "relation": "self"}}]}

    def plain_no_color_req(self):
        # "This card can be played from your hand without fulfilling color requirements." printed without its [CONT]
        # mark (on a character or an event, CR 8.6.2.1.1): the CONT ability working from the hand (play.hand_no_color_req)
        if self.card.get("type") not in ("event", "character") or self.card.get("@raw"):
            raise Unsupported("a colour requirement waived on a climax or inside another line")
        return {"kind": "cont", "zone": "hand",
                "effect": [{"op": "aura_restrict", "restrictions": ["no_color_requirement"],
                            "filter": {"type": "character", "relation": "self"}}]}

    def no_color_sentence(self):
        return ("@no_color",)

    def play_restriction_line(self, *parts):
        counter = any(isinstance(p, Token) and p.type == "COUNTER_MARK" for p in parts)
        restr = next(p for p in parts if isinstance(p, tuple) and p[0] == "@cant_play")
        if counter and self.card.get("type") != "event":
            raise Unsupported("the counter icon on a card that is not an event")
        abs_ = [self._cant_play(restr)]
        if ("@no_color",) in parts:
            abs_.append(self.plain_no_color_req())
        if counter:
            abs_.append({"__counter__": True})
        return abs_ if len(abs_) > 1 else abs_[0]

    def event_line_restricted(self, *parts):
        # the restriction and the event's effect on one line: two abilities (three with the colour waiver)
        restr = next(p for p in parts if isinstance(p, tuple) and p[0] == "@cant_play")
        rest = [p for p in parts if not isinstance(p, tuple)]
        ev = self.event_line(*rest)
        abs_ = [self._cant_play(restr)]
        if ("@no_color",) in parts:
            abs_.append(self.plain_no_color_req())
        return [*abs_, *ev] if isinstance(ev, list) else [*abs_, ev]

    def event_brainstorm(self, ops):
        # "Brainstorm <effect>" on an event (CR 10.7.2): the keyword has no meaning in terms of effects (10.7.1); the
        # flip goes through the resolution zone above the event resolving there (BRAINSTORM / MILL_COUNT_BRAINSTORM,
        # 10.7.3; session 24). Nothing refers to an event's use of Brainstorm ("this card's": it is no character)
        if not any(o["op"] == "brainstorm" or o["op"] == "mill_count" and o.get("brainstorm") for o in ops):
            raise Unsupported("Brainstorm without its flip")
        return ops

    def line(self, x):
        return x

    def result(self, tree_value):
        if tree_value is None:
            return [], {}
        for ab in (tree_value if isinstance(tree_value, list) else [tree_value]):
            nxt = [o for o in _dicts(ab) if o.pop("@opp_next_stand", False)]
            if nxt:
                # "that character cannot [STAND] during your opponent's next stand phase": on opponent's characters only
                chosen = [o for o in _dicts(ab) if o.get("op") in ("choose", "select_all")]
                if not chosen or any((o.get("filter") or {}).get("side") != "opponent" for o in chosen) \
                        or any(o.get("op") in ("target_self", "target_battle_opp", "target_triggering")
                               for o in _dicts(ab)):
                    raise Unsupported("'cannot [STAND] during your opponent's next stand phase' of a card that may not "
                                      "be the opponent's")
            stand_phase = [o for o in _dicts(ab) if "cant_stand_phase" in (o.get("restrictions") or ())
                           and all(o is not x for x in nxt)]
            if stand_phase and not (isinstance(ab, dict) and ab.get("kind") == "cont" and "whose" not in ab
                                    and (ab.get("condition") or {}).get("kind") not in ("your_turn", "opponents_turn")
                                    and all(o["op"] == "aura_restrict" and o["filter"] == {"type": "character",
                                                                                           "relation": "self"}
                                            for o in stand_phase)):
                # turn.start_turn reads the derived restriction as the last refresh of the previous turn left it:
                # this card's own [CONT] ability, under a condition that the turn's change does not change
                raise Unsupported("'cannot [STAND] during your stand phase' other than this card's [CONT] ability")
            if isinstance(ab, dict) and "@by" in ab:
                raise Unsupported("'placed on the stage by the effect of \"X\"' outside 'during your climax phase'")
            delayed = [o for o in _dicts(ab) if o.get("@delayed")]
            # next_encore_clause: the grant lasts until the end of the opponent's next turn, which holds exactly the
            # master's next encore step only when the ability resolves during the opponent's turn
            if delayed and not (isinstance(ab, dict) and ab.get("kind") == "auto" and ab.get("whose") == "opponents"):
                raise Unsupported("'at the beginning of your next encore step' outside an [AUTO] ability of the "
                                  "opponent's turn")
            for o in delayed:
                del o["@delayed"]
            delayed = [o for o in _dicts(ab) if o.get("@delayed_enc")]
            if delayed and not (isinstance(ab, dict) and (ab.get("kind") == "act" or ab.get("kind") == "auto" and ab.get(
                    "trigger") in ("attacks_self", "played_self", "direct_attacks_self", "frontal_attacks_self")
                    and ab.get("whose") != "opponents")):
                raise Unsupported("'at the beginning of your encore step' outside an [ACT] ability or an [AUTO] ability "
                                  "of this card's attack or placement")
            for o in delayed:
                del o["@delayed_enc"]
            delayed = [o for o in _dicts(ab) if o.get("@delayed_eot")]
            # end_turn_clause: the grant until end of turn acts at this turn's end phase when it is made before it
            if delayed and any((o.get("filter") or {}).get("side") == "opponent" for o in _dicts(ab)):
                raise Unsupported("'at the end of the turn, put that character into your <zone>' about an opponent's "
                                  "character")
            if delayed and not (isinstance(ab, dict) and (ab.get("kind") in ("act", "event") or ab.get("kind") == "auto"
                                                          and ab.get("trigger") == "played_self")):
                raise Unsupported("'at the end of the turn' outside an [ACT] ability or 'when this card is placed on "
                                  "the stage from your hand'")
            for o in delayed:
                del o["@delayed_eot"]
            delayed = [o for o in _dicts(ab) if o.get("@delayed_eot_self")]
            # (session 34) end_turn_clause's damage to yourself: granted to this card, on the stage when the ability
            # resolves, before the end phase (an [ACT] ability, an [AUTO] ability of its attack, its battle, its
            # placement from the hand)
            if delayed and not (isinstance(ab, dict) and (ab.get("kind") == "act" or ab.get("kind") == "auto" and ab.get(
                    "trigger") in ("battle_opp_reversed", "attacks_self", "frontal_attacks_self", "direct_attacks_self",
                                   "played_self"))):
                raise Unsupported("'at the end of the turn, deal 1 damage to yourself' outside an [ACT] ability or an "
                                  "[AUTO] ability of this card's attack, battle or placement")
            for o in delayed:
                del o["@delayed_eot_self"]
        if any(isinstance(d, dict) and d.get("kind") == "@and" for d in _dicts(tree_value)):
            raise Unsupported("'if you have N or more <spec> and M or less cards in your memory' outside 'you may pay "
                              "the cost'")
        if any(isinstance(d, dict) and d.get("kind") == "@zone" for d in _dicts(tree_value)):
            raise Unsupported("'this card is in your memory / the top card of your clock' inside an effect")
        gained = {"gained_traits": self._gained_traits} if getattr(self, "_gained_traits", None) else {}
        if isinstance(tree_value, dict) and tree_value.get("__fields__"):
            return [], {k: v for k, v in tree_value.items() if k != "__fields__"} | gained
        if isinstance(tree_value, list):
            abilities = [a for a in tree_value if "__counter__" not in a]
            return abilities, ({"counter": True} if len(abilities) < len(tree_value) else {}) | gained
        return [tree_value], gained

    def start(self, x):
        return x

    # ---------------------------------------------------------------- pronouns -> registers
    def resolve(self, ops: list[dict], trig: str | None, cond: dict | None) -> list[dict]:
        """Replace the target marks by targeting instructions and registers: "this card" ->
        target_self, "that character" -> the last chosen cards (or, with nothing chosen, the battle
        opponent where the trigger or the condition is about it)."""
        if any(o["op"] == "damage" and o["amount"] is None for o in _walk(ops)):
            raise Unsupported("'deal X damage' without an 'X is equal to' this compiler counts")
        for o in _walk(ops):
            if o.pop("@neg", False):  # "-X power": the count's multiple negated
                if not isinstance(o["amount"], int):
                    raise Unsupported("'-X power' without an 'X is equal to' this compiler counts")
                o["amount"] = -o["amount"]
        if trig != "attacks_self" and any(o["op"] == "trigger_checks" for o in _walk(ops)):
            # the effect must resolve before the trigger step of "that attack" (CR 7.2.1.6 -> 7.3)
            raise Unsupported("extra trigger checks outside 'when this card attacks'")
        if (cond or {}).get("@x") or any(o["op"] == "if" and o["condition"].get("@x") for o in _walk(ops)):
            raise Unsupported("'level X or lower' without an 'X is equal to' this compiler counts")
        battle = trig in ("reversed_self", "battle_opp_reversed") or (cond or {}).get("kind") in (
            "battle_opp_level_at_most", "battle_opp_level_above_opp", "battle_opp_level_at_most_self",
            "battle_opp_level_at_most_wr")
        # "when your other character attacks / is frontal attacked, ... that character": the trigger's
        if trig in ("other_attacks", "other_frontal_attacked", "other_placed", "other_reversed", "other_played",
                    "other_placed_from_wr"):
            battle = "triggering"
        if trig == "other_to_wr_from_stage":
            # (session 34, s34c) "when your other character is put into your waiting room from the stage, ... return
            # that character to your hand": the card that left the stage (play.stage_to_wr's aux), in the waiting room
            battle = "triggering"
        last = ops[-1] if ops else {}
        end = last if last.get("op") != "may" or len(last["then"]) != 1 else last["then"][0]
        if any(o["op"] == "@look1only" and o is not end for o in _walk(ops)):
            # a look at the top card that a later instruction refers to ("if you do, put that card ...")
            raise Unsupported("looking at the top card only (no instruction shows a card)")
        st = {"free": list(range(N_REGS)), "cur": None, "fixed": {}, "virtual": [N_REGS]}
        out = self._resolve(ops, st, battle, top=True)
        if not out and not (not ops and getattr(self, "_cost_only", False)):
            raise Unsupported("no effect")
        if st["virtual"][0] > N_REGS:
            _reuse_registers(out)
        return out

    def _take(self, st):
        if not st["free"]:
            # a register past the engine's (session 24): _reuse_registers gives it one whose cards were moved off
            # the stage for good, or the line is unsupported
            st["virtual"][0] += 1
            return st["virtual"][0] - 1
        return st["free"].pop(0)

    def _resolve(self, ops, st, battle, top):  # noqa: C901
        out: list[dict] = []
        for idx, op in enumerate(ops):
            name = op["op"]
            if name in ("if", "may", "if_stored"):
                # nesting: "if X, you may Y"; "you may mill 1. If that card is X, ..." (if_stored in a may)
                # "if A, B, and C": an IF whose block is one IF only is a conjunction (checked at one time)
                both = name == "if" and len(op["then"]) == 1 and op["then"][0]["op"] == "if"
                if not both and any(o["op"] == "if" or o["op"] == "if_stored" and name != "may"
                                    or o["op"] == "may" and name == "may" for o in op["then"]):
                    raise Unsupported("nested conditions")
                inner = dict(st, free=list(st["free"]), fixed=dict(st["fixed"]))
                op = {k: v for k, v in op.items() if k not in ("closed", "@no_lift")}  # clauses(): a "may" of one clause
                op = dict(op, then=self._resolve(op["then"], inner, battle, False))
                if not op["then"]:
                    raise Unsupported("an empty optional effect")
                out.append(op)
                # registers filled inside an if/may block are local to it (cards.py)
                st["cur"] = None
                continue
            if name == "choose_one":
                # each option resolved as a block of its own (its registers local to it, as an if/may's)
                opts = []
                for opt in op["options"]:
                    if any(o["op"] == "choose_one" for o in _walk(opt)):
                        raise Unsupported("nested choices of effects")
                    inner = dict(st, free=list(st["free"]), fixed=dict(st["fixed"]))
                    r = self._resolve(opt, inner, battle, False)
                    if not r:
                        raise Unsupported("an empty option")
                    opts.append(r)
                out.append({"op": "choose_one", **({"who": op["who"]} if "who" in op else {}), "options": opts})
                st["cur"] = None
                continue
            if name == "@option_cost":
                # "[<cost>] You may pay the cost. If you do, X" (an option): if all of the cost can be paid, the
                # master may pay it; X follows the payment (CR 8.4.2.2: a cost is paid in full or not at all)
                guards, pay = self._option_cost_ops(op["cost"])
                inner = dict(st, free=list(st["free"]), fixed=dict(st["fixed"]))
                block = self._resolve([{"op": "may", "then": pay + op["then"]}], inner, battle, False)
                for cond in reversed(guards):
                    block = [{"op": "if", "condition": cond, "then": block}]
                out += block
                st["cur"] = None
                continue
            if name == "@swap":
                # "exchange them (as [STAND])" after "choose this card and 1 of your other characters": EXCHANGE of
                # the two registers (positions swapped, Op.EXCHANGE on the stage)
                cur = st["cur"]
                if not (isinstance(cur, tuple) and cur[0] == "both"):
                    raise Unsupported("'exchange them' without this card and one chosen character")
                out.append({"op": "exchange", "reg": cur[1], "other": cur[2], **({"stand": True} if op["stand"] else {})})
                st["fixed"]["self"] = cur[1]
                st["swap_other"] = cur[2]
                continue
            if name == "@t":
                who = op["who"]
                if who == "last":
                    continue
                if who == "swap_other":
                    if "swap_other" not in st:
                        raise Unsupported("'that <<T>> character' without a character exchanged with this card")
                    st["cur"] = st["swap_other"]
                    continue
                if who == "that":
                    if st["cur"] is not None:
                        continue
                    if not battle:
                        raise Unsupported("'it' / 'that character' refers to nothing chosen")
                    who = "triggering" if battle == "triggering" else "battle_opp"
                if who == "facing":
                    reg = self._take(st)
                    st.setdefault("side", {})[reg] = "opponent"
                    out.append({"op": "select_all", "reg": reg,
                                "filter": {"type": "character", "side": "opponent", "relation": "facing"}})  # fmt: skip
                    st["cur"] = reg
                    continue
                if who in st["fixed"]:
                    st["cur"] = st["fixed"][who]
                    continue
                reg = self._take(st)
                if self.card.get("type") == "event" and who == "self" and not op.get("move_only") \
                        and not getattr(self, "_event_in_memory", False):  # an event's ability from the memory: its
                    #                                                       moves only (cards.py checks them)
                    raise Unsupported("'this card' on an event (other than moving it)")
                tgt = {"self": "target_self", "battle_opp": "target_battle_opp", "triggering": "target_triggering"}[who]
                out.append({"op": tgt, "reg": reg})
                st.setdefault("side", {})[reg] = {"self": "own", "battle_opp": "opponent"}.get(who, "any")
                st["fixed"][who] = reg
                st["cur"] = reg
                continue
            if name == "@look1only":
                # "(you may) look at the top card of your deck. (Return the card you saw to its original place)",
                # the program's last instruction: the master looks at it (LOOK_TOP shows it to the looking player
                # only) and it stays on top of the deck
                out.append({"op": "look_top", "count": 1, "take": 1, "to": "deck_top"})
                continue
            if name == "@cost_done":  # a cost paid by the program (_wr_cost_ops): its cards are no "it" of the effect
                # (session 24: the register is not free again: a register keeps its cards, and a later move of that
                # register, "return this card to your hand", would move the cost's cards too)
                st["cur"] = None
                continue
            if name == "@dest_or":
                # "return it to your hand or put it into your stock": one of the moves of the chosen card(s), as the
                # master chooses (choose_one, its options on the same register)
                if st["cur"] is None:
                    raise Unsupported("'return it to your hand or put it into your stock' without a target")
                out.append({"op": "choose_one", "options": [[dict(o, reg=st["cur"]) for o in opt]
                                                            for opt in op["options"]]})
                continue
            if name == "@if_done":  # "If you do, <the rest of the block>" (rows counted below)
                out.append({"op": "if_done", "rows": 0, **({"done": op["done"]} if op.get("done") is False else {}),
                            **({"@dmg": True} if op.get("@dmg") else {})})
                continue
            if name == "@if_done_end":  # the end of the rows of the "if you do" before it (session 29)
                out.append({"op": "@if_done_end"})
                continue
            if name == "@exchange_pair":
                a = self._take(st)
                b = self._take(st)
                out += [dict(op["first"], reg=a), dict(op["second"], reg=b), {"op": "exchange", "reg": a, "other": b}]
                st.setdefault("side", {}).update({a: "own", b: "own"})
                st["cur"] = None  # "exchange them": nothing after refers to either
                continue
            if name == "@self_and":
                choose = op["choose"]
                if op.get("@may_self") or op.get("@zone"):
                    if not any(o["op"] == "@swap" and not (op.get("@zone") and o["stand"]) for o in ops[idx + 1:]):
                        raise Unsupported("'choose this card and' a card that may be this card")
                    if op.get("@may_self"):
                        choose = dict(choose, filter=dict(choose["filter"], relation="other"))
                a = self._take(st)
                b = self._take(st)
                out += [{"op": "target_self", "reg": a}, dict(choose, reg=b)]
                st.setdefault("side", {}).update({a: "own", b: "own"})
                st["cur"] = ("both", a, b)
                continue
            if name == "@reg_soul":  # (session 34, s34c) the soul of the character just chosen
                if not isinstance(st["cur"], int):
                    raise Unsupported("'that character's soul' without one chosen character")
                out.append({"op": "reg_soul", "reg": st["cur"]})
                continue
            if name == "@reg_level":  # effects(): the level of the character just chosen (the opponent's exchange)
                if not isinstance(st["cur"], int) or st.get("side", {}).get(st["cur"]) != "opponent":
                    raise Unsupported("'the level of the character you chose' without the opponent's chosen character")
                out.append({"op": "reg_level", "reg": st["cur"], "plus": op["plus"]})
                st["exchange_first"] = st["cur"]
                continue
            if name == "@opp_exchange":
                # "your opponent chooses 1 <spec> in their waiting room, and exchanges them": EXCHANGE of the
                # character chosen (REG_LEVEL's register) and the opponent's card (Op.EXCHANGE, stage and waiting room)
                a, b = st.get("exchange_first"), st["cur"]
                if a is None or not isinstance(b, int) or a == b or st.get("side", {}).get(b) != "opponent":
                    raise Unsupported("'exchanges them' without the opponent's chosen character and card")
                out.append({"op": "exchange", "reg": a, "other": b})
                st["cur"] = None
                continue
            if name == "@wr_keep":
                if st["cur"] is None or isinstance(st["cur"], tuple) or st.get("side", {}).get(st["cur"]) != "opponent":
                    raise Unsupported("'returns all cards except that card' without the opponent's chosen cards")
                out.append({"op": "wr_to_deck", "who": "opponent", "keep_reg": True, "reg": st["cur"]})
                continue
            if name.startswith("@"):
                raise Unsupported(f"a phrase this compiler cannot place ({name[1:]})")
            if name in ("choose", "select_all", "reveal_top", "opp_choose") or name in ("search", "change") and op.get(
                    "keep"):
                reg = self._take(st)
                out.append(dict(op, reg=reg))
                st["cur"] = reg
                st.setdefault("side", {})[reg] = (op.get("filter") or {}).get("side", "own")
                continue
            if name == "power_x" and op.get("@cur_reg"):  # effects(): "+X power, X = N x the facing level"
                if not isinstance(st["cur"], int):
                    raise Unsupported("'+X power' without one target")
                out.append(dict({k: v for k, v in op.items() if k != "@cur_reg"}, reg=st["cur"]))
                continue
            if name in _ON_REG and isinstance(st["cur"], tuple):
                moves = ("reverse", "to_hand", "to_waiting_room", "to_stock", "to_clock", "to_memory")
                if name not in ("power", "soul", "level", "grant_ability", "restrict", "stand", "rest") + moves:
                    raise Unsupported(f"'{name}' on this card and a chosen character")
                if name in moves and any(o["op"] == "if_done" for o in ops[idx + 1:]):
                    raise Unsupported(f"'{name}' on this card and a chosen character, then 'if you do'")
                # "choose this card and 1 of your other characters, and return them to your hand": each register's
                # card moved (the two moves of one instruction; their triggers wait for the check timing, CR 8.7)
                out += [dict({k: v for k, v in op.items() if k != "@owner"}, reg=r) for r in st["cur"][1:]]
                continue
            if name in _ON_REG:
                if st["cur"] is None:
                    raise Unsupported(f"'{name}' without a target")
                owner = op.get("@owner")
                side = st.setdefault("side", {}).get(st["cur"], "own")
                if owner is not None and side in ("own", "opponent") and owner != side:
                    raise Unsupported("a card put into the other player's zone (the engine moves it to its owner's)")
                op = {k: v for k, v in op.items() if k != "@owner"}
                op["reg"] = st["cur"]
            out.append(op)
        for i, o in enumerate(out):
            if o["op"] == "if_done":
                # the rows: to the end of the block, or to the first @if_done_end after it (none lies between)
                end = next((k for k in range(i + 1, len(out)) if out[k]["op"] == "@if_done_end"), len(out))
                o["rows"] = end - i - 1
        out[:] = [o for o in out if o["op"] != "@if_done_end"]
        for i, o in enumerate(out):
            if o["op"] == "if_done":
                reports = _REPORTS_DONE + (("damage",) if o.pop("@dmg", False) else ())
                if o["rows"] == 0 or i == 0 or out[i - 1]["op"] not in reports:
                    raise Unsupported("'if you do' after an instruction that does not report it")
        for i, o in enumerate(out):
            # a card only revealed or looked at, with nothing done after: no instruction shows a card
            # (the effect would be nothing), so the line is not compiled
            if o["op"] == "reveal_top" and not any(x["op"] == "if_stored" or x.get("reg", 0) == o.get("reg", 0)
                                                   and x["op"] in _ON_REG for x in out[i + 1:]):  # fmt: skip
                raise Unsupported("revealing / looking at the top card only (no instruction shows a card)")
        for o in out:
            if o.get("reg") == 0:
                del o["reg"]
        return out


# register reuse (session 24, s24-wsc): the instructions a register chosen anew may have after its CHOOSE (they act on
# stage characters only, constants.Op POWER..REVERSE: a card of the register off the stage is not affected, CR 8.11.1)
_STAGE_ONLY = {"power", "soul", "level", "grant_keyword", "grant_ability", "restrict", "stand", "rest", "reverse"}
# the moves that take every card of a register off the stage (they act wherever the card is)
_OFF_STAGE_MOVES = {"to_hand", "to_waiting_room", "to_stock", "to_clock", "to_memory", "to_deck_top", "to_deck_bottom"}
# the instructions that never put a card on the stage (what may follow a reused register's last move)
_NO_STAGE_PLACING = _STAGE_ONLY | _OFF_STAGE_MOVES | {
    "choose", "opp_choose", "select_all", "target_self", "target_battle_opp", "target_triggering", "draw", "damage",
    "shuffle_deck", "if", "may", "if_done", "if_stored", "choose_one", "pay_stock", "heal", "pool", "mill", "clock_top",
    "discard", "reveal_top"}
_REG_OPS: set[str] | None = None


def _reg_ops() -> set[str]:
    """The instructions with a target register (``reg``; 0 where the key is left out)."""
    global _REG_OPS
    if _REG_OPS is None:
        from tcg_env.games.weiss_schwarz.cards import _OP_MODELS

        _REG_OPS = {m.model_fields["op"].annotation.__args__[0] for m in _OP_MODELS if "reg" in m.model_fields}
    return _REG_OPS


def _flat_ops(ops: list[dict], path: tuple = ()) -> list[tuple[dict, tuple]]:
    """The instructions of a program in their order (blocks and options in turn: the program only jumps forward),
    each with the blocks it is in; not those of a granted ability."""
    out = []
    for k, o in enumerate(ops):
        out.append((o, path))
        if "then" in o:
            out += _flat_ops(o["then"], path + ((id(o), 0),))
        for j, opt in enumerate(o.get("options") or ()):
            out += _flat_ops(opt, path + ((id(o), j + 1),))
    return out


def _mark_after_to_memory(ops: list[dict]) -> list[dict]:
    """(Session 34) A copy of ``ops`` with Op.MEMORY_MARK right after each move of this card into the memory (in its
    block: a "may" or an "if" holds both): the delayed ability of _delayed_next_draw reads the mark."""
    out: list[dict] = []
    for o in ops:
        if "then" in o:
            o = dict(o, then=_mark_after_to_memory(o["then"]))
        out.append(o)
        if o.get("op") == "to_memory":
            out.append({"op": "memory_mark"})
    return out


def _reuse_registers(ops: list[dict]) -> None:
    """The registers past the engine's (_take's, N_REGS and up) given an engine register whose cards are off the
    stage for good: a register is additive (a CHOOSE adds to it), so the new one keeps the old cards, which its
    instructions must not affect. So the new register is chosen among stage characters and only acted on by
    POWER..REVERSE (stage characters only, CR 8.11.1), and the old one's cards were all chosen by one CHOOSE and all
    moved off the stage by its last instruction, in the same block with no "if you do" between (so whenever the
    CHOOSE ran, the move did), with no instruction after that move that puts a card on the stage; the two counts
    fit in the register (TARGET_MAX). A register past the engine's that is no such choice ("put this card into your
    memory") takes the engine register of such a choice, which moves onto another engine register. Otherwise the
    line is unsupported."""
    def uses(o, r):
        return o.get("reg", 0 if o["op"] in _reg_ops() else None) == r or o.get("other") == r

    def count_of(o):
        c = o.get("count", 1)
        return c if isinstance(c, int) else None

    flat = _flat_ops(ops)

    def at(r):
        return [i for i, (o, _) in enumerate(flat) if uses(o, r)]

    def stage_choice(ri):  # a register chosen among stage characters, acted on by POWER..REVERSE only
        first = flat[ri[0]][0]
        return first["op"] == "choose" and (first.get("filter") or {}).get("zone", "stage") == "stage" \
            and count_of(first) is not None and all(flat[i][0]["op"] in _STAGE_ONLY and "other" not in flat[i][0]
                                                     for i in ri[1:])

    def fits(ri, p):  # the register of uses ri (a stage choice) on engine register p
        pi = at(p)
        if not pi:
            return True
        first = flat[ri[0]][0]
        o0, path0 = flat[pi[0]]
        last, path1 = flat[pi[-1]]
        if pi[-1] > ri[0] or o0["op"] != "choose" or count_of(o0) is None \
                or count_of(o0) + count_of(first) > K.TARGET_MAX or path1 != path0:
            return False
        if sum(1 for i in pi if flat[i][0]["op"] in _TARGETING) != 1:
            return False
        if last["op"] == "exchange":
            # "choose 1 card in your level and 1 climax in your waiting room, and exchange them": both off the
            # stage before and after (the exchange of two zones' cards, no stage position)
            chooses = [o for o, _ in flat if o["op"] == "choose" and o.get("reg", 0) in (last.get("reg", 0), last["other"])]
            if len(chooses) != 2 or any((o.get("filter") or {}).get("zone", "stage") == "stage" for o in chooses):
                return False
        elif last["op"] not in _OFF_STAGE_MOVES or "other" in last:
            return False
        if any(flat[i][0]["op"] == "if_done" and flat[i][1] == path0 for i in range(pi[0], pi[-1])):
            return False
        return all(o["op"] in _NO_STAGE_PLACING for o, _ in flat[pi[-1] + 1:])

    def move(r, target):
        for o, _ in flat:
            if o.get("reg", 0 if o["op"] in _reg_ops() else None) == r:
                if target == 0:
                    o.pop("reg", None)
                else:
                    o["reg"] = target
            if o.get("other") == r:
                o["other"] = target

    virtual = sorted({o["reg"] for o, _ in flat if isinstance(o.get("reg"), int) and o["reg"] >= N_REGS}
                     | {o["other"] for o, _ in flat if isinstance(o.get("other"), int) and o["other"] >= N_REGS})
    for v in virtual:
        vi = at(v)
        if stage_choice(vi):
            target = next((p for p in range(N_REGS) if fits(vi, p)), None)
            if target is not None:
                move(v, target)
                continue
        else:
            # an engine register q held by one stage choice w that fits on the other engine register: w moves
            # there, and v takes q (v's alone on it, after w's uses)
            done = False
            for q in range(N_REGS):
                wi = at(q)
                if not wi or wi[-1] > vi[0] or sum(1 for i in wi if flat[i][0]["op"] in _TARGETING) != 1 \
                        or not stage_choice(wi):
                    continue
                p = next((p for p in range(N_REGS) if p != q and fits(wi, p)), None)
                if p is None:
                    continue
                move(q, p)
                move(v, q)
                done = True
                break
            if done:
                continue
        raise Unsupported("more target registers than the engine has")


_TARGETING = ("choose", "opp_choose", "select_all", "reveal_top", "search", "target_self", "target_battle_opp",
              "target_triggering")


_HERE = Path(__file__).resolve().parent
# the LALR tables are cached between processes (text._parser_cache: a rebuild of this grammar costs about
# a second, more on a loaded machine)
COMPILER = _Compiler(_HERE / "card_text.lark", WSTextTransformer, approximations=APPROXIMATIONS, parser="lalr",
                     ability_model="tcg_env.games.weiss_schwarz.cards:WSAbility")


def compile_line(line: str, card: Mapping[str, Any] | None = None):
    """The :class:`~tcg_env.cards.text.LineResult` of one printed line for ``card``
    (``{"type": "character" | "event" | "climax", "name": ..., "traits": [...]}``)."""
    return COMPILER.compile_line(line, card or {"type": "character"})
