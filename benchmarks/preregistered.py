"""The pre-registered checks: the predictions committed before the published figures, and the
current model's, against those figures, per source.

Run: ``python benchmarks/preregistered.py [--runs] [--moe [--data DIR]]`` from the repository root (``--runs``:
every run's line too; ``--moe``: the mixture-of-experts files ``moe-*.json`` instead, written by
``benchmarks/preregister_moe.py``, against the figures in ``resources/published_moe_runs.json``,
in tokens/s per GPU and in model TFLOP/s per GPU, per file, hardware generation and precision).

For each file of ``benchmarks/data/preregistered/`` (written by ``benchmarks/preregister.py``
before the figures were added, see docs/plan.md "Pre-registered checks") it reads the committed
predictions, finds each run's published figure in ``resources/published_runs.json`` (converted to
tokens/s with the run's own convention, :func:`core.plan.published.published_tokens_per_s`),
plans the same runs with the model as it is now (:func:`core.plan.validation.check_runs`) and
prints, per source and over all, the pre-registered MAPE and signed mean error beside the current
ones. The error is ``predicted / published - 1`` (> 0: optimistic). The pre-registered figure is
the honest one: nothing could be tuned to it.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DATA = ROOT / "benchmarks" / "data" / "preregistered"
#: The MoE runs' pre-registration files start so (benchmarks/preregister_moe.py).
MOE_PREFIX = "moe-"


def load_registrations() -> list[tuple[str, dict[str, Any]]]:
    """Every pre-registration file with its predictions: (file stem, content), by name."""
    out = []
    for path in sorted(DATA.glob("*.json")):
        if path.name.startswith(MOE_PREFIX):
            continue  # the MoE runs' files: --moe
        doc = json.loads(path.read_text("utf-8"))
        if doc.get("predictions"):
            out.append((path.stem, doc))
    return out


def compare(
    docs: list[tuple[str, dict[str, Any]]], current: dict[str, float]
) -> list[dict[str, Any]]:
    """One row per pre-registered run that has its published figure: the source file, the run,
    the published tokens/s, the committed prediction and the current one (``current``: run id ->
    tokens/s; a run missing there has no current figure)."""
    from core.plan.published import load_runs, published_tokens_per_s

    runs = {r["id"]: r for r in load_runs()}
    rows = []
    for name, doc in docs:
        for pred in doc["predictions"]["runs"]:
            run = runs.get(pred["id"])
            if run is None:
                continue  # its figure is not in the repository yet
            value, _how = published_tokens_per_s(run)
            rows.append({
                "source": name,
                "id": pred["id"],
                "published": value,
                "preregistered": pred["predicted_tokens_per_s"],
                "current": current.get(pred["id"]),
                "fits": pred["fits"],
            })  # fmt: skip
    return rows


def summary(errors: list[float]) -> tuple[float, float]:
    """(MAPE, signed mean) of ``errors``."""
    return statistics.mean(abs(e) for e in errors), statistics.mean(errors)


def _line(label: str, rows: list[dict[str, Any]]) -> str:
    pre = summary([r["preregistered"] / r["published"] - 1 for r in rows])
    text = (f"  {label:<34} {len(rows):>3} runs  pre-registered MAPE {pre[0]:6.1%} "
            f"(signed {pre[1]:+6.1%})")  # fmt: skip
    now = [r["current"] / r["published"] - 1 for r in rows if r["current"] is not None]
    if len(now) == len(rows):
        cur = summary(now)
        text += f"  current MAPE {cur[0]:6.1%} (signed {cur[1]:+6.1%})"
    return text


def load_moe_registrations(data: Path = DATA) -> list[tuple[str, dict[str, Any]]]:
    """Every MoE pre-registration file: (file stem, content), by name."""
    return [(p.stem, json.loads(p.read_text("utf-8")))
            for p in sorted(data.glob(f"{MOE_PREFIX}*.json"))]  # fmt: skip


def compare_moe(
    docs: list[tuple[str, dict[str, Any]]],
    runs: dict[str, dict[str, Any]],
    current: dict[str, Any],
) -> list[dict[str, Any]]:
    """One row per pre-registered MoE run that has a prediction and its published figure: the
    file, the run, its generation and precision, published and pre-registered tokens/s per GPU and
    model TFLOP/s per GPU (``None`` where absent), and the current ones (``current``: run id ->
    :class:`core.plan.published_moe.MoeCheck`). A run the plan refused when registered has no
    row: :func:`moe_refused` counts them."""
    from core.plan.published_moe import published_per_gpu
    from core.plan.validation import generation

    rows = []
    for name, doc in docs:
        for pred in doc["predictions"]["runs"]:
            run = runs.get(pred["id"])
            if run is None:
                continue
            tokens, tflops, _how = published_per_gpu(run)
            if tokens is None and tflops is None:
                continue  # its figure is not in the repository yet
            now = current.get(pred["id"])
            rows.append({
                "source": name,
                "id": pred["id"],
                "generation": generation(run["hardware"]["device"]),
                "precision": run["precision"],
                "published": tokens,
                "published_tflops": tflops,
                "preregistered": pred["predicted_tokens_per_s_per_gpu"],
                "preregistered_tflops": pred.get("predicted_model_tflops_per_gpu"),
                "current": None if now is None else now.prediction.tokens_per_s_per_gpu,
                "current_tflops": None if now is None else now.predicted_tflops,
                "fits": pred["fits"],
            })  # fmt: skip
    return rows


def moe_refused(docs: list[tuple[str, dict[str, Any]]]) -> int:
    """How many registered MoE runs the plan refused when their predictions were made."""
    return sum(len(doc["predictions"].get("not_planned", [])) for _n, doc in docs)


def _moe_line(label: str, rows: list[dict[str, Any]]) -> str:
    parts = [f"  {label:<34}"]
    for key, unit in (("", "tokens/s/GPU"), ("_tflops", "TFLOP/s/GPU")):
        have = [r for r in rows if r["published" + key] and r["preregistered" + key]]
        if not have:
            continue
        pre = summary([r["preregistered" + key] / r["published" + key] - 1 for r in have])
        text = (f" {unit} {len(have):>3} runs pre-registered MAPE {pre[0]:6.1%} "
                f"(signed {pre[1]:+6.1%})")  # fmt: skip
        now = [r["current" + key] / r["published" + key] - 1 for r in have
               if r["current" + key] is not None]  # fmt: skip
        if len(now) == len(have):
            cur = summary(now)
            text += f", current {cur[0]:6.1%} (signed {cur[1]:+6.1%})"
        parts.append(text)
    return ";".join(parts) if len(parts) > 1 else parts[0] + " no run with a figure"


def main_moe(argv: list[str], data: Path = DATA) -> int:
    """``--moe``: the MoE pre-registrations against the figures in the MoE resource."""
    from core.plan.published_moe import check_moe_runs, load_moe_runs

    docs = load_moe_registrations(data)
    if not docs:
        print(f"no MoE pre-registration ({MOE_PREFIX}*.json) in {data}")
        return 1
    runs = {r["id"]: r for r in load_moe_runs()}
    ids = {p["id"] for _n, d in docs for p in d["predictions"]["runs"]}
    current = {c.run_id: c for c in check_moe_runs(run_ids=ids & set(runs))}
    rows = compare_moe(docs, runs, current)
    print("MoE runs: pre-registered predictions (committed before the published figures) and "
          "the current model, against the published figures; error = predicted / published - 1; "
          f"{moe_refused(docs)} registered runs were refused by the plan then (no prediction)")  # fmt: skip
    for name, doc in docs:
        pred = doc["predictions"]
        mine = [r for r in rows if r["source"] == name]
        print(f"{name}: model {pred['model_commit'][:10]}, {pred['date']}; {len(pred['runs'])} "
              f"predicted, {len(pred['not_planned'])} refused, {len(mine)} with a figure")  # fmt: skip
        if mine:
            print(_moe_line("", mine))
        if "--runs" in argv:
            for r in mine:
                err = ("" if not r["published"] else
                       f"{r['preregistered'] / r['published'] - 1:+7.1%}")  # fmt: skip
                print(f"    {r['id']:<62} {err}{'' if r['fits'] else '  (said not to fit)'}")
    for key in ("generation", "precision"):
        print(f" per {key}:")
        for value in dict.fromkeys(r[key] for r in rows):
            print(_moe_line(value, [r for r in rows if r[key] == value]))
    print(_moe_line("all pre-registered MoE runs", rows))
    return 0


def main(argv: list[str]) -> int:
    if "--moe" in argv:
        return main_moe(argv, Path(argv[argv.index("--data") + 1]) if "--data" in argv else DATA)
    from core.plan.validation import check_runs

    docs = load_registrations()
    if not docs:
        print("no pre-registered predictions in benchmarks/data/preregistered/")
        return 1
    ids = {p["id"] for _n, d in docs for p in d["predictions"]["runs"]}
    from core.plan.published import load_runs

    have = ids & {r["id"] for r in load_runs()}
    current = {c.run_id: c.predicted for c in check_runs(run_ids=have)} if have else {}
    rows = compare(docs, current)
    if not rows:
        print("no pre-registered run has its published figure yet")
        return 0
    print("pre-registered predictions (committed before the published figures) and the current "
          "model, against the published figures; error = predicted / published - 1")  # fmt: skip
    for name, doc in docs:
        mine = [r for r in rows if r["source"] == name]
        pred = doc["predictions"]
        skipped = len(doc.get("skipped", [])) + len(pred.get("not_planned", []))
        print(f"{name}: model {pred['model_commit'][:10]}, {pred['date']}; "
              f"{len(pred['runs'])} predicted, {len(mine)} with a figure, {skipped} kinds of row "
              "skipped")  # fmt: skip
        if mine:
            print(_line("", mine))
        if "--runs" in argv:
            for r in mine:
                now = (
                    ""
                    if r["current"] is None
                    else f"  now {r['current'] / r['published'] - 1:+7.1%}"
                )
                print(f"    {r['id']:<54} {r['preregistered'] / r['published'] - 1:+7.1%}{now}"
                      f"{'' if r['fits'] else '  (said not to fit)'}")  # fmt: skip
    print(_line("all pre-registered runs", rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
