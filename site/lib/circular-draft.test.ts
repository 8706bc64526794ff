import { describe, expect, it } from 'vitest';
import {
  CIRCULAR_FIELDS_REQUIRED,
  circularBody,
  circularProblem,
  documentFileProblem,
  emptyCircularDraft,
  MAX_DOCUMENT_BYTES,
} from './circular-draft.ts';

describe('circular form', () => {
  it('asks for the title and the date', () => {
    expect(circularProblem(emptyCircularDraft('2025-06-01'))).toBe(CIRCULAR_FIELDS_REQUIRED);
    expect(circularProblem({ title: 'Holiday', date: '', description: '' })).toBe(CIRCULAR_FIELDS_REQUIRED);
    expect(circularProblem({ title: 'Holiday', date: '2025-06-01', description: '' })).toBeNull();
  });

  it('refuses what the server would refuse', () => {
    expect(circularProblem({ title: 'x'.repeat(201), date: '2025-06-01', description: '' })).toBe(
      'Title must be at most 200 characters',
    );
    expect(circularProblem({ title: 'Holiday', date: '2025-02-30', description: '' })).toBe(
      'Date must be a date (YYYY-MM-DD)',
    );
  });

  it('sends the fields with the document', () => {
    const document = { documentId: `${'a'.repeat(32)}.pdf`, originalName: 'holiday.pdf' };
    expect(circularBody({ title: 'Holiday', date: '2025-06-01', description: '' }, document)).toEqual({
      title: 'Holiday',
      date: '2025-06-01',
      description: '',
      document,
    });
  });

  it('takes PDF files up to 20 MB only', () => {
    expect(documentFileProblem({ name: 'notice.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(documentFileProblem({ name: 'NOTICE.PDF', type: '', size: 1000 })).toBeNull();
    expect(documentFileProblem({ name: 'notice.docx', type: 'application/msword', size: 1000 })).toBe(
      'Please choose a PDF file',
    );
    expect(documentFileProblem({ name: 'big.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe(
      'The PDF is larger than 20 MB',
    );
  });
});
