import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { MessageAnswer } from '../../site/contract/api.ts';
import { PushSubscriptionRequest, PushUnsubscribeRequest } from '../../site/contract/push.ts';
import { PushKey } from '../../site/contract/subscriptions.ts';
import type { AppDeps } from '../app-deps.ts';
import { countFromConnection } from '../http/connection-limit.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { SlidingWindow } from '../http/sliding-window.ts';
import { operations } from '../openapi/operation.ts';
import { isAllowedEndpoint } from '../subscriptions/push-endpoints.ts';
import { siteLanguageOf } from '../subscriptions/site-language.ts';
import { subscriptionTokens } from '../subscriptions/subscription-tokens.ts';

export const DEVICE_SUBSCRIBED = 'This device will be notified.';
export const DEVICE_UNSUBSCRIBED = 'This device will not be notified any more.';
const NO_PUSH = 'Notifications are not available on this server.';
const NOT_A_PUSH_SERVICE =
  "The endpoint is not a browser's push service (Google, Mozilla, Apple or Microsoft): notifications cannot be sent there.";

/** Subscriptions one connection may make per hour. */
const SUBSCRIPTIONS_PER_HOUR = 30;

/**
 * Notifications on a phone or computer (issue 35): the server's VAPID public key, and a browser's
 * subscription made or removed. No account: the subscription's endpoint, which only its browser
 * knows, names it. Endpoints are accepted on the browsers' push services only (push-endpoints.ts).
 */
export function pushRoutes(deps: AppDeps) {
  const { stores, trustProxy, push } = deps;
  const op = operations(deps);
  const made = new SlidingWindow(60 * 60_000);
  const tokens = subscriptionTokens(deps.jwtSecret);
  /** The e-mail subscription a token opens (404 when none: the device is not added). */
  const subscriptionOf = (token: string) => {
    const id = tokens.idOf(token);
    if (!id || !stores.subscriptions.data.subscriptions.some((one) => one._id === id)) {
      throw new HttpError(404, 'This subscription no longer exists. You can subscribe again on the Get updates page.');
    }
    return id;
  };
  const available = () => {
    if (!push) throw new HttpError(503, NO_PUSH);
    return push;
  };

  return new Hono()
    .get(
      '/push/key',
      op({
        tag: 'Visitors',
        summary: 'The key to subscribe a browser to notifications with',
        description:
          'The server’s VAPID public key (RFC 8292), made at its first start and kept in `DATA_DIR`: the `applicationServerKey` of `pushManager.subscribe`.',
        answers: { 200: { description: 'The public key.', schema: PushKey } },
        refusals: { 503: NO_PUSH },
      }),
      (c) => c.json({ publicKey: available().publicKey }),
    )
    .post(
      '/push-subscriptions',
      op({
        tag: 'Visitors',
        summary: 'Notify this browser',
        description:
          'The browser’s `PushSubscription` JSON (`endpoint`, `keys.p256dh`, `keys.auth`) with `topics` (any of `alerts`, `news`, `events`, `circulars`) and an optional `language` (one of the site’s). ' +
          'Notifications go at once; the same endpoint again changes its topics. The endpoint must be on a browser’s push service (Google, Mozilla, Apple, Microsoft) or a host of `PUSH_ENDPOINT_HOSTS`.' +
          'From an e-mail subscription’s own page, `token` (of its links) makes the device that subscription’s: a search of personal data by its address finds the device, and its erasure removes it.',
        body: PushSubscriptionRequest,
        example: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/dFjk8…',
          expirationTime: null,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
          topics: ['alerts'],
        },
        answers: { 201: { description: 'The device will be notified.', schema: MessageAnswer } },
        refusals: {
          404: 'The `token` is not one of a subscription of this site.',
          429: 'Too many subscriptions from this connection: the message and the `Retry-After` header say how long to wait.',
          503: NO_PUSH,
        },
      }),
      async (c) => {
        const { endpointHosts } = available();
        const request = await readJson(c, PushSubscriptionRequest);
        if (!isAllowedEndpoint(request.endpoint, endpointHosts)) throw new HttpError(400, NOT_A_PUSH_SERVICE);
        const language = siteLanguageOf(stores.content.data.settings, request.language);
        countFromConnection(c, made, { limit: SUBSCRIPTIONS_PER_HOUR, trustProxy, what: 'requests' });
        const { endpoint, keys, topics } = request;
        const subscription = request.token === undefined ? undefined : subscriptionOf(request.token);
        await stores.pushDevices.update((draft) => {
          const known = draft.devices.find((device) => device.endpoint === endpoint);
          const fields = { keys, topics, language, ...(subscription && { subscription }) };
          if (known) Object.assign(known, fields);
          else draft.devices.push({ _id: randomUUID(), endpoint, createdAt: new Date().toISOString(), ...fields });
        });
        return c.json({ message: DEVICE_SUBSCRIBED }, 201);
      },
    )
    .delete(
      '/push-subscriptions',
      op({
        tag: 'Visitors',
        summary: 'Stop notifying this browser',
        description: 'Removes the subscription of this `endpoint`; removing it again answers the same.',
        body: PushUnsubscribeRequest,
        answers: { 200: { description: 'The device will not be notified.', schema: MessageAnswer } },
      }),
      async (c) => {
        const { endpoint } = await readJson(c, PushUnsubscribeRequest);
        await stores.pushDevices.update((draft) => {
          draft.devices = draft.devices.filter((device) => device.endpoint !== endpoint);
        });
        return c.json({ message: DEVICE_UNSUBSCRIBED });
      },
    );
}
