/** A problem with one record (or the file), named precisely enough to fix it. */
export type ImportProblem = { location: string; field?: string; reason: string }

export const MAX_PROBLEMS_SHOWN = 50

export function formatProblems(problems: ImportProblem[]): string {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `  ${p.location}${p.field ? `, ${p.field}` : ''}: ${p.reason}`)
  const more = problems.length > MAX_PROBLEMS_SHOWN ? [`  ...and ${problems.length - MAX_PROBLEMS_SHOWN} more`] : []
  return [...shown, ...more].join('\n')
}
