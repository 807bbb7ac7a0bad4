"""Weiss Schwarz as a PettingZoo AEC environment: ``tcg_env.envs.weiss_schwarz_v6.env(**options)``
(this module, under the PettingZoo name the envs package gives it).

Options: ``decks`` (pair of deck names/files/id lists), ``obs_encoding`` ("flat" | "dict"),
``auto_single`` (apply single-option decisions), ``max_turns`` (truncation, default 100),
``render_mode`` ("ansi" | "human"), ``pool`` (a compiled card pool).
"""

from tcg_env.envs.aec import TCGAECEnv

GAME = "weiss_schwarz"


def raw_env(**kwargs) -> TCGAECEnv:
    return TCGAECEnv(game=GAME, **kwargs)


def env(**kwargs) -> TCGAECEnv:
    return raw_env(**kwargs)
