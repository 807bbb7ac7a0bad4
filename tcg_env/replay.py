"""Replays: a whole game as JSON (decks, seed, rules variant, the actions in order).

A replay is self-contained: the decks are stored as card-number lists (with their names for
display), so it plays back without the deck files. The game's RNG is seeded from ``seed``, so
the same actions reproduce the same game; ``result`` records how the recorded game ended (with a
hash of the final state row) and playback checks it::

    {
      "format": "tcg_env.replay/1",
      "game": "fftcg", "variant": "constructed", "seed": 7, "auto_single": false,
      "pool": "3f2c...",                       # card pool fingerprint
      "decks": [{"name": "fire_wind_aggro", "cards": ["FF1-001", ...]}, {...}],
      "players": ["you", "bot:heuristic"],     # informational
      "actions": [0, 12, 0, ...],
      "result": {"done": true, "winner": 0, "turn": 14, "decisions": 402, "state_sha256": "..."}
    }

``winner`` is 0 / 1, -1 for a draw, null when the recording stopped before the end. Every
problem raises :class:`ReplayError` naming the file and the field or action index.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterator, NamedTuple, Sequence

REPLAY_FORMAT = "tcg_env.replay/1"

__all__ = ["ReplayError", "REPLAY_FORMAT", "Recorder", "load_replay", "save_replay", "play_replay", "state_hash"]


class ReplayError(ValueError):
    """A replay file that cannot be read, is malformed, or does not play back."""


def state_hash(game) -> str:
    return hashlib.sha256(game.state.tobytes()).hexdigest()


def _pool_fingerprint(pool) -> str:
    from tcg_env.matchup import _pool_fingerprint as fp

    return fp(pool)


class Recorder:
    """Starts a game and records every action taken through :meth:`step`."""

    def __init__(self, game: str, decks: Sequence[Any], seed: int, variant: str | None = None,
                 players: Sequence[str] = ("player 0", "player 1"), pool=None):
        import tcg_env
        from tcg_env.game import Game, check_seed

        self.spec = tcg_env.get_spec(game)
        self.pool = pool if pool is not None else self.spec.load_tables()
        self.variant = self.spec.default_variant if variant is None else variant
        if self.variant not in self.spec.variants:
            raise ReplayError(f"unknown {game} rules variant {self.variant!r}; choose from {list(self.spec.variants)}")
        self.seed = check_seed(seed)  # the one seed check (2.5 or True is refused, not made 2 or 1)
        loaded = [self.spec.load_deck(self.pool, d, self.variant) for d in decks]
        if len(loaded) != 2:
            raise ReplayError("a replay needs exactly two decks")
        self.decks = [
            {"name": _name(src, dk), "cards": [self.pool.numbers[int(c)] for c in dk.card_ids]}
            for src, dk in zip(decks, loaded)
        ]
        self.players = [str(p) for p in players]
        self.actions: list[int] = []
        self.game = Game.new(self.spec, self.pool, loaded[0].card_ids, loaded[1].card_ids, self.seed,
                             self.spec.variants.index(self.variant), False)

    def step(self, action: int) -> None:
        self.game.step(int(action))  # raises on an illegal action; then nothing is recorded
        self.actions.append(int(action))

    def to_dict(self) -> dict:
        g = self.game
        return {
            "format": REPLAY_FORMAT,
            "game": self.spec.name,
            "variant": self.variant,
            "seed": self.seed,
            "auto_single": False,
            "pool": _pool_fingerprint(self.pool),
            "decks": self.decks,
            "players": self.players,
            "actions": list(self.actions),
            "result": {
                "done": g.done,
                "winner": g.winner,
                "turn": g.turn,
                "decisions": g.num_decisions,
                "state_sha256": state_hash(g),
            },
        }

    def save(self, path: str | Path) -> Path:
        return save_replay(self.to_dict(), path)


def _name(src: Any, deck) -> str:
    if isinstance(src, (str, Path)):
        p = Path(src)
        return p.stem if p.suffix else str(src)
    return getattr(deck, "name", "custom") or "custom"


def save_replay(replay: dict, path: str | Path) -> Path:
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(replay, indent=1) + "\n")
    tmp.replace(path)  # never a half-written replay
    return path


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def load_replay(path: str | Path) -> dict:
    """Read and check a replay file's structure (playback checks the actions)."""
    path = Path(path)
    where = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReplayError(f"{where}: cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ReplayError(f"{where}: not valid JSON: {exc}") from None
    return check_replay(data, where)


def check_replay(data: Any, where: str = "<replay>") -> dict:
    import tcg_env
    from tcg_env.game import check_seed

    if not isinstance(data, dict):
        raise ReplayError(f"{where}: a replay is a JSON object")
    if data.get("format") != REPLAY_FORMAT:
        raise ReplayError(f"{where}: field 'format': expected {REPLAY_FORMAT!r}, got {data.get('format')!r}")
    known = {"format", "game", "variant", "seed", "auto_single", "pool", "decks", "players", "actions", "result"}
    extra = sorted(set(data) - known)
    if extra:
        raise ReplayError(f"{where}: field {extra[0]!r}: unknown key")
    for key in ("game", "seed", "decks", "actions"):
        if key not in data:
            raise ReplayError(f"{where}: field {key!r}: missing")
    try:
        spec = tcg_env.get_spec(data["game"])
    except ValueError as exc:
        raise ReplayError(f"{where}: field 'game': {exc}") from None
    variant = data.get("variant", spec.default_variant)
    if variant not in spec.variants:
        raise ReplayError(f"{where}: field 'variant': {variant!r} is not one of {list(spec.variants)}")
    try:  # the one seed check of every entry point (a seed beyond the range is refused, never wrapped)
        check_seed(data["seed"])
    except ValueError as exc:
        raise ReplayError(f"{where}: field 'seed': {exc}") from None
    if data.get("auto_single", False) not in (False, 0):
        raise ReplayError(f"{where}: field 'auto_single': only false is supported")
    decks = data["decks"]
    if not isinstance(decks, list) or len(decks) != 2:
        raise ReplayError(f"{where}: field 'decks': must be a list of two decks")
    for i, d in enumerate(decks):
        cards = d.get("cards") if isinstance(d, dict) else d
        if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
            raise ReplayError(f"{where}: field 'decks[{i}].cards': must be a non-empty list of card numbers")
    acts = data["actions"]
    if not isinstance(acts, list):
        raise ReplayError(f"{where}: field 'actions': must be a list of integers")
    for i, a in enumerate(acts):
        if not _is_int(a):
            raise ReplayError(f"{where}: action #{i}: {a!r} is not an integer")
    players = data.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != 2
                                or not all(isinstance(x, str) for x in players)):
        raise ReplayError(f"{where}: field 'players': must be a list of two names")
    res = data.get("result")
    if res is not None and not isinstance(res, dict):
        raise ReplayError(f"{where}: field 'result': must be an object")
    return data


