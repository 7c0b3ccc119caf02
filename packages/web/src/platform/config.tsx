import { createContext, useContext, type ReactNode } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { ConfigAnswer } from '@wms/contract';
import { http } from './http.js';

export interface VersionAnswer {
  version: string;
}

export interface IpRulesAnswer {
  ip: string;
  policy: 'BLOCK' | 'ALLOW_2FA' | 'ALLOW';
  twoFactorRequired: boolean;
  blocked: boolean;
}

/** Loaded before anything else; failures show the red reload icon, so no notification. */
const bootRequest = { silent: true, logoutOn401: false } as const;

export const configQueries = {
  config: () =>
    queryOptions({
      queryKey: ['config', 'detail'],
      queryFn: () => http.get<ConfigAnswer>('/api/v1/config/', bootRequest),
      staleTime: Infinity,
    }),
  version: () =>
    queryOptions({
      queryKey: ['config', 'detail', 'version'],
      queryFn: () => http.get<VersionAnswer>('/api/v1/config/version', bootRequest),
      staleTime: Infinity,
    }),
  ipRules: () =>
    queryOptions({
      queryKey: ['config', 'detail', 'ipRules'],
      queryFn: () => http.get<IpRulesAnswer>('/api/v1/config/ipRules', bootRequest),
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
