// The following tail as rendered: the newest rows only, oldest first, in one log.
import { describe, expect, it } from 'vitest';
import { ChatTail } from './ChatTail';
import { renderStatic } from './renderTesting';
import { INITIAL_TAIL_ROWS } from './tailRows';
import { entries } from './testEntries';

const noop = () => {};

describe('ChatTail', () => {
  it('renders the newest rows, oldest first, in a focusable log', () => {
    const view = entries(30, 1);
    const html = renderStatic(<ChatTail view={view} label="Chat messages" leaveAfterPx={48} renderItem={(_i, e) => <p>{e.msgId}</p>} onLeaveBottom={noop} />);
    expect(html).toContain('role="log"');
    expect(html).toContain('aria-label="Chat messages"');
    expect(html).toContain('tabindex="0"');
    const ids = [...html.matchAll(/data-item-id="(m\d+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(INITIAL_TAIL_ROWS);
    expect(ids[0]).toBe(`m${31 - INITIAL_TAIL_ROWS}`);
    expect(ids.at(-1)).toBe('m30');
  });

  it('gives each item its index in the view', () => {
    const view = entries(3, 100);
    const html = renderStatic(<ChatTail view={view} label="Chat" leaveAfterPx={48} renderItem={(i, e) => <p>{`${i}:${e.msgId}`}</p>} onLeaveBottom={noop} />);
    expect(html).toContain('<p>0:m100</p>');
    expect(html).toContain('<p>2:m102</p>');
  });
});
