"""Reads. Selectors never write; the services that do (``instructions.services``) build on them.

- ``merging``: the inputs of a merged set (documents, credo, approvals) and the merge of them;
- ``stamps``: what a merged set is built from, read in one query, as its cache key;
- ``sql``: every raw SQL statement of the service (the stamps' and the access checks');
- ``scopes``: one scope of one owner: its document, versions, entry and verdict;
- ``reviews``: review items as reviewers read them;
- ``sessions``: a person's agent sessions and their deliveries;
- ``pages``: what only the web app's pages show (the live check, the home page);
- ``access``: who may see and change what, for every entry point;
- ``audit_log``: history rows as audit rows, streamed exports;
- ``rebuild``: what an agent received, rebuilt from the records and checked against its hash.
"""
