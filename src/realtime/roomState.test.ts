import { describe, it, expect } from 'vitest';
import { ACTED_KEPT, applyPatch, INITIAL_ROOM_STATE, isRoomStateCode, readRoomState, GIFTS_KEPT, withActed } from './roomState';

const read = (code: number, body: Record<string, unknown>, myUid: string | null = 'me') => readRoomState(code, body, INITIAL_ROOM_STATE, myUid);

describe('room state readers', () => {
  it('knows the state codes 7105 to 7127 and no others', () => {
    for (let code = 7105; code <= 7127; code += 2) expect(isRoomStateCode(code)).toBe(true);
    for (const code of [7101, 7103, 7100, 7129, 4101]) expect(isRoomStateCode(code)).toBe(false);
    expect(read(7101, {})).toBeNull();
  });

  it('chat state needs every switch; muted defaults to none', () => {
    expect(read(7105, { open: true, review: false, pictures: true, staffOnly: true })).toEqual({ key: 'chat', value: { open: true, review: false, pictures: true, staffOnly: true, muted: [] } });
    expect(read(7105, { open: true, review: false, pictures: true })).toBeNull();
    expect(read(7105, { open: true, review: false, pictures: true, staffOnly: false, muted: [{}] })).toBeNull();
    expect(read(7105, { open: 1, review: false, pictures: true, staffOnly: false })).toBeNull();
  });

  it('live status keeps a replay URL only when it is safe', () => {
    expect(read(7107, { status: 2 })).toEqual({ key: 'live', value: { status: 2, replay: null } });
    expect(read(7107, { status: 3, replay: 'javascript:x' })).toEqual({ key: 'live', value: { status: 3, replay: null } });
    expect(read(7107, { status: '2' })).toBeNull();
  });

  it('gift amounts stay text (never floats) and the list keeps the latest few', () => {
    const patch = read(7111, { uid: 'u', name: 'n', gift: 'rocket', count: 1, amount: 0.1 });
    expect(patch).toEqual({ key: 'gifts', value: [{ uid: 'u', name: 'n', gift: 'rocket', count: 1, amount: '0.1', seq: 1, history: false }] });
    // A reward of the viewer's own amount is shown like a gift; an unknown kind is not.
    expect(read(7111, { uid: 'u', name: 'n', gift: 'reward', count: 1, amount: '8.88' })).toMatchObject({ value: [{ gift: 'reward', amount: '8.88' }] });
    expect(read(7111, { uid: 'u', name: 'n', gift: 'submarine', count: 1, amount: '1' })).toBeNull();
    let state = INITIAL_ROOM_STATE;
    for (let i = 0; i < GIFTS_KEPT + 2; i++) {
      const p = readRoomState(7111, { uid: 'u', name: 'n', gift: 'rose', count: i }, state, null);
      if (p === null || p === 'ignored') throw new Error('expected a patch');
      state = applyPatch(state, p);
    }
    expect(state.gifts.map((g) => g.count)).toEqual([2, 3, 4, 5, 6]);
    // Numbered in the order shown, past the ones the list forgot: a tab tells new from seen.
    expect(state.gifts.map((g) => g.seq)).toEqual([3, 4, 5, 6, 7]);
  });

  it('a lottery start has no winners; an end lists them', () => {
    const none = { title: null, prize: null, winnerCount: null, password: false, seedHash: null, entrantsHash: null };
    expect(read(7113, { raffleId: 7, state: 'start' })).toEqual({ key: 'lottery', value: { raffleId: '7', state: 'start', winners: [], ...none } });
    expect(read(7113, { raffleId: 'r', state: 'start', title: 'Draw', prize: 'Mug', winnerCount: 3, password: true })).toEqual({
      key: 'lottery',
      value: { raffleId: 'r', state: 'start', winners: [], title: 'Draw', prize: 'Mug', winnerCount: 3, password: true, seedHash: null, entrantsHash: null },
    });
    const hash = 'ab'.repeat(32);
    expect(read(7113, { raffleId: 'r', state: 'drawing', seedHash: hash, entrantsHash: hash })).toMatchObject({ value: { state: 'drawing', seedHash: hash, entrantsHash: hash } });
    expect(read(7113, { raffleId: 'r', state: 'drawing', seedHash: 'not a hash' })).toMatchObject({ value: { seedHash: null } });
    // What the host announced is read field by field: a malformed one is absent, the round still shows.
    expect(read(7113, { raffleId: 'r', state: 'start', title: 5, winnerCount: -1, password: 'yes' })).toEqual({ key: 'lottery', value: { raffleId: 'r', state: 'start', winners: [], ...none } });
    expect(read(7113, { raffleId: 'r', state: 'end', winners: 'u1' })).toBeNull();
  });

  it('a results snapshot or a close of a paper is kept apart from its publication', () => {
    const results = { respondents: 2, questions: [{ id: 'q1', counts: { A: 2 } }] };
    expect(read(7115, { kind: 'paper', id: 'p1', results, version: 9 })).toEqual({ key: 'paperResults', value: { id: 'p1', closed: false, version: 9, results } });
    expect(read(7115, { kind: 'paper', id: 'p1', closed: true, results, version: 10 })).toMatchObject({ key: 'paperResults', value: { closed: true } });
    expect(read(7115, { kind: 'paper', id: 'p1', results })).toBeNull(); // no version
  });

  it('a paper needs an id or a confId', () => {
    expect(read(7115, { kind: 'answerSheet', confId: 'c' })).toEqual({ key: 'paper', value: { kind: 'answerSheet', id: null, confId: 'c' } });
    expect(read(7115, { kind: 'answerSheet' })).toBeNull();
  });

  it('Q&A keeps the switch and the last approved or answered question apart', () => {
    const on = read(7123, { state: 'off' });
    expect(on).toEqual({ key: 'qa', value: { state: 'off', lastChanged: null, tally: null } });
    expect(read(7123, { qaId: 'q', question: 'x' })).toBeNull();
    const question = { qaId: 'q', parentId: null, uid: 'u', name: 'A', content: 'why is it so?', status: 'answered', answer: 'because', createdAt: 5 };
    expect(read(7123, { question })).toEqual({ key: 'qa', value: { state: null, lastChanged: { ...question, votes: null, voted: null }, tally: null } });
    expect(read(7123, { votes: [{ qaId: 'q', votes: 4 }], version: 2 })).toEqual({ key: 'qa', value: { state: null, lastChanged: null, tally: { version: 2, votes: [{ qaId: 'q', votes: 4 }] } } });
    expect(read(7123, { votes: 'lots', version: 2 })).toBeNull();
    // A pending question is its asker's only: a push of one is not for the room.
    expect(read(7123, { question: { ...question, status: 'pending' } })).toBeNull();
    expect(read(7123, { question: { ...question, status: 'lost' } })).toBeNull();
  });

  it('room control is for me only; without a signed-in user it is ignored', () => {
    expect(read(7127, { uid: 'me', action: 'notice', text: 'hi', offset: 4 })).toEqual({ key: 'control', value: { action: 'notice', text: 'hi', offset: 4 } });
    expect(read(7127, { uid: 'me', action: 'kick', offset: 4 }, null)).toBe('ignored');
    expect(read(7127, { uid: 'other', action: 'kick', offset: 4 })).toBe('ignored');
  });

  it('applyPatch replaces one key and leaves the state it came from alone', () => {
    const next = applyPatch(INITIAL_ROOM_STATE, { key: 'counts', value: { online: 1, praise: 2 } });
    expect(next.counts).toEqual({ online: 1, praise: 2 });
    expect(INITIAL_ROOM_STATE.counts).toBeNull();
    expect(next.chat).toBe(INITIAL_ROOM_STATE.chat);
  });
});

