"""OpenSpiel bridge: every registered tcg_env game as an OpenSpiel game (extra ``openspiel``).

``import tcg_env.openspiel`` registers each game of :func:`tcg_env.list_games` with
``pyspiel.register_game`` as ``tcg_env_<game>``::

    import pyspiel
    import tcg_env.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("tcg_env_fftcg", {"deck0": "fire_wind_aggro", "seed": 7})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])

Everything is read from the game's spec (sizes, decks, variants, descriptions, snapshots,
determinization), so a game that registers in :mod:`tcg_env.registry` gets its OpenSpiel game by
the same import; :func:`register` does it for a game plugged in later (the template game in the
tests).

Choices (docs/openspiel.md says more):

* **Chance is sampled, inside the engine** (``ChanceMode.SAMPLED_STOCHASTIC``). Every random event
  of these games (the opening shuffles, the first-player draw, shuffles and random effects in play)
  is drawn from the xorshift RNG stored in the state row, so the state carries its own future
  draws. Explicit chance nodes would need each shuffle as an enumerable distribution (a 50-card
  deck has 50! orders) and the engine's kernels taken apart at every draw; OpenSpiel's sampled
  mode is exactly "the state samples its chance outcomes itself". The k-th game a loaded game
  starts (``new_initial_state``) plays with seed ``seed + k``, so a run is reproducible.
* **Observation** = the engine's flat observation of the player (``Game.observe``: its own hand,
  the public zones, counts for the hidden ones); the string is the seat's text board
  (``Game.render(viewer)``), which shows the same.
* **Information state** = the observation plus the player's own actions so far: the string lists
  them in order, the tensor appends how often the player took each action. It is the player's
  knowledge as far as the current observation and its own moves go; what it saw earlier and no
  longer sees (a card revealed and shuffled away) is not kept, so it is not perfect recall in the
  strict sense (a full observation history would make every key grow with the game).
* **Determinization** for IS-MCTS: ``state.resample_from_infostate(player, sampler)`` deals anew
  what ``player`` cannot see with the game's own ``resample_hidden`` (``determinize_row``) and
  reseeds the state's RNG; the sampler argument is not used (the engine draws from the game's
  agent RNG, seeded by the ``seed`` parameter). The player's observation is checked unchanged.
* **Clone** is the facade's ``Game.clone`` (a row copy); **serialization** (``pyspiel.
  serialize_game_and_state``, pickle) stores the facade's snapshot, ``Game.to_dict``.
* Returns +1 / -1 at a win, 0 for a draw or for a game stopped at ``max_turns``.

An illegal action raises :class:`tcg_env.IllegalActionError` (listing the legal ones) and leaves
the state as it was; it is never replaced by a legal one.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # the extra is not installed
    raise ImportError("tcg_env.openspiel needs OpenSpiel: pip install 'tcg_env[openspiel]' "
                      "(or pip install open_spiel)") from exc

import tcg_env
from tcg_env.engine.header import H_DONE as _H_DONE, H_WINNER as _H_WINNER
from tcg_env.game import Game, check_seed
from tcg_env.registry import get_spec, list_games

__all__ = ["PREFIX", "PARAMETERS", "register", "registered_games", "short_name", "TCGGame", "TCGState",
           "PlayoutEvaluator", "serialize_game_and_state", "deserialize_game_and_state"]

PREFIX = "tcg_env_"

# OpenSpiel game parameters and their defaults (a parameter's type is its default's type). Empty
# strings mean the game's own default.
PARAMETERS = {
    "deck0": "",  # player 0's deck: a built-in deck name or a deck file path
    "deck1": "",  # player 1's deck
    "variant": "",  # a rules variant of the game (FF-TCG: constructed / limited)
    "rules": "",  # a rule set of the game (FF-TCG: 2016, the default, or 2014: the game fftcg_2014)
    "seed": 0,  # the k-th game this game object starts plays with seed + k (0 .. 2**63-1)
    "max_turns": 0,  # stop a game (returns 0, 0) once this turn is over; 0: play to the end
    "auto_single": False,  # apply decisions with exactly one legal action by themselves
    "pool": "",  # a card pool file's path (e.g. one `tcg cards import` wrote); the decks name its cards
}

_REGISTERED: dict[str, str] = {}  # OpenSpiel short name -> tcg_env game


def short_name(game: str) -> str:
    """The OpenSpiel name of tcg_env game ``game``: ``tcg_env_<game>``."""
    return PREFIX + game


def registered_games() -> dict[str, str]:
    """OpenSpiel short name -> tcg_env game, for the games this module registered."""
    return dict(_REGISTERED)


# ---------------------------------------------------------------------------------------------------
# parameters


class _Config:
    """What every state of one loaded game shares: the spec, the card pool, the decks as card ids,
    the variant and options, and the agent RNG row the determinizations draw from."""

    def __init__(self, name: str, params: dict):
        self.name = name
        self.params = dict(params)
        try:
            self.spec = spec = get_spec(name, params["rules"] or None)
        except ValueError as exc:
            raise ValueError(f"parameter 'rules': {_first_line(exc)}") from None
        try:
            self.pool = tcg_env._load_pool(spec, params["pool"] or None)
        except (ValueError, OSError) as exc:
            raise ValueError(f"parameter 'pool': {_first_line(exc)}") from None
        self.T = self.pool.kernel_tables
        try:
            self.variant = tcg_env._variant_index(spec, params["variant"] or None)
        except ValueError as exc:
            raise ValueError(f"parameter 'variant': {_first_line(exc)}") from None
        defaults = spec.default_decks()
        self.decks = []
        for p in (0, 1):
            try:
                deck = spec.load_deck(self.pool, params[f"deck{p}"] or defaults[p], spec.variants[self.variant])
            except (ValueError, OSError) as exc:
                raise ValueError(f"parameter 'deck{p}': {_first_line(exc)}") from None
            self.decks.append(deck.card_ids)
        self.max_turns = params["max_turns"]
        self.auto_single = params["auto_single"]
        self.seed = params["seed"]
        self.started = 0  # games started by this loaded game (the next plays with seed + started)
        self._det_rng = None

    def start(self) -> Game:
        seed = check_seed(self.seed + self.started, "seed + number of games started")
        self.started += 1
        return Game.new(self.spec, self.pool, self.decks[0], self.decks[1], seed, self.variant, self.auto_single)

    @property
    def det_rng(self) -> np.ndarray:
        if self._det_rng is None:  # the agent RNG of the determinizations (kernels compile on first use)
            self._det_rng = self.spec.kernels.seed_agent_rng(1, self.seed)[0]
        return self._det_rng


def _check_params(name: str, params: dict) -> dict:
    """``params`` with defaults filled in, each checked; a ValueError naming the parameter."""
    out = dict(PARAMETERS)
    for key, value in dict(params or {}).items():
        if key not in PARAMETERS:
            raise ValueError(f"{short_name(name)}: unknown parameter {key!r}; parameters: {', '.join(PARAMETERS)}")
        out[key] = value
    for key in ("deck0", "deck1", "variant", "rules", "pool"):
        if not isinstance(out[key], str):
            raise ValueError(f"{short_name(name)}: parameter {key!r} must be a string, got {out[key]!r}")
    for key in ("seed", "max_turns"):
        v = out[key]
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise ValueError(f"{short_name(name)}: parameter {key!r} must be an integer >= 0, got {v!r}")
        out[key] = int(v)
    check_seed(out["seed"], f"{short_name(name)}: parameter 'seed'")
    if not isinstance(out["auto_single"], (bool, np.bool_)):
        raise ValueError(f"{short_name(name)}: parameter 'auto_single' must be a bool, got {out['auto_single']!r}")
    out["auto_single"] = bool(out["auto_single"])
    return out


# ---------------------------------------------------------------------------------------------------
# the game


class TCGGame(pyspiel.Game):
    """One tcg_env game as an OpenSpiel game (created by ``pyspiel.load_game("tcg_env_<game>")``;
    :func:`register` makes the subclass of each game, whose ``tcg_name`` names it)."""

    tcg_name = ""

    def __init__(self, params: dict | None = None):
        name = self.tcg_name
        params = _check_params(name, params)
        try:
            cfg = _Config(name, params)
        except ValueError as exc:  # a bad deck or variant: one line naming the parameter
            raise ValueError(f"{short_name(name)}: {exc}") from None
        spec = cfg.spec
        self._cfg = cfg
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # the engine ends every game as a draw by this many decisions (GameSpec.max_decisions)
            max_game_length=spec.max_decisions,
        )
        super().__init__(_game_type(name), info, params)

    @property
    def tcg_spec(self):
        """The tcg_env :class:`~tcg_env.spec.GameSpec` of this game."""
        return self._cfg.spec

    def new_initial_state(self) -> "TCGState":
        return TCGState(self, self._cfg)

    def make_py_observer(self, iig_obs_type=None, params=None):
        # OpenSpiel calls this with (params) alone for the default observer
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"{self.get_type().short_name}: observation parameters are not supported, got {params}")
        info_state = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _InfoStateObserver(self._cfg) if info_state else _Observer(self._cfg)


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _game_type(name: str) -> "pyspiel.GameType":
    spec = get_spec(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"tcg_env {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        # the engine draws every random event from the RNG in its state row (module docstring)
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


# ---------------------------------------------------------------------------------------------------
# the state


class _Play:
    """The tcg_env game behind one OpenSpiel state.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the old one's
    attributes, and serializes it by pickling them: this holder makes the first a facade clone
    (``Game.clone``, a row copy) and the second a snapshot (``Game.to_dict``). The game starts on
    first use, so the new initial state a clone is made from draws no seed and deals nothing.
    """

    __slots__ = ("cfg", "game")

    def __init__(self, cfg: _Config, game: Game | None):
        self.cfg = cfg
        self.game = game

    def get(self) -> Game:
        g = self.game
        if g is None:
            g = self.game = self.cfg.start()
        return g

    def __deepcopy__(self, memo) -> "_Play":
        return _Play(self.cfg, self.get().clone())

    def __reduce__(self):
        return (_restore_play, (self.cfg.name, self.cfg.params, self.get().to_dict()))


_CONFIGS: dict = {}  # restored states of the same parameters share a config (no pool reload)


def _restore_play(name: str, params: dict, snapshot: dict) -> _Play:
    key = (name, tuple(sorted(params.items())))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = _Config(name, params)
    return _Play(cfg, Game.from_dict(snapshot, pool=cfg.pool))


class TCGState(pyspiel.State):
    """A position of a tcg_env game, for OpenSpiel. ``tcg_game`` is the facade game behind it
    (read it; stepping it directly would leave OpenSpiel's history behind)."""

    def __init__(self, game: TCGGame, cfg: _Config):
        super().__init__(game)
        self._play = _Play(cfg, None)

    @property
    def tcg_game(self) -> Game:
        return self._play.get()

    def _stopped(self, g: Game) -> bool:
        """Stopped at ``max_turns`` without an end by the rules."""
        m = self._play.cfg.max_turns
        return bool(m) and not g.done and g.turn > m

    # ---- the OpenSpiel API ------------------------------------------------------------------------
    def current_player(self) -> int:
        g = self._play.get()
        if g.done or self._stopped(g):
            return pyspiel.PlayerId.TERMINAL
        return g.current_player

    def is_terminal(self) -> bool:
        g = self._play.get()
        return g.done or self._stopped(g)

    def _legal_actions(self, player: int) -> list[int]:
        return self._play.get().legal_actions().tolist()

    def _apply_action(self, action: int) -> None:
        g = self._play.get()
        if self._stopped(g):
            raise tcg_env.IllegalActionError(f"the game stopped at max_turns={self._play.cfg.max_turns}; "
                                             "no action is legal", action, [])
        g.step(action)  # an illegal action raises IllegalActionError, the game unchanged

    def _action_to_string(self, player: int, action: int) -> str:
        # the index first: two copies of a card in hand are two actions with the same description,
        # and OpenSpiel wants the strings of the legal actions distinct (random_sim_test checks it)
        return f"{action}: {self._play.get().describe_action(action)}"

    def returns(self) -> list[float]:
        g = self._play.get()
        return list(g.returns()) if g.done else [0.0, 0.0]

    def __str__(self) -> str:
        # the debugging board, and a digest of the whole state row: OpenSpiel's tests compare
        # these strings to check clones and deserialized states, so they must see every word
        g = self._play.get()
        return f"{g.render()}\nstate row crc32 {zlib.crc32(g.state.tobytes()):08x}"

    # ---- determinization (IS-MCTS) ----------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "TCGState":
        """A copy of this state in which what ``player_id`` cannot see is dealt anew (the game's
        ``resample_hidden``) and the RNG reseeded; ``player_id``'s observation is unchanged
        (checked). ``probability_sampler`` is not used: the draws come from the game's agent RNG."""
        if isinstance(player_id, bool) or player_id not in (0, 1):
            raise ValueError(f"player_id must be 0 or 1, got {player_id!r}")
        new = self.clone()
        play = new._play
        g = play.get()
        cfg = play.cfg
        row = np.array(g.state, dtype=np.int32)
        cfg.spec.kernels.determinize_row(row, cfg.T, int(player_id), cfg.det_rng)
        h = Game(cfg.spec, cfg.pool, row, g.variant_index)
        if not np.array_equal(h.observe(player_id), g.observe(player_id)):
            raise RuntimeError(f"{cfg.name}: the game's determinization (resample_hidden) changed player "
                               f"{player_id}'s observation at decision {g.decision.name} (a bug in the game; "
                               "please report with tcg_game.to_dict())")
        play.game = h
        return new

    # ---- helpers for observers --------------------------------------------------------------------
    def own_actions(self, player: int) -> list[int]:
        """The actions ``player`` took so far, in order (from OpenSpiel's history)."""
        return [pa.action for pa in self.full_history() if pa.player == player]


class _Observer:
    """The observation: the engine's flat observation of the player, and the seat's text board."""

    def __init__(self, cfg: _Config):
        self.tensor = np.zeros(cfg.spec.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TCGState, player: int) -> None:
        self.tensor[:] = state._play.get().observe(player)

    def string_from(self, state: TCGState, player: int) -> str:
        return state._play.get().render(player)


class _InfoStateObserver:
    """The information state: the observation, and the player's own actions (their list in the
    string, how often it took each action in the tensor)."""

    def __init__(self, cfg: _Config):
        n_obs = cfg.spec.obs_size
        self.tensor = np.zeros(n_obs + cfg.spec.num_actions, np.float32)
        self.dict = {"observation": self.tensor[:n_obs], "own_action_counts": self.tensor[n_obs:]}

    def set_from(self, state: TCGState, player: int) -> None:
        self.dict["observation"][:] = state._play.get().observe(player)
        counts = self.dict["own_action_counts"]
        counts[:] = 0
        actions = state.own_actions(player)
        if actions:
            np.add.at(counts, actions, 1.0)

    def string_from(self, state: TCGState, player: int) -> str:
        actions = state.own_actions(player)
        return f"{state._play.get().render(player)}\nplayer {player}'s actions: {' '.join(map(str, actions))}"


# ---------------------------------------------------------------------------------------------------
# a fast evaluator for OpenSpiel's MCTS / IS-MCTS bots


def _evaluator_base():
    from open_spiel.python.algorithms import mcts

    return mcts.Evaluator


class PlayoutEvaluator(_evaluator_base()):
    """An evaluator for OpenSpiel's ``MCTSBot`` / ``ISMCTSBot``: ``n_rollouts`` playouts to the end
    of the game inside the engine's kernels (``playout_row``; ``agent`` "random" or "heuristic" for
    both seats), averaged; a uniform prior over the legal actions. It does what OpenSpiel's
    ``RandomRolloutEvaluator`` does, without a Python call per decision (a game is hundreds of
    decisions). The playouts go to the end by the rules, past ``max_turns``."""

    def __init__(self, n_rollouts: int = 1, agent: str = "random", seed: int = 0):
        if isinstance(n_rollouts, bool) or not isinstance(n_rollouts, (int, np.integer)) or n_rollouts < 1:
            raise ValueError(f"n_rollouts must be an integer >= 1, got {n_rollouts!r}")
        if agent not in ("random", "heuristic"):
            raise ValueError(f"agent must be 'random' or 'heuristic', got {agent!r}")
        self.n_rollouts = int(n_rollouts)
        self.agent = agent
        self.seed = check_seed(seed)
        self._rng: dict = {}  # (game name, rules) -> agent RNG row

    def evaluate(self, state: TCGState) -> np.ndarray:
        play = state._play
        g, cfg = play.get(), play.cfg
        if g.done or state.is_terminal():
            return np.array(state.returns())
        k = cfg.spec.kernels
        key = (cfg.name, cfg.params["rules"])
        rng = self._rng.get(key)
        if rng is None:
            rng = self._rng[key] = k.seed_agent_rng(1, self.seed)[0]
        kind = k.AGENT_HEURISTIC if self.agent == "heuristic" else k.AGENT_RANDOM
        mask = np.zeros(cfg.spec.num_actions, np.int8)
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            row = np.array(g.state, dtype=np.int32)
            k.playout_row(row, cfg.T, mask, rng, kind, kind, cfg.spec.max_decisions)
            w = int(row[_H_WINNER]) if row[_H_DONE] else -1
            if w in (0, 1):
                total[w] += 1.0
                total[1 - w] -= 1.0
        return total / self.n_rollouts

    def prior(self, state: TCGState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


# ---------------------------------------------------------------------------------------------------
# serialization

_SERIAL_HEADER = "# tcg_env.openspiel serialized game and state"


def serialize_game_and_state(game: TCGGame, state: TCGState) -> str:
    """``game`` and ``state`` as text: what ``pyspiel.serialize_game_and_state`` gives other games.

    OpenSpiel's own function stores a sampled-stochastic game's RNG through ``Game::GetRNGState``,
    which its Python binding does not let a Python game provide (open_spiel 2.0.2 raises
    "GetRNGState unimplemented", and so does ``pickle.dumps(state)``, which calls it). This stores
    the same three things: the game string (its parameters), the game's RNG state (how many games it
    has started: the next plays with ``seed`` + that), and ``state.serialize()`` (OpenSpiel's
    history and move number, and the tcg_env snapshot, ``Game.to_dict``).
    """
    if not isinstance(game, TCGGame) or not isinstance(state, TCGState):
        raise ValueError("serialize_game_and_state takes a tcg_env OpenSpiel game and one of its states")
    return f"{_SERIAL_HEADER}\n[Game]\n{game}\n[GameRNG]\n{game._cfg.started}\n[State]\n{state.serialize()}"


def deserialize_game_and_state(text: str) -> tuple[TCGGame, TCGState]:
    """The game and state :func:`serialize_game_and_state` wrote."""
    head, sep, rest = text.partition("\n[Game]\n")
    game_string, sep2, rest = rest.partition("\n[GameRNG]\n")
    started, sep3, state_text = rest.partition("\n[State]\n")
    if head != _SERIAL_HEADER or not (sep and sep2 and sep3) or not started.isdigit():
        raise ValueError("not a tcg_env.openspiel serialized game and state (from serialize_game_and_state)")
    game = pyspiel.load_game(game_string)
    game._cfg.started = int(started)
    state = game.deserialize_state(state_text)
    state._play.cfg = game._cfg  # the game's own config (its seed counter, its determinization RNG)
    return game, state


# ---------------------------------------------------------------------------------------------------
# registration


def register(name: str) -> str:
    """Register tcg_env game ``name`` (any game the registry knows) with OpenSpiel as
    ``tcg_env_<name>``; returns that name. Registering a name again does nothing."""
    get_spec(name)  # the unknown-game error
    short = short_name(name)
    if short in _REGISTERED or short in pyspiel.registered_names():
        _REGISTERED[short] = name
        return short

    # the creator is a class, as OpenSpiel's own Python games register theirs: pyspiel keeps it
    # until after the interpreter has finalized, and a closure freed then (its last reference)
    # aborts the process at exit ("PyThreadState_Get: the function must be called with the GIL
    # held"; measured with open_spiel 2.0.2), where a class, in a reference cycle with itself, is
    # never freed
    cls = type(f"TCGGame_{name}", (TCGGame,), {"tcg_name": name, "__module__": __name__})
    pyspiel.register_game(_game_type(name), cls)
    _REGISTERED[short] = name
    return short


for _name in list_games():
    register(_name)
