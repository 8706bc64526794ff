/**
 * The settings of a fresh install: a fictional school, with the texts and values the
 * specification shows (office hours, the 2024-25 calendar, the programmes). The school's staff
 * replace them in the dashboard.
 */
import { DEFAULT_TIME_ZONE } from '../../site/contract/dates.ts';
import { DEFAULT_LANGUAGES } from '../../site/contract/languages.ts';
import { DEFAULT_DIGEST, DEFAULT_EVENT_CATEGORIES, type Settings } from '../../site/contract/settings.ts';

export function defaultSettings(): Settings {
  return {
    schoolName: 'Sunridge Valley School',
    shortName: 'Sunridge Valley',
    tagline: 'A co-educational, English-medium school where every child is known, challenged and cared for.',
    brandLine: 'Co-educational · English medium · Classes 1-12',
    address: '12 Orchard Lane, Hillview Layout\nSunridge Valley 560 123\nIndia',
    phone: '+91 80 4000 1234',
    email: 'office@sunridgevalley.example',
    officeHours: [
      { days: 'Mon-Fri', hours: '8:00 AM-4:00 PM' },
      { days: 'Sat', hours: '9:00 AM-1:00 PM' },
      { days: 'Sun', hours: 'Closed' },
    ],
    social: {
      facebook: 'https://www.facebook.com/sunridgevalleyschool.example',
      instagram: 'https://www.instagram.com/sunridgevalleyschool.example',
      youtube: 'https://www.youtube.com/@sunridgevalleyschool.example',
      x: 'https://x.com/sunridgevalley_example',
      linkedin: '',
    },
    aboutIntro:
      'Sunridge Valley School is a co-educational, English-medium school for children from Class 1 to Class 12, set on a green campus at the foot of the Sunridge hills.',
    aboutStory: [
      'Founded in 1987 by a group of parents and teachers who wanted a school that treats every child as a person first, Sunridge Valley has grown from forty pupils in a rented house to a community of more than 1,400 students.',
      'Our teachers know each child by name. Small classes, a broad timetable of academics, arts and sport, and a close partnership with families let our students grow into confident, kind and curious young people.',
    ].join('\n\n'),
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
    programmes: [
      {
        name: 'Primary',
        classes: 'Classes 1-5',
        text: 'Reading, writing and number work through play, stories and hands-on activities, with art, music and games every day.',
        streams: [],
      },
      {
        name: 'Middle',
        classes: 'Classes 6-8',
        text: 'Sciences, mathematics, social studies and languages taught by subject specialists, with projects and lab work.',
        streams: [],
      },
      {
        name: 'Secondary',
        classes: 'Classes 9-10',
        text: 'A focused preparation for the board examinations, with regular practice tests and personal mentoring.',
        streams: [],
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
    leaderNames: {
      correspondent: 'Mr. Tarun Velamuri',
      headmistress: 'Mrs. Ishita Panchanathan',
      president: 'Dr. Raghav Ellamraju',
      secretary: 'Mrs. Nandini Okhalkar',
      honoraryPresident: 'Mr. Devashish Kumbhojkar',
    },
    eventCategories: [...DEFAULT_EVENT_CATEGORIES],
    ...DEFAULT_DIGEST,
    languages: [...DEFAULT_LANGUAGES],
    timeZone: DEFAULT_TIME_ZONE,
    formerSlugs: [],
  };
}
