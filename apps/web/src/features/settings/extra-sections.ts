/** Settings sections contributed by features (e.g. custom AI). Each adds one entry here. */
import type { ComponentType } from 'react';

export interface SettingsSection {
  key: string;
  labelKey: string;
  Component: ComponentType;
}
export const extraSettingsSections: SettingsSection[] = [];
