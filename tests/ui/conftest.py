import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from memrepo import MemoryRepository  # noqa: E402


@pytest.fixture
def repo():
    return MemoryRepository()
