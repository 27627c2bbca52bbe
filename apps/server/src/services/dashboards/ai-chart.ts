import type { FastifyRequest } from 'fastify';
import type { ChartAiProposal } from '@askdb/contracts';
import { DASHBOARD_ERROR_CODES } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import type { DashboardRecord } from '../../store/dashboards.js';
import { AppError } from '../../http/errors.js';
import { dashMsg } from './messages.js';

export async function proposeAiChart(_deps: AppDeps, req: FastifyRequest, _d: DashboardRecord, _question: string): Promise<ChartAiProposal> {
  throw new AppError(200, DASHBOARD_ERROR_CODES.NO_CHART_MATCHED, dashMsg(req.ctx.lang, 'NO_CHART_MATCHED'));
}
