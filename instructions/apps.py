from django.apps import AppConfig


class InstructionsConfig(AppConfig):
    name = "instructions"
    verbose_name = "Agent instructions"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from instructions import checks  # noqa: F401  (registers the system checks)
