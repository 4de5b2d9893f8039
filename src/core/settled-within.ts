/** How a promise settled, if it did within a wait: `{ value }` or `{ error }`; undefined when it is still pending. */
export type Settled<T> = { value: T } | { error: unknown } | undefined

/**
 * How `promise` settled, if it did within `ms`.
 *
 * The reactions added to `promise` outlive the wait when it settles later, and a closure keeps its whole scope alive:
 * written in the caller, they would keep whatever the caller's scope holds until then. A version's insights promise is
 * settled by its successor's (catalog/snapshot.ts), so a caller's reaction on it kept the caller's version (110 MB at
 * 100k reviews) alive until the newest insights were ready. Written here, they hold this function's scope only.
 */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined)
  })
  const settled = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  try {
    return await Promise.race([settled, timeout])
  } finally {
    clearTimeout(timer)
  }
}
