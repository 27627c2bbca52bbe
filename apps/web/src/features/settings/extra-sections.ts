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
  /** Hidden while this answers true (e.g. commerce with billing off). */
  hidden?: () => boolean;
}
export const extraSettingsSections: SettingsSection[] = [...accountSettingsSections, customAiSection];
import { commerceSettingsSections } from '../commerce/settings-sections'; extraSettingsSections.push(...commerceSettingsSections);
import { licenceSettingsSections } from '../licence/settings-sections'; extraSettingsSections.push(...licenceSettingsSections);
import { knowledgeSettingsSections } from '../knowledge/settings-sections'; extraSettingsSections.push(...knowledgeSettingsSections);
import { operatorNoticeSections } from '../notifications/OperatorNotices'; extraSettingsSections.push(...operatorNoticeSections);
