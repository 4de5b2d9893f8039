/**
 * How one clause is read: the lexicon's hits with negation applied (negation.ts), then each rule below in turn
 * rereads them. The order matters where a rule looks at what an earlier one decided (a failure read as the job
 * makes the mess beside it the trouble's too).
 */
import { customersSituation, diagnosis, housePlaces, repairObjects, troubleAftermath, troubleHistory } from './story'
import { cleaningAsTheJob } from './cleaning-job'
import { deprivedOf } from './deprived'
import { cheapnessTurned } from './cheaper-elsewhere'
import { mannerOfWork } from './manner-of-work'
import { orContinues } from './or-continues'
import { questionsAsked } from './questions'
import { failureDated } from './short-lived'
import { hyphenatedCompounds } from './compounds'
import { faultReturned, personStillThere } from './fault-remains'
import { failuresAsTheJob, failureVerbs } from './failures'
import { readManner } from './manner'
import { repairsNamed } from './repairs-named'
import { collectHits } from './negation'
import { lateOnADay } from './late-on'
import { sarcasmMarkers, scareQuotes } from './sarcasm'
import { customersOwnReturn } from './visits'
import { completionOnTime } from './completion'
import { customersOwnDoing, waitingOnOthers } from './customers-own'
import { timelyDenied } from './timely'
import { wishesForBetter } from './wishes'
import type { ClauseRule, Hit, Token } from './types'

export const CLAUSE_RULES: readonly ClauseRule[] = [
  hyphenatedCompounds,
  lateOnADay,
  cheapnessTurned,
  deprivedOf,
  orContinues,
  mannerOfWork,
  faultReturned,
  personStillThere,
  customersOwnReturn,
  customersOwnDoing,
  completionOnTime,
  waitingOnOthers,
  cleaningAsTheJob,
  failureVerbs,
  repairsNamed,
  scareQuotes,
  wishesForBetter,
  timelyDenied,
  readManner,
  failuresAsTheJob,
  troubleAftermath,
  troubleHistory,
  repairObjects,
  housePlaces,
  diagnosis,
  customersSituation,
  sarcasmMarkers,
  failureDated,
  questionsAsked,
]

/** Sentiment hits of one clause, each with its negation applied and every clause rule run over them. */
export function readClause(tokens: Token[]): Hit[] {
  const clause = collectHits(tokens)
  for (const rule of CLAUSE_RULES) rule(clause)
  return clause.hits
}
