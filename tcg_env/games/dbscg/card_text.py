"""The Dragon Ball Super Card Game's printed skill lines compiled into the game's skills
(:class:`tcg_env.games.dbscg.cards.Ability` records, keywords, [Evolve]): the grammar
``card_text.lark`` beside this module parses a line, :class:`DbscgText` turns the parse into
ability dicts the card schema validates, with a verdict (``tcg_env.cards.text``). Rule numbers:
dbscg-rules-1.073.txt. What each piece compiles to, the approximations and what is not compiled:
docs/dbscg/card-text.md."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lark import Token, Transformer

from tcg_env.cards.text import CardTextCompiler, TextTransformer, Unsupported
from tcg_env.games.dbscg import constants as K

__all__ = ["APPROXIMATIONS", "COMPILER", "DbscgText", "DbscgTextCompiler", "KEYWORD_NAMES"]

APPROXIMATIONS: dict[str, str] = {
    "discard_cost_engine_picks": "a skill cost of placing hand cards in the Drop Area: the engine places the "
                                 "lowest-cost hand cards (play.pay_skill), the player does not choose them",
    "at_most_four_cards": "\"choose all ...\": the skill acts on at most 4 of the matching cards (TARGET_MAX, "
                          "the size of an effect's register), in the order of the Leader and Battle Areas",
    "counter_played_from_drop": "a Battle Card's [Counter] that plays the card: the card is placed in the Drop "
                                "Area on activation (10-10-4) and the effect plays it from there, not from the hand",
    "life_cost_top_cards": "Life cards to the hand or the Drop Area (a skill cost, or \"you may choose 1 card in "
                           "your life and add it to your hand\"): the engine takes the top ones; the player chooses "
                           "among face-down cards (3-9-2), so which ones is unseen either way",
    "battle_keywords_last_the_turn": "a keyword given \"for the duration of the battle\" lasts until the end of the "
                                     "turn (the engine keeps keyword modifiers for the turn or while the card stays: "
                                     "state.MODS)",
    "multi_name_cards_unmatched": "a line naming a character that some card of the list has among several names "
                                  "(\"Caulifla/Kale\"): the engine gives a card one character name, so that card "
                                  "does not match it (2-5: it should)",
    "look_shuffles_deck": "\"look at up to X cards from the top of your deck\" with nothing said of the rest: "
                          "the whole deck is shuffled (11-6-3 shuffles the cards looked at back into their place)",
}

# the keyword images at the head of a line -> the card's keyword (constants.Keyword)
KEYWORD_NAMES = {"blocker": "blocker", "critical": "critical", "double strike": "double_strike",
                 "triple strike": "triple_strike", "dual attack": "dual_attack", "barrier": "barrier",
                 "deflect": "deflect", "indestructible": "indestructible", "revenge": "revenge",
                 "ultimate": "ultimate", "super combo": "super_combo", "dragon ball": "dragon_ball",
                 "field": "field", "victory strike": "victory_strike", "energy-exhaust": "energy_exhaust"}  # fmt: skip
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_KIND = {"activate main": "activate_main", "activate battle": "activate_battle", "counter attack": "counter_attack",
         "counter play": "counter_play", "counter counter": "counter_counter"}  # fmt: skip
_TRIGGERS = {t.name.lower() for t in K.Trigger}
_OWN_LEADER = {"side": "own", "zone": "leader_or_battle", "types": ["leader"]}  # "your Leader Card" (SELECT_ALL)


def _tokens(children: list, type_: str | None = None) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and (type_ is None or c.type == type_)]


def _vals(children: list) -> list:
    return [c for c in children if not isinstance(c, Token)]


class _Target:
    """A target phrase: the filter of a CHOOSE / SELECT_ALL (cards.DbscgFilter fields)."""

    def __init__(self) -> None:
        self.filter: dict[str, Any] = {}
        self.noun = "card"
        self.place: str | None = None
        self.side: str | None = None


class DbscgText(TextTransformer, Transformer):
    """A parse of ``card_text.lark`` -> the line's abilities and card fields. Each rule's method
    returns a plain value; ``effect`` assembles the steps into one op list with the registers
    (two, constants.N_REGS) the chosen cards go into."""

    # ---- small pieces -------------------------------------------------------------------------
    def number(self, ch):
        t = str(ch[0])
        return int(t) if t.isdigit() else _WORDS[t.lower()]

    def upto(self, ch):
        return "up_to"

    def at_most(self, ch):
        return "max"

    def at_least(self, ch):
        return "min"

    def rest_mode(self, ch):
        return ("mode", "rest")

    def active_mode(self, ch):
        return ("mode", "active")

    def end_of_turn(self, ch):
        return "end_of_turn"

    def end_of_battle(self, ch):
        return "end_of_battle"

    def may(self, ch):
        return "may"

    def once(self, ch):
        return "once"

    def pronoun(self, ch):
        return "pronoun"

    def pronoun_subject(self, ch):
        return "pronoun"

    def self_ref(self, ch):
        return "self"

    def gains(self, ch):
        return "gains"

    def owner_word(self, ch):
        return None

    def drop_word(self, ch):
        return None

    def warp_word(self, ch):
        return None

    def drop_area(self, ch):
        return None

    def joiner(self, ch):
        return "joiner"

    # ---- keywords ------------------------------------------------------------------------------
    def keyword(self, ch):
        return ("keyword", KEYWORD_NAMES[" ".join(str(_tokens(ch, "KEYWORD")[0]).lower().split())])

    def keyword_line(self, ch):
        kws = list(dict.fromkeys(k for _, k in ch))
        return {"__fields__": True, "keywords": kws}

    # ---- grants and durations -----------------------------------------------------------------
    def grant_power(self, ch):
        return ("power", int(str(_tokens(ch, "POWER_CHANGE")[0])))

    def grant_power_per_energy(self, ch):
        return ("power_per_energy", int(str(_tokens(ch, "POWER_CHANGE")[0])))

    def grant_keyword(self, ch):
        name = " ".join(str(_tokens(ch, "KEYWORD")[0]).lower().split())
        kw = KEYWORD_NAMES[name]
        if kw in ("ultimate", "super_combo", "dragon_ball", "field", "energy_exhaust"):
            raise Unsupported(f"[{name}] granted by a skill (a deck-construction or Extra Card keyword)")
        return ("keyword", kw)

    def grant_list(self, ch):
        return list(ch)

    # ---- conditions ----------------------------------------------------------------------------
    def _cond(kind):  # noqa: N805 - a factory of transformer methods
        def m(self, ch):
            nums = [c for c in ch if isinstance(c, int)]
            return (kind, nums[0] if nums else 0)
        return m

    c_life_at_most = _cond("life_at_most")
    c_opp_life_at_most = _cond("opp_life_at_most")
    c_energy_at_least = _cond("energy_at_least")
    c_drop_at_least = _cond("drop_at_least")
    c_battle_at_least = _cond("battle_at_least")
    c_hand_at_most = _cond("hand_at_most")
    c_power_at_least = _cond("power_at_least")
    c_my_turn = _cond("my_turn")
    c_opp_turn = _cond("opp_turn")
    c_attacking_leader = _cond("attacking_leader")
    c_attacking_battle = _cond("attacking_battle")
    c_opp_energy_at_least = _cond("opp_energy_at_least")
    c_hand_at_least = _cond("hand_at_least")
    c_more_life = _cond("more_life")
    c_multicolour_energy = _cond("multicolour_energy")
    del _cond

    def if_you_do(self, ch):
        return "if_you_do"

    def head_condition(self, ch):
        return ("__cond__", _vals(ch)[0])

    def trigger_suffix(self, ch):
        return ch[0]

    def c_life_is(self, ch):
        n = _num(ch)
        if n != 1:  # at 0 life a player has lost (9-2-3): "at 1" is "at 1 or less"
            raise Unsupported(f"a life of exactly {n} (the conditions count 'or less')")
        return ("life_at_most", 1)

    def c_leader_character(self, ch):
        return ("leader_character", 0, {"character": _character(_tokens(ch, "CHARACTER")[0])})

    def c_leader_trait(self, ch):
        return ("leader_trait", 0, {"trait": str(_tokens(ch, "TRAIT")[0])[2:-2].strip()})

    def c_leader_colour(self, ch):
        return ("leader_colour", K.COLOUR_BITS[str(_tokens(ch, "COLOUR")[0]).lower()])

    def condition(self, ch):
        return ch[0]

    def cond_prefix(self, ch):
        return list(ch)

    def cond_if(self, ch):
        return _vals(ch)[0]

    def during_my_turn(self, ch):
        return ("my_turn", 0)

    def during_opp_turn(self, ch):
        return ("opp_turn", 0)

    # ---- targets -------------------------------------------------------------------------------
    def opp(self, ch):
        return ("side", "opponent")

    def own(self, ch):
        return ("side", "own")

    def colours(self, ch):
        return ("colours", [str(t).lower() for t in _tokens(ch, "COLOUR")])

    def character(self, ch):
        return ("character", _character(ch[0]))

    def trait(self, ch):
        return ("trait", str(ch[0])[2:-2].strip())

    def traits_any(self, ch):
        return ("traits_any", [str(t)[2:-2].strip() for t in _tokens(ch, "TRAIT")])

    def battle_cards(self, ch):
        return ("noun", "battle")

    def leader_cards(self, ch):
        return ("noun", "leader")

    def any_cards(self, ch):
        return ("noun", "card")

    def leader_or_battle_cards(self, ch):
        c = _tokens(ch, "COLOUR")
        return ("noun", "leader_or_battle", str(c[0]).lower() if c else None)

    def energy_cards(self, ch):
        return ("noun", "energy")

    def noun(self, ch):
        return ch[0]

    def cost_bound(self, ch):
        n, b = [c for c in ch if not isinstance(c, Token)][-2:]
        return ("cost_max" if b == "max" else "cost_min", n)

    def power_bound(self, ch):
        n, b = [c for c in ch if not isinstance(c, Token)]
        if b != "max":
            raise Unsupported("a power lower bound in a target (the filters have power_max only)")
        return ("power_max", n)

    def qualifier(self, ch):
        return ch[0]

    def adjective(self, ch):
        return ch[0]

    def owner(self, ch):
        return ch[0]

    def _place(where):  # noqa: N805
        def m(self, ch):
            return ("place", where)
        return m

    own_drop = _place("own_drop")
    opp_drop = _place("opp_drop")
    own_hand = _place("own_hand")
    own_deck = _place("own_deck")
    own_warp = _place("own_warp")
    battle_area = _place("battle_area")
    any_battle_area = _place("any_battle_area")
    opp_battle_area = _place("opp_battle_area")
    own_battle_area = _place("own_battle_area")
    own_energy = _place("own_energy")
    looked = _place("looked")
    del _place

    def place(self, ch):
        return ch[0]

    def named_target(self, ch):
        kinds = {"CHARACTER": lambda c: ("character", _character(c)), "TRAIT": lambda c: ("trait", str(c)[2:-2].strip()),
                 "CARD_NAME": lambda c: ("name", str(c)[1:-1].strip())}  # fmt: skip
        named = [kinds[c.type](c) for c in _tokens(ch) if c.type in kinds]
        return self.target(_vals(ch) + named)

    def target(self, ch):
        t = _Target()
        for item in _vals(ch):
            key, val = item[:2]
            if key == "noun" and val == "leader_or_battle" and item[2] != (t.filter.get("colours") or [None])[0]:
                raise Unsupported("\"Leader Cards or Battle Cards\" of different colours")
            if key == "side":
                t.side = val
            elif key == "noun":
                t.noun = val
            elif key == "place":
                t.place = val
            elif key == "mode":
                t.filter["mode"] = val
            elif key == "colours":
                t.filter["colours"] = val
            elif key == "cost_equal":
                t.filter["cost_min"] = t.filter["cost_max"] = val
            elif key == "traits_any":
                if "trait" in t.filter or "traits_any" in t.filter:
                    raise Unsupported("a target naming special traits twice")
                t.filter["traits_any"] = val
            elif key in ("character", "trait"):
                if key in t.filter or (key == "trait" and "traits_any" in t.filter):
                    raise Unsupported(f"a target naming two {key}s")
                t.filter[key] = val
            else:
                t.filter[key] = val
        f = _filter_of(t)
        if t.place == "looked":
            f["top"] = -1  # the count of the "look at" before it (compile_steps)
        return f

    # ---- costs ---------------------------------------------------------------------------------
    def energy_cost(self, ch):
        balls = [str(t)[1:-1].lower() for t in _tokens(ch, "BALL")]
        colours = [b for b in balls if not b.isdigit()]
        if len(set(colours)) > 1:
            raise Unsupported("a skill cost of two colours (the cost has one specified colour, 8-4-2-4)")
        energy = len(colours) + sum(int(b) for b in balls if b.isdigit())
        out = {"energy": energy}
        if colours:
            out.update(colour=colours[0], colour_count=len(colours))
        return ("cost", out)

    def rest_cost(self, ch):
        if self.card.get("type") not in ("battle", "leader"):
            raise Unsupported("\"switch this card to Rest Mode\" as a cost of a card not in play (8-4-2)")
        return ("cost", {"rest_self": True})

    def discard_cost(self, ch):
        n = [c for c in ch if isinstance(c, int)][0]
        self.approximate("discard_cost_engine_picks")
        return ("cost", {"discard": n})

    def life_cost(self, ch):
        self.approximate("life_cost_top_cards")
        return ("cost", {"life": _num(ch)})

    def life_drop_cost(self, ch):
        self.approximate("life_cost_top_cards")
        return ("cost", {"life_drop": _num(ch)})

    def self_drop_cost(self, ch):
        if self.card.get("type") != "battle":
            raise Unsupported("\"place this card in its owner's Drop Area\" as a cost of a card other than a Battle Card")
        return ("cost", {"self_drop": True})

    def attacks_active(self, ch):
        return ("keyword", "attacks_active")

    def no_battle_attack(self, ch):
        return ("keyword", "no_battle_attack")

    def no_battle_ko(self, ch):
        return ("keyword", "no_battle_ko")

    def no_opp_skill_ko(self, ch):
        return ("keyword", "no_opp_skill_ko")

    def attacking(self, ch):
        return ("attacking", True)

    def perm_grants(self, ch):
        out = []
        for v in _vals(ch):
            out += v if isinstance(v, list) else [v] if isinstance(v, tuple) else []
        return out

    def ignoring(self, ch):
        return ("ignore_barrier", True)

    def cost(self, ch):
        out: dict[str, Any] = {}
        for _, part in _vals(ch):
            for k, v in part.items():
                if k in out:
                    raise Unsupported(f"a skill cost with two {k} parts")
                out[k] = v
        return ("cost", out)

    # ---- actions (each a step: ("kind", payload)) ---------------------------------------------------
    def draw(self, ch):
        return ("plain", [{"op": "draw", "count": _num(ch)}])

    def damage(self, ch):
        return ("plain", [{"op": "damage", "count": _num(ch), "who": "opponent"}])

    def negate_attack(self, ch):
        return ("negate_attack", [{"op": "negate"}])

    def play_self(self, ch):
        return ("play_self", None)

    def self_gains(self, ch):
        grants, duration = _vals(ch)[-2:]
        return ("self", self.grant_ops(grants, duration))

    def self_switch(self, ch):
        (_, mode), = [c for c in _vals(ch) if isinstance(c, tuple)]
        return ("self", [{"op": mode}])

    def pronoun_gains(self, ch):
        grants, duration = _vals(ch)[-2:]
        return ("on_last", self.grant_ops(grants, duration))

    def leader_gains(self, ch):
        grants, duration = _vals(ch)[-2:]
        return ("leader", self.grant_ops(grants, duration))

    def choose_self_or_battle(self, ch):
        # "this card or 1 of your Battle Cards": a Leader's own Leader Area and Battle Area (8-5-4), a
        # Battle Card's own Battle Area (it is one of them)
        n = _num(ch)
        if n != 1 or self.card.get("type") not in ("leader", "battle"):
            raise Unsupported("\"this card or N of your Battle Cards\" on a card not in play, or N > 1")
        if self.card["type"] == "leader":
            f = {"side": "own", "zone": "leader_or_battle", "types": ["leader", "battle"]}
        else:
            f = {"side": "own", "zone": "battle", "types": ["battle"]}
        return ("target", {"op": "choose", "filter": f, "count": 1, "up_to": False})

    def grant_ops(self, grants: list, duration: str) -> list[dict]:
        ops = _grant_ops(grants, duration)
        if duration == "end_of_battle" and any(o["op"] == "grant_keyword" for o in ops):
            # state.MODS aliases the keywords' battle duration to the turn's
            self.approximate("battle_keywords_last_the_turn")
        return ops

    def choose_act(self, ch):
        vals = _vals(ch)
        up_to = "up_to" in vals
        if "may" in vals and not up_to:  # "you may choose up to N": choosing none is declining
            raise Unsupported("\"you may\" before a choice of exactly N cards")
        n = [v for v in vals if isinstance(v, int)][0]
        f = vals[-1]
        if n > K.TARGET_MAX:
            raise Unsupported(f"choosing {n} cards (an effect's register holds {K.TARGET_MAX})")
        return ("target", {"op": "choose", "filter": f, "count": n, "up_to": up_to})

    def may_upto(self, ch):
        return "may"

    def add_act(self, ch):
        target = self.choose_act(ch)
        return ("target_then", (target[1], [{"op": "to_hand"}]))

    def switch_act(self, ch):
        (_, mode), = [c for c in _vals(ch) if isinstance(c, tuple) and c[0] == "mode"]
        target = self.choose_act([c for c in ch if not (isinstance(c, tuple) and c[0] == "mode")])
        return ("target_then", (target[1], [{"op": mode}]))

    def choose_all_act(self, ch):
        self.approximate("at_most_four_cards")
        f = _vals(ch)[-1]
        if f.get("zone", "battle") not in ("battle", "leader_or_battle"):
            raise Unsupported("\"choose all\" of cards outside the Leader and Battle Areas (SELECT_ALL scans those)")
        return ("target", {"op": "select_all", "filter": f})

    def pronoun_verb(self, ch):
        return ("on_last", ch[0] if isinstance(ch[0], list) else [ch[0]])

    def v_ko(self, ch):
        return {"op": "ko"}

    def v_switch(self, ch):
        (_, mode), = [c for c in _vals(ch) if isinstance(c, tuple)]
        return {"op": mode}

    def v_drop(self, ch):
        return {"op": "to_drop"}

    def v_warp(self, ch):
        return {"op": "to_warp"}

    def v_hand(self, ch):
        return {"op": "to_hand"}

    def v_energy(self, ch):
        return {"op": "to_energy"}

    def v_play(self, ch):
        return {"op": "play"}

    def v_play_rested(self, ch):
        return [{"op": "play"}, {"op": "rest"}]

    def sparking(self, ch):
        return ("gate", "sparking", _num(ch))

    def burst(self, ch):
        return ("gate", "burst", _num(ch))

    def bond(self, ch):
        return ("gate", "bond", _num(ch))

    def look_at(self, ch):
        return ("look", _num(ch))

    def life_to_hand(self, ch):
        self.approximate("life_cost_top_cards")
        return ("life_to_hand", [{"op": "life_to_hand", "count": _num(ch)}])

    def win(self, ch):
        return ("plain", [{"op": "win"}])

    def with_keyword(self, ch):
        return ("keyword", KEYWORD_NAMES[" ".join(str(_tokens(ch, "KEYWORD")[0]).lower().split())])

    def shuffle_deck(self, ch):
        return ("shuffle", [])

    def own_discard(self, ch):
        return ("own_discard", [{"op": "discard", "count": _num(ch)}])

    def opp_warp(self, ch):
        return ("plain", [{"op": "hand_to_warp", "count": _num(ch), "who": "opponent"}])

    def cost_equal(self, ch):
        n = _num(ch)
        return ("cost_equal", n)

    def opp_discard(self, ch):
        return ("plain", [{"op": "discard", "count": _num(ch), "who": "opponent"}])

    def random_discard(self, ch):
        if "up_to" not in _vals(ch):
            raise Unsupported("a random discard of exactly N cards")
        return ("plain", [{"op": "discard", "count": _num(ch), "who": "opponent", "random": True}])

    def charge(self, ch):
        n = [c for c in ch if isinstance(c, int)]
        return ("plain", [{"op": "charge", "count": n[0] if n else 1}])

    def gain_life(self, ch):
        return ("plain", [{"op": "gain_life", "count": 1}])

    def action(self, ch):
        return ch[0]

    def step(self, ch):
        vals = _vals(ch)
        return (vals[0] if len(vals) == 2 else None, vals[-1])

    def step_postfix(self, ch):
        action, cond = _vals(ch)
        return ("postfix", [cond]), action

    def awaken_steps(self, ch):
        return [c for c in _vals(ch) if c != "joiner"]

    def effect(self, ch):
        return [c for c in _vals(ch) if c != "joiner"]

    # ---- lines ---------------------------------------------------------------------------------
    def trigger_clause(self, ch):
        vals = _vals(ch)
        triggers = [v for v in vals if v[0] in _TRIGGERS]
        conds = [v for v in vals if v[0] not in _TRIGGERS]
        if len(conds) > 1:
            raise Unsupported("a trigger with two conditions (a skill has one condition)")
        return (conds[0] if conds else None, triggers)

    def also_trigger(self, ch):
        return ch[0]

    def _trig(name, cond=None):  # noqa: N805
        def m(self, ch):
            return (name, cond)
        return m

    t_play = _trig("on_play")
    t_play_from_hand = _trig("on_play_from_hand")
    t_attack = _trig("on_attack")
    t_attack_leader = _trig("on_attack", ("attacking_leader", 0))
    t_attack_battle = _trig("on_attack", ("attacking_battle", 0))
    t_attacked = _trig("on_attacked")
    t_ko = _trig("on_ko")
    t_combo = _trig("on_combo")
    t_end_turn = _trig("end_turn")
    t_start_main = _trig("start_main")
    t_ally_attacks = _trig("ally_attacks")
    t_evolve = _trig("on_evolve")
    del _trig

    def trigger(self, ch):
        return ch[0]

    def auto_line(self, ch):
        vals = _vals(ch)
        once = "once" in vals
        optional = "may" in vals
        turn_cond, triggers = [v for v in vals if isinstance(v, tuple) and v[0] != "gate"][0]
        if "burst" in _gates(vals):  # 10-30: a cost; play.pay_skill pays activated skills' costs only
            raise Unsupported("[Burst] on an [Auto] skill (the engine pays the costs of activated skills only)")
        effect = self.compile_steps(vals[-1], "auto", optional)
        if once and len(triggers) > 1:
            raise Unsupported("[Once per turn] shared by two triggers (the engine counts it per skill)")
        out = []
        for trigger, trig_cond in triggers:  # "When ..., or if ...": one skill per trigger
            conds = [c for c in (turn_cond, trig_cond) if c is not None]
            if len(conds) > 1:
                raise Unsupported("a trigger with two conditions (a skill has one condition)")
            ab = {"kind": "auto", "trigger": trigger, "once_per_turn": once, "optional": optional, "effect": effect}
            ab.update(_gates(vals))
            if conds:
                ab["condition"] = _cond_dict(conds[0])
            out.append(ab)
        return out

    def activate_line(self, ch):
        if self.card.get("field"):
            # 10-3: the engine activates a [Field] card from the hand with its [Activate: Main] skill
            # (play.activate_extra): its own [Activate] skills in the Battle Area are not played
            raise Unsupported("an [Activate] skill of a [Field] card (the engine plays its first one to place it)")
        head = _tokens(ch, "ACTIVATE_MAIN") + _tokens(ch, "ACTIVATE_BATTLE")
        kind = _KIND[" ".join(re.sub(r"[\[\]:]", " ", str(head[0])).lower().split())]
        vals = _vals(ch)
        cost = [v[1] for v in vals if isinstance(v, tuple) and v[0] == "cost"]
        ab = {"kind": kind, "once_per_turn": "once" in vals, "effect": self.compile_steps(vals[-1], kind)}
        ab.update(_gates(vals))
        if cost:
            ab["cost"] = cost[0]
        return _with_head_condition(ab, vals)

    def counter_line(self, ch):
        head = _tokens(ch, "COUNTER_ATTACK") + _tokens(ch, "COUNTER_PLAY") + _tokens(ch, "COUNTER_COUNTER")
        kind = _KIND[" ".join(re.sub(r"[\[\]:]", " ", str(head[0])).lower().split())]
        if self.card.get("type") == "leader":
            raise Unsupported("a [Counter] skill on a Leader Card (10-10-2: from the hand)")
        vals = _vals(ch)
        cost = [v[1] for v in vals if isinstance(v, tuple) and v[0] == "cost"]
        steps = [v for v in vals if isinstance(v, list)][0]
        ab = {"kind": kind, "effect": self.compile_steps(steps, kind)}
        if cost:
            if cost[0].get("self_drop") or cost[0].get("rest_self"):
                raise Unsupported("a [Counter] cost that moves or rests the card (it is in the hand, 10-10-2)")
            ab["cost"] = cost[0]
        return _with_head_condition(ab, vals)

    def permanent_line(self, ch):
        vals = _vals(ch)
        conds = [v for v in vals if isinstance(v, tuple)]
        grants = [v for v in vals if isinstance(v, list)][0]
        if len(conds) > 2:
            raise Unsupported("a [Permanent] skill with three conditions (a skill has two)")
        ab: dict[str, Any] = {"kind": "permanent"}
        for kind, v in grants:
            if kind == "power":
                ab["power"] = ab.get("power", 0) + v
            else:
                ab.setdefault("keywords", []).append(v)
        for key, c in zip(("condition", "condition2"), conds):  # both must hold (turn.skill_live)
            ab[key] = _cond_dict(c)
        return ab

    def reduce_line(self, ch):
        vals = _vals(ch)
        conds = [v for v in vals if isinstance(v, tuple)]
        n = [v for v in vals if isinstance(v, int)][-1]
        if self.card.get("type") != "battle":
            raise Unsupported("a cost reduction on a card other than a Battle Card (played from the hand)")
        free = self.card.get("free")
        if free is None or n > free:
            # 2-11-1-1: the engine never reduces the specified (coloured) cost; a card whose reduction
            # would reach it is left to a ruling the engine does not model
            raise Unsupported("a cost reduction larger than the card's unspecified cost")
        if len(conds) > 2:
            raise Unsupported("a [Permanent] skill with three conditions (a skill has two)")
        ab: dict[str, Any] = {"kind": "permanent", "cost_reduction": n}
        for key, c in zip(("condition", "condition2"), conds):
            ab[key] = _cond_dict(c)
        return ab

    def any_copies_line(self, ch):
        # 5-1-3-1's limit of 4 copies lifted for this card (deck construction: decks.validate_deck)
        return {"__fields__": True, "keywords": ["any_copies"]}

    def trait_line(self, ch):
        # 2-6: a special trait the card has "in all areas" is one of its traits (as 2-5-5 for names)
        if self.card.get("type") == "extra":
            raise Unsupported("a special trait on an Extra Card (2-6-5)")
        return {"__fields__": True, "traits": [str(_tokens(ch, "TRAIT")[0])[2:-2].strip()]}

    def awaken_line(self, ch):
        if self.card.get("type") != "leader" or self.card.get("side") == "back":
            raise Unsupported("[Awaken] on a card other than a Leader's front (10-2)")
        vals = _vals(ch)
        cond = [v for v in vals if isinstance(v, tuple)][0]
        steps = [v for v in vals if isinstance(v, list)]
        # "You may": [Awaken] is an [Activate] skill (10-2-1): the player chooses to activate it
        return {"kind": "awaken", "condition": _cond_dict(cond),
                "effect": self.compile_steps(steps[0], "awaken") if steps else []}  # fmt: skip

    def evolve_line(self, ch):
        balls = [str(t)[1:-1].lower() for t in _tokens(ch, "BALL")]
        colours = [b for b in balls if not b.isdigit()]
        if self.card.get("type") != "battle":
            raise Unsupported("[Evolve] on a card other than a Battle Card (10-5)")
        if len(set(colours)) != 1:
            raise Unsupported("[Evolve] with a cost of no colour or two colours (one specified colour)")
        name = _character(_tokens(ch, "CHARACTER")[0])
        keywords = [k for _, k in (v for v in _vals(ch) if isinstance(v, tuple))]
        return {"__fields__": True, "hand_skill": {"kind": "evolve", "energy": len(colours) + sum(
            int(b) for b in balls if b.isdigit()), "colour": colours[0], "colour_count": len(colours),
            "character": name}, "keywords": keywords}  # fmt: skip

    def ex_evolve_line(self, ch):
        # [EX-Evolve] is [Evolve] with a condition on the card evolved from (10-5-3): the engine's
        # hand skill "evolve" with x, the least energy cost of the base
        if self.card.get("type") != "battle":
            raise Unsupported("[EX-Evolve] on a card other than a Battle Card (10-5)")
        if _tokens(ch, "COLOUR"):
            raise Unsupported("[EX-Evolve] naming the colour of the card evolved from (the engine checks its character only)")
        if "min" not in _vals(ch):
            raise Unsupported("[EX-Evolve] from a card of one exact energy cost (the engine has a least energy cost)")
        balls = [str(t)[1:-1].lower() for t in _tokens(ch, "BALL")]
        colours = [b for b in balls if not b.isdigit()]
        if len(set(colours)) != 1:
            raise Unsupported("[EX-Evolve] with a cost of no colour or two colours (one specified colour)")
        name = _character(_tokens(ch, "CHARACTER")[0])
        x = [v for v in _vals(ch) if isinstance(v, int)][0]
        keywords = [k for _, k in (v for v in _vals(ch) if isinstance(v, tuple))]
        return {"__fields__": True, "hand_skill": {"kind": "evolve", "energy": len(colours) + sum(
            int(b) for b in balls if b.isdigit()), "colour": colours[0], "colour_count": len(colours),
            "character": name, "x": x}, "keywords": keywords}  # fmt: skip

    def union_line(self, ch):
        balls = {str(t)[1:-1].lower() for t in _tokens(ch, "BALL")} - {str(i) for i in range(20)}
        if len(balls) > 1:
            raise Unsupported("[Union-Potara] with a cost of two colours (the hand skill has one specified colour)")
        raise Unsupported("[Union-Potara] naming the colours of the two cards (the engine checks their characters only)")

    def line(self, ch):
        return ch[0]

    def result(self, tree_value):
        if isinstance(tree_value, list):
            return [dict(a, effect=list(a.get("effect", []))) for a in tree_value], {}
        return super().result(tree_value)

    # ---- steps -> one op list ------------------------------------------------------------------
    def compile_steps(self, steps: list, kind: str, optional: bool = False) -> list[dict]:
        """The steps in order: a target step fills the next register, a verb acts on the last one;
        a step's condition is an IF over the rest of the effect (the ops that follow it). "You may
        place N cards from your hand in the Drop Area. If you do, ...": the skill is optional (its
        controller is asked first) and the rest happens only when the hand has the cards (an IF
        before the discard)."""
        if optional and len(steps) > 1 and steps[1][0] != "if_you_do":
            raise Unsupported("\"you may\" for the first part of an effect only (the engine asks for the whole skill)")
        for i, (cond, _) in enumerate(steps):
            if isinstance(cond, tuple) and cond[0] == "postfix":  # "..., then draw 1 card if it's your turn"
                if i != len(steps) - 1:
                    raise Unsupported("an \"if\" after a part of the effect other than the last")
                steps[i] = (cond[1], steps[i][1])
        for i, (cond, (what, _)) in enumerate(steps):
            if cond == "if_you_do" and (i != 1 or not optional or steps[0][1][0] not in ("own_discard", "life_to_hand")):
                raise Unsupported("\"if you do\" after something other than an optional discard from the hand")
        out: list[tuple[tuple | None, list[dict]]] = []
        looked: int | None = None
        shuffled = False
        last: int | None = None
        regs = 0
        searched = False

        def new_reg() -> int:
            nonlocal regs
            if regs >= K.N_REGS:
                raise Unsupported(f"more than {K.N_REGS} groups of cards in one skill (the engine's registers)")
            regs += 1
            return regs - 1

        pending_target = False
        for i, (cond, (what, payload)) in enumerate(steps):
            ops: list[dict] = []
            if what == "target_then":  # "add 1 X among them to your hand": the choice and the act at once
                payload, then = payload
                what = "target"
                steps_then = then
            else:
                steps_then = None
            if what == "look":
                nxt = steps[i + 1][1] if i + 1 < len(steps) else (None, None)
                nf = (nxt[1][0] if nxt[0] == "target_then" else nxt[1] if nxt[0] == "target" else {}).get("filter", {})
                if looked is not None or nf.get("top") != -1:
                    raise Unsupported("\"look at\" the top of the deck without a choice \"among them\"")
                looked = payload
                continue
            if what == "target":
                if pending_target:
                    raise Unsupported("a choice of cards with nothing done to them")
                if payload["filter"].get("top") == -1:
                    if looked is None:
                        raise Unsupported("\"among them\" without a \"look at\"")
                    payload = dict(payload, filter=dict(payload["filter"], top=looked))
                last = new_reg()
                ops.append(dict(payload, reg=last))
                searched = searched or payload["filter"].get("zone") == "deck"
                pending_target = steps_then is None
                ops += [dict(o, reg=last) for o in steps_then or []]
            elif what == "on_last":
                if last is None:
                    leader_cond = any(c[0].startswith("leader_") for c in (cond if isinstance(cond, list) else []))
                    last = new_reg()
                    if leader_cond:  # "If your Leader Card is a <Name> card, it gets ...": "it" is the Leader
                        ops.append({"op": "select_all", "reg": last, "filter": dict(_OWN_LEADER)})
                    elif kind == "auto":  # "When this card attacks, (if ...,) it gains ...": this card
                        ops.append({"op": "target_self", "reg": last})
                    else:
                        raise Unsupported("\"it\" with no card chosen or named before it")
                ops += [dict(o, reg=last) for o in payload]
                pending_target = False
            elif what == "self":
                r = new_reg()
                ops += [{"op": "target_self", "reg": r}] + [dict(o, reg=r) for o in payload]
                last = r
            elif what == "leader":
                r = new_reg()
                ops += [{"op": "select_all", "reg": r, "filter": dict(_OWN_LEADER)}]
                ops += [dict(o, reg=r) for o in payload]
            elif what == "play_self":
                if not kind.startswith("counter") or self.card.get("type") != "battle":
                    raise Unsupported("\"play this card\" outside a Battle Card's [Counter]")
                self.approximate("counter_played_from_drop")
                r = new_reg()
                ops += [{"op": "target_self", "reg": r}, {"op": "play", "reg": r}]
            elif what == "shuffle":
                if not searched:
                    raise Unsupported("\"shuffle your deck\" without a search of the deck")
                ops.append({"op": "shuffle"})
                shuffled = True
            elif what == "negate_attack":
                if kind != "counter_attack":
                    raise Unsupported("\"negate the attack\" outside a [Counter: Attack]")
                ops += payload
            else:
                ops += payload
            if pending_target and what != "target":
                raise Unsupported("a choice of cards with nothing done to them")
            if what in ("own_discard", "life_to_hand") and len(steps) > 1 and steps[1][0] == "if_you_do":
                at_least = "hand_at_least" if what == "own_discard" else "life_at_least"
                cond = [(at_least, payload[0]["count"])]
            elif cond == "if_you_do":
                cond = None
            out.append((cond, ops))
        if pending_target:
            raise Unsupported("a choice of cards with nothing done to them")
        if searched and not shuffled:
            # 11-6-3: cards looked at with nothing said of them are shuffled back; a search of the
            # whole deck shuffles it (8-5-3-7 lets the player see it all)
            if looked is not None:
                self.approximate("look_shuffles_deck")
            out.append((None, [{"op": "shuffle"}]))
        program: list[dict] = []
        for i, (conds, ops) in enumerate(out):
            rest = sum(len(o) for _, o in out[i:])
            for j, c in enumerate(conds or []):  # "if A and B": one IF each, each skipping the rest
                d = _cond_dict(c)
                program.append({"op": "if", "condition": d.pop("kind"), **d, "skip": rest + len(conds) - 1 - j})
            program += ops
        if not program:
            raise Unsupported("no effect")
        return program


def _gates(vals: list) -> dict:
    """[Sparking X] (10-29), [Burst X] (10-30), [Bond X] (10-23) headings -> the Ability's fields."""
    return {v[1]: v[2] for v in vals if isinstance(v, tuple) and v[0] == "gate"}


