/** The Custom AI settings section, registered in features/settings/extra-sections.ts. */
import type { SettingsSection } from '../settings/extra-sections.js';
import { AiSettingsForm } from './AiSettingsForm.js';

function CustomAiSection() {
  return <AiSettingsForm />;
}

export const customAiSection: SettingsSection = { key: 'customAi', labelKey: 'settings.customAi', Component: CustomAiSection };
export { AiSettingsForm };
