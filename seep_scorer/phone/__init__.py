"""The phone-only app: a static site running the whole app in the browser (Pyodide). See site.py."""