def _with_head_condition(ab: dict, vals: list) -> dict:
    """An [Activate] / [Counter] skill's condition before its cost ("If your Leader Card is red :",
    8-4-1): the skill can be activated only while it holds (play.skill_payable)."""
    conds = [v[1] for v in vals if isinstance(v, tuple) and v[0] == "__cond__"]
    if conds:
        ab["condition"] = _cond_dict(conds[0])
    return ab


def _cond_dict(c: tuple) -> dict:
    """A condition tuple ``(kind, value[, {"character": ...}])`` as the card schema's fields."""
    return {"kind": c[0], "value": c[1], **(c[2] if len(c) > 2 else {})}


def _character(token) -> str:
    """A ``<Name>`` of the text as the lists write character names (2-5): "Son Gohan : Youth" in the
    text is "Son Gohan: Youth" in the ``character`` field."""
    return re.sub(r"\s*:\s*", ": ", str(token)[1:-1].strip())


def _num(ch: list) -> int:
    return [c for c in ch if isinstance(c, int)][0]


def _grant_ops(grants: list, duration: str) -> list[dict]:
    ops, kws = [], []
    for kind, v in grants:
        if kind in ("power", "power_per_energy"):
            ops.append({"op": kind, "amount": v, "duration": duration})
        else:
            kws.append(v)
    if kws:
        ops.append({"op": "grant_keyword", "keywords": kws, "duration": duration})
    return ops


