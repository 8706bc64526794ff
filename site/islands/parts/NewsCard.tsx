import type { News, NewsPriority } from '../../contract/content.ts';
import { itemAnchor } from '../../contract/search.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import { priorityColour } from '../../lib/news-priority.ts';
import { PREVIEW_LIMITS, previewCharacters } from '../../lib/text-cuts.ts';
import { DetailsImage, ItemThumb, type SizeOf } from './ItemImages.tsx';
import type { ItemWords } from './item-words.ts';
import { RichText } from './RichText.tsx';

const PRIORITIES: Record<NewsPriority, MessageKey> = {
  low: 'item.priorityLow',
  medium: 'item.priorityMedium',
  high: 'item.priorityHigh',
};

function PriorityBadge({ news, words }: { news: News; words: ItemWords }) {
  return (
    <span className={`badge priority-${priorityColour(news.priority)}`}>{words.t(PRIORITIES[news.priority])}</span>
  );
}

function NewsDates({ news, words }: { news: News; words: ItemWords }) {
  const { t, formatDate } = words;
  return (
    <p className="facts">
      <span className="fact">
        <span className="fact-label">{t('item.published')}</span> {formatDate(news.publishDate)}
      </span>
      {news.expiryDate && (
        <span className="fact">
          <span className="fact-label">{t('item.expires')}</span> {formatDate(news.expiryDate)}
        </span>
      )}
    </p>
  );
}

interface NewsCardProps {
  news: News;
  sizeOf: SizeOf;
  onOpen: () => void;
  words: ItemWords;
}

/** A news item in the list: priority border and badge, dates and the description cut at 120 characters. */
export function NewsCard({ news, sizeOf, onOpen, words }: NewsCardProps) {
  return (
    <li className={`item-card news-card priority-${priorityColour(news.priority)}`} id={itemAnchor('news', news._id)}>
      <div className="item-card-text">
        <PriorityBadge news={news} words={words} />
        <h3 className="item-title" lang={words.langOf(news, 'title')}>
          <button type="button" className="item-open" onClick={onOpen}>
            {news.title}
          </button>
        </h3>
        <NewsDates news={news} words={words} />
        <p className="item-preview" lang={words.langOf(news, 'description')}>
          {previewCharacters(markdownPlainText(news.description), PREVIEW_LIMITS.newsCharacters).text}
        </p>
      </div>
      <ItemThumb image={news.image} sizeOf={sizeOf} />
    </li>
  );
}

/** The popup: the whole news item. */
export function NewsDetails({
  news,
  sizeOf,
  headingId,
  rendered,
  words,
}: {
  news: News;
  sizeOf: SizeOf;
  headingId: string;
  /** The description's HTML, rendered when the page was built. */
  rendered: string | undefined;
  words: ItemWords;
}) {
  return (
    <article>
      <PriorityBadge news={news} words={words} />
      <h2 id={headingId} lang={words.langOf(news, 'title')}>
        {news.title}
      </h2>
      <NewsDates news={news} words={words} />
      <DetailsImage image={news.image} fallback={news.title} sizeOf={sizeOf} />
      <RichText markdown={news.description} html={rendered} lang={words.langOf(news, 'description')} />
    </article>
  );
}
