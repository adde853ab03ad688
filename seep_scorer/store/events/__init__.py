"""Club nights in the store: the event record, its rounds, entrants, codes and backup."""
