import { appById } from '@wms/contract';

/** The app's menu path (contract apps.ts): the list; a return opens at `${path}/<code>`. */
export const returnsAppPath = appById('goodsReturns')?.path ?? '/goods_returns';

export const returnPath = (code: string) => `${returnsAppPath}/${encodeURIComponent(code)}`;
