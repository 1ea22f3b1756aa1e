/**
 * Connect-mic media behind a small transport interface (issue 15 item 2): the viewer
 * publishes its microphone, the host side receives every viewer on the mic. The one built
 * is peer to peer (RTCPeerConnection, offer, answer and ICE relayed by the room server as
 * 4115, 4117, 4119); a media server (Janus, say) for rooms with several co-hosts would be
 * another MicPublisher and MicReceiver, with the same machine and screens around it.
 *
 * Every link is new: a reconnect publishes again on a new peer connection (never an ICE
 * restart alone, which fails on some browsers); closing releases the connection and stops
 * nothing it was not given (the caller owns the microphone's tracks).
 */
import type { FrameBody } from '../protocol/frame';
import type { MicSignal } from '../realtime/realtimeApi';
import { onMicSignal, roomRequest } from './realtimeConnection';

export const OFFER = 4115;
export const ANSWER = 4117;
export const CANDIDATE = 4119;
/** How long a published microphone may take to reach the host side. */
export const LINK_TIMEOUT_MS = 15_000;

export type PublishOutcome = 'listening' | 'nobody';

export interface MicPublication {
  /** 'listening': the host side takes the microphone; 'nobody': no host or assistant is connected to take it. */
  readonly outcome: PublishOutcome;
  close(): void;
}

export interface MicPublisher {
  /**
   * Sends `stream` to `to` (the host-side user who took the viewer on), or to every connected
   * host and assistant when null or not connected. Rejects when the host side cannot be
   * reached; `onLost` when an established link fails later.
   */
  publish(stream: MediaStream, onLost: () => void, to: string | null): Promise<MicPublication>;
}

/** One viewer on the mic, as the host side receives them. */
export interface MicPeer {
  readonly uid: string;
  readonly state: RTCPeerConnectionState;
  readonly stream: MediaStream | null;
}

export interface MicReceiver {
  /** Audio bytes received from `uid` so far (getStats), or null when not connected to them. */
  inboundAudioBytes(uid: string): Promise<number | null>;
  /** Lets go of `uid`'s connection (hung up, left). */
  drop(uid: string): void;
  close(): void;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 100_000 ? value : null);
const candidateOf = (value: unknown): RTCIceCandidateInit | null => {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = (value as { candidate?: unknown }).candidate;
  return typeof candidate === 'string' ? (value as RTCIceCandidateInit) : null;
};

/** Resolves when `pc` connects, rejects when it fails, closes or takes longer than `ms`. */
function connected(pc: RTCPeerConnection, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('the host side did not connect in time')), ms);
    const finish = (error: Error | null): void => {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', check);
      if (error === null) resolve();
      else reject(error);
    };
    const check = (): void => {
      if (pc.connectionState === 'connected') finish(null);
      else if (pc.connectionState === 'failed' || pc.connectionState === 'closed') finish(new Error(`the link ${pc.connectionState}`));
    };
    pc.addEventListener('connectionstatechange', check);
    check();
  });
}

/** The viewer's side, peer to peer: an offer to the host side, the first answer taken. */
export function peerToPeerPublisher(roomId: string): MicPublisher {
  return {
    async publish(stream, onLost, to) {
      const pc = new RTCPeerConnection();
      let remote: string | null = null;
      const mine: RTCIceCandidateInit[] = [];
      const theirs = new Map<string, RTCIceCandidateInit[]>();
      const send = (code: number, body: FrameBody): void => {
        void roomRequest(roomId, code, { webcastId: roomId, ...body });
      };
      const off = onMicSignal(roomId, (signal: MicSignal) => {
        const from = text(signal.body.from);
        if (from === null) return;
        if (signal.code === ANSWER && remote === null) {
          const sdp = text(signal.body.sdp);
          if (sdp === null) return;
          remote = from;
          void pc
            .setRemoteDescription({ type: 'answer', sdp })
            .then(async () => {
              for (const candidate of mine.splice(0)) send(CANDIDATE, { to: from, candidate });
              for (const candidate of theirs.get(from) ?? []) await pc.addIceCandidate(candidate);
              theirs.clear();
            })
            .catch(() => pc.close());
        } else if (signal.code === CANDIDATE) {
          const candidate = candidateOf(signal.body.candidate);
          if (candidate === null) return;
          if (remote === from && pc.remoteDescription !== null) void pc.addIceCandidate(candidate).catch(() => undefined);
          else if (remote === null) theirs.set(from, [...(theirs.get(from) ?? []), candidate]);
        }
      });
      pc.addEventListener('icecandidate', (event) => {
        if (event.candidate === null) return;
        const candidate = event.candidate.toJSON();
        if (remote !== null && pc.remoteDescription !== null) send(CANDIDATE, { to: remote, candidate });
        else mine.push(candidate);
      });
      const close = (): void => {
        off();
        pc.close();
      };
      try {
        for (const track of stream.getTracks()) pc.addTrack(track, stream);
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        const offerBody = { webcastId: roomId, sdp: offer.sdp ?? '' };
        const refusedTo = (outcome: { ok: boolean; status?: number | null; msg?: string }) => !outcome.ok && outcome.status === 4501 && (outcome.msg ?? '').startsWith('to:');
        let sent = to === null ? await roomRequest(roomId, OFFER, offerBody) : await roomRequest(roomId, OFFER, { ...offerBody, to });
        // The one who took the viewer on is not connected (the admin API, a closed console): everyone of the host side.
        if (to !== null && refusedTo(sent)) sent = await roomRequest(roomId, OFFER, offerBody);
        if (!sent.ok) {
          // Nobody of the host side is connected: the mic goes on; there is no one to hear it yet.
          if (sent.status === 4501 && sent.msg.startsWith('to:')) {
            close();
            return { outcome: 'nobody', close: () => undefined };
          }
          throw new Error(`the offer was refused: ${sent.msg}`);
        }
        await connected(pc, LINK_TIMEOUT_MS);
      } catch (error) {
        close();
        throw error;
      }
      pc.addEventListener('connectionstatechange', () => {
        if (pc.connectionState === 'failed') onLost();
      });
      return { outcome: 'listening', close };
    },
  };
}

