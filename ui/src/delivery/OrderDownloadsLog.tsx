import { useState } from 'react';
import { ApiError } from '../api/client';
import { deliveryApi, sizeText, type OrderDownloads } from '../api/delivery';
import './delivery.css';

const LOG_FAILED = 'The download log could not be loaded.';
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * Customer Orders' disclosure per order (issue 19): each product's completed downloads of its
 * limit, with a reset, and every response the order's links served. Loaded when opened.
 */
export function OrderDownloadsLog({ orderId }: { orderId: string }) {
  const [log, setLog] = useState<OrderDownloads | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = async () => {
    setProblem(null);
    try {
      setLog(await deliveryApi.orderDownloads(orderId));
    } catch (error) {
      setProblem(error instanceof ApiError && error.fromServer ? error.message : LOG_FAILED);
    }
  };

  const reset = async (productId: string) => {
    try {
      await deliveryApi.resetDownloads(orderId, productId);
      await load();
    } catch (error) {
      setProblem(error instanceof ApiError && error.fromServer ? error.message : 'The downloads could not be reset.');
    }
  };

  const titleOf = (productId: string) => log?.lines.find((l) => l.productId === productId)?.title ?? productId;

  return (
    <details className="admin-order__downloads" onToggle={(e) => (e.currentTarget.open && !log ? void load() : undefined)}>
      <summary>Downloads</summary>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {log ? (
        <>
          <ul className="admin-order__download-lines" aria-label="Downloads per product">
            {log.lines.map((line) => (
              <li key={line.productId}>
                <span dir="auto">{line.title}</span>{' '}
                <span>
                  {line.files > 0 ? `${line.used} of ${line.limit} downloads used` : line.link ? 'Link elsewhere' : 'No file and no link'}
                </span>
                {line.used > 0 ? (
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => void reset(line.productId)} aria-label={`Reset the downloads of ${line.title}`}>
                    Reset
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {log.downloads.length === 0 ? (
            <p>Nothing downloaded yet.</p>
          ) : (
            <table className="admin-order__download-log">
              <thead>
                <tr>
                  <th>When</th>
                  <th>Product</th>
                  <th>Address</th>
                  <th>Sent</th>
                  <th>Completed</th>
                </tr>
              </thead>
              <tbody>
                {log.downloads.map((d, i) => (
                  <tr key={`${d.at}-${i}`}>
                    <td data-label="When">{when(d.at)}</td>
                    <td data-label="Product" dir="auto">{titleOf(d.productId)}</td>
                    <td data-label="Address">{d.address}</td>
                    <td data-label="Sent">{sizeText(d.bytes)}</td>
                    <td data-label="Completed">{d.purpose === 'read' ? 'reading (never counted)' : d.completed ? (d.counted ? 'yes' : 'yes (reset)') : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </details>
  );
}

/**
 * Products of the order that have neither a file nor a link: their delivery happens elsewhere. When
 * the store cannot tell, none: the question is a courtesy, and never stops a delivery.
 */
export const deliveredElsewhere = async (orderId: string): Promise<string[]> => {
  try {
    const { lines } = await deliveryApi.orderDownloads(orderId);
    return lines.filter((l) => l.files === 0 && !l.link).map((l) => l.title);
  } catch {
    return [];
  }
};
