/** A feature's strings in the three languages; keys are namespaced by the feature ("shell.tab.workspace"). */
export type Locale = 'en-US' | 'zh-CN' | 'ja-JP';
export type Strings = Record<string, string>;
export type FeatureStrings = Record<Locale, Strings>;
