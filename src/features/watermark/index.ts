/** The anti-record watermark over the player (issue 5 item 2): the stage overlay of the video page. */
export { Watermark, type WatermarkProps } from './Watermark';
