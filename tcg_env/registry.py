"""Game registry: name -> :class:`tcg_env.spec.GameSpec` (imported lazily).

A game plugs in with its folder ``tcg_env/games/<game>/`` (whose package defines ``SPEC``) and one
line here: its package and its Gymnasium id (registered by ``import tcg_env`` without importing the
game). Everything else (the CLI, agents, matchups, envs, training) asks the spec.
"""

from __future__ import annotations

import importlib

from tcg_env.spec import GameSpec

_GAMES = {  # name: (the game's package, its Gymnasium id)
    "fftcg": ("tcg_env.games.fftcg", "tcg_env/FFTCG-v8"),
    "force_of_will": ("tcg_env.games.force_of_will", "tcg_env/ForceOfWill-v10"),
    "weiss_schwarz": ("tcg_env.games.weiss_schwarz", "tcg_env/WeissSchwarz-v6"),
    "dbscg": ("tcg_env.games.dbscg", "tcg_env/DragonBallSuper-v1"),
    "fftcg_2014": ("tcg_env.games.fftcg_2014", "tcg_env/FFTCG2014-v7"),
}


def list_games() -> list[str]:
    return sorted(_GAMES)


def gym_ids() -> dict[str, str]:
    """Game name -> its Gymnasium id (``gymnasium.make(id)`` after ``import tcg_env``)."""
    return {name: gym_id for name, (_, gym_id) in sorted(_GAMES.items())}


def game_package(name: str) -> str:
    """The game's package (``tcg_env.games.<game>``); its ``env`` module is the PettingZoo env."""
    get_spec(name)  # the unknown-game error
    return _GAMES[name][0]


def get_spec(name: str, rules: str | None = None) -> GameSpec:
    """The spec of game ``name``; ``rules``: as :func:`resolve_rules` takes it (a named rule set of
    the game gives the spec of the game that plays under it; a rules variant's hooks module, the
    game's spec under that variant's rules, :meth:`GameSpec.with_rules`)."""
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(list_games())}")
    spec = importlib.import_module(_GAMES[name][0]).SPEC
    if rules is None:
        return spec
    game, hooks = resolve_rules(name, rules)
    return get_spec(game).with_rules(hooks) if hooks else get_spec(game)


def resolve_rules(name: str, rules: str | None) -> tuple[str, str | None]:
    """(registered game, hooks module or None) that play game ``name`` under ``rules``: None (the
    game's own rules), a rule set the game names (:attr:`GameSpec.rule_sets`, e.g. FF-TCG's "2014":
    the game that plays under it, no hooks module) or the import path of a rules variant's hooks
    module (a dotted path, or a module on the path; the game itself with that module,
    :meth:`GameSpec.with_rules`). Anything else: a one-line ValueError naming the game and its
    rule sets."""
    spec = get_spec(name)
    if rules is None:
        return name, None
    if isinstance(rules, int) and not isinstance(rules, bool):
        rules = str(rules)  # rules: 2014 in a YAML config
    if not isinstance(rules, str):
        raise ValueError(f"rules must be a rule set name or a hooks module path, got {rules!r}")
    if rules in spec.rule_sets:
        return spec.rule_sets[rules], None
    if "." in rules or _is_module(rules):
        return name, rules
    have = f"its rule sets: {', '.join(spec.rule_sets)}" if spec.rule_sets else "it has no named rule sets"
    raise ValueError(f"{name} has no rule set {rules!r}; {have}")


def _is_module(name: str) -> bool:
    """Whether ``name`` is an importable top-level module (a hooks module on the path, e.g. a test's)."""
    import importlib.util

    try:
        return bool(name) and importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def rules_game(name: str, rules: str | None) -> str:
    """The registered game that plays game ``name`` under its named rule set ``rules`` (None: ``name``
    itself): what the tools that record a game by name (the CLI, matchups, training) play. A hooks
    module path (make_game / make_batch / the envs take one) is refused here with a one-line error."""
    game, hooks = resolve_rules(name, rules)
    if hooks is not None:
        spec = get_spec(name)
        named = f" ({name}: {', '.join(spec.rule_sets)})" if spec.rule_sets else ""
        raise ValueError(f"rules {hooks!r}: a hooks module path is taken by make_game, make_batch and the envs; "
                         f"here give a rule set name{named}")
    return game
