/**
 * What the page tells the operator when something fails (issue 39 item 2, SPEC's error
 * reporting with its app name and version label): a report per distinct failure, without
 * what would identify or expose a viewer, at a bounded pace. Pure: the page's collector
 * (src/diagnostics/errorReporter.ts) and the reference server (server/reports/) share it.
 */

export const ERROR_KINDS = ['error', 'rejection', 'worker', 'render', 'player', 'call'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ErrorReport {
  readonly kind: ErrorKind;
  readonly message: string;
  /** The first lines of the stack, scrubbed (empty when none). */
  readonly stack: string;
  /** Same failure, same fingerprint: kind, message and the first stack frame. */
  readonly fingerprint: string;
  /** How many times it happened in this page since it was last sent. */
  readonly count: number;
  /** The page's route (path, scrubbed) and room when it happened. */
  readonly route: string;
  readonly room: string | null;
  /** A failed call's business code or HTTP status. */
  readonly code: number | null;
  /** When it first happened (ms). */
  readonly at: number;
}

/** Where a page (or its worker) sends reports, and what every batch says it is. */
export interface ReportSettings {
  readonly endpoint: string;
  readonly app: string;
  readonly version: string;
  readonly build: string;
}

/** What a batch carries besides its reports (SPEC: app name and version label). */
export interface ReportEnvelope {
  readonly app: string;
  readonly version: string;
  readonly build: string;
  readonly userAgent: string;
  readonly reports: readonly ErrorReport[];
}

export const REPORT_MESSAGE_MAX = 500;
export const REPORT_STACK_MAX = 1_500;
export const REPORT_STACK_LINES = 8;
/** Reports a page sends at most in a rolling minute (distinct failures; repeats are counted, not sent). */
export const REPORTS_PER_MINUTE = 10;
/** Reports one batch holds at most (the server refuses more). */
export const REPORT_BATCH_MAX = 20;

const PATTERNS: readonly [RegExp, string][] = [
  // e-mail addresses
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // a token or secret named as such in a query, a header or JSON
  [/\b(token|sid|password|passwd|secret|authorization|auth|key|signature|code|disposable|liveToken)("?\s*[:=]\s*"?)(?:Bearer\s+)?[^\s"&,;}]+/gi, '$1$2[token]'],
  [/\bBearer\s+[^\s"',;}]+/gi, 'Bearer [token]'],
  // phone numbers: a mainland mobile, or any + and 7 to 15 digits
  [/(?<![\d.])(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/g, '[phone]'],
  [/\+\d[\d -]{6,16}\d/g, '[phone]'],
  // long opaque strings (ids of sessions, signed URLs): letters and digits mixed, 24 or more
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g, '[token]'],
];

/** The text without tokens, phone numbers and e-mail addresses, at most `max` characters. */
export function scrubText(text: string, max = REPORT_MESSAGE_MAX): string {
  let out = text.length > max * 4 ? text.slice(0, max * 4) : text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** A stack's first lines, scrubbed (query strings go: they can carry tokens). */
export function scrubStack(stack: string): string {
  const lines = stack
    .split('\n')
    .slice(0, REPORT_STACK_LINES)
    .map((line) => line.replace(/\?[^\s:)]*/g, ''));
  return scrubText(lines.join('\n'), REPORT_STACK_MAX);
}

/** FNV-1a, 32 bits, hex: stable across pages and builds of the same code. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The failure's identity: its kind, its message with numbers folded, and where it was thrown. */
export function fingerprintOf(kind: ErrorKind, message: string, stack: string, code: number | null = null): string {
  const frame = stack.split('\n').find((line) => /:\d+:\d+/.test(line)) ?? '';
  return fnv1a(`${kind}|${code ?? ''}|${message.replace(/\d+/g, '#')}|${frame.trim()}`);
}

export interface FailureInput {
  readonly kind: ErrorKind;
  readonly error: unknown;
  readonly route: string;
  readonly room: string | null;
  readonly code?: number | null;
  readonly at: number;
}

/** A thrown value as a report: its message and stack, whatever was thrown. */
export function reportOf(input: FailureInput): ErrorReport {
  const { error } = input;
  const message = scrubText(
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : (() => {
      try {
        return JSON.stringify(error) ?? String(error);
      } catch {
        return String(error);
      }
    })(),
  );
  const stack = error instanceof Error && typeof error.stack === 'string' ? scrubStack(error.stack) : '';
  const code = input.code ?? null;
  return { kind: input.kind, message, stack, fingerprint: fingerprintOf(input.kind, message, stack, code), count: 1, route: scrubText(input.route, 200), room: input.room, code, at: input.at };
}

/**
 * The page's outbox: a repeat of a failure already waiting is counted on it, one already
 * sent in the last minute is dropped, and at most REPORTS_PER_MINUTE distinct failures
 * leave in any rolling minute (the rest are dropped and counted in `dropped`).
 */
export class ReportOutbox {
  private readonly waiting = new Map<string, ErrorReport>();
  /** When each fingerprint was last accepted, and when each report of the last minute was. */
  private readonly lastSent = new Map<string, number>();
  private accepted: number[] = [];
  dropped = 0;

  add(report: ErrorReport): boolean {
    const queued = this.waiting.get(report.fingerprint);
    if (queued !== undefined) {
      this.waiting.set(report.fingerprint, { ...queued, count: queued.count + 1 });
      return false;
    }
    const now = report.at;
    const last = this.lastSent.get(report.fingerprint);
    this.accepted = this.accepted.filter((t) => now - t < 60_000);
    if ((last !== undefined && now - last < 60_000) || this.accepted.length >= REPORTS_PER_MINUTE) {
      this.dropped += 1;
      return false;
    }
    this.accepted.push(now);
    this.lastSent.set(report.fingerprint, now);
    if (this.lastSent.size > 500) this.lastSent.delete(this.lastSent.keys().next().value as string);
    this.waiting.set(report.fingerprint, report);
    return true;
  }

  get size(): number {
    return this.waiting.size;
  }

  /** The waiting reports, oldest first, at most a batch; they leave the outbox. */
  take(): ErrorReport[] {
    const batch = [...this.waiting.values()].slice(0, REPORT_BATCH_MAX);
    for (const report of batch) this.waiting.delete(report.fingerprint);
    return batch;
  }
}

/** A batch waits this long after its first report for others to join it. */
export const REPORT_BATCH_DELAY_MS = 5_000;

export interface ReporterDeps {
  /** Absolute address of the endpoint. */
  readonly endpoint: string;
  readonly app: string;
  readonly version: string;
  readonly build: string;
  readonly userAgent: string;
  readonly route: () => string;
  readonly room: () => string | null;
  readonly now: () => number;
  readonly setTimeout: (fn: () => void, ms: number) => unknown;
  /** Sends a batch; false when it could not be queued. */
  readonly send: (url: string, body: string) => boolean;
}

export interface ErrorReporter {
  report(kind: ErrorKind, error: unknown, code?: number | null): void;
  /** Sends what waits now (the page is going away or hidden). */
  flush(): void;
  readonly dropped: () => number;
}

/** The outbox with its sending: a batch a few seconds after its first report, or at `flush` (injected clock and sender). */
export function createErrorReporter(deps: ReporterDeps): ErrorReporter {
  const outbox = new ReportOutbox();
  let timer: unknown = null;
  const flush = () => {
    timer = null;
    while (outbox.size > 0) {
      const envelope: ReportEnvelope = { app: deps.app, version: deps.version, build: deps.build, userAgent: deps.userAgent, reports: outbox.take() };
      try {
        deps.send(deps.endpoint, JSON.stringify(envelope));
      } catch {
        // Reporting must never become a failure of its own.
      }
    }
  };
  return {
    report(kind, error, code = null) {
      const added = outbox.add(reportOf({ kind, error, code, route: deps.route(), room: deps.room(), at: deps.now() }));
      if (added && timer === null) timer = deps.setTimeout(flush, REPORT_BATCH_DELAY_MS);
    },
    flush,
    dropped: () => outbox.dropped,
  };
}

