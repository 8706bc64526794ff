import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { uploaded } from './helpers.ts';
import { pdfFile, scannedPdfFile, taggedPdfFile, uploadedDocument } from './test-documents.ts';
import { solidImage } from './test-images.ts';

const site = testServer({ admin: true });

interface Finding {
  kind: string;
  target: string;
  where: string;
  message: string;
}

const report = async () => {
  const answer = await site.asAdmin<Finding[]>('GET', '/api/admin/accessibility');
  expect(answer.status).toBe(200);
  return answer.body;
};
const post = async (path: string, json: unknown) => {
  const answer = await site.asAdmin('POST', path, { json });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};
const photo = async (shade: number, name: string) =>
  uploaded(site.url, site.token, await solidImage('png', 16, 16, { r: shade, g: 90, b: 90 }), name);
const DASHBOARD = '/admin/dashboard#';
let accessibleCircularId = '';

describe('GET /api/admin/accessibility on clean content', () => {
  it('finds nothing: accessible texts, images with a text alternative or decorative, a tagged PDF', async () => {
    const tagged = await uploadedDocument(site.url, site.token, taggedPdfFile('Fees for 2026'), 'fees.pdf');
    expect(tagged.findings).toEqual([]);
    const circulars = await post('/api/circulars', {
      title: 'Fees for 2026',
      date: '2026-01-10',
      description: '## Fees\n\n[Download the fee schedule](/documents/' + tagged.documentId + ')',
      document: { documentId: tagged.documentId, originalName: 'fees.pdf' },
    });
    accessibleCircularId = circulars.find((circular: { title: string }) => circular.title === 'Fees for 2026')._id;
    const described = await photo(10, 'described.png');
    await post('/api/events', {
      title: 'Sports day',
      description: 'The PTA and the NCC run the races.',
      date: '2026-03-01',
      image: { ...described, alt: 'Pupils racing on the field' },
    });
    const decorative = await photo(20, 'pattern.png');
    await post('/api/news', { title: 'Term starts', description: 'Welcome back.', image: { ...decorative, alt: '' } });
    const captioned = await photo(30, 'choir.png');
    await post('/api/gallery', { ...captioned, caption: 'The choir at the spring concert' });

    expect(await report()).toEqual([]);
  });
});

describe('GET /api/admin/accessibility with one planted problem of each kind', () => {
  it('finds each, drafts included, with what it is about and where to fix it', async () => {
    expect(
      (
        await site.asAdmin('PUT', '/api/pages/admissions', {
          json: {
            title: 'Admissions',
            body: '## How to apply\n\n#### Documents\n\nFor the form [click here](/contact).',
            status: 'draft',
          },
        })
      ).status,
    ).toBe(200);
    const events = await post('/api/events', {
      title: 'Annual day',
      description: 'ALL PARENTS ARE INVITED TO THE ANNUAL DAY',
      date: '2026-04-01',
      status: 'draft',
    });
    const eventId = events.find((event: { title: string }) => event.title === 'Annual day')._id;
    const bare = await photo(40, 'assembly.png');
    const news = await post('/api/news', { title: 'Assembly', description: 'Our weekly assembly.', image: bare });
    const newsId = news.find((item: { title: string }) => item.title === 'Assembly')._id;

    const untagged = await uploadedDocument(site.url, site.token, pdfFile('Holiday list'), 'holidays.pdf');
    expect(untagged.findings.map((finding) => finding.kind)).toEqual([
      'pdf-untagged',
      'pdf-no-title',
      'pdf-no-language',
    ]);
    const scanned = await uploadedDocument(site.url, site.token, scannedPdfFile(7), 'scan.pdf');
    expect(scanned.findings.at(-1)).toEqual({
      kind: 'pdf-no-text',
      target: 'scan.pdf',
      message:
        '"scan.pdf" is a scan with no text, so screen readers cannot read it: upload the original document instead, or a copy run through text recognition (OCR).',
    });
    const circulars = await post('/api/circulars', {
      title: 'Holidays',
      date: '2026-02-01',
      document: { documentId: untagged.documentId, originalName: 'holidays.pdf' },
    });
    const holidaysId = circulars.find((circular: { title: string }) => circular.title === 'Holidays')._id;
    const scanCirculars = await post('/api/circulars', {
      title: 'Bus routes',
      date: '2026-02-02',
      document: { documentId: scanned.documentId, originalName: 'scan.pdf' },
    });
    const busId = scanCirculars.find((circular: { title: string }) => circular.title === 'Bus routes')._id;

    const findings = await report();
    const brief = findings.map(({ kind, target, where }) => [kind, target, where]);
    expect(brief).toEqual([
      ['heading-skipped', 'Documents', `${DASHBOARD}pages/admissions`],
      ['link-text', 'click here', `${DASHBOARD}pages/admissions`],
      ['all-caps', 'ALL PARENTS ARE INVITED TO THE ANNUAL DAY', `${DASHBOARD}events/${eventId}`],
      ['image-alt', 'assembly.png', `${DASHBOARD}news/${newsId}`],
      ['pdf-untagged', 'holidays.pdf', `${DASHBOARD}circulars/${holidaysId}`],
      ['pdf-no-title', 'holidays.pdf', `${DASHBOARD}circulars/${holidaysId}`],
      ['pdf-no-language', 'holidays.pdf', `${DASHBOARD}circulars/${holidaysId}`],
      ['pdf-untagged', 'scan.pdf', `${DASHBOARD}circulars/${busId}`],
      ['pdf-no-title', 'scan.pdf', `${DASHBOARD}circulars/${busId}`],
      ['pdf-no-language', 'scan.pdf', `${DASHBOARD}circulars/${busId}`],
      ['pdf-no-text', 'scan.pdf', `${DASHBOARD}circulars/${busId}`],
    ]);
    expect(findings[1]?.message).toBe(
      'This link says only "click here": change its text to say where it leads, such as "Download the fee schedule".',
    );
    expect(findings[3]?.message).toBe(
      'The image "assembly.png" has no description for people who cannot see it: describe it in a few words, or mark it decorative if it adds nothing.',
    );
    for (const finding of findings) expect(Object.keys(finding)).toEqual(['kind', 'target', 'where', 'message']);
    expect(findings.some((finding) => finding.where.endsWith(accessibleCircularId))).toBe(false);
  });

  it('checks a PDF stored before the checker when the report first needs it, and keeps the result', async () => {
    const old = await uploadedDocument(site.url, site.token, pdfFile('Old circular'), 'old.pdf');
    const metaPath = join(site.uploadsDir, 'documents', `${old.documentId}.json`);
    // As the server before the checker kept it: the name alone.
    await writeFile(metaPath, JSON.stringify({ originalName: 'old.pdf' }));
    await site.restart();
    await post('/api/circulars', {
      title: 'Old circular',
      date: '2020-01-01',
      document: { documentId: old.documentId, originalName: 'old.pdf' },
    });
    const found = (await report()).filter((finding) => finding.target === 'old.pdf').map((finding) => finding.kind);
    expect(found).toEqual(['pdf-untagged', 'pdf-no-title', 'pdf-no-language']);
    expect(JSON.parse(await readFile(metaPath, 'utf8'))).toEqual({
      originalName: 'old.pdf',
      problems: ['pdf-untagged', 'pdf-no-title', 'pdf-no-language'],
    });
  });

  it('is refused to accounts that cannot change the content', async () => {
    expect((await site.call('GET', '/api/admin/accessibility')).status).toBe(401);
  });
});
