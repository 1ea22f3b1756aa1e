import { describe, expect, it } from 'vitest';
import { readChapters, readConsoleRoom, readGrabs, readMicDesk, readPending, readQaPending, readShare, readSignIns, readKicks, readSignups, readPushAddress, readQaSwitchState, readRecommendationMatches, readGuessing } from './consoleData';

describe('the console reads', () => {
  it('the room title, a known live status and the introduction, nothing else', () => {
    expect(readConsoleRoom({ title: 'Demo', status: 2, introduction: 'Hello' })).toEqual({ title: 'Demo', status: 2, introduction: 'Hello' });
    expect(readConsoleRoom({ title: 7, status: 9, introduction: 3 })).toEqual({ title: '', status: null, introduction: '' });
    expect(readConsoleRoom(null)).toEqual({ title: '', status: null, introduction: '' });
  });

  it('the mic users with a state of the mic, a missing name as the uid, bad rows dropped', () => {
    const desk = readMicDesk({
      open: true,
      users: [
        { uid: 'a', name: 'Ann', state: 'applying' },
        { uid: 42, name: '', state: 'connected' },
        { uid: 'b', state: 'idle' },
        { uid: 'c', state: 'dancing' },
        { name: 'no id', state: 'applying' },
        'junk',
      ],
    });
    expect(desk).toEqual({ open: true, users: [{ uid: 'a', name: 'Ann', state: 'applying' }, { uid: '42', name: '42', state: 'connected' }] });
    expect(readMicDesk({ open: 'yes', users: 'none' })).toEqual({ open: false, users: [] });
  });

  it('the messages waiting for review: id, sender name (else uid) and text; rows without an id dropped', () => {
    expect(
      readPending({
        list: [
          { msgId: 'm1', uid: 'u1', body: { name: 'Ann', body: 'hello' } },
          { msgId: 'm2', uid: 'u2', body: { body: 'no name' } },
          { uid: 'u3', body: { name: 'x', body: 'no id' } },
          null,
        ],
      }),
    ).toEqual([
      { msgId: 'm1', name: 'Ann', text: 'hello' },
      { msgId: 'm2', name: 'u2', text: 'no name' },
    ]);
    expect(readPending({ list: 'x' })).toEqual([]);
  });

  it("the recording's chapters, junk dropped", () => {
    expect(readChapters({ list: [{ id: 3, at: 10, title: 'Part one' }, { id: 'x', at: 'soon', title: 'bad' }, null] })).toEqual([{ id: '3', at: 10, title: 'Part one' }]);
    expect(readChapters(null)).toEqual([]);
  });

  it('the results: sign-ins, grabs with their amounts, questions waiting; junk dropped', () => {
    expect(readSignIns({ rollCall: { id: 'rc1', deadline: 5 }, signIns: [{ uid: 'a', name: 'Ann' }, { name: 'no id' }] })).toEqual({ id: 'rc1', deadline: 5, people: [{ uid: 'a', name: 'Ann', amount: null }] });
    expect(readSignIns({ rollCall: null, signIns: [] })).toEqual({ id: null, deadline: null, people: [] });
    expect(readGrabs({ redPacket: { id: 'rp', total: '1.00', count: 2 }, grabs: [{ uid: 'b', name: '', amount: '0.37' }] })).toEqual({
      id: 'rp',
      total: '1.00',
      count: 2,
      people: [{ uid: 'b', name: 'b', amount: '0.37' }],
    });
    expect(readQaPending({ list: [{ qaId: 'q1', name: 'Ann', content: 'Why?' }, { name: 'x' }] })).toEqual([{ qaId: 'q1', name: 'Ann', content: 'Why?' }]);
  });

  it('what is shared: the document page of pages and the whiteboard; nothing shared without a document', () => {
    expect(readShare({ sharing: true, doc: { id: 'd1', title: 'Deck', page: 2, pages: 5 }, whiteboard: { open: true } })).toEqual({ sharing: true, docId: 'd1', title: 'Deck', page: 2, pages: 5, whiteboard: true });
    expect(readShare({ sharing: true, doc: null })).toMatchObject({ sharing: false, page: 1, pages: 1 });
  });

  it('the sign-ups: id, the name given on the form (else the account\'s, else uid), phone or e-mail, a known audit state; bad rows dropped', () => {
    const data = {
      signups: [
        { uid: 'u1', name: '用户0001', phone: '13900000001', email: null, state: 'pending', answers: { name: 'Zhao', phone: '13900000001' } },
        { uid: 'u2', name: '', phone: null, email: 'b@example.com', state: 'passed' },
        { uid: 'u3', state: 'maybe' },
        { name: 'no id', state: 'failed' },
        'junk',
      ],
    };
    expect(readSignups(data)).toEqual([
      { uid: 'u1', name: 'Zhao', contact: '13900000001', state: 'pending' },
      { uid: 'u2', name: 'u2', contact: 'b@example.com', state: 'passed' },
    ]);
    expect(readSignups(null)).toEqual([]);
  });

  it('the kicked: id, name (else uid), reason, until (null: until readmitted); rows without an id dropped', () => {
    const data = { list: [{ userId: 'g1', name: 'Ann', text: 'spam', until: 1_800_000_000_000 }, { userId: 'g2', name: '', until: null }, { name: 'x' }] };
    expect(readKicks(data)).toEqual([
      { uid: 'g1', name: 'Ann', reason: 'spam', until: 1_800_000_000_000 },
      { uid: 'g2', name: 'g2', reason: '', until: null },
    ]);
    expect(readKicks({ list: 'nope' })).toEqual([]);
  });
});

