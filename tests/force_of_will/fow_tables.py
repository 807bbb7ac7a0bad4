"""Tiny hand-built Force of Will card tables and a row harness for kernel tests (columns:
tcg_env.games.force_of_will.constants). The game is not registered yet, so tests drive the
engine core's row kernels (``GameKernels``) directly."""

from __future__ import annotations

import functools

import numpy as np
from numba import njit

from tcg_env.engine.api import GameKernels
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_WINNER
from tcg_env.engine.tables import pack_tables
from tcg_env.engine.zones import zone_list
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import scenario
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.cards import card_obs_features
from tcg_env.games.force_of_will.characteristics import atk_of, def_of, keywords_of
from tcg_env.games.force_of_will.zones import move_card

CT, AK, Op, Tr = K.CardType, K.AbilityKind, K.Op, K.Trigger


class TinyPool:
    """The four rule tables row by row (numpy rows of the constants' columns), card names and ids."""

    def __init__(self):
        self.cards, self.abilities, self.filters, self.code = [], [], [], []
        self.names: list[str] = []
        self.ids: dict[str, int] = {}

    @staticmethod
    def _row(ncols, prefix, defaults, cols):
        """A table row: ``defaults`` (column name -> value) then ``cols`` (lower-case names)."""
        row = np.zeros(ncols, np.int32)
        for name, v in list(defaults.items()) + [(prefix + k.upper(), v) for k, v in cols.items()]:
            row[getattr(K, name)] = int(v)
        return row

    def filter(self, **cols) -> int:
        """A filter row (bounds default to -1, none)."""
        self.filters.append(self._row(K.F_NCOLS, "F_", dict.fromkeys(("F_COST_MIN", "F_COST_MAX", "F_ATK_MIN",
                                                                      "F_ATK_MAX"), -1), cols))
        return len(self.filters) - 1

    def ability(self, kind, program, **cols) -> int:
        """An ability row and its program (instructions: op, reg, a0, a1, a2; missing operands 0)."""
        start = len(self.code)
        self.code.extend(np.array(list(ins) + [0] * (K.I_NCOLS - len(ins)), np.int32) for ins in program)
        self.abilities.append(self._row(K.A_NCOLS, "A_", {"A_KIND": kind, "A_TRIG_FILTER": -1, "A_CODE_START": start,
                                                          "A_CODE_LEN": len(program)}, cols))
        return len(self.abilities) - 1

    def card(self, name, ctype=CT.RESONATOR, attr=0, cost=(), free=0, atk=0, defense=0, keywords=0,
             abilities=(), spell=-1, will=(-1, -1), **cols) -> int:
        cid = len(self.cards)
        row = np.zeros(K.C_NCOLS, np.int32)
        row[K.C_TYPE] = int(ctype)
        row[K.C_ATTR] = attr
        for a in cost:
            row[K.C_COST + int(a)] += 1
        row[K.C_COST_FREE] = free
        row[K.C_ATK], row[K.C_DEF] = atk, defense
        row[K.C_KEYWORDS] = keywords
        row[K.C_NAME] = cid + 1
        row[K.C_J_SIDE] = -1
        row[K.C_WILL_A], row[K.C_WILL_B] = will
        row[K.C_SPELL_ABIL] = spell
        row[K.C_AWAKEN_ABIL] = -1
        row[K.C_TRIGGER_ABIL] = -1
        row[K.C_STEALTH_ABIL] = -1
        abilities = list(abilities)
        row[K.C_ABIL_START] = abilities[0] if abilities else 0
        row[K.C_ABIL_COUNT] = len(abilities)
        for a in abilities:
            self.abilities[a][K.A_CARD] = cid
        if spell >= 0:
            self.abilities[spell][K.A_CARD] = cid
        for k, v in cols.items():
            row[getattr(K, "C_" + k.upper())] = int(v)
        self.cards.append(row)
        self.names.append(name)
        self.ids[name] = cid
        return cid

    @functools.cached_property
    def T(self) -> np.ndarray:
        """The packed kernel tables (an empty table gets one zero row: numba needs a shape)."""
        tables = [np.array(rows if rows else [np.zeros(n, np.int32)], np.int32).reshape(-1, n)
                  for rows, n in ((self.cards, K.C_NCOLS), (self.abilities, K.A_NCOLS), (self.filters, K.F_NCOLS),
                                  (self.code, K.I_NCOLS))]
        return pack_tables(*tables, card_obs_features(tables[0]))


