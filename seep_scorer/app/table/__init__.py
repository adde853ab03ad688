"""At the table: the scoreboard, entering a deal, a past deal, inviting a phone."""
