import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  captionsAt,
  cardsAt,
  currentLineAt,
  happenedCount,
  markersOf,
  nextChangeAt,
  noticeAt,
  positionOfTime,
  readReplayTimeline,
  searchTranscript,
  sharesSlides,
  slideAt,
  transcriptOf,
  type ReplayEvent,
} from './replayTimeline';
import { replayMomentMs } from './replayChatWindow';

const T0 = 1_700_000_000_000;
const at = (s: number) => T0 + s * 1000;
const slide = (s: number, page: number | null) => ({ at: at(s), kind: 'slide', sharing: page !== null, doc: page === null ? null : { id: 'd1', title: 'Deck', pages: 5, page, url: `/share/v1/files/d1/${page}` } });

const SERVER_LIST: unknown[] = [
  { at: at(0), kind: 'chapter', id: 1, title: 'Welcome' },
  { at: at(3), kind: 'caption', text: 'Hello everyone', start: at(3), end: at(9), lang: 'en_us' },
  slide(5, 1),
  { at: at(6), kind: 'notice', content: 'Slides after the session' },
  { at: at(7), kind: 'caption', text: '大家好，欢迎来到直播', start: at(7), end: at(12), lang: 'zh_cn' },
  { at: at(10), kind: 'hostMessage', msgId: 'm1', name: 'Host', text: 'Questions welcome' },
  { at: at(30), kind: 'rollCall', id: 'rc1', deadline: at(90) },
  { at: at(40), kind: 'lottery', raffleId: 'rf1', state: 'start', title: 'Lucky draw', prize: 'Mug', winnerCount: 1 },
  { at: at(50), kind: 'redPacket', id: 'rp1', state: 1, title: 'Thanks', total: '8.00', count: 4 },
  slide(55, 2),
  { at: at(60), kind: 'lottery', raffleId: 'rf1', state: 'end', title: 'Lucky draw', prize: 'Mug', winnerCount: 1, winners: [{ uid: 'u1', name: 'Ann' }], entrants: 3, seed: 'ab', seedHash: 'cd', entrantsHash: 'ef' },
  { at: at(65), kind: 'redPacket', id: 'rp1', state: 2 },
  { at: at(70), kind: 'hologram', id: 'x' },
  { at: at(71), kind: 'caption', text: '' },
  'nonsense',
  slide(80, null),
];

