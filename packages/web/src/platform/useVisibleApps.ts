import { useMemo } from 'react';
import { apps, visibleApps, type AppDefinition } from '@wms/contract';
import { useConfig } from './config.js';
import { useSession } from './session.js';

/** The apps the signed-in user can open now: visible (visibility.ts) and built, in registry order. */
export function useVisibleApps(): AppDefinition[] {
  const config = useConfig();
  const { me } = useSession();
  const expandedRoles = me?.expandedRoles;
  return useMemo(
    () => (expandedRoles ? visibleApps(apps, { ...config, expandedRoles }, { builtOnly: true }) : []),
    [config, expandedRoles],
  );
}
