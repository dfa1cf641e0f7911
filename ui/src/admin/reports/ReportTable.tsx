import type { ReactNode } from 'react';

/** A report's table, scrolling sideways on a narrow screen rather than squeezing its figures. */
export function ReportTable({ caption, head, rows }: { caption: string; head: readonly ReactNode[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <div className="report-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, i) => (
              <th key={i} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A link that downloads one report as CSV. */
export function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <a className="btn btn--sm btn--ghost report-csv" href={href} download>
      {label}
    </a>
  );
}
