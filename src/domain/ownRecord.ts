/**
 * The viewer's own record of a room (issue 37 item 5; docs/protocol.md 5.13), read from the
 * server's answer and written as a file the viewer keeps: Markdown to read, CSV for a
 * spreadsheet, JSON for a program.
 *
 * The answer is read defensively (a field of the wrong kind is dropped, never thrown on) and
 * every text in it is the viewer's or the room's, so the writers escape it: Markdown
 * characters are escaped so a message reads as typed, not as a heading or a link; CSV cells
 * are quoted and a cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * starts with an apostrophe (OWASP "CSV injection").
 */

/** The most messages a record holds (the oldest first; the server says when there are more). */
export const OWN_RECORD_MESSAGES_MAX = 5000;

export interface OwnRecordMessage {
  readonly at: number;
  readonly text: string;
  readonly picture: boolean;
}
export interface OwnRecordQuestion {
  readonly at: number;
  readonly question: string;
  readonly status: string;
  readonly answer: string | null;
  readonly answeredAt: number | null;
}
export interface OwnRecordPaper {
  readonly at: number;
  readonly kind: string;
  readonly title: string;
  readonly anonymous: boolean;
  readonly score: number | null;
  readonly total: number | null;
  readonly answers: readonly { readonly question: string; readonly answer: string }[];
}
export interface OwnRecordSheet {
  readonly at: number;
  readonly title: string;
  readonly answer: readonly string[];
  readonly correct: boolean | null;
}
export interface OwnRecordLottery {
  readonly at: number;
  readonly title: string;
  readonly prize: string;
  readonly won: boolean;
}
export interface OwnRecordRedPacket {
  readonly at: number;
  readonly title: string;
  readonly amount: string;
}

export interface OwnRecord {
  readonly room: { readonly id: string; readonly title: string };
  readonly viewer: { readonly id: string; readonly name: string };
  readonly generatedAt: number;
  readonly messages: readonly OwnRecordMessage[];
  readonly messagesTruncated: boolean;
  readonly questions: readonly OwnRecordQuestion[];
  readonly papers: readonly OwnRecordPaper[];
  readonly answerSheets: readonly OwnRecordSheet[];
  readonly rollCalls: readonly { readonly at: number }[];
  readonly lotteries: readonly OwnRecordLottery[];
  readonly redPackets: readonly OwnRecordRedPacket[];
}

/** The sections of a record, in the order the files list them. */
export const OWN_RECORD_SECTIONS = ['messages', 'questions', 'papers', 'answerSheets', 'rollCalls', 'lotteries', 'redPackets'] as const;
export type OwnRecordSection = (typeof OWN_RECORD_SECTIONS)[number];

type Fields = Readonly<Record<string, unknown>>;
const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const time = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/** Each item of `list` that `read` makes sense of (it answers null for one it cannot). */
function listOf<T>(v: unknown, read: (item: Fields, at: number) => T | null): T[] {
  if (!Array.isArray(v)) return [];
  const out: T[] = [];
  for (const item of v) {
    if (!isFields(item)) continue;
    const at = time(item.at);
    if (at === null) continue;
    const value = read(item, at);
    if (value !== null) out.push(value);
  }
  return out;
}