describe('acted notes (what the viewer did, shared by the tabs)', () => {
  it('adds a note, replacing an older one of the same key, and keeps flat fields only', () => {
    const one = withActed({}, 'rollCall:a', { signedAt: 5 });
    expect(one).toEqual({ 'rollCall:a': { signedAt: 5 } });
    expect(withActed(one!, 'rollCall:a', { signedAt: 6, note: 'x', ok: true, none: null })).toEqual({ 'rollCall:a': { signedAt: 6, note: 'x', ok: true, none: null } });
    for (const bad of [{ nested: {} }, { list: [] }, { n: Number.NaN }, { t: 'x'.repeat(2001) }, null, [], 'text']) expect(withActed({}, 'paper:p', bad)).toBeNull();
    for (const key of ['', 'nocolon', 'k:'.padEnd(201, 'x'), 42]) expect(withActed({}, key, {})).toBeNull();
  });

  it('keeps the newest ACTED_KEPT notes', () => {
    let acted = {};
    for (let i = 0; i < ACTED_KEPT + 5; i++) acted = withActed(acted, `paper:${i}`, { answered: true })!;
    const keys = Object.keys(acted);
    expect(keys).toHaveLength(ACTED_KEPT);
    expect(keys[0]).toBe('paper:5');
    expect(keys.at(-1)).toBe(`paper:${ACTED_KEPT + 4}`);
  });
});
