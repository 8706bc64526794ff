/**
 * Sends the outbox's announcements to the browsers subscribed to notifications, with `web-push`:
 * each notification encrypted for its browser (RFC 8291) and signed with the server's VAPID key
 * (RFC 8292), emergencies with `Urgency: high`. The request is sent with fetch, to endpoints the
 * server accepted (push-endpoints.ts); a subscription the push service no longer knows (404, 410)
 * is removed.
 */
import webpush from 'web-push';
import type { PushDevice } from '../../site/contract/subscriptions.ts';
import { inLanguage } from '../../site/contract/translations.ts';
import type { Stores } from '../store/stores.ts';
import { announcementNotification } from './announcement-notifications.ts';
import type { Announcement } from './announcements.ts';
import { byId } from './by-id.ts';
import type { Outcome } from './outbox.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** How long a push service keeps a notification for a device that is off: a day. */
const TTL_SECONDS = 86_400;
const TIMEOUT_MS = 10_000;

export interface PushSenderDeps {
  stores: Pick<Stores, 'content' | 'pushDevices'>;
  vapid: VapidKeys;
  siteUrl: string;
}

/** A push service's refusal: its status, for the outbox to tell a bounce (4xx) from a retry. */
export class PushRefused extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`The push service answered ${statusCode}`);
    this.statusCode = statusCode;
  }
}

/** A refusal for good: the push service will not take this notification for this device (4xx). */
export const isPushRefusal = (error: unknown) =>
  error instanceof PushRefused && error.statusCode >= 400 && error.statusCode < 500;

/** Whether `device` is to be notified of `announcement`: of its topics, never a digest. */
export function notifies(device: PushDevice, announcement: Announcement): boolean {
  if (announcement.kind === 'digest') return false;
  const topic = announcement.kind === 'alert' ? 'alerts' : announcement.announced.topic;
  return device.topics.includes(topic);
}

export function pushSender({ stores, vapid, siteUrl }: PushSenderDeps) {
  return {
    async send(announcement: Announcement, recipient: string): Promise<Exclude<Outcome, 'bounced'>> {
      const device = byId(stores.pushDevices.data.devices, recipient);
      if (!device || announcement.kind === 'digest' || !notifies(device, announcement)) return 'skipped';
      const { settings } = stores.content.data;
      const notification = announcementNotification(announcement, device.language, {
        school: inLanguage(settings, device.language).schoolName,
        siteUrl,
        languages: settings.languages,
      });
      const emergency = announcement.kind === 'alert' && announcement.alert.level === 'emergency';
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: device.keys },
        JSON.stringify(notification),
        {
          vapidDetails: { subject: `mailto:${settings.email}`, ...vapid },
          TTL: TTL_SECONDS,
          urgency: emergency ? 'high' : 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body && new Uint8Array(request.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (answer.status === 404 || answer.status === 410) {
        await stores.pushDevices.update((draft) => {
          draft.devices = draft.devices.filter((candidate) => candidate._id !== device._id);
        });
        return 'skipped';
      }
      if (!answer.ok) throw new PushRefused(answer.status);
      return 'sent';
    },
  };
}
