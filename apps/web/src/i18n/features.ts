/** Strings of the feature areas; each feature adds its own import here. */
import type { FeatureStrings } from './types';
import { schemaSyncStrings } from '../features/schema-sync/i18n';
import { workspaceStrings } from '../features/workspace/i18n';
import { chatStrings } from '../features/chat/i18n';

export const featureStrings: FeatureStrings[] = [schemaSyncStrings, workspaceStrings, chatStrings];
import { consoleStrings } from '../features/console/i18n'; featureStrings.push(consoleStrings);
import { authStrings } from '../features/auth/i18n'; featureStrings.push(authStrings);
import { accountStrings } from '../features/settings/account/i18n'; featureStrings.push(accountStrings);
import { teamStrings } from '../features/team/i18n'; featureStrings.push(teamStrings);
import { auditStrings } from '../features/team/audit/i18n'; featureStrings.push(auditStrings);
import { permissionStrings } from '../features/permissions/i18n'; featureStrings.push(permissionStrings);
import { approvalStrings } from '../features/approvals/i18n'; featureStrings.push(approvalStrings);
import { commerceStrings } from '../features/commerce/i18n'; featureStrings.push(commerceStrings);
import { rewardStrings } from '../features/rewards/i18n'; featureStrings.push(rewardStrings);
import { dashboardStrings } from '../features/dashboard/i18n'; featureStrings.push(dashboardStrings);
import { notificationStrings } from '../features/notifications/i18n'; featureStrings.push(notificationStrings);
import { redisKeyEditorStrings } from '../features/redis/key-editor-i18n'; featureStrings.push(redisKeyEditorStrings);
import { namedChatStrings } from '../features/chat/named/i18n'; featureStrings.push(namedChatStrings);
import { licenceStrings } from '../features/licence/i18n'; featureStrings.push(licenceStrings);
import { guideStrings } from '../features/guide/i18n'; featureStrings.push(guideStrings);
import { taskStrings } from '../features/tasks/i18n'; featureStrings.push(taskStrings);
import { moreSettingsStrings } from '../features/settings/more-i18n'; featureStrings.push(moreSettingsStrings);
import { knowledgeStrings } from '../features/knowledge/i18n'; featureStrings.push(knowledgeStrings);
import { apiErrorStrings } from '../app/api-errors-i18n'; featureStrings.push(apiErrorStrings);
import { inlineAiStrings } from '../features/console/inline-ai-i18n'; featureStrings.push(inlineAiStrings);
import { startupStrings } from '../app/startup-i18n'; featureStrings.push(startupStrings);
import { aiTableInfoStrings } from '../features/ai-table-info/i18n'; featureStrings.push(aiTableInfoStrings);
