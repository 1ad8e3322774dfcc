"""Hand histories: the model every reader fills (:mod:`.model`:
:class:`HandHistory`), one reader per site (:mod:`.sites`), any site's files read by
:func:`~hilo_fast.history.read.read_history` (:mod:`.read`), the replay that
plays a history again through the engine and checks every chip
(:mod:`.replay`), PHH in and out (:mod:`.phh`), all-in EV reports
(:mod:`.report`), and synthetic histories for tests and benchmarks
(:mod:`.synth`). The readers' and the replay's C fast paths are
:mod:`._c_backend`; the Python code is their twin.

Nothing is imported here: ``hilo_fast`` loads the reader on first use (its
regular expressions would add a fifth to every program's import time).
"""