_ZONES = {"own_drop": ("own", "drop"), "opp_drop": ("opponent", "drop"), "own_hand": ("own", "hand"),
          "own_deck": ("own", "deck"), "own_warp": ("own", "warp"), "battle_area": (None, "battle"),
          "any_battle_area": ("any", "battle"),
          "opp_battle_area": ("opponent", "battle"), "own_battle_area": ("own", "battle"),
          "own_energy": ("own", "energy"), "looked": ("own", "deck")}  # fmt: skip


def _filter_of(t: _Target) -> dict:
    """The DbscgFilter of a target phrase: "of your opponent's Battle Cards" (the Battle Area),
    "of your cards" (the Leader and Battle Areas, 8-5-4), "of your energy", "card in your Drop Area"..."""
    f = dict(t.filter)
    side = t.side
    zone = "battle"
    if t.place is not None:
        pside, zone = _ZONES[t.place]
        if side is not None and pside is not None and side != pside:
            raise Unsupported("a target whose owner and area disagree")
        side = pside or side
    if t.noun == "energy":
        if t.place is not None:
            raise Unsupported("energy named with an area")
        zone = "energy"
    elif t.noun == "leader":
        if zone != "battle":
            raise Unsupported("a Leader Card outside the Leader Area")
        zone, f["types"] = "leader_or_battle", ["leader"]
    elif t.noun == "battle":
        f["types"] = ["battle"]
    elif t.noun == "leader_or_battle":
        if zone != "battle":
            raise Unsupported("a Leader Card outside the Leader Area")
        zone = "leader_or_battle"
    elif zone == "battle" and t.place is None:
        zone = "leader_or_battle"  # "1 of your cards": a Leader or Battle Card in play (8-5-4)
    if zone in ("hand", "deck", "drop", "warp", "energy") and "mode" in f and zone != "energy":
        raise Unsupported(f"a mode word for cards in the {zone}")
    if zone == "battle" and side is None and t.place is None:
        raise Unsupported("a target of no owner (whose cards?)")
    f["zone"] = zone
    f["side"] = side or "any"
    return f


