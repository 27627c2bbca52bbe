/** Settings sections contributed by features (e.g. custom AI). Each adds one entry here. */
import type { ComponentType } from 'react';
import { customAiSection } from '../ai-settings/index';

export interface SettingsSection {
  key: string;
  labelKey: string;
  Component: ComponentType;
}
export const extraSettingsSections: SettingsSection[] = [customAiSection];
