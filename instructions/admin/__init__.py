"""The Django admin, as reviewers and auditors use it.

- the site itself is ``agentos_site.admin`` (its index is the review-and-audit
  dashboard; every admin view records its changes with the ``admin`` path).
- ``registry``: the model admins, whose saves go through the same services as
  the API and the commands.
- ``views``: pages beyond the model lists (review decisions, diffs, revert,
  audit log, credo); ``display``: highlighted snippets and diffs.

Django's admin autodiscovery imports this package, which registers the model admins.
"""

from instructions.admin import registry  # noqa: F401  (registers the model admins)
