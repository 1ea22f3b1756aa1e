export { EntryPanel, type EntryPanelProps } from './EntryPanel';
export { NicknamePanel, NicknamePrompt, type NicknamePanelProps } from './NicknamePanel';
export { nicknameIsSet, requireNickname } from './nicknameStore';
export { EntryPanel as GuestEntry } from './EntryPanel';
