import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { News, SchoolEvent } from '../contract/content.ts';
import type { IslandWords } from '../i18n/catalogue.ts';
import { apiRequest } from '../lib/api-client.ts';
import type { ImageAlts } from '../lib/image-alt.ts';
import type { ImageSize } from '../lib/image-sources.ts';
import { withLibraryAlts } from '../lib/item-alts.ts';
import type { RenderedTexts } from '../lib/rendered-texts.ts';
import { currentNews, splitEvents } from '../lib/schedule.ts';
import { EventCard, EventDetails } from './parts/EventCard.tsx';
import type { SizeOf } from './parts/ItemImages.tsx';
import { type ItemWords, itemWords } from './parts/item-words.ts';
import { CloseButton, Modal } from './parts/Modal.tsx';
import { NewsCard, NewsDetails } from './parts/NewsCard.tsx';
import { Tabs } from './parts/Tabs.tsx';
import './events-news.css';

export interface EventsNewsProps {
  events: SchoolEvent[];
  news: News[];
  /** Sizes of the images the build could measure, by image id. */
  imageSizes: Record<string, ImageSize>;
  /** The media library's text alternatives of those images, for items without one of their own. */
  imageAlts?: ImageAlts;
  timeZone: string;
  /** When the page was built: the first render matches the built HTML exactly. */
  builtAt: string;
  /** How many items of each list the page shows; the archive pages linked below list them all. */
  firstView: number;
  /** The descriptions' HTML, by their Markdown, rendered when the page was built. */
  rendered: RenderedTexts;
  /** The page's language when it is not the site's default: the newest lists are asked for in it. */
  language?: string | undefined;
  /** The page's words (`eventsNews.*`, `item.*`). */
  words: IslandWords;
}

type Opened = { kind: 'event'; item: SchoolEvent } | { kind: 'news'; item: News } | null;

/**
 * /eventsnews: the News tab (default) and the Events tab, the first few items of each list. On
 * load it decides again what is upcoming and current, now, in the school's time zone, and asks
 * the API for the newest lists.
 */
export default function EventsNews({
  events,
  news,
  imageSizes,
  imageAlts,
  timeZone,
  builtAt,
  firstView,
  rendered,
  language,
  words: pageWords,
}: EventsNewsProps) {
  const words = useMemo(() => itemWords(pageWords), [pageWords]);
  const { t } = words;
  const [now, setNow] = useState(() => new Date(builtAt));
  const [lists, setLists] = useState({ events, news });
  const [opened, setOpened] = useState<Opened>(null);

  useEffect(() => {
    setNow(new Date());
    const controller = new AbortController();
    void fetchFresh(controller.signal, language).then((fresh) => setLists((shown) => ({ ...shown, ...fresh })));
    return () => controller.abort();
  }, [language]);

  // The library's alts go to the items shown only: the fresh lists hold every item of the site.
  const { upcoming, past } = useMemo(() => {
    const split = splitEvents(lists.events, now, timeZone);
    return {
      upcoming: withLibraryAlts(split.upcoming.slice(0, firstView), imageAlts),
      past: withLibraryAlts(split.past.slice(0, firstView), imageAlts),
    };
  }, [lists.events, imageAlts, now, timeZone, firstView]);
  const shownNews = useMemo(
    () => withLibraryAlts(currentNews(lists.news, now, timeZone).slice(0, firstView), imageAlts),
    [lists.news, imageAlts, now, timeZone, firstView],
  );
  const sizeOf = (imageId: string) => imageSizes[imageId] ?? null;
  const close = () => setOpened(null);

  return (
    <>
      <Tabs
        label={t('eventsNews.label')}
        tabs={[
          {
            id: 'news',
            label: t('eventsNews.news'),
            panel: (
              <>
                <h2 className="visually-hidden">{t('eventsNews.currentNews')}</h2>
                <CardList empty={t('eventsNews.noNews')} label={t('eventsNews.news')}>
                  {shownNews.map((item) => (
                    <NewsCard
                      key={item._id}
                      news={item}
                      sizeOf={sizeOf}
                      onOpen={() => setOpened({ kind: 'news', item })}
                      words={words}
                    />
                  ))}
                </CardList>
              </>
            ),
          },
          {
            id: 'events',
            label: t('eventsNews.events'),
            panel:
              upcoming.length + past.length === 0 ? (
                <p className="empty-state">{t('eventsNews.noEvents')}</p>
              ) : (
                <>
                  <EventGroup
                    title={t('eventsNews.upcoming')}
                    label={t('eventsNews.upcomingEvents')}
                    empty={t('eventsNews.noUpcoming')}
                    events={upcoming}
                    sizeOf={sizeOf}
                    onOpen={(item) => setOpened({ kind: 'event', item })}
                    words={words}
                  />
                  <EventGroup
                    title={t('eventsNews.past')}
                    label={t('eventsNews.pastEvents')}
                    empty={t('eventsNews.noPast')}
                    events={past}
                    sizeOf={sizeOf}
                    onOpen={(item) => setOpened({ kind: 'event', item })}
                    words={words}
                  />
                </>
              ),
          },
        ]}
      />
      <Modal open={opened !== null} onClose={close} labelledBy="details-title" className="details">
        <CloseButton onClose={close} label={t('item.close')} />
        {opened?.kind === 'event' && (
          <EventDetails
            event={opened.item}
            sizeOf={sizeOf}
            headingId="details-title"
            rendered={rendered[opened.item.description]}
            words={words}
          />
        )}
        {opened?.kind === 'news' && (
          <NewsDetails
            news={opened.item}
            sizeOf={sizeOf}
            headingId="details-title"
            rendered={rendered[opened.item.description]}
            words={words}
          />
        )}
      </Modal>
    </>
  );
}

function CardList({ empty, label, children }: { empty: string; label: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="card-list" aria-label={label}>
      {children}
    </ul>
  );
}

interface EventGroupProps {
  title: string;
  /** What the group is, for screen readers: "Upcoming events". */
  label: string;
  empty: string;
  events: SchoolEvent[];
  sizeOf: SizeOf;
  onOpen: (event: SchoolEvent) => void;
  words: ItemWords;
}

function EventGroup({ title, label, empty, events, sizeOf, onOpen, words }: EventGroupProps) {
  return (
    <section className="event-group" aria-label={label}>
      <h2>{title}</h2>
      <CardList empty={empty} label={label}>
        {events.map((event) => (
          <EventCard key={event._id} event={event} sizeOf={sizeOf} onOpen={() => onOpen(event)} words={words} />
        ))}
      </CardList>
    </section>
  );
}

/**
 * GET /api/events and GET /api/news in parallel, in the page's language when it is not the
 * default (`?lang=`); a failed call is only logged (spec §8).
 */
async function fetchFresh(
  signal: AbortSignal,
  language: string | undefined,
): Promise<Partial<Pick<EventsNewsProps, 'events' | 'news'>>> {
  const query = language ? `?lang=${encodeURIComponent(language)}` : '';
  const [events, news] = await Promise.allSettled([
    apiRequest<SchoolEvent[]>(`/api/events${query}`, { signal }),
    apiRequest<News[]>(`/api/news${query}`, { signal }),
  ]);
  const fresh: Partial<Pick<EventsNewsProps, 'events' | 'news'>> = {};
  if (events.status === 'fulfilled' && Array.isArray(events.value)) fresh.events = events.value;
  else if (!signal.aborted) console.error('Could not load the latest events', events);
  if (news.status === 'fulfilled' && Array.isArray(news.value)) fresh.news = news.value;
  else if (!signal.aborted) console.error('Could not load the latest news', news);
  return fresh;
}
