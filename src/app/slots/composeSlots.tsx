/**
 * Joins the live screen's slot contributions of several features into one set: overlays,
 * toolbars and layers side by side in the order given, tabs in SPEC order (introduction,
 * chat, goods, recommend; unknown keys after them). A single-valued slot (entry, player) is
 * taken from the first part that has it.
 */
import { Fragment, type ReactNode } from 'react';
import type { LiveScreenSlots, RoomTab } from '../../features/live';

const TAB_ORDER = ['intro', 'chat', 'goods', 'recommend'];

function tabRank(tab: RoomTab): number {
  const index = TAB_ORDER.indexOf(tab.key);
  return index === -1 ? TAB_ORDER.length : index;
}

type NodeSlot = 'banner' | 'stageOverlay' | 'document' | 'toolbar' | 'strip' | 'interactions' | 'layers';

function joinNodes(parts: readonly LiveScreenSlots[], slot: NodeSlot): ((roomId: string) => ReactNode) | undefined {
  const makers = parts.flatMap((part) => (part[slot] === undefined ? [] : [part[slot]]));
  if (makers.length === 0) return undefined;
  return (roomId) => makers.map((make, index) => <Fragment key={index}>{make(roomId)}</Fragment>);
}

export function composeSlots(...parts: readonly LiveScreenSlots[]): LiveScreenSlots {
  const tabMakers = parts.flatMap((part) => (part.tabs === undefined ? [] : [part.tabs]));
  const first = <K extends 'entry' | 'player'>(key: K): LiveScreenSlots[K] => parts.find((part) => part[key] !== undefined)?.[key];
  return {
    entry: first('entry'),
    player: first('player'),
    banner: joinNodes(parts, 'banner'),
    stageOverlay: joinNodes(parts, 'stageOverlay'),
    document: joinNodes(parts, 'document'),
    toolbar: joinNodes(parts, 'toolbar'),
    strip: joinNodes(parts, 'strip'),
    interactions: joinNodes(parts, 'interactions'),
    layers: joinNodes(parts, 'layers'),
    tabs:
      tabMakers.length === 0
        ? undefined
        : (roomId) => tabMakers.flatMap((make) => make(roomId)).sort((a, b) => tabRank(a) - tabRank(b)),
  };
}
