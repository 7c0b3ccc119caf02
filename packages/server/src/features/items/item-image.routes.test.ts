import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemImageCodeParam, itemSchema, topics } from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { nowIso } from '../../util/time.js';
import { newItemRow } from './item-rows.js';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a small jpeg body')]);
const gif = Buffer.from('GIF89a tiny gif body', 'latin1');
/** A code that would leave the folder if used as a file name as it is. */
const oddCode = 'A/../B ü';

describe('item images', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  let translator: HttpClient;
  let folder: string;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator, translator] = await Promise.all([
      signIn(t, 'manager'),
      signIn(t, 'operator'),
      signIn(t, 'translator'),
    ]);
    folder = path.join(t.config.dataDir, 'userdata', 'static', 'item_images');
    await t.app.ctx.db
      .insertInto('item')
      .values(newItemRow({ code: oddCode, name: 'Odd code' }, nowIso()))
      .execute();
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const upload = async (
    code: string,
    files: { name: string; bytes: Buffer; field?: string }[],
    client: HttpClient = manager,
  ) => {
    const form = new FormData();
    for (const file of files) form.append(file.field ?? 'file', new Blob([file.bytes]), file.name);
    const headers: Record<string, string> = { ...client.headers };
    if (client.cookies.size > 0) headers.cookie = client.cookieHeader;
    const response = await fetch(`${t.baseUrl}/api/v1/item/${encodeURIComponent(code)}/image`, {
      method: 'POST',
      headers,
      body: form,
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };
  const getBytes = async (url: string, client: HttpClient = operator) => {
    const response = await fetch(t.baseUrl + url, { headers: { ...client.headers, cookie: client.cookieHeader } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const item = async (code: string) => (await operator.get(`/api/v1/item/${encodeURIComponent(code)}`)).json;
  const files = () => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);

  describe('POST /api/v1/item/{code}/image', () => {
    it('stores a png as item_images/{code}.png, sets imagePath with a new version, publishes ITEM_CHANGED', async () => {
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const version = (await item('ITEM-001')).version;
      const answer = await upload('item-001', [{ name: 'photo.PNG', bytes: png }]);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        imagePath: 'item_images/ITEM-001.png',
        url: '/userdata/static/item_images/ITEM-001.png',
      });
      expect(fs.readFileSync(path.join(folder, 'ITEM-001.png'))).toEqual(png);
      expect(await item('ITEM-001')).toMatchObject({ imagePath: 'item_images/ITEM-001.png', version: version + 1 });
      expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: ['ITEM-001'] });
    });

    it('replaces the image of another extension', async () => {
      const answer = await upload('ITEM-001', [{ name: 'photo.jpeg', bytes: jpeg }]);
      expect(answer.json).toMatchObject({ imagePath: 'item_images/ITEM-001.jpeg' });
      expect(files()).toEqual(['ITEM-001.jpeg']);
    });

    it('keeps a code with "/" and ".." inside the folder under a safe name', async () => {
      const answer = await upload(oddCode, [{ name: 'x.gif', bytes: gif }]);
      expect(answer.status).toBe(200);
      const name = 'A~2F~2E~2E~2FB~20~C3~BC.gif';
      expect(answer.json).toEqual({ imagePath: `item_images/${name}`, url: `/userdata/static/item_images/${name}` });
      expect(fs.readFileSync(path.join(folder, name))).toEqual(gif);
      expect(fs.readdirSync(path.dirname(folder))).toEqual(['item_images']);
      const served = await getBytes(`/api/v1/item/${itemImageCodeParam(oddCode)}/image`);
      expect(served.response.headers.get('content-type')).toBe('image/gif');
      expect(served.bytes).toEqual(gif);
    });

    it('refuses other types by extension or by content with 422 imageTypeNotAllowed, storing nothing', async () => {
      const before = { item: await item('ITEM-002'), files: files() };
      for (const file of [
        { name: 'photo.bmp', bytes: png },
        { name: 'photo', bytes: png },
        { name: 'photo.png', bytes: gif },
        { name: 'photo.gif', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
        { name: 'photo.jpg', bytes: Buffer.alloc(0) },
      ]) {
        const answer = await upload('ITEM-002', [file]);
        expect(answer.status, file.name).toBe(422);
        expect(answer.json).toMatchObject({ key: 'imageTypeNotAllowed' });
      }
      expect({ item: await item('ITEM-002'), files: files() }).toEqual(before);
    });

    it('refuses an image over 5 MB with 413 imageTooLarge {maxMb: 5}, leaving no file', async () => {
      const before = { item: await item('ITEM-002'), files: files() };
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const answer = await upload('ITEM-002', [{ name: 'big.png', bytes: big }]);
      expect(answer.status).toBe(413);
      expect(answer.json).toMatchObject({ key: 'imageTooLarge', args: { maxMb: 5 } });
      expect({ item: await item('ITEM-002'), files: files() }).toEqual(before);
    });

    it('answers 400 without a multipart file field, 404 for an unknown item, storing nothing', async () => {
      const before = files();
      expect((await manager.post('/api/v1/item/ITEM-002/image', { file: 'x' })).json).toMatchObject({
        status: 400,
        key: 'invalidInput',
      });
      expect((await upload('ITEM-002', [{ name: 'a.png', bytes: png, field: 'image' }])).json).toMatchObject({
        status: 400,
        key: 'invalidInput',
      });
      const two = await upload('ITEM-002', [
        { name: 'a.png', bytes: png },
        { name: 'b.png', bytes: png },
      ]);
      expect(two.json).toMatchObject({ status: 400, key: 'invalidInput' });
      expect((await upload('NOPE', [{ name: 'a.png', bytes: png }])).json).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
        args: { code: 'NOPE' },
      });
      expect(files()).toEqual(before);
    });

    it('is forbidden without barcodeSetup (403)', async () => {
      const before = { item: await item('ITEM-002'), files: files() };
      expect((await upload('ITEM-002', [{ name: 'a.png', bytes: png }], operator)).json).toMatchObject({
        status: 403,
        key: 'requestForbidden',
      });
      expect((await upload('ITEM-002', [{ name: 'a.png', bytes: png }], t.client())).status).toBe(401);
      expect({ item: await item('ITEM-002'), files: files() }).toEqual(before);
    });
  });

  describe('GET /api/v1/item/{base64url code}/image and /userdata/static/item_images/{file}', () => {
    it('streams the image to any signed-in user with its type and a private one-minute cache', async () => {
      for (const client of [operator, translator]) {
        const { response, bytes } = await getBytes(`/api/v1/item/${itemImageCodeParam('ITEM-001')}/image`, client);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/jpeg');
        expect(response.headers.get('cache-control')).toBe('private, max-age=60');
        expect(bytes).toEqual(jpeg);
      }
      const { response, bytes } = await getBytes('/userdata/static/item_images/ITEM-001.jpeg');
      expect(response.status).toBe(200);
      expect(bytes).toEqual(jpeg);
      expect((await t.client().get(`/api/v1/item/${itemImageCodeParam('ITEM-001')}/image`)).status).toBe(401);
    });

    it('answers 404 without an image, for an unknown item, a non-canonical code or an unknown file', async () => {
      expect((await operator.get(`/api/v1/item/${itemImageCodeParam('ITEM-002')}/image`)).json).toMatchObject({
        status: 404,
        key: 'notFound',
      });
      expect((await operator.get(`/api/v1/item/${itemImageCodeParam('NOPE')}/image`)).json).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
      });
      expect((await operator.get('/api/v1/item/ITEM-001/image')).status).toBe(404);
      expect((await operator.get('/api/v1/item/a+b/image')).status).toBe(400);
      expect((await operator.get('/userdata/static/item_images/NOPE.png')).status).toBe(404);
      expect((await operator.get('/userdata/static/item_images/..%2Fwms.sqlite')).status).toBe(404);
    });

    it('leaves the other item routes in place', async () => {
      expect((await operator.get('/api/v1/item/find/ITEM-001')).status).toBe(200);
      expect((await operator.post('/api/v1/item/label', { printer: null, jobs: [] })).status).toBe(400);
    });
  });

  describe('PUT /api/v1/item/{code} (updateItem)', () => {
    it('points an item at an uploaded image; a stale version is 412', async () => {
      const version = (await item('ITEM-002')).version;
      const answer = await manager.put('/api/v1/item/ITEM-002', { imagePath: 'item_images/ITEM-001.jpeg', version });
      expect(answer.status).toBe(200);
      expect(itemSchema.strict().parse(answer.json)).toMatchObject({
        imagePath: 'item_images/ITEM-001.jpeg',
        version: version + 1,
      });
      const stale = await manager.put('/api/v1/item/ITEM-002', { imagePath: null, version });
      expect(stale.status).toBe(412);
      expect(await item('ITEM-002')).toMatchObject(answer.json as object);
    });

    it('clears the image; the file stays while another item shows it, then goes', async () => {
      const cleared = await manager.put('/api/v1/item/ITEM-001', { imagePath: null });
      expect(cleared.json).toMatchObject({ imagePath: null });
      expect(files()).toContain('ITEM-001.jpeg');
      await manager.put('/api/v1/item/ITEM-001', { imagePath: 'item_images/ITEM-001.jpeg' });
      await manager.put('/api/v1/item/ITEM-002', { imagePath: null });
      await manager.put('/api/v1/item/ITEM-001', { imagePath: null });
      expect(files()).not.toContain('ITEM-001.jpeg');
    });

    it('refuses a path without a file (422), outside item_images or of another type (400), an unknown item (404)', async () => {
      const before = await item('ITEM-002');
      expect((await manager.put('/api/v1/item/ITEM-002', { imagePath: 'item_images/NOPE.png' })).json).toMatchObject({
        status: 422,
        key: 'invalidInput',
        args: { field: 'imagePath', reason: 'fileNotFound' },
      });
      for (const imagePath of ['../wms.png', 'item_images/../../x.png', 'item_images/a.svg', 'other/a.png']) {
        expect((await manager.put('/api/v1/item/ITEM-002', { imagePath })).status, imagePath).toBe(400);
      }
      expect((await manager.put('/api/v1/item/ITEM-002', {})).status).toBe(400);
      expect((await manager.put('/api/v1/item/NOPE', { imagePath: null })).json).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
      });
      expect(await item('ITEM-002')).toEqual(before);
    });

    it('is forbidden without barcodeSetup (403)', async () => {
      const before = await item('ITEM-002');
      expect((await operator.put('/api/v1/item/ITEM-002', { imagePath: null })).json).toMatchObject({
        status: 403,
        key: 'requestForbidden',
      });
      expect(await item('ITEM-002')).toEqual(before);
    });
  });
});
