import { describe, expect, it } from 'vitest';
import { auditAction } from './audit-action.ts';

describe('auditAction', () => {
  it.each([
    ['POST', '/api/events', 'event.create'],
    ['PUT', '/api/events/:id', 'event.update'],
    ['DELETE', '/api/news/:id', 'news.delete'],
    ['DELETE', '/api/news/:id/image', 'news.image.delete'],
    ['POST', '/api/logos', 'logo.create'],
    ['POST', '/api/homegallery', 'homegallery.create'],
    ['PUT', '/api/person-image/:role', 'person-image.update'],
    ['PUT', '/api/alumni/:id/approve', 'alumni.approve'],
    ['DELETE', '/api/alumni/:id', 'alumni.delete'],
    ['DELETE', '/api/admin/accounts/:username', 'account.delete'],
    ['POST', '/api/admin/create', 'account.create'],
    ['PUT', '/api/admin/password', 'password.change'],
    ['POST', '/api/admin/2fa/setup', 'two-factor.setup'],
    ['POST', '/api/admin/2fa/enable', 'two-factor.enable'],
    ['POST', '/api/admin/2fa/disable', 'two-factor.disable'],
    ['POST', '/api/upload', 'image.upload'],
    ['PUT', '/api/content', 'content.update'],
    // Routes added later are named the same way without being listed anywhere.
    ['PUT', '/api/settings', 'settings.update'],
    ['POST', '/api/admin/history/:version/restore', 'history.restore'],
    ['DELETE', '/api/admin/messages/:id', 'message.delete'],
  ])('%s %s is %s', (method, path, action) => {
    expect(auditAction(method, path)).toBe(action);
  });
});
