"""The page every tab builds: session state, restore, export target and theme hooks."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

__all__ = ["TabPage"]


class TabPage(QWidget):
    """Base class of a tab's page.

    Subclasses override what they support; the defaults describe a tab with no state and no plot.

    Attributes
    ----------
    tab_id
        The tab's id in :data:`app.tabs.TABS`.
    """

    tab_id: str = ""
    #: Inputs named in a slide's caption (``screenshot --content plot``), in order; empty: all.
    caption_keys: tuple[str, ...] = ()

    def caption_parts(self) -> list[str] | None:
        """What a slide's caption names after the device and dtype, in the window's language.

        ``None`` (the default): the inputs named by :attr:`caption_keys`. A page whose chart shows
        more than its inputs (the Roofline's points) says it here, short enough for one line.
        """
        return None

    def session_state(self) -> dict[str, Any]:
        """The tab's inputs as plain JSON-able data (saved in sessions)."""
        return {}

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Restore inputs saved by :meth:`session_state`.

        Must not raise: returns a message per value it could not restore (the rest is applied).
        """
        return []

    def export_plot(self) -> Any | None:
        """The pyqtgraph item to export as SVG, or ``None`` when the tab has no plot."""
        return None

    def export_widget(self) -> QWidget:
        """The widget rendered for PNG export and the clipboard (the whole page by default)."""
        return self

    def apply_theme(self, theme: Any) -> None:
        """Re-colour anything the application palette does not reach (plots)."""

    def shutdown(self) -> None:
        """Stop background work before the window closes (cooperative, waits briefly)."""

    def carried_state(self) -> Any | None:
        """What a rebuilt page should take over beyond the inputs (results, measured points).

        Switching the language rebuilds every page in the new language: it restores the inputs
        with :meth:`restore_session`, then hands this to the new page's :meth:`take_over` so that
        nothing computed or measured is lost or computed again. ``None``: nothing to carry.
        """
        return None

    def take_over(self, carried: Any) -> None:
        """Adopt what the previous page's :meth:`carried_state` returned (must not raise)."""
