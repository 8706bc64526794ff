/**
 * The school's identity and every fixed text of the public site. A fictional school: replace these
 * values to brand the site for a real one. Build-time only: islands get the pieces they need as
 * props, so none of this is shipped to the browser as JavaScript.
 */
import type { LeadershipRole } from './contract/content.ts';

export interface SocialLink {
  network: 'Facebook' | 'Instagram' | 'YouTube' | 'X';
  url: string;
}

export interface Leader {
  /** The role's title as shown on the page and in the message window. */
  title: string;
  /** The fixed display name of the person holding the role. */
  name: string;
}

export interface Reason {
  title: string;
  text: string;
}

export interface Program {
  name: string;
  classes: string;
  text: string;
  streams?: readonly string[];
}

export interface CalendarEntry {
  period: string;
  what: string;
}

export interface Circular {
  title: string;
  /** `YYYY-MM-DD` */
  date: string;
  summary: string;
}

export interface OfficeHours {
  days: string;
  hours: string;
}

export interface SchoolConfig {
  name: string;
  /** Used in /about/{slug} and /about/why-{slug}. */
  slug: string;
  /** Short name for tight places (the navigation's "Why ..." entry). */
  shortName: string;
  tagline: string;
  /** Decides when an event has passed and which news is current. */
  timeZone: string;
  founded: number;
  address: readonly string[];
  phone: string;
  email: string;
  social: readonly SocialLink[];
  leaders: Readonly<Record<LeadershipRole, Leader>>;
  about: { intro: string; story: readonly string[] };
  vision: string;
  mission: string;
  values: readonly Reason[];
  reasons: readonly Reason[];
  programs: readonly Program[];
  curriculum: readonly string[];
  calendar: { year: string; terms: readonly CalendarEntry[] };
  circulars: readonly Circular[];
  officeHours: readonly OfficeHours[];
}

