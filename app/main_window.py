"""The main window: shared device and dtype selectors, the lazily built tabs, menus, sessions."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QMainWindow,
    QStackedLayout,
    QTabWidget,
    QToolBar,
    QWidget,
)

from app.i18n import LanguageManager, language_manager
from app.settings import Preferences
from app.state import AppState, restore_tab
from app.tabs import TABS, TabSpec, build_tab
from app.tabs.base import TabPage
from app.theme import Theme, apply_theme, theme
from app.window_export import ExportActions
from app.window_sessions import SessionActions
from core.errors import InputError
from core.roofline.hardware import DTYPES
from widgets.fonts import install_fonts
from widgets.i18n import localized, translate
from widgets.rich_text import escape, plain_labels, plain_tip, warn

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QCloseEvent
    from PySide6.QtWidgets import QMenu

    from app.warmup import WarmupRunner

__all__ = ["LazyTab", "MainWindow"]


class LazyTab(QWidget):
    """A tab slot that builds its page the first time it becomes current (or is asked for)."""

    def __init__(self, spec: TabSpec, state: AppState, window: MainWindow) -> None:
        super().__init__()
        self.spec = spec
        self._state = state
        self._window = window
        self._page: TabPage | None = None
        self.pending: dict[str, Any] | None = None
        self._carried: Any | None = None
        self._layout = QStackedLayout(self)

    @property
    def built(self) -> bool:
        """Whether the page exists yet."""
        return self._page is not None

    def page(self) -> TabPage:
        """The page, built now if needed (a pending session state is applied once)."""
        if self._page is None:
            self._page = build_tab(self.spec, self._state)
            plain_labels(self._page)  # what a person or a file supplied is never shown as HTML
            self._layout.addWidget(self._page)
            self._window.theme_page(self._page, self._window.current_theme)
            if self.pending is not None:
                problems = restore_tab(self._page, self.pending)
                self.pending = None
                self._window.report_problems(problems)
            if self._carried is not None:
                carried, self._carried = self._carried, None
                try:
                    self._page.take_over(carried)
                except Exception as exc:  # a result that cannot be shown must not break the tab
                    self._window.report_problems([f"{self.spec.id}: {type(exc).__name__}: {exc}"])
        return self._page

    def rebuild(self, build_now: bool) -> None:
        """Drop the page (after a language switch) and build it again, inputs and results kept.

        Parameters
        ----------
        build_now
            Build the new page at once (the visible tab); otherwise when it is next shown.
        """
        old = self._page
        if old is None:
            return
        self.pending = old.session_state()
        try:
            self._carried = old.carried_state()
        except Exception:  # a page that cannot hand over its results computes them again
            self._carried = None
        old.shutdown()
        self._layout.removeWidget(old)
        old.hide()
        old.deleteLater()
        self._page = None
        if build_now:
            self.page()


class MainWindow(SessionActions, ExportActions, QMainWindow):
    """Napkin Lab's window.

    Parameters
    ----------
    state
        The shared state; a fresh one is made when omitted.
    preferences
        Where preferences persist; ``Preferences(ephemeral=True)`` for screenshots and tests.
    menus
        Build the menus, shortcuts and benchmark controls; the screenshot command, which renders
        one tab and exits, skips them to start faster.
    """

    def __init__(
        self,
        state: AppState | None = None,
        preferences: Preferences | None = None,
        *,
        menus: bool = True,
    ) -> None:
        install_fonts()  # before any widget: the bundled families, whoever made the application
        super().__init__()
        self.state = state if state is not None else AppState()
        self.prefs = preferences if preferences is not None else Preferences()
        self.session_path: Path | None = None
        self.warmups: WarmupRunner | None = None
        self._closing = False
        #: Every problem reported by :meth:`report_problems` (the screenshot command prints them).
        self.problems: list[str] = []
        #: Keep the inputs in ``<config>/last-session.json`` on close (the interactive app only).
        self.autosave = False
        self.current_theme: Theme = theme(self.prefs.theme, self.prefs.presentation)
        self.setWindowTitle(translate("MainWindow", "Napkin Lab"))
        self._restore_selection()

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.slots: dict[str, LazyTab] = {}
        for spec in TABS:
            slot = LazyTab(spec, self.state, self)
            self.tabs.addTab(slot, "")
            self.slots[spec.id] = slot
        self._title_tabs()
        self.setCentralWidget(self.tabs)
        # Build a tab's page when it becomes current (the first one once the event loop runs).
        self.tabs.currentChanged.connect(lambda index: self.tabs.widget(index).page())
        QTimer.singleShot(0, self, self.current_page)
        self._build_toolbar()
        self.bench: Any | None = None
        self.theme_actions: dict[str, QAction] = {}
        self.presentation_action: QAction | None = None
        self.language_actions: Any | None = None
        #: Every action the menus added to the window (removed before the menus are rebuilt).
        self.menu_actions: list[QAction] = []
        #: The menus :func:`app.menus.build_menus` put in the menu bar (deleted before a rebuild).
        self.built_menus: list[QMenu] = []
        self._geometry_before_presentation: Any | None = None
        self._has_menus = menus
        if menus:
            from app.menus import build_menus

            build_menus(self)
            from app.bench_controller import install as install_benchmark

            self.bench = install_benchmark(self, self.state)
        # Points for the Roofline tab can arrive before it was ever shown: build it then.
        self.state.rooflinePointRequested.connect(self._roofline_point_requested)
        self.state.measuredPoint.connect(self._measured_point)
        self.state.measuredPoints.connect(self._measured_points)
        self.state.tabInputsRequested.connect(self._tab_inputs_requested)
        self.statusBar().showMessage(translate("MainWindow", "Ready"), 3000)
        for problem in (*self.state.catalog.problems, self.prefs.problem):
            if problem:
                self.statusBar().showMessage(localized(problem), 10000)
        self.resize(1280, 820)
        if self.prefs.geometry is not None:
            self.restoreGeometry(self.prefs.geometry)

    # selectors ----------------------------------------------------------------------------------
    def _restore_selection(self) -> None:
        device, dtype = self.prefs.selection
        try:
            self.state.set_device(device)
            self.state.set_dtype(dtype)
        except InputError:
            pass  # a stale preference: keep the defaults

    def _build_toolbar(self) -> None:
        bar = QToolBar(self)
        self._toolbar = bar
        bar.setObjectName("selectionBar")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.device_label = QLabel(bar)
        bar.addWidget(self.device_label)
        self.device_combo = QComboBox(bar)
        self.device_combo.setMinimumContentsLength(24)
        self.device_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        bar.addWidget(self.device_combo)
        self.dtype_label = QLabel(bar)
        bar.addWidget(self.dtype_label)
        self.dtype_combo = QComboBox(bar)
        self.dtype_combo.addItems(list(DTYPES))
        bar.addWidget(self.dtype_combo)
        self._title_toolbar()
        self._fill_devices()
        self.dtype_combo.setCurrentText(self.state.dtype)
        self.device_combo.currentIndexChanged.connect(self._device_picked)
        self.dtype_combo.currentTextChanged.connect(self.state.set_dtype)
        self.state.deviceChanged.connect(self._sync_device_combo)
        self.state.dtypeChanged.connect(self._sync_dtype_combo)
        self.state.catalogChanged.connect(self._fill_devices)

    def _title_toolbar(self) -> None:
        self._toolbar.setWindowTitle(translate("MainWindow", "Selection"))
        self.device_label.setText(" " + translate("MainWindow", "Device") + " ")
        self.dtype_label.setText("  " + translate("MainWindow", "Dtype") + " ")
        self.dtype_combo.setToolTip(
            translate("MainWindow", "Compute dtype whose peak every tab uses")
        )

    def _title_tabs(self) -> None:
        for index, spec in enumerate(TABS):
            self.tabs.setTabText(index, localized(spec.title))
            self.tabs.setTabToolTip(index, f"{localized(spec.tooltip)} (Ctrl+{index + 1})")

    def _fill_devices(self) -> None:
        self.device_combo.blockSignals(True)
        self.device_combo.clear()
        for device in self.state.catalog.devices:
            suffix = " " + translate("MainWindow", "(yours)") if device.user_defined else ""
            self.device_combo.addItem(localized(device.name) + suffix, device.id)
            self.device_combo.setItemData(
                self.device_combo.count() - 1,
                plain_tip(
                    translate("MainWindow", "{id}, source: {source}").format(
                        id=device.id, source=localized(device.source)
                    )
                ),
                Qt.ItemDataRole.ToolTipRole,
            )
        self.device_combo.setCurrentIndex(self.device_combo.findData(self.state.device_id))
        self.device_combo.blockSignals(False)
        self._update_device_tooltip()

    def _update_device_tooltip(self) -> None:
        self.device_combo.setToolTip(
            plain_tip(
                translate("MainWindow", "Source: {source}").format(
                    source=localized(self.state.device.source)
                )
            )
        )

    def _device_picked(self, index: int) -> None:
        device_id = self.device_combo.itemData(index)
        if device_id:
            self.state.set_device(device_id)

    def _sync_device_combo(self, device_id: str) -> None:
        self.device_combo.blockSignals(True)
        self.device_combo.setCurrentIndex(self.device_combo.findData(device_id))
        self.device_combo.blockSignals(False)
        self._update_device_tooltip()

    def _sync_dtype_combo(self, dtype: str) -> None:
        self.dtype_combo.blockSignals(True)
        self.dtype_combo.setCurrentText(dtype)
        self.dtype_combo.blockSignals(False)

    # tabs -------------------------------------------------------------------------------------
    def current_page(self) -> TabPage:
        """The page of the visible tab (built if needed)."""
        slot = self.tabs.currentWidget()
        assert isinstance(slot, LazyTab)
        return slot.page()

    def show_tab(self, tab_id: str) -> TabPage:
        """Switch to ``tab_id`` and return its page."""
        slot = self.slots[tab_id]
        self.tabs.setCurrentWidget(slot)
        return slot.page()

    def _roofline_page_if_new(self) -> Any | None:
        """Build the Roofline page if it was not built yet and return it; ``None`` if it existed."""
        slot = self.slots["roofline"]
        if slot.built:
            return None  # its own connection receives the point
        return slot.page()

    def _roofline_point_requested(self, point: dict[str, Any]) -> None:
        page = self._roofline_page_if_new()
        if page is not None:
            page.add_requested_point(point)
        point_word = translate("MainWindow", "point")
        label = point.get("label", point_word) if isinstance(point, dict) else point_word
        self.statusBar().showMessage(
            translate("MainWindow", "Added {label} to the Roofline tab (Ctrl+3)").format(
                label=localized(label)
            ),
            5000,
        )

    def _measured_point(self, point: dict[str, Any]) -> None:
        self._measured_points([point])

    def _measured_points(self, points: list[dict[str, Any]]) -> None:
        page = self._roofline_page_if_new()
        if page is not None:
            page.add_measured_points(points)

    def _tab_inputs_requested(self, tab_id: str, inputs: dict[str, Any], run: bool) -> None:
        """Show ``tab_id`` with ``inputs`` applied (a tab's request, see ``AppState``); run it."""
        if tab_id not in self.slots:
            return
        index = list(self.slots).index(tab_id)
        page = self.show_tab(tab_id)
        problems = restore_tab(page, inputs)
        self.report_problems(problems)
        if run and hasattr(page, "start_trace"):
            page.start_trace()
        if not problems:
            self.statusBar().showMessage(
                translate("MainWindow", "Inputs sent to the {tab} tab (Ctrl+{key})").format(
                    tab=localized(self.slots[tab_id].spec.title), key=index + 1
                ),
                5000,
            )

    def report_problems(self, problems: list[str]) -> None:
        """Tell the person about values that could not be applied (status bar, 10 s)."""
        if problems:
            self.problems.extend(problems)
            self.statusBar().showMessage("; ".join(localized(p) for p in problems), 10000)

    # theme ------------------------------------------------------------------------------------
    def set_theme(self, name: str) -> None:
        """Switch to the light or dark theme."""
        self.prefs.theme = name
        self._apply(theme(name, self.current_theme.scale > 1.0))
        if name in self.theme_actions:
            self.theme_actions[name].setChecked(True)

    def set_presentation(self, on: bool) -> None:
        """Turn presentation mode on or off; off restores the window's size from before."""
        on = bool(on)
        was_on = self.current_theme.scale > 1.0
        self.prefs.presentation = on
        if self.presentation_action is not None:
            self.presentation_action.setChecked(on)
        if on and not was_on:
            self._geometry_before_presentation = (self.windowState(), self.geometry())
        self._apply(self.current_theme.presentation(on))
        if was_on and not on and self._geometry_before_presentation is not None:
            state, rect = self._geometry_before_presentation
            self._geometry_before_presentation = None
            QApplication.processEvents()  # let the smaller fonts lower the minimum size first
            if state & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
                self.setWindowState(state)
            else:
                self.setWindowState(Qt.WindowState.WindowNoState)
                self.setGeometry(rect)

    def _apply(self, t: Theme) -> None:
        self.current_theme = t
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, t)
        for slot in self.slots.values():
            if slot.built:
                self.theme_page(slot.page(), t)

    @staticmethod
    def theme_page(page: TabPage, t: Theme) -> None:
        """Give ``page`` the theme ``t``; its splitters return to their default proportions.

        The page's own :meth:`TabPage.apply_theme` sets its fonts, sizes and colours; then each
        :class:`~widgets.splitter.DefaultSplitter` shares its space as it did at first (unless
        the person dragged it), so a page built in presentation mode shrinks back with it.
        """
        from widgets.app_children import app_children
        from widgets.splitter import DefaultSplitter

        page.apply_theme(t)
        for splitter in app_children(page, DefaultSplitter):
            splitter.restore()

    # language ---------------------------------------------------------------------------------
    @property
    def languages(self) -> LanguageManager:
        """The application's translators (one manager per application)."""
        return language_manager()

    def set_language(self, language: str) -> str | None:
        """Show the window in ``language`` (``""``: the system's) now, keeping every input.

        The choice is remembered. A missing or damaged catalog leaves the window in English and
        says so in the status bar; returns that message, or None.
        """
        from app.i18n import system_language

        self.prefs.language = language
        problem = self.languages.install(language or system_language())
        self.retranslate()
        if self.language_actions is not None:
            for action in self.language_actions.actions():
                action.setChecked(action.data() == language)
        if problem:
            self.statusBar().showMessage(localized(problem), 10000)
        return problem

    def retranslate(self) -> None:
        """Rebuild every text in the current language: menus, toolbar, tab titles and pages.

        Built pages are rebuilt with their inputs (:meth:`TabPage.session_state`) and what they
        computed or measured (:meth:`TabPage.carried_state`), so nothing the person did is lost.
        """
        self._title_session()
        self._title_toolbar()
        self._fill_devices()
        self._title_tabs()
        if self._has_menus:
            for action in self.menu_actions:
                self.removeAction(action)
                action.deleteLater()
            self.menu_actions = []
            self.menuBar().clear()
            for menu in self.built_menus:
                menu.deleteLater()  # with its submenus, action groups and language actions
            self.built_menus = []
            from app.menus import build_menus

            build_menus(self)
            if self.bench is not None:  # its menu went with the menu bar's
                self.bench.retranslate()
        current = self.tabs.currentWidget()
        for slot in self.slots.values():
            slot.rebuild(build_now=slot is current)

    # devices ----------------------------------------------------------------------------------
    def add_device_dialog(self) -> None:
        """Ask for a device, save it to the user's file and select it."""
        from widgets.device_dialog import DeviceDialog

        dialog = DeviceDialog(self, start=self.state.device)
        if dialog.exec() and dialog.device() is not None:
            self.add_user_device(dialog.device())

    def add_user_device(self, device: Any) -> bool:
        """Save ``device`` in the user's device file and select it (refused with a message if not)."""
        from core.roofline.user_devices import save_user_device

        try:
            path = save_user_device(device)
        except InputError as exc:
            self._error(translate("MainWindow", "Cannot save device"), localized(exc.message))
            return False
        self.state.add_device(device)
        self.state.set_device(device.id)
        self.statusBar().showMessage(
            translate("MainWindow", "Saved {name} in {path}").format(
                name=localized(device.name), path=path
            ),
            6000,
        )
        return True

    def show_fractions(self) -> Any:
        """Show the selected device's achievable fractions (see and edit them)."""
        from app.fractions_view import open_fractions

        return open_fractions(self, self.state)

    # help -------------------------------------------------------------------------------------
    def show_source(self) -> None:
        """Show where the selected device's numbers come from."""
        device = self.state.device
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.information(
            self,
            translate("MainWindow", "Where the numbers of {name} come from").format(
                name=localized(device.name)
            ),
            f"<b>{escape(localized(device.name))}</b> ({escape(device.id)})<br><br>"
            f"{escape(localized(device.source))}",
        )

    def show_about(self) -> None:
        """The about box."""
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            translate("MainWindow", "About Napkin Lab"),
            translate(
                "MainWindow",
                "Napkin Lab: resource accounting for deep learning, after Stanford CS336 lecture 2.",
            ),
        )

    def _error(self, title: str, message: str) -> None:
        message = localized(message)
        self.statusBar().showMessage(message, 10000)
        if QApplication.platformName() != "offscreen":
            warn(self, title, message)

    # background warm-up -------------------------------------------------------------------------
    def start_warmups(self) -> None:
        """Pay first-call costs (torch, einops meta kernels) in the background, after first paint.

        Not once the window is closing: a thread started then would outlive the event loop.
        """
        if self.warmups is None and not self._closing:
            from app.warmup import WarmupRunner  # after the first paint

            self.warmups = WarmupRunner(parent=self)
            self.warmups.errored.connect(
                lambda message: self.statusBar().showMessage(localized(message), 8000)
            )
            self.warmups.start()

    # closing ----------------------------------------------------------------------------------
    def stop_background_work(self) -> None:
        """Cancel the benchmark, the warm-up and every tab's worker, without waiting for any.

        A job still running is detached (:func:`app.worker_runner.detach`): it finishes on its own
        and the application waits for it only at quit (:func:`app.worker_runner.wait_detached`).
        """
        if self.bench is not None:
            self.bench.stop()
        if self.warmups is not None:
            self.warmups.stop()
        for slot in self.slots.values():
            if slot.built:
                slot.page().shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop every tab's background work, then save preferences.

        Safe at any moment, even while the warm-up imports torch: the window disappears at once and
        the process waits for the import to finish rather than destroy a running thread.
        """
        self._closing = True
        self.prefs.geometry = self.saveGeometry()
        self.hide()
        self.stop_background_work()
        self.prefs.selection = (self.state.device_id, self.state.dtype)
        self.prefs.sync()
        if self.autosave:
            self.save_last_session()
        super().closeEvent(event)
