/**
 * The organisation's contacts: its departments as a tree (open one to see who is in it),
 * its fixed groups, and a search over everyone. The rows are virtualized (react-virtuoso),
 * so a directory of 10,000 people scrolls like one of ten. Picking a person calls `onPick`
 * with the action this list is for (message them, or invite them to a group).
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { contactRows, searchPeople, type ContactRow, type OrgDirectory } from '../../domain/orgDirectory';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { failureText } from '../../ui/failureText';
import type { OrgDirectoryView } from './useOrgDirectory';

export interface ContactPick {
  readonly id: string;
  readonly name: string;
}

interface ContactsViewProps {
  readonly view: OrgDirectoryView;
  readonly myUid: string | null;
  /** The button on each person: its words and what it does. */
  readonly pickLabel: string;
  readonly onPick: (person: ContactPick) => void;
  /** People this list cannot pick (already in the group): shown, without the button. */
  readonly unpickable?: ReadonlySet<string>;
}

/** The departments open at first: the top of the tree. */
function topDepartments(directory: OrgDirectory): Set<string> {
  return new Set(Object.values(directory.departments).filter((d) => d.parentId === null || directory.departments[d.parentId] === undefined).map((d) => d.id));
}

export function ContactsView({ view, myUid, pickLabel, onPick, unpickable }: ContactsViewProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const { directory } = view;
  const [query, setQuery] = useState('');
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const open = useMemo(() => {
    // The top departments start open; a toggle flips whatever the default was.
    const result = topDepartments(directory);
    for (const id of toggled) if (result.has(id)) result.delete(id);
    else result.add(id);
    return result;
  }, [directory, toggled]);
  const rows = useMemo(() => contactRows(directory, open), [directory, open]);
  // Searching 10,000 people takes ~15 ms on a slow machine: typing stays ahead of it.
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => searchPeople(directory, deferredQuery), [directory, deferredQuery]);
  const toggle = (id: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const person = (id: string, name: string, detail: string, depth: number) => {
    const mine = id === myUid;
    const blocked = unpickable?.has(id) === true;
    return (
      <div className="groups-contact groups-contact--person" style={{ paddingInlineStart: `${12 + depth * 16}px` }}>
        <span className="groups-avatar" aria-hidden="true">
          {Array.from(name)[0] ?? '?'}
        </span>
        <span className="groups-contact__text">
          <span className="groups-contact__name">
            {name}
            {mine && <span className="groups-tag">{t('groups.me')}</span>}
          </span>
          {detail !== '' && <span className="groups-contact__detail">{detail}</span>}
        </span>
        {!mine && !blocked && (
          <button type="button" className="button groups-contact__pick" aria-label={`${pickLabel} ${name}`} onClick={() => onPick({ id, name })}>
            {pickLabel}
          </button>
        )}
        {blocked && <span className="groups-contact__detail">{t('groups.contacts.alreadyIn')}</span>}
      </div>
    );
  };

  const renderRow = (row: ContactRow) => {
    switch (row.kind) {
      case 'department':
      case 'fixedGroup': {
        const key = row.kind === 'department' ? row.id : `fixed:${row.id}`;
        return (
          <button
            type="button"
            className="groups-contact groups-contact--folder"
            style={{ paddingInlineStart: `${12 + (row.kind === 'department' ? row.depth : 0) * 16}px` }}
            aria-expanded={row.open}
            onClick={() => toggle(key)}
          >
            <span className="groups-contact__caret" aria-hidden="true">
              {row.open ? '▾' : '▸'}
            </span>
            <span className="groups-contact__name">{row.kind === 'fixedGroup' ? t('groups.contacts.fixedGroup', { name: row.name }) : row.name}</span>
            <span className="groups-contact__count">{t('groups.contacts.people', { n: row.count })}</span>
          </button>
        );
      }
      case 'person':
        return person(row.id, row.name, row.title, row.depth);
      case 'fixedMember':
        return person(row.id, row.name, '', 1);
    }
  };

  const searching = deferredQuery.trim() !== '';
  return (
    <div className="groups-contacts">
      <input
        type="search"
        className="groups-search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('groups.contacts.search')}
        aria-label={t('groups.contacts.search')}
      />
      {view.load === 'failed' && (
        <p className="groups-problem" role="alert">
          {t('groups.contacts.failed', { reason: failureText(view.failure, tMain) })}{' '}
          <button type="button" className="link-button" onClick={view.retry}>
            {t('groups.retry')}
          </button>
        </p>
      )}
      {view.load === 'loading' && rows.length === 0 && <p className="groups-empty">{t('groups.contacts.loading')}</p>}
      {searching ? (
        matches.length === 0 ? (
          <p className="groups-empty">{t('groups.contacts.noMatch')}</p>
        ) : (
          <Virtuoso
            className="groups-contacts__list"
            data={matches}
            computeItemKey={(_i, m) => m.id}
            itemContent={(_i, m) => person(m.id, m.name, m.departments.join(' / '), 0)}
          />
        )
      ) : (
        rows.length > 0 && (
          <Virtuoso
            className="groups-contacts__list"
            data={rows}
            computeItemKey={(_i, row) => ('rowKey' in row ? row.rowKey : `${row.kind}:${row.id}`)}
            itemContent={(_i, row) => renderRow(row)}
          />
        )
      )}
    </div>
  );
}
