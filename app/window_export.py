"""The main window's export actions: PNG at 1x or 2x, SVG for plots, PDF, the clipboard.

Files are written atomically by :mod:`app.export`; a failure is one line in a message box and the
status bar, and the file that was there is left as it was.

A mixin of :class:`app.main_window.MainWindow`; it relies on the window's ``tabs``,
``current_page()``, ``statusBar()`` and ``_error()``.
"""

from __future__ import annotations

from app.tabs import TABS
from core.errors import InputError
from widgets.i18n import translate

__all__ = ["ExportActions"]


class ExportActions:
    """Export the current tab."""

    # export -----------------------------------------------------------------------------------
    def export_dialog(self, scale: float) -> None:
        """Ask for a file name and export the current tab as PNG at ``scale``."""
        spec = TABS[self.tabs.currentIndex()]
        suffix = "@2x" if scale > 1 else ""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("Export", "Export PNG"),
            f"napkinlab-{spec.id}{suffix}.png",
            translate("Export", "PNG image (*.png)"),
        )
        if path:
            from app import export  # on the first export, not while the window starts

            try:
                export.save_png(self.current_page().export_widget(), path, scale, crop=True)
                self._exported(path)
            except InputError as exc:
                self._error(translate("Export", "Cannot export"), exc.message)

    def _exported(self, path: str) -> None:
        self.statusBar().showMessage(translate("Export", "Exported {path}").format(path=path), 5000)

    def export_svg_dialog(self) -> None:
        """Export the current tab's plot as SVG (tabs without a plot say so)."""
        page = self.current_page()
        item = page.export_plot()
        if item is None:
            self.statusBar().showMessage(
                translate("Export", "This tab has no plot to export as SVG; use Export PNG"), 6000
            )
            return
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("Export", "Export SVG"),
            f"napkinlab-{page.tab_id}.svg",
            translate("Export", "SVG drawing (*.svg)"),
        )
        if path:
            try:
                from app import export

                export.save_svg(item, path)
                self._exported(path)
            except InputError as exc:
                self._error(translate("Export", "Cannot export"), exc.message)

    def export_pdf_dialog(self) -> None:
        """Export the current tab as a vector PDF (text stays text)."""
        spec = TABS[self.tabs.currentIndex()]
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("Export", "Export PDF"),
            f"napkinlab-{spec.id}.pdf",
            translate("Export", "PDF document (*.pdf)"),
        )
        if path:
            try:
                from app import export

                export.save_pdf(self.current_page().export_widget(), path)
                self._exported(path)
            except InputError as exc:
                self._error(translate("Export", "Cannot export"), exc.message)

    def copy_image(self) -> None:
        """Copy the current tab, rendered at 2x, to the clipboard."""
        from app import export

        export.copy_image(self.current_page().export_widget())
        self.statusBar().showMessage(translate("Export", "Copied the tab as an image"), 4000)
