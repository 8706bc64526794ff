import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { isAllowedEndpoint } from './push-endpoints.ts';

describe('push endpoints', () => {
  it('are the browsers’ push services, over HTTPS', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGk1',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(isAllowedEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it('are no other address, however it is dressed up', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.com@evil.example/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost:5000/api/admin/accounts',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(isAllowedEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('are also the hosts PUSH_ENDPOINT_HOSTS names, and only those', () => {
    const extra = readConfig({ PUSH_ENDPOINT_HOSTS: ' push.school.example , LOCALHOST ' }).pushEndpointHosts;
    expect(extra).toEqual(['push.school.example', 'localhost']);
    expect(isAllowedEndpoint('https://push.school.example/d/1', extra)).toBe(true);
    expect(isAllowedEndpoint('http://localhost:4001/d/1', extra)).toBe(true);
    expect(isAllowedEndpoint('https://other.school.example/d/1', extra)).toBe(false);
  });
});
