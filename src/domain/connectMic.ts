/**
 * Connect-mic on the viewer's side (SPEC 4: idle, applying, connecting, connected; the
 * viewer cancels or disconnects, the host opens or closes requests and removes users, a
 * network loss means applying again). The server's word on the phase comes from the room
 * state (src/realtime/micState.ts); this machine adds what only the viewer's page knows:
 * the call on its way, whether the viewer took up an invitation, the microphone being
 * opened, and how long connecting may take. `nextMicStep` says what the page must do next,
 * so the hook that runs the calls and the media holds no rules of its own.
 *
 *   idle ─apply─▶ (apply on its way) ─server: applying─▶ applying ─cancel─▶ idle
 *   applying ─server: connecting (accepted)─▶ connecting: open the microphone
 *   idle ─server: connecting (invited)─▶ connecting: the viewer accepts (open the
 *     microphone) or declines (reply 2)
 *   connecting + microphone open ─▶ linked to the host side ─▶ reply 1 ─server: connected─▶
 *     connected ─hang up─▶ idle
 *   connecting, microphone refused, the link failing, or not linked within CONNECT_DEADLINE_MS
 *     ─▶ reply 2, told why; connected and the microphone or the link failing ─▶ hang up
 *   any ─server: idle─▶ idle, the microphone released
 */

export const MIC_PHASES = ['idle', 'applying', 'connecting', 'connected'] as const;
export type MicPhase = (typeof MIC_PHASES)[number];

/** A connecting viewer whose microphone is not open by then declines (a permission prompt left unanswered). */
export const CONNECT_DEADLINE_MS = 30_000;

export interface MicProblem {
  readonly key: string;
  readonly detail?: string;
}

export type MicCall = 'apply' | 'cancel' | 'confirm' | 'decline' | 'hangup';
/** 'failed': refused, missing or unplugged in this server phase (not tried again until the phase changes). */
export type MicMedia = 'off' | 'opening' | 'on' | 'failed';
/**
 * The microphone's way to the host side (a peer connection, or a media server's): 'up' once
 * the host side takes it, or when nobody of the host side is there to take it yet (the mic
 * goes on; the console hears the viewer from the next offer); 'failed' in this server phase.
 */
export type MicLink = 'none' | 'linking' | 'up' | 'failed';

export interface ViewerMic {
  /** The phase as the server last told it. */
  readonly server: MicPhase;
  readonly invited: boolean;
  /** The call pressed or on its way (one at a time). */
  readonly call: MicCall | null;
  /** The page sent `call` (else it is still to be sent). */
  readonly callSent: boolean;
  readonly media: MicMedia;
  readonly link: MicLink;
  /** Once linked: whether someone of the host side takes the microphone ('nobody' connected yet). */
  readonly heard: 'listening' | 'nobody' | null;
  /** The viewer accepted an invitation (the microphone opens, then reply 1). */
  readonly inviteAccepted: boolean;
  /** When the server said connecting (the page's clock); null otherwise. */
  readonly connectingSince: number | null;
  /** What went wrong last (an i18n key, and the server's words when it gave some), shown until the next action. */
  readonly problem: MicProblem | null;
  /** The calls the page made by itself in this server phase: each at most once, so a refusal cannot loop. */
  readonly automatic: readonly MicCall[];
}

export const INITIAL_VIEWER_MIC: ViewerMic = { server: 'idle', invited: false, call: null, callSent: false, media: 'off', link: 'none', heard: null, inviteAccepted: false, connectingSince: null, problem: null, automatic: [] };

export type ViewerMicEvent =
  | { readonly type: 'server'; readonly phase: MicPhase; readonly invited: boolean; readonly now: number }
  /** The viewer pressed apply, cancel, accept (an invitation), decline or hang up. */
  | { readonly type: 'press'; readonly action: 'apply' | 'cancel' | 'accept' | 'decline' | 'hangup' }
  /** The page started a call `nextMicStep` asked for (a pressed one, or one of its own). */
  | { readonly type: 'calling'; readonly call: MicCall }
  | { readonly type: 'answered'; readonly call: MicCall; readonly problem: MicProblem | null }
  | { readonly type: 'mediaOpening' }
  | { readonly type: 'mediaOpened' }
  | { readonly type: 'mediaFailed' }
  | { readonly type: 'mediaReleased' }
  | { readonly type: 'linking' }
  | { readonly type: 'linked'; readonly heard: 'listening' | 'nobody' }
  | { readonly type: 'linkFailed' }
  /** The socket came back after a loss: the media is published anew (a full rejoin, never an ICE restart alone). */
  | { readonly type: 'relink' }
  | { readonly type: 'tick'; readonly now: number };

/** What the viewer sees: a call on its way shows as the phase it leads to. */
export function shownMicPhase(mic: ViewerMic): MicPhase {
  if (mic.call === 'apply') return 'applying';
  if (mic.call === 'cancel' || mic.call === 'decline' || mic.call === 'hangup') return 'idle';
  return mic.server;
}

