/**
 * A long text of the dashboard (a page's body, a description, the about texts): the visual editor,
 * or its Markdown source for those who prefer it (the "Markdown" toggle). The value is Markdown
 * either way. The editor is loaded when the first such field comes into view (the dashboard keeps
 * every view mounted, hidden: its first view does not fetch the editor for the hidden forms);
 * until then the field is the Markdown textarea, so nothing typed meanwhile is lost. The length counts the Markdown, as
 * the server does.
 */
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import './markdown-field.css';

const VisualEditor = lazy(() => import('./VisualEditor.tsx'));

export interface MarkdownFieldProps {
  /** The control's id: the textarea's, or the editable area's. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  disabled?: boolean;
  /** A line of help under the label. */
  hint?: ReactNode;
  /** Rows of the Markdown textarea. */
  rows?: number;
  /** A single line break stays one (texts that were plain text before); pages' Markdown joins lines. */
  lineBreaks?: boolean;
  /** Shown under the field: the accessibility checker's warnings on the text. */
  below?: ReactNode;
  /** The text's language and direction, when it is not the dashboard's (a translation). */
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
}

export function MarkdownField({
  id,
  label,
  value,
  onChange,
  maxLength,
  required = false,
  disabled = false,
  hint,
  rows = 6,
  lineBreaks = true,
  below,
  lang,
  dir,
}: MarkdownFieldProps) {
  const [source, setSource] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const seen = useSeen(field);
  const labelId = `${id}-label`;
  const over = value.length - maxLength;
  // The checker's warnings under the field (accessibility/TextWarnings.tsx) are `${id}-warnings`.
  const describedBy = [hint && `${id}-hint`, `${id}-count`, below && `${id}-warnings`].filter(Boolean).join(' ');
  const sourceArea = (
    <textarea
      id={id}
      className="markdown-source"
      rows={rows}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      aria-required={required || undefined}
      aria-invalid={over > 0 || undefined}
      aria-describedby={describedBy}
      lang={lang}
      dir={dir}
      spellCheck
    />
  );

  return (
    <div ref={field} className="field field-wide markdown-field">
      <div className="field-head">
        {/* In the visual editor the label names the editable area by aria-labelledby. */}
        <label id={labelId} htmlFor={id}>
          {label}
          {required ? (
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          ) : (
            <span className="optional"> (optional)</span>
          )}
        </label>
        <button
          type="button"
          className="secondary markdown-toggle"
          aria-pressed={source}
          aria-describedby={labelId}
          onClick={() => setSource(!source)}
        >
          Markdown
        </button>
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {source || !seen ? (
        sourceArea
      ) : (
        <Suspense fallback={sourceArea}>
          <VisualEditor
            id={id}
            labelId={labelId}
            value={value}
            onChange={onChange}
            disabled={disabled}
            required={required}
            invalid={over > 0}
            describedBy={describedBy}
            lineBreaks={lineBreaks}
            lang={lang}
            dir={dir}
          />
        </Suspense>
      )}
      <p className={over > 0 ? 'field-count field-count-over' : 'field-count'} id={`${id}-count`}>
        {value.length.toLocaleString('en')} of {maxLength.toLocaleString('en')} characters
        {over > 0 && ` (${over.toLocaleString('en')} too many)`}
      </p>
      {/* Said once when the text goes over, not at every key. */}
      <p className="field-error" role="alert" hidden={over <= 0}>
        {over > 0 &&
          `The text is longer than ${maxLength.toLocaleString('en')} characters. Shorten it before saving (its formatting counts too).`}
      </p>
      {below}
    </div>
  );
}

/** Whether the element has been on screen once (a hidden view's never is). */
function useSeen(element: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}
