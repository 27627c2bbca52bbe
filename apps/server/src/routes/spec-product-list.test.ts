/** Issue 29 item 21: the product list takes the spec's parameters (orgType, subscriptionType or subscriptionTypes) and answers orgType per product. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeUser } from '../test/org-fixtures.js';
import { commerceWorld } from '../test/commerce-fixtures.js';

describe('product list with the spec parameters', () => {
  let w: Awaited<ReturnType<typeof commerceWorld>>;
  beforeAll(async () => {
    w = await commerceWorld('speclist');
  }, 60_000);
  afterAll(async () => w?.close());

  it('answers orgType per product, for the singular and the plural period parameter alike', async () => {
    const u = await makeUser(w.t, 'Spec');
    const team = (await as(w.t, u, 'GET', '/api/product/list?version=2&orgType=TEAM&subscriptionTypes=YEAR')).body.data as Array<{ type: string; orgType: string; subscriptionType: string }>;
    expect(team.length).toBeGreaterThan(0);
    for (const p of team) expect(p).toMatchObject({ type: 'TEAM', orgType: 'TEAM', subscriptionType: 'YEAR' });
    const single = (await as(w.t, u, 'GET', '/api/product/list?version=2&orgType=TEAM&subscriptionType=YEAR')).body.data;
    expect(single).toEqual(team);
    const personal = (await as(w.t, u, 'GET', '/api/product/list?version=2&orgType=PERSONAL')).body.data as Array<{ type: string; orgType: string }>;
    expect(personal.filter((p) => p.type === 'PERSONAL').every((p) => p.orgType === 'PERSONAL')).toBe(true);
    expect(personal.some((p) => p.type === 'PERSONAL')).toBe(true);
  });
});
