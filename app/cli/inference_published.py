"""``napkinlab inference --published``: the model against published serving measurements
(:mod:`core.inference.published`), beside the pre-registered predictions in a source checkout."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from app.cli.output import print_json

__all__ = ["PREREGISTERED", "answer_published"]

#: The pre-registered predictions: in a source checkout only (not shipped with the app).
PREREGISTERED = (
    Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "preregistered_inference"
)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:+.1f} %"


def _summary_line(label: str, entry: dict[str, Any]) -> str:
    line = f"  {label:<26} n={entry['n']:<4} MAPE {100 * entry['mape']:6.1f} %  signed {_pct(entry['signed']):>9}"
    pre = entry.get("preregistered")
    if pre and pre["n"]:
        line += (
            f"   pre-registered: MAPE {100 * pre['mape']:6.1f} %  signed {_pct(pre['signed']):>9}"
        )
    return line


def answer_published(
    as_json: bool, run_inputs: Callable[[Mapping[str, Any]], Mapping[str, Any]]
) -> int:
    """Print (or ``--json``) predicted against published for every row and the errors per source;
    ``run_inputs`` predicts one row from its inputs as ``napkinlab inference --json`` does."""
    from core.inference.published import KINDS, compare, read_preregistered

    pre = read_preregistered(PREREGISTERED) if PREREGISTERED.is_dir() else None
    result = compare(run_inputs, pre)
    if as_json:
        print_json(result.to_dict())
        return 0
    head = f"{'id':<66} {'published':>10} {'predicted':>10} {'error':>8}"
    if pre is not None:
        head += f" {'pre-reg':>10} {'error':>8}"
    print(head)
    for row in result.rows:
        line = f"{row.id:<66} {row.published:>10.4g} {row.predicted:>10.4g} {_pct(row.error):>8}"
        if row.preregistered is not None:
            line += f" {row.preregistered:>10.4g} {_pct(row.preregistered_error):>8}"
        print(line)
    print()
    print("error = (predicted − published) / published; MAPE = mean |error|, signed = mean error")
    for source, kinds in result.by_source().items():
        for k in KINDS:
            if k in kinds:
                print(_summary_line(f"{source} {k}", kinds[k]))
    if pre is None:
        print(
            "note: the pre-registered predictions (benchmarks/data/preregistered_inference/) are "
            "in a source checkout only; not found here, so they are not shown"
        )
    return 0
