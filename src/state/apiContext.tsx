/**
 * Hands the app's HTTP client to the screens. Features may not import the app shell, so
 * the app provides the instance here and features read it with useApi().
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from '../api';

const ApiContext = createContext<Api | null>(null);

export function ApiProvider({ api, children }: { readonly api: Api; readonly children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (api === null) throw new Error('useApi() needs an <ApiProvider> above it.');
  return api;
}
