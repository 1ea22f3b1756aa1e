export { QaPanel } from './QaPanel';
