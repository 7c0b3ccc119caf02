import { fileManagementEndpoints, userEndpoints } from '@wms/contract';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { writeFakeCameraVideo } from '../support/fake-camera-video.js';
import { ApiSession, openLogin, passwordOf, submitLogin, waitSignedIn } from './login-support.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const phone = { width: 360, height: 640 };
const desktop = { width: 1280, height: 800 };
/** The camera button of the scanner bar shows on devices set to use the embedded (camera) scanner. */
const plainDevice = { deviceName: '', useEmbeddedBarcodeScanner: true };
/** A user of this spec only (information: the item app), not an admin: the uploader rules apply. */
const username = 'camera-e2e';
/** ITEM-001's second barcode (EAN-13) and ITEM-002's code (as a QR code) in the fake camera's video. */
const eanText = '8712345000028';
const qrText = 'ITEM-002';

/** A fake camera that plays the video, and a permission UI that says yes. */
function launchWithFakeCamera(video: string): Promise<Browser> {
  return launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}

async function signedInPage(
  browser: Browser,
  viewport: { width: number; height: number },
  path = '/dashboard',
  as = username,
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const opened = await openLogin(browser, baseUrl, { viewport, deviceConfig: plainDevice });
  await opened.context.grantPermissions(['camera'], { origin: baseUrl });
  await submitLogin(opened.page, as, passwordOf(as));
  await waitSignedIn(opened.page);
  await opened.page.goto(baseUrl + path);
  return opened;
}

async function openMediaLibrary(page: Page): Promise<void> {
  await page.getByTestId('user-dropdown-toggle').click();
  await page.getByTestId('media-library-item').click();
  await page.getByTestId('media-library').waitFor();
}

async function openAlbum(page: Page, album: string): Promise<void> {
  await page.getByTestId('media-albums').getByText(album, { exact: true }).click();
  await page.getByTestId('media-back').waitFor();
}

