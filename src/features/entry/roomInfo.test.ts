import { describe, expect, it } from 'vitest';
import { entryFormsOf, readRoomView, safeHttpUrl } from './roomInfo';

const BASE = 'http://127.0.0.1:8080/live/login/10001';

describe('readRoomView', () => {
  it("reads the reference server's room info", () => {
    const view = readRoomView(
      {
        title: 'Open live room',
        coverUrl: '/media/cover.png',
        startTime: 1_700_000_000_000,
        status: 2,
        introduction: 'Hello',
        host: { name: ' 主持人10001 ' },
        themeColour: '#ff0000',
        locale: 'en_us',
        entry: { gate: 'phone', types: ['phone'], fields: ['phone', 'smsCode'], privacyRequired: true, privacy: { title: 'P', content: 'C' } },
      },
      BASE,
    );
    expect(view.intro).toEqual({
      title: 'Open live room',
      coverUrl: 'http://127.0.0.1:8080/media/cover.png',
      startTime: 1_700_000_000_000,
      status: 2,
      hasReplay: false,
      introduction: 'Hello',
      hostName: '主持人10001',
      themeColour: '#ff0000',
      locale: 'en_us',
    });
    expect(view.types).toEqual(['phone']);
    expect(view.rules).toEqual({ guestAllowed: false, privacyRequired: true, privacy: { title: 'P', content: 'C' } });
  });

  it('reads fields of the wrong type as absent', () => {
    const view = readRoomView({ title: 3, coverUrl: 'javascript:alert(1)', startTime: 'soon', status: 9, host: { name: 7 }, entry: { types: [1, 'guest'] } }, BASE);
    expect(view.intro).toEqual({ title: '', coverUrl: null, startTime: null, status: null, hasReplay: false, introduction: '', hostName: null, themeColour: null, locale: null });
    expect(readRoomView({ host: 'someone' }, BASE).intro.hostName).toBeNull();
    expect(readRoomView({ status: 3, replay: '/media/replay.m3u8' }, BASE).intro.hasReplay).toBe(true);
    expect(view.types).toEqual(['guest']);
    expect(view.rules).toBeNull();
    expect(readRoomView(null, BASE).types).toEqual([]);
  });
});

describe('safeHttpUrl', () => {
  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['/sim/workwx/authorize?state=1', 'http://127.0.0.1:8080/sim/workwx/authorize?state=1'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['', null],
    [42, null],
  ])('%j -> %j', (value, expected) => expect(safeHttpUrl(value, BASE)).toBe(expected));
});

describe('entryFormsOf', () => {
  it('keeps the known types in order, once, without staff', () => {
    expect(entryFormsOf(['phone', 'staff', 'guest', 'phone', 'future'])).toEqual(['phone', 'guest']);
    expect(entryFormsOf([])).toEqual([]);
    expect(entryFormsOf(['third'])).toEqual(['third']);
  });

  it("reads a third-party room's app, keeping only a well-formed app code", () => {
    const app = (thirdParty: unknown) => readRoomView({ entry: { types: ['third'], thirdParty } }, 'https://x.test/').thirdParty;
    expect(app({ appCode: 'democrm', appName: 'Demo CRM' })).toEqual({ appCode: 'democrm', appName: 'Demo CRM' });
    expect(app({ appCode: 'democrm', appName: '  ' })).toEqual({ appCode: 'democrm', appName: 'democrm' });
    expect(app({ appCode: 'a b', appName: 'X' })).toBeNull();
    expect(app({ appCode: 'x'.repeat(33) })).toBeNull();
    expect(app(null)).toBeNull();
    expect(readRoomView({}, 'https://x.test/').thirdParty).toBeNull();
  });
});
