'use strict';
// Written by `seep-scorer publish` (phone/webfiles.py): the page's side of Flet's public web worker
// contract (jsConnect, jsSend and jsDisconnect, which Flutter calls: tests/publish/
// test_flet_contract.py), with the Python worker started as the page loads (seepStartPython),
// alongside Flutter, and handed to Flutter when it connects.
let _apps = {};
let _documentUrl = document.URL;
let _early = null;
let _current = null;  // the worker the app runs in (or will): the peer link's messages go to it

// The peer link (peer.js) posts to the app's Python through the worker that runs it.
globalThis.seepPostToPython = (message) => {
  if (_current) _current.worker.postMessage(message);
};

function startWorker(state = { error: null }) {
  _current = state;
  state.worker = new Worker(workerUrl(), { type: 'module' });
  state.initialized ||= new Promise((resolve) => { state.resolve = resolve; });
  state.worker.onmessage = (event) => {
    const data = event.data;
    if (data && data.seepPeer !== undefined) {
      if (globalThis.seepPeer) globalThis.seepPeer.fromPython(data);
    } else if (data && data.seepBoot) {
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
