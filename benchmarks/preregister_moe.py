"""Pre-registers the plan's predictions of the published MoE training runs before their figures.

Run: ``python benchmarks/preregister_moe.py [--force] [--out DIR]`` from the repository root.

It plans every run of ``resources/published_moe_runs.json`` that has no figure yet as
``plan --published --group moe`` does (:func:`core.plan.published_moe.predict_moe_run`) and writes, per source,
``benchmarks/data/preregistered/moe-SOURCE.json`` (``--out``: another folder) with the runs as
registered (their inputs, no figure) and the predictions: tokens/s (over all GPUs and per GPU),
model TFLOP/s per GPU in the source's FLOP count, the step time, MFU, the layout, whether it fits,
the MoE settings passed to the plan, the settings it could not model, and the git commit of the
model with the time. A run the plan refuses is recorded under ``not_planned`` with the plan's
reason; nothing crashes. The protocol (docs/plan.md, "Pre-registered checks"): commit these
files, and only then add the figures (``benchmarks/add_published_figures.py``, which refuses
runs without a committed prediction); ``benchmarks/preregistered.py --moe`` then prints the
pre-registered and the current MAPE.

It refuses a run whose figure is already in the resource (a prediction made after its figure is
no pre-registration) and never writes over a file with predictions (``--force`` does, for a file
never committed).
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

DATA = ROOT / "benchmarks" / "data" / "preregistered"
RESOURCE = "resources/published_moe_runs.json"


def source_file(run: dict[str, Any]) -> str:
    """The pre-registration file stem of a run: one file per registration, ``moe-`` + the
    source's ``registration`` where a later registration of a source already registered names
    one (Megatron-Bridge's 26.08 table: ``megatron-bridge-26.08``), else its code."""
    return "moe-" + run["source"].get("registration", run["source"]["code"])


def predict(run: dict[str, Any]) -> dict[str, Any]:
    """One run's prediction as the file records it; ``refused`` holds the plan's reason."""
    from core.plan.published_moe import predict_moe_run, predicted_tflops_per_gpu

    pred = predict_moe_run(run)
    out = pred.to_dict()
    out["predicted_model_tflops_per_gpu"] = predicted_tflops_per_gpu(run, pred)
    out["flop_convention"] = run["flop_convention"]
    tokens = run["batch"].get("tokens")
    per_gpu = pred.tokens_per_s_per_gpu
    out["predicted_gpu_hours"] = float(tokens) / (per_gpu * 3600.0) if tokens and per_gpu else None
    applied = {a.split(" -> ")[0] for a in pred.applied}
    out["not_modelled"] = run["not_modelled"]
    out["settings_passed"] = sorted(applied)
    return out


def registrations(runs: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The runs by pre-registration file stem, in file order."""
    out: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        out.setdefault(source_file(run), []).append(run)
    return out


def preregister(
    runs: list[dict[str, Any]], out_dir: Path = DATA, force: bool = False
) -> dict[str, dict[str, Any]]:
    """Plan ``runs`` and write one file per source into ``out_dir``; returns {stem: content}."""
    from preregister import model_state

    for run in runs:
        if "reported" in run:
            raise SystemExit(f"{run['id']} has its published figure in the repository already; "
                             "a prediction made now would not be pre-registered")  # fmt: skip
    by_file = registrations(runs)
    for stem in by_file:
        path = out_dir / f"{stem}.json"
        if path.exists() and not force:
            made = json.loads(path.read_text("utf-8")).get("predictions", {}).get("date", "?")
            raise SystemExit(f"{path.name}: predictions already made ({made}); they are the "
                             "pre-registration and stay as committed")  # fmt: skip
    state = model_state()
    from preregister import _git

    state["inputs_dirty"] = bool(_git("status", "--porcelain", "--", RESOURCE))
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    from core.plan.published_moe import CONVENTION

    written = {}
    out_dir.mkdir(parents=True, exist_ok=True)
    for stem, mine in by_file.items():
        planned, refused = [], []
        for run in mine:
            try:
                p = predict(run)
            except Exception as exc:  # a run the code cannot even build is recorded, not fatal
                refused.append({"id": run["id"], "reason": f"{type(exc).__name__}: {exc}"})
                continue
            if p["refused"]:
                refused.append({"id": run["id"], "reason": p["refused"]})
            else:
                planned.append(p)
        doc = {
            "source": {k: mine[0]["source"][k] for k in ("code", "title", "authors", "url")},
            "group": "moe",
            "resource": RESOURCE,
            "runs": mine,
            "predictions": {
                **state,
                "date": when,
                "how": "benchmarks/preregister_moe.py: core.plan.published_moe.predict_moe_run",
                "tflops_convention": CONVENTION,
                "runs": planned,
                "not_planned": refused,
            },
        }
        path = out_dir / f"{stem}.json"
        path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")
        written[stem] = doc
    return written


def main(argv: list[str]) -> int:
    from app.cli.output import unfit_mark
    from core.plan.published_moe import load_moe_runs

    force = "--force" in argv
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else DATA
    # the runs still without figures: a later registration leaves the earlier ones' runs alone
    waiting = [r for r in load_moe_runs() if "reported" not in r]
    if not waiting:
        raise SystemExit("every run of the resource has its published figure: nothing to register")
    docs = preregister(waiting, out, force)
    for stem, doc in docs.items():
        pred = doc["predictions"]
        dirty = " (model modified)" if pred["model_dirty"] else ""
        print(f"{stem}.json: {len(pred['runs'])} runs predicted, {len(pred['not_planned'])} not "
              f"planned, model {pred['model_commit'][:10]}{dirty}")  # fmt: skip
        for r in pred["runs"]:
            tflops = r["predicted_model_tflops_per_gpu"]
            print(f"  {r['id']:<62} {r['predicted_tokens_per_s_per_gpu']:>9,.0f} tokens/s/GPU "
                  f"{'' if tflops is None else f'{tflops:6,.0f} TFLOP/s/GPU'}  MFU "
                  f"{r['mfu']:6.1%}  {r['layout']}{unfit_mark(r['fits'], r.get('memory_verdict', ''))}")  # fmt: skip
        for r in pred["not_planned"]:
            print(f"  {r['id']:<62} not planned: {r['reason']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
