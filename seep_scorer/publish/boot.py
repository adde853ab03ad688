"""How the published page starts Python: the Python worker and Python's memory snapshot
(the waiting screen that shows it is waitscreen.py).

- python.js (Flet's, rewritten, and inside index.html) starts the Python worker as the page
  loads, alongside Flutter's own start, not once Flutter asks for it; Flutter then connects to
  the worker already started.
- python-worker.js (Flet's, trimmed: nothing is installed at run time, everything rides in the
  archive) starts Python from a memory snapshot when the Cache Storage holds one for this version
  of the app: the interpreter with the app's modules already imported. With none, it starts
  Python as usual and imports the app's modules (those its first screen uses too: webapp.warm)
  while Flutter loads; a second after the app's
  first screen, the page has a second worker start a Python able to take a snapshot (not one to
  run the app in: it proxies JavaScript objects differently), import the same modules and keep
  the snapshot for the next start, then ends it. A snapshot that fails to load is deleted and
  Python starts as usual in a new worker. Nothing outside Python's memory is in a snapshot: the
  archive is unpacked again at each start (lazy imports read it), and the connection to the
  page is made after, as a snapshot holds no JavaScript references.
- Then, still before Flutter asks for the app, the worker prepares what the app's start needs of
  the browser (webapp.prepare: IndexedDB read, the store opened), so that on a reload the first
  screen only reads its list once Flutter connects.
- The page notes when each step happened (waitscreen.py's seepBoot.at): the benchmark's phases.
"""

from __future__ import annotations

import hashlib
import json

from .serviceworker import SNAPSHOT_PREFIX

SNAPSHOT_FILE = "python-snapshot.bin"  # its key inside the version's snapshot cache
# Imported before the snapshot is taken: the app's browser entry point (webapp) and what it
# imports, not main.py (that starts the app, and a JavaScript connection).
WARM_APP = "seep_scorer.ui.webapp"
WARM_OTHER = "flet"  # another app's main.py (the benchmark's bare page): Flet itself


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

