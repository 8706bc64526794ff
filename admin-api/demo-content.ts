/** The texts of the demo content (`npm run seed:demo`): a term's worth of a fictional school's life. */
import type { LeadershipRole, News } from '../site/contract/content.ts';

export interface DemoEvent {
  title: string;
  description: string;
  inDays: number;
  time: string;
  location: string;
  /** One of the default event categories, if any. */
  category?: string;
  /** Which demo scene illustrates it, if any. */
  picture?: number;
}

export interface DemoNews {
  title: string;
  description: string;
  priority: News['priority'];
  publishedDaysAgo: number;
  expiresInDays: number | null;
  picture?: number;
}

export const HOME_CAPTIONS = [
  'Morning assembly on the main lawn',
  'Our campus at sunrise',
  'Science exhibition in the hall',
  'Sports day relay finals',
  'Annual day rehearsals',
  'Reading corner in the library',
];

export const GALLERY_CAPTIONS = [
  'Class 5 nature walk',
  'Inter-house football final',
  'Independence Day celebrations',
  'Art club exhibition',
  'Chemistry lab practicals',
  'Annual day: the Class 8 play',
  'Tree planting with parents',
  'Music room: the school choir',
  'Graduation day for Class 12',
];

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    title: 'Annual Sports Day',
    description:
      'Track and field events for every class, the inter-house relay and a march past by all four houses. Parents are warmly invited; please be seated by 8:45 AM.',
    inDays: 9,
    time: '09:00',
    location: 'School playground',
    category: 'Sports',
    picture: 0,
  },
  {
    title: 'Science and Innovation Fair',
    description:
      'Students of Classes 6 to 12 present their projects on clean energy, water and health. Visitors can vote for the most useful idea.',
    inDays: 23,
    time: '10:30',
    location: 'Main hall',
    picture: 2,
  },
  {
    title: 'Parent-Teacher Meeting',
    description: 'Meet the class teachers to discuss progress reports for the first term.',
    inDays: 40,
    time: '14:00',
    location: 'Classrooms',
    category: 'Meetings',
  },
  {
    title: 'Inter-school Quiz',
    description:
      'Twelve schools from the district competed in general knowledge, science and current affairs. Our Class 10 team finished second.',
    inDays: -12,
    time: '11:00',
    location: 'Auditorium',
    picture: 4,
  },
  {
    title: 'Independence Day Celebration',
    description: 'Flag hoisting, songs and a cultural programme by the primary section.',
    inDays: -45,
    time: '08:00',
    location: 'Main lawn',
    category: 'Celebrations',
  },
  {
    title: 'Library Week',
    description:
      'A week of story sessions, a book fair and a reading challenge for every class, ending with a visit from a children’s author.',
    inDays: -80,
    time: '',
    location: 'School library',
    picture: 5,
  },
];

export const DEMO_NEWS: readonly DemoNews[] = [
  {
    title: 'Admissions open for 2025-26',
    description:
      'Applications for Classes 1 to 9 and 11 are now open. Forms are available at the school office and on this website. Campus tours run every Saturday morning; please call the office to book a place.',
    priority: 'high',
    publishedDaysAgo: 2,
    expiresInDays: 60,
    picture: 1,
  },
  {
    title: 'School closed on Monday for elections',
    description: 'The school building is a polling station. Classes resume on Tuesday at the usual time.',
    priority: 'high',
    publishedDaysAgo: 0,
    expiresInDays: 5,
  },
  {
    title: 'New bus route to Lakeside Colony',
    description:
      'From next month, bus number 7 will also serve Lakeside Colony and Green Park. Parents who would like a seat can register with the transport desk.',
    priority: 'medium',
    publishedDaysAgo: 5,
    expiresInDays: null,
  },
  {
    title: 'Winter uniform from 1 December',
    description: 'Students should wear the school sweater and full-length trousers or tights from 1 December.',
    priority: 'medium',
    publishedDaysAgo: 8,
    expiresInDays: 30,
  },
  {
    title: 'Our choir wins the district festival',
    description:
      'Congratulations to the senior choir, who won first prize at the district music festival with two songs arranged by our music teacher.',
    priority: 'low',
    publishedDaysAgo: 10,
    expiresInDays: null,
    picture: 3,
  },
  {
    title: 'Library books due before the holidays',
    description: 'Please return all library books by the last working day of the term.',
    priority: 'low',
    publishedDaysAgo: 3,
    expiresInDays: null,
  },
];

export const PORTRAIT_COLOURS: readonly (readonly [string, string])[] = [
  ['#dbe7f3', '#17436b'],
  ['#f7e6d4', '#8a3b2e'],
  ['#e2f0e0', '#2e5e3e'],
  ['#efe4f5', '#4b3a78'],
  ['#fbefd0', '#5a4632'],
];

export const LEADERSHIP_MESSAGES: Record<LeadershipRole, string> = {
  correspondent:
    'It is a privilege to welcome you to our school. For nearly four decades we have believed that every child can learn and that every child deserves to be known. Our teachers work hard to make classrooms places of curiosity and kindness, and our families are true partners in that work. I invite you to visit us, to meet our students, and to see for yourself the care that goes into every school day.',
  headmistress:
    'Dear parents and students, a good school is built one day at a time: a lesson that sparks a question, a game played fairly, a friend helped without being asked. This year we are adding new reading programmes in the primary classes, more laboratory time for the middle school and career guidance from Class 11. My door is always open, and I look forward to working with each of you.',
  president:
    'Our school was founded by parents and teachers who wanted more for their children than marks alone. That spirit guides us still. We invest in teachers, in libraries and laboratories, and in a safe and green campus, so that our students can grow into capable, generous citizens. Thank you for the trust you place in us.',
  secretary:
    'The school office is here to help families with admissions, transport, fees and everything in between. We have made our processes simpler this year, with forms on the website and quicker replies to your questions. Please reach out whenever you need us; we reply to every message within a day.',
  honoraryPresident:
    'Welcome to a school that has been my second home for many years. I have watched generations of students leave these gates ready to serve their communities, and I am proud of each of them.',
};
