/** A promise the test releases: return `held` from a mock latency function to hold responses until `release()`. */
export function createGate(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
