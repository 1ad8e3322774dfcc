"""This concept's backend in this process: the native twin (:mod:`._c_backend`)
or the pure-Python one (:mod:`._py_backend`), as :mod:`hilo_fast._native.choice`
decided once for every concept."""

from .._native.choice import load_twin

backend = load_twin(__name__.rpartition(".")[0])
