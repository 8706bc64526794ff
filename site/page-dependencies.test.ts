import { describe, expect, it } from 'vitest';
import type { Alert } from './contract/alerts.ts';
import type { News, SchoolEvent, SiteContent } from './contract/content.ts';
import { PUBLISHED_NOW } from './contract/publication.ts';
import { ALL_PAGES, bannerPages, changedPages, isTouched, touchedPages } from './page-dependencies.ts';

/** Both builds' pages made at 11:30 on 15 June 2026 in Kolkata. */
const AT = { previousAt: new Date('2026-06-15T06:00:00Z'), nextAt: new Date('2026-06-15T06:00:00Z') };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const event = (n: number, date: string): SchoolEvent => ({
  _id: id(n),
  title: `Event ${n}`,
  description: 'd',
  date,
  time: '',
  location: '',
  image: null,
  ...PUBLISHED_NOW,
});
const news = (n: number, expiryDate: string | null): News => ({
  _id: id(100 + n),
  title: `News ${n}`,
  description: 'd',
  publishDate: '2024-01-01',
  expiryDate,
  priority: 'low',
  image: null,
  ...PUBLISHED_NOW,
});
const photo = { _id: id(200), imageId: `${'a'.repeat(32)}.jpg`, caption: 'C', ...PUBLISHED_NOW };

/** The parts of the content these tests change; the functions only compare parts. */
const base = {
  logos: [],
  homegallery: [],
  gallery: [],
  events: [event(1, '2024-03-01'), event(2, '2025-03-01'), event(3, '2026-09-01')],
  news: [news(1, '2024-02-01'), news(2, null)],
  presidentMessage: '',
  presidentImage: null,
  settings: { tagline: 'Old', timeZone: 'Asia/Kolkata' },
  pages: [{ slug: 'admissions' }],
  circulars: [{ title: 'C' }],
  alerts: [],
} as unknown as SiteContent;
const change = (edit: (draft: SiteContent) => void): SiteContent => {
  const next = structuredClone(base);
  edit(next);
  return next;
};
const touched = (edit: (draft: SiteContent) => void) => touchedPages(base, change(edit), AT);
const alert = (n: number, showOn: Alert['showOn'] = 'all'): Alert => ({
  _id: id(300 + n),
  message: `Notice ${n}`,
  level: 'emergency',
  startsAt: '2026-06-15T05:00:00Z',
  endsAt: '2026-06-15T09:00:00Z',
  showOn,
});

