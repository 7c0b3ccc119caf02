import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('printers under /api/v1/printer/', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator] = await Promise.all([signIn(t, 'admin'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  const printerRows = () => t.app.ctx.db.selectFrom('printer').selectAll().orderBy('id').execute();

  it('lists the demo printers to an admin, and the active ones without connection details to anyone signed in', async () => {
    const all = await admin.get('/api/v1/printer/');
    expect(all.status).toBe(200);
    expect(all.json.map((p: { printType: string }) => p.printType).sort()).toEqual(
      ['FILE', 'FILE', 'FILE', 'PERIPHERAL', 'RAW', 'VOID'].sort(),
    );
    const zebra = all.json.find((p: { name: string }) => p.name === 'Zebra dock 1');
    expect(zebra).toMatchObject({ printType: 'RAW', host: '127.0.0.1', port: 9100, active: false, version: 1 });

    const available = await operator.get('/api/v1/printer/available');
    expect(available.status).toBe(200);
    expect(available.json).toHaveLength(5);
    expect(available.json.map((p: { name: string }) => p.name)).not.toContain('Zebra dock 1');
    for (const printer of available.json) {
      expect(Object.keys(printer).sort()).toEqual(['id', 'labelFormat', 'name', 'paper', 'printType']);
    }
  });

  it('creates, updates with the version read (412 when stale) and deletes a printer', async () => {
    const created = await admin.post('/api/v1/printer/', {
      name: '  Dock 2  ',
      printType: 'RAW',
      host: '10.1.2.3',
      paper: 'LABEL',
      labelFormat: 'ZPL',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Dock 2',
      printType: 'RAW',
      host: '10.1.2.3',
      port: 9100,
      folder: null,
      active: true,
      version: 1,
    });
    const id = created.json.id;

    const updated = await admin.post(`/api/v1/printer/${id}`, { port: 6101, active: false, version: 1 });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ port: 6101, active: false, version: 2, host: '10.1.2.3' });

    const stale = await admin.post(`/api/v1/printer/${id}`, { port: 9100, version: 1 });
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ key: 'optimisticLockConflict', args: { currentVersion: 2 } });
    expect((await printerRows()).find((r) => r.id === id)?.port).toBe(6101);

    const toFile = await admin.post(`/api/v1/printer/${id}`, {
      printType: 'FILE',
      folder: 'dock2/out',
      labelFormat: 'PDF',
      paper: 'A4',
      version: 2,
    });
    expect(toFile.json).toMatchObject({ printType: 'FILE', folder: 'dock2/out', labelFormat: 'PDF', paper: 'A4' });

    expect((await admin.delete(`/api/v1/printer/${id}`)).json).toEqual({ ok: true });
    expect((await printerRows()).some((r) => r.id === id)).toBe(false);
    const again = await admin.delete(`/api/v1/printer/${id}`);
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ key: 'unknownPrinter', args: { printer: id } });
    expect((await admin.post(`/api/v1/printer/${id}`, { port: 1, version: 1 })).json.key).toBe('unknownPrinter');
  });

  it('answers 401 without a session and 403 without the admin role, changing nothing', async () => {
    const before = await printerRows();
    const anonymous = t.client();
    expect((await anonymous.get('/api/v1/printer/')).status).toBe(401);
    expect((await anonymous.get('/api/v1/printer/available')).status).toBe(401);
    expect((await anonymous.post('/api/v1/printer/', { name: 'x', printType: 'VOID' })).status).toBe(401);
    expect((await anonymous.post(`/api/v1/printer/${before[0]?.id}/test`)).status).toBe(401);
    expect((await operator.get('/api/v1/printer/')).status).toBe(403);
    expect((await operator.post('/api/v1/printer/', { name: 'x', printType: 'VOID' })).status).toBe(403);
    expect((await operator.post(`/api/v1/printer/${before[0]?.id}`, { port: 1, version: 1 })).status).toBe(403);
    expect((await operator.delete(`/api/v1/printer/${before[0]?.id}`)).status).toBe(403);
    expect(await printerRows()).toEqual(before);
  });

  it('refuses bad input with 400, unsupported print types and label formats with 422, and duplicate names with 409', async () => {
    const before = (await printerRows()).length;
    const cases: [unknown, number, string][] = [
      [{ printType: 'VOID' }, 400, 'invalidInput'],
      [{ name: '', printType: 'VOID' }, 400, 'invalidInput'],
      [{ name: 'x', printType: 'LASER' }, 400, 'invalidInput'],
      [{ name: 'x', printType: 'RAW', host: 'h', port: 70000 }, 400, 'invalidInput'],
      [{ name: 'x', printType: 'RAW', host: 'bad host/path' }, 400, 'invalidInput'],
      [{ name: 'x', printType: 'RAW' }, 400, 'printerHostRequired'],
      [{ name: 'x', printType: 'FILE', folder: '../outside' }, 400, 'printerFolderOutsideOutput'],
      [{ name: 'x', printType: 'FILE', folder: '/etc' }, 400, 'printerFolderOutsideOutput'],
      [{ name: 'x', printType: 'PJL', host: 'h' }, 422, 'printTypeNotSupported'],
      [{ name: 'x', printType: 'CUPS' }, 422, 'printTypeNotSupported'],
      [{ name: 'x', printType: 'VOID', labelFormat: 'TSPL' }, 422, 'labelFormatNotSupported'],
      [{ name: 'test PRINTER', printType: 'VOID' }, 409, 'printerNameTaken'],
    ];
    for (const [body, status, key] of cases) {
      const answer = await admin.post('/api/v1/printer/', body);
      expect({ body, status: answer.status, key: answer.json.key }).toEqual({ body, status, key });
    }
    expect((await admin.post('/api/v1/printer/', { name: 'x', printType: 'PJL', host: 'h' })).json.args).toEqual({
      printType: 'PJL',
    });
    expect((await printerRows()).length).toBe(before);

    const id = (await printerRows()).find((r) => r.name === 'ZPL files')?.id;
    const rename = await admin.post(`/api/v1/printer/${id}`, { name: 'Browser Printer', version: 1 });
    expect(rename.status).toBe(409);
    const toRaw = await admin.post(`/api/v1/printer/${id}`, { printType: 'RAW', version: 1 });
    expect(toRaw.json.key).toBe('printerHostRequired');
    expect((await admin.post(`/api/v1/printer/${id}`, { printType: 'IPP', version: 1 })).status).toBe(422);
    expect((await admin.post(`/api/v1/printer/abc`, { version: 1 })).status).toBe(400);
    expect((await admin.post(`/api/v1/printer/${id}`, { port: 1 })).status).toBe(400);
  });

  it('keeps FILE folders inside the output folder, stored relative to it', async () => {
    const inside = `${t.config.dataDir}/printer_output/abs/inside`;
    try {
      const created = await admin.post('/api/v1/printer/', { name: 'Absolute', printType: 'FILE', folder: inside });
      expect(created.status).toBe(201);
      expect(created.json.folder).toBe('abs/inside');
      const dotted = await admin.post('/api/v1/printer/', { name: 'Dotted', printType: 'FILE', folder: 'a/../b/./c' });
      expect(dotted.json.folder).toBe('b/c');
      const root = await admin.post('/api/v1/printer/', { name: 'Root', printType: 'FILE', folder: '.' });
      expect(root.json.folder).toBeNull();
    } finally {
      // The listing test counts the demo printers: run in any order, this test leaves none of its own.
      await t.app.ctx.db.deleteFrom('printer').where('name', 'in', ['Absolute', 'Dotted', 'Root']).execute();
    }
  });
});
