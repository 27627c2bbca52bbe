/** Every route module, registered in one place. Each module owns one domain. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import system from './system.js';
import dataSources from './data-sources.js';
import groups from './groups.js';
import consoles from './consoles.js';
import metadata from './metadata.js';
import execute from './execute.js';
import diff from './diff.js';
import ai from './ai.js';
import aiCollections from './ai-collections.js';
import aiTableInfo from './ai-table-info.js';
import aiChats from './ai-chats.js';
import aiChatsV2 from './ai-chats-v2.js';
import aiChatAnswers from './ai-chat-answers.js';
import aiMagic from './ai-magic.js';
import sqlIntel from './sql-intel.js';
import tableEdit from './table-edit.js';
import organization from './organization.js';
import auth from './auth.js';
import account from './account.js';
import audit from './audit.js';
import permission from './permission.js';
import approval from './approval.js';
import dashboards from './dashboards.js';
import notification from './notification.js';
import feedback from './feedback.js';
import update from './update.js';
import invitation from './invitation.js';
import licence from './licence.js';
import tasks from './tasks.js';
import connectionFiles from './connection-files.js';
import knowledge from './knowledge.js';
import mcp from './mcp.js';
import specAliases from './spec-aliases.js';

import commerceRoutes from './commerce.js';

export type RouteModule = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

const modules: RouteModule[] = [system, dataSources, groups, consoles, metadata, execute, diff, ai, aiCollections, aiTableInfo, aiChats, aiChatsV2, aiChatAnswers, aiMagic, sqlIntel, tableEdit, auth, account, organization, audit, approval, permission, invitation, notification, dashboards, feedback, licence, tasks, connectionFiles, knowledge, mcp, commerceRoutes, update, specAliases];

export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const m of modules) await m(app, deps);
}
