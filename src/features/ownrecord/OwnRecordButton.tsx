/**
 * The toolbar's "My record" button (issue 37 item 5) and the dialog it opens. Shown unless
 * the room turns the own record off (`setting/other` ownRecord false: the server answers 4409
 * then, docs/protocol.md 5.13); while that setting is unknown or cannot be read the button
 * shows, and the dialog says what the server says.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { roomOtherSetting } from '../../state/roomOtherSetting';
import { OwnRecordDialog } from './OwnRecordDialog';
import './ownrecord.css';

const allowsOwnRecord = (data: unknown): boolean => !(typeof data === 'object' && data !== null && (data as { ownRecord?: unknown }).ownRecord === false);

export function OwnRecordButton({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const [allowed, setAllowed] = useState(true);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let current = true;
    roomOtherSetting(api, roomId).then(
      (data) => {
        if (current) setAllowed(allowsOwnRecord(data));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, roomId]);
  if (!allowed) return null;
  return (
    <>
      <button type="button" className="button own-record-open" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t('ownRecord.button')}
      </button>
      {open && <OwnRecordDialog roomId={roomId} onClose={() => setOpen(false)} />}
    </>
  );
}
