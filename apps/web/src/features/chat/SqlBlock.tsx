/** A SQL code block of an AI answer: Insert into / Run in the active console, copy, and warnings. */
import { Button, Space, Tag, Tooltip, App } from 'antd';
import { CaretRightOutlined, CopyOutlined, EnterOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DatabaseType } from '@askdb/contracts';
import { blockEffect } from './sql-kind.js';

export interface SqlWarning {
  kind: 'writes' | 'structure' | 'unknownTable' | 'unknownColumn' | 'explain' | 'other';
  message: string;
}

/** Insert SQL into the active console, or insert and run it (the console feature listens). */
export function insertSql(sql: string, run: boolean): void {
  window.dispatchEvent(new CustomEvent('askdb:insert-sql', { detail: { sql, run } }));
}

export function SqlBlock({ sql, lang, streaming, databaseType, warnings = [] }: { sql: string; lang: string; streaming: boolean; databaseType?: DatabaseType; warnings?: SqlWarning[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const effect = streaming ? 'read' : blockEffect(sql, databaseType);
  const serverMarksEffect = warnings.some((w) => w.kind === 'writes' || w.kind === 'structure');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sql);
      message.success(t('chat.sql.copied'));
    } catch (e) {
      console.warn('clipboard', e);
    }
  };
  return (
    <div className="askdb-chat-sql" data-testid="chat-sql-block" data-effect={effect}>
      <div className="askdb-chat-sql-head">
        <span className="askdb-chat-sql-lang">{lang || 'sql'}</span>
        {effect !== 'read' && !serverMarksEffect && (
          <Tag color={effect === 'structure' ? 'red' : 'orange'} data-testid="chat-sql-effect">
            {t(effect === 'structure' ? 'chat.sql.changesStructure' : 'chat.sql.changesData')}
          </Tag>
        )}
        <Space size={2} style={{ marginLeft: 'auto' }}>
          <Tooltip title={t('chat.sql.copy')}>
            <Button size="small" type="text" icon={<CopyOutlined />} onClick={copy} aria-label={t('chat.sql.copy')} disabled={streaming} />
          </Tooltip>
          <Button size="small" type="text" icon={<EnterOutlined />} data-testid="chat-sql-insert" onClick={() => insertSql(sql, false)} disabled={streaming}>
            {t('chat.sql.insert')}
          </Button>
          <Button size="small" type="text" icon={<CaretRightOutlined />} data-testid="chat-sql-run" onClick={() => insertSql(sql, true)} disabled={streaming}>
            {t('chat.sql.run')}
          </Button>
        </Space>
      </div>
      <pre className="askdb-chat-sql-code">
        <code>{sql}</code>
      </pre>
      {warnings.length > 0 && (
        <div className="askdb-chat-sql-warnings" data-testid="chat-sql-warnings">
          {warnings.map((w, i) => (
            <div key={i} className={`askdb-chat-sql-warning askdb-chat-sql-warning-${w.kind}`}>
              <WarningOutlined /> {w.message}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
