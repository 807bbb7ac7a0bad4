"""Final Fantasy TCG as a PettingZoo AEC environment: ``tcg_env.envs.fftcg_v8.env(**options)``
(this module, under the PettingZoo name the envs package gives it).

Options: ``decks`` (pair of deck names/files), ``variant`` ("constructed" | "limited"), ``rules``
("2016", the default | "2014": the 2014 rules, the game ``fftcg_2014``),
``obs_encoding`` ("flat" | "dict"), ``auto_single`` (apply single-option decisions), ``max_turns``
(truncation, default 100), ``render_mode`` ("ansi" | "human").
"""

from tcg_env.envs.aec import TCGAECEnv

GAME = "fftcg"


def raw_env(**kwargs) -> TCGAECEnv:
    return TCGAECEnv(game=GAME, **kwargs)


def env(**kwargs) -> TCGAECEnv:
    # no generic wrappers: the env checks order, bounds and legality itself
    return raw_env(**kwargs)
