import { describe, expect, it } from 'vitest';
import { textFindings } from './text-findings.ts';

const kinds = (text: string) => textFindings(text).map((finding) => finding.kind);

describe('the accessibility rules of a text', () => {
  it('finds nothing in clean text', () => {
    const clean = [
      '## Admissions',
      'Forms for the PTA and the NCC are at the [admissions office](/contact).',
      '### Fees',
      '[Download the fee schedule](/documents/fees.pdf) before **MAY 1**.',
      '## Uniform',
      '- Grey trousers',
      '| Class | Fee |\n| --- | --- |\n| 1 | 100 |',
    ].join('\n\n');
    expect(textFindings(clean)).toEqual([]);
    expect(textFindings('')).toEqual([]);
  });

  it('finds a skipped heading level, the first heading below level 2 included', () => {
    const findings = textFindings('## Fees\n\n#### Late fees\n\ntext');
    expect(findings).toEqual([
      {
        kind: 'heading-skipped',
        target: 'Late fees',
        message:
          'The heading "Late fees" jumps from Heading 2 to Heading 4: make it Heading 3, so that people using a screen reader can follow the outline.',
      },
    ]);
    expect(kinds('### Fees')).toEqual(['heading-skipped']);
    // `#` is the page's second level (its title is the first): not a skip.
    expect(kinds('# Fees\n\n## Late fees')).toEqual([]);
  });

  it('finds an empty heading', () => {
    expect(kinds('## Fees\n\n##\n\ntext')).toEqual(['heading-empty']);
  });

  it('finds link text that says nothing on its own, whatever its case and punctuation', () => {
    const findings = textFindings('For the fees [Click HERE!](/fees).');
    expect(findings).toEqual([
      {
        kind: 'link-text',
        target: 'Click HERE!',
        message:
          'This link says only "Click HERE!": change its text to say where it leads, such as "Download the fee schedule".',
      },
    ]);
    for (const text of ['read more', 'here', 'More…', 'link']) expect(kinds(`[${text}](/x)`)).toEqual(['link-text']);
    expect(kinds('[Read more about the fees](/fees)')).toEqual([]);
  });

  it('finds a bare address as a link text', () => {
    expect(kinds('See https://example.org/calendar for dates.')).toEqual(['link-text']);
    expect(kinds('[www.example.org](https://www.example.org)')).toEqual(['link-text']);
    expect(textFindings('See https://example.org/calendar')[0]?.message).toContain('shows only the address');
  });

  it('finds a long run of capitals once, but not short acronyms', () => {
    const findings = textFindings('Note: ALL STUDENTS MUST BRING THEIR FORMS BY FRIDAY. Thank you.');
    expect(findings.map((finding) => [finding.kind, finding.target])).toEqual([
      ['all-caps', 'ALL STUDENTS MUST BRING THEIR FORMS BY FRIDAY.'],
    ]);
    expect(kinds('The **PTA** and NCC meet at the YMCA on 3 May.')).toEqual([]);
    expect(kinds('SUPERCALIFRAGILISTICEXPIALIDOCIOUSLY')).toEqual(['all-caps']);
    expect(kinds('THE ANNUAL *SPORTS* DAY IS HERE')).toEqual(['all-caps']);
  });

  it('reports each planted problem once', () => {
    expect(kinds('## A\n\n#### B\n\n[click here](/x)\n\nPLEASE READ THIS NOTICE VERY CAREFULLY')).toEqual([
      'heading-skipped',
      'link-text',
      'all-caps',
    ]);
  });
});