/** Whether the viewer may press `action` now. */
export function canPress(mic: ViewerMic, action: Extract<ViewerMicEvent, { type: 'press' }>['action']): boolean {
  if (mic.call !== null) return false;
  switch (action) {
    case 'apply':
      return mic.server === 'idle';
    case 'cancel':
      return mic.server === 'applying';
    case 'accept':
      return mic.server === 'connecting' && mic.invited && !mic.inviteAccepted;
    case 'decline':
      return mic.server === 'connecting' && mic.invited && !mic.inviteAccepted;
    case 'hangup':
      return mic.server === 'connecting' || mic.server === 'connected';
  }
}

export function stepViewerMic(mic: ViewerMic, event: ViewerMicEvent): ViewerMic {
  switch (event.type) {
    case 'server': {
      const connecting = event.phase === 'connecting';
      return {
        ...mic,
        server: event.phase,
        invited: connecting && event.invited,
        inviteAccepted: connecting && mic.server === 'connecting' ? mic.inviteAccepted : false,
        connectingSince: connecting ? (mic.server === 'connecting' ? mic.connectingSince : event.now) : null,
        automatic: event.phase === mic.server ? mic.automatic : [],
        media: mic.media === 'failed' && event.phase !== mic.server ? 'off' : mic.media,
        link: mic.link === 'failed' && event.phase !== mic.server ? 'none' : mic.link,
      };
    }
    case 'press':
      if (!canPress(mic, event.action)) return mic;
      if (event.action === 'accept') return { ...mic, inviteAccepted: true, problem: null };
      return { ...mic, call: event.action, callSent: false, problem: null };
    case 'calling':
      return { ...mic, call: event.call, callSent: true, automatic: mic.call === event.call ? mic.automatic : [...mic.automatic, event.call] };
    case 'answered':
      if (mic.call !== event.call) return mic;
      return { ...mic, call: null, callSent: false, problem: event.problem ?? mic.problem };
    case 'mediaOpening':
      return { ...mic, media: 'opening' };
    case 'mediaOpened':
      return { ...mic, media: 'on' };
    case 'mediaFailed':
      // On the mic without a microphone: the page ends it (nextMicStep), and says why.
      return { ...mic, media: 'failed', problem: { key: 'error.microphoneAbnormal' } };
    case 'mediaReleased':
      // The link carries the microphone: it goes with it.
      return { ...mic, media: 'off', link: 'none', heard: null };
    case 'linking':
      return { ...mic, link: 'linking' };
    case 'linked':
      return mic.link === 'linking' ? { ...mic, link: 'up', heard: event.heard } : mic;
    case 'relink':
      return mic.link === 'up' || mic.link === 'linking' ? { ...mic, link: 'none', heard: null } : mic;
    case 'linkFailed':
      return mic.link === 'none' ? mic : { ...mic, link: 'failed', problem: { key: 'mic.problem.linkFailed' } };
    case 'tick':
      if (mic.server === 'connecting' && mic.link !== 'up' && mic.media !== 'failed' && mic.link !== 'failed' && mic.connectingSince !== null && event.now - mic.connectingSince >= CONNECT_DEADLINE_MS && mic.call === null) {
        return { ...mic, call: 'decline', callSent: false, problem: { key: 'mic.problem.connectTimeout' } };
      }
      return mic;
  }
}

export type MicStep =
  | { readonly kind: 'call'; readonly call: MicCall }
  | { readonly kind: 'openMedia' }
  /** Send the open microphone to the host side (a full rejoin: a new connection each time). */
  | { readonly kind: 'link' }
  /** Let go of the microphone and of its link. */
  | { readonly kind: 'releaseMedia' }
  | { readonly kind: 'none' };

const NONE: MicStep = { kind: 'none' };

/**
 * What the page does next, for the tab that holds the viewer's microphone (`owner`); the
 * room's other tabs only show the phase. A pressed call (`call` set, not yet sent) is the
 * page's to send: `calling` when it sends it, `answered` when the server answered.
 */
export function nextMicStep(mic: ViewerMic, owner: boolean): MicStep {
  if (mic.call !== null) return mic.callSent ? NONE : { kind: 'call', call: mic.call };
  const onMic = mic.server === 'connecting' || mic.server === 'connected';
  // Off the mic, or no longer the holder (the viewer acted in another tab): the microphone goes.
  if (!owner || !onMic) return mic.media === 'opening' || mic.media === 'on' ? { kind: 'releaseMedia' } : NONE;
  const automatic = (call: MicCall): MicStep => (mic.automatic.includes(call) ? NONE : { kind: 'call', call });
  // On the mic with no microphone (refused, missing, unplugged) or no way to the host: the mic ends.
  if (mic.media === 'failed' || mic.link === 'failed') return automatic(mic.server === 'connecting' ? 'decline' : 'hangup');
  const wanted = mic.server === 'connected' || !mic.invited || mic.inviteAccepted;
  if (!wanted) return NONE;
  if (mic.media === 'off') return { kind: 'openMedia' };
  if (mic.media !== 'on') return NONE;
  if (mic.link === 'none') return { kind: 'link' };
  if (mic.link === 'up' && mic.server === 'connecting') return automatic('confirm');
  return NONE;
}