describe('the console reads the encoder settings and the Q&A switch', () => {
  it('an RTMP(S) address with a key, nothing else', () => {
    expect(readPushAddress({ url: 'rtmp://live.test/live', streamKey: '10001?key=abc' })).toEqual({ url: 'rtmp://live.test/live', streamKey: '10001?key=abc' });
    expect(readPushAddress({ url: 'rtmps://live.test/live', streamKey: 'k' })).not.toBeNull();
    expect(readPushAddress({ url: 'javascript:alert(1)', streamKey: 'k' })).toBeNull();
    expect(readPushAddress({ url: 'rtmp://live.test/live', streamKey: '' })).toBeNull();
    expect(readPushAddress({ url: 'rtmp://a b', streamKey: 'k' })).toBeNull();
    expect(readPushAddress(null)).toBeNull();
  });

  it('the switch as on, off or unopened; anything else unknown', () => {
    expect(readQaSwitchState({ state: 'on' })).toBe('on');
    expect(readQaSwitchState({ state: 'unopened' })).toBe('unopened');
    expect(readQaSwitchState({ state: 'ON' })).toBeNull();
    expect(readQaSwitchState([])).toBeNull();
  });
});

describe('the console reads the recommendations found', () => {
  it('id and title (the id when untitled); rows without an id left out; at most 50', () => {
    expect(readRecommendationMatches({ list: [{ id: 'r1', title: ' Trial ' }, { id: 'r2' }, { title: 'no id' }, null] })).toEqual([
      { id: 'r1', title: 'Trial' },
      { id: 'r2', title: 'r2' },
    ]);
    expect(readRecommendationMatches({ list: Array.from({ length: 80 }, (_, i) => ({ id: `r${i}` })) })).toHaveLength(50);
    expect(readRecommendationMatches('junk')).toEqual([]);
  });
});

describe('the console reads the guessing alarm', () => {
  it('keeps the alarms in force, in minutes, and drops the rest and anything of another shape', () => {
    const answer = {
      webcastId: '10002',
      password: { active: true, failures: 250, guessers: 25, windowSeconds: 600, since: 1_800_000_000_000 },
      memberCode: { active: false, failures: 3, guessers: 1, windowSeconds: 600, since: null },
    };
    expect(readGuessing(answer)).toEqual([{ kind: 'password', failures: 250, guessers: 25, minutes: 10, since: 1_800_000_000_000 }]);
    expect(readGuessing({ password: { active: true, failures: -4, guessers: 'many', since: 'soon' } })).toEqual([{ kind: 'password', failures: 0, guessers: 0, minutes: 1, since: null }]);
    for (const odd of [null, 'x', [], { password: { active: 'yes' } }]) expect(readGuessing(odd)).toEqual([]);
  });
});
