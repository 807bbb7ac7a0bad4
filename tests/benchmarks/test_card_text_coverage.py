"""benchmarks/card_text_coverage.py: the figures of a list, and the line-by-line dump (``--dump``) that
a before/after diff of a compiler change reads."""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("card_text_coverage", ROOT / "benchmarks" / "card_text_coverage.py")
cov = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cov)


def test_the_dump_has_one_row_per_ability_line_with_its_verdict_and_the_totals_match(tmp_path, capsys):
    cards = [
        {"code": "TST/W01-001", "name": "Made-up Reader", "type": "Character", "color": "Yellow", "level": "0",
         "cost": "0", "power": "2000", "soul": "1", "trigger": "", "attributes": ["Test"],
         "ability": ["【AUTO】 When this card attacks, this card gets +1000 power until end of turn.",
                     "【CONT】 This card flies over\tthe moon."]},
    ]
    src = tmp_path / "TST_W01.json"
    src.write_text(json.dumps(cards))
    dump = tmp_path / "verdicts.tsv"
    assert cov.main(["--game", "weiss_schwarz", str(src), "--top", "0", "--dump", str(dump)]) == 0
    totals = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    rows = [r.split("\t") for r in dump.read_text(encoding="utf-8").splitlines()]
    assert all(len(r) == 6 for r in rows) and [r[2] for r in rows] == ["TST/W01-001"] * 2
    assert [r[3] for r in rows] == ["exact", "unsupported"]
    assert rows[1][4] == "【CONT】 This card flies over the moon." and rows[1][5]  # no tab inside a cell; the reason
    assert totals["lines"] == 2 and totals["lines_exact"] == 1 and totals["lines_unsupported"] == 1
