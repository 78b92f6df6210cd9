"""Communication between accelerators: what a collective costs, on paper and measured.

Answers: how many bytes each rank sends for an all-reduce, all-gather, reduce-scatter or broadcast
of a given size over n GPUs, and how long it takes over the database's intra- or inter-node
bandwidth (ring factors, algbw and busbw as nccl-tests defines them: :mod:`core.comm.algorithms`);
how much communication one data-parallel step pays (:mod:`core.comm.dp`) and what it adds to
the napkin training time, overlapped with compute or not (:mod:`core.comm.training`); and what
torch.distributed measures on this machine (:mod:`core.comm.collectives`, torch imported only when
it runs, and :mod:`core.comm.results` to read its JSON-lines rows back).
"""

from typing import TYPE_CHECKING

from core.lazy import lazy_exports

if TYPE_CHECKING:
    from core.comm.algorithms import (
        COLLECTIVES,
        CollectiveEstimate,
        bus_factor,
        estimate_collective,
        link_bandwidth,
        measured_bandwidths,
        normalize_op,
    )
    from core.comm.dp import STRATEGIES, StepComm, dp_step_comm
    from core.comm.results import CollectiveSeries, read_collectives
    from core.comm.training import TrainCommAnswer, train_time_with_comm

__all__ = [
    "COLLECTIVES",
    "STRATEGIES",
    "CollectiveEstimate",
    "CollectiveSeries",
    "StepComm",
    "TrainCommAnswer",
    "bus_factor",
    "dp_step_comm",
    "estimate_collective",
    "link_bandwidth",
    "measured_bandwidths",
    "normalize_op",
    "read_collectives",
    "train_time_with_comm",
]

# Each submodule is imported when one of its names is first used (see core.lazy).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "algorithms": (
            "COLLECTIVES",
            "CollectiveEstimate",
            "bus_factor",
            "estimate_collective",
            "link_bandwidth",
            "measured_bandwidths",
            "normalize_op",
        ),
        "dp": (
            "STRATEGIES",
            "StepComm",
            "dp_step_comm",
        ),
        "results": (
            "CollectiveSeries",
            "read_collectives",
        ),
        "training": (
            "TrainCommAnswer",
            "train_time_with_comm",
        ),
    },
    __all__,
)
