/** The knowledge and MCP settings sections, registered in features/settings/extra-sections.ts. Each runs under the feature's own query client. */
import { createElement, type ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SettingsSection } from '../settings/extra-sections';
import { KnowledgeSettings, McpSettings } from './KnowledgeSettings';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
const withQueries = (C: ComponentType): ComponentType => () => createElement(QueryClientProvider, { client: queryClient }, createElement(C));

export const knowledgeSettingsSections: SettingsSection[] = [
  { key: 'knowledge', labelKey: 'knowledge.section', Component: withQueries(KnowledgeSettings) },
  { key: 'mcp', labelKey: 'mcp.section', Component: withQueries(McpSettings) },
];
