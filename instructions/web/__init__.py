"""The members' web app at ``/``: server-rendered pages (Django templates, htmx for
the live parts) where every signed-in user edits, previews and reviews the
instructions they may see.

An entry point like the API and the admin: views validate with Django forms, ask
``access`` who may do it, call one service or selector, and render. Every write
goes through ``instructions.services`` (so the same oath check, permissions and
audit trail apply) and is recorded with the ``web`` path (``base.web_view``).
"""
