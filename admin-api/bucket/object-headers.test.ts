import { describe, expect, it } from 'vitest';
import { readBucketConfig } from './bucket-config.ts';
import { IMMUTABLE, objectHeaders, REVALIDATE } from './object-headers.ts';

describe('objectHeaders', () => {
  it('keeps hashed assets, images and documents for a year', () => {
    expect(objectHeaders('/_astro/client.BXx7h2pV.js')).toEqual({
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: IMMUTABLE,
    });
    expect(objectHeaders(`/images/${'a'.repeat(32)}.jpg-640.webp`)).toEqual({
      contentType: 'image/webp',
      cacheControl: IMMUTABLE,
    });
    expect(objectHeaders(`/documents/${'a'.repeat(32)}.pdf`).cacheControl).toBe(IMMUTABLE);
  });

  it('has pages and feeds checked again', () => {
    expect(objectHeaders('/about/leadership/index.html')).toEqual({
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
    });
    expect(objectHeaders('/rss.xml')).toEqual({
      contentType: 'application/rss+xml; charset=utf-8',
      cacheControl: REVALIDATE,
    });
    expect(objectHeaders('/events.ics').contentType).toBe('text/calendar; charset=utf-8');
    // A language's own feeds.
    expect(objectHeaders('/hi/rss.xml').contentType).toBe('application/rss+xml; charset=utf-8');
    expect(objectHeaders('/hi/events.ics').contentType).toBe('text/calendar; charset=utf-8');
    // Each event category's calendar, in each language.
    expect(objectHeaders('/calendars/examinations.ics').contentType).toBe('text/calendar; charset=utf-8');
    expect(objectHeaders('/hi/calendars/examinations.ics').contentType).toBe('text/calendar; charset=utf-8');
    expect(objectHeaders('/sitemap.xml').contentType).toBe('application/xml; charset=utf-8');
    expect(objectHeaders('/favicon.svg')).toEqual({ contentType: 'image/svg+xml', cacheControl: REVALIDATE });
  });
});

describe('readBucketConfig', () => {
  it('is off without a bucket, and normalises the prefix', () => {
    expect(readBucketConfig({})).toBeNull();
    expect(readBucketConfig({ PUBLISH_S3_BUCKET: 'site', PUBLISH_S3_PREFIX: '/www' })).toEqual({
      bucket: 'site',
      endpoint: undefined,
      region: 'us-east-1',
      prefix: 'www/',
    });
  });
});
