/** The console's calls (src/protocol/services/host.ts), bound to the live service host once per api. */
import { useMemo } from 'react';
import { HOST_CALLS } from '../../api/services/host';
import { useApi } from '../../state/apiContext';

export const useHostCalls = () => {
  const api = useApi();
  return useMemo(() => api.bindLive(HOST_CALLS), [api]);
};
