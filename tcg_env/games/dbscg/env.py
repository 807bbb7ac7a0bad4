"""The Dragon Ball Super Card Game as a PettingZoo AEC environment (``tcg_env.envs.dbscg_v1.env(**options)``;
the options are every game's, tcg_env.envs.aec)."""

from functools import partial

from tcg_env.envs.aec import TCGAECEnv

GAME = "dbscg"
raw_env = env = partial(TCGAECEnv, game=GAME)