export const school = {
  name: 'Sunridge Valley School',
  slug: 'sunridge-valley-school',
  shortName: 'Sunridge Valley',
  tagline: 'A co-educational, English-medium school where every child is known, challenged and cared for.',
  timeZone: 'Asia/Kolkata',
  founded: 1987,
  address: ['12 Orchard Lane, Hillview Layout', 'Sunridge Valley 560 123', 'India'],
  phone: '+91 80 4000 1234',
  email: 'office@sunridgevalley.example',
  social: [
    { network: 'Facebook', url: 'https://www.facebook.com/sunridgevalleyschool.example' },
    { network: 'Instagram', url: 'https://www.instagram.com/sunridgevalleyschool.example' },
    { network: 'YouTube', url: 'https://www.youtube.com/@sunridgevalleyschool.example' },
    { network: 'X', url: 'https://x.com/sunridgevalley_example' },
  ],
  leaders: {
    correspondent: { title: 'Correspondent', name: 'Mr. Tarun Velamuri' },
    headmistress: { title: 'Headmistress', name: 'Mrs. Ishita Panchanathan' },
    president: { title: 'President', name: 'Dr. Raghav Ellamraju' },
    secretary: { title: 'Secretary', name: 'Mrs. Nandini Okhalkar' },
    honoraryPresident: { title: 'Honorary President', name: 'Mr. Devashish Kumbhojkar' },
  },
  about: {
    intro:
      'Sunridge Valley School is a co-educational, English-medium school for children from Class 1 to Class 12, set on a green campus at the foot of the Sunridge hills.',
    story: [
      'Founded in 1987 by a group of parents and teachers who wanted a school that treats every child as a person first, Sunridge Valley has grown from forty pupils in a rented house to a community of more than 1,400 students.',
      'Our teachers know each child by name. Small classes, a broad timetable of academics, arts and sport, and a close partnership with families let our students grow into confident, kind and curious young people.',
    ],
  },
  vision:
    'To be a school where every child discovers the joy of learning, grows in character and leaves ready to make a thoughtful contribution to the world.',
  mission:
    'We provide a caring, safe and stimulating environment in which skilled teachers help each student reach high academic standards, think independently, work with others and serve the community.',
  values: [
    { title: 'Integrity', text: 'We are honest in word and deed, and we keep our promises.' },
    { title: 'Respect', text: 'We value every person, every language and every way of life.' },
    { title: 'Curiosity', text: 'We ask questions, try new things and learn from mistakes.' },
    { title: 'Responsibility', text: 'We look after ourselves, each other and our planet.' },
  ],
  reasons: [
    {
      title: 'Caring teachers',
      text: 'Experienced, qualified teachers who know every child by name and keep in close touch with families.',
    },
    {
      title: 'Small classes',
      text: 'No more than 30 students in a class, so every child is heard and gets the help they need.',
    },
    {
      title: 'Strong academics',
      text: 'Consistently excellent board results, built on understanding rather than rote learning.',
    },
    {
      title: 'Science and computer labs',
      text: 'Well-equipped physics, chemistry, biology and computer laboratories open to every class.',
    },
    {
      title: 'Sport for everyone',
      text: 'A full-size playground, basketball courts and coaching in athletics, football, kabaddi and chess.',
    },
    {
      title: 'Arts and music',
      text: 'Dance, music, drama and art are part of the timetable, with an annual day on a real stage.',
    },
    {
      title: 'Safe campus',
      text: 'A secure, CCTV-monitored campus, trained staff on duty at all times and GPS-tracked school buses.',
    },
    {
      title: 'Values and service',
      text: 'Assemblies, clubs and community projects that build kindness, leadership and responsibility.',
    },
  ],
  programs: [
    {
      name: 'Primary',
      classes: 'Classes 1-5',
      text: 'Reading, writing and number work through play, stories and hands-on activities, with art, music and games every day.',
    },
    {
      name: 'Middle',
      classes: 'Classes 6-8',
      text: 'Sciences, mathematics, social studies and languages taught by subject specialists, with projects and lab work.',
    },
    {
      name: 'Secondary',
      classes: 'Classes 9-10',
      text: 'A focused preparation for the board examinations, with regular practice tests and personal mentoring.',
    },
    {
      name: 'Higher Secondary',
      classes: 'Classes 11-12',
      text: 'Three streams that open the way to university, with career guidance from Class 11.',
      streams: ['Science', 'Commerce', 'Arts'],
    },
  ],
  curriculum: [
    'We follow the national curriculum, enriched with projects, laboratory work, reading programmes and field trips.',
    'Languages: English as the medium of instruction, with Hindi and the regional language from Class 1.',
    'Continuous assessment through class work, projects and unit tests, with two term examinations a year.',
  ],
  calendar: {
    year: '2024-25',
    terms: [
      { period: 'June-September 2024', what: 'First term' },
      { period: 'October 2024', what: 'First-term exams' },
      { period: 'November 2024-February 2025', what: 'Second term' },
      { period: 'March 2025', what: 'Annual exams' },
    ],
  },
  circulars: [
    {
      title: 'School reopens for the academic year 2024-25',
      date: '2024-05-27',
      summary:
        'Classes begin on 3 June 2024. Uniforms, books and bus passes can be collected from the office from 29 May.',
    },
    {
      title: 'First-term examination schedule',
      date: '2024-09-16',
      summary:
        'The first-term examinations run from 7 to 18 October 2024. Timetables have been sent home with every student.',
    },
    {
      title: 'Annual examinations and parent-teacher meeting',
      date: '2025-02-10',
      summary:
        'The annual examinations begin on 3 March 2025. Parents are invited to meet the class teachers on 22 February 2025.',
    },
  ],
  officeHours: [
    { days: 'Mon-Fri', hours: '8:00 AM-4:00 PM' },
    { days: 'Sat', hours: '9:00 AM-1:00 PM' },
    { days: 'Sun', hours: 'Closed' },
  ],
} as const satisfies SchoolConfig;
