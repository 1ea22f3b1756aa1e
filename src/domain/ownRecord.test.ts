import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  isEmptyRecord,
  markdownText,
  ownRecordCounts,
  ownRecordCsv,
  ownRecordFileName,
  ownRecordJson,
  ownRecordMarkdown,
  readOwnRecord,
  type OwnRecordWords,
} from './ownRecord';

const T0 = Date.UTC(2026, 10, 29, 8, 30);

const ANSWER = {
  room: { id: '10001', title: 'Launch *event*' },
  viewer: { id: 'u1', name: 'Ann' },
  generatedAt: T0 + 60_000,
  messages: [
    { at: T0, text: 'hello [link](javascript:alert(1)) <b>bold</b>', picture: false },
    { at: T0 + 1000, text: '=HYPERLINK("http://x")', picture: false },
    { at: T0 + 2000, text: '# not a heading\nline two', picture: true },
    { at: 'soon', text: 'dropped: no time' },
  ],
  messagesTruncated: true,
  questions: [{ at: T0 + 3000, question: 'When?', status: 'answered', answer: 'Tomorrow', answeredAt: T0 + 4000 }],
  papers: [
    { at: T0 + 5000, kind: 'quiz', title: 'Quiz', anonymous: false, score: 2, total: 3, answers: [{ question: 'Q1', answer: 'B' }, { question: 'Q2', answer: 'A; C' }] },
    { at: T0 + 5500, kind: 'questionnaire', title: 'Survey', anonymous: true, score: null, total: null, answers: [] },
  ],
  answerSheets: [{ at: T0 + 6000, title: 'Poll', answer: ['Yes'], correct: null }],
  rollCalls: [{ at: T0 + 7000 }],
  lotteries: [{ at: T0 + 8000, title: 'Draw', prize: 'Mug', won: true }],
  redPackets: [{ at: T0 + 9000, title: 'Lucky', amount: '1.23' }, { at: T0 + 9500, title: 'no amount' }],
};

const WORDS: OwnRecordWords = {
  title: 'My record',
  room: 'Room',
  viewer: 'Viewer',
  generatedAt: 'Saved',
  sections: { messages: 'Messages', questions: 'Questions', papers: 'Papers', answerSheets: 'Answer sheets', rollCalls: 'Roll calls', lotteries: 'Lotteries', redPackets: 'Red packets' },
  none: 'None',
  picture: '[picture]',
  truncated: 'Only the first messages',
  notAnswered: 'Not answered yet',
  quiz: 'Quiz',
  questionnaire: 'Questionnaire',
  anonymous: 'Anonymous: answers not kept',
  right: 'right',
  wrong: 'wrong',
  won: 'won',
  notWon: 'not drawn',
  signedIn: 'signed in',
  score: (score, total) => `${score}/${total}`,
  csvHeader: ['Kind', 'Time', 'Subject', 'Content', 'Result'],
  time: (ms) => new Date(ms).toISOString().slice(11, 19),
};

/** RFC 4180 read back, to prove the writer's quoting. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('readOwnRecord', () => {
  it('keeps what makes sense and drops what does not', () => {
    const record = readOwnRecord(ANSWER)!;
    expect(record.messages).toHaveLength(3);
    expect(record.redPackets).toEqual([{ at: T0 + 9000, title: 'Lucky', amount: '1.23' }]);
    expect(ownRecordCounts(record)).toEqual({ messages: 3, questions: 1, papers: 2, answerSheets: 1, rollCalls: 1, lotteries: 1, redPackets: 1 });
    expect(isEmptyRecord(record)).toBe(false);
    expect(readOwnRecord(null)).toBeNull();
    expect(readOwnRecord({ room: { title: 'no id' } })).toBeNull();
    const bare = readOwnRecord({ room: { id: 'r' }, messages: 'many', papers: [{ at: 1, answers: [null, { question: 1 }] }] })!;
    expect(bare.messages).toEqual([]);
    expect(bare.papers[0]!.answers).toEqual([{ question: '', answer: '' }]);
    expect(isEmptyRecord(readOwnRecord({ room: { id: 'r' } })!)).toBe(true);
  });
});

describe('the files', () => {
  const record = readOwnRecord(ANSWER)!;

  it('Markdown: every section, escaped texts, the truncation said', () => {
    const md = ownRecordMarkdown(record, WORDS);
    expect(md).toContain('# My record\n');
    expect(md).toContain('- Room: Launch \\*event\\* (10001)');
    expect(md).toContain('hello \\[link\\](javascript:alert(1)) \\<b\\>bold\\</b\\>');
    expect(md).toContain('\\# not a heading  \n  line two \\[picture\\]');
    expect(md).toContain('- **08:30:09 · Lucky**: 1.23');
    expect(markdownText('1. first\n2) second')).toBe('1\\. first  \n  2\\) second');
    expect(md).toContain('- **08:30:03 · When?**: Tomorrow');
    expect(md).toContain('- **08:30:05 · Quiz: Quiz** (2/3)\n  - Q1: B\n  - Q2: A; C');
    expect(md).toContain('Questionnaire: Survey**: Anonymous: answers not kept');
    expect(md).toContain('- **08:30:08 · Draw** (won): Mug');
    expect(md).toContain('_Only the first messages_');
    for (const section of Object.values(WORDS.sections)) expect(md).toContain(`## ${section}\n`);
    expect(ownRecordMarkdown(readOwnRecord({ room: { id: 'r' } })!, WORDS).match(/_None_/g)).toHaveLength(7);
  });

  it('CSV: a header, one row per item, quotes and formulas made harmless, read back the same', () => {
    const csv = ownRecordCsv(record, WORDS);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual(['Kind', 'Time', 'Subject', 'Content', 'Result']);
    expect(rows).toHaveLength(1 + 3 + 1 + 2 + 1 + 1 + 1 + 1);
    expect(rows[2]).toEqual(['Messages', '08:30:01', '', `'=HYPERLINK("http://x")`, '']);
    expect(rows[5]).toEqual(['Papers', '08:30:05', 'Quiz: Quiz', 'Q1: B\nQ2: A; C', '2/3']);
  });

  it('a CSV cell reads back as its text (a formula behind an apostrophe)', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const [[cell]] = parseCsv(`${csvCell(value)}\r\n`) as [[string]];
        expect(cell).toBe(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
      }),
    );
  });

  it('Markdown text never starts a block or holds markup unescaped', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const escaped = markdownText(value);
        for (const line of escaped.split('\n')) {
          expect(line.trimStart()).not.toMatch(/^([#+\-=]|\d+[.)](\s|$))/);
          expect(line).not.toMatch(/(^|[^\\])(\\\\)*[`*_[\]<>~&]/);
        }
      }),
    );
  });

  it('JSON: the record with its format; the file names sort by time', () => {
    expect(JSON.parse(ownRecordJson(record))).toMatchObject({ format: 'webcast-own-record', version: 1, room: { id: '10001' }, messagesTruncated: true });
    expect(ownRecordFileName(record, 'md')).toBe('record-10001-20261129-0831.md');
    expect(ownRecordFileName({ ...record, room: { id: '../x y', title: '' } }, 'csv')).toBe('record-___x_y-20261129-0831.csv');
  });
});
