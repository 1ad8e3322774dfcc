"""Only what pyproject.toml cannot say: the optional C extensions (the cffi core and the
omaha_hilo builtin) and their wheel tag."""

import os
import platform
import sysconfig

from setuptools import Extension, setup

pure = os.environ.get("HILO_FAST_PUREPYTHON") == "1"

# cffi compiles API-mode modules against the limited API (Py_LIMITED_API) on
# CPython, except on free-threaded builds before 3.15; tag the wheel to match,
# so one cp310-abi3 wheel per platform serves every CPython from 3.10 on.
stable_abi = (
    not pure
    and platform.python_implementation() == "CPython"
    and not sysconfig.get_config_var("Py_GIL_DISABLED")
)

# omaha_hilo as a CPython builtin (csrc/py/percall.c): CPython only (PyPy
# keeps the Python function, which is fast there); optional like the cffi module.
percall = Extension(
    "hilo_fast._percall",
    sources=["csrc/py/percall.c"],
    py_limited_api=stable_abi,
    define_macros=[("Py_LIMITED_API", "0x030A0000")] if stable_abi else [],
    extra_compile_args=[] if os.name == "nt" else ["-O2", "-std=c99"],
    optional=os.environ.get("CIBUILDWHEEL") != "1",
)

setup(
    cffi_modules=[] if pure else ["hilo_fast/_ffi_build.py:ffibuilder"],
    ext_modules=[percall] if not pure and platform.python_implementation() == "CPython" else [],
    options={"bdist_wheel": {"py_limited_api": "cp310"}} if stable_abi else {},
)
