import { describe, expect, it } from 'vitest';
import { documentFileName, documentTitleFrom, formatFileSize, isDocumentType } from './document-values.js';

describe('documentTitleFrom', () => {
  it('takes the file name without folder, .pdf, underscores or markup', () => {
    expect(documentTitleFrom('C:\\scans\\Calibration_cert  2025.PDF', 'calibration_certificate')).toBe('Calibration cert 2025');
    expect(documentTitleFrom('<Manual> "v2".pdf', 'manual')).toBe('Manual v2');
  });

  it("falls back to the type's label when nothing is left", () => {
    expect(documentTitleFrom('.pdf', 'service_history')).toBe('Service history');
    expect(documentTitleFrom(undefined, 'other')).toBe('Other');
  });

  it('keeps at most 120 characters', () => {
    expect(documentTitleFrom(`${'a'.repeat(300)}.pdf`, 'manual')).toHaveLength(120);
  });
});

describe('documentFileName', () => {
  it('is ASCII letters, digits, dots, dashes and underscores, ending .pdf', () => {
    expect(documentFileName('Décontamination cert 2025')).toBe('Decontamination-cert-2025.pdf');
    expect(documentFileName('a"b; filename=evil.exe')).toBe('a-b-filename-evil.exe.pdf');
    expect(documentFileName('日本語')).toBe('document.pdf');
  });
});

describe('formatFileSize', () => {
  it('shows bytes, kB and MB as file managers do', () => {
    expect(formatFileSize(900)).toBe('900 bytes');
    expect(formatFileSize(340_000)).toBe('340 kB');
    expect(formatFileSize(1_234_567)).toBe('1.2 MB');
  });
});

describe('isDocumentType', () => {
  it('knows the five types only', () => {
    expect(isDocumentType('calibration_certificate')).toBe(true);
    expect(isDocumentType('invoice')).toBe(false);
    expect(isDocumentType(undefined)).toBe(false);
  });
});
