export { GoodsTab } from './GoodsTab';
export { PushedCard, PushedItem } from './PushedCard';
export { RecommendTab } from './RecommendTab';
