import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { demoAlbums } from './demo-albums.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a small jpeg body')]);
const gif = Buffer.from('GIF89a tiny gif body', 'latin1');
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4"/></svg>',
);

describe('file management (media library)', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  let manager: HttpClient;
  let root: string;
  let outside: string;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator, manager] = await Promise.all([signIn(t, 'admin'), signIn(t, 'operator'), signIn(t, 'manager')]);
    root = path.join(t.config.dataDir, 'userdata', 'temp', 'albums');
    // The first start with demo data made the demo albums; these tests start from no albums.
    expect(fs.readdirSync(root).sort()).toEqual([...demoAlbums].sort());
    fs.rmSync(root, { recursive: true });
    outside = path.join(t.config.dataDir, 'outside');
    fs.mkdirSync(outside, { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret.png'), png);
  });
  afterAll(async () => t.close());

  const upload = async (album: string | null, name: string, bytes: Buffer, client: HttpClient | null = operator) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const headers: Record<string, string> = { ...(client ?? operator).headers };
    if (client) headers.cookie = client.cookieHeader;
    const query = album === null ? '' : `?path=${encodeURIComponent(album)}`;
    const response = await fetch(`${t.baseUrl}/api/v1/file_management/upload${query}`, {
      method: 'POST',
      headers,
      body: form,
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };
  const contents = (p: string, client: HttpClient = operator, withContents = false) =>
    client.get(`/api/v1/file_management/contents?path=${encodeURIComponent(p)}&withContents=${withContents}`);
  const move = (oldPath: string, newPath: string, client: HttpClient = operator) =>
    client.post('/api/v1/file_management/move', { oldPath, newPath });
  const remove = (p: string, client: HttpClient = operator) =>
    client.delete(`/api/v1/file_management/object?path=${encodeURIComponent(p)}`);
  /** Every file and folder below the albums root (hidden ones too), for "nothing changed" checks. */
  const tree = (): string[] =>
    fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).map(String).sort() : [];

  it('answers 401 without a session', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/v1/file_management/contents?path=temp/albums')).status).toBe(401);
    expect((await upload('temp/albums/A', 'a.png', png, null)).status).toBe(401);
    expect((await anonymous.post('/api/v1/file_management/folder', { path: 'temp/albums/A' })).status).toBe(401);
    expect((await anonymous.get('/userdata/temp/albums/A/a.png')).status).toBe(401);
    expect(tree()).toEqual([]);
  });

  it('lists an empty library before any album exists', async () => {
    expect((await contents('temp/albums')).json).toEqual({ path: 'temp/albums', entries: [] });
  });

  it('creates albums and lists them (hidden ones flagged), refusing a taken name', async () => {
    const created = await operator.post('/api/v1/file_management/folder', { path: 'temp/albums/Store 1' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Store 1', path: 'temp/albums/Store 1', isDirectory: true, url: null });
    fs.mkdirSync(path.join(root, '.system'));
    const list = await contents('temp/albums');
    expect(list.json.entries.map((e: { name: string; isHidden: boolean }) => [e.name, e.isHidden])).toEqual([
      ['.system', true],
      ['Store 1', false],
    ]);
    expect((await operator.post('/api/v1/file_management/folder', { path: 'temp/albums/Store 1' })).json).toMatchObject(
      { status: 409, key: 'fileAlreadyExists' },
    );
  });

  it('uploads an attachment into an album (created when missing), lists it and serves it', async () => {
    const answer = await upload('temp/albums/Store 1', '20240101-120000.png', png);
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      name: '20240101-120000.png',
      path: 'temp/albums/Store 1/20240101-120000.png',
      isDirectory: false,
      isHidden: false,
      size: png.length,
      url: '/userdata/temp/albums/Store%201/20240101-120000.png',
      uploadedBy: 'operator',
    });
    expect(fs.readFileSync(path.join(root, 'Store 1', '20240101-120000.png'))).toEqual(png);
    expect((await upload('temp/albums/New album', 'scan.pdf', pdf, manager)).status).toBe(201);
    for (const [name, bytes] of [
      ['photo.JPG', jpeg],
      ['anim.gif', gif],
    ] as const) {
      expect((await upload('temp/albums/Store 1', name, bytes)).status, name).toBe(201);
    }

    const listed = await contents('temp/albums/Store 1', manager, true);
    expect(listed.status).toBe(200);
    const byName = Object.fromEntries(listed.json.entries.map((e: { name: string }) => [e.name, e]));
    expect(Object.keys(byName)).toEqual(['20240101-120000.png', 'anim.gif', 'photo.JPG']);
    expect(byName['20240101-120000.png']).toMatchObject({ contents: png.toString('base64'), uploadedBy: 'operator' });
    expect((await contents('temp/albums/Store 1')).json.entries[0].contents).toBeNull();

    const served = await fetch(`${t.baseUrl}${answer.json.url}`, {
      headers: { ...manager.headers, cookie: manager.cookieHeader },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('stores an svg sanitised and serves it with a restrictive content security policy', async () => {
    const answer = await upload('temp/albums/Store 1', 'drawing.svg', svg);
    expect(answer.status).toBe(201);
    const stored = fs.readFileSync(path.join(root, 'Store 1', 'drawing.svg'), 'utf8');
    expect(stored).toContain('<rect width="4" height="4"/>');
    expect(stored).not.toMatch(/script|onload|alert/);
    const served = await fetch(`${t.baseUrl}/userdata/temp/albums/Store%201/drawing.svg`, {
      headers: { ...operator.headers, cookie: operator.cookieHeader },
    });
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses an upload without an album with 400 noGroupSelectedForLibrary, writing nothing', async () => {
    const before = tree();
    for (const album of [null, '', 'temp/albums', 'temp/albums/']) {
      const answer = await upload(album, 'a.png', png);
      expect(answer.json, String(album)).toMatchObject({ status: 400, key: 'noGroupSelectedForLibrary' });
    }
    expect(tree()).toEqual(before);
  });

  it('refuses other types and content that is not what its extension says, writing nothing', async () => {
    const before = tree();
    for (const [name, bytes] of [
      ['a.bmp', png],
      ['a', png],
      ['a.png.exe', png],
    ] as const) {
      const answer = await upload('temp/albums/Store 1', name, bytes);
      expect(answer.json, name).toMatchObject({ status: 422, key: 'attachmentTypeNotAllowed' });
      expect(answer.json.args.extensions).toEqual(['png', 'jpg', 'jpeg', 'gif', 'svg', 'pdf']);
    }
    for (const [name, bytes, extension] of [
      ['a.png', gif, 'png'],
      ['a.jpg', png, 'jpg'],
      ['a.gif', Buffer.from('GIF90a'), 'gif'],
      ['a.pdf', Buffer.from('<svg/>'), 'pdf'],
      ['a.svg', png, 'svg'],
      ['a.svg', Buffer.from('<html><script>alert(1)</script></html>'), 'svg'],
      ['a.svg', Buffer.from('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>'), 'svg'],
      ['a.png', Buffer.alloc(0), 'png'],
    ] as const) {
      const answer = await upload('temp/albums/Store 1', name, bytes);
      expect(answer.json, `${name} ${bytes.subarray(0, 8).toString()}`).toMatchObject({
        status: 422,
        key: 'attachmentContentMismatch',
        args: { extension },
      });
    }
    expect(tree()).toEqual(before);
  });

  it('refuses an attachment over 5 MB with 413 attachmentTooLarge and a taken name with 409', async () => {
    const before = tree();
    const big = await upload('temp/albums/Store 1', 'big.png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.json).toMatchObject({ status: 413, key: 'attachmentTooLarge', args: { maxMb: 5 } });
    const taken = await upload('temp/albums/Store 1', 'anim.gif', gif, manager);
    expect(taken.json).toMatchObject({ status: 409, key: 'fileAlreadyExists' });
    expect(tree()).toEqual(before);
  });

  describe('paths stay inside temp/albums', () => {
    const badPaths = [
      '../x',
      'temp/albums/..',
      'temp/albums/../../outside',
      'temp/albums/Store 1/../../../outside',
      '/etc',
      '/tmp/albums/Store 1',
      'temp/albumsX',
      'temp',
      'temp/albums/./Store 1',
      'temp/albums//Store 1',
      'temp/albums/Store 1\\..\\..',
      'temp/albums/Store\u00001',
      'temp/albums/a/b/c',
    ];

    it("refuses traversal, absolute paths, NUL and deeper paths with 400 everywhere (invalidPath; a NUL is the NUL guard's invalidInput)", async () => {
      const before = tree();
      for (const bad of badPaths) {
        const key = bad.includes('\u0000') ? 'invalidInput' : 'invalidPath';
        expect((await contents(bad)).json, bad).toMatchObject({ status: 400, key });
        expect((await upload(bad, 'a.png', png)).json, bad).toMatchObject({ status: 400 });
        expect((await operator.post('/api/v1/file_management/folder', { path: bad })).json, bad).toMatchObject({
          status: 400,
        });
        expect((await move('temp/albums/Store 1/anim.gif', bad)).json, bad).toMatchObject({ status: 400 });
        expect((await move(bad, 'temp/albums/Store 1/x.gif', admin)).json, bad).toMatchObject({ status: 400 });
        expect((await remove(bad, admin)).json, bad).toMatchObject({ status: 400 });
      }
      expect(tree()).toEqual(before);
      expect(fs.readdirSync(outside)).toEqual(['secret.png']);
    });

    it('refuses symbolic links: not listed, not readable, not written through', async () => {
      fs.symlinkSync(outside, path.join(root, 'linked'));
      fs.symlinkSync(path.join(outside, 'secret.png'), path.join(root, 'Store 1', 'secret.png'));
      const albums = (await contents('temp/albums')).json.entries.map((e: { name: string }) => e.name);
      expect(albums).not.toContain('linked');
      const files = (await contents('temp/albums/Store 1')).json.entries.map((e: { name: string }) => e.name);
      expect(files).not.toContain('secret.png');
      expect((await contents('temp/albums/linked')).json).toMatchObject({ status: 400, key: 'invalidPath' });
      expect((await upload('temp/albums/linked', 'x.png', png)).json).toMatchObject({
        status: 400,
        key: 'invalidPath',
      });
      expect((await remove('temp/albums/linked/secret.png', admin)).json).toMatchObject({ status: 400 });
      expect((await remove('temp/albums/Store 1/secret.png', admin)).json).toMatchObject({ status: 400 });
      expect((await move('temp/albums/linked', 'temp/albums/unlinked', admin)).json).toMatchObject({ status: 400 });
      const served = await fetch(`${t.baseUrl}/userdata/temp/albums/Store%201/secret.png`, {
        headers: { ...admin.headers, cookie: admin.cookieHeader },
      });
      expect(served.status).toBe(404);
      expect(fs.readdirSync(outside)).toEqual(['secret.png']);
      fs.unlinkSync(path.join(root, 'linked'));
      fs.unlinkSync(path.join(root, 'Store 1', 'secret.png'));
    });

    it('refuses hidden and unportable names with 400 invalidFileName', async () => {
      const before = tree();
      for (const name of ['.hidden.png', 'a:b.png', 'a?.png', ' a.png']) {
        expect((await upload('temp/albums/Store 1', name, png)).json, name).toMatchObject({
          status: 400,
          key: 'invalidFileName',
        });
      }
      expect((await upload('temp/albums/.new', 'a.png', png)).json).toMatchObject({ key: 'invalidFileName' });
      expect((await move('temp/albums/Store 1/anim.gif', 'temp/albums/Store 1/.anim.gif')).json).toMatchObject({
        key: 'invalidFileName',
      });
      expect(tree()).toEqual(before);
    });
  });

  describe('move and delete: the uploader or an admin; albums an admin', () => {
    it('lets the uploader rename a file and move it to another album, keeping the uploader', async () => {
      const renamed = await move('temp/albums/Store 1/anim.gif', 'temp/albums/Store 1/moving.gif');
      expect(renamed.status).toBe(200);
      expect(renamed.json).toMatchObject({ name: 'moving.gif', uploadedBy: 'operator' });
      const moved = await move('temp/albums/Store 1/moving.gif', 'temp/albums/New album/moving.gif');
      expect(moved.json).toMatchObject({ path: 'temp/albums/New album/moving.gif', uploadedBy: 'operator' });
      expect(fs.readFileSync(path.join(root, 'New album', 'moving.gif'))).toEqual(gif);
      expect(fs.existsSync(path.join(root, 'Store 1', 'moving.gif'))).toBe(false);
    });

    it('refuses others (403), taken targets (409), a missing album (404) and a changed type (422)', async () => {
      expect((await upload('temp/albums/Store 1', 'other.jpeg', jpeg)).status).toBe(201);
      const before = tree();
      expect((await move('temp/albums/Store 1/photo.JPG', 'temp/albums/Store 1/x.jpg', manager)).json).toMatchObject({
        status: 403,
        key: 'requestForbidden',
      });
      expect((await remove('temp/albums/Store 1/photo.JPG', manager)).json).toMatchObject({ status: 403 });
      expect((await remove('temp/albums/New album/scan.pdf')).json).toMatchObject({ status: 403 });
      expect((await move('temp/albums/Store 1', 'temp/albums/Store 2')).json).toMatchObject({ status: 403 });
      expect((await remove('temp/albums/Store 1')).json).toMatchObject({ status: 403 });
      expect((await move('temp/albums/Store 1/photo.JPG', 'temp/albums/Store 1/other.jpeg')).json).toMatchObject({
        status: 409,
        key: 'fileAlreadyExists',
      });
      expect((await move('temp/albums/Store 1/photo.JPG', 'temp/albums/Nowhere/photo.JPG')).json).toMatchObject({
        status: 404,
        key: 'notFound',
      });
      expect((await move('temp/albums/Store 1/photo.JPG', 'temp/albums/Store 1/photo.pdf')).json).toMatchObject({
        status: 422,
        key: 'attachmentContentMismatch',
      });
      expect((await move('temp/albums/Store 1/photo.JPG', 'temp/albums/Store 1/photo.bmp')).json).toMatchObject({
        status: 422,
        key: 'attachmentTypeNotAllowed',
      });
      expect((await move('temp/albums/Store 1/photo.JPG', 'temp/albums/Other')).json).toMatchObject({
        status: 400,
        key: 'invalidPath',
      });
      expect((await move('temp/albums/Store 1/missing.png', 'temp/albums/Store 1/x.png')).json).toMatchObject({
        status: 404,
      });
      expect((await remove('temp/albums/Store 1/missing.png')).json).toMatchObject({ status: 404 });
      expect(tree()).toEqual(before);
    });

    it('lets the uploader delete a file', async () => {
      expect((await remove('temp/albums/Store 1/photo.JPG')).json).toEqual({ ok: true });
      expect(fs.existsSync(path.join(root, 'Store 1', 'photo.JPG'))).toBe(false);
    });

    it('lets an admin rename an album (uploads follow) and delete files and albums', async () => {
      const renamed = await move('temp/albums/Store 1', 'temp/albums/Store 2', admin);
      expect(renamed.json).toMatchObject({ name: 'Store 2', isDirectory: true });
      const files = (await contents('temp/albums/Store 2')).json.entries;
      expect(files.find((e: { name: string }) => e.name === '20240101-120000.png')).toMatchObject({
        uploadedBy: 'operator',
      });
      // The uploader still owns the moved file.
      expect((await move('temp/albums/Store 2/drawing.svg', 'temp/albums/Store 2/plan.svg')).status).toBe(200);
      expect((await remove('temp/albums/Store 2/plan.svg', admin)).json).toEqual({ ok: true });
      expect((await remove('temp/albums/Store 2', admin)).json).toEqual({ ok: true });
      expect(fs.existsSync(path.join(root, 'Store 2'))).toBe(false);
      expect((await contents('temp/albums/Store 2')).json).toMatchObject({ status: 404, key: 'notFound' });
      // A new file of the same name in a new album of the old name is not the old uploader's.
      expect((await upload('temp/albums/Store 2', '20240101-120000.png', png, manager)).json).toMatchObject({
        uploadedBy: 'manager',
      });
      expect(fs.readdirSync(root).filter((name) => name.startsWith('.deleted') || name.endsWith('.tmp'))).toEqual([]);
    });
  });
});
