"""This device's settings and its backups."""
