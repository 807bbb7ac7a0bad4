"""Importers that turn real card lists into card models (FF-TCG: abilities are not compiled from text; Weiss Schwarz: ability lines matching fixed templates are)."""

from tcg_env.cards.importers.fftcg_json import ImportResult, import_fftcg_json
from tcg_env.cards.importers.ws_json import ImportResult as WSImportResult
from tcg_env.cards.importers.ws_json import import_ws_json

__all__ = ["ImportResult", "WSImportResult", "import_fftcg_json", "import_ws_json"]
