"""What every concept shares about the compiled code: the cffi builder
(:mod:`~hilo_fast._native.ffi_build`, reading ``csrc/hilo_fast.h``), the build's
record (:mod:`~hilo_fast._native.build_record`), the choice of backend
(:mod:`~hilo_fast._native.choice`), and the compiled modules themselves with
their stubs: ``_core`` (the cffi module: ``ffi`` and ``lib``) and the CPython
builtins ``_percall``, ``_handplay``, ``_hhlines``, ``_hhsites``, ``_hhreplay``,
``_hhrows`` (csrc/py/).

Each concept's Python wrapper of this code sits in that concept's folder as
``_c_backend.py``, beside its pure-Python twin ``_py_backend.py``. Nothing here
imports a concept.
"""
