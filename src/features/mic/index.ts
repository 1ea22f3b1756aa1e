export { MicControl } from './MicControl';
export type { NicknameGate } from './useViewerMic';
