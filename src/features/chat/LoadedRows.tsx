/**
 * The rows a marker loaded (SkippedPart in ChatList), drawn as the list draws its own:
 * grouped by sender, withdrawn ones left out. Memoized, so a page renders once, when it
 * arrives, and the list's updates pass it by.
 */
import { memo } from 'react';
import type { ChatEntry } from '../../realtime/chatEntry';
import { ChatMessage, type ChatMessageCallbacks } from './ChatMessage';
import type { ChatRowLabels } from './rowLabels';
import { canWithdraw } from './withdrawWindow';

export interface LoadedRowsProps extends ChatMessageCallbacks {
  readonly rows: readonly ChatEntry[];
  readonly withdrawnIds: ReadonlySet<string>;
  readonly labels: ChatRowLabels;
  /** The withdraw clock (useWithdrawClock). */
  readonly now: number;
}

function LoadedRowsView({ rows, withdrawnIds, labels, now, ...callbacks }: LoadedRowsProps) {
  let previous: ChatEntry | undefined;
  const out = [];
  for (const row of rows) {
    if (withdrawnIds.has(row.msgId)) continue;
    const grouped = previous !== undefined && previous.uid === row.uid;
    previous = row;
    out.push(<ChatMessage key={row.msgId} entry={row} grouped={grouped} withdrawable={canWithdraw(row, now)} labels={labels} {...callbacks} />);
  }
  return <div className="chat-loaded">{out}</div>;
}

export const LoadedRows = memo(LoadedRowsView);
