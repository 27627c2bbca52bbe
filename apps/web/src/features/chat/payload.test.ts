import { describe, expect, it } from 'vitest';
import { chatPayload } from './payload.js';
import type { ChatMessage } from './chat-store.js';

const msg = (role: 'user' | 'assistant', content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({ id: Math.random().toString(36), role, content, ...extra });

describe('chat payload', () => {
  it('carries the question, model, mentioned tables and the data source context', () => {
    const p = chatPayload(
      { input: 'count orders' },
      { dataSourceId: 1, dataSourceName: 'Demo', databaseType: 'SQLITE', databaseName: 'main' },
      'test-model',
      [{ tableName: 'orders', tableType: 'TABLE' }],
      [],
    );
    expect(p).toMatchObject({
      questionType: 'NL_2_SQL',
      input: 'count orders',
      source: 'DRAWER_CHAT',
      model: 'test-model',
      tableList: [{ tableName: 'orders', tableType: 'TABLE' }],
      dataSourceId: 1,
      databaseName: 'main',
    });
    expect(p).not.toHaveProperty('dataSourceCollectionId');
    expect(p.history).toBeUndefined();
  });

  it('a collection context sends only the collection id', () => {
    const p = chatPayload({ input: 'x', questionType: 'SQL_DEBUG', errorMessage: 'boom' }, { collectionId: 7, collectionTitle: 'Sales' }, undefined, [], []);
    expect(p).toMatchObject({ dataSourceCollectionId: 7, questionType: 'SQL_DEBUG', errorMessage: 'boom' });
    expect(p).not.toHaveProperty('dataSourceId');
    expect(p.model).toBeUndefined();
  });

  it('sends whole earlier turns only, never a failed one', () => {
    const history = [
      msg('user', 'q1'),
      msg('assistant', 'a1'),
      msg('user', 'q2'),
      msg('assistant', '', { error: { kind: 'server', message: 'no' } }),
      msg('user', 'q3'),
      msg('assistant', 'a3'),
    ];
    expect(chatPayload({ input: 'q4' }, {}, undefined, [], history).history).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q3' },
      { role: 'assistant', content: 'a3' },
    ]);
  });
});