L, F, W, G, D = K.Attribute.LIGHT, K.Attribute.FIRE, K.Attribute.WATER, K.Attribute.WIND, K.Attribute.DARKNESS


def basic_pool() -> TinyPool:
    P = TinyPool()
    opp_j_res = P.filter(type_mask=K.TYPEMASK_J_RESONATOR, side=K.FilterSide.OPPONENT)
    any_j_res = P.filter(type_mask=K.TYPEMASK_J_RESONATOR)
    own_res = P.filter(type_mask=1 << CT.RESONATOR, side=K.FilterSide.OWN)
    spell_on_chase = P.filter(zone=K.FilterZone.CHASE, side=K.FilterSide.OPPONENT)
    # rulers (ids 0, 1): a ruler with [Judgment] {F}{1} and its J-ruler
    P.card("Flame Ruler", CT.RULER, attr=1 << F, j_side=1, judgment_cost=0, judgment_free=1)
    P.cards[0][K.C_JUDGMENT_COST + F] = 1
    P.card("Flame J-Ruler", CT.J_RULER, attr=1 << F, atk=1000, defense=1000, j_side=0)
    # magic stones (2, 3)
    P.card("Fire Stone", CT.MAGIC_STONE, will=(int(F), -1), basic=1)
    P.card("Dual Stone", CT.MAGIC_STONE, will=(int(F), int(W)))
    # resonators (4 ..)
    P.card("Imp", attr=1 << F, cost=(F,), atk=500, defense=500)
    P.card("Knight", attr=1 << F, cost=(F,), free=1, atk=800, defense=800)
    P.card("Flier", attr=1 << W, cost=(W,), atk=400, defense=300, keywords=K.KW_FLYING)
    P.card("Piercer", attr=1 << F, cost=(F,), atk=900, defense=400, keywords=K.KW_PIERCE)
    P.card("Fencer", attr=1 << F, cost=(F,), atk=600, defense=400, keywords=K.KW_FIRST_STRIKE)
    P.card("Sniper", attr=1 << F, cost=(F,), atk=500, defense=500, keywords=K.KW_PRECISION)
    P.card("Bomber", attr=1 << F, cost=(F,), atk=200, defense=200, keywords=K.KW_EXPLODE)
    P.card("Leech", attr=1 << D, cost=(D,), atk=400, defense=400, keywords=K.KW_DRAIN)
    P.card("Viper", attr=1 << D, cost=(D,), atk=100, defense=300, keywords=K.KW_BANE)
    P.card("Golem", attr=1 << L, cost=(L,), atk=300, defense=300, keywords=K.KW_ETERNAL)
    P.card("Runner", attr=1 << G, cost=(G,), atk=300, defense=300, keywords=K.KW_SWIFTNESS)
    P.card("Berserker", attr=1 << F, cost=(F,), atk=700, defense=300, keywords=K.KW_BLOODLUST)
    a = P.ability(AK.AUTOMATIC, [(Op.DRAW, 0, 1, K.Who.CONTROLLER)], trigger=Tr.ENTER)
    P.card("Scholar", attr=1 << W, cost=(W,), atk=200, defense=200, abilities=[a])
    a = P.ability(AK.ACTIVATE, [(Op.CHOOSE, 0, opp_j_res, 1, 0), (Op.DAMAGE, 0, 300)], cost_rest=1)
    P.card("Archer", attr=1 << F, cost=(F,), atk=100, defense=300, abilities=[a])
    a = P.ability(AK.WILL, [(Op.PRODUCE_WILL, 0, int(L), 1)], cost_rest=1)
    P.card("Fairy", attr=1 << L, cost=(L,), atk=100, defense=100, abilities=[a])
    # chants
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, any_j_res, 1, 0), (Op.DAMAGE, 0, 500)])
    P.card("Fire Bolt", CT.CHANT, attr=1 << F, cost=(F,), spell=s)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, spell_on_chase, 1, 0), (Op.CANCEL, 0)])
    P.card("Counter", CT.CHANT, attr=1 << W, cost=(W,), keywords=K.KW_QUICKCAST, spell=s)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, own_res, 1, 0), (Op.POWER, 0, 200, int(K.Duration.END_OF_TURN), 200)])
    P.card("Rally", CT.CHANT, attr=1 << F, cost=(F,), keywords=K.KW_QUICKCAST, spell=s)
    s = P.ability(AK.SPELL, [(Op.DAMAGE_PLAYER, 0, 400, K.Who.OPPONENT)])
    P.card("Blast", CT.CHANT, attr=1 << F, cost=(F,), spell=s)
    P.card("Crown", CT.REGALIA, cost=(), free=0)
    # continuous abilities (CR 904)
    own_j_res = P.filter(type_mask=K.TYPEMASK_J_RESONATOR, side=K.FilterSide.OWN)
    a = P.ability(AK.CONTINUOUS, [(Op.AURA_POWER, 0, 100, own_j_res, 100)])
    P.card("Banner", attr=1 << L, cost=(L,), atk=100, defense=100, abilities=[a], has_cont=1)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, own_res, 1, 0)])
    a = P.ability(AK.CONTINUOUS, [(Op.AURA_POWER, 0, 300, -1, 0), (Op.AURA_KEYWORD, 0, K.KW_FLYING, -1)])
    P.card("Sword", CT.ADDITION, attr=1 << F, cost=(F,), spell=s, abilities=[a], has_cont=1,
           addition=K.AdditionTarget.RESONATOR)
    own_res_in_hand = P.filter(type_mask=1 << CT.RESONATOR, zone=K.FilterZone.HAND)
    a = P.ability(AK.CONTINUOUS, [(Op.COST_REDUCTION, 0, 1, own_res_in_hand)])
    P.card("Mentor", attr=1 << F, cost=(F,), atk=100, defense=100, abilities=[a], has_cont=1)
    # a chant with an activate-like [Trigger] (CR 1113.2a): "[Trigger] [1]: 300 damage to target J/resonator"
    a = P.ability(AK.TRIGGER, [(Op.CHOOSE, 0, any_j_res, 1, 0), (Op.DAMAGE, 0, 300)], cost_free=1)
    P.card("Trap", CT.CHANT, attr=1 << W, cost=(W, W), trigger_abil=a)
    # an automatic-like [Trigger] (CR 1113.2b): "when a J/resonator of your opponent attacks =>
    # 500 damage to target J/resonator your opponent controls"
    a = P.ability(AK.TRIGGER, [(Op.CHOOSE, 0, opp_j_res, 1, 0), (Op.DAMAGE, 0, 500)], trigger=Tr.OPPONENT_ATTACKS)
    P.card("Ambush", CT.CHANT, attr=1 << W, cost=(W,), trigger_abil=a)
    # [Awakening] {F}{F}: +500/+500 (CR 1109); [Incarnation] fire (CR 1110)
    aw = P.ability(AK.AWAKENING, [(Op.TARGET_SELF, 0), (Op.POWER, 0, 500, int(K.Duration.PERMANENT), 500)])
    P.abilities[aw][K.A_COST + F] = 2
    P.card("Drake", attr=1 << F, cost=(F,), free=2, atk=600, defense=600, awaken_abil=aw, incarnation=1 << F,
           incarnation_n=1)
    # battle trigger conditions (CR 802.1, 803.1, 803.5, 804.1, 807.1)
    yours, theirs = K.TriggerWhose.YOURS, K.TriggerWhose.OPPONENTS
    a = P.ability(AK.AUTOMATIC, [(Op.DRAW, 0, 1, K.Who.CONTROLLER)], trigger=Tr.BEGIN_BATTLE, trig_whose=yours)
    P.card("Drummer", attr=1 << F, cost=(F,), atk=300, defense=300, abilities=[a])
    a = P.ability(AK.AUTOMATIC, [(Op.DAMAGE_PLAYER, 0, 100, K.Who.OPPONENT)], trigger=Tr.BEGIN_ATTACK_STEP)
    P.card("Herald", attr=1 << F, cost=(F,), atk=300, defense=300, abilities=[a])
    a = P.ability(AK.AUTOMATIC, [(Op.TARGET_SELF, 0), (Op.RECOVER, 0)], trigger=Tr.BEGIN_BLOCK_STEP,
                  trig_whose=theirs)
    P.card("Sentry", attr=1 << L, cost=(L,), atk=300, defense=600, abilities=[a])
    a = P.ability(AK.AUTOMATIC, [(Op.GAIN_LIFE, 0, 200, K.Who.CONTROLLER)], trigger=Tr.END_OF_BATTLE)
    P.card("Mourner", attr=1 << D, cost=(D,), atk=300, defense=300, abilities=[a])
    a = P.ability(AK.AUTOMATIC, [(Op.DAMAGE_PLAYER, 0, 100, K.Who.OPPONENT)], trigger=Tr.J_RESONATOR_ATTACKS,
                  trig_filter=own_j_res)
    P.card("Warhorn", CT.REGALIA, attr=1 << F, cost=(F,), abilities=[a])
    a = P.ability(AK.AUTOMATIC, [(Op.DRAW, 0, 1, K.Who.CONTROLLER)], trigger=Tr.DEALS_BATTLE_DAMAGE_TO_PLAYER)
    P.card("Raider", attr=1 << G, cost=(G,), atk=400, defense=300, abilities=[a])
    a = P.ability(AK.AUTOMATIC, [(Op.GAIN_LIFE, 0, 100, K.Who.CONTROLLER)], trigger=Tr.DEALS_DAMAGE)
    P.card("Stinger", attr=1 << D, cost=(D,), atk=300, defense=300, abilities=[a])
    # CR 1029: "[Quickcast] Remove target J/resonator from battle."
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, any_j_res, 1, 0), (Op.REMOVE_FROM_BATTLE, 0)])
    P.card("Retreat", CT.CHANT, attr=1 << W, cost=(W,), keywords=K.KW_QUICKCAST, spell=s)
    # "[Trigger] at the end of battle on your opponent's turn => recover target J/resonator you control"
    a = P.ability(AK.TRIGGER, [(Op.CHOOSE, 0, own_j_res, 1, 0), (Op.RECOVER, 0)], trigger=Tr.END_OF_BATTLE,
                  trig_whose=theirs)
    P.card("Dusk Trap", CT.CHANT, attr=1 << W, cost=(W,), trigger_abil=a)
    add_cost_cards(P, any_j_res, opp_j_res, own_res)
    add_gods_art_cards(P)
    # CR 1124: "[Torrent] 400 damage to your opponent" (the text is void as the first card of a turn)
    s = P.ability(AK.SPELL, [(Op.IF, 0, int(K.Condition.PLAYED_CARD_THIS_TURN), 0, 1),
                             (Op.DAMAGE_PLAYER, 0, 400, K.Who.OPPONENT)])
    P.card("Torrent Bolt", CT.CHANT, attr=1 << F, cost=(F,), spell=s)
    # last, three [Stealth] rows: the ability table ends as the starter pool's does, so a keyword
    # skill's negative ability row (constants.KeywordAbility: -2..-4) read as a row index would
    # find STEALTH rows; every [Explode] / [Drain] / [Bane] test then shows it is never read so
    for name in ("Veil A", "Veil B", "Veil C"):
        st = P.ability(AK.STEALTH, [], trigger=Tr.OPPONENT_ATTACKS)
        P.abilities[st][K.A_CARD] = P.card(name, attr=1 << D, cost=(D,), atk=100, defense=100, stealth=1,
                                           stealth_abil=st)
    return P


