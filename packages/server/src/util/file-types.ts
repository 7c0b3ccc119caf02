/**
 * The file types the server stores from uploads (item images, attachments): their content types,
 * and the signatures their binary formats start with, so a file is taken only when its content is
 * what its extension says.
 */
export type StoredFileExtension = 'png' | 'jpg' | 'jpeg' | 'gif' | 'svg' | 'pdf';

export function contentTypeOf(extension: StoredFileExtension): string {
  switch (extension) {
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'gif':
      return 'image/gif';
    case 'svg':
      return 'image/svg+xml';
    case 'pdf':
      return 'application/pdf';
  }
}

const startsWith = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && bytes.subarray(0, signature.length).equals(Buffer.from(signature));

/** Whether the bytes start with the signature of the binary format (svg is text: checked by parsing). */
export function hasFileSignature(bytes: Buffer, extension: Exclude<StoredFileExtension, 'svg'>): boolean {
  switch (extension) {
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'gif': {
      const header = bytes.subarray(0, 6).toString('latin1');
      return header === 'GIF87a' || header === 'GIF89a';
    }
    case 'pdf':
      return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  }
}
