"""Pure rules: the merge, the oath check, the credo, agent payloads, bundles, displays, approvals.

No database, no Django request: functions of their arguments."""
