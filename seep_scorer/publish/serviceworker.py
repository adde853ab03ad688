"""sw.js: the published site's own service worker, so the app opens with no server and no network.

It precaches every file of the site (listed with its content hash; the version
is a hash of that list, so any change to any file makes a new sw.js), serves
from that cache first, and falls back to the network only for what it lacks.
When a visit with a network finds a newer sw.js, the browser installs it: the
new worker fills a cache of its own (copying files whose hash did not change
from the old one, fetching the rest), then takes over, and the next load runs
the new version. Every body, downloaded or copied, is checked against its listed
SHA-256 before it is cached; a mismatch is asked for once more past the HTTP
cache, and a second one fails the install (the installed version goes on). It
touches only its own caches, never IndexedDB, where the matches are.
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
  // Caches of earlier versions (and of this one, when an install was interrupted): a file there
  // with the same listed hash need not be downloaded again, once its body is checked.
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const cache = await caches.open(name);
    const list = await cache.match(scoped(LIST));
    const hashes = list ? await list.json().catch(() => ({})) : (name === CACHE ? FILES : {});
    for (const [file, hash] of Object.entries(hashes)) {
      if (FILES[file] !== hash) continue;
      if (!found.has(file)) found.set(file, []);
      found.get(file).push(cache);
    }
  }
  return found;
}

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

async function download(file, hash) {
  const url = scoped(file);
  // A mismatch may come from the browser's HTTP cache: ask once more past it, then give up (the
  // install fails, the version already installed goes on, and the next visit tries again).
  for (const mode of ['no-cache', 'reload']) {
    const response = await fetch(url, { cache: mode });
    const good = await checked(response, hash);
    if (good) return good;
    console.warn(`sw.js: ${file}: HTTP ${response.status} or not the listed content (${mode})`);
  }
  throw new Error(`${file}: not the content sw.js lists`);
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const reuse = await oldCopies();
    for (const [file, hash] of Object.entries(FILES)) {
      const url = scoped(file);
      let response = null;
      for (const old of reuse.get(file) || []) {
        response = await checked(await old.match(url), hash);
        if (response) break;
      }
      await cache.put(url, response || await download(file, hash));
    }
    // Last: a cache holding its list is complete.
    const listed = { headers: { 'Content-Type': 'application/json' } };
    await cache.put(scoped(LIST), new Response(JSON.stringify(FILES), listed));
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
    """The text of sw.js for a site whose files (relative URL: sha256 of the content) are
    `files`."""
    return (
        _TEMPLATE.replace("__VERSION__", site_version(files))
        .replace("__FILES__", json.dumps(files, sort_keys=True, indent=0))
        .replace("__PREFIX__", CACHE_PREFIX)
        .replace("__LIST__", LIST_KEY)
    )
