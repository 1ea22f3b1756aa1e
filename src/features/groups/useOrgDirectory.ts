/**
 * The organisation directory for the contacts: the copy this browser kept shows at once,
 * then it is brought up to date through the directory (state/orgDirectory.ts). A failed
 * refresh keeps the copy on screen and says so, with a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { EMPTY_DIRECTORY, type OrgDirectory } from '../../domain/orgDirectory';
import { useApi } from '../../state/apiContext';
import { keepDirectory, loadKeptDirectory, refreshOrgDirectory } from '../../state/orgDirectory';

export type DirectoryLoad = 'loading' | 'ready' | 'failed';

export interface OrgDirectoryView {
  readonly directory: OrgDirectory;
  readonly load: DirectoryLoad;
  readonly failure: unknown;
  readonly retry: () => void;
}

export function useOrgDirectory(): OrgDirectoryView {
  const api = useApi();
  const [directory, setDirectory] = useState<OrgDirectory>(EMPTY_DIRECTORY);
  const [load, setLoad] = useState<DirectoryLoad>('loading');
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const service = await api.directory();
        const addresses = await service.lookup();
        const key = addresses.resource ?? 'directory';
        const kept = await loadKeptDirectory(key);
        if (active && kept.version > 0) setDirectory(kept);
        const fresh = await refreshOrgDirectory(service, addresses, kept);
        if (!active) return;
        setDirectory(fresh);
        setLoad('ready');
        void keepDirectory(key, fresh);
      } catch (error) {
        if (!active) return;
        setFailure(error);
        setLoad('failed');
      }
    })();
    return () => {
      active = false;
    };
  }, [api, attempt]);

  const retry = useCallback(() => {
    setLoad('loading');
    setAttempt((n) => n + 1);
  }, []);
  return { directory, load, failure, retry };
}
