/**
 * A dashboard's grid (react-grid-layout, 12 columns): charts default 6×4, at least 3×3, at most 10
 * high; drag by the header, resize by the corner; the layout is saved when a drag or resize ends.
 * Charts poll every 30 s while the dashboard has a refresh rule, so a server refresh shows up.
 */
import { useEffect, useMemo, useState } from 'react';
import GridLayout, { type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { App, Empty } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GRID, type Chart, type Dashboard, type GridItem } from '@askdb/contracts';
import { dashboardApi } from './api';
import { ChartCard } from './ChartCard';
import { useErrorToast } from '../../app/use-error-toast';

/**
 * The board's width, kept current by a ResizeObserver on the board itself. (react-grid-layout 1.5's
 * WidthProvider with measureBeforeMount observes its placeholder, which the grid replaces: the grid kept
 * the width of its first measure, cards overlapped when that was taken at a narrow moment.)
 */
function useWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    setWidth(Math.round(el.clientWidth));
    const ro = new ResizeObserver((entries) => setWidth(Math.round(entries[0]!.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return width;
}

export interface BoardProps {
  dashboard: Dashboard;
  dark: boolean;
  onEdit(chart: Chart): void;
}

export function Board({ dashboard, dark, onEdit }: BoardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const qc = useQueryClient();
  const charts = useQuery({
    queryKey: ['dashboard', dashboard.id, 'charts'],
    queryFn: () => dashboardApi.charts(dashboard.id),
    refetchInterval: dashboard.refresh.kind === 'NEVER' ? false : 30_000,
  });
  const [local, setLocal] = useState<GridItem[] | null>(null);
  const [boardEl, setBoardEl] = useState<HTMLDivElement | null>(null);
  const width = useWidth(boardEl);
  const layout: Layout[] = useMemo(() => {
    const base = local ?? dashboard.layout;
    return (charts.data ?? []).map((c) => {
      const l = base.find((x) => x.i === String(c.id)) ?? { i: String(c.id), x: 0, y: Infinity, w: GRID.defaultW, h: GRID.defaultH };
      return { ...l, minW: GRID.minW, minH: GRID.minH, maxH: GRID.maxH };
    });
  }, [charts.data, dashboard.layout, local]);

  const save = (next: Layout[]) => {
    const items = next.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
    setLocal(items);
    dashboardApi.update(dashboard.id, { layout: items }).then(
      () => qc.invalidateQueries({ queryKey: ['dashboard', dashboard.id, 'meta'] }),
      (e: Error) => showError(e),
    );
  };
  // A chart added or deleted changes the dashboard list's chart count too.
  const changed = () => {
    void qc.invalidateQueries({ queryKey: ['dashboard', dashboard.id, 'charts'] });
    void qc.invalidateQueries({ queryKey: ['dashboard', 'list'] });
  };

  if (charts.data && charts.data.length === 0) return <Empty style={{ marginTop: 80 }} description={t('dashboard.emptyBoard')} data-testid="board-empty" />;
  return (
    <div className="askdb-board" data-testid="dashboard-board" ref={setBoardEl}>
      {width > 0 && <GridLayout className="askdb-grid" width={width} layout={layout} cols={GRID.cols} rowHeight={60} margin={[12, 12]} draggableHandle=".askdb-chart-card-head" draggableCancel="button" onDragStop={save} onResizeStop={save} compactType="vertical">
        {(charts.data ?? []).map((c) => (
          <div key={String(c.id)} data-testid={`grid-item-${c.id}`}>
            <ChartCard chart={c} dark={dark} onEdit={() => onEdit(c)} onChanged={changed} />
          </div>
        ))}
      </GridLayout>}
    </div>
  );
}
