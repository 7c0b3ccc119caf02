import { createContext, useContext, type ReactNode } from 'react';
import { queryOptions } from '@tanstack/react-query';
import {
  areaKey,
  configEndpoints,
  ipRuleEndpoints,
  queryKeyOf,
  type ConfigAnswer,
  type IpRulesAnswer,
} from '@wms/contract';
import { apiQuery, callApi } from './api-client.js';

/** Loaded before anything else; failures show the red reload icon, so no notification. */
const bootRequest = { silent: true, logoutOn401: false } as const;

/**
 * The boot data: the config, the server's version and the caller's IP policy. All three are
 * keyed under the config area, which a logout keeps (session.tsx) and setup refreshes.
 */
export const configQueries = {
  config: () => queryOptions({ ...apiQuery(configEndpoints.get, undefined, bootRequest), staleTime: Infinity }),
  version: () => queryOptions({ ...apiQuery(configEndpoints.version, undefined, bootRequest), staleTime: Infinity }),
  ipRules: () =>
    queryOptions({
      queryKey: [...areaKey('config'), ...queryKeyOf(ipRuleEndpoints.current)] as const,
      queryFn: ({ signal }) => callApi(ipRuleEndpoints.current, undefined, { ...bootRequest, signal }),
      staleTime: Infinity,
    }),
};

export interface BootData {
  config: ConfigAnswer;
  version: string;
  ipRules: IpRulesAnswer;
}

const ConfigContext = createContext<BootData | null>(null);

/** Makes the loaded config, server version and IP rules available to every screen. */
export function ConfigProvider({ value, children }: { value: BootData; children: ReactNode }) {
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

function useBootData(): BootData {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('useConfig needs a <ConfigProvider> (rendered by Boot)');
  return value;
}

/** GET /api/v1/config/ as loaded at boot (reloaded after setup). */
export function useConfig(): ConfigAnswer {
  return useBootData().config;
}

/** The IP policy of this client: whether an authentication code is needed, or access is blocked. */
export function useIpRules(): IpRulesAnswer {
  return useBootData().ipRules;
}

/** The server's version (GET /api/v1/config/version). */
export function useServerVersion(): string {
  return useBootData().version;
}
