"""Start the desktop application."""

from __future__ import annotations

import sys

from core.errors import InputError
from core.safe_io import read_bytes

__all__ = ["has_display", "make_application", "run_gui"]


def has_display() -> bool:
    """Whether a window can open: not a Linux machine without X11, Wayland or a chosen Qt platform.

    Qt aborts the process (SIGABRT) when no platform plugin can start; asking first lets the caller
    say so in one line instead.
    """
    import os

    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(v) for v in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"))


def make_application(argv: list[str] | None = None, offscreen: bool = False):
    """The QApplication (created once), with the app's name set for QSettings."""
    import os

    if offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    _quick_feature_scan()
    app = QApplication.instance()
    if app is None:
        from app.startup_failure import watch_platform_start

        watch = watch_platform_start()  # a plugin that cannot load: missing libraries, exit 2
        _quiet_offscreen_noise()
        # Fusion from the command line: Qt sets it in C++, so no Python QStyle wrapper (and its
        # ~500 enum members) is created on the start-up path.
        app = QApplication(["napkinlab", "-style", "Fusion", *(argv or [])])
        app.setProperty("napkinlab_style", "Fusion")
        watch.started()
    app.setApplicationName("Napkin Lab")
    app.setOrganizationName("napkinlab")
    from widgets.fonts import install_fonts

    for problem in install_fonts():  # before any widget: the bundled DejaVu, not the system's
        print(f"napkinlab: warning: {problem}", file=sys.stderr)
    return app


def _quick_feature_scan() -> None:
    """Let PySide's import hook read each new module's file instead of its ``inspect`` source.

    Once PySide6 is imported, every module imported after it (every module of the app, and
    torch's two thousand when the Step or Memory tab first traces) is checked for the text
    "PySide6" in its source, to support ``from __feature__ import snake_case``. PySide reads that
    source through ``inspect.getsource``: ``linecache`` decodes and keeps every line in memory,
    about 0.3 ms a module (0.3-0.5 s for torch). Reading the ``.py`` file's bytes answers the same
    question for the UTF-8 sources there are; any other module (compiled, frozen, in a zip) keeps
    PySide's own check. Napkin Lab never selects a ``__feature__``; nothing changes if PySide
    renames its private hook (then this does nothing).
    """
    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(original) or getattr(original, "napkinlab", False):
        return

    def uses_pyside(module: object) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return bool(original(module))
        try:
            return b"PySide6" in read_bytes(path, limit=64 << 20)
        except InputError:  # no source to read (or no regular file): PySide answers False too
            return False

    uses_pyside.napkinlab = True  # type: ignore[attr-defined]
    uses_pyside.original = original  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside


def _quiet_offscreen_noise() -> None:
    """Drop the offscreen plugin's harmless "does not support propagateSizeHints" line."""
    from PySide6.QtCore import qInstallMessageHandler

    previous = None

    def handler(mode, context, message):
        if "propagateSizeHints" in message:
            return
        if previous is not None:
            previous(mode, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous = qInstallMessageHandler(handler)


def _report_slot_errors(window) -> None:
    """Show an exception escaping a Qt slot in the status bar (and on stderr); keep running."""
    import contextlib
    import traceback

    def hook(kind, value, tb) -> None:
        traceback.print_exception(kind, value, tb)
        with contextlib.suppress(RuntimeError):  # the window may already be gone
            from widgets.i18n import translate

            window.statusBar().showMessage(
                translate(
                    "MainWindow", "Internal error: {error} (details on stderr; please report it)"
                ).format(error=f"{kind.__name__}: {value}"),
                15000,
            )

    sys.excepthook = hook


def clean_user_folders() -> list[str]:
    """Remove the temporary files a killed save left in the config and data folders (only ours,
    only stale: :func:`core.safe_io.clean_stale_temporaries`); returns their names."""
    from core.paths import config_dir, data_dir
    from core.safe_io import clean_stale_temporaries

    return [name for folder in (config_dir(), data_dir())
            for name in clean_stale_temporaries(folder)]  # fmt: skip


def run_gui(argv: list[str]) -> int:
    """Open the main window and run the event loop; returns the exit code (2: no display)."""
    if not has_display():
        print(
            "napkinlab: error: no display to open the app on (DISPLAY and WAYLAND_DISPLAY are "
            "unset); use a subcommand (napkinlab --help) or set QT_QPA_PLATFORM=offscreen",
            file=sys.stderr,
        )
        return 2
    app = make_application(argv)
    clean_user_folders()
    from app.gc_guard import MainThreadCollector
    from app.main_window import MainWindow
    from app.settings import Preferences
    from app.theme import apply_theme, theme

    collector = MainThreadCollector(parent=app)  # noqa: F841 (lives as the app's child)
    prefs = Preferences()
    apply_theme(app, theme(prefs.theme, prefs.presentation))  # before any widget: polish once
    from app.i18n import language_manager, system_language

    language_problem = language_manager().install(prefs.language or system_language())
    window = MainWindow(preferences=prefs)
    if language_problem:
        window.statusBar().showMessage(language_problem, 10000)
    window.autosave = True
    _report_slot_errors(window)
    window.restore_last_session()
    window.show()
    from PySide6.QtCore import QTimer

    QTimer.singleShot(400, window, window.start_warmups)  # never fires for a deleted window
    if window.isHidden():  # closed before the event loop ran: nothing would ever quit the loop
        return 0
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(run_gui(sys.argv[1:]))
