/**
 * Connect-mic for one room: the server's word (the room state's `mic`, the same in every
 * tab), the viewer machine of src/domain/connectMic.ts, and the steps it asks for run here:
 * the voip and call-room calls, the microphone opened and released, the connecting deadline. Only the
 * tab holding the microphone (micOwner.ts) runs the media steps; the microphone reaches the
 * host side through src/state/micMedia.ts.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../api';
import { canPress, INITIAL_VIEWER_MIC, MIC_PHASES, nextMicStep, shownMicPhase, stepViewerMic, type MicCall, type MicPhase, type MicProblem } from '../../domain/connectMic';
import type { MicEnd } from '../../realtime/micState';
import { useApi } from '../../state/apiContext';
import { useRoomStateKey } from '../../state/roomFeed';
import { roomRequest } from '../../state/realtimeConnection';
import { messageKeyForCode } from '../../domain/errorCatalogue';
import type { RealtimeOutcome } from '../../realtime/realtimeApi';
import { session } from '../../state/session';
import { peerToPeerPublisher, type MicPublication, type PublishOutcome } from '../../state/micMedia';
import { openStream } from '../../ui/microphoneStream';
import { readVideoChoice, rememberVideoChoice } from './videoChoice';
import { micOwnership } from './micOwner';
import { useClock } from '../../ui/clock';

/** SPEC 5's nickname gate, handed in by the screen (it belongs to the entry feature). */
export interface NicknameGate {
  isSet(): boolean;
  /** Opens the nickname prompt when needed; true once a nickname is set. */
  require(): Promise<boolean>;
}

export type MicPress = 'apply' | 'cancel' | 'accept' | 'decline' | 'hangup';

export interface ViewerMicView {
  readonly phase: MicPhase;
  /** Whether the host takes applications (null: not known yet). */
  readonly open: boolean | null;
  readonly invited: boolean;
  readonly inviteAccepted: boolean;
  readonly busy: boolean;
  readonly owner: boolean;
  readonly microphoneOn: boolean;
  /** Whether the host side takes the microphone ('nobody': no host or assistant is connected to hear it). */
  readonly heard: PublishOutcome | null;
  readonly queueLength: number;
  /** The room's viewers on the mic now (for everyone to see), this viewer included. */
  readonly onMic: readonly { readonly uid: string; readonly name: string }[];
  /** Whether the camera goes with the microphone (chosen before applying). */
  readonly video: boolean;
  chooseVideo(on: boolean): void;
  readonly problem: MicProblem | null;
  /** How the mic last ended while this page was open. */
  readonly ended: MicEnd | null;
  can(action: MicPress): boolean;
  press(action: MicPress): void;
}

/**
 * Where each call goes. Applying and cancelling are voip/apply (type 1, 2: SPEC 3 "Mic apply
 * and reply"). Once taken on, the viewer is in the meeting room's call room (SPEC 7.5):
 * joining it confirms (1605), quitting it declines an invitation or hangs up (1607), on the
 * worker's socket; the server moves the mic the same way voip/reply 1, 2 and 3 do
 * (docs/protocol.md 5.3 and 5.5).
 */
type MicCallRoute =
  | { readonly kind: 'http'; readonly path: 'micApply'; readonly type: number }
  | { readonly kind: 'callRoom'; readonly code: number; readonly fallback?: { readonly path: 'micReply'; readonly type: number } };
/**
 * Declining and hanging up must work even while the socket is down (a viewer who wants off
 * the mic is never kept on it by a broken connection): when the call-room request cannot
 * reach the server, they go as voip/reply (2 decline, 3 hang up) over HTTP instead.
 */
export const MIC_CALL_ROUTES: Readonly<Record<MicCall, MicCallRoute>> = {
  apply: { kind: 'http', path: 'micApply', type: 1 },
  cancel: { kind: 'http', path: 'micApply', type: 2 },
  confirm: { kind: 'callRoom', code: 1605 },
  decline: { kind: 'callRoom', code: 1607, fallback: { path: 'micReply', type: 2 } },
  hangup: { kind: 'callRoom', code: 1607, fallback: { path: 'micReply', type: 3 } },
};

/** The viewer's mic state in a voip answer (`{webcastId, state}`), or null. */
export function readMicPhase(data: unknown): MicPhase | null {
  const state = (data as { state?: unknown } | null)?.state;
  return typeof state === 'string' && (MIC_PHASES as readonly string[]).includes(state) ? (state as MicPhase) : null;
}

/** The socket could not carry the request (nothing reached the server, or no answer came back): worth the HTTP way. */
export const socketUnreachable = (failure: Extract<RealtimeOutcome<unknown>, { ok: false }>): boolean =>
  failure.reason === 'not-connected' || failure.reason === 'connection-closed' || failure.reason === 'timeout' || failure.reason === 'not-subscribed' || failure.reason === 'send-failed';