describe('the replay timeline', () => {
  const { events, skipped } = readReplayTimeline(SERVER_LIST);

  it('reads the known kinds and skips (and counts) what it does not know or cannot use', () => {
    expect(skipped).toBe(3);
    expect(events.map((e) => e.kind)).toEqual(['chapter', 'caption', 'slide', 'notice', 'caption', 'hostMessage', 'rollCall', 'lottery', 'redPacket', 'slide', 'lottery', 'redPacket', 'slide']);
    expect(readReplayTimeline({ list: 1 })).toEqual({ events: [], skipped: 0 });
  });

  it('maps a room time to the recording position and back, through the viewer offset', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7_200 }), fc.integer({ min: -600, max: 600 }), (position, offset) => {
        expect(positionOfTime(replayMomentMs(T0, position, offset), T0, offset)).toBeCloseTo(position, 6);
      }),
    );
  });

  it('counts the events that had happened by a moment (a property against a plain count)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 60 }), fc.integer({ min: -5, max: 105 }), (times, moment) => {
        const sorted = [...times].sort((a, b) => a - b).map((t): ReplayEvent => ({ kind: 'notice', at: t, content: 'x' }));
        expect(happenedCount(sorted, moment)).toBe(times.filter((t) => t <= moment).length);
      }),
    );
  });

  it('shows each interaction as it stood at the moment, the latest first', () => {
    expect(cardsAt(events, at(20))).toEqual([]);
    expect(cardsAt(events, at(45)).map((c) => c.kind)).toEqual(['lottery', 'rollCall']);
    const at55 = cardsAt(events, at(55));
    expect(at55.map((c) => c.kind)).toEqual(['redPacket', 'lottery', 'rollCall']);
    expect(at55[1]).toMatchObject({ state: 'start', winners: [] });
    const later = cardsAt(events, at(66));
    // One card per interaction: the packet grabbed out keeps its amounts, the lottery has its winners.
    expect(later.map((c) => c.kind)).toEqual(['redPacket', 'lottery', 'rollCall']);
    expect(later[0]).toMatchObject({ state: 2, title: 'Thanks', total: '8.00' });
    expect(later[1]).toMatchObject({ state: 'end', winners: [{ uid: 'u1', name: 'Ann' }] });
    expect(cardsAt(events, at(66), 1)).toHaveLength(1);
  });

  it('turns the slides, shows the notice and the captions at their times', () => {
    expect(slideAt(events, at(4))).toBeNull();
    expect(slideAt(events, at(5))?.page).toBe(1);
    expect(slideAt(events, at(79))?.page).toBe(2);
    expect(slideAt(events, at(81))).toBeNull();
    expect(sharesSlides(events)).toBe(true);
    expect(noticeAt(events, at(5))).toBeNull();
    expect(noticeAt(events, at(6))).toBe('Slides after the session');
    expect(captionsAt(events, at(2))).toEqual([]);
    expect(captionsAt(events, at(8)).map((c) => c.text)).toEqual(['Hello everyone', '大家好，欢迎来到直播']);
    expect(captionsAt(events, at(10)).map((c) => c.text)).toEqual(['大家好，欢迎来到直播']);
    expect(captionsAt(events, at(12))).toEqual([]);
    // The next change: a caption ending, or the next event.
    expect(nextChangeAt(events, at(8))).toBe(at(9));
    expect(nextChangeAt(events, at(12))).toBe(at(30));
    expect(nextChangeAt(events, at(100))).toBeNull();
  });

  it('marks chapters, notices and each interaction once, for the scrubber and the chapter list', () => {
    expect(markersOf(events).map((m) => [m.kind, (m.at - T0) / 1000])).toEqual([
      ['chapter', 0],
      ['notice', 6],
      ['rollCall', 30],
      ['lottery', 40],
      ['redPacket', 50],
    ]);
  });

  it('builds the transcript from captions and host lines, and searches it in Chinese and Latin, any case or width', () => {
    const lines = transcriptOf(events);
    expect(lines.map((l) => l.source)).toEqual(['caption', 'caption', 'host']);
    expect(searchTranscript(lines, '欢迎')).toEqual([{ line: 1, ranges: [[4, 6]] }]);
    expect(searchTranscript(lines, 'HELLO')).toEqual([{ line: 0, ranges: [[0, 5]] }]);
    // Full-width letters fold to plain ones.
    expect(searchTranscript(lines, 'ｑｕｅｓｔｉｏｎｓ')).toEqual([{ line: 2, ranges: [[0, 9]] }]);
    expect(searchTranscript(lines, 'e')[0]).toEqual({ line: 0, ranges: [[1, 2], [6, 7], [8, 9], [13, 14]] });
    expect(searchTranscript(lines, '   ')).toEqual([]);
    expect(searchTranscript(lines, 'absent')).toEqual([]);
    expect(currentLineAt(lines, at(1))).toBe(-1);
    expect(currentLineAt(lines, at(8))).toBe(1);
    expect(currentLineAt(lines, at(500))).toBe(2);
  });

  it('keeps highlight ranges on the original text when a character is two UTF-16 units', () => {
    const lines = [{ at: 0, source: 'caption' as const, name: '', text: '😀 Ｈｉ there' }];
    const [hit] = searchTranscript(lines, 'hi');
    expect(hit?.ranges).toEqual([[3, 5]]);
    expect(lines[0]!.text.slice(3, 5)).toBe('Ｈｉ');
  });
});
