"""The template game as a PettingZoo AEC environment (``tcg_env.envs.template_v0.env(**options)``
while the game is plugged in; the options are every game's, tcg_env.envs.aec)."""

from functools import partial

from tcg_env.envs.aec import TCGAECEnv

GAME = "template"
raw_env = env = partial(TCGAECEnv, game=GAME)