def start_game(data: dict, where: str = "<replay>", pool=None):
    """The replay's game before its first action."""
    import tcg_env
    from tcg_env.game import Game

    spec = tcg_env.get_spec(data["game"])
    pool = pool if pool is not None else spec.load_tables()
    fp = data.get("pool")
    if fp is not None and fp != _pool_fingerprint(pool):
        raise ReplayError(f"{where}: field 'pool': recorded with a different card pool (fingerprint {fp}, this pool {_pool_fingerprint(pool)})")
    variant = data.get("variant", spec.default_variant)
    ids = []
    for i, d in enumerate(data["decks"]):
        cards = d.get("cards") if isinstance(d, dict) else d
        try:
            deck = spec.load_deck(pool, list(cards), variant)
        except ValueError as exc:
            raise ReplayError(f"{where}: field 'decks[{i}]': {exc}") from None
        ids.append(deck.card_ids)
    return Game.new(spec, pool, ids[0], ids[1], data["seed"], spec.variants.index(variant), False)


class Move(NamedTuple):
    index: int  # position in the replay's action list
    player: int  # who took it
    turn: int  # the turn it was taken in
    action: int
    description: str  # describe_action before it was applied
    game: Any  # the game after it
    choices: int = 0  # how many legal actions the player had (1: it was the only choice)


def play_replay(data: dict, where: str = "<replay>", pool=None) -> Iterator[Move]:
    """Play the replay back: yields a :class:`Move` after each action. An illegal action raises
    ReplayError naming its index, with the legal ones."""
    from tcg_env.game import IllegalActionError

    game = start_game(data, where, pool)
    for i, a in enumerate(data["actions"]):
        if game.done:
            raise ReplayError(f"{where}: action #{i} (value {a}): the game was already over after {i} actions")
        player, turn = game.current_player, game.turn
        desc = game.describe_action(a) if 0 <= a < game.num_actions else f"action {a} (out of range)"
        choices = len(game.legal_actions())
        try:
            game.step(a)
        except IllegalActionError as exc:
            raise ReplayError(f"{where}: action #{i} (value {a}) is illegal at turn {game.turn}: {exc}") from None
        yield Move(i, player, turn, a, desc, game, choices)


def check_result(data: dict, game, where: str = "<replay>") -> None:
    """Raise ReplayError when the played-back game does not end as the recording says."""
    res = data.get("result")
    if not res:
        return
    checks = [("done", game.done), ("winner", game.winner), ("turn", game.turn), ("decisions", game.num_decisions),
              ("state_sha256", state_hash(game))]
    for key, value in checks:
        if key in res and res[key] != value:
            raise ReplayError(
                f"{where}: field 'result.{key}': the recording says {res[key]!r}, playback gives {value!r} "
                "(was it recorded with another engine version?)"
            )
