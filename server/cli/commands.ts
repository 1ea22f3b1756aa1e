/**
 * The commands of `npm run room -- <command> [args]`, as data: each names its arguments and
 * options and builds one admin API call (method, path, JSON body). Parsing is pure (no I/O),
 * so it is tested without a server; room.ts sends the call.
 */
import { parseArgs } from 'node:util';

export interface AdminCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: Record<string, unknown>;
}

export type Parsed =
  | { readonly kind: 'call'; readonly call: AdminCall }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'usage'; readonly error: string };

type OptionSpec = { readonly type: 'string' } | { readonly type: 'boolean' };
type Options = Readonly<Record<string, string | boolean | undefined>>;

interface Command {
  /** Positional arguments after the command; a trailing `...` takes the rest joined by spaces. */
  readonly args: readonly string[];
  readonly options?: Readonly<Record<string, OptionSpec>>;
  readonly summary: string;
  readonly build: (args: Readonly<Record<string, string>>, options: Options) => AdminCall;
}

class UsageError extends Error {}

const enc = encodeURIComponent;
const room = (args: Readonly<Record<string, string>>): string => `/admin/v1/rooms/${enc(args.room ?? '')}`;
const post = (path: string, body: Record<string, unknown> = {}): AdminCall => ({ method: 'POST', path, body });
const STRING = { type: 'string' } as const;

function integer(options: Options, name: string): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${String(raw)}"`);
  return Number(raw);
}

function requiredInteger(options: Options, name: string): number {
  const n = integer(options, name);
  if (n === undefined) throw new UsageError(`--${name} is required`);
  return n;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new UsageError(`${what} must be one of ${allowed.join(', ')}, got "${value ?? ''}"`);
  return found;
}

function onOff(options: Options, name: string): boolean | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  return oneOf(String(raw), ['on', 'off'] as const, `--${name}`) === 'on';
}

/** `{ id?: "x" }` only when --id was given. */
const optionalString = (options: Options, option: string, field = option): Record<string, string> => {
  const value = options[option];
  return typeof value === 'string' ? { [field]: value } : {};
};

/** `{ minutes }` only when --minutes was given. */
function minutesOf(options: Options): Record<string, number> {
  const minutes = integer(options, 'minutes');
  return minutes === undefined ? {} : { minutes };
}

const userAction =
  (action: 'mute' | 'unmute' | 'kick') =>
  (args: Readonly<Record<string, string>>, options: Options): AdminCall =>
    post(`${room(args)}/users/${enc(args.uid ?? '')}/${action}`, action === 'kick' ? { ...optionalString(options, 'text'), ...minutesOf(options) } : {});

