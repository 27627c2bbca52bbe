/**
 * Connection files (spec 02 §7 "Connection … export; import (ncx, dbp, chat2db, datagrip,
 * community)"; issue 18 point 4): export the connections I can see the details of as an AskDB file
 * (secrets only when asked, sealed with a passphrase), and import AskDB, Navicat, DBeaver, DataGrip
 * and Chat2DB files as my private connections, with the list of what was skipped and why.
 */
import { ConnectionExportInput, ConnectionImportInput, ERROR_CODES, type ConnectionImportResult } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { canViewDetails, viewerOf } from '../services/access.js';
import { ConnectionFileError, WrongPassphrase, exportAskdb, parseConnectionFile } from '../services/connection-import/index.js';
import { taskMsg } from '../services/tasks/messages.js';

const tag = 'connection';
const MAX_CONNECTIONS = 1000;

const connectionFiles: RouteModule = (app, deps) => {
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/datasource/export_file', summary: 'Export my connections (those whose details I can see) as an AskDB file; secrets only with a passphrase', tag, body: ConnectionExportInput }, async ({ body }, req) => {
    const v = viewerOf(req);
    if (body.withSecrets && !body.passphrase) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(req.ctx.lang, 'PASSPHRASE_REQUIRED'));
    const wanted = body.ids ? new Set(body.ids) : null;
    // With secrets: only the sources the exporter created, with secrets they typed (issue 24): a shared
    // source's secrets, or a copy's, are the original owner's.
    const records = (await deps.dataSources.listVisible(v.organizationId, v.id)).filter((r) => canViewDetails(r, v) && (!wanted || wanted.has(r.id)) && (!body.withSecrets || (r.ownerId === v.id && r.secretsBy === v.id)));
    return exportAskdb(records.map((r) => r.input), body.withSecrets ? body.passphrase! : null);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/datasource/import_file', summary: 'Import connections from an AskDB, Navicat (.ncx), DBeaver, DataGrip or Chat2DB file (dryRun: list only)', tag, body: ConnectionImportInput, bodyLimit: 27 * 1024 * 1024 }, async ({ body }, req): Promise<ConnectionImportResult> => {
    const lang = req.ctx.lang;
    const v = viewerOf(req);
    let result;
    try {
      result = await parseConnectionFile(body.content, body.kind, body.passphrase, body.credentials ? Buffer.from(body.credentials, 'base64') : undefined);
    } catch (e) {
      if (e instanceof WrongPassphrase) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'PASSPHRASE_WRONG'));
      if (e instanceof ConnectionFileError) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'CONNECTION_FILE_INVALID', { reason: e.message }));
      throw e;
    }
    const { kind, parsed } = result;
    const out: ConnectionImportResult = { kind, imported: [], skipped: parsed.skipped, skippedFields: parsed.skippedFields };
    for (const input of parsed.connections.slice(0, MAX_CONNECTIONS)) {
      const brief = { alias: input.alias, type: input.type, host: input.host, port: input.port, user: input.user, databaseName: input.databaseName, hasPassword: !!input.password, ssh: !!input.ssh?.enabled };
      if (body.dryRun) {
        out.imported.push(brief);
        continue;
      }
      try {
        deps.connections.checkFiles(input, lang);
      } catch (e) {
        out.skipped.push({ name: input.alias, reason: e instanceof Error ? e.message : String(e) });
        continue;
      }
      out.imported.push({ ...brief, id: await deps.dataSources.create({ ...input, visibility: 'PRIVATE' }, v.id, v.organizationId) });
    }
    for (const c of parsed.connections.slice(MAX_CONNECTIONS)) out.skipped.push({ name: c.alias, reason: `more than ${MAX_CONNECTIONS} connections in one file` });
    return out;
  });
};

export default connectionFiles;
