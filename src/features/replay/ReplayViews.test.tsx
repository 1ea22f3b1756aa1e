import { afterEach, describe, expect, it } from 'vitest';
import { readReplayTimeline } from '../../domain/replayTimeline';
import { reportReplayPosition } from '../../state/replayPlayback';
import { setReplayTimeline } from '../../state/replayTimeline';
import { renderStatic } from '../../ui/staticRender';
import { ReplayCards } from './ReplayCards';
import { ReplayTab } from './ReplayTab';
import { readMomentsAnswer, readTimelineAnswer } from './timelineData';

const T0 = 1_700_000_000_000;
const at = (s: number) => T0 + s * 1000;
const { events } = readReplayTimeline([
  { at: at(0), kind: 'chapter', id: 1, title: 'Welcome' },
  { at: at(30), kind: 'rollCall', id: 'rc1', deadline: at(90) },
  { at: at(75), kind: 'paper', id: 'p1', title: 'Quick quiz', quiz: true, paper: { id: 'p1', title: 'Quick quiz', items: [] } },
  { at: at(180), kind: 'redPacket', id: 'rp1', state: 1, title: 'Thanks', total: '8.00', count: 4 },
]);
const base = { roomId: '77', recording: '/media/vod-15/master.m3u8', truncated: false, moments: [] };

function playingAt(positionS: number) {
  reportReplayPosition({ roomId: '77', recording: base.recording, startedAt: T0, positionS, readAt: Date.now(), rate: 0 });
}

afterEach(() => {
  setReplayTimeline(null);
  reportReplayPosition(null);
});

describe('the replay guide and cards, first render', () => {
  it('says when no recording plays, while the timeline loads, and offers a retry when it failed', () => {
    expect(renderStatic(<ReplayTab roomId="77" />)).toContain('While a recording plays');
    playingAt(10);
    setReplayTimeline({ ...base, status: 'loading', events: [] });
    expect(renderStatic(<ReplayTab roomId="77" />)).toContain('Loading the chapters');
    setReplayTimeline({ ...base, status: 'failed', events: [] });
    const failed = renderStatic(<ReplayTab roomId="77" />);
    expect(failed).toContain('could not be loaded');
    expect(failed).toContain('>Try again</button>');
    expect(renderStatic(<ReplayCards roomId="77" />)).toBe('');
  });

  it('lists the chapters and interactions with their positions, the one reached marked', () => {
    playingAt(40);
    setReplayTimeline({ ...base, status: 'ready', events });
    const html = renderStatic(<ReplayTab roomId="77" />);
    expect(html).toContain('>0:00</span>');
    expect(html).toContain('Welcome');
    expect(html).toContain('>0:30</span>');
    expect(html).toContain('>3:00</span>');
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-current="true"[^]*0:30/);
  });

  it('shows the cards of what had happened by the moment, and none of what comes later', () => {
    playingAt(85);
    setReplayTimeline({ ...base, status: 'ready', events });
    const html = renderStatic(<ReplayCards roomId="77" />);
    expect(html).toContain('data-interaction="replay-paper"');
    expect(html).toContain('data-interaction="replay-rollcall"');
    expect(html).not.toContain('replay-redpacket');
    expect(html).toContain('The host held a roll call here (60 s)');
    // The most recent first.
    expect(html.indexOf('replay-paper')).toBeLessThan(html.indexOf('replay-rollcall'));
    // Another room's recording shows nothing here.
    expect(renderStatic(<ReplayCards roomId="78" />)).toBe('');
  });
});

describe('the replay answers', () => {
  it('reads the timeline and the moments, dropping what is not one', () => {
    expect(readTimelineAnswer({ list: [{ at: 1, kind: 'chapter', title: 'A' }, { at: 2, kind: 'nope' }], more: true })).toMatchObject({ skipped: 1, truncated: true });
    expect(readTimelineAnswer('x')).toEqual({ events: [], skipped: 0, truncated: false });
    expect(readMomentsAnswer({ sent: [{ at: 5, text: 'hi' }, { at: 'x' }], mentioned: [{ at: 2, text: '@me' }], questions: [{ at: 9, content: 'Why?' }] })).toEqual([
      { at: 2, kind: 'mentioned', text: '@me' },
      { at: 5, kind: 'sent', text: 'hi' },
      { at: 9, kind: 'question', text: 'Why?' },
    ]);
    expect(readMomentsAnswer(null)).toEqual([]);
  });
});
