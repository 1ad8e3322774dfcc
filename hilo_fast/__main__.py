"""``python -m hilo_fast``: the same as the ``hilo-fast`` command."""

import sys

from .cli.main import main

sys.exit(main())
