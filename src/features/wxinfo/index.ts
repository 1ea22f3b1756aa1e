export { WxInfoScreen } from './WxInfoScreen';
