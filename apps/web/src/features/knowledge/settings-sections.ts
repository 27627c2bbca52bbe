/** The knowledge and MCP settings sections, registered in features/settings/extra-sections.ts. */
import type { SettingsSection } from '../settings/extra-sections';
import { KnowledgeSettings, McpSettings } from './KnowledgeSettings';

export const knowledgeSettingsSections: SettingsSection[] = [
  { key: 'knowledge', labelKey: 'knowledge.section', Component: KnowledgeSettings },
  { key: 'mcp', labelKey: 'mcp.section', Component: McpSettings },
];
