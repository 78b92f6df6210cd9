"""Views of the Inference tab: its inputs, the batch control, the memory bar per GPU and the
curves of TTFT, TPOT and tokens/s against the batch (the roofline is the Roofline tab's plot).

The views draw what they are given; every figure comes from :mod:`core.inference` through the
tab (:mod:`app.tabs.inference_view`).
"""

from widgets.inference.batch import BatchControl
from widgets.inference.curves import BatchCurves, CurveData
from widgets.inference.inputs import InferenceInputs
from widgets.inference.memory_bar import MEMORY_KEYS, MemoryBar

__all__ = [
    "MEMORY_KEYS",
    "BatchControl",
    "BatchCurves",
    "CurveData",
    "InferenceInputs",
    "MemoryBar",
]
