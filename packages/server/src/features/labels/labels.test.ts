import { describe, expect, it } from 'vitest';
import type { LabelJob } from './label-types.js';
import { a4Grid, renderPdf } from './pdf.js';
import { parsePdf } from './pdf.test-helper.js';
import {
  itemLabelZpl,
  largeItemLabelZpl,
  largeLocationLabelZpl,
  locationLabelZpl,
  renderZpl,
  zplFieldData,
} from './zpl.js';

const item = {
  code: 'ITEM-001',
  name: 'Steel bolt M8 x 40',
  barcode: '4006381333931',
  batch: 'B2024-01',
  serial: null,
  quantity: '12.5',
};
const location = { code: '01-A-02-03', visualCode: 'A0203', barcode: 'LOC0102', warehouse: 'WH01' };

describe('ZPL labels', () => {
  it('renders a 4 x 2 inch item label at 203 dpi with a Code 128 barcode and the details', () => {
    const zpl = itemLabelZpl(item, 2);
    expect(zpl.startsWith('^XA\n')).toBe(true);
    expect(zpl.endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL406');
    expect(zpl).toContain('^CI28');
    expect(zpl).toMatch(/\^BCN,120,Y,N,N,A\^FH_\^FD4006381333931\^FS/);
    expect(zpl).toContain('^FDITEM-001^FS');
    expect(zpl).toContain('^FDSteel bolt M8 x 40^FS');
    expect(zpl).toContain('^FDBatch: B2024-01   Qty: 12.5^FS');
    expect(zpl).not.toContain('Serial');
    expect(zpl).toContain('^PQ2,');
  });

  it('falls back to the code as barcode and sizes the large labels 4 x 6 inch', () => {
    const large = largeItemLabelZpl({ code: 'X1', name: 'Thing', batch: 'B1', serial: 'S1', quantity: 3 });
    expect(large).toContain('^LL1218');
    expect(large).toMatch(/\^BC[^^]*\^FH_\^FDX1\^FS/);
    expect(large).toMatch(/\^BC[^^]*\^FH_\^FDB1\^FS/);
    expect(large).toMatch(/\^BC[^^]*\^FH_\^FDS1\^FS/);
    const locationZpl = locationLabelZpl(location);
    expect(locationZpl).toContain('^FDA0203^FS');
    expect(locationZpl).toMatch(/\^BC[^^]*\^FH_\^FDLOC0102\^FS/);
    expect(locationZpl).toContain('^FD01-A-02-03   WH01^FS');
    const largeLocation = largeLocationLabelZpl({ code: 'L-9' });
    expect(largeLocation).toContain('^LL1218');
    expect(largeLocation).toMatch(/\^BC[^^]*\^FH_\^FDL-9\^FS/);
  });

  it('escapes data so it can not end a field or inject commands', () => {
    expect(zplFieldData('a^XZ~JR_b')).toBe('a_5EXZ_7EJR_5Fb');
    expect(zplFieldData('Łódź')).toBe('_C5_81_C3_B3d_C5_BA');
    expect(zplFieldData('tab\there')).toBe('tab_20here');
    const zpl = itemLabelZpl({ code: 'A^XZ', name: '^XA^FDevil' });
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });

  it('renders every job in order and skips jobs of zero copies', () => {
    const jobs: LabelJob[] = [
      { kind: 'item', size: 'normal', data: item, copies: 1 },
      { kind: 'item', size: 'large', data: item, copies: 0 },
      { kind: 'location', size: 'normal', data: location },
    ];
    const zpl = renderZpl(jobs);
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl.indexOf('ITEM-001')).toBeLessThan(zpl.indexOf('A0203'));
    expect(renderZpl([{ kind: 'item', size: 'normal', data: item, copies: 0 }])).toBe('');
  });
});

describe('PDF labels', () => {
  it('renders one page per label on LABEL paper, with the texts readable', async () => {
    const pdf = await renderPdf(
      [
        { kind: 'item', size: 'normal', data: item, copies: 2 },
        { kind: 'location', size: 'large', data: location },
      ],
      'LABEL',
    );
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await parsePdf(pdf as Buffer);
    expect(parsed.pages).toBe(3);
    expect(parsed.text).toContain('ITEM-001');
    expect(parsed.text).toContain('Steel bolt M8 x 40');
    expect(parsed.text).toContain('Batch: B2024-01');
    expect(parsed.text).toContain('A0203');
    expect(parsed.text).toContain('WH01');
  });

  it('lays labels out in a grid on A4 paper', async () => {
    expect(a4Grid('normal')).toMatchObject({ columns: 2, rows: 5 });
    expect(a4Grid('large')).toMatchObject({ columns: 2, rows: 1 });
    const jobs: LabelJob[] = [{ kind: 'item', size: 'normal', data: item, copies: 11 }];
    const parsed = await parsePdf((await renderPdf(jobs, 'A4')) as Buffer);
    expect(parsed.pages).toBe(2);
    expect(parsed.text.match(/ITEM-001/g)?.length).toBe(11);
    // A change of label size starts a new page.
    const mixed = await parsePdf(
      (await renderPdf(
        [
          { kind: 'item', size: 'normal', data: item },
          { kind: 'location', size: 'large', data: location, copies: 3 },
        ],
        'A4',
      )) as Buffer,
    );
    expect(mixed.pages).toBe(3);
  });

  it('prints Polish and German names with an embedded Unicode font', async () => {
    const jobs: LabelJob[] = [{ kind: 'item', size: 'normal', data: { code: 'PL-1', name: 'Łódź żółć Straße' } }];
    const pdf = (await renderPdf(jobs, 'LABEL')) as Buffer;
    expect(pdf.toString('latin1')).toContain('DejaVuSans');
    expect((await parsePdf(pdf)).text).toContain('Łódź żółć Straße');
  });

  it('makes no document for no labels', async () => {
    expect(await renderPdf([{ kind: 'item', size: 'normal', data: item, copies: 0 }], 'A4')).toBeNull();
  });
});
