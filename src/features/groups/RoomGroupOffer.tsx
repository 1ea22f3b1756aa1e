/**
 * The discussion groups this room offers that the viewer is not in yet (SPEC 7.1: group
 * config, group info list, group {room}/{gid}). The room's group config says first whether
 * the room offers any, so a room without groups costs one small answer; each offer opens
 * its details as the server has them now (how many are in it) before joining.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_REQUEST } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { groupFailureText } from './groupFailure';
import type { GroupsActions } from './types';

export interface RoomGroup {
  readonly gid: string;
  readonly name: string;
  readonly intro: string;
  readonly members: number;
}

function readRoomGroup(g: unknown): RoomGroup | null {
  if (typeof g !== 'object' || g === null) return null;
  const r = g as Record<string, unknown>;
  if (typeof r.gid !== 'string' || r.gid === '') return null;
  return { gid: r.gid, name: typeof r.name === 'string' ? r.name : r.gid, intro: typeof r.intro === 'string' ? r.intro : '', members: typeof r.members === 'number' ? r.members : 0 };
}

/** The group_info/list answer; malformed entries are dropped. */
export function readRoomGroups(data: unknown): RoomGroup[] {
  const groups = typeof data === 'object' && data !== null ? (data as { groups?: unknown }).groups : undefined;
  if (!Array.isArray(groups)) return [];
  return groups.map(readRoomGroup).filter((g): g is RoomGroup => g !== null);
}

/** Whether the group_config answer says the room offers groups (anything else: it does not). */
export function roomOffersGroups(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { enabled, count } = data as { enabled?: unknown; count?: unknown };
  return enabled === true && (typeof count !== 'number' || count > 0);
}

type Details = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'shown'; readonly group: RoomGroup };

function useRoomGroups(roomId: string): readonly RoomGroup[] {
  const api = useApi();
  const [groups, setGroups] = useState<readonly RoomGroup[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true } as const;
    // The room's offer is extra: without it (or on any failure) the tab still works.
    api.live
      .groupConfig({ webcastId: roomId }, options)
      .then((config) => (roomOffersGroups(config) ? api.live.groupInfoList({ webcastId: roomId }, options).then(readRoomGroups) : []))
      .then(setGroups, () => setGroups([]));
    return () => controller.abort();
  }, [api, roomId]);
  return groups;
}

interface RoomGroupOfferProps {
  readonly roomId: string;
  readonly actions: GroupsActions;
  /** The groups the viewer is in already (not offered). */
  readonly joined: (gid: string) => boolean;
}

export function RoomGroupOffer({ roomId, actions, joined }: RoomGroupOfferProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const api = useApi();
  const groups = useRoomGroups(roomId);
  const [joining, setJoining] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set());
  const [details, setDetails] = useState<Readonly<Record<string, Details>>>({});

  const join = async (group: RoomGroup) => {
    setJoining(group.gid);
    setFailure(null);
    const outcome = await actions.groupRequest(roomId, GROUP_REQUEST.apply, { gid: group.gid });
    setJoining(null);
    if (!outcome.ok) setFailure(groupFailureText(outcome, t, tMain));
    else if (outcome.value.joined !== true) setApplied((current) => new Set([...current, group.gid]));
  };

  const toggleDetails = (gid: string) => {
    if (details[gid] !== undefined) {
      setDetails(({ [gid]: _closed, ...rest }) => rest);
      return;
    }
    setDetails((current) => ({ ...current, [gid]: { state: 'loading' } }));
    api.live.group({ a: roomId, b: gid }, { background: true }).then(
      (data) => {
        const group = readRoomGroup(data);
        setDetails((current) => (current[gid] === undefined ? current : { ...current, [gid]: group === null ? { state: 'failed' } : { state: 'shown', group } }));
      },
      () => setDetails((current) => (current[gid] === undefined ? current : { ...current, [gid]: { state: 'failed' } })),
    );
  };

  const offered = groups.filter((g) => !joined(g.gid));
  if (offered.length === 0) return null;
  return (
    <section className="groups-offer" aria-label={t('groups.list.roomGroups')}>
      <h4 className="groups-section-title">{t('groups.list.roomGroups')}</h4>
      {offered.map((group) => {
        const shown = details[group.gid];
        const regionId = `groups-offer-${roomId}-${group.gid}`;
        return (
          <div key={group.gid} className="groups-offer__entry">
            <div className="groups-offer__item">
              <span className="groups-contact__text">
                <span className="groups-contact__name">{group.name}</span>
                {group.intro !== '' && <span className="groups-contact__detail">{group.intro}</span>}
              </span>
              <button type="button" className="link-button" aria-expanded={shown !== undefined} aria-controls={regionId} onClick={() => toggleDetails(group.gid)}>
                {t('groups.list.details')}
              </button>
              {applied.has(group.gid) ? (
                <span className="groups-contact__detail">{t('groups.list.applied')}</span>
              ) : (
                <button type="button" className="button" disabled={joining !== null} aria-busy={joining === group.gid} onClick={() => void join(group)}>
                  {t('groups.list.join')}
                </button>
              )}
            </div>
            {shown !== undefined && (
              <p id={regionId} className="groups-offer__details" role={shown.state === 'failed' ? 'alert' : 'status'}>
                {shown.state === 'loading'
                  ? t('groups.loading')
                  : shown.state === 'failed'
                    ? t('groups.list.detailsFailed')
                    : t('groups.list.detailsMembers', { n: shown.group.members })}
              </p>
            )}
          </div>
        );
      })}
      {failure !== null && (
        <p className="groups-problem" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
