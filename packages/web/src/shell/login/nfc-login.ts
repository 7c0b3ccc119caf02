/**
 * NFC login (Web NFC, Chrome on Android): a tag holding an NDEF record of media type
 * {@link nfcAuthMediaType} whose data is UTF-8 JSON `{"username": "...", "password": "..."}`
 * signs in when the tag is held to the device while the login modal is open.
 * Write such a tag with any NDEF writer app as a "MIME media" record, or from this browser:
 * `new NDEFReader().write({ records: [{ recordType: 'mime', mediaType: 'application/vnd.wms.auth+json',
 * data: new TextEncoder().encode(JSON.stringify({ username, password })) }] })`.
 */
export const nfcAuthMediaType = 'application/vnd.wms.auth+json';

export interface NdefRecordLike {
  recordType: string;
  mediaType?: string;
  data?: DataView;
}

export interface NdefReaderLike {
  scan: (options?: { signal?: AbortSignal }) => Promise<void>;
  onreading: ((event: { message: { records: readonly NdefRecordLike[] } }) => void) | null;
}

type NdefReaderConstructor = new () => NdefReaderLike;

export function nfcSupported(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window;
}

export function createNdefReader(): NdefReaderLike {
  const Reader = (window as unknown as { NDEFReader: NdefReaderConstructor }).NDEFReader;
  return new Reader();
}

/** The credentials of the first auth record, or null when the tag holds none. */
export function credentialsFromRecords(
  records: readonly NdefRecordLike[],
): { username: string; password: string } | null {
  for (const record of records) {
    if (record.recordType !== 'mime' || record.mediaType !== nfcAuthMediaType || !record.data) continue;
    try {
      const json = JSON.parse(new TextDecoder().decode(record.data)) as { username?: unknown; password?: unknown };
      if (typeof json.username === 'string' && json.username.trim() !== '') {
        return { username: json.username.trim(), password: typeof json.password === 'string' ? json.password : '' };
      }
    } catch {
      // Not JSON: look at the next record.
    }
  }
  return null;
}

/** The NFC permission: 'granted', 'prompt', 'denied', or null when it cannot be queried. */
export async function nfcPermission(): Promise<PermissionState | null> {
  try {
    const status = await navigator.permissions.query({ name: 'nfc' as PermissionName });
    return status.state;
  } catch {
    return null;
  }
}
