"""Weiss Schwarz (comprehensive rules v2.03) on the tcg_env engine.

The card table contract lives in :mod:`tcg_env.games.weiss_schwarz.constants`.
"""
