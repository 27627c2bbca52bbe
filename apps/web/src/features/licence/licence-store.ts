/**
 * The offline licence on the web side (API.md "Licence"): this install's status, shared by the
 * guide dialogs, the activation dialog and the settings page, and the calls that change it.
 */
import { create } from 'zustand';
import type { ActivationCodeView, LicenceMode, LicenceStatus, PluginView } from '@askdb/contracts';
import { api } from '../../lib/api';

export const licenceApi = {
  status: () => api<LicenceStatus>('/api/licence/status', { quietRefusal: true }),
  activate: (body: { code: string; mode: LicenceMode; certificate?: string }) => api<LicenceStatus>('/api/licence/activate', { body }),
  unbind: (certificate?: string) => api<{ status: LicenceStatus; slotFreed: boolean }>('/api/licence/unbind', { body: certificate ? { certificate } : {} }),
  deviceCertificate: (body: { code: string; deviceName: string; os: string; deviceId: string }) => api<string>('/api/licence/device_certificate', { body }),
  codes: () => api<ActivationCodeView[]>('/api/licence/codes'),
  plugins: () => api<PluginView[]>('/api/licence/plugins'),
  seenGuides: () => api<string[]>('/api/guide/seen', { quietRefusal: true }),
  markGuideSeen: (name: string) => api<string[]>('/api/guide/seen', { body: { name } }),
};

interface LicenceStore {
  status?: LicenceStatus;
  /** The activation dialog is open. */
  activating: boolean;
  load(): Promise<LicenceStatus | undefined>;
  set(status: LicenceStatus): void;
  openActivation(): void;
  closeActivation(): void;
}

export const useLicence = create<LicenceStore>((set) => ({
  activating: false,
  async load() {
    try {
      const status = await licenceApi.status();
      set({ status });
      return status;
    } catch {
      return undefined;
    }
  },
  set: (status) => set({ status }),
  openActivation: () => set({ activating: true }),
  closeActivation: () => set({ activating: false }),
}));

/** Whole days left until an ISO time (0 when past). */
export function daysLeft(iso: string | null | undefined, now = Date.now()): number {
  if (!iso) return 0;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}

/** Reads a certificate file the user picked; refuses what is obviously not one before it reaches the server. */
export async function readCertificateFile(file: File): Promise<string> {
  if (file.size > 16_384) throw new Error('too large');
  return file.text();
}
