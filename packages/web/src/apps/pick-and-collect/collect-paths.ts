import { appById } from '@wms/contract';

/** The app's menu path (contract apps.ts): the cart start. */
export const collectAppPath = appById('pickAndCollect')?.path ?? '/pick_and_collect';

/** The walk of the cart session: `/pick_and_collect/process`. */
export const collectProcessPath = `${collectAppPath}/process`;
