"""The model box the Step and Plan tabs share: a model typed or picked, or a chosen config file.

An editable combo of model names (presets and example specs) with a last item, "Config file…",
that opens a file dialog for a Hugging Face ``config.json``. The chosen file becomes an item of its
own, labelled ``folder/name`` and holding the path, so no keystroke turns it into model text: Enter,
Escape, Tab or re-opening the list keeps the file, typing anything else is a model again, and typing
the label back (or choosing the item) chooses the file again without a second trip to the dialog.

The box holds no accounting: the tab passes the core's reader, which raises
:class:`~core.errors.InputError` for a file that is not a config; its message is emitted, and the
box keeps what was chosen before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

from core.errors import InputError
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip

__all__ = ["CHOSEN_ITEM", "CONFIG_ITEM", "ModelBox"]

CONFIG_ITEM = "__config_file__"  # the "Config file…" item's data
CHOSEN_ITEM = "__chosen_file__"  # the chosen file's item (its path in _PATH_ROLE)
_PATH_ROLE = Qt.ItemDataRole.UserRole + 1


class ModelBox(QComboBox):
    """An editable model box with a "Config file…" item.

    Parameters
    ----------
    models
        The names listed (presets, example specs), in order.
    default
        The model shown at first.
    tip
        The box's tooltip while a model (not a file) is chosen: what may be typed.
    check
        Reads a chosen file; raises :class:`~core.errors.InputError` when it is no config.
    parent
        The owning widget.

    Signals
    -------
    modelChanged
        The model was typed or picked, or a file was chosen (not when set from code).
    fileChosen(str)
        A file the check accepted was chosen in the dialog (its path).
    fileRefused(str)
        The file chosen in the dialog is not a config: the check's message, translated.
    """

    modelChanged = Signal()
    fileChosen = Signal(str)
    fileRefused = Signal(str)

    def __init__(
        self,
        models: Iterable[str],
        default: str,
        tip: str,
        check: Callable[[str], Any],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.config_path = ""
        self._model_text = default
        self._tip = tip
        self._check = check
        self.setEditable(True)
        for name in models:
            self.addItem(name, name)
        self.addItem(translate("ModelBox", "Config file…"), CONFIG_ITEM)
        self.setItemData(
            self.count() - 1,
            translate("ModelBox", "A Hugging Face config.json, read offline"),
            Qt.ItemDataRole.ToolTipRole,
        )
        self.setCurrentText(default)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(10)
        # Enter never turns the typed text into an item: the text is read when it is used, and a
        # chosen file stays its own item (its label is no model name).
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setToolTip(plain_tip(tip))
        self.activated.connect(self._on_chosen)
        self.lineEdit().textEdited.connect(self._on_typed)

    # what is chosen --------------------------------------------------------------------------
    def model_text(self) -> str:
        """The model typed or picked (while a file is chosen: the one before it)."""
        return self._model_text if self.config_path else self.currentText()

    def set_model(self, text: str) -> None:
        """Show the model ``text`` (from code: a restored session, another tab); no file."""
        self._model_text = text
        self._show("")

    def set_config(self, path: str) -> None:
        """Choose the ``config.json`` at ``path`` (empty: the model typed or picked)."""
        if not self.config_path and self.currentData() not in (CONFIG_ITEM, CHOSEN_ITEM):
            self._model_text = self.currentText()  # set from code (setCurrentText) meanwhile
        self._show(path)

    def _show(self, path: str) -> None:
        self.config_path = path
        self.blockSignals(True)
        chosen = self.findData(CHOSEN_ITEM)
        if path:
            where = Path(path)
            label = f"{where.parent.name}/{where.name}" if where.parent.name else where.name
            if chosen < 0:
                chosen = self.findData(CONFIG_ITEM)
                self.insertItem(chosen, label, CHOSEN_ITEM)
            self.setItemText(chosen, label)
            self.setItemData(chosen, path, _PATH_ROLE)
            self.setItemData(chosen, plain_tip(path), Qt.ItemDataRole.ToolTipRole)
            self.setCurrentIndex(chosen)
            self.setEditText(label)
            self.setToolTip(plain_tip(path))
        else:
            index = self.findText(self._model_text)
            if index >= 0 and self.itemData(index) not in (CONFIG_ITEM, CHOSEN_ITEM):
                self.setCurrentIndex(index)
            self.setEditText(self._model_text)
            self.setToolTip(plain_tip(self._tip))
        self.blockSignals(False)

    # the person's choices --------------------------------------------------------------------
    def _on_chosen(self, index: int) -> None:
        data = self.itemData(index)
        if data == CONFIG_ITEM:
            self._browse()
            return
        if data == CHOSEN_ITEM:
            self.set_config(str(self.itemData(index, _PATH_ROLE) or ""))
        else:
            self._model_text = self.itemText(index)
            self._show("")
        self.modelChanged.emit()

    def _on_typed(self, text: str) -> None:
        """Typed text is a model; typing the chosen file's label again (or completing to it)
        chooses that file, so no keystroke turns a file into model text."""
        chosen = self.findData(CHOSEN_ITEM)
        if chosen >= 0 and text == self.itemText(chosen):
            self.config_path = str(self.itemData(chosen, _PATH_ROLE) or "")
            self.setToolTip(plain_tip(self.config_path))
        else:
            self.config_path = ""
            self._model_text = text
            self.setToolTip(plain_tip(self._tip))
        self.modelChanged.emit()

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, translate("ModelBox", "Hugging Face config.json"), "", "JSON (*.json)"
        )
        if not path:
            self.set_config(self.config_path)  # back to what was chosen before
            return
        try:
            self._check(path)  # one clear message now for a file that is not a config
        except InputError as exc:
            self.set_config(self.config_path)
            self.fileRefused.emit(localized(exc.message))
            return
        self.set_config(path)
        self.fileChosen.emit(path)
        self.modelChanged.emit()
