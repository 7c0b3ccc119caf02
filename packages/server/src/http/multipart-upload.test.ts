import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.js';
import { signIn } from '../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Malformed multipart bodies on both upload routes (the media library and item images): a 400
 * with a clear key, never a 500, and nothing written.
 */
describe('malformed multipart uploads', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => t.close());

  const boundary = 'XyZ-boundary';
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\nContent-Type: image/png\r\n\r\n`;
  const whole = Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const formData = `multipart/form-data; boundary=${boundary}`;

  /** [case, content type, body, expected key]: bodies that do not parse are malformedUpload. */
  const cases: [string, string, Buffer, string][] = [
    ['truncated inside the file', formData, whole.subarray(0, head.length + 20), 'malformedUpload'],
    [
      'truncated before the closing boundary',
      formData,
      whole.subarray(0, whole.length - boundary.length - 6),
      'malformedUpload',
    ],
    ['no boundary parameter', 'multipart/form-data', whole, 'malformedUpload'],
    ['a boundary parameter without a value', 'multipart/form-data; boundary', whole, 'malformedUpload'],
    ['an empty boundary', 'multipart/form-data; boundary=', whole, 'invalidInput'],
    ['another boundary than the body', 'multipart/form-data; boundary=other', whole, 'invalidInput'],
    ['an unterminated quoted parameter', 'multipart/form-data; ;;boundary="unterminated', whole, 'invalidInput'],
    ['truncated inside the part headers', formData, whole.subarray(0, 40), 'invalidInput'],
    ['an empty body', formData, Buffer.alloc(0), 'invalidInput'],
    ['garbage', formData, Buffer.from('garbage garbage garbage'), 'invalidInput'],
    [
      'a part header that is no header',
      formData,
      Buffer.from(`--${boundary}\r\nno header\r\n\r\nx\r\n--${boundary}--\r\n`),
      'invalidInput',
    ],
  ];

  const routes = [
    { name: 'media library', url: '/api/v1/file_management/upload?path=temp/albums/Malformed' },
    { name: 'item image', url: '/api/v1/item/ITEM-001/image' },
  ];
  const albumDir = () => path.join(t.config.dataDir, 'userdata', 'temp', 'albums', 'Malformed');
  const albumFiles = () => (fs.existsSync(albumDir()) ? fs.readdirSync(albumDir()) : []);
  const imageOf = async () =>
    (
      await t.app.ctx.db
        .selectFrom('item')
        .select('image_path')
        .where('code', '=', 'ITEM-001')
        .executeTakeFirstOrThrow()
    ).image_path;

  for (const route of routes) {
    it.each(cases)(`${route.name}: %s is a 400`, async (_name, contentType, body, key) => {
      const [imageBefore, filesBefore] = [await imageOf(), albumFiles()];
      const response = await fetch(`${t.baseUrl}${route.url}`, {
        method: 'POST',
        headers: { ...admin.headers, cookie: admin.cookieHeader, 'content-type': contentType },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, key });
      expect(albumFiles()).toEqual(filesBefore);
      expect(await imageOf()).toEqual(imageBefore);
    });

    it(`${route.name}: the well-formed body is accepted, so the cases above differ from it only in their fault`, async () => {
      const response = await fetch(`${t.baseUrl}${route.url}`, {
        method: 'POST',
        headers: { ...admin.headers, cookie: admin.cookieHeader, 'content-type': formData },
        body: whole,
      });
      expect(response.status).toBeLessThan(300);
    });
  }
});
