export { GiftButton } from './GiftButton';
export { GiftEffects } from './GiftEffects';
