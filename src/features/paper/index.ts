export { PaperCard } from './PaperCard';
export { PaperList } from './PaperList';
export { PaperPractice } from './PaperPractice';