def add_cost_cards(P: TinyPool, any_j_res: int, opp_j_res: int, own_res: int) -> None:
    """Discard costs, X costs, replacement and prevention effects, [Trigger] cards from the hand,
    searches and foresee (test_rules_play_costs.py, test_rules_replacement.py, test_rules_search.py)."""
    eot = int(K.Duration.END_OF_TURN)
    # "[Activate] Discard a card: this card gains [+300/+0] until end of turn" (CR 903.2j)
    a = P.ability(AK.ACTIVATE, [(Op.TARGET_SELF, 0), (Op.POWER, 0, 300, eot, 0)], cost_discard=1)
    P.card("Channeler", attr=1 << F, cost=(F,), atk=400, defense=400, abilities=[a])
    # "[Activate] {F}, discard two cards: 400 damage to target J/resonator your opponent controls"
    a = P.ability(AK.ACTIVATE, [(Op.CHOOSE, 0, opp_j_res, 1, 0), (Op.DAMAGE, 0, 400)], cost_discard=2)
    P.abilities[a][K.A_COST + F] = 1
    P.card("Pyromancer", attr=1 << F, cost=(F,), atk=100, defense=100, abilities=[a])
    # "[Activate] discard a card: produce {F}" (a will ability with a discard cost)
    a = P.ability(AK.WILL, [(Op.PRODUCE_WILL, 0, int(F), 1)], cost_discard=1)
    P.card("Kindler", attr=1 << F, cost=(F,), atk=100, defense=100, abilities=[a])
    # {F}{X}: "X00 damage to target J/resonator"; {W}{X}: "draw X cards" (CR 203.5b, 903.2f, 903.3c)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, any_j_res, 1, 0), (Op.DAMAGE, 0, -100)])
    P.card("Surge", CT.CHANT, attr=1 << F, cost=(F,), free=-1, spell=s)
    s = P.ability(AK.SPELL, [(Op.DRAW, 0, -1, K.Who.CONTROLLER)])
    P.card("Insight", CT.CHANT, attr=1 << W, cost=(W,), free=-1, spell=s)
    # a spell on the chase with total cost 2 or less (CR 203.5b: X counts there)
    small_spell = P.filter(zone=K.FilterZone.CHASE, cost_max=2)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, small_spell, 1, 0), (Op.CANCEL, 0)])
    P.card("Snuff", CT.CHANT, attr=1 << W, cost=(W,), keywords=K.KW_QUICKCAST, spell=s)
    # prevention (CR 1018): "prevent the next 600 damage that would be dealt to target J/resonator
    # this turn"; "prevent all damage that would be dealt to you this turn"
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, any_j_res, 1, 0), (Op.PREVENT, 0, 600)])
    P.card("Ward", CT.CHANT, attr=1 << L, cost=(L,), keywords=K.KW_QUICKCAST, spell=s)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, any_j_res, 1, 0), (Op.PREVENT, 0, 0)])
    P.card("Sanctuary", CT.CHANT, attr=1 << L, cost=(L,), keywords=K.KW_QUICKCAST, spell=s)
    s = P.ability(AK.SPELL, [(Op.PREVENT_PLAYER, 0, 0, K.Who.CONTROLLER)])
    P.card("Haven", CT.CHANT, attr=1 << L, cost=(L,), keywords=K.KW_QUICKCAST, spell=s)
    s = P.ability(AK.SPELL, [(Op.PREVENT_PLAYER, 0, 300, K.Who.CONTROLLER)])
    P.card("Buckler", CT.CHANT, attr=1 << L, cost=(L,), keywords=K.KW_QUICKCAST, spell=s)
    # replacement (CR 910): "this turn, the next time target resonator you control would be
    # destroyed, instead rest it and remove all damage from it"
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, own_res, 1, 0), (Op.SHIELD_DESTROY, 0, K.INSTEAD_REST | K.INSTEAD_HEAL)])
    P.card("Second Wind", CT.CHANT, attr=1 << L, cost=(L,), keywords=K.KW_QUICKCAST, spell=s)
    # "if a resonator your opponent controls would be put into a graveyard from the field, remove it
    # from the game instead"
    opp_res = P.filter(type_mask=1 << CT.RESONATOR, side=K.FilterSide.OPPONENT)
    a = P.ability(AK.CONTINUOUS, [(Op.GRAVE_TO_REMOVED, 0, 0, opp_res)])
    P.card("Warden", attr=1 << D, cost=(D,), atk=300, defense=300, abilities=[a], has_cont=1)
    # an addition: "if added resonator would be destroyed, instead remove all damage from it and put
    # this addition into its owner's graveyard"
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, own_res, 1, 0)])
    a = P.ability(AK.CONTINUOUS, [(Op.REPLACE_DESTROY, 0, K.INSTEAD_HEAL | K.INSTEAD_SOURCE_TO_GRAVEYARD, -1)])
    P.card("Aegis", CT.ADDITION, attr=1 << L, cost=(L,), spell=s, abilities=[a], has_cont=1,
           addition=K.AdditionTarget.RESONATOR)
    # an activate-like [Trigger] with a discard cost: "[Trigger] discard a card: return target
    # J/resonator to its owner's hand" ({W}: the chant's cost, paid too from the hand, CR 708.4)
    a = P.ability(AK.TRIGGER, [(Op.CHOOSE, 0, any_j_res, 1, 0), (Op.RETURN_TO_HAND, 0)], cost_discard=1)
    P.card("Snare", CT.CHANT, attr=1 << W, cost=(W,), trigger_abil=a)
    # search (CR 1014) and foresee (CR 1034)
    res_in_deck = P.filter(type_mask=1 << CT.RESONATOR, side=K.FilterSide.OWN, zone=K.FilterZone.MAIN_DECK)
    s = P.ability(AK.SPELL, [(Op.SEARCH, 0, res_in_deck)])
    P.card("Tracker", CT.CHANT, attr=1 << G, cost=(G,), spell=s)
    s = P.ability(AK.SPELL, [(Op.FORESEE, 0, 3)])
    P.card("Oracle", CT.CHANT, attr=1 << W, cost=(W,), spell=s)


