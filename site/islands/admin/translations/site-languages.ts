import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGES } from '../../../contract/languages.ts';

/** The site's languages from its settings, the default first: the forms offer a tab for each. */
export const SiteLanguages = createContext<readonly string[]>(DEFAULT_LANGUAGES);

export const useSiteLanguages = () => useContext(SiteLanguages);
