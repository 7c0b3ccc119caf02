import type { WallToWallRequestFilter, WallToWallRequestRequest } from '@wms/contract';

/** The /wall_to_wall/request form as typed (text fields; the server checks the codes). */
export interface RequestForm {
  warehouse: string;
  codeFrom: string;
  codeTo: string;
  sortingCode: string;
  zone: string;
  holdingItem: string;
  notCountedForDays: string;
  state: 'YES' | 'PARTIAL';
  /** PARTIAL: item codes separated by commas, spaces or new lines. */
  items: string;
}

export const initialRequestForm: RequestForm = {
  warehouse: '',
  codeFrom: '',
  codeTo: '',
  sortingCode: '',
  zone: '',
  holdingItem: '',
  notCountedForDays: '',
  state: 'YES',
  items: '',
};

/** The days typed: a whole number from 1, null when invalid, undefined when left empty. */
export function daysOf(form: RequestForm): number | null | undefined {
  const text = form.notCountedForDays.trim();
  if (text === '') return undefined;
  const days = Number(text);
  return Number.isInteger(days) && days >= 1 && days <= 36_500 ? days : null;
}

export const itemCodesOf = (form: RequestForm): string[] => [
  ...new Set(
    form.items
      .split(/[\s,;]+/)
      .map((code) => code.trim())
      .filter((code) => code !== ''),
  ),
];

/** The filter of the form: empty fields left out. */
export function filterOf(form: RequestForm): WallToWallRequestFilter {
  const filter: WallToWallRequestFilter = { warehouse: form.warehouse.trim() };
  const optional = ['codeFrom', 'codeTo', 'sortingCode', 'zone', 'holdingItem'] as const;
  for (const name of optional) {
    const value = form[name].trim();
    if (value !== '') filter[name] = value;
  }
  const days = daysOf(form);
  if (typeof days === 'number') filter.notCountedForDays = days;
  return filter;
}

/** Whether the form can be previewed: a warehouse, and valid days. */
export const canPreview = (form: RequestForm): boolean => form.warehouse.trim() !== '' && daysOf(form) !== null;

/** Whether the form can be sent: as preview, and PARTIAL with at least one item. */
export const canRequest = (form: RequestForm): boolean =>
  canPreview(form) && (form.state === 'YES' || itemCodesOf(form).length > 0);

export function requestOf(form: RequestForm, idempotencyKey: string): WallToWallRequestRequest {
  return {
    idempotencyKey,
    filter: filterOf(form),
    state: form.state,
    ...(form.state === 'PARTIAL' ? { items: itemCodesOf(form) } : {}),
  };
}
