import { describe, expect, it } from 'vitest';
import { createErrorReporter, REPORT_BATCH_DELAY_MS } from '../domain/errorReport';

function harness() {
  let now = 1_000;
  const timers: { at: number; fn: () => void }[] = [];
  const sent: { url: string; body: unknown }[] = [];
  const reporter = createErrorReporter({
    endpoint: 'https://h.example/ccp/report/v1/client-errors',
    app: 'cloud_webcast',
    version: 'CLV_PC_WEB',
    build: 'index-abc.js',
    userAgent: 'UA',
    route: () => '/live/video/10001?token=secret1',
    room: () => '10001',
    now: () => now,
    setTimeout: (fn, ms) => timers.push({ at: now + ms, fn }),
    send: (url, body) => {
      sent.push({ url, body: JSON.parse(body) });
      return true;
    },
  });
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((x) => x.at <= now);
    timers.splice(0, timers.length, ...timers.filter((x) => x.at > now));
    for (const t of due) t.fn();
  };
  return { reporter, sent, advance };
}

describe('the page error reporter', () => {
  it('sends one batch a few seconds after the first report, repeats counted, with the SPEC app name and version label', () => {
    const { reporter, sent, advance } = harness();
    // The same failure twice (one place in the code): one report, counted twice.
    const boom = () => new Error('boom');
    reporter.report('error', boom());
    reporter.report('error', boom());
    reporter.report('call', new Error('refused'), 4501);
    advance(REPORT_BATCH_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    advance(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: 'https://h.example/ccp/report/v1/client-errors',
      body: { app: 'cloud_webcast', version: 'CLV_PC_WEB', build: 'index-abc.js', userAgent: 'UA', reports: [{ kind: 'error', count: 2, room: '10001', route: '/live/video/10001?token=[token]' }, { kind: 'call', code: 4501 }] },
    });
  });

  it('sends at once when flushed (the page is going away), and survives a sender that throws', () => {
    const { reporter, sent } = harness();
    reporter.report('rejection', 'lost');
    reporter.flush();
    expect(sent).toHaveLength(1);
    const throwing = createErrorReporter({ ...{ endpoint: 'x', app: 'a', version: 'v', build: 'b', userAgent: 'u' }, route: () => '/', room: () => null, now: () => 0, setTimeout: () => 0, send: () => { throw new Error('offline'); } });
    throwing.report('error', new Error('x'));
    expect(() => throwing.flush()).not.toThrow();
  });
});
