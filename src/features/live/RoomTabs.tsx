import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { RoomOffer } from '../../state/roomOffers';

/** One of the room's side tabs; features supply them through the screen's `tabs` slot. */
export interface RoomTab {
  /** Stable key: also the `data-tab` of the tab button and its panel (tests and styling). */
  readonly key: string;
  /** Already translated: the tab's feature owns its wording. */
  readonly label: string;
  /** The tab shown when the page opens (else the first tab). */
  readonly initial?: boolean;
  /** What the platform must offer in the room for this tab (state/roomOffers.ts): hidden while it is withheld. */
  readonly offer?: RoomOffer;
  /** Shown only while the room's recording plays with its timeline (the replay's chapters and transcript). */
  readonly onlyInReplay?: boolean;
  /** A count beside the label (unread messages), drawn by the tab's feature; nothing when there is none. */
  badge?(): ReactNode;
  render(): ReactNode;
}

/**
 * The tab to show: the one asked for (from the address) when the room has it, else the one
 * marked initial, else the first. A shared link to a tab this room does not offer (products
 * in a room without goods) opens the room's usual tab rather than an empty panel.
 */
export function currentTabKey(tabs: readonly RoomTab[], requested: string | null): string {
  if (requested !== null && tabs.some((tab) => tab.key === requested)) return requested;
  return (tabs.find((tab) => tab.initial === true) ?? tabs[0])?.key ?? '';
}

interface RoomTabsProps {
  readonly tabs: readonly RoomTab[];
  /** The tab asked for (the screen keeps it in the address); null: the room's usual tab. */
  readonly requested?: string | null;
  /** Called when the viewer picks a tab; without it the tabs keep their own choice. */
  readonly onSelect?: (key: string) => void;
}

/**
 * The room's side tabs (WAI-ARIA tabs pattern). Every panel stays mounted and only the
 * selected one is shown, so the chat keeps its scroll position, draft and reading state while
 * the viewer reads the introduction.
 */
export function RoomTabs({ tabs, requested = null, onSelect }: RoomTabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = currentTabKey(tabs, onSelect === undefined ? own : requested);
  const setSelected = (key: string) => (onSelect === undefined ? setOwn(key) : onSelect(key));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || tabs.length === 0) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.key === current);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next === undefined) return;
    setSelected(next.key);
    buttons.current.get(next.key)?.focus();
  };

  return (
    <div className="room-tabs">
      <div className="room-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(node) => {
              if (node === null) buttons.current.delete(tab.key);
              else buttons.current.set(tab.key, node);
            }}
            type="button"
            role="tab"
            className="room-tabs__tab"
            data-tab={tab.key}
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={tab.key === current}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={tab.key === current ? 0 : -1}
            onClick={() => setSelected(tab.key)}
          >
            {tab.label}
            {tab.badge?.()}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          className="room-tabs__panel"
          data-tab={tab.key}
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={tab.key !== current}
        >
          {tab.render()}
        </div>
      ))}
    </div>
  );
}
