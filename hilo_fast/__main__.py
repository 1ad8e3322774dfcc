"""``python -m hilo_fast``: the same as the ``hilo-fast`` command."""

import sys

from .cli import main

sys.exit(main())
