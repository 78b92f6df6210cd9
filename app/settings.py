"""Persistent preferences (theme, presentation mode, geometry, recent sessions) via QSettings."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

__all__ = ["Preferences"]

_MAX_RECENT = 8


class Preferences:
    """Typed access to the app's QSettings; ``ephemeral`` ones (screenshots, tests) never persist."""

    def __init__(self, ephemeral: bool = False) -> None:
        self._ephemeral = ephemeral
        self._settings = None if ephemeral else QSettings("napkinlab", "napkinlab")
        self._memory: dict[str, object] = {}

    def _get(self, key: str, default: object) -> object:
        if self._settings is None:
            return self._memory.get(key, default)
        return self._settings.value(key, default)

    def _set(self, key: str, value: object) -> None:
        if self._settings is None:
            self._memory[key] = value
        else:
            self._settings.setValue(key, value)

    @property
    def theme(self) -> str:
        """``light`` or ``dark``."""
        value = self._get("view/theme", "light")
        return value if value in ("light", "dark") else "light"

    @theme.setter
    def theme(self, value: str) -> None:
        self._set("view/theme", value)

    @property
    def presentation(self) -> bool:
        """Presentation mode (larger fonts and lines)."""
        return str(self._get("view/presentation", "false")).lower() == "true"

    @presentation.setter
    def presentation(self, value: bool) -> None:
        self._set("view/presentation", "true" if value else "false")

    @property
    def geometry(self) -> QByteArray | None:
        """Saved window geometry, if any."""
        value = self._get("window/geometry", None)
        return value if isinstance(value, QByteArray) else None

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self._set("window/geometry", value)

    @property
    def selection(self) -> tuple[str, str]:
        """Last device id and dtype."""
        return str(self._get("selection/device", "h100-sxm")), str(
            self._get("selection/dtype", "bf16")
        )

    @selection.setter
    def selection(self, value: tuple[str, str]) -> None:
        self._set("selection/device", value[0])
        self._set("selection/dtype", value[1])

    @property
    def recent_sessions(self) -> list[str]:
        """Recently opened or saved session paths, newest first."""
        value = self._get("sessions/recent", [])
        if isinstance(value, str):
            value = [value] if value else []
        return [str(v) for v in value] if isinstance(value, list) else []

    def add_recent(self, path: str) -> None:
        """Put ``path`` first in the recent sessions."""
        recent = [p for p in self.recent_sessions if p != path]
        self._set("sessions/recent", [path, *recent][:_MAX_RECENT])

    def sync(self) -> None:
        """Flush to disk."""
        if self._settings is not None:
            self._settings.sync()
