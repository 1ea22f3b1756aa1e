/**
 * The settings feature (SPEC 2 "Settings: nickname, effects, definition, delay mode, player
 * choice"; issue 5 item 4): a toolbar button opening the settings dialog. The app passes
 * the nickname form in (`nickname`), since features do not import each other.
 */
export { SettingsPanel, type SettingsPanelProps } from './SettingsPanel';
