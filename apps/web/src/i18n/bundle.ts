import type { Locale as AntdLocale } from 'antd/es/locale';

/** A language's strings and antd's texts in it (date pickers, pagination, modal buttons). */
export interface LocaleBundle {
  messages: Record<string, string>;
  antd: AntdLocale;
}
