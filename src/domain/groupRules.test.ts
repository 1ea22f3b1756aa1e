import { describe, expect, it } from 'vitest';
import { mayEditGroup, mayExit, mayInvite, memberActions, readMembers, sortMembers, type GroupMember } from './groupRules';

const m = (uid: string, role: GroupMember['role'], power = 1): GroupMember => ({ uid, name: uid, role, power });

describe('group rules', () => {
  it('the host may promote, hand over, silence and remove; an admin only silence and remove members; a member nothing', () => {
    expect(memberActions('host', 'h', m('x', 'member'))).toEqual(['makeAdmin', 'transferHost', 'silence', 'remove']);
    expect(memberActions('host', 'h', m('a', 'admin', 0))).toEqual(['unmakeAdmin', 'transferHost', 'unsilence', 'remove']);
    expect(memberActions('admin', 'a', m('x', 'member'))).toEqual(['silence', 'remove']);
    expect(memberActions('admin', 'a', m('b', 'admin'))).toEqual([]);
    expect(memberActions('admin', 'a', m('h', 'host'))).toEqual([]);
    expect(memberActions('member', 'x', m('y', 'member'))).toEqual([]);
    expect(memberActions('host', 'h', m('h', 'host'))).toEqual([]);
  });

  it('invite, exit and edit follow the role', () => {
    expect(mayInvite('member', 1)).toBe(false);
    expect(mayInvite('member', 0)).toBe(true);
    expect(mayInvite('admin', 2)).toBe(true);
    expect(mayExit('host')).toBe(false);
    expect(mayExit('admin')).toBe(true);
    expect(mayEditGroup('member')).toBe(false);
  });

  it('reads and sorts members', () => {
    const members = readMembers({ members: [{ uid: 'b', name: 'Bea', role: 'member', power: 0 }, { uid: 'h', role: 'host' }, { uid: 5 }, 'x'] });
    expect(members).toEqual([{ uid: 'b', name: 'Bea', role: 'member', power: 0 }, m('h', 'host')]);
    expect(sortMembers([m('z', 'member'), m('a', 'admin'), m('h', 'host'), m('b', 'member')]).map((x) => x.uid)).toEqual(['h', 'a', 'b', 'z']);
    expect(readMembers({})).toEqual([]);
  });
});
