'use strict';
// Written by `seep-scorer publish` (phone/webfiles.py), into index.html after python.js: the link
// between two phone-only apps, with no server of any kind. RTCPeerConnection lives on the page (a
// worker has none), so the app's Python, in its worker, and this file talk through messages
// `{seepPeer: ...}` (python.js hands them over; phone/peer.py is the Python side).
//
// Pairing: the first phone makes an offer code, the second answers it with its own code, the first
// takes that answer. A code is the few fields of a data channel's session description that differ
// from one connection to the next (ICE user and password, DTLS fingerprint and role, the host
// candidates, which are `.local` names), in one line of text, so that a QR code holds it. No STUN,
// no TURN (`iceServers: []`): the phones must share a network.
(() => {
  const VERSION = 'S1';
  const KINDS = { offer: 'O', answer: 'A' };
  const MAX_CODE = 2000;  // characters; a code is about 200
  const MAX_MESSAGE = 65536;  // bytes of one message over the link, either way
  const GATHER_MS = 5000;  // ICE gathering without a server ends within a second; a bound anyway
  let link = null;  // {pc, channel}

  class CodeError extends Error {}

  function fields(sdp) {
    const line = (name) => (sdp.match(new RegExp(`^a=${name}:(.*)$`, 'm')) || [])[1];
    const fingerprint = line('fingerprint') || '';
    const hex = fingerprint.startsWith('sha-256 ') ? fingerprint.slice(8).split(':') : [];
    const candidates = [...sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gm)]
      .map((m) => `${m[1]}/${m[2]}`);
    return {
      ufrag: line('ice-ufrag'),
      pwd: line('ice-pwd'),
      fingerprint: btoa(String.fromCharCode(...hex.map((h) => parseInt(h, 16))))
        .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
      setup: line('setup'),
      candidates,
    };
  }

  function encode(description) {
    const f = fields(description.sdp);
    if (!f.ufrag || !f.pwd || !f.fingerprint || !f.setup || !f.candidates.length) {
      throw new CodeError('no-candidates');
    }
    return [VERSION + KINDS[description.type], f.ufrag, f.pwd, f.fingerprint, f.setup,
            f.candidates.join(',')].join('~');
  }

  function decode(code, type) {
    const text = String(code || '').trim();
    if (text.length > MAX_CODE) throw new CodeError('too-long');
    const parts = text.split('~');
    if (parts.length !== 6 || !parts[0].startsWith(VERSION)) throw new CodeError('not-a-code');
    if (parts[0] !== VERSION + KINDS[type]) throw new CodeError(`not-an-${type}`);
    const [, ufrag, pwd, fingerprint, setup, candidates] = parts;
    const ice = /^[A-Za-z0-9+/]{4,256}$/;
    if (!ice.test(ufrag) || !ice.test(pwd) || !/^(actpass|active|passive)$/.test(setup)) {
      throw new CodeError('damaged');
    }
    let bytes;
    try {
      bytes = atob(fingerprint.replace(/-/g, '+').replace(/_/g, '/'));
    } catch (e) {
      throw new CodeError('damaged');
    }
    if (bytes.length !== 32) throw new CodeError('damaged');
    const hex = [...bytes].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase());
    const hosts = candidates.split(',').slice(0, 8).map((c, i) => {
      const m = c.match(/^([A-Za-z0-9.:-]{1,253})\/(\d{1,5})$/);
      if (!m || Number(m[2]) > 65535) throw new CodeError('damaged');
      return `a=candidate:${i + 1} 1 udp ${2113937151 - i} ${m[1]} ${m[2]} typ host`;
    });
    const sdp = [
      'v=0', `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', 'a=group:BUNDLE 0',
      'a=msid-semantic: WMS', 'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
      'c=IN IP4 0.0.0.0', ...hosts, `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`,
      'a=ice-options:trickle', `a=fingerprint:sha-256 ${hex.join(':')}`, `a=setup:${setup}`,
      'a=mid:0', 'a=sctp-port:5000', `a=max-message-size:${MAX_MESSAGE}`, '',
    ].join('\r\n');
    return { type, sdp };
  }

  function gathered(pc) {
    // The description with every candidate in it (no trickling: a code goes across once).
    return new Promise((resolve) => {
      const done = () => resolve(pc.localDescription);
      if (pc.iceGatheringState === 'complete') return done();
      const timer = setTimeout(done, GATHER_MS);
      pc.addEventListener('icegatheringstatechange', () => {
        if (pc.iceGatheringState === 'complete') {
          clearTimeout(timer);
          done();
        }
      });
    });
  }

  function toPython(message) {
    if (globalThis.seepPostToPython) globalThis.seepPostToPython({ seepPeer: true, ...message });
  }

  function attach(channel) {
    link.channel = channel;
    channel.binaryType = 'arraybuffer';
    channel.onopen = () => toPython({ event: 'open' });
    channel.onclose = () => toPython({ event: 'closed' });
    channel.onmessage = (event) => {
      if (typeof event.data !== 'string' || event.data.length > MAX_MESSAGE) return;  // not ours
      if (pings(event.data)) return;
      toPython({ event: 'message', data: event.data });
    };
  }

  function fresh() {
    close();
    const pc = new RTCPeerConnection({ iceServers: [] });
    link = { pc, channel: null };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'disconnected') {
        toPython({ event: 'closed' });
      }
    };
    return pc;
  }

  function close() {
    if (!link) return;
    try {
      link.pc.close();
    } catch (e) { /* already closed */ }
    link = null;
  }

  // A round trip to the other phone's Python (its peer.py answers a ping), timed: the link's
  // check, and the benchmark's figure.
  const waiting = new Map();
  let next = 1;
  function pings(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch (e) {
      return false;
    }
    if (!message || message.kind !== 'pong' || !waiting.has(message.id)) return false;
    waiting.get(message.id)();
    waiting.delete(message.id);
    return true;
  }

  function send(text) {
    if (!link || !link.channel || link.channel.readyState !== 'open') return false;
    if (text.length > MAX_MESSAGE) return false;
    link.channel.send(text);
    return true;
  }

  const api = {
    async offer() {
      const pc = fresh();
      attach(pc.createDataChannel('seep', { ordered: true }));
      await pc.setLocalDescription(await pc.createOffer());
      return encode(await gathered(pc));
    },
    async answer(code) {
      const offer = decode(code, 'offer');
      const pc = fresh();
      pc.ondatachannel = (event) => attach(event.channel);
      await pc.setRemoteDescription(offer);
      await pc.setLocalDescription(await pc.createAnswer());
      return encode(await gathered(pc));
    },
    async accept(code) {
      const answer = decode(code, 'answer');
      if (!link || link.pc.signalingState !== 'have-local-offer') throw new CodeError('no-offer');
      await link.pc.setRemoteDescription(answer);
    },
    isOpen: () => Boolean(link && link.channel && link.channel.readyState === 'open'),
    async ping(timeoutMs = 10000) {
      const id = next++;
      const started = performance.now();
      const answered = new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        setTimeout(() => reject(new Error('no answer')), timeoutMs);
      });
      if (!send(JSON.stringify({ kind: 'ping', id }))) throw new Error('no link');
      await answered;
      return performance.now() - started;
    },
    close,
  };

  // What the app's Python asks of the page: {seepPeer: 'offer' | 'answer' | 'accept' | 'send' |
  // 'close', id, code?, data?}; each answered {seepPeer: true, reply: id, code?} or {..., error}.
  async function fromPython(request) {
    const reply = { reply: request.id };
    try {
      if (request.seepPeer === 'send') {
        if (!send(String(request.data))) toPython({ event: 'unsent' });
        return;
      }
      if (request.seepPeer === 'offer') reply.code = await api.offer();
      else if (request.seepPeer === 'answer') reply.code = await api.answer(request.code);
      else if (request.seepPeer === 'accept') await api.accept(request.code);
      else if (request.seepPeer === 'close') close();
      else reply.error = 'unknown';
    } catch (e) {
      reply.error = e instanceof CodeError ? e.message : 'failed';
      if (!(e instanceof CodeError)) console.warn('peer link:', e);
    }
    toPython(reply);
  }

  globalThis.seepPeer = { ...api, fromPython, encode, decode };
})();
