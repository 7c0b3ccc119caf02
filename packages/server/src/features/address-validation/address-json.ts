import { addressFields, type ShipToAddress } from '@wms/contract';

/**
 * Ship-to addresses as stored: a JSON text of {name, street, postcode, city, countryCode}
 * (document.ship_to_address, document_line extras shipTo). `addressKey` is the canonical form a
 * record is keyed and matched by (fields in a fixed order, trimmed, country upper case).
 */
const text = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** The address of a stored value (JSON text or object); null when there is none. */
export function addressOf(value: unknown): ShipToAddress | null {
  let object: unknown = value;
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return null;
  const record = object as Record<string, unknown>;
  const address: ShipToAddress = {
    name: text(record.name),
    street: text(record.street),
    postcode: text(record.postcode),
    city: text(record.city),
    countryCode: text(record.countryCode)?.toUpperCase() ?? null,
  };
  return addressFields.some((field) => address[field] !== null) ? address : null;
}

/** The canonical JSON of an address (its key and its stored form). */
export function addressKey(address: ShipToAddress): string {
  const canonical = addressOf(address) ?? { name: null, street: null, postcode: null, city: null, countryCode: null };
  return JSON.stringify(Object.fromEntries(addressFields.map((field) => [field, canonical[field]])));
}

/** The key of a stored value, or null when it holds no address. */
export function storedAddressKey(value: unknown): string | null {
  const address = addressOf(value);
  return address === null ? null : addressKey(address);
}

/** One line for messages: "name, street, postcode city, country". */
export function addressLine(address: ShipToAddress): string {
  const place = [address.postcode, address.city].filter((v) => v !== null).join(' ');
  return [address.name, address.street, place, address.countryCode].filter((v) => v !== null && v !== '').join(', ');
}
