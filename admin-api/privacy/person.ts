/** One person's records, found by the e-mail address or phone number they gave. */
import { emailKey, type PersonQuery, phoneKey } from '../../site/contract/personal-data.ts';

/** What a record gives of its person: an e-mail address, a phone number (either may be empty). */
export interface PersonFields {
  email: string;
  phone: string;
}

/** The keys a query compares: `email:<address>` or `phone:<last ten digits>`. */
export function queryKey(query: PersonQuery): string {
  return query.email ? `email:${emailKey(query.email)}` : `phone:${phoneKey(query.phone ?? '')}`;
}

/** The keys of a record, as a query's are made; an empty field gives none. */
export function personKeys({ email, phone }: PersonFields): string[] {
  const keys: string[] = [];
  if (email.trim()) keys.push(`email:${emailKey(email)}`);
  if (phoneKey(phone).length >= 7) keys.push(`phone:${phoneKey(phone)}`);
  return keys;
}

/** Whether a record is about the person `key` names. */
export const isAbout = (key: string) => (record: PersonFields) => personKeys(record).includes(key);
