import { describe, expect, it } from 'vitest';
import { ANNOUNCE_TEXT_MAX, announcementOf, interactionsStarted, isChosen, readAnnounceMode, roundAnnouncement, type AnnounceChoices, type AnnouncedEntry, type InteractionKind, type InteractionsView } from './chatAnnouncer';

const entry = (name: string, text: string, important = false, mine = false): AnnouncedEntry => ({ name, text, important, mine });

describe('announcementOf', () => {
  it('says nothing when off, or when nothing was heard', () => {
    expect(announcementOf('off', [entry('a', 'hi', true)])).toBeNull();
    expect(announcementOf('all', [])).toBeNull();
    expect(announcementOf('important', [entry('a', 'hi'), entry('b', 'yo')])).toBeNull();
  });

  it('reads mentions and staff messages by default, the latest with how many more came', () => {
    expect(announcementOf('important', [entry('a', 'hi'), entry('Host', 'Welcome', true)])).toEqual({ key: 'chat.announce.said', params: { name: 'Host', text: 'Welcome' } });
    expect(announcementOf('important', [entry('Host', 'one', true), entry('x', 'noise'), entry('Bob', '@me two', true)])).toEqual({
      key: 'chat.announce.saidAndMore',
      params: { name: 'Bob', text: '@me two', count: 1 },
    });
  });

  it('in "all" reads a lone message and counts a flood', () => {
    expect(announcementOf('all', [entry('a', 'hi')])).toEqual({ key: 'chat.announce.said', params: { name: 'a', text: 'hi' } });
    expect(announcementOf('all', [entry('a', 'hi'), entry('b', 'yo'), entry('c', 'hey', true)])).toEqual({ key: 'chat.announce.newMessages', params: { count: 3 } });
  });

  it("never reads the viewer's own messages, and shortens long ones", () => {
    expect(announcementOf('all', [entry('me', 'mine', true, true)])).toBeNull();
    const long = 'x'.repeat(ANNOUNCE_TEXT_MAX + 50);
    const said = announcementOf('all', [entry('a', long)]);
    expect(said?.key).toBe('chat.announce.said');
    expect(said !== null && 'text' in said.params ? said.params.text.length : 0).toBe(ANNOUNCE_TEXT_MAX + 1);
  });
});

describe('readAnnounceMode', () => {
  it('falls back to the default for anything unknown', () => {
    expect(readAnnounceMode('all')).toBe('all');
    expect(readAnnounceMode('off')).toBe('off');
    expect(readAnnounceMode('loud')).toBe('important');
    expect(readAnnounceMode(undefined)).toBe('important');
  });
});

describe('the announcer beside the messages (issue 37)', () => {
  const none: InteractionsView = { rollCall: null, paper: null, lottery: null, redPacket: null };
  const all: AnnounceChoices = { messages: 'important', interactions: true, skips: true };
  const plain = (name: string): AnnouncedEntry => ({ name, text: 'hi', important: false, mine: false });
  const host = (name: string): AnnouncedEntry => ({ name, text: 'welcome', important: true, mine: false });

  it('finds the interactions that start, once each', () => {
    const started: InteractionsView = {
      rollCall: { id: 'r1' },
      paper: { kind: 'paper', id: 'p1' },
      lottery: { raffleId: 'l1', state: 'start' },
      redPacket: { id: 'k1', state: 1 },
    };
    expect(interactionsStarted(none, started)).toEqual(['rollCall', 'paper', 'lottery', 'redPacket']);
    expect(interactionsStarted(started, started)).toEqual([]);
    // A lottery drawn or a packet grabbed out is no start; the next one is.
    expect(interactionsStarted(started, { ...started, lottery: { raffleId: 'l1', state: 'end' }, redPacket: { id: 'k1', state: 2 } })).toEqual([]);
    expect(interactionsStarted(started, { ...started, lottery: { raffleId: 'l2', state: 'start' }, paper: { kind: 'answerSheet', id: 'p1' } })).toEqual(['answerSheet', 'lottery']);
    expect(interactionsStarted(none, { ...none, paper: { kind: 'paper', id: null } })).toEqual([]);
  });

  it('says one line a round: an interaction first, then the messages, then a skip when one is due', () => {
    const round = { interactions: ['lottery', 'redPacket'] as InteractionKind[], arrived: [host('Host')], skipped: 1234, skipDue: true };
    const first = roundAnnouncement(all, round);
    expect(first.say).toEqual({ key: 'announce.lottery', params: {} });
    expect(first.interactions).toEqual(['redPacket']);
    expect(first.skipped).toBe(1234);
    // The host's message behind the lottery is said in the next round.
    expect(first.arrived).toEqual([host('Host')]);
    const second = roundAnnouncement(all, { ...round, interactions: [] });
    expect(second.say?.key).toBe('chat.announce.said');
    const third = roundAnnouncement(all, { ...round, interactions: [], arrived: [plain('a')] });
    expect(third.say).toEqual({ key: 'announce.skipped', params: { count: 1234 } });
    expect(third.skipped).toBe(0);
    expect(roundAnnouncement(all, { ...round, interactions: [], arrived: [], skipDue: false }).say).toBeNull();
  });

  it('keeps a line only while its kind is still chosen; the count asked for always', () => {
    const off: AnnounceChoices = { messages: 'off', interactions: false, skips: false };
    expect(isChosen({ key: 'chat.announce.newMessages', params: { count: 3 } }, all)).toBe(true);
    expect(isChosen({ key: 'chat.announce.newMessages', params: { count: 3 } }, off)).toBe(false);
    expect(isChosen({ key: 'announce.lottery', params: {} }, off)).toBe(false);
    expect(isChosen({ key: 'announce.skipped', params: { count: 1 } }, { ...off, skips: true })).toBe(true);
    expect(isChosen({ key: 'announce.sinceAsked', params: { count: 0 } }, off)).toBe(true);
  });

  it('says only what the viewer chose', () => {
    const round = { interactions: ['rollCall'] as InteractionKind[], arrived: [host('Host')], skipped: 10, skipDue: true };
    const quiet = roundAnnouncement({ messages: 'off', interactions: false, skips: false }, round);
    expect(quiet).toEqual({ say: null, interactions: [], arrived: [], skipped: 0 });
    expect(roundAnnouncement({ messages: 'off', interactions: false, skips: true }, round).say).toEqual({ key: 'announce.skipped', params: { count: 10 } });
  });
});
