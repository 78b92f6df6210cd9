"""The host's cost of issuing one GPU op: what a step not captured in a CUDA graph pays per op.

A framework issues every op of a step from the CPU (PyTorch's eager dispatch and
``cudaLaunchKernel``); the GPU runs them asynchronously. Where a step is not replayed from a CUDA
graph, the CPU's issue time, ops × :data:`HOST_OP_S`, is a lower limit of the step's time.
Training (:mod:`core.plan`) and serving (:mod:`core.inference`) share the constant.
"""

from __future__ import annotations

__all__ = ["HOST_OP_S"]

#: Seconds the host spends issuing one op: this project's H200 measurement of an eager call of
#: copy + relu (4,096 elements, timed like triton's ``do_bench``: 6.8 µs per call; docs/gpu.md),
#: taken whole for one op, the conservative end (the call issues two kernels: 3.4 µs each is
#: the other end). Framework code around the op (Python modules, autograd) only adds to it.
HOST_OP_S = 6.8e-6
