import { describe, expect, it } from 'vitest';
import {
  FILE_NAME_MAX_LENGTH,
  UNNAMED_FILE,
  cleanFileName,
  fileSizeText,
} from './request-files.js';

describe('a file’s name as the product keeps it (issue 35)', () => {
  it('keeps only the last part of a path, whichever slash it uses', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\ana\\Cotización final.pdf')).toBe('Cotización final.pdf');
  });

  it('drops control and direction characters, leading dots and extra blanks', () => {
    expect(cleanFileName('  ..oculto.txt ')).toBe('oculto.txt');
    expect(cleanFileName('factura\u202Efdp.exe')).toBe('facturafdp.exe');
    expect(cleanFileName('a\r\nb\u0000.pdf')).toBe('ab.pdf');
    expect(cleanFileName('dos   espacios\t.pdf')).toBe('dos espacios.pdf');
  });

  it('names a file that has no name left', () => {
    expect(cleanFileName('')).toBe(UNNAMED_FILE);
    expect(cleanFileName('../..')).toBe(UNNAMED_FILE);
    expect(cleanFileName('/')).toBe(UNNAMED_FILE);
  });

  it('cuts a long name and keeps its extension', () => {
    const cleaned = cleanFileName(`${'x'.repeat(400)}.pdf`);
    expect(cleaned).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });
});

describe('a file’s size as the list shows it', () => {
  it('reads in bytes, KB and MB with a decimal comma', () => {
    expect(fileSizeText(25)).toBe('25 B');
    expect(fileSizeText(1536)).toBe('1,5 KB');
    expect(fileSizeText(15 * 1024 * 1024)).toBe('15 MB');
  });
});
