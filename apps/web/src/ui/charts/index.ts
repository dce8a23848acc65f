export { BarChartFigure, type ChartSeries } from './bar-chart-figure';
export { ChartFigure, type ChartTable } from './chart-figure';
export { HeatmapFigure } from './heatmap-figure';
export { SparklineFigure } from './sparkline-figure';
