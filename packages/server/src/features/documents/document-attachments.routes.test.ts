import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { makeDocument, makeItem, makeUser, type Document } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
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
/** The start of a Windows executable. */
const exe = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(64, 0x90)]);
const maxAttachments = 6;

describe('document attachments', () => {
  let t: TestApp;
  let receiver: HttpClient;
  let otherReceiver: HttpClient;
  let picker: HttpClient;
  let reader: HttpClient;
  let admin: HttpClient;
  let receipt: Document;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp({ DOCUMENT_ATTACHMENTS_MAX: String(maxAttachments) });
    const db = t.app.ctx.db;
    const users = await Promise.all([
      makeUser(db, { roles: ['goodsReceipt'] }),
      makeUser(db, { roles: ['goodsReceipt'] }),
      makeUser(db, { roles: ['picking'] }),
      makeUser(db, { roles: ['information'] }),
    ]);
    const signInAs = (index: number) => signIn(t, users[index]!.username, users[index]!.password);
    [receiver, otherReceiver, picker, reader, admin] = await Promise.all([
      signInAs(0),
      signInAs(1),
      signInAs(2),
      signInAs(3),
      signIn(t, 'admin'),
    ]);
    receipt = await newDocument('GOODS_RECEIPT');
    root = path.join(t.config.dataDir, 'userdata', 'documents');
  });
  afterAll(async () => t.close());

  async function newDocument(type: 'GOODS_RECEIPT' | 'PICK_LIST'): Promise<Document> {
    const item = await makeItem(t.app.ctx.db);
    return makeDocument(t.app.ctx.db, { type, lines: [{ item, quantity: 1 }] });
  }
  const base = (document: Pick<Document, 'type' | 'code'>) =>
    `/api/v1/documents/${document.type}/${encodeURIComponent(document.code)}/attachments`;
  const upload = async (
    document: Pick<Document, 'type' | 'code'>,
    name: string,
    bytes: Buffer,
    client: HttpClient | null = receiver,
  ) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const headers: Record<string, string> = { ...receiver.headers };
    if (client) headers.cookie = client.cookieHeader;
    const response = await fetch(`${t.baseUrl}${base(document)}`, { method: 'POST', headers, body: form });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };
  const list = (document: Pick<Document, 'type' | 'code'>, client: HttpClient = reader) => client.get(base(document));
  const download = (url: string, client: HttpClient = reader) =>
    fetch(`${t.baseUrl}${url}`, { headers: { ...client.headers, cookie: client.cookieHeader } });
  /** Every stored file below the attachments root. */
  const files = (): string[] =>
    fs.existsSync(root)
      ? (fs.readdirSync(root, { recursive: true }) as string[])
          .map(String)
          .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
          .sort()
      : [];
  const rowCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('document_attachment')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('answers 401 without a session', async () => {
    expect((await upload(receipt, 'a.png', png, null)).status).toBe(401);
    expect((await t.client().get(base(receipt))).status).toBe(401);
    expect((await t.client().get(`${base(receipt)}/1`)).status).toBe(401);
    expect(files()).toEqual([]);
  });

  it('uploads each allowed type, lists them and serves the same bytes', async () => {
    const uploads = [
      ['delivery-note.png', png, 'image/png'],
      ['damage (1).JPG', jpeg, 'image/jpeg'],
      ['label.jpeg', jpeg, 'image/jpeg'],
      ['anim.gif', gif, 'image/gif'],
      ['sketch.svg', svg, 'image/svg+xml'],
      ['Lieferschein März.pdf', pdf, 'application/pdf'],
    ] as const;
    const answers = [];
    for (const [name, bytes] of uploads) {
      const answer = await upload(receipt, name, bytes);
      expect(answer.status, name).toBe(201);
      answers.push(answer.json);
    }
    expect(answers[0]).toEqual({
      id: expect.any(Number),
      name: 'delivery-note.png',
      extension: 'png',
      size: png.length,
      uploadedBy: expect.stringMatching(/^fuser/),
      at: expect.any(String),
      url: `${base(receipt)}/${answers[0].id}`,
    });
    expect(answers[1]).toMatchObject({ name: 'damage (1).JPG', extension: 'jpg' });

    const listed = await list(receipt);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual(answers);

    for (const [index, [name, bytes, contentType]] of uploads.entries()) {
      const served = await download(answers[index].url);
      expect(served.status, name).toBe(200);
      expect(served.headers.get('content-type'), name).toBe(contentType);
      expect(served.headers.get('x-content-type-options'), name).toBe('nosniff');
      const encoded = encodeURIComponent(name).replace('(', '%28').replace(')', '%29');
      expect(served.headers.get('content-disposition'), name).toBe(`inline; filename*=UTF-8''${encoded}`);
      const body = Buffer.from(await served.arrayBuffer());
      if (name.endsWith('.svg')) continue; // sanitised: next test
      expect(body, name).toEqual(bytes);
    }
    expect(files()).toHaveLength(uploads.length);
    expect(files().every((file) => file.startsWith(`goods_receipt${path.sep}`))).toBe(true);
  });

  it('stores an svg sanitised and serves it with a policy that runs nothing', async () => {
    const entry = (await list(receipt)).json.find((a: { name: string }) => a.name === 'sketch.svg');
    const served = await download(entry.url);
    const text = await served.text();
    expect(text).toContain('<rect');
    expect(text).not.toMatch(/script|onload|alert/);
    expect(entry.size).toBe(Buffer.byteLength(text));
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('keeps at most DOCUMENT_ATTACHMENTS_MAX attachments per document, also when uploads race', async () => {
    expect(await upload(receipt, 'one-more.png', png)).toEqual({
      status: 422,
      json: expect.objectContaining({ key: 'documentAttachmentLimitReached', args: { max: maxAttachments } }),
    });
    const other = await newDocument('GOODS_RECEIPT');
    for (let i = 0; i < maxAttachments - 2; i++) expect((await upload(other, `${i}.png`, png)).status).toBe(201);
    const racing = await Promise.all([1, 2, 3, 4].map((i) => upload(other, `race-${i}.png`, png)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 201, 422, 422]);
    expect((await list(other)).json).toHaveLength(maxAttachments);
    expect(files()).toHaveLength(2 * maxAttachments);
  });

  it('refuses a renamed executable, other types, bad names and too large files, storing nothing', async () => {
    const document = await newDocument('GOODS_RECEIPT');
    const before = { files: files(), rows: await rowCount() };
    expect(await upload(document, 'invoice.png', exe)).toEqual({
      status: 422,
      json: expect.objectContaining({ key: 'attachmentContentMismatch', args: { extension: 'png' } }),
    });
    expect(await upload(document, 'invoice.pdf', exe)).toMatchObject({
      status: 422,
      json: { key: 'attachmentContentMismatch' },
    });
    expect(await upload(document, 'setup.exe', exe)).toMatchObject({
      status: 422,
      json: { key: 'attachmentTypeNotAllowed', args: { extensions: ['png', 'jpg', 'jpeg', 'gif', 'svg', 'pdf'] } },
    });
    expect(await upload(document, 'not-svg.svg', Buffer.from('<html><script>1</script></html>'))).toMatchObject({
      status: 422,
      json: { key: 'attachmentContentMismatch' },
    });
    expect(await upload(document, '.hidden.png', png)).toMatchObject({ status: 400, json: { key: 'invalidFileName' } });
    const large = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(document, 'large.png', large)).toMatchObject({
      status: 413,
      json: { key: 'attachmentTooLarge', args: { maxMb: 5 } },
    });
    expect((await list(document)).json).toEqual([]);
    expect({ files: files(), rows: await rowCount() }).toEqual(before);
  });

  it('lets only the roles of the type’s app write; every signed-in user reads', async () => {
    const pickList = await newDocument('PICK_LIST');
    const before = await rowCount();
    // picking may write pick lists' attachments, not a receipt's.
    expect(await upload(receipt, 'a.png', png, picker)).toMatchObject({
      status: 403,
      json: { key: 'requestForbidden' },
    });
    // information writes no document type's attachments.
    expect((await upload(pickList, 'a.png', png, reader)).status).toBe(403);
    expect((await upload(pickList, 'a.png', png, receiver)).status).toBe(403);
    expect(await rowCount()).toBe(before);
    const own = await upload(pickList, 'pick-list.png', png, picker);
    expect(own.status).toBe(201);
    expect(files().some((file) => file.startsWith(`pick_list${path.sep}`))).toBe(true);
    expect((await list(pickList, reader)).json).toEqual([own.json]);
    expect((await list(receipt, picker)).status).toBe(200);
    expect(Buffer.from(await (await download(own.json.url, receiver)).arrayBuffer())).toEqual(png);
  });

  it('answers 404 for an unknown document or attachment', async () => {
    const unknown = { type: 'GOODS_RECEIPT', code: 'NO-SUCH-RECEIPT' } as const;
    expect(await list(unknown)).toMatchObject({
      status: 404,
      json: { key: 'unknownDocument', args: { type: 'GOODS_RECEIPT', code: 'NO-SUCH-RECEIPT' } },
    });
    expect((await upload(unknown, 'a.png', png)).json).toMatchObject({ key: 'unknownDocument' });
    expect(await reader.get(`${base(receipt)}/999999`)).toMatchObject({
      status: 404,
      json: { key: 'unknownDocumentAttachment', args: { id: 999999 } },
    });
    // An attachment is found only through its own document.
    const other = await newDocument('GOODS_RECEIPT');
    const [first] = (await list(receipt)).json;
    expect((await reader.get(`${base(other)}/${first.id}`)).status).toBe(404);
    expect((await receiver.get(`/api/v1/documents/NO_TYPE/${receipt.code}/attachments`)).status).toBe(400);
  });

  it('lets the uploader or an admin delete an attachment, nobody else', async () => {
    const document = await newDocument('GOODS_RECEIPT');
    const mine = (await upload(document, 'mine.png', png)).json;
    const second = (await upload(document, 'second.pdf', pdf)).json;
    const filesBefore = files();
    expect(await otherReceiver.delete(mine.url)).toMatchObject({ status: 403, json: { key: 'requestForbidden' } });
    expect((await picker.delete(mine.url)).status).toBe(403);
    expect((await reader.delete(mine.url)).status).toBe(403);
    expect(files()).toEqual(filesBefore);
    expect((await list(document)).json).toHaveLength(2);

    expect(await receiver.delete(mine.url)).toMatchObject({ status: 200, json: { ok: true } });
    expect((await download(mine.url)).status).toBe(404);
    expect(await admin.delete(second.url)).toMatchObject({ status: 200, json: { ok: true } });
    expect((await list(document)).json).toEqual([]);
    expect(files()).toHaveLength(filesBefore.length - 2);
    expect((await receiver.delete(mine.url)).status).toBe(404);
  });
});
