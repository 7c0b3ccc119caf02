import { paddedCodeKey, toThousandths } from '@wms/contract';
import { validateDocumentAddresses } from '../../features/address-validation/address-validate.js';
import { createDocumentHead, createDocumentLines } from '../../features/documents/document-create.service.js';
import type { Tx } from '../database.js';

/**
 * Demo data of address validation (decision 0186): SO-ADDR-1, an OPEN sales order of C0001 in
 * warehouse 02 (away from the picking demo of warehouse 01) shipping to a Dutch address with the
 * postcode "ABCDE", validated at seed: INVALID with postcodeInvalid, so the /address_validation
 * counter shows 1 and the app lists it.
 */
export async function seedDemoAddressValidation(tx: Tx, at: string): Promise<void> {
  const warehouse = await tx
    .selectFrom('warehouse')
    .select('id')
    .where('code_lower', '=', '02')
    .executeTakeFirstOrThrow();
  const customer = await tx
    .selectFrom('business_partner')
    .select('id')
    .where('code_key', '=', paddedCodeKey('C0001'))
    .executeTakeFirst();
  const item = await tx.selectFrom('item').select('id').where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const shipTo = {
    name: 'Bakker Retail BV',
    street: 'Havenweg 12',
    postcode: 'ABCDE',
    city: 'Rotterdam',
    countryCode: 'NL',
  };
  const documentId = await createDocumentHead(tx, {
    type: 'SALES_ORDER',
    code: 'SO-ADDR-1',
    status: 'OPEN',
    warehouseId: warehouse.id,
    partnerId: customer?.id ?? null,
    at,
    shipToAddress: JSON.stringify(shipTo),
  });
  if (documentId === undefined) throw new Error('demo data: sales order SO-ADDR-1 exists already');
  await createDocumentLines(tx, documentId, 'SALES_ORDER', [
    { itemId: item.id, quantity: toThousandths(2), extras: { shipTo } },
  ]);
  await validateDocumentAddresses(tx, [documentId], null);
}
