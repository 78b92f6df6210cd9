"""Chinese line breaking: counts stay with their measure words."""


def test_a_count_stays_with_its_measure_word() -> None:
    from widgets.cjk_break import NO_BREAK_SPACE, keep_counts

    text = "27,180 个布局中 15,328 个放得下"
    kept = keep_counts(text)
    assert f"27,180{NO_BREAK_SPACE}个" in kept and f"15,328{NO_BREAK_SPACE}个" in kept
    assert keep_counts("15,580 layouts searched") == "15,580 layouts searched"  # no Chinese