describe('which pages a change touches', () => {
  it('touches nothing when nothing changed', () => {
    expect(touchedPages(base, structuredClone(base), AT)).toEqual([]);
  });

  it('touches /eventsnews for news to come, which it carries for the browser though no listing shows it yet', () => {
    const pages = touched((draft) => draft.news.push({ ...news(3, null), publishDate: '2026-06-20' }));
    expect(isTouched('/eventsnews', pages)).toBe(true);
    expect(isTouched('/eventsnews/news', pages)).toBe(false);
  });

  it('touches the events and news pages and the news feed for a news edit, never the gallery or the calendar', () => {
    const pages = touched((draft) => draft.news.push(news(3, null)));
    for (const path of ['/eventsnews', '/eventsnews/news', '/eventsnews/news/2', '/rss.xml'])
      expect(isTouched(path, pages), path).toBe(true);
    for (const path of [
      '/gallery',
      '/gallery/2',
      '/',
      '/eventsnews/events',
      '/eventsnews/news/expired/2024',
      // No news expired this year: none of its pages shows one that changed.
      '/eventsnews/news/expired/2026/2',
      '/events.ics',
    ])
      expect(isTouched(path, pages), path).toBe(false);
  });

  it('touches the pages of an upcoming event and of the year of a past one, not the other years', () => {
    const upcoming = touched((draft) => draft.events.push(event(4, '2026-10-01')));
    for (const path of ['/eventsnews', '/eventsnews/events', '/eventsnews/events/3', '/events.ics'])
      expect(isTouched(path, upcoming), path).toBe(true);
    for (const path of [
      '/eventsnews/events/past/2025',
      // Nothing passed since the last build: this year's past events are as they were.
      '/eventsnews/events/past/2026',
      '/eventsnews/news',
      '/eventsnews/events/past/2024/2',
      '/rss.xml',
    ])
      expect(isTouched(path, upcoming), path).toBe(false);

    const past = touched((draft) => Object.assign(draft.events[1]!, { title: 'Renamed' }));
    expect(isTouched('/eventsnews/events/past/2025', past)).toBe(true);
    expect(isTouched('/eventsnews/events/past/2025/2', past)).toBe(true);
    expect(isTouched('/eventsnews/events/past/2024', past)).toBe(false);
  });

  it("touches the upcoming and this year's past events when one passed since the last build, with no edit", () => {
    const today = { ...event(6, '2026-06-15'), time: '12:00' };
    const withToday = { ...base, events: [...base.events, event(7, '2026-02-01'), today] };
    const passed = touchedPages(withToday, structuredClone(withToday), {
      previousAt: new Date('2026-06-15T06:00:00Z'),
      nextAt: new Date('2026-06-15T07:00:00Z'),
    });
    for (const path of [
      '/eventsnews',
      '/eventsnews/events',
      '/eventsnews/events/past/2026',
      '/eventsnews/events/past/2026/2',
    ])
      expect(isTouched(path, passed), path).toBe(true);
    for (const path of ['/eventsnews/events/past/2025', '/events.ics', '/eventsnews/news', '/rss.xml'])
      expect(isTouched(path, passed), path).toBe(false);
    expect(touchedPages(withToday, structuredClone(withToday), AT)).toEqual([]);
  });

  it('touches every events and news page when a year appears or goes, as each links to every year', () => {
    const pages = touched((draft) => draft.events.push(event(5, '2023-05-01')));
    expect(isTouched('/eventsnews/news/expired/2024', pages)).toBe(true);
    expect(isTouched('/eventsnews/events/past/2024/3', pages)).toBe(true);
    expect(isTouched('/events.ics', pages)).toBe(true);
    expect(isTouched('/gallery', pages)).toBe(false);
  });

  it('touches the gallery pages for a gallery edit, the home page for a home gallery edit', () => {
    const gallery = touched((draft) => draft.gallery.push(photo));
    expect(isTouched('/gallery', gallery)).toBe(true);
    expect(isTouched('/gallery/7', gallery)).toBe(true);
    expect(isTouched('/', gallery)).toBe(false);
    const home = touched((draft) => draft.homegallery.push(photo));
    expect(home).toEqual(['/']);
    expect(isTouched('/', home)).toBe(true);
    expect(isTouched('/gallery', home)).toBe(false);
  });

  it('touches the leadership page for a message, the circulars page for a circular', () => {
    expect(touched((draft) => Object.assign(draft, { presidentMessage: 'Hello' }))).toEqual(['/about/leadership']);
    expect(touched((draft) => draft.circulars.pop())).toEqual(['/notifications-circular']);
  });

  it('touches the pages of every part that changed', () => {
    const pages = touched((draft) => {
      draft.news.push(news(3, null));
      draft.gallery.push(photo);
    });
    expect(isTouched('/gallery/2', pages)).toBe(true);
    expect(isTouched('/eventsnews/news', pages)).toBe(true);
    expect(isTouched('/about/leadership', pages)).toBe(false);
  });

  it('touches every page for the settings, the logos, the own pages or a part it does not know', () => {
    expect(touched((draft) => Object.assign(draft.settings, { tagline: 'New' }))).toBe(ALL_PAGES);
    expect(touched((draft) => draft.logos.push({ ...photo, originalName: 'l.png' }))).toBe(ALL_PAGES);
    expect(touched((draft) => draft.pages.pop())).toBe(ALL_PAGES);
    const unknown = { ...base, somethingNew: 1 } as unknown as SiteContent;
    expect(touchedPages(base, unknown, AT)).toBe(ALL_PAGES);
    expect(isTouched('/gallery/3', ALL_PAGES)).toBe(true);
  });

  it('touches only /alerts.json for a notice: the banner of the pages is told apart', () => {
    expect(touched((draft) => draft.alerts.push(alert(1)))).toEqual(['/alerts.json']);
  });
});

