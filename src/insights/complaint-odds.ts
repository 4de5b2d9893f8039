/**
 * What the learned component thought of a review's complaints, kept beside its reading so that a decision over the
 * whole review (rating-prior.ts: the review's star rating) can use it without reading the text again, wherever the
 * reading was made (this thread, the analysis worker, the insights child). Two things are kept, both read through
 * rules/learned.ts's API from the probabilities the analyser already computed for each sentence:
 * - per aspect mention, the polarity classifier's probability that the mention is a complaint (null where the model
 *   did not weigh it: the business's own aspects, or the rules alone);
 * - the review's strongest complaint candidate that is not read as one: an aspect of one sentence that the rules read
 *   there (kept, dropped by the model or read positive), or that the model could have added there (the same cues the
 *   model respects: never where the rules set the aspect's cues aside, nor in a sentence whose every opinion they set
 *   aside) and finds named with a probability of at least NAMED_FLOOR. Its strength is P(named) x P(complaint | named),
 *   with P(named) = 1 where the rules read the aspect. A sentence that names no aspect yields no candidate.
 */
import type { AspectId } from './lexicon'
import { aspectLabelsOf, complaintLabelOf, decide, type Cue, type LearnedModel } from './rules/learned'
import type { AspectMention } from './rules/types'

/** The strongest aspect of a review's sentences that may be a complaint the analyser did not read as one. */
export type ComplaintCandidate = {
  aspect: AspectId
  /** The sentence's index in the review, and its text (empty in a compact reading). */
  sentence: number
  text: string
  /** P(named) x P(complaint): P(named) is 1 where the rules read the aspect there, else the presence classifier's. */
  strength: number
}

/** What the model makes of one aspect mention: the sentence it was read in, and how likely it is a complaint. */
export type MentionOdds = {
  sentence: number
  /** The polarity classifier's P(complaint); for a mention the model itself made, times its presence classifier's P(named). */
  complaint: number
  /** Read by the rules (not made or turned by the model). */
  ruled: boolean
  /** The complaint classifier's P(the sentence holds any complaint); absent where the model has no such classifier. */
  sentenceComplaint?: number
}

export type ComplaintOdds = {
  /** The strongest candidate among the aspects not read negative in their sentence; null: no sentence names one. */
  strongest: ComplaintCandidate | null
  /** Index-aligned with the analysis's aspects (null: not weighed, as the business's own aspects). */
  mentions: (MentionOdds | null)[]
}

/**
 * A candidate the rules did not read needs the model's presence at least this. Chosen on the dev split's whole
 * one- and two-star reviews (numbers only) when the model gained word vectors, which lowered its presence
 * probabilities: at 0.5, 0.4 and 0.3, 9, 7 and 4 of 229 stayed silent, and 200, 202 and 203 of the 223 with a labelled
 * complaint had one of them read (the model before the vectors, at 0.5: 6 and 199).
 */
export const NAMED_FLOOR = 0.3

type Layout = {
  aspects: readonly { aspect: AspectId; present: number; negative: number }[]
  /** Where the sentence's complaint label is (-1: none). */
  complaint: number
  eligibility: LearnedModel
}
const layouts = new WeakMap<LearnedModel, Layout>()
/**
 * Where each aspect's presence and polarity probabilities sit, and the model with every add threshold at 0: its
 * verdict lists exactly the aspects the model is allowed to add in a sentence (learned.ts's own rule).
 */
function layoutOf(model: LearnedModel): Layout {
  let layout = layouts.get(model)
  if (!layout) {
    const aspects = aspectLabelsOf(model)
    layout = { aspects, complaint: complaintLabelOf(model), eligibility: { ...model, adds: aspects.map(() => 0), gate: false } }
    layouts.set(model, layout)
  }
  return layout
}

/** Collects a review's complaint odds sentence by sentence, as the analyser reads it. */
export class ComplaintWeigher {
  private readonly layout: Layout
  private readonly byMention = new Map<AspectMention, MentionOdds>()
  private strongest: ComplaintCandidate | null = null
  private strength = 0

  constructor(
    model: LearnedModel,
    private readonly cleaningBusiness = false,
  ) {
    this.layout = layoutOf(model)
  }

  /** Only the per-aspect model (`mode: 'aspect'`) has presence and polarity classifiers to weigh with. */
  static applies(model: LearnedModel): boolean {
    return model.mode === 'aspect'
  }

  /**
   * One sentence: `p` the model's label probabilities, `ruled` the rules' reading, `mentions` the sentence's final
   * mentions (the model's own marked `(learned)`), `text` its text (asked for only when it holds the strongest candidate).
   */
  sentence(
    index: number,
    p: readonly number[],
    ruled: ReadonlyMap<AspectId, number>,
    cues: readonly Cue[],
    mentions: readonly AspectMention[],
    text: () => string,
  ): void {
    const probabilities = new Map<AspectId, { named: number; complaint: number }>()
    for (const { aspect, present, negative } of this.layout.aspects)
      probabilities.set(aspect, { named: p[present] ?? 0, complaint: p[negative] ?? 0 })
    const sentenceComplaint = this.layout.complaint >= 0 ? { sentenceComplaint: round(p[this.layout.complaint] ?? 0) } : {}
    for (const m of mentions) {
      const q = probabilities.get(m.aspect)
      if (!q) continue
      const byModel = m.cues.includes(LEARNED_CUE)
      const complaint = round(byModel ? q.named * q.complaint : q.complaint)
      this.byMention.set(m, { sentence: index, complaint, ruled: !byModel, ...sentenceComplaint })
    }
    const allowed = decide(this.layout.eligibility, p, ruled, cues)
    for (const { aspect } of this.layout.aspects) {
      if (mentions.some((m) => m.aspect === aspect && m.sentiment === 'negative')) continue
      const read = ruled.has(aspect) || mentions.some((m) => m.aspect === aspect)
      const { named, complaint } = probabilities.get(aspect)!
      if (!read && (named < NAMED_FLOOR || !allowed.has(aspect) || (this.cleaningBusiness && aspect === 'cleanliness'))) continue
      const strength = (read ? 1 : named) * complaint
      if (strength <= this.strength) continue
      this.strength = strength
      this.strongest = { aspect, sentence: index, text: text(), strength: round(strength) }
    }
  }

  /** The odds of the review whose final aspect mentions are `aspects`. */
  odds(aspects: readonly AspectMention[]): ComplaintOdds {
    return { strongest: this.strongest, mentions: aspects.map((m) => this.byMention.get(m) ?? null) }
  }
}

/** The cue of a mention the learned component made or turned (analyzer.ts). */
export const LEARNED_CUE = '(learned)'

const round = (x: number) => Math.round(x * 1000) / 1000
