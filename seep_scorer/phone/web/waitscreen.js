
    // The waiting screen (publish/waitscreen.py): the app's name and real progress, in the phone's
    // language, until the app's first screen. Then the app: once sw.js controls the page.
    (() => {
      const TEXTS = __TEXTS__;
      const FONT_FILES = __FONT_FILES__;
      const RTL = __RTL__;
      const codes = (navigator.languages || [navigator.language || 'en'])
        .map((tag) => String(tag).toLowerCase().split('-')[0]);
      const lang = codes.find((code) => code in TEXTS) || 'en';
      const [name, ...steps] = TEXTS[lang];
      const screen = document.getElementById('seep-boot');
      screen.lang = lang;
      screen.dir = RTL.includes(lang) ? 'rtl' : 'ltr';
      document.getElementById('seep-boot-name').textContent = name;
      let step = -1;
      let mb = 0;
      const show = (n) => {
        step = Math.max(step, n);
        const text = steps[step] + (step === 0 && mb >= 0.1 ? ` (${mb.toFixed(1)} MB)` : '');
        document.getElementById('seep-boot-step').textContent = text;
        const fill = step === 0 ? Math.min(0.3, 0.08 + mb / 110) : [0.3, 0.55, 0.85][step];
        document.getElementById('seep-boot-bar').style.width = `${Math.round(fill * 100)}%`;
      };
      show(0);
      const boot = window.seepBoot = {
        snapshotKey: "__SNAPSHOT_KEY__",
        steps: [],  // what the Python worker did: 'python', 'snapshot:used' (made, broken), 'app'
        at: {},  // when each step first happened, ms on this page's clock (for the benchmark)
        cached: false,  // sw.js holds every file of the app's own
        mark(what, at = performance.now()) {
          if (!(what in boot.at)) boot.at[what] = Math.round(at);
        },
        step(message) {  // from the Python worker (python.js)
          const what = message.seepBoot;
          boot.steps.push(what === 'snapshot' ? `snapshot:${message.snapshot}` : what);
          boot.mark(boot.steps[boot.steps.length - 1],
                    message.at ? message.at - performance.timeOrigin : undefined);
          if (what === 'python') show(1);
          else if (what === 'app') show(2);
        },
        appMessage() {  // Python sent the page its first screen: gone after Flutter drew it
          if (boot.done) return;
          boot.done = true;
          boot.mark('first-message');
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
            screen.remove();
            boot.shown = true;
            if (boot.later) boot.later();
            const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
            if (sw) sw.postMessage({ seepBoot: 'ready' });  // fetch the rest of the app's files
          }, 50)));
        },
        failed() { screen.remove(); },
        afterFirstScreen(then) {  // a second after the app's first screen (or at once, if past)
          boot.later = () => setTimeout(then, 1000);
          if (boot.shown) boot.later();
        },
      };
      const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
      if (sw) {
        sw.addEventListener('message', (event) => {
          const what = event.data && event.data.seepBoot;
          if (what === 'fetched' && step === 0) {
            mb += (event.data.bytes || 0) / 1e6;
            show(0);
          } else if (what === 'cached') {
            boot.cached = true;
          }
        });
        sw.startMessages();
      }
      const start = () => {
        if (boot.started) return;
        boot.started = true;
        // The app's own font for this language's script (a phone may lack it), through sw.js.
        if (FONT_FILES[lang]) {
          const face = new FontFace('Seep Boot', `url(${FONT_FILES[lang]})`);
          face.load().then(() => {
            document.fonts.add(face);
            screen.style.fontFamily = "'Seep Boot', system-ui, sans-serif";
          }).catch(() => {});
        }
        globalThis.seepStartPython();  // python.js: Python starts alongside Flutter
        const script = document.createElement('script');
        script.src = 'flutter_bootstrap.js';
        script.async = true;
        document.body.append(script);
      };
      // The app's own service worker: the app opens offline once it has been opened. On a first
      // visit the page waits for it (a moment: it fetches only a few small files first), so
      // every file after comes through it, fetched once and kept.
      const registered = sw ? sw.register('sw.js')
                            : Promise.reject(new Error('no service workers'));
      if (!sw || sw.controller) {
        registered.catch((e) => console.warn('service worker:', e));
        start();
      } else {
        sw.addEventListener('controllerchange', start, { once: true });
        registered.catch((e) => { console.warn('service worker:', e); start(); });
        setTimeout(start, 15000);  // never wait for ever
      }
      // Ask the browser to keep this site's storage (the matches) when space runs low.
      if (navigator.storage && navigator.storage.persist) {
        navigator.storage.persist().catch(() => {});
      }
    })();
  