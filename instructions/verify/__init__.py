"""Proof, against the real agent CLIs, that each one receives its instructions.

``engine`` runs the CLIs against ``fake_api`` (a fake model API on 127.0.0.1) using
``recipes`` (one per agent) and payloads from a ``payloads.PayloadBuilder``.
``manage.py verify_agents`` is its command line.
"""
