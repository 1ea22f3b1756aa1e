/** The splash advert (issue 5 item 2): a layer over the video page while its countdown runs. */
export { Splash, type SplashProps } from './Splash';
