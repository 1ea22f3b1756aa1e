export { AnswerSheetCard } from './AnswerSheetCard';
