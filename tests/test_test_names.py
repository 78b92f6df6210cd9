"""The test folders have no ``__init__.py``, so pytest imports each test file by its base name:
two files of one name in different folders stop the whole collection ("import file mismatch")."""

from collections import Counter
from pathlib import Path


def test_every_test_file_name_is_unique() -> None:
    names = Counter(p.name for p in Path(__file__).parent.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []
