/** All strings of the workspace features (explorer, connections, table data, table editor, ER), registered once in i18n/features.ts. */
import type { FeatureStrings, Locale } from '../../i18n/types';
import { explorerStrings } from './i18n-strings';
import { pendingStrings } from './pending-strings';
import { connectionStrings } from '../connections/i18n';
import { tableDataStrings } from '../table-data/i18n';
import { tableEditorStrings } from '../table-editor/i18n';
import { erStrings } from '../er/i18n';
import { redisStrings } from '../redis/i18n';

const parts = [explorerStrings, pendingStrings, connectionStrings, tableDataStrings, tableEditorStrings, erStrings, redisStrings];
const merge = (l: Locale) => Object.assign({}, ...parts.map((p) => p[l]));

export const workspaceStrings: FeatureStrings = { 'en-US': merge('en-US'), 'zh-CN': merge('zh-CN'), 'ja-JP': merge('ja-JP') };
