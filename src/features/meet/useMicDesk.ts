/**
 * The console's connect-mic desk: the room's mic users as the server has them (read again
 * whenever a mic push moves `mic.changes`), the host side's actions (voip/host: the same
 * service as the admin API and `npm run room`), and the viewers' microphones received
 * (src/state/micMedia.ts), with the audio bytes each one brought so far.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { peerToPeerReceiver, type MicPeer, type MicReceiver } from '../../state/micMedia';
import { useRoomStateKey } from '../../state/roomFeed';
import { failureText } from '../../ui/failureText';
import { readMicDesk, type MicDeskData } from './consoleData';
import { useHostCalls } from './useHostCalls';
import { useClock } from '../../ui/clock';

export type MicDeskAction = { readonly action: 'requests'; readonly open: boolean } | { readonly action: 'accept' | 'reject' | 'invite' | 'hangup'; readonly uid: string };

/** How often the console reads the audio each viewer's microphone brought. */
const STATS_EVERY_MS = 1000;

export interface MicDeskView {
  readonly desk: MicDeskData | null;
  readonly peers: readonly MicPeer[];
  /** Audio bytes received per viewer (uid), while connected. */
  readonly audioBytes: Readonly<Record<string, number>>;
  readonly busy: boolean;
  readonly failure: string | null;
  act(action: MicDeskAction): void;
}

export function useMicDesk(roomId: string): MicDeskView {
  const clock = useClock();
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const host = useHostCalls();
  const changes = useRoomStateKey(roomId, 'mic')?.changes ?? 0;
  const [desk, setDesk] = useState<MicDeskData | null>(null);
  const [peers, setPeers] = useState<readonly MicPeer[]>([]);
  const [audioBytes, setAudioBytes] = useState<Readonly<Record<string, number>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const receiver = useRef<MicReceiver | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.live.micUsers({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setDesk(readMicDesk(data)),
      () => undefined, // the next mic push reads them again
    );
    return () => controller.abort();
  }, [api, roomId, changes]);

  useEffect(() => {
    const received = peerToPeerReceiver(roomId, setPeers);
    receiver.current = received;
    return () => {
      received.close();
      receiver.current = null;
    };
  }, [roomId]);

  // A viewer who left the mic: their connection goes.
  useEffect(() => {
    if (desk === null) return;
    const onMic = new Set(desk.users.filter((u) => u.state !== 'applying').map((u) => u.uid));
    for (const peer of peers) if (!onMic.has(peer.uid)) receiver.current?.drop(peer.uid);
  }, [desk, peers]);

  const connectedUids = peers.filter((p) => p.state === 'connected').map((p) => p.uid).join('\n');
  useEffect(() => {
    if (connectedUids === '') return undefined;
    const uids = connectedUids.split('\n');
    const read = () => {
      const current = receiver.current;
      if (current === null) return;
      void Promise.all(uids.map(async (uid) => [uid, await current.inboundAudioBytes(uid)] as const)).then((pairs) => {
        const next: Record<string, number> = {};
        for (const [uid, bytes] of pairs) if (bytes !== null) next[uid] = bytes;
        setAudioBytes(next);
      });
    };
    read();
    const timer = clock.setInterval(read, STATS_EVERY_MS);
    return () => clock.clearInterval(timer);
  }, [clock, connectedUids]);

  const act = useCallback(
    (action: MicDeskAction) => {
      setBusy(true);
      setFailure(null);
      host.micHost(action).then(
        (data) => {
          setBusy(false);
          setDesk(readMicDesk(data));
        },
        (error: unknown) => {
          setBusy(false);
          setFailure(failureText(error, t));
        },
      );
    },
    [host, t],
  );

  return { desk, peers, audioBytes, busy, failure, act };
}
