export { BarChartFigure } from './bar-chart-figure';
export { HeatmapFigure } from './heatmap-figure';
export { SparklineFigure } from './sparkline-figure';
