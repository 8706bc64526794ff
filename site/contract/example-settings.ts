/** Small, valid settings for the unit tests of the site (the real defaults live with the server). */
import type { Settings } from './settings.ts';

export function exampleSettings(): Settings {
  return {
    schoolName: 'Sunridge Valley School',
    shortName: 'Sunridge Valley',
    tagline: 'Every child known.',
    brandLine: 'Classes 1-12',
    address: '12 Orchard Lane\nIndia',
    phone: '+91 80 4000 1234',
    email: 'office@school.example',
    officeHours: [{ days: 'Mon-Fri', hours: '8:00 AM-4:00 PM' }],
    social: {
      facebook: 'https://www.facebook.com/school.example',
      instagram: '',
      youtube: '',
      x: 'https://x.com/school_example',
      linkedin: '',
    },
    aboutIntro: 'A school on a hill.',
    aboutStory: 'Founded in 1987.\n\nStill growing.',
    vision: 'Joy in learning.',
    mission: 'Care and rigour.',
    values: [{ title: 'Integrity', text: 'We keep our promises.' }],
    reasons: [{ title: 'Small classes', text: 'At most 30 children.' }],
    programmes: [
      { name: 'Primary', classes: 'Classes 1-5', text: 'Play and stories.', streams: [] },
      { name: 'Higher Secondary', classes: 'Classes 11-12', text: 'Three streams.', streams: ['Science', 'Arts'] },
    ],
    curriculum: ['The national curriculum.'],
    calendar: { year: '2024-25', terms: [{ period: 'June-September 2024', what: 'First term' }] },
    leaderNames: {
      correspondent: 'Mr. A',
      headmistress: 'Mrs. B',
      president: 'Dr. C',
      secretary: 'Mrs. D',
      honoraryPresident: 'Mr. E',
    },
    eventCategories: ['Holidays', 'Examinations', 'Sports', 'Meetings', 'Celebrations'],
    digestTime: '17:00',
    digestDay: 'friday',
    languages: ['en'],
    timeZone: 'Asia/Kolkata',
    formerSlugs: [],
  };
}
