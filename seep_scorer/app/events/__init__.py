"""Club nights on screen: the events, an event, its table cards, its board."""
