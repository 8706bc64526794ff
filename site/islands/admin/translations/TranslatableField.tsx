/**
 * A text field (or a list of rows) in each of the site's languages: tabs named in each language (the default first),
 * each tab but the default's with the state of its saved translation ("Missing", "Needs update",
 * "Translated"). The default tab shows the form's own field; another shows the same control for
 * the draft's translation, with that language's `lang` and `dir`. With one language it is the
 * field alone, as before languages. Every form's translatable texts go through it.
 */
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import type { Translatable, Translations } from '../../../contract/translations.ts';
import { translationState } from '../../../contract/translations.ts';
import { useSiteLanguages } from './site-languages.ts';
import { languageOf, STATE_LABELS, withTranslation } from './translation-text.ts';
import './translations.css';

/** What a form's translatable fields share: the draft's translations, and the saved item whose states they show. */
export interface Translating {
  translations: Translations | undefined;
  /** `field`'s text (or rows) in `language` typed (an empty text or list is no translation). */
  onTranslate: (language: string, field: string, text: unknown) => void;
  /** The item as saved; absent for a new one (nothing is translated yet). */
  stored?: Translatable | undefined;
}

/** The props of the field's control in one language: a text's, or (`V`) a list's. */
export interface TextProps<V = string> {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  required?: boolean;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

export function TranslatableField<V = string>({
  field,
  translating,
  untranslated = '' as V,
  children,
  ...text
}: TextProps<V> & {
  /** The translated field's name (`title`, `description`…). */
  field: string;
  /** Absent where the form keeps no translations: the field alone. */
  translating: Translating | undefined;
  /** A language's value before it is translated: an empty text, or (a list) no rows. */
  untranslated?: V;
  /** The control, given its props in one language. */
  children: (props: TextProps<V>) => ReactNode;
}) {
  const languages = useSiteLanguages();
  const [shown, setShown] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (!translating || languages.length < 2) return children(text);

  // A language removed meanwhile leaves the last tab shown.
  const index = Math.min(shown, languages.length - 1);
  const tag = languages[index]!;
  const { translations, onTranslate, stored } = translating;
  const language = languageOf(tag);
  const props: TextProps<V> =
    tag === languages[0]
      ? text
      : {
          id: `${text.id}-${tag}`,
          label: `${text.label} (${language.englishName})`,
          value: (translations?.[tag]?.[field] as V | undefined) ?? untranslated,
          onChange: (value) => onTranslate(tag, field, value),
          lang: tag,
          dir: language.dir,
        };

  function move(event: KeyboardEvent) {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: languages.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + languages.length) % languages.length;
    setShown(next);
    tabs.current[next]?.focus();
  }

  const panel = `${text.id}-languages`;
  return (
    <div className="translatable field-wide">
      <div className="language-tabs" role="tablist" aria-label={`Languages for ${text.label}`} onKeyDown={move}>
        {languages.map((each, position) => {
          const state = stored && position > 0 ? translationState(stored, field, each) : null;
          return (
            <button
              key={each}
              ref={(button) => {
                tabs.current[position] = button;
              }}
              type="button"
              role="tab"
              id={`${panel}-${each}`}
              aria-selected={position === index}
              aria-controls={panel}
              tabIndex={position === index ? 0 : -1}
              className="language-tab"
              onClick={() => setShown(position)}
            >
              <span lang={each}>{languageOf(each).nativeName}</span>
              {state && <span className={`badge translation-${state}`}>{STATE_LABELS[state]}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panel} aria-labelledby={`${panel}-${tag}`} className="language-panel">
        {children(props)}
      </div>
    </div>
  );
}

/** The translations of a form whose draft keeps them (`draft.translations`). */
export function translatingOf<Draft extends { translations?: Translations | undefined }>(
  draft: Draft,
  onChange: (draft: Draft) => void,
  stored: Translatable | undefined,
): Translating {
  return {
    translations: draft.translations,
    onTranslate: (language, field, text) =>
      onChange({ ...draft, translations: withTranslation(draft.translations, language, field, text) }),
    stored,
  };
}
