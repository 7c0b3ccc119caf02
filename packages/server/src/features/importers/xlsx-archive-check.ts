import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import zlib from 'node:zlib';
import { importLimits } from '@wms/contract';
import { unprocessable } from '../../http/app-error.js';

/**
 * Checks an XLSX (a zip) before exceljs reads it, so a zip bomb is refused before it costs
 * memory, disk or minutes (Decision 0176). The central directory is read and every entry is
 * inflated once here, counting the bytes it really gives (a header can lie about its size):
 * - more than importLimits.maxUncompressedBytes in all, or one entry of more than
 *   absurdEntryBytes that inflates to over absurdRatio times its size: importFileTooComplex;
 * - the local entries must lie one after the other from the start of the file up to the central
 *   directory, each where the directory says (the streaming reader reads local headers in file
 *   order, so nothing can hide from this count); compression other than stored or deflate, an
 *   entry that inflates to another size than declared, a broken directory: importFileUnreadable;
 * - an encrypted entry: importFilePasswordProtected.
 */
const absurdRatio = 1000;
const absurdEntryBytes = 1024 * 1024;

const eocdSignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EocdSignature = 0x06064b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;
const descriptorSignature = 0x08074b50;

interface Entry {
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
  zip64: boolean;
}

const unreadable = () => unprocessable('importFileUnreadable');
const tooComplex = () => unprocessable('importFileTooComplex');

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw unreadable();
  return buffer;
}

/** Where the central directory is and how many entries it holds (zip64 too). */
async function findDirectory(handle: fs.FileHandle, size: number) {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === eocdSignature) {
      at = i;
      break;
    }
  }
  if (at < 0) throw unreadable();
  let entries = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== zip64LocatorSignature) throw unreadable();
    const record = await readAt(handle, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
    if (record.readUInt32LE(0) !== zip64EocdSignature) throw unreadable();
    entries = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (directoryOffset + directorySize > size || entries > 100_000) throw unreadable();
  return { entries, directorySize, directoryOffset };
}

/** Sizes and offset from a zip64 extra field where the directory holds 0xffffffff. */
function applyZip64(entry: Entry, extra: Buffer): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw unreadable();
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      entry.zip64 = true;
      return;
    }
    at += 4 + length;
  }
}

function parseDirectory(directory: Buffer, count: number): Entry[] {
  const entries: Entry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== centralSignature) throw unreadable();
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: Entry = {
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      zip64: false,
    };
    const extraAt = at + 46 + nameLength;
    if (extraAt + extraLength > directory.length) throw unreadable();
    applyZip64(entry, directory.subarray(extraAt, extraAt + extraLength));
    entries.push(entry);
    at = extraAt + extraLength + commentLength;
  }
  return entries;
}

/** Inflates the entry's data and answers how many bytes it gives, stopping past `budget`. */
function inflatedSize(file: string, start: number, entry: Entry, budget: number): Promise<number> {
  if (entry.method === 0) return Promise.resolve(entry.compressedSize);
  if (entry.compressedSize === 0) return Promise.resolve(0);
  return new Promise((resolve, reject) => {
    const source = createReadStream(file, { start, end: start + entry.compressedSize - 1 });
    const inflate = zlib.createInflateRaw();
    let total = 0;
    let settled = false;
    const finish = (error: Error | null, value = 0) => {
      if (settled) return;
      settled = true;
      source.destroy();
      inflate.destroy();
      if (error) reject(error);
      else resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) finish(tooComplex());
    });
    inflate.on('end', () => finish(null, total));
    inflate.on('error', () => finish(unreadable()));
    source.on('error', () => finish(unreadable()));
    source.pipe(inflate);
  });
}

/** Throws the refusal of an XLSX file that must not be read (see above); resolves when it may be. */
export async function checkXlsxArchive(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  let entries: Entry[];
  const starts: number[] = [];
  try {
    const { size } = await handle.stat();
    const { entries: count, directorySize, directoryOffset } = await findDirectory(handle, size);
    entries = parseDirectory(await readAt(handle, directoryOffset, directorySize), count);
    entries.sort((a, b) => a.localOffset - b.localOffset);
    let declared = 0;
    let expectedOffset = 0;
    for (const entry of entries) {
      if (entry.flags & 0x1) throw unprocessable('importFilePasswordProtected');
      if (entry.method !== 0 && entry.method !== 8) throw unreadable();
      declared += entry.uncompressedSize;
      if (declared > importLimits.maxUncompressedBytes) throw tooComplex();
      if (entry.uncompressedSize > absurdEntryBytes && entry.uncompressedSize > entry.compressedSize * absurdRatio) {
        throw tooComplex();
      }
      if (entry.localOffset !== expectedOffset) throw unreadable();
      const local = await readAt(handle, entry.localOffset, 30);
      if (local.readUInt32LE(0) !== localSignature) throw unreadable();
      const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      starts.push(dataStart);
      let end = dataStart + entry.compressedSize;
      if (local.readUInt16LE(6) & 0x8) {
        const hasSignature = end + 4 <= size && (await readAt(handle, end, 4)).readUInt32LE(0) === descriptorSignature;
        end += (hasSignature ? 4 : 0) + (entry.zip64 ? 20 : 12);
      }
      expectedOffset = end;
    }
    if (expectedOffset !== directoryOffset) throw unreadable();
  } finally {
    await handle.close();
  }
  let total = 0;
  for (const [index, entry] of entries.entries()) {
    const size = await inflatedSize(file, starts[index] ?? 0, entry, importLimits.maxUncompressedBytes - total);
    if (size !== entry.uncompressedSize) throw unreadable();
    total += size;
  }
}
