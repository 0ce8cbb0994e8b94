"""The screens and dialogs around the table: chooser, overlays, help, statistics."""
