'use strict';
// Written by `seep-scorer publish` (phone/webfiles.py): the app's own Python worker, to Flet's public
// web worker contract (tests/publish/test_flet_contract.py): it gives Flet's Python side the
// `flet_js` module (documentUrl, start_connection, send) and posts its packets to the page. Beyond
// Flet's worker it installs nothing at run time, starts Python from a memory snapshot when one is
// kept (Pyodide's experimental snapshot options, used here alone) and prepares the app early.
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

async function gunzip(archive) {
  // The app's archive gunzipped by the browser (while Python loads), or null if it cannot.
  try {
    const stream = new Blob([await archive]).stream()
      .pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    return null;
  }
}

async function unpack(pyodide, archive, gunzipped) {
  // The app's archive into Python's working folder. Written from here, file by file: the
  // browser gunzips it and each file is one FS.writeFile, where Pyodide's unpackArchive (Python's
  // tarfile, in WebAssembly) took several times as long, at every start. Its way is kept for an
  // archive this reader does not know (only files, in ustar or pax headers, are written here).
  const tar = await gunzipped;
  if (!tar) {
    pyodide.unpackArchive(await archive, 'gztar');
    return;
  }
  try {
    writeTar(pyodide.FS, tar, pyodide.FS.cwd());
  } catch (e) {
    console.warn('unpacking the app with Pyodide instead:', e);
    pyodide.unpackArchive(tar, 'tar');
  }
}

function writeTar(FS, tar, root) {
  const text = (at, length) => {
    const bytes = tar.subarray(at, at + length);
    const end = bytes.indexOf(0);
    return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
  };
  let at = 0;
  let longName = null;  // a pax header's path for the next member
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156] || 48);
    const prefix = text(at + 257, 6) === 'ustar' ? text(at + 345, 155) : '';
    const name = longName || (prefix ? `${prefix}/${text(at, 100)}` : text(at, 100));
    const body = tar.subarray(at + 512, at + 512 + size);
    if (Number.isNaN(size) || at + 512 + size > tar.length) throw new Error('a truncated archive');
    longName = null;
    if (type === 'x') {
      const path = new TextDecoder().decode(body).match(/(?:^|\n)\d+ path=([^\n]*)\n/);
      longName = path ? path[1] : null;
    } else if (type === '0' || type === '7') {
      if (name.startsWith('/') || name.split('/').includes('..')) throw new Error(`${name}?`);
      const file = `${root}/${name}`;
      FS.mkdirTree(file.slice(0, file.lastIndexOf('/')));
      FS.writeFile(file, body);
    } else if (type === '5') {
      FS.mkdirTree(`${root}/${name}`);
    } else if (type !== 'g') {
      throw new Error(`an archive member of type ${type}`);
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

async function withMemoryFor(snapshot, load) {
  // This Pyodide copies a snapshot's heap into the memory its WebAssembly module starts with (30
  // MiB) and never grows it first: a heap that had grown (the app's first screen imported) would
  // not fit. So, while it loads, the module's memory is grown to the heap's size as soon as it is
  // instantiated (the heap follows the snapshot's header: its offset is the header's 2nd word).
  // `snapshot`: a promise of its bytes (read while Pyodide's own files load), read before the
  // module is instantiated.
  let heap = 0;
  snapshot.then((s) => {
    heap = s.length - new Uint32Array(s.buffer, s.byteOffset, 2)[1];
  }, () => {});
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
  const pyodideModule = import(data.pyodideUrl);
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
  const tar = gunzip(archive);
  const cache = await snapshotCache(data.snapshotKey);
  const saved = cache ? await cache.match(SNAPSHOT_FILE).catch(() => undefined) : undefined;
  const { loadPyodide } = await pyodideModule;
  step('python');
  if (saved) {
    try {
      const bytes = saved.arrayBuffer().then((buffer) => new Uint8Array(buffer));
      const pyodide = await withMemoryFor(bytes, () =>
        loadPyodide({ ...streams, _loadSnapshot: bytes }));
      await unpack(pyodide, archive, tar);
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
  await unpack(pyodide, archive, tar);
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
    await unpack(pyodide, archive, gunzip(archive));
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

// The peer link's messages from the page (peer.js), for the app's Python (phone/peer.py), which
// listens once it runs; kept until then, a few at most.
const peerInbox = [];
self.seepPeerListen = (receive) => {
  self.seepPeerReceive = receive;
  for (const text of peerInbox.splice(0)) receive(text);
};

let booting = null;  // Python's start, under way from the page's first message
self.onmessage = async (event) => {
  const data = event.data;
  if (data && data.seepPeer !== undefined) {
    const text = JSON.stringify(data);
    if (self.seepPeerReceive) self.seepPeerReceive(text);
    else if (peerInbox.length < 64) peerInbox.push(text);
  } else if (data && data.makeSnapshot) {
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
