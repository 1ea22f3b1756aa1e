/**
 * Where a withdrawal's money comes from and goes to (SPEC 7.2, open platform): whether the
 * organiser pays through its own merchant account (private-merchant check: the viewer is
 * told whose), and the address where the viewer authorises the messaging account that
 * receives it (app id; the way back is the /getWxInfo page). Both are read when the wallet
 * opens, so the link is a real one a click follows (a window opened after an awaited call
 * is a popup the browser blocks). Either failing leaves its line out; the wallet still works.
 */
import { useEffect, useState } from 'react';
import { useApi } from '../../state/apiContext';
import { readOpenAuthorizeUrl, readPrivateMerchant } from './redPacketData';

export interface PayoutAccount {
  /** The organiser's merchant account's name, when it pays; null otherwise. */
  readonly merchant: string | null;
  /** Where the viewer links their messaging account; null when unknown. */
  readonly authorizeUrl: string | null;
}

export function usePayoutAccount(roomId: string): PayoutAccount {
  const api = useApi();
  const [merchant, setMerchant] = useState<string | null>(null);
  const [authorizeUrl, setAuthorizeUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true } as const;
    api.commerce.privateMerchantCheck({ liveId: roomId }, options).then(
      (data) => setMerchant(readPrivateMerchant(data)),
      () => setMerchant(null),
    );
    api.commerce.openAppId({ liveId: roomId }, options).then(
      (data) => setAuthorizeUrl(readOpenAuthorizeUrl(data)),
      () => setAuthorizeUrl(null),
    );
    return () => controller.abort();
  }, [api, roomId]);
  return { merchant, authorizeUrl };
}
