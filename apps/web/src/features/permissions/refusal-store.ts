/**
 * The "permissions restricted" state (spec 02 §8): the request layer reports every 403
 * NO_DATA_ACCESS_PERMISSION / NO_SCRIPT_PERMISSION here; one dialog shows at a time (a tree that
 * refuses several requests at once asks once), and "apply" turns it into the prefilled apply form.
 */
import { create } from 'zustand';
import { onPermissionRefused, type ApiError } from '../../lib/api';
import type { ApplyPrefill } from './governance-api';

export interface Refusal {
  code: 'NO_DATA_ACCESS_PERMISSION' | 'NO_SCRIPT_PERMISSION';
  message: string;
  prefill: ApplyPrefill;
}

interface RefusalState {
  refusal: Refusal | null;
  /** The apply form, open with this prefill (null: closed). */
  applying: ApplyPrefill | null;
  /** Counts applications sent from the form (the apply list reloads on a change). */
  submitted: number;
  report(e: ApiError): void;
  dismiss(): void;
  openApply(prefill?: ApplyPrefill): void;
  closeApply(sent?: boolean): void;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The refusal's `data` as the apply form's fields; anything missing or of the wrong type is left out. */
export function prefillOf(code: string, data: unknown): ApplyPrefill {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const id = Number(d.dataSourceId);
  return {
    applyType: d.applyType === 'script' || (d.applyType !== 'data' && code === 'NO_SCRIPT_PERMISSION') ? 'script' : 'data',
    script: str(d.script),
    dataSourceId: Number.isInteger(id) && id > 0 ? id : undefined,
    dataSourceName: str(d.dataSourceName),
    databaseName: str(d.databaseName),
    schemaName: str(d.schemaName),
  };
}

export const useRefusals = create<RefusalState>((set, get) => ({
  refusal: null,
  applying: null,
  submitted: 0,
  report(e) {
    if (get().refusal || get().applying) return;
    const code = e.errorCode === 'NO_SCRIPT_PERMISSION' ? 'NO_SCRIPT_PERMISSION' : 'NO_DATA_ACCESS_PERMISSION';
    set({ refusal: { code, message: e.message, prefill: prefillOf(code, e.data) } });
  },
  dismiss: () => set({ refusal: null }),
  openApply: (prefill) => set({ refusal: null, applying: prefill ?? get().refusal?.prefill ?? { applyType: 'data' } }),
  closeApply: (sent) => set({ applying: null, submitted: get().submitted + (sent ? 1 : 0) }),
}));

onPermissionRefused((e) => useRefusals.getState().report(e));
