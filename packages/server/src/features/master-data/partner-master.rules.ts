import {
  codeKey,
  paddedCodeKey,
  type addressCreateRequestSchema,
  type businessPartnerCreateRequestSchema,
} from '@wms/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import type { BusinessPartnerAddressTable, BusinessPartnerTable } from '../../db/schema.js';
import type { Intent } from './item-master.rules.js';
import { duplicatesInBatch, error, hasError, type Checked, type Message } from './master-data-rules.js';
import * as repository from './partner-master.repository.js';

/**
 * The one check of business partner drafts with their addresses (API and importer): the code is
 * new (create) or known (update; codes match zero-padded, like every partner lookup), a new
 * partner has a name and a type, address codes appear once per partner, and at most one address
 * of a draft is the default ship-to (it then replaces the partner's earlier default).
 */

type AddressFields = z.output<typeof addressCreateRequestSchema>;
export type AddressDraft = { code: string } & Partial<Omit<AddressFields, 'code'>>;
type PartnerFields = z.output<typeof businessPartnerCreateRequestSchema>;
export type PartnerDraft = { code: string; addresses?: readonly AddressDraft[] } & Partial<
  Omit<PartnerFields, 'code' | 'addresses'>
>;

export type AddressWrite =
  | { kind: 'insert'; code: string; row: Omit<repository.NewAddress, 'business_partner_id'> }
  | { kind: 'update'; code: string; id: number; changes: Updateable<BusinessPartnerAddressTable> };

export interface PartnerWrite {
  kind: 'insert' | 'update';
  code: string;
  /** The known partner's id (update). */
  id: number | null;
  row: repository.NewPartner | null;
  changes: Updateable<BusinessPartnerTable>;
  addresses: AddressWrite[];
  /** The address (code key) that becomes the default ship-to, clearing the others. */
  defaultShipTo: string | null;
}

export interface CheckedPartner extends Checked<PartnerWrite> {
  /** Messages about each address of the draft, in its order. */
  addressMessages: Message[][];
}

const bit = (value: boolean) => (value ? 1 : 0);

function addressChanges(draft: AddressDraft): Updateable<BusinessPartnerAddressTable> {
  const changes: Updateable<BusinessPartnerAddressTable> = {};
  if (draft.name !== undefined) changes.name = draft.name;
  if (draft.street !== undefined) changes.street = draft.street;
  if (draft.postcode !== undefined) changes.postcode = draft.postcode;
  if (draft.city !== undefined) changes.city = draft.city;
  if (draft.countryCode !== undefined) changes.country_code = draft.countryCode;
  if (draft.isDefaultShipTo !== undefined) changes.is_default_ship_to = bit(draft.isDefaultShipTo);
  if (draft.active !== undefined) changes.active = bit(draft.active);
  return changes;
}

function addressWrite(draft: AddressDraft, known: repository.AddressRow | undefined): AddressWrite {
  if (known) return { kind: 'update', code: known.code, id: known.id, changes: addressChanges(draft) };
  return {
    kind: 'insert',
    code: draft.code,
    row: {
      code: draft.code,
      code_lower: codeKey(draft.code),
      name: draft.name ?? null,
      street: draft.street ?? null,
      postcode: draft.postcode ?? null,
      city: draft.city ?? null,
      country_code: draft.countryCode ?? null,
      is_default_ship_to: bit(draft.isDefaultShipTo ?? false),
      active: bit(draft.active ?? true),
    },
  };
}

function partnerChanges(draft: PartnerDraft, row: repository.PartnerRow): Updateable<BusinessPartnerTable> {
  const changes: Updateable<BusinessPartnerTable> = {};
  if (draft.visualCode !== undefined) changes.visual_code = draft.visualCode ?? row.code;
  if (draft.name !== undefined) changes.name = draft.name;
  if (draft.type !== undefined) changes.type = draft.type;
  if (draft.active !== undefined) changes.active = bit(draft.active);
  return changes;
}

/**
 * `addressIntent` create: every address must be new (the API's add-address); update: known (the
 * API's address edit); upsert: either.
 */
export async function checkPartnerDrafts(
  db: DbOrTx,
  drafts: readonly PartnerDraft[],
  options: { intent: Intent; addressIntent?: Intent; rowNumbers?: readonly number[] },
): Promise<CheckedPartner[]> {
  const known = new Map(
    (
      await repository.partnersByCodeKeys(
        db,
        drafts.map((d) => paddedCodeKey(d.code)),
      )
    ).map((row) => [row.code_key, row]),
  );
  const knownAddresses = await repository.addressesOf(
    db,
    [...known.values()].map((p) => p.id),
  );
  const duplicates = duplicatesInBatch(
    drafts.map((d) => paddedCodeKey(d.code)),
    (index) => options.rowNumbers?.[index] ?? index + 1,
  );
  const addressIntent = options.addressIntent ?? 'upsert';
  return drafts.map((draft, index) => {
    const messages: Message[] = [];
    const row = known.get(paddedCodeKey(draft.code));
    const duplicate = duplicates.get(index);
    if (duplicate) messages.push(error('code', 'duplicateInFile', { value: draft.code, rows: duplicate.firstRow }));
    if (row && options.intent === 'create') messages.push(error('code', 'codeAlreadyExists', { code: row.code }));
    if (!row && options.intent === 'update')
      messages.push(error('code', 'unknownBusinessPartner', { code: draft.code }));
    if (!row && draft.name === undefined) messages.push(error('name', 'importValueRequired', {}));
    if (!row && draft.type === undefined) messages.push(error('type', 'importValueRequired', {}));
    const addresses = draft.addresses ?? [];
    const ofPartner = new Map(
      knownAddresses.filter((a) => a.business_partner_id === row?.id).map((a) => [a.code_lower, a]),
    );
    const seen = new Set<string>();
    let defaultShipTo: string | null = null;
    const addressMessages = addresses.map((address) => {
      const list: Message[] = [];
      const key = codeKey(address.code);
      const knownAddress = ofPartner.get(key);
      if (seen.has(key)) list.push(error('addressCode', 'duplicateInFile', { value: address.code }));
      seen.add(key);
      if (knownAddress && addressIntent === 'create') {
        list.push(error('addressCode', 'codeAlreadyExists', { code: knownAddress.code }));
      }
      if (!knownAddress && addressIntent === 'update') {
        list.push(
          error('addressCode', 'unknownBusinessPartnerAddress', { code: draft.code, addressCode: address.code }),
        );
      }
      if (address.isDefaultShipTo === true) {
        if (defaultShipTo !== null)
          list.push(error('defaultShipTo', 'rowConflictsWithGroup', { column: 'defaultShipTo' }));
        defaultShipTo = key;
      }
      return list;
    });
    if (hasError(messages) || addressMessages.some(hasError)) return { messages, addressMessages };
    const prepared: PartnerWrite = {
      kind: row ? 'update' : 'insert',
      code: row?.code ?? draft.code,
      id: row?.id ?? null,
      row: row
        ? null
        : {
            code: draft.code,
            code_key: paddedCodeKey(draft.code),
            visual_code: draft.visualCode ?? draft.code,
            name: draft.name ?? draft.code,
            type: draft.type ?? 'CUSTOMER',
            active: bit(draft.active ?? true),
          },
      changes: row ? partnerChanges(draft, row) : {},
      addresses: addresses.map((address) => addressWrite(address, ofPartner.get(codeKey(address.code)))),
      defaultShipTo,
    };
    return { messages, addressMessages, prepared };
  });
}
