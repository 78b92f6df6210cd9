"""Napkin Lab's accounting core: plain Python, no Qt, torch imported only where needed.

One package per domain, each answering one question, with its public names in its ``__init__``:

Packages
--------
numbers   how numbers are stored: formats fp64 to fp4, block-scaled MX / NVFP4
einops    what an einops call does and what it costs
roofline  devices, operator costs and the roofline math
memory    the training-memory accounting of one step, estimated and traced
bench     synchronized timing, benchmark suites, measurements, "This machine"
napkin    6·N·D training time, the largest model that fits, the size of one tensor

Shared plumbing (imported by every domain, importing none)
----------------------------------------------------------
errors    the one exception type for bad input (:class:`InputError`)
validate  validators for numbers typed by people
units     humanised units (params, bytes, FLOPs, durations)
paths     the user's config and data folders
session   versioned, atomically written session files
texts     sentences for people that the window can translate (:func:`translate`)

The allowed directions between packages are import-linter contracts in ``pyproject.toml``.
"""

from core.errors import InputError

__all__ = ["InputError"]
