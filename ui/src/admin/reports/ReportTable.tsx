import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Whether the box's content is wider than the box: only then is there anything to scroll. */
function useOverflowing() {
  const box = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return { box, overflowing };
}

/**
 * A wide table's box, scrolling sideways on a narrow screen rather than breaking its figures. Once
 * it scrolls, it is a named region a keyboard can focus, so it can be scrolled without a pointer.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const { box, overflowing } = useOverflowing();
  return (
    <div
      ref={box}
      className={`report-table${className ? ` ${className}` : ''}`}
      role={overflowing ? 'region' : undefined}
      aria-label={overflowing ? label : undefined}
      tabIndex={overflowing ? 0 : undefined}
    >
      {children}
    </div>
  );
}

/** A report's table: its caption names it, the first cell of each row heads that row. */
export function ReportTable({ caption, head, rows }: { caption: string; head: readonly ReactNode[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <ScrollBox label={caption}>
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
    </ScrollBox>
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
