/**
 * Rows of the route table (access-table.test.ts). Each domain keeps its rows in a file of its own in
 * this folder (`<domain>.ts`, default export `Record<string, Entry>`); the test loads every file here,
 * so a new domain adds a file and touches nothing shared.
 */
import type { Fixture, Who } from '../access-table-fixture.js';

export type Rule = 'public' | 'signedIn' | 'team' | 'granted' | 'admin' | 'superAdmin' | 'orgAdmin' | 'orgSuperAdmin' | 'operator';
export interface Call { url?: string; body?: unknown }
export interface Entry {
  rule: Rule;
  /** The request for a persona (`who` is the team member asking, or 'outsider', who gets the owner's ids). */
  call?: (fx: Fixture, who: Who) => Call | Promise<Call>;
  /** The route ends or changes sessions: give every persona new sessions after it. */
  resetsSessions?: boolean;
}
export type Rows = Record<string, Entry>;
