"""`export -o` and `backup -o`: devices and FIFOs are written to, not replaced; files get the usual
permissions."""

import contextlib
import os
import stat
import subprocess

import pytest

from seep_scorer.cli import main
from seep_scorer.matchfile import loads_match
from seep_scorer.store.registry import close_all, open_repository
from tests.store.conftest import open_match, with_deals


@pytest.fixture
def stored(tmp_path):
    data_dir = tmp_path / "data"
    match = open_repository(data_dir, fresh=True).create(with_deals(open_match(), 2))
    yield data_dir, match
    close_all()


@contextlib.contextmanager
def umask(mask: int):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def _argv(command: str, data_dir, match, target) -> list[str]:
    head = ["export", match.id] if command == "export" else ["backup"]
    return [*head, "-o", str(target), "--data-dir", str(data_dir)]


def _character_device(tmp_path):
    """A null device of the test's own where it may make one: a broken build must not replace the
    real /dev/null."""
    if os.geteuid() != 0:
        return "/dev/null"  # only root could replace it, and this is not root
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError:
        pytest.skip("cannot make a device node here, and root must not risk /dev/null")
    return str(device)


@pytest.mark.parametrize("command", ["export", "backup"])
def test_output_to_a_character_device_writes_to_it(stored, tmp_path, capsys, command):
    data_dir, match = stored
    device = _character_device(tmp_path)
    assert main(_argv(command, data_dir, match, device)) == 0, capsys.readouterr().err
    assert stat.S_ISCHR(os.stat(device).st_mode)


@pytest.mark.parametrize("command", ["export", "backup"])
def test_output_to_a_fifo_goes_to_its_reader_and_the_fifo_stays(stored, tmp_path, capsys, command):
    data_dir, match = stored
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    try:
        assert main(_argv(command, data_dir, match, fifo)) == 0, capsys.readouterr().err
        received, _ = reader.communicate(timeout=10)
    finally:
        reader.kill()
        reader.wait()
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    if command == "export":
        assert loads_match(received) == match.match
    else:
        assert received.count(b"\n") == 3 and match.id.encode() in received


@pytest.mark.parametrize("command", ["export", "backup"])
def test_an_existing_file_keeps_its_mode(stored, tmp_path, capsys, command):
    data_dir, match = stored
    target = tmp_path / "out.json"
    target.write_text("old")
    os.chmod(target, 0o664)  # group-writable: more than the umask below would give a new file
    with umask(0o022):
        assert main(_argv(command, data_dir, match, target)) == 0, capsys.readouterr().err
    assert stat.S_IMODE(target.stat().st_mode) == 0o664
    assert target.read_text() != "old"


@pytest.mark.parametrize("command", ["export", "backup"])
@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_usual_mode(stored, tmp_path, capsys, command, mask, mode):
    data_dir, match = stored
    target = tmp_path / "new.json"
    with umask(mask):
        assert main(_argv(command, data_dir, match, target)) == 0, capsys.readouterr().err
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp-")] == []


def test_output_to_a_folder_is_one_line_and_status_2(stored, tmp_path, capsys):
    data_dir, match = stored
    assert main(_argv("export", data_dir, match, tmp_path)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("seep-scorer: ") and "directory" in err.lower()
