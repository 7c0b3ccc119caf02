import { appById } from '@wms/contract';
import type { PickingAppNames } from '../../handheld/picking/picking-paths.js';

/** /pick_and_pack (contract apps.ts): stock picking's screens under its own path and saved keys. */
export const pickAndPackNames: PickingAppNames = {
  id: 'pickAndPack',
  path: appById('pickAndPack')?.path ?? '/pick_and_pack',
};
