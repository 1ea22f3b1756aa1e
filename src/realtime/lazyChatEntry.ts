/**
 * A chat entry whose body is parsed only when something reads it (issue 34 item 3): the room
 * hub keeps one for every chat push the cheap scan (chatScan.ts) found not to concern the
 * viewer, in the buffer and the tabs' pending lists, as any entry. Most of a flood's entries
 * are pushed out of both before a delta takes them, and are never parsed; those a delta
 * takes (a screen of 40) are parsed as it is made (plainEntries), and a tab only ever gets
 * plain entries.
 *
 * What the worker asks of every entry at once stays cheap: `offset` is the scan's, and
 * whether it is a priority entry or shown by a filter is known from the scan
 * (`concernsViewer` false: not the viewer's, not mentioning them, not staff, not
 * highlighted), so filters.ts and deltas.ts answer without a parse. Any other field parses
 * the body, once: JSON.parse and toChatEntry, as a parsed push would have been, with the
 * sender of the entry before it for `meshType` (whose own text is parsed for it only when it
 * may name this entry's sender). A body that does not parse, or is not a chat
 * entry, counts as malformed then and reads as no entry (plainEntries leaves it out).
 *
 * No chain of entries is kept: the previous entry is remembered by its sender's id, or, while
 * it is unparsed itself, by its body's text (a string, which holds no entry).
 */
import { ROLE } from '../domain/roles';
import { readId, toChatEntry, type ChatEntry } from './chatEntry';
import { mayNameId } from './chatScan';

/** What an entry's parse failing touches: the hub's count of malformed messages. */
export interface MalformedCount {
  malformed: number;
}

