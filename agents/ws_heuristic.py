"""A rule-based Weiss Schwarz heuristic (Python; reads the engine state, so ``act`` needs game=).

How it decides (docs/agents.md, Weiss Schwarz):
* mulligan: discards climaxes and level 2+ cards;
* clock: clocks a surplus card (second climax, else highest level) while the clock is below 4 and
  the hand above 4 cards;
* main: plays the strongest affordable character onto an empty center position, then the back,
  then replaces a weaker center character; plays events; then ends the phase (never shuffles
  characters around);
* climax: always plays one; attack: frontal when the attacker is at least as strong as the
  defender, else side, direct when possible; counter: always; encore: pays with 4+ stock;
* level up: keeps the highest-level non-climax card; hand limit: discards climaxes first, then
  the lowest level; triggers and optional abilities: yes; targets: the opponent's strongest or own
  strongest character, first candidate otherwise.
It has no kernel form (``kernel_code = None``): matchups run it through the facade.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from agents.base import Agent, check_mask


class WSHeuristicAgent(Agent):
    name = "heuristic"
    kernel_code = None
    needs_game = True

    def __init__(self, seed: Optional[int] = None, game: str = "weiss_schwarz"):
        if game != "weiss_schwarz":
            raise ValueError(f"WSHeuristicAgent plays weiss_schwarz, not {game!r}")
        self._rng = np.random.default_rng(seed)

    def reset(self, seed: Optional[int] = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)

    def act(self, observation: Any, action_mask: np.ndarray, game: Any = None) -> int:
        if game is None:
            raise ValueError("WSHeuristicAgent.act needs game= (it reads the engine state)")
        from tcg_env.games.weiss_schwarz import constants as K
        from tcg_env.games.weiss_schwarz import state as S

        legal = [int(a) for a in check_mask(action_mask)]
        row = game.state
        cards = game.pool.kernel_tables[0]
        p = game.current_player
        D = K.Decision
        kind = game.decision

        def n(name, q=p):
            return int(row[getattr(S, name + "_N") + q])

        hand = [int(x) for x in row[S.HAND_L + p * K.MAX_DECK : S.HAND_L + p * K.MAX_DECK + n("HAND")]]

        def cid(slot):
            return int(row[S.CARD + slot * S.CARD_W])

        def hand_cid(a):
            return cid(hand[a - K.HAND_BASE])

        def stage(q, pos):
            return int(row[S.STAGE + q * K.N_POSITIONS + pos])

        def power(slot):
            return int(row[S.D_POWER + slot * S.CARD_W])

        is_cx = lambda c: cards[c, K.C_TYPE] == K.CardType.CLIMAX  # noqa: E731
        hand_actions = [a for a in legal if K.HAND_BASE <= a < K.PLAY_BASE]
        options = [a for a in legal if a >= K.OPTION_BASE]

        if kind == D.MULLIGAN:
            for a in hand_actions:
                c = hand_cid(a)
                if is_cx(c) or cards[c, K.C_LEVEL] >= 2:
                    return a
            return K.PASS
        if kind == D.CLOCK:
            if n("CLOCK") < 4 and len(hand) > 4 and hand_actions:
                cx = [a for a in hand_actions if is_cx(hand_cid(a))]
                if len(cx) >= 2:
                    return cx[0]
                return max(hand_actions, key=lambda a: (not is_cx(hand_cid(a)), cards[hand_cid(a), K.C_LEVEL]))
            return K.PASS
        if kind == D.MAIN:
            plays = [a for a in legal if K.PLAY_BASE <= a < K.OWN_STAGE_BASE]
            best = None
            for a in plays:
                i, pos = divmod(a - K.PLAY_BASE, K.N_POSITIONS)
                c = cid(hand[i])
                occ = stage(p, pos)
                if occ >= 0 and (pos >= 3 or power(occ) >= cards[c, K.C_POWER]):
                    continue
                score = cards[c, K.C_POWER] + (3000 if pos < 3 else 0) + (0 if occ < 0 else -2000)
                if best is None or score > best[0]:
                    best = (score, a)
            if best is not None:
                return best[1]
            events = [a for a in hand_actions]
            if events:
                return events[0]
            return K.PASS
        if kind == D.CLIMAX:
            return hand_actions[0] if hand_actions else K.PASS
        if kind == D.ATTACK:
            attacks = [a for a in legal if K.ATTACK_BASE <= a < K.OPTION_BASE]
            best = None
            for a in attacks:
                pos, t = divmod(a - K.ATTACK_BASE, 3)
                atk = stage(p, pos)
                fac = stage(1 - p, 2 - pos)
                if t == 0:
                    score = 3
                elif t == 1:
                    score = 2 if fac < 0 or power(atk) >= power(fac) else 0
                else:
                    score = 1
                if best is None or score > best[0]:
                    best = (score, a)
            return best[1] if best else K.PASS
        if kind == D.COUNTER:
            return hand_actions[0] if hand_actions else K.PASS
        if kind == D.ENCORE_PAY:
            return K.OPTION_BASE if n("STOCK") >= 4 and K.OPTION_BASE in legal else K.PASS
        if kind == D.LEVEL_UP:
            clock = [int(x) for x in row[S.CLOCK_L + p * K.MAX_DECK : S.CLOCK_L + p * K.MAX_DECK + 7]]
            return max(options, key=lambda a: (not is_cx(cid(clock[a - K.OPTION_BASE])), cards[cid(clock[a - K.OPTION_BASE]), K.C_LEVEL]))
        if kind == D.HAND_LIMIT:
            return min(hand_actions, key=lambda a: (not is_cx(hand_cid(a)), cards[hand_cid(a), K.C_LEVEL]))
        if kind in (D.TRIGGER_OPTION, D.OPTIONAL_EFFECT) and K.OPTION_BASE in legal:
            return K.OPTION_BASE
        if kind == D.CHOOSE_TARGET:
            opp = [a for a in legal if K.OPP_STAGE_BASE <= a < K.ABILITY_BASE]
            if opp:
                return max(opp, key=lambda a: power(stage(1 - p, a - K.OPP_STAGE_BASE)))
            own = [a for a in legal if K.OWN_STAGE_BASE <= a < K.OPP_STAGE_BASE]
            if own:
                return max(own, key=lambda a: power(stage(p, a - K.OWN_STAGE_BASE)))
            if options:
                return options[0]
            if hand_actions:
                return min(hand_actions, key=lambda a: (not is_cx(hand_cid(a)), cards[hand_cid(a), K.C_LEVEL]))
        if kind == D.CHOOSE_POSITION:
            own = [a for a in legal if K.OWN_STAGE_BASE <= a < K.OPP_STAGE_BASE]
            empty = [a for a in own if stage(p, a - K.OWN_STAGE_BASE) < 0]
            if empty:
                return empty[0]
        non_pass = [a for a in legal if a != K.PASS]
        return non_pass[0] if non_pass else legal[0]