/** The server's answer as a record, or null when it is not one (no room in it). */
export function readOwnRecord(data: unknown): OwnRecord | null {
  if (!isFields(data) || !isFields(data.room) || typeof data.room.id !== 'string') return null;
  const viewer = isFields(data.viewer) ? data.viewer : {};
  return {
    room: { id: data.room.id, title: text(data.room.title) },
    viewer: { id: text(viewer.id), name: text(viewer.name) },
    generatedAt: time(data.generatedAt) ?? 0,
    messages: listOf(data.messages, (m, at) => ({ at, text: text(m.text), picture: m.picture === true })),
    messagesTruncated: data.messagesTruncated === true,
    questions: listOf(data.questions, (q, at) => ({
      at,
      question: text(q.question),
      status: text(q.status),
      answer: typeof q.answer === 'string' ? q.answer : null,
      answeredAt: time(q.answeredAt),
    })),
    papers: listOf(data.papers, (p, at) => ({
      at,
      kind: text(p.kind),
      title: text(p.title),
      anonymous: p.anonymous === true,
      score: count(p.score),
      total: count(p.total),
      answers: (Array.isArray(p.answers) ? p.answers : []).filter(isFields).map((a) => ({ question: text(a.question), answer: text(a.answer) })),
    })),
    answerSheets: listOf(data.answerSheets, (s, at) => ({
      at,
      title: text(s.title),
      answer: Array.isArray(s.answer) ? s.answer.filter((a): a is string => typeof a === 'string') : [],
      correct: typeof s.correct === 'boolean' ? s.correct : null,
    })),
    rollCalls: listOf(data.rollCalls, (_r, at) => ({ at })),
    lotteries: listOf(data.lotteries, (l, at) => ({ at, title: text(l.title), prize: text(l.prize), won: l.won === true })),
    redPackets: listOf(data.redPackets, (p, at) => (typeof p.amount === 'string' ? { at, title: text(p.title), amount: p.amount } : null)),
  };
}

export const ownRecordCounts = (record: OwnRecord): Readonly<Record<OwnRecordSection, number>> => ({
  messages: record.messages.length,
  questions: record.questions.length,
  papers: record.papers.length,
  answerSheets: record.answerSheets.length,
  rollCalls: record.rollCalls.length,
  lotteries: record.lotteries.length,
  redPackets: record.redPackets.length,
});

export const isEmptyRecord = (record: OwnRecord): boolean => Object.values(ownRecordCounts(record)).every((n) => n === 0);

/** The words a file is written with, in the viewer's language (features/ownrecord gives them). */
export interface OwnRecordWords {
  readonly title: string;
  readonly room: string;
  readonly viewer: string;
  readonly generatedAt: string;
  readonly sections: Readonly<Record<OwnRecordSection, string>>;
  readonly none: string;
  readonly picture: string;
  readonly truncated: string;
  readonly notAnswered: string;
  readonly quiz: string;
  readonly questionnaire: string;
  readonly anonymous: string;
  readonly right: string;
  readonly wrong: string;
  readonly won: string;
  readonly notWon: string;
  readonly signedIn: string;
  readonly score: (score: number, total: number) => string;
  readonly csvHeader: readonly [kind: string, time: string, subject: string, content: string, result: string];
  /** A time as the viewer reads it (date and time, their locale and zone). */
  readonly time: (ms: number) => string;
}

/**
 * Escapes what Markdown would read as markup, so a text reads as typed: inside a line
 * (emphasis, code, links, HTML, entities) and at a line's start (a heading, a quote, a list,
 * a setext underline). Other punctuation is left alone, so the file reads well as plain text.
 * A line break stays one (a hard break, indented into the list item).
 */
