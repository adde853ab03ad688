'use strict';
// Written by `seep-scorer publish`; do not edit (phone/webfiles.py).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "__PREFIX__";
const SNAPSHOTS = "__SNAPSHOTS__";
const SNAPSHOT = SNAPSHOTS + "__SNAPSHOT_KEY__";
const CACHE = PREFIX + VERSION;
const LIST = "__LIST__";
const RENDERER = new RegExp(__RENDERER__);
const INDEX = __INDEX__;
const UNCACHED = __UNCACHED__;
const scoped = (name) => new URL(name, self.registration.scope).href;
const fileOf = (url) => {
  const scope = self.registration.scope;
  return url.startsWith(scope) ? url.slice(scope.length).split(/[?#]/)[0] : null;
};
const uncached = (file) => UNCACHED.some((u) => file === u
                                                || (u.endsWith('/') && file.startsWith(u)));
// The app's own files.
const own = () => Object.keys(FILES).filter((f) => !RENDERER.test(f) && !uncached(f));

const hex = (buffer) => Array.from(new Uint8Array(buffer),
                                   (b) => b.toString(16).padStart(2, '0')).join('');

async function checked(response, hash) {
  // The body, re-wrapped, if its SHA-256 is the listed one; else null. Whatever answered (a
  // captive portal, a proxy, a host halfway through an upload) never gets cached as the site.
  if (!response || !response.ok) return null;
  const body = await response.arrayBuffer();
  if (hex(await crypto.subtle.digest('SHA-256', body)) !== hash) return null;
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

async function download(file, hash, first = 'force-cache') {
  const url = scoped(file);
  // A mismatch may come from the browser's HTTP cache: ask once more past it, then give up.
  for (const mode of [first, 'reload']) {
    const response = await fetch(url, { cache: mode });
    const good = await checked(response, hash);
    if (good) return good;
    console.warn(`sw.js: ${file}: HTTP ${response.status} or not the listed content (${mode})`);
  }
  throw new Error(`${file}: not the content sw.js lists`);
}

async function oldCopies() {
  // Caches of earlier versions (and of this one, when an install was interrupted): a file there
  // need not be downloaded again if its body has the listed hash (checked when copied).
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const file = fileOf(request.url);
      if (!file || !(file in FILES)) continue;
      if (!found.has(file)) found.set(file, []);
      found.get(file).push(cache);
    }
  }
  return found;
}

const pending = new Map();  // file: its download under way (a file is never fetched twice at once)

async function obtain(file) {
  // The cached body of a listed file, or downloaded, checked and cached; the page is told of
  // each download (its waiting screen counts the bytes).
  const cache = await caches.open(CACHE);
  const hit = await cache.match(scoped(file));
  if (hit) return hit;
  if (!pending.has(file)) {
    pending.set(file, (async () => {
      try {
        const good = await download(file, FILES[file]);
        await cache.put(scoped(file), good.clone());
        const bytes = Number(good.headers.get('Content-Length')) || 0;
        for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
          client.postMessage({ seepBoot: 'fetched', file, bytes });
        }
        return good;
      } finally {
        pending.delete(file);
      }
    })());
  }
  return (await pending.get(file)).clone();
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const reuse = await oldCopies();
    // Updating: the files this browser used in the version before (as this version lists
    // them) and the app's own files. A first install: nothing yet (the page hands over its
    // first files; the rest comes through the worker as the page asks for it).
    const updating = (await caches.keys()).some((n) => n.startsWith(PREFIX) && n !== CACHE);
    const files = new Set(updating ? [...reuse.keys(), ...own()] : []);
    const page = await checked(new Response(INDEX, { headers: { 'Content-Type': 'text/html' } }),
                               FILES['index.html']);
    if (!page) throw new Error('index.html: not the content sw.js lists');
    await cache.put(scoped('index.html'), page);
    for (const file of [...files].sort()) {
      if (!(file in FILES) || file === 'index.html') continue;
      const url = scoped(file);
      let response = null;
      for (const old of reuse.get(file) || []) {
        response = await checked(await old.match(url), FILES[file]);
        if (response) break;
      }
      await cache.put(url, response || await download(file, FILES[file], 'no-cache'));
    }
    const list = JSON.stringify([...files].sort());
    await cache.put(scoped(LIST),
                    new Response(list, { headers: { 'Content-Type': 'application/json' } }));
    await self.skipWaiting();  // a page already open goes on as it is; its next load is this one
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      const stale = (name.startsWith(PREFIX) && name !== CACHE)
                    || (name.startsWith(SNAPSHOTS) && name !== SNAPSHOT);
      if (stale) await caches.delete(name);
    }
    await self.clients.claim();  // a first visit's page waits for this to start the app
  })());
});

self.addEventListener('message', (event) => {
  const what = event.data && event.data.seepBoot;
  // The page's app is on screen: fetch the app's own files it has not needed yet, one at a time.
  if (what !== 'ready') return;
  event.waitUntil((async () => {
    let all = true;
    for (const file of own()) {
      await obtain(file).catch((e) => { all = false; console.warn('sw.js:', e.message); });
    }
    if (all && event.source) event.source.postMessage({ seepBoot: 'cached' });
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // Every page of the app is index.html (routes live after the '#').
  const file = request.mode === 'navigate' ? 'index.html' : fileOf(request.url);
  if (file === null || uncached(file)) return;
  event.respondWith((async () => {
    if (file in FILES) {
      try {
        return await obtain(file);
      } catch (e) {
        console.warn('sw.js:', e.message);  // not the listed body twice: uncached, as asked for
        return fetch(request);
      }
    }
    const hit = await caches.match(request, { cacheName: CACHE });
    return hit || fetch(request);
  })());
});
