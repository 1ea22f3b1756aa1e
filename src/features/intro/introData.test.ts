import { describe, expect, it } from 'vitest';
import { INTRODUCTION_MAX_CHARS, readIntroduction, readStaff, readStatus, STAFF_MAX, statusName } from './introData';

describe('introduction from the room info', () => {
  it('reads title, start time, status and introduction', () => {
    const intro = readIntroduction({
      id: '10001',
      title: ' Open live room ',
      startTime: 1_700_000_000_000,
      status: 2,
      introduction: 'Line one\nLine two ',
      entry: { gate: 'open' },
    });
    expect(intro).toEqual({ title: 'Open live room', startTime: 1_700_000_000_000, status: 2, introduction: 'Line one\nLine two' });
  });

  it('reads fields of the wrong kind as absent', () => {
    expect(readIntroduction({ title: 5, startTime: '2024', status: 9, introduction: { html: '<b>x</b>' } })).toEqual({
      title: '',
      startTime: null,
      status: null,
      introduction: '',
    });
    expect(readIntroduction(null)).toEqual({ title: '', startTime: null, status: null, introduction: '' });
    expect(readIntroduction({ startTime: -1 }).startTime).toBeNull();
    expect(readIntroduction({ startTime: Number.NaN }).startTime).toBeNull();
  });

  it('cuts a runaway introduction', () => {
    const intro = readIntroduction({ introduction: 'x'.repeat(INTRODUCTION_MAX_CHARS + 10) });
    expect(intro.introduction).toHaveLength(INTRODUCTION_MAX_CHARS + 1);
    expect(intro.introduction.endsWith('…')).toBe(true);
  });

  it('names the four live statuses and nothing else', () => {
    expect([0, 1, 2, 3].map((s) => statusName(readStatus(s) ?? 0))).toEqual(['notStarted', 'preparing', 'live', 'ended']);
    expect(readStatus(4)).toBeNull();
    expect(readStatus('2')).toBeNull();
  });
});

describe('the room staff (webcast/user/list)', () => {
  it('hosts first, then assistants; pictures only http(s); rows without a name, id or staff role left out', () => {
    const staff = readStaff({
      users: [
        { uid: 'a1', name: ' Helper ', role: 8, headImgUrl: 'javascript:alert(1)' },
        { uid: 'h1', name: 'Host', role: 6, headImgUrl: 'https://img.test/h.png' },
        { uid: 'v1', name: 'Viewer', role: 5 },
        { uid: '', name: 'No id', role: 6 },
        { uid: 'h2', name: '', role: 7 },
        { uid: 9, name: 'Alt host', role: 7 },
        'junk',
      ],
    });
    expect(staff).toEqual([
      { uid: 'h1', name: 'Host', role: 'host', avatar: 'https://img.test/h.png' },
      { uid: '9', name: 'Alt host', role: 'host', avatar: null },
      { uid: 'a1', name: 'Helper', role: 'assistant', avatar: null },
    ]);
  });

  it('an answer that is not a list is no staff, and a flood is cut', () => {
    expect(readStaff(null)).toEqual([]);
    expect(readStaff({ users: 'x' })).toEqual([]);
    const many = Array.from({ length: STAFF_MAX + 20 }, (_, i) => ({ uid: `u${i}`, name: `N${i}`, role: 8 }));
    expect(readStaff({ users: many })).toHaveLength(STAFF_MAX);
  });
});
