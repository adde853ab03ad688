"""The Flet app: the shell (app, routes, live updates, widgets, theme) and a folder per feature."""
