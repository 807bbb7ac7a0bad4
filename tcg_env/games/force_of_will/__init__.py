"""Force of Will (comprehensive rules ver. 8.01) on the tcg_env engine core.

In progress (issue 18): the game is not registered yet (``tcg_env.registry``), so the facade, envs
and command line do not offer it. Everything of the game lives in this folder, as for the other
games (docs/architecture.md, "One folder per game"). Docs: ``docs/force_of_will/``.
"""
