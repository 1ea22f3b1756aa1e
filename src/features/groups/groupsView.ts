/**
 * Where the groups tab is (a small state machine, so back always goes where the viewer came
 * from): the home with its three sections, a conversation, a group's members, the form
 * that creates a group, and the contact picker that invites to one.
 */
export type HomeSection = 'messages' | 'contacts' | 'notices';

export type GroupsView =
  | { readonly name: 'home'; readonly section: HomeSection }
  | { readonly name: 'conversation'; readonly key: string; readonly kind: 'group' | 'peer'; readonly id: string; readonly title: string; readonly from: GroupsView }
  | { readonly name: 'members'; readonly gid: string; readonly from: GroupsView }
  | { readonly name: 'create'; readonly from: GroupsView }
  | { readonly name: 'invite'; readonly gid: string; readonly from: GroupsView };

export type GroupsViewEvent =
  | { readonly type: 'section'; readonly section: HomeSection }
  | { readonly type: 'open'; readonly key: string; readonly kind: 'group' | 'peer'; readonly id: string; readonly title: string }
  | { readonly type: 'members'; readonly gid: string }
  | { readonly type: 'create' }
  | { readonly type: 'invite'; readonly gid: string }
  | { readonly type: 'back' }
  /** The group is gone for this viewer (left, removed): out of anything about it. */
  | { readonly type: 'leftGroup'; readonly gid: string };

export const HOME: GroupsView = { name: 'home', section: 'messages' };

const aboutGroup = (view: GroupsView, gid: string): boolean =>
  (view.name === 'conversation' && view.kind === 'group' && view.id === gid) || ((view.name === 'members' || view.name === 'invite') && view.gid === gid);

export function groupsView(view: GroupsView, event: GroupsViewEvent): GroupsView {
  switch (event.type) {
    case 'section':
      return { name: 'home', section: event.section };
    case 'open':
      // One conversation replaces another (back returns to where the first came from), and
      // a group just made replaces its form: back never returns to a finished form.
      return {
        name: 'conversation',
        key: event.key,
        kind: event.kind,
        id: event.id,
        title: event.title,
        from: view.name === 'conversation' || view.name === 'create' ? view.from : view,
      };
    case 'members':
      return { name: 'members', gid: event.gid, from: view };
    case 'create':
      return { name: 'create', from: view };
    case 'invite':
      return { name: 'invite', gid: event.gid, from: view };
    case 'back':
      return view.name === 'home' ? view : view.from;
    case 'leftGroup': {
      let next = view;
      while (next.name !== 'home' && aboutGroup(next, event.gid)) next = next.from;
      return next.name === 'home' ? next : aboutGroup(next, event.gid) ? HOME : next;
    }
  }
}
