/**
 * A winner's delivery details for the prize (raffle winner: name, phone, address), all
 * required, the phone checked as SPEC 5 says. Sent once; every tab of the room then shows
 * it as sent (the room's acted notes).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { validatePhone, validateRequired } from '../../domain/contact';
import type { Problem } from '../../domain/result';
import { useApi } from '../../state/apiContext';
import { noteActed } from '../../state/realtimeConnection';
import { useRoomStateKey } from '../../state/roomFeed';
import { failureText } from '../../ui/failureText';
import { Field } from '../../ui/FormField';
import { useSubmitGuard } from '../../ui/useSubmitGuard';

const contactActedKey = (raffleId: string) => `lotteryContact:${raffleId}`;

interface Problems {
  readonly name?: Problem;
  readonly phone?: Problem;
  readonly address?: Problem;
}

export function WinnerContactForm({ roomId, raffleId }: { readonly roomId: string; readonly raffleId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const actedNotes = useRoomStateKey(roomId, 'acted');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sent = actedNotes?.[contactActedKey(raffleId)] !== undefined;

  if (sent) {
    return (
      <p className="lottery-contact__sent" role="status">
        {t('lottery.contact.sent')}
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        {t('lottery.contact.open')}
      </button>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = { name: validateRequired(name), phone: validatePhone(phone), address: validateRequired(address) };
    const found: Problems = {
      ...(checked.name.ok ? {} : { name: checked.name.error }),
      ...(checked.phone.ok ? {} : { phone: checked.phone.error }),
      ...(checked.address.ok ? {} : { address: checked.address.error }),
    };
    setProblems(found);
    setFailure(null);
    if (!checked.name.ok || !checked.phone.ok || !checked.address.ok || !guard.pass()) return;
    setBusy(true);
    api.live.raffleWinner({ raffleId, name: checked.name.value, phone: checked.phone.value, address: checked.address.value }).then(
      () => {
        setBusy(false);
        noteActed(roomId, contactActedKey(raffleId), { sent: true });
      },
      (error: unknown) => {
        guard.reset();
        setBusy(false);
        setFailure(failureText(error, t));
      },
    );
  };

  return (
    <form className="lottery-contact" aria-label={t('lottery.contact.title')} noValidate onSubmit={submit}>
      <Field label={t('lottery.contact.name')} name="name" autoComplete="name" value={name} onChange={setName} problem={problems.name} required />
      <Field label={t('lottery.contact.phone')} name="phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={setPhone} problem={problems.phone} required />
      <Field label={t('lottery.contact.address')} name="address" autoComplete="street-address" value={address} onChange={setAddress} problem={problems.address} required />
      {failure !== null && (
        <p className="interaction-card__error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? t('lottery.contact.sending') : t('lottery.contact.send')}
      </button>
    </form>
  );
}
