/** The player feature (issue 5): live and replay playback on the video page. */
export { Player, type PlayerProps } from './Player';
