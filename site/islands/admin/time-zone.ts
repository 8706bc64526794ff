import { createContext, useContext } from 'react';
import { DEFAULT_TIME_ZONE } from '../../contract/dates.ts';

/** The school's time zone from its settings, for every section that reads or writes a date. */
export const SchoolTimeZone = createContext(DEFAULT_TIME_ZONE);

export const useSchoolTimeZone = () => useContext(SchoolTimeZone);
