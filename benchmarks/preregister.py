"""Pre-registers the plan's predictions of published training runs before their figures are known.

Run: ``python benchmarks/preregister.py [--force] [FILE ...]`` from the repository root (every
file of ``benchmarks/data/preregistered/`` without predictions, when none is named).

A file of ``benchmarks/data/preregistered/`` holds one source's runs in the schema of
``resources/published_runs.json`` *without* their ``reported`` figures (the source, the model,
the hardware, the layout, the batch, the precision, notes), and runs the source has that the plan
cannot model, with the reason (``skipped``). This script plans every run as ``plan --published``
would (:func:`core.plan.published.run_input`, :func:`~core.plan.published.predict_run`) and
writes the predictions into the file with the git commit of the model that made them and the
time. The protocol (docs/plan.md, "Pre-registered checks"): commit the file with its
predictions, and only then add the published figures to ``resources/published_runs.json`` in a
later commit. ``benchmarks/preregistered.py`` then compares the committed predictions and the
current model with the figures.

It refuses to write over predictions already made (``--force`` does, for a file never
committed), and refuses a run whose figure is already in the repository: a prediction made after
its figure is no pre-registration.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DATA = ROOT / "benchmarks" / "data" / "preregistered"

#: What the model is made of: a change here changes the predictions.
MODEL_PATHS = ("core", "resources/calibration.json", "resources/hardware.json")


def _git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def model_state() -> dict[str, Any]:
    """The commit the model is at, and whether its files differ from it."""
    commit = _git("rev-parse", "HEAD")
    dirty = bool(_git("status", "--porcelain", "--", *MODEL_PATHS))
    return {"model_commit": commit, "model_dirty": dirty}


def predict(run: dict[str, Any]) -> dict[str, Any]:
    """The plan's prediction of one run (no published figure needed)."""
    from core.plan.published import Published, predict_run, run_input

    inp, constraints, code = run_input(run)
    p = Published(run["id"], run["source"].get("title", ""), run["source"].get("table", ""),
                  inp, constraints, math.nan, "", code)  # fmt: skip
    res = predict_run(p)
    return {
        "id": run["id"],
        "predicted_tokens_per_s": res.tokens_per_s,
        "predicted_step_time_s": res.step_time_s,
        "mfu": res.mfu,
        "layout": res.layout.label(),
        "limits": str(res.limits),
        "fits": bool(res.fits),
        "memory_verdict": res.memory_verdict,
        "searched": not p.complete,
    }


def preregister(path: Path, force: bool = False) -> dict[str, Any]:
    """Plan the runs of ``path`` and write the predictions into it; returns the file's content."""
    from core.plan.published import load_runs

    doc = json.loads(path.read_text("utf-8"))
    if doc.get("predictions") and not force:
        raise SystemExit(f"{path.name}: predictions already made ({doc['predictions']['date']}); "
                         "they are the pre-registration and stay as committed")  # fmt: skip
    known = {r["id"] for r in load_runs()}
    for run in doc["runs"]:
        if "reported" in run or run["id"] in known:
            raise SystemExit(f"{path.name}: {run['id']} has its published figure in the repository "
                             "already; a prediction made now would not be pre-registered")  # fmt: skip
    state = model_state()
    runs, failed = [], []
    for run in doc["runs"]:
        try:
            runs.append(predict(run))
        except Exception as exc:  # a run the model cannot plan is recorded as such
            failed.append({"id": run["id"], "reason": f"{type(exc).__name__}: {exc}"})
    doc["predictions"] = {
        **state,
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "how": "benchmarks/preregister.py: core.plan.published.run_input + predict_run",
        "runs": runs,
        "not_planned": failed,
    }
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return doc


def main(argv: list[str]) -> int:
    from app.cli.output import unfit_mark

    force = "--force" in argv
    names = [a for a in argv if not a.startswith("--")]
    paths = [Path(n) for n in names] or sorted(DATA.glob("*.json"))
    if not names:
        # moe-*.json: the MoE runs' files, written by benchmarks/preregister_moe.py
        paths = [p for p in paths if not p.name.startswith("moe-")
                 and "predictions" not in json.loads(p.read_text("utf-8"))]  # fmt: skip
    if not paths:
        print("nothing to pre-register: every file has its predictions")
        return 0
    for path in paths:
        doc = preregister(path, force)
        pred = doc["predictions"]
        print(f"{path.name}: {len(pred['runs'])} runs predicted, {len(pred['not_planned'])} not "
              f"planned, model {pred['model_commit'][:10]}{' (modified)' if pred['model_dirty'] else ''}")  # fmt: skip
        for r in pred["runs"]:
            print(f"  {r['id']:<52} {r['predicted_tokens_per_s']:>14,.0f} tokens/s  MFU "
                  f"{r['mfu']:6.1%}  {r['layout']}{unfit_mark(r['fits'], r.get('memory_verdict', ''))}")  # fmt: skip
        for r in pred["not_planned"]:
            print(f"  {r['id']:<52} not planned: {r['reason']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
