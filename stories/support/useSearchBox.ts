import { useEffect, useRef, useState } from 'react';

/**
 * A search box's text as the box's own state, handed to `commit` (which writes the URL, a table's global filter)
 * once typing has paused for `delayMs`. Spread `[text, setText]` into the input's `value` and `onChange`.
 *
 * Why not bind the input to the URL directly: a router applies a navigation in a transition, so a controlled input
 * bound to the URL shows its old value until that transition renders, and a key typed before then lands on the old
 * value and the one before it is lost (a test, a paste-by-keys or a barcode scanner types that fast). Committing
 * once per pause also leaves one history entry per search, not one per key.
 *
 * `value` changing from outside (Back, Forward, a corrected URL) replaces the text; the echo of the box's own commit
 * does not, so keys typed while it arrives stay.
 */
export function useSearchBox(
  value: string,
  commit: (text: string) => void,
  delayMs = 300,
): [text: string, setText: (text: string) => void] {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setCommitted(value);
      setText(value);
    }
  }
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });
  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => {
      setCommitted(text);
      latestCommit.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, delayMs]);
  return [text, setText];
}