describe('bannerPages', () => {
  const withAlerts = (...alerts: Alert[]) => change((draft) => draft.alerts.push(...alerts));

  it('names every page for a notice of every page, the home page for one of the home page only', () => {
    expect(bannerPages(base, withAlerts(alert(1)))).toEqual(['/**']);
    expect(bannerPages(base, withAlerts(alert(1, 'home')))).toEqual(['/']);
    expect(bannerPages(withAlerts(alert(1, 'home'), alert(2)), withAlerts(alert(2)))).toEqual(['/']);
  });

  it('names no page when the notices did not change, every page when only their order did', () => {
    expect(bannerPages(withAlerts(alert(1)), withAlerts(alert(1)))).toEqual([]);
    expect(bannerPages(withAlerts(alert(1), alert(2)), withAlerts(alert(2), alert(1)))).toEqual(['/**']);
  });
});

describe('the pages of a list whose items only moved', () => {
  /** 45 upcoming events, one a day from 1 July: three pages of 20. */
  const upcoming = change((draft) => {
    draft.events = Array.from({ length: 45 }, (_, i) =>
      event(400 + i, `2026-07-${String((i % 28) + 1).padStart(2, '0')}`),
    );
  });
  const shifted = (edit: (draft: SiteContent) => void) => {
    const next = structuredClone(upcoming);
    edit(next);
    return changedPages(upcoming, next, AT);
  };

  it('are the later pages when an event is added at the top: the first page shows it', () => {
    const { touched, shifted: moved } = shifted((draft) => draft.events.push(event(500, '2026-06-20')));
    expect(moved).toEqual(['/eventsnews/events/2', '/eventsnews/events/3']);
    for (const path of ['/eventsnews', ...moved]) expect(isTouched(path, touched), path).toBe(true);
  });

  it('leave the page an event was changed on or removed from, and the one it moved to', () => {
    const renamed = shifted((draft) =>
      Object.assign(draft.events.find((e) => e._id === id(401))!, { title: 'Renamed' }),
    );
    expect(renamed.shifted).not.toContain('/eventsnews/events');
    const removed = shifted((draft) => draft.events.splice(0, 1));
    expect(removed.shifted).not.toContain('/eventsnews/events');
    // Moved from 1 July to the end of the month: off the first page, onto the third.
    const moved = shifted((draft) => Object.assign(draft.events[0]!, { date: '2026-07-30' }));
    expect(moved.shifted).toEqual(['/eventsnews/events/2']);
  });

  it('are none for a change that touches every page of the list, or none', () => {
    expect(shifted(() => {}).shifted).toEqual([]);
    expect(changedPages(upcoming, { ...upcoming, settings: { ...upcoming.settings, tagline: 'New' } }, AT)).toEqual({
      touched: ALL_PAGES,
      shifted: [],
      banner: [],
    });
  });
});

describe('the pages of a site of several languages', () => {
  const threeLanguages = change((draft) => {
    draft.settings.languages = ['en', 'hi', 'ar'];
    draft.news[1]!.translations = { hi: { title: 'समाचार 2' } };
  });
  const changed = (edit: (draft: SiteContent) => void) => {
    const next = structuredClone(threeLanguages);
    edit(next);
    return changedPages(threeLanguages, next, AT);
  };

  it('are only the Hindi pages and feed when only a Hindi text changed', () => {
    const { touched } = changed((draft) => {
      draft.news[1]!.translations = { hi: { title: 'नया समाचार' } };
    });
    expect(touched).toEqual(['/hi/eventsnews', '/hi/eventsnews/news', '/hi/eventsnews/news/*', '/hi/rss.xml']);
  });

  it('leave a language whose translation still stands when the default text changes', () => {
    const { touched } = changed((draft) => {
      draft.news[1]!.title = 'News 2, renamed';
    });
    // The Arabic pages show the English title; the Hindi ones their own.
    expect(touched).toContain('/eventsnews');
    expect(touched).toContain('/ar/eventsnews');
    expect((touched as string[]).some((page) => page.startsWith('/hi'))).toBe(false);
  });

  it('share the urgent notices’ file, which carries every translation', () => {
    const notice = { ...alert(1), translations: { ar: { message: 'إشعار' } } } as Alert;
    const before = { ...threeLanguages, alerts: [notice] };
    const after = { ...before, alerts: [{ ...notice, translations: { ar: { message: 'إشعار جديد' } } }] };
    expect(changedPages(before, after, AT)).toEqual({ touched: ['/alerts.json'], shifted: [], banner: ['/ar/**'] });
  });

  it('are every page when the languages change', () => {
    expect(changed((draft) => draft.settings.languages.pop()).touched).toBe(ALL_PAGES);
  });
});

