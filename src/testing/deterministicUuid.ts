/** FNV-1a over UTF-16 code units: a stable 32-bit seed for a string. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32 step: a fast, well-mixed 32-bit sequence from a seed. */
function nextWord(state: { seed: number }): number {
  state.seed = (state.seed + 0x6d2b79f5) | 0;
  let t = state.seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** Stable pseudo-random 32-bit number for a key, so generated rows are the same on every run. */
export function deterministicNumber(key: string): number {
  return nextWord({ seed: hashString(key) });
}

/** A version-4-formatted UUID derived from `key`: the same key always gives the same id. */
export function deterministicUuid(key: string): string {
  const state = { seed: hashString(key) };
  const hex = [nextWord(state), nextWord(state), nextWord(state), nextWord(state)]
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
