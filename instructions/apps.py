from django.apps import AppConfig


class InstructionsConfig(AppConfig):
    name = "instructions"
    verbose_name = "Agent instructions"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from instructions import checks  # noqa: F401  (registers the system checks)
        from instructions.rules.credo import credo_changed
        from instructions.services.reviews import recheck_on_credo_change

        # A changed credo re-checks stored bodies; the credo module only announces it.
        credo_changed.connect(recheck_on_credo_change, dispatch_uid="recheck-on-credo-change")
