import i18next from 'i18next';

/**
 * The stock movement types that ledger rows carry as their transactionType (the server's
 * stock-movement.ts); each has a text under objects:transactionType in every language.
 */
export const movementTypes = [
  'RECEIPT',
  'RETURN_RECEIPT',
  'PRODUCTION_RECEIPT',
  'TRANSFER',
  'PICK',
  'PUT_BACK',
  'DELIVERY',
  'PRODUCTION_ISSUE',
  'MATERIAL_RETURN',
  'COUNT_ADJUSTMENT',
  'BATCH_CORRECTION',
  'QC_RELEASE',
  'QC_REJECT',
  'SCRAP',
  'MANAGED_BY_CONVERSION',
] as const;

/** A ledger row's transaction type in the user's language; a type without a text is shown as it is. */
export function transactionTypeText(t: (key: string) => string, code: string | null | undefined): string {
  if (!code) return '';
  const key = `objects:transactionType.${code}`;
  return i18next.exists(key) ? t(key) : code;
}
