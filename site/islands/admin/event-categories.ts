import { createContext, useContext } from 'react';
import { DEFAULT_EVENT_CATEGORIES } from '../../contract/settings.ts';

/** The school's event categories from its settings: the event form offers them. */
export const EventCategories = createContext<readonly string[]>(DEFAULT_EVENT_CATEGORIES);

export const useEventCategories = () => useContext(EventCategories);
