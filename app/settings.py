"""Persistent preferences (theme, presentation mode, language, geometry, recent sessions) via QSettings.

The file is ``<config>/napkinlab.conf`` (INI; on Linux the same file QSettings' native format uses).
Before QSettings reads it, it is checked with :func:`core.safe_io.read_bytes`: a FIFO, a device, a
folder, a file over 1 MB, or one that is not UTF-8 INI text is never handed to Qt (which would block,
read without end, or rewrite it), and a read-only file is read but never written. In those cases the
preferences live in memory for this run and :attr:`Preferences.problem` says why (the window shows
it); the user's file is left exactly as it was. The problem is a :class:`core.texts.Text`: the
preferences are read before a language is installed, so the window translates it when it shows it.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from core.echo import brief
from core.errors import InputError
from core.safe_io import read_bytes
from core.texts import translate

__all__ = ["MAX_SETTINGS_BYTES", "Preferences", "settings_path"]

_MAX_RECENT = 8
#: A settings file larger than this was not written by Napkin Lab.
MAX_SETTINGS_BYTES = 1_000_000
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# A key starts with a visible character and holds no quote: Qt reads " =" as the key "" and '"='
# as an unfinished quoted key, and rewriting either lost the person's file (found by hypothesis).
_INI_LINE = re.compile(r"\s*(?:\[[^\]]*\]|[^=\[;#\"\s][^=\"]*=.*|[;#].*)?\s*")


def settings_path() -> Path:
    """Where preferences are kept: ``<config>/napkinlab.conf``."""
    from core.paths import config_dir

    return config_dir() / "napkinlab.conf"


def _file_problem(path: Path) -> tuple[str, bool]:
    """(why the file must not be used, whether it may still be read); ``("", True)`` if fine."""
    if not os.path.lexists(path):
        return "", True
    try:
        data = read_bytes(path, limit=MAX_SETTINGS_BYTES)
    except InputError as exc:
        return exc.message, False
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return translate(
            "Preferences", "{file}: not UTF-8 text; not a settings file Napkin Lab wrote"
        ).format(file=str(path)), False
    control = _CONTROL.search(text)
    if control:  # Python splits lines at \v and \f, Qt does not: no INI file holds them
        return translate(
            "Preferences", "{file}: control character {character}; not a settings file"
        ).format(file=str(path), character=brief(control.group())), False
    for number, line in enumerate(text.splitlines(), start=1):
        if "\x00" in line or not _INI_LINE.fullmatch(line):
            return translate("Preferences", "{file}, line {line}: not an INI settings line").format(
                file=str(path), line=number
            ), False
    mode = os.stat(path).st_mode
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        return translate("Preferences", "{file}: is read-only").format(file=str(path)), True
    return "", True


class Preferences:
    """Typed access to the app's QSettings; ``ephemeral`` ones (screenshots, tests) never persist.

    Parameters
    ----------
    ephemeral
        Keep everything in memory (nothing is read or written).
    path
        The settings file; defaults to :func:`settings_path`.
    """

    def __init__(self, ephemeral: bool = False, path: Path | None = None) -> None:
        self._ephemeral = ephemeral
        self._settings: QSettings | None = None
        self._writable = False
        self._memory: dict[str, object] = {}
        #: Why the settings file is not used or not written ("" when all is well).
        self.problem = ""
        if ephemeral:
            return
        self.path = path if path is not None else settings_path()
        problem, readable = _file_problem(self.path)
        if readable:
            self._settings = QSettings(str(self.path), QSettings.Format.IniFormat)
            self._writable = not problem
            if not problem and self._settings.status() == QSettings.Status.FormatError:
                # Lines our check lets through that Qt still cannot parse (e.g. "[\\]"):
                # writing would replace the user's file, so it is left alone.
                problem = translate("Preferences", "{file}: not an INI file Qt can read").format(
                    file=str(self.path)
                )
                self._writable = False
        if problem:
            self.problem = translate(
                "Preferences", "Preferences are not saved: {problem}; the file is left as it is"
            ).format(problem=problem)

    def _get(self, key: str, default: object) -> object:
        if key in self._memory or self._settings is None:
            return self._memory.get(key, default)
        return self._settings.value(key, default)

    def _set(self, key: str, value: object) -> None:
        if self._settings is not None and self._writable:
            self._settings.setValue(key, value)
        else:
            self._memory[key] = value

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
    def language(self) -> str:
        """The chosen language code (``en``, ``zh_CN``, ``zh_TW``), or ``""`` to follow the system."""
        value = self._get("view/language", "")
        from app.i18n import LANGUAGES

        return value if isinstance(value, str) and value in LANGUAGES else ""

    @language.setter
    def language(self, value: str) -> None:
        self._set("view/language", value)

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
        return [str(v) for v in value][:_MAX_RECENT] if isinstance(value, list) else []

    def add_recent(self, path: str) -> None:
        """Put ``path`` first in the recent sessions."""
        recent = [p for p in self.recent_sessions if p != path]
        self._set("sessions/recent", [path, *recent][:_MAX_RECENT])

    def sync(self) -> None:
        """Flush to disk (only a file that was fit to be written)."""
        if self._settings is not None and self._writable:
            self._settings.sync()
            if self._settings.status() != QSettings.Status.NoError and not self.problem:
                self.problem = translate(
                    "Preferences", "Preferences are not saved: {file} cannot be written"
                ).format(file=str(self.path))
