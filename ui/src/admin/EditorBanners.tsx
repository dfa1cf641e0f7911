import { useCallback } from 'react';
import { Alert } from '../design/Alert';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import './admin.css';

export interface Outcome {
  /** the spec's words ('Product added successfully!', 'Failed to update product: ') */
  lead: string;
  /** the server's or the core's message; several problems, one per line, show as a list */
  message?: string;
  /** a second, quieter line (what a reprice changed) */
  detail?: string;
  /** the form's own check found these problems: each leaves the list once its field is fixed */
  formCheck?: boolean;
}

/**
 * What is still to show of `outcome` for the form as it is now: a problem of the form's own check
 * that the admin has since fixed leaves the list, and with the last one the banner goes.
 */
export function stillStanding(outcome: Outcome | null, problemsNow: string | undefined): Outcome | null {
  if (!outcome?.formCheck) return outcome;
  const now = new Set((problemsNow ?? '').split('\n'));
  const left = (outcome.message ?? '').split('\n').filter((line) => line && now.has(line));
  return left.length > 0 ? { ...outcome, message: left.join('\n') } : null;
}

/**
 * The editor's success and error banners, each gone after 5 seconds (spec 9). One outcome shows at
 * a time: a success clears the last error, an error the last success (spec 4 and 8).
 */
export function useEditorBanners() {
  const success = useFlash<Outcome>();
  const failure = useFlash<Outcome>();
  const { show: showSuccess, clear: clearSuccess } = success;
  const { show: showFailure, clear: clearFailure } = failure;
  const succeeded = useCallback(
    (outcome: Outcome) => {
      clearFailure();
      showSuccess(outcome, MESSAGE_MS.editorBanner);
    },
    [clearFailure, showSuccess],
  );
  const failed = useCallback(
    (outcome: Outcome) => {
      clearSuccess();
      showFailure(outcome, MESSAGE_MS.editorBanner);
    },
    [clearSuccess, showFailure],
  );
  const clear = useCallback(() => {
    clearSuccess();
    clearFailure();
  }, [clearSuccess, clearFailure]);
  return { success: success.value, failure: failure.value, succeeded, failed, clear };
}

function OutcomeText({ outcome }: { outcome: Outcome }) {
  const lines = (outcome.message ?? '').split('\n').filter(Boolean);
  return (
    <div>
      <p>{lines.length <= 1 ? `${outcome.lead}${lines[0] ?? ''}` : outcome.lead}</p>
      {lines.length > 1 ? (
        <ul className="notice__list">
          {lines.map((line) => (
            // each problem in its own direction: the core's and the server's words may be in another language than the page
            <li key={line} dir="auto">
              {line}
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.detail ? <p className="editor-banners__detail">{outcome.detail}</p> : null}
    </div>
  );
}

export function EditorBanners({ success, failure }: { success: Outcome | null; failure: Outcome | null }) {
  if (!success && !failure) return null;
  return (
    <div className="editor-banners">
      {success ? (
        <Alert tone="success">
          <OutcomeText outcome={success} />
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error">
          <OutcomeText outcome={failure} />
        </Alert>
      ) : null}
    </div>
  );
}
