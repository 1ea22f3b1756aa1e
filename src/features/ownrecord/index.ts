export { OwnRecordButton } from './OwnRecordButton';
