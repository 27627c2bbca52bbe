import { describe, expect, it } from 'vitest';
import { loginHref, safeRedirect, standalonePage } from './redirect';

describe('login redirect parameter', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeRedirect('/team?x=1#/team')).toBe('/team?x=1#/team');
    expect(safeRedirect('/invite?token=abc')).toBe('/invite?token=abc');
  });
  it('refuses other sites, protocol-relative and backslash tricks', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, undefined, 'team'])
      expect(safeRedirect(bad)).toBe('/workspace');
  });
  it('never returns to the login page itself', () => {
    expect(safeRedirect('/login?redirect=/team')).toBe('/workspace');
  });
  it('builds the login address with the return path encoded', () => {
    expect(loginHref('/team?a=1&b=2#x')).toBe('/login?redirect=%2Fteam%3Fa%3D1%26b%3D2%23x');
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('/login?redirect=/x')).toBe('/login');
    expect(loginHref('/workspace', 'zh-CN')).toBe('/login?redirect=%2Fworkspace&language=zh-CN');
  });
  it('knows the pages outside the main shell', () => {
    expect(standalonePage('/login')).toBe('login');
    expect(standalonePage('/invite/')).toBe('invite');
    expect(standalonePage('/workspace')).toBeNull();
  });
});