describe('camera: scanner box, picture box and media library', () => {
  let fakeCamera: Browser;
  let noCamera: Browser;
  let admin: ApiSession;
  const album = `Camera e2e ${Date.now()}`;

  beforeAll(async () => {
    const video = await writeFakeCameraVideo([
      { bcid: 'ean13', text: eanText, seconds: 3 },
      { bcid: 'qrcode', text: qrText, seconds: 3 },
    ]);
    [fakeCamera, noCamera] = await Promise.all([launchWithFakeCamera(video), launchBrowser()]);
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
    const created = await admin.api(userEndpoints.create, {
      body: { username, password: passwordOf(username), roles: ['information'] },
    });
    // A second run against the same server finds the user already there.
    expect([201, 409]).toContain(created.status);
  });
  afterAll(async () => {
    await fakeCamera?.close();
    await noCamera?.close();
  });

  it('on a phone: the scanner bar camera reads the EAN-13 and the QR code of the video and scans them', async () => {
    const { context, page, errors } = await signedInPage(fakeCamera, phone, '/item/item_info');
    await page.getByTestId('item-info').waitFor();
    await page.getByTestId('camera-scan-button').click();
    const box = page.getByTestId('camera-scanner-box');
    await box.waitFor();
    const reads = box.getByTestId('camera-reads');
    await reads.getByText(eanText, { exact: true }).first().waitFor({ timeout: 20_000 });
    await reads.getByText(qrText, { exact: true }).first().waitFor({ timeout: 20_000 });
    // Each read went to the item app as a scan: it opened the item of the code.
    await page.waitForURL(/\/item\/item_info\/ITEM-00[12]$/);
    // The video is at most 400 px or 75% of the window wide.
    const videoWidth = (await box.getByTestId('camera-video').boundingBox())?.width ?? 0;
    expect(videoWidth).toBeGreaterThan(100);
    expect(videoWidth).toBeLessThanOrEqual(phone.width * 0.75 + 1);
    await page.screenshot({ path: screenshotPath('camera-scanner-360x640') });
    // Closing the box stops the camera.
    await box.getByRole('button', { name: 'Close' }).last().click();
    await box.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a desktop: a picture taken in the media library is added to the album as a PNG', async () => {
    const { context, page, errors } = await signedInPage(fakeCamera, desktop);
    await openMediaLibrary(page);
    // No album picked: uploading says so.
    await page.getByTestId('media-upload').click();
    await page.getByText('no group selected for library').first().waitFor();

    await page.getByTestId('media-new-album').click();
    await page.getByTestId('name-dialog-input').fill(album);
    await page.getByTestId('name-dialog-save').click();
    await page.getByTestId('media-empty').waitFor();

    await page.getByTestId('media-take-picture').click();
    const box = page.getByTestId('picture-box');
    await box.waitFor();
    expect(await box.getByText('Take picture').count()).toBeGreaterThan(0);
    const capture = box.getByTestId('picture-capture');
    await page.waitForFunction(() => {
      const button = document.querySelector('[data-testid="picture-capture"]');
      return button instanceof HTMLButtonElement && !button.disabled;
    });
    // No discards the picture and returns to the live view.
    await capture.click();
    await box.getByTestId('picture-preview').waitFor();
    await box.getByTestId('picture-no').click();
    await box.getByTestId('picture-preview').waitFor({ state: 'detached' });
    expect(await box.getByTestId('camera-video').isVisible()).toBe(true);
    // Yes adds it.
    await capture.click();
    await box.getByTestId('picture-preview').waitFor();
    await page.screenshot({ path: screenshotPath('picture-box-1280x800') });
    await box.getByTestId('picture-yes').click();
    await box.waitFor({ state: 'detached' });
    const tile = page.getByTestId('media-file');
    await tile.first().waitFor();
    const name = (await tile.first().getAttribute('data-name')) ?? '';
    expect(name).toMatch(/^\d{8}-\d{6}-\d{3}\.png$/);
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
    await page.screenshot({ path: screenshotPath('media-library-1280x800') });

    const listed = await admin.api(fileManagementEndpoints.contents, {
      query: { path: `temp/albums/${album}`, withContents: 'true' },
    });
    expect(listed.body.entries).toHaveLength(1);
    expect(listed.body.entries[0]).toMatchObject({ name, uploadedBy: username });
    const picture = PNG.sync.read(Buffer.from(listed.body.entries[0].contents, 'base64'));
    expect([picture.width, picture.height]).toEqual([640, 480]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the uploader rename and delete the picture, and an admin rename and delete the album', async () => {
    const uploader = await signedInPage(noCamera, phone);
    await openMediaLibrary(uploader.page);
    await openAlbum(uploader.page, album);
    const tile = uploader.page.getByTestId('media-file');
    await tile.getByTestId('media-move').click();
    await uploader.page.getByTestId('name-dialog-input').fill('renamed.png');
    await uploader.page.getByTestId('name-dialog-save').click();
    await uploader.page.locator('[data-testid="media-file"][data-name="renamed.png"]').waitFor();
    // The uploader is no admin: no album actions.
    expect(await uploader.page.getByTestId('media-delete-album').count()).toBe(0);
    await uploader.page.screenshot({ path: screenshotPath('media-library-360x640') });
    await tile.getByTestId('media-delete').click();
    await uploader.page.getByTestId('confirm').click();
    await uploader.page.getByTestId('media-empty').waitFor();
    await uploader.context.close();

    const administrator = await signedInPage(noCamera, desktop, '/dashboard', 'admin');
    await openMediaLibrary(administrator.page);
    await openAlbum(administrator.page, album);
    await administrator.page.getByTestId('media-rename-album').click();
    await administrator.page.getByTestId('name-dialog-input').fill(`${album} renamed`);
    await administrator.page.getByTestId('name-dialog-save').click();
    await administrator.page.getByText(`Media library / ${album} renamed`).waitFor();
    await administrator.page.getByTestId('media-delete-album').click();
    await administrator.page.getByTestId('confirm').click();
    await administrator.page.getByTestId('media-new-album').waitFor();
    const albums = await admin.api(fileManagementEndpoints.contents, { query: { path: 'temp/albums' } });
    expect(albums.body.entries.map((entry: { name: string }) => entry.name)).not.toContain(`${album} renamed`);
    await administrator.context.close();
  });

  it('shows videoNotAvailable when there is no camera to open', async () => {
    const own = `${album} no camera`;
    const created = await admin.api(fileManagementEndpoints.createFolder, { body: { path: `temp/albums/${own}` } });
    expect(created.status).toBe(201);
    const { context, page } = await signedInPage(noCamera, phone);
    await openMediaLibrary(page);
    await openAlbum(page, own);
    await page.getByTestId('media-take-picture').click();
    await page.getByTestId('video-not-available').waitFor();
    expect(await page.getByTestId('picture-capture').isDisabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('picture-box-no-camera-360x640') });
    await context.close();
  });
});
