"""One reader per site or format, each filling :class:`~hilo_fast.history.model.HandHistory`.
A new site is one module here, one line in :data:`SITES` and its fixtures."""

#: site name -> module name (in this package), in the order files are sniffed.
SITES: dict[str, str] = {
    "ipoker": "ipoker",
    "merge": "merge",
    "boss": "boss",
    "microgaming": "microgaming",
    "fulltilt": "fulltilt",
    "kingsclub": "kingsclub",
}
