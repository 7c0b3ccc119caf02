import { businessPartnerTypes, paddedCodeKey } from '@wms/contract';
import type { CheckedRow, Importer, SourceRow } from '../importers/importer.js';
import { assignDefined, CellReader, column } from './master-data-cells.js';
import { error, hasError, type Message } from './master-data-rules.js';
import { writePartners } from './partner-master.service.js';
import { checkPartnerDrafts, type AddressDraft, type PartnerDraft, type PartnerWrite } from './partner-master.rules.js';

/**
 * The business partners importer (kind business_partners; docs/decisions/0179): rows are grouped
 * by partner code (zero-padded, as partner codes match); each row may carry one address
 * (addressCode and its fields), so several rows are several addresses of one partner. The
 * partner's fields may be repeated on each row but must agree (rowConflictsWithGroup); an empty
 * cell changes nothing. Each group is judged by checkPartnerDrafts, the API's check: messages
 * about the partner go to its first row, messages about an address to that address's row.
 */
export const partnerImportColumns = [
  column(
    'code',
    'text',
    ['Business partner code', 'Relatiecode', 'Geschäftspartnercode', 'Kod kontrahenta', 'Partner', 'Code'],
    true,
  ),
  column('visualCode', 'text', ['Visual code', 'Weergavecode', 'Anzeigecode', 'Kod wyświetlany']),
  column('name', 'text', ['Name', 'Naam', 'Name', 'Nazwa']),
  column('type', 'text', ['Type', 'Soort', 'Typ', 'Typ']),
  column('active', 'boolean', ['Active', 'Actief', 'Aktiv', 'Aktywny']),
  column('addressCode', 'text', ['Address code', 'Adrescode', 'Adresscode', 'Kod adresu']),
  column('addressName', 'text', ['Address name', 'Adresnaam', 'Adressname', 'Nazwa adresu']),
  column('street', 'text', ['Street', 'Straat', 'Straße', 'Ulica']),
  column('postcode', 'text', ['Postcode', 'Postcode', 'Postleitzahl', 'Kod pocztowy', 'ZIP']),
  column('city', 'text', ['City', 'Plaats', 'Ort', 'Miasto']),
  column('countryCode', 'text', ['Country', 'Land', 'Land', 'Kraj', 'Country code']),
  column('defaultShipTo', 'boolean', [
    'Default ship-to',
    'Standaard afleveradres',
    'Standard-Lieferadresse',
    'Domyślny adres dostawy',
  ]),
] as const;

const partnerColumns = ['visualCode', 'name', 'type', 'active'] as const;

interface ParsedPartnerRow {
  row: SourceRow;
  code: string | undefined;
  partner: Omit<PartnerDraft, 'code' | 'addresses'>;
  address: AddressDraft | null;
  messages: Message[];
}

function parse(row: SourceRow, cells: CellReader): ParsedPartnerRow {
  const code = cells.required('code');
  const partner = assignDefined<Omit<PartnerDraft, 'code' | 'addresses'>>(
    {},
    {
      visualCode: cells.text('visualCode', 100),
      name: cells.text('name'),
      type: cells.oneOf('type', businessPartnerTypes),
      active: cells.boolean('active'),
    },
  );
  const country = cells.text('countryCode', 20);
  if (country !== undefined && !/^[A-Za-z]{2}$/.test(country)) {
    cells.messages.push(error('countryCode', 'invalidCountryCode', { value: country }));
  }
  const fields = assignDefined<Omit<AddressDraft, 'code'>>(
    {},
    {
      name: cells.text('addressName'),
      street: cells.text('street'),
      postcode: cells.text('postcode', 20),
      city: cells.text('city'),
      countryCode: country !== undefined && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined,
      isDefaultShipTo: cells.boolean('defaultShipTo'),
    },
  );
  const addressCode = cells.text('addressCode', 100);
  if (addressCode === undefined && Object.keys(fields).length > 0) {
    cells.messages.push(error('addressCode', 'importValueRequired', {}));
  }
  const address = addressCode === undefined ? null : { ...fields, code: addressCode };
  return { row, code, partner, address, messages: cells.messages };
}

export const partnerImporter: Importer<PartnerWrite> = {
  kind: 'business_partners',
  columns: partnerImportColumns,
  async check(db, rows, run) {
    const parsed = rows.map((row) => parse(row, new CellReader(row, run.language)));
    const groups = new Map<string, ParsedPartnerRow[]>();
    for (const p of parsed) {
      if (p.code !== undefined) groups.set(paddedCodeKey(p.code), [...(groups.get(paddedCodeKey(p.code)) ?? []), p]);
    }
    const drafts: PartnerDraft[] = [];
    for (const members of groups.values()) {
      const partner: Omit<PartnerDraft, 'code' | 'addresses'> = {};
      for (const member of members) {
        for (const name of partnerColumns) {
          const value = member.partner[name];
          if (value === undefined) continue;
          if (partner[name] !== undefined && partner[name] !== value) {
            member.messages.push(error(name, 'rowConflictsWithGroup', { column: name }));
          } else Object.assign(partner, { [name]: value });
        }
      }
      const addresses = members.flatMap((m) => (m.address ? [m.address] : []));
      drafts.push({ ...partner, code: members[0]!.code!, addresses });
    }
    const checked = await checkPartnerDrafts(db, drafts, { intent: 'upsert', addressIntent: 'upsert' });
    const prepared = new Map<ParsedPartnerRow, PartnerWrite>();
    [...groups.values()].forEach((members, g) => {
      const result = checked[g]!;
      members[0]!.messages.push(...result.messages);
      const withAddress = members.filter((m) => m.address !== null);
      withAddress.forEach((member, i) => member.messages.push(...(result.addressMessages[i] ?? [])));
      const clean = members.every((m) => !hasError(m.messages));
      // Every row of the group carries the group's one write (the commit writes it once).
      if (clean && result.prepared) for (const member of members) prepared.set(member, result.prepared);
    });
    return parsed.map((p): CheckedRow<PartnerWrite> => ({
      rowNumber: p.row.rowNumber,
      messages: p.messages,
      group: p.code === undefined ? null : paddedCodeKey(p.code),
      ...(prepared.has(p) ? { prepared: prepared.get(p)! } : {}),
    }));
  },
  async commit(tx, rows) {
    const byCode = new Map(
      rows.flatMap((row) => (row.prepared ? [[paddedCodeKey(row.prepared.code), row.prepared]] : [])),
    );
    const writes = [...byCode.values()];
    await writePartners(tx, writes);
    return writes.map((write) => ({ type: 'BUSINESS_PARTNER', code: write.code }));
  },
};
