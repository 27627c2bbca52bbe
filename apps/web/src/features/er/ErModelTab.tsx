/** ER_MODEL tab: the tables of a schema with their columns and foreign keys, laid out automatically, drawn in SVG (pan, zoom, fit). */
import { useEffect, useMemo, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { Alert, Button, Progress, Space, Tooltip } from 'antd';
import { CompressOutlined, ReloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DatabaseType } from '@askdb/contracts';
import type { WorkspaceTab } from '../workspace/tabs-store';
import { openTab } from '../workspace/open-tabs';
import { anchorY, HEADER, layoutEr, MAX_ROWS, ROW, type ErEdge, type ErLayout } from './layout';
import { ER_TABLE_CAP, loadEr } from './load';
import './er.css';

export function ErModelTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const loc = useMemo(() => ({ dataSourceId: tab.dataSourceId!, databaseName: tab.databaseName, schemaName: tab.schemaName }), [tab.dataSourceId, tab.databaseName, tab.schemaName]);
  const [data, setData] = useState<{ layout: ErLayout; edges: ErEdge[]; total: number } | null>(null);
  const [progress, setProgress] = useState<[number, number]>([0, 0]);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [view, setView] = useState({ x: 0, y: 0, k: 1 });
  const [hover, setHover] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; vx: number; vy: number } | null>(null);

  useEffect(() => {
    const signal = { cancelled: false };
    setData(null);
    setError(null);
    loadEr(loc, (d, n) => setProgress([d, n]), signal).then(
      (r) => !signal.cancelled && setData({ layout: layoutEr(r.tables, r.edges), edges: r.edges, total: r.total }),
      (e) => !signal.cancelled && setError((e as Error).message),
    );
    return () => {
      signal.cancelled = true;
    };
  }, [loc, reload]);

  const touched = useRef(false);
  const fit = () => {
    touched.current = false;
    const el = box.current;
    if (!el || !data) return;
    const { width, height } = data.layout;
    const k = Math.min(1.2, Math.max(0.1, Math.min((el.clientWidth - 40) / Math.max(width, 1), (el.clientHeight - 40) / Math.max(height, 1))));
    setView({ k, x: (el.clientWidth - width * k) / 2, y: 20 });
  };
  // Fit once the diagram is read, and again when the area is resized, until the user pans or zooms.
  useEffect(() => {
    const el = box.current;
    if (!el || !data) return;
    fit();
    const ro = new ResizeObserver(() => !touched.current && fit());
    ro.observe(el);
    return () => ro.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const zoom = (f: number, cx?: number, cy?: number) => {
    touched.current = true;
    const el = box.current!;
    const px = cx ?? el.clientWidth / 2;
    const py = cy ?? el.clientHeight / 2;
    setView((v) => {
      const k = Math.min(3, Math.max(0.08, v.k * f));
      return { k, x: px - ((px - v.x) * k) / v.k, y: py - ((py - v.y) * k) / v.k };
    });
  };
  const onWheel = (e: WheelEvent) => {
    const r = box.current!.getBoundingClientRect();
    zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - r.left, e.clientY - r.top);
  };
  const onDown = (e: PointerEvent) => {
    touched.current = true;
    drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    const d = drag.current;
    if (d) setView((v) => ({ ...v, x: d.vx + e.clientX - d.x, y: d.vy + e.clientY - d.y }));
  };

  const byName = useMemo(() => new Map(data?.layout.tables.map((p) => [p.name, p]) ?? []), [data]);
  const target = { ...loc, dataSourceName: tab.dataSourceName, databaseType: tab.databaseType as DatabaseType };

  return (
    <div className="askdb-pane" data-testid="er-tab">
      <div className="askdb-pane-toolbar">
        <Space size={4}>
          <Tooltip title={t('er.zoomIn')}><Button size="small" icon={<ZoomInOutlined />} onClick={() => zoom(1.2)} aria-label={t('er.zoomIn')} /></Tooltip>
          <Tooltip title={t('er.zoomOut')}><Button size="small" icon={<ZoomOutOutlined />} onClick={() => zoom(1 / 1.2)} aria-label={t('er.zoomOut')} /></Tooltip>
          <Button size="small" icon={<CompressOutlined />} onClick={fit}>{t('er.fit')}</Button>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => setReload((n) => n + 1)}>{t('workspace.menu.refresh')}</Button>
        </Space>
        <span style={{ fontSize: 12, opacity: 0.65 }}>
          {data ? t('er.summary', { tables: data.layout.tables.length, relations: data.edges.length }) : ''}
          {' · '}
          {t('er.hint')}
        </span>
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ margin: 12 }} />}
      {data && data.total > ER_TABLE_CAP && <Alert type="info" showIcon banner title={t('er.capped', { shown: ER_TABLE_CAP, total: data.total })} />}
      {!data && !error && (
        <div style={{ padding: 48, maxWidth: 420 }}>
          <Progress percent={progress[1] ? Math.round((progress[0] / progress[1]) * 100) : 0} size="small" />
          <div style={{ opacity: 0.6, fontSize: 12 }}>{t('er.loading', { done: progress[0], total: progress[1] })}</div>
        </div>
      )}
      {data && (
        <div ref={box} className="askdb-er" onWheel={onWheel} onPointerDown={onDown} onPointerMove={onMove} onPointerUp={() => (drag.current = null)}>
          {data.layout.tables.length === 0 ? (
            <div style={{ padding: 48, opacity: 0.6 }}>{t('er.empty')}</div>
          ) : (
            <svg width="100%" height="100%" data-testid="er-svg">
              <defs>
                <marker id="er-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                  <path d="M0,0 L10,5 L0,10 z" className="askdb-er-arrowhead" />
                </marker>
              </defs>
              <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
                {data.edges.map((e, i) => {
                  const a = byName.get(e.from);
                  const b = byName.get(e.to);
                  if (!a || !b || a === b) return null;
                  const y1 = anchorY(a, e.fromColumns[0] ?? '');
                  const y2 = anchorY(b, e.toColumns[0] ?? '');
                  const leftToRight = a.x > b.x;
                  const x1 = leftToRight ? a.x : a.x + a.width;
                  const x2 = leftToRight ? b.x + b.width : b.x;
                  const dx = Math.max(40, Math.abs(x2 - x1) / 2) * (leftToRight ? -1 : 1);
                  const lit = hover === e.from || hover === e.to;
                  return (
                    <path key={i} d={`M${x1},${y1} C${x1 + dx},${y1} ${x2 - dx},${y2} ${x2},${y2}`} className={`askdb-er-edge${lit ? ' is-lit' : ''}`} markerEnd="url(#er-arrow)" data-testid="er-edge">
                      <title>{`${e.from}(${e.fromColumns.join(', ')}) → ${e.to}(${e.toColumns.join(', ')})`}</title>
                    </path>
                  );
                })}
                {data.layout.tables.map((p) => (
                  <g
                    key={p.name}
                    transform={`translate(${p.x},${p.y})`}
                    className={`askdb-er-table${hover === p.name ? ' is-lit' : ''}`}
                    data-testid="er-table"
                    data-name={p.name}
                    onPointerEnter={() => setHover(p.name)}
                    onPointerLeave={() => setHover(null)}
                    onDoubleClick={() => openTab.tableData({ ...target, tableName: p.name })}
                  >
                    <rect width={p.width} height={p.height} rx={6} className="askdb-er-box" />
                    <rect width={p.width} height={HEADER} rx={6} className="askdb-er-head" />
                    <text x={10} y={20} className="askdb-er-title">{p.name}</text>
                    {p.comment && <title>{p.comment}</title>}
                    {p.columns.slice(0, MAX_ROWS).map((c, i) => (
                      <g key={c.name} transform={`translate(0,${HEADER + i * ROW + 4})`}>
                        <text x={10} y={14} className={`askdb-er-col${c.pk ? ' is-pk' : ''}${c.fk ? ' is-fk' : ''}`}>
                          {(c.pk || c.fk) && <tspan className={c.pk ? 'askdb-er-pk' : 'askdb-er-fk'}>{c.pk ? 'PK ' : 'FK '}</tspan>}
                          {c.name.length > 20 ? c.name.slice(0, 19) + '…' : c.name}
                        </text>
                        <text x={p.width - 10} y={14} textAnchor="end" className="askdb-er-type">{c.type.length > 14 ? c.type.slice(0, 13) + '…' : c.type.toLowerCase()}</text>
                      </g>
                    ))}
                    {p.hidden > 0 && <text x={10} y={HEADER + MAX_ROWS * ROW + 18} className="askdb-er-type">{t('er.more', { count: p.hidden })}</text>}
                  </g>
                ))}
              </g>
            </svg>
          )}
        </div>
      )}
    </div>
  );
}
