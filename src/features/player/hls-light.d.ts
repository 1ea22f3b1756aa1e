// hls.js ships no declarations for its light build (same API, fewer features: no
// subtitles, alternate audio or DRM, none of which the rooms use).
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
  export * from 'hls.js';
}