/**
 * The host side, peer to peer: answers each viewer's offer (a new offer from the same viewer
 * replaces their connection: a rejoin) and keeps the stream it receives.
 */
export function peerToPeerReceiver(roomId: string, onPeers: (peers: readonly MicPeer[]) => void): MicReceiver {
  const peers = new Map<string, { pc: RTCPeerConnection; stream: MediaStream | null; early: RTCIceCandidateInit[] }>();
  const tell = (): void => onPeers([...peers].map(([uid, p]) => ({ uid, state: p.pc.connectionState, stream: p.stream })));
  const send = (code: number, body: FrameBody): void => {
    void roomRequest(roomId, code, { webcastId: roomId, ...body });
  };
  const drop = (uid: string): void => {
    const peer = peers.get(uid);
    if (peer === undefined) return;
    peers.delete(uid);
    peer.pc.close();
    tell();
  };

  const answer = async (uid: string, sdp: string): Promise<void> => {
    drop(uid);
    const pc = new RTCPeerConnection();
    const peer = { pc, stream: null as MediaStream | null, early: [] as RTCIceCandidateInit[] };
    peers.set(uid, peer);
    pc.addEventListener('track', (event) => {
      // Audio and, with video connect-mic, the camera: one stream per viewer.
      const stream = event.streams[0] ?? peer.stream ?? new MediaStream();
      if (!stream.getTracks().includes(event.track)) stream.addTrack(event.track);
      peer.stream = stream;
      tell();
    });
    pc.addEventListener('connectionstatechange', () => {
      if (peers.get(uid)?.pc === pc) tell();
    });
    pc.addEventListener('icecandidate', (event) => {
      if (event.candidate !== null) send(CANDIDATE, { to: uid, candidate: event.candidate.toJSON() });
    });
    await pc.setRemoteDescription({ type: 'offer', sdp });
    for (const candidate of peer.early.splice(0)) await pc.addIceCandidate(candidate);
    const local = await pc.createAnswer();
    await pc.setLocalDescription(local);
    send(ANSWER, { to: uid, sdp: local.sdp ?? '' });
    tell();
    // The viewer took another console's answer (several of the host side hear an offer), or
    // went: a link that never comes up is let go.
    setTimeout(() => {
      const now = peers.get(uid);
      if (now?.pc === pc && pc.connectionState !== 'connected') drop(uid);
    }, LINK_TIMEOUT_MS);
  };

  const off = onMicSignal(roomId, (signal) => {
    const from = text(signal.body.from);
    if (from === null) return;
    if (signal.code === OFFER) {
      const sdp = text(signal.body.sdp);
      if (sdp !== null) answer(from, sdp).catch(() => drop(from));
    } else if (signal.code === CANDIDATE) {
      const candidate = candidateOf(signal.body.candidate);
      const peer = peers.get(from);
      if (candidate === null || peer === undefined) return;
      if (peer.pc.remoteDescription === null) peer.early.push(candidate);
      else void peer.pc.addIceCandidate(candidate).catch(() => undefined);
    }
  });

  return {
    async inboundAudioBytes(uid) {
      const peer = peers.get(uid);
      if (peer === undefined) return null;
      let bytes = 0;
      let found = false;
      (await peer.pc.getStats()).forEach((report: { type?: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio' && typeof report.bytesReceived === 'number') {
          bytes += report.bytesReceived;
          found = true;
        }
      });
      return found ? bytes : null;
    },
    drop,
    close() {
      off();
      for (const uid of [...peers.keys()]) drop(uid);
    },
  };
}
