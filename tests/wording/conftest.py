import sys
from pathlib import Path

# The phone's view-models are tested against tests/ui's in-memory store.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
