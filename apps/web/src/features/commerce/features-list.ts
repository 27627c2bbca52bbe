/** The feature lines of the intro panel and the cards (i18n keys): 8 for personal and offline, 7 for team (spec 01 §2). */
export type PlanTab = 'PERSONAL' | 'TEAM' | 'LOCAL';

export const INTRO_FEATURES: Record<PlanTab, string[]> = {
  PERSONAL: ['ai', 'aiReports', 'dashboards', 'unlimitedConnections', 'nl2sql', 'optimize', 'ownKey', 'support'].map((k) => `commerce.feature.${k}`),
  LOCAL: ['offline', 'aiMonthly', 'devices', 'unlimitedConnections', 'nl2sql', 'optimize', 'ownKey', 'dashboards'].map((k) => `commerce.feature.${k}`),
  TEAM: ['everythingPro', 'members', 'permissions', 'approvals', 'audit', 'sharedSources', 'support'].map((k) => `commerce.feature.${k}`),
};

/** Seven lines per card. */
export const CARD_FEATURES: Record<'personal' | 'team' | 'local', string[]> = {
  personal: INTRO_FEATURES.PERSONAL.slice(0, 7),
  local: INTRO_FEATURES.LOCAL.slice(0, 7),
  team: INTRO_FEATURES.TEAM,
};
