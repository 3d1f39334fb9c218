import { type EncodedJson, encodeJson } from './encoded-json';

/**
 * Answers that many screens ask for at once and that change only with a live topic's version (the
 * kitchen board: every staff screen of a shift reads the same open orders): built once per key while
 * the version holds, and shared by every request meanwhile, including those that arrive while it is
 * being built. A new version forgets the old answers. Keys must say everything the answer depends on
 * (the query, and the viewer's role when answers differ by role).
 */
export class SharedAnswers {
  private version = Number.NaN;
  private readonly entries = new Map<string, Promise<EncodedJson>>();

  constructor(private readonly maxEntries = 64) {}

  get(version: number, key: string, build: () => Promise<unknown>): Promise<EncodedJson> {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
    }
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = build().then(encodeJson);
      this.entries.set(key, entry);
      // A failed build is not kept: the next request tries again.
      entry.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return entry;
  }
}
