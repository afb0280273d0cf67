import type { ReactNode } from 'react';
import { admin } from '../lib/ui';

/** The figures a chart draws, as a table: its caption, the two column headings, one row per point. */
export interface ChartFigures {
  caption: string;
  columns: readonly [string, string];
  rows: readonly { label: string; value: string }[];
}

/**
 * A chart card: its title, the chart (`children`, which draws it accessibly: see the charts of
 * the dashboard and the reports) and the same figures as a visually hidden table, so screen
 * reader users get every figure the chart shows.
 */
export function ChartFigure({
  title,
  subtitle,
  figures,
  children,
}: {
  title: string;
  subtitle?: string;
  figures: ChartFigures;
  children: ReactNode;
}) {
  return (
    <figure className={admin.card}>
      <figcaption className="text-lg font-semibold">{title}</figcaption>
      {subtitle && <p className="text-sm text-stone-600">{subtitle}</p>}
      <div className="mt-4 h-72">{children}</div>
      <table className="sr-only">
        <caption>{figures.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{figures.columns[0]}</th>
            <th scope="col">{figures.columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {figures.rows.map((r, i) => (
            <tr key={`${i}-${r.label}`}>
              <th scope="row">{r.label}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
