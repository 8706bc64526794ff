import type { Circular } from '../../site/contract/content.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';

/**
 * The three circulars a fresh install shows (the spec's "three hard-coded circulars"), now
 * content the office edits. Fixed ids, so that every call makes the same document.
 */
export function defaultCirculars(): Circular[] {
  return [
    {
      _id: '5d1f0c1e-3b8a-4c52-9f0e-2a7b6c1d4e01',
      title: 'School reopens for the academic year 2024-25',
      date: '2024-05-27',
      description:
        'Classes begin on 3 June 2024. Uniforms, books and bus passes can be collected from the office from 29 May.',
      document: null,
      ...PUBLISHED_NOW,
    },
    {
      _id: '5d1f0c1e-3b8a-4c52-9f0e-2a7b6c1d4e02',
      title: 'First-term examination schedule',
      date: '2024-09-16',
      description:
        'The first-term examinations run from 7 to 18 October 2024. Timetables have been sent home with every student.',
      document: null,
      ...PUBLISHED_NOW,
    },
    {
      _id: '5d1f0c1e-3b8a-4c52-9f0e-2a7b6c1d4e03',
      title: 'Annual examinations and parent-teacher meeting',
      date: '2025-02-10',
      description:
        'The annual examinations begin on 3 March 2025. Parents are invited to meet the class teachers on 22 February 2025.',
      document: null,
      ...PUBLISHED_NOW,
    },
  ];
}
