"""``napkinlab inference`` engine flags: attention DP, the engine's limits, TTFT/TPOT targets, a
request rate and host work, each in the JSON and each checked against the core or by hand."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def run_json(capsys, *args: str) -> dict:
    assert main(["inference", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_limits_choose_the_batch(capsys):
    free = run_json(capsys, "--model", "llama3-8b", "--batch", "max")
    capped = run_json(capsys, "--model", "llama3-8b", "--batch", "max", "--max-num-seqs", "7")
    assert capped["batch"] == 7 < free["batch"] and capped["max_num_seqs"] == 7
    # 1,024 + 256 tokens: each sequence needs 1 + 1024/256 = 5 tokens of the iteration's budget
    budget = run_json(capsys, "--model", "llama3-8b", "--batch", "max", "--max-num-tokens", "100")
    assert budget["batch"] == 20 and budget["max_num_tokens"] == 100


def test_targets_and_rate_keys(capsys):
    out = run_json(capsys, "--model", "llama3-8b", "--batch", "max", "--tpot-target", "0.012",
                   "--request-rate", "3")  # fmt: skip
    assert out["tpot_s"] <= 0.012 and out["meets_targets"] is True
    assert out["served_output_tokens_per_s"] == pytest.approx(
        min(out["output_tokens_per_s"], 3 * 256)
    )
    assert out["concurrency"] == pytest.approx(3 * (out["ttft_s"] + 255 * out["tpot_s"]))


def test_dp_attention_and_host_overhead(capsys):
    tp = run_json(capsys, "--model", "deepseek-v3", "--device", "h200", "--gpus", "8", "--tp",
                  "8", "--ep", "8", "--weights", "fp8", "--batch", "64")  # fmt: skip
    dp = run_json(capsys, "--model", "deepseek-v3", "--device", "h200", "--gpus", "8", "--tp",
                  "8", "--ep", "8", "--weights", "fp8", "--batch", "64", "--dp-attention",
                  "--host-overhead", "0.001")  # fmt: skip
    assert dp["dp_attention"] is True and tp["dp_attention"] is False
    assert dp["memory_per_gpu"]["kv_cache"] == pytest.approx(tp["memory_per_gpu"]["kv_cache"] / 8)
    # 64 sequences over 8 GPUs: each GPU's host serves 8 of them, 1 ms each
    assert dp["decode"]["host_s"] == pytest.approx(0.008)
    assert dp["decode"]["seconds"] == max(dp["decode"]["gpu_s"], 0.008)


@pytest.mark.parametrize(
    ("flag", "value"),
    [("--ttft-target", "0"), ("--tpot-target", "-1"), ("--request-rate", "x"),
     ("--max-num-seqs", "0"), ("--max-num-tokens", "1.5"), ("--host-overhead", "2")],
)  # fmt: skip
def test_bad_values_are_one_line_errors(capsys, flag, value):
    assert main(["inference", flag, value]) == 2
    err = capsys.readouterr().err
    assert flag.lstrip("-") in err and "allowed" in err
