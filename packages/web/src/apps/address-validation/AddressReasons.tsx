import type { AddressReason, ShipToAddress } from '@wms/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** One line of an address: "name, street, postcode city, country". */
export function addressText(address: ShipToAddress): string {
  const place = [address.postcode, address.city].filter((v) => v !== null && v !== '').join(' ');
  return [address.name, address.street, place, address.countryCode].filter((v) => v !== null && v !== '').join(', ');
}

/** The translated text of a reason, its field argument translated too. */
export function useReasonText(): (reason: AddressReason) => string {
  const { t } = useTranslation('addressValidation');
  return useCallback(
    (reason: AddressReason) => {
      const args: Record<string, string | number> = { ...reason.args };
      if (typeof args.field === 'string') args.field = t(`field.${args.field}`);
      return t(`reason.${reason.key}`, { ...args, defaultValue: reason.key });
    },
    [t],
  );
}

/** The reasons as a list. */
export function AddressReasons({ reasons }: { reasons: readonly AddressReason[] }) {
  const reasonText = useReasonText();
  if (reasons.length === 0) return null;
  return (
    <ul className="mb-0 ps-3" data-testid="address-reasons">
      {reasons.map((reason, i) => (
        <li key={i}>{reasonText(reason)}</li>
      ))}
    </ul>
  );
}
