import type { FeatureStrings } from '../../i18n/types';

export const erStrings: FeatureStrings = { 'en-US': {}, 'zh-CN': {}, 'ja-JP': {} };
