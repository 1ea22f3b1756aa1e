export { PaperCard } from './PaperCard';
export { PaperPractice } from './PaperPractice';
