"""One reader per site or format, each filling :class:`~hilo_fast.history.model.HandHistory`:
PokerStars (:mod:`.pokerstars`). A new site is one module here and its fixtures."""
