"""Looking back: a match's review, the statistics and ratings, a player's page."""
