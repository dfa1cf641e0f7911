import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PeriodFiguresData } from '../../api/reports';

const HEIGHT = 220;
const PERIOD_DAYS = { day: 1, week: 7, month: 30 } as const;

/** A period's first day as uPlot's time (seconds), at UTC midnight as the server counts it. */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * One currency's revenue per period as bars (uPlot: 50 KB, canvas, kept in the admin's chunk since
 * only admin screens import this file). The table beside it carries the same figures for anyone
 * who cannot see the canvas; the figure's label names what it shows.
 */
export function RevenueChart({
  periods,
  period,
  label,
  seriesLabel,
  formatAmount,
  formatDay,
}: {
  periods: readonly PeriodFiguresData[];
  period: keyof typeof PERIOD_DAYS;
  label: string;
  seriesLabel: string;
  formatAmount: (amount: number) => string;
  formatDay: (day: string) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The formats change with the language, not the data: read at drawing time, not a reason to redraw.
  const format = useRef({ formatAmount, formatDay });
  format.current = { formatAmount, formatDay };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const days = periods.map((p) => p.start);
    const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
    const room = (PERIOD_DAYS[period] * 86_400) / 2;
    const data: uPlot.AlignedData = [periods.map((p) => secondsOf(p.start)), periods.map((p) => p.revenue)];
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        legend: { show: false },
        // Days as the server counts them (UTC), whatever the browser's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        // Half a period of room on each side, so the first and last bars stand whole.
        scales: { x: { time: true, range: (_u, min, max) => [min - room, max + room] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        series: [
          { value: (_u, v) => (v === null ? '' : format.current.formatDay(day(v))) },
          { label: seriesLabel, stroke: '#0f766e', fill: 'rgba(15, 118, 110, 0.35)', width: 1, paths: uPlot.paths.bars?.({ size: [0.6, 48] }), points: { show: false } },
        ],
        axes: [
          // Only the periods' own days are named: a split between two weeks would name a day no bar stands for.
          { values: (_u, splits) => splits.map((s) => (days.includes(day(s)) ? format.current.formatDay(day(s)) : '')) },
          { size: 90, values: (_u, splits) => splits.map((s) => format.current.formatAmount(s)) },
        ],
      },
      data,
      element,
    );
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    resized?.observe(element);
    return () => {
      resized?.disconnect();
      plot.destroy();
    };
  }, [periods, period, seriesLabel]);

  return <div ref={box} className="report-chart" role="img" aria-label={label} />;
}
