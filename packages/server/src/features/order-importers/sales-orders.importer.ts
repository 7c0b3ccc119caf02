import { rowError, type Importer } from '../importers/importer.js';
import { countryCodeOf } from './country-codes.js';
import { column, itemCodeColumn, quantityColumn, warehouseCodeColumn } from './order-columns.js';
import { commitOrderGroup } from './order-commit.js';
import { cell, checkOrderRows, type OrderRowDraft, type OrderRowPrepared, type OrderSpec } from './order-rows.js';
import { validateImportedOrders } from '../address-validation/address-validate.js';

/**
 * sales_orders (role sales; docs/decisions/0177-order-importers.md): one SALES_ORDER in status
 * OPEN per customer + order reference, its lines in file order. Each line may carry a ship-to
 * address, kept in its extras as {shipTo: {name, street, postcode, city, countryCode}}; when every
 * line has the same one, the document's ship_to_address holds it too (the same JSON object).
 */
const spec: OrderSpec = {
  documentType: 'SALES_ORDER',
  partnerColumn: 'customerCode',
  partnerType: 'CUSTOMER',
  referenceColumn: 'orderReference',
  dateColumn: 'shipDate',
};

export interface ShipTo {
  name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  countryCode: string | null;
}

const shipToFields = {
  name: 'shipToName',
  street: 'shipToStreet',
  postcode: 'shipToPostcode',
  city: 'shipToCity',
} as const;
const maxAddressLength = 200;

/** The row's ship-to, or null when it names none; a country that is not ISO 3166 alpha-2 is invalidCountryCode. */
function shipToOf(draft: OrderRowDraft): ShipTo | null {
  const text = (name: string) => cell(draft.source, name);
  const shipTo: ShipTo = { name: null, street: null, postcode: null, city: null, countryCode: null };
  for (const [field, name] of Object.entries(shipToFields) as [keyof typeof shipToFields, string][]) {
    const value = text(name);
    if (value.length > maxAddressLength) {
      draft.messages.push(rowError(name, 'valueTooLong', { max: maxAddressLength }));
    } else if (value !== '') shipTo[field] = value;
  }
  const country = text('shipToCountry');
  if (country !== '') {
    shipTo.countryCode = countryCodeOf(country);
    if (shipTo.countryCode === null) {
      draft.messages.push(rowError('shipToCountry', 'invalidCountryCode', { value: country }));
    }
  }
  return Object.values(shipTo).some((value) => value !== null) ? shipTo : null;
}

/** The lines' common ship-to as JSON, when every line has the same one. */
function commonShipTo(extras: readonly (Record<string, unknown> | null)[]): string | null {
  const addresses = extras.map((e) => (e?.shipTo ? JSON.stringify(e.shipTo) : null));
  const first = addresses[0] ?? null;
  return first !== null && addresses.every((address) => address === first) ? first : null;
}

export const salesOrderImporter: Importer<OrderRowPrepared> = {
  kind: 'sales_orders',
  columns: [
    column('customerCode', 'text', true, [
      'Customer code',
      'Klantcode',
      'Kundennummer',
      'Kod klienta',
      'Customer',
      'Klant',
      'Kunde',
      'Klient',
    ]),
    column('orderReference', 'text', true, [
      'Order reference',
      'Orderreferentie',
      'Auftragsreferenz',
      'Numer zamówienia',
      'Order number',
      'Ordernummer',
      'Auftragsnummer',
    ]),
    warehouseCodeColumn,
    itemCodeColumn,
    quantityColumn,
    column('shipDate', 'date', false, ['Ship date', 'Verzenddatum', 'Versanddatum', 'Data wysyłki', 'Shipping date']),
    column('shipToName', 'text', false, ['Ship-to name', 'Naam afleveradres', 'Name Lieferadresse', 'Nazwa odbiorcy']),
    column('shipToStreet', 'text', false, [
      'Ship-to street',
      'Straat afleveradres',
      'Straße Lieferadresse',
      'Ulica dostawy',
    ]),
    column('shipToPostcode', 'text', false, [
      'Ship-to postcode',
      'Postcode afleveradres',
      'PLZ Lieferadresse',
      'Kod pocztowy dostawy',
      'Ship-to zip',
    ]),
    column('shipToCity', 'text', false, ['Ship-to city', 'Plaats afleveradres', 'Ort Lieferadresse', 'Miasto dostawy']),
    column('shipToCountry', 'text', false, [
      'Ship-to country',
      'Land afleveradres',
      'Land Lieferadresse',
      'Kraj dostawy',
    ]),
  ],
  check: (db, rows, run) =>
    checkOrderRows(db, rows, run, spec, (draft) => {
      const shipTo = shipToOf(draft);
      return shipTo === null ? null : { shipTo };
    }),
  commit: (tx, rows) =>
    commitOrderGroup(tx, rows, {
      type: 'SALES_ORDER',
      status: 'OPEN',
      dates: (date) => ({ dueDate: date, shipDate: date }),
      shipToAddress: commonShipTo,
    }),
  afterCommit: (ctx, created) => validateImportedOrders(ctx, created),
};