function problemOf(error: unknown): MicProblem {
  if (isApiError(error) && error.code === 4501) return { key: 'error.invalidInputField', detail: error.serverMsg ?? '' };
  if (isApiError(error)) return { key: error.messageKey };
  return { key: 'error.submitFailed' };
}

/** A refused call-room request in the words the mic line uses for a refused voip call. */
export function problemOfOutcome(failure: Extract<RealtimeOutcome<unknown>, { ok: false }>): MicProblem {
  if (failure.status === 4501) return { key: 'error.invalidInputField', detail: failure.msg };
  const key = failure.status === null ? null : messageKeyForCode(failure.status);
  if (key !== null) return { key };
  if (failure.reason === 'not-connected' || failure.reason === 'connection-closed') return { key: 'realtime.failed.notConnected' };
  if (failure.reason === 'timeout') return { key: 'realtime.failed.timeout' };
  return { key: 'error.submitFailed' };
}

const NOBODY: ViewerMicView['onMic'] = [];

export function useViewerMic(roomId: string, nickname: NicknameGate): ViewerMicView {
  const clock = useClock();
  const api = useApi();
  const told = useRoomStateKey(roomId, 'mic');
  const [mic, dispatch] = useReducer(stepViewerMic, INITIAL_VIEWER_MIC);
  const [owner, setOwner] = useState(false);
  const ownership = useRef<ReturnType<typeof micOwnership> | null>(null);
  const stream = useRef<MediaStream | null>(null);
  // The end the page found on arrival is the past: only ends while it is open are news.
  const [firstEndSeq] = useState(() => told?.ended?.seq ?? 0);

  useEffect(() => {
    const own = micOwnership(roomId, setOwner);
    ownership.current = own;
    return () => {
      own.dispose();
      ownership.current = null;
    };
  }, [roomId]);

  const serverPhase = told?.phase ?? 'idle';
  const hostSide = told?.hostSide ?? null;
  const invited = told?.invitedBy != null;
  useEffect(() => {
    dispatch({ type: 'server', phase: serverPhase, invited, now: clock.now() });
  }, [clock, serverPhase, invited]);

  // On the mic with nobody holding the microphone (a reload, the holding tab closed): a visible tab takes it.
  const onMic = serverPhase === 'connecting' || serverPhase === 'connected';
  useEffect(() => {
    if (!onMic || owner) return undefined;
    const take = () => {
      if (document.visibilityState === 'visible') ownership.current?.claimIfFree();
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => document.removeEventListener('visibilitychange', take);
  }, [onMic, owner]);
  // The mic ended (from any side): the microphone goes (the media step) and so does the lock.
  // Not at idle as such: an application's answer may come before the push that says applying.
  const lastPhase = useRef(serverPhase);
  useEffect(() => {
    const ended = lastPhase.current !== 'idle' && serverPhase === 'idle';
    lastPhase.current = serverPhase;
    if (ended) ownership.current?.release();
  }, [serverPhase]);

  // The connecting deadline, on the holder's clock.
  useEffect(() => {
    if (!owner || serverPhase !== 'connecting') return undefined;
    const timer = clock.setInterval(() => dispatch({ type: 'tick', now: clock.now() }), 1000);
    return () => clock.clearInterval(timer);
  }, [clock, owner, serverPhase]);

  /** Grows at each release: a microphone that opens after it was let go is closed at once. */
  const mediaGeneration = useRef(0);
  const publication = useRef<MicPublication | null>(null);
  /** Grows at each link let go: a link that comes up after that is closed at once. */
  const linkGeneration = useRef(0);
  const closeLink = useCallback(() => {
    linkGeneration.current++;
    publication.current?.close();
    publication.current = null;
  }, []);
  const releaseMedia = useCallback(() => {
    mediaGeneration.current++;
    closeLink();
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, [closeLink]);
  // The socket back after a loss: the holder publishes its microphone anew (a full rejoin),
  // once the server has said where the mic stands (its 4201 at the join), not at the socket's
  // return: a mic that ended while away must not be published, then hung up, against a server
  // that already ended it.
  const snapshots = told?.snapshots ?? 0;
  useEffect(() => {
    if (snapshots === 0) return;
    closeLink();
    dispatch({ type: 'relink' });
  }, [snapshots, closeLink]);

  const publisher = useMemo(() => peerToPeerPublisher(roomId), [roomId]);
  // With the camera too (video connect-mic): the viewer's choice, remembered by the browser.
  const [video, setVideo] = useState(readVideoChoice);
  const chooseVideo = useCallback((on: boolean) => {
    setVideo(on);
    rememberVideoChoice(on);
  }, []);
  useEffect(() => releaseMedia, [releaseMedia]);

  const step = nextMicStep(mic, owner);
  useEffect(() => {
    if (step.kind === 'call') {
      const call = step.call;
      dispatch({ type: 'calling', call });
      const route = MIC_CALL_ROUTES[call];
      if (route.kind === 'callRoom') {
        const fallback = route.fallback;
        void roomRequest(roomId, route.code, {}).then((outcome) => {
          if (outcome.ok || fallback === undefined || !socketUnreachable(outcome)) {
            dispatch({ type: 'answered', call, problem: outcome.ok ? null : problemOfOutcome(outcome) });
            return;
          }
          api.live[fallback.path]({ type: fallback.type, token: session.liveToken ?? '' }).then(
            (data) => {
              // The answer says where the mic now stands; with the socket down no push will yet.
              const phase = readMicPhase(data);
              if (phase !== null) dispatch({ type: 'server', phase, invited: false, now: clock.now() });
              dispatch({ type: 'answered', call, problem: null });
            },
            (error: unknown) => dispatch({ type: 'answered', call, problem: problemOf(error) }),
          );
        });
      } else {
        api.live[route.path]({ type: route.type, token: session.liveToken ?? '' }).then(
          () => dispatch({ type: 'answered', call, problem: null }),
          (error: unknown) => {
            // A refused application leaves nothing to hold the microphone for.
            if (call === 'apply') ownership.current?.release();
            dispatch({ type: 'answered', call, problem: problemOf(error) });
          },
        );
      }
    } else if (step.kind === 'openMedia') {
      dispatch({ type: 'mediaOpening' });
      const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      // No microphone API, or no WebRTC to carry it: SPEC 8's "microphone disabled or abnormal".
      if (media === undefined || typeof media.getUserMedia !== 'function' || typeof RTCPeerConnection === 'undefined') {
        dispatch({ type: 'mediaFailed' });
        return;
      }
      const generation = mediaGeneration.current;
      openStream(media, { microphone: session.microphoneDeviceId, camera: video ? session.cameraDeviceId : false }).then(
        (opened) => {
          if (generation !== mediaGeneration.current) {
            for (const track of opened.getTracks()) track.stop();
            return;
          }
          stream.current = opened;
          // Unplugged or taken by the system while on the mic.
          for (const track of opened.getTracks()) track.addEventListener('ended', () => dispatch({ type: 'mediaFailed' }));
          dispatch({ type: 'mediaOpened' });
        },
        () => {
          if (generation === mediaGeneration.current) dispatch({ type: 'mediaFailed' });
        },
      );
    } else if (step.kind === 'link') {
      const opened = stream.current;
      if (opened === null) {
        dispatch({ type: 'mediaFailed' });
        return;
      }
      dispatch({ type: 'linking' });
      const generation = linkGeneration.current;
      const lost = () => {
        if (generation === linkGeneration.current) dispatch({ type: 'linkFailed' });
      };
      publisher.publish(opened, lost, hostSide).then((published) => {
        if (generation !== linkGeneration.current) {
          published.close();
          return;
        }
        publication.current = published;
        dispatch({ type: 'linked', heard: published.outcome });
      }, lost);
    } else if (step.kind === 'releaseMedia') {
      releaseMedia();
      dispatch({ type: 'mediaReleased' });
    }
    // The step is a fresh object each render: its kind and call say what it is.
  }, [step.kind, step.kind === 'call' ? step.call : null, api, releaseMedia, publisher, video, hostSide]); // eslint-disable-line react-hooks/exhaustive-deps

  const press = useCallback(
    (action: MicPress) => {
      if (!canPress(mic, action)) return;
      if (action === 'apply') {
        void nickname.require().then((ok) => {
          if (!ok) return;
          ownership.current?.claim();
          dispatch({ type: 'press', action });
        });
        return;
      }
      if (action === 'accept') {
        // An invitation needs a nickname too (SPEC 5: set before connect-mic).
        void nickname.require().then((ok) => {
          if (!ok) return;
          ownership.current?.claim();
          dispatch({ type: 'press', action });
        });
        return;
      }
      dispatch({ type: 'press', action });
    },
    [mic, nickname],
  );

  const ended = told?.ended != null && told.ended.seq > firstEndSeq ? told.ended : null;
  return {
    phase: shownMicPhase(mic),
    open: told?.open ?? null,
    invited: mic.invited,
    inviteAccepted: mic.inviteAccepted,
    busy: mic.call !== null || mic.media === 'opening',
    owner,
    microphoneOn: mic.media === 'on',
    heard: mic.heard,
    queueLength: told?.queue.length ?? 0,
    onMic: told?.onMic ?? NOBODY,
    video,
    chooseVideo,
    problem: mic.problem,
    ended,
    can: (action) => canPress(mic, action),
    press,
  };
}
