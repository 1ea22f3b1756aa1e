import { describe, expect, it } from 'vitest';
import { testI18n } from '../../ui/staticRender';
import { groupFailureText } from './groupFailure';

const t = testI18n.getFixedT('en_us', 'interactions');
const tMain = testI18n.getFixedT('en_us');

describe('a refused group request, in words', () => {
  it("says the group service's refusals in a group's terms", () => {
    expect(groupFailureText({ ok: false, reason: 'rejected', status: 4201, msg: '' }, t, tMain)).toBe('This group is full');
    expect(groupFailureText({ ok: false, reason: 'rejected', status: 4009, msg: 'only the group host or admin may do this' }, t, tMain)).toBe(
      "Only the group's host or an admin can do that",
    );
    expect(groupFailureText({ ok: false, reason: 'rejected', status: 4402, msg: '' }, t, tMain)).toMatch(/silenced/);
  });

  it('anything else as the realtime layer says it', () => {
    expect(groupFailureText({ ok: false, reason: 'rejected', status: 4501, msg: 'gid: no such group' }, t, tMain)).toContain('gid: no such group');
    expect(groupFailureText({ ok: false, reason: 'not-connected', status: null, msg: '' }, t, tMain)).not.toBe('');
  });
});
