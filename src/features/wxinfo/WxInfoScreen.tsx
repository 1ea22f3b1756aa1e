import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { StatusPage } from '../../ui/StatusPage';
import { readWxCallback } from './wxCallback';

/**
 * WxInfo (/getWxInfo): the messaging app sends the viewer back here with `code` and
 * `state` after authorisation. Exchanging the code for the user's info happens in the
 * sign-in flow; this screen says what is going on, or that the link is unusable.
 */
export function WxInfoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const callback = readWxCallback(params);
  return (
    <StatusPage title={t('screen.wxInfoTitle')} tone={callback === null ? 'error' : 'info'}>
      <p role={callback === null ? 'alert' : 'status'}>{callback === null ? t('code.4301') : t('screen.wxInfoWorking')}</p>
    </StatusPage>
  );
}
