import { useQueryClient } from '@tanstack/react-query';
import { areaKey, toThousandths, type WarehouseDefaultLocation } from '@wms/contract';
import { useState } from 'react';
import { failureNotice } from '../../platform/http-policy.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { saveDefaultLocation } from './configurer-queries.js';

export type DefaultLocationChange = Partial<Pick<WarehouseDefaultLocation, 'enforced' | 'minStock' | 'maxStock'>>;

/**
 * Inline edits of a warehouse's default locations: each change is saved with the row's version.
 * minStock above maxStock is refused before sending (minStockGreaterThanMaxStock); a row changed
 * meanwhile (412) says so (changedMeanwhile) and the list is read again; other refusals show
 * their key. The lists refresh after every save.
 */
export function useDefaultLocationEdit(whsCode: string) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: areaKey('setupLists') });

  const save = async (row: WarehouseDefaultLocation, change: DefaultLocationChange) => {
    const next = { enforced: row.enforced, minStock: row.minStock, maxStock: row.maxStock, ...change };
    if (
      next.minStock !== null &&
      next.maxStock !== null &&
      toThousandths(next.minStock) > toThousandths(next.maxStock)
    ) {
      notify('danger', 'minStockGreaterThanMaxStock', { minStock: next.minStock, maxStock: next.maxStock });
      return;
    }
    setSaving(row.item.code);
    try {
      await saveDefaultLocation(row.item.code, whsCode, {
        locationCode: row.binLocation.code,
        ...next,
        version: row.version,
      });
      notify('success', 'setup:defaults.saved', { item: row.item.code, location: row.binLocation.code });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 412) notify('warning', 'setup:defaults.changedMeanwhile', { item: row.item.code });
      else {
        const notice = failureNotice(
          error.status || null,
          error.key === 'networkError' ? undefined : error.key,
          error.args,
        );
        notify(notice.variant, notice.key, notice.args ?? {});
      }
    } finally {
      setSaving(null);
      await refresh();
    }
  };
  return { save, saving };
}
