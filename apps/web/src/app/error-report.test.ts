import { describe, expect, it } from 'vitest';
import { errorReport, safeLink } from './error-report';

describe('errorReport', () => {
  it('lists method, path, status, code, message, detail, time and the solution link', () => {
    const text = errorReport({
      message: 'Cannot connect', errorCode: 'CONNECTION_FAILED', status: 400, detail: 'ECONNREFUSED 127.0.0.1:1',
      call: { method: 'GET', path: '/api/rdb/view/list', time: '2026-11-27T16:00:00.000Z', solutionLink: '/help/connection.html#CONNECTION_FAILED' },
    });
    expect(text.split('\n')).toEqual([
      'Interface: GET /api/rdb/view/list', 'Status: 400', 'Code: CONNECTION_FAILED', 'Message: Cannot connect', 'Detail: ECONNREFUSED 127.0.0.1:1',
      'Time: 2026-11-27T16:00:00.000Z', expect.stringMatching(/^Solution: .*\/help\/connection\.html#CONNECTION_FAILED$/),
    ]);
  });
  it('a link that is neither a local path nor https is dropped', () => {
    expect(safeLink('javascript:alert(1)', 'http://x')).toBeUndefined();
    expect(safeLink('//evil.example/x', 'http://x')).toBeUndefined();
    expect(safeLink('/help/a.html', 'http://x')).toBe('http://x/help/a.html');
    expect(safeLink('https://docs.example/a', 'http://x')).toBe('https://docs.example/a');
  });
});
