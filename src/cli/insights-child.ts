/** The hidden subcommand a server runs its insights computations under (insights/insights-child.ts): stdin in, JSON out. */
import { answerChildRequest } from '../insights/insights-child'

export async function insightsChildCli(): Promise<number> {
  const input = await Bun.stdin.bytes()
  await Bun.write(Bun.stdout, answerChildRequest(input))
  return 0
}
