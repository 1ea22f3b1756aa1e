/**
 * The notice feature (issue 5 item 4): the room notice and the host's notice to this viewer
 * as a dismissible strip, and the room's viewing terms (contract) the viewer accepts before
 * watching.
 */
export { NoticeStrip, type NoticeStripProps } from './NoticeStrip';
export { ContractGate, type ContractGateProps } from './ContractGate';