def add_gods_art_cards(P: TinyPool) -> None:
    """[God's Art] (CR 1112): an activate ability a player may play once per game, by its name.
    Name ids (the bits of each player's record, state.GODS_ART_USED): 0 "Turning Sands", 1 "Star
    Reading". Hourglass and Sandglass are different cards with a God's Art of the same name."""
    sands, stars = 0, 1
    for name, n, art in (("Hourglass", 2, sands), ("Sandglass", 1, sands), ("Astrolabe", 1, stars)):
        a = P.ability(AK.ACTIVATE, [(Op.DRAW, 0, n, K.Who.CONTROLLER)], cost_rest=1, once=K.Once.GAME, gods_art=art)
        P.card(name, CT.REGALIA, abilities=[a], gods_arts=1 << art)


def basic_deck(P: TinyPool) -> np.ndarray:
    """Ruler, 40 main deck cards, 10 magic stones."""
    ids = P.ids
    main = [ids[n] for n in ("Imp", "Knight", "Piercer", "Fencer", "Sniper", "Bomber", "Fire Bolt", "Rally",
                             "Blast", "Berserker")] * 4
    stones = [ids["Fire Stone"]] * 8 + [ids["Dual Stone"]] * 2
    return np.array([ids["Flame Ruler"]] + main + stones, np.int32)


