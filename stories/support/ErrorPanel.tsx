import { describeError } from './describeError';

/** A readable error with a retry button. */
export function ErrorPanel({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="pw-story-error">
      <p>{describeError(error)}</p>
      <button type="button" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
