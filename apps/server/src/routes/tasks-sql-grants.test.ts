/**
 * A SQL script import by a member under grants: the route no longer splits the script, so the job
 * checks each group of statements against the member's live grants before running it. A statement
 * outside the grants ends the task before it runs; the groups before it stay committed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '@askdb/contracts';
import { permissionFixture, type PermissionFixture } from '../test/permission-fixture.js';
import { as } from '../test/org-fixtures.js';
import { upload, waitTask } from '../test/task-helpers.js';

describe('SQL script import under grants', () => {
  let fx: PermissionFixture;
  beforeAll(async () => {
    fx = await permissionFixture('sqlgrants');
  }, 120_000);
  afterAll(async () => {
    await fx?.close();
  });

  const count = async (table: string) => {
    const r = await as(fx.t, fx.team.admin, 'POST', '/api/rdb/dml/execute', { dataSourceId: fx.shared, sql: `select count(*) from ${table}` });
    return r.body.data[0].dataList[0][0] as string;
  };

  it('runs the granted groups and stops at the first group holding a statement outside the grants', async () => {
    const writer = await fx.memberWith({ schemaName: 'public', tableName: 'customers', actions: ['READ', 'WRITE'] });
    const lines = Array.from({ length: 300 }, (_, i) => `insert into customers values (${100 + i}, 'c${i}');`);
    lines.push('insert into hidden values (1);');
    const id = await upload(fx.t, 'grants.sql', Buffer.from(lines.join('\n')), writer.headers);
    const started = await as(fx.t, writer, 'POST', '/api/task/import', { uploadId: id, dataSourceId: fx.shared, format: 'sql' });
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const end = await waitTask(fx.t, (started.body.data as TaskView).id, [], writer.headers);
    expect(end).toMatchObject({ state: 'FAILED', committedRows: 200 });
    expect(end.error).toContain('statements 201–301');
    expect(await count('hidden')).toBe('0');
    expect(await count('customers')).toBe('202');
  }, 120_000);

  it('a member without any grant is refused at once (403, with the apply form\'s prefill), and nothing runs', async () => {
    const nobody = await fx.memberWith(null);
    const id = await upload(fx.t, 'none.sql', Buffer.from('insert into hidden values (2);'), nobody.headers);
    const r = await as(fx.t, nobody, 'POST', '/api/task/import', { uploadId: id, dataSourceId: fx.shared, format: 'sql' });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('NO_DATA_ACCESS_PERMISSION');
    expect(await count('hidden')).toBe('0');
  }, 120_000);
});
