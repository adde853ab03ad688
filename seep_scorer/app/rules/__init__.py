"""The rules reference on screen."""