/** The JSON object in `text`, or null (not JSON, or not an object). */
export function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The sender of the entry before one, as far as the worker knows it: its id, or the text of
 * its body while that is unparsed (`meshType`, whether the list repeats the sender's header).
 */
export type PreviousSender = { readonly uid: string } | { readonly unparsedText: string } | undefined;

/**
 * The entry before one sent by `uid`, as toChatEntry compares it: the text of an unparsed one
 * is parsed only when it may name `uid` (chatScan.ts mayNameId). Another sender's text (the
 * rule in a busy room) is never parsed for it: when every entry is shown, each one's parse
 * parsed the one before it again.
 */
function previousOf(previous: PreviousSender, uid: unknown): { readonly uid: string } | undefined {
  if (previous === undefined || !('unparsedText' in previous)) return previous;
  const id = readId(uid);
  if (id === null || !mayNameId(previous.unparsedText, id)) return undefined;
  const previousUid = readId(parseObject(previous.unparsedText)?.uid);
  return previousUid === null ? undefined : { uid: previousUid };
}

/**
 * A chat push's body text as the chat entry a parsed push gives (toChatEntry), or null when
 * it is no JSON object, names another offset than the one it was routed on, or is no chat entry.
 */
export function chatEntryOfText(text: string, offset: number, myUid: string | null, previous: PreviousSender): ChatEntry | null {
  const body = parseObject(text);
  return body === null || body.offset !== offset ? null : toChatEntry(body, { myUid, previous: previousOf(previous, body.uid) });
}

/** The sender of `entry` as the one before the next: an unparsed entry by its text, so reading it parses nothing. */
export function senderOf(entry: ChatEntry | undefined): PreviousSender {
  if (entry === undefined) return undefined;
  const body = entry instanceof LazyChatEntry ? entry.unparsedBody : null;
  return body === null ? entry : { unparsedText: body };
}

/** What an entry that did not parse reads as, until plainEntries leaves it out. */
const NO_ENTRY: ChatEntry = Object.freeze({
  msgId: '',
  uid: '',
  name: '',
  role: ROLE.guest,
  roleName: '',
  headImgUrl: null,
  sendTime: 0,
  text: '',
  cut: false,
  segments: Object.freeze([]),
  imgUrl: null,
  imgLinkUrl: null,
  quote: null,
  pickedUids: Object.freeze([]),
  top: false,
  highlight: false,
  definedStyle: null,
  definedRoleName: null,
  offset: 0,
  roleLabel: 'role.guest',
  mine: false,
  mentionsMe: false,
  meshType: false,
});

export class LazyChatEntry implements ChatEntry {
  private body: string;
  private parsed: ChatEntry | null | undefined = undefined;

  /**
   * `previousUid`: the sender of the entry before it; or, while that one is unparsed,
   * `previousBody`, its text (read for the sender only if this one is ever parsed).
   */
  constructor(
    readonly offset: number,
    body: string,
    private previousUid: string | null,
    private previousBody: string | null,
    private readonly myUid: string | null,
    private readonly counts: MalformedCount,
  ) {
    this.body = body;
  }

  /** The body's text while unparsed (the next entry's previous sender); null once parsed. */
  get unparsedBody(): string | null {
    return this.parsed === undefined ? this.body : null;
  }

  /** The plain entry, parsing the body the first time; null when it is no chat entry. */
  plain(): ChatEntry | null {
    if (this.parsed !== undefined) return this.parsed;
    const previous = this.previousUid !== null ? { uid: this.previousUid } : this.previousBody !== null ? { unparsedText: this.previousBody } : undefined;
    const entry = chatEntryOfText(this.body, this.offset, this.myUid, previous);
    if (entry === null) this.counts.malformed++;
    this.parsed = entry;
    // What the parse needed is let go: the buffer holds entries, not their texts.
    this.body = '';
    this.previousUid = null;
    this.previousBody = null;
    return entry;
  }

  private get entry(): ChatEntry {
    return this.plain() ?? NO_ENTRY;
  }

  get msgId() {
    return this.entry.msgId;
  }
  get uid() {
    return this.entry.uid;
  }
  get name() {
    return this.entry.name;
  }
  get role() {
    return this.entry.role;
  }
  get roleName() {
    return this.entry.roleName;
  }
  get headImgUrl() {
    return this.entry.headImgUrl;
  }
  get sendTime() {
    return this.entry.sendTime;
  }
  get text() {
    return this.entry.text;
  }
  get cut() {
    return this.entry.cut;
  }
  get segments() {
    return this.entry.segments;
  }
  get imgUrl() {
    return this.entry.imgUrl;
  }
  get imgLinkUrl() {
    return this.entry.imgLinkUrl;
  }
  get quote() {
    return this.entry.quote;
  }
  get pickedUids() {
    return this.entry.pickedUids;
  }
  get top() {
    return this.entry.top;
  }
  get highlight() {
    return false;
  }
  get definedStyle() {
    return this.entry.definedStyle;
  }
  get definedRoleName() {
    return this.entry.definedRoleName;
  }
  get roleLabel() {
    return this.entry.roleLabel;
  }
  get mine() {
    return false;
  }
  get mentionsMe() {
    return false;
  }
  get meshType() {
    return this.entry.meshType;
  }
}

/** The entry as it can leave the worker: plain (a LazyChatEntry's getters do not survive a postMessage), or null. */
export const plainEntry = (entry: ChatEntry): ChatEntry | null => (entry instanceof LazyChatEntry ? entry.plain() : entry);

/** The entries as they can leave the worker, in order, those that did not parse left out; the array itself when all are plain. */
export function plainEntries(entries: ChatEntry[]): ChatEntry[] {
  let out: ChatEntry[] | null = null;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (!(entry instanceof LazyChatEntry)) {
      out?.push(entry);
      continue;
    }
    out ??= entries.slice(0, i);
    const plain = entry.plain();
    if (plain !== null) out.push(plain);
  }
  return out ?? entries;
}

/** Whether the scan found the entry not to concern the viewer (so no filter but "all" shows it, and it is no priority). */
export const plainlyOthers = (entry: ChatEntry): boolean => entry instanceof LazyChatEntry;
