export { GoodsTab } from './GoodsTab';
export { PushedCard } from './PushedCard';
export { RecommendTab } from './RecommendTab';
