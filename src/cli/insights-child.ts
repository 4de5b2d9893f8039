/** The hidden subcommand a server runs its insights computations under (insights/insights-child.ts): stdin in, JSON out. */
import { endWithParent } from '../core/parent-death'
import { runInBackground } from '../core/thread-priority'
import { answerChildRequest } from '../insights/insights-child'

export async function insightsChildCli(): Promise<number> {
  // The server answering requests comes first: this computation takes the cores it leaves.
  runInBackground()
  // Killed with the server: a server that was SIGKILLed will never read this answer.
  endWithParent()
  // Held only by the computation, which lets go of it once the reviews are parsed.
  const input = { bytes: await Bun.stdin.bytes() }
  await Bun.write(Bun.stdout, answerChildRequest(input))
  return 0
}
