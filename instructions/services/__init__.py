"""Every write goes through a function here; the API, the admin and the commands
all call the same ones, so every path leaves the same audit trail.

Functions are keyword-only, named ``<entity>_<action>``, and raise the errors of
``instructions.foundation.errors``.
"""
