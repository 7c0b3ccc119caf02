import type { AddressReason } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { addressLine } from './address-json.js';
import { checkAddress } from './address-rules.js';
import { findRecord } from './address-validation.repository.js';
import { shipTosOfPickList } from './ship-tos.repository.js';

/**
 * The delivery gate (PROCESSES.md 3.7 step 5, 3.11; docs/decisions/0186-address-validation.md):
 * a pick list shipping to an INVALID address cannot be delivered. VALID and OVERRIDDEN pass; an
 * address never validated is checked with the rules on the spot. Throws 422 addressNotValidated
 * {address, reasons} (reasons: [{key, args}] of the addressValidation namespace).
 */
export async function assertAddressDeliverable(tx: DbOrTx, pickListDocumentId: number): Promise<void> {
  for (const shipTo of await shipTosOfPickList(tx, pickListDocumentId)) {
    const record = await findRecord(tx, shipTo.documentId, shipTo.key);
    let reasons: AddressReason[];
    if (record) {
      if (record.status !== 'INVALID') continue;
      reasons = JSON.parse(record.reasons) as AddressReason[];
    } else {
      reasons = checkAddress(shipTo.address, { documentType: shipTo.documentType });
      if (reasons.length === 0) continue;
    }
    throw unprocessable('addressNotValidated', { address: addressLine(shipTo.address), reasons });
  }
}
