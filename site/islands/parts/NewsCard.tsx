import type { News } from '../../contract/content.ts';
import { itemAnchor } from '../../contract/search.ts';
import { formatDate } from '../../lib/display-format.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import { priorityColour, priorityLabel } from '../../lib/news-priority.ts';
import { PREVIEW_LIMITS, previewCharacters } from '../../lib/text-cuts.ts';
import { DetailsImage, ItemThumb, type SizeOf } from './ItemImages.tsx';
import { RichText } from './RichText.tsx';

function PriorityBadge({ news }: { news: News }) {
  return <span className={`badge priority-${priorityColour(news.priority)}`}>{priorityLabel(news.priority)}</span>;
}

function NewsDates({ news }: { news: News }) {
  return (
    <p className="facts">
      <span className="fact">
        <span className="fact-label">Published:</span> {formatDate(news.publishDate)}
      </span>
      {news.expiryDate && (
        <span className="fact">
          <span className="fact-label">Expires:</span> {formatDate(news.expiryDate)}
        </span>
      )}
    </p>
  );
}

interface NewsCardProps {
  news: News;
  sizeOf: SizeOf;
  onOpen: () => void;
}

/** A news item in the list: priority border and badge, dates and the description cut at 120 characters. */
export function NewsCard({ news, sizeOf, onOpen }: NewsCardProps) {
  return (
    <li className={`item-card news-card priority-${priorityColour(news.priority)}`} id={itemAnchor('news', news._id)}>
      <div className="item-card-text">
        <PriorityBadge news={news} />
        <h3 className="item-title">
          <button type="button" className="item-open" onClick={onOpen}>
            {news.title}
          </button>
        </h3>
        <NewsDates news={news} />
        <p className="item-preview">
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
}: {
  news: News;
  sizeOf: SizeOf;
  headingId: string;
  /** The description's HTML, rendered when the page was built. */
  rendered: string | undefined;
}) {
  return (
    <article>
      <PriorityBadge news={news} />
      <h2 id={headingId}>{news.title}</h2>
      <NewsDates news={news} />
      <DetailsImage image={news.image} fallback={news.title} sizeOf={sizeOf} />
      <RichText markdown={news.description} html={rendered} />
    </article>
  );
}
