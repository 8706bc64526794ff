import { describe, expect, it } from 'vitest';
import { markdownPlainText } from './markdown-text.ts';

describe('markdownPlainText', () => {
  it('keeps the words of headings, lists, links, emphasis and tables', () => {
    const text = markdownPlainText(
      '## Sports day\n\nRaces for **every** _class_:\n\n- relays\n1. march past\n\n[Timetable](/sports)\n\n| Class | Time |\n| --- | :-: |\n| 1 | 9:00 |',
    );
    expect(text).not.toMatch(/[#*_|[\]]|---/);
    expect(text.replace(/\s+/g, ' ')).toBe(
      'Sports day Races for every class: relays march past Timetable Class Time 1 9:00',
    );
  });

  it('leaves plain text as it was', () => {
    expect(markdownPlainText('Bring a hat - and water.\n\nParents welcome!')).toBe(
      'Bring a hat - and water.\n\nParents welcome!',
    );
  });

  it('shows escaped characters as themselves', () => {
    expect(markdownPlainText('Fees: 5\\*2 = 10')).toBe('Fees: 5*2 = 10');
  });

  it('keeps underscores inside words and marks Markdown does not pair', () => {
    expect(markdownPlainText('Write to head_office@school.in about file_name.pdf')).toBe(
      'Write to head_office@school.in about file_name.pdf',
    );
    expect(markdownPlainText('5 * 3 = 15, and window.__xss = 1 stays as typed')).toBe(
      '5 * 3 = 15, and window.__xss = 1 stays as typed',
    );
    expect(markdownPlainText('**Bold**, *italic*, __strong__, ~~struck~~ and `code`')).toBe(
      'Bold, italic, strong, struck and code',
    );
  });
});
