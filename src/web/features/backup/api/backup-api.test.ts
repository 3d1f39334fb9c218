import { describe, expect, it } from 'vitest';
import { formatBytes } from '../components/backup-parts';
import { fileNameFromDisposition } from './backup-api';

describe('fileNameFromDisposition', () => {
  it('reads the quoted, plain and encoded forms', () => {
    expect(
      fileNameFromDisposition('attachment; filename="brigade-backup-2026-11-27-031500.gz"', 'x.gz'),
    ).toBe('brigade-backup-2026-11-27-031500.gz');
    expect(fileNameFromDisposition('attachment; filename=plain.gz', 'x.gz')).toBe('plain.gz');
    expect(
      fileNameFromDisposition(`attachment; filename="a.gz"; filename*=UTF-8''caf%C3%A9.gz`, 'x.gz'),
    ).toBe('café.gz');
  });

  it('falls back when there is no name', () => {
    expect(fileNameFromDisposition(null, 'brigade-backup.gz')).toBe('brigade-backup.gz');
    expect(fileNameFromDisposition('attachment', 'brigade-backup.gz')).toBe('brigade-backup.gz');
    expect(fileNameFromDisposition('attachment; filename=""', 'brigade-backup.gz')).toBe('brigade-backup.gz');
  });
});

describe('formatBytes', () => {
  it('says sizes in the units people read on their disk', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 bytes');
    expect(formatBytes(999, 'en-US')).toBe('999 bytes');
    expect(formatBytes(12_400_000, 'en-US')).toBe('12.4 MB');
    expect(formatBytes(751_234, 'en-US')).toBe('751 KB');
    expect(formatBytes(2_000_000_000, 'en-US')).toBe('2 GB');
  });
});
