// The sample portal's script (no inline script: the server's CSP allows scripts from its own
// origin only). It frames the viewer and drives it through the documented messages.
//
// ?viewer=<url of a viewer page>   default: this server's room 10001 under the other loopback
//                                  name (localhost <-> 127.0.0.1), so the frame is another origin.
(function () {
  const params = new URLSearchParams(location.search);
  const here = new URL(location.href);
  const otherHost = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const viewerUrl = new URL(params.get('viewer') || `${here.protocol}//${otherHost}:${here.port}/live/login/10001`);
  const frame = document.getElementById('viewer');
  const log = document.getElementById('log');
  frame.src = viewerUrl.href;

  const send = (message) => frame.contentWindow.postMessage({ source: 'webcast-host', ...message }, viewerUrl.origin);
  document.getElementById('play').addEventListener('click', () => send({ type: 'play' }));
  document.getElementById('pause').addEventListener('click', () => send({ type: 'pause' }));
  document.getElementById('locale').addEventListener('change', (event) => send({ type: 'setLocale', locale: event.target.value }));

  window.addEventListener('message', (event) => {
    // Only the framed viewer's messages count.
    if (event.origin !== viewerUrl.origin || event.source !== frame.contentWindow) return;
    if (typeof event.data !== 'object' || event.data === null || event.data.source !== 'webcast-viewer') return;
    const item = document.createElement('li');
    item.textContent = JSON.stringify(event.data);
    item.dataset.type = String(event.data.type);
    log.appendChild(item);
  });
})();
