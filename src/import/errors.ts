import type { Issue } from '../core/issues'

/** A problem with one record (or the file), named precisely enough to fix it. */
export type ImportProblem = { location: string; field?: string; reason: string }

/** The issues of one record (from `check`) as import problems: where in the file, which field, why. */
export function problemsFrom(location: string, issues: Issue[]): ImportProblem[] {
  return issues.map((issue) => ({ location, field: issue.path.join('.') || undefined, reason: issue.message }))
}

export const MAX_PROBLEMS_SHOWN = 50
/** Problems kept in memory: enough to show and to sort; beyond it only the count grows. */
export const MAX_PROBLEMS_KEPT = 1000
/** Names listed in one message (unknown columns, missing ones...) before "and N more". */
export const MAX_NAMES_LISTED = 20

/** Collects problems, keeping the first MAX_PROBLEMS_KEPT and counting every one. */
export class ProblemList {
  readonly kept: ImportProblem[] = []
  count = 0

  push(...problems: ImportProblem[]): void {
    for (const problem of problems) {
      this.count++
      if (this.kept.length < MAX_PROBLEMS_KEPT) this.kept.push(problem)
    }
  }

  get empty(): boolean {
    return this.count === 0
  }
}

/**
 * An import's problems in the order they are listed: those of reading the files (and their business)
 * first, then those of the records, as when every file was read before any record was checked.
 */
export class ImportProblems {
  private file = new ProblemList()
  private records = new ProblemList()

  /** A problem of reading a file: a line that is not JSON, a CSV row of the wrong width, a business that does not fit. */
  inFile(...problems: ImportProblem[]): void {
    this.file.push(...problems)
  }

  inRecord(...problems: ImportProblem[]): void {
    this.records.push(...problems)
  }

  /** A problem that stops the reading of the file (not UTF-8, broken CSV quoting, a header that does not fit): the only one listed. */
  fatal(...problems: ImportProblem[]): void {
    this.file = new ProblemList()
    this.records = new ProblemList()
    this.file.push(...problems)
  }

  get empty(): boolean {
    return this.file.empty && this.records.empty
  }

  get count(): number {
    return this.file.count + this.records.count
  }

  get kept(): ImportProblem[] {
    return [...this.file.kept, ...this.records.kept].slice(0, MAX_PROBLEMS_KEPT)
  }
}

export function formatProblems(problems: ImportProblem[], total = problems.length): string {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `  ${p.location}${p.field ? `, ${p.field}` : ''}: ${p.reason}`)
  const hidden = total - shown.length
  const more = hidden > 0 ? [`  ...and ${hidden.toLocaleString('en-US')} more`] : []
  return [...shown, ...more].join('\n')
}

/** A value quoted for a message, clipped so that one huge field cannot flood the output. */
export function quote(value: unknown, max = 60): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  const clipped = text.length > max ? `${text.slice(0, max)}…` : text
  return typeof value === 'string' ? JSON.stringify(clipped) : clipped
}

/** "a, b, c and 999,980 more": the first MAX_NAMES_LISTED names, each clipped, then a count. */
export function listNames(names: string[]): string {
  const shown = names.slice(0, MAX_NAMES_LISTED).map((n) => quote(n, 40))
  const rest = names.length - shown.length
  return rest > 0 ? `${shown.join(', ')} and ${rest.toLocaleString('en-US')} more` : shown.join(', ')
}
