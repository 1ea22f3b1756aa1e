/**
 * The macro benchmark's baseline (issue 6, item 4): the same chat list fed the common way,
 * as most live chats are built (Owncast's web chat, for one). Bench only, never shipped.
 *
 * - one WebSocket per tab, on the main thread (no worker, no sharing between tabs);
 * - login frame and join request as the product's worker sends them (PROTOCOL 2.3), batched
 *   messages included (docs/protocol.md 5.2): both get the same wire, so the comparison is
 *   of where the work runs, not of the protocol;
 * - every frame decoded (decodeFrame), turned into an entry (toChatEntry: validation, cut,
 *   tokenize, roles, mentions, meshType) and filtered (showsEntry, filter "all") on the
 *   main thread;
 * - one React state update per message (the last CHAT_ENTRIES_KEPT entries, as the product
 *   keeps), rendered by the project's own ChatList (react-virtuoso) and ChatMessage rows.
 *
 * The batched twin (`&batchMs=250&keep=150`, issue 34 item 5): the same rows on the main
 * thread, as a careful busy-chat client renders them (7TV's and BetterTTV's choice): every
 * frame decoded and turned into an entry as it comes, the list updated once per batch
 * interval with what came in it, the last `keep` entries kept.
 *
 * The login comes in the page's query: `?ws=<socket url>&sid=<sid>&uid=<user id>&room=<id>`.
 * Written with createElement (no JSX) so it type-checks under tsconfig.node.json.
 */
import { createElement, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CHAT_ENTRIES_KEPT, DEFAULT_LOCALE, LOCALES_ENABLED_BY_DEFAULT, SOCKET_LOGIN_AID } from '../../../src/domain/constants';
import { initI18n } from '../../../src/i18n';
import { ChatList } from '../../../src/features/chat/ChatList';
import '../../../src/features/chat/chat.css';
import '../../../src/ui/base.css';
import { BATCH_HEADER, decodeFrame, encodeFrame, framesOfMessage } from '../../../src/protocol/frame';
import { toChatEntry, type ChatEntry } from '../../../src/realtime/chatEntry';
import { showsEntry } from '../../../src/realtime/filters';
import { HEARTBEAT_REQUEST, LOGIN_OK_STATUS, LOGIN_RESULT_PUSH } from '../../../src/realtime/pushRules';

const JOIN = 7001;
const CHAT = 7101;
const HEARTBEAT_MS = 30_000;

interface BaselineState {
  connected: boolean;
  joined: boolean;
  received: number;
}

const params = new URLSearchParams(location.search);
const wsUrl = params.get('ws') ?? '';
const sid = params.get('sid') ?? '';
const myUid = params.get('uid');
const room = params.get('room') ?? '10001';
/** 0: one state update per message; else the update's interval, ms (the batched twin). */
const batchMs = Number(params.get('batchMs') ?? '0');
const kept = Number(params.get('keep') ?? String(CHAT_ENTRIES_KEPT));
const status: BaselineState = { connected: false, joined: false, received: 0 };
(globalThis as { __baseline?: BaselineState }).__baseline = status;

const noop = (): void => undefined;
const noWithdrawn: readonly string[] = [];
const noGaps: Readonly<Record<string, number>> = {};

function useChatSocket(): readonly ChatEntry[] {
  const [entries, setEntries] = useState<readonly ChatEntry[]>([]);
  useEffect(() => {
    const socket = new WebSocket(wsUrl);
    let previous: ChatEntry | undefined;
    let seq = 0;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let batch: ChatEntry[] = [];
    const flush = batchMs > 0 ? setInterval(() => {
      if (batch.length === 0) return;
      const arrived = batch;
      batch = [];
      setEntries((list) => keepLast(list, arrived));
    }, batchMs) : undefined;
    socket.onopen = () => {
      status.connected = true;
      socket.send(encodeFrame({ headers: { cmd: 'login', aid: SOCKET_LOGIN_AID, sid, [BATCH_HEADER]: '1' }, body: {} }));
    };
    socket.onmessage = (event: MessageEvent) => {
      for (const data of framesOfMessage(event.data)) onFrame(data);
    };
    const onFrame = (data: unknown): void => {
      const decoded = decodeFrame(data);
      if (!decoded.ok) return;
      const frame = decoded.frame;
      if (frame.code === LOGIN_RESULT_PUSH) {
        if (frame.body.status !== LOGIN_OK_STATUS) return;
        // Logged in: join the room from the start, keep the socket alive.
        seq += 1;
        socket.send(encodeFrame({ code: JOIN, seq, body: { webcastId: room, offset: 0 } }));
        heartbeat = setInterval(() => {
          seq += 1;
          socket.send(encodeFrame({ code: HEARTBEAT_REQUEST, seq, body: {} }));
        }, HEARTBEAT_MS);
        return;
      }
      if (frame.code === JOIN - 1) {
        status.joined = true;
        return;
      }
      if (frame.code !== CHAT) return;
      status.received += 1;
      const entry = toChatEntry(frame.body, { myUid, previous });
      if (entry === null) return;
      previous = entry;
      if (!showsEntry('all', entry, { staffOnly: false })) return;
      if (batchMs > 0) {
        batch.push(entry);
        if (batch.length > kept) batch = batch.slice(batch.length - kept);
        return;
      }
      // One state update per message, as a chat fed straight from its socket does.
      setEntries((list) => (list.length < kept ? [...list, entry] : [...list.slice(list.length - kept + 1), entry]));
    };
    return () => {
      clearInterval(heartbeat);
      clearInterval(flush);
      socket.close();
    };
  }, []);
  return entries;
}

/** The last `kept` of `list` and then `arrived`. */
function keepLast(list: readonly ChatEntry[], arrived: readonly ChatEntry[]): readonly ChatEntry[] {
  const all = [...list, ...arrived];
  return all.length > kept ? all.slice(all.length - kept) : all;
}

/** The baseline never skips (it falls behind instead), so its list never asks. */
const nothingSkipped = () => Promise.resolve({ ok: true as const, value: { entries: [], restBefore: 0, counted: 0 } });

function BaselineChat() {
  const entries = useChatSocket();
  return createElement(ChatList, { entries, gaps: noGaps, withdrawn: noWithdrawn, onQuote: noop, onMention: noop, onWithdraw: noop, onOpenImage: noop, onLoadSkipped: nothingSkipped });
}

async function start(): Promise<void> {
  await initI18n({ enabled: LOCALES_ENABLED_BY_DEFAULT, defaultLocale: DEFAULT_LOCALE });
  const container = document.getElementById('root');
  if (container === null) throw new Error('no #root');
  createRoot(container).render(createElement(BaselineChat));
}

void start();
