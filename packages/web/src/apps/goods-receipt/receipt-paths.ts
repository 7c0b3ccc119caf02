import { appById } from '@wms/contract';

/** The app's menu path (contract apps.ts): the list; a receipt opens at `${path}/<code>`. */
export const receiptAppPath = appById('goodsReceipt')?.path ?? '/goods_receipt';

export const receiptPath = (code: string) => `${receiptAppPath}/${encodeURIComponent(code)}`;
