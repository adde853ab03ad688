"""`seep-scorer import | export | list`: the app's own store from the shell. Filled in by the store work."""


def register(sub, common) -> None:
    pass
