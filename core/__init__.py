"""Napkin Lab's accounting core: plain Python, no Qt, torch imported only where needed.

Modules
-------
errors      the one exception type for bad input (:class:`InputError`)
validate    validators for numbers typed by people
units       humanised units (params, bytes, FLOPs, durations)
hardware    the accelerator database (dense peaks, bandwidth, memory)
napkin      6·N·D training time and largest-model-that-fits
session     versioned, atomically written session files
"""

from core.errors import InputError

__all__ = ["InputError"]