_WORKER = r"""'use strict';
// Written by `seep-scorer publish` (boot.py): Flet's python-worker.js, trimmed (nothing is
// installed at run time), starting Python from a memory snapshot when one is kept.
const SNAPSHOTS = "__SNAPSHOTS__";
const SNAPSHOT_FILE = "__SNAPSHOT_FILE__";
const WARM = __WARM__;
const PREPARE = __PREPARE__;
const RUN = `
import flet_js, random, runpy
random.seed()  # a snapshot would replay the same random numbers at every start
try:
    import msgpack as _msgpack
except ImportError:
    _msgpack = None
if _msgpack is not None:
    def _send_python_output(text, is_stderr):
        # Framed like PyodideConnection.send_message: a 0 byte, then the packed [action, body].
        flet_js.receive_callback(
            bytes([0]) + _msgpack.packb([7, {"text": text, "is_stderr": bool(is_stderr)}])
        )
    flet_js.send_python_output = _send_python_output
flet_js.userAppStarting()
try:
    runpy.run_module(python_module_name, run_name="__main__")
except SystemExit as _exit:
    if _exit.code not in (None, 0):
        raise
`;

self.flet_js = {};
self.userAppRunning = false;
self.flet_js.userAppStarting = () => { self.userAppRunning = true; };
self.sendPythonOutput = (text, isStderr) => {
  // Until the app runs (or with no bridge), to the dev console; then to Flet's console pane,
  // in a microtask (Pyodide calls this with the GIL released).
  if (!self.userAppRunning || !self.flet_js.send_python_output) {
    (isStderr ? console.error : console.log)(text);
    return;
  }
  queueMicrotask(() => self.flet_js.send_python_output(text, isStderr));
};
self.receiveCallback = (message) => {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
};
self.flet_js.receive_callback = self.receiveCallback;
const step = (what, extra = {}) =>  // `at`: epoch ms, placed on the page's clock by the page
  self.postMessage({ seepBoot: what, at: performance.timeOrigin + performance.now(), ...extra });

async function snapshotCache(key) {
  try {
    return key && self.caches ? await caches.open(SNAPSHOTS + key) : null;
  } catch (e) {
    return null;  // no Cache Storage here (an insecure origin): start as usual
  }
}

async function withMemoryFor(snapshot, load) {
  // This Pyodide copies a snapshot's heap into the memory its WebAssembly module starts with (30
  // MiB) and never grows it first: a heap that had grown (the app's first screen imported) would
  // not fit. So, while it loads, the module's memory is grown to the heap's size as soon as it is
  // instantiated (the heap follows the snapshot's header: its offset is the header's 2nd word).
  const heap = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  const wasm = { instantiate: WebAssembly.instantiate,
                 instantiateStreaming: WebAssembly.instantiateStreaming };
  const grown = (result) => {
    const memory = result && result.instance && result.instance.exports.memory;
    if (memory instanceof WebAssembly.Memory && memory.buffer.byteLength < heap) {
      memory.grow(Math.ceil((heap - memory.buffer.byteLength) / 65536));
    }
    return result;
  };
  for (const name of Object.keys(wasm)) {
    WebAssembly[name] = (...args) => wasm[name].apply(WebAssembly, args).then(grown);
  }
  try {
    return await load();
  } finally {
    Object.assign(WebAssembly, wasm);
  }
}

async function startPython(data) {
  const pyodide = await loadPython(data);
  step('ready');
  if (PREPARE) {  // the app's own work before Flutter asks for it: its storage read, store opened
    try {
      await pyodide.runPythonAsync(PREPARE);
    } catch (e) {
      console.warn('the app could not prepare; it starts without:', e);
    }
    step('prepared');
  }
  return pyodide;
}

async function loadPython(data) {
  const { loadPyodide } = await import(data.pyodideUrl);
  const streams = {
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  };
  const archive = fetch(data.appPackageUrl).then((response) => {
    if (!response.ok) {
      throw new Error('Failed to download app package: '
                      + `HTTP ${response.status} ${data.appPackageUrl}`);
    }
    return response.arrayBuffer();
  });
  archive.catch(() => {});  // reported where it is awaited
  const cache = await snapshotCache(data.snapshotKey);
  const saved = cache ? await cache.match(SNAPSHOT_FILE).catch(() => undefined) : undefined;
  step('python');
  if (saved) {
    try {
      const bytes = new Uint8Array(await saved.arrayBuffer());
      const pyodide = await withMemoryFor(bytes, () =>
        loadPyodide({ ...streams, _loadSnapshot: bytes }));
      pyodide.unpackArchive(await archive, 'gztar');
      step('snapshot', { snapshot: 'used' });
      return pyodide;
    } catch (e) {
      // Dropped; the page starts a new worker (a Pyodide that failed half-way is not reused).
      console.warn('Python memory snapshot unusable, starting without it:', e);
      await caches.delete(SNAPSHOTS + data.snapshotKey).catch(() => {});
      step('snapshot', { snapshot: 'broken' });
      return new Promise(() => {});
    }
  }
  const pyodide = await loadPyodide(streams);
  pyodide.unpackArchive(await archive, 'gztar');
  pyodide.runPython(WARM);  // while Flutter loads
  // The page has another worker take a snapshot once the app is on screen (makeSnapshot): a
  // Pyodide able to take one is not the one to run the app in (it proxies `js` differently).
  if (cache) step('snapshot', { snapshot: 'wanted' });
  return pyodide;
}

async function makeSnapshot(data) {
  // A second Python, only to take the snapshot: started, the app's modules imported, kept.
  try {
    const { loadPyodide } = await import(data.pyodideUrl);
    const cache = await snapshotCache(data.snapshotKey);
    const archive = await (await fetch(data.appPackageUrl)).arrayBuffer();
    const pyodide = await loadPyodide({ _makeSnapshot: true });
    pyodide.unpackArchive(archive, 'gztar');
    pyodide.runPython(WARM);
    await cache.put(SNAPSHOT_FILE, new Response(pyodide.makeMemorySnapshot()));
    step('snapshot', { snapshot: 'made' });
  } catch (e) {
    console.warn('no Python memory snapshot:', e);
    step('snapshot', { snapshot: 'none' });
  }
}

async function run(pyodide, data) {
  step('app');
  self.flet_js.args = data.args;
  self.flet_js.documentUrl = data.documentUrl;
  pyodide.registerJsModule('flet_js', self.flet_js);
  pyodide.globals.set('python_module_name', data.pythonModuleName || 'main');
  await pyodide.runPythonAsync(RUN);
  step('imported');  // main.py ran: the app's modules are in, its connection made
  if (typeof self.flet_js.start_connection !== 'function') {
    self.postMessage('__flet_no_ui__:Script finished without starting a Flet UI.\n'
                     + 'Add ft.run(main) at the end of your script to display the app.');
    return;
  }
  await self.flet_js.start_connection(self.receiveCallback);
  self.postMessage('initialized');
}

let booting = null;  // Python's start, under way from the page's first message
self.onmessage = async (event) => {
  const data = event.data;
  if (data && data.makeSnapshot) {
    await makeSnapshot(data);
  } else if (data && data.boot) {
    if (!booting) {
      booting = startPython(data);
      booting.catch(() => {});  // reported when Flutter connects
    }
  } else if (data && data.connect) {
    try {
      await run(await booting, data);
    } catch (error) {
      self.postMessage(error.toString());
    }
  } else if (typeof self.flet_js.send === 'function') {
    self.flet_js.send(data);
  } else {
    console.error('Flet: dropped a message for a Python app that never started.');
  }
};
"""


def python_worker(own_app: bool) -> str:
    """python-worker.js: `own_app` warms the app's modules for the snapshot (those of its first
    screen too, webapp.warm) and prepares its store while Flutter loads (webapp.prepare); else
    Flet's modules, and nothing to prepare."""
    warm = (
        "import sys\n"
        'if "__pypackages__" not in sys.path:\n    sys.path.insert(0, "__pypackages__")\n'
        + (f"import {WARM_APP}\n{WARM_APP}.warm()\n" if own_app else f"import {WARM_OTHER}\n")
    )
    prepare = f"import {WARM_APP}\nawait {WARM_APP}.prepare()\n" if own_app else ""
    return (
        _WORKER.replace("__SNAPSHOTS__", SNAPSHOT_PREFIX)
        .replace("__SNAPSHOT_FILE__", SNAPSHOT_FILE)
        .replace("__WARM__", json.dumps(warm))
        .replace("__PREPARE__", json.dumps(prepare))
    )
