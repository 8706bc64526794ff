/**
 * The alumni registration (spec §3, §5): checked by the form in the browser, which loads this file
 * when the form is sent, and by the server (POST /api/alumni). zod/mini: see form-fields.ts.
 */
import * as z from 'zod/mini';
import { ConsentInput, optionalText, PHONE_PATTERN, requiredEmail, requiredText } from './form-fields.ts';

export const GENDERS = ['male', 'female'] as const;

export const AlumniInput = z.object({
  fullName: requiredText('Full name', 120),
  gender: z.enum(GENDERS, { error: 'Please choose male or female' }),
  mobile: requiredText('Mobile number', 20).check(z.regex(PHONE_PATTERN, 'Please enter a valid mobile number')),
  email: requiredEmail(),
  address: requiredText('Address', 500),
  periodOfStudy: requiredText('Period of study', 50),
  qualification: requiredText('Qualification', 200),
  occupation: requiredText('Occupation', 200),
  companyName: optionalText('Company name', 200),
  companyAddress: optionalText('Company address', 500),
  message: optionalText('Message', 2000),
  consent: ConsentInput,
});
export type AlumniInput = z.infer<typeof AlumniInput>;
