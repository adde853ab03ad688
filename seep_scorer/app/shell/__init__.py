"""What every screen shares: the app, its routes, live updates, widgets and theme."""
