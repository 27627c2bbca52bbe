/**
 * Opens the guide dialog that applies now (triggers.ts) and the licence activation dialog. Mounted
 * once in App. A closed dialog stays closed for this browser session; FirstLogin is remembered per
 * user on the server, Expired per ended plan in this browser.
 */
import { useEffect, useState } from 'react';
import { App as AntApp } from 'antd';
import type { GuideName } from '@askdb/contracts';
import { useSession } from '../auth/session';
import { useCommerce } from '../commerce/commerce-store';
import { ActivationDialog } from '../licence/ActivationDialog';
import { licenceApi, useLicence } from '../licence/licence-store';
import { GuideDialog } from './GuideDialog';
import { endedPlan, pickGuide } from './triggers';

const DISMISSED = 'askdb.guides.dismissed';
const EXPIRED_SHOWN = 'askdb.guides.expiredShown';
const readList = (store: Storage, key: string): string[] => {
  try {
    const v = JSON.parse(store.getItem(key) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};
const addTo = (store: Storage, key: string, item: string) => store.setItem(key, JSON.stringify([...new Set([...readList(store, key), item])]));

/**
 * Spec 02 §8: licence errors anywhere (an AI stream, a gated call) — dispatch
 * `window.dispatchEvent(new CustomEvent(LICENCE_ERROR_EVENT, { detail: { errorCode, errorMessage } }))` —
 * open the matching dialog, or show the message.
 */
export const LICENCE_ERROR_EVENT = 'askdb:licence-error';
const DIALOG_FOR: Record<string, GuideName> = {
  OFFLINE_INVALID_TRIAL: 'OfflineTrial', OFFLINE_INVALID_DEVICE: 'OfflineTrial', OFFLINE_TRIAL_EXPIRED: 'OfflineTrialExpired', OFFLINE_LICENSE_EXPIRED: 'OfflineLicenseExpired',
};

export function GuideHost() {
  const { message } = AntApp.useApp();
  const [forced, setForced] = useState<GuideName | null>(null);
  useEffect(() => {
    const on = (e: Event) => {
      const d = (e as CustomEvent<{ errorCode?: string; errorMessage?: string }>).detail ?? {};
      const dialog = d.errorCode ? DIALOG_FOR[d.errorCode] : undefined;
      if (dialog) setForced(dialog);
      else if (d.errorMessage) void message.error(d.errorMessage);
    };
    window.addEventListener(LICENCE_ERROR_EVENT, on);
    return () => window.removeEventListener(LICENCE_ERROR_EVENT, on);
  }, [message]);
  const session = useSession();
  const status = useLicence((s) => s.status);
  const billing = useCommerce((s) => s.billing);
  const edition = useCommerce((s) => s.edition);
  const [seen, setSeen] = useState<string[] | null>(null);
  const [, rerender] = useState(0);
  const ready = session.status === 'ready';
  const signedIn = !!session.user || session.system?.mode === 'local';

  useEffect(() => {
    if (!ready || !signedIn) return;
    void useLicence.getState().load();
    licenceApi.seenGuides().then(setSeen, () => setSeen([]));
  }, [ready, signedIn]);

  if (!ready || !status || seen === null) return <ActivationDialog />;
  const now = Date.now();
  const input = { mode: session.system?.mode, status, signedIn, seen, dismissed: readList(sessionStorage, DISMISSED), billing, edition, expiredShown: readList(localStorage, EXPIRED_SHOWN), now };
  const guide = forced ?? pickGuide(input);
  const ended = endedPlan(input);

  const close = (name: GuideName) => {
    setForced(null);
    addTo(sessionStorage, DISMISSED, name);
    if (name === 'FirstLogin') {
      setSeen([...seen, name]);
      void licenceApi.markGuideSeen(name).catch(() => {});
    }
    if (name === 'Expired' && ended) addTo(localStorage, EXPIRED_SHOWN, ended);
    rerender((n) => n + 1);
  };
  return (
    <>
      {guide && (
        <GuideDialog
          name={guide}
          status={status}
          endedAt={ended}
          onClose={() => close(guide)}
          onActivate={() => {
            close(guide);
            useLicence.getState().openActivation();
          }}
          onRenew={() => {
            close(guide);
            useCommerce.getState().openPricing({ mode: edition?.edition === 'TEAM_PRO' ? 'TeamUpdate' : 'PersonalUpdate' });
          }}
        />
      )}
      <ActivationDialog />
    </>
  );
}
