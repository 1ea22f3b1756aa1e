/**
 * The device test (issue 5 item 5, SPEC 1 and 2): a toolbar button opening a dialog that
 * shows the microphone's level and plays a test tone on the speaker.
 */
export { DeviceTest } from './DeviceTest';
