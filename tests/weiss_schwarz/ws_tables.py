"""Tiny hand-built Weiss Schwarz card tables for kernel tests (columns: tcg_env.games.weiss_schwarz.constants).

``TinyPool`` mimics the object the card compiler returns (``.kernel_tables`` plus names), so the
facade can run on it without the real card pool.
"""

from __future__ import annotations

import numpy as np

from tcg_env.games.weiss_schwarz.cards import card_obs_rows
from tcg_env.engine.tables import pack_tables
from tcg_env.games.weiss_schwarz import constants as K


class TinyPool:
    def __init__(self):
        self.cards: list[np.ndarray] = []
        self.abilities: list[np.ndarray] = []
        self.filters: list[np.ndarray] = []
        self.code: list[np.ndarray] = []
        self.names: list[str] = []

    # ---- builders -----------------------------------------------------------------------------
    def filter(self, **cols) -> int:
        row = np.zeros(K.F_NCOLS, np.int32)
        for c in ("F_LEVEL_MIN", "F_LEVEL_MAX", "F_COST_MAX", "F_POWER_MIN", "F_POWER_MAX"):
            row[getattr(K, c)] = -1
        for k, v in cols.items():
            row[getattr(K, "F_" + k.upper())] = int(v)
        self.filters.append(row)
        return len(self.filters) - 1

    def ability(self, kind, program, **cols) -> int:
        row = np.zeros(K.A_NCOLS, np.int32)
        row[K.A_KIND] = int(kind)
        row[K.A_TRIG_FILTER] = -1
        row[K.A_COST_DISCARD_FILTER] = -1
        row[K.A_COST_REVEAL_FILTER] = -1
        row[K.A_COST_MARKER_FILTER] = -1
        for k, v in cols.items():
            row[getattr(K, "A_" + k.upper())] = int(v)
        row[K.A_CODE_START] = len(self.code)
        row[K.A_CODE_LEN] = len(program)
        for ins in program:
            r = np.zeros(K.I_NCOLS, np.int32)
            r[: len(ins)] = ins
            self.code.append(r)
        self.abilities.append(row)
        return len(self.abilities) - 1

    def card(self, name, ctype=K.CardType.CHARACTER, color=K.Color.YELLOW, level=0, cost=0, power=0, soul=1,
             triggers=(0, 0), abilities=(), **cols) -> int:
        cid = len(self.cards)
        row = np.zeros(K.C_NCOLS, np.int32)
        row[K.C_TYPE] = int(ctype)
        row[K.C_COLOR] = int(color)
        row[K.C_LEVEL] = level
        row[K.C_COST] = cost
        row[K.C_POWER] = power if ctype == K.CardType.CHARACTER else 0
        row[K.C_SOUL] = soul if ctype == K.CardType.CHARACTER else 0
        row[K.C_TRIGGER0], row[K.C_TRIGGER1] = int(triggers[0]), int(triggers[1])
        row[K.C_NAME] = cid + 1
        row[K.C_EVENT_ABIL] = -1
        row[K.C_SHIFT_LEVEL] = -1
        row[K.C_ENCORE_ABIL] = -1
        abilities = list(abilities)
        row[K.C_ABIL_START] = abilities[0] if abilities else len(self.abilities)
        row[K.C_ABIL_COUNT] = len(abilities)
        if abilities:
            assert abilities == list(range(abilities[0], abilities[0] + len(abilities))), "abilities must be consecutive"
            for a in abilities:
                self.abilities[a][K.A_CARD] = cid
                if self.abilities[a][K.A_KIND] == K.AbilityKind.CONT:
                    row[K.C_HAS_CONT] = 1
                if self.abilities[a][K.A_KIND] == K.AbilityKind.EVENT:
                    row[K.C_EVENT_ABIL] = a
        for k, v in cols.items():
            row[getattr(K, "C_" + k.upper())] = int(v)
        self.cards.append(row)
        self.names.append(name)
        return cid

    @property
    def kernel_tables(self):
        if "_T" not in self.__dict__:
            def stack(rows, n):
                return np.ascontiguousarray(np.array(rows, np.int32).reshape(-1, n))

            cards = stack(self.cards, K.C_NCOLS)
            self.__dict__["_T"] = pack_tables(cards, stack(self.abilities, K.A_NCOLS), stack(self.filters, K.F_NCOLS),
                                              stack(self.code, K.I_NCOLS), card_obs_rows(cards))
        return self.__dict__["_T"]

    @property
    def numbers(self) -> list[str]:  # deck lists name cards by number (tcg_env.cards.decks)
        return [f"T-{i:03d}" for i in range(len(self.names))]

    def card_name(self, cid: int) -> str:
        return self.names[cid]


