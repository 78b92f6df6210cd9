"""The MLPerf Inference v4.1 Llama 2 70B rows run at the dataset's mean lengths and at the
submitters' own engine limits, each from its source (hand arithmetic below).

* Mean input: the 24,576-sample OpenOrca set (MLCommons'
  ``open_orca_gpt4_tokenized_llama.sampled_24576.pkl.gz``) holds 5,463,976 input tokens
  (min 48, max 1,021), as extracted with the file's digests checked in FlashLab-MBZUAI/HBFSim
  ``validation/calibration/h100-llama2-70b-calibration-protocol.json`` (commit 96cf1b37):
  5,463,976 / 24,576 = 222.33, and 24,576 × 222 = 5,455,872 leaves 8,104 < 24,576 / 2, so 222.
* Mean output: LoadGen's reference mean, 294.45 (the llama2-70b README), so 294.
* NVIDIA: ``max_num_tokens = 4096`` (closed/NVIDIA/configs/llama2-70b/__init__.py) and the
  MAX_UTILIZATION capacity scheduler (harness_llm/main_llm.cc default ``max_util``): KV on demand.
* AMD (vLLM): ``max_num_seqs`` 2048 Offline, 768 Server; ``max_num_batched_tokens`` 65536
  (mainVllmFp8_Offline.py, mainVllmFp8_SyncServer.py, ``DefaultEngineInput``).
"""

from __future__ import annotations

from core.inference.published import load_measurements

LLAMA = [
    m for m in load_measurements() if m["id"].startswith("mlperf-v4.1-") and "llama2" in m["id"]
]


def test_the_llama_rows_run_at_the_openorca_means() -> None:
    assert len(LLAMA) == 8
    mean_input = 5_463_976 / 24_576
    assert 222.3 < mean_input < 222.4
    for m in LLAMA:
        assert m["inputs"]["prompt"] == 222, m["id"]
        assert m["inputs"]["output"] == 294, m["id"]


def test_the_llama_rows_take_their_submitters_engine_limits() -> None:
    for m in LLAMA:
        inputs, name = m["inputs"], m["id"]
        if name.startswith("mlperf-v4.1-nvidia-8x"):
            assert inputs["max_num_tokens"] == 4096 and inputs["kv_on_demand"] is True, name
        elif name.startswith("mlperf-v4.1-amd-"):
            seqs = 768 if name.endswith("-server") else 2048
            assert inputs["max_num_seqs"] == seqs and inputs["max_num_tokens"] == 65536, name
            assert inputs["kv_on_demand"] is True, name


#: NVIDIA's v4.1 Mixtral configs (closed/NVIDIA/configs/mixtral-8x7b/{Offline,Server}/__init__.py):
#: (gpu_batch_size, max_num_tokens), tensor_parallelism 1 on both systems.
MIXTRAL = {
    "mlperf-v4.1-nvidia-8xh100-mixtral-8x7b-offline": (896, 8192),
    "mlperf-v4.1-nvidia-8xh100-mixtral-8x7b-server": (896, 16384),  # GPUBaseConfig's tokens
    "mlperf-v4.1-nvidia-8xh200-mixtral-8x7b-offline": (3072, 16384),  # GPUBaseConfig's tokens
    "mlperf-v4.1-nvidia-8xh200-mixtral-8x7b-server": (1200, 8192),
}


def test_the_mixtral_rows_take_nvidias_harness_config() -> None:
    rows = {m["id"]: m["inputs"] for m in load_measurements() if m["id"] in MIXTRAL}
    assert set(rows) == set(MIXTRAL)
    for name, (batch, tokens) in MIXTRAL.items():
        inputs = rows[name]
        assert (inputs["batch_ceiling"], inputs["max_num_tokens"]) == (batch, tokens), name
        assert inputs["tp"] == 1 and inputs["kv_on_demand"] is True and "max_num_seqs" not in inputs
