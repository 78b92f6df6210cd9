"""Where Napkin Lab keeps a user's files: config (devices, sessions) and data (measurements).

``NAPKINLAB_CONFIG_DIR``, ``NAPKINLAB_DATA_DIR`` and ``NAPKINLAB_CACHE_DIR`` override the platform
folders (tests and portable installs use them).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir", "config_dir", "data_dir"]


def config_dir() -> Path:
    """The user's Napkin Lab config folder (not created here)."""
    override = os.environ.get("NAPKINLAB_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("napkinlab", appauthor=False))


def data_dir() -> Path:
    """The user's Napkin Lab data folder, for measurements (not created here)."""
    override = os.environ.get("NAPKINLAB_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("napkinlab", appauthor=False))


def cache_dir() -> Path:
    """The user's Napkin Lab cache folder, for what can be made again (traces; not created here)."""
    override = os.environ.get("NAPKINLAB_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("napkinlab", appauthor=False))
