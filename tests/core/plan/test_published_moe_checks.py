"""The MoE runs planned as their own group: a run the plan refuses keeps its reason and no number
(nothing crashes, the dense group is untouched), the errors and their summaries against a hand
computation, and ``plan --published --group moe``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from app.cli import main
from core.plan.published_moe import (
    MoeCheck,
    MoePrediction,
    check_moe_runs,
    load_moe_runs,
    moe_breakdowns,
    moe_summary,
    predict_moe_run,
)

RUNS = load_moe_runs()


#: A quick subset (once the plan models experts, each run is a traced layer and a plan): one run
#: with ZeRO-3 under an interleaved pipeline (FSDP2's torch.distributed.pipelining), one with a
#: searched micro-batch, one without expert parallelism. Every run is checked by the slow test
#: below.
FAST = (
    "automodel-2510-h100-deepseek-v3-256gpu-bf16",
    "deepseek-v3-report-2048xh800-pretrain-14.8t",
    "automodel-2510-h100-gpt-oss-20b-8gpu-bf16",
)


@pytest.fixture(scope="module")
def checks() -> list[MoeCheck]:
    return check_moe_runs(run_ids=FAST)


def _planned_or_refused(checks: list[MoeCheck], runs: list[dict]) -> None:
    assert [c.run_id for c in checks] == [r["id"] for r in runs]
    for c, run in zip(checks, runs, strict=True):
        p = c.prediction
        if p.refused is not None:
            # the plan's own words, the model named; no number made up beside them
            assert p.refused.startswith("cannot plan: ") and len(p.refused) > 20, c.run_id
            assert p.tokens_per_s is None and p.tokens_per_s_per_gpu is None, c.run_id
            assert c.predicted_tflops is None and c.error is None, c.run_id
        else:
            assert p.tokens_per_s > 0 and p.layout and p.fits is not None, c.run_id
        if "reported" not in run:
            assert c.published is None and c.error is None  # no figure in the repository yet
        elif p.refused is None and c.published:
            assert c.error == pytest.approx(p.tokens_per_s_per_gpu / c.published - 1)
    if not any("reported" in r for r in runs):
        assert moe_breakdowns(checks) == {k: {} for k in moe_breakdowns([])}


def test_every_run_is_planned_or_says_why_not(checks: list[MoeCheck]) -> None:
    _planned_or_refused(checks, [r for r in RUNS if r["id"] in FAST])
    # FSDP2 under an interleaved pipeline: planned (torch's ScheduleInterleaved1F1B, the stage
    # kept unsharded through the step), with the run's stated layout
    first = checks[0].prediction
    assert first.refused is None and "PP 4×8" in first.layout and "ZeRO-3" in first.layout


@pytest.mark.slow
def test_all_77_runs_are_planned_or_say_why_not() -> None:
    _planned_or_refused(check_moe_runs(), list(RUNS))


def test_a_run_the_plan_cannot_lay_out_is_refused_not_raised() -> None:
    # 3 EP ranks cannot split Qwen3-30B-A3B's 128 experts: refused whether or not the plan models
    # mixtures of experts yet, with the reason recorded.
    run = next(r for r in RUNS if r["model"]["preset"] == "qwen3-30b-a3b")
    bad = {**run, "id": "synthetic-ep3", "layout": {**run["layout"], "ep": 3}}
    pred = predict_moe_run(bad)
    assert pred.refused and pred.tokens_per_s is None
    assert "mixture of experts" in pred.refused or "ep: 3" in pred.refused
    checks = check_moe_runs(runs=[bad])
    assert checks[0].prediction.refused == pred.refused


def _check(run_id: str, source: str, precision: str, predicted: float | None,
           published: float | None, host_share: float | None = None) -> MoeCheck:  # fmt: skip
    pred = MoePrediction(run_id, 8, tokens_per_s=None if predicted is None else 8 * predicted,
                         host_share=host_share)  # fmt: skip
    return MoeCheck(run_id, "primary", source, "26.02", "b200", "Blackwell", 8, precision, "nemo",
                    pred, None if predicted is None else 2 * predicted, published,
                    None if published is None else 2 * published, "synthetic")  # fmt: skip


def test_errors_and_summaries_by_hand() -> None:
    checks = [
        _check("a", "megatron-bridge", "mxfp8", 1100.0, 1000.0),  # +10 %
        _check("b", "megatron-bridge", "bf16", 800.0, 1000.0, host_share=0.2),  # -20 %
        _check("c", "automodel", "bf16", 1500.0, 1000.0, host_share=0.7),  # +50 %, host-bound
        _check("d", "automodel", "bf16", None, 1000.0),  # refused: no error
        _check("e", "automodel", "bf16", 900.0, None),  # no figure: no error
    ]
    assert [c.error for c in checks] == pytest.approx([0.10, -0.20, 0.50, None, None])
    assert [c.tflops_error for c in checks[:3]] == pytest.approx([0.10, -0.20, 0.50])
    total = moe_summary([e for c in checks if (e := c.error) is not None])
    assert total is not None
    # |0.10| + |0.20| + |0.50| = 0.80 over 3; signed (0.10 - 0.20 + 0.50) / 3; median 0.20
    assert (total.runs, total.mape, total.signed, total.median, total.within_20) == (
        3, pytest.approx(0.80 / 3), pytest.approx(0.40 / 3), pytest.approx(0.20), 2)  # fmt: skip
    assert total.worst == pytest.approx(0.50)
    groups = moe_breakdowns(checks)
    assert groups["by_source"]["megatron-bridge"].mape == pytest.approx(0.15)
    assert groups["by_source"]["automodel"].runs == 1
    assert groups["by_precision"]["bf16"].signed == pytest.approx(0.15)
    assert groups["by_generation"]["Blackwell"].runs == 3
    # a counted CPU time of 0.7 of the GPU's is host-bound, 0.2 and none (a) are not
    assert groups["by_regime"]["host"].runs == 1
    assert groups["by_regime"]["host"].signed == pytest.approx(0.50)
    assert groups["by_regime"]["gpu"].mape == pytest.approx(0.15)
    assert moe_summary([]) is None


def test_the_cli_prints_the_moe_group_as_json(capsys) -> None:
    assert main(["plan", "--published", "h800", "--group", "moe", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    mine = [r for r in RUNS if r["hardware"]["device"] == "h800"]
    assert doc["group"] == "moe" and doc["device"] == "h800" and len(doc["runs"]) == len(mine)
    assert "num_floating_point_operations" in doc["tflops_convention"]
    for row, run in zip(doc["runs"], mine, strict=True):
        assert row["id"] == run["id"]
        assert (row["refused"] is None) != (row["predicted_tokens_per_s_per_gpu"] is None)
        if "reported" not in run:
            assert row["published_tokens_per_s_per_gpu"] is None and row["error"] is None
    with_both = [r for r in doc["runs"] if r["error"] is not None]
    summary = doc["tokens_per_s_per_gpu"]["summary"]
    assert (summary is None) == (not with_both)
    if with_both:
        assert summary["runs"] == len(with_both)


def test_the_cli_text_and_its_refusals(capsys) -> None:
    assert main(["plan", "--published", "h800", "--group", "moe"]) == 0
    out = capsys.readouterr().out
    assert "deepseek-v3-report-2048xh800-pretrain-14.8t" in out
    assert "tokens/s per GPU = " not in out and "model TFLOP/s per GPU = predicted" in out
    assert main(["plan", "--group", "moe"]) == 2
    assert "--group: only with --published" in capsys.readouterr().err
    assert main(["plan", "--published", "--group", "sparse"]) == 2
    assert "allowed: dense" in capsys.readouterr().err
    assert main(["plan", "--published", "h800", "--group", "moe", "--write-residuals"]) == 2
    assert "every published MoE run, not only 'h800'" in capsys.readouterr().err
    assert main(["plan", "--published", "a100-sxm", "--group", "moe"]) == 2
    assert "no published MoE run used 'a100-sxm'" in capsys.readouterr().err


def test_predictions_convert_to_tflops_in_the_source_count() -> None:
    from core.plan.published_moe import predicted_tflops_per_gpu, source_flops_per_token

    run = next(r for r in RUNS if r["id"] == "megatron-bridge-26.02-b200-deepseek-v3-256gpu-mxfp8")
    pred = MoePrediction(run["id"], 256, tokens_per_s=256 * 1000.0)
    per, _name = source_flops_per_token(run)
    assert predicted_tflops_per_gpu(run, pred) == pytest.approx(1000.0 * per / 1e12)
    assert predicted_tflops_per_gpu(run, replace(pred, tokens_per_s=None)) is None


def test_the_cli_prints_the_mape_once_figures_exist(monkeypatch, capsys) -> None:
    # Two runs with synthetic figures and synthetic predictions (+10 % and -30 % in tokens/s per
    # GPU): the table shows both columns and the MAPE 20 %, signed -10 %, per source too.
    import core.plan.published_moe as pm

    runs = []
    for run, pub in zip(RUNS[:2], (1000.0, 2000.0), strict=True):
        # a source whose TFLOP/s are its tokens/s times its own count: the same errors
        tflops = pub * pm.source_flops_per_token(run)[0] / 1e12
        runs.append({**run, "reported": {"tokens_per_s_per_gpu": pub,
                                         "model_tflops_per_gpu": tflops}})  # fmt: skip
    predicted = {runs[0]["id"]: 1100.0, runs[1]["id"]: 1400.0}

    def fake(run: dict, catalog: object = None) -> MoePrediction:
        gpus = run["hardware"]["gpus"]
        return MoePrediction(run["id"], gpus, tokens_per_s=gpus * predicted[run["id"]],
                             layout="synthetic", fits=True)  # fmt: skip

    monkeypatch.setattr(pm, "load_moe_runs", lambda: tuple(runs))
    monkeypatch.setattr(pm, "predict_moe_run", fake)
    assert main(["plan", "--published", "--group", "moe"]) == 0
    out = capsys.readouterr().out
    assert "2 with a published figure" in out and "+10.0%" in out and "-30.0%" in out
    assert "tokens/s per GPU: MAPE 20.0% over 2 runs" in out and "signed mean -10.0%" in out
    assert "model TFLOP/s per GPU: MAPE 20.0% over 2 runs" in out
    assert "   2 runs  MAPE  20.0%  signed -10.0%  megatron-bridge" in out


def test_settings_pass_only_where_the_plan_has_a_field_that_takes_them() -> None:
    # A stand-in for a plan input that models MTP and two dispatchers but not HybridEP: MTP is
    # passed, the dispatcher is not (it stays in the run's not_modelled), nothing else is touched.
    from dataclasses import dataclass

    from core.errors import InputError
    from core.plan.published_moe import _with_settings

    @dataclass(frozen=True)
    class Stand:
        mtp: int = 0
        dispatcher: str = "alltoall"

        def __post_init__(self) -> None:
            if self.dispatcher not in ("alltoall", "deepep"):
                raise InputError("dispatcher: allowed alltoall or deepep", field="dispatcher")

    run = next(r for r in RUNS if r["id"] == "megatron-bridge-26.02-gb200-deepseek-v3-256gpu-mxfp8")
    run = {k: v for k, v in run.items() if k != "recipe"}  # the registered settings alone
    assert (run["moe"]["mtp_depth"], run["moe"]["dispatcher"]) == (1, "hybridep")
    done: set[str] = set()
    got = _with_settings(Stand(), "input", run, done)
    assert got == Stand(mtp=1) and done == {"moe.mtp_depth -> input.mtp"}
    deepep = {**run, "moe": {**run["moe"], "dispatcher": "deepep"}}
    assert _with_settings(Stand(), "implementation", deepep, done) == Stand(dispatcher="deepep")
    assert "moe.dispatcher -> implementation.dispatcher" in done


def test_the_cli_writes_the_moe_runs_as_csv(capsys, tmp_path) -> None:
    import csv

    from app.cli.plan_published_moe import CSV_COLUMNS

    target = tmp_path / "moe.csv"
    assert main(["plan", "--published", "h800", "--group", "moe", "--csv", str(target)]) == 0
    assert f"runs written to {target}" in capsys.readouterr().out
    rows = list(csv.DictReader(target.read_text("utf-8").splitlines()))
    assert list(rows[0]) == list(CSV_COLUMNS)
    # the H800 runs: the DeepSeek-V3 report's and MegaScale-MoE's table (its system and its
    # Megatron-LM baseline at five scales)
    ids = [r["id"] for r in rows]
    assert ids[0] == "deepseek-v3-report-2048xh800-pretrain-14.8t" and len(ids) == 11
    assert sum(i.startswith("megascale-moe-") for i in ids) == 10
    assert rows[0]["device"] == "h800" and rows[0]["gpus"] == "2048"


def test_a_run_becomes_the_plan_input_it_states() -> None:
    from core.plan.published_moe import moe_run_input

    runs = {r["id"]: r for r in RUNS}
    inp, c, _applied = moe_run_input(runs["megatron-bridge-26.02-gb200-deepseek-v3-256gpu-mxfp8"])
    # GB200 NVL72: 4 GPUs per tray, 72 on one NVLink fabric; PP 4 x VP 4, EP 64, MBS 1
    assert (inp.cluster.gpus, inp.cluster.gpus_per_node, inp.cluster.domain) == (256, 4, 72)
    assert (c.tp, c.pp, c.vpp, c.ep, c.etp, c.zero, c.micro_batch) == (1, 4, 4, 64, 1, 1, 1)
    assert inp.implementation.precision == "mxfp8" and inp.implementation.uneven_stages
    assert inp.model.experts == 256 and inp.seq == 4096 and inp.global_batch == 4096
    assert inp.recipe.grads == "bf16"  # Megatron-Bridge recipes reduce gradients in bf16
    inp, c, _ = moe_run_input(runs["megatron-core-0.9-h100-mixtral-8x7b-64gpu-bf16"])
    assert inp.recipe.grads == "fp32" and inp.implementation.precision is None
    assert (c.pp, c.vpp, c.ep) == (4, 8, 8)
    # recomputation not stated: Megatron's default (none), not searched
    assert runs["megatron-core-0.9-h100-mixtral-8x7b-64gpu-bf16"]["layout"]["recompute"] is None
    assert c.recompute == "none"
    _inp, c, _ = moe_run_input(runs["deepseek-v3-report-2048xh800-pretrain-14.8t"])
    assert c.micro_batch is None and c.pp == 16 and c.ep == 64  # unstated: searched
