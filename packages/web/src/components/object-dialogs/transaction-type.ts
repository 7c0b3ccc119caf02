import i18next from 'i18next';

/** A ledger row's transaction type in the user's language; a type without a text is shown as it is. */
export function transactionTypeText(t: (key: string) => string, code: string | null | undefined): string {
  if (!code) return '';
  const key = `objects:transactionType.${code}`;
  return i18next.exists(key) ? t(key) : code;
}
