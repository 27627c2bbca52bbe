import type { FeatureStrings } from '../../i18n/types';

export const tableDataStrings: FeatureStrings = { 'en-US': {}, 'zh-CN': {}, 'ja-JP': {} };
