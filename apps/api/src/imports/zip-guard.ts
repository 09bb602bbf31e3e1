import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@crm/shared';
import { AppError } from '../http/app-error.js';
import { refuseFile } from './sheet-rows.js';

/*
 * An XLSX is a zip, and a zip can be a bomb: a few kilobytes that inflate to gigabytes. Before
 * anything is inflated, the zip's central directory (its table of contents, at the end of the
 * file) is read for what each part declares, and the file is refused when the parts would
 * expand, together, beyond IMPORT_LIMITS.maxXlsxExpandedBytes, or one part beyond
 * IMPORT_LIMITS.maxXlsxRatio times its compressed size. A part that lies about its size is
 * caught by inflating it once (its bytes thrown away) before the XLSX reader sees it: the XML
 * reader under ExcelJS keeps a whole cell's text, so a 1 KB part that inflates to one 500 MB
 * cell would be held in memory before sheet-rows.ts could count its characters.
 */

/**
 * Parts smaller than this are left out of the ratio rule: a tiny part's ratio says nothing (a
 * few kilobytes of repeated XML compress 300 to 1 and harm no one), and the total rule still
 * counts them.
 */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** The part every workbook has: a zip without it is some other file (a .docx, an .ods, a .zip). */
const WORKBOOK_PART = 'xl/workbook.xml';

/** A local file header's and a data descriptor's signatures, and the central directory's. */
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const CENTRAL_HEADER = 0x02014b50;
/** A data descriptor as ExcelJS's unzipper reads it: signature, CRC, both sizes. */
const DESCRIPTOR_BYTES = 16;
const ZIP64_SIZE = 0xffffffff;

/** The zip64 sizes in a local header's extra field (header 0x0001), when it says so. */
function zip64Sizes(extra: Buffer): { uncompressed: number; compressed: number } | undefined {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001 && size >= 16 && at + 20 <= extra.length) {
      return {
        uncompressed: Number(extra.readBigUInt64LE(at + 4)),
        compressed: Number(extra.readBigUInt64LE(at + 12)),
      };
    }
    at += 4 + size;
  }
  return undefined;
}

/**
 * Whether the file is exactly its directory's entries, back to back from its first byte to the
 * directory, each local header agreeing with the directory on the entry's sizes. The XLSX
 * reader (ExcelJS, with unzipper) walks the local headers, not the directory: without this, a
 * part left out of the directory, or a local header that says other sizes, would reach it
 * unchecked.
 */
function localHeadersAgree(bytes: Buffer, entries: readonly yauzl.Entry[]): boolean {
  const sorted = [...entries].sort(
    (a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader,
  );
  let at = 0;
  for (const entry of sorted) {
    if (entry.relativeOffsetOfLocalHeader !== at || at + 30 > bytes.length) return false;
    if (bytes.readUInt32LE(at) !== LOCAL_HEADER) return false;
    const flags = bytes.readUInt16LE(at + 6);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const dataStart = at + 30 + nameLength + extraLength;
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > bytes.length) return false;
    let compressed = bytes.readUInt32LE(at + 18);
    let uncompressed = bytes.readUInt32LE(at + 22);
    if (compressed === ZIP64_SIZE || uncompressed === ZIP64_SIZE) {
      const sizes = zip64Sizes(bytes.subarray(at + 30 + nameLength, dataStart));
      if (!sizes) return false;
      ({ compressed, uncompressed } = sizes);
    }
    const descriptor = (flags & 0x08) !== 0;
    if (descriptor && compressed === 0) {
      // Sizes after the data: the reader finds its end by the descriptor's signature, which
      // must then come exactly where the directory says the data ends.
      if (bytes.indexOf(DATA_DESCRIPTOR, dataStart) !== dataEnd) return false;
      at = dataEnd + DESCRIPTOR_BYTES;
      continue;
    }
    if (compressed !== entry.compressedSize) return false;
    if (!descriptor && uncompressed !== entry.uncompressedSize) return false;
    at = dataEnd;
    if (descriptor && bytes.subarray(at, at + 4).equals(DATA_DESCRIPTOR)) at += DESCRIPTOR_BYTES;
  }
  return at + 4 <= bytes.length && bytes.readUInt32LE(at) === CENTRAL_HEADER;
}

/** The directory's entries (nothing inflated), refusing the file as soon as they add up to a bomb. */
async function readDirectory(zip: yauzl.ZipFile, bomb: AppError): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  let expanded = 0;
  for await (const entry of zip.eachEntry()) {
    expanded += entry.uncompressedSize;
    if (expanded > IMPORT_LIMITS.maxXlsxExpandedBytes) throw bomb;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > IMPORT_LIMITS.maxXlsxRatio) {
      throw bomb;
    }
    entries.push(entry);
  }
  return entries;
}

/** A writable that only counts: an entry inflated to check its size, then forgotten. */
const discard = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  });

/**
 * Refuses (400) a zip that is no workbook, that can't be read, or that would expand too far:
 * first from its directory (what each part declares), then by inflating each part once and
 * throwing the bytes away, stopping at the first byte beyond what the part declared (yauzl's
 * size check), so a part that lies about its size is caught before the XLSX reader holds it.
 */
export async function guardZip(bytes: Buffer): Promise<void> {
  const bomb = refuseFile(IMPORT_MESSAGES.zipBomb);
  const damaged = refuseFile(IMPORT_MESSAGES.badXlsx);
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, autoClose: false });
    const entries = await readDirectory(zip, bomb);
    if (!entries.some((entry) => entry.fileName === WORKBOOK_PART)) {
      throw refuseFile(IMPORT_MESSAGES.notSpreadsheet);
    }
    if (!localHeadersAgree(bytes, entries)) throw damaged;
    for (const entry of entries) {
      if (entry.uncompressedSize === 0 && entry.compressedSize === 0) continue;
      try {
        await pipeline(await zip.openReadStreamPromise(entry), discard());
      } catch (error) {
        // yauzl's words for a part that inflates beyond its declared size.
        if (error instanceof Error && /too many bytes/.test(error.message)) throw bomb;
        throw damaged;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged;
  } finally {
    zip?.close();
  }
}
