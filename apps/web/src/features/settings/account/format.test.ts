import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './format';

describe('session device names', () => {
  it('names the browser, its major version and the system', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toBe('Headless Chrome 156 · Linux');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toBe('Safari 17 · macOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0')).toBe('Edge 140 · Windows');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl 8');
  });
  it('has nothing to say without a User-Agent, and keeps an unknown one short', () => {
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('x'.repeat(100))).toHaveLength(60);
  });
});
