"""How the published page starts Python: the Python worker and Python's memory snapshot
(the waiting screen that shows it is waitscreen.py).

- python.js (Flet's, rewritten, and inside index.html) starts the Python worker as the page
  loads, alongside Flutter's own start, not once Flutter asks for it; Flutter then connects to
  the worker already started.
- python-worker.js (pyworker.py: Flet's, trimmed: nothing is installed at run time, everything
  rides in the archive) starts Python from a memory snapshot when the Cache Storage holds one for
  this version of the app: the interpreter with the app's modules already imported. With none,
  it starts Python as usual and imports the app's modules (those its first screen uses too:
  webapp.warm) while Flutter loads; a second after the app's first screen, the page has a
  second worker start a Python able to take a snapshot (not one to run the app in: it proxies
  JavaScript objects differently), import the same modules and keep the snapshot for the next
  start, then ends it. A snapshot that fails to load is deleted and Python starts as usual in a
  new worker. Nothing outside Python's memory is in a snapshot: the archive is unpacked again at
  each start (lazy imports read it; the worker writes its files itself, faster than Pyodide's
  unpackArchive), and the connection to the page is made after, as a snapshot holds no
  JavaScript references.
- Then, still before Flutter asks for the app, the worker prepares what the app's start needs of
  the browser (webapp.prepare: IndexedDB read, the store opened), so that on a reload the first
  screen only reads its list once Flutter connects.
- The page notes when each step happened (waitscreen.py's seepBoot.at): the benchmark's phases.
"""

from __future__ import annotations

import hashlib
import json

from .pyworker import SNAPSHOT_FILE, WARM_APP, WARM_OTHER, python_worker

__all__ = ["PYTHON_JS", "SNAPSHOT_FILE", "WARM_APP", "WARM_OTHER", "python_worker", "snapshot_key"]


def snapshot_key(hashes: dict[str, str]) -> str:
    """What a snapshot depends on: the app's archive, the worker and Pyodide's files (a snapshot
    of another version of any of them is never loaded)."""
    parts = {
        name: h
        for name, h in hashes.items()
        if name in ("app.tar.gz", "python-worker.js") or name.startswith("pyodide/")
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:20]


PYTHON_JS = r"""'use strict';
// Written by `seep-scorer publish` (boot.py): Flet's python.js, with the Python worker started
// as the page loads (seepStartPython), alongside Flutter, and handed to Flutter when it connects.
let _apps = {};
let _documentUrl = document.URL;
let _early = null;

function startWorker(state = { error: null }) {
  state.worker = new Worker(workerUrl(), { type: 'module' });
  state.initialized ||= new Promise((resolve) => { state.resolve = resolve; });
  state.worker.onmessage = (event) => {
    const data = event.data;
    if (data && data.seepBoot) {
      window.seepBoot.step(data);
      if (data.snapshot === 'wanted') window.seepBoot.afterFirstScreen(takeSnapshot);
      if (data.snapshot === 'broken') {  // its snapshot is deleted: a new worker starts without
        state.worker.terminate();
        startWorker(state);
        if (state.connect) state.worker.postMessage(state.connect);
      }
    } else if (typeof data === 'string') {
      if (data !== 'initialized') {
        state.error = data;
        window.seepBoot.failed();
      }
      state.resolve();
    } else if (state.app) {
      window.seepBoot.appMessage();
      state.app.dartOnMessage(data);
    }
  };
  state.worker.postMessage({
    boot: true,
    pyodideUrl: flet.pyodideUrl || 'pyodide/pyodide.mjs',
    appPackageUrl: flet.appPackageUrl,
    snapshotKey: window.seepBoot.snapshotKey,
  });
  return state;
}

function workerUrl() {
  const base = flet.entrypointBaseUrl.endsWith('/') ? flet.entrypointBaseUrl.slice(0, -1)
                                                    : flet.entrypointBaseUrl;
  return base + '/python-worker.js';
}

function takeSnapshot() {
  // Python's memory snapshot for the next start, taken by a worker of its own, then ended.
  const worker = new Worker(workerUrl(), { type: 'module' });
  worker.onmessage = (event) => {
    if (!event.data || event.data.seepBoot !== 'snapshot') return;
    window.seepBoot.step(event.data);
    worker.terminate();
  };
  worker.postMessage({
    makeSnapshot: true,
    pyodideUrl: flet.pyodideUrl || 'pyodide/pyodide.mjs',
    appPackageUrl: flet.appPackageUrl,
    snapshotKey: window.seepBoot.snapshotKey,
  });
}

globalThis.seepStartPython = function () {
  if (!_early) _early = startWorker();
};

// Called from Dart on backend.connect(); dartOnMessage gets each message of type JSUint8Array.
globalThis.jsConnect = async function (appId, args, dartOnMessage) {
  console.log(`Starting up Python worker: ${appId}, args: ${args}`);
  window.seepBoot.mark('flutter');  // Flutter is ready and asks for the app
  const app = _early || startWorker();
  _early = null;
  app.app = { dartOnMessage };
  _apps[appId] = app;
  app.connect = {
    connect: true,
    args: args,
    documentUrl: _documentUrl,
    micropipIncludePre: flet.micropipIncludePre,
    pythonModuleName: flet.pythonModuleName,
  };
  app.worker.postMessage(app.connect);
  await app.initialized;
  if (app.error) {
    console.error('Python worker init error:', app.error);
    await jsDisconnect(appId);
    throw app.error;
  }
  console.log(`Python worker initialized: ${appId}`);
};

// Called from Dart on backend.send: the sender never touches data after this call.
globalThis.jsSend = async function (appId, data) {
  if (appId in _apps) _apps[appId].worker.postMessage(data, [data.buffer]);
};

// Called from Dart on channel.disconnect
globalThis.jsDisconnect = async function (appId) {
  if (appId in _apps) {
    console.log(`Terminating Python worker: ${appId}`);
    const app = _apps[appId];
    delete _apps[appId];
    app.worker.terminate();
    app.worker.onmessage = null;
    app.worker.onerror = null;
  }
};
"""
