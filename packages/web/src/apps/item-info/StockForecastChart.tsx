import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ForecastPoint } from './forecast-stock.js';
import { formatNumber } from './format-number.js';

export interface StockForecastChartProps {
  points: readonly ForecastPoint[];
  minStock: number | null;
  maxStock: number | null;
  labels: { stock: string; minStock: string; maxStock: string };
  language: string;
}

const chartHeight = 240;
const minimumWidth = 200;
const colors = { stock: '#0d6efd', minStock: '#dc3545', maxStock: '#198754' };

/** Seconds of the local midnight of a YYYY-MM-DD date (uPlot's time scale). */
function secondsOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day).getTime() / 1000;
}

function dayLabel(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${String(date.getDate()).padStart(2, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * The forecast as a step line per day with dashed minimum and maximum lines (uPlot). The width
 * follows the container (ResizeObserver), so it fits a 360 px phone as well as a desktop.
 */
export function StockForecastChart({ points, minStock, maxStock, labels, language }: StockForecastChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const xs = points.map((point) => secondsOf(point.date));
    const data: (number | null)[][] = [xs, points.map((point) => point.quantity)];
    const series: uPlot.Series[] = [
      {},
      {
        label: labels.stock,
        stroke: colors.stock,
        width: 2,
        fill: 'rgba(13, 110, 253, 0.08)',
        points: { show: false },
        paths: uPlot.paths.stepped?.({ align: 1 }),
      },
    ];
    for (const [level, label, color] of [
      [minStock, labels.minStock, colors.minStock],
      [maxStock, labels.maxStock, colors.maxStock],
    ] as const) {
      if (level === null) continue;
      data.push(xs.map(() => level));
      series.push({ label, stroke: color, width: 1.5, dash: [6, 4], points: { show: false } });
    }
    const text = getComputedStyle(container).color || '#212529';
    const grid = { stroke: 'rgba(128, 128, 128, 0.2)', width: 1 };
    const width = () => Math.max(minimumWidth, container.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: chartHeight,
        series,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { stroke: text, grid, values: (_chart, splits) => splits.map(dayLabel) },
          {
            stroke: text,
            grid,
            size: 56,
            values: (_chart, splits) => splits.map((value) => formatNumber(value, language)),
          },
        ],
      },
      data as uPlot.AlignedData,
      container,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: chartHeight }));
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [points, minStock, maxStock, labels.stock, labels.minStock, labels.maxStock, language]);

  const legend = [
    { label: labels.stock, color: colors.stock, value: points[0]?.quantity ?? null, dashed: false },
    { label: labels.minStock, color: colors.minStock, value: minStock, dashed: true },
    { label: labels.maxStock, color: colors.maxStock, value: maxStock, dashed: true },
  ].filter((entry) => entry.value !== null);
  return (
    <figure className="mb-0" data-testid="stock-forecast-chart">
      <div ref={containerRef} className="w-100 overflow-hidden" />
      <figcaption className="d-flex flex-wrap column-gap-3 small mt-1">
        {legend.map((entry) => (
          <span key={entry.label} className="text-nowrap" data-testid="stock-forecast-legend">
            <span
              className="d-inline-block me-1 align-middle"
              style={{ width: 16, borderTop: `2px ${entry.dashed ? 'dashed' : 'solid'} ${entry.color}` }}
            />
            {entry.label}: {formatNumber(entry.value, language)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
