import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import { MessageAnswer } from '../../site/contract/api.ts';
import { HONEYPOT_FIELD } from '../../site/contract/contact-subjects.ts';
import {
  ConfirmationRequest,
  type Subscription,
  SubscriptionChoice,
  SubscriptionRequest,
  SubscriptionView,
} from '../../site/contract/subscriptions.ts';
import { inLanguage } from '../../site/contract/translations.ts';
import { MESSAGE_PARAMETER } from '../../site/lib/subscription-paths.ts';
import type { AppDeps } from '../app-deps.ts';
import { countFromConnection } from '../http/connection-limit.ts';
import { HttpError } from '../http/errors.ts';
import { filledHoneypot } from '../http/honeypot.ts';
import { readJson, readJsonBody, validate } from '../http/json-body.ts';
import { SlidingWindow } from '../http/sliding-window.ts';
import { operations } from '../openapi/operation.ts';
import { privacyNoticeVersion } from '../privacy/privacy-notice.ts';
import { siteLanguageOf } from '../subscriptions/site-language.ts';
import { alreadySubscribedMail, confirmationMail } from '../subscriptions/subscriber-mails.ts';
import { subscriptionLinks } from '../subscriptions/subscription-links.ts';
import { requestSubscription } from '../subscriptions/subscription-requests.ts';
import { subscriptionTokens } from '../subscriptions/subscription-tokens.ts';

export const SUBSCRIPTION_ASKED =
  'Thank you! Please check your e-mail: we have sent a link to confirm your subscription.';
export const UNSUBSCRIBED = 'You are unsubscribed. You will receive no more e-mails from us.';
const NO_MAIL = 'E-mail updates are not available yet: the school has not set up its e-mail.';
const NOT_OURS = 'This link is not valid. Please use the link in your latest e-mail from the school.';
const GONE = 'This subscription no longer exists. You can subscribe again on the Get updates page.';

/**
 * Requests to subscribe one connection may make per hour: the parents at a school meeting, who
 * share the school's Wi-Fi, fit; a program entering addresses by the thousand does not.
 */
const REQUESTS_PER_HOUR = 30;

/** How the calls after the first know whose subscription it is. */
const BY_LINK =
  'No account: the `token` of the subscription’s links in its e-mails opens that subscription, and no other.';

const TokenQuery = z.object({ token: z.string().max(200).describe('The token of the link in the e-mail.') });
const LeavingQuery = TokenQuery.extend({
  [MESSAGE_PARAMETER]: z
    .string()
    .max(200)
    .optional()
    .describe('The message whose link it was: the mail log counts who left after which message, not who.'),
});

/**
 * Subscriptions without an account (issue 35): anyone may ask; the address receives a link to
 * confirm (double opt-in), and every e-mail after links the subscription's own page, where its
 * owner changes what it receives or leaves. The links hold a signed token, not an account.
 */
