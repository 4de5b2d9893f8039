/**
 * The analyser's release: a fingerprint of what it makes of a fixed set of real reviews (each review's analysis
 * and the insights computed from them) and of every labelled sentence the project holds (the real corpora, the
 * sentences we wrote, the probes), so that a rule which changes only sentences the reviews lack moves it too. Stored insights and stored per-review analyses are keyed by it, so a
 * changed analyser never serves what the previous one computed. `test/data-changes/analyser-release.test.ts`
 * recomputes it and fails, naming the new value, when the output changed and this constant did not: set it to
 * the value the test names. No imports: the catalog reads it without loading the analyser.
 */
export const ANALYSER_RELEASE = '1uwr53setxpu7'
