"""Card pools by file, for every game: what ``--cards POOL`` and ``tcg cards import`` use.

A *card pool* is a card file in the project's own format (``docs/card-format.md``,
``docs/weiss_schwarz/card-format.md``): a ``cards`` list the game's schema validates. A *raw card
database* is a real card list as published (the layouts the game's importer reads,
``GameSpec.importer``); it
becomes a pool with ``tcg cards import --game GAME FILE --out POOL.json``. Handing a raw database
where a pool is expected is an error that names that command.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tcg_env.cards.errors import CardDataError

__all__ = ["POOL_FORMAT", "NotWritableError", "check_writable", "path_problem", "load_game_pool", "raw_database_layout",
           "import_card_file", "write_pool"]

POOL_FORMAT = "tcg_env.cards/1"  # the "format" key of a pool written by write_pool


def _spec(game: str):
    import tcg_env

    return tcg_env.get_spec(game)  # an unknown game: a ValueError naming the known ones


def raw_database_layout(game: str, path: str | Path) -> str | None:
    """The importer layout of ``path`` if it is a raw card database of ``game`` (the game's
    ``GameSpec.raw_layout``: "simulator", "ffdecks" for FF-TCG, "english-db" for Weiss Schwarz,
    "fow-sim", "carddb" for Force of Will), else None (a pool, or not JSON). ``raw_layout`` is
    asked about the file's ``cards`` list when it has one, else about the whole document (a raw
    database need not be a list: Force of Will's are objects)."""
    spec = _spec(game)
    path = Path(path)
    if spec.raw_layout is None or path.suffix.lower() != ".json":
        return None
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and data.get("format") == POOL_FORMAT:
        return None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not data or not isinstance(data, (list, dict)):
        return None
    if isinstance(data, list) and not isinstance(data[0], dict):
        return None
    return spec.raw_layout(data)


def load_game_pool(game: str, path: str | Path):
    """Compile the card pool file ``path`` of ``game``. A raw card database is refused with the
    import command to run; other problems are CardDataErrors naming file, card and field."""
    load = _spec(game).load_pool
    layout = raw_database_layout(game, path)
    if layout is not None:
        raise CardDataError(
            f"this is a raw {game} card database ({layout} layout), not a card pool: import it first with "
            f"`tcg cards import --game {game} {path} --out POOL.json`, then pass --cards POOL.json",
            file=Path(path).name,
        )
    if not Path(path).is_file():
        raise CardDataError("no such card pool file", file=str(path))
    return load(path)


def import_card_file(game: str, path: str | Path):
    """Run the game's importer on a raw card database: an ImportResult (the cards, plus what was
    skipped and why, counted by reason; ``summary()``)."""
    importer = _spec(game).importer
    if importer is None:
        raise CardDataError(f"{game}: no importer of published card lists", file=Path(path).name)
    if not Path(path).is_file():
        raise CardDataError("no such file", file=str(path))
    res = importer(path)
    if not getattr(res, "game", ""):
        res.game = game  # the report and its errors name the game
    return res


class NotWritableError(OSError):
    """A file cannot be written where asked: ``path`` and the ``reason``, in words about ``path``
    (never the temporary file it is written through)."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: cannot be written: {reason}")
        self.path, self.reason = path, reason


def path_problem(out: Path, exc: OSError, folder: bool = False) -> str:
    """Why the file (``folder``: the folder) ``out`` cannot be written, in words about ``out`` itself:
    a folder on its way that is a file, a folder where a file goes (or a file where a folder
    goes), else the system's reason (``exc``)."""
    out = Path(out)
    for parent in out.parents:
        if parent.exists():
            if not parent.is_dir():
                return f"{parent} is a file, not a folder"
            break
    if not folder and out.is_dir():
        return "it is a folder"
    if folder and out.exists() and not out.is_dir():
        return "it is a file, not a folder"
    return exc.strerror or str(exc)


def write_pool(game: str, cards: list, out: str | Path, source: str = "") -> Path:
    """Write ``cards`` (card models) as a JSON card pool that ``--cards`` and ``load_game_pool``
    read back; checked by compiling it before anything is written. A place that cannot be written
    is a :class:`NotWritableError` naming ``out`` and why."""
    compile_pool = _spec(game).load_pool
    out = Path(out)
    if out.suffix.lower() != ".json":
        raise CardDataError(f"the pool is written as JSON: name it {out.with_suffix('.json').name}", file=str(out))
    check_writable(out)
    doc = {"format": POOL_FORMAT, "game": game, "source": source,
           "cards": [c.model_dump(mode="json", exclude_defaults=True) for c in cards]}  # fmt: skip
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    tmp = out.with_name(out.stem + ".tmp.json")  # the loader reads the format from the suffix
    try:
        tmp.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise NotWritableError(out, exc.strerror or str(exc)) from None
    try:
        compile_pool(tmp)  # the pool reads back and compiles, or nothing is written
    except Exception:
        tmp.unlink(missing_ok=True)
        raise
    try:
        tmp.replace(out)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise NotWritableError(out, path_problem(out, exc)) from None
    return out


def check_writable(out: str | Path) -> None:
    """Raise :class:`NotWritableError` unless a file can be written at ``out`` (its folder is made if
    missing; nothing is left behind): checked before an import or a game, so that a bad ``--out``
    or ``--save-replay`` fails first."""
    out = Path(out)
    try:
        if out.is_dir():
            raise IsADirectoryError(21, "Is a directory")
        out.parent.mkdir(parents=True, exist_ok=True)
        probe = out.with_name(out.name + ".probe")
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise NotWritableError(out, path_problem(out, exc)) from None
