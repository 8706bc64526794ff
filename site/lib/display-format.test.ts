import { describe, expect, it } from 'vitest';
import {
  countInWords,
  countLabel,
  dateFormat,
  dateParts,
  formatDate,
  formatMoment,
  formatTime,
  paragraphs,
} from './display-format.ts';

describe('display formats', () => {
  it('writes calendar dates out in words', () => {
    expect(formatDate('2026-12-05')).toBe('5 December 2026');
    expect(dateParts('2025-03-31')).toEqual({ day: '31', month: 'March', monthShort: 'Mar', year: '2025' });
  });

  it('writes times on a 12-hour clock', () => {
    expect(formatTime('00:05')).toBe('12:05 AM');
    expect(formatTime('09:30')).toBe('9:30 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('23:59')).toBe('11:59 PM');
  });

  it("writes a moment on the school's clock", () => {
    expect(formatMoment('2026-12-05T09:00:00.000Z', 'Asia/Kolkata')).toBe('5 December 2026, 2:30 PM');
    expect(formatMoment('2026-12-31T19:00:00.000Z', 'Asia/Kolkata')).toBe('1 January 2027, 12:30 AM');
  });

  it("writes another language's dates and times through Intl, English as before", () => {
    expect(dateFormat('en-IN').formatDate('2026-12-05')).toBe('5 December 2026');
    expect(dateFormat('hi').formatDate('2026-12-05')).toBe('5 दिसंबर 2026');
    expect(dateFormat('hi').dateParts('2026-12-05').month).toBe('दिसंबर');
    expect(dateFormat('ar').formatDate('2026-12-05')).toBe('5 ديسمبر 2026');
    expect(dateFormat('ar-EG').dateParts('2026-12-05')).toEqual({
      day: '٥',
      month: 'ديسمبر',
      monthShort: 'ديسمبر',
      year: '٢٠٢٦',
    });
    expect(dateFormat('es').formatDate('2026-01-31')).toBe('31 de enero de 2026');
    expect(dateFormat('es').formatTime('14:30')).toBe('14:30');
  });

  it('says photo for one and photos otherwise', () => {
    expect(countLabel(0, 'photo')).toBe('0 photos');
    expect(countLabel(1, 'photo')).toBe('1 photo');
    expect(countLabel(2, 'photo')).toBe('2 photos');
  });

  it('writes small counts in words, larger ones in digits', () => {
    expect([0, 1, 8, 12, 13].map(countInWords)).toEqual(['No', 'One', 'Eight', 'Twelve', '13']);
  });

  it('splits text into paragraphs at blank lines', () => {
    expect(paragraphs('First line\nstill first.\n\n  Second. \n \n\n')).toEqual([
      'First line\nstill first.',
      'Second.',
    ]);
    expect(paragraphs('  ')).toEqual([]);
  });
});