export const COMMANDS: Readonly<Record<string, Command>> = {
  rooms: { args: [], summary: 'list the rooms (ids, titles, gates, status)', build: () => ({ method: 'GET', path: '/admin/v1/rooms' }) },
  errors: {
    args: [],
    options: { limit: STRING },
    summary: "the latest error reports of viewers' pages and workers, newest first (--limit, at most 500; default 50)",
    build: (_a, o) => ({ method: 'GET', path: `/admin/v1/errors${typeof o.limit === 'string' ? `?limit=${encodeURIComponent(o.limit)}` : ''}` }),
  },
  start: {
    args: ['room'],
    options: { preparing: { type: 'boolean' } },
    summary: 'start the live (--preparing: the preparing state instead)',
    build: (a, o) => post(`${room(a)}/live/start`, { status: o.preparing === true ? 1 : 2 }),
  },
  schedule: {
    args: ['room'],
    options: { in: STRING },
    summary: 'the live starts later: not started, counting down --in seconds (default 300)',
    build: (a, o) => post(`${room(a)}/live/schedule`, { inSeconds: integer(o, 'in') ?? 300 }),
  },
  end: { args: ['room'], summary: 'end the live (status 3, replay)', build: (a) => post(`${room(a)}/live/end`) },
  staff: {
    args: ['room'],
    options: { as: STRING, password: STRING },
    summary: "a login for the host's console at /live/meetLive/<room>: the host's (or --as assistant) account with a new password (or --password)",
    build: (a, o) =>
      post(`${room(a)}/staff`, {
        as: o.as === undefined ? 'host' : oneOf(String(o.as), ['host', 'assistant'] as const, '--as'),
        ...optionalString(o, 'password'),
      }),
  },
  say: {
    args: ['room', 'text...'],
    options: { as: STRING, name: STRING },
    summary: 'send a chat message as host (default) or --as assistant, --name to show another name',
    build: (a, o) =>
      post(`${room(a)}/say`, {
        text: a.text,
        role: o.as === undefined ? 'host' : oneOf(String(o.as), ['host', 'assistant'] as const, '--as'),
        ...optionalString(o, 'name'),
      }),
  },
  burst: {
    args: ['room'],
    options: { rate: STRING, seconds: STRING, users: STRING },
    summary: 'N chat messages a second (--rate) for T seconds (--seconds) from --users simulated viewers',
    build: (a, o) => {
      const users = integer(o, 'users');
      return post(`${room(a)}/burst`, {
        rate: requiredInteger(o, 'rate'),
        seconds: requiredInteger(o, 'seconds'),
        ...(users === undefined ? {} : { users }),
      });
    },
  },
  'burst-stop': { args: ['room'], summary: 'stop the running burst', build: (a) => post(`${room(a)}/burst/stop`) },
  'lottery-start': {
    args: ['room'],
    options: { id: STRING },
    summary: 'start a lottery (the seeded one unless --id)',
    build: (a, o) => post(`${room(a)}/lottery/start`, optionalString(o, 'id', 'raffleId')),
  },
  'lottery-end': { args: ['room'], summary: 'end the lottery and draw the winners', build: (a) => post(`${room(a)}/lottery/end`) },
  publish: {
    args: ['room', 'kind'],
    options: { id: STRING },
    summary: 'publish a questionnaire: kind paper, quiz or answerSheet (--id)',
    build: (a, o) => post(`${room(a)}/paper/publish`, { kind: oneOf(a.kind, ['paper', 'quiz', 'answerSheet'] as const, 'kind'), ...optionalString(o, 'id') }),
  },
  'paper-close': {
    args: ['room'],
    options: { id: STRING },
    summary: "close a questionnaire or quiz (the room's newest open one, or --id): no more answers, the results go out",
    build: (a, o) => post(`${room(a)}/paper/close`, optionalString(o, 'id')),
  },
  rollcall: {
    args: ['room'],
    options: { seconds: STRING },
    summary: 'start a roll call (--seconds to answer)',
    build: (a, o) => {
      const seconds = integer(o, 'seconds');
      return post(`${room(a)}/rollcall/start`, seconds === undefined ? {} : { seconds });
    },
  },
  redpacket: {
    args: ['room'],
    options: { id: STRING },
    summary: 'send a red packet (--id)',
    build: (a, o) => post(`${room(a)}/redpacket/send`, optionalString(o, 'id')),
  },
  push: {
    args: ['room', 'kind'],
    options: { id: STRING },
    summary: 'push goods or a recommendation: kind goods or recommend (--id)',
    build: (a, o) => post(`${room(a)}/goods/push`, { kind: oneOf(a.kind, ['goods', 'recommend'] as const, 'kind'), ...optionalString(o, 'id') }),
  },
  commerce: {
    args: ['room'],
    options: { rewards: STRING, goods: STRING },
    summary: 'switch gifts and rewards (--rewards) or goods (--goods) on or off for the room',
    build: (a, o) => {
      const state = { rewards: onOff(o, 'rewards'), goods: onOff(o, 'goods') };
      const body = Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined));
      if (Object.keys(body).length === 0) throw new UsageError('commerce needs --rewards or --goods');
      return post(`${room(a)}/commerce`, body);
    },
  },
  charge: {
    args: ['room', 'state'],
    options: { free: STRING, price: STRING },
    summary: 'delayed charging on or off: --free seconds of free watching, then --price yuan to go on',
    build: (a, o) => {
      const free = integer(o, 'free');
      const price = o.price;
      if (price !== undefined && (typeof price !== 'string' || !/^\d+(\.\d{1,2})?$/.test(price))) throw new UsageError(`--price must be yuan like 9.90, got "${String(price)}"`);
      return post(`${room(a)}/settings`, {
        charge: { enabled: oneOf(a.state, ['on', 'off'] as const, 'state') === 'on', ...(free === undefined ? {} : { freeSeconds: free }), ...(price === undefined ? {} : { priceYuan: price }) },
      });
    },
  },
  'own-record': {
    args: ['room', 'state'],
    summary: 'let viewers save their own record of the room (on, the default) or not (off: 4409)',
    build: (a) => post(`${room(a)}/settings`, { other: { ownRecord: oneOf(a.state, ['on', 'off'] as const, 'state') === 'on' } }),
  },
  intro: {
    args: ['room', 'text'],
    summary: "set the room's introduction (plain text; quote it)",
    build: (a) => post(`${room(a)}/introduction`, { text: a.text ?? '' }),
  },
  stock: {
    args: ['room', 'goodsId', 'stock'],
    summary: "set a goods item's stock",
    build: (a) => post(`${room(a)}/goods/${enc(a.goodsId ?? '')}/stock`, { stock: requiredInteger({ stock: a.stock ?? '' }, 'stock') }),
  },
  'real-name': {
    args: ['room', 'uid', 'state'],
    summary: "mark a user's account real-name verified (on) or not (off): withdrawals need it",
    build: (a) => post(`${room(a)}/users/${enc(a.uid ?? '')}/real-name`, { verified: oneOf(a.state, ['on', 'off'] as const, 'state') === 'on' }),
  },
  ledger: {
    args: ['room'],
    options: { kind: STRING },
    summary: "the room's money ledger, oldest first (--kind reward.pay, goods.purchase, redpacket.draw, redpacket.withdraw or delay.pay)",
    build: (a, o) => post(`${room(a)}/ledger`, optionalString(o, 'kind')),
  },
  qa: {
    args: ['room', 'state'],
    summary: 'switch Q&A: state on, off or unopened',
    build: (a) => post(`${room(a)}/qa/state`, { state: oneOf(a.state, ['on', 'off', 'unopened'] as const, 'state') }),
  },
  'qa-pending': {
    args: ['room'],
    summary: 'list the questions waiting for review (their qaId for qa-approve and qa-answer)',
    build: (a) => post(`${room(a)}/qa/pending`),
  },
  'qa-approve': {
    args: ['room', 'qaId'],
    summary: 'approve a question under review: the room sees it (7123)',
    build: (a) => post(`${room(a)}/qa/${enc(a.qaId ?? '')}/approve`),
  },
  'qa-answer': {
    args: ['room', 'qaId', 'text...'],
    summary: 'answer a question (7123); answering also approves it',
    build: (a) => post(`${room(a)}/qa/${enc(a.qaId ?? '')}/answer`, { text: a.text }),
  },
  share: {
    args: ['room'],
    options: { doc: STRING, page: STRING, whiteboard: STRING, stop: { type: 'boolean' } },
    summary: "share a document beside the video (--doc id, the room's first by default; --page n; --whiteboard on|off; --stop)",
    build: (a, o) => {
      if (o.stop === true) return post(`${room(a)}/share`, { stop: true });
      const page = integer(o, 'page');
      const whiteboard = onOff(o, 'whiteboard');
      return post(`${room(a)}/share`, { ...(typeof o.doc === 'string' ? { docId: o.doc } : {}), ...(page === undefined ? {} : { page }), ...(whiteboard === undefined ? {} : { whiteboard }) });
    },
  },
  caption: {
    args: ['room', 'text...'],
    options: { lang: STRING },
    summary: 'show a live caption (--lang zh_cn, tr_cn, en_us, ru_ru)',
    build: (a, o) => post(`${room(a)}/caption`, { text: a.text, ...optionalString(o, 'lang') }),
  },
  chapter: {
    args: ['room', 'title...'],
    summary: 'start a chapter of the recording here (the replay lists it and marks the seek bar)',
    build: (a) => post(`${room(a)}/chapters`, { title: a.title }),
  },
  mute: { args: ['room', 'uid'], summary: 'mute a user', build: userAction('mute') },
  unmute: { args: ['room', 'uid'], summary: 'unmute a user', build: userAction('unmute') },
  kick: {
    args: ['room', 'uid'],
    options: { text: STRING, minutes: STRING },
    summary: 'remove a user from the room (--text shown to them; --minutes how long they stay out, else until readmit)',
    build: userAction('kick'),
  },
  drop: {
    args: ['room', 'uid'],
    options: { seconds: STRING },
    summary: "simulate a network drop: the user's sockets close, and close again at login, for --seconds",
    build: (a, o) => post(`${room(a)}/users/${enc(a.uid ?? '')}/drop`, { seconds: requiredInteger(o, 'seconds') }),
  },
  readmit: { args: ['room', 'uid'], summary: 'let a kicked user (their devices and addresses) in again', build: (a) => post(`${room(a)}/users/${enc(a.uid ?? '')}/readmit`, {}) },
  'mic-open': { args: ['room'], summary: 'open connect-mic requests', build: (a) => post(`${room(a)}/mic/requests`, { open: true }) },
  'mic-close': { args: ['room'], summary: 'close connect-mic requests', build: (a) => post(`${room(a)}/mic/requests`, { open: false }) },
  'mic-accept': { args: ['room', 'uid'], summary: "accept a user's mic application", build: (a) => post(`${room(a)}/mic/${enc(a.uid ?? '')}/accept`) },
  'mic-reject': { args: ['room', 'uid'], summary: "reject a user's mic application", build: (a) => post(`${room(a)}/mic/${enc(a.uid ?? '')}/reject`) },
  'chat-state': {
    args: ['room'],
    options: { open: STRING, review: STRING, pictures: STRING, 'staff-only': STRING },
    summary: 'set the chat state: --open, --review, --pictures, --staff-only, each on or off',
    build: (a, o) => {
      const state = { open: onOff(o, 'open'), review: onOff(o, 'review'), pictures: onOff(o, 'pictures'), staffOnly: onOff(o, 'staff-only') };
      const body = Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined));
      if (Object.keys(body).length === 0) throw new UsageError('chat-state needs at least one of --open, --review, --pictures, --staff-only');
      return post(`${room(a)}/chat/state`, body);
    },
  },
  approve: {
    args: ['room', 'msgId'],
    summary: 'approve a chat message waiting for review',
    build: (a) => post(`${room(a)}/chat/pending/${enc(a.msgId ?? '')}/approve`),
  },
  audit: {
    args: ['room', 'uid', 'state'],
    summary: "set a user's sign-up audit: state passed or failed",
    build: (a) => post(`${room(a)}/signups/${enc(a.uid ?? '')}/audit`, { state: oneOf(a.state, ['passed', 'failed'] as const, 'state') }),
  },
};

