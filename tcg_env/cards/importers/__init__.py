"""Importers that turn real card lists into card models (abilities are not compiled from text)."""

from tcg_env.cards.importers.fftcg_json import ImportResult, import_fftcg_json

__all__ = ["ImportResult", "import_fftcg_json"]
