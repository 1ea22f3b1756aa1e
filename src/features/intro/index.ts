/** The room's introduction tab (SPEC 2 "live introduction"; issue 5 item 4). */
export { IntroPanel, type IntroPanelProps } from './IntroPanel';
