"""The main window's session actions: save, open, recent files and the last run's inputs.

A mixin of :class:`app.main_window.MainWindow`; it relies on the window's ``state``, ``slots``,
``prefs``, ``statusBar()``, ``report_problems()`` and ``_error()``.

Every file is read and written by :mod:`core.session` (safe reading, atomic writing). The last run's
inputs are saved on close only over a file that is missing or a readable session: a damaged
``last-session.json`` is reported at start and then left for the person to repair, never replaced.

Problems are :class:`core.texts.Text` (kept English in :attr:`MainWindow.problems`, which the
screenshot command prints) and shown translated; dialogs and status lines are translated at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.state import restore_tab
from core import texts
from core.echo import brief
from core.errors import InputError
from core.session import Session, read_session, write_session
from widgets.i18n import localized, translate

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
                problems.append(
                    texts.translate("Sessions", "unknown tab {tab} in session; ignored").format(
                        tab=brief(tab_id)
                    )
                )
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
            self._error(translate("Sessions", "Cannot open session"), exc.message)
            return False
        self.report_problems(self.apply_session(session))
        self.session_path = Path(path)
        self.prefs.add_recent(str(Path(path).resolve()))
        self._title_session()
        return True

    def _title_session(self) -> None:
        """The window title: the app's name, and the session file's when there is one."""
        name = translate("MainWindow", "Napkin Lab")
        if self.session_path is not None:
            name = translate("Sessions", "{app} — {file}").format(
                app=name, file=self.session_path.name
            )
        self.setWindowTitle(name)

    @staticmethod
    def _session_filter() -> str:
        return translate("Sessions", "Napkin Lab session (*.json)")

    def open_session_dialog(self) -> None:
        """Ask for a session file and open it."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, translate("Sessions", "Open session"), "", self._session_filter()
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
            self,
            translate("Sessions", "Save session"),
            "napkin-session.json",
            self._session_filter(),
        )
        return self.write_session(Path(path)) if path else False

    def write_session(self, path: Path) -> bool:
        """Write the session atomically to ``path``."""
        try:
            write_session(path, self.session())
        except InputError as exc:
            self._error(translate("Sessions", "Cannot save session"), exc.message)
            return False
        self.session_path = path
        self.prefs.add_recent(str(path.resolve()))
        self._title_session()
        self.statusBar().showMessage(
            translate("Sessions", "Saved {path}").format(path=str(path)), 5000
        )
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
                    translate("Sessions", "Inputs not saved: {problem}; fix or remove the file")
                    .format(problem=localized(exc.message)),
                    10000,
                )  # fmt: skip
                return False
        try:
            write_session(path, self.session())
        except InputError as exc:
            self.statusBar().showMessage(localized(exc.message), 5000)
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
                translate(
                    "Sessions",
                    "Last session not restored: {problem}; the file is kept as it is and not "
                    "overwritten (fix or remove it)",
                ).format(problem=localized(exc.message)),
                10000,
            )
            return False
        self.report_problems(self.apply_session(session))
        return True
