"""The core: one hand's value (:mod:`.evaluation`), many hands at once
(:mod:`.batch`), and a showdown's payouts with side pots and odd chips
(:mod:`.showdown`, :mod:`.pots`); the lookup tables' generator (:mod:`.tables`).

Each is C behind cffi (:mod:`._c_backend`) with a pure-Python twin
(:mod:`._py_backend`) giving the same answers; :mod:`._backend` is the one in
use. The core imports only :mod:`hilo_fast.cards` and :mod:`hilo_fast._native`.
"""
