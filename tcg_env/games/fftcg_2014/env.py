"""FF-TCG under the 2014 rules as a PettingZoo AEC environment: ``tcg_env.envs.fftcg_2014_v7.env()``
(or ``tcg_env.envs.fftcg_v8.env(rules="2014")``); the options are FF-TCG's (``tcg_env.games.fftcg.env``)."""

from tcg_env.envs.aec import TCGAECEnv

GAME = "fftcg_2014"


def raw_env(**kwargs) -> TCGAECEnv:
    return TCGAECEnv(game=GAME, **kwargs)


def env(**kwargs) -> TCGAECEnv:
    return raw_env(**kwargs)