class DbscgTextCompiler(CardTextCompiler):
    """The grammar's normalisation: the full-width brackets of names (＜Name＞ 〈Name〉 -> <Name>,
    《Trait》 ≪Trait≫ -> <<Trait>>), 【】 -> [], typos of the source ("[Auto}", "1card")."""

    _SUBS = (("＜", "<"), ("＞", ">"), ("〈", "<"), ("〉", ">"), ("《", "<<"), ("》", ">>"), ("≪", "<<"),
             ("≫", ">>"), ("【", "["), ("】", "]"), ("，", ","), ("：", ":"), ("[Auto}", "[Auto]"))  # fmt: skip

    def normalise(self, line: str) -> str:
        s = super().normalise(line)
        for a, b in self._SUBS:
            s = s.replace(a, b)
        s = re.sub(r"(\d)(card)", r"\1 \2", s)
        s = re.sub(r"\s*\.\s*$", ".", s)
        return " ".join(s.split())

    def context_key(self, card):
        return (card.get("type"), card.get("side"), card.get("free"), bool(card.get("field")))


COMPILER = DbscgTextCompiler(Path(__file__).with_name("card_text.lark"), DbscgText,
                             approximations=APPROXIMATIONS, parser="earley", ambiguity="resolve")  # fmt: skip
