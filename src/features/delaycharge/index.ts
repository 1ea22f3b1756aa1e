export { DelayChargeGate } from './DelayChargeGate';
