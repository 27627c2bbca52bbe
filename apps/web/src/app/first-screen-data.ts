/**
 * The first screen's data, asked for as soon as the app's code runs (issue 28 point 4): the session
 * (start data and user) and, on the workspace tab, the explorer's data sources and groups. main.tsx
 * renders once they are in (or after a short cap), so the first render already shows the tree: no
 * render of an empty shell, then effects, then requests, then a second render — each of those a long
 * task on a busy CPU. The requests themselves were sent by startup-prefetch.ts before this code was
 * even parsed; these calls take its answers.
 */
import { useSession } from '../features/auth/session';
import { standalonePage } from '../features/auth/redirect';
import { isPricingPath } from '../features/commerce/pricing-path';
import { useTree } from '../features/workspace/tree/tree-store';
import { tabFromLocation } from '../lib/router';

/** How long the first render waits for the first screen's data at most: past that, the shell renders and fills in when it comes. */
export const FIRST_SCREEN_WAIT_MS = 800;

let session: Promise<void> | undefined;

/** The session's start-up load, once per page (main.tsx starts it; App's effect takes the same one). */
export function loadSessionOnce(): Promise<void> {
  return (session ??= useSession.getState().load());
}

/** What the first screen of this location needs: nothing on the sign-in, invite and pricing pages; the explorer's root on the workspace tab. */
export function firstScreenNeeds(loc: Pick<Location, 'pathname' | 'hash'>): { session: boolean; tree: boolean } {
  if (standalonePage(loc.pathname) || isPricingPath(loc.pathname)) return { session: false, tree: false };
  return { session: true, tree: tabFromLocation(loc) === 'workspace' };
}

/** Starts the first screen's loads; resolves when they are done or after `capMs`, whichever is first (never rejects). */
export function startFirstScreenData(loc: Pick<Location, 'pathname' | 'hash'> = window.location, capMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  const needs = firstScreenNeeds(loc);
  const loads: Promise<unknown>[] = [];
  if (needs.session) loads.push(loadSessionOnce());
  if (needs.tree && !useTree.getState().rootLoaded) loads.push(useTree.getState().loadRoot());
  if (!loads.length) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, capMs)));
  const all = Promise.all(loads.map((l) => l.catch(() => undefined))).then(() => undefined);
  return Promise.race([all, cap]).finally(() => clearTimeout(timer));
}