def basic_pool():
    """A small two-colour pool touching every trigger icon, counters, backup, CONT/AUTO/ACT/EVENT."""
    P = TinyPool()
    Op, Tr, AK, CT, Col, TI = K.Op, K.Trigger, K.AbilityKind, K.CardType, K.Color, K.TriggerIcon
    any_opp_char = P.filter(type_mask=K.TYPEMASK_CHARACTER, side=2)
    own_front = P.filter(side=1, relation=K.Relation.IN_FRONT)
    own_all = P.filter(side=1)
    # characters
    P.card("Scout", level=0, cost=0, power=2500, soul=1, triggers=(0, 0))
    P.card("Guard", level=0, cost=0, power=3000, soul=1, color=Col.RED)
    a = P.ability(AK.CONT, [(Op.AURA_POWER, 0, 500, own_front)], cond=K.Condition.IN_BACK_STAGE, keyword=K.Keyword.ASSIST)
    P.card("Supporter", level=0, cost=0, power=500, soul=1, abilities=[a], keywords=K.KW_ASSIST)
    a = P.ability(AK.AUTO, [(Op.DRAW, 0, 1, 0)], trigger=Tr.PLAYED_SELF)
    P.card("Messenger", level=1, cost=0, power=5000, soul=1, abilities=[a], triggers=(TI.SOUL, 0))
    a = P.ability(AK.ACT, [(Op.TARGET_SELF, 0), (Op.POWER, 0, 1500, 0)], cost_stock=1)
    P.card("Brawler", level=1, cost=1, power=6000, soul=1, abilities=[a], color=Col.RED, triggers=(TI.SOUL, 0))
    P.card("Helper", level=1, cost=0, power=1500, soul=1, backup_power=3000, backup_level=1, backup_cost=1,
           keywords=K.KW_BACKUP)
    a = P.ability(AK.AUTO, [(Op.POOL, 0, 1, 0)], trigger=Tr.ATTACKS_SELF, optional=1)
    P.card("Captain", level=2, cost=1, power=9000, soul=2, abilities=[a], triggers=(TI.SOUL, 0))
    P.card("Idol", level=2, cost=2, power=8000, soul=1, keywords=K.KW_GREAT_PERFORMANCE, color=Col.RED)
    a = P.ability(AK.AUTO, [(Op.CHOOSE, 0, any_opp_char, 1, 0), (Op.TO_HAND, 0)], trigger=Tr.PLAYED_SELF)
    P.card("Ace", level=3, cost=2, power=11000, soul=2, abilities=[a], triggers=(TI.SOUL, TI.SOUL))
    # events
    a = P.ability(AK.EVENT, [(Op.DRAW, 0, 2, 0)])
    P.card("Insight", ctype=CT.EVENT, level=1, cost=1, abilities=[a])
    a = P.ability(AK.EVENT, [(Op.CHOOSE, 0, P.filter(side=1, relation=K.Relation.DEFENDING), 1, 0), (Op.POWER, 0, 2500, 0)])
    P.card("Parry", ctype=CT.EVENT, level=0, cost=0, abilities=[a], counter=1, color=Col.RED)
    # climax
    a = P.ability(AK.CONT, [(Op.AURA_POWER, 0, 1000, own_all), (Op.AURA_SOUL, 0, 1, own_all)])
    P.card("Finale", ctype=CT.CLIMAX, abilities=[a], triggers=(TI.SOUL, 0))
    for i, icon in enumerate((TI.POOL, TI.COMEBACK, TI.DRAW, TI.SHOT, TI.TREASURE, TI.GATE, TI.STANDBY, TI.RETURN)):
        P.card(f"Climax {icon.name.title()}", ctype=CT.CLIMAX, triggers=(icon, 0), color=Col.RED if i % 2 else Col.YELLOW)
    # keyword cards (ids 20..23)
    a = P.ability(AK.AUTO, [(Op.SHIFT, 0)], trigger=Tr.BEGIN_MAIN, zone=K.AbilityZone.CLOCK,
                  trig_whose=K.TriggerWhose.YOURS, keyword=K.Keyword.SHIFT)
    P.card("Shifter", level=1, cost=0, power=4000, abilities=[a], shift_level=1, keywords=K.KW_SHIFT)
    ace_in_wr = P.filter(zone=K.FilterZone.WAITING_ROOM, side=1, name=9)  # Ace (card id 8, name id 9)
    a = P.ability(AK.ACT, [(Op.CHANGE, 0, ace_in_wr, int(K.Orientation.STAND))], cost_rest_self=1,
                  keyword=K.Keyword.CHANGE)
    P.card("Changeling", level=0, cost=0, power=1000, abilities=[a], keywords=K.KW_CHANGE)
    a = P.ability(K.AbilityKind.COUNTER_ACT, [(Op.TARGET_SELF, 0), (Op.POWER, 0, 3000, 0)], cost_stock=1)
    P.card("Sentinel", level=0, cost=0, power=4000, abilities=[a], counter=1)
    a = P.ability(AK.ACT, [(Op.DRAW, 0, 1, 0)], cost_reveal_filter=P.filter(zone=K.FilterZone.HAND, name=1),
                  keyword=K.Keyword.RESONATE)
    P.card("Resonator", level=0, cost=0, power=1000, abilities=[a], keywords=K.KW_RESONATE)
    # Fusion / Sunder pair (ids 24, 25): Fuser fuses with a Scout into Titan; Titan sunders back
    a = P.ability(AK.ACT, [(Op.FUSION, 0, 26)], cost_marker_filter=P.filter(side=1, name=1),
                  keyword=K.Keyword.FUSION)
    P.card("Fuser", level=0, cost=0, power=2000, abilities=[a], keywords=K.KW_FUSION)
    a = P.ability(AK.AUTO, [(Op.SUNDER, 0, 25)], trigger=Tr.END_OF_ATTACK_SELF, optional=1,
                  keyword=K.Keyword.SUNDER)
    P.card("Titan", level=0, cost=0, power=9000, soul=1, abilities=[a], keywords=K.KW_SUNDER)
    a = P.ability(AK.ACT, [(Op.DRAW, 0, 2, 0)], cost_discard=1, cost_discard_filter=P.filter(type_mask=K.TYPEMASK_CLIMAX))
    P.card("Scholar", level=0, cost=0, power=1500, abilities=[a])  # id 26: [discard a climax] draw 2
    return P


def basic_deck(pool: TinyPool, variant: int = 0) -> np.ndarray:
    """50 cards: 8 climax, 34 characters, 8 events (up to 4 of a name), deterministic."""
    ids = []
    chars = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    counts = [4, 4, 4, 4, 4, 4, 4, 3, 3]
    for c, n in zip(chars, counts):
        ids += [c] * n
    ids += [9] * 4 + [10] * 4
    ids += [11, 12, 13, 14, 15, 16, 17, 18]
    ids = ids[:50]
    assert len(ids) == 50, len(ids)
    arr = np.array(ids, np.int32)
    if variant:
        arr = np.roll(arr, variant)
    return arr
