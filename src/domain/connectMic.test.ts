import { describe, expect, it } from 'vitest';
import { canPress, CONNECT_DEADLINE_MS, INITIAL_VIEWER_MIC, nextMicStep, shownMicPhase, stepViewerMic, type MicStep, type ViewerMic, type ViewerMicEvent } from './connectMic';

/** A fake clock and the page's loop: each step the machine asks for is taken, its answer given. */
function run(events: readonly ViewerMicEvent[], start: ViewerMic = INITIAL_VIEWER_MIC): ViewerMic {
  return events.reduce(stepViewerMic, start);
}
const server = (phase: ViewerMic['server'], now: number, invited = false): ViewerMicEvent => ({ type: 'server', phase, invited, now });
const step = (mic: ViewerMic, owner = true): MicStep => nextMicStep(mic, owner);

describe('connect-mic, the viewer side', () => {
  it('apply, accepted, microphone opened, confirmed, connected, hung up', () => {
    let mic = run([{ type: 'press', action: 'apply' }]);
    expect(shownMicPhase(mic)).toBe('applying');
    expect(step(mic)).toEqual({ kind: 'call', call: 'apply' });
    mic = run([{ type: 'calling', call: 'apply' }, { type: 'answered', call: 'apply', problem: null }, server('applying', 0)], mic);
    expect(step(mic)).toEqual({ kind: 'none' });
    expect(canPress(mic, 'cancel')).toBe(true);
    mic = run([server('connecting', 1000)], mic);
    expect(step(mic)).toEqual({ kind: 'openMedia' });
    // Another tab of the viewer shows the phase and does nothing.
    expect(step(mic, false)).toEqual({ kind: 'none' });
    mic = run([{ type: 'mediaOpening' }, { type: 'mediaOpened' }], mic);
    expect(step(mic)).toEqual({ kind: 'link' });
    mic = run([{ type: 'linking' }], mic);
    expect(step(mic)).toEqual({ kind: 'none' });
    mic = run([{ type: 'linked', heard: 'listening' }], mic);
    expect(step(mic)).toEqual({ kind: 'call', call: 'confirm' });
    // Had another tab taken the microphone over, this one would let go of its own.
    expect(step(mic, false)).toEqual({ kind: 'releaseMedia' });
    mic = run([{ type: 'calling', call: 'confirm' }, { type: 'answered', call: 'confirm', problem: null }], mic);
    // Confirmed once: waiting for the server's 4107, not confirming again.
    expect(step(mic)).toEqual({ kind: 'none' });
    mic = run([server('connected', 1500)], mic);
    expect(shownMicPhase(mic)).toBe('connected');
    expect(canPress(mic, 'hangup')).toBe(true);
    mic = run([{ type: 'press', action: 'hangup' }], mic);
    expect(shownMicPhase(mic)).toBe('idle');
    expect(step(mic)).toEqual({ kind: 'call', call: 'hangup' });
    mic = run([{ type: 'calling', call: 'hangup' }, { type: 'answered', call: 'hangup', problem: null }, server('idle', 2000)], mic);
    expect(step(mic)).toEqual({ kind: 'releaseMedia' });
    mic = run([{ type: 'mediaReleased' }], mic);
    expect(step(mic)).toEqual({ kind: 'none' });
  });

  it('an invitation waits for the viewer: accept opens the microphone, decline replies 2', () => {
    const invited = run([server('connecting', 0, true)]);
    expect(step(invited)).toEqual({ kind: 'none' });
    expect(canPress(invited, 'accept') && canPress(invited, 'decline')).toBe(true);
    const accepted = run([{ type: 'press', action: 'accept' }], invited);
    expect(step(accepted)).toEqual({ kind: 'openMedia' });
    expect(canPress(accepted, 'accept')).toBe(false);
    const declined = run([{ type: 'press', action: 'decline' }], invited);
    expect(step(declined)).toEqual({ kind: 'call', call: 'decline' });
  });

  it('a refused microphone ends the mic once, with SPEC 8 "microphone disabled or abnormal"', () => {
    let mic = run([server('applying', 0), server('connecting', 10), { type: 'mediaOpening' }, { type: 'mediaFailed' }]);
    expect(mic.problem).toEqual({ key: 'error.microphoneAbnormal' });
    expect(step(mic)).toEqual({ kind: 'call', call: 'decline' });
    mic = run([{ type: 'calling', call: 'decline' }, { type: 'answered', call: 'decline', problem: { key: 'error.invalidInputField', detail: 'type: cannot decline the mic while idle' } }], mic);
    // The decline was refused (the host ended it meanwhile): not sent again; the server's word ends it.
    expect(step(mic)).toEqual({ kind: 'none' });
    expect(mic.problem?.detail).toBe('type: cannot decline the mic while idle');
  });

  it('connecting without a microphone for CONNECT_DEADLINE_MS declines, on the fake clock', () => {
    let mic = run([server('connecting', 5000), { type: 'mediaOpening' }, { type: 'tick', now: 5000 + CONNECT_DEADLINE_MS - 1 }]);
    expect(mic.call).toBeNull();
    mic = run([{ type: 'tick', now: 5000 + CONNECT_DEADLINE_MS }], mic);
    expect(mic.call).toBe('decline');
    expect(mic.problem).toEqual({ key: 'mic.problem.connectTimeout' });
    // A microphone open in time: no deadline.
    const inTime = run([server('connecting', 0), { type: 'mediaOpened' }, { type: 'linking' }, { type: 'linked', heard: 'listening' }, { type: 'tick', now: CONNECT_DEADLINE_MS * 2 }]);
    expect(inTime.call).toBeNull();
  });

  it('a link that fails ends the mic once, connecting or connected; a phase change lets it try again', () => {
    const connecting = run([server('connecting', 0), { type: 'mediaOpened' }, { type: 'linking' }, { type: 'linkFailed' }]);
    expect(connecting.problem).toEqual({ key: 'mic.problem.linkFailed' });
    expect(step(connecting)).toEqual({ kind: 'call', call: 'decline' });
    const connected = run([server('connected', 0), { type: 'mediaOpened' }, { type: 'linking' }, { type: 'linked', heard: 'listening' }, { type: 'linkFailed' }]);
    expect(step(connected)).toEqual({ kind: 'call', call: 'hangup' });
    // A failed link is forgotten when the phase changes: the next time on the mic links anew.
    expect(run([server('idle', 1)], connected).link).toBe('none');
    // A link that is up goes with the microphone.
    const up = run([server('connected', 0), { type: 'mediaOpened' }, { type: 'linking' }, { type: 'linked', heard: 'listening' }]);
    expect(run([{ type: 'mediaReleased' }], up).link).toBe('none');
    // A link the page never started cannot fail.
    expect(run([{ type: 'linkFailed' }]).problem).toBeNull();
  });

  it('the socket coming back republishes the open microphone on a new link (a full rejoin); nothing to do off the mic', () => {
    const up = run([server('connected', 0), { type: 'mediaOpened' }, { type: 'linking' }, { type: 'linked', heard: 'listening' }]);
    const again = run([{ type: 'relink' }], up);
    expect(again).toMatchObject({ link: 'none', heard: null, media: 'on' });
    expect(step(again)).toEqual({ kind: 'link' });
    expect(run([{ type: 'relink' }])).toEqual(INITIAL_VIEWER_MIC);
  });

  it('a page that finds the viewer connected (reload, reconnect) opens the microphone again: a full rejoin', () => {
    const mic = run([server('connected', 0)]);
    expect(step(mic)).toEqual({ kind: 'openMedia' });
    expect(step(run([{ type: 'mediaOpened' }], mic))).toEqual({ kind: 'link' });
    const failed = run([{ type: 'mediaFailed' }], mic);
    expect(step(failed)).toEqual({ kind: 'call', call: 'hangup' });
  });

  it('presses that do not fit the phase change nothing', () => {
    expect(run([{ type: 'press', action: 'cancel' }])).toEqual(INITIAL_VIEWER_MIC);
    expect(run([{ type: 'press', action: 'hangup' }])).toEqual(INITIAL_VIEWER_MIC);
    const applying = run([{ type: 'press', action: 'apply' }]);
    expect(run([{ type: 'press', action: 'apply' }], applying)).toBe(applying);
  });

  it('the server ending the mic (host, network) releases the microphone and resets the invitation', () => {
    const mic = run([server('connecting', 0, true), { type: 'press', action: 'accept' }, { type: 'mediaOpened' }, server('idle', 100)]);
    expect(mic).toMatchObject({ invited: false, inviteAccepted: false, connectingSince: null });
    expect(step(mic)).toEqual({ kind: 'releaseMedia' });
  });
});