@njit
def current_values(s, T, slot):
    """(ATK, DEF, keyword bits) of ``slot`` now (the kernels' internal helpers are called from a
    compiled function: they have no Python entry)."""
    return atk_of(K.RULES, s, T, slot), def_of(K.RULES, s, T, slot), keywords_of(K.RULES, s, T, slot)


@njit
def kernel_move(s, T, slot, z):
    """The kernels' move of a card (CR 316 applied); whether it moved."""
    return move_card(K.RULES, s, T, slot, z)


KERNELS = None


def kernels() -> GameKernels:
    global KERNELS
    if KERNELS is None:
        KERNELS = GameKernels(K.RULES)
    return KERNELS


class Row:
    """One game row driven through the core's checked step (an illegal action raises)."""

    def __init__(self, P: TinyPool, deck0=None, deck1=None, seed=0):
        self.P = P
        self.T = P.T
        self.k = kernels()
        self.s = np.zeros(S.STATE_SIZE, np.int32)
        self.mask = np.zeros(K.NUM_ACTIONS, np.int8)
        d0 = basic_deck(P) if deck0 is None else np.asarray(deck0, np.int32)
        d1 = d0 if deck1 is None else np.asarray(deck1, np.int32)
        self.k.reset_row(self.s, d0, d1, seed, 0, 0, self.T)

    # ---- reading --------------------------------------------------------------------------------
    @property
    def decision(self):
        return K.Decision(int(self.s[H_DECISION]))

    @property
    def decider(self):
        return int(self.s[H_DECIDER])

    @property
    def done(self):
        return bool(self.s[H_DONE])

    @property
    def winner(self):
        return int(self.s[H_WINNER])

    def legal(self):
        self.k.legal_mask_row(self.s, self.T, self.mask)
        return [int(a) for a in np.flatnonzero(self.mask)]

    def zone(self, z, p):
        return zone_list(self.s, S.ZONES, z, p)

    def cid(self, slot):
        return int(self.s[S.CARD + slot * S.CARD_W])

    def names(self, z, p):
        return [self.P.names[self.cid(x)] for x in self.zone(z, p)]

    def rec(self, field, slot):
        return int(self.s[field + slot * S.CARD_W])

    def set_rec(self, field, slot, v):
        self.s[field + slot * S.CARD_W] = v

    # ---- acting ---------------------------------------------------------------------------------
    def act(self, a):
        err = self.k.apply_row(self.s, self.T, int(a), self.mask)
        assert err == 0, f"action {int(a)} refused ({err}); legal: {self.legal()} at {self.decision!r}"

    def pass_until(self, pred, limit=200):
        """Both players pass (and keep hands, no block, no attack) until ``pred(row)``."""
        for _ in range(limit):
            if pred(self) or self.done:
                return
            self.act(K.PASS)
        raise AssertionError("condition not reached")

    def skip_mulligans(self):
        while self.decision == K.Decision.MULLIGAN:
            self.act(K.PASS)

    # ---- building positions (scenarios) -----------------------------------------------------------
    # (the row-level moves of the game's scenario builder, tcg_env.games.force_of_will.scenario)
    def move(self, slot, z, controller=None):
        """Python move of ``slot`` to zone ``z`` (on top), as the kernels keep the lists."""
        scenario.move(self.s, slot, z, controller)

    def free_slot(self, p, name):
        """A slot of player ``p``'s not in use: give it card ``name`` (in no zone)."""
        return scenario.free_slot(self.s, p, self.P.ids[name])

    def put(self, p, name, z, rested=False, entered=0):
        slot = self.free_slot(p, name)
        S.ZONES.put(self.s, slot, z, p)
        self.set_rec(S.RESTED, slot, int(rested))
        self.set_rec(S.ENTERED, slot, entered)
        return slot

    def give_will(self, p, attr, n=1):
        self.s[S.WILL + p * K.N_WILL + int(attr)] += n

    def field_index(self, p, slot):
        return self.zone(K.Zone.FIELD, p).index(slot)

    def hand_index(self, p, name):
        return self.names(K.Zone.HAND, p).index(name)


