import { countingApproaches, type CountingListFilter, type workTypes } from '@wms/contract';

export type WorkType = (typeof workTypes)[number];
export type CountingType = (typeof countingApproaches)[number];

/** The creator's form as typed (strings); filterOf makes the contract's filter of it. */
export interface CreatorForm {
  warehouse: string;
  fromCode: string;
  toCode: string;
  fromCountingSortingCode: string;
  toCountingSortingCode: string;
  locationTypes: WorkType[];
  withStock: boolean;
  /** Item codes, separated by commas, spaces or new lines. */
  items: string;
  maxLocationsPerList: string;
  countingType: CountingType;
}

export const initialCreatorForm = (): CreatorForm => ({
  warehouse: '',
  fromCode: '',
  toCode: '',
  fromCountingSortingCode: '',
  toCountingSortingCode: '',
  locationTypes: [],
  withStock: false,
  items: '',
  maxLocationsPerList: '100',
  countingType: 'SINGLE_COUNTING',
});

/** Location types a creator may choose (MOBILE locations are never selected by the server). */
export const selectableLocationTypes: readonly WorkType[] = ['BULK', 'PICK', 'RECEIVE', 'QC', 'DELIVERY', 'PRODUCTION'];

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The contract's filter of the form (empty fields left out). */
export function filterOf(form: CreatorForm): CountingListFilter {
  const items = form.items
    .split(/[\s,;]+/)
    .map((code) => code.trim())
    .filter(Boolean);
  const filter: CountingListFilter = { warehouse: form.warehouse.trim(), withStock: form.withStock };
  const ranges = {
    fromCode: optional(form.fromCode),
    toCode: optional(form.toCode),
    fromCountingSortingCode: optional(form.fromCountingSortingCode),
    toCountingSortingCode: optional(form.toCountingSortingCode),
  };
  for (const [key, value] of Object.entries(ranges)) if (value !== undefined) Object.assign(filter, { [key]: value });
  if (form.locationTypes.length > 0) filter.locationTypes = form.locationTypes;
  if (items.length > 0) filter.items = items;
  return filter;
}

/** The maximum locations per list, or null when it is not a whole number from 1 to 5000. */
export function maxPerListOf(form: CreatorForm): number | null {
  const value = Number(form.maxLocationsPerList);
  return Number.isInteger(value) && value >= 1 && value <= 5000 ? value : null;
}

export { countingApproaches };
