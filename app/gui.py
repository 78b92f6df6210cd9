"""Start the desktop application."""

from __future__ import annotations

import sys

__all__ = ["make_application", "run_gui"]


def make_application(argv: list[str] | None = None, offscreen: bool = False):
    """The QApplication (created once), with the app's name set for QSettings."""
    import os

    if offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(["napkinlab", *(argv or [])])
    app.setApplicationName("Napkin Lab")
    app.setOrganizationName("napkinlab")
    return app


def run_gui(argv: list[str]) -> int:
    """Open the main window and run the event loop; returns the exit code."""
    app = make_application(argv)
    from app.main_window import MainWindow
    from app.theme import apply_theme

    window = MainWindow()
    apply_theme(app, window.current_theme)
    window.show()
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(run_gui(sys.argv[1:]))
