/** Settings sections contributed by features (e.g. custom AI). Each adds one entry here. */
import type { ComponentType } from 'react';
import { customAiSection } from '../ai-settings/index';
import { accountSettingsSections } from './account/index';

export interface SettingsSection {
  key: string;
  labelKey: string;
  Component: ComponentType;
  /** Only in server mode (accounts, sessions, API keys, organisations). */
  serverOnly?: boolean;
}
export const extraSettingsSections: SettingsSection[] = [...accountSettingsSections, customAiSection];