describe('the pages and calendars of the event categories', () => {
  const categorized = change((draft) => {
    draft.settings.eventCategories = ['Examinations', 'Sports'];
    draft.events[1]!.category = 'Examinations'; // 2025-03-01, past
    draft.events[2]!.category = 'Examinations'; // 2026-09-01, upcoming
    draft.events.push({ ...event(4, '2026-10-01'), category: 'Sports' });
  });
  const changed = (edit: (draft: SiteContent) => void, before = categorized) => {
    const next = structuredClone(before);
    edit(next);
    return changedPages(before, next, AT).touched as string[];
  };
  const exams = '/eventsnews/categories/examinations';
  const sports = '/eventsnews/categories/sports';

  it("are touched exactly where an edited event's category lists it", () => {
    const touched = changed((draft) => {
      draft.events[2]!.title = 'Maths exam';
    });
    expect(touched).toContain('/calendars/examinations.ics');
    expect(touched).toContain('/events.ics');
    for (const path of [exams, `${exams}/2`]) expect(isTouched(path, touched), path).toBe(true);
    for (const path of [
      `${exams}/past/2025`,
      sports,
      '/calendars/sports.ics',
      '/eventsnews/categories/sports/past/2025',
    ]) {
      expect(isTouched(path, touched), path).toBe(false);
    }
  });

  it('move an event from one category to the other: both calendars and listings', () => {
    const touched = changed((draft) => {
      draft.events[3]!.category = 'Examinations';
    });
    for (const path of [exams, sports, '/calendars/examinations.ics', '/calendars/sports.ics']) {
      expect(isTouched(path, touched), path).toBe(true);
    }
  });

  it('touch every page with the row of category links when a category gets its first event or loses its last', () => {
    const touched = changed((draft) => {
      draft.events[3]!.category = undefined;
    });
    for (const path of ['/eventsnews', '/eventsnews/events/past/2025', sports, `${exams}/past/2025`]) {
      expect(isTouched(path, touched), path).toBe(true);
    }
    // Adding an event to a category that has some already leaves the other categories' pages.
    const added = changed((draft) => {
      draft.events.push({ ...event(5, '2026-11-01'), category: 'Sports' });
    });
    expect(isTouched(sports, added)).toBe(true);
    expect(isTouched('/calendars/sports.ics', added)).toBe(true);
    expect(isTouched(exams, added)).toBe(false);
    expect(isTouched('/calendars/examinations.ics', added)).toBe(false);
  });

  it('leave the categories alone when an event without one changes', () => {
    const touched = changed((draft) => {
      draft.events[0]!.title = 'Renamed';
    });
    expect(touched.some((page) => page.includes('categories') || page.startsWith('/calendars'))).toBe(false);
  });

  it('are each language’s own on a site of several languages', () => {
    const twoLanguages = change((draft) => {
      Object.assign(draft, structuredClone(categorized));
      draft.settings.languages = ['en', 'hi'];
    });
    const touched = changed((draft) => {
      draft.events[2]!.title = 'Maths exam';
    }, twoLanguages);
    expect(touched).toContain('/calendars/examinations.ics');
    expect(touched).toContain('/hi/calendars/examinations.ics');
    expect(isTouched('/hi/eventsnews/categories/examinations', touched)).toBe(true);
  });
});
