"""Data files read with ``importlib.resources``: hardware specs, presets, styles, icons."""