export function subscriptionRoutes(deps: AppDeps) {
  const { stores, trustProxy, notifier } = deps;
  const op = operations(deps);
  const tokens = subscriptionTokens(deps.jwtSecret);
  const asked = new SlidingWindow(60 * 60_000);

  /** The subscription the request's token opens: 404 when the token is not one of ours, or it is gone. */
  function subscriptionOf(c: Context): Subscription {
    const id = tokens.idOf(c.req.query('token') ?? '');
    if (id === null) throw new HttpError(404, NOT_OURS);
    const subscription = stores.subscriptions.data.subscriptions.find((candidate) => candidate._id === id);
    if (!subscription) throw new HttpError(404, GONE);
    return subscription;
  }

  async function change(id: string, apply: (subscription: Subscription) => void): Promise<SubscriptionView> {
    const { result } = await stores.subscriptions.update((draft) => {
      const subscription = draft.subscriptions.find((candidate) => candidate._id === id);
      if (!subscription) throw new HttpError(404, GONE);
      apply(subscription);
      return viewOf(subscription);
    });
    return result;
  }

  async function unsubscribe(c: Context) {
    const id = tokens.idOf(c.req.query('token') ?? '');
    if (id === null) throw new HttpError(404, NOT_OURS);
    // Gone already (a second click, a mail program's retry): the answer is the same.
    const { result: left } = await stores.subscriptions.update((draft) => {
      const before = draft.subscriptions.length;
      draft.subscriptions = draft.subscriptions.filter((subscription) => subscription._id !== id);
      return draft.subscriptions.length < before;
    });
    // The devices added from its own page go with it.
    if (stores.pushDevices.data.devices.some((device) => device.subscription === id)) {
      await stores.pushDevices.update((draft) => {
        draft.devices = draft.devices.filter((device) => device.subscription !== id);
      });
    }
    const message = c.req.query(MESSAGE_PARAMETER)?.slice(0, 200);
    if (left && message) await deps.mailLog?.recordUnsubscribe(message);
    return c.json({ message: UNSUBSCRIBED });
  }

  const languageOf = (requested: string | undefined) => siteLanguageOf(stores.content.data.settings, requested);

  function mailFor(kind: 'confirm' | 'already', subscription: Subscription) {
    const { settings } = stores.content.data;
    const links = subscriptionLinks(subscription, tokens.of(subscription._id), {
      siteUrl: deps.siteUrl ?? '',
      languages: settings.languages,
    });
    const compose = kind === 'confirm' ? confirmationMail : alreadySubscribedMail;
    return compose(subscription, inLanguage(settings, subscription.language).schoolName, links);
  }

  return new Hono()
    .post(
      '/subscriptions',
      op({
        tag: 'Visitors',
        summary: 'Subscribe to the school’s updates by e-mail',
        description:
          'Sends the address a link to confirm (double opt-in): nothing else is sent to it until the link is followed, and an unconfirmed subscription is deleted after 7 days. ' +
          'The answer is the same whether or not the address is already subscribed; an address already confirmed keeps its choice and is e-mailed the link to change it. ' +
          'At most 3 e-mails go to one address in 24 hours. `topics`: any of `alerts`, `news`, `events`, `circulars`; `frequency`: `instant` (default), `daily` or `weekly` (alerts always go at once); ' +
          '`language`: one of the site’s languages (default the first), for the e-mails’ words. ' +
          `A body whose \`${HONEYPOT_FIELD}\` field is filled in is answered the same and kept nowhere.`,
        body: SubscriptionRequest,
        example: { email: 'parent@example.org', topics: ['alerts', 'news'], frequency: 'daily', language: 'en' },
        answers: { 202: { description: 'The confirmation e-mail is on its way.', schema: MessageAnswer } },
        refusals: {
          429: 'Too many requests from this connection: the message and the `Retry-After` header say how long to wait.',
          503: 'No mail server is configured (`SMTP_URL`), so no e-mail can be sent.',
        },
      }),
      async (c) => {
        const body = await readJsonBody(c);
        if (filledHoneypot(body)) return c.json({ message: SUBSCRIPTION_ASKED }, 202);
        const request = validate(SubscriptionRequest, body);
        const language = languageOf(request.language);
        if (!notifier.sends) throw new HttpError(503, NO_MAIL);
        countFromConnection(c, asked, { limit: REQUESTS_PER_HOUR, trustProxy, what: 'requests' });
        const { result: mail, data } = await stores.subscriptions.update((draft) =>
          requestSubscription(draft.subscriptions, { ...request, language }, new Date()),
        );
        const subscription = mail && data.subscriptions.find((candidate) => candidate._id === mail.subscriptionId);
        if (mail && subscription) notifier.notify(mailFor(mail.kind, subscription));
        return c.json({ message: SUBSCRIPTION_ASKED }, 202);
      },
    )
    .post(
      '/subscriptions/confirm',
      op({
        tag: 'Visitors',
        summary: 'Confirm a subscription',
        description: `What the confirmation e-mail’s page sends. The confirmation is the consent: it is recorded with its time and the privacy notice’s version. Confirming again changes nothing. ${BY_LINK}`,
        body: ConfirmationRequest,
        answers: { 200: { description: 'The subscription, confirmed.', schema: SubscriptionView } },
        refusals: { 404: 'The token is not one of this site’s, or its subscription is gone.' },
      }),
      async (c) => {
        const { token } = await readJson(c, ConfirmationRequest);
        const id = tokens.idOf(token);
        if (id === null) throw new HttpError(404, NOT_OURS);
        const now = new Date();
        const notice = privacyNoticeVersion(stores.content.data, now);
        const view = await change(id, (subscription) => {
          if (subscription.confirmedAt) return;
          subscription.confirmedAt = now.toISOString();
          subscription.consent = { givenAt: now.toISOString(), notice };
        });
        return c.json(view);
      },
    )
    .get(
      '/subscriptions/mine',
      op({
        tag: 'Visitors',
        summary: 'What a subscription receives',
        description: `For the page the e-mails’ “change what you receive” link opens. ${BY_LINK}`,
        query: TokenQuery,
        answers: { 200: { description: 'The subscription.', schema: SubscriptionView } },
        refusals: { 404: 'The token is not one of this site’s, or its subscription is gone.' },
      }),
      (c) => c.json(viewOf(subscriptionOf(c))),
    )
    .put(
      '/subscriptions/mine',
      op({
        tag: 'Visitors',
        summary: 'Change what a subscription receives',
        description: `The topics, the frequency and the language of the e-mails. ${BY_LINK}`,
        query: TokenQuery,
        body: SubscriptionChoice,
        example: { topics: ['alerts', 'events'], frequency: 'weekly' },
        answers: { 200: { description: 'The subscription as changed.', schema: SubscriptionView } },
        refusals: { 404: 'The token is not one of this site’s, or its subscription is gone.' },
      }),
      async (c) => {
        const { _id } = subscriptionOf(c);
        const choice = await readJson(c, SubscriptionChoice);
        const language = languageOf(choice.language);
        return c.json(await change(_id, (subscription) => Object.assign(subscription, { ...choice, language })));
      },
    )
    .delete(
      '/subscriptions/mine',
      op({
        tag: 'Visitors',
        summary: 'Unsubscribe',
        description: `Deletes the subscription. Unsubscribing again answers the same. ${BY_LINK}`,
        query: LeavingQuery,
        answers: { 200: { description: 'Unsubscribed.', schema: MessageAnswer } },
        refusals: { 404: 'The token is not one of this site’s.' },
      }),
      unsubscribe,
    )
    .post(
      '/subscriptions/unsubscribe',
      op({
        tag: 'Visitors',
        summary: 'Unsubscribe in one click (RFC 8058)',
        description: `The address of every e-mail’s \`List-Unsubscribe\` header, with \`List-Unsubscribe-Post: List-Unsubscribe=One-Click\`: a mail program’s \`POST\` of \`List-Unsubscribe=One-Click\` unsubscribes at once, with no sign-in and no confirmation page. ${BY_LINK}`,
        query: LeavingQuery,
        upload: { media: 'application/x-www-form-urlencoded', description: '`List-Unsubscribe=One-Click`' },
        answers: { 200: { description: 'Unsubscribed.', schema: MessageAnswer } },
        refusals: { 404: 'The token is not one of this site’s.' },
      }),
      unsubscribe,
    );
}

function viewOf({ email, topics, frequency, language, confirmedAt }: Subscription): SubscriptionView {
  return { email, topics: [...topics], frequency, language, confirmed: confirmedAt !== null };
}
