"""Matches in and out of the store: backup files, imports, exports, automatic backups."""
