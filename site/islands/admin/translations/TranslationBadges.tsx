import type { Translatable } from '../../../contract/translations.ts';
import { useSiteLanguages } from './site-languages.ts';
import { itemTranslationState, languageOf, STATE_LABELS } from './translation-text.ts';

/** How far a saved item is translated into each of the site's other languages; nothing on a site of one language. */
export function TranslationBadges({ item, fields }: { item: Translatable; fields: readonly string[] }) {
  const [, ...others] = useSiteLanguages();
  const states = others.flatMap((tag) => {
    const state = itemTranslationState(item, fields, tag);
    return state ? [{ tag, state }] : [];
  });
  if (states.length === 0) return null;
  return (
    <ul className="translation-badges" aria-label="Translations">
      {states.map(({ tag, state }) => (
        <li key={tag} className={`badge translation-${state}`}>
          <span lang={tag}>{languageOf(tag).nativeName}</span>: {STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}
