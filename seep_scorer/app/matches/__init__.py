"""The matches list (the home screen) and a new match."""
