export { DocShareView } from './DocShareView';
