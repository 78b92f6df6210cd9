"""The main window's session actions: save, open, recent files and the last run's inputs.

A mixin of :class:`app.main_window.MainWindow`; it relies on the window's ``state``, ``slots``,
``prefs``, ``statusBar()``, ``report_problems()`` and ``_error()``.

Every file is read and written by :mod:`core.session` (safe reading, atomic writing). The last run's
inputs are saved on close only over a file that is missing or a readable session: a damaged
``last-session.json`` is reported at start and then left for the person to repair, never replaced.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.state import restore_tab
from core.errors import InputError
from core.session import Session, read_session, write_session

if TYPE_CHECKING:
    from app.main_window import LazyTab
    from app.settings import Preferences
    from app.state import AppState

__all__ = ["SessionActions"]


class SessionActions:
    """Sessions for the window: every tab's inputs plus the selected device and dtype."""

    state: AppState
    slots: dict[str, LazyTab]
    prefs: Preferences
    session_path: Path | None

    # sessions ---------------------------------------------------------------------------------
    def session(self) -> Session:
        """Everything the person set: selection and every tab's inputs (unbuilt tabs keep theirs)."""
        tabs: dict[str, dict[str, Any]] = {}
        for tab_id, slot in self.slots.items():
            if slot.built:
                tabs[tab_id] = slot.page().session_state()
            elif slot.pending is not None:
                tabs[tab_id] = slot.pending
        return Session(device=self.state.device_id, dtype=self.state.dtype, tabs=tabs)

    def apply_session(self, session: Session) -> list[str]:
        """Apply a session; returns what could not be applied."""
        problems: list[str] = []
        for setter, value in (
            (self.state.set_device, session.device),
            (self.state.set_dtype, session.dtype),
        ):
            try:
                setter(value)
            except InputError as exc:
                problems.append(exc.message)
        for tab_id, data in session.tabs.items():
            slot = self.slots.get(tab_id)
            if slot is None:
                problems.append(f"unknown tab {tab_id!r} in session; ignored")
            elif slot.built:
                problems.extend(restore_tab(slot.page(), data))
            else:
                slot.pending = data
        return problems

    def open_session(self, path: str | Path) -> bool:
        """Open a session file; a bad file is refused with a message and changes nothing."""
        try:
            session = read_session(path)
        except InputError as exc:
            self._error("Cannot open session", exc.message)
            return False
        self.report_problems(self.apply_session(session))
        self.session_path = Path(path)
        self.prefs.add_recent(str(Path(path).resolve()))
        self.setWindowTitle(f"Napkin Lab — {Path(path).name}")
        return True

    def open_session_dialog(self) -> None:
        """Ask for a session file and open it."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, "Open session", "", "Napkin Lab session (*.json)"
        )
        if path:
            self.open_session(path)

    def save_session(self) -> bool:
        """Save to the current session file, asking for one the first time."""
        if self.session_path is None:
            return self.save_session_as()
        return self.write_session(self.session_path)

    def save_session_as(self) -> bool:
        """Ask for a file name and save the session there."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self, "Save session", "napkin-session.json", "Napkin Lab session (*.json)"
        )
        return self.write_session(Path(path)) if path else False

    def write_session(self, path: Path) -> bool:
        """Write the session atomically to ``path``."""
        try:
            write_session(path, self.session())
        except InputError as exc:
            self._error("Cannot save session", exc.message)
            return False
        self.session_path = path
        self.prefs.add_recent(str(path.resolve()))
        self.setWindowTitle(f"Napkin Lab — {path.name}")
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    # last session -----------------------------------------------------------------------------
    @staticmethod
    def last_session_path() -> Path:
        """Where the inputs of the last run are kept (``<config>/last-session.json``)."""
        from core.paths import config_dir

        return config_dir() / "last-session.json"

    def save_last_session(self) -> bool:
        """Keep every tab's inputs for the next start; returns whether they were written.

        A failure, or an existing file that is not a readable session (the person must repair it),
        is only reported: that file is never replaced.
        """
        path = self.last_session_path()
        if path.exists():
            try:
                read_session(path)
            except InputError as exc:
                self.statusBar().showMessage(
                    f"Inputs not saved: {exc.message}; fix or remove the file", 10000
                )
                return False
        try:
            write_session(path, self.session())
        except InputError as exc:
            self.statusBar().showMessage(exc.message, 5000)
            return False
        return True

    def restore_last_session(self) -> bool:
        """Bring back the inputs of the last run, if any; a bad file is reported and left alone."""
        path = self.last_session_path()
        if not path.exists():
            return False
        try:
            session = read_session(path)
        except InputError as exc:
            self.statusBar().showMessage(
                f"Last session not restored: {exc.message}; the file is kept as it is and not "
                "overwritten (fix or remove it)",
                10000,
            )
            return False
        self.report_problems(self.apply_session(session))
        return True
