import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from memrepo import MemoryRepository  # noqa: E402

from seep_scorer.store.registry import close_all, open_repository  # noqa: E402, F401


@pytest.fixture
def repo():
    return MemoryRepository()


@pytest.fixture
def store():
    """The real store in a folder of its own (the list reads its index lines, as on a phone)."""
    with tempfile.TemporaryDirectory() as folder:
        try:
            yield open_repository(folder)
        finally:
            close_all()