def rune_pool() -> TinyPool:
    """``basic_pool`` plus what the rune area, [Divinity], [Mana], [Stealth] and the extra deck need
    (CR 711, 1136, 1137, 1122, 1114, 314 / 1132)."""
    P = basic_pool()
    chant_on_chase = P.filter(zone=K.FilterZone.CHASE, side=K.FilterSide.OPPONENT, type_mask=1 << CT.CHANT)
    small_res = P.filter(type_mask=1 << CT.RESONATOR, cost_max=3)
    # a ruler with [Mana] 2, [Divinity] 3 and "remove a mana counter from this card: produce {W}";
    # its J-ruler: [Mana] 2, [Divinity] 6, "remove two mana counters from this card: draw a card"
    rw = P.ability(AK.WILL, [(Op.PRODUCE_WILL, 0, int(W), 1)], cost_mana=1)
    jd = P.ability(AK.ACTIVATE, [(Op.DRAW, 0, 1, K.Who.CONTROLLER)], cost_mana=2)
    r = P.card("Rune Ruler", CT.RULER, attr=1 << W, abilities=[rw], mana=2, divinity=3, judgment_free=1)
    j = P.card("Rune J-Ruler", CT.J_RULER, attr=1 << W, atk=900, defense=900, abilities=[jd], mana=2, divinity=6,
               j_side=r)
    P.cards[r][K.C_J_SIDE] = j
    # runes (CR 711): divinity 1 ({W}: draw a card, a mana counter on your J/ruler), 2 (a chant/rune,
    # {D}{1}: destroy a resonator of total cost 3 or less), 3 (a master rune, {W}{W}: 400 damage to
    # the opponent), and a [Quickcast] one of divinity 1 ({W}: 300 damage to the opponent)
    s = P.ability(AK.SPELL, [(Op.DRAW, 0, 1, K.Who.CONTROLLER), (Op.MANA_COUNTER, 0, 1, K.Who.CONTROLLER)])
    P.card("Tide Rune", CT.RUNE, attr=1 << W, cost=(W,), spell=s, divinity=1)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, small_res, 1, 0), (Op.DESTROY, 0)])
    P.card("Night Rune", CT.RUNE, attr=1 << D, cost=(D,), free=1, spell=s, divinity=2, type_bits=K.TB_CHANT)
    s = P.ability(AK.SPELL, [(Op.DAMAGE_PLAYER, 0, 400, K.Who.OPPONENT)])
    P.card("Grand Rune", CT.RUNE, attr=1 << W, cost=(W, W), spell=s, divinity=3, type_bits=K.TB_MASTER)
    s = P.ability(AK.SPELL, [(Op.DAMAGE_PLAYER, 0, 300, K.Who.OPPONENT)])
    P.card("Quick Rune", CT.RUNE, attr=1 << W, cost=(W,), spell=s, divinity=1, keywords=K.KW_QUICKCAST)
    s = P.ability(AK.SPELL, [(Op.CHOOSE, 0, chant_on_chase, 1, 0), (Op.CANCEL, 0)])
    P.card("Chant Counter", CT.CHANT, attr=1 << W, cost=(W,), keywords=K.KW_QUICKCAST, spell=s)
    # [Mana] 2 and "remove a mana counter from this card: produce {W}" (CR 1122.2b)
    a = P.ability(AK.WILL, [(Op.PRODUCE_WILL, 0, int(W), 1)], cost_mana=1)
    P.card("Mana Familiar", attr=1 << W, cost=(W,), atk=300, defense=300, abilities=[a], mana=2)
    # [Rune] 1 - [Enter] => draw a card; [Rune] {W}{D} - remove a mana counter from your J/ruler:
    # +300/+300 until end of turn (CR 1137.2b, 1137.2a)
    e = P.ability(AK.AUTOMATIC, [(Op.DRAW, 0, 1, K.Who.CONTROLLER)], trigger=Tr.ENTER,
                  cond=K.Condition.RUNES_REVEALED_AT_LEAST, cond_arg=1)
    b = P.ability(AK.ACTIVATE, [(Op.TARGET_SELF, 0), (Op.POWER, 0, 300, int(K.Duration.END_OF_TURN), 300)],
                  cond=K.Condition.RUNE_ATTRIBUTES, cond_arg=(1 << (K.RUNE_ATTR_BITS * W)) | (1 << (K.RUNE_ATTR_BITS * D)),
                  cost_mana=1, mana_from=K.ManaFrom.J_RULER)
    P.card("Glyph Adept", attr=1 << W, cost=(W,), atk=400, defense=400, abilities=[e, b])
    # [Stealth] when a J/resonator of the opponent attacks (automatic-like, CR 1416.2a) and
    # [Stealth] your life is 2000 or less (activate-like, CR 1416.2b)
    st = P.ability(AK.STEALTH, [], trigger=Tr.OPPONENT_ATTACKS)
    P.abilities[st][K.A_CARD] = P.card("Ambusher", attr=1 << D, cost=(D, D), free=1, atk=800, defense=800, stealth=1,
                                       stealth_abil=st)
    st = P.ability(AK.STEALTH, [], cond=K.Condition.LIFE_AT_MOST, cond_arg=2000)
    P.abilities[st][K.A_CARD] = P.card("Lurker", attr=1 << G, cost=(G, G), free=2, atk=900, defense=800, stealth=1,
                                       stealth_abil=st)
    # [Grimoire] 2 (CR 1132.2) and a story chant for its extra deck
    P.card("Grimoire Ruler", CT.RULER, attr=1 << F, grimoire=2)
    s = P.ability(AK.SPELL, [(Op.DRAW, 0, 1, K.Who.CONTROLLER)])
    P.card("Story", CT.CHANT, attr=1 << F, cost=(F,), spell=s, type_bits=K.TB_STORY)
    return P


def rune_deck(P: TinyPool, ruler="Rune Ruler", runes=("Tide Rune", "Night Rune", "Grand Rune", "Quick Rune"),
              extra=()) -> np.ndarray:
    """``basic_deck`` with another ruler, a rune deck and story chants."""
    d = basic_deck(P)
    return np.array([P.ids[ruler]] + d[1:].tolist() + [P.ids[n] for n in runes] + [P.ids[n] for n in extra], np.int32)


def rune_row(P: TinyPool, seed=0, ruler="Rune Ruler") -> Row:
    """A game of two ``rune_deck``s (``ruler`` for both), up to the first main timing."""
    from helpers import to_main

    return to_main(Row(P, rune_deck(P, ruler=ruler), rune_deck(P, ruler=ruler), seed=seed))