export function markdownText(value: string): string {
  return value
    .split(/\r\n?|\n/)
    .map((line) =>
      line
        .replace(/[\\`*_[\]<>~&]/g, (c) => `\\${c}`)
        .replace(/^(\s*)([#+\-=])/, '$1\\$2')
        .replace(/^(\s*\d+)([.)])(?=\s|$)/, '$1\\$2'),
    )
    .join('  \n  ');
}

/** One CSV cell: quoted, quotes doubled, a would-be formula made text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

interface Row {
  readonly section: OwnRecordSection;
  readonly at: number;
  readonly subject: string;
  /** One item, or a paper's answers one by one (CSV: lines of a cell; Markdown: a sub-list). */
  readonly content: readonly string[];
  readonly result: string;
}

/** The record as rows of one table, section by section (the CSV; Markdown's lists read them too). */
function rowsOf(record: OwnRecord, words: OwnRecordWords): Row[] {
  const paperKind = (kind: string) => (kind === 'quiz' ? words.quiz : words.questionnaire);
  return [
    ...record.messages.map((m): Row => ({ section: 'messages', at: m.at, subject: '', content: [m.picture ? `${m.text} ${words.picture}`.trim() : m.text], result: '' })),
    ...record.questions.map((q): Row => ({ section: 'questions', at: q.at, subject: q.question, content: [q.answer ?? words.notAnswered], result: '' })),
    ...record.papers.map((p): Row => ({
      section: 'papers',
      at: p.at,
      subject: `${paperKind(p.kind)}: ${p.title}`,
      content: p.anonymous ? [words.anonymous] : p.answers.map((a) => `${a.question}: ${a.answer}`),
      result: p.score !== null && p.total !== null ? words.score(p.score, p.total) : '',
    })),
    ...record.answerSheets.map((s): Row => ({ section: 'answerSheets', at: s.at, subject: s.title, content: [s.answer.join('; ')], result: s.correct === null ? '' : s.correct ? words.right : words.wrong })),
    ...record.rollCalls.map((r): Row => ({ section: 'rollCalls', at: r.at, subject: '', content: [words.signedIn], result: '' })),
    ...record.lotteries.map((l): Row => ({ section: 'lotteries', at: l.at, subject: l.title, content: [l.prize], result: l.won ? words.won : words.notWon })),
    ...record.redPackets.map((p): Row => ({ section: 'redPackets', at: p.at, subject: p.title, content: [p.amount], result: '' })),
  ];
}

export function ownRecordCsv(record: OwnRecord, words: OwnRecordWords): string {
  const lines = [words.csvHeader.map(csvCell).join(',')];
  for (const row of rowsOf(record, words)) lines.push([words.sections[row.section], words.time(row.at), row.subject, row.content.join('\n'), row.result].map(csvCell).join(','));
  // The byte order mark: Excel reads a CSV without one in the system's code page, not UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function ownRecordMarkdown(record: OwnRecord, words: OwnRecordWords): string {
  const out = [
    `# ${markdownText(words.title)}`,
    '',
    `- ${markdownText(words.room)}: ${markdownText(record.room.title)} (${markdownText(record.room.id)})`,
    `- ${markdownText(words.viewer)}: ${markdownText(record.viewer.name)}`,
    `- ${markdownText(words.generatedAt)}: ${markdownText(words.time(record.generatedAt))}`,
  ];
  const rows = rowsOf(record, words);
  for (const section of OWN_RECORD_SECTIONS) {
    out.push('', `## ${markdownText(words.sections[section])}`, '');
    const mine = rows.filter((row) => row.section === section);
    if (mine.length === 0) out.push(`_${markdownText(words.none)}_`);
    for (const row of mine) {
      const head = [words.time(row.at), row.subject].filter((s) => s !== '').map(markdownText).join(' · ');
      const result = row.result === '' ? '' : ` (${markdownText(row.result)})`;
      if (row.content.length === 1) out.push(`- **${head}**${result}: ${markdownText(row.content[0] ?? '')}`);
      else out.push(`- **${head}**${result}`, ...row.content.map((item) => `  - ${markdownText(item).replace(/\n {2}/g, '\n    ')}`));
    }
    if (section === 'messages' && record.messagesTruncated) out.push('', `_${markdownText(words.truncated)}_`);
  }
  return `${out.join('\n')}\n`;
}

export function ownRecordJson(record: OwnRecord): string {
  return `${JSON.stringify({ format: 'webcast-own-record', version: 1, ...record }, null, 2)}\n`;
}

export type OwnRecordFormat = 'md' | 'csv' | 'json';

/** The file's name: the room and the time it was made (UTC, so two saves sort). */
export function ownRecordFileName(record: OwnRecord, format: OwnRecordFormat): string {
  const stamp = new Date(record.generatedAt).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const room = record.room.id.replace(/[^\w-]/g, '_').slice(0, 64);
  return `record-${room}-${stamp}.${format}`;
}
