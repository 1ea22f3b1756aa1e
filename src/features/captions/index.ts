export { CaptionOverlay } from './CaptionOverlay';
