"""Only what pyproject.toml cannot say: the optional cffi extension."""

import os

from setuptools import setup

pure = os.environ.get("HILO_FAST_PUREPYTHON") == "1"
setup(cffi_modules=[] if pure else ["hilo_fast/_ffi_build.py:ffibuilder"])
