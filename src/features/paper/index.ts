export { PaperCard } from './PaperCard';
