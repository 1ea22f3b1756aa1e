import { startApp } from './app/bootstrap';

// Opened straight on a video page, the player's chunk (and through it the stream engine's)
// starts loading beside the app's startup instead of after the screen first renders: the
// first video frame is issue 5's 1.5 s target. The lazy import in app/liveSlots.tsx gets
// the same module. The guide page loads no player code.
if (window.location.pathname.includes('/live/video/')) void import('./features/player');

const container = document.getElementById('root');
if (container !== null) void startApp(container);
