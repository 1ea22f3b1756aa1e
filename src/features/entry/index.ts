export { GuestEntry, type GuestEntryProps } from './GuestEntry';
