/**
 * Commerce state shared by the badge, the pricing modal, the seat modal, the payment step and the
 * guide dialog: whether this deployment sells at all (GET /api/system `billing`), the current
 * organisation's edition, and which dialog is open.
 */
import { create } from 'zustand';
import type { EditionInfo, PricingMode, Product } from '@askdb/contracts';
import { commerceApi } from './commerce-api';
import { useSession } from '../auth/session';

/** The China build (VITE_ASKDB_REGION=CN): yearly/forever periods, validity text on the badge. */
export const CHINA_BUILD = (import.meta as unknown as { env?: Record<string, string | undefined> }).env?.VITE_ASKDB_REGION === 'CN';

export interface PricingRequest {
  mode: PricingMode;
  /** Opened by FREE_TRIAL_USAGE_LIMIT: start-free title and subtitle. */
  usageLimit?: boolean;
}
export interface SeatRequest {
  product: Product;
  seats?: number;
  invitationCode?: string;
  organizationId?: number;
  freeTrial?: boolean;
}

interface CommerceState {
  billing: boolean;
  edition?: EditionInfo;
  pricing: PricingRequest | null;
  seat: SeatRequest | null;
  /** The Subscribed guide dialog. */
  guide: 'Subscribed' | null;
  /** Set on payment success; reset after 300 ms (confetti). */
  paySuccess: boolean;
  subscribed: boolean;
  setBilling(on: boolean): void;
  loadEdition(): Promise<void>;
  openPricing(r: PricingRequest): void;
  closePricing(): void;
  openSeat(r: SeatRequest): void;
  closeSeat(): void;
  closeGuide(): void;
  /** Spec 01 §4 success effects (the caller re-reads the user). */
  paid(): void;
}

export const useCommerce = create<CommerceState>((set, get) => ({
  billing: false,
  pricing: null,
  seat: null,
  guide: null,
  paySuccess: false,
  subscribed: false,
  setBilling(on) {
    set({ billing: on });
  },
  async loadEdition() {
    try {
      set({ edition: await commerceApi.edition() });
    } catch {
      set({ edition: undefined });
    }
  },
  openPricing(r) {
    if (!get().billing) return;
    set({ pricing: r });
  },
  closePricing: () => set({ pricing: null }),
  openSeat: (r) => set({ seat: r }),
  closeSeat: () => set({ seat: null }),
  closeGuide: () => set({ guide: null }),
  paid() {
    set({ pricing: null, seat: null, paySuccess: true, subscribed: true, guide: 'Subscribed' });
    setTimeout(() => set({ paySuccess: false }), 300);
    void get().loadEdition();
  },
}));

export const billingOn = (system: unknown): boolean => !!(system && (system as { billing?: unknown }).billing === true);

/**
 * Follows the session as it loads, synchronously (before the shell renders, so settings sections and
 * menus never see a stale flag): billing from GET /api/system; the edition re-read whenever the signed-in
 * user or their organisation changes.
 */
let editionFor = '';
function follow(s: ReturnType<typeof useSession.getState>): void {
  const on = billingOn(s.system);
  if (on !== useCommerce.getState().billing) useCommerce.setState({ billing: on });
  const key = s.user ? `${s.user.id}:${s.user.currentOrganization?.id ?? ''}` : '';
  if (on && key && key !== editionFor) {
    editionFor = key;
    void useCommerce.getState().loadEdition();
  }
}
useSession.subscribe(follow);
follow(useSession.getState());
