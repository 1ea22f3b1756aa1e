/** Reads the room's market config (SPEC 7.1) when the video page opens, for roomOffers.ts. */
import { useEffect } from 'react';
import { useApi } from './apiContext';
import { applyMarketConfig } from './roomOffers';

export function useMarketOffers(roomId: string): void {
  const api = useApi();
  useEffect(() => {
    const controller = new AbortController();
    api.live.marketConfig({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => applyMarketConfig(roomId, data),
      () => undefined, // the tabs stay; each says what it finds when opened
    );
    return () => controller.abort();
  }, [api, roomId]);
}
