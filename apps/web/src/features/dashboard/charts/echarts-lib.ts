/** The part of ECharts the chart types use (a smaller chunk than the whole library: less to download and parse on open). */
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, FunnelChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { AriaComponent, GraphicComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, CustomChart, FunnelChart, LineChart, PieChart, ScatterChart, AriaComponent, GraphicComponent, GridComponent, LegendComponent, TooltipComponent, LabelLayout, CanvasRenderer]);

export { echarts };
