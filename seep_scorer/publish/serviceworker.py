"""sw.js: the published site's own service worker, so the app opens with no server and no network.

It precaches every file of the site (listed with its content hash; the version
is a hash of that list, so any change to any file makes a new sw.js), serves
from that cache first, and falls back to the network only for what it lacks.
When a visit with a network finds a newer sw.js, the browser installs it: the
new worker fills a cache of its own (copying files whose hash did not change
from the old one, fetching the rest), then takes over, and the next load runs
the new version. It touches only its own caches, never IndexedDB, where the
matches are.
"""

from __future__ import annotations

import hashlib
import json

CACHE_PREFIX = "seep-scorer-site-"
LIST_KEY = "__files__.json"  # inside each cache: the file list it was filled from

_TEMPLATE = r"""'use strict';
// Written by `seep-scorer publish`; do not edit (serviceworker.py).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "__PREFIX__";
const CACHE = PREFIX + VERSION;
const LIST = "__LIST__";
const scoped = (name) => new URL(name, self.registration.scope).href;

async function oldCopies() {
  // Files of earlier versions with the same hash: no need to download them again.
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const list = await cache.match(scoped(LIST));
    if (!list) continue;
    const hashes = await list.json();
    for (const [file, hash] of Object.entries(hashes)) {
      if (FILES[file] === hash && !found.has(file)) found.set(file, cache);
    }
  }
  return found;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const reuse = await oldCopies();
    for (const [file, hash] of Object.entries(FILES)) {
      const url = scoped(file);
      if (await cache.match(url)) continue;  // an install interrupted earlier got this far
      let response = reuse.has(file) ? await reuse.get(file).match(url) : undefined;
      if (!response) {
        response = await fetch(url, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      }
      await cache.put(url, response);
    }
    // Last: a cache holding its list is complete.
    await cache.put(scoped(LIST), new Response(JSON.stringify(FILES), { headers: { 'Content-Type': 'application/json' } }));
    await self.skipWaiting();  // this page goes on as it is; the next load is the new version
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the app is index.html (routes live after the '#').
    const key = request.mode === 'navigate' ? scoped('index.html') : request.url;
    const hit = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
    return hit || fetch(request);
  })());
});
"""


def site_version(files: dict[str, str]) -> str:
    """One hash for the whole site, from every file's name and content hash."""
    listing = json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(listing).hexdigest()[:20]


def service_worker(files: dict[str, str]) -> str:
    """The text of sw.js for a site whose files (relative URL: sha256 of the content) are `files`."""
    return (_TEMPLATE.replace("__VERSION__", site_version(files))
            .replace("__FILES__", json.dumps(files, sort_keys=True, indent=0))
            .replace("__PREFIX__", CACHE_PREFIX).replace("__LIST__", LIST_KEY))
