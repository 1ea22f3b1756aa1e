export { ExitButton, type ExitButtonProps } from './ExitButton';
export { LeaveWatch, type LeaveWatchProps } from './LeaveWatch';