function synopsis(name: string, command: Command): string {
  const args = command.args.map((a) => `<${a.replace('...', '')}>`);
  const options = Object.entries(command.options ?? {}).map(([o, spec]) => (spec.type === 'boolean' ? `[--${o}]` : `[--${o} <value>]`));
  return [name, ...args, ...options].join(' ');
}

export function helpText(): string {
  const lines = [
    'Usage: npm run room -- <command> [args]',
    '',
    'Talks to the admin API of the reference room server at $ROOM_SERVER (default http://127.0.0.1:8080)',
    'with the token in $ADMIN_TOKEN, else $DATA_DIR/admin-token (default ./data/admin-token).',
    '',
    'Commands:',
  ];
  for (const [name, command] of Object.entries(COMMANDS)) lines.push(`  ${synopsis(name, command)}`, `      ${command.summary}`);
  lines.push('  help', '      this text', '', 'Exit codes: 0 done, 1 refused by the server (or not reachable), 2 usage error.');
  return lines.join('\n');
}

export function parseCommand(argv: readonly string[]): Parsed {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') return { kind: 'help', text: helpText() };
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return { kind: 'usage', error: `unknown command "${name}"; run "npm run room -- help"` };
  try {
    const { values, positionals } = parseArgs({ args: [...rest], options: command.options ?? {}, allowPositionals: true, strict: true });
    const args: Record<string, string> = {};
    command.args.forEach((arg, i) => {
      const value = arg.endsWith('...') ? positionals.slice(i).join(' ') : positionals[i];
      if (value === undefined || value.trim() === '') throw new UsageError(`missing <${arg.replace('...', '')}>`);
      args[arg.replace('...', '')] = value;
    });
    const last = command.args.at(-1);
    if (!last?.endsWith('...') && positionals.length > command.args.length) {
      throw new UsageError(`unexpected argument "${positionals[command.args.length] ?? ''}"`);
    }
    return { kind: 'call', call: command.build(args, values) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'usage', error: `${message}\nusage: npm run room -- ${synopsis(name, command)}` };
  }
}
