import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

const kib = 1024;
const mib = 1024 * kib;
/** A file the library takes as png (signature, then random bytes): `size` bytes in all. */
const pngOf = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);

async function upload(t: TestApp, client: HttpClient, album: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${t.baseUrl}/api/v1/file_management/upload?path=${encodeURIComponent(album)}`, {
    method: 'POST',
    headers: { ...client.headers, cookie: client.cookieHeader },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const get = (t: TestApp, client: HttpClient | null, url: string) =>
  fetch(`${t.baseUrl}${url}`, { headers: client ? { ...client.headers, cookie: client.cookieHeader } : {} });
const contentsUrl = (album: string, withContents: boolean) =>
  `/api/v1/file_management/contents?path=${encodeURIComponent(album)}&withContents=${withContents}`;

describe('media library limits: per-user quotas, the withContents cap, files served by URL', () => {
  let t: TestApp;
  let operator: HttpClient;
  let manager: HttpClient;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp({ UPLOAD_QUOTA_MB: '1', UPLOAD_QUOTA_FILES: '3', FILE_CONTENTS_MAX_MB: '1' });
    [operator, manager] = await Promise.all([signIn(t, 'operator'), signIn(t, 'manager')]);
    root = path.join(t.config.dataDir, 'userdata', 'temp', 'albums');
  });
  afterAll(async () => t.close());

  const filesIn = (album: string) =>
    fs.existsSync(path.join(root, album)) ? fs.readdirSync(path.join(root, album)).sort() : [];

  it('refuses an upload past the user quota in bytes, then in files, writing nothing; others keep theirs', async () => {
    for (const name of ['a.png', 'b.png']) {
      expect((await upload(t, operator, 'temp/albums/Quota', name, pngOf(400 * kib))).status, name).toBe(201);
    }
    const over = await upload(t, operator, 'temp/albums/Quota', 'c.png', pngOf(400 * kib));
    expect(over).toEqual({
      status: 422,
      json: expect.objectContaining({ status: 422, key: 'uploadQuotaExceeded', args: { maxMb: 1 } }),
    });
    expect(filesIn('Quota')).toEqual(['a.png', 'b.png']);
    // A small one still fits the bytes; the fourth file is over the count.
    expect((await upload(t, operator, 'temp/albums/Quota', 'small.png', pngOf(10 * kib))).status).toBe(201);
    const fourth = await upload(t, operator, 'temp/albums/Quota', 'tiny.png', pngOf(100));
    expect(fourth.json).toMatchObject({ status: 422, key: 'uploadFileCountExceeded', args: { maxFiles: 3 } });
    expect(filesIn('Quota')).toEqual(['a.png', 'b.png', 'small.png']);

    // Another user's quota is their own.
    expect((await upload(t, manager, 'temp/albums/Quota', 'm.png', pngOf(400 * kib))).status).toBe(201);
    // Deleting frees the quota again.
    const removed = await operator.delete(
      `/api/v1/file_management/object?path=${encodeURIComponent('temp/albums/Quota/a.png')}`,
    );
    expect(removed.status).toBe(200);
    expect((await upload(t, operator, 'temp/albums/Quota', 'c.png', pngOf(400 * kib))).status).toBe(201);
  });

  it('lets only as many parallel uploads in as the quota holds, on both databases', async () => {
    const client = await signIn(t, 'admin');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        upload(t, client, 'temp/albums/Parallel', `p${index}.png`, pngOf(400 * kib)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422, 422]);
    expect(filesIn('Parallel')).toHaveLength(2);
    const rows = await t.app.ctx.db
      .selectFrom('album_file')
      .select(['path', 'size_bytes'])
      .where('uploaded_by', '=', await userIdOf(t, 'admin'))
      .execute();
    expect(rows.map((row) => Number(row.size_bytes))).toEqual([400 * kib, 400 * kib]);
  });

  it('counts uploads recorded before sizes were kept by their file on disk', async () => {
    const client = await signIn(t, 'taskmanager');
    fs.mkdirSync(path.join(root, 'Old'), { recursive: true });
    fs.writeFileSync(path.join(root, 'Old', 'old.png'), pngOf(900 * kib));
    await t.app.ctx.db
      .insertInto('album_file')
      .values({
        path: 'temp/albums/Old/old.png',
        uploaded_by: await userIdOf(t, 'taskmanager'),
        uploaded_at: new Date().toISOString(),
        size_bytes: null,
      })
      .execute();
    const over = await upload(t, client, 'temp/albums/Old', 'new.png', pngOf(200 * kib));
    expect(over.json).toMatchObject({ status: 422, key: 'uploadQuotaExceeded' });
    expect(filesIn('Old')).toEqual(['old.png']);
  });

  it('answers withContents over FILE_CONTENTS_MAX_MB with 422 albumContentsTooLarge; without, the list', async () => {
    // Quota holds 400 + 10 + 400 KB of operator's and 400 KB of manager's: 1.2 MB in all.
    const refused = await get(t, operator, contentsUrl('temp/albums/Quota', true));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ key: 'albumContentsTooLarge', args: { maxMb: 1 } });
    const listed = await get(t, operator, contentsUrl('temp/albums/Quota', false));
    const entries = ((await listed.json()) as { entries: { name: string; contents: string | null; url: string }[] })
      .entries;
    expect(entries.map((e) => [e.name, e.contents])).toEqual([
      ['b.png', null],
      ['c.png', null],
      ['m.png', null],
      ['small.png', null],
    ]);
  });

  it('streams withContents answers under the cap: the same JSON with every byte', async () => {
    const uploader = await signIn(t, 'production');
    const files = { 'x.png': pngOf(300 * kib + 1), 'y.png': pngOf(10), 'z.png': pngOf(48 * kib) };
    for (const [name, bytes] of Object.entries(files)) {
      expect((await upload(t, uploader, 'temp/albums/Small', name, bytes)).status).toBe(201);
    }
    const answer = await get(t, operator, contentsUrl('temp/albums/Small', true));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const json = (await answer.json()) as { path: string; entries: Record<string, unknown>[] };
    expect(json.path).toBe('temp/albums/Small');
    expect(json.entries).toEqual(
      Object.entries(files).map(([name, bytes]) =>
        expect.objectContaining({
          name,
          size: bytes.length,
          uploadedBy: 'production',
          contents: bytes.toString('base64'),
        }),
      ),
    );
    const anonymous = await get(t, null, contentsUrl('temp/albums/Small', true));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ key: 'notSignedIn' });
  });

  it('serves each file by its own URL, streamed: the same bytes and type, and nothing without a session', async () => {
    const bytes = pngOf(700 * kib);
    const created = await upload(t, await signIn(t, 'usermanager'), 'temp/albums/Served', 'photo.png', bytes);
    expect(created.status).toBe(201);
    const url = created.json.url as string;
    expect(url).toBe('/userdata/temp/albums/Served/photo.png');
    const served = await get(t, manager, url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const anonymous = await get(t, null, url);
    expect(anonymous.status).toBe(401);
    expect(Buffer.from(await anonymous.arrayBuffer()).includes(bytes.subarray(8, 64))).toBe(false);
  });
});

describe('media library memory: getContents withContents stays bounded under parallel requests', () => {
  let t: TestApp;
  let operator: HttpClient;
  const files = 4;
  const fileBytes = 3 * mib;
  beforeAll(async () => {
    t = await buildTestApp();
    operator = await signIn(t, 'operator');
    for (let index = 0; index < files; index++) {
      expect((await upload(t, operator, 'temp/albums/Big', `big${index}.png`, pngOf(fileBytes))).status).toBe(201);
    }
  });
  afterAll(async () => t.close());

  /** Reads an answer to its end, keeping only its length (the client holds no answer whole). */
  async function drain(response: Response): Promise<number> {
    let length = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return length;
      length += value.length;
    }
  }

  it('answers 12 parallel requests, 3 times over, with every byte and without holding them', async () => {
    const first = await get(t, operator, contentsUrl('temp/albums/Big', true));
    const text = await first.text();
    const expectedLength = Buffer.byteLength(text);
    const parsed = JSON.parse(text) as { entries: { contents: string }[] };
    expect(parsed.entries.map((e) => Buffer.from(e.contents, 'base64').length)).toEqual(Array(files).fill(fileBytes));

    const used = () => {
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, used())), 2);
    try {
      for (let round = 0; round < 3; round++) {
        const lengths = await Promise.all(
          Array.from({ length: 12 }, async () => drain(await get(t, operator, contentsUrl('temp/albums/Big', true)))),
        );
        expect(lengths).toEqual(Array(12).fill(expectedLength));
      }
    } finally {
      clearInterval(sampler);
    }
    // Read whole, 12 answers of 4 x 3 MB hold well over 500 MB (the bytes, their base64, the JSON).
    expect((peak - baseline) / mib).toBeLessThan(120);
  });
});
