"""Words: translations, numbers and dates, and every text the app and the store show."""
