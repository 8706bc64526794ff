/**
 * The school's own pages on a fresh install, in Markdown: texts a fictional CBSE-style school in
 * India would publish, for the school's staff to adapt in the dashboard.
 */
import type { Page } from '../../site/contract/pages.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';

const ADMISSIONS = `Thank you for considering Sunridge Valley School for your child. Admissions for the next academic year open every **December**, and we admit children to Classes 1 to 9 and to Class 11 as long as seats are available.

## How to apply

1. **Visit us.** Campus tours run every Saturday morning during the admission season. Please [contact the office](/contact) to book a place.
2. **Collect or download the application form** at the school office, and return it with the documents listed below.
3. **Meet us.** Children applying for Class 1 spend a relaxed hour with our primary teachers; from Class 2 onwards there is a short assessment in English, mathematics and a second language.
4. **Receive our decision** within two weeks of the meeting, with the fee schedule and the date by which the admission must be confirmed.

## Age for admission

| Class | Age on 31 March of the year of admission |
| --- | --- |
| Class 1 | 6 years or more |
| Class 2 | 7 years or more |
| Class 3 and above | According to the previous class completed |

## Documents to bring

- Birth certificate issued by the municipal authority
- Transfer certificate and the last report card (from Class 2 onwards)
- Two recent passport-size photographs of the child
- Proof of residence and a photo identity of a parent
- Caste or disability certificate, where it applies

## Seats under the Right to Education Act

25% of the seats in Class 1 are reserved for children from economically weaker sections and disadvantaged groups, as the Right of Children to Free and Compulsory Education Act, 2009 requires. These seats are filled through the state government's admission portal and lottery, not through the school.

## Fees

The fee structure of the year is shown in the [Mandatory Public Disclosure](/mandatory-public-disclosure) and given to every family with the offer of admission. Fees are paid at the school office or by bank transfer to the school's account only; the school never asks for payment to a personal account.

Questions? [Write to us or call the office](/contact): we are happy to help.`;

const PRIVACY = `This page explains what personal information this website collects, why, who sees it, and how you can ask us to delete it.

## What we collect

The public pages of this website can be read without giving us any information. We only receive personal information when you send it to us through one of two forms:

- **Alumni registration** (the [Alumni](/alumni) page): your full name, gender, mobile number, e-mail address, postal address, period of study, qualification and occupation, and, if you choose to give them, your company's name and address and a message.
- **Contact form** (the [Contact Us](/contact) page): your name, e-mail address, optional phone number, the subject you chose and your message.

The website sets no advertising or tracking cookies and uses no analytics service. Our server keeps technical records (such as the address a request came from) for a short time to protect the site against abuse.

## Why we collect it

- Alumni registrations let the school keep in touch with former students: invitations to reunions and school events, and news from the school.
- Contact messages let the school office answer your question or request.

We do not use this information for anything else, we never sell it, and we do not share it with anyone outside the school unless the law requires us to.

## Who sees it

Only the school's office staff who administer this website can see alumni registrations and contact messages, in a password-protected administration area. They are never shown on a public page of the website. When the school has set up e-mail notifications, a copy of each message and registration is also sent to the school office's mailbox.

## Your rights and how to ask for deletion

You may ask us at any time to show you the information we hold about you, to correct it, or to delete it. Please [write to the school office](/contact) with your name and the e-mail address or phone number you used, and say what you would like us to do. We will reply within 30 days and confirm once the information has been deleted. When you send a form, we record that you agreed to this notice, and which version of it you read.

How long we keep each kind of information is listed at the end of this page.

We handle personal information in line with India's Digital Personal Data Protection Act, 2023. If this policy changes, the new version will be published on this page.`;

const DISCLAIMER = `The information on this website is published by Sunridge Valley School in good faith, for general information about the school.

## Accuracy

We take care to keep the content of this website correct and up to date, but we cannot guarantee that every detail is complete or current at all times. Dates of events, examination schedules, fees and admission details may change: the circulars issued by the school office and the information given to parents in writing take precedence over this website.

## Links to other websites

This website links to other websites, such as the school's social media pages and government portals. We are not responsible for the content or the privacy practices of those websites.

## Photographs and content

Photographs of students are published only with the consent of their parents. If you would like a photograph removed, please [contact the school office](/contact) and we will remove it promptly.

The texts, photographs and logos on this website belong to the school. Please ask for permission before reusing them.

## Official communication

The school contacts parents only through its official phone numbers, e-mail address and circulars. The school never asks for fees or donations to be paid into a personal bank account or through a messaging app. If you receive such a request in the school's name, please inform the school office at once.`;

