// Runtime configuration of the live-room viewer. It is loaded by index.html before the
// application and may be edited after the build: no rebuild is needed.
// Service addresses: '' means "the origin this page was served from".
window.__WEBCAST_CONFIG__ = {
  // Router prefix (history mode). Every route lives under it, e.g. /webcast/live/login/10001.
  appPrefix: '/',
  services: {
    live: '',
    commerce: '',
    // Document sharing: a resource host stored in session storage by the room wins over this.
    resource: '',
    // Login and directory service (its location step returns the other server addresses).
    directory: '',
  },
  // The room `/` redirects to (LiveGuide).
  defaultRoomId: '10001',
  // zh_cn is the default; ru_ru ships translated but is switched off.
  defaultLocale: 'zh_cn',
  locales: { zh_cn: true, tr_cn: true, en_us: true, ru_ru: false },
  // Origins whose window.postMessage messages are accepted.
  allowedOrigins: [],
  // #rgb or #rrggbb; anything else falls back to #2081eb.
  themeColour: '#2081eb',
  // SPEC's error reporting: the app name and version label of every report, and where the
  // page sends them (a path on the live service or an http(s) address; '' sends none).
  errorReporting: { appName: 'cloud_webcast', versionLabel: 'CLV_PC_WEB', endpoint: '/ccp/report/v1/client-errors' },
};
