/**
 * The toolbar's invite button and the poster dialog it opens; and the recording of an
 * invite once the viewer who came through an invite URL is in the room (invite add, once
 * per browser: state/inviteCapture.ts).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { inviteSettled, pendingInviter, recordingInvite } from './inviteRecord';
import { PosterDialog } from './PosterDialog';
import './poster.css';

function useInviteRecorder(roomId: string): void {
  const api = useApi();
  useEffect(() => {
    const code = pendingInviter(roomId);
    if (code === null) return undefined;
    const controller = new AbortController();
    const call = api.commerce.inviteAdd({ liveId: roomId, inviterId: code }, { signal: controller.signal, background: true }).then(
      () => inviteSettled(roomId, true),
      // Refused (an unknown code, the viewer's own poster): not again. A lost call: the next page tries.
      (error: unknown) => {
        if (isApiError(error) && error.kind === 'business') inviteSettled(roomId, false);
      },
    );
    recordingInvite(roomId, call);
    return () => controller.abort();
  }, [api, roomId]);
}

export function InviteButton({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const [open, setOpen] = useState(false);
  useInviteRecorder(roomId);
  return (
    <div className="invite-button">
      <button type="button" className="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t('poster.button')}
      </button>
      {open && <PosterDialog roomId={roomId} onClose={() => setOpen(false)} />}
    </div>
  );
}
