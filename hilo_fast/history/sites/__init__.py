"""One reader per site or format, each filling :class:`~hilo_fast.history.model.HandHistory`.

:data:`SITES` names them: site (the folder names of the hand-history data) ->
module of this package. :func:`hilo_fast.history.read.read_history` imports a
module only when it sniffs a file, in this order (the first whose ``sniff``
says yes reads the file). A new site is one module here, one line below and
its fixtures (see :mod:`._base` for what a module gives).
"""

#: site name -> module name (in this package), in the order files are sniffed.
SITES: dict[str, str] = {
    "pokerstars": "pokerstars",
    "winning-acr": "winning_acr",
    "winamax": "winamax",
    "888pacific": "pacific888",
    "partypoker": "partypoker",
    "bovada": "bovada",
    "fulltilt": "fulltilt",
    "kingsclub": "kingsclub",
    "ipoker": "ipoker",
    "merge": "merge",
    "boss": "boss",
    "microgaming": "microgaming",
    "absolute": "absolute",
    "cake": "cake",
    "entraction": "entraction",
    "everleaf": "everleaf",
    "ongame": "ongame",
    "pkr": "pkr",
}
