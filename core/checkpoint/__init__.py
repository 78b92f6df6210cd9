"""Checkpoints and failures: what a resumable checkpoint weighs and what failures cost a run.

Modules
-------
size      the bytes of a resumable checkpoint per recipe, in all and per rank (as DCP writes it),
          and the seconds to write it at a storage bandwidth
failures  a failure rate from a published run's interruption log, the job's mean time between
          failures, Young/Daly's checkpoint interval and the time checkpoints and failures add
"""

from core.checkpoint.failures import (
    FAILURE_RATE,
    FAILURE_SOURCE,
    LLAMA3_INTERRUPTIONS,
    RESTART_S,
    RESTART_SOURCE,
    RunTime,
    failure_rate_from,
    mtbf_s,
    run_time,
    young_daly_interval,
)
from core.checkpoint.size import (
    STORAGE_SOURCE,
    CheckpointSize,
    checkpoint_size,
    default_storage_bw,
    save_seconds,
    storage_bw_from,
    tensor_count,
)

__all__ = [
    "FAILURE_RATE",
    "FAILURE_SOURCE",
    "LLAMA3_INTERRUPTIONS",
    "RESTART_S",
    "RESTART_SOURCE",
    "STORAGE_SOURCE",
    "CheckpointSize",
    "RunTime",
    "checkpoint_size",
    "default_storage_bw",
    "failure_rate_from",
    "mtbf_s",
    "run_time",
    "save_seconds",
    "storage_bw_from",
    "tensor_count",
    "young_daly_interval",
]