const MANDATORY_PUBLIC_DISCLOSURE = `The information below is published as the affiliation bye-laws of the Central Board of Secondary Education (CBSE) require. Copies of the documents listed are available for inspection at the school office during office hours, and will be linked from this page.

## A. General information

| Information | Details |
| --- | --- |
| Name of the school | Sunridge Valley School |
| Affiliation number | SVS/AFF/1987/012 |
| School code | SVS-012 |
| Complete address | 12 Orchard Lane, Hillview Layout, Sunridge Valley 560 123, India |
| Head of the school | Mrs. Ishita Panchanathan, Headmistress (M.Sc., B.Ed.) |
| School e-mail | office@sunridgevalley.example |
| Contact number | +91 80 4000 1234 |

## B. Documents and information

| Document | Status |
| --- | --- |
| Affiliation and its latest extension | Available at the school office |
| Registration certificate of the trust that runs the school | Available at the school office |
| No objection certificate issued by the state government | Available at the school office |
| Recognition certificate under the RTE Act, 2009 | Available at the school office |
| Building safety certificate | Available at the school office |
| Fire safety certificate | Available at the school office |
| Self-certification submitted for affiliation | Available at the school office |
| Water, health and sanitation certificates | Available at the school office |

## C. Results and academics

| Information | Details |
| --- | --- |
| Fee structure of the school | Given to every family with the offer of admission; available at the school office |
| Annual academic calendar | See the [Academic Corner](/academic-corner) |
| School Management Committee | List available at the school office |
| Parent-Teacher Association | List available at the school office |
| Results of the last three years (Classes 10 and 12) | Available at the school office |

## D. Staff (teaching)

| Information | Details |
| --- | --- |
| Head of the school | 1 |
| Total number of teachers | 68 |
| Post-graduate teachers (PGT) | 14 |
| Trained graduate teachers (TGT) | 24 |
| Primary teachers (PRT) | 26 |
| Teacher to section ratio | 1.5 : 1 |
| Special educator | 1 |
| Counsellor and wellness teacher | 2 |

## E. School infrastructure

| Information | Details |
| --- | --- |
| Total campus area | 12,000 square metres |
| Number and size of classrooms | 46, each about 50 square metres |
| Number and size of laboratories, including computer laboratories | 5, each about 70 square metres |
| Internet facility | Yes |
| Girls' toilets | 24 |
| Boys' toilets | 24 |`;

const ACCESSIBILITY = `Sunridge Valley School wants everyone to be able to use this website, including people who use a screen reader, a keyboard instead of a mouse, or who enlarge the text.

## What we do

We aim to meet level AA of the Web Content Accessibility Guidelines (WCAG) 2.2. In particular:

- Every page can be used with the keyboard alone, and a "Skip to content" link leads past the menu.
- Pages are built with headings, lists and labelled landmarks that screen readers announce.
- Photographs have text alternatives or captions.
- Text and buttons have enough contrast, and the pages can be enlarged up to 400% without losing content.
- The moving photo strip on the home page can be paused, and it stands still for visitors who ask their device for reduced motion.
- Form fields have visible labels, and errors are explained in words, not only in colour.

## What is not yet as good as it should be

- Some older circulars and documents are scanned PDF files that screen readers cannot read. Ask us for a copy in another format and we will send it to you.
- Photographs in the gallery are described by short captions only.

## Tell us about a problem

If something on this website is hard to use for you, or you need information in another format, please [contact the school office](/contact). We will reply within five working days.

We review this statement every year.`;

export function defaultPages(): Page[] {
  return [
    { slug: 'admissions', title: 'Admissions', body: ADMISSIONS, ...PUBLISHED_NOW },
    { slug: 'privacy', title: 'Privacy Policy', body: PRIVACY, ...PUBLISHED_NOW },
    { slug: 'disclaimer', title: 'Disclaimer', body: DISCLAIMER, ...PUBLISHED_NOW },
    {
      slug: 'mandatory-public-disclosure',
      title: 'Mandatory Public Disclosure',
      body: MANDATORY_PUBLIC_DISCLOSURE,
      ...PUBLISHED_NOW,
    },
    { slug: 'accessibility', title: 'Accessibility Statement', body: ACCESSIBILITY, ...PUBLISHED_NOW },
  ];
}
