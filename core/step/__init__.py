"""One training step, op by op: which aten ops forward, backward and the optimizer dispatch, what
each costs (FLOPs, bytes read and written, intensity), which module owns it, how long it takes on a
device by the roofline, and the step's time and MFU (the lecture's closing table for your model).

Modules
-------
costs     kinds, FLOPs and bytes of one aten op, with every counting convention stated once
recorder  the dispatch mode that records the ops and attributes them to modules (backward too)
trace     one fake-tensor pass of a Memory configuration, or a person's nn.Module (notebook API)
"""

from core.step.costs import KINDS
from core.step.recorder import ROOT, OpRecord
from core.step.trace import TABLE_ROWS, StepTrace, trace_config, trace_module

__all__ = [
    "KINDS",
    "ROOT",
    "TABLE_ROWS",
    "OpRecord",
    "StepTrace",
    "trace_config",
    "trace_module",
]
