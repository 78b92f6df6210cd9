"""The strides picture: each logical cell and the storage cell it reads share a colour, and the
tooltips say the address as offset + Σ index·stride (hand-derived below)."""

from __future__ import annotations

from PySide6.QtGui import QColor

from core.einops.strides import Layout
from widgets.einops.strides_view import StridesPicture


def _tips(picture: StridesPicture) -> dict[str, object]:
    return {cell.tip: cell.rect for cell in picture._cells}


def _colour_at(image, rect) -> QColor:
    # a corner inside the cell, away from the number drawn at its centre
    return image.pixelColor(int(rect.left() + 3), int(rect.top() + 3))


def test_transposed_cells_share_colours_with_the_storage_they_read(qtbot) -> None:
    picture = StridesPicture()
    qtbot.addWidget(picture)
    picture.resize(700, 420)
    # arange(12).reshape(3, 4).t(): shape (4, 3), strides (1, 4): x[0, 1] reads storage 0·1 + 1·4 = 4
    picture.setLayoutToDraw(Layout((4, 3), (1, 4), 0, 8, 12))
    image = picture.grab().toImage()
    tips = _tips(picture)
    grid = tips["x[0, 1] → storage element 4 = 0 + 0·1 + 1·4"]
    storage = next(r for t, r in tips.items() if t.startswith("storage element 4:"))
    assert _colour_at(image, grid) == _colour_at(image, storage)
    other = next(r for t, r in tips.items() if t.startswith("storage element 1:"))
    assert _colour_at(image, grid) != _colour_at(image, other)


def test_expand_and_slices_say_who_reads_a_cell(qtbot) -> None:
    picture = StridesPicture()
    qtbot.addWidget(picture)
    picture.resize(700, 420)
    # a (3,)-vector expanded to (2, 3): stride 0 on dim 0, so storage 1 is read by 2 elements;
    # offset 1 of a 5-element storage: cells 0 and 4 are read by none
    picture.setLayoutToDraw(Layout((2, 3), (0, 1), 1, 4, 5))
    picture.grab()
    tips = _tips(picture)
    assert "storage element 1: holds 1; read by 2 elements" in tips
    assert "storage element 0: holds 0; not read by this tensor" in tips
    assert "x[1, 2] → storage element 3 = 1 + 1·0 + 2·1" in tips


def test_no_layout_draws_the_message(qtbot) -> None:
    picture = StridesPicture()
    qtbot.addWidget(picture)
    picture.setLayoutToDraw(None, "nothing to draw")
    picture.grab()
    assert picture.drawnLayout() is None and picture._cells == []
