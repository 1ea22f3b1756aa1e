import { describe, expect, it } from 'vitest';
import { HOME, groupsView, type GroupsView, type GroupsViewEvent } from './groupsView';

const run = (events: readonly GroupsViewEvent[], from: GroupsView = HOME): GroupsView => events.reduce(groupsView, from);

describe('the groups tab view', () => {
  it('goes back where the viewer came from', () => {
    const contacts = run([{ type: 'section', section: 'contacts' }]);
    const chat = run([{ type: 'open', key: 'p:bob', kind: 'peer', id: 'bob', title: 'Bob' }], contacts);
    expect(chat).toMatchObject({ name: 'conversation', id: 'bob' });
    expect(run([{ type: 'back' }], chat)).toEqual(contacts);
    expect(run([{ type: 'back' }], HOME)).toBe(HOME);
  });

  it('members, invite and a direct message from the members go back step by step', () => {
    const group = run([{ type: 'open', key: 'g:g1', kind: 'group', id: 'g1', title: 'Team' }]);
    const members = run([{ type: 'members', gid: 'g1' }], group);
    const invite = run([{ type: 'invite', gid: 'g1' }], members);
    expect(run([{ type: 'back' }], invite)).toEqual(members);
    const direct = run([{ type: 'open', key: 'p:x', kind: 'peer', id: 'x', title: 'X' }], members);
    expect(run([{ type: 'back' }], direct)).toEqual(members);
  });

  it('a group just made replaces its form: back goes home, not to the finished form', () => {
    const made = run([{ type: 'create' }, { type: 'open', key: 'g:g1', kind: 'group', id: 'g1', title: 'Team' }]);
    expect(run([{ type: 'back' }], made)).toEqual(HOME);
  });

  it('leaving a group leaves every view about it', () => {
    const members = run([{ type: 'open', key: 'g:g1', kind: 'group', id: 'g1', title: 'Team' }, { type: 'members', gid: 'g1' }, { type: 'invite', gid: 'g1' }]);
    expect(run([{ type: 'leftGroup', gid: 'g1' }], members)).toEqual(HOME);
    const other = run([{ type: 'open', key: 'g:g2', kind: 'group', id: 'g2', title: 'Other' }]);
    expect(run([{ type: 'leftGroup', gid: 'g1' }], other)).toBe(other);
  });
});
