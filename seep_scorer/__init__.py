"""Seep Scorer: a scorekeeping companion for Seep, the North Indian partnership card game."""

__version__ = "0.1.0"
