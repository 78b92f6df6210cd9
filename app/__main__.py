"""``python -m app``: the same entry point as the ``napkinlab`` command."""

import sys

from app.cli import main

sys.exit(main())
